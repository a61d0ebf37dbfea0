//! `random`: a legal move chosen uniformly, discards included.
//!
//! The baseline every other bot must beat, and the load the engine's speed target is measured
//! with (`benches/engine.rs`), so [`Random::pick`] works on a bare [`Position`] without a `View`.

use rand::RngExt;

use super::{Strategy, View, placements};
use crate::card::Card;
use crate::deck::GameRng;
use crate::engine::{Move, Position};
use crate::rules::Rules;

/// Any legal move, each with the same chance.
pub struct Random;

impl Random {
    /// A uniform legal move for `card` on `position`, or `None` when there is none.
    #[inline]
    pub fn pick(position: &Position, card: Card, rules: &Rules, rng: &mut GameRng) -> Option<Move> {
        let mut mask = placements(position, card, rules);
        let n = mask.count_ones() + u32::from(position.discards > 0);
        if n == 0 {
            return None;
        }
        let mut k = rng.random_range(0..n);
        if k == mask.count_ones() {
            return Some(Move::Discard);
        }
        while k > 0 {
            mask &= mask - 1;
            k -= 1;
        }
        Some(Move::Place(mask.trailing_zeros() as u8))
    }
}

impl Strategy for Random {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&self, view: &View, rng: &mut GameRng) -> Option<Move> {
        Random::pick(view.position, *view.visible.first()?, view.rules, rng)
    }
}
