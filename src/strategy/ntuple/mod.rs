//! A learned evaluation: an n-tuple network valuing the board after a move (an afterstate).
//!
//! The idea comes from the n-tuple networks that play classic 2048 (Szubert & Jaśkowski 2014): a
//! value is the sum of a few table entries, each table indexed by the contents of a small group of
//! cells, so evaluating a board is a handful of memory reads (well under a microsecond) and
//! learning is adding a correction to those same entries. The groups are chosen for this game:
//!
//! - **Columns are interchangeable**: every table is shared by all columns (or all pairs of
//!   columns), so what is learned on one column serves all, and the value does not depend on the
//!   order of the columns.
//! - **The tail matters most**: merges happen only at a column's tail, so one table reads a
//!   column's length with its last four cards; a second reads the length with the four cards
//!   above those (the buried part, for columns up to eight high this covers the whole column).
//! - **A column as a whole** ([`Layout::Whole`], every training from nothing since issue 45): a
//!   third window reads the length with cards 2 to 5 from the tail, across the two above, and a
//!   small table reads the column's shape: its length, how many cards from the tail up grow
//!   strictly (all a chain of merges can still reach), the largest of them and the card that
//!   stops them. A hard game is lost to columns that cannot clear any more, which shows only
//!   across the two tuples; with these tables a one-card self-play player lasted 1,349 cards
//!   after 480,000 games against 1,229 (see [`Layout`]).
//! - **Columns work together**: a table per pair of columns reads both tails, the cards above
//!   them and whether each column is full (the pair is sorted, so it is symmetric), and a global
//!   table reads which tail values the board offers to a new card (a bit per value, among the
//!   columns that are not full; an empty column is a value of its own), the free slots and the
//!   discards in hand: "is there a home for what comes next".
//! - **The deck shapes the values**: the cards to come are not inputs; the network is trained by
//!   self-play dealing with the rules' weights, so it learns what the deck tends to bring. The
//!   visible cards are handled exactly by the search on top of the network ([`super::Best`]); the
//!   network values the board once they are placed.
//!
//! What a value means: every table entry holds two numbers, so the network gives an
//! [`Outlook`]: the discounted survival `1 - E[γ^T]` (`T` the cards the game still lasts) and
//! the discounted points still to come, the two parts of the rules' objective
//! ([`super::objective`]). Both are learned together by TD(0) (see [`super::train`]). The discount
//! keeps the values bounded and puts the weight on the next few hundred cards; it is also why a
//! deck's size does not enter the key: weights serve every rule set with the same board, the same
//! card weights in proportion, the same scoring, with or without discards ([`Key`]). The two
//! numbers of an entry sit side by side, so reading both costs the memory reads of one.
//!
//! Weights are trained in `f32` and stored compactly (fixed point, zero runs), in a versioned file
//! that names its key, so a file trained for other rules is never used by mistake.
//!
//! Its parts: the tables and where a position's cells go in them (`layout`), the stored weights
//! and where they are found (`file`); here, the key of the rules, the network, its values and
//! the updates a training adds.

use std::path::{Path, PathBuf};

use super::objective::Outlook;
use crate::cards::engine::Position;
use crate::cards::rules::Rules;

mod file;
mod layout;

pub(crate) use file::weights_problems;
pub use file::{WEIGHTS_DIR, WeightsError, embedded, for_rules};
pub use layout::Layout;
use layout::{ColumnPart, Parts, Shape};

/// What weights are valid for: the board and the deck's card weights in proportion.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Key(String);

impl Key {
    /// The key of these rules: columns, height, clear value, merging into full columns, the card
    /// weights divided by their greatest common divisor, the scoring (the points part of a value
    /// is in its points), and whether there are discards.
    pub fn of(rules: &Rules) -> Key {
        let b = &rules.board;
        let g = rules
            .deck
            .weights
            .iter()
            .map(|&(_, w)| w)
            .fold(0, gcd)
            .max(1);
        let weights: Vec<String> = rules
            .deck
            .weights
            .iter()
            .filter(|&&(_, w)| w > 0)
            .map(|&(c, w)| format!("{c}:{}", w / g))
            .collect();
        let s = &rules.scoring;
        let mut key = format!(
            "columns={} height={} clear={} full={} weights={} scoring={},{},{}",
            b.columns,
            b.height,
            b.clear_value,
            u8::from(b.merge_into_full),
            weights.join(","),
            s.per_merge,
            u8::from(s.merged_value),
            s.clear_bonus
        );
        // Weights learned without discards never saw a board with one in hand (those entries
        // are 0), so rules with discards need weights of their own.
        if rules.has_discards() {
            key.push_str(" discards=1");
        }
        Key(key)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The file name of these weights in the data folder: a stable hash of the key (FNV-1a).
    pub fn file_name(&self) -> String {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in self.0.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        format!("ntuple-{h:016x}.bin")
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The sums of the entries `features` of `weights`: survival and points, each added in the order
/// of the features. Two running sums, not a fold of pairs, which the compiler kept packed in one
/// register and shuffled at every step: a decision of `best` took 45% longer that way.
#[inline]
pub(crate) fn sum_entries(weights: &[[f32; 2]], features: &[u32]) -> [f32; 2] {
    add_up(features.iter().map(|&i| weights[i as usize]))
}

/// Survival and points of `entries` added up in order, as two running sums.
#[inline(always)]
fn add_up(entries: impl Iterator<Item = [f32; 2]>) -> [f32; 2] {
    let (mut s, mut p) = (0.0f32, 0.0f32);
    for [ws, wp] in entries {
        s += ws;
        p += wp;
    }
    [s, p]
}

/// A position read once, so that a position differing from it in one column (the afterstate of
/// a card placed, or of a discard, which changes no column) is valued with the few entries that
/// column touches: its own, its pairs and the global one (7 of 21 on five columns with
/// [`Layout::Split`], 9 of 31 with [`Layout::Whole`]), and one
/// column's cells worked out instead of all of them. The entries are then added in the same
/// order as [`Network::value`] adds them, so the value is the same to the last bit.
#[derive(Clone, Debug)]
pub struct Reading {
    parts: Parts,
    weights: [[f32; 2]; MAX_FEATURES],
    n: usize,
}

/// The most entries one position reads: up to four per column, one per pair, one global.
pub const MAX_FEATURES: usize = 4 * crate::cards::rules::MAX_COLUMNS
    + crate::cards::rules::MAX_COLUMNS * (crate::cards::rules::MAX_COLUMNS - 1) / 2
    + 1;

/// The entries a position reads.
pub type Features = [u32; MAX_FEATURES];

/// A trained (or training) network for one [`Key`].
#[derive(Clone, Debug)]
pub struct Network {
    key: Key,
    shape: Shape,
    /// Per entry: its share of the survival and of the points.
    weights: Vec<[f32; 2]>,
    /// Self-play games it was trained on, and the seed of the training.
    pub games: u64,
    pub seed: u64,
}

impl Network {
    /// A network of zeros for these rules, of the newest layout.
    pub fn new(rules: &Rules) -> Network {
        Network::of_layout(rules, Layout::Whole)
    }

    /// A network of zeros for these rules and this layout.
    pub fn of_layout(rules: &Rules, layout: Layout) -> Network {
        let shape = Shape::of(rules, layout);
        Network {
            key: Key::of(rules),
            shape,
            weights: vec![[0.0; 2]; shape.len],
            games: 0,
            seed: 0,
        }
    }

    pub fn key(&self) -> &Key {
        &self.key
    }

    /// Whether these weights serve these rules.
    pub fn fits(&self, rules: &Rules) -> bool {
        self.key == Key::of(rules) && self.shape == Shape::of(rules, self.shape.layout)
    }

    /// Which tables it has.
    pub fn layout(&self) -> Layout {
        self.shape.layout
    }

    /// The same network with the tables of `layout`: the tables it has keep their weights and
    /// the others start at zero, so it values every position as before. `None` when `layout`
    /// lacks tables it has (its weights would be lost).
    pub fn widened(self, layout: Layout) -> Option<Network> {
        if layout == self.shape.layout {
            return Some(self);
        }
        if layout.per_column() < self.shape.layout.per_column() {
            return None;
        }
        let shape = Shape::of_layout_like(&self.shape, layout);
        let mut weights = self.weights;
        weights.resize(shape.len, [0.0; 2]);
        Some(Network {
            shape,
            weights,
            ..self
        })
    }

    /// The entries `pos` reads, and how many.
    #[inline]
    pub fn features(&self, pos: &Position) -> (Features, usize) {
        let mut f = [0u32; MAX_FEATURES];
        let n = self
            .shape
            .features(pos, &mut f, &mut [ColumnPart::default(); _]);
        (f, n)
    }

    /// The outlook of a position after a move (see the module docs).
    #[inline]
    pub fn value(&self, pos: &Position) -> Outlook {
        let (f, n) = self.features(pos);
        let [s, p] = self.sum(&f[..n]);
        Outlook {
            survival: f64::from(s),
            points: f64::from(p),
        }
    }

    /// `pos` read for [`Network::value_after`].
    pub fn read(&self, pos: &Position) -> Reading {
        self.read_in(&self.weights, pos)
    }

    /// [`Network::read`] from `weights` of this network's shape (a training job's own copy).
    pub(crate) fn read_in(&self, weights: &[[f32; 2]], pos: &Position) -> Reading {
        let mut f = [0u32; MAX_FEATURES];
        let mut parts = [ColumnPart::default(); _];
        let n = self.shape.features(pos, &mut f, &mut parts);
        let mut r = Reading {
            parts,
            weights: [[0.0; 2]; MAX_FEATURES],
            n,
        };
        for (w, &i) in r.weights.iter_mut().zip(&f[..n]) {
            *w = weights[i as usize];
        }
        r
    }

    /// The outlook of `pos`, which differs from the position `base` read only in column
    /// `changed` (none: no column, as after a discard) and in its discards: what
    /// [`Network::value`] gives, with the reads of one column.
    #[inline]
    pub fn value_after(&self, base: &Reading, pos: &Position, changed: Option<usize>) -> Outlook {
        self.value_after_in(&self.weights, base, pos, changed)
    }

    /// [`Network::value_after`] from `weights` of this network's shape, as `base` was read.
    #[inline]
    pub(crate) fn value_after_in(
        &self,
        weights: &[[f32; 2]],
        base: &Reading,
        pos: &Position,
        changed: Option<usize>,
    ) -> Outlook {
        let mut w = base.weights;
        let mut parts = base.parts;
        let cols = pos.columns().len();
        if let Some(c) = changed {
            let p = self.shape.column(&pos.columns()[c]);
            let k = self.shape.layout.per_column();
            for (slot, &e) in w[k * c..k * (c + 1)].iter_mut().zip(&p.entries) {
                *slot = weights[e as usize];
            }
            parts[c] = p;
            // The pairs (i, j), i < j, in order: (i, c) for i < c, then (c, j) for j > c.
            let mut slot = k * cols;
            for i in 0..cols {
                for j in i + 1..cols {
                    if i == c || j == c {
                        let e = self.shape.pair_entry(parts[i].side, parts[j].side);
                        w[slot] = weights[e as usize];
                    }
                    slot += 1;
                }
            }
        }
        let (offers, free) = parts[..cols]
            .iter()
            .fold((0, 0), |(o, f), p| (o | p.offer, f + p.free));
        w[base.n - 1] = weights[self.shape.global_entry(offers, free, pos.discards) as usize];
        let [s, p] = add_up(w[..base.n].iter().copied());
        Outlook {
            survival: f64::from(s),
            points: f64::from(p),
        }
    }

    /// The sums of the entries of `features`: survival and points.
    #[inline]
    pub fn sum(&self, features: &[u32]) -> [f32; 2] {
        sum_entries(&self.weights, features)
    }

    /// Adds `delta` to every entry of `features` (a TD step).
    #[inline]
    pub fn add(&mut self, features: &[u32], delta: [f32; 2]) {
        for &i in features {
            let w = &mut self.weights[i as usize];
            w[0] += delta[0];
            w[1] += delta[1];
        }
    }

    /// The weights as a slice, for averaging the networks of parallel training.
    pub fn weights_mut(&mut self) -> &mut [[f32; 2]] {
        &mut self.weights
    }

    pub fn weights(&self) -> &[[f32; 2]] {
        &self.weights
    }

    /// Where these weights live in the data folder `dir`: under their key's file name, where
    /// [`for_rules`] looks for them first. `new2048 train` writes [`Network::encode`] there.
    pub fn path_in(&self, dir: &Path) -> PathBuf {
        dir.join(WEIGHTS_DIR).join(self.key.file_name())
    }
}

#[cfg(test)]
mod tests;
