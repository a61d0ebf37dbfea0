//! Storage: history of finished games, the saved games in progress, best scores, replays.
//!
//! Everything lives in the data folder ([`crate::config::paths::data_dir`], `$NEW2048_DATA_DIR` first), as
//! human-readable JSON files that each carry a `format` version; there is no server and nothing
//! to install:
//!
//! ```text
//! <data dir>/lock                      the folder lock (empty; see fsio)
//! <data dir>/saves/<id>.json           one game in progress each, of any mode (see saved)
//! <data dir>/games/<id>.json           one finished game or duel each (history)
//! <data dir>/games/.index.json         a summary of every record, rebuilt when stale (index)
//! <data dir>/saved-game*.json          saves of older versions, still listed (see saved)
//! <data dir>/saved-classic*.json
//! <data dir>/**/<name>.corrupt-<time>  a damaged file, moved aside
//! <data dir>/**/<name>.newer-<time>    a file from a newer new2048, moved aside
//! ```
//!
//! One job per file: [`fsio`] (atomic writes, the lock, refusing what is not a regular file),
//! [`claim`] (which process plays a save), [`record`] (the file formats and their versions),
//! [`classic`] and [`duel`] (what classic games and duels add to them), [`history`], [`saved`]
//! and [`shelf`] (the saves, and the list of them a player sees), [`stats`] and [`report`] (what
//! the `stats` and `history` commands print), [`utc`] (dates without a date crate).
//!
//! [`Store`] is the [`Keeper`] the game screens use, and the [`ClassicKeeper`] and
//! [`DuelKeeper`] of the classic and duel screens: one store, one lock, one history. Storage must
//! never stop play: every problem becomes a message for [`Keeper::take_warnings`]. A write that
//! fails (a full disk, a folder made read-only) is reported once, and tried again at the next
//! move: the first one that works again says so, and the game is saved from there on.
//!
//! Each game this process plays is a [`Playing`]: the id it got at its first save, and the claim
//! on its save file. A game is known by what does not change while it is played (its mode, start,
//! deal and rules), so the screens need not carry the id: they call `save` and `finish` with the
//! game, as before.

pub(crate) mod claim;
pub(crate) mod classic;
pub(crate) mod daily;
pub(crate) mod duel;
pub(crate) mod entry;
pub(crate) mod format;
pub(crate) mod fsio;
pub(crate) mod history;
pub(crate) mod index;
pub(crate) mod keeper;
pub(crate) mod record;
pub(crate) mod report;
pub(crate) mod saved;
pub(crate) mod shelf;
pub(crate) mod stats;
pub(crate) mod utc;

use std::cell::{OnceCell, RefCell};
use std::collections::{HashMap, HashSet};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::cards::engine::Game;
use crate::cards::rules::{ClassicRules, Rules};
use crate::cards::summary::Ending;
use crate::classic::ClassicGame;
use crate::duel::Duel;
use crate::store::keeper::{ClassicKeeper, ClassicMeta, DuelKeeper, GameMeta, Keeper};
use claim::Claim;
use classic::{ClassicRecord, SavedClassic};
use duel::DuelRecord;
use entry::Entry;
use format::{RecordError, Recorded};
use record::{Record, SavedGame};

pub(crate) use shelf::{Resumed, SavedGameInfo};

/// Why reading a data file gave nothing.
enum ReadFailure {
    Io(io::Error),
    Bad(RecordError),
}

/// Reads a file's text with `decode`.
type Decoder<T> = fn(&str) -> Result<T, RecordError>;

fn decode_bytes<T>(bytes: &[u8], decode: Decoder<T>) -> Result<T, RecordError> {
    let text =
        std::str::from_utf8(bytes).map_err(|_| RecordError::Json("it is not UTF-8 text".into()))?;
    decode(text)
}

fn read_decode<T>(path: &Path, decode: Decoder<T>) -> Result<Option<T>, ReadFailure> {
    let bytes = match fsio::read_file(path) {
        Ok(b) => b,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(ReadFailure::Io(e)),
    };
    decode_bytes(&bytes, decode)
        .map(Some)
        .map_err(ReadFailure::Bad)
}

/// The message for a file that could not be read.
fn unreadable(what: &str, path: &Path, e: &io::Error) -> String {
    if fsio::is_not_regular(e) {
        return format!("the {what} {}: {e}; it is skipped", path.display());
    }
    format!("cannot read the {what} {}: {e}", path.display())
}

/// A history file of any game. A damaged or newer file is moved aside (under the lock, after
/// reading it again in case another process just replaced it) and reported through `warn`.
fn read_entry(data_dir: &Path, path: &Path, warn: &mut dyn FnMut(String)) -> Option<Entry> {
    let what = "history record";
    let decode: Decoder<Entry> = entry::decode_entry;
    match read_decode(path, decode) {
        Ok(v) => return v,
        Err(ReadFailure::Io(e)) => {
            warn(unreadable(what, path, &e));
            return None;
        }
        Err(ReadFailure::Bad(_)) => {}
    }
    let _lock = fsio::DirLock::acquire(data_dir);
    match read_decode(path, decode) {
        Ok(v) => v,
        Err(ReadFailure::Io(e)) => {
            warn(unreadable(what, path, &e));
            None
        }
        Err(ReadFailure::Bad(why)) => {
            warn(set_aside(path, what, &why));
            None
        }
    }
}

/// Moves a file that cannot be used aside (the caller holds the lock) and says where to.
fn set_aside(path: &Path, what: &str, why: &RecordError) -> String {
    let kind = if why.is_newer() { "newer" } else { "corrupt" };
    match fsio::move_aside(path, kind) {
        Ok(to) => format!(
            "the {what} {} cannot be used: {why}. It was moved to {} and play goes on without it.",
            path.display(),
            to.display()
        ),
        Err(e) => format!(
            "the {what} {} cannot be used: {why}. It could not be moved aside ({e}), so it is \
             left as it is and skipped.",
            path.display()
        ),
    }
}

/// A game this process is playing: how it is known ([`Store`] docs), the id it got at its first
/// save, and the claim on its save file (none until that save was written).
struct Playing {
    key: String,
    id: String,
    claim: Option<Claim>,
}

/// What identifies a card game while it is played.
fn cards_key(game: &Game, meta: &GameMeta) -> String {
    let deal = serde_json::to_string(&meta.deal).unwrap_or_default();
    format!("cards {} {deal} {}", meta.started, game.rules().hash())
}

/// What identifies a classic game while it is played.
fn classic_key(game: &ClassicGame, meta: &ClassicMeta) -> String {
    format!(
        "classic {} {} {}",
        meta.started,
        game.seed(),
        game.rules().hash()
    )
}

/// What identifies a duel while it is played (the first player's game stands for the deal).
fn duel_key(first_key: &str) -> String {
    format!("duel {first_key}")
}

/// History, saved games and best scores in one data folder: the [`Keeper`] of the real game.
pub(crate) struct Store {
    /// `None` when there is no data folder at all.
    dir: Option<PathBuf>,
    /// True while writes fail: said once when they start failing, and again when one works.
    failing: bool,
    warnings: RefCell<Vec<String>>,
    /// Warnings already given, so that a file skipped at every listing is reported once.
    said: RefCell<HashSet<String>>,
    /// Best score per game and rules hash ([`best_key`]), read from history the first time it
    /// is needed. Duels do not count: a best score is one player's game.
    bests: OnceCell<HashMap<String, u64>>,
    /// The games this process plays and has saved or resumed.
    playing: Vec<Playing>,
    /// The games of the saves the last listing left out: another window plays them.
    elsewhere: Vec<format::GameKind>,
}

impl Store {
    /// The store in the player's data folder (`$NEW2048_DATA_DIR` or the XDG data folder).
    pub(crate) fn open() -> Store {
        Store::at(crate::config::paths::data_dir())
    }

    /// The store in `dir`; with `None` (no home folder) it keeps nothing, and says so once.
    pub(crate) fn at(dir: Option<PathBuf>) -> Store {
        let mut store = Store {
            dir,
            failing: false,
            warnings: RefCell::default(),
            said: RefCell::default(),
            bests: OnceCell::new(),
            playing: Vec::new(),
            elsewhere: Vec::new(),
        };
        match &store.dir {
            None => store.warn(format!(
                "no folder for history and saved games was found (no home folder); set {} to \
                 one. This game will not be saved or recorded.",
                crate::config::paths::DATA_DIR_ENV
            )),
            Some(d) => {
                if let Err(e) = Self::probe(d) {
                    store.failing = true;
                    store.warn(format!(
                        "cannot write to the data folder {} ({e}); this game is not saved or \
                         recorded while that lasts (saving is tried again at every move). Set {} \
                         to a folder you can write to.",
                        d.display(),
                        crate::config::paths::DATA_DIR_ENV
                    ));
                }
            }
        }
        store
    }

    /// Checks the folder can be written: creating it if needed, a temporary file in it and in
    /// `games/` (made and dropped), and the lock; then sweeps away temporary files an old,
    /// killed process left.
    fn probe(dir: &Path) -> io::Result<()> {
        let games = dir.join(history::GAMES_DIR);
        let saves = dir.join(saved::SAVES_DIR);
        fs::create_dir_all(&games)?;
        fs::create_dir_all(&saves)?;
        tempfile::tempfile_in(dir)?;
        tempfile::tempfile_in(&games)?;
        fsio::DirLock::acquire(dir)?;
        for d in [dir, games.as_path(), saves.as_path()] {
            fsio::sweep_temps(d, std::time::Duration::from_secs(3600));
        }
        Ok(())
    }

    /// The data folder, if there is one.
    pub(crate) fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// Adds a warning for the player, unless the same was given already.
    fn warn(&self, message: String) {
        if self.said.borrow_mut().insert(message.clone()) {
            self.warnings.borrow_mut().push(message);
        }
    }

    /// Every recorded card game, newest first (damaged files are moved aside with a warning).
    #[cfg(test)]
    pub(crate) fn history(&self) -> Vec<Record> {
        match &self.dir {
            Some(d) => history::load(d, &mut |m| self.warn(m)),
            None => Vec::new(),
        }
    }

    /// Every recorded card game, classic game and duel, newest first.
    #[cfg(test)]
    pub(crate) fn entries(&self) -> Vec<Entry> {
        match &self.dir {
            Some(d) => history::load_all(d, &mut |m| self.warn(m)),
            None => Vec::new(),
        }
    }

    /// A summary of every recorded game and duel, newest first, from the history index (see
    /// [`index`]): reading it does not read every record.
    pub(crate) fn summaries(&self) -> Vec<index::Indexed> {
        match &self.dir {
            Some(d) => index::load(d, !self.failing, &mut |m| self.warn(m)),
            None => Vec::new(),
        }
    }

    /// The whole text of the record `file` (as [`index::Indexed::file`] names it), checked to
    /// read as a record.
    pub(crate) fn record_text(&self, file: &str) -> Result<String, String> {
        let dir = self.dir.as_deref().ok_or("there is no data folder")?;
        let path = dir.join(history::GAMES_DIR).join(format!("{file}.json"));
        let bytes = fsio::read_file(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let text =
            String::from_utf8(bytes).map_err(|_| format!("{}: not UTF-8", path.display()))?;
        entry::decode_entry(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(text)
    }

    fn bests(&self) -> &HashMap<String, u64> {
        self.bests.get_or_init(|| {
            let mut bests = HashMap::new();
            for i in self.summaries() {
                let s = &i.summary;
                let key = match s.game {
                    format::GameKind::Cards => best_key(false, &s.rules_hash),
                    format::GameKind::Classic => best_key(true, &s.rules_hash),
                    format::GameKind::Duel => continue,
                };
                let b = bests.entry(key).or_insert(0);
                *b = s.score.max(*b);
            }
            bests
        })
    }

    /// Counts a finished game's score in the best scores; true when it is a new best.
    fn note_score(&mut self, key: String, score: u64) -> bool {
        let previous = self.bests().get(&key).copied();
        let new_best = previous.map_or(score > 0, |b| score > b);
        if let Some(bests) = self.bests.get_mut() {
            let b = bests.entry(key).or_insert(0);
            *b = score.max(*b);
        }
        new_best
    }

    /// Runs `change` on the data folder and reports how it went (see [`Store::outcome`]).
    fn write(&mut self, what: &str, change: impl FnOnce(&Path) -> io::Result<()>) {
        if let Some(dir) = self.dir.clone() {
            let result = change(&dir);
            self.outcome(what, result);
        }
    }

    /// Says when writes start failing (once) and when they work again: a full disk costs the
    /// moves made while it is full, never the rest of the game.
    fn outcome(&mut self, what: &str, result: io::Result<()>) {
        let dir = self.dir.clone().unwrap_or_default();
        match result {
            Ok(()) if self.failing => {
                self.failing = false;
                self.warnings.get_mut().push(format!(
                    "saving works again in {}: the game is saved from this move on.",
                    dir.display()
                ));
            }
            Ok(()) => {}
            Err(e) if !self.failing => {
                self.failing = true;
                self.warnings.get_mut().push(format!(
                    "cannot {what} in {} ({e}); play goes on, and saving is tried again at \
                     every move.",
                    dir.display()
                ));
            }
            Err(_) => {}
        }
    }

    /// Where the game known as `key` is in [`Store::playing`]: added with a fresh id (from
    /// `started`) if this is its first save.
    fn playing_index(&mut self, key: &str, started: u64) -> usize {
        if let Some(i) = self.playing.iter().position(|p| p.key == key) {
            return i;
        }
        self.playing.push(Playing {
            key: key.to_string(),
            id: saved::new_id(started),
            claim: None,
        });
        self.playing.len() - 1
    }

    /// Saves the game known as `key`: `json` makes its save file's text from its id.
    fn keep(&mut self, key: &str, started: u64, json: &dyn Fn(&str) -> String) {
        let Some(dir) = self.dir.clone() else {
            return;
        };
        let i = self.playing_index(key, started);
        let result = (|| {
            let _lock = fsio::DirLock::acquire(&dir)?;
            let p = &mut self.playing[i];
            // Made again if it was removed while the game was played.
            fs::create_dir_all(dir.join(saved::SAVES_DIR))?;
            if let Some(c) = &mut p.claim {
                return c.replace(json(&p.id).as_bytes());
            }
            // A fresh id is taken only if no file has it (a clash draws another).
            for _ in 0..8 {
                match Claim::create(&saved::path_of(&dir, &p.id), json(&p.id).as_bytes()) {
                    Ok(c) => {
                        p.claim = Some(c);
                        return Ok(());
                    }
                    Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                        p.id = saved::new_id(started);
                    }
                    Err(e) => return Err(e),
                }
            }
            Err(io::Error::other("no free name for the save"))
        })();
        self.outcome("save the game", result);
    }

    /// Records the game known as `key` under its id (recording nothing if it is recorded
    /// already), then removes its save and lets go of it.
    fn finish_kept<R: Recorded>(&mut self, key: &str, started: u64, record: &mut R) {
        let playing = self
            .playing
            .iter()
            .position(|p| p.key == key)
            .map(|i| self.playing.remove(i));
        let id = playing
            .as_ref()
            .map_or_else(|| saved::new_id(started), |p| p.id.clone());
        record.set_id(id);
        self.write("record the game in history", |dir| {
            history::add(dir, record).map(drop)
        });
        #[cfg(test)]
        if fsio::faults::killed_after_record() {
            return;
        }
        if let Some(claim) = playing.and_then(|p| p.claim) {
            self.write("remove the saved game", |dir| {
                let _lock = fsio::DirLock::acquire(dir)?;
                claim.remove()
            });
        }
    }

    /// Removes the save of the game known as `key` (quit before it counted) and lets go of it.
    fn forget_kept(&mut self, key: &str) {
        if let Some(i) = self.playing.iter().position(|p| p.key == key)
            && let Some(claim) = self.playing.remove(i).claim
        {
            self.write("remove the saved game", |dir| {
                let _lock = fsio::DirLock::acquire(dir)?;
                claim.remove()
            });
        }
    }
}

/// The key of a best score: card and classic rules hashes digest different texts, and the prefix
/// keeps them apart whatever they are.
fn best_key(classic: bool, hash: &str) -> String {
    if classic {
        format!("classic {hash}")
    } else {
        hash.to_string()
    }
}

impl Keeper for Store {
    fn best(&self, rules: &Rules) -> Option<u64> {
        self.bests().get(&best_key(false, &rules.hash())).copied()
    }

    fn save(&mut self, game: &Game, meta: &GameMeta) {
        let now = utc::now();
        self.keep(&cards_key(game, meta), meta.started, &|id| {
            SavedGame::of(game, meta, now, id.to_string()).to_json()
        });
    }

    fn finish(&mut self, game: &Game, meta: &GameMeta, ending: Ending) -> bool {
        let mut record = Record::of(game, meta, ending, utc::now(), String::new());
        let new_best = self.note_score(best_key(false, &record.play.rules.hash), record.score);
        self.finish_kept(&cards_key(game, meta), meta.started, &mut record);
        new_best
    }

    fn forget(&mut self, game: &Game, meta: &GameMeta) {
        self.forget_kept(&cards_key(game, meta));
    }

    fn release(&mut self) {
        // Dropping the claims lets other windows take the saves; the files stay.
        self.playing.clear();
    }

    fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(self.warnings.get_mut())
    }

    fn daily_best(&self, rules: &Rules, date: &str) -> Option<u64> {
        let all = self.summaries();
        let games: Vec<&index::Summary> = all.iter().map(|i| &i.summary).collect();
        daily::best_of(&games, &rules.hash(), date)
    }

    fn daily_news(&self, rules: &Rules, date: &str) -> Option<daily::DailyNews> {
        let all = self.summaries();
        let hash = rules.hash();
        // Newest first: the latest finished play of the deal is the one shared.
        let found = all
            .iter()
            .find(|i| daily::is_finished_of(&i.summary, &hash, date))?;
        let Ok(Entry::Cards(record)) = entry::decode_entry(&self.record_text(&found.file).ok()?)
        else {
            return None;
        };
        let games: Vec<&index::Summary> = all.iter().map(|i| &i.summary).collect();
        Some(daily::news(&games, &record, &utc::date(utc::now())))
    }
}

impl ClassicKeeper for Store {
    fn classic_best(&self, rules: &ClassicRules) -> Option<u64> {
        self.bests().get(&best_key(true, &rules.hash())).copied()
    }

    fn save_classic(&mut self, game: &ClassicGame, meta: &ClassicMeta) {
        let now = utc::now();
        self.keep(&classic_key(game, meta), meta.started, &|id| {
            SavedClassic::of(game, meta, now, id.to_string()).to_json()
        });
    }

    fn finish_classic(&mut self, game: &ClassicGame, meta: &ClassicMeta) -> bool {
        let mut record = ClassicRecord::of(game, meta, utc::now());
        let new_best = self.note_score(best_key(true, &record.play.rules.hash), record.score);
        self.finish_kept(&classic_key(game, meta), meta.started, &mut record);
        new_best
    }

    fn saved_classic(&mut self) -> Option<(ClassicGame, ClassicMeta)> {
        self.resume_newest(
            |i| i.game == format::GameKind::Classic,
            |r| match r {
                Resumed::Classic(g, m) => Ok((*g, m)),
                other => Err(other),
            },
        )
    }

    fn forget_classic(&mut self, game: &ClassicGame, meta: &ClassicMeta) {
        self.forget_kept(&classic_key(game, meta));
    }
}

impl DuelKeeper for Store {
    fn save_card_duel(&mut self, duel: &Duel<Game>, meta: &GameMeta, names: &[String; 2]) {
        let now = utc::now();
        let key = duel_key(&cards_key(&duel.players[0], meta));
        self.keep(&key, meta.started, &|id| {
            let mut r = DuelRecord::of_cards(duel, meta, names, now);
            r.id = id.to_string();
            format::to_json(&r)
        });
    }

    fn save_classic_duel(
        &mut self,
        duel: &Duel<ClassicGame>,
        meta: &ClassicMeta,
        names: &[String; 2],
    ) {
        let now = utc::now();
        let key = duel_key(&classic_key(&duel.players[0], meta));
        self.keep(&key, meta.started, &|id| {
            let mut r = DuelRecord::of_classic(duel, meta, names, now);
            r.id = id.to_string();
            format::to_json(&r)
        });
    }

    fn finish_card_duel(&mut self, duel: &Duel<Game>, meta: &GameMeta, names: &[String; 2]) {
        let key = duel_key(&cards_key(&duel.players[0], meta));
        let mut record = DuelRecord::of_cards(duel, meta, names, utc::now());
        self.finish_kept(&key, meta.started, &mut record);
    }

    fn finish_classic_duel(
        &mut self,
        duel: &Duel<ClassicGame>,
        meta: &ClassicMeta,
        names: &[String; 2],
    ) {
        let key = duel_key(&classic_key(&duel.players[0], meta));
        let mut record = DuelRecord::of_classic(duel, meta, names, utc::now());
        self.finish_kept(&key, meta.started, &mut record);
    }
}

#[cfg(test)]
impl Store {
    /// The newest saved card game no other window plays, claimed for this process: the store's
    /// tests take saves this way; the game itself lists them through [`SavedGames`].
    fn saved(&mut self) -> Option<(Game, GameMeta)> {
        self.resume_newest(
            |i| i.game == format::GameKind::Cards,
            |r| match r {
                Resumed::Cards(g, m) => Ok((*g, m)),
                other => Err(other),
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::cards::engine::Move;
    use crate::store::keeper::Deal;
    use crate::store::shelf::ResumeError;

    fn game(seed: u64) -> (Game, GameMeta) {
        let g = Game::with_seed(Arc::new(Rules::default_rules()), seed);
        let meta = GameMeta {
            deal: Deal::Seed { seed },
            started: utc::now(),
        };
        (g, meta)
    }

    fn at(dir: &tempfile::TempDir) -> Store {
        Store::at(Some(dir.path().to_path_buf()))
    }

    fn save_files(dir: &Path) -> Vec<PathBuf> {
        let mut v: Vec<PathBuf> = fs::read_dir(dir.join(saved::SAVES_DIR))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| !p.file_name().unwrap().to_string_lossy().starts_with('.'))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn save_resume_finish() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = at(&dir);
        assert!(s.take_warnings().is_empty());
        assert_eq!(s.saved().map(|(g, _)| g.moves().len()), None);
        let (mut g, meta) = game(9);
        g.play(Move::Place(0)).unwrap();
        g.play(Move::Place(1)).unwrap();
        s.save(&g, &meta);
        // This process plays it: another one neither lists nor takes it up.
        let mut other = at(&dir);
        assert!(other.saved_games().is_empty());
        assert!(other.saved().is_none());
        let id = s.saved_games()[0].id.clone();
        assert!(matches!(other.resume(&id), Err(ResumeError::Elsewhere)));
        s.release();
        let (back, back_meta) = other.saved().unwrap();
        assert_eq!(back.position(), g.position());
        assert_eq!(back_meta, meta);
        drop(other);

        // Another game finishing leaves this save alone; this one finishing drops it.
        let (mut next, next_meta) = game(10);
        next.play(Move::Place(0)).unwrap();
        let mut s = at(&dir);
        s.finish(&next, &next_meta, Ending::Quit);
        let (g, meta) = s.saved().unwrap();
        let new_best = s.finish(&g, &meta, Ending::Quit);
        assert!(s.saved().is_none());
        assert!(save_files(dir.path()).is_empty());
        let history = s.history();
        assert_eq!(history.len(), 2);
        assert!(
            history.iter().any(|r| r.id == id),
            "the record is named by the game's id"
        );
        assert_eq!(
            new_best,
            g.position().score > next.position().score,
            "{} vs {}",
            g.position().score,
            next.position().score
        );
        let best = g.position().score.max(next.position().score);
        assert_eq!(s.best(&Rules::default_rules()), Some(best));
        assert!(s.take_warnings().is_empty());
    }

    #[test]
    fn every_interrupted_game_is_listed_newest_first() {
        let dir = tempfile::tempdir().unwrap();
        let (mut a, a_meta) = game(11);
        let (mut b, b_meta) = game(12);
        let (mut first, mut second) = (at(&dir), at(&dir));
        // Two processes playing at once, moves interleaved.
        for col in 0..3 {
            a.play(Move::Place(col)).unwrap();
            first.save(&a, &a_meta);
            b.play(Move::Place(col)).unwrap();
            second.save(&b, &b_meta);
        }
        let (c, c_meta) = classic(4, 3);
        second.save_classic(&c, &c_meta);
        assert_eq!(save_files(dir.path()).len(), 3, "one save file per game");
        drop((first, second));
        let mut s = at(&dir);
        let list = s.saved_games();
        let kinds: Vec<_> = list.iter().map(|i| (i.number, i.game)).collect();
        assert_eq!(kinds.len(), 3, "{list:?}");
        assert!(list.windows(2).all(|w| w[0].saved >= w[1].saved));
        let card = list
            .iter()
            .find(|i| i.game == format::GameKind::Cards)
            .unwrap();
        assert_eq!((card.rules.as_str(), card.played), ("default", 3));
        let cl = list
            .iter()
            .find(|i| i.game == format::GameKind::Classic)
            .unwrap();
        assert_eq!(
            (cl.score, cl.played, cl.deal.as_str()),
            (c.score(), 3, "4x4 seed 4")
        );
        // Deleting records the game as quit and removes its save.
        s.delete_saved(&cl.id).unwrap();
        assert_eq!(s.saved_games().len(), 2);
        assert_eq!(s.entries().len(), 1);
        assert!(matches!(s.resume(&cl.id), Err(ResumeError::NotFound(_))));
        assert!(matches!(s.resume("../lock"), Err(ResumeError::NotFound(_))));
    }

    #[test]
    fn a_game_killed_between_its_record_and_its_save_is_not_recorded_twice() {
        let dir = tempfile::tempdir().unwrap();
        let (mut g, meta) = game(21);
        g.play(Move::Place(0)).unwrap();
        let mut s = at(&dir);
        s.save(&g, &meta);
        fsio::faults::kill_after_record();
        s.finish(&g, &meta, Ending::Quit);
        drop(s);
        assert_eq!(save_files(dir.path()).len(), 1, "the kill left the save");
        let mut s = at(&dir);
        assert!(s.saved_games().is_empty(), "a recorded game is not offered");
        assert!(s.saved().is_none());
        assert!(save_files(dir.path()).is_empty(), "and its save is removed");
        assert_eq!(s.entries().len(), 1, "recorded once");
    }

    #[test]
    fn saving_is_tried_again_after_a_full_disk_and_says_when_it_works() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = at(&dir);
        let (mut g, meta) = game(22);
        g.play(Move::Place(0)).unwrap();
        s.save(&g, &meta);
        fsio::faults::fail_writes(true);
        g.play(Move::Place(1)).unwrap();
        s.save(&g, &meta);
        g.play(Move::Place(2)).unwrap();
        s.save(&g, &meta);
        let w = s.take_warnings();
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(
            w[0].contains("No space left") && w[0].contains("tried again"),
            "{w:?}"
        );
        fsio::faults::fail_writes(false);
        g.play(Move::Place(3)).unwrap();
        s.save(&g, &meta);
        let w = s.take_warnings();
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0].contains("saving works again"), "{w:?}");
        s.release();
        let (back, _) = at(&dir).saved().unwrap();
        assert_eq!(back.moves().len(), 4, "the save has every move");
        assert_eq!(save_files(dir.path()).len(), 1);
    }

    #[test]
    fn no_folder_keeps_nothing_and_says_so_once() {
        let mut s = Store::at(None);
        let (g, meta) = game(1);
        s.save(&g, &meta);
        assert!(!s.finish(&g, &meta, Ending::Quit));
        assert!(s.saved().is_none());
        assert!(s.saved_games().is_empty());
        assert!(matches!(s.resume("x"), Err(ResumeError::NoFolder)));
        assert_eq!(s.take_warnings().len(), 1);
        assert!(s.take_warnings().is_empty());
    }

    fn classic(seed: u64, moves: usize) -> (ClassicGame, ClassicMeta) {
        use crate::classic::Dir;
        let rules = Rules::default_rules().classic;
        let mut g = ClassicGame::new(rules, seed);
        for d in Dir::ALL.into_iter().cycle().take(4 * moves) {
            if g.moves().len() == moves {
                break;
            }
            g.play(d);
        }
        let meta = ClassicMeta {
            rules_name: "default".into(),
            started: utc::now(),
        };
        (g, meta)
    }

    #[test]
    fn classic_saves_and_bests_are_kept_apart_from_card_games() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = at(&dir);
        let (mut card, card_meta) = game(3);
        card.play(Move::Place(0)).unwrap();
        s.save(&card, &card_meta);
        let (g, meta) = classic(5, 6);
        s.save_classic(&g, &meta);
        assert_eq!(s.saved().map(|(g, _)| g.moves().len()), Some(1));
        let (back, back_meta) = s.saved_classic().unwrap();
        assert_eq!((back.board(), back.score()), (g.board(), g.score()));
        assert_eq!(back_meta, meta);

        let rules = g.rules();
        assert_eq!(s.classic_best(&rules), None);
        assert_eq!(s.finish_classic(&g, &meta), g.score() > 0);
        assert!(s.saved_classic().is_none(), "finishing drops its own save");
        assert!(s.saved().is_some(), "and leaves the card game's");
        assert_eq!(s.classic_best(&rules), Some(g.score()));
        // A card best is not a classic best, nor the other way round.
        assert_eq!(s.best(&Rules::default_rules()), None);
        let (weaker, weaker_meta) = classic(6, 1);
        assert!(weaker.score() < g.score());
        assert!(!s.finish_classic(&weaker, &weaker_meta));
        let bigger = ClassicRules { size: 5, ..rules };
        assert_eq!(s.classic_best(&bigger), None);
        // Read again from history by a new store.
        let again = at(&dir);
        assert_eq!(again.classic_best(&rules), Some(g.score()));
        assert_eq!(again.entries().len(), 2);
        assert!(again.history().is_empty(), "history() is card games only");

        // Forgetting a game quit before it counted drops its save.
        let (other, other_meta) = classic(7, 2);
        s.save_classic(&other, &other_meta);
        assert!(s.saved_classic().is_some());
        s.forget_classic(&other, &other_meta);
        assert!(s.saved_classic().is_none());
        assert!(s.take_warnings().is_empty());
    }

    #[test]
    fn a_damaged_save_is_moved_aside() {
        let dir = tempfile::tempdir().unwrap();
        let (mut g, meta) = game(2);
        g.play(Move::Place(0)).unwrap();
        let mut s = at(&dir);
        s.save(&g, &meta);
        let (c, c_meta) = classic(8, 3);
        s.save_classic(&c, &c_meta);
        s.release();
        for p in save_files(dir.path()) {
            let text = fs::read_to_string(&p).unwrap();
            let bad = text
                .replace("\"moves\": \"1\"", "\"moves\": \"1 99\"")
                .replace("\"size\": 4", "\"size\": 9");
            assert_ne!(bad, text);
            fs::write(&p, bad).unwrap();
        }
        assert!(s.saved_games().is_empty());
        let w = s.take_warnings();
        assert_eq!(w.len(), 2, "{w:?}");
        assert!(w.iter().all(|w| w.contains(".json.corrupt-")), "{w:?}");
        assert!(
            save_files(dir.path())
                .iter()
                .all(|p| p.to_string_lossy().contains("corrupt"))
        );
    }

    #[test]
    fn saves_of_older_versions_are_listed_and_moved_in_when_resumed() {
        let dir = tempfile::tempdir().unwrap();
        let (mut g, meta) = game(31);
        g.play(Move::Place(2)).unwrap();
        let old = SavedGame::of(&g, &meta, utc::now(), String::new()).to_json();
        fs::write(dir.path().join("saved-game.json"), &old).unwrap();
        fs::write(dir.path().join("saved-game-123-4.json"), &old).unwrap();
        let (c, c_meta) = classic(9, 2);
        let old_classic = SavedClassic::of(&c, &c_meta, utc::now(), String::new()).to_json();
        fs::write(dir.path().join("saved-classic.json"), old_classic).unwrap();
        let mut s = at(&dir);
        let list = s.saved_games();
        let ids: Vec<&str> = list.iter().map(|i| i.id.as_str()).collect();
        assert_eq!(list.len(), 3, "{ids:?}");
        assert!(
            ids.contains(&"saved-game") && ids.contains(&"saved-classic"),
            "{ids:?}"
        );
        let Resumed::Cards(back, _) = s.resume("saved-game").unwrap() else {
            panic!("a card game")
        };
        assert_eq!(back.position(), g.position());
        assert!(
            !dir.path().join("saved-game.json").exists(),
            "moved into saves/"
        );
        assert_eq!(save_files(dir.path()).len(), 1);
        s.finish(&back, &meta, Ending::Quit);
        assert_eq!(s.saved_games().len(), 2);
        assert!(s.take_warnings().is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn fifos_among_the_saves_and_records_are_skipped_and_said_once() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = at(&dir);
        for name in ["saves/x-1.json", "saved-game.json", "games/y.json"] {
            fsio::faults::mkfifo(&dir.path().join(name));
        }
        assert!(s.saved_games().is_empty());
        assert!(s.saved().is_none());
        assert!(s.entries().is_empty());
        let w = s.take_warnings();
        assert_eq!(w.len(), 3, "{w:?}");
        assert!(w.iter().all(|w| w.contains("FIFO")), "{w:?}");
        assert!(s.saved_games().is_empty());
        assert!(s.take_warnings().is_empty(), "said once");
    }
}
