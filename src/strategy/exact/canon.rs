//! What a position is worth knowing for the rest of an open deck: its canonical form (the key
//! under which the search remembers it) and the most points the rest of the deck can still add
//! to it (the bound it is pruned by).
//!
//! Two positions with the same key score alike from here on whatever is played, so the search
//! treats them as one. The key keeps of each column only what its future depends on:
//!
//! - **Dead cards by count, not by value.** A card merges only when the card below it grows to
//!   its value, and a card grows only while it is the tail, after everything below it has merged
//!   into it. So a card with a card of its value or higher anywhere below it can never merge
//!   again (merging only raises a card), and neither can any card above a card that never
//!   merges: the tail would have to get past it. What is left that can still merge is a run at
//!   the tail, each card higher than the one below it: a set of values. The dead cards above it
//!   only take room, and leave with the column when a bomb or a clear empties it, whatever their
//!   values; so a column is its live run (a set) and how many dead cards sit above it.
//! - **Dead for this deck.** A card of value `v` with `s` below it in its run merges only when
//!   `v - s` more arrives on that column; a number card brings its value, a wild card at most
//!   `v / 2` (it doubles a tail below `v`). When the number cards left in the deck add up to less,
//!   with the wild cards left, the card is dead too, and so is the tail when no wild card is left
//!   and the deck's number cards add up to less than it. This holds for every line from here:
//!   what arrives only shrinks as cards are played.
//! - **A full column that takes no card** (without `board.merge_into_full`) is all dead: only a
//!   bomb will ever touch it, and a bomb empties it whatever it holds.
//! - **Columns in any order** (the rules treat every column alike): the columns' codes sorted.
//! - **Discards** as many as are left, but no more than the cards still to come (beyond that
//!   they can never all be used).
//!
//! The bound counts, value by value, the cards that can still merge: the live cards on the board
//! and those to come, and the cards that merges one value below make, carried up like a binary
//! count. A merge takes two cards of a value, and one of them arrives (from the deck, or made
//! by the merge below): two cards on the board never meet. A wild card counts as a card of
//! whichever value helps the most (tried for each value, up to [`WILD_TRIED`] wild cards; with
//! more, every card left is counted as a merge at the highest value: no pruning to speak of),
//! and two wild cards meeting score a merge of no value.

use crate::cards::card::{Card, MAX_EXPONENT};
use crate::cards::engine::{Column, Position};
use crate::cards::rules::{MAX_COLUMNS, Rules};

/// Exponents of the cards a bound counts (index 0 unused): every card below any `clear_value`.
const LEVELS: usize = MAX_EXPONENT as usize + 1;

/// The most wild cards (left in the deck and on the board) the bound places value by value.
pub(super) const WILD_TRIED: u32 = 4;

/// More merges carried up than the bound's table of wild cards has room for (with this many
/// cards the crude bound is used).
const CARRIED: usize = 64;

/// What is left of the deck from one card on.
#[derive(Clone, Copy)]
struct Rest {
    /// The values of the number cards, added up.
    sum: u64,
    wilds: u32,
    /// How many cards of each exponent.
    coming: [u32; LEVELS],
    /// Cards in all.
    cards: u32,
}

/// A position as the search sees it: each column's code, sorted, and the live cards by value.
#[derive(Clone, Copy)]
pub(super) struct View {
    codes: [u64; MAX_COLUMNS],
    ncols: usize,
    /// Live cards on the board of each exponent.
    live: [u32; LEVELS],
    /// Columns holding a wild card (always alone: it merges with the next card).
    wilds: u32,
}

/// The canonical form and the bound of the positions of one deck under one set of rules.
pub(super) struct Canon {
    rest: Vec<Rest>,
    /// The exponent of `clear_value`.
    clear: usize,
    /// The highest exponent a card that can merge may have: below `clear_value`, unless the
    /// deck or the board holds a card at or above it (a deck of its own: the dealt ones never
    /// do), which merges on above it without clearing.
    top: usize,
    height: usize,
    merge_into_full: bool,
    /// Points of one merge at each exponent (making the next), clear bonus included.
    points: [u64; LEVELS],
    per_merge: u64,
    /// Bits of a column's code: the live set, a wild bit, the dead count.
    live_bits: u32,
    dead_bits: u32,
    discard_bits: u32,
    layer_bits: u32,
    /// Bounds worked out with wild cards about (see [`Canon::bound`]).
    wild_cache: std::cell::RefCell<Vec<Option<(u128, u64)>>>,
    /// How many times the wild cards' bound was worked out (not found in the table).
    pub(super) wild_counts: std::cell::Cell<u64>,
}

/// Entries of the wild cards' bound table (32 bytes each).
const WILD_CACHE: usize = 1 << 14;

/// How many bits hold every number up to `n`.
fn bits_for(n: u64) -> u32 {
    64 - n.leading_zeros()
}

impl Canon {
    pub(super) fn new(rules: &Rules, start: &Position, deck: &[Card]) -> Canon {
        let empty = Rest {
            sum: 0,
            wilds: 0,
            coming: [0; LEVELS],
            cards: 0,
        };
        let mut rest = vec![empty; deck.len() + 1];
        for i in (0..deck.len()).rev() {
            let mut r = rest[i + 1];
            let c = deck[i];
            if let Some(e) = c.exponent() {
                r.sum += 1u64 << e;
                r.coming[e as usize] += 1;
            } else if c.is_wild() {
                r.wilds += 1;
            }
            r.cards += 1;
            rest[i] = r;
        }
        let clear = rules
            .board
            .clear_value
            .exponent()
            .map_or(LEVELS, usize::from)
            .min(LEVELS);
        let highest = start
            .columns()
            .iter()
            .flat_map(|c| c.cards().iter())
            .chain(deck)
            .filter_map(|c| c.exponent())
            .max()
            .map_or(0, usize::from);
        let top = if highest >= clear {
            LEVELS - 1
        } else {
            clear - 1
        };
        let s = &rules.scoring;
        let mut points = [0u64; LEVELS];
        for (e, p) in points.iter_mut().enumerate().take(top + 1).skip(1) {
            *p = s.per_merge;
            if s.merged_value {
                *p = p.saturating_add(1u64 << (e + 1).min(62));
            }
            if e + 1 == clear {
                *p = p.saturating_add(s.clear_bonus);
            }
        }
        Canon {
            rest,
            clear,
            top,
            height: rules.board.height as usize,
            merge_into_full: rules.board.merge_into_full,
            points,
            per_merge: s.per_merge,
            live_bits: top as u32,
            dead_bits: bits_for(u64::from(rules.board.height)),
            discard_bits: bits_for(u64::from(rules.discards.max.max(rules.discards.start))),
            layer_bits: bits_for(deck.len() as u64),
            wild_cache: std::cell::RefCell::new(Vec::new()),
            wild_counts: std::cell::Cell::new(0),
        }
    }

    /// Bits of a key: every column's code, the discards, the layer and a leading 1 (so that no
    /// key is all zeros, the table's empty slot).
    pub(super) fn key_bits(&self, columns: usize) -> u32 {
        columns as u32 * (self.live_bits + 1 + self.dead_bits)
            + self.discard_bits
            + self.layer_bits
            + 1
    }

    /// The code of one column with `i` cards of the deck played: its live run as a set of
    /// exponents (bit `e - 1`), whether it is a lone wild card, and how many dead cards it holds.
    fn code(&self, col: &Column, i: usize, live: &mut [u32; LEVELS], wilds: &mut u32) -> u64 {
        let cards = col.cards();
        let Some(&tail) = cards.last() else {
            return 0;
        };
        if tail.is_wild() {
            *wilds += 1;
            return 1 << self.live_bits;
        }
        if !self.merge_into_full && cards.len() >= self.height {
            return (cards.len() as u64) << (self.live_bits + 1);
        }
        let rest = &self.rest[i];
        let mut mask = 0u64;
        // Below the card looked at: the sum of the live run and its highest exponent.
        let mut below = 0u64;
        let mut highest = 0u8;
        let mut dead = cards.len();
        for &c in cards.iter().rev() {
            // A column holds number cards only, but a wild one alone (above).
            let Some(e) = c.exponent() else { break };
            if e <= highest {
                break;
            }
            let v = 1u64 << e;
            // What must still arrive for the card below it to reach `v`, against what can.
            let wild_part = u64::from(rest.wilds).saturating_mul(v / 2);
            let can = if below == 0 && rest.wilds > 0 {
                v
            } else {
                rest.sum.saturating_add(wild_part)
            };
            if can < v - below {
                break;
            }
            mask |= 1 << (e - 1);
            live[e as usize] += 1;
            below += v;
            highest = e;
            dead -= 1;
        }
        mask | ((dead as u64) << (self.live_bits + 1))
    }

    /// The view of `pos` with `i` cards of the deck played.
    pub(super) fn view(&self, pos: &Position, i: usize) -> View {
        let mut v = View {
            codes: [0; MAX_COLUMNS],
            ncols: pos.columns().len(),
            live: [0; LEVELS],
            wilds: 0,
        };
        for (slot, col) in v.codes.iter_mut().zip(pos.columns()) {
            *slot = self.code(col, i, &mut v.live, &mut v.wilds);
        }
        v.codes[..v.ncols].sort_unstable();
        v
    }

    /// The key of a view with `discards` left and `i` cards played, in `K` words.
    pub(super) fn key<const K: usize>(&self, v: &View, discards: u32, i: usize) -> [u64; K] {
        let mut out = [0u64; K];
        let mut at = 0u32;
        let mut put = |value: u64, bits: u32| {
            let (w, b) = ((at / 64) as usize, at % 64);
            out[w] |= value << b;
            if b + bits > 64 && bits > 0 {
                out[w + 1] |= value >> (64 - b);
            }
            at += bits;
        };
        let code_bits = self.live_bits + 1 + self.dead_bits;
        for &c in &v.codes[..v.ncols] {
            put(c, code_bits);
        }
        let left = u64::from(self.rest[i].cards);
        put(u64::from(discards).min(left), self.discard_bits);
        put(i as u64, self.layer_bits);
        put(1, 1);
        out
    }

    /// The most points the cards from `i` on can add to a position seen as `v`.
    pub(super) fn bound(&self, v: &View, i: usize) -> u64 {
        let rest = &self.rest[i];
        let wilds = rest.wilds + v.wilds;
        if wilds == 0 {
            let mut points = 0u64;
            let mut carried = 0u64;
            for e in 1..=self.top {
                let n = u64::from(rest.coming[e] + v.live[e]) + carried;
                let merges = (n / 2).min(u64::from(rest.coming[e]) + carried);
                points = points.saturating_add(merges.saturating_mul(self.points[e]));
                carried = if e + 1 == self.clear { 0 } else { merges };
            }
            return points;
        }
        let pairs = u64::from(wilds - 1).saturating_mul(self.per_merge);
        let cards = rest.cards as usize + v.live.iter().map(|&n| n as usize).sum::<usize>();
        if wilds > WILD_TRIED || cards / 2 + wilds as usize >= CARRIED {
            // Every card a merge at the highest value.
            let most = self.points.iter().copied().max().unwrap_or(0);
            return (cards as u64).saturating_mul(most).saturating_add(pairs);
        }
        // The wild cards' count is slow: kept for the board's live cards by value and the card
        // (which say it all), in a small table that forgets the oldest on a clash.
        let mut key = i as u128 | u128::from(v.wilds) << 8;
        for e in 1..=self.top.min(28) {
            key |= u128::from(v.live[e].min(15)) << (12 + 4 * (e - 1));
        }
        let at = ((key as u64 ^ (key >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 50)
            as usize
            % WILD_CACHE;
        let cached = i < 256 && self.top < 29;
        let mut cache = self.wild_cache.borrow_mut();
        if cache.is_empty() {
            cache.resize(WILD_CACHE, None);
        }
        if cached
            && let Some((k, points)) = cache[at]
            && k == key
        {
            return points;
        }
        self.wild_counts.set(self.wild_counts.get() + 1);
        let points = self
            .with_wilds(v, rest, wilds as usize)
            .saturating_add(pairs);
        if cached {
            cache[at] = Some((key, points));
        }
        points
    }

    /// The bound's binary count with `wilds` wild cards each counted as a card to come of the
    /// value that gives the most: value by value, the best points for each number of wild cards
    /// used so far and of merges carried up.
    fn with_wilds(&self, v: &View, rest: &Rest, wilds: usize) -> u64 {
        const UNSEEN: u64 = u64::MAX;
        let mut now = [[UNSEEN; CARRIED]; WILD_TRIED as usize + 1];
        let mut next = now;
        now[0][0] = 0;
        // The most merges carried up so far: the states beyond are never reached.
        let mut top = 0usize;
        for e in 1..=self.top {
            let mut new_top = 0usize;
            for row in &mut next[..=wilds] {
                row[..CARRIED].fill(UNSEEN);
            }
            for used in 0..=wilds {
                for (carried, &have) in now[used].iter().enumerate().take(top + 1) {
                    if have == UNSEEN {
                        continue;
                    }
                    for k in 0..=(wilds - used) {
                        let coming = u64::from(rest.coming[e]) + (carried + k) as u64;
                        let n = coming + u64::from(v.live[e]);
                        let merges = (n / 2).min(coming);
                        let points = have.saturating_add(merges.saturating_mul(self.points[e]));
                        let up = if e + 1 == self.clear {
                            0
                        } else {
                            merges as usize
                        };
                        new_top = new_top.max(up);
                        let slot = &mut next[used + k][up];
                        if *slot == UNSEEN || *slot < points {
                            *slot = points;
                        }
                    }
                }
            }
            top = new_top;
            std::mem::swap(&mut now, &mut next);
        }
        now[..=wilds]
            .iter()
            .flat_map(|row| row.iter())
            .copied()
            .filter(|&p| p != UNSEEN)
            .max()
            .unwrap_or(0)
    }
}

/// A position with its columns in a fixed order and its score left out: positions with equal
/// shapes are the same board (every card kept, unlike the search's key).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Shape {
    /// Each column's cards as bytes, top first, sorted.
    columns: [u128; MAX_COLUMNS],
    discards: u32,
}

/// The shape of `pos`.
pub fn shape(pos: &Position) -> Shape {
    let mut columns = [0u128; MAX_COLUMNS];
    for (slot, col) in columns.iter_mut().zip(pos.columns()) {
        *slot = col
            .cards()
            .iter()
            .fold(0u128, |acc, c| (acc << 8) | u128::from(c.to_byte()));
    }
    columns.sort_unstable();
    Shape {
        columns,
        discards: pos.discards,
    }
}
