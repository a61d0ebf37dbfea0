//! Motion: the frames between two positions, as pure functions of (before, what happened, after,
//! frame number), and the one loop that shows them.
//!
//! A card game move is shown as the card dropping into its column, each chain step as the two
//! cards meeting and then the card they made (with a floating `+N` counting up the points), a
//! column reaching `clear_value` flashing before it empties, and a bomb as a short blast. A
//! classic slide is shown as the tiles halfway along their way, then the merged tiles lit, then
//! the new tile popping in. Each frame carries how long it is held; the frames of one move are
//! squeezed to at most [`MOVE_BUDGET_MS`] together, so a long chain speeds up rather than slows
//! the player down.
//!
//! Nothing here reads a clock to decide what a frame shows: the frames are computed from the
//! positions alone, which is what the snapshot tests check. Only [`play`] waits, and it waits with
//! [`crate::ui::term::input_within`], so any key ends the animation at once and is then read and
//! handled by the game loop like any other key: a fast player is never slowed down and no key is
//! ever lost.

use crate::ui::kit::{Cell, Frame, Grid, Laid, Mark, Overlay, View, or_too_small};
use std::time::Duration;

use crate::cards::card::Card;
use crate::cards::engine::{Clear, Move, Position, Turn};
use crate::cards::rules::Rules;
use crate::classic::{Board, Dir};

use crate::ui::term::{Motion, Ui};

/// The longest a whole move's animation may take, at the normal pace or slower.
pub(crate) const MOVE_BUDGET_MS: u64 = 340;

const DROP_MS: u64 = 30;
const MEET_MS: u64 = 30;
const MADE_MS: u64 = 45;
const FLASH_MS: u64 = 55;
const BLAST_MS: u64 = 60;

/// Every frame of the card game move `turn`, which took `before` to `after` under `rules`; no
/// frames for a discard, or when the steps do not lead to `after` (the screen then simply shows
/// `after`). The last frame is followed by the screen of `after`.
pub(crate) fn card_frames(
    rules: &Rules,
    before: &Position,
    turn: &Turn,
    after: &Position,
) -> Vec<Frame> {
    let Move::Place(col) = turn.mv else {
        return Vec::new();
    };
    let col = col as usize;
    let (Some(b), Some(a)) = (before.columns().get(col), after.columns().get(col)) else {
        return Vec::new();
    };
    let height = rules.board.height as usize;
    let mut stack: Vec<Card> = b.cards().to_vec();
    let mut frames = drop_frames(&stack, turn.card, height, col);
    stack.push(turn.card);
    if !turn.steps().is_empty() || turn.cleared.is_some() {
        frames.push(frame(
            col,
            Cell::column(&stack, Some(stack.len() - 1)),
            None,
            DROP_MS,
        ));
    }
    let Some(points) = chain_frames(rules, turn, &mut stack, col, &mut frames) else {
        return Vec::new();
    };
    frames.extend(ending(turn, &stack, points, height, col));
    if turn.cleared.is_some() {
        stack.clear();
    }
    if stack != a.cards() {
        return Vec::new();
    }
    // A card merging into a full column (`merge_into_full`) has no place of its own: the
    // column's tail stands for both while they meet.
    for f in &mut frames {
        f.cells.truncate(height);
        f.score = before.score + f.float.unwrap_or(0);
    }
    frames
}

/// A frame of column `col`: its `cells`, the points floating under it, how long it is held (the
/// score is set once the whole move's frames are known).
fn frame(col: usize, cells: Vec<Cell>, float: Option<u64>, ms: u64) -> Frame {
    Frame {
        col,
        cells,
        float,
        score: 0,
        ms,
        before: None,
    }
}

/// The drop: `card` enters at the bottom of the well (a column of `height` holding `stack`)
/// and rises to the tail, in at most two frames; none when the tail is at the bottom already.
fn drop_frames(stack: &[Card], card: Card, height: usize, col: usize) -> Vec<Frame> {
    let land = stack.len();
    let start = height.saturating_sub(1);
    let mut rows: Vec<usize> = Vec::new();
    if start > land {
        rows.push(start);
        let mid = land + (start - land) / 2;
        if mid > land && mid < start {
            rows.push(mid);
        }
    }
    rows.into_iter()
        .map(|r| {
            let mut c = Cell::column(stack, None);
            c.resize(
                r,
                Cell {
                    card: None,
                    mark: Mark::Plain,
                },
            );
            c.push(Cell {
                card: Some(card),
                mark: Mark::Fresh,
            });
            frame(col, c, None, DROP_MS)
        })
        .collect()
}

/// The chain, step by step onto `frames`: the two cards meeting, then the card they made with
/// the points so far floating under it; `stack` ends as the chain leaves the column. The points
/// of the whole chain, or `None` when a step finds no two cards to merge (the move's frames are
/// then dropped).
fn chain_frames(
    rules: &Rules,
    turn: &Turn,
    stack: &mut Vec<Card>,
    col: usize,
    frames: &mut Vec<Frame>,
) -> Option<u64> {
    let mut points = 0;
    for step in turn.steps() {
        let n = stack.len();
        if n < 2 {
            return None;
        }
        let mut meet = Cell::column(stack, None);
        meet[n - 2].mark = Mark::Meet;
        meet[n - 1].mark = Mark::Meet;
        frames.push(frame(col, meet, (points > 0).then_some(points), MEET_MS));
        stack.truncate(n - 2);
        stack.push(step.made);
        points += rules.scoring.per_merge;
        if rules.scoring.merged_value {
            points += step.made.value().unwrap_or(0);
        }
        frames.push(frame(
            col,
            Cell::column(stack, Some(stack.len() - 1)),
            Some(points),
            MADE_MS,
        ));
    }
    Some(points)
}

/// The frames after the chain: a column reaching `clear_value` flashes (`stack` lit, plain,
/// lit) and empties with the move's points; a bomb blasts the column and a little more.
fn ending(turn: &Turn, stack: &[Card], points: u64, height: usize, col: usize) -> Vec<Frame> {
    let frame = |cells: Vec<Cell>, float, ms| frame(col, cells, float, ms);
    let mut frames = Vec::new();
    match turn.cleared {
        Some(Clear::Value) => {
            let lit: Vec<Cell> = stack
                .iter()
                .map(|&c| Cell {
                    card: Some(c),
                    mark: Mark::Flash,
                })
                .collect();
            frames.push(frame(lit.clone(), Some(points), FLASH_MS));
            frames.push(frame(Cell::column(stack, None), Some(points), FLASH_MS));
            frames.push(frame(lit, Some(points), FLASH_MS));
            frames.push(frame(Vec::new(), Some(turn.points), FLASH_MS));
        }
        Some(Clear::Bomb) => {
            let blast = |n: usize| {
                (0..n)
                    .map(|_| Cell {
                        card: None,
                        mark: Mark::Blast,
                    })
                    .collect::<Vec<_>>()
            };
            frames.push(frame(blast(stack.len()), None, BLAST_MS));
            let wide = (stack.len() + 2).min(height);
            frames.push(frame(blast(wide), None, BLAST_MS));
        }
        None => {}
    }
    frames
}

const SLIDE_MS: u64 = 35;
const MERGED_MS: u64 = 45;
const POP_MS: u64 = 40;

/// Where each tile of one line goes in a slide towards index 0: (from, to, exponent); and the
/// indices where merges happen.
fn line_moves(line: &[u8]) -> (Vec<(usize, usize, u8)>, Vec<usize>) {
    let mut moves = Vec::new();
    let mut merged = Vec::new();
    let mut target = 0;
    let mut open: Option<u8> = None;
    for (i, &e) in line.iter().enumerate() {
        if e == 0 {
            continue;
        }
        if open == Some(e) {
            moves.push((i, target - 1, e));
            merged.push(target - 1);
            open = None;
        } else {
            moves.push((i, target, e));
            open = Some(e);
            target += 1;
        }
    }
    (moves, merged)
}

/// Every frame of a classic slide `dir` from `before` to `after` (with the spawned tile at
/// `spawn`): the tiles halfway, then the merged tiles lit before the new one appears, then the
/// new tile small. The screen of `after` follows.
pub(crate) fn classic_frames(
    before: &Board,
    dir: Dir,
    after: &Board,
    spawn: Option<(usize, usize)>,
) -> Vec<Grid> {
    let n = before.size();
    if after.size() != n {
        return Vec::new();
    }
    // The board's cell at position `i` of line `k`, lines read in the direction of the slide.
    let at = |k: usize, i: usize| match dir {
        Dir::Left => (k, i),
        Dir::Right => (k, n - 1 - i),
        Dir::Up => (i, k),
        Dir::Down => (n - 1 - i, k),
    };
    let empty = || vec![vec![(0u8, Mark::Plain); n]; n];
    let mut half = empty();
    let mut landed = empty();
    for k in 0..n {
        let line: Vec<u8> = (0..n)
            .map(|i| {
                let (r, c) = at(k, i);
                before.get(r, c)
            })
            .collect();
        let (moves, merged) = line_moves(&line);
        for &(from, to, e) in &moves {
            let mid = from - (from - to) / 2;
            let (r, c) = at(k, mid);
            half[r][c] = (e, Mark::Plain);
        }
        for i in 0..n {
            let (r, c) = at(k, i);
            let mark = if merged.contains(&i) {
                Mark::Fresh
            } else {
                Mark::Plain
            };
            landed[r][c] = (after.get(r, c), mark);
        }
    }
    let mut frames = vec![Grid {
        cells: half,
        ms: SLIDE_MS,
    }];
    if let Some((r, c)) = spawn.filter(|&(r, c)| r < n && c < n) {
        let mut without = landed.clone();
        without[r][c] = (0, Mark::Plain);
        frames.push(Grid {
            cells: without,
            ms: MERGED_MS,
        });
        landed[r][c].1 = Mark::Fresh;
        frames.push(Grid {
            cells: landed,
            ms: POP_MS,
        });
    }
    frames
}

/// How long each of `frames` (their own lengths, in ms) is held at `motion`'s pace, the whole
/// squeezed into [`MOVE_BUDGET_MS`]; empty when animations are off.
pub(crate) fn timing(lengths: &[u64], motion: Motion) -> Vec<Duration> {
    let Some(pace) = motion.pace else {
        return Vec::new();
    };
    let total: u64 = lengths.iter().sum::<u64>() * u64::from(pace) / 100;
    let scale = |ms: u64| {
        let paced = ms * u64::from(pace) / 100;
        if total > MOVE_BUDGET_MS {
            paced * MOVE_BUDGET_MS / total
        } else {
            paced
        }
    };
    lengths
        .iter()
        .map(|&ms| Duration::from_millis(scale(ms).max(1)))
        .collect()
}

/// A frame that says how long it is held at the normal pace.
pub(crate) trait TimedFrame {
    fn ms(&self) -> u64;
}

impl TimedFrame for Frame {
    fn ms(&self) -> u64 {
        self.ms
    }
}

impl TimedFrame for Grid {
    fn ms(&self) -> u64 {
        self.ms
    }
}

/// Shows a move's `frames` on the game screen, each laid out by `lay(frame, view)` and held for
/// its time at the player's pace; nothing when animations are off. Ends at once when a key is
/// waiting (it is left for the game loop to read) or a stop signal came.
pub(crate) fn show_frames<F: TimedFrame>(ui: &Ui, frames: &[F], lay: impl Fn(&F, View) -> Laid) {
    if !ui.animated() {
        return;
    }
    let lengths: Vec<u64> = frames.iter().map(TimedFrame::ms).collect();
    let times = timing(&lengths, ui.settings.motion);
    let draw = |i: usize| {
        crate::ui::term::paint(ui, |width, height| {
            let view = View {
                overlay: Overlay::None,
                prompt_line: false,
                canvas: ui.canvas(width, height),
            };
            or_too_small(lay(&frames[i], view), view.canvas)
        })
        .is_ok()
    };
    play(
        &times,
        draw,
        || ui.signals.stop(),
        |t| crate::ui::term::input_within(ui, t),
    );
}

/// Shows frames `0..times.len()` with `draw(i)`, holding each for its time, and stops at once
/// when a key is waiting (it is left for the game loop to read) or `stop()` says so (a signal).
fn play(
    times: &[Duration],
    mut draw: impl FnMut(usize) -> bool,
    stop: impl Fn() -> bool,
    key_within: impl Fn(Duration) -> bool,
) {
    for (i, &t) in times.iter().enumerate() {
        if stop() || !draw(i) {
            return;
        }
        if key_within(t) {
            return;
        }
    }
}

#[cfg(test)]
mod tests;
