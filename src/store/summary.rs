//! What history shows of one finished game or duel: a [`Recap`], read from the columns of the
//! `games` table (never from the record's document), so `history` and the end of a game never
//! parse, deal or replay anything.

use serde::{Deserialize, Serialize};

use crate::cards::summary::Ending;
use crate::deal::Deal;
use crate::duel::DuelResult;
use crate::record::{DuelPlayer, GameKind};

/// What history shows of one finished game or duel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Recap {
    pub id: String,
    pub game: GameKind,
    /// When it started (seconds since the epoch).
    pub started: u64,
    /// When it ended (seconds since the epoch).
    pub ended: u64,
    pub rules: String,
    pub rules_hash: String,
    /// How a one-player game ended (a duel: see `result`).
    pub outcome: Ending,
    pub score: u64,
    /// Cards played (card game) or moves (classic).
    pub played: u64,
    pub highest: u64,
    pub duration_secs: u64,
    pub undos: u32,
    /// How it was dealt (a classic game's seed as a seed).
    pub deal: Deal,
    /// A classic board's side, else 0.
    pub size: u8,
    /// The game a duel was played at; else the same as `game`.
    pub of: GameKind,
    /// A duel's result (`None`: given up, or not a duel).
    pub result: Option<DuelResult>,
    /// A duel's players.
    pub players: Option<Box<[DuelPlayer; 2]>>,
    /// Its result was replayed from its moves and agreed (false: changed in the database since
    /// it was recorded, and left out of every figure).
    pub checked: bool,
    /// A daily deal or daily puzzle played again after a finished play of it: practice, which
    /// the line to share, the streaks and the daily figures leave out.
    #[serde(default)]
    pub practice: bool,
}

impl Recap {
    /// Its texts (the rules' and the players' names, a deck file's path, a daily date) as they
    /// show: a character that does not show as itself, in a row of an older version or one
    /// edited in the database, is written as its code ([`crate::base::visible`]) in every output, the
    /// table, CSV, JSON and stats alike.
    pub(crate) fn escape_typed(&mut self) {
        crate::base::visible::escape_in_place(&mut self.rules);
        for p in self.players.iter_mut().flat_map(|p| p.iter_mut()) {
            crate::base::visible::escape_in_place(&mut p.name);
        }
        match &mut self.deal {
            Deal::DeckFile { path: text }
            | Deal::Daily { date: text, .. }
            | Deal::Puzzle {
                date: Some(text), ..
            } => crate::base::visible::escape_in_place(text),
            Deal::Seed { .. } | Deal::Puzzle { date: None, .. } => {}
        }
    }

    /// The players' names of a duel.
    pub(crate) fn names(&self) -> [String; 2] {
        [0, 1].map(|i| {
            self.players
                .as_ref()
                .map(|p| p[i].name.clone())
                .unwrap_or_default()
        })
    }
}
