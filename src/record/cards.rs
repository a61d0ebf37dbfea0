//! The card game's documents, a finished game ([`Record`]) and a game in progress
//! ([`SavedGame`]), both a [`CardPlay`]: the rules as their complete TOML, the dealt deck and the
//! moves as short texts (`"2 64 bomb 8"`, `"1 3 3 d 5"`), how it was dealt and when it started, so
//! a file replays on its own and the rules hash shows rules edited by hand. Card files are still
//! format 1 ([`CARDS_FORMAT`], no `game` field), so older versions read them.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::entry::Entry;
use super::format::{CARDS_FORMAT, Finished, GameKind, RecordError, RulesRecord, Save};
use super::recorded::Recorded;
use crate::base::utc;
use crate::cards::card::Card;
use crate::cards::engine::{Game, Move};
use crate::cards::rules::Rules;
use crate::cards::text;
use crate::deal::{Deal, GameMeta, NewDeal};

/// A game as played so far: enough to rebuild it exactly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CardPlay {
    #[serde(with = "utc::as_stamp")]
    pub started: u64,
    pub deal: Deal,
    /// Times undo was used.
    pub undos: u32,
    /// The moves that made the position (undone ones removed): column numbers from 1, `d` for a
    /// discard, separated by spaces.
    pub moves: String,
    /// Every card dealt, in order.
    pub deck: String,
    pub rules: RulesRecord,
    /// Seconds the game sat saved between its sittings (none in one sitting, and in the records
    /// of older versions).
    #[serde(default, skip_serializing_if = "crate::record::is_zero")]
    pub away_secs: u64,
    /// Hints asked for (none in the records of older versions, which did not count them).
    #[serde(default, skip_serializing_if = "crate::record::is_zero")]
    pub hints: u32,
}

/// A card game record's count: cards placed (discards not counted).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CardsPlayed {
    pub cards_played: u32,
}

/// A finished card game in history.
pub(crate) type Record = Finished<CardPlay, CardsPlayed>;

/// The card game in progress, kept after every move.
pub(crate) type SavedGame = Save<CardPlay>;

impl Recorded for Game {
    type Move = Move;
    type Meta = GameMeta;
    type Play = CardPlay;
    type Count = CardsPlayed;
    const KIND: GameKind = GameKind::Cards;
    const FORMAT: u32 = CARDS_FORMAT;
    const COUNTED: [&'static str; 2] = ["cards played", "cards_played"];

    fn count(&self) -> CardsPlayed {
        let cards_played = self.position().stats.cards_played;
        CardsPlayed { cards_played }
    }

    fn counted(count: &CardsPlayed) -> u64 {
        u64::from(count.cards_played)
    }

    fn play_of(&self, meta: &GameMeta) -> CardPlay {
        CardPlay {
            started: meta.started,
            deal: meta.deal.clone(),
            undos: self.undos(),
            moves: self.moves_text(),
            deck: text::cards(self.deck()),
            rules: RulesRecord::of(self.rules()),
            away_secs: meta.away,
            hints: meta.hints,
        }
    }

    fn moves(&self) -> &[Move] {
        Game::moves(self)
    }

    /// Its column from 1, 0 for a discard.
    fn code(m: &Move) -> u16 {
        match m {
            Move::Place(c) => u16::from(*c) + 1,
            Move::Discard => 0,
        }
    }

    fn word(code: u16) -> String {
        match code {
            0 => "d".into(),
            c => c.to_string(),
        }
    }

    fn parse(w: &str) -> Result<Move, RecordError> {
        match w {
            "d" | "D" => Ok(Move::Discard),
            n => match n.parse::<u16>() {
                Ok(c @ 1..=256) => Ok(Move::Place((c - 1) as u8)),
                _ => Err(RecordError::BadMove(w.chars().take(20).collect())),
            },
        }
    }

    fn play_one(&mut self, m: Move, number: usize) -> Result<(), RecordError> {
        self.play(m)
            .map(drop)
            .map_err(|error| RecordError::Move { number, error })
    }

    fn keep_undos(&mut self, undos: u32) {
        self.restore_undos(undos);
    }

    fn dealt(rules: &RulesRecord, deal: &Deal, deck: Option<&str>) -> Result<Game, RecordError> {
        let deck =
            deck.ok_or_else(|| RecordError::Invalid("a card duel without its `deck`".into()))?;
        let rules = rules.card_rules()?;
        let deck = crate::cards::deck::parse_deck(deck, &rules)
            .map_err(|e| RecordError::Deck(e.to_string()))?;
        check_deal(deal, &rules, &deck)?;
        Ok(Game::new(Arc::new(rules), deck.into()))
    }

    fn rules_of(&self, _: &GameMeta) -> RulesRecord {
        RulesRecord::of(self.rules())
    }

    fn deal_of(&self, meta: &GameMeta) -> Deal {
        meta.deal.clone()
    }

    fn deck_text(&self) -> Option<String> {
        Some(text::cards(self.deck()))
    }

    fn started(meta: &GameMeta) -> u64 {
        meta.started
    }

    fn away(meta: &GameMeta) -> u64 {
        meta.away
    }

    fn meta(_: &RulesRecord, deal: &Deal, started: u64) -> GameMeta {
        GameMeta {
            deal: deal.clone(),
            started,
            away: 0,
            hints: 0,
        }
    }

    fn deal_shown(&self, meta: &GameMeta) -> String {
        crate::deal::deal_text(&meta.deal)
    }

    fn entry(record: Record) -> Entry {
        Entry::Cards(record)
    }

    const SAME_CARDS: bool = true;

    fn duel_deal(rules: &Rules, seed: u64) -> (Game, GameMeta) {
        let (mut g, meta) = crate::deal::start(Arc::new(rules.clone()), NewDeal::Seed(Some(seed)));
        g.without_undo();
        (g, meta)
    }

    fn head(&self, meta: &GameMeta, saved: u64) -> serde_json::Value {
        let mut head = serde_json::json!({
            "format": CARDS_FORMAT,
            "saved": utc::stamp(saved),
            "started": utc::stamp(meta.started),
            "deal": meta.deal,
            "undos": self.undos(),
        });
        if meta.away > 0 {
            head["away_secs"] = meta.away.into();
        }
        if meta.hints > 0 {
            head["hints"] = meta.hints.into();
        }
        head
    }
}

/// Checks the deck against its deal: a seed (or a daily date's) deals it again; a deck file's
/// deck is whatever the file held.
fn check_deal(deal: &Deal, rules: &Rules, deck: &[Card]) -> Result<(), RecordError> {
    let seed = match deal {
        Deal::DeckFile { .. } => return Ok(()),
        Deal::Seed { seed } => *seed,
        Deal::Puzzle { seed, date, .. } => {
            if let Some(date) = date
                && (utc::parse_date(date).is_none() || crate::deal::puzzle_seed(date) != *seed)
            {
                return Err(RecordError::Deal(format!(
                    "its seed {seed} is not the daily puzzle's of {}",
                    crate::base::visible::escape(date)
                )));
            }
            *seed
        }
        Deal::Daily { date, seed } => {
            if utc::parse_date(date).is_none() {
                return Err(RecordError::Deal(format!(
                    "its daily date `{}` is not a date like 2026-11-29",
                    crate::base::visible::escape(date)
                )));
            }
            let daily = crate::cards::deck::daily_seed(date);
            if daily != *seed {
                return Err(RecordError::Deal(format!(
                    "its seed {seed} is not the daily seed of {date} ({daily})"
                )));
            }
            daily
        }
    };
    if deck.len() != rules.deck.size as usize {
        return Err(RecordError::Deal(format!(
            "it holds {} cards where its rules deal deck.size = {}",
            deck.len(),
            rules.deck.size
        )));
    }
    let dealt = crate::cards::deck::deal(rules, seed);
    match deck.iter().zip(&dealt).position(|(a, b)| a != b) {
        None => Ok(()),
        Some(i) => Err(RecordError::Deal(format!(
            "card {} is {} where seed {seed} deals {}",
            i + 1,
            text::cards(&deck[i..=i]),
            text::cards(&dealt[i..=i])
        ))),
    }
}

impl CardPlay {
    /// The game rebuilt by replaying every move: same deck, position, score and undo history.
    pub(crate) fn rebuild(&self) -> Result<(Game, GameMeta), RecordError> {
        let game = Game::dealt(&self.rules, &self.deal, Some(&self.deck))?;
        let mut meta = Game::meta(&self.rules, &self.deal, self.started);
        meta.away = self.away_secs;
        meta.hints = self.hints;
        Ok((game.play_all(&self.moves, self.undos)?, meta))
    }
}
