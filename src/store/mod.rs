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
//! storage; below them all, a game's deal and start are `crate::start`'s.
//! This file is the [`Store`], the store of every screen, re-exporting what the rooms above use;
//! `opening` is its hold on the database file (opened, followed when another window mended it,
//! closed); what the data commands print is drawn in `app::records`.
//!
//! Storage never stops play: every problem becomes a message for [`Store::take_warnings`]. A
//! failing write (a full disk, a read-only folder, a database locked by another program) is said
//! once, tried again at the next move, and its return said too. A game's end is one transaction
//! (its record added, its save removed), so a failure leaves the game saved, and says so.

mod api;
mod daily;
mod db;
mod ongoing;
mod opening;
mod summary;
mod tally;

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use rusqlite::Connection;

use crate::cards::rules::Rules;
use crate::cards::summary::Ending;
use crate::record::{Entry, GameKind, entry, format};
use crate::start::Deal;
use api::{Moves, Ongoing};
use db::claim::{self, Claim};
use db::{history, id, import, saves};

use crate::utc;

#[cfg(test)]
pub(crate) use api::PlayerInfo;
pub(crate) use api::{Played, ResumeError, Resumed, SavedGameInfo};
pub(crate) use daily::{DailyNews, dailies, streaks};
pub(crate) use db::backup::{backup, summary as refused_summary};
pub(crate) use db::error::StoreError;
pub(crate) use db::history::Filter;
pub(crate) use db::schema::{ask_check, path_in};
pub(crate) use ongoing::InPlay;
pub(crate) use summary::Recap;
pub(crate) use tally::{RulesStats, Tally};

/// A game this process is playing: how it is known ([`Ongoing::key`]), the id it got at its first
/// save, the claim on its save, and the moves its save holds.
struct Playing {
    key: String,
    id: String,
    claim: Option<Claim>,
    sent: Moves,
    /// Whether its save is in the database.
    in_db: bool,
    /// Whether the database was mended while it was played: a save of its id there is its own,
    /// as of the mending, and is replaced whole at the next save.
    carried: bool,
}

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
    warnings: RefCell<Vec<String>>,
    /// Warnings already given, so that the same problem is reported once.
    said: RefCell<HashSet<String>>,
    /// Checked best scores, by kind of game, rules hash and daily date, once asked.
    bests: RefCell<HashMap<String, Option<u64>>>,
    /// The games this process plays and has saved or resumed.
    playing: Vec<Playing>,
    /// Whether opening found the database damaged (and moved it aside).
    damaged: bool,
    /// A mending's message is among the warnings: once they are taken, its note is dropped.
    mended_unsaid: bool,
    /// Whether a listing met rows that do not read.
    partial: std::cell::Cell<bool>,
    /// The data folder's lock, held shared while opening, writing and closing (`db::mend`).
    lock: db::mend::Lock,
    /// The device and inode of the database file this store opened.
    file: Option<(u64, u64)>,
    /// Why the database could not be opened, when it could not.
    unopened: Option<StoreError>,
    /// The data folder's key, which verified rows are hashed with (`None`: none could be read or
    /// made, and no row counts as verified).
    key: Option<db::seal::Key>,
}

impl Store {
    /// Every problem `data check` finds in the database (see `db::check`).
    pub(crate) fn check(&self) -> Result<db::check::Found, StoreError> {
        let db = self.db.as_ref().ok_or_else(|| self.unopened())?;
        Ok(db::check::check(db, self.key)?)
    }

    /// The data folder, if there is one.
    pub(crate) fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// Whether opening found the database damaged and moved it aside (`data check` fails then).
    pub(crate) fn found_damage(&self) -> bool {
        self.damaged
    }

    /// Puts the rows of the backup `from` in place of the database's (see `db::backup`), keeping
    /// today's database beside it; refused while a game is open in another window.
    pub(crate) fn restore(&mut self, from: &Path) -> Result<db::backup::Restored, StoreError> {
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
        let restored = db::backup::restore(db, key, from, &dir).map_err(StoreError::Refused)?;
        self.bests.borrow_mut().clear();
        Ok(restored)
    }

    /// The open database, if there is one.
    pub(crate) fn db(&self) -> Option<&Connection> {
        self.db.as_ref()
    }

    /// Adds a warning for the player, unless the same was given already.
    fn warn(&self, message: String) {
        if self.said.borrow_mut().insert(message.clone()) {
            self.warnings.borrow_mut().push(message);
        }
    }

    /// Says that `what` failed (`e`); damage makes the next opening check the database.
    fn warn_failed(&self, what: &str, e: impl Into<StoreError>) {
        let e = e.into();
        self.warn(self.noticed(format!("{what}: {e}"), e.is_damage()));
    }

    /// A problem met in a `damaged` database makes the next opening check it (and mend it), and
    /// says so.
    fn noticed(&self, problem: String, damaged: bool) -> String {
        match &self.dir {
            Some(dir) if damaged => {
                db::schema::ask_check(dir);
                format!(
                    "{problem}. The database is damaged: the next start of new2048 moves it \
                     aside (nothing is deleted) and brings back every row that still reads"
                )
            }
            _ => problem,
        }
    }

    /// A read that failed for a reason not told by its kind: SQLite's quick check says whether
    /// the database is damaged (then the next opening mends it, and this is said).
    fn probe(&self) {
        if let Some(e) = self.db.as_ref().and_then(db::schema::damage_found)
            && e.is_damage()
        {
            self.warn_failed("a game cannot be read", e);
        }
    }

    fn warn_all(&self, messages: impl IntoIterator<Item = String>) {
        messages.into_iter().for_each(|m| self.warn(m));
    }

    /// The summaries of the games `filter` wants, newest first.
    pub(crate) fn summaries(&self, filter: &history::Filter) -> Vec<Recap> {
        let Some(db) = &self.db else {
            return Vec::new();
        };
        let listed = history::list(db, self.key, filter).unwrap_or_else(|e| {
            self.warn_failed("cannot read history", e);
            self.partial.set(true);
            history::Listed::default()
        });
        self.rows_read(listed)
    }

    /// The rows of a listing that read; the others are named once, and the read is partial.
    fn rows_read(&self, listed: history::Listed) -> Vec<Recap> {
        if !listed.bad.is_empty() {
            self.partial.set(true);
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

    /// Whether some rows asked for could not be read (a command then exits non-zero).
    pub(crate) fn read_partly(&self) -> bool {
        self.partial.get()
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
        let names = db
            .prepare("SELECT DISTINCT name FROM rules")
            .and_then(|mut q| q.query_map([], |r| r.get(0))?.collect());
        names.unwrap_or_default()
    }

    /// The whole record of game `id`, as the exchange format has it.
    pub(crate) fn record(&self, id: &str) -> Result<Entry, String> {
        let db = self.db.as_ref().ok_or("there is no database")?;
        history::record(db, id)?.ok_or_else(|| format!("game {id} is not in history"))
    }

    /// The record of game `id` as the JSON text `history --export` prints.
    pub(crate) fn record_text(&self, id: &str) -> Result<String, String> {
        Ok(format::to_json(&self.record(id)?))
    }

    /// The best score of `game` with the rules hashed `hash` (of `daily`'s deal only, if given),
    /// among the games dealt by a seed, checked against its record: the top records are
    /// replayed, and one whose result its moves do not give is left out, with a warning.
    pub(crate) fn checked_best(
        &self,
        game: GameKind,
        hash: &str,
        daily: Option<&str>,
    ) -> Option<u64> {
        let key = format!("{} {hash} {}", game.as_str(), daily.unwrap_or(""));
        if let Some(b) = self.bests.borrow().get(&key) {
            return *b;
        }
        let db = self.db.as_ref()?;
        // A verified row's score is its record's (an edit of either unverifies it), but the
        // rules and decks it is read with may have been edited since. The score counted is the
        // one the moves give: a row whose score column says otherwise is left out.
        let checks = |id: &str, column: u64| {
            let record = self.record(id);
            if record.is_err() {
                self.probe();
            }
            let why = record
                .and_then(|e| entry::replays_as_recorded(&e).map_err(|e| e.to_string()))
                .and_then(|replayed| {
                    if replayed == column {
                        Ok(())
                    } else {
                        Err(format!(
                            "its row says score {column} but its moves give {replayed} (the row \
                             was changed in the database)"
                        ))
                    }
                })
                .err();
            if let Some(why) = &why {
                let why = crate::cards::text::escape_controls(why);
                self.warn(format!("game {id} is left out of the best scores: {why}"));
            }
            why.is_none()
        };
        // The top scores, a few more each time, until one replays to its record.
        let mut seen = 0;
        let best = loop {
            let Ok(top) = history::top(db, self.key, game, hash, daily, seen + 4) else {
                break None;
            };
            let len = top.len();
            if let Some((_, score, _)) = top
                .into_iter()
                .skip(seen)
                .find(|(id, score, verified)| *verified && checks(id, *score))
            {
                break Some(score);
            }
            if len < seen + 4 {
                break None;
            }
            seen = len;
        };
        self.bests.borrow_mut().insert(key, best);
        best
    }

    /// Counts a finished game's score in the best scores; true when it is a new
    /// [`Store::best`] (a daily deal's: of that date's deal).
    fn note_score(&self, view: &dyn Ongoing) -> bool {
        let Some(score) = view.best_score() else {
            return false;
        };
        let (hash, daily) = (view.rules().hash, daily_of(view));
        let previous = self.checked_best(view.kind(), &hash, daily.as_deref());
        let mut bests = self.bests.borrow_mut();
        for d in [None, daily.as_deref()] {
            let key = format!("{} {hash} {}", view.kind().as_str(), d.unwrap_or(""));
            if let Some(b) = bests.get_mut(&key) {
                *b = Some(b.map_or(score, |b| b.max(score)));
            }
        }
        previous.map_or(score > 0, |b| score > b)
    }

    /// Says when writes start failing (once) and when they work again: a full disk costs the
    /// moves made while it is full, never the rest of the game.
    fn outcome(&mut self, what: &str, result: Result<(), StoreError>) {
        let dir = self.dir.clone().unwrap_or_default();
        let dir = dir.display();
        // While writes fail (another program keeps the database locked, say), a move waits a
        // moment for it, not the whole busy timeout.
        if let Some(db) = &self.db {
            let wait = match result {
                Ok(()) => db::schema::BUSY,
                Err(_) => std::time::Duration::from_millis(200),
            };
            let _ = db.busy_timeout(wait);
        }
        let said = match (&result, self.failing) {
            (Ok(()), true) => {
                format!("saving works again in {dir}: the game is saved from this move on.")
            }
            (Err(e), false) => self.noticed(
                format!(
                    "cannot {what} in {dir} ({e}); play goes on, and saving is tried again at \
                     every move."
                ),
                e.is_damage(),
            ),
            _ => return,
        };
        self.failing = result.is_err();
        self.warnings.get_mut().push(said);
    }

    /// Where the game known as `key` is in [`Store::playing`]: added with a fresh id (from
    /// `started`) if this is its first save.
    fn playing_index(&mut self, key: &str, started: u64) -> usize {
        if let Some(i) = self.playing.iter().position(|p| p.key == key) {
            return i;
        }
        self.playing.push(Playing {
            key: key.to_string(),
            id: id::new(started),
            claim: None,
            sent: Moves::default(),
            in_db: false,
            carried: false,
        });
        self.playing.len() - 1
    }

    /// The game known as `key`, no longer played here.
    fn take_playing(&mut self, key: &str) -> Option<Playing> {
        let i = self.playing.iter().position(|p| p.key == key)?;
        Some(self.playing.remove(i))
    }

    /// Records the game and removes its save, in one transaction; lets go of its claim. On
    /// failure the game stays saved as its save last was, and the message says so.
    fn finish_view(
        &mut self,
        view: &dyn Ongoing,
        ending: Option<Ending>,
        ended: Option<u64>,
    ) -> Result<(), String> {
        let _held = self.lock.hold();
        self.follow();
        let playing = self.take_playing(&view.key());
        let id = playing
            .as_ref()
            .map_or_else(|| id::new(view.started()), |p| p.id.clone());
        let ended = ended.unwrap_or_else(utc::now);
        let record = view.record(id.clone(), ended, ending);
        let Some(db) = self.db.as_mut() else {
            return Err("there is no database: the game is not recorded".into());
        };
        let result = (|| {
            let tx = db::schema::begin(db)?;
            history::add(&tx, &record, self.key)?;
            saves::remove(&tx, &id)?;
            tx.commit()
        })()
        .map_err(StoreError::from);
        if let Err(e) = result {
            // Writes fail from here on: the save is as of the last move that could be saved.
            self.failing = true;
            let pending = self
                .dir
                .as_deref()
                .map(|d| import::keep_pending(d, &record));
            let message = match (pending, &playing) {
                (Some(Ok(path)), _) => format!(
                    "cannot record the game in the database ({e}); its record was written to {} \
                     instead and goes into history at the next start",
                    crate::cards::text::escape_controls(&path.display().to_string())
                ),
                (_, Some(p)) if p.in_db => format!(
                    "cannot record the game in history ({e}); it stays saved as of the last move \
                     that could be saved (resume it with `new2048 play --resume`)"
                ),
                _ => format!(
                    "cannot record the game in history ({e}); it could not be saved either, so \
                     it is lost"
                ),
            };
            let message = self.noticed(message, e.is_damage());
            self.warnings.get_mut().push(message.clone());
            return Err(message);
        }
        if let Some(c) = playing.and_then(|p| p.claim) {
            c.remove();
        }
        Ok(())
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
    /// The best score `game` is measured against: recorded with its kind of game and rules (of
    /// its date's deal, for a daily deal).
    pub(crate) fn best(&self, game: &dyn Ongoing) -> Option<u64> {
        self.checked_best(game.kind(), &game.rules().hash, daily_of(game).as_deref())
    }

    /// Keeps the game in progress (after every move, and on quit or a signal): its first save
    /// claims it and writes it whole, each later one writes only what changed.
    pub(crate) fn save(&mut self, view: &dyn Ongoing) {
        let (Some(dir), Some(_)) = (self.dir.clone(), self.db.as_ref()) else {
            return;
        };
        let _held = self.lock.hold();
        self.follow();
        let i = self.playing_index(&view.key(), view.started());
        let now = utc::now();
        let result = (|| {
            for _ in 0..8 {
                let p = &mut self.playing[i];
                if p.claim.is_none() {
                    match claim::claim(&dir, &p.id) {
                        Ok(c) => p.claim = Some(c),
                        Err(ResumeError::Io(e)) => {
                            return Err(StoreError::Io(format!("cannot claim the save: {e}")));
                        }
                        Err(e @ ResumeError::ReadOnly(_)) => {
                            return Err(StoreError::ReadOnly(e.to_string()));
                        }
                        // Another window holds this id.
                        Err(_) => {
                            p.id = id::new(view.started());
                            continue;
                        }
                    }
                }
                let db = self.db.as_mut().expect("checked above");
                let written = (|| {
                    let tx = db::schema::begin(db)?;
                    if p.carried {
                        saves::remove(&tx, &p.id)?;
                    }
                    let written = saves::write_in(&tx, &p.id, view, now, !p.in_db, &p.sent)?;
                    tx.commit().map(|()| written)
                })()?;
                if let Some(moves) = written {
                    p.carried = false;
                    p.in_db = true;
                    p.sent = moves;
                    return Ok(());
                }
                // The id is another save's: this game takes a new one.
                p.id = id::new(view.started());
                p.claim = None;
            }
            Err(StoreError::Io("no free id for the save".to_string()))
        })();
        self.outcome("save the game", result);
    }

    /// Records a game that ended (won, lost, or quit with at least one move played; a duel
    /// decided or given up) and drops its saved copy; `ending` is a card game's as its screen
    /// says (`None`: the game's own), `ended` when its result screen's clock stopped (`None`:
    /// now). True when its score is a new [`Store::best`].
    pub(crate) fn finish(
        &mut self,
        game: &dyn Ongoing,
        ending: Option<Ending>,
        ended: Option<u64>,
    ) -> bool {
        let new_best = self.note_score(game);
        self.finish_view(game, ending, ended).is_ok() && new_best
    }

    /// Drops this game's saved copy without recording it (a game quit before any move was
    /// played), and lets go of the game. Another game's save is left alone.
    pub(crate) fn forget(&mut self, game: &dyn Ongoing) {
        let _held = self.lock.hold();
        self.follow();
        let Some(p) = self.take_playing(&game.key()) else {
            return;
        };
        let Some(db) = &self.db else {
            return;
        };
        let result = saves::remove(db, &p.id).map(drop).map_err(StoreError::from);
        if result.is_ok()
            && let Some(c) = p.claim
        {
            c.remove();
        }
        self.outcome("remove the saved game", result);
    }

    /// The game on screen is left but kept (quit to the menu): its claim goes, so another window
    /// may take it up. A later `save` of it would start a second save.
    pub(crate) fn release(&mut self) {
        // Dropping the claims lets other windows take the saves; the saves stay.
        self.playing.clear();
    }

    /// Messages for the player (a file moved aside, a folder that cannot be written...).
    pub(crate) fn take_warnings(&mut self) -> Vec<String> {
        if std::mem::take(&mut self.mended_unsaid)
            && let Some(dir) = &self.dir
        {
            db::mend::said(dir);
        }
        std::mem::take(self.warnings.get_mut())
    }

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

    /// The best score recorded for `date`'s daily deal with these rules (not of any game).
    pub(crate) fn daily_best(&self, rules: &Rules, date: &str) -> Option<u64> {
        self.checked_best(GameKind::Cards, &rules.hash(), Some(date))
    }

    /// `date`'s daily deal once finished with these rules: the record to share, the streaks, the
    /// deal's best.
    pub(crate) fn daily_news(&self, rules: &Rules, date: &str) -> Option<DailyNews> {
        let db = self.db.as_ref()?;
        let hash = rules.hash();
        // Newest first: the latest finished play of the deal is the one shared.
        let found = history::list_where(
            db,
            self.key,
            "g.game = 'cards' AND g.daily = ?1 AND r.hash = ?2 AND g.outcome IN ('won', 'lost')",
            [date, hash.as_str()],
        )
        .ok()
        .map(|l| self.rows_read(l))?;
        let Ok(Entry::Cards(record)) = self.record(&found.first()?.id) else {
            return None;
        };
        let dailies =
            self.rows_read(history::list_where(db, self.key, "g.daily IS NOT NULL", []).ok()?);
        let games: Vec<&Recap> = dailies.iter().filter(|r| r.checked).collect();
        let best = self.daily_best(rules, date).unwrap_or(record.score);
        let puzzle = matches!(record.play.deal, Deal::Puzzle { .. });
        let (streak, best_streak) = daily::streaks(&games, &utc::date(utc::now()), puzzle);
        Some(DailyNews {
            record,
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

    /// Takes up saved game `id`, claimed while it is played (until [`Store::release`]).
    pub(crate) fn resume(&mut self, id: &str) -> Result<Resumed, ResumeError> {
        let missing = || ResumeError::NotFound(id.to_string());
        let dir = self.dir.clone().ok_or(ResumeError::NoFolder)?;
        let claim = if self.playing.iter().any(|p| p.id == id) {
            None
        } else {
            Some(claim::claim(&dir, id)?)
        };
        let db = self.db.as_ref().ok_or(ResumeError::NoFolder)?;
        let unusable = |what: &str, e: &dyn std::fmt::Display| {
            ResumeError::Unusable(format!("saved game {id} {what}: {e}; it is kept as it is"))
        };
        let Some(save) = saves::load(db, id).map_err(|e| unusable("cannot be read", &e))? else {
            if let Some(c) = claim {
                c.remove();
            }
            return Err(missing());
        };
        let game = save
            .rebuild()
            .map_err(|e| unusable("cannot be played on", &e))?;
        if let Some(claim) = claim {
            let view = game.view();
            self.playing.push(Playing {
                key: view.key(),
                id: id.to_string(),
                claim: Some(claim),
                sent: view.moves(),
                in_db: true,
                carried: false,
            });
        }
        Ok(game)
    }

    /// Deletes saved game `id`: its game is recorded as quit in the transaction that removes the
    /// save, so it is either still saved or recorded, never neither.
    pub(crate) fn delete_saved(&mut self, id: &str) -> Result<(), ResumeError> {
        let game = self.resume(id)?;
        self.finish_view(&*game.view(), None, None)
            .map_err(ResumeError::Unusable)
    }

    /// The newest saved `game` (of [`SavedGameInfo::game`]) no other window plays, claimed.
    pub(crate) fn resume_newest(&mut self, game: GameKind) -> Option<Resumed> {
        for info in self.saved_games().into_iter().filter(|i| i.game == game) {
            match self.resume(&info.id) {
                Ok(r) => return Some(r),
                // Taken up by another window since it was listed.
                Err(ResumeError::Elsewhere) => {}
                Err(e) => self.warn(format!("saved game {}: {e}", info.number)),
            }
        }
        None
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
