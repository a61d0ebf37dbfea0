//! The best score an open deck allows: an exact search over every play of a deck whose every card
//! is known (a puzzle), or, where that does not fit its budget, the best line of a beam.
//!
//! A beam first finds a line: the score to beat. The exact search ([`dfs`]) then goes depth
//! first over every play, cutting off each position whose bound (the most the rest of the deck
//! could add: see [`canon`]) does not beat that line or a better one it finds, and remembering
//! what it learnt of each position under a key that merges the positions with the same future
//! (dead cards by count, columns in any order, discards: see [`canon`]). When it finishes, its
//! line is the best there is: proven. It is held to two limits:
//!
//! - **positions searched** ([`Budget`]), counted, not timed, so the answer is the same on every
//!   machine; past it the deck gets the best line known (the beam's, a wider beam's, or the
//!   best the search reached), labelled not proven;
//! - **memory** ([`MEMORY_CAP`]): the table of what it learnt stops growing at the cap (the
//!   search goes on without learning more), and the wider beam is only as wide as the cap
//!   allows. Everything it holds is counted by what it is made of, not measured.
//!
//! Where a proof is cheap: see `docs/guide.md` (puzzles). In short, few cards that can still
//! merge (bombs, small clear values, short columns all help), no wild card or one, and
//! [`canon`]'s bound is tight on rules that score a point a merge; rules that score the value a
//! merge makes (solitaire) bound big late merges loosely, and with more than a few wild cards
//! there is hardly a bound at all.

mod beam;
mod canon;
mod dfs;
mod table;
#[cfg(test)]
mod tests;

use crate::cards::card::Card;
use crate::cards::engine::{Move, Position};
use crate::cards::rules::Rules;

pub use canon::{Shape, shape};

/// How many positions an exact search may search before it gives up for a beam: about 1.5 s on
/// one core of the machine the bench ran on (see `benches/puzzle.rs`).
pub const EXACT_BUDGET: usize = 1_500_000;
/// The most bytes a solve holds for its own use (the table, or a beam).
pub const MEMORY_CAP: usize = 160 << 20;
/// The widest beam a deck the exact search could not finish gets (fewer where the cap says so).
pub const BEAM_WIDTH: usize = 10_000;
/// The beam that finds the first line, whose score the exact search must beat.
const PROBE_WIDTH: usize = 500;

/// The best line found for a deck.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub score: u64,
    /// The moves of the line, one a card played (fewer than the deck when it ends lost).
    pub moves: Vec<Move>,
    /// Whether no play of the deck scores more (the exact search finished).
    pub proven: bool,
}

/// How many positions the exact search may search.
#[derive(Clone, Copy, Debug)]
pub struct Budget(pub usize);

/// What a caller waiting for a solve can do: stop it, and follow how far it got.
pub struct Watch<'a> {
    /// Asked now and then: `true` stops the search, and the solve answers nothing.
    pub cancel: &'a dyn Fn() -> bool,
    /// Told now and then the positions searched and the budget (the most it will search).
    pub progress: &'a dyn Fn(u64, u64),
}

/// The best line of `deck` under `rules`: proven by the exact search when it fits in `budget`
/// positions, else the best a beam finds.
pub fn solve_within(rules: &Rules, deck: &[Card], budget: Budget) -> Solution {
    solve_from(rules, &Position::new(rules), deck, budget)
}

/// [`solve_within`] from `start`, with `deck` the cards still to play (the hand first); the
/// score is the game's whole score, `start`'s included. What a puzzle's review values each
/// position with.
pub fn solve_from(rules: &Rules, start: &Position, deck: &[Card], budget: Budget) -> Solution {
    solve_watched(rules, start, deck, budget, None).expect("only a watch cancels")
}

/// [`solve_within`] with the [`EXACT_BUDGET`].
pub fn solve(rules: &Rules, deck: &[Card]) -> Solution {
    solve_within(rules, deck, Budget(EXACT_BUDGET))
}

/// [`solve_from`] that can be followed and stopped through `watch`: `None` when it was stopped.
pub fn solve_watched(
    rules: &Rules,
    start: &Position,
    deck: &[Card],
    budget: Budget,
    watch: Option<&Watch>,
) -> Option<Solution> {
    let canon = canon::Canon::new(rules, start, deck);
    if canon.key_bits(start.columns().len()) <= 128 {
        run::<2>(rules, start, deck, budget, watch, &canon)
    } else {
        run::<6>(rules, start, deck, budget, watch, &canon)
    }
}

/// The solve with keys of `K` words.
fn run<const K: usize>(
    rules: &Rules,
    start: &Position,
    deck: &[Card],
    budget: Budget,
    watch: Option<&Watch>,
    canon: &canon::Canon,
) -> Option<Solution> {
    let cancelled = || watch.is_some_and(|w| (w.cancel)());
    let probe = [true, false]
        .map(|optimistic| beam::beam::<K>(rules, canon, start, deck, PROBE_WIDTH, optimistic))
        .into_iter()
        .reduce(|a, b| if b.0 > a.0 { b } else { a })
        .expect("two probes");
    if cancelled() {
        return None;
    }
    let mut ctx = dfs::Ctx::<K>::new(rules, deck, canon, MEMORY_CAP, budget.0 as u64, watch);
    let view = canon.view(start, 0);
    let bound = canon.bound(&view, 0);
    let alpha = (probe.0 - start.score) as i64;
    let more = ctx.search(start, &view, bound, 0, alpha);
    if !ctx.stopped {
        if more as i64 <= alpha {
            // Nothing beats the probe's line.
            return Some(Solution {
                score: probe.0,
                moves: probe.1,
                proven: true,
            });
        }
        let moves = ctx.line(start, more);
        return Some(Solution {
            score: start.score + more,
            moves,
            proven: true,
        });
    }
    if cancelled() {
        return None;
    }
    let found = std::mem::take(&mut ctx.found);
    drop(ctx);
    let per = beam::bytes(1, deck.len());
    let width = BEAM_WIDTH.min(MEMORY_CAP / per).max(1);
    let wide = beam::beam::<K>(rules, canon, start, deck, width, true);
    let (score, moves) = [wide, found]
        .into_iter()
        .fold(probe, |a, b| if b.0 > a.0 { b } else { a });
    Some(Solution {
        score,
        moves,
        proven: false,
    })
}

/// The legal moves of `card` on `pos`: each column that takes it, then a discard.
fn moves(pos: &Position, card: Card, rules: &Rules) -> impl Iterator<Item = Move> {
    let mask = pos.legal_mask(card, rules);
    let n = pos.columns().len();
    (0..n)
        .filter(move |&c| mask & (1 << c) != 0)
        .map(|c| Move::Place(c as u8))
        .chain((pos.discards > 0).then_some(Move::Discard))
}
