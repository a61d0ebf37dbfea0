//! Drawing a screen in place: the lines a screen made, written over the last ones in a single
//! write so the terminal does not flicker.

use std::io::{self, Write};

use console::Term;

use super::context::Ui;

/// Resets colours and attributes at the end of a line (and when the terminal is given back).
pub(super) const RESET: &str = "\x1b[0m";

/// Draws `lines` from the top left, clearing what is left of each line and below the last one,
/// in a single write so the screen does not flicker. The cursor ends at the start of the line
/// after the last (or on the last line when the screen is full), where a prompt can go.
pub(crate) fn draw(term: &Term, lines: &[String], height: usize) -> io::Result<()> {
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
    let mut out = term.clone();
    out.write_all(buf.as_bytes())?;
    out.flush()?;
    let last = lines.len().saturating_sub(1).min(height.saturating_sub(1));
    term.move_cursor_to(0, last)
}

/// The terminal size as (width, height), with a sane fallback when it cannot be read.
pub(crate) fn size(term: &Term) -> (usize, usize) {
    let (h, w) = term.size_checked().unwrap_or((24, 80));
    (w as usize, h as usize)
}

/// Draws the lines `render` makes for the terminal's width and height, in place.
pub(crate) fn paint(ui: &Ui, render: impl FnOnce(usize, usize) -> Vec<String>) -> io::Result<()> {
    let (w, h) = size(&ui.term);
    draw(&ui.term, &render(w, h), h)
}
