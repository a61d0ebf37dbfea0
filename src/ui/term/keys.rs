//! Keys: reading one (a resize, a stop or a mouse act comes back as what it is), at once or at
//! most so long, and what each key does in the game, in one table. Every screen reads its keys
//! here, so the boss key ([`super::boss`]) is handled here once, for every screen.
//!
//! Kept apart from the loop so the mapping can be tested without a terminal, and so nothing a
//! player presses can reach the game except through [`Action`].
//!
//! Waiting for a key at most so long ([`wait_key`]) is what a screen that moves by itself (a
//! replay playing, the rules editor's estimate coming in, a peer's move) needs. The terminal is
//! in raw mode for as long as the screen is taken ([`super::TermGuard`]), so a single key ends
//! any wait at once. Animations wait the same way, with [`super::input::input_within`].

use std::time::Duration;

use crate::classic::Dir;

use super::boss::{cover, covering, toggle};
use super::context::Ui;
use super::event::{Key, Mouse};
use super::input::{KeyRead, input_within, read_decoded};
use super::raw::suspend;

/// What the player asked for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum Action {
    /// Put the card in hand on this column (0-based); may be out of range.
    Place(usize),
    Left,
    Right,
    /// Put the card on the highlighted column.
    PlaceAtCursor,
    /// Highlight this column (0-based): the mouse pointer is over it.
    Point(usize),
    Discard,
    Undo,
    Hint,
    Restart,
    Quit,
    Help,
    /// Ctrl-C: leave at once (the game is saved).
    Interrupt,
    /// Ctrl-D: leave at once (the game is saved).
    EndOfInput,
    /// Ctrl-Z: give the terminal back and stop, as a shell's job control expects; `fg` resumes.
    Suspend,
    /// Classic 2048: slide the tiles.
    Slide(Dir),
    /// A key that does nothing, with a name to show.
    Unknown(String),
}

/// The action of a key. Number keys `1`..`9` map to columns 0..8 whatever the board has, so the
/// game can say "there is no such column" rather than ignore the key.
pub(crate) fn action(key: &Key) -> Action {
    match key {
        Key::Char(c @ '1'..='9') => Action::Place(*c as usize - '1' as usize),
        Key::ArrowLeft => Action::Left,
        Key::ArrowRight => Action::Right,
        Key::Enter | Key::Char(' ') => Action::PlaceAtCursor,
        Key::Char('d' | 'D') => Action::Discard,
        Key::Char('u' | 'U' | 'z') | Key::Backspace => Action::Undo,
        Key::Char('h' | 'H') => Action::Hint,
        Key::Char('r' | 'R') => Action::Restart,
        Key::Char('q' | 'Q') | Key::Escape => Action::Quit,
        Key::Char('?') => Action::Help,
        Key::Ctrl('c') => Action::Interrupt,
        Key::Ctrl('d') => Action::EndOfInput,
        Key::Ctrl('z') => Action::Suspend,
        other => Action::Unknown(name(other)),
    }
}

/// The action of a key in classic 2048: the arrows and `w a s d` slide, the other keys mean
/// what they mean in the card game, and the card game's own keys (numbers, Enter, space) do
/// nothing here.
pub(crate) fn classic_action(key: &Key) -> Action {
    match key {
        Key::ArrowUp | Key::Char('w' | 'W') => Action::Slide(Dir::Up),
        Key::ArrowDown | Key::Char('s' | 'S') => Action::Slide(Dir::Down),
        Key::ArrowLeft | Key::Char('a' | 'A') => Action::Slide(Dir::Left),
        Key::ArrowRight | Key::Char('d' | 'D') => Action::Slide(Dir::Right),
        other => match action(other) {
            Action::Place(_) | Action::PlaceAtCursor => Action::Unknown(name(other)),
            act => act,
        },
    }
}

/// A key's name as the keyboard shows it: `x`, `Ctrl-Z`, `ArrowUp`, `PageDown`.
fn name(key: &Key) -> String {
    match key {
        Key::Ctrl(c) => format!("Ctrl-{}", c.to_ascii_uppercase()),
        Key::Char(c) => c.to_string(),
        Key::F(n) => format!("F{n}"),
        Key::DoubleEsc | Key::Unknown => "Esc…".to_string(),
        other => format!("{other:?}"),
    }
}

/// Reads a key or a mouse event, or says why none came. The boss key never comes back: it
/// switches to the log look (or back) and the screen is told to draw itself again, or, where
/// the screen cannot be drawn as a log, the journal covers it until the boss key is pressed
/// again (see [`super::boss::cover`]).
pub(crate) fn read_key(ui: &Ui) -> KeyRead {
    loop {
        if covering(ui) {
            return cover(ui);
        }
        match read_decoded(ui) {
            KeyRead::Key(k) if ui.boss.is_key(&k) => {
                toggle(ui);
                if !covering(ui) {
                    return KeyRead::Redraw;
                }
            }
            other => return other,
        }
    }
}

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

/// Waits for a key, at most `limit` (`None`: as long as it takes). Behind the boss key the
/// screen waits: nothing moves on by itself. Ctrl-Z is acted on here (the terminal given back
/// until `fg`, then [`Waited::Redraw`]), so a screen that moves by itself needs no case for it.
pub(crate) fn wait_key(ui: &Ui, limit: Option<Duration>) -> Waited {
    if ui.signals.stop() {
        return Waited::Stop;
    }
    let limit = limit.filter(|_| !covering(ui));
    if let Some(limit) = limit
        && !input_within(ui, limit)
    {
        return Waited::Timeout;
    }
    let read = read_key(ui);
    match read {
        KeyRead::Stop => Waited::Stop,
        KeyRead::Redraw => Waited::Redraw,
        KeyRead::Key(Key::Ctrl('z')) => {
            suspend(ui);
            Waited::Redraw
        }
        KeyRead::Key(k) => Waited::Key(k),
        KeyRead::Mouse(m) => Waited::Mouse(m),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys() {
        assert_eq!(action(&Key::Char('1')), Action::Place(0));
        assert_eq!(action(&Key::Char('9')), Action::Place(8));
        assert_eq!(action(&Key::Char('0')), Action::Unknown("0".into()));
        assert_eq!(action(&Key::ArrowLeft), Action::Left);
        assert_eq!(action(&Key::Enter), Action::PlaceAtCursor);
        assert_eq!(action(&Key::Char('q')), Action::Quit);
        assert_eq!(action(&Key::Ctrl('c')), Action::Interrupt);
        assert_eq!(action(&Key::Ctrl('d')), Action::EndOfInput);
        assert_eq!(action(&Key::Char('x')), Action::Unknown("x".into()));
        assert_eq!(action(&Key::PageUp), Action::Unknown("PageUp".into()));
        // Ctrl-Z suspends (it once did nothing, so `fg` had nothing to resume).
        assert_eq!(action(&Key::Ctrl('z')), Action::Suspend);
    }

    #[test]
    fn classic_keys() {
        assert_eq!(classic_action(&Key::ArrowUp), Action::Slide(Dir::Up));
        assert_eq!(classic_action(&Key::Char('a')), Action::Slide(Dir::Left));
        assert_eq!(classic_action(&Key::Char('S')), Action::Slide(Dir::Down));
        assert_eq!(classic_action(&Key::Char('d')), Action::Slide(Dir::Right));
        assert_eq!(classic_action(&Key::Char('u')), Action::Undo);
        assert_eq!(classic_action(&Key::Char('h')), Action::Hint);
        assert_eq!(classic_action(&Key::Char('q')), Action::Quit);
        assert_eq!(classic_action(&Key::Char('3')), Action::Unknown("3".into()));
        assert_eq!(classic_action(&Key::Enter), Action::Unknown("Enter".into()));
        assert_eq!(classic_action(&Key::Ctrl('c')), Action::Interrupt);
        assert_eq!(classic_action(&Key::Ctrl('z')), Action::Suspend);
    }
}
