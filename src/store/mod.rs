//! Storage: history of finished games, the saved game in progress, best scores, replays.
//!
//! Everything lives in the data folder ([`crate::paths::data_dir`], `$NEW2048_DATA_DIR` first), as
//! human-readable JSON files that each carry a `format` version; there is no server and nothing
//! to install:
//!
//! ```text
//! <data dir>/lock                      the folder lock (empty; see fsio)
//! <data dir>/saved-game.json           the game in progress (saved)
//! <data dir>/games/<id>.json           one finished game each (history)
//! <data dir>/**/<name>.corrupt-<time>  a damaged file, moved aside
//! <data dir>/**/<name>.newer-<time>    a file from a newer new2048, moved aside
//! ```
//!
//! One job per file: [`fsio`] (atomic writes, the lock, moving aside), [`record`] (the file
//! formats and their versions), [`history`], [`saved`], [`stats`] and [`report`] (what the
//! `stats` and `history` commands print), [`utc`] (dates without a date crate).
//!
//! [`Store`] is the [`Keeper`] the game screens use. Storage must never stop play: every problem
//! becomes a message for [`Keeper::take_warnings`], and a folder that cannot be written is
//! reported once, after which the store reads what it can and writes nothing.

pub mod fsio;
pub mod history;
pub mod record;
pub mod report;
pub mod saved;
pub mod stats;
pub mod utc;

use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use crate::engine::Game;
use crate::keeper::{GameMeta, Keeper};
use crate::rules::Rules;
use crate::summary::Ending;
use record::{Record, RecordError, SavedGame};

/// Why reading a data file gave nothing.
enum ReadFailure {
    Io(io::Error),
    Bad(RecordError),
}

fn read_decode<T: DeserializeOwned>(path: &Path) -> Result<Option<T>, ReadFailure> {
    let bytes = match fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(ReadFailure::Io(e)),
    };
    let text = std::str::from_utf8(&bytes)
        .map_err(|_| ReadFailure::Bad(RecordError::Json("it is not UTF-8 text".into())))?;
    record::decode(text).map(Some).map_err(ReadFailure::Bad)
}

/// Reads a data file as a `T`. A damaged or newer file is moved aside (under the lock, after
/// reading it again in case another process just replaced it) and reported through `warn`.
fn read_checked<T: DeserializeOwned>(
    data_dir: &Path,
    path: &Path,
    what: &str,
    warn: &mut dyn FnMut(String),
) -> Option<T> {
    match read_decode::<T>(path) {
        Ok(v) => return v,
        Err(ReadFailure::Io(e)) => {
            warn(format!("cannot read the {what} {}: {e}", path.display()));
            return None;
        }
        Err(ReadFailure::Bad(_)) => {}
    }
    let _lock = fsio::DirLock::acquire(data_dir);
    match read_decode::<T>(path) {
        Ok(v) => v,
        Err(ReadFailure::Io(e)) => {
            warn(format!("cannot read the {what} {}: {e}", path.display()));
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

/// History, saved game and best scores in one data folder: the [`Keeper`] of the real game.
pub struct Store {
    /// `None` when there is no data folder at all.
    dir: Option<PathBuf>,
    /// False when the folder cannot be written: the store then only reads.
    writable: bool,
    warnings: RefCell<Vec<String>>,
    /// Best score per rules hash, read from history the first time it is needed.
    bests: OnceCell<HashMap<String, u64>>,
}

impl Store {
    /// The store in the player's data folder (`$NEW2048_DATA_DIR` or the XDG data folder).
    pub fn open() -> Store {
        Store::at(crate::paths::data_dir())
    }

    /// The store in `dir`; with `None` (no home folder) it keeps nothing, and says so once.
    pub fn at(dir: Option<PathBuf>) -> Store {
        let mut store = Store {
            dir,
            writable: false,
            warnings: RefCell::default(),
            bests: OnceCell::new(),
        };
        match &store.dir {
            None => store.warn(format!(
                "no folder for history and saved games was found (no home folder); set {} to \
                 one. This game will not be saved or recorded.",
                crate::paths::DATA_DIR_ENV
            )),
            Some(d) => match Self::probe(d) {
                Ok(()) => store.writable = true,
                Err(e) => store.warn(format!(
                    "cannot write to the data folder {} ({e}); this game will not be saved or \
                     recorded. Set {} to a folder you can write to.",
                    d.display(),
                    crate::paths::DATA_DIR_ENV
                )),
            },
        }
        store
    }

    /// Checks the folder can be written: creating it if needed, a temporary file in it and in
    /// `games/` (made and dropped), and the lock; then sweeps away temporary files an old,
    /// killed process left.
    fn probe(dir: &Path) -> io::Result<()> {
        let games = dir.join(history::GAMES_DIR);
        fs::create_dir_all(&games)?;
        tempfile::tempfile_in(dir)?;
        tempfile::tempfile_in(&games)?;
        fsio::DirLock::acquire(dir)?;
        for d in [dir, games.as_path()] {
            fsio::sweep_temps(d, std::time::Duration::from_secs(3600));
        }
        Ok(())
    }

    /// The data folder, if there is one.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// Whether games are saved and recorded.
    pub fn is_writable(&self) -> bool {
        self.writable
    }

    fn warn(&self, message: String) {
        self.warnings.borrow_mut().push(message);
    }

    fn failed(&mut self, what: &str, e: io::Error) {
        // Once the folder has failed a write, say it once and stop trying: play goes on.
        self.writable = false;
        let dir = self.dir.as_deref().unwrap_or(Path::new("?"));
        self.warn(format!(
            "cannot {what} in {} ({e}); from now on this game is not saved or recorded.",
            dir.display()
        ));
    }

    /// Every recorded game, newest first (damaged files are moved aside with a warning).
    pub fn history(&self) -> Vec<Record> {
        match &self.dir {
            Some(d) => history::load(d, &mut |m| self.warn(m)),
            None => Vec::new(),
        }
    }

    fn bests(&self) -> &HashMap<String, u64> {
        self.bests.get_or_init(|| {
            let mut bests = HashMap::new();
            for r in self.history() {
                let b = bests.entry(r.play.rules.hash).or_insert(0);
                *b = r.score.max(*b);
            }
            bests
        })
    }
}

impl Keeper for Store {
    fn best(&self, rules: &Rules) -> Option<u64> {
        self.bests().get(&rules.hash()).copied()
    }

    fn save(&mut self, game: &Game, meta: &GameMeta) {
        let (Some(dir), true) = (&self.dir, self.writable) else {
            return;
        };
        if let Err(e) = saved::write(dir, &SavedGame::of(game, meta, utc::now())) {
            self.failed("save the game", e);
        }
    }

    fn finish(&mut self, game: &Game, meta: &GameMeta, ending: Ending) -> bool {
        let mut record = Record::of(game, meta, ending, utc::now(), String::new());
        let hash = record.play.rules.hash.clone();
        let previous = self.best(game.rules());
        let new_best = previous.map_or(record.score > 0, |b| record.score > b);
        if let Some(bests) = self.bests.get_mut() {
            let b = bests.entry(hash).or_insert(0);
            *b = record.score.max(*b);
        }
        if let (Some(dir), true) = (self.dir.clone(), self.writable) {
            if let Err(e) = history::add(&dir, &mut record) {
                self.failed("record the game in history", e);
            }
            if let Err(e) = saved::remove_if_same(&dir, &record.play) {
                self.failed("remove the saved game", e);
            }
        }
        new_best
    }

    fn saved(&mut self) -> Option<(Game, GameMeta)> {
        let dir = self.dir.clone()?;
        let save = saved::read(&dir, &mut |m| self.warn(m))?;
        match save.play.rebuild() {
            Ok(g) => Some(g),
            Err(why) => {
                let _lock = fsio::DirLock::acquire(&dir);
                self.warn(set_aside(&saved::path(&dir), "saved game", &why));
                None
            }
        }
    }

    fn forget(&mut self, game: &Game, meta: &GameMeta) {
        let (Some(dir), true) = (self.dir.clone(), self.writable) else {
            return;
        };
        if let Err(e) = saved::remove_if_same(&dir, &record::Play::of(game, meta)) {
            self.failed("remove the saved game", e);
        }
    }

    fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(self.warnings.get_mut())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::engine::Move;
    use crate::keeper::Deal;

    fn game(seed: u64) -> (Game, GameMeta) {
        let g = Game::with_seed(Arc::new(Rules::default_rules()), seed);
        let meta = GameMeta {
            deal: Deal::Seed { seed },
            started: utc::now(),
        };
        (g, meta)
    }

    #[test]
    fn save_resume_finish() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = Store::at(Some(dir.path().to_path_buf()));
        assert!(s.take_warnings().is_empty());
        assert_eq!(s.saved().map(|(g, _)| g.moves().len()), None);
        let (mut g, meta) = game(9);
        g.play(Move::Place(0)).unwrap();
        g.play(Move::Place(1)).unwrap();
        s.save(&g, &meta);
        let (back, back_meta) = Store::at(Some(dir.path().to_path_buf())).saved().unwrap();
        assert_eq!(back.position(), g.position());
        assert_eq!(back_meta, meta);

        // Another game finishing leaves this save alone; this one finishing drops it.
        let (mut other, other_meta) = game(10);
        other.play(Move::Place(0)).unwrap();
        s.finish(&other, &other_meta, Ending::Quit);
        assert!(s.saved().is_some());
        let new_best = s.finish(&g, &meta, Ending::Quit);
        assert!(s.saved().is_none());
        assert_eq!(s.history().len(), 2);
        assert_eq!(
            new_best,
            g.position().score > other.position().score,
            "{} vs {}",
            g.position().score,
            other.position().score
        );
        let best = g.position().score.max(other.position().score);
        assert_eq!(s.best(&Rules::default_rules()), Some(best));
        assert!(s.take_warnings().is_empty());
    }

    #[test]
    fn no_folder_keeps_nothing_and_says_so_once() {
        let mut s = Store::at(None);
        let (g, meta) = game(1);
        s.save(&g, &meta);
        assert!(!s.finish(&g, &meta, Ending::Quit));
        assert!(s.saved().is_none());
        assert_eq!(s.take_warnings().len(), 1);
        assert!(s.take_warnings().is_empty());
    }

    #[test]
    fn damaged_save_is_moved_aside() {
        let dir = tempfile::tempdir().unwrap();
        let (mut g, meta) = game(2);
        g.play(Move::Place(0)).unwrap();
        let mut s = Store::at(Some(dir.path().to_path_buf()));
        s.save(&g, &meta);
        let p = saved::path(dir.path());
        let text = fs::read_to_string(&p).unwrap();
        fs::write(&p, text.replace("\"moves\": \"1\"", "\"moves\": \"1 99\"")).unwrap();
        assert!(s.saved().is_none());
        let w = s.take_warnings();
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0].contains("saved-game.json.corrupt-"), "{w:?}");
        assert!(!p.exists());
    }
}
