//! Best scores, checked: a row's score counts only when its record's moves give it, so the top
//! rows are replayed until one does, and the answer is kept for the life of the store (a game's
//! end asks it, the start menu asks it of every preset) under a [`BestKey`].

use std::cell::RefCell;
use std::collections::HashMap;

use super::api::Ongoing;
use super::db::history;
use super::{Store, daily_of};
use crate::cards::rules::Rules;
use crate::deal::Deal;
use crate::record::{GameKind, entry};

/// Which best score: of a kind of game, with the rules hashed `hash`, of one date's daily deal
/// or (`None`) of every deal a seed dealt.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct BestKey {
    pub(super) game: GameKind,
    pub(super) hash: String,
    pub(super) daily: Option<String>,
}

/// The checked best scores asked for so far.
#[derive(Default)]
pub(super) struct Bests(RefCell<HashMap<BestKey, Option<u64>>>);

impl Bests {
    fn get(&self, key: &BestKey) -> Option<Option<u64>> {
        self.0.borrow().get(key).copied()
    }

    fn put(&self, key: BestKey, best: Option<u64>) {
        self.0.borrow_mut().insert(key, best);
    }

    /// Counts `score` in the best kept under `key`, if one is kept.
    fn raise(&self, key: &BestKey, score: u64) {
        if let Some(b) = self.0.borrow_mut().get_mut(key) {
            *b = Some(b.map_or(score, |b| b.max(score)));
        }
    }

    /// Forgets every best (the rows changed under them: a restore, a mended file).
    pub(super) fn clear(&self) {
        self.0.borrow_mut().clear();
    }
}

impl Store {
    /// The best score of `key`, among the games dealt by a seed, checked against its record:
    /// the top records are replayed, and one whose result its moves do not give is left out,
    /// with a warning.
    pub(super) fn best_by(&self, key: BestKey) -> Option<u64> {
        if let Some(b) = self.bests.get(&key) {
            return b;
        }
        let db = self.db.as_ref()?;
        // The top scores, a few more each time, until one replays to its record.
        let mut seen = 0;
        let best = loop {
            let daily = key.daily.as_deref();
            let Ok(top) = history::top(db, self.key, key.game, &key.hash, daily, seen + 4) else {
                break None;
            };
            let len = top.len();
            if let Some((_, score, _)) = top
                .into_iter()
                .skip(seen)
                .find(|(id, score, verified)| *verified && self.replays_to(id, *score))
            {
                break Some(score);
            }
            if len < seen + 4 {
                break None;
            }
            seen = len;
        };
        self.bests.put(key, best);
        best
    }

    /// Whether game `id`'s moves give `column`, the score its row says; if not, it is left out
    /// of the best scores, and said. A verified row's score is its record's (an edit of either
    /// unverifies it), but the rules and decks it is read with may have been edited since.
    fn replays_to(&self, id: &str, column: u64) -> bool {
        let record = self.record(id);
        if record.is_err() {
            self.probe();
        }
        let why = match record {
            Err(e) => Some(e.to_string()),
            Ok(e) => match entry::replays_as_recorded(&e) {
                Err(why) => Some(why.to_string()),
                Ok(replayed) if replayed != column => Some(format!(
                    "its row says score {column} but its moves give {replayed} (the row was \
                     changed in the database)"
                )),
                Ok(_) => None,
            },
        };
        if let Some(why) = &why {
            let why = crate::base::visible::escape(why);
            self.warn(format!("game {id} is left out of the best scores: {why}"));
        }
        why.is_none()
    }

    /// Counts a finished game's score in the best scores; true when it is a new
    /// [`Store::best`] (a daily deal's: of that date's deal).
    pub(super) fn note_score(&self, view: &dyn Ongoing) -> bool {
        let Some(score) = view.best_score() else {
            return false;
        };
        let key = BestKey {
            game: view.kind(),
            hash: view.rules().hash,
            daily: daily_of(view),
        };
        if let (Some(daily), Some(db)) = (&key.daily, &self.db) {
            // A daily deal played again is practice: no best of it counts.
            let kind = if matches!(view.deal(), Deal::Puzzle { .. }) {
                "puzzle"
            } else {
                "daily"
            };
            if history::daily_done(db, key.game, &key.hash, daily, kind).unwrap_or(false) {
                return false;
            }
        }
        let previous = self.best_by(key.clone());
        if key.daily.is_some() {
            self.bests.raise(&key, score);
        }
        self.bests.raise(&BestKey { daily: None, ..key }, score);
        previous.map_or(score > 0, |b| score > b)
    }

    /// The best score `game` is measured against: recorded with its kind of game and rules (of
    /// its date's deal, for a daily deal).
    pub(crate) fn best(&self, game: &dyn Ongoing) -> Option<u64> {
        self.best_by(BestKey {
            game: game.kind(),
            hash: game.rules().hash,
            daily: daily_of(game),
        })
    }

    /// The best score recorded for `date`'s daily deal with these rules (not of any game).
    pub(crate) fn daily_best(&self, rules: &Rules, date: &str) -> Option<u64> {
        self.best_by(BestKey {
            game: GameKind::Cards,
            hash: rules.hash(),
            daily: Some(date.to_string()),
        })
    }

    /// The best score of `game` with the rules hashed `hash` (of `daily`'s deal only, if
    /// given), among the games dealt by a seed, checked against its record.
    pub(crate) fn checked_best(
        &self,
        game: GameKind,
        hash: &str,
        daily: Option<&str>,
    ) -> Option<u64> {
        self.best_by(BestKey {
            game,
            hash: hash.to_string(),
            daily: daily.map(str::to_string),
        })
    }
}
