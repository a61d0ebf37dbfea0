//! What the card game and classic 2048 do differently in their documents: how a move is coded,
//! written and read back, how the game of a recorded deal starts (and a network duel's deal),
//! what a game is besides its engine state, and which of history's documents its record is. The duel record, the saves and the games in progress are written once over it.

use super::entry::Entry;
use super::format::{Finished, GameKind, RecordError, RulesRecord};
use crate::cards::rules::Rules;
use crate::cards::summary::Ending;
use crate::deal::Deal;
use crate::duel::Playable;

pub(crate) trait Recorded: Playable + Clone {
    type Move: Copy;
    /// What the game is besides its engine state ([`crate::deal::GameMeta`] and the like).
    type Meta;
    /// How a one-player game was played so far, as its documents keep it.
    type Play;
    /// What its record counts (cards played, moves), under its name in the file.
    type Count: PartialEq;
    const KIND: GameKind;
    /// The format version its one-player documents are written in.
    const FORMAT: u32;
    /// What [`Recorded::Count`] counts, in words (`cards played`) and as its field (`cards_played`).
    const COUNTED: [&'static str; 2];
    fn count(&self) -> Self::Count;
    fn counted(count: &Self::Count) -> u64;
    /// How it was played so far, enough to rebuild it.
    fn play_of(&self, meta: &Self::Meta) -> Self::Play;
    fn moves(&self) -> &[Self::Move];
    /// A move's code as a save's rows keep it.
    fn code(m: &Self::Move) -> u16;
    /// A move's code as a record writes it (`3`, `d`, `u`).
    fn word(code: u16) -> String;
    /// One word of a record's moves.
    fn parse(word: &str) -> Result<Self::Move, RecordError>;
    /// Plays move `number` (from 1) of a record.
    fn play_one(&mut self, m: Self::Move, number: usize) -> Result<(), RecordError>;
    fn keep_undos(&mut self, undos: u32);
    /// The game a document's rules, deal and deck (a card game's) start, checked against them.
    fn dealt(rules: &RulesRecord, deal: &Deal, deck: Option<&str>) -> Result<Self, RecordError>;
    fn rules_of(&self, meta: &Self::Meta) -> RulesRecord;
    fn deal_of(&self, meta: &Self::Meta) -> Deal;
    /// The dealt cards, which a record keeps (none for classic 2048).
    fn deck_text(&self) -> Option<String>;
    fn started(meta: &Self::Meta) -> u64;
    /// The metadata of a game of a duel's document.
    /// Seconds the game sat saved between its sittings (left out of its time played).
    fn away(meta: &Self::Meta) -> u64;
    fn meta(rules: &RulesRecord, deal: &Deal, started: u64) -> Self::Meta;
    /// How it was dealt, as the list of saved games shows it (`seed 42`, `4x4 seed 7`).
    fn deal_shown(&self, meta: &Self::Meta) -> String;
    /// A one-player save's document as of `saved`, less its moves, rules and deck: built from
    /// the game's few numbers, so it costs the same at every move.
    fn head(&self, meta: &Self::Meta, saved: u64) -> serde_json::Value;
    /// Its finished record as one of history's documents.
    fn entry(record: Finished<Self::Play, Self::Count>) -> Entry;
    /// Whether both players of a duel are dealt the same cards in order (the card game), so
    /// that the board of a player further on holds cards still to come for the other: the
    /// other is shown it only as far as they have come themselves. Classic spawns follow each
    /// player's own moves: no future of the other's.
    const SAME_CARDS: bool;
    /// The game both sides of a network duel start from: `rules` dealt from `seed`, started
    /// now (without undo: a network duel has none, and keeps nothing for it).
    fn duel_deal(rules: &Rules, seed: u64) -> (Self, Self::Meta);

    /// The word that carries this game's last move (`3`, `d`, `l`).
    fn last_word(&self) -> Option<String> {
        self.moves().last().map(|m| Self::word(Self::code(m)))
    }

    /// Its record as it ended at `ended` (`ending` a card game's as its screen says; `None`: the
    /// game's own).
    fn record(
        &self,
        meta: &Self::Meta,
        ended: u64,
        ending: Option<Ending>,
        id: String,
    ) -> Finished<Self::Play, Self::Count> {
        Finished {
            format: Self::FORMAT,
            game: (Self::KIND != GameKind::Cards).then_some(Self::KIND),
            id,
            outcome: ending.unwrap_or_else(|| self.ending()),
            score: self.score(),
            count: self.count(),
            highest: self.highest(),
            ended,
            duration_secs: ended
                .saturating_sub(Self::started(meta))
                .saturating_sub(Self::away(meta)),
            play: self.play_of(meta),
        }
    }

    fn codes(&self) -> Vec<u16> {
        self.moves().iter().map(Self::code).collect()
    }

    /// The moves as a record writes them: `"1 3 3 d 5"`, `"u l l d r"`.
    fn moves_text(&self) -> String {
        let words: Vec<String> = self.codes().into_iter().map(Self::word).collect();
        words.join(" ")
    }

    fn parse_all(text: &str) -> Result<Vec<Self::Move>, RecordError> {
        text.split_whitespace().map(Self::parse).collect()
    }

    /// This game with a record's `moves` played and its `undos` kept.
    fn play_all(mut self, moves: &str, undos: u32) -> Result<Self, RecordError> {
        for (i, m) in Self::parse_all(moves)?.into_iter().enumerate() {
            self.play_one(m, i + 1)?;
        }
        self.keep_undos(undos);
        Ok(self)
    }
}

impl<P, N: PartialEq> Finished<P, N> {
    /// The names in the file of the figures that differ from `game`, its replay.
    pub(crate) fn differing<G: Recorded<Count = N>>(&self, game: &G) -> Vec<&'static str> {
        let differs = [
            ("outcome", self.outcome.as_played() != game.ending()),
            ("score", self.score != game.score()),
            (G::COUNTED[1], self.count != game.count()),
            ("highest", self.highest != game.highest()),
        ];
        differs
            .into_iter()
            .filter_map(|(f, d)| d.then_some(f))
            .collect()
    }

    /// Where `game`, its replay, differs from what was recorded, if anywhere: each as its
    /// outcome, score, count and highest card or tile.
    pub(crate) fn mismatch<G: Recorded<Count = N>>(&self, game: &G) -> Option<String> {
        let says = |(o, s, n, h): (Ending, u64, u64, u64)| {
            format!(
                "{} with score {s}, {n} {}, highest {h}",
                o.as_str(),
                G::COUNTED[0]
            )
        };
        let recorded = (
            self.outcome,
            self.score,
            G::counted(&self.count),
            self.highest,
        );
        let replayed = (
            game.ending(),
            game.score(),
            G::counted(&game.count()),
            game.highest(),
        );
        (!self.differing(game).is_empty()).then(|| {
            format!(
                "the record says {}; replaying its moves gives {}",
                says(recorded),
                says(replayed)
            )
        })
    }
}
