//! Strategies: bots that choose a move from what a player can see.
//!
//! A strategy sees a [`View`]: the position, the visible cards (hand first) and the rules — never
//! the hidden rest of the deck. The same interface serves the hint key, `autoplay` and the
//! simulator.

use crate::card::Card;
use crate::engine::{Game, Move, Position};
use crate::rules::Rules;

/// What a player can see when choosing a move.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    pub position: &'a Position,
    /// The hand first, then the next cards (`deck.lookahead` in all, fewer near the end).
    pub visible: &'a [Card],
    /// Cards not yet played, the hand included.
    pub cards_left: usize,
    pub rules: &'a Rules,
}

impl<'a> View<'a> {
    pub fn of(game: &'a Game) -> View<'a> {
        View {
            position: game.position(),
            visible: game.visible(),
            cards_left: game.cards_left(),
            rules: game.rules(),
        }
    }
}

/// A bot. `choose` returns a legal move, or `None` when there is none (the game is over).
pub trait Strategy: Send + Sync {
    fn name(&self) -> &'static str;
    fn choose(&self, view: &View, rng: &mut crate::deck::GameRng) -> Option<Move>;
}

/// The move the strongest strategy suggests for the game's current position.
pub fn hint(game: &Game) -> Option<Move> {
    let mut rng = crate::deck::rng(0);
    Greedy.choose(&View::of(game), &mut rng)
}

/// Picks the move with the best immediate result (points, then fewest cards on the board).
pub struct Greedy;

impl Strategy for Greedy {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn choose(&self, view: &View, _rng: &mut crate::deck::GameRng) -> Option<Move> {
        let &hand = view.visible.first()?;
        let mask = view.position.legal_mask(hand, view.rules);
        let mut best: Option<(i64, Move)> = None;
        for col in (0..view.rules.board.columns as usize).filter(|c| mask & (1 << c) != 0) {
            let mut p = *view.position;
            let t = p.place(col, hand, view.rules);
            let cards: usize = p.columns().iter().map(|c| c.len()).sum();
            let score = t.points as i64 * 100 - cards as i64;
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, Move::Place(col as u8)));
            }
        }
        best.map(|(_, m)| m)
            .or_else(|| (view.position.discards > 0).then_some(Move::Discard))
    }
}

/// The names `--strategy` takes, strongest last.
pub const NAMES: &[&str] = &["greedy"];

/// The strategy with this name.
pub fn by_name(name: &str) -> Option<Box<dyn Strategy>> {
    match name {
        "greedy" => Some(Box::new(Greedy)),
        _ => None,
    }
}
