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

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock, RwLock};

use super::objective::Outlook;
use crate::cards::card::Card;
use crate::cards::engine::{Column, Position};
use crate::cards::rules::Rules;

/// The highest cell code for a number: larger cards share it (only with huge `clear_value`s).
const MAX_NUMBER_CODE: usize = 13;

/// Cells read from a column's tail up by each of the column tables.
const TUPLE: usize = 4;

/// The first cell (from the tail) of [`Layout::Whole`]'s middle window: it reads cells 2 to 5,
/// across the tail tuple's last two and the buried tuple's first two.
const MIDDLE: usize = 2;

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

/// Which tables a network has. Files of format 2 hold [`Layout::Split`]; format 3,
/// [`Layout::Whole`], which every new training now learns.
///
/// Why a second layout: the two column tables of `Split` read a column's last four cards and the
/// four above them, each with the column's length, and their values are added. So no entry sees
/// the fourth card from the tail together with the fifth, nor the column as a whole, while what
/// loses a hard game is exactly a column that cannot clear any more: a small card buried above a
/// bigger one, or a staircase too long for the cells left, which shows only across those parts.
/// `Whole` adds a third window across the two (cards 2 to 5 from the tail) and a table of the
/// column's shape: its length, how many cards from the tail up grow strictly (the part that a
/// chain of merges can still take in), the largest of them and the card that stops them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Per column the tail tuple and the buried tuple; the pairs; the global entry.
    Split,
    /// `Split`'s tables, then per column the middle window and the column's shape.
    Whole,
}

impl Layout {
    /// The entries each column reads.
    const fn per_column(self) -> usize {
        match self {
            Layout::Split => 2,
            Layout::Whole => 4,
        }
    }

    /// The format of the files holding weights of this layout.
    const fn format(self) -> u32 {
        match self {
            Layout::Split => 2,
            Layout::Whole => 3,
        }
    }

    fn of_format(format: u32) -> Option<Layout> {
        [Layout::Split, Layout::Whole]
            .into_iter()
            .find(|l| l.format() == format)
    }
}

/// The shape of a network: sizes of its tables, from the board and the layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Shape {
    layout: Layout,
    columns: usize,
    height: usize,
    /// Cell codes: 0 empty, 1..=top numbers, top + 1 wild.
    codes: usize,
    /// Offsets of the tables in the weight vector (`Split`'s first, so that its weights are a
    /// `Whole` network's beginning).
    deep: usize,
    pair: usize,
    global: usize,
    mid: usize,
    run: usize,
    len: usize,
}

impl Shape {
    fn of(rules: &Rules, layout: Layout) -> Shape {
        let clear = rules.board.clear_value.exponent().map_or(11, usize::from);
        let codes = (clear - 1).min(MAX_NUMBER_CODE) + 2;
        Shape::sized(
            rules.board.columns as usize,
            rules.board.height as usize,
            codes,
            layout,
        )
    }

    /// The shape of `layout` on the board of `other`.
    fn of_layout_like(other: &Shape, layout: Layout) -> Shape {
        Shape::sized(other.columns, other.height, other.codes, layout)
    }

    fn sized(columns: usize, height: usize, codes: usize, layout: Layout) -> Shape {
        let column_table = (height + 1) * codes.pow(TUPLE as u32);
        let pair_side = 2 * codes * codes;
        let deep = column_table;
        let pair = deep + column_table;
        let global = pair + pair_side * pair_side;
        let mid = global + (1 << codes) * 16 * 4;
        let (run, len) = match layout {
            Layout::Split => (mid, mid),
            Layout::Whole => {
                let run = mid + column_table;
                (run, run + (height + 1) * (height + 1) * codes * codes)
            }
        };
        Shape {
            layout,
            columns,
            height,
            codes,
            deep,
            pair,
            global,
            mid,
            run,
            len,
        }
    }

    /// The code of a card in a column.
    #[inline]
    fn code(&self, c: Card) -> usize {
        match c.exponent() {
            Some(e) => (e as usize).min(self.codes - 2),
            None => self.codes - 1,
        }
    }

    /// The code of the card `back` places above the tail (0 is the tail); 0 past the top.
    #[inline]
    fn cell(&self, col: &Column, back: usize) -> usize {
        let cards = col.cards();
        if back < cards.len() {
            self.code(cards[cards.len() - 1 - back])
        } else {
            0
        }
    }

    /// What one column gives: its column entries (the tail tuple, the buried tuple, and with
    /// [`Layout::Whole`] the middle window and the column's shape), its side code for the pair
    /// table, its bit among the tails offered to a new card (0 when full) and its free slots.
    #[inline]
    fn column(&self, col: &Column) -> ColumnPart {
        let v = self.codes;
        let len = col.len();
        let (mut a, mut d) = (len, len);
        for k in 0..TUPLE {
            a = a * v + self.cell(col, k);
            d = d * v + self.cell(col, TUPLE + k);
        }
        let full = usize::from(len >= self.height);
        let mut entries = [a as u32, (self.deep + d) as u32, 0, 0];
        if self.layout == Layout::Whole {
            let mut m = len;
            for k in MIDDLE..MIDDLE + TUPLE {
                m = m * v + self.cell(col, k);
            }
            entries[2] = (self.mid + m) as u32;
            entries[3] = (self.run + self.shape_of(col, len)) as u32;
        }
        ColumnPart {
            entries,
            side: (full * v + self.cell(col, 0)) * v + self.cell(col, 1),
            offer: if full == 0 { 1 << self.cell(col, 0) } else { 0 },
            free: self.height - len.min(self.height),
        }
    }

    /// The index of a column's shape in the shape table: its length; the run, how many cards
    /// from the tail up are each larger than the one below (a chain of merges from the tail can
    /// reach only those; a wild card ends it); the largest of them; the card above them, which
    /// stops the chain (0 when the run is the whole column, which can then clear).
    #[inline]
    fn shape_of(&self, col: &Column, len: usize) -> usize {
        let mut run = 0;
        let mut below: Option<u8> = None;
        for c in col.cards().iter().rev() {
            match (c.exponent(), below) {
                (Some(e), None) => below = Some(e),
                (Some(e), Some(b)) if e > b => below = Some(e),
                _ => break,
            }
            run += 1;
        }
        let top = if run > 0 { self.cell(col, run - 1) } else { 0 };
        let stop = self.cell(col, run);
        (((len * (self.height + 1) + run) * self.codes) + top) * self.codes + stop
    }

    /// The pair entry of two columns' side codes (sorted, so the pair is symmetric).
    #[inline]
    fn pair_entry(&self, a: usize, b: usize) -> u32 {
        let (lo, hi) = (a.min(b), a.max(b));
        (self.pair + lo * 2 * self.codes * self.codes + hi) as u32
    }

    /// The global entry: the tails offered, the free slots, the discards in hand.
    #[inline]
    fn global_entry(&self, offers: usize, free: usize, discards: u32) -> u32 {
        (self.global + (offers * 16 + free.min(15)) * 4 + (discards as usize).min(3)) as u32
    }

    /// The table entries a position reads, written into `out` (per column its two, then per
    /// pair of columns in order, then the global one), and what each column gives into `parts`;
    /// returns how many entries.
    #[inline]
    fn features(&self, pos: &Position, out: &mut Features, parts: &mut Parts) -> usize {
        let cols = pos.columns();
        let k = self.layout.per_column();
        let (mut offers, mut free) = (0, 0);
        for (i, col) in cols.iter().enumerate() {
            let p = self.column(col);
            out[k * i..k * (i + 1)].copy_from_slice(&p.entries[..k]);
            offers |= p.offer;
            free += p.free;
            parts[i] = p;
        }
        let mut n = k * cols.len();
        for i in 0..cols.len() {
            for j in i + 1..cols.len() {
                out[n] = self.pair_entry(parts[i].side, parts[j].side);
                n += 1;
            }
        }
        out[n] = self.global_entry(offers, free, pos.discards);
        n + 1
    }
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

/// What each column of a position gives ([`Shape::column`]).
type Parts = [ColumnPart; crate::cards::rules::MAX_COLUMNS];

/// What one column contributes to a position's entries ([`Shape::column`]).
#[derive(Clone, Copy, Debug, Default)]
struct ColumnPart {
    /// Its column entries, the first [`Layout::per_column`] of them.
    entries: [u32; 4],
    side: usize,
    offer: usize,
    free: usize,
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

    /// The stored form (see [`Network::decode`]).
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.weights.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&self.shape.layout.format().to_le_bytes());
        out.extend_from_slice(&(self.key.0.len() as u32).to_le_bytes());
        out.extend_from_slice(self.key.0.as_bytes());
        out.extend_from_slice(&self.games.to_le_bytes());
        out.extend_from_slice(&self.seed.to_le_bytes());
        out.extend_from_slice(&(self.weights.len() as u32).to_le_bytes());
        // Fixed point (survival 2^-20, points 2^-12: far finer than any difference that changes
        // a decision), zigzag varints, zeros (entries never visited) as runs; the two numbers of
        // an entry one after the other.
        let mut zeros = 0u64;
        for (k, &w) in self.weights.iter().flatten().enumerate() {
            let q = (f64::from(w) * FIXED[k % 2]).round().clamp(-1e15, 1e15) as i64;
            if q == 0 {
                zeros += 1;
                continue;
            }
            if zeros > 0 {
                put_varint(&mut out, 0);
                put_varint(&mut out, zeros);
                zeros = 0;
            }
            put_varint(&mut out, ((q << 1) ^ (q >> 63)) as u64);
        }
        if zeros > 0 {
            put_varint(&mut out, 0);
            put_varint(&mut out, zeros);
        }
        out
    }

    /// Reads the stored form for these rules; the reason when it is not one for them.
    pub fn decode(bytes: &[u8], rules: &Rules) -> Result<Network, WeightsError> {
        let mut r = WeightsReader { bytes, at: 0 };
        if r.take(MAGIC.len())? != MAGIC {
            return Err(WeightsError::NotWeights);
        }
        let version = u32::from_le_bytes(r.array()?);
        let layout = Layout::of_format(version).ok_or(WeightsError::Version(version))?;
        let klen = u32::from_le_bytes(r.array()?) as usize;
        let key = std::str::from_utf8(r.take(klen)?)
            .map_err(|_| WeightsError::KeyNotText)?
            .to_string();
        let mut net = Network::of_layout(rules, layout);
        if key != net.key.0 {
            return Err(WeightsError::OtherRules(key));
        }
        net.games = u64::from_le_bytes(r.array()?);
        net.seed = u64::from_le_bytes(r.array()?);
        let n = u32::from_le_bytes(r.array()?) as usize;
        if n != net.weights.len() {
            return Err(WeightsError::Count {
                found: n,
                expected: net.weights.len(),
            });
        }
        let (mut i, n) = (0, 2 * n);
        while i < n {
            let z = r.varint()?;
            if z == 0 {
                let run = r.varint()? as usize;
                i = i
                    .checked_add(run)
                    .filter(|&e| e <= n)
                    .ok_or(WeightsError::RunTooLong)?;
                continue;
            }
            let q = ((z >> 1) as i64) ^ -((z & 1) as i64);
            net.weights[i / 2][i % 2] = (q as f64 / FIXED[i % 2]) as f32;
            i += 1;
        }
        if r.at != bytes.len() {
            return Err(WeightsError::Trailing);
        }
        Ok(net)
    }

    /// Where these weights live in the data folder `dir`: under their key's file name, where
    /// [`for_rules`] looks for them first. `new2048 train` writes [`Network::encode`] there.
    pub fn path_in(&self, dir: &Path) -> PathBuf {
        dir.join(WEIGHTS_DIR).join(self.key.file_name())
    }
}

/// Why bytes are not learned weights for the rules asked (the bots then play with the shipped
/// weights).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    #[error("not a new2048 weights file")]
    NotWeights,
    #[error("weights format {0}; this program reads formats 2 and 3")]
    Version(u32),
    #[error("the key is not text")]
    KeyNotText,
    /// Weights of other rules (their key).
    #[error("trained for other rules ({0})")]
    OtherRules(String),
    #[error("{found} weights where {expected} were expected")]
    Count { found: usize, expected: usize },
    #[error("a run too long")]
    RunTooLong,
    #[error("the file ends too soon")]
    TooShort,
    #[error("a number too long")]
    NumberTooLong,
    #[error("bytes after the weights")]
    Trailing,
}

const MAGIC: &[u8] = b"N2048NT\0";
// Formats: 1 held the survival only; 2 two numbers an entry; 3 the same, of [`Layout::Whole`].
const FIXED: [f64; 2] = [(1u64 << 20) as f64, (1u64 << 12) as f64];

/// The folder of trained weights inside the data folder.
pub const WEIGHTS_DIR: &str = "weights";

// The bots read only a regular file in the weights folder (a FIFO once hung every hint) and
// otherwise play with the shipped weights, silently; so the store names each file they would pass
// over, once, when it opens.

/// What to tell the player about the weights folder of the data folder `dir`: one message per
/// file there that is not a regular file (nothing when the folder is missing or sound).
pub(crate) fn weights_problems(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir.join(WEIGHTS_DIR)) else {
        return Vec::new();
    };
    let mut found: Vec<String> = entries
        .flatten()
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.starts_with("ntuple-") && name.ends_with(".bin")
        })
        // `file_type` does not follow a link: a link is reported as one.
        .filter_map(|e| Some((e.path(), e.file_type().ok()?)))
        .filter(|(_, kind)| !kind.is_file())
        .map(|(path, kind)| {
            format!(
                "{}: it is {}, not a regular file, so the learned weights there are not read and \
                 the hint and the bots use the weights shipped in the program; remove it (and \
                 run `new2048 train` again for weights of your own)",
                crate::cards::text::escape_controls(&path.display().to_string()),
                crate::fsread::kind_of(kind)
            )
        })
        .collect();
    found.sort();
    found
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

struct WeightsReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> WeightsReader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], WeightsError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or(WeightsError::TooShort)?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], WeightsError> {
        let mut a = [0u8; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }

    fn varint(&mut self) -> Result<u64, WeightsError> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.take(1)?[0];
            v |= u64::from(b & 0x7F) << shift;
            if b < 0x80 {
                return Ok(v);
            }
        }
        Err(WeightsError::NumberTooLong)
    }
}

/// Weights shipped in the binary, built by `new2048 train` (see the README); solitaire's with
/// `--see 2` (see [`super::train`]: learned seeing the hand only, they played worse than
/// expectimax).
const EMBEDDED: &[&[u8]] = &[
    include_bytes!("weights/hard.bin"),
    include_bytes!("weights/default.bin"),
    include_bytes!("weights/solitaire.bin"),
];

/// The weights for these rules: the data folder's (trained by the player) first, else the shipped
/// ones; `None` when there are none. Loaded once per key and shared.
pub fn for_rules(rules: &Rules) -> Option<Arc<Network>> {
    static CACHE: OnceLock<RwLock<HashMap<Key, Option<Arc<Network>>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let key = Key::of(rules);
    if let Some(found) = cache.read().ok().and_then(|c| c.get(&key).cloned()) {
        return found;
    }
    let found = load(rules, &key).map(Arc::new);
    if let Ok(mut c) = cache.write() {
        c.insert(key, found.clone());
    }
    found
}

fn load(rules: &Rules, key: &Key) -> Option<Network> {
    let from_data = crate::config::paths::data_dir()
        .map(|d| d.join(WEIGHTS_DIR).join(key.file_name()))
        .and_then(|p| {
            crate::fsread::read(
                &p,
                crate::fsread::Links::Refuse,
                crate::config::paths::MAX_FILE_BYTES,
            )
            .ok()
        })
        .and_then(|b| Network::decode(&b, rules).ok());
    from_data.or_else(|| EMBEDDED.iter().find_map(|b| Network::decode(b, rules).ok()))
}

/// The shipped weights for these rules, ignoring the data folder.
pub fn embedded(rules: &Rules) -> Option<Network> {
    EMBEDDED.iter().find_map(|b| Network::decode(b, rules).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let r = Rules::default_rules();
        let mut net = Network::new(&r);
        net.games = 7;
        let pos = Position::with_columns(&r, &[&[Card::from_exponent(3)]]);
        let (f, n) = net.features(&pos);
        net.add(&f[..n], [0.125, 3.5]);
        net.weights[5] = [-0.5, 12.25];
        let back = Network::decode(&net.encode(), &r).unwrap();
        assert_eq!(back.weights, net.weights);
        assert_eq!(back.games, 7);
        let hard = crate::config::presets::get("hard").unwrap();
        let hard = Rules::parse(hard, "hard", Some(&r)).unwrap();
        assert!(matches!(
            Network::decode(&net.encode(), &hard),
            Err(WeightsError::OtherRules(_))
        ));
        assert_eq!(
            Network::decode(&net.encode()[..40], &r).err(),
            Some(WeightsError::TooShort)
        );
    }

    #[test]
    fn column_order_does_not_matter() {
        let r = Rules::default_rules();
        let mut net = Network::new(&r);
        for (i, w) in net.weights.iter_mut().enumerate() {
            *w = [(i % 97) as f32 * 0.01, (i % 13) as f32];
        }
        let c = |e| Card::from_exponent(e);
        let a = Position::with_columns(&r, &[&[c(5), c(3)], &[], &[c(1)], &[c(6), c(2), c(4)]]);
        let b =
            Position::with_columns(&r, &[&[c(1)], &[c(6), c(2), c(4)], &[], &[], &[c(5), c(3)]]);
        let (va, vb) = (net.value(&a), net.value(&b));
        assert!((va.survival - vb.survival).abs() < 1e-4);
        assert!((va.points - vb.points).abs() < 1e-3);
    }

    fn preset(name: &str) -> Rules {
        let d = Rules::default_rules();
        Rules::parse(crate::config::presets::get(name).unwrap(), name, Some(&d)).unwrap()
    }

    #[test]
    fn both_layouts_round_trip_and_the_shipped_files_keep_theirs() {
        let r = preset("hard");
        for layout in [Layout::Split, Layout::Whole] {
            let mut net = Network::of_layout(&r, layout);
            let last = net.weights.len() - 1;
            net.weights[last] = [0.25, -3.0];
            let back = Network::decode(&net.encode(), &r).unwrap();
            assert_eq!(back.layout(), layout);
            assert_eq!(back.weights, net.weights);
            assert!(back.fits(&r));
        }
        // A whole network begins with a split one's tables: widened, split weights value every
        // position as before.
        let (split, whole) = (Shape::of(&r, Layout::Split), Shape::of(&r, Layout::Whole));
        assert_eq!(split.mid, whole.mid);
        assert!(whole.len > split.len);
        // The shipped default weights are split (the hard ones whole, since issue 45).
        let d = Rules::default_rules();
        let shipped = embedded(&d).unwrap();
        assert_eq!(shipped.layout(), Layout::Split);
        assert_eq!(embedded(&r).unwrap().layout(), Layout::Whole);
        let wide = shipped.clone().widened(Layout::Whole).unwrap();
        assert!(wide.fits(&d));
        assert_eq!(wide.weights.len(), Shape::of(&d, Layout::Whole).len);
        let c = |e| Card::from_exponent(e);
        let pos = Position::with_columns(&d, &[&[c(3), c(9), c(6)], &[c(10)], &[], &[c(1)]]);
        assert_eq!(shipped.value(&pos), wide.value(&pos));
        assert!(wide.widened(Layout::Split).is_none());
        // Weights written before format 3 are still read, as what they are.
        for name in ["default", "hard", "solitaire"] {
            let rules = preset(name);
            let net = embedded(&rules).unwrap();
            assert!(net.fits(&rules), "{name}");
        }
        let mut bytes = Network::new(&r).encode();
        bytes[MAGIC.len()..MAGIC.len() + 4].copy_from_slice(&4u32.to_le_bytes());
        assert_eq!(
            Network::decode(&bytes, &r).err(),
            Some(WeightsError::Version(4))
        );
    }

    #[test]
    fn the_shape_of_a_column_tells_one_that_can_clear_from_one_that_cannot() {
        let r = preset("hard");
        let shape = Shape::of(&r, Layout::Whole);
        let c = |e| Card::from_exponent(e);
        let entry = |cards: &[Card]| {
            let pos = Position::with_columns(&r, &[cards]);
            shape.column(&pos.columns()[0]).entries[3]
        };
        // 1024, 512, 64 (top to tail): a chain from the tail can reach the top.
        let clears = entry(&[c(10), c(9), c(6)]);
        // 8, 512, 64: the 8 stops every chain, the same cards otherwise.
        let stuck = entry(&[c(3), c(9), c(6)]);
        assert_ne!(clears, stuck);
        let decode = |e: u32| {
            let mut i = e as usize - shape.run;
            let stop = i % shape.codes;
            i /= shape.codes;
            let top = i % shape.codes;
            i /= shape.codes;
            (i / (shape.height + 1), i % (shape.height + 1), top, stop)
        };
        assert_eq!(decode(clears), (3, 3, 10, 0));
        assert_eq!(decode(stuck), (3, 2, 9, 3));
        assert_eq!(decode(entry(&[])), (0, 0, 0, 0));
        // The middle window sees the fourth card from the tail with the fifth.
        let deep = [c(10), c(2), c(8), c(7), c(6), c(5)];
        let shallow = [c(2), c(10), c(8), c(7), c(6), c(5)];
        let mid = |cards: &[Card]| {
            let pos = Position::with_columns(&r, &[cards]);
            shape.column(&pos.columns()[0]).entries[2]
        };
        assert_ne!(mid(&deep), mid(&shallow));
    }

    #[test]
    fn a_move_valued_from_its_column_is_valued_exactly() {
        // Every rule set shipped, both layouts, weights that differ per entry, and random games:
        // the value of each afterstate read from its parent is the full value to the last bit.
        for (name, layout) in ["default", "hard", "solitaire"]
            .into_iter()
            .flat_map(|n| [(n, Layout::Split), (n, Layout::Whole)])
        {
            let r = preset(name);
            let mut net = Network::of_layout(&r, layout);
            for (i, w) in net.weights.iter_mut().enumerate() {
                *w = [
                    ((i * 7919) % 1009) as f32 * 1e-3,
                    ((i * 104_729) % 611) as f32 * 0.37,
                ];
            }
            let dealer = crate::cards::deck::Dealer::new(&r);
            let mut rng = crate::cards::deck::rng(3);
            let mut pos = Position::new(&r);
            let mut checked = 0;
            for _ in 0..1000 {
                let card = dealer.draw(&mut rng);
                let base = net.read(&pos);
                let mut next = None;
                super::super::each_move(&pos, card, &r, |col, child| {
                    let (full, quick) = (net.value(child), net.value_after(&base, child, col));
                    assert_eq!(full.survival.to_bits(), quick.survival.to_bits(), "{name}");
                    assert_eq!(full.points.to_bits(), quick.points.to_bits(), "{name}");
                    checked += 1;
                    next = Some(*child);
                });
                match next {
                    Some(p) => pos = p,
                    None => pos = Position::new(&r),
                }
            }
            assert!(checked > 1000, "{name}: {checked}");
        }
    }
}
