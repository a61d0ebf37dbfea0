//! The game loops: they own the game and the screen state, read the keys (through `term`),
//! ask the engine, keep the game through the store, and draw with `screens`.
//!
//! - `ask`: the loops of the widgets (a list picked from, a yes/no question) and the rules
//!   editor's;
//! - `notes`: what a card game's move did, or why it was refused, in words;
//! - `session`: the loop every game shares (signals, resizes, quit, help, the result screen);
//! - `solo`: what the two one-player games share (keeping, undo, restart), for `cards` and
//!   `classic`, each game's own keys and notes;
//! - `on_screen`: what the loops need of either game (its keys, a move played and told, a
//!   recorded move played again, its one-player screen), written once per game;
//! - `duel`: two players taking turns at either game;
//! - `replay`, `autoplay`: a record played back, a bot playing, on the same screens;
//! - `insight`: par and the review, worked out in the background for the result screen.

mod ask;
mod autoplay;
mod cards;
mod cast;
mod classic;
mod duel;
mod insight;
mod notes;
mod on_screen;
mod replay;
mod session;
mod solo;

pub(crate) use ask::{confirm, edit, pick};
pub(crate) use autoplay::{CardBot, ClassicBot, watch};
pub(crate) use cards::play_cards;
pub(crate) use cast::{CastSetup, cast};
pub(crate) use classic::play_classic;
pub(crate) use duel::{DuelGame, Setup, default_names, play_duel, resume_duel};
pub(crate) use insight::Stop;
pub(crate) use on_screen::OnScreen;
pub(crate) use replay::{Annotated, Duet, Recording, Solo, show_replay};
pub(crate) use session::{After, End};
#[cfg(test)]
pub(crate) use {
    classic::slide_note,
    insight::{Accuracy, Better, Help, Pending, items},
    notes::describe,
};

use crate::cards::engine::Game;
use crate::classic::ClassicGame;
use crate::deal::{ClassicMeta, GameMeta};
use crate::store::Resumed;

/// What to play.
pub(crate) enum GameToPlay {
    Cards(Box<Game>, GameMeta),
    Classic(Box<ClassicGame>, ClassicMeta),
    /// This new classic game, unless the player takes up the saved one when asked.
    ClassicOrSaved(Box<ClassicGame>, ClassicMeta),
    Duel(duel::Setup),
    /// A saved game taken up from the start menu's list (claimed while it is played).
    Saved(Resumed),
}
