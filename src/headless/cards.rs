//! Playing without a terminal: one command per input line, plain text (or JSON) out.
//!
//! Commands: a column number `1`..`N`, `d` to discard, `u` to undo, `q` to quit. A line that is not
//! a legal command is reported on the error stream with the reason and skipped. When input ends
//! before the game does, the game ends as quit. This is what scripts, tests and bots use, so the
//! text is stable and free of colour.

use std::io::{self, BufRead, Write};

use crate::cards::engine::Game;
use crate::cards::summary::{Ending, Summary};
use crate::cards::text::{self, CardCommand, CommandError, parse_command, status};

use super::Flow;
use crate::duel::Playable;

/// Plays `game` from `input` to the end or to quit, calling `changed` after every move or undo
/// (to save the game as it goes), and returns how it ended.
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
                Ok(Some(CardCommand::Quit)) => return Ok(Ok(Flow::Stop)),
                Ok(Some(CardCommand::Undo)) if game.undo() => "undone".to_string(),
                Ok(Some(CardCommand::Undo)) => {
                    return Ok(Err(CommandError::NothingToUndo.to_string()));
                }
                Ok(Some(CardCommand::Move(m))) => match game.play(m) {
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
        writeln!(out, "\n{}", game.result_line())?;
    }
    Ok(summary.outcome)
}
