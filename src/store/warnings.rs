//! What the store has to tell the player, since storage never stops play: every problem becomes
//! a message, said once ([`Warnings`]), and taken by the screen or command that shows it
//! ([`Store::take_warnings`]). Here too is how a failure becomes its message: damage met in a
//! read or a write asks the next opening to check (and mend) the database, and a write that
//! starts failing is said once, its return said too.

use std::cell::{Cell, RefCell};
use std::collections::HashSet;

use super::Store;
use super::db;
use super::db::error::StoreError;

/// The messages for the player, each said once, and whether a read asked for was partial.
/// Reads take `&Store` (a listing says what of it does not read), so these are cells.
#[derive(Default)]
pub(super) struct Warnings {
    /// Not yet taken.
    waiting: RefCell<Vec<String>>,
    /// Every message given, so that the same problem is reported once.
    said: RefCell<HashSet<String>>,
    /// Whether a listing met rows that do not read (a command then exits non-zero).
    partial: Cell<bool>,
    /// A mending's message is among the waiting ones: once they are taken, its note is dropped.
    mended_unsaid: bool,
}

impl Warnings {
    /// Adds `message`, unless the same was given already.
    pub(super) fn warn(&self, message: String) {
        if self.said.borrow_mut().insert(message.clone()) {
            self.waiting.borrow_mut().push(message);
        }
    }

    /// Adds `message` even if it was given already (a write that fails again after it worked).
    pub(super) fn push(&mut self, message: String) {
        self.waiting.get_mut().push(message);
    }

    /// The messages not taken yet, and whether a mending's message was among them.
    fn take(&mut self) -> (Vec<String>, bool) {
        (
            std::mem::take(self.waiting.get_mut()),
            std::mem::take(&mut self.mended_unsaid),
        )
    }

    /// A read asked for could not be read in full.
    pub(super) fn set_partial(&self, partial: bool) {
        self.partial.set(partial);
    }

    /// Whether some rows asked for could not be read.
    pub(super) fn partial(&self) -> bool {
        self.partial.get()
    }

    /// A mending's message was added (`true`): its note stays until the messages are taken.
    pub(super) fn mended(&mut self, mended: bool) {
        self.mended_unsaid |= mended;
    }
}

impl Store {
    /// Adds a warning for the player, unless the same was given already.
    pub(super) fn warn(&self, message: String) {
        self.warnings.warn(message);
    }

    pub(super) fn warn_all(&self, messages: impl IntoIterator<Item = String>) {
        messages.into_iter().for_each(|m| self.warn(m));
    }

    /// Messages for the player (a file moved aside, a folder that cannot be written...).
    pub(crate) fn take_warnings(&mut self) -> Vec<String> {
        let (messages, mended) = self.warnings.take();
        if mended && let Some(dir) = &self.dir {
            db::mend::said(dir);
        }
        messages
    }

    /// Whether some rows asked for could not be read (a command then exits non-zero).
    pub(crate) fn read_partly(&self) -> bool {
        self.warnings.partial()
    }

    /// Says that `what` failed (`e`); damage makes the next opening check the database.
    pub(super) fn warn_failed(&self, what: &str, e: impl Into<StoreError>) {
        let e = e.into();
        self.warn(self.noticed(format!("{what}: {e}"), e.is_damage()));
    }

    /// A problem met in a `damaged` database makes the next opening check it (and mend it), and
    /// says so.
    pub(super) fn noticed(&self, problem: String, damaged: bool) -> String {
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
    pub(super) fn probe(&self) {
        if let Some(e) = self.db.as_ref().and_then(db::schema::damage_found)
            && e.is_damage()
        {
            self.warn_failed("a game cannot be read", e);
        }
    }

    /// Says when writes start failing (once) and when they work again: a full disk costs the
    /// moves made while it is full, never the rest of the game.
    pub(super) fn outcome(&mut self, what: &str, result: Result<(), StoreError>) {
        let dir = self.dir.clone().unwrap_or_default();
        let dir = dir.display();
        // While writes fail (another program keeps the database locked, say), a move waits a
        // moment for it, not the whole busy timeout.
        if let Some(db) = &self.db {
            let wait = match result {
                Ok(()) => db::schema::busy(),
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
        self.warnings.push(said);
    }
}
