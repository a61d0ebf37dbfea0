//! Drawing a screen in place: the lines a screen made, written over the last ones in a single
//! write so the terminal does not flicker, to the [`Term`] every screen is handed.

use std::io::{self, IsTerminal, Write};

use super::context::Ui;

/// Resets colours and attributes at the end of a line (and when the terminal is given back).
pub(super) const RESET: &str = "\x1b[0m";

/// The screen the game draws on: standard output. A handle of its own, cheap to copy into a
/// thread that draws by itself (a bot playing), so no screen names the terminal library.
#[derive(Clone, Debug, Default)]
pub(crate) struct Term;

// The handle holds nothing (standard output is global), but the screens speak to it as to the
// screen they were given.
#[allow(clippy::unused_self)]
impl Term {
    /// Clears the whole screen and puts the cursor at the top left.
    pub(crate) fn clear_screen(&self) -> io::Result<()> {
        let mut out = io::stdout();
        out.write_all(b"\x1b[H\x1b[2J")?;
        out.flush()
    }

    /// Writes `line` and ends it, back at the start of the next line (also in raw mode, where a
    /// line feed alone only moves down).
    pub(crate) fn write_line(&self, line: &str) -> io::Result<()> {
        let mut out = io::stdout().lock();
        out.write_all(line.as_bytes())?;
        out.write_all(b"\r\n")?;
        out.flush()
    }

    /// The screen's size as (width, height), with a sane fallback when it cannot be read (not a
    /// terminal).
    pub(crate) fn size(&self) -> (usize, usize) {
        if !io::stdout().is_terminal() {
            return (80, 24);
        }
        match crossterm::terminal::size() {
            Ok((w, h)) if w > 0 && h > 0 => (usize::from(w), usize::from(h)),
            _ => (80, 24),
        }
    }
}

impl Write for Term {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        io::stdout().write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        io::stdout().flush()
    }
}

/// Draws `lines` from the top left, clearing what is left of each line and below the last one,
/// in a single write so the screen does not flicker. The cursor ends at the start of the last
/// line drawn (or on the last line when the screen is full), where a prompt can go.
pub(crate) fn draw(_: &Term, lines: &[String], height: usize) -> io::Result<()> {
    let mut buf = String::from("\x1b[H");
    for (i, l) in lines.iter().enumerate() {
        buf.push_str(l);
        buf.push_str(RESET);
        buf.push_str("\x1b[K");
        if i + 1 < lines.len() {
            buf.push_str("\r\n");
        }
    }
    buf.push_str("\x1b[J");
    let last = lines.len().saturating_sub(1).min(height.saturating_sub(1));
    buf.push_str(&format!("\x1b[{};1H", last + 1));
    let mut out = io::stdout().lock();
    out.write_all(buf.as_bytes())?;
    out.flush()
}

/// The terminal size as (width, height), with a sane fallback when it cannot be read.
pub(crate) fn size(term: &Term) -> (usize, usize) {
    term.size()
}

/// Draws the lines `render` makes for the terminal's width and height, in place.
pub(crate) fn paint(ui: &Ui, render: impl FnOnce(usize, usize) -> Vec<String>) -> io::Result<()> {
    let (w, h) = size(&ui.term);
    draw(&ui.term, &render(w, h), h)
}
