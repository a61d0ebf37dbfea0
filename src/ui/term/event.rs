//! The game's own input event: a [`Key`] or a [`Mouse`] act, the only input types any screen,
//! widget or loop sees, and their making from crossterm's events ([`from_crossterm`]), the one
//! place a crossterm input type is named.
//!
//! Owning the type keeps the terminal library a detail of this room: the screens match on
//! `Key::Char('q')` or `Key::Ctrl('c')` whatever reads the terminal underneath, and their tests
//! build keys without a terminal.

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use crate::ui::kit::Pager;

/// A key as the game reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Key {
    /// A character typed (a letter keeps its case; Shift is in the character).
    Char(char),
    /// A letter with Ctrl held, in lower case: `Ctrl('c')` is Ctrl-C.
    Ctrl(char),
    Enter,
    Escape,
    Backspace,
    Del,
    Tab,
    BackTab,
    ArrowUp,
    ArrowDown,
    ArrowLeft,
    ArrowRight,
    Home,
    End,
    PageUp,
    PageDown,
    Insert,
    /// A function key, `F(5)` for F5.
    F(u8),
    /// Esc twice within the boss key's time: the boss key. Made by the reader
    /// ([`super::input`]); no screen ever receives it.
    DoubleEsc,
    /// A key the game has no name for (Alt with a letter, media keys …).
    Unknown,
}

impl Key {
    /// What this key does to a paged text ([`Pager`]), if it pages. With `arrows` false the
    /// arrow keys are left to the screen (the result screen's choices), and only PgUp/PgDn,
    /// Home/End page.
    pub(crate) fn pager(&self, arrows: bool) -> Option<Pager> {
        Some(match self {
            Key::ArrowUp | Key::Char('k') if arrows => Pager::Line(-1),
            Key::ArrowDown | Key::Char('j') if arrows => Pager::Line(1),
            Key::Char(' ') if arrows => Pager::Window(1),
            Key::PageUp => Pager::Window(-1),
            Key::PageDown => Pager::Window(1),
            Key::Home => Pager::End(false),
            Key::End => Pager::End(true),
            _ => return None,
        })
    }
}

/// What the mouse did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Act {
    /// A button went down (0 left, 1 middle, 2 right).
    Press(u8),
    /// A button came up.
    Release(u8),
    /// The pointer moved with a button held.
    Drag(u8),
    /// The pointer moved with no button held.
    Move,
    WheelUp,
    WheelDown,
}

/// One mouse event at a cell, counted from 0 (column `x` from the left, row `y` from the top).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mouse {
    pub act: Act,
    pub x: u16,
    pub y: u16,
}

/// What one terminal event means to the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Input {
    Key(Key),
    Mouse(Mouse),
    /// The window changed size: draw again.
    Resize,
    /// Nothing the game acts on (a key's release on Windows, a sideways wheel, focus, a paste).
    Nothing,
}

/// The game's meaning of a crossterm event.
pub(crate) fn from_crossterm(event: &Event) -> Input {
    match event {
        Event::Key(k) => key(k).map_or(Input::Nothing, Input::Key),
        Event::Mouse(m) => mouse(m).map_or(Input::Nothing, Input::Mouse),
        Event::Resize(..) => Input::Resize,
        _ => Input::Nothing,
    }
}

/// A key press (a release, which only Windows reports, is nothing).
fn key(k: &KeyEvent) -> Option<Key> {
    if k.kind == KeyEventKind::Release {
        return None;
    }
    let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
    let alt = k.modifiers.contains(KeyModifiers::ALT);
    Some(match k.code {
        // Ctrl-J is the line feed some terminals send for Enter, Ctrl-H an old Backspace.
        KeyCode::Char('j' | 'J') if ctrl => Key::Enter,
        KeyCode::Char('h' | 'H') if ctrl => Key::Backspace,
        KeyCode::Char(c) if ctrl && c.is_ascii_alphabetic() => Key::Ctrl(c.to_ascii_lowercase()),
        KeyCode::Char(_) if ctrl || alt => Key::Unknown,
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Escape,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Delete => Key::Del,
        KeyCode::Tab if k.modifiers.contains(KeyModifiers::SHIFT) => Key::BackTab,
        KeyCode::Tab => Key::Tab,
        KeyCode::BackTab => Key::BackTab,
        KeyCode::Up => Key::ArrowUp,
        KeyCode::Down => Key::ArrowDown,
        KeyCode::Left => Key::ArrowLeft,
        KeyCode::Right => Key::ArrowRight,
        KeyCode::Home => Key::Home,
        KeyCode::End => Key::End,
        KeyCode::PageUp => Key::PageUp,
        KeyCode::PageDown => Key::PageDown,
        KeyCode::Insert => Key::Insert,
        KeyCode::F(n) => Key::F(n),
        _ => Key::Unknown,
    })
}

/// A mouse act, with its cell.
fn mouse(m: &MouseEvent) -> Option<Mouse> {
    let button = |b: MouseButton| match b {
        MouseButton::Left => 0,
        MouseButton::Middle => 1,
        MouseButton::Right => 2,
    };
    let act = match m.kind {
        MouseEventKind::Down(b) => Act::Press(button(b)),
        MouseEventKind::Up(b) => Act::Release(button(b)),
        MouseEventKind::Drag(b) => Act::Drag(button(b)),
        MouseEventKind::Moved => Act::Move,
        MouseEventKind::ScrollUp => Act::WheelUp,
        MouseEventKind::ScrollDown => Act::WheelDown,
        // Nothing here scrolls sideways.
        MouseEventKind::ScrollLeft | MouseEventKind::ScrollRight => return None,
    };
    Some(Mouse {
        act,
        x: m.column,
        y: m.row,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::KeyEventState;

    fn pressed(code: KeyCode, modifiers: KeyModifiers) -> Input {
        from_crossterm(&Event::Key(KeyEvent::new(code, modifiers)))
    }

    #[test]
    fn keys_are_the_games_own() {
        let none = KeyModifiers::NONE;
        let ctrl = KeyModifiers::CONTROL;
        assert_eq!(
            pressed(KeyCode::Char('4'), none),
            Input::Key(Key::Char('4'))
        );
        assert_eq!(
            pressed(KeyCode::Char('Q'), KeyModifiers::SHIFT),
            Input::Key(Key::Char('Q'))
        );
        assert_eq!(
            pressed(KeyCode::Char('c'), ctrl),
            Input::Key(Key::Ctrl('c'))
        );
        assert_eq!(
            pressed(KeyCode::Char('Z'), ctrl),
            Input::Key(Key::Ctrl('z'))
        );
        assert_eq!(pressed(KeyCode::Char('j'), ctrl), Input::Key(Key::Enter));
        assert_eq!(
            pressed(KeyCode::Char('x'), KeyModifiers::ALT),
            Input::Key(Key::Unknown)
        );
        assert_eq!(pressed(KeyCode::Esc, none), Input::Key(Key::Escape));
        assert_eq!(
            pressed(KeyCode::Tab, KeyModifiers::SHIFT),
            Input::Key(Key::BackTab)
        );
        assert_eq!(pressed(KeyCode::F(5), none), Input::Key(Key::F(5)));
        // Windows reports a key's release too: it is not a second press.
        let released = KeyEvent {
            code: KeyCode::Char('1'),
            modifiers: none,
            kind: KeyEventKind::Release,
            state: KeyEventState::NONE,
        };
        assert_eq!(from_crossterm(&Event::Key(released)), Input::Nothing);
        assert_eq!(from_crossterm(&Event::Resize(80, 24)), Input::Resize);
        assert_eq!(from_crossterm(&Event::FocusGained), Input::Nothing);
    }

    #[test]
    fn mouse_acts_keep_their_cell() {
        let at = |kind, column, row| {
            from_crossterm(&Event::Mouse(MouseEvent {
                kind,
                column,
                row,
                modifiers: KeyModifiers::NONE,
            }))
        };
        let m = |act, x, y| Input::Mouse(Mouse { act, x, y });
        assert_eq!(
            at(MouseEventKind::Down(MouseButton::Left), 11, 4),
            m(Act::Press(0), 11, 4)
        );
        assert_eq!(
            at(MouseEventKind::Up(MouseButton::Right), 0, 0),
            m(Act::Release(2), 0, 0)
        );
        assert_eq!(
            at(MouseEventKind::Drag(MouseButton::Left), 39, 8),
            m(Act::Drag(0), 39, 8)
        );
        assert_eq!(at(MouseEventKind::Moved, 299, 1), m(Act::Move, 299, 1));
        assert_eq!(at(MouseEventKind::ScrollUp, 2, 2), m(Act::WheelUp, 2, 2));
        assert_eq!(
            at(MouseEventKind::ScrollDown, 2, 2),
            m(Act::WheelDown, 2, 2)
        );
        assert_eq!(at(MouseEventKind::ScrollLeft, 2, 2), Input::Nothing);
    }
}
