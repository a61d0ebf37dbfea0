//! `new2048 replay FILE`: plays a recorded game back from its own rules, deck and moves.
//!
//! On a terminal it steps one move per key so the game can be watched; otherwise (a pipe, a
//! file) it prints every move at once, and `--json` prints only the final state in the form
//! headless play uses ([`Summary`]). A record also says how the game ended: a replay that ends
//! differently (a file edited by hand, or an engine that changed) is reported and exits with
//! status 2, which is what makes a recorded game a check on the engine.
//!
//! The board is drawn with [`crate::cards::text::board`] until the terminal front end offers a renderer.
//!
//! Classic records (and a saved classic game) replay the same way, printing every move at once
//! and `--json` printing [`ClassicSummary`]. A duel record replays both players' games from the
//! shared deal and checks both, and the result, against the record; `--json` prints what
//! `duel --json` prints.

use std::io::{self, IsTerminal, Write};
use std::path::Path;

use console::{Key, Term};

use crate::app::Error;
use crate::cards::engine::Game;
use crate::cards::summary::Summary;
use crate::classic::text::ClassicSummary;
use crate::duel::Duel;
use crate::duel::Playable;
use crate::store::classic::{ClassicPlay, ClassicRecord, SavedClassic};
use crate::store::duel::DuelRecord;
use crate::store::entry::Entry;
use crate::store::format::{GameKind, RecordError};
use crate::store::record::{Play, Record, SavedGame};
use crate::store::report::deal_text;
use crate::store::{entry, format};

/// Reads a record (or a saved game) and rebuilds its game.
pub(crate) fn load(path: &Path) -> Result<(Game, Option<Record>, Play), Error> {
    let bad =
        |e: &dyn std::fmt::Display| Error::usage(format!("cannot replay {}: {e}", path.display()));
    let text = crate::config::paths::read_text(path).map_err(|e| bad(&e))?;
    let (play, rec) = match format::decode::<Record>(&text) {
        Ok(r) => (r.play.clone(), Some(r)),
        Err(RecordError::Invalid(first)) => match format::decode::<SavedGame>(&text) {
            Ok(s) => (s.play, None),
            Err(_) => return Err(bad(&first)),
        },
        Err(e) => return Err(bad(&e)),
    };
    let (game, _) = play.rebuild().map_err(|e| bad(&e))?;
    Ok((game, rec, play))
}

fn bad(path: &Path, e: &dyn std::fmt::Display) -> Error {
    Error::usage(format!("cannot replay {}: {e}", path.display()))
}

/// Runs the `replay` command: a card game, a classic game or a duel, whichever the file holds.
pub(crate) fn run(path: &Path, json: bool) -> Result<(), Error> {
    let text = crate::config::paths::read_text(path).map_err(|e| bad(path, &e))?;
    match entry::decode_entry(&text) {
        Ok(Entry::Classic(r)) => return run_classic(path, &r.play.clone(), Some(r), json),
        Ok(Entry::Duel(d)) => return run_duel(path, &d, json),
        Ok(Entry::Cards(_)) => {}
        Err(first) => {
            if let Ok(s) = format::decode::<SavedClassic>(&text)
                && s.game == GameKind::Classic
            {
                return run_classic(path, &s.play, None, json);
            }
            if !matches!(first, RecordError::Invalid(_)) {
                return Err(bad(path, &first));
            }
        }
    }
    run_cards(path, json)
}

fn run_cards(path: &Path, json: bool) -> Result<(), Error> {
    let (game, record, play) = load(path)?;
    if json {
        writeln!(io::stdout(), "{}", Summary::of(&game).to_json())?;
    } else {
        let title = format!(
            "replay of {}: {} rules, {}, {} moves",
            path.display(),
            play.rules.name,
            deal_text(&play.deal),
            game.moves().len()
        );
        show(&title, &game)?;
    }
    match record.and_then(|r| r.mismatch(&game)) {
        Some(m) => Err(Error::usage(format!("{}: {m}", path.display()))),
        None => Ok(()),
    }
}

fn run_classic(
    path: &Path,
    play: &ClassicPlay,
    record: Option<ClassicRecord>,
    json: bool,
) -> Result<(), Error> {
    let (game, _) = play.rebuild().map_err(|e| bad(path, &e))?;
    if json {
        let s = serde_json::to_string(&ClassicSummary::of(&game)).expect("serializes");
        writeln!(io::stdout(), "{s}")?;
    } else {
        let title = format!(
            "replay of {}: classic {1}x{1}, {2} rules, seed {3}, {4} moves",
            path.display(),
            play.size,
            play.rules.name,
            play.seed,
            game.moves().len()
        );
        show(&title, &game)?;
    }
    match record.and_then(|r| r.mismatch(&game)) {
        Some(m) => Err(Error::usage(format!("{}: {m}", path.display()))),
        None => Ok(()),
    }
}

fn run_duel(path: &Path, record: &DuelRecord, json: bool) -> Result<(), Error> {
    let names = record.names();
    let mut out = io::stdout().lock();
    let replayed = if record.of == GameKind::Classic {
        let duel = record.rebuild_classic().map_err(|e| bad(path, &e))?;
        let players = duel
            .players
            .clone()
            .map(|g| serde_json::to_value(ClassicSummary::of(&g)).expect("serializes"));
        (duel.result(), players, record.mismatch(&duel))
    } else {
        let duel: Duel<Game> = record.rebuild_cards().map_err(|e| bad(path, &e))?;
        let players = duel
            .players
            .clone()
            .map(|g| serde_json::to_value(Summary::of(&g)).expect("serializes"));
        (duel.result(), players, record.mismatch(&duel))
    };
    let (result, players, mismatch) = replayed;
    if json {
        let j = serde_json::json!({"result": result, "names": names, "players": players});
        writeln!(out, "{j}")?;
    } else {
        writeln!(
            out,
            "replay of {}: a {} duel, {} rules, {}",
            path.display(),
            record.of.as_str(),
            record.rules.name,
            deal_text(&record.deal)
        )?;
        for (name, p) in names.iter().zip(&players) {
            writeln!(
                out,
                "  {name}: {} with score {}",
                p["outcome"].as_str().unwrap_or("?"),
                p["score"]
            )?;
        }
        writeln!(out, "result: {}", crate::duel::result_text(result, &names))?;
    }
    match mismatch {
        Some(m) => Err(Error::usage(format!("{}: {m}", path.display()))),
        None => Ok(()),
    }
}

/// Shows `game` under `title`: a move per key on a terminal, else every move at once; then
/// the result line.
fn show<G: Playable>(title: &str, game: &G) -> io::Result<()> {
    let term = Term::stdout();
    if term.is_term() && io::stdin().is_terminal() {
        step(&term, title, game)?;
    } else {
        let mut out = io::stdout().lock();
        writeln!(out, "{title}")?;
        let mut g = game.restart();
        for i in 0..game.move_count() {
            writeln!(out, "{:>4}. {}", i + 1, game.replay_move(&mut g, i))?;
        }
        write!(out, "{}", game.board_text())?;
    }
    writeln!(io::stdout(), "{}", game.result_line())
}

/// Shows the game one move per key; `q`, Escape or Ctrl-C stops early.
fn step<G: Playable>(term: &Term, title: &str, game: &G) -> io::Result<()> {
    let mut g = game.restart();
    let total = game.move_count();
    let mut last = String::from("(start)");
    for i in 0..=total {
        term.clear_screen()?;
        term.write_line(title)?;
        term.write_line(&format!("move {i} of {total}: {last}\n"))?;
        term.write_str(&g.board_text())?;
        term.write_line(&g.status_line())?;
        if i == total {
            break;
        }
        term.write_line("any key: next move   q: stop")?;
        match term.read_key() {
            Ok(Key::Char('q' | 'Q') | Key::Escape | Key::CtrlC) | Err(_) => break,
            Ok(_) => {}
        }
        last = game.replay_move(&mut g, i);
    }
    Ok(())
}
