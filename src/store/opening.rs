//! The store's hold on its database file: opening it (the old JSON files imported, unchecked
//! rows replayed), following it when another window mended it and put a new file in its place
//! while this one had it open, and closing it. All three hold the data folder's lock shared, so
//! that a mending (which holds it exclusively, `db::mend`) never happens half-way through them.
//!
//! A window that had the old file open notices before its next write: the file at the
//! database's path is no longer the one it opened (another device and inode; on Windows, another
//! volume and file index). It lets go of the old file (telling SQLite to leave the log files by
//! that name alone: they are the new file's now), opens the new one, and carries its games into
//! it: each game's next save is written whole (replacing the copy the mending brought of it), and
//! its record at its end.

use std::path::{Path, PathBuf};

use rusqlite::{FileControl, MAIN_DB};

use super::Store;
use super::api::Moves;
use super::db::error::StoreError;
use super::db::{self, history, import, mend};

impl Store {
    /// The store in the player's data folder (`$NEW2048_DATA_DIR` or the XDG data folder).
    pub(crate) fn open() -> Store {
        Store::at(crate::config::paths::data_dir())
    }

    /// The store in `dir`; with `None` (no home folder) it keeps nothing, and says so once.
    pub(crate) fn at(dir: Option<PathBuf>) -> Store {
        let mut store = Store::default();
        store.dir = dir;
        let Some(dir) = store.dir.clone() else {
            store.warn(format!(
                "no folder for history and saved games was found (no home folder); set {} to \
                 one. This game will not be saved or recorded.",
                crate::config::paths::DATA_DIR_ENV
            ));
            return store;
        };
        store.warn_all(crate::strategy::ntuple::weights_problems(&dir));
        let _ = std::fs::create_dir_all(&dir);
        store.lock = mend::Lock::open(&dir);
        let _held = store.lock.hold();
        store.connect(&dir);
        store
    }

    /// Opens the database in `dir` (the lock held shared): imports the old files, replays the
    /// rows not checked yet; or says why it cannot be opened.
    fn connect(&mut self, dir: &Path) {
        let (mut conn, opened) = match db::mend::open::open_or_mend(dir, &self.lock) {
            Ok(found) => found,
            Err(e) => return self.unopenable(dir, e),
        };
        self.damaged = opened.as_ref().is_some_and(|o| o.damaged);
        // Read-only: every write would fail; said once, here.
        self.failing = opened.as_ref().is_some_and(|o| !o.damaged);
        self.warnings
            .mended(opened.as_ref().is_some_and(|o| o.damaged));
        self.warn_all(opened.map(|o| o.note));
        let imported = match import::run(&mut conn, dir) {
            Ok(notes) => notes,
            // A damaged index, say, that opening did not read: mended as a file that does not
            // open is, then the files are imported again.
            Err(e) => match mend::mend(dir, &self.lock, Some(conn), &e.into()) {
                Ok((again, opened)) => {
                    conn = again;
                    self.damaged |= opened.is_some();
                    self.warnings
                        .mended(opened.as_ref().is_some_and(|o| o.damaged));
                    self.warn_all(opened.map(|o| o.note));
                    import::run(&mut conn, dir).unwrap_or_else(|e| {
                        vec![format!("the game files could not be imported: {e}")]
                    })
                }
                Err(e) => return self.unopenable(dir, e),
            },
        };
        self.warn_all(imported);
        self.key = self.key_for(dir, &conn);
        // Rows without a verdict are replayed once, here; a failure only means they are
        // replayed at the next start.
        if let Some(key) = self.key {
            self.say_edited(&history::check_unchecked(&conn, key).unwrap_or_default());
        }
        self.file = mend::identity(&db::schema::path_in(dir));
        self.db = Some(conn);
    }

    /// The key of `dir`'s verified rows; a key made now verifies no row yet, so every row is
    /// replayed once more (the key file was lost, or this is the first start of schema 3).
    fn key_for(&self, dir: &Path, conn: &rusqlite::Connection) -> Option<db::seal::Key> {
        match db::seal::Key::of_folder(dir) {
            Ok((key, fresh)) => {
                if fresh {
                    let _ = db::seal::forget_all(conn);
                }
                Some(key)
            }
            Err(e) => {
                self.warn(e.to_string());
                None
            }
        }
    }

    /// The database in `dir` cannot be opened (`e`): said once, and every write fails.
    fn unopenable(&mut self, dir: &Path, e: StoreError) {
        self.failing = true;
        let message = match &e {
            StoreError::Newer(_) => format!(
                "{e}; nothing in it was read or changed. Update new2048 to play with its games; \
                 until then games are not saved or recorded."
            ),
            StoreError::Damaged(_) | StoreError::Full(_) => {
                format!("{e}; games are not saved or recorded while that lasts.")
            }
            StoreError::NotRegular(_) => format!(
                "{e}; until then history, stats and saved games cannot be read, and games are \
                 not saved or recorded"
            ),
            _ => format!(
                "cannot write to the data folder {} ({e}); games are not saved or recorded \
                 while that lasts. Set {} to a folder you can write to.",
                dir.display(),
                crate::config::paths::DATA_DIR_ENV
            ),
        };
        // A database that is there but cannot be opened holds history this process cannot
        // read: a command asked for it fails.
        // Something other than a file in its place (a folder, a FIFO) hides history as well.
        let file = std::fs::symlink_metadata(db::schema::path_in(dir));
        self.warnings.set_partial(file.is_ok());
        self.warn(message);
        self.unopened = Some(e);
    }

    /// Why there is no database, as an error of its kind (a newer schema, a full disk...).
    pub(crate) fn unopened(&self) -> StoreError {
        let what = "the database cannot be opened (see above)".to_string();
        self.unopened
            .clone()
            .map_or(StoreError::Io(what.clone()), |e| e.context(|_| what))
    }

    /// Before a write (the lock held shared): if the database file was replaced since this
    /// store opened it (another window mended it), the new one is opened and the games played
    /// here are carried into it.
    pub(super) fn follow(&mut self) {
        let (Some(dir), Some(_)) = (self.dir.clone(), self.db.as_ref()) else {
            return;
        };
        let path = db::schema::path_in(&dir);
        if mend::identity(&path) == self.file {
            return;
        }
        self.let_go();
        match db::mend::open::open_or_mend(&dir, &self.lock) {
            Ok((conn, opened)) => {
                self.warnings
                    .mended(opened.as_ref().is_some_and(|o| o.damaged));
                self.warn_all(opened.map(|o| o.note));
                self.file = mend::identity(&path);
                self.db = Some(conn);
            }
            Err(e) => return self.unopenable(&dir, e),
        }
        for p in &mut self.playing {
            p.in_db = false;
            p.sent = Moves::default();
            p.carried = true;
        }
        self.bests.clear();
        self.warn(format!(
            "the database {} was mended by another new2048 while this window had it open (the \
             damaged file was kept aside); this window goes on with the mended one, its game \
             included",
            path.display()
        ));
    }

    /// Closes the database; if its file is no longer the one at the database's path, SQLite is
    /// told to leave the log files by that name alone (they belong to the file there now).
    fn let_go(&mut self) {
        let Some(conn) = self.db.take() else {
            return;
        };
        let here = self.dir.as_deref().map(db::schema::path_in);
        if here.is_some_and(|p| mend::identity(&p) != self.file) {
            let _ = conn.file_control(Some(MAIN_DB), FileControl::PersistWal(&mut 1));
        }
        drop(conn);
    }
}

impl Drop for Store {
    fn drop(&mut self) {
        if self.db.is_some() {
            let _held = self.lock.hold();
            self.let_go();
        }
    }
}
