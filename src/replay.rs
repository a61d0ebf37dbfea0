//! `new2048 replay FILE`: plays a recorded game back from its own rules, deck and moves.
//!
//! On a terminal it steps one move per key so the game can be watched; otherwise (a pipe, a
//! file) it prints every move at once, and `--json` prints only the final state in the form
//! headless play uses ([`Summary`]). A record also says how the game ended: a replay that ends
//! differently (a file edited by hand, or an engine that changed) is reported and exits with
//! status 2, which is what makes a recorded game a check on the engine.
//!
//! The board is drawn with [`crate::text::board`] until the terminal front end offers a renderer.

use std::io::{self, IsTerminal, Write};
use std::path::Path;

use console::{Key, Term};

use crate::app::Failure;
use crate::engine::Game;
use crate::store::record::{self, Play, Record, RecordError, SavedGame};
use crate::store::report::deal_text;
use crate::summary::Summary;
use crate::text;

/// Reads a record (or a saved game) and rebuilds its game.
pub fn load(path: &Path) -> Result<(Game, Option<Record>, Play), Failure> {
    let bad = |e: &dyn std::fmt::Display| {
        Failure::usage(format!("cannot replay {}: {e}", path.display()))
    };
    let text = std::fs::read_to_string(path).map_err(|e| bad(&e))?;
    let (play, rec) = match record::decode::<Record>(&text) {
        Ok(r) => (r.play.clone(), Some(r)),
        Err(RecordError::Invalid(first)) => match record::decode::<SavedGame>(&text) {
            Ok(s) => (s.play, None),
            Err(_) => return Err(bad(&first)),
        },
        Err(e) => return Err(bad(&e)),
    };
    let (game, _) = play.rebuild().map_err(|e| bad(&e))?;
    Ok((game, rec, play))
}

fn result_line(game: &Game) -> String {
    let s = Summary::of(game);
    format!(
        "result: {}  score {}  cards played {}  highest {}",
        s.outcome.as_str(),
        s.score,
        s.cards_played,
        s.highest
    )
}

/// Runs the `replay` command.
pub fn run(path: &Path, json: bool) -> Result<(), Failure> {
    let (game, record, play) = load(path)?;
    let mut out = io::stdout().lock();
    if json {
        writeln!(out, "{}", Summary::of(&game).to_json())?;
    } else {
        let title = format!(
            "replay of {}: {} rules, {}, {} moves",
            path.display(),
            play.rules.name,
            deal_text(&play.deal),
            game.moves().len()
        );
        let term = Term::stdout();
        if term.is_term() && io::stdin().is_terminal() {
            drop(out);
            step(&term, &title, &game)?;
            out = io::stdout().lock();
        } else {
            writeln!(out, "{title}")?;
            let mut g = Game::new(game.rules_arc().clone(), game.deck().clone());
            for (i, &m) in game.moves().iter().enumerate() {
                let turn = g.play(m).expect("a rebuilt game's moves are legal");
                writeln!(out, "{:>4}. {}", i + 1, text::turn_line(&turn))?;
            }
            write!(out, "{}", text::board(game.position(), game.rules()))?;
        }
        writeln!(out, "{}", result_line(&game))?;
    }
    match record.and_then(|r| r.mismatch(&game)) {
        Some(m) => Err(Failure::usage(format!("{}: {m}", path.display()))),
        None => Ok(()),
    }
}

/// Shows the game one move per key; `q`, Escape or Ctrl-C stops early.
fn step(term: &Term, title: &str, game: &Game) -> io::Result<()> {
    let mut g = Game::new(game.rules_arc().clone(), game.deck().clone());
    let moves = game.moves();
    let mut last = String::from("(start)");
    for i in 0..=moves.len() {
        term.clear_screen()?;
        term.write_line(title)?;
        term.write_line(&format!("move {i} of {}: {last}\n", moves.len()))?;
        term.write_str(&text::board(g.position(), g.rules()))?;
        term.write_line(&format!(
            "score {}  hand: {}",
            g.position().score,
            text::cards(g.visible())
        ))?;
        if i == moves.len() {
            break;
        }
        term.write_line("any key: next move   q: stop")?;
        match term.read_key() {
            Ok(Key::Char('q' | 'Q') | Key::Escape | Key::CtrlC) | Err(_) => break,
            Ok(_) => {}
        }
        let turn = g.play(moves[i]).expect("a rebuilt game's moves are legal");
        last = text::turn_line(&turn);
    }
    Ok(())
}
