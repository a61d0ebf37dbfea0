//! Classic 2048 without a terminal: one command per line (`w`/`a`/`s`/`d` or `up`/`left`/`down`/
//! `right`, `u` undo, `q` quit), plain text or one JSON object out — the same contract as the card
//! game's headless mode, so scripts and tests drive both the same way.

use std::io::{self, BufRead, Write};

use super::Flow;
use crate::classic::ClassicGame;
use crate::classic::text::{
    ClassicCommand, ClassicSummary, NotACommand, parse_command, slide, status,
};

/// Plays from `input` until no move is left, `q`, or the end of input, calling `changed` after
/// every move or undo (to save the game as it goes).
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
                Ok(Some(ClassicCommand::Quit)) => return Ok(Ok(Flow::Stop)),
                Ok(Some(ClassicCommand::Undo)) if g.undo() => "undone".to_string(),
                Ok(Some(ClassicCommand::Undo)) => return Ok(Err("nothing to undo".into())),
                Ok(Some(ClassicCommand::Slide(d))) => match slide(g, d) {
                    Ok((mut msg, s)) => {
                        if s.reached_win {
                            let win = g.rules().win;
                            msg.push_str(&format!(
                                " — {win} reached, you win! Keep going if you like"
                            ));
                        }
                        msg
                    }
                    Err(e) => return Ok(Err(e.to_string())),
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
