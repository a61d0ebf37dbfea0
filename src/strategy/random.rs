//! `random`: a legal move chosen uniformly, discards included.
//!
//! The baseline every other bot must beat, and the load the engine's speed target is measured
//! with (`benches/engine.rs`), so [`Random::pick`] works on a bare [`Position`] without a `View`.

use rand::RngExt;

use super::{Strategy, View, placements};
use crate::cards::card::Card;
use crate::cards::deck::GameRng;
use crate::cards::engine::{Move, Position};
use crate::cards::rules::{MAX_COLUMNS, Rules};

/// Any legal move, each with the same chance.
pub struct Random;

impl Random {
    /// A uniform legal move for `card` on `position`, or `None` when there is none.
    #[inline]
    pub fn pick(position: &Position, card: Card, rules: &Rules, rng: &mut GameRng) -> Option<Move> {
        let mask = placements(position, card, rules);
        // The legal columns in order, gathered without branches (the choice is random, so
        // branches on it would be mispredicted).
        let mut cols = [0u8; MAX_COLUMNS + 1];
        let mut n = 0;
        for i in 0..MAX_COLUMNS as u8 {
            cols[n] = i;
            n += usize::from(mask >> i & 1 == 1);
        }
        let choices = n as u32 + u32::from(position.discards > 0);
        if choices == 0 {
            return None;
        }
        let k = rng.random_range(0..choices) as usize;
        Some(if k == n {
            Move::Discard
        } else {
            Move::Place(cols[k])
        })
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
