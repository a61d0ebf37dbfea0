//! Classic 2048 without a terminal: one command per line (`w`/`a`/`s`/`d` or `up`/`left`/`down`/
//! `right`, `u` undo, `q` quit), plain text or one JSON object out — the same contract as the card
//! game's headless mode, so scripts and tests drive both the same way.

use std::fmt::Write as _;
use std::io::{self, BufRead, Write};

use serde::Serialize;

use super::Flow;
use crate::cards::summary::Ending;
use crate::classic::{Board, ClassicGame, Dir};

/// The final state of a classic game, as `classic --json` prints it.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub(crate) struct ClassicSummary {
    /// `won` once the winning tile was made, else `lost` when no move is left, else `quit`.
    pub outcome: Ending,
    pub score: u64,
    /// Rows from the top, tile values, 0 for empty.
    pub board: Vec<Vec<u64>>,
    pub moves: usize,
    pub highest: u64,
    /// Whether a move is still possible.
    pub over: bool,
    pub seed: u64,
}

impl ClassicSummary {
    pub(crate) fn of(g: &ClassicGame) -> ClassicSummary {
        ClassicSummary {
            outcome: g.ending(),
            score: g.score(),
            board: g.board().rows(),
            moves: g.moves().len(),
            highest: g.board().highest(),
            over: g.is_over(),
            seed: g.seed(),
        }
    }
}

/// The board as plain text, one row a line, `.` for empty.
pub(crate) fn board_text(b: &Board) -> String {
    let w = b.highest().max(2).to_string().len() + 1;
    let mut out = String::new();
    for row in b.rows() {
        for v in row {
            let cell = if v == 0 {
                ".".to_string()
            } else {
                v.to_string()
            };
            let _ = write!(out, "{cell:>w$}");
        }
        out.push('\n');
    }
    out
}

/// The board, score and moves, as headless play prints them after each move.
pub(crate) fn status(g: &ClassicGame) -> String {
    format!(
        "{}score {}  moves {}",
        board_text(g.board()),
        g.score(),
        g.moves().len()
    )
}

/// A command read from one line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Command {
    Slide(Dir),
    Undo,
    Quit,
}

/// A line that is not a classic command (each caller words the help it gives).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct NotACommand;

/// Reads one line: `Ok(None)` for a blank or comment line, `Err` when it is not a command.
/// Classic headless play and classic duels read their lines with it.
pub(crate) fn parse_command(line: &str) -> Result<Option<Command>, NotACommand> {
    let t = line.trim();
    if t.is_empty() || t.starts_with('#') {
        return Ok(None);
    }
    match t.to_ascii_lowercase().as_str() {
        "q" | "quit" => Ok(Some(Command::Quit)),
        "u" | "undo" => Ok(Some(Command::Undo)),
        cmd => Dir::parse(cmd)
            .map(|d| Some(Command::Slide(d)))
            .ok_or(NotACommand),
    }
}

/// Slides `g` toward `d` and says what happened (`left (+8)`), or why nothing did.
pub(crate) fn slide(
    g: &mut ClassicGame,
    d: Dir,
) -> Result<(String, crate::classic::Slide), String> {
    let s = g
        .play(d)
        .ok_or_else(|| format!("moving {} changes nothing", d.as_str()))?;
    Ok((format!("{} (+{})", d.as_str(), s.points), s))
}

/// [`run`], calling `changed` after every move or undo (to save the game as it goes).
pub(crate) fn run_with(
    g: &mut ClassicGame,
    input: impl BufRead,
    out: &mut impl Write,
    err: &mut impl Write,
    json: bool,
    changed: &mut dyn FnMut(&ClassicGame),
) -> io::Result<ClassicSummary> {
    if !json {
        writeln!(out, "{}", status(g))?;
    }
    if !g.is_over() {
        super::drive(input, err, |line| {
            let said = match parse_command(line.trim()) {
                Ok(None) => return Ok(Ok(Flow::Next)),
                Ok(Some(Command::Quit)) => return Ok(Ok(Flow::Stop)),
                Ok(Some(Command::Undo)) if g.undo() => "undone".to_string(),
                Ok(Some(Command::Undo)) => return Ok(Err("nothing to undo".into())),
                Ok(Some(Command::Slide(d))) => match slide(g, d) {
                    Ok((mut msg, s)) => {
                        if s.reached_win {
                            let win = g.rules().win;
                            msg.push_str(&format!(
                                " — {win} reached, you win! Keep going if you like"
                            ));
                        }
                        msg
                    }
                    Err(e) => return Ok(Err(e)),
                },
                Err(NotACommand) => {
                    return Ok(Err(
                        "not a command; type w, a, s, d (or up, left, down, right), \
                                   u to undo or q to quit"
                            .into(),
                    ));
                }
            };
            changed(g);
            if !json {
                writeln!(out, "\n> {said}\n{}", status(g))?;
            }
            Ok(Ok(if g.is_over() { Flow::Stop } else { Flow::Next }))
        })?;
    }
    let s = ClassicSummary::of(g);
    if json {
        writeln!(
            out,
            "{}",
            serde_json::to_string(&s).expect("summary serializes")
        )?;
    } else {
        writeln!(
            out,
            "\nresult: {}  score {}  highest {}",
            s.outcome.as_str(),
            s.score,
            s.highest
        )?;
    }
    Ok(s)
}
