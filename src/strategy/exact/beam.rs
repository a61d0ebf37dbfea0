//! A beam: card by card, the `width` most promising positions kept, one of each key. What gives
//! the exact search its first line to beat, and the line of a deck the exact search could not
//! finish ("best known").
//!
//! Promising means the most points the position could still end with (its score and its
//! bound: see [`super::canon`]), then the score: a beam ranked by score alone keeps the boards
//! that merged early and drops those set up for the big merges to come, and on decks where the
//! last merges are worth the most (the solitaire preset's) it misses the best line by hundreds
//! of points.

use std::collections::HashMap;

use crate::cards::card::Card;
use crate::cards::engine::{Move, Position};
use crate::cards::rules::Rules;

use super::canon::Canon;

/// One position kept: the position, the kept one before it and the move that led here.
#[derive(Clone, Copy)]
struct Node {
    pos: Position,
    parent: u32,
    mv: Move,
    /// Its score and its bound.
    rank: u64,
}

/// The bytes a beam of `width` holds at most for a deck of `cards`: two layers of positions and
/// their keys, and the way back through every layer.
pub(super) fn bytes(width: usize, cards: usize) -> usize {
    let node = std::mem::size_of::<Node>() + 64;
    width * (2 * node + 8 * cards) * 6
}

/// The best end seen: its score, the layer it is in and its index there.
type Best = (u64, usize, u32);

/// The best line a beam of `width` finds from `start` through `deck`: its score and moves;
/// `optimistic` ranks by score and bound, else by score alone (then, for equal scores, the
/// fewer cards on the board).
pub(super) fn beam<const K: usize>(
    rules: &Rules,
    canon: &Canon,
    start: &Position,
    deck: &[Card],
    width: usize,
    optimistic: bool,
) -> (u64, Vec<Move>) {
    let mut here: Vec<Node> = vec![Node {
        pos: *start,
        parent: u32::MAX,
        mv: Move::Discard,
        rank: 0,
    }];
    let mut back: Vec<Vec<(u32, Move)>> = vec![vec![(u32::MAX, Move::Discard)]];
    let mut best: Best = (start.score, 0, 0);
    for (i, &card) in deck.iter().enumerate() {
        let mut next = layer::<K>(rules, canon, &here, (i, card), optimistic, &mut best);
        keep(&mut next, width);
        back.push(next.iter().map(|n| (n.parent, n.mv)).collect());
        here = next;
        if here.is_empty() {
            break;
        }
    }
    let last = back.len() - 1;
    if let Some((k, n)) = here
        .iter()
        .enumerate()
        .max_by_key(|(k, n)| (n.pos.score, std::cmp::Reverse(*k)))
        && (n.pos.score > best.0 || (last > best.1 && n.pos.score == best.0))
    {
        best = (n.pos.score, last, k as u32);
    }
    (best.0, line(&back, best))
}

/// The positions card `i` of the deck (`card`) leads to from `here`, one of each key (the best
/// score of a key kept); a position of `here` with no move is a lost game, kept in `best` when
/// it is the best end seen.
fn layer<const K: usize>(
    rules: &Rules,
    canon: &Canon,
    here: &[Node],
    (i, card): (usize, Card),
    optimistic: bool,
    best: &mut Best,
) -> Vec<Node> {
    let mut next: Vec<Node> = Vec::with_capacity(here.len() * 2);
    let mut seen: HashMap<[u64; K], u32> = HashMap::with_capacity(here.len() * 2);
    for (k, from) in here.iter().enumerate() {
        let mut any = false;
        for mv in super::moves(&from.pos, card, rules) {
            any = true;
            let mut pos = from.pos;
            pos.apply(mv, card, rules);
            let view = canon.view(&pos, i + 1);
            let key: [u64; K] = canon.key(&view, pos.discards, i + 1);
            let child = Node {
                pos,
                parent: k as u32,
                mv,
                rank: if optimistic {
                    pos.score.saturating_add(canon.bound(&view, i + 1))
                } else {
                    pos.score
                },
            };
            match seen.entry(key) {
                std::collections::hash_map::Entry::Occupied(e) => {
                    let at = &mut next[*e.get() as usize];
                    if pos.score > at.pos.score {
                        *at = child;
                    }
                }
                std::collections::hash_map::Entry::Vacant(e) => {
                    e.insert(next.len() as u32);
                    next.push(child);
                }
            }
        }
        // No move: the game is lost here, with this score (the longer line of equal ones:
        // a line ends at the end of the deck or where it is lost).
        if !any && (from.pos.score > best.0 || (from.pos.score == best.0 && i > best.1)) {
            *best = (from.pos.score, i, k as u32);
        }
    }
    next
}

/// The `width` most promising of `next`: by rank, then score, then the fewer cards on the board.
fn keep(next: &mut Vec<Node>, width: usize) {
    if next.len() > width {
        next.sort_by_key(|n| {
            let cards: usize = n
                .pos
                .columns()
                .iter()
                .map(crate::cards::engine::Column::len)
                .sum();
            (
                std::cmp::Reverse(n.rank),
                std::cmp::Reverse(n.pos.score),
                cards,
            )
        });
        next.truncate(width);
    }
}

/// The moves that lead to the end `best`, followed back through every layer's parents.
fn line(back: &[Vec<(u32, Move)>], best: Best) -> Vec<Move> {
    let (_, mut layer, mut k) = best;
    let mut moves = Vec::with_capacity(layer);
    while layer > 0 {
        let (parent, mv) = back[layer][k as usize];
        moves.push(mv);
        k = parent;
        layer -= 1;
    }
    moves.reverse();
    moves
}
