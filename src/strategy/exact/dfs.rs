//! The exact search: depth first over every play of the deck, a bound cutting off what cannot
//! beat the line to beat, and a table of what it learnt of each position it searched.
//!
//! It asks of each position only "can the rest of the deck add more than `alpha` points to
//! it?", and answers with a number `v`: when `v > alpha`, the most the rest can add, exactly;
//! else at most `v` (so, no). A position is first held against its bound (no search at all
//! when even the bound is not above `alpha`), then against what the table knows of it; each
//! move is then searched with `alpha` raised to the best found so far, so a move is searched
//! only as far as it could still beat the others. Moves that lead to positions with the same
//! key (two empty columns, say) are searched once.
//!
//! It stops, without an answer, after [`Ctx::budget`] positions searched (counted, not timed:
//! the same answer on every machine) or when asked to ([`super::Watch`]); the table never
//! grows past its cap (see [`super::table`]).

use crate::cards::card::Card;
use crate::cards::engine::{Move, Position};
use crate::cards::rules::Rules;

use super::Watch;
use super::canon::{Canon, View};
use super::table::Table;

/// A table value: the number, and a low bit set when it is exact (else an upper bound).
fn pack(v: u64, exact: bool) -> u64 {
    (v << 1) | u64::from(exact)
}

/// The search over one deck.
pub(super) struct Ctx<'a, const K: usize> {
    pub rules: &'a Rules,
    pub deck: &'a [Card],
    pub canon: &'a Canon,
    pub table: Table<K>,
    /// Positions searched so far.
    pub nodes: u64,
    /// Positions it may search before it gives up.
    pub budget: u64,
    pub stopped: bool,
    /// When the search looks at its watch and budget next.
    look_at: u64,
    pub watch: Option<&'a Watch<'a>>,
    /// The best line reached to its end so far: its score and moves (a fallback's floor).
    pub found: (u64, Vec<Move>),
    path: Vec<Move>,
    /// The moves of the position searched at each card, kept to be filled again.
    kids: Vec<Vec<Child>>,
}

/// One move of a position, with the position it leads to.
#[derive(Clone, Copy)]
struct Child {
    mv: Move,
    pos: Position,
    gain: u64,
    view: View,
    /// The most the cards after this one can add to `pos`.
    bound: u64,
}

/// The most moves a card has: a column each, and a discard.
const MOVES: usize = crate::cards::rules::MAX_COLUMNS + 1;

/// What one count of the wild cards' bound costs, in positions searched.
const WILD_COUNT_WORK: u64 = 3;

/// How often (in positions searched) the search looks at its watch.
const LOOK_EVERY: u64 = 4096;

impl<'a, const K: usize> Ctx<'a, K> {
    pub(super) fn new(
        rules: &'a Rules,
        deck: &'a [Card],
        canon: &'a Canon,
        cap: usize,
        budget: u64,
        watch: Option<&'a Watch<'a>>,
    ) -> Self {
        Ctx {
            rules,
            deck,
            canon,
            table: Table::new(cap),
            nodes: 0,
            budget,
            stopped: false,
            look_at: LOOK_EVERY,
            watch,
            found: (0, Vec::new()),
            path: Vec::with_capacity(deck.len()),
            kids: vec![Vec::with_capacity(10); deck.len()],
        }
    }

    /// The moves of card `i` on `pos`, each with the position it leads to, best bound first;
    /// of moves leading to the same key only the one scoring most.
    fn children(&self, pos: &Position, i: usize, out: &mut Vec<Child>) {
        let card = self.deck[i];
        let mut keys = [[0u64; K]; MOVES];
        for mv in super::moves(pos, card, self.rules) {
            let mut next = *pos;
            next.apply(mv, card, self.rules);
            let gain = next.score - pos.score;
            let view = self.canon.view(&next, i + 1);
            let key = self.key(&view, next.discards, i + 1);
            if let Some(k) = keys[..out.len()].iter().position(|x| *x == key) {
                if gain > out[k].gain {
                    out[k] = Child {
                        mv,
                        pos: next,
                        gain,
                        view,
                        bound: out[k].bound,
                    };
                }
                continue;
            }
            keys[out.len()] = key;
            out.push(Child {
                mv,
                pos: next,
                gain,
                view,
                bound: self.canon.bound(&view, i + 1),
            });
        }
        // Best bound first; among equals, the order of the moves (columns, then discarding).
        out.sort_by_key(|c| std::cmp::Reverse(c.gain + c.bound));
    }

    fn key(&self, view: &View, discards: u32, i: usize) -> [u64; K] {
        self.canon.key(view, discards, i)
    }

    /// A line ended (lost, or the deck played out) with `score`: kept when it is the best yet.
    fn reached(&mut self, score: u64) {
        if score > self.found.0 || (self.found.1.is_empty() && score == self.found.0) {
            self.found = (score, self.path.clone());
        }
    }

    /// What the cards from `i` on can add to `pos` (seen as `view`, bounded by `bound`), if more
    /// than `alpha`: see the module's doc.
    pub(super) fn search(
        &mut self,
        pos: &Position,
        view: &View,
        bound: u64,
        i: usize,
        alpha: i64,
    ) -> u64 {
        if i == self.deck.len() {
            self.reached(pos.score);
            return 0;
        }
        if (bound as i64) <= alpha {
            return bound;
        }
        if i + 1 == self.deck.len() {
            return self.last(pos);
        }
        let key = self.key(view, pos.discards, i);
        let mut bound = bound;
        if let Some(known) = self.table.get(&key) {
            let v = known >> 1;
            if known & 1 == 1 || (v as i64) <= alpha {
                return v;
            }
            bound = bound.min(v);
        }
        self.nodes += 1;
        if self.nodes >= self.look_at {
            self.look_at = self.nodes + LOOK_EVERY;
            self.look();
        }
        if self.stopped {
            return bound;
        }
        let mut kids = std::mem::take(&mut self.kids[i]);
        kids.clear();
        self.children(pos, i, &mut kids);
        let v = self.over(pos, &kids, bound, i, alpha);
        self.kids[i] = kids;
        if !self.stopped {
            self.table.put(&key, pack(v, v as i64 > alpha));
        }
        v
    }

    /// The last card: the best it can score, every move tried (no table, no bound).
    fn last(&mut self, pos: &Position) -> u64 {
        self.nodes += 1;
        let card = self.deck[self.deck.len() - 1];
        let mut best: Option<(u64, Move)> = None;
        for mv in super::moves(pos, card, self.rules) {
            let mut next = *pos;
            next.apply(mv, card, self.rules);
            let gain = next.score - pos.score;
            if best.is_none_or(|(b, _)| gain > b) {
                best = Some((gain, mv));
            }
        }
        if let Some((gain, mv)) = best {
            self.path.push(mv);
            self.reached(pos.score + gain);
            self.path.pop();
            gain
        } else {
            self.reached(pos.score);
            0
        }
    }

    /// The search of a position's moves `kids` (see [`Ctx::search`]).
    fn over(&mut self, pos: &Position, kids: &[Child], bound: u64, i: usize, alpha: i64) -> u64 {
        if kids.is_empty() {
            // No move: the game is lost here.
            self.reached(pos.score);
            return 0;
        }
        let mut best: Option<u64> = None;
        for kid in kids {
            let floor = alpha.max(best.map_or(i64::MIN, |b| b as i64));
            if floor >= bound as i64 {
                // Nothing left can beat what is in hand: the bound itself is the answer.
                break;
            }
            self.path.push(kid.mv);
            let v = kid.gain
                + self.search(
                    &kid.pos,
                    &kid.view,
                    kid.bound,
                    i + 1,
                    floor - kid.gain as i64,
                );
            self.path.pop();
            best = Some(best.map_or(v, |b| b.max(v)));
            if self.stopped {
                return bound;
            }
        }
        best.unwrap_or(bound).min(bound)
    }

    /// The work done so far, in positions: each position searched, and each count of the wild
    /// cards' bound as much as a few positions (it takes as long).
    fn work(&self) -> u64 {
        self.nodes + WILD_COUNT_WORK * self.canon.wild_counts.get()
    }

    fn look(&mut self) {
        let work = self.work();
        if work >= self.budget {
            self.stopped = true;
        }
        if let Some(w) = self.watch {
            if (w.cancel)() {
                self.stopped = true;
            }
            (w.progress)(work.min(self.budget), self.budget);
        }
    }

    /// The moves of a line scoring exactly `want` more from `pos` (known to be the most the rest
    /// of the deck can add there), read back move by move through what the table knows.
    pub(super) fn line(&mut self, start: &Position, want: u64) -> Vec<Move> {
        let mut pos = *start;
        let mut want = want;
        let mut moves = Vec::new();
        let budget = self.budget;
        self.budget = u64::MAX;
        self.watch = None;
        for i in 0..self.deck.len() {
            let mut kids = Vec::new();
            self.children(&pos, i, &mut kids);
            let Some(kid) = kids.into_iter().find(|k| {
                k.gain <= want && {
                    let need = want - k.gain;
                    k.bound >= need
                        && self.search(&k.pos, &k.view, k.bound, i + 1, need as i64 - 1) >= need
                }
            }) else {
                break;
            };
            moves.push(kid.mv);
            want -= kid.gain;
            pos = kid.pos;
        }
        self.budget = budget;
        moves
    }
}
