//! The boss key: `b`, or Esc twice within 400 ms, on any screen, turns it into a service's log,
//! and the same again brings the screen back as it was.
//!
//! It is one mechanism in the key reader ([`super::keys::read_key`]), not a check in each screen:
//! every screen reads its keys there, so every screen has it. The games that can be played in
//! the log look (the card game and classic 2048, with their help, questions and result) say so
//! while they run ([`Boss::live`]) and are drawn as log lines by their own screens; any other
//! screen (the menus, replays, the review, a duel, the rules editor, the settings) is covered
//! by the journal while the reader waits for the way back, so no key reaches the hidden screen
//! and nothing of it shows. A question asked in the log look (`ask`) is a log line too.
//!
//! The log look chosen in the settings (`--theme log`) is how the games are drawn; only the boss
//! key covers the other screens.

use std::cell::{Cell, RefCell};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use console::Key;

use crate::ui::kit::Journal;

/// How long after an Esc a second one still makes the boss key.
pub(crate) const DOUBLE_ESC: Duration = Duration::from_millis(400);

/// The boss key's state, held by the [`super::Ui`].
pub(crate) struct Boss {
    /// The log every log-look screen appends to and shows.
    pub journal: RefCell<Journal>,
    /// A key read while waiting for a second Esc, given out by the next read.
    pending: RefCell<Option<Key>>,
    /// Whether the screen in front draws itself in the log look (a game).
    live: Cell<bool>,
    /// Whether the boss key is in force: every screen that cannot be drawn as a log is covered.
    /// Shared with a bot's drawing thread (autoplay), which stops drawing while it is set.
    hidden: Arc<AtomicBool>,
    /// Whether the keys are being typed as text (`b` is then a letter; Esc twice still hides).
    typing: Cell<bool>,
}

impl Boss {
    pub(crate) fn new(seed: u64) -> Boss {
        Boss {
            journal: RefCell::new(Journal::new(seed)),
            pending: RefCell::new(None),
            live: Cell::new(false),
            hidden: Arc::new(AtomicBool::new(false)),
            typing: Cell::new(false),
        }
    }

    /// The flag a thread that draws by itself checks: while set, it must not draw.
    pub(crate) fn hidden_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.hidden)
    }

    /// Whether the boss key covers the screens that are not log-look games.
    pub(super) fn hidden(&self) -> bool {
        self.hidden.load(Ordering::SeqCst)
    }

    /// Puts the boss key in force (`true`) or lifts it.
    pub(super) fn hide(&self, on: bool) {
        self.hidden.store(on, Ordering::SeqCst);
    }

    /// Whether the screen in front draws itself in the log look.
    pub(super) fn is_live(&self) -> bool {
        self.live.get()
    }

    /// Keys are typed as text while `on` (a name, a value): `b` is a letter then.
    pub(crate) fn typing(&self, on: bool) {
        self.typing.set(on);
    }

    pub(crate) fn take_pending(&self) -> Option<Key> {
        self.pending.borrow_mut().take()
    }

    pub(crate) fn keep_pending(&self, key: Key) {
        *self.pending.borrow_mut() = Some(key);
    }

    /// Marks the screen in front as drawn in the log look by itself until the guard is dropped.
    pub(crate) fn live(&self) -> Live<'_> {
        let before = self.live.replace(true);
        Live {
            flag: &self.live,
            before,
        }
    }

    /// Whether `key` is the boss key here (the double Esc is told apart by the reader).
    pub(crate) fn is_key(&self, key: &Key) -> bool {
        is_boss(key, self.typing.get())
    }
}

/// Whether `key` is the boss key, when keys are `typing` text or not.
pub(super) fn is_boss(key: &Key, typing: bool) -> bool {
    match key {
        Key::Char('b' | 'B') => !typing,
        // Two Esc bytes arriving together (console reads them as one unknown sequence).
        Key::UnknownEscSeq(seq) => seq.as_slice() == ['\x1b'],
        _ => false,
    }
}

/// While held, the screen in front is a game drawn in the log look by itself.
pub(crate) struct Live<'a> {
    flag: &'a Cell<bool>,
    before: bool,
}

impl Drop for Live<'_> {
    fn drop(&mut self) {
        self.flag.set(self.before);
    }
}
