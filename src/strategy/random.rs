//! `random`: a legal move chosen uniformly, discards included.
//!
//! The baseline every other bot must beat, and the load the engine's speed target is measured
//! with (`benches/engine.rs`), so [`Random::pick`] works on a bare [`Position`] without a `Sight`.

use rand::RngExt;

use super::{Sight, Strategy, placements};
use crate::cards::card::Card;
use crate::cards::deck::GameRng;
use crate::cards::engine::{Move, Position};
use crate::cards::rules::{MAX_COLUMNS, Rules};

/// Any legal move, each with the same chance.
pub struct Random;

/// For each mask of legal columns (bit 0 is column 1): how many columns it holds, then those
/// columns in order. The `k`-th legal column is then one read, where gathering the columns
/// bit by bit was a chain of dependent stores on every placement.
const CHOICES: [[u8; MAX_COLUMNS + 1]; 1 << MAX_COLUMNS] = {
    let mut table = [[0u8; MAX_COLUMNS + 1]; 1 << MAX_COLUMNS];
    let mut mask = 0;
    while mask < 1 << MAX_COLUMNS {
        let mut n = 0;
        let mut col = 0;
        while col < MAX_COLUMNS {
            if mask >> col & 1 == 1 {
                table[mask][1 + n] = col as u8;
                n += 1;
            }
            col += 1;
        }
        table[mask][0] = n as u8;
        mask += 1;
    }
    table
};

impl Random {
    /// A uniform legal move for `card` on `position`, or `None` when there is none: the `k`-th
    /// of the legal columns in order, or a discard as one choice more when one is in hand.
    #[inline(always)]
    pub fn pick(position: &Position, card: Card, rules: &Rules, rng: &mut GameRng) -> Option<Move> {
        let mask = placements(position, card, rules);
        let row = &CHOICES[usize::from(mask) & ((1 << MAX_COLUMNS) - 1)];
        let n = u32::from(row[0]);
        let choices = n + u32::from(position.discards > 0);
        if choices == 0 {
            return None;
        }
        let k = rng.random_range(0..choices);
        Some(if k == n {
            Move::Discard
        } else {
            Move::Place(row[1 + k as usize])
        })
    }
}

impl Strategy for Random {
    fn name(&self) -> &'static str {
        "random"
    }

    #[inline(always)]
    fn choose(&self, view: &Sight, rng: &mut GameRng) -> Option<Move> {
        Random::pick(view.position, *view.visible.first()?, view.rules, rng)
    }

    #[inline(always)]
    fn always_legal(&self) -> bool {
        true
    }
}
