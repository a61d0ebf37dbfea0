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
//! The engine ([`card`], [`rules`], [`deck`], [`engine`]) is pure: no terminal, files, clock or
//! global random generator. Everything that touches the world (terminal, files, signals) sits in
//! the front-end modules, and `main.rs` only parses arguments and hands over to [`app`].
//!
//! Playing a game from code (what bots and tests do):
//!
//! ```
//! use std::sync::Arc;
//! use new2048::card::Card;
//! use new2048::engine::{Game, Move, Outcome};
//! use new2048::rules::Rules;
//!
//! let rules = Arc::new(Rules::default_rules());
//! let deck: Vec<Card> = ["64", "32", "16", "16"].iter().map(|c| c.parse().unwrap()).collect();
//! let mut game = Game::new(rules, deck.into());
//! for _ in 0..3 {
//!     game.play(Move::Place(0)).unwrap();
//! }
//! let turn = game.play(Move::Place(0)).unwrap();
//! assert_eq!(new2048::text::chain(&turn), "16+16=32 → 32+32=64 → 64+64=128");
//! assert_eq!(game.position().columns()[0].cards(), &["128".parse::<Card>().unwrap()]);
//! assert_eq!(game.position().score, 3);
//! assert_eq!(game.outcome(), Some(Outcome::Won));
//! ```

pub mod app;
pub mod card;
pub mod classic;
pub mod cli;
pub mod config;
pub mod deck;
pub mod duel;
pub mod duel_headless;
pub mod engine;
pub mod headless;
pub mod keeper;
pub mod paths;
pub mod presets;
pub mod replay;
pub mod rules;
pub mod simulate;
pub mod store;
pub mod strategy;
pub mod summary;
pub mod text;
pub mod ui;
