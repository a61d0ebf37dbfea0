//! Storage: history of finished games, the saved games in progress, best scores, replays, all in
//! one SQLite database in the data folder ([`crate::config::paths::data_dir`]):
//!
//! ```text
//! <data dir>/new2048.db              history, saves, rules and decks (schema in db::schema)
//! <data dir>/new2048.db-wal, -shm    SQLite's write-ahead log and its index
//! <data dir>/new2048.db.lock         held exclusively while a damaged file is mended, shared
//!                                    while a window opens, writes or closes (see db::mend)
//! <data dir>/new2048.db.damaged-<time>  a damaged file, kept when a mended copy replaced it
//! <data dir>/claims/<id>.lock        held by the window playing save <id> (see db::claim)
//! <data dir>/json-store-<time>/      an older version's JSON files, once imported (see db::import)
//! ```
//!
//! Rooms import one way: `mod.rs` → `db/` (the database, claims, the import) → `ongoing` (the four
//! kinds of game in progress as one, [`InPlay`]) → `api` (what the screens hand the [`Store`]: the
//! [`Ongoing`] game, and what they get back) → `daily` → `summary` (what history shows of a game).
//! The documents it stores are `crate::record`'s, the JSON exchange format, which knows nothing of
//! storage; below them all, a game's deal and start are `crate::deal`'s.
//! This file is the [`Store`], the store of every screen, a thin front re-exporting what the rooms
//! above use; it alone holds the database (no `rusqlite` type and no SQL text crosses it: a
//! listing is asked for with a typed [`Filter`]). Its methods live in the rooms of their job:
//! `opening` is its hold on the database file (opened, followed when another window mended it,
//! closed), `saving` keeps the games played here (claims, saves, a game's end), `bests` the
//! checked best scores, `tally` what `stats` sums up, and `warnings` what the player is told;
//! what the data commands print is drawn in `app::records`.
//!
//! Storage never stops play: every problem becomes a message for [`Store::take_warnings`]. A
//! failing write (a full disk, a read-only folder, a database locked by another program) is said
//! once, tried again at the next move, and its return said too. A game's end is one transaction
//! (its record added, its save removed), so a failure leaves the game saved, and says so.

mod api;
mod bests;
mod daily;
mod db;
mod ongoing;
mod opening;
mod saving;
mod summary;
mod tally;
mod warnings;

use std::path::{Path, PathBuf};

use rusqlite::Connection;

use crate::cards::rules::Rules;
use crate::deal::Deal;
use crate::record::{Entry, GameKind, format};
use api::Ongoing;
use db::{claim, history, id, saves};

use crate::base::utc;

#[cfg(test)]
pub(crate) use api::PlayerInfo;
pub(crate) use api::{Played, ResumeError, Resumed, SavedGameInfo};
pub(crate) use daily::{DailyNews, dailies, streaks};
pub(crate) use db::data::backup::summary as refused_summary;
pub(crate) use db::data::backup::{KEPT_COPIES, Restored};
pub(crate) use db::data::check::Found;
pub(crate) use db::error::StoreError;
pub(crate) use db::history::{Daily, Filter};
pub(crate) use db::schema::{ask_check, path_in};
pub(crate) use ongoing::InPlay;
pub(crate) use summary::Recap;
pub(crate) use tally::{RulesStats, Tally};

/// History, saved games and best scores in one database: what every screen keeps its games in.
/// Every method is quick and never fails loudly: problems become [`Store::take_warnings`].
#[derive(Default)]
pub(crate) struct Store {
    /// `None` when there is no data folder at all.
    dir: Option<PathBuf>,
    /// `None` when the database cannot be opened (said once).
    db: Option<Connection>,
    /// True while writes fail: said once when they start failing, and again when one works.
    failing: bool,
    /// What the player is to be told (`warnings`).
    warnings: warnings::Warnings,
    /// Checked best scores once asked (`bests`).
    bests: bests::Bests,
    /// The games this process plays and has saved or resumed (`saving`).
    playing: Vec<saving::Playing>,
    /// Whether opening found the database damaged (and moved it aside).
    damaged: bool,
    /// The data folder's lock, held shared while opening, writing and closing (`db::mend`).
    lock: db::mend::Lock,
    /// Which database file this store opened: its device and inode ([`db::mend::identity`]).
    file: Option<(u64, u64)>,
    /// Why the database could not be opened, when it could not.
    unopened: Option<StoreError>,
    /// The data folder's key, which verified rows are hashed with (`None`: none could be read or
    /// made, and no row counts as verified).
    key: Option<db::seal::Key>,
}

// The data commands: `data check`, `data backup`, `data restore`, each through the store, which
// alone holds the database.
impl Store {
    /// Every problem `data check` finds in the database (see `db::data::check`).
    pub(crate) fn check(&self) -> Result<Found, StoreError> {
        let db = self.db.as_ref().ok_or_else(|| self.unopened())?;
        Ok(db::data::check::check(db, self.key)?)
    }

    /// Writes a consistent copy of the database to `to`, a new file (see `db::data::backup`).
    pub(crate) fn backup(&self, to: &Path) -> Result<(), StoreError> {
        let db = self.db.as_ref().ok_or_else(|| self.unopened())?;
        db::data::backup::backup(db, to)
    }

    /// The data folder, if there is one.
    pub(crate) fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// Whether the database is open (else history cannot be read: see [`Store::unopened`]).
    pub(crate) fn is_open(&self) -> bool {
        self.db.is_some()
    }

    /// Whether opening found the database damaged and moved it aside (`data check` fails then).
    pub(crate) fn found_damage(&self) -> bool {
        self.damaged
    }

    /// Puts the rows of the backup `from` in place of the database's (see `db::data::backup`),
    /// keeping today's database beside it; refused while a game is open in another window.
    pub(crate) fn restore(&mut self, from: &Path) -> Result<Restored, StoreError> {
        if self.all_saved_games().iter().any(|g| g.elsewhere) {
            return Err(StoreError::Refused(
                "a game is open in another window; close it first (nothing was changed)".into(),
            ));
        }
        let dir = self
            .dir
            .clone()
            .ok_or_else(|| StoreError::Io("there is no data folder".into()))?;
        let _held = self.lock.hold();
        self.follow();
        let unopened = self.unopened();
        let key = self.key;
        let db = self.db.as_mut().ok_or(unopened)?;
        let restored = db::data::backup::restore(db, key, from, &dir)?;
        self.bests.clear();
        Ok(restored)
    }
}

impl Store {
    /// The summaries of the games `filter` wants, newest first.
    pub(crate) fn summaries(&self, filter: &history::Filter) -> Vec<Recap> {
        let Some(db) = &self.db else {
            return Vec::new();
        };
        let listed = history::list(db, self.key, filter).unwrap_or_else(|e| {
            self.warn_failed("cannot read history", e);
            self.warnings.set_partial(true);
            history::Listed::default()
        });
        self.rows_read(listed)
    }

    /// The rows of a listing that read; the others are named once, and the read is partial.
    fn rows_read(&self, listed: history::Listed) -> Vec<Recap> {
        if !listed.bad.is_empty() {
            self.warnings.set_partial(true);
            let ns: Vec<String> = listed.bad.iter().map(ToString::to_string).collect();
            self.warn(format!(
                "{} of history cannot be read (damaged: row n {} of the games table); every \
                 other game is listed. `new2048 data check` says more",
                if listed.bad.len() == 1 {
                    "one game"
                } else {
                    "some games"
                },
                ns.join(", ")
            ));
        }
        listed.rows
    }

    /// How many games history holds.
    pub(crate) fn count(&self) -> usize {
        self.db
            .as_ref()
            .map_or(0, |db| history::count(db).unwrap_or(0))
    }

    /// The names of the rules history's games were played with (what `--rules` filters on).
    pub(crate) fn rules_names(&self) -> Vec<String> {
        let Some(db) = &self.db else {
            return Vec::new();
        };
        history::rules_names(db).unwrap_or_default()
    }

    /// The whole record of game `id`, as the exchange format has it.
    pub(crate) fn record(&self, id: &str) -> Result<Entry, StoreError> {
        let db = self.db.as_ref().ok_or_else(|| self.unopened())?;
        history::record(db, id)?
            .ok_or_else(|| StoreError::Missing(format!("game {id} is not in history")))
    }

    /// The record of game `id` as the JSON text `history --export` prints.
    pub(crate) fn record_text(&self, id: &str) -> Result<String, StoreError> {
        Ok(format::to_json(&self.record(id)?))
    }
}

/// The date of a daily deal's game, none for another deal.
fn daily_of(game: &dyn Ongoing) -> Option<String> {
    match game.deal() {
        Deal::Daily { date, .. }
        | Deal::Puzzle {
            date: Some(date), ..
        } => Some(date),
        _ => None,
    }
}

impl Store {
    /// The card games played with these rules (by hash), for the start menu's record.
    pub(crate) fn played(&self, rules: &Rules) -> Played {
        let Some(db) = &self.db else {
            return Played::default();
        };
        let hash = rules.hash();
        let mut played = history::played(db, &hash).unwrap_or_else(|e| {
            self.warn_failed("cannot read history", e);
            Played::default()
        });
        played.best = self.checked_best(GameKind::Cards, &hash, None);
        played
    }

    /// `date`'s daily deal once finished with these rules: the record of its first finished
    /// play (the one that counts and is shared), how many practice plays followed, the streaks,
    /// the deal's best.
    pub(crate) fn daily_news(&self, rules: &Rules, date: &str) -> Option<DailyNews> {
        let db = self.db.as_ref()?;
        let hash = rules.hash();
        // Newest first: the oldest finished play of the deal is the one that counts and is
        // shared; those after it are practice.
        let finished = Filter {
            game: Some(GameKind::Cards),
            rules_hash: Some(hash),
            daily: Some(Daily::On(date.to_string())),
            finished: true,
            ..Filter::default()
        };
        let found = self.rows_read(history::list(db, self.key, &finished).ok()?);
        let practice = found.len().saturating_sub(1);
        let Ok(Entry::Cards(record)) = self.record(&found.last()?.id) else {
            return None;
        };
        let dailies = self.rows_read(history::list(db, self.key, &Filter::daily()).ok()?);
        let games: Vec<&Recap> = dailies.iter().filter(|r| r.checked).collect();
        let best = self.daily_best(rules, date).unwrap_or(record.score);
        let puzzle = matches!(record.play.deal, Deal::Puzzle { .. });
        let (streak, best_streak) = daily::streaks(&games, &utc::date(utc::now()), puzzle);
        Some(DailyNews {
            record,
            practice,
            streak,
            best_streak,
            best,
        })
    }

    /// Every saved game this process may take up, newest first, numbered from 1; one another
    /// window plays is not listed, nor taken up here ([`ResumeError::Elsewhere`]).
    pub(crate) fn saved_games(&self) -> Vec<SavedGameInfo> {
        self.saved_games_here().0
    }

    /// [`Store::saved_games`], with the kind of game of each save left out because another
    /// window plays it: one listing (a query and a look at each save's lock) for both.
    pub(crate) fn saved_games_here(&self) -> (Vec<SavedGameInfo>, Vec<GameKind>) {
        let (mut list, elsewhere): (Vec<_>, Vec<_>) = self
            .all_saved_games()
            .into_iter()
            .partition(|i| !i.elsewhere);
        for (i, info) in list.iter_mut().enumerate() {
            info.number = i + 1;
        }
        (list, elsewhere.into_iter().map(|i| i.game).collect())
    }
}

// The saved games as a player sees them: every save, those another process claims (see
// [`db::claim`]) marked as open in another window. They keep their numbers, so `play --resume N`
// and `saved --delete N` on one say so rather than that there is no such game.

impl Store {
    /// Every saved game, newest first and numbered from 1; those another window plays are
    /// marked [`SavedGameInfo::elsewhere`].
    pub(crate) fn all_saved_games(&self) -> Vec<SavedGameInfo> {
        let (Some(dir), Some(db)) = (self.dir.clone(), self.db.as_ref()) else {
            return Vec::new();
        };
        let rows = saves::list(db).unwrap_or_else(|e| {
            self.warn_failed("cannot list the saved games", e);
            Vec::new()
        });
        let mut list = Vec::new();
        for (id, info) in rows {
            if let Err(why) = id::checked(&id) {
                self.warn(format!(
                    "a row of the saves table is not listed: {why}; it is kept as it is \
                     (`new2048 data check` names it)"
                ));
                continue;
            }
            let mut info = match info {
                Ok(i) => i,
                Err(e) => {
                    self.warn(format!(
                        "saved game {id} cannot be listed: {e}; it is kept as it is"
                    ));
                    continue;
                }
            };
            info.number = list.len() + 1;
            if !self.playing.iter().any(|p| p.id == id) && claim::is_claimed(&dir, &id) {
                info.elsewhere = true;
            }
            info.id = id;
            list.push(info);
        }
        list
    }
}

#[cfg(test)]
mod tests;
