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

/// FNV-1a (64 bits) of `bytes`: a digest that is the same on every machine and Rust version,
/// unlike std's hasher. It names rule sets ([`rules::Rules::hash`]) and seeds the daily deal.
pub fn fnv1a(bytes: impl IntoIterator<Item = u8>) -> u64 {
    bytes.into_iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}
