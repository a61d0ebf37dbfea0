//! A game played and kept: line by line (a card game, classic, a duel), saved after every move
//! and recorded at its end; or a card game already dealt handed to the full screen, which keeps
//! its games itself. Every game command ends here, so a game is kept the same way whichever
//! command started it.

use std::io::{self, IsTerminal};

use crate::app::cli::Global;
use crate::app::shared::terminal;
use crate::cards::engine::Game;
use crate::cards::rules::Rules;
use crate::cards::summary::Ending;
use crate::classic::ClassicGame;
use crate::deal::{ClassicMeta, GameMeta};
use crate::error::Error;
use crate::headless;
use crate::headless::cards::Print;
use crate::out;
use crate::out::print_warnings;
use crate::record::Recorded;
use crate::store::{InPlay, Store};

/// Plays line by line, saving after every move and recording the game at its end (a game quit
/// before any move is not recorded, and its save is dropped); the score it ended with.
pub(crate) fn play_kept(
    game: Game,
    meta: &GameMeta,
    print: Print,
    store: &mut Store,
) -> Result<u64, Error> {
    let stdin = io::stdin();
    if stdin.is_terminal() && !print.json() {
        // Typed at a terminal but shown elsewhere (output redirected): say how to play by line.
        out::note(
            "Type a column number and Enter to place the card in hand; d discards, u undoes, q quits.",
        );
    }
    play_kept_from(game, meta, print, store, stdin.lock())
}

/// [`play_kept`] with its moves read from `input`.
pub(crate) fn play_kept_from(
    mut game: Game,
    meta: &GameMeta,
    print: Print,
    store: &mut Store,
    input: impl io::BufRead,
) -> Result<u64, Error> {
    print_warnings(store);
    let mut out = io::stdout().lock();
    let mut err = out::stderr();
    // `--explain` shows the explained hint before every move: each move made with it counts as
    // a hint asked for, as the hint key does on the screen.
    let mut meta = meta.clone();
    let explained = print == Print::Explained;
    let judged = (print, crate::deal::puzzle::target_of(&meta.deal));
    let ending =
        headless::cards::run_with(&mut game, input, &mut out, &mut err, judged, &mut |g| {
            if explained {
                meta.hints = meta.hints.saturating_add(1);
            }
            store.save(&InPlay::solo(g, &meta));
        })?;
    if ending == Ending::Quit && game.moves().is_empty() {
        store.forget(&InPlay::solo(&game, &meta));
    } else {
        store.finish(&InPlay::solo(&game, &meta), Some(ending), None);
    }
    print_warnings(store);
    Ok(game.position().score)
}

/// Classic play line by line, saving after every move and recording the game at its end, as
/// [`play_kept`] does for the card game.
pub(crate) fn play_classic_kept(
    game: ClassicGame,
    meta: &ClassicMeta,
    json: bool,
    store: &mut Store,
) -> Result<(), Error> {
    print_warnings(store);
    if io::stdin().is_terminal() && !json {
        // Typed at a terminal but shown elsewhere (output redirected): say how to play by line.
        out::note("Type w, a, s or d and Enter to slide the tiles; u undoes, q quits.");
    }
    play_classic_kept_from(game, meta, json, store, io::stdin().lock())
}

/// [`play_classic_kept`] with its moves read from `input`.
pub(crate) fn play_classic_kept_from(
    mut game: ClassicGame,
    meta: &ClassicMeta,
    json: bool,
    store: &mut Store,
    input: impl io::BufRead,
) -> Result<(), Error> {
    let mut out = io::stdout().lock();
    let mut err = out::stderr();
    crate::headless::classic::run_with(&mut game, input, &mut out, &mut err, json, &mut |g| {
        store.save(&InPlay::solo(g, meta));
    })?;
    if game.ending() == Ending::Quit && game.moves().is_empty() {
        store.forget(&InPlay::solo(&game, meta));
    } else {
        store.finish(&InPlay::solo(&game, meta), None, None);
    }
    print_warnings(store);
    Ok(())
}

/// A duel line by line, saved after every move and recorded at its end when any move was made
/// (a duel given up before it began is not kept).
pub(crate) fn duel_kept<G: Recorded + crate::headless::Lines>(
    duel: &mut crate::duel::Duel<G>,
    meta: &G::Meta,
    names: &[String; 2],
    json: bool,
    store: &mut Store,
) -> Result<(), Error> {
    if io::stdin().is_terminal() && !json {
        out::note("Each player in turn types a move and Enter; q gives the duel up.");
    }
    let mut out = io::stdout().lock();
    let mut err = out::stderr();
    let input = io::stdin().lock();
    crate::headless::duel::run(duel, names, input, &mut out, &mut err, json, &mut |d| {
        store.save(&InPlay::duel(d, names, meta));
    })?;
    if duel
        .players
        .iter()
        .any(|p| crate::duel::Playable::survived(p) > 0)
    {
        store.finish(&InPlay::duel(duel, names, meta), None, None);
    }
    print_warnings(store);
    Ok(())
}

/// Plays a card game already dealt (a daily deal, a puzzle) on the full screen, which goes on to
/// the menu if the player asks for it after, with `rules` (those in force, not a puzzle's) there.
pub(crate) fn play_dealt(
    global: &Global,
    rules: Rules,
    game: Game,
    meta: GameMeta,
) -> Result<(), Error> {
    let ui = terminal(global)?;
    let first = crate::ui::GameToPlay::Cards(Box::new(game), meta);
    crate::ui::play(&ui, rules, Some(first), &mut Store::open())?;
    Ok(())
}
