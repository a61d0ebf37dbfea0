//! Classic 2048 in plain text: the board, the status line, the summary `--json` prints, and the
//! commands a line may hold (`w`/`a`/`s`/`d` or `up`/`left`/`down`/`right`, `u`, `q`). Line-mode
//! play, duels and replays all read and write a classic game through these.

use std::fmt::Write as _;

use serde::Serialize;

use super::{Board, ClassicGame, Dir, Slide};
use crate::cards::summary::Ending;

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
pub(crate) enum ClassicCommand {
    Slide(Dir),
    Undo,
    Quit,
}

/// A line that is not a classic command (each caller words the help it gives).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct NotACommand;

/// Reads one line: `Ok(None)` for a blank or comment line, `Err` when it is not a command.
/// Classic headless play and classic duels read their lines with it.
pub(crate) fn parse_command(line: &str) -> Result<Option<ClassicCommand>, NotACommand> {
    let t = line.trim();
    if t.is_empty() || t.starts_with('#') {
        return Ok(None);
    }
    match t.to_ascii_lowercase().as_str() {
        "q" | "quit" => Ok(Some(ClassicCommand::Quit)),
        "u" | "undo" => Ok(Some(ClassicCommand::Undo)),
        cmd => Dir::parse(cmd)
            .map(|d| Some(ClassicCommand::Slide(d)))
            .ok_or(NotACommand),
    }
}

/// A slide that would move no tile: the game refuses it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("moving {} changes nothing", .0.as_str())]
pub(crate) struct Stuck(pub Dir);

/// Slides `g` toward `d` and says what happened (`left (+8)`), or why nothing did.
pub(crate) fn slide(g: &mut ClassicGame, d: Dir) -> Result<(String, Slide), Stuck> {
    let s = g.play(d).ok_or(Stuck(d))?;
    Ok((format!("{} (+{})", d.as_str(), s.points), s))
}
