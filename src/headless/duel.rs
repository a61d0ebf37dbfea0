//! Duels without a terminal: `new2048 duel` reading one command per line for the player to move.
//!
//! The same contract as headless play of each game, so scripts and tests drive a duel the way
//! they drive a game: a card duel takes a column number or `d`, a classic duel `w a s d` (or
//! `up left down right`), and `q` gives the duel up. There is no undo in a duel: a turn taken
//! is the other player's to answer. A line that is not a legal move for the player to move is
//! reported on the error stream and skipped, and the same player is still to move.
//!
//! After every move it prints whose turn it is and both boards, side by side when the two fit in
//! [`WIDE`] columns, else one under the other; at the end, the result and why. The turn order
//! and the result are [`crate::duel::Duel`]'s; this module only reads, prints and plays.

use std::io::{self, BufRead, Write};

use serde::Serialize;
use unicode_width::UnicodeWidthStr;

use super::Flow;
use super::Lines;
use crate::duel::{Duel, DuelResult, result_text};

/// The widest the two boards may be side by side.
pub(crate) const WIDE: usize = 100;

/// Two blocks of text side by side when they fit in `width` columns, else one under the other.
pub(crate) fn side_by_side(left: &str, right: &str, width: usize) -> String {
    let l: Vec<&str> = left.lines().collect();
    let r: Vec<&str> = right.lines().collect();
    let lw = l.iter().map(|s| s.width()).max().unwrap_or(0);
    let rw = r.iter().map(|s| s.width()).max().unwrap_or(0);
    const GAP: usize = 4;
    if lw + GAP + rw > width {
        return format!("{left}\n{right}");
    }
    let mut out = String::new();
    for i in 0..l.len().max(r.len()) {
        let a = l.get(i).copied().unwrap_or("");
        let b = r.get(i).copied().unwrap_or("");
        let line = format!("{a}{}{b}", " ".repeat(lw - a.width() + GAP));
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Both players' boards, the player to move marked `*`: what is printed after every move.
pub(crate) fn boards<G: Lines>(duel: &Duel<G>, names: &[String; 2]) -> String {
    let block = |i: usize| {
        let mark = if duel.to_move() == Some(i) { " *" } else { "" };
        let over = if duel.players[i].finished() {
            " (game over)"
        } else {
            ""
        };
        format!("{}{mark}{over}\n{}", names[i], duel.players[i].view_text())
    };
    side_by_side(&block(0), &block(1), WIDE)
}

/// The `--json` form: `{"result": .., "names": [..], "players": [summary, summary]}`.
#[derive(Serialize)]
struct DuelJson<'a> {
    result: Option<DuelResult>,
    names: &'a [String; 2],
    players: [serde_json::Value; 2],
}

/// Plays the duel from `input` until it is decided, `q`, or the end of input, calling `on_move`
/// after every move (to save it). Returns whether any move was made (a duel given up before is
/// not worth recording).
pub(crate) fn run<G: Lines>(
    duel: &mut Duel<G>,
    names: &[String; 2],
    input: impl BufRead,
    out: &mut impl Write,
    err: &mut impl Write,
    json: bool,
    on_move: &mut dyn FnMut(&Duel<G>),
) -> io::Result<bool> {
    let mut moved = false;
    let turn_line = |duel: &Duel<G>| turn_line(duel, names);
    if !json {
        writeln!(out, "{}\n{}", turn_line(duel), boards(duel, names))?;
    }
    if duel.to_move().is_some() {
        super::drive(input, err, |line| {
            let Some(i) = duel.to_move() else {
                return Ok(Ok(Flow::Stop));
            };
            if matches!(line.trim().to_ascii_lowercase().as_str(), "q" | "quit") {
                return Ok(Ok(Flow::Stop));
            }
            match duel.players[i].play_text(line) {
                Ok(None) => {}
                Ok(Some(what)) => {
                    moved = true;
                    duel.next_turn();
                    on_move(duel);
                    if !json {
                        writeln!(
                            out,
                            "\n> {}: {what}\n{}\n{}",
                            names[i],
                            turn_line(duel),
                            boards(duel, names)
                        )?;
                    }
                }
                Err(e) => return Ok(Err(format!("{}: {e}", names[i]))),
            }
            Ok(Ok(if duel.to_move().is_some() {
                Flow::Next
            } else {
                Flow::Stop
            }))
        })?;
    }
    let result = duel.result();
    if json {
        let j = DuelJson {
            result,
            names,
            players: [duel.players[0].summary(), duel.players[1].summary()],
        };
        writeln!(out, "{}", serde_json::to_string(&j).expect("serializes"))?;
    } else {
        write!(out, "\n{}", result_lines(duel, names))?;
    }
    Ok(moved)
}

/// Whose turn it is and how a move is typed (only the moves the rules have), or that the duel
/// is decided.
pub(crate) fn turn_line<G: Lines>(duel: &Duel<G>, names: &[String; 2]) -> String {
    match duel.to_move() {
        Some(i) => format!(
            "{} ({})",
            whose_turn(duel, names),
            duel.players[i].moves_typed()
        ),
        None => whose_turn(duel, names),
    }
}

/// Whose turn it is, or that the duel is decided: what a replay says, where nothing is typed
/// (it printed the typing hint, a move prompt, between the moves played back).
pub(crate) fn whose_turn<G: Lines>(duel: &Duel<G>, names: &[String; 2]) -> String {
    match duel.to_move() {
        Some(i) => format!("{} to move", names[i]),
        None => "the duel is decided".to_string(),
    }
}

/// The result and why, then each player's turns and score.
pub(crate) fn result_lines<G: Lines>(duel: &Duel<G>, names: &[String; 2]) -> String {
    // One row a player, in columns that line up whatever the names' lengths.
    let p = &duel.players;
    let name_w = names
        .iter()
        .map(|n| console::measure_text_width(n))
        .max()
        .unwrap_or(0);
    let turns_w = p
        .iter()
        .map(|g| g.survived().to_string().len())
        .max()
        .unwrap_or(1);
    let mut text = format!("result: {}\n", result_text(duel.result(), names));
    for (name, g) in names.iter().zip(p.iter()) {
        let gap = " ".repeat(name_w - console::measure_text_width(name));
        text.push_str(&format!(
            "  {name}:{gap} survived {:>turns_w$}, score {}\n",
            g.survived(),
            g.score()
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_by_side_when_it_fits() {
        assert_eq!(
            side_by_side("ab\nc", "x\ny\nz", 20),
            "ab    x\nc     y\n      z\n"
        );
        let wide = "w".repeat(60);
        assert_eq!(side_by_side(&wide, &wide, 100), format!("{wide}\n{wide}"));
    }
}
