//! The terminal game: the full-screen front end a player uses on a terminal.
//!
//! One job per file:
//! - [`theme`]: colours (the card palette, text tones, the dialoguer theme) and text widths;
//! - [`i18n`]: every text in English and Simplified Chinese;
//! - [`render`]: the screen as lines of text, a pure function (snapshot-tested);
//! - [`anim`]: the frames of a move (pure, snapshot-tested) and the loop that shows them;
//! - [`settings`]: animations, their speed and the look, from the flags, environment and file;
//! - [`logtheme`]: the game drawn as timestamped log lines (`--theme log`, the boss key);
//! - [`input`]: keys to actions;
//! - [`term`]: taking and giving back the terminal, drawing, signals;
//! - [`menu`], [`list`]: the start menu (saved games first) and its lists, yes/no questions;
//! - [`session`]: the loop every game shares (signals, resizes, quit, help, the result);
//! - [`play`]: the session loop, game after game, back to the start menu (see [`then`]);
//! - [`solo`]: what the two one-player games share (keeping, undo, restart);
//! - [`game`]: the card game's keys and keeping;
//! - [`classic`], [`classic_screen`]: classic 2048's keys and keeping, and its screen;
//! - [`duel`], [`duel_screen`]: two players taking turns at either game, and their screen;
//! - [`autoplay`](mod@autoplay): a bot playing on the same screen;
//! - [`replay`](mod@replay), [`wait`]: a record played back on the game screens, and waiting for
//!   a key at most so long.
//!
//! The engine never sees the terminal and the screen never changes the game: the loop turns keys
//! into moves, the engine decides, and the screen is drawn again from the new state.

mod flow;
mod kit;
mod menu;
mod play;
mod screens;
mod term;
mod widgets;

use std::io;

use crate::cards::engine::Game;
use crate::strategy::Strategy;

use self::kit::fill;
use self::play::{Reel, show_replay, watch};
use self::term::TermGuard;

pub(crate) use self::flow::play;
pub(crate) use self::kit::{Lang, Note, Tone};
pub(crate) use self::play::{Annotated, DuelGame, Duet, Match, Setup, Shown, Solo, default_names};
pub(crate) use self::term::{Display, Ui, is_interactive};

/// `new2048 replay` on a terminal: `reel` played back on the game screen until the player leaves.
pub(crate) fn replay(ui: &Ui, reel: &dyn Reel) -> io::Result<()> {
    let guard = TermGuard::enter(&ui.term)?;
    show_replay(ui, reel);
    drop(guard);
    Ok(())
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
    let guard = TermGuard::enter(&ui.term)?;
    let name = strategy.name();
    let game = watch(ui, game, strategy, seed, delay, best)?;
    drop(guard);
    let p = game.position();
    let _ = ui.term.write_line(&fill(
        ui.words.bot_bye,
        &[&name, &p.score, &p.stats.cards_played],
    ));
    Ok(())
}
