//! What history shows of one finished game or duel: a [`Recap`], read from the columns of the
//! `games` table (never from the record's document), so `history` and the end of a game never
//! parse, deal or replay anything.

use serde::{Deserialize, Serialize};

use super::duel_record::DuelPlayer;
use super::entry::Entry;
use super::format::GameKind;
use super::format::RulesRecord;
use crate::cards::summary::Ending;
use crate::duel::DuelResult;
use crate::store::meta::Deal;

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
}

impl Recap {
    /// The summary of a record.
    pub(crate) fn of(e: &Entry) -> Recap {
        let base = |rules: &RulesRecord, started, ended, duration_secs| Recap {
            id: e.id().to_string(),
            game: GameKind::Cards,
            started,
            ended,
            rules: rules.name.clone(),
            rules_hash: rules.hash.clone(),
            outcome: Ending::Quit,
            score: 0,
            played: 0,
            highest: 0,
            duration_secs,
            undos: 0,
            deal: Deal::Seed { seed: 0 },
            size: 0,
            of: GameKind::Cards,
            result: None,
            players: None,
        };
        match e {
            Entry::Cards(r) => Recap {
                outcome: r.outcome,
                score: r.score,
                played: u64::from(r.count.cards_played),
                highest: r.highest,
                undos: r.play.undos,
                deal: r.play.deal.clone(),
                ..base(&r.play.rules, r.play.started, r.ended, r.duration_secs)
            },
            Entry::Classic(r) => Recap {
                game: GameKind::Classic,
                outcome: r.outcome,
                score: r.score,
                played: r.count.move_count as u64,
                highest: r.highest,
                undos: r.play.undos,
                deal: Deal::Seed { seed: r.play.seed },
                size: r.play.size,
                of: GameKind::Classic,
                ..base(&r.play.rules, r.play.started, r.ended, r.duration_secs)
            },
            Entry::Duel(r) => Recap {
                game: GameKind::Duel,
                score: r.players.iter().map(|p| p.score).max().unwrap_or(0),
                played: r.players.iter().map(|p| p.survived).sum(),
                highest: r.players.iter().map(|p| p.highest).max().unwrap_or(0),
                deal: r.deal.clone(),
                of: r.of,
                result: r.result,
                players: Some(Box::new(r.players.clone())),
                ..base(&r.rules, r.started, r.ended, r.duration_secs)
            },
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
