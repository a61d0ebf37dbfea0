//! Waiting for a key at most so long: what a screen that moves by itself (a replay playing)
//! needs, and console cannot do (its `read_key` waits for ever).
//!
//! The way the design notes sketch: while a [`Timed`] is held the terminal stays in raw mode, so
//! a single key makes standard input readable; `poll(2)` waits for it with a time limit, and
//! console's `read_key` is called only once a key is there. A signal (a stop, a resize)
//! interrupts the poll as it interrupts console's own wait, so it is handled at once. Dropping
//! the [`Timed`] puts the terminal's modes back as they were; Ctrl-Z gives them back for the
//! time the program is stopped.
//!
//! Animations wait the same way, with [`super::input::input_within`] (the poll alone): the session keeps standard
//! input out of line mode (see [`crate::ui::term::TermGuard`]), so a key ends a frame's wait at
//! once and is then read by the game loop like any other.

use std::io::{self, IsTerminal};
use std::os::fd::AsFd;
use std::time::Duration;

use console::Key;
use rustix::termios::{OptionalActions, Termios, tcgetattr, tcsetattr};

use super::context::Ui;
use super::input::KeyRead;
use super::input::{Polled, poll_in};
use super::keys::read_key;
use super::mouse::Mouse;
use super::raw::suspend;

/// What a timed wait brought.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Waited {
    Key(Key),
    Mouse(Mouse),
    /// The time ran out.
    Timeout,
    /// A resize (or another harmless signal): draw again and wait again.
    Redraw,
    /// A stop signal, or the terminal is gone.
    Stop,
}

/// Raw mode held for timed key waits; dropping it restores the terminal's modes.
pub(crate) struct Timed {
    /// The modes to restore (`None`: standard input is not a terminal, nothing was changed).
    saved: Option<Termios>,
}

impl Timed {
    pub(crate) fn enter() -> Timed {
        let stdin = io::stdin();
        if !stdin.is_terminal() {
            return Timed { saved: None };
        }
        let Ok(saved) = tcgetattr(stdin.as_fd()) else {
            return Timed { saved: None };
        };
        let set = raw(&saved).is_ok();
        Timed {
            saved: set.then_some(saved),
        }
    }

    fn restore(&self) {
        if let Some(t) = &self.saved {
            let _ = tcsetattr(io::stdin().as_fd(), OptionalActions::Now, t);
        }
    }

    /// Waits for a key, at most `limit` (`None`: as long as it takes).
    pub(crate) fn key(&self, ui: &Ui, limit: Option<Duration>) -> Waited {
        if ui.signals.stop() {
            return Waited::Stop;
        }
        // Behind the boss key the screen waits: nothing moves on by itself.
        let limit = limit.filter(|_| !super::cover::covering(ui));
        if let Some(limit) = limit {
            match poll_in(limit) {
                Polled::Ready => {}
                Polled::Timeout => return Waited::Timeout,
                Polled::Interrupted if ui.signals.stop() => return Waited::Stop,
                Polled::Interrupted => return Waited::Redraw,
                Polled::Failed => return Waited::Stop,
            }
        }
        match read_key(ui) {
            KeyRead::Stop => Waited::Stop,
            KeyRead::Redraw => Waited::Redraw,
            KeyRead::Key(Key::Char('\x1a')) => {
                // Ctrl-Z: the shell gets its terminal back as it gave it.
                self.restore();
                suspend(ui);
                if let Some(t) = &self.saved {
                    let _ = raw(t);
                }
                Waited::Redraw
            }
            KeyRead::Key(k) => Waited::Key(k),
            KeyRead::Mouse(m) => Waited::Mouse(m),
        }
    }
}

/// Raw mode from the modes `saved`, output left as it was (the screens end their lines
/// themselves, but a message may not).
fn raw(saved: &Termios) -> rustix::io::Result<()> {
    let mut raw = saved.clone();
    raw.make_raw();
    raw.output_modes = saved.output_modes;
    tcsetattr(io::stdin().as_fd(), OptionalActions::Now, &raw)
}

impl Drop for Timed {
    fn drop(&mut self) {
        self.restore();
    }
}
