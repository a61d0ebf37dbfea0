//! The terminal's key stream as the game reads it: a key, a mouse report gathered from the
//! characters console hands over, a resize or a stop; and a lone Esc told from two (the boss
//! key's double Esc). The boss key itself is acted on one floor up, in [`super::keys::read_key`].
//!
//! Waiting until a key can be read, at most so long (`poll(2)` on standard input: [`input_within`])
//! is here too: the second Esc, the boss key's cover, timed waits and animations all build on it.

use std::io;
use std::time::Duration;

use console::Key;
use rustix::event::{PollFd, PollFlags, Timespec, poll};

use super::boss::DOUBLE_ESC;
use super::context::Ui;
use super::mouse::{Decoder, Mouse, Piece};

/// What reading a key brought.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum KeyRead {
    Key(Key),
    /// The mouse did something (only when mouse reporting is on; see [`super::mouse`]).
    Mouse(Mouse),
    /// A resize interrupted the read (or a broken mouse report was dropped): redraw and read
    /// again.
    Redraw,
    /// The game must stop: a signal, Ctrl-C, no terminal any more.
    Stop,
}

/// Reads a key or a mouse event, or says why none came. A mouse report arrives as an escape
/// sequence console does not know followed by plain characters; they are gathered here, so no
/// digit of a report ever reaches a game as a key. A lone Esc followed by another within
/// [`DOUBLE_ESC`] comes back as the two Esc bytes console reads when they arrive together.
pub(super) fn read_decoded(ui: &Ui) -> KeyRead {
    let mut decoder = Decoder::default();
    loop {
        let read = read_one(ui);
        let KeyRead::Key(key) = read else {
            return read;
        };
        let piece = match &key {
            Key::Char(c) if decoder.pending() => decoder.next(*c),
            Key::UnknownEscSeq(seq) if !decoder.pending() => decoder.start(seq),
            // A report cut short by another key: the report is lost, the key is not.
            _ => {
                decoder.reset();
                Piece::NotMouse
            }
        };
        match piece {
            Piece::More => {}
            Piece::Mouse(m) => return KeyRead::Mouse(m),
            Piece::Dropped => return KeyRead::Redraw,
            Piece::NotMouse if key == Key::Escape => return second_esc(ui),
            Piece::NotMouse => return KeyRead::Key(key),
        }
    }
}

/// An Esc was read: waits a little for a second one (the boss key); a different key read
/// meanwhile is kept for the next read.
fn second_esc(ui: &Ui) -> KeyRead {
    if !input_within(DOUBLE_ESC) {
        return KeyRead::Key(Key::Escape);
    }
    match read_one(ui) {
        KeyRead::Key(Key::Escape) => KeyRead::Key(Key::UnknownEscSeq(vec!['\x1b'])),
        KeyRead::Key(other) => {
            ui.boss.keep_pending(other);
            KeyRead::Key(Key::Escape)
        }
        _ => KeyRead::Key(Key::Escape),
    }
}

/// One key from the terminal (or the one kept back after an Esc), or why none came.
fn read_one(ui: &Ui) -> KeyRead {
    if let Some(k) = ui.boss.take_pending() {
        return KeyRead::Key(k);
    }
    if ui.signals.stop() {
        return KeyRead::Stop;
    }
    slow_hook();
    match key_or_resize(ui) {
        Before::Key => {}
        Before::Interrupted if ui.signals.stop() => return KeyRead::Stop,
        Before::Resize | Before::Interrupted => {
            ui.signals.drain_resizes();
            return KeyRead::Redraw;
        }
    }
    match ui.term.read_key_raw() {
        Ok(Key::CtrlC) if ui.signals.stop() => KeyRead::Stop,
        Ok(Key::CtrlC) if ui.signals.take_resize() => KeyRead::Redraw,
        Ok(k) => KeyRead::Key(k),
        Err(e) if e.kind() == io::ErrorKind::Interrupted && !ui.signals.stop() => KeyRead::Redraw,
        Err(_) => KeyRead::Stop,
    }
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

/// What came first while waiting for a key.
enum Before {
    /// A key can be read (or the wait cannot be made: console's own wait is then the only one).
    Key,
    /// The terminal was resized, maybe before the wait began.
    Resize,
    /// A signal interrupted the wait.
    Interrupted,
}

/// Waits until a key can be read or the terminal was resized: a resize that came before the
/// wait began is in the resize pipe, so it is seen at once rather than after the next key (it was
/// lost that way once: a resize sent just after the first frame was drawn drew nothing).
fn key_or_resize(ui: &Ui) -> Before {
    use std::os::fd::AsFd;
    let Some(pipe) = ui.signals.resize_pipe() else {
        return Before::Key;
    };
    let stdin = io::stdin();
    let mut fds = [
        PollFd::new(&stdin, PollFlags::IN),
        PollFd::from_borrowed_fd(pipe.as_fd(), PollFlags::IN),
    ];
    match poll(&mut fds, None) {
        Ok(_) if !fds[1].revents().is_empty() => Before::Resize,
        Err(rustix::io::Errno::INTR) => Before::Interrupted,
        Ok(_) | Err(_) => Before::Key,
    }
}

/// What waiting on standard input brought.
pub(super) enum Polled {
    /// A key (or the end of input) is waiting.
    Ready,
    Timeout,
    /// A signal came (a stop, a resize).
    Interrupted,
    /// Standard input cannot be polled.
    Failed,
}

/// Waits until standard input is readable, at most `limit`.
pub(super) fn poll_in(limit: Duration) -> Polled {
    let stdin = io::stdin();
    let mut fds = [PollFd::new(&stdin, PollFlags::IN)];
    let timeout = Timespec {
        tv_sec: limit.as_secs().try_into().unwrap_or(i64::MAX),
        tv_nsec: limit.subsec_nanos().into(),
    };
    match poll(&mut fds, Some(&timeout)) {
        Ok(0) => Polled::Timeout,
        Ok(_) => Polled::Ready,
        Err(rustix::io::Errno::INTR) => Polled::Interrupted,
        Err(_) => Polled::Failed,
    }
}

/// Waits until a key can be read from standard input or `limit` has passed (the key is left to
/// be read); `true` when the wait ended early: a key (or the end of input) is waiting, a signal
/// came (the caller looks at its flags), or standard input cannot be polled, so an animation
/// never holds a game up.
pub(crate) fn input_within(limit: Duration) -> bool {
    !matches!(poll_in(limit), Polled::Timeout)
}
