//! The classic 2048 board: an n×n grid (3 to 8) of tile exponents, and the slide-and-merge rule.
//!
//! Cells hold exponents (`1` is a 2 tile, `0` is empty) in a fixed 64-byte array, row-major, so a
//! board is `Copy` and the same code serves every size. The one rule everything rests on is
//! [`slide_line`]: tiles slide toward the front, and each tile merges at most once per move.
//! The bot uses a faster bitboard of its own for 4×4 (see `bot.rs`), checked against this one.

use serde::{Deserialize, Serialize};

/// Smallest and largest board sides.
pub const MIN_SIZE: u8 = 3;
pub const MAX_SIZE: u8 = 8;

/// A direction tiles slide in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// Reads `w`/`a`/`s`/`d`, `up`/`left`/`down`/`right` (any case).
    pub fn parse(s: &str) -> Option<Dir> {
        match s.trim().to_ascii_lowercase().as_str() {
            "w" | "up" => Some(Dir::Up),
            "a" | "left" => Some(Dir::Left),
            "s" | "down" => Some(Dir::Down),
            "d" | "right" => Some(Dir::Right),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Dir::Up => "up",
            Dir::Down => "down",
            Dir::Left => "left",
            Dir::Right => "right",
        }
    }
}

/// Slides one line toward index 0, merging equal neighbours once each. Returns the points
/// (the value of every tile made). `line` holds exponents, 0 for empty.
pub fn slide_line(line: &mut [u8]) -> u64 {
    let mut out = [0u8; MAX_SIZE as usize];
    let mut n = 0;
    let mut points = 0;
    let mut pending: u8 = 0; // a tile waiting for a partner, not yet written
    for &e in line.iter().filter(|&&e| e != 0) {
        if pending == e {
            out[n] = e + 1;
            n += 1;
            points += 1u64 << (e + 1);
            pending = 0;
        } else {
            if pending != 0 {
                out[n] = pending;
                n += 1;
            }
            pending = e;
        }
    }
    if pending != 0 {
        out[n] = pending;
    }
    line.copy_from_slice(&out[..line.len()]);
    points
}

/// An n×n board of exponents.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    n: u8,
    cells: [u8; 64],
}

impl Board {
    /// An empty board of side `n` (clamped to 3..=8).
    pub fn new(n: u8) -> Board {
        Board {
            n: n.clamp(MIN_SIZE, MAX_SIZE),
            cells: [0; 64],
        }
    }

    /// A board from rows of tile values (0 for empty); for tests and tools.
    pub fn from_rows(rows: &[&[u64]]) -> Board {
        let mut b = Board::new(rows.len() as u8);
        for (r, row) in rows.iter().enumerate() {
            for (c, &v) in row.iter().enumerate().take(b.size()) {
                b.set(r, c, if v == 0 { 0 } else { v.trailing_zeros() as u8 });
            }
        }
        b
    }

    #[inline]
    pub fn size(&self) -> usize {
        self.n as usize
    }

    /// The exponent at row `r`, column `c` (0 when empty).
    #[inline]
    pub fn get(&self, r: usize, c: usize) -> u8 {
        self.cells[r * 8 + c]
    }

    #[inline]
    pub fn set(&mut self, r: usize, c: usize, e: u8) {
        self.cells[r * 8 + c] = e;
    }

    /// The tile value at `r`, `c` (0 when empty).
    pub fn value(&self, r: usize, c: usize) -> u64 {
        match self.get(r, c) {
            0 => 0,
            e => 1 << e,
        }
    }

    /// Rows of tile values, top row first.
    pub fn rows(&self) -> Vec<Vec<u64>> {
        (0..self.size())
            .map(|r| (0..self.size()).map(|c| self.value(r, c)).collect())
            .collect()
    }

    /// The empty cells, row-major.
    pub fn empties(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let n = self.size();
        (0..n * n)
            .map(move |i| (i / n, i % n))
            .filter(|&(r, c)| self.get(r, c) == 0)
    }

    pub fn count_empty(&self) -> usize {
        self.empties().count()
    }

    /// The highest tile value on the board.
    pub fn highest(&self) -> u64 {
        let n = self.size();
        (0..n)
            .flat_map(|r| (0..n).map(move |c| (r, c)))
            .map(|(r, c)| self.value(r, c))
            .max()
            .unwrap_or(0)
    }

    /// Slides every line toward `dir`. Returns the points, or `None` when nothing would move
    /// (a move that changes nothing is no move).
    pub fn slide(&self, dir: Dir) -> Option<(Board, u64)> {
        let n = self.size();
        let mut b = *self;
        let mut points = 0;
        let mut line = [0u8; MAX_SIZE as usize];
        for i in 0..n {
            // The cells of line i, front (where tiles slide to) first.
            let cell = |k: usize| match dir {
                Dir::Left => (i, k),
                Dir::Right => (i, n - 1 - k),
                Dir::Up => (k, i),
                Dir::Down => (n - 1 - k, i),
            };
            for (k, slot) in line[..n].iter_mut().enumerate() {
                let (r, c) = cell(k);
                *slot = self.get(r, c);
            }
            points += slide_line(&mut line[..n]);
            for (k, &e) in line[..n].iter().enumerate() {
                let (r, c) = cell(k);
                b.set(r, c, e);
            }
        }
        (b != *self).then_some((b, points))
    }

    /// Whether any direction changes the board.
    pub fn has_move(&self) -> bool {
        Dir::ALL.iter().any(|&d| self.slide(d).is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(v: &[u64]) -> Vec<u64> {
        let mut e: Vec<u8> = v
            .iter()
            .map(|&x| if x == 0 { 0 } else { x.trailing_zeros() as u8 })
            .collect();
        slide_line(&mut e);
        e.iter().map(|&x| if x == 0 { 0 } else { 1 << x }).collect()
    }

    #[test]
    fn each_tile_merges_once() {
        assert_eq!(line(&[2, 2, 2, 2]), [4, 4, 0, 0]);
        assert_eq!(line(&[4, 4, 8, 0]), [8, 8, 0, 0]);
        assert_eq!(line(&[2, 0, 2, 4]), [4, 4, 0, 0]);
        assert_eq!(line(&[2, 2, 2, 0]), [4, 2, 0, 0]);
        assert_eq!(line(&[0, 0, 0, 2]), [2, 0, 0, 0]);
        assert_eq!(line(&[2, 4, 8, 16]), [2, 4, 8, 16]);
    }
}
