//! The boss key: `b`, or Esc twice within 400 ms, on any screen, turns it into a service's log,
//! and the same again brings the screen back as it was.
//!
//! It is one mechanism in the key reader ([`super::keys::read_key`]), not a check in each screen:
//! every screen reads its keys there, so every screen has it. The games that can be played in
//! the log look (the card game and classic 2048, with their help, questions and result) say so
//! while they run ([`Boss::live`]) and are drawn as log lines by their own screens; any other
//! screen (the menus, replays, the review, a duel, the rules editor, the settings) is covered
//! by the journal while the reader waits for the way back, so no key reaches the hidden screen
//! and nothing of it shows. A question asked in the log look ([`ask`]) is a log line too.
//!
//! The log look chosen in the settings (`--theme log`) is how the games are drawn; only the boss
//! key covers the other screens.

use std::cell::{Cell, RefCell};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use console::Key;

use crate::ui::kit::{Journal, Level, Stamp};

use super::context::Ui;
use super::keys::{KeyRead, read_decoded};
use super::paint::{draw, size};
use super::settings::Look;
use super::wait::input_within;

/// How long after an Esc a second one still makes the boss key.
pub(crate) const DOUBLE_ESC: Duration = Duration::from_millis(400);

/// The boss key's state, held by the [`Ui`].
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
    fn hidden(&self) -> bool {
        self.hidden.load(Ordering::SeqCst)
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
fn is_boss(key: &Key, typing: bool) -> bool {
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

/// Whether the screen is covered by the journal now (the boss key in force, and the screen in
/// front cannot be drawn as a log by itself).
pub(crate) fn covering(ui: &Ui) -> bool {
    ui.boss.hidden() && !ui.boss.live.get()
}

/// The boss key was pressed: the log look on, or the screen that was there back.
pub(crate) fn toggle(ui: &Ui) {
    let b = &ui.boss;
    let showing_log = if b.live.get() {
        ui.look.get() == Look::Log
    } else {
        b.hidden()
    };
    if showing_log {
        b.hidden.store(false, Ordering::SeqCst);
        ui.look.set(if b.live.get() {
            Look::Board
        } else {
            ui.settings.look
        });
    } else {
        b.hidden.store(true, Ordering::SeqCst);
        ui.look.set(Look::Log);
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
        ui.signals.take_resize();
        if show_journal(ui).is_err() {
            return KeyRead::Stop;
        }
        // A line every few seconds, as a service at rest writes.
        let wait = ui.boss.journal.borrow_mut().pause();
        if !input_within(wait) {
            ui.boss.journal.borrow_mut().routine(Stamp::now());
            continue;
        }
        match read_decoded(ui) {
            // Nothing is typed into the log: `b` always brings the screen back.
            KeyRead::Key(k) if is_boss(&k, false) => {
                toggle(ui);
                return KeyRead::Redraw;
            }
            KeyRead::Key(k @ (Key::CtrlC | Key::Char('\x03' | '\x04' | '\x1a'))) => {
                return KeyRead::Key(k);
            }
            KeyRead::Stop => return KeyRead::Stop,
            _ => {}
        }
    }
}

/// A yes/no question in the log look: a log line that asks for an operator's answer (`y` yes,
/// `n` no, Enter the default), and a line that records the answer. `None` when it was left (Esc,
/// `q`, Ctrl-C, a stop).
pub(crate) fn ask(ui: &Ui, question: &str, default: bool) -> Option<bool> {
    // Each question has its own request id, so two questions do not read alike.
    let id = question.bytes().fold(0x811c_9dc5u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    }) & 0xffff;
    let log = |level, text: String| {
        ui.boss
            .journal
            .borrow_mut()
            .log(Stamp::now(), level, "supervisor", &text);
    };
    log(
        Level::Warn,
        format!("operator ack required req={id:04x} pending=1"),
    );
    let answer = loop {
        if show_journal(ui).is_err() {
            break None;
        }
        match super::keys::read_key(ui) {
            KeyRead::Key(Key::Char('y' | 'Y')) => break Some(true),
            KeyRead::Key(Key::Char('n' | 'N')) => break Some(false),
            KeyRead::Key(Key::Enter) => break Some(default),
            KeyRead::Key(Key::Escape | Key::CtrlC | Key::Char('q' | 'Q' | '\x03' | '\x04'))
            | KeyRead::Stop => break None,
            // The boss key went back to the board: the question is withdrawn.
            KeyRead::Redraw if ui.look.get() != Look::Log => break None,
            _ => {}
        }
    };
    match answer {
        Some(true) => log(Level::Info, format!("req={id:04x} acknowledged")),
        _ => log(Level::Info, format!("req={id:04x} withdrawn pending=0")),
    }
    answer
}
