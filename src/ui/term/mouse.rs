//! Mouse reports from the terminal: xterm's SGR encoding (mode 1006), decoded.
//!
//! A terminal asked for mouse reports (see [`ENABLE`]) sends each press, release, drag, move and
//! wheel turn as `ESC [ < b ; x ; y M` (`m` for a release), with the cell's column `x` and row
//! `y` counted from 1. The key reader gets such a report as an escape sequence it does not know
//! followed by plain characters, so [`Decoder`] gathers those back into one [`Mouse`] event.
//! The SGR form is the one asked for because it has no limit on the column (the old X10 form
//! stops at 223) and says which button was released.

/// Asks the terminal for every mouse event (press, release, motion with or without a button,
/// wheel) in the SGR form.
pub(crate) const ENABLE: &str = "\x1b[?1000h\x1b[?1002h\x1b[?1003h\x1b[?1006h";
/// Turns every mouse mode of [`ENABLE`] off again, in reverse order.
pub(crate) const DISABLE: &str = "\x1b[?1006l\x1b[?1003l\x1b[?1002l\x1b[?1000l";

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

impl Mouse {
    /// Decodes the body of one report: `b;x;y` and its final `M` or `m`.
    pub(crate) fn parse(body: &str, fin: char) -> Option<Mouse> {
        let mut parts = body.split(';').map(|p| p.parse::<u16>().ok());
        let (b, x, y) = (parts.next()??, parts.next()??, parts.next()??);
        if parts.next().is_some() || x == 0 || y == 0 {
            return None;
        }
        let button = (b & 3) as u8;
        let act = if b & 64 != 0 {
            match b & 3 {
                0 => Act::WheelUp,
                1 => Act::WheelDown,
                // Wheel left and right: nothing here scrolls sideways.
                _ => return None,
            }
        } else if b & 32 != 0 {
            if button == 3 {
                Act::Move
            } else {
                Act::Drag(button)
            }
        } else if fin == 'm' {
            Act::Release(button)
        } else if button == 3 {
            // The X10 form's "released": SGR says which, so this is only seen from odd terminals.
            Act::Release(0)
        } else {
            Act::Press(button)
        };
        Some(Mouse {
            act,
            x: x - 1,
            y: y - 1,
        })
    }
}

/// Gathers a report that comes in pieces: the key reader hands over `ESC [ <` and the first
/// character as one unknown sequence, then the rest one character at a time.
#[derive(Debug, Default)]
pub(crate) struct Decoder {
    body: Option<String>,
}

/// What one piece of input was.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Piece {
    /// Part of a report: read on.
    More,
    /// A whole report.
    Mouse(Mouse),
    /// A report that cannot be read: dropped whole, so its digits never reach the game as keys.
    Dropped,
    /// Not a mouse report at all: the key goes on as it is.
    NotMouse,
}

/// The longest report body read (`b;x;y` of five-digit numbers and a bit more).
const MAX_BODY: usize = 24;

impl Decoder {
    /// Whether a report has begun and waits for more characters.
    pub(crate) fn pending(&self) -> bool {
        self.body.is_some()
    }

    /// Takes the start of an escape sequence the key reader did not know (its characters after
    /// ESC).
    pub(crate) fn start(&mut self, seq: &[char]) -> Piece {
        match seq {
            ['[', '<', rest @ ..] => {
                self.body = Some(String::new());
                let mut last = Piece::More;
                for &c in rest {
                    last = self.next(c);
                }
                last
            }
            _ => Piece::NotMouse,
        }
    }

    /// Takes the next character of a report that has begun.
    pub(crate) fn next(&mut self, c: char) -> Piece {
        let Some(body) = self.body.as_mut() else {
            return Piece::NotMouse;
        };
        match c {
            'M' | 'm' => {
                let body = self.body.take().unwrap_or_default();
                Mouse::parse(&body, c).map_or(Piece::Dropped, Piece::Mouse)
            }
            '0'..='9' | ';' if body.len() < MAX_BODY => {
                body.push(c);
                Piece::More
            }
            _ => {
                self.body = None;
                Piece::Dropped
            }
        }
    }

    /// Forgets a report cut short (the terminal sent no more within the wait).
    pub(crate) fn reset(&mut self) {
        self.body = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds a report the way the key reader delivers it: `[`, `<` and one character as an
    /// unknown sequence, then one character at a time.
    fn feed(report: &str) -> Vec<Piece> {
        let chars: Vec<char> = report.trim_start_matches('\x1b').chars().collect();
        let mut d = Decoder::default();
        let cut = chars.len().min(3);
        let mut out = vec![d.start(&chars[..cut])];
        out.extend(chars[cut..].iter().map(|&c| d.next(c)));
        assert!(!d.pending());
        out
    }

    fn event(report: &str) -> Piece {
        feed(report).pop().unwrap()
    }

    #[test]
    fn presses_releases_drags_and_wheels_are_told_apart() {
        let at = |act, x, y| Piece::Mouse(Mouse { act, x, y });
        assert_eq!(event("\x1b[<0;12;5M"), at(Act::Press(0), 11, 4));
        assert_eq!(event("\x1b[<0;12;5m"), at(Act::Release(0), 11, 4));
        assert_eq!(event("\x1b[<2;1;1M"), at(Act::Press(2), 0, 0));
        assert_eq!(event("\x1b[<32;40;9M"), at(Act::Drag(0), 39, 8));
        assert_eq!(event("\x1b[<35;40;9M"), at(Act::Move, 39, 8));
        assert_eq!(event("\x1b[<64;3;3M"), at(Act::WheelUp, 2, 2));
        assert_eq!(event("\x1b[<65;3;3M"), at(Act::WheelDown, 2, 2));
        // Shift, meta and control are ignored; columns beyond the old X10 limit read.
        assert_eq!(event("\x1b[<16;300;2M"), at(Act::Press(0), 299, 1));
        let pieces = feed("\x1b[<0;12;5M");
        assert!(pieces[..pieces.len() - 1].iter().all(|p| *p == Piece::More));
    }

    #[test]
    fn what_is_not_a_report_goes_on_and_a_broken_one_is_dropped() {
        let mut d = Decoder::default();
        assert_eq!(d.start(&['[', '1', '5']), Piece::NotMouse);
        assert_eq!(d.next('x'), Piece::NotMouse);
        assert_eq!(event("\x1b[<0;0;5M"), Piece::Dropped);
        assert_eq!(event("\x1b[<0;5M"), Piece::Dropped);
        assert_eq!(event("\x1b[<66;5;5M"), Piece::Dropped);
        assert_eq!(event("\x1b[<0;99999999;5M"), Piece::Dropped);
        let mut d = Decoder::default();
        assert_eq!(d.start(&['[', '<', '0']), Piece::More);
        assert_eq!(d.next('q'), Piece::Dropped);
        assert!(!d.pending());
        // A body without end is dropped once it is too long to be a report.
        let mut d = Decoder::default();
        d.start(&['[', '<', '1']);
        let mut last = Piece::More;
        for _ in 0..MAX_BODY {
            last = d.next('1');
        }
        assert_eq!(last, Piece::Dropped);
    }
}
