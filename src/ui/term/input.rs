//! The terminal's input stream as the game reads it: crossterm's events turned into the game's
//! own ([`super::event`]), a resize or a stop told apart, and a lone Esc told from two (the boss
//! key's double Esc). The boss key itself is acted on one floor up, in [`super::keys::read_key`].
//!
//! Waiting is done in short slices of crossterm's `poll`, with the stop flags looked at between
//! them: a signal (SIGTERM, a hang-up) does not interrupt crossterm's wait, so a slice bounds how
//! long a stop can go unseen, whenever it came. A key ends a slice at once, so the slices cost a
//! key nothing. Waiting at most so long ([`input_within`]) is here too: the second Esc, the boss
//! key's cover, timed waits and animations all build on it.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::time::{Duration, Instant};

use super::boss::DOUBLE_ESC;
use super::context::Ui;
use super::event::{Input, Key, Mouse, from_crossterm};

/// The longest a wait goes without looking at the stop flags.
const SLICE: Duration = Duration::from_millis(100);

/// What was read before its time (after an Esc, or while the game was busy), handed out by
/// the next reads in the order it came.
#[derive(Default)]
pub(crate) struct EarlyReads(RefCell<VecDeque<KeyRead>>);

impl EarlyReads {
    fn push(&self, read: KeyRead) {
        self.0.borrow_mut().push_back(read);
    }

    fn pop(&self) -> Option<KeyRead> {
        self.0.borrow_mut().pop_front()
    }

    fn any(&self) -> bool {
        !self.0.borrow().is_empty()
    }
}

/// Whether the player asked to stop while the game is busy working something out: a stop
/// signal, or Ctrl-C or Ctrl-D typed (in raw mode they are keys, not signals, so they are
/// looked for in what was typed). Every other key, click or resize typed meanwhile is kept, in
/// order, for the reads after.
pub(crate) fn stop_asked(ui: &Ui) -> bool {
    // A millisecond, not zero: crossterm's poll-based reader does not look at the terminal at
    // all for a zero wait.
    while !ui.signals.stop() && crossterm::event::poll(Duration::from_millis(1)).unwrap_or(false) {
        let Ok(event) = crossterm::event::read() else {
            break;
        };
        match from_crossterm(&event) {
            Input::Key(Key::Ctrl('c' | 'd')) => ui.signals.interrupt(),
            Input::Key(k) => ui.early_reads.push(KeyRead::Key(k)),
            Input::Mouse(m) => ui.early_reads.push(KeyRead::Mouse(m)),
            Input::Resize => ui.early_reads.push(KeyRead::Redraw),
            Input::Nothing => {}
        }
    }
    ui.signals.stop()
}

/// What reading a key brought.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum KeyRead {
    Key(Key),
    /// The mouse did something (only when mouse reporting is on).
    Mouse(Mouse),
    /// The window was resized, or the game came back from a stop (Ctrl-Z, `fg`): draw again and
    /// read again.
    Redraw,
    /// The game must stop: a signal, no terminal any more.
    Stop,
}

/// Reads a key or a mouse event, or says why none came. A lone Esc followed by another within
/// [`DOUBLE_ESC`] comes back as [`Key::DoubleEsc`].
pub(super) fn read_decoded(ui: &Ui) -> KeyRead {
    match read_one(ui) {
        KeyRead::Key(Key::Escape) => second_esc(ui),
        other => other,
    }
}

/// An Esc was read: waits a little for a second one (the boss key); a different key read
/// meanwhile is kept for the next read.
fn second_esc(ui: &Ui) -> KeyRead {
    if !input_within(ui, DOUBLE_ESC) {
        return KeyRead::Key(Key::Escape);
    }
    match read_one(ui) {
        KeyRead::Key(Key::Escape) => KeyRead::Key(Key::DoubleEsc),
        other => {
            ui.early_reads.push(other);
            KeyRead::Key(Key::Escape)
        }
    }
}

/// One key from the terminal (or the one kept back after an Esc), or why none came.
fn read_one(ui: &Ui) -> KeyRead {
    if let Some(read) = ui.early_reads.pop() {
        return read;
    }
    slow_hook();
    loop {
        match next(ui, None) {
            Next::Input(Input::Key(k)) => {
                // Ctrl-C stops the game as SIGINT would, whatever screen reads it: one that
                // takes it for "leave this" (a question, a form) does, and the loops around
                // it, seeing the stop, leave too.
                if k == Key::Ctrl('c') {
                    ui.signals.interrupt();
                }
                return KeyRead::Key(k);
            }
            Next::Input(Input::Mouse(m)) => return KeyRead::Mouse(m),
            Next::Input(Input::Resize) | Next::Continued => return KeyRead::Redraw,
            Next::Input(Input::Nothing) => {}
            Next::Stop => return KeyRead::Stop,
            Next::Timeout => {}
        }
    }
}

/// What the next look at the terminal brought.
enum Next {
    Input(Input),
    /// The process was stopped and continued from outside (`kill -STOP`, then `fg`): the
    /// terminal was taken back for the game and must be drawn again.
    Continued,
    Stop,
    Timeout,
}

/// Waits for the next event, at most `limit` (`None`: as long as it takes) and reads it.
fn next(ui: &Ui, limit: Option<Duration>) -> Next {
    if !wait(ui, limit) {
        return Next::Timeout;
    }
    if ui.signals.stop() {
        return Next::Stop;
    }
    if ui.signals.take_continued() {
        super::raw::retake(ui);
        return Next::Continued;
    }
    match crossterm::event::read() {
        Ok(e) => Next::Input(from_crossterm(&e)),
        // No terminal to read any more (a hang-up, a closed window).
        Err(_) => Next::Stop,
    }
}

/// Waits until an event can be read, a stop came, the process was continued, or `limit` passed
/// (`false` only then). A terminal that cannot be polled counts as ready: the read then says
/// what is wrong.
fn wait(ui: &Ui, limit: Option<Duration>) -> bool {
    let start = Instant::now();
    loop {
        if ui.signals.stop() || ui.signals.continued() {
            return true;
        }
        let slice = match limit {
            Some(l) => match l.checked_sub(start.elapsed()) {
                Some(left) if !left.is_zero() => left.min(SLICE),
                _ => return false,
            },
            None => SLICE,
        };
        if crossterm::event::poll(slice).unwrap_or(true) {
            return true;
        }
    }
}

/// Waits until a key can be read or `limit` has passed (the key is left to be read); `true` when
/// the wait ended early: a key (or a resize) is waiting, a stop came (the caller looks at its
/// flags), or the terminal cannot be polled, so an animation never holds a game up.
pub(crate) fn input_within(ui: &Ui, limit: Duration) -> bool {
    ui.early_reads.any() || wait(ui, Some(limit))
}

/// A test hook, read here only and only in a debug build: with this variable set to a number of
/// milliseconds, every wait for a key begins that much later, so a PTY test can send a resize
/// in the gap between a screen drawn and the wait (where one was lost). A release build never
/// reads it.
const SLOW_HOOK: &str = "NEW2048_TEST_SLOW_KEYS";

fn slow_hook() {
    if !cfg!(debug_assertions) {
        return;
    }
    let ms = std::env::var(SLOW_HOOK)
        .ok()
        .and_then(|v| v.parse::<u64>().ok());
    if let Some(ms) = ms {
        std::thread::sleep(Duration::from_millis(ms.min(5_000)));
    }
}
