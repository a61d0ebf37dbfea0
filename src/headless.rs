//! Playing without a terminal: one command per input line, plain text (or JSON) out.
//!
//! Commands: a column number `1`..`N`, `d` to discard, `u` to undo, `q` to quit. A line that is not
//! a legal command is reported on the error stream with the reason and skipped. When input ends
//! before the game does, the game ends as quit. This is what scripts, tests and bots use, so the
//! text is stable and free of colour.

use std::io::{self, BufRead, Write};

use crate::engine::{Game, Move, MoveError};
use crate::summary::{Ending, Summary};
use crate::text;

/// A command read from one line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Command {
    Move(Move),
    Undo,
    Quit,
}

/// Why a line is not a command.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    #[error(
        "not a command; type a column number 1 to {columns}, d to discard, u to undo or q to quit"
    )]
    Unknown { columns: usize },
    #[error(transparent)]
    Illegal(#[from] MoveError),
    #[error("nothing to undo")]
    NothingToUndo,
}

/// Reads one line as a command for a board of `columns` columns.
pub fn parse_command(line: &str, columns: usize) -> Result<Option<Command>, CommandError> {
    let t = line.trim();
    if t.is_empty() || t.starts_with('#') {
        return Ok(None);
    }
    let cmd = match t.to_ascii_lowercase().as_str() {
        "d" | "discard" => Command::Move(Move::Discard),
        "u" | "undo" => Command::Undo,
        "q" | "quit" => Command::Quit,
        n => match n.parse::<usize>() {
            Ok(0) => return Err(MoveError::NoSuchColumn { column: 0, columns }.into()),
            Ok(c) if c <= u8::MAX as usize => Command::Move(Move::Place((c - 1) as u8)),
            Ok(c) => return Err(MoveError::NoSuchColumn { column: c, columns }.into()),
            Err(_) => return Err(CommandError::Unknown { columns }),
        },
    };
    Ok(Some(cmd))
}

/// The score, cards left, discards and hand, as headless play prints them after each move.
pub fn status(game: &Game) -> String {
    let p = game.position();
    let mut s = format!("score {}  cards left {}", p.score, game.cards_left());
    if game.rules().has_discards() {
        s.push_str(&format!("  discards {}", p.discards));
    }
    match game.visible().split_first() {
        Some((hand, next)) => {
            s.push_str(&format!("\nhand: {hand}"));
            if !next.is_empty() {
                s.push_str(&format!("  next: {}", text::cards(next)));
            }
        }
        None => s.push_str("\nhand: (deck used up)"),
    }
    s
}

/// The longest input line taken as a command (no command is nearly this long).
pub const MAX_LINE: usize = 1024;

/// The lines of `input`, as `BufRead::lines` gives them (without `\n` or `\r\n`), except that
/// a line longer than [`MAX_LINE`] bytes is skipped as it is read, never held whole (an endless
/// line, such as `/dev/zero`, once filled the memory), and comes as an `InvalidData` error, like
/// a line that is not UTF-8.
pub fn lines(mut input: impl BufRead) -> impl Iterator<Item = io::Result<String>> {
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
pub fn quoted(line: &str) -> String {
    line.trim().escape_debug().to_string()
}

/// Line `n` (from 0) of the input, or `None` (reported on `err`) when it is not UTF-8 text or
/// is too long to be a command.
pub fn usable_line(
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

/// Plays `game` from `input` to the end or to quit, and returns how it ended.
pub fn run(
    game: &mut Game,
    input: impl BufRead,
    out: &mut impl Write,
    err: &mut impl Write,
    json: bool,
) -> io::Result<Ending> {
    run_with(game, input, out, err, json, &mut |_| {})
}

/// [`run`], calling `changed` after every move or undo (to save the game as it goes).
pub fn run_with(
    game: &mut Game,
    input: impl BufRead,
    out: &mut impl Write,
    err: &mut impl Write,
    json: bool,
    changed: &mut dyn FnMut(&Game),
) -> io::Result<Ending> {
    let columns = game.rules().board.columns as usize;
    if !json {
        writeln!(
            out,
            "{}{}",
            text::board(game.position(), game.rules()),
            status(game)
        )?;
    }
    let mut quit = false;
    for (n, line) in lines(input).enumerate() {
        if game.is_over() {
            break;
        }
        let Some(line) = usable_line(n, line, err)? else {
            continue;
        };
        let result = parse_command(&line, columns).and_then(|cmd| match cmd {
            None => Ok(None),
            Some(Command::Quit) => {
                quit = true;
                Ok(None)
            }
            Some(Command::Undo) => {
                if game.undo() {
                    Ok(Some("undone".to_string()))
                } else {
                    Err(CommandError::NothingToUndo)
                }
            }
            Some(Command::Move(m)) => Ok(Some(text::turn_line(&game.play(m)?))),
        });
        if let Ok(Some(_)) = result {
            changed(game);
        }
        match result {
            Ok(Some(what)) if !json => writeln!(
                out,
                "\n> {what}\n{}{}",
                text::board(game.position(), game.rules()),
                status(game)
            )?,
            Ok(_) => {}
            Err(e) => writeln!(err, "line {}: `{}`: {e}; skipped", n + 1, quoted(&line))?,
        }
        if quit {
            break;
        }
    }
    let summary = Summary::of(game);
    if json {
        writeln!(out, "{}", summary.to_json())?;
    } else {
        writeln!(
            out,
            "\nresult: {}  score {}  cards played {}  highest {}",
            summary.outcome.as_str(),
            summary.score,
            summary.cards_played,
            summary.highest
        )?;
    }
    Ok(summary.outcome)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands() {
        assert_eq!(
            parse_command(" 3 ", 5),
            Ok(Some(Command::Move(Move::Place(2))))
        );
        assert_eq!(
            parse_command("D", 5),
            Ok(Some(Command::Move(Move::Discard)))
        );
        assert_eq!(parse_command("", 5), Ok(None));
        assert!(parse_command("0", 5).is_err());
        assert!(parse_command("x", 5).is_err());
        assert!(parse_command("99999999999999999999", 5).is_err());
    }
}
