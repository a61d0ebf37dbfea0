//! The terminal game: the full-screen front end a player uses on a terminal.
//!
//! Rooms on floors, each importing only the floors below its own (a room's files are private;
//! its `mod.rs` re-exports what the rooms above use). The floors are docs/development.md's, and
//! `tests/integration/layers.rs` fails on an import that goes up or sideways:
//!
//! ```text
//! flow          game after game and what follows each
//! menu          the start menu and its sub-menus
//! net  prepare  a duel across two terminals; a puzzle's target or a game's par worked out
//! play/         the loops: the session every game shares, cards, classic, duels, replay, autoplay
//! editor        the rules editor (from the rules sub-menu and `rules --edit`)
//! widgets/      what a loop or the menu calls to ask or show: lists, yes/no, moves in motion
//! screens/      pure screens, state in and lines out: cards, classic, duel, the log look
//! term/         the terminal: taken and given back, signals, keys, timed waits, painting, Ui
//! kit/          pure pieces every screen shares: words, colours, text helpers, what to draw
//! ```
//!
//! Only the loops (and the widgets they call) read keys; the screens are functions of what they
//! are given, so every screen is snapshot-tested without a terminal. The [`Ui`] handle lives in
//! `term/` rather than here because the widgets and loops below this folder take it, and an
//! arrow from them up to this folder would close a circle. The engine never sees the terminal
//! and the screen never changes the game: the loop turns keys into moves, the engine decides,
//! and the screen is drawn again from the new state.

mod editor;
mod flow;
mod kit;
mod menu;
mod net;
mod play;
mod prepare;
mod screens;
mod term;
mod widgets;

#[cfg(test)]
mod all_screens;

use std::io;
use std::path::PathBuf;

use crate::cards::engine::Game;
use crate::classic::ClassicGame;
use crate::error::Error;
use crate::strategy::Strategy;

use self::editor::Editor;
use self::kit::fill;
use self::play::{Recording, show_replay, watch};
use self::term::TermGuard;

pub(crate) use self::editor::Edited;
pub(crate) use self::flow::{Opening, play, play_saying};
pub(crate) use self::kit::{Lang, Theme, Words, duration};
pub(crate) use self::menu::fresh_game;
pub(crate) use self::net::net_duel;
pub(crate) use self::play::{
    Annotated, DuelGame, Duet, GameToPlay, OnScreen, Setup, Solo, default_names,
};
pub(crate) use self::play::{CastSetup, cast};
pub(crate) use self::screens::share_line;
pub(crate) use self::term::{Display, Ui, is_interactive, own_args, start_as_service};

/// `new2048 replay` on a terminal: `reel` played back on the game screen until the player leaves.
pub(crate) fn replay(ui: &Ui, reel: &dyn Recording) -> io::Result<()> {
    let guard = TermGuard::enter(ui)?;
    show_replay(ui, reel, 0);
    drop(guard);
    Ok(())
}

/// `new2048 rules --edit [NAME]`: the rules editor on `file` (a path and its text: the player's
/// rules file, [`crate::config::own::own_file`], or a rule set,
/// [`crate::config::own::rule_set_file`]) until it is left. A text that is no rules file is
/// the player's to mend (exit 2); a terminal that cannot be taken, the machine's (exit 1).
pub(crate) fn edit_rules(ui: &Ui, file: (PathBuf, String)) -> Result<Edited, Error> {
    let (path, text) = file;
    let mut editor = Editor::open(&path, &text).map_err(Error::usage)?;
    let guard = TermGuard::enter(ui)
        .map_err(|e| Error::failed(format!("cannot take the terminal: {e}")))?;
    let edited = play::edit(ui, &mut editor);
    drop(guard);
    Ok(edited)
}

/// `new2048 autoplay`: `strategy` plays `game` on the game screen, one move every `delay`, until
/// a key is pressed; then one line says how far it got.
pub(crate) fn autoplay(
    ui: &Ui,
    game: Game,
    strategy: Box<dyn Strategy>,
    seed: u64,
    delay: std::time::Duration,
    best: Option<u64>,
) -> io::Result<()> {
    let guard = TermGuard::enter(ui)?;
    let name = strategy.name();
    let bot = play::CardBot {
        game,
        strategy,
        rng: crate::cards::deck::rng(seed),
        fresh: None,
    };
    let game = watch(ui, bot, name, delay, best)?.game;
    drop(guard);
    let p = game.position();
    let _ = ui.term.write_line(&fill(
        ui.words.bot_bye,
        &[&name, &p.score, &p.stats.cards_played],
    ));
    Ok(())
}

/// `new2048 autoplay --game classic`: the classic bot plays `game` on the classic screen, thinking
/// as `think` allows, one move every `delay`, until a key is pressed.
pub(crate) fn autoplay_classic(
    ui: &Ui,
    game: ClassicGame,
    think: crate::classic::bot::Think,
    delay: std::time::Duration,
    best: Option<u64>,
) -> io::Result<()> {
    let guard = TermGuard::enter(ui)?;
    let game = watch(
        ui,
        play::ClassicBot { game, think },
        "expectimax",
        delay,
        best,
    )?
    .game;
    drop(guard);
    let _ = ui.term.write_line(&fill(
        ui.words.bot_bye_classic,
        &[&"expectimax", &game.score(), &game.moves().len()],
    ));
    Ok(())
}
