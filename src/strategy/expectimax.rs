//! `expectimax`: a depth-limited search over the player's moves and the deck's chances.
//!
//! The visible cards (hand and lookahead) are known, so the first plies are plain maximisation
//! over the columns; beyond them each card is a chance node weighted by `[deck.weights]`, since
//! that is all a player knows about the hidden deck. Leaves are scored by [`Weights`], a heuristic
//! of how livable the board is; losing is worth far less than any board, and running out of deck
//! (a win) far more, so the search first maximises the chance of surviving and only then the
//! board's shape.
//!
//! Why this evaluation: cards only ever leave a column by merging at its tail (or by a bomb), so a
//! column whose cards shrink from top to tail can collapse in a chain, while a card above a
//! smaller one is stuck until a bomb or a clear. The terms count free slots, stuck cards,
//! near-merges (neighbours one doubling apart), and the share of the deck's number cards that no
//! column could take without burying something (the "risk"); bombs need no term of their own,
//! since the chance nodes already deal them with their weight. The weights were tuned with
//! `examples/tune.rs` on the hard rules, where only good play survives: a bonus for empty columns
//! and a penalty for value gaps in a chain both made the bot worse (they pull towards spreading
//! cards thin), so their weights are 0 but the terms stay for rule sets that may want them.
//! Searching two chance plies everywhere instead of one gains about 4% more cards on the hard
//! rules for 20 times the time, so the default deepens only on crowded boards.
//!
//! Cost control, all deterministic so a seeded simulation is reproducible: a fixed number of
//! chance plies (one more when the board is crowded, where the decision matters), chance branches
//! cut once their probability falls below `min_prob`, identical columns tried only once (the
//! evaluation does not depend on column order), and a cap on the estimated leaves so that wide
//! boards with a long lookahead (9 columns, 10 visible cards) still answer at once: first chance
//! plies, then the farthest visible cards are left out. No transposition table: `perf` puts half the time
//! in `eval` and a third in placing, and counting the evaluated boards over 30 default games
//! (columns sorted, so boards equal up to column order count once) found about 60% of them
//! distinct; a cache could save at most the other 40% of evaluations, at the price of hashing
//! every node, while a decision already takes about 0.1 ms of its 10 ms budget.

use super::{Sight, Strategy, columns_of, placements};
use crate::cards::card::Card;
use crate::cards::deck::GameRng;
use crate::cards::engine::{Move, Position};
use crate::cards::rules::Rules;

/// The value of a lost game; a loss at ply `k` is worth `LOSS + k * LOSS_STEP`, so that when
/// every line loses the search still delays the end.
const LOSS: f64 = -1.0e7;
const LOSS_STEP: f64 = 1.0e4;
/// Bonus for reaching the end of the deck inside the search: the game is won.
const WIN: f64 = 1.0e6;

/// Weights of the leaf evaluation, in "free slots" as the unit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Each free slot on the board.
    pub free: f64,
    /// Each empty column (it takes any card without burying one).
    pub empty_column: f64,
    /// Each card stuck above a smaller card.
    pub stuck: f64,
    /// Each doubling a shrinking chain still needs between neighbours (64 over 16 is 1).
    pub gap: f64,
    /// Each pair of neighbours one doubling apart (32 over 16): a near-merge, ready to chain.
    pub near: f64,
    /// Times the share of number cards no column takes cleanly.
    pub risk: f64,
    /// Below this many free slots, the shortfall squared is charged `crowd` each.
    pub crowd_below: f64,
    pub crowd: f64,
    /// Each point scored.
    pub points: f64,
    /// Each discard in hand.
    pub discard: f64,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            free: 1.0,
            empty_column: 0.0,
            stuck: 1.5,
            gap: 0.0,
            near: 0.2,
            risk: 10.0,
            crowd_below: 8.0,
            crowd: 0.5,
            points: 0.05,
            discard: 3.0,
        }
    }
}

/// The search and its budget.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Expectimax {
    /// Chance plies searched beyond the visible cards.
    pub chance_plies: u8,
    /// One more chance ply when the board has at most this many free slots.
    pub deepen_at_free: u8,
    /// Chance branches whose probability (from the root) is below this are evaluated, not
    /// searched.
    pub min_prob: f64,
    /// The most leaves a search may have before pruning (estimated from the number of moves and
    /// of card kinds): bounds the time on wide boards with many visible cards.
    pub max_leaves: u64,
    pub weights: Weights,
}

impl Default for Expectimax {
    fn default() -> Self {
        Expectimax {
            chance_plies: 1,
            deepen_at_free: 10,
            min_prob: 0.01,
            max_leaves: 200_000,
            weights: Weights::default(),
        }
    }
}

impl Strategy for Expectimax {
    fn name(&self) -> &'static str {
        "expectimax"
    }

    fn choose(&self, view: &Sight, _rng: &mut GameRng) -> Option<Move> {
        let &hand = view.visible.first()?;
        let search = self.search(view);
        search.best(view.position, hand, 0, 1.0).map(|(mv, _)| mv)
    }
}

impl Expectimax {
    /// Every legal move of the hand with the value the search gives it (for reviews).
    pub fn rate(&self, view: &Sight) -> Vec<(Move, f64)> {
        let Some(&hand) = view.visible.first() else {
            return Vec::new();
        };
        let search = self.search(view);
        let pos = view.position;
        let mut moves: Vec<Move> = columns_of(placements(pos, hand, view.rules))
            .map(|c| Move::Place(c as u8))
            .collect();
        if pos.discards > 0 {
            moves.push(Move::Discard);
        }
        moves
            .into_iter()
            .map(|mv| {
                let mut child = *pos;
                let points = child.apply(mv, hand, view.rules).points;
                let v = points as f64 * self.weights.points + search.value(&child, 1, 1.0);
                (mv, v)
            })
            .collect()
    }

    /// The search of one decision, within the budget.
    fn search<'a>(&'a self, view: &Sight<'a>) -> ExpectimaxSearch<'a> {
        let search = ExpectimaxSearch::new(self, view);
        let free = search.free_slots(view.position);
        let mut extra =
            self.chance_plies as usize + usize::from(free <= self.deepen_at_free as usize);
        let mut known = view.visible.len();
        // Keep the tree within `max_leaves` on wide boards with a long lookahead: drop chance
        // plies first, then the farthest visible cards (the hand is always searched).
        let moves =
            view.position.columns().len() as f64 + f64::from(u8::from(view.position.discards > 0));
        let leaves = |known: usize, extra: usize| {
            moves.powi(known as i32) * (moves * search.chance.len() as f64).powi(extra as i32)
        };
        while extra > 0 && leaves(known, extra) > self.max_leaves as f64 {
            extra -= 1;
        }
        while known > 1 && leaves(known, extra) > self.max_leaves as f64 {
            known -= 1;
        }
        ExpectimaxSearch {
            known: &view.visible[..known],
            horizon: known + extra,
            ..search
        }
    }
}

/// One decision's search: the rules, what is visible and the budget.
struct ExpectimaxSearch<'a> {
    rules: &'a Rules,
    known: &'a [Card],
    cards_left: usize,
    /// Plies searched from the root (cards placed), the hand's included.
    horizon: usize,
    min_prob: f64,
    w: &'a Weights,
    /// The deck's cards with their probabilities.
    chance: Vec<(Card, f64)>,
    /// The deck's number cards: exponent and probability.
    numbers: Vec<(u8, f64)>,
}

impl<'a> ExpectimaxSearch<'a> {
    fn new(e: &'a Expectimax, view: &Sight<'a>) -> ExpectimaxSearch<'a> {
        let total: u64 = view
            .rules
            .deck
            .weights
            .iter()
            .map(|&(_, w)| u64::from(w))
            .sum();
        let chance: Vec<(Card, f64)> = view
            .rules
            .deck
            .weights
            .iter()
            .filter(|&&(_, w)| w > 0)
            .map(|&(c, w)| (c, f64::from(w) / total as f64))
            .collect();
        let numbers = chance
            .iter()
            .filter_map(|&(c, p)| Some((c.exponent()?, p)))
            .collect();
        ExpectimaxSearch {
            rules: view.rules,
            known: view.visible,
            cards_left: view.cards_left,
            horizon: view.visible.len(),
            min_prob: e.min_prob,
            w: &e.weights,
            chance,
            numbers,
        }
    }

    fn free_slots(&self, pos: &Position) -> usize {
        let h = self.rules.board.height as usize;
        pos.columns().iter().map(|c| h - c.len()).sum()
    }

    /// The best move for `card` at ply `k` and its value; `None` when there is no move.
    fn best(&self, pos: &Position, card: Card, k: usize, prob: f64) -> Option<(Move, f64)> {
        let mut best: Option<(Move, f64)> = None;
        let cols = pos.columns();
        let mask = placements(pos, card, self.rules);
        for col in columns_of(mask) {
            // Columns equal to an earlier legal one lead to the same value.
            if columns_of(mask & ((1 << col) - 1)).any(|j| cols[j] == cols[col]) {
                continue;
            }
            let mut child = *pos;
            let points = child.place_fast(col, card, self.rules);
            let v = points as f64 * self.w.points + self.value(&child, k + 1, prob);
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((Move::Place(col as u8), v));
            }
        }
        if pos.discards > 0 {
            let mut child = *pos;
            child.apply(Move::Discard, card, self.rules);
            let v = self.value(&child, k + 1, prob);
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((Move::Discard, v));
            }
        }
        best
    }

    /// The value of `pos` with the card at ply `k` (0 is the hand) still to play.
    fn value(&self, pos: &Position, k: usize, prob: f64) -> f64 {
        if k >= self.cards_left {
            return WIN + self.eval(pos);
        }
        let lost = LOSS + k as f64 * LOSS_STEP;
        if let Some(&card) = self.known.get(k) {
            return self.best(pos, card, k, prob).map_or(lost, |(_, v)| v);
        }
        if k >= self.horizon || prob < self.min_prob {
            return self.eval(pos);
        }
        self.chance
            .iter()
            .map(|&(card, p)| p * self.best(pos, card, k, prob * p).map_or(lost, |(_, v)| v))
            .sum()
    }

    /// The heuristic worth of a board (see the module docs).
    fn eval(&self, pos: &Position) -> f64 {
        let w = self.w;
        let height = self.rules.board.height as usize;
        let mut free = 0usize;
        let mut empty = 0usize;
        let mut stuck = 0usize;
        let mut gaps = 0i32;
        let mut near = 0usize;
        // Exponents some column takes without burying a card (bit x: the card 2^x).
        let mut takes: u32 = 0;
        for col in pos.columns() {
            let cards = col.cards();
            let n = cards.len();
            free += height - n;
            if n == 0 {
                empty += 1;
                takes = u32::MAX;
                continue;
            }
            let ex = |c: Card| c.exponent().map_or(0, i32::from);
            let mut i = n - 1;
            while i > 0 {
                let (up, down) = (ex(cards[i - 1]), ex(cards[i]));
                if up > down {
                    gaps += up - down - 1;
                    near += usize::from(up == down + 1);
                    i -= 1;
                } else {
                    break;
                }
            }
            stuck += i;
            let tail = ex(cards[n - 1]);
            if cards[n - 1].is_wild() {
                takes = u32::MAX;
            } else if n < height {
                takes |= (2u32 << tail) - 2;
            } else if self.rules.board.merge_into_full {
                takes |= 1 << tail;
            }
        }
        let risk: f64 = self
            .numbers
            .iter()
            .filter(|&&(x, _)| takes & (1 << x) == 0)
            .map(|&(_, p)| p)
            .sum();
        let short = (w.crowd_below - free as f64).max(0.0);
        w.free * free as f64 + w.empty_column * empty as f64
            - w.stuck * stuck as f64
            - w.gap * f64::from(gaps)
            + w.near * near as f64
            - w.risk * risk
            - w.crowd * short * short
            + w.discard * f64::from(pos.discards)
    }
}
