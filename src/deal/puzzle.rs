//! Puzzles (`new2048 puzzle`): a short deck of the rules in force with every card known from the
//! start, and as its target the best score any play of it can make.
//!
//! A puzzle's rules are the rules in force with a deck of [`CARDS`] cards, as many of them in
//! view as the rules allow ([`MAX_LOOKAHEAD`]; the screen and headless play show the rest of
//! the deck too), named `NAME puzzle` so that history and stats keep puzzles apart from games of
//! the full deck. Its target is [`exact::solve`]'s: proven where the exact search fits its
//! budget, else the best a wide beam knows ("best known"). The daily puzzle of a UTC date deals
//! everyone the same deck, from a seed of the date alone.
//!
//! The length: at 20 cards the exact search proves every one of 200 deals of the default and
//! of the hard rules within 2 s and 256 MB on one core (median about 10 ms), 93.5% of the
//! solitaire preset's; of 30 cards, 22 of 30 default deals (see `benches/puzzle.rs` and
//! docs/guide.md).

use std::sync::Arc;

use crate::base::utc;
use crate::cards::card::Card;
use crate::cards::engine::{Game, Move, Position};
use crate::cards::rules::{MAX_LOOKAHEAD, Rules};
use crate::cards::text::{move_text, where_};
pub(crate) use crate::deal::Target;
use crate::deal::{Deal, GameMeta};
use crate::strategy::exact::{self, Budget, Solution};

/// The cards of a puzzle's deck.
pub(crate) const CARDS: u32 = 20;

/// The puzzle's rules made from the rules in force.
pub(crate) fn rules_of(rules: &Rules) -> Rules {
    let mut r = rules.clone();
    if !r.name.ends_with(" puzzle") {
        r.name = format!("{} puzzle", r.name);
    }
    r.deck.size = CARDS;
    r.deck.lookahead = MAX_LOOKAHEAD.min(CARDS as u8);
    r
}

/// A new puzzle of `rules` (made a puzzle's): the daily puzzle of `date` when one is given,
/// else from `seed` or a fresh one.
pub(crate) fn start(rules: &Rules, seed: Option<u64>, date: Option<utc::Date>) -> (Game, GameMeta) {
    let rules = Arc::new(rules_of(rules));
    let (seed, date) = match date {
        Some(d) => (
            crate::deal::puzzle_seed(&d.to_string()),
            Some(d.to_string()),
        ),
        None => (seed.unwrap_or_else(crate::deal::fresh_seed), None),
    };
    let game = Game::with_seed(rules, seed);
    let meta = GameMeta {
        deal: Deal::Puzzle {
            seed,
            date,
            target: None,
        },
        started: utc::now(),
        away: 0,
        hints: 0,
    };
    (game, meta)
}

/// The puzzle's target: the best line of its whole deck.
pub(crate) fn target(game: &Game) -> Solution {
    exact::solve(game.rules(), game.deck())
}

/// How a puzzle went against its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// The target reached.
    Solved,
    /// More than a best known (not proven) target: the search had missed it.
    Beaten,
    /// This many points short of it.
    Short(u64),
}

impl Verdict {
    /// The verdict on `score` against `target`.
    pub(crate) fn of(score: u64, target: Target) -> Verdict {
        match score.cmp(&target.score) {
            std::cmp::Ordering::Less => Verdict::Short(target.score - score),
            std::cmp::Ordering::Greater if !target.proven => Verdict::Beaten,
            _ => Verdict::Solved,
        }
    }

    /// Reached the target (or beat it).
    pub(crate) fn solved(self) -> bool {
        !matches!(self, Verdict::Short(_))
    }

    /// In words, as history and the shared line say it: `solved`, `beaten`, `short by 3`.
    pub(crate) fn text(self) -> String {
        match self {
            Verdict::Solved => "solved".into(),
            Verdict::Beaten => "beaten".into(),
            Verdict::Short(n) => format!("short by {n}"),
        }
    }
}

/// The target of a puzzle's deal, when it is one and its target is known.
pub(crate) fn target_of(deal: &Deal) -> Option<Target> {
    match deal {
        Deal::Puzzle { target, .. } => *target,
        _ => None,
    }
}

/// Keeps `target` in a puzzle's deal (nothing for another deal).
pub(crate) fn keep_target(deal: &mut Deal, found: Target) {
    if let Deal::Puzzle { target, .. } = deal {
        *target = Some(found);
    }
}

/// The target for people: `14 (proven best)` or `14 (best known)`.
pub(crate) fn target_text(s: &Solution) -> String {
    format!(
        "{} ({})",
        s.score,
        if s.proven {
            "proven best"
        } else {
            "best known"
        }
    )
}

/// The solver's line move by move, one line a card: `1. 32 on column 3  score 0`.
pub(crate) fn line_text(game: &Game, s: &Solution) -> Vec<String> {
    let rules = game.rules();
    let mut pos = Position::new(rules);
    let mut out = Vec::with_capacity(s.moves.len());
    for (n, (&mv, &card)) in s.moves.iter().zip(game.deck().iter()).enumerate() {
        pos.apply(mv, card, rules);
        out.push(format!(
            "{:>2}. {} {}  score {}",
            n + 1,
            crate::cards::text::cards(&[card]),
            match mv {
                Move::Place(c) => format!("on column {}", c + 1),
                Move::Discard => "discarded".to_string(),
            },
            pos.score
        ));
    }
    out
}

/// One move of a puzzle rated against the exact solution: the best score still reachable before
/// it and after it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub(crate) struct PuzzleMove {
    pub n: usize,
    #[serde(serialize_with = "as_record")]
    pub played: Move,
    /// The best whole score reachable before the move, and after it.
    pub before: u64,
    pub after: u64,
    /// Whether both are proven (else they are a beam's best known).
    pub proven: bool,
    /// A move that keeps the best reachable (the solver's from there).
    #[serde(serialize_with = "as_record_or_none")]
    pub best: Option<Move>,
}

/// A move as a record writes it (`3`, `d`), in JSON.
fn as_record<S: serde::Serializer>(m: &Move, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&move_text(*m))
}

#[allow(
    clippy::ref_option,
    reason = "serde's serialize_with hands the field by reference"
)]
fn as_record_or_none<S: serde::Serializer>(m: &Option<Move>, s: S) -> Result<S::Ok, S::Error> {
    match m {
        Some(m) => as_record(m, s),
        None => s.serialize_none(),
    }
}

/// Every move of a puzzle game rated against the exact solution: the points of the target each
/// move gave up (0 for a move that keeps the best score reachable).
pub(crate) fn review(game: &Game) -> Vec<PuzzleMove> {
    let rules = game.rules();
    let deck: &[Card] = game.deck();
    let mut pos = Position::new(rules);
    let value = |pos: &Position, i: usize| {
        exact::solve_from(rules, pos, &deck[i..], Budget(exact::EXACT_BUDGET))
    };
    let mut now = value(&pos, 0);
    let mut out = Vec::new();
    for (i, &mv) in game.moves().iter().enumerate() {
        let Some(&card) = deck.get(i) else { break };
        if pos.check(mv, card, rules).is_err() {
            break;
        }
        pos.apply(mv, card, rules);
        let next = value(&pos, i + 1);
        out.push(PuzzleMove {
            n: i + 1,
            played: mv,
            before: now.score,
            after: next.score,
            proven: now.proven && next.proven,
            best: now.moves.first().copied(),
        });
        now = next;
    }
    out
}

/// The puzzle review for people: the target, then each move that gave up points of it.
pub(crate) fn render_review(game: &Game, moves: &[PuzzleMove]) -> String {
    let target = moves.first().map_or(game.position().score, |m| m.before);
    let proven = moves.iter().all(|m| m.proven);
    let lost: Vec<&PuzzleMove> = moves.iter().filter(|m| m.after < m.before).collect();
    let mut s = format!(
        "puzzle: target {target} ({}), score {}; {} of {} moves kept the best score in reach\n",
        if proven { "proven best" } else { "best known" },
        game.position().score,
        moves.len() - lost.len(),
        moves.len()
    );
    for m in lost {
        let better = m
            .best
            .map_or_else(String::new, |b| format!(", better {}", where_(b)));
        s.push_str(&format!(
            "move {}: played {}{better}: best reachable {} -> {} (-{} points)\n",
            m.n,
            where_(m.played),
            m.before,
            m.after,
            m.before - m.after
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The verdict: the target reached is solved, more than a best known target is beaten (a
    /// proven one cannot be passed: it counts as solved), less is short by the difference.
    #[test]
    fn verdicts() {
        let proven = Target {
            score: 12,
            proven: true,
        };
        let known = Target {
            proven: false,
            ..proven
        };
        assert_eq!(Verdict::of(12, proven), Verdict::Solved);
        assert_eq!(Verdict::of(13, proven), Verdict::Solved);
        assert_eq!(Verdict::of(13, known), Verdict::Beaten);
        assert_eq!(Verdict::of(12, known), Verdict::Solved);
        assert_eq!(Verdict::of(9, proven), Verdict::Short(3));
        assert_eq!(Verdict::Short(3).text(), "short by 3");
        assert!(Verdict::Beaten.solved() && !Verdict::Short(1).solved());
    }
}
