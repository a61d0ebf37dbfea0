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
