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
//!
//! Here are the state ([`Boss`]) and its two acts on the screen: switching to the log look and
//! back ([`toggle`]), and covering a screen that cannot be drawn as a log with the journal until
//! the way back ([`cover`]); the key reader calls them.

use std::cell::{Cell, RefCell};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::ui::kit::{Journal, Stamp};

use super::context::Ui;
use super::event::Key;
use super::input::{KeyRead, input_within, read_decoded};
use super::paint::{draw, size};
use super::settings::Look;

/// How long after an Esc a second one still makes the boss key.
pub(crate) const DOUBLE_ESC: Duration = Duration::from_millis(400);

/// The boss key's state, held by the [`super::Ui`].
pub(crate) struct Boss {
    /// The log every log-look screen appends to and shows.
    pub journal: RefCell<Journal>,
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
fn is_boss(key: &Key, typing: bool) -> bool {
    match key {
        Key::Char('b' | 'B') => !typing,
        Key::DoubleEsc => true,
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

/// Whether the screen is covered by the journal now (the boss key in force, and the screen in
/// front cannot be drawn as a log by itself).
pub(crate) fn covering(ui: &Ui) -> bool {
    ui.boss.hidden() && !ui.boss.is_live()
}

/// The boss key was pressed: the log look on, or the screen that was there back.
pub(crate) fn toggle(ui: &Ui) {
    let b = &ui.boss;
    let showing_log = if b.is_live() {
        ui.look.get() == Look::Log
    } else {
        b.hidden()
    };
    if showing_log {
        b.hide(false);
        ui.look.set(if b.is_live() {
            Look::Board
        } else {
            ui.settings.look
        });
    } else {
        b.hide(true);
        ui.look.set(Look::Log);
    }
    super::disguise::wear(ui);
}

/// A screen that cannot be drawn as a log (a menu) comes up in the log look: it is covered by
/// the journal from the start, as the boss key covers it, so the look holds until `b`.
pub(crate) fn hide_in_log(ui: &Ui) {
    if ui.look.get() == Look::Log {
        ui.boss.hide(true);
    }
}

/// Draws the newest lines of the journal over the whole window (its history first, the first
/// time).
pub(crate) fn show_journal(ui: &Ui) -> std::io::Result<()> {
    let (w, h) = size(&ui.term);
    let mut journal = ui.boss.journal.borrow_mut();
    journal.boot(Stamp::now());
    let lines = journal.lines(w, h);
    drop(journal);
    draw(&ui.term, &lines, h)
}

/// Covers the screen with the journal, a routine line now and then, until the boss key brings
/// the screen back (then [`KeyRead::Redraw`]: the screen draws itself again) or the program has
/// to stop (Ctrl-C, Ctrl-D and Ctrl-Z come back as keys, for the screen to act on as ever).
/// Every other key is swallowed: the hidden screen never sees it.
pub(crate) fn cover(ui: &Ui) -> KeyRead {
    loop {
        if ui.signals.stop() {
            return KeyRead::Stop;
        }
        if show_journal(ui).is_err() {
            return KeyRead::Stop;
        }
        // A line every few seconds, as a service at rest writes.
        let wait = ui.boss.journal.borrow_mut().pause();
        if !input_within(ui, wait) {
            ui.boss.journal.borrow_mut().routine(Stamp::now());
            continue;
        }
        match read_decoded(ui) {
            // Nothing is typed into the log: `b` always brings the screen back.
            KeyRead::Key(k) if is_boss(&k, false) => {
                toggle(ui);
                return KeyRead::Redraw;
            }
            KeyRead::Key(k @ Key::Ctrl('c' | 'd' | 'z')) => {
                return KeyRead::Key(k);
            }
            KeyRead::Stop => return KeyRead::Stop,
            _ => {}
        }
    }
}
