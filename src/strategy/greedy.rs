//! `greedy`: the move with the best immediate result, looking at the hand only.
//!
//! Most points first, then fewest cards left on the board, then not burying a smaller card under
//! the hand, then the leftmost column; a discard only when no column takes the card. It is the yardstick `expectimax` is measured against on
//! the hard rules: what one card of foresight buys.

use super::{Sight, Strategy, columns_of, placements};
use crate::cards::deck::GameRng;
use crate::cards::engine::Move;

/// The best immediate result.
pub struct Greedy;

impl Strategy for Greedy {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn choose(&self, view: &Sight, _rng: &mut GameRng) -> Option<Move> {
        let &hand = view.visible.first()?;
        let mut best: Option<(i64, Move)> = None;
        for col in columns_of(placements(view.position, hand, view.rules)) {
            let before = view.position.columns()[col];
            let mut p = *view.position;
            let points = p.place_fast(col, hand, view.rules);
            let cards: usize = p
                .columns()
                .iter()
                .map(super::super::cards::engine::Column::len)
                .sum();
            // The hand stayed as the new tail, on a smaller card it can never merge with.
            let buries = p.columns()[col].len() > before.len()
                && before
                    .tail()
                    .is_some_and(|t| t.exponent() < hand.exponent());
            let score = points as i64 * 100 - cards as i64 * 10 - i64::from(buries) * 5;
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, Move::Place(col as u8)));
            }
        }
        best.map(|(_, m)| m)
            .or_else(|| (view.position.discards > 0).then_some(Move::Discard))
    }
}
