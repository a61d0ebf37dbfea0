//! Playing without a terminal: one command per input line, plain text (or JSON) out.
//!
//! Scripts, tests and bots drive every mode this way, so the text is stable and free of colour.
//! The three modes ([`cards`], [`classic`], [`duel`]) differ in their commands and what they
//! print, but read their input the same way, through [`drive`]: one line at a time, a line that
//! is too long or not UTF-8 skipped as it is read, a bad command reported with its line number
//! and skipped, and the loop left as soon as the game is over (so a pipe that stays open does not
//! keep a finished game waiting). What they print of either game is [`Lines`]; the reviews in
//! English (`review`, `play --explain`) are [`review`]'s: the words of the rooms below, which
//! hold only typed facts.

pub(crate) mod bot;
pub(crate) mod cards;
pub(crate) mod classic;
pub(crate) mod duel;
pub(crate) mod lines;
pub(crate) mod review;

use std::io::{self, BufRead, Write};

pub(crate) use bot::Bot;
pub(crate) use lines::Lines;

/// What one line did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    /// Read the next line.
    Next,
    /// The game is over or the player quit: read no more.
    Stop,
}

/// Reads `input` line by line and hands each usable line to `step`, until `step` says
/// [`Flow::Stop`] or the input ends. A line `step` refuses (`Err(why)`) is reported on `err` as
/// `line N: `LINE`: WHY; skipped`.
pub(crate) fn drive<Why: std::fmt::Display>(
    input: impl BufRead,
    err: &mut impl Write,
    mut step: impl FnMut(&str) -> io::Result<Result<Flow, Why>>,
) -> io::Result<()> {
    for (n, line) in lines(input).enumerate() {
        let Some(line) = usable_line(n, line, err)? else {
            continue;
        };
        match step(&line)? {
            Ok(Flow::Next) => {}
            Ok(Flow::Stop) => break,
            Err(why) => writeln!(err, "line {}: `{}`: {why}; skipped", n + 1, quoted(&line))?,
        }
    }
    Ok(())
}

/// The longest input line taken as a command (no command is nearly this long).
pub(crate) const MAX_LINE: usize = 1024;

/// The lines of `input`, as `BufRead::lines` gives them (without `\n` or `\r\n`), except that
/// a line longer than [`MAX_LINE`] bytes is skipped as it is read, never held whole (an endless
/// line, such as `/dev/zero`, once filled the memory), and comes as an `InvalidData` error, like
/// a line that is not UTF-8.
pub(crate) fn lines(mut input: impl BufRead) -> impl Iterator<Item = io::Result<String>> {
    std::iter::from_fn(move || next_line(&mut input))
}

fn next_line(input: &mut impl BufRead) -> Option<io::Result<String>> {
    let mut buf = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Some(Err(e)),
        };
        if chunk.is_empty() {
            break;
        }
        any = true;
        let end = chunk.iter().position(|&b| b == b'\n');
        let part = &chunk[..end.unwrap_or(chunk.len())];
        if buf.len() + part.len() > MAX_LINE {
            too_long = true;
            buf.clear();
        } else if !too_long {
            buf.extend_from_slice(part);
        }
        let used = end.map_or(chunk.len(), |i| i + 1);
        input.consume(used);
        if end.is_some() {
            break;
        }
    }
    if !any {
        return None;
    }
    let bad = |why: String| Some(Err(io::Error::new(io::ErrorKind::InvalidData, why)));
    if too_long {
        return bad(format!("longer than {MAX_LINE} bytes"));
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    match String::from_utf8(buf) {
        Ok(l) => Some(Ok(l)),
        Err(_) => bad("not valid UTF-8".into()),
    }
}

/// A command line as an error message quotes it: control characters escaped.
pub(crate) fn quoted(line: &str) -> String {
    crate::base::visible::escape(line.trim())
}

/// Line `n` (from 0) of the input, or `None` (reported on `err`) when it is not UTF-8 text or
/// is too long to be a command.
fn usable_line(
    n: usize,
    line: io::Result<String>,
    err: &mut impl Write,
) -> io::Result<Option<String>> {
    match line {
        Ok(l) => Ok(Some(l)),
        Err(e) if e.kind() == io::ErrorKind::InvalidData => {
            writeln!(err, "line {}: {e}; skipped", n + 1)?;
            Ok(None)
        }
        Err(e) => Err(e),
    }
}
