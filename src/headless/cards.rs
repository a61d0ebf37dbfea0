//! Playing without a terminal: one command per input line, plain text (or JSON) out.
//!
//! Commands: a column number `1`..`N`, `d` to discard, `u` to undo, `q` to quit. A line that is not
//! a legal command is reported on the error stream with the reason and skipped. When input ends
//! before the game does, the game ends as quit. This is what scripts, tests and bots use, so the
//! text is stable and free of colour. With `--explain`, each board is followed by the explained
//! hint, as the hint key's second press shows it: `explain: column 2: best · column 4: -3.1
//! points expected`.

use std::io::{self, BufRead, Write};

use crate::cards::engine::Game;
use crate::cards::summary::{Ending, Summary};
use crate::cards::text::{self, CardCommand, CommandError, parse_command, status};
use crate::strategy::review;

use super::review::explanation;

use super::{Flow, Lines};

/// What headless play prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Print {
    /// Each board and turn.
    Text,
    /// Each board and turn, and the explained hint under each board.
    Explained,
    /// Only the result, as one JSON object.
    Json,
}

impl Print {
    /// From `--json` and `--explain` (which the command line keeps apart).
    pub(crate) fn of(json: bool, explain: bool) -> Print {
        match (json, explain) {
            (true, _) => Print::Json,
            (false, true) => Print::Explained,
            (false, false) => Print::Text,
        }
    }

    pub(crate) fn json(self) -> bool {
        self == Print::Json
    }
}

/// The explained hint of `game` as one line: `explain: column 2: best · column 4: …`; nothing
/// once the game is over.
fn explain_line(game: &Game) -> String {
    let advice = review::explain(game, 3);
    if advice.is_empty() {
        return String::new();
    }
    let items = explanation(&advice);
    format!("\nexplain: {}", items.join(" · "))
}

/// Plays `game` from `input` to the end or to quit, calling `changed` after every move or undo
/// (to save the game as it goes), and returns how it ended. A puzzle's `target` judges its
/// result line (`result: short by 10  score 3 of 13 …`): its deck played out is no win.
pub(crate) fn run_with(
    game: &mut Game,
    input: impl BufRead,
    out: &mut impl Write,
    err: &mut impl Write,
    (print, target): (Print, Option<crate::deal::puzzle::Target>),
    changed: &mut dyn FnMut(&Game),
) -> io::Result<Ending> {
    let columns = game.rules().board.columns as usize;
    let json = print.json();
    let explained = |g: &Game| {
        if print == Print::Explained {
            explain_line(g)
        } else {
            String::new()
        }
    };
    if !json {
        writeln!(
            out,
            "{}{}{}",
            text::board(game.position(), game.rules()),
            status(game),
            explained(game)
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
                    "\n> {said}\n{}{}{}",
                    text::board(game.position(), game.rules()),
                    status(game),
                    explained(game)
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
        let line = match target.filter(|_| summary.outcome != Ending::Quit) {
            Some(t) => format!(
                "result: {}  score {} of {}  cards played {}  highest {}",
                crate::deal::puzzle::Verdict::of(summary.score, t).text(),
                summary.score,
                t.score,
                summary.cards_played,
                summary.highest
            ),
            None => game.result_line(),
        };
        writeln!(out, "\n{line}")?;
    }
    Ok(summary.outcome)
}
