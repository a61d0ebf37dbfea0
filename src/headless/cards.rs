//! Playing without a terminal: one command per input line, plain text (or JSON) out.
//!
//! Commands: a column number `1`..`N`, `d` to discard, `u` to undo, `q` to quit. A line that is not
//! a legal command is reported on the error stream with the reason and skipped. When input ends
//! before the game does, the game ends as quit. This is what scripts, tests and bots use, so the
//! text is stable and free of colour.

use std::io::{self, BufRead, Write};

use crate::cards::engine::{Game, Move, MoveError};
use crate::cards::summary::{Ending, Summary};
use crate::cards::text;

use super::Flow;

/// A command read from one line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Command {
    Move(Move),
    Undo,
    Quit,
}

/// Why a line is not a command.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum CommandError {
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
pub(crate) fn parse_command(line: &str, columns: usize) -> Result<Option<Command>, CommandError> {
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
            Ok(c) if u8::try_from(c).is_ok() => Command::Move(Move::Place((c - 1) as u8)),
            Ok(c) => return Err(MoveError::NoSuchColumn { column: c, columns }.into()),
            Err(_) => return Err(CommandError::Unknown { columns }),
        },
    };
    Ok(Some(cmd))
}

/// The score, cards left, discards and hand, as headless play prints them after each move.
pub(crate) fn status(game: &Game) -> String {
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

/// [`run`], calling `changed` after every move or undo (to save the game as it goes).
pub(crate) fn run_with(
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
    if !game.is_over() {
        super::drive(input, err, |line| {
            let said = match parse_command(line, columns) {
                Ok(None) => return Ok(Ok(Flow::Next)),
                Ok(Some(Command::Quit)) => return Ok(Ok(Flow::Stop)),
                Ok(Some(Command::Undo)) if game.undo() => "undone".to_string(),
                Ok(Some(Command::Undo)) => return Ok(Err(CommandError::NothingToUndo.to_string())),
                Ok(Some(Command::Move(m))) => match game.play(m) {
                    Ok(turn) => text::turn_line(&turn),
                    Err(e) => return Ok(Err(e.to_string())),
                },
                Err(e) => return Ok(Err(e.to_string())),
            };
            changed(game);
            if !json {
                writeln!(
                    out,
                    "\n> {said}\n{}{}",
                    text::board(game.position(), game.rules()),
                    status(game)
                )?;
            }
            Ok(Ok(if game.is_over() {
                Flow::Stop
            } else {
                Flow::Next
            }))
        })?;
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
