//! The best score an open deck allows: an exact search over every play of a deck whose every card
//! is known (a puzzle), or, where that is too big, the widest beam that fits.
//!
//! The search goes card by card. After each card it keeps every distinct position that card can
//! lead to, where two positions are the same when their columns are the same up to order (the
//! rules treat every column alike, so what one can still score the other can) and they have the
//! same discards; of two such positions only the higher score is kept, since what is still to
//! come does not depend on the score. That is exact: the best of the last layer (or of the
//! positions where the game was lost on the way) is the best score of the deck.
//!
//! Bounds prune it: a beam first finds a line (a lower bound), and a position is dropped when
//! even the most the rest of the deck could score ([`Bound`]) does not beat that line. The
//! positions a search may hold are counted ([`Budget`]), never timed, so the answer is the same on
//! every machine; a deck that would need more is given the best known line of a beam of
//! [`BEAM_WIDTH`] positions a card instead, and the answer says it is not proven.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::cards::card::Card;
use crate::cards::engine::{Move, Position};
use crate::cards::rules::{MAX_COLUMNS, Rules};

/// A position with its columns in a fixed order and its score left out: positions with equal
/// shapes can score the same from here on.
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

/// How many positions an exact search may keep in all its layers before it gives up for a beam:
/// about 2 s on one core of the machine the bench ran on (see `benches/puzzle.rs`).
pub const EXACT_BUDGET: usize = 3_000_000;
/// The beam's width when the exact search does not fit: its positions a card.
pub const BEAM_WIDTH: usize = 20_000;
/// The beam that finds the first line, whose score the exact search must beat.
const PROBE_WIDTH: usize = 2_000;

/// The best line found for a deck.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub score: u64,
    /// The moves of the line, one a card played (fewer than the deck when it ends lost).
    pub moves: Vec<Move>,
    /// Whether no play of the deck scores more (the exact search finished).
    pub proven: bool,
}

/// A positions counter the search charges and stops at.
#[derive(Clone, Copy, Debug)]
pub struct Budget(pub usize);

/// One position kept: the position, the kept one before it and the move that led here.
#[derive(Clone, Copy)]
struct Node {
    pos: Position,
    parent: u32,
    mv: Move,
}

/// The most points the cards from some card on could still add to a position.
///
/// A merge takes two cards of one value and makes one of the next, so the merges at each value
/// are at most half the cards of that value there will ever be (those to come, those on the
/// board that can still merge, and those merges below make), carried up value by value like a
/// binary count; and as two cards on the board never meet, each merge at a value has one card
/// of it that comes, from the deck or from a merge below. Merges that make `clear_value` are
/// the most clears. A card on the board with a
/// card as high or higher below it in its column can never merge again (a merge only ever raises the tail)
/// and is not counted. Wild cards, which merge with anything, are counted as making every
/// possible merge: with a wild card about, the bound is only the number of cards.
struct Bound {
    /// From card `i` on: how many cards of each exponent are still to come (index 0 counts the
    /// wild cards).
    rest: Vec<[u32; LEVELS]>,
    per_merge: u64,
    merged_value: bool,
    clear_bonus: u64,
    clear: usize,
}

/// Exponents a bound counts: every card below any `clear_value` (2^30 at most), and wilds.
const LEVELS: usize = crate::cards::card::MAX_EXPONENT as usize + 1;

impl Bound {
    fn new(rules: &Rules, deck: &[Card]) -> Bound {
        let mut rest = vec![[0u32; LEVELS]; deck.len() + 1];
        for i in (0..deck.len()).rev() {
            rest[i] = rest[i + 1];
            if let Some(e) = level(deck[i]) {
                rest[i][e] += 1;
            }
        }
        let s = &rules.scoring;
        Bound {
            rest,
            per_merge: s.per_merge,
            merged_value: s.merged_value,
            clear_bonus: s.clear_bonus,
            clear: rules
                .board
                .clear_value
                .exponent()
                .map_or(LEVELS, usize::from),
        }
    }

    /// The most `pos` can still add with the cards from `i` on.
    fn more(&self, pos: &Position, i: usize) -> u64 {
        let coming = &self.rest[i];
        let mut count = *coming;
        for col in pos.columns() {
            let cards = col.cards();
            // From the tail up: a card can merge only while every card below it is lower.
            let mut highest = 0usize;
            for &c in cards.iter().rev() {
                let Some(e) = level(c) else { continue };
                if e == 0 || e > highest {
                    count[e] += 1;
                }
                highest = highest.max(e);
            }
        }
        let wilds = u64::from(count[0]);
        if wilds > 0 {
            let cards: u64 = count.iter().map(|&n| u64::from(n)).sum();
            let most = if self.merged_value {
                1u64 << self.clear.min(62)
            } else {
                0
            };
            return cards * (self.per_merge + most + self.clear_bonus);
        }
        let mut points = 0u64;
        let mut carried = 0u64;
        for e in 1..self.clear.min(LEVELS) {
            // Every merge moves a card onto a tail: one to come, or one a merge just made.
            let merges =
                u64::midpoint(u64::from(count[e]), carried).min(u64::from(coming[e]) + carried);
            points += merges * self.per_merge;
            if self.merged_value {
                points += merges << (e + 1).min(62);
            }
            if e + 1 == self.clear {
                points += merges * self.clear_bonus;
                carried = 0;
            } else {
                carried = merges;
            }
        }
        points
    }
}

/// Where a bound counts a card: its exponent, 0 for a wild card, none for a bomb.
fn level(c: Card) -> Option<usize> {
    if c.is_bomb() {
        None
    } else {
        Some(c.exponent().map_or(0, usize::from))
    }
}

/// A fast hasher for shapes (the standard one is made to resist attacks, which a search's own
/// positions do not make): multiply-and-rotate over the words.
#[derive(Default)]
struct ShapeHasher(u64);

impl Hasher for ShapeHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
}

type Shapes = HashMap<Shape, u32, BuildHasherDefault<ShapeHasher>>;

/// The legal moves of `card` on `pos`: each column that takes it, then a discard.
fn moves(pos: &Position, card: Card, rules: &Rules) -> impl Iterator<Item = Move> {
    let mask = pos.legal_mask(card, rules);
    let n = pos.columns().len();
    (0..n)
        .filter(move |&c| mask & (1 << c) != 0)
        .map(|c| Move::Place(c as u8))
        .chain((pos.discards > 0).then_some(Move::Discard))
}

/// The outcome of one layered search.
struct Searched {
    score: u64,
    moves: Vec<Move>,
    /// Whether it finished within its budget (always, for a beam).
    finished: bool,
}

/// The layered search: every distinct shape kept (`width` none), or the `width` best by score a
/// card; positions that cannot beat `floor` are dropped; at most `budget` positions in all.
fn search(
    rules: &Rules,
    start: &Position,
    deck: &[Card],
    width: Option<usize>,
    floor: Option<u64>,
    budget: usize,
) -> Searched {
    let bound = Bound::new(rules, deck);
    // Only the last layer's positions are kept; of the layers before, how each position was
    // reached (the kept one before it and the move), to read the line back.
    let mut here: Vec<Position> = vec![*start];
    let mut back: Vec<Vec<(u32, Move)>> = vec![vec![(u32::MAX, Move::Discard)]];
    // The best end seen: its score, layer and index there.
    let mut best: (u64, usize, u32) = (start.score, 0, 0);
    let mut kept = 1usize;
    let beats = |score: u64| floor.is_none_or(|f| score > f);
    for (i, &card) in deck.iter().enumerate() {
        let mut next: Vec<Node> = Vec::new();
        let mut seen = Shapes::default();
        for (k, from) in here.iter().enumerate() {
            let mut any = false;
            for mv in moves(from, card, rules) {
                any = true;
                let mut pos = *from;
                pos.apply(mv, card, rules);
                if !beats(pos.score + bound.more(&pos, i + 1)) {
                    continue;
                }
                let child = Node {
                    pos,
                    parent: k as u32,
                    mv,
                };
                match seen.entry(shape(&pos)) {
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
            // No move: the game is lost here, with this score.
            if !any && from.score > best.0 {
                best = (from.score, i, k as u32);
            }
        }
        drop(seen);
        if let Some(w) = width
            && next.len() > w
        {
            // The best scores first; among equal scores the emptier boards, then the order found.
            next.sort_by_key(|n| {
                let cards: usize = n
                    .pos
                    .columns()
                    .iter()
                    .map(crate::cards::engine::Column::len)
                    .sum();
                (std::cmp::Reverse(n.pos.score), cards)
            });
            next.truncate(w);
        }
        kept += next.len();
        if kept > budget {
            return Searched {
                score: 0,
                moves: Vec::new(),
                finished: false,
            };
        }
        back.push(next.iter().map(|n| (n.parent, n.mv)).collect());
        here = next.into_iter().map(|n| n.pos).collect();
        if here.is_empty() {
            break;
        }
    }
    let last = back.len() - 1;
    if let Some((k, p)) = here
        .iter()
        .enumerate()
        .max_by_key(|(k, p)| (p.score, std::cmp::Reverse(*k)))
        && (p.score > best.0 || (last > best.1 && p.score == best.0))
    {
        best = (p.score, last, k as u32);
    }
    let (score, mut layer, mut k) = best;
    let mut moves = Vec::with_capacity(layer);
    while layer > 0 {
        let (parent, mv) = back[layer][k as usize];
        moves.push(mv);
        k = parent;
        layer -= 1;
    }
    moves.reverse();
    Searched {
        score,
        moves,
        finished: true,
    }
}

/// The best line of `deck` under `rules`: proven by the exact search when it fits in `budget`
/// positions, else the best a beam of [`BEAM_WIDTH`] finds.
pub fn solve_within(rules: &Rules, deck: &[Card], budget: Budget) -> Solution {
    solve_from(rules, &Position::new(rules), deck, budget)
}

/// [`solve_within`] from `start`, with `deck` the cards still to play (the hand first); the
/// score is the game's whole score, `start`'s included. What a puzzle's review values each
/// position with.
pub fn solve_from(rules: &Rules, start: &Position, deck: &[Card], budget: Budget) -> Solution {
    let beam = search(rules, start, deck, Some(PROBE_WIDTH), None, usize::MAX);
    let exact = search(rules, start, deck, None, Some(beam.score), budget.0);
    if exact.finished {
        // Only lines that beat the beam's were kept: when none did, the beam's is the best.
        let line = if exact.score > beam.score {
            exact
        } else {
            beam
        };
        return Solution {
            score: line.score,
            moves: line.moves,
            proven: true,
        };
    }
    let wide = search(rules, start, deck, Some(BEAM_WIDTH), None, usize::MAX);
    let line = if wide.score >= beam.score { wide } else { beam };
    Solution {
        score: line.score,
        moves: line.moves,
        proven: false,
    }
}

/// [`solve_within`] with the [`EXACT_BUDGET`].
pub fn solve(rules: &Rules, deck: &[Card]) -> Solution {
    solve_within(rules, deck, Budget(EXACT_BUDGET))
}

/// The best score of `deck` by trying every order of play, for tests of [`solve`] on short
/// decks: every legal move of every card, nothing merged or pruned.
pub fn brute_force(rules: &Rules, deck: &[Card]) -> u64 {
    fn go(pos: &Position, deck: &[Card], rules: &Rules) -> u64 {
        let Some((&card, rest)) = deck.split_first() else {
            return pos.score;
        };
        let mut best = pos.score;
        for mv in moves(pos, card, rules) {
            let mut p = *pos;
            p.apply(mv, card, rules);
            best = best.max(go(&p, rest, rules));
        }
        best
    }
    go(&Position::new(rules), deck, rules)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::deck::deal;

    fn rules(preset: &str, edit: impl Fn(&mut Rules)) -> Rules {
        let text = crate::config::presets::get(preset).expect("a shipped preset");
        let mut r = Rules::parse(text, preset, Some(&Rules::default_rules())).expect("parses");
        edit(&mut r);
        r
    }

    /// The line's moves are legal and score what the solution says.
    fn check_line(rules: &Rules, deck: &[Card], s: &Solution) {
        let mut pos = Position::new(rules);
        for (&mv, &card) in s.moves.iter().zip(deck) {
            pos.check(mv, card, rules).expect("a legal move");
            pos.apply(mv, card, rules);
        }
        assert_eq!(pos.score, s.score);
        if s.moves.len() < deck.len() {
            assert!(
                !pos.has_move(deck[s.moves.len()], rules),
                "a line ends lost"
            );
        }
    }

    /// Exact search and brute force agree on every deck, on boards where games are lost, bombs
    /// and clears happen, and where discards and merges into full columns are moves.
    #[test]
    fn exact_search_equals_brute_force() {
        let cases: Vec<(Rules, usize, u64)> = vec![
            (rules("default", |_| {}), 8, 12),
            (
                rules("default", |r| {
                    r.board.columns = 3;
                    r.board.height = 3;
                }),
                12,
                12,
            ),
            (
                rules("default", |r| {
                    r.board.columns = 2;
                    r.board.height = 4;
                    r.board.clear_value = Card::from_value(32).expect("a card");
                }),
                12,
                12,
            ),
            (
                rules("solitaire", |r| {
                    r.board.columns = 3;
                    r.board.height = 3;
                }),
                10,
                8,
            ),
        ];
        for (rules, longest, deals) in cases {
            for seed in 0..deals {
                let mut r = rules.clone();
                r.deck.size = longest as u32;
                let full = deal(&r, seed);
                for len in (longest - 3)..=longest {
                    let deck = &full[..len];
                    let s = solve(&rules, deck);
                    assert!(s.proven);
                    assert_eq!(
                        s.score,
                        brute_force(&rules, deck),
                        "{} seed {seed} length {len}",
                        rules.name
                    );
                    check_line(&rules, deck, &s);
                }
            }
        }
    }

    /// Out of budget, the answer is the beam's, said to be unproven, and still a real line.
    #[test]
    fn a_search_out_of_budget_gives_the_beams_line() {
        let rules = Rules::default_rules();
        let deck = deal(&rules, 3)[..14].to_vec();
        let s = solve_within(&rules, &deck, Budget(10));
        assert!(!s.proven);
        check_line(&rules, &deck, &s);
        let exact = solve(&rules, &deck);
        assert!(exact.proven && exact.score >= s.score);
    }

    #[test]
    fn shapes_ignore_column_order_and_score() {
        let r = Rules::default_rules();
        let c = |v| Card::from_value(v).expect("a card");
        let a = Position::with_columns(&r, &[&[c(2)], &[], &[c(4), c(8)]]);
        let b = Position::with_columns(&r, &[&[c(4), c(8)], &[c(2)]]);
        assert_eq!(shape(&a), shape(&b));
        let d = Position::with_columns(&r, &[&[c(8), c(4)], &[c(2)]]);
        assert_ne!(shape(&a), shape(&d));
    }
}
