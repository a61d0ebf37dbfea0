//! The tables of a network and where a position's cells go in them: which tables a layout has,
//! their sizes and offsets in the weight vector (`Shape`), and the entries a column, a pair of
//! columns and the whole board read.

use super::Features;
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
    pub(super) const fn per_column(self) -> usize {
        match self {
            Layout::Split => 2,
            Layout::Whole => 4,
        }
    }

    /// The format of the files holding weights of this layout.
    pub(super) const fn format(self) -> u32 {
        match self {
            Layout::Split => 2,
            Layout::Whole => 3,
        }
    }

    pub(super) fn of_format(format: u32) -> Option<Layout> {
        [Layout::Split, Layout::Whole]
            .into_iter()
            .find(|l| l.format() == format)
    }
}

/// The shape of a network: sizes of its tables, from the board and the layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Shape {
    pub(super) layout: Layout,
    pub(super) columns: usize,
    pub(super) height: usize,
    /// Cell codes: 0 empty, 1..=top numbers, top + 1 wild.
    pub(super) codes: usize,
    /// Offsets of the tables in the weight vector (`Split`'s first, so that its weights are a
    /// `Whole` network's beginning).
    pub(super) deep: usize,
    pub(super) pair: usize,
    pub(super) global: usize,
    pub(super) mid: usize,
    pub(super) run: usize,
    pub(super) len: usize,
}

impl Shape {
    pub(super) fn of(rules: &Rules, layout: Layout) -> Shape {
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
    pub(super) fn of_layout_like(other: &Shape, layout: Layout) -> Shape {
        Shape::sized(other.columns, other.height, other.codes, layout)
    }

    pub(super) fn sized(columns: usize, height: usize, codes: usize, layout: Layout) -> Shape {
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
    pub(super) fn code(&self, c: Card) -> usize {
        match c.exponent() {
            Some(e) => (e as usize).min(self.codes - 2),
            None => self.codes - 1,
        }
    }

    /// The code of the card `back` places above the tail (0 is the tail); 0 past the top.
    #[inline]
    pub(super) fn cell(&self, col: &Column, back: usize) -> usize {
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
    pub(super) fn column(&self, col: &Column) -> ColumnPart {
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
    pub(super) fn shape_of(&self, col: &Column, len: usize) -> usize {
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
    pub(super) fn pair_entry(&self, a: usize, b: usize) -> u32 {
        let (lo, hi) = (a.min(b), a.max(b));
        (self.pair + lo * 2 * self.codes * self.codes + hi) as u32
    }

    /// The global entry: the tails offered, the free slots, the discards in hand.
    #[inline]
    pub(super) fn global_entry(&self, offers: usize, free: usize, discards: u32) -> u32 {
        (self.global + (offers * 16 + free.min(15)) * 4 + (discards as usize).min(3)) as u32
    }

    /// The table entries a position reads, written into `out` (per column its two, then per
    /// pair of columns in order, then the global one), and what each column gives into `parts`;
    /// returns how many entries.
    #[inline]
    pub(super) fn features(&self, pos: &Position, out: &mut Features, parts: &mut Parts) -> usize {
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

/// What each column of a position gives ([`Shape::column`]).
pub(super) type Parts = [ColumnPart; crate::cards::rules::MAX_COLUMNS];

/// What one column contributes to a position's entries ([`Shape::column`]).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct ColumnPart {
    /// Its column entries, the first [`Layout::per_column`] of them.
    pub(super) entries: [u32; 4],
    pub(super) side: usize,
    pub(super) offer: usize,
    pub(super) free: usize,
}
