//! `new2048 review [N | FILE] [--json]`: rates every move of a recorded card game against the
//! `best` bot's choice ([`crate::strategy::review`]), or of a classic game against the classic
//! bot's ([`crate::strategy::classic_review`]).
//!
//! `--json` prints the review (its words, and the text's, are [`crate::headless::review`]'s); on a terminal the game is stepped through on the replay screen
//! with the better move highlighted before each move and the played one rated after it; then (and
//! without a terminal) the accuracy, par and the biggest mistakes are printed as text.

use std::io::{self, Write};
use std::path::Path;

use crate::app::cli::{Global, ReviewArgs};
use crate::app::replay::{self, Contents, held};
use crate::app::shared::terminal;
use crate::app::verify;
use crate::error::Error;
use crate::headless::review::{classic_json, classic_render, json, render};
use crate::strategy::review::review;
use crate::ui::Annotated;

/// Runs `new2048 review`.
pub(crate) fn command(global: &Global, args: &ReviewArgs) -> Result<(), Error> {
    let which = args.game.as_deref().unwrap_or("1");
    let (name, text) = replay::source(Path::new(which))?;
    if let Contents::Classic(c) = held(&text) {
        let (game, _) =
            c.0.rebuild()
                .map_err(|e| Error::usage(format!("cannot review {name}: {e}")))?;
        verify::checked("replay", &name, c.1.as_ref(), &game)?;
        let r = crate::strategy::classic_review::review(&game, true);
        let mut out = io::stdout().lock();
        if args.json {
            writeln!(out, "{}", classic_json(&r))?;
        } else {
            write!(out, "{}", classic_render(&r))?;
        }
        return Ok(());
    }
    let (game, record, play) = replay::load(&name, &text).map_err(|e| {
        Error::usage(format!(
            "{e} (card games and classic games can be reviewed, not duels)"
        ))
    })?;
    verify::checked("review", &name, record.as_ref(), &game)?;
    if matches!(play.deal, crate::deal::Deal::Puzzle { .. }) {
        // A puzzle's moves are rated against its exact solution, not against `best`'s guess.
        let moves = crate::deal::puzzle::review(&game);
        let mut out = io::stdout().lock();
        if args.json {
            let json = serde_json::json!({
                "target": moves.first().map_or(game.position().score, |m| m.before),
                "proven": moves.iter().all(|m| m.proven),
                "score": game.position().score,
                "moves": moves,
            });
            writeln!(out, "{json}")?;
        } else {
            write!(out, "{}", crate::deal::puzzle::render_review(&game, &moves))?;
        }
        return Ok(());
    }
    let r = review(&game);
    let mut out = io::stdout().lock();
    if args.json {
        writeln!(out, "{}", json(&r))?;
        return Ok(());
    }
    if crate::ui::is_interactive() {
        let ui = terminal(global)?;
        let best = replay::best_of(crate::record::GameKind::Cards, &game.rules().hash());
        crate::ui::replay(
            &ui,
            &Annotated::reviewed(game.clone(), &r.moves, r.tolerance, best),
        )?;
    }
    write!(out, "{}", render(&game, &r))?;
    Ok(())
}
