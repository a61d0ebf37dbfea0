//! Strategies: bots that choose a move from what a player can see.
//!
//! A strategy sees a [`Sight`]: the position, the visible cards (hand first) and the rules — never
//! the hidden rest of the deck, so a bot cannot cheat and its hint is one a player could find.
//! The same interface serves the hint key, `autoplay` and the simulator.
//!
//! - [`Random`]: any legal move, uniformly; the baseline and the engine's speed test.
//! - [`Greedy`]: the best immediate result; cheap and short-sighted.
//! - [`Expectimax`]: a search, exact over the visible cards and averaged over the deck's weights
//!   beyond them.
//! - [`Best`]: the strongest available: a search with a learned evaluation ([`ntuple`], trained
//!   by [`train`]) where weights exist for the rules, else expectimax; [`hint`] uses it.
//!
//! Strategies are pure: no clock, no printing, and the only randomness is the generator the
//! caller passes, so a seeded simulation is reproducible.

mod best;
pub mod classic_review;
pub mod exact;
mod expectimax;
mod greedy;
pub mod measured;
pub mod ntuple;
pub mod objective;
mod random;
pub mod review;
pub mod sim;
pub mod train;

pub use best::{Best, Par, Scored, par, par_of_deck, par_of_deck_unless};
pub use expectimax::{Expectimax, Weights};
pub use greedy::Greedy;
pub use random::Random;

use crate::cards::card::Card;
use crate::cards::deck::GameRng;
use crate::cards::engine::{Game, Move, Position};
use crate::cards::rules::Rules;

/// What a player can see when choosing a move.
#[derive(Clone, Copy, Debug)]
pub struct Sight<'a> {
    pub position: &'a Position,
    /// The hand first, then the next cards (`deck.lookahead` in all, fewer near the end).
    pub visible: &'a [Card],
    /// Cards not yet played, the hand included.
    pub cards_left: usize,
    pub rules: &'a Rules,
}

impl<'a> Sight<'a> {
    pub fn of(game: &'a Game) -> Sight<'a> {
        Sight {
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
    fn choose(&self, view: &Sight, rng: &mut GameRng) -> Option<Move>;
    /// Whether every move `choose` gives is legal by construction, so that a simulation need not
    /// check it again (only `random`, whose move is picked from the legal ones in a few
    /// instructions, and whose simulations are the engine's speed target, says so).
    fn always_legal(&self) -> bool {
        false
    }
}

/// The move the strongest strategy suggests for the game's current position.
pub fn hint(game: &Game) -> Option<Move> {
    if game.is_over() {
        return None;
    }
    let mut rng = crate::cards::deck::rng(0);
    Best::default().choose(&Sight::of(game), &mut rng)
}

/// The moves `bot` makes playing `game` from where it is to its end (the bot's generator seeded
/// with `seed`); `game` itself is left as it is.
pub fn play_out(game: &Game, bot: &dyn Strategy, seed: u64) -> Vec<Move> {
    let mut game = game.clone();
    let mut rng = crate::cards::deck::rng(seed);
    let mut moves = Vec::new();
    while !game.is_over() {
        let Some(mv) = bot.choose(&Sight::of(&game), &mut rng) else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
        moves.push(mv);
    }
    moves
}

/// The names `--strategy` takes, strongest last.
pub const NAMES: &[&str] = &["random", "greedy", "expectimax", "best"];

/// The strategy with this name (one of [`NAMES`]).
pub fn by_name(name: &str) -> Option<Box<dyn Strategy>> {
    match name {
        "random" => Some(Box::new(Random)),
        "greedy" => Some(Box::new(Greedy)),
        "expectimax" => Some(Box::new(Expectimax::default())),
        "best" => Some(Box::new(Best::default())),
        _ => None,
    }
}

/// The columns `card` may go on, as a bit mask (bit 0 is column 1).
#[inline]
fn placements(position: &Position, card: Card, rules: &Rules) -> u16 {
    position.legal_mask(card, rules)
}

/// The positions `card` can lead to from `position`, one per distinct outcome, each with the
/// column it changed: each legal column (a column equal to an earlier legal one leads to the same
/// board up to column order, which the searches' values ignore, so it is left out), then a
/// discard (no column) when one is in hand.
///
/// Internal iteration (a callback rather than an iterator): training runs it for every card, and
/// as an iterator chain it made training a quarter slower.
#[inline(always)]
fn each_move(
    position: &Position,
    card: Card,
    rules: &Rules,
    mut f: impl FnMut(Option<usize>, &Position),
) {
    let cols = position.columns();
    let mask = placements(position, card, rules);
    for col in columns_of(mask) {
        if columns_of(mask & ((1 << col) - 1)).any(|j| cols[j] == cols[col]) {
            continue;
        }
        let mut child = *position;
        child.place_fast(col, card, rules);
        f(Some(col), &child);
    }
    if position.discards > 0 {
        let mut child = *position;
        child.apply(Move::Discard, card, rules);
        f(None, &child);
    }
}

/// Iterates over the set bits of a column mask.
#[inline]
fn columns_of(mut mask: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let c = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            c
        })
    })
}
