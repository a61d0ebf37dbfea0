//! What a game is besides its engine state (how it was dealt, when it started: the screens carry
//! it beside the game, its save and record keep it), and the one place a new game is made with it
//! ([`start`], [`start_daily`], [`start_classic`]): a seed the player gave or a fresh one, the daily
//! date's, a deck file's cards. So the command line, the menu and the duel screen cannot disagree
//! on what a new game records.
//!
//! Puzzles are games of this kind too ([`puzzle`]): a short deck dealt here, with its target.

pub(crate) mod puzzle;

use std::sync::Arc;

use rand::RngExt;

use crate::base::utc;
use crate::cards::card::Card;
use crate::cards::engine::Game;
use crate::cards::rules::{ClassicRules, Rules};
use crate::classic::ClassicGame;
use crate::strategy::exact::Solution;

/// How a game was dealt, kept with it so history can show it and replays can re-deal it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub(crate) enum Deal {
    /// From a seed.
    Seed { seed: u64 },
    /// The daily deal of a UTC date (`YYYY-MM-DD`).
    Daily { date: String, seed: u64 },
    /// Exactly the cards of a deck file.
    DeckFile { path: String },
    /// A puzzle (`new2048 puzzle`): a short open deck from a seed, or the daily puzzle of a UTC
    /// date; its rules are the puzzle's, which the puzzle room makes from the rules in force.
    Puzzle {
        seed: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        date: Option<String>,
        /// Its target, once worked out (a record of before targets were kept has none: it is
        /// then judged by how it ended, as any game).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Target>,
    },
}

/// A puzzle's target as its deal keeps it (in the save and the record), so the game is judged
/// by it wherever it is shown: the result screen, history, stats, the line to share.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Target {
    pub score: u64,
    /// Proven the best any play can make; else the best a wide search knows.
    pub proven: bool,
}

impl Target {
    /// The target the solver found.
    pub(crate) fn of(s: &Solution) -> Target {
        Target {
            score: s.score,
            proven: s.proven,
        }
    }
}

/// The seed of the daily puzzle of `date` (`YYYY-MM-DD`): of the date alone, so everyone is
/// dealt the same puzzle that day, and a record's deal can be checked against it.
pub(crate) fn puzzle_seed(date: &str) -> u64 {
    crate::cards::deck::daily_seed(&format!("puzzle {date}"))
}

/// The rules the day's deals are played with, the same for everyone whatever rules a player
/// keeps in force: the default rules (the daily puzzle's are made from them). `daily` and
/// `puzzle --daily` take them unless `--rules` or `--config` says otherwise.
pub(crate) fn day_rules() -> Rules {
    Rules::default_rules()
}

/// Whether the rules hashed `hash` are those of the day's `deal` (a daily deal's or a daily
/// puzzle's): a line to share names the rules only when they are not.
pub(crate) fn of_the_day(deal: &Deal, hash: &str) -> bool {
    let day = match deal {
        Deal::Puzzle { .. } => crate::deal::puzzle::rules_of(&day_rules()),
        _ => day_rules(),
    };
    day.hash() == hash
}

/// `seed 42`, `daily 2026-11-29`, `deck FILE`.
pub(crate) fn deal_text(deal: &Deal) -> String {
    match deal {
        Deal::Seed { seed } => format!("seed {seed}"),
        Deal::Daily { date, .. } => format!("daily {date}"),
        Deal::Puzzle {
            date: Some(date), ..
        } => format!("puzzle {date}"),
        Deal::Puzzle {
            seed, date: None, ..
        } => format!("puzzle {seed}"),
        Deal::DeckFile { path } => {
            let name = std::path::Path::new(path)
                .file_name()
                .map_or_else(|| path.clone(), |n| n.to_string_lossy().into_owned());
            format!("deck {name}")
        }
    }
}

/// Facts about a game that the engine does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GameMeta {
    pub deal: Deal,
    /// Seconds since the Unix epoch when the game started.
    pub started: u64,
    /// Seconds the game sat saved between its sittings: not part of its time played.
    pub away: u64,
    /// Times the player asked for a hint (the first press of the hint key: its second press
    /// explains the same hint). Kept in the save and the record, and said in the line to share.
    pub hints: u32,
}

/// Facts about a classic game that the game does not hold (its seed and rules it does).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ClassicMeta {
    /// The name of the rules in force (`default`...), shown in history.
    pub rules_name: String,
    /// Seconds since the Unix epoch when the game started.
    pub started: u64,
    /// Seconds the game sat saved between its sittings: not part of its time played.
    pub away: u64,
}

/// How a new card game is dealt.
pub(crate) enum NewDeal {
    /// From this seed, or from a fresh one when `None`.
    Seed(Option<u64>),
    /// Exactly these cards, read from the deck file at `path` (kept with control characters
    /// escaped, as records may not hold them).
    DeckFile { cards: Vec<Card>, path: String },
}

/// A fresh seed from the operating system, for games the player did not seed.
pub(crate) fn fresh_seed() -> u64 {
    rand::rng().random()
}

/// A new card game of `rules`, dealt as `how`, with its metadata: started now.
pub(crate) fn start(rules: Arc<Rules>, how: NewDeal) -> (Game, GameMeta) {
    let (game, deal) = match how {
        NewDeal::Seed(seed) => {
            let seed = seed.unwrap_or_else(fresh_seed);
            (Game::with_seed(rules, seed), Deal::Seed { seed })
        }
        NewDeal::DeckFile { cards, path } => (
            Game::new(rules, cards.into()),
            Deal::DeckFile {
                path: crate::base::visible::escape(&path),
            },
        ),
    };
    let meta = GameMeta {
        deal,
        started: utc::now(),
        away: 0,
        hints: 0,
    };
    (game, meta)
}

/// A new classic game of `rules` (from the rules file `name`) from `seed`, or a fresh one.
pub(crate) fn start_classic(
    rules: ClassicRules,
    name: &str,
    seed: Option<u64>,
) -> (ClassicGame, ClassicMeta) {
    let game = ClassicGame::new(rules, seed.unwrap_or_else(fresh_seed));
    let meta = ClassicMeta {
        rules_name: name.to_string(),
        started: utc::now(),
        away: 0,
    };
    (game, meta)
}

/// The daily deal of `date` (UTC), or of today when `None`.
pub(crate) fn start_daily(rules: Rules, date: Option<utc::Date>) -> (Game, GameMeta) {
    let date = date.unwrap_or_else(utc::Date::today).to_string();
    let seed = crate::cards::deck::daily_seed(&date);
    let game = Game::with_seed(Arc::new(rules), seed);
    let meta = GameMeta {
        deal: Deal::Daily { date, seed },
        started: utc::now(),
        away: 0,
        hints: 0,
    };
    (game, meta)
}
