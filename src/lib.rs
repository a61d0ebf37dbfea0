//! new2048: 2048 played with cards stacked in columns.
//!
//! Data flows one way:
//!
//! ```text
//! rules file (TOML) -> Rules (checked) -> deck (seeded) -> Game (engine) <- moves <- UI / script / bot
//!                                                             |
//!                                                             +-> Turn (merges, clears, points)
//! ```
//!
//! The crate is a library of rooms on floors, each importing only the floors below its own
//! (docs/development.md draws them, and `tests/integration/layers.rs` holds the code to it):
//!
//! ```text
//! app          the command line: parse, dispatch, exit status
//! ui           the full-screen game
//! net          duels across two terminals
//! out  error   where the commands' lines go; the one error that ends a command
//! store        history, saves, best scores and daily streaks in one database
//! record       a game as a JSON document: export writes it; replay, review, the store read it
//! headless     line-by-line play for scripts and bots
//! deal         what a game is besides its engine state (its deal, its start); puzzles
//! strategy     bots, reviews and the exact search
//! chains duel  chain-merge cases (`rules test`, `cargo test merges`); turn order of a duel
//! config       rules files and presets, the data and config paths, the player's rule sets
//! classic      classic 2048, pure
//! cards        the card game, pure
//! base         files opened safely, UTC dates, text shown as what it is, whose fault a failure is
//! ```
//!
//! Playing a game from code (what bots and tests do):
//!
//! ```
//! use std::sync::Arc;
//! use new2048::cards::card::Card;
//! use new2048::cards::engine::{Game, Move, Outcome};
//! use new2048::cards::rules::Rules;
//!
//! let rules = Arc::new(Rules::default_rules());
//! let deck: Vec<Card> = ["64", "32", "16", "16"].iter().map(|c| c.parse().unwrap()).collect();
//! let mut game = Game::new(rules, deck.into());
//! for _ in 0..3 {
//!     game.play(Move::Place(0)).unwrap();
//! }
//! let turn = game.play(Move::Place(0)).unwrap();
//! assert_eq!(new2048::cards::text::chain(&turn), "16+16=32 → 32+32=64 → 64+64=128");
//! assert_eq!(game.position().columns()[0].cards(), &["128".parse::<Card>().unwrap()]);
//! assert_eq!(game.position().score, 3);
//! assert_eq!(game.outcome(), Some(Outcome::Won));
//! ```

pub mod base;
pub mod cards;
pub mod chains;
pub mod classic;
pub mod config;
pub mod duel;
pub mod strategy;

mod app;
mod deal;
mod error;
mod headless;
mod net;
mod out;
mod record;
mod store;
mod ui;

/// Runs `new2048` with the process's command line; returns the exit status.
pub fn main() -> i32 {
    // The real arguments also when started again under the log look's service name.
    app::main(ui::own_args())
}
