//! A duel's document: both players' plays of one shared deal, kept once (the rules, the `deal`, a
//! card duel's dealt deck), each player's name, moves in their game's record notation, undos,
//! score, survival, highest and ending, and the [`DuelResult`] (null: given up). Its save is the
//! same document with no result yet; it resumes with the same player to move, both players'
//! moves replayed in turn order ([`DuelRecord::resume_cards`], [`DuelRecord::resume_classic`]).

use serde::{Deserialize, Serialize};

use super::classic_record as classic_store;
use super::format::{FORMAT, GameKind, RecordError};
use super::record::{self, CardPlay, RulesRecord};
use crate::cards::engine::Game;
use crate::cards::rules::ClassicRules;
use crate::cards::summary::Ending;
use crate::classic::ClassicGame;
use crate::duel::{Duel, DuelResult, Playable};
use crate::store::meta::{ClassicMeta, Deal, GameMeta};
use crate::utc;

/// The moves of one player's game in its record notation: the one fact about a game that only the
/// store knows how to write.
pub(crate) trait DuelSide: Playable {
    fn moves_text(&self) -> String;
}

impl DuelSide for Game {
    fn moves_text(&self) -> String {
        record::encode_moves(self.moves())
    }
}

impl DuelSide for ClassicGame {
    fn moves_text(&self) -> String {
        classic_store::encode_dirs(self.moves())
    }
}

/// One player of a duel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct DuelPlayer {
    pub name: String,
    pub outcome: Ending,
    pub score: u64,
    /// Cards placed or discarded (card game), moves (classic): what decides a duel first.
    pub survived: u64,
    pub highest: u64,
    pub undos: u32,
    pub moves: String,
}

impl DuelPlayer {
    pub(crate) fn of<G: DuelSide>(name: &str, game: &G) -> DuelPlayer {
        DuelPlayer {
            name: name.to_string(),
            outcome: game.ending(),
            score: game.score(),
            survived: game.survived(),
            highest: game.highest(),
            undos: game.undo_count(),
            moves: game.moves_text(),
        }
    }
}

/// A duel in history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct DuelRecord {
    pub format: u32,
    /// Always [`GameKind::Duel`].
    pub game: GameKind,
    pub id: String,
    /// The game the duel was played in: cards or classic.
    pub of: GameKind,
    /// `null` when the duel was given up before it was decided.
    pub result: Option<DuelResult>,
    #[serde(with = "utc::as_stamp")]
    pub started: u64,
    #[serde(with = "utc::as_stamp")]
    pub ended: u64,
    pub duration_secs: u64,
    pub rules: RulesRecord,
    /// How the shared deal was made (a classic duel's is its seed).
    pub deal: Deal,
    /// The dealt deck (card duels only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<String>,
    pub players: [DuelPlayer; 2],
}

/// The deal both players of a duel share.
pub(crate) struct Shared {
    pub of: GameKind,
    pub started: u64,
    pub rules: RulesRecord,
    pub deal: Deal,
    pub deck: Option<String>,
}

impl DuelRecord {
    /// The record of `duel` with the deal `s` as of `ended` (a save's head: `s` without rules or
    /// deck, which are kept beside it).
    pub(crate) fn build<G: DuelSide>(
        duel: &Duel<G>,
        names: &[String; 2],
        s: Shared,
        ended: u64,
        id: String,
    ) -> DuelRecord {
        DuelRecord {
            format: FORMAT,
            game: GameKind::Duel,
            id,
            of: s.of,
            result: duel.result(),
            started: s.started,
            ended,
            duration_secs: ended.saturating_sub(s.started),
            rules: s.rules,
            deal: s.deal,
            deck: s.deck,
            players: [0, 1].map(|i| DuelPlayer::of(&names[i], &duel.players[i])),
        }
    }

    /// A card duel that ended (or was given up) at `ended`.
    pub(crate) fn of_cards(
        duel: &Duel<Game>,
        meta: &GameMeta,
        names: &[String; 2],
        ended: u64,
        id: String,
    ) -> DuelRecord {
        let g = &duel.players[0];
        let shared = Shared {
            of: GameKind::Cards,
            started: meta.started,
            rules: RulesRecord::of(g.rules()),
            deal: meta.deal.clone(),
            deck: Some(crate::cards::text::cards(g.deck())),
        };
        DuelRecord::build(duel, names, shared, ended, id)
    }

    /// A classic duel that ended (or was given up) at `ended`.
    pub(crate) fn of_classic(
        duel: &Duel<ClassicGame>,
        meta: &ClassicMeta,
        names: &[String; 2],
        ended: u64,
        id: String,
    ) -> DuelRecord {
        let g = &duel.players[0];
        let shared = Shared {
            of: GameKind::Classic,
            started: meta.started,
            rules: classic_store::rules_record(&meta.rules_name, &g.rules()),
            deal: Deal::Seed { seed: g.seed() },
            deck: None,
        };
        DuelRecord::build(duel, names, shared, ended, id)
    }

    /// A card game of the shared deal, with `moves` played.
    fn card_play(&self, undos: u32, moves: String) -> Result<CardPlay, RecordError> {
        let deck = self.deck.clone();
        Ok(CardPlay {
            started: self.started,
            deal: self.deal.clone(),
            undos,
            moves,
            deck: deck
                .ok_or_else(|| RecordError::Invalid("a card duel without its `deck`".into()))?,
            rules: self.rules.clone(),
        })
    }

    /// The classic rules and seed of the shared deal.
    fn classic_deal(&self) -> Result<(ClassicRules, u64), RecordError> {
        let rules = classic_store::read_rules(&self.rules)?;
        match self.deal {
            Deal::Seed { seed } => Ok((rules, seed)),
            _ => Err(RecordError::Invalid(
                "a classic duel's `deal` must be a seed".into(),
            )),
        }
    }

    /// Both players' card games rebuilt from the shared deck and their moves.
    pub(crate) fn rebuild_cards(&self) -> Result<Duel<Game>, RecordError> {
        let [a, b] = self.players.clone().map(|p| {
            let (game, _) = self.card_play(p.undos, p.moves)?.rebuild()?;
            Ok::<_, RecordError>(game)
        });
        Ok(Duel::new(a?, b?))
    }

    /// Both players' classic games rebuilt from the shared seed and their moves.
    pub(crate) fn rebuild_classic(&self) -> Result<Duel<ClassicGame>, RecordError> {
        let (rules, seed) = self.classic_deal()?;
        let [a, b] = self
            .players
            .clone()
            .map(|p| classic_store::replay(rules, seed, &p.moves, p.undos));
        Ok(Duel::new(a?, b?))
    }

    /// The card duel in progress this save holds, with the same player to move.
    pub(crate) fn resume_cards(&self) -> Result<Duel<Game>, RecordError> {
        let (game, _) = self.card_play(0, String::new())?.rebuild()?;
        let [a, b] = self.players.clone().map(|p| record::decode_moves(&p.moves));
        interleave(Duel::new(game.clone(), game), [a?, b?], |g, m, number| {
            g.play(m)
                .map(drop)
                .map_err(|error| RecordError::Move { number, error })
        })
    }

    /// The classic duel in progress this save holds, with the same player to move.
    pub(crate) fn resume_classic(&self) -> Result<Duel<ClassicGame>, RecordError> {
        let (rules, seed) = self.classic_deal()?;
        let game = ClassicGame::new(rules, seed);
        let [a, b] = self
            .players
            .clone()
            .map(|p| classic_store::decode_dirs(&p.moves));
        interleave(Duel::new(game.clone(), game), [a?, b?], |g, d, number| {
            g.play(d).map(drop).ok_or_else(|| {
                RecordError::Invalid(format!(
                    "its move {number} ({}) changes nothing",
                    d.as_str()
                ))
            })
        })
    }

    /// Where the replayed `duel` differs from what was recorded, if anywhere.
    pub(crate) fn mismatch<G: DuelSide>(&self, duel: &Duel<G>) -> Option<String> {
        let names = self.names();
        let replayed = [0, 1].map(|i| DuelPlayer::of(&names[i], &duel.players[i]));
        if let Some(i) = (0..2).find(|&i| replayed[i] != self.players[i]) {
            let (r, p) = (&self.players[i], &replayed[i]);
            return Some(format!(
                "the record says {} {} with score {} after {}; replaying their moves gives {} \
                 with score {} after {}",
                r.name,
                r.outcome.as_str(),
                r.score,
                r.survived,
                p.outcome.as_str(),
                p.score,
                p.survived
            ));
        }
        (duel.result() != self.result).then(|| {
            format!(
                "the record says {}; replaying both games gives {}",
                self.result_text(),
                crate::duel::result_text(duel.result(), &names)
            )
        })
    }

    /// The players' names.
    pub(crate) fn names(&self) -> [String; 2] {
        [0, 1].map(|i| self.players[i].name.clone())
    }

    /// What the result was and why, in words.
    pub(crate) fn result_text(&self) -> String {
        crate::duel::result_text(self.result, &self.names())
    }
}

/// Plays both players' `moves` on `duel` in turn order, as [`Duel`] hands the turn over; `play`
/// plays one move (numbered from 1 among that player's moves).
fn interleave<G: Playable, M: Copy>(
    mut duel: Duel<G>,
    moves: [Vec<M>; 2],
    play: impl Fn(&mut G, M, usize) -> Result<(), RecordError>,
) -> Result<Duel<G>, RecordError> {
    let mut next = [0usize; 2];
    for _ in 0..moves[0].len() + moves[1].len() {
        let Some(i) = duel.to_move() else {
            return Err(RecordError::Invalid(
                "it has moves after the duel was decided".into(),
            ));
        };
        let Some(&m) = moves[i].get(next[i]) else {
            return Err(RecordError::Invalid(format!(
                "player {} is to move but has no move left while the other has",
                i + 1
            )));
        };
        next[i] += 1;
        if let Some(g) = duel.current() {
            play(g, m, next[i])?;
        }
        duel.next_turn();
    }
    Ok(duel)
}
