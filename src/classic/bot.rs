//! The classic 2048 bot: expectimax over a 64-bit bitboard, for hints, autoplay and `simulate`.
//!
//! On 4×4 a board fits in one `u64` (16 cells × 4-bit exponent). A move is then four table look-ups
//! per direction — each 16-bit row's slide result is precomputed once — and the search can afford
//! several plies inside a few milliseconds. Max nodes are the player's four moves, chance nodes
//! every empty cell with a 2 (90%) or a 4 (10%); branches whose probability falls below a cut-off
//! are scored by the heuristic, and a transposition table avoids re-searching a board reached
//! twice. The heuristic rewards empty cells, mergeable neighbours and monotone rows and columns.
//!
//! Other sizes (3×3, 5×5 ...) use the same search over [`Board`] with a shallower depth.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::board::{Board, Dir};

type Bits = u64;

struct Tables {
    left: Vec<u16>,
    right: Vec<u16>,
    heur: Vec<f32>,
}

fn row_cells(row: u16) -> [u8; 4] {
    [0, 1, 2, 3].map(|i| ((row >> (4 * i)) & 0xF) as u8)
}

fn cells_row(cells: [u8; 4]) -> u16 {
    cells
        .iter()
        .enumerate()
        .fold(0, |acc, (i, &c)| acc | (u16::from(c.min(15)) << (4 * i)))
}

/// The heuristic value of one line of exponents (applied to every row and column).
fn line_heuristic(cells: &[u8]) -> f32 {
    const EMPTY: f32 = 270.0;
    const MERGES: f32 = 700.0;
    const MONO: f32 = 47.0;
    const SUM: f32 = 11.0;
    let mut sum = 0.0;
    let mut empty = 0.0;
    let mut merges = 0.0;
    let mut prev = 0u8;
    let mut run = 0.0;
    for &e in cells {
        sum += f32::from(e).powf(3.5);
        if e == 0 {
            empty += 1.0;
        } else {
            if prev == e {
                run += 1.0;
            } else if run > 0.0 {
                merges += 1.0 + run;
                run = 0.0;
            }
            prev = e;
        }
    }
    if run > 0.0 {
        merges += 1.0 + run;
    }
    let (mut mono_l, mut mono_r) = (0.0f32, 0.0f32);
    for w in cells.windows(2) {
        let (a, b) = (f32::from(w[0]).powi(4), f32::from(w[1]).powi(4));
        if w[0] > w[1] {
            mono_l += a - b;
        } else {
            mono_r += b - a;
        }
    }
    EMPTY * empty + MERGES * merges - MONO * mono_l.min(mono_r) - SUM * sum
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = Tables {
            left: vec![0; 65536],
            right: vec![0; 65536],
            heur: vec![0.0; 65536],
        };
        for row in 0..=u16::MAX {
            let cells = row_cells(row);
            let mut l = cells;
            super::board::slide_line(&mut l);
            let mut r = [cells[3], cells[2], cells[1], cells[0]];
            super::board::slide_line(&mut r);
            t.left[row as usize] = cells_row(l);
            t.right[row as usize] = cells_row([r[3], r[2], r[1], r[0]]);
            t.heur[row as usize] = line_heuristic(&cells) + 200_000.0;
        }
        t
    })
}

fn to_bits(b: &Board) -> Bits {
    let mut x = 0;
    for r in 0..4 {
        for c in 0..4 {
            x |= u64::from(b.get(r, c).min(15)) << (4 * (4 * r + c));
        }
    }
    x
}

fn transpose(x: Bits) -> Bits {
    let a1 = x & 0xF0F0_0F0F_F0F0_0F0F;
    let a2 = x & 0x0000_F0F0_0000_F0F0;
    let a3 = x & 0x0F0F_0000_0F0F_0000;
    let a = a1 | (a2 << 12) | (a3 >> 12);
    let b1 = a & 0xFF00_FF00_00FF_00FF;
    let b2 = a & 0x00FF_00FF_0000_0000;
    let b3 = a & 0x0000_0000_FF00_FF00;
    b1 | (b2 >> 24) | (b3 << 24)
}

fn row(x: Bits, r: usize) -> usize {
    ((x >> (16 * r)) & 0xFFFF) as usize
}

fn slide_rows(x: Bits, table: &[u16]) -> Bits {
    (0..4).fold(0, |acc, r| acc | (u64::from(table[row(x, r)]) << (16 * r)))
}

fn slide_bits(x: Bits, dir: Dir) -> Bits {
    let t = tables();
    match dir {
        Dir::Left => slide_rows(x, &t.left),
        Dir::Right => slide_rows(x, &t.right),
        Dir::Up => transpose(slide_rows(transpose(x), &t.left)),
        Dir::Down => transpose(slide_rows(transpose(x), &t.right)),
    }
}

fn heuristic(x: Bits) -> f32 {
    let t = tables();
    let y = transpose(x);
    (0..4).map(|r| t.heur[row(x, r)] + t.heur[row(y, r)]).sum()
}

/// How many of the 16 cells are empty: a nibble is empty when none of its four bits is set.
fn count_empty(x: Bits) -> u32 {
    let mut y = x | (x >> 2);
    y |= y >> 1;
    (!y & 0x1111_1111_1111_1111).count_ones()
}

fn distinct_tiles(x: Bits) -> u32 {
    let mut seen = 0u32;
    for i in 0..16 {
        seen |= 1 << ((x >> (4 * i)) & 0xF);
    }
    (seen & !1).count_ones()
}

const CUTOFF: f32 = 0.0001;

/// How long the bot may think about one move of classic 2048.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Think {
    /// The fixed depth of 2 or 3 plies by the board (`distinct tiles − 2`, clamped): about 0.4
    /// ms a move, and the same moves on every machine (what `simulate` measures by default).
    #[default]
    Fixed,
    /// Deeper as the board fills, by the rule of nneonneo's published bot (`max(3, distinct tiles
    /// − 2)` plies), each depth searched in turn as long as this budget lasts: the deepest search
    /// finished in time decides. Faster machines search deeper, so the moves depend on the machine.
    Within(std::time::Duration),
}

/// A board's transposition table: a 64-bit board is its own good key, so it is only mixed, not
/// hashed byte by byte (`SipHash` was most of a search's time).
#[derive(Default)]
struct Mix(u64);

impl std::hash::Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        let m = (self.0 ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = m ^ (m >> 29);
    }
}

type Cache = HashMap<Bits, (u32, f32), std::hash::BuildHasherDefault<Mix>>;

/// How many nodes are searched between looks at the clock.
const CLOCK_EVERY: u32 = 1024;

struct ClassicSearch {
    /// Each board searched with the depth it was searched at, counted from the root (a board
    /// found again at that depth or deeper takes its value).
    cache: Cache,
    max_depth: u32,
    /// When a deepening search must stop, and whether it has.
    deadline: Option<std::time::Instant>,
    nodes: u32,
    stopped: bool,
}

impl ClassicSearch {
    fn new(max_depth: u32, deadline: Option<std::time::Instant>) -> ClassicSearch {
        ClassicSearch {
            cache: Cache::default(),
            max_depth,
            deadline,
            nodes: 0,
            stopped: false,
        }
    }

    fn max_node(&mut self, x: Bits, depth: u32, prob: f32) -> f32 {
        let mut best = 0.0f32;
        for d in Dir::ALL {
            let y = slide_bits(x, d);
            if y != x {
                best = best.max(self.chance_node(y, depth + 1, prob));
            }
        }
        best
    }

    fn chance_node(&mut self, x: Bits, depth: u32, prob: f32) -> f32 {
        if depth >= self.max_depth || prob < CUTOFF || self.stopped {
            return heuristic(x);
        }
        if let Some(&(d, v)) = self.cache.get(&x)
            && d <= depth
        {
            return v;
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(CLOCK_EVERY)
            && self
                .deadline
                .is_some_and(|t| std::time::Instant::now() >= t)
        {
            self.stopped = true;
        }
        let empty = count_empty(x);
        if empty == 0 {
            return heuristic(x);
        }
        let p = prob / empty as f32;
        let mut total = 0.0;
        for i in 0..16 {
            if (x >> (4 * i)) & 0xF == 0 {
                total += 0.9 * self.max_node(x | (1 << (4 * i)), depth, p * 0.9);
                total += 0.1 * self.max_node(x | (2 << (4 * i)), depth, p * 0.1);
            }
        }
        let v = total / empty as f32;
        self.cache.insert(x, (depth, v));
        v
    }

    /// Every direction that changes `x` with its value at this search's depth.
    fn rate(&mut self, x: Bits) -> Vec<(Dir, f32)> {
        Dir::ALL
            .into_iter()
            .filter_map(|d| {
                let y = slide_bits(x, d);
                (y != x).then(|| (d, self.chance_node(y, 0, 1.0) + 1e-3))
            })
            .collect()
    }
}

/// Every direction that changes a 4×4 board with its value by bitboard expectimax.
fn rate_4x4(board: &Board, think: Think) -> Vec<(Dir, f32)> {
    let x = to_bits(board);
    let distinct = distinct_tiles(x).saturating_sub(2);
    match think {
        Think::Fixed => ClassicSearch::new(distinct.clamp(2, 3), None).rate(x),
        Think::Within(budget) => {
            let start = std::time::Instant::now();
            let deadline = start + budget;
            // The shallowest depth always finishes (well under a millisecond).
            let mut rated = ClassicSearch::new(2, None).rate(x);
            let mut last = start.elapsed();
            for depth in 3..=distinct.max(3) {
                let began = start.elapsed();
                // A ply deeper takes several times as long as the last: one that cannot end
                // in time is not begun.
                if began + last * 3 > budget {
                    break;
                }
                let mut s = ClassicSearch::new(depth, Some(deadline));
                let deeper = s.rate(x);
                if s.stopped {
                    break;
                }
                rated = deeper;
                last = start.elapsed().saturating_sub(began);
            }
            rated
        }
    }
}

/// Heuristic of a board of any size: the line heuristic over every row and column.
fn heuristic_any(b: &Board) -> f32 {
    let n = b.size();
    let mut total = 0.0;
    let mut line = [0u8; 8];
    for i in 0..n {
        (0..n).for_each(|k| line[k] = b.get(i, k));
        total += line_heuristic(&line[..n]);
        (0..n).for_each(|k| line[k] = b.get(k, i));
        total += line_heuristic(&line[..n]);
    }
    total
}

fn chance_any(b: &Board, depth: u32) -> f32 {
    let empties: Vec<(usize, usize)> = b.empties().collect();
    if depth == 0 || empties.is_empty() {
        return heuristic_any(b);
    }
    let mut total = 0.0;
    for &(r, c) in &empties {
        for (e, p) in [(1u8, 0.9f32), (2, 0.1)] {
            let mut child = *b;
            child.set(r, c, e);
            let best = Dir::ALL
                .iter()
                .filter_map(|&d| child.slide(d))
                .map(|(nb, _)| chance_any(&nb, depth - 1))
                .fold(f32::MIN, f32::max);
            total += p * if best == f32::MIN { 0.0 } else { best };
        }
    }
    total / empties.len() as f32
}

/// Every direction that changes `board` with the value the bot's search gives it (higher is
/// better; the heuristic's unit): what [`best_move`] chooses from, and what a review rates
/// moves by.
pub fn rate(board: &Board) -> Vec<(Dir, f32)> {
    rate_with(board, Think::Fixed)
}

/// [`rate`], thinking as `think` says (on 4×4; other sizes search their fixed depth).
pub fn rate_with(board: &Board, think: Think) -> Vec<(Dir, f32)> {
    if board.size() == 4 {
        return rate_4x4(board, think);
    }
    let depth = if board.size() <= 4 { 2 } else { 1 };
    Dir::ALL
        .iter()
        .filter_map(|&d| board.slide(d).map(|(nb, _)| (d, chance_any(&nb, depth))))
        .collect()
}

/// The direction the bot plays on `board` (the first of the best-rated); `None` when no move
/// changes the board.
pub fn best_move(board: &Board) -> Option<Dir> {
    best_move_with(board, Think::Fixed)
}

/// [`best_move`], thinking as `think` says.
pub fn best_move_with(board: &Board, think: Think) -> Option<Dir> {
    rate_with(board, think)
        .into_iter()
        .fold(None, |best: Option<(Dir, f32)>, (d, v)| match best {
            Some((_, b)) if b >= v => best,
            _ => Some((d, v)),
        })
        .map(|(d, _)| d)
}

/// A uniformly random direction among those that change the board; `None` when none does.
pub fn random_move(board: &Board, rng: &mut crate::cards::deck::GameRng) -> Option<Dir> {
    use rand::RngExt;
    let moves: Vec<Dir> = Dir::ALL
        .into_iter()
        .filter(|&d| board.slide(d).is_some())
        .collect();
    if moves.is_empty() {
        return None;
    }
    Some(moves[rng.random_range(0..moves.len() as u32) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::deck::rng;
    use rand::RngExt;

    #[test]
    fn bitboard_agrees_with_board() {
        let mut g = rng(3);
        for _ in 0..2000 {
            let mut b = Board::new(4);
            for r in 0..4 {
                for c in 0..4 {
                    let e = g.random_range(0..6u8);
                    b.set(r, c, if e < 2 { 0 } else { e - 1 });
                }
            }
            for d in Dir::ALL {
                let want = b.slide(d).map_or(b, |(nb, _)| nb);
                assert_eq!(slide_bits(to_bits(&b), d), to_bits(&want), "{d:?} {b:?}");
            }
        }
    }

    #[test]
    fn never_suggests_a_move_that_changes_nothing() {
        for size in [3u8, 4, 5] {
            let mut g = crate::classic::ClassicGame::new(
                crate::cards::rules::ClassicRules { size, win: 2048 },
                11,
            );
            for _ in 0..60 {
                if let Some(d) = best_move(g.board()) {
                    assert!(g.play(d).is_some(), "{d:?} changed nothing");
                } else {
                    assert!(g.is_over());
                    break;
                }
            }
        }
    }

    #[test]
    fn empty_cells_are_counted_as_one_by_one() {
        let mut g = rng(5);
        for _ in 0..2000 {
            let x: u64 = g.random();
            // Some cells empty, some not.
            let x = x & g.random::<u64>();
            let by_cell = (0..16).filter(|i| (x >> (4 * i)) & 0xF == 0).count() as u32;
            assert_eq!(count_empty(x), by_cell, "{x:016x}");
        }
    }

    #[test]
    fn thinking_longer_plays_legal_moves_and_never_searches_shallower() {
        let mut g = crate::classic::ClassicGame::new(
            crate::cards::rules::ClassicRules { size: 4, win: 2048 },
            3,
        );
        let think = Think::Within(std::time::Duration::from_millis(2));
        for _ in 0..40 {
            let Some(d) = best_move_with(g.board(), think) else {
                break;
            };
            assert!(g.play(d).is_some(), "{d:?} changed nothing");
        }
        // With no time at all, the depth-2 search still answers.
        let none = Think::Within(std::time::Duration::ZERO);
        assert_eq!(
            rate_with(g.board(), none).len(),
            rate(g.board()).len(),
            "every legal move is rated"
        );
    }
}
