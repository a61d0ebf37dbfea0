//! The card game, pure: cards, the seeded deck, the rules in force, the engine that places cards
//! and resolves chains, and the plain-text words for what happened.
//!
//! Nothing here touches a terminal, a file, the clock or a global random generator: a game is a
//! function of its rules and its seed, the same on every machine. Everything the player sees or
//! keeps is built on top, in the front ends and the store.

pub mod card;
pub mod deck;
pub mod engine;
pub mod rules;
pub mod summary;
pub mod text;
