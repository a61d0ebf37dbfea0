//! `new2048 review`: rates every move of a recorded game against `best`'s choice.
//!
//! The game is replayed from its own rules, deck and moves; before each move `best` values every
//! legal move from the same position and the same visible cards (never the hidden deck, so the
//! rating is fair to the player). A move's loss is the value of `best`'s choice minus the value of
//! the move played; a move is accurate when its loss is negligible ([`Review::tolerance`]), and the
//! accuracy is the share of accurate moves. The biggest mistakes are the three largest losses
//! above the tolerance.
//!
//! With learned weights the values are the rules' objective ([`super::objective`]), in points, and
//! each loss is told in the player's terms ([`Rated::says`]): the chance to win it gives up when
//! that is what it costs, else the points expected. For rules without weights the values are
//! expectimax's heuristic, which has no such meaning: a mistake is then only "the search prefers
//! another move", and the tolerance is in its unit.

use std::sync::Arc;

use serde::Serialize;

use super::objective::{Objective, Outlook};
use super::{Best, Sight};
use crate::cards::engine::{Game, Move};

/// Loss below which a move counts as accurate with learned weights, as a share of what a win is
/// worth ([`Objective::win`]): a quarter of a point on the default rules, or 0.025% of the
/// (discounted) survival.
pub const LEARNED_TOLERANCE: f64 = 2.5e-4;
/// The same for expectimax's heuristic values (a quarter of a free slot).
pub const HEURISTIC_TOLERANCE: f64 = 0.25;

/// One rated move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rated {
    /// The move's number, from 1.
    pub n: usize,
    /// As a record writes moves: the column from 1, or `d` for a discard.
    pub played: String,
    pub best: String,
    pub value_played: f64,
    pub value_best: f64,
    pub loss: f64,
    /// With learned weights: the points expected that the move gives up (discounted, as the
    /// objective counts them; negative when it scores more but risks the win).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points_lost: Option<f64>,
    /// With learned weights: the chance to win it gives up, 0 to 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win_chance_lost: Option<f64>,
    /// The loss in the player's terms: `-6 points expected`, `-12% chance to win`, or empty for
    /// an accurate move.
    pub says: String,
}

/// Every move of a game rated, without par: what the result screen shows while the game's par
/// (worked out from its start) is already known.
#[derive(Clone, Debug, PartialEq)]
pub struct Ratings {
    /// Share of accurate moves, 0 to 1 (1 for a game without moves).
    pub accuracy: f64,
    pub moves: Vec<Rated>,
    /// The numbers of the biggest mistakes (at most 3), biggest first.
    pub mistakes: Vec<usize>,
    /// Whether the values are learned (discounted survival) rather than expectimax's.
    pub learned: bool,
    pub tolerance: f64,
}

/// The review of a game: its [`Ratings`] and its par.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Review {
    /// Share of accurate moves, 0 to 1 (1 for a game without moves).
    pub accuracy: f64,
    pub moves: Vec<Rated>,
    /// The numbers of the biggest mistakes (at most 3), biggest first.
    pub mistakes: Vec<usize>,
    /// Whether the values are learned (discounted survival) rather than expectimax's.
    pub learned: bool,
    pub tolerance: f64,
    /// What `best` scores on the same deal, seeing what the player saw.
    pub par: super::Par,
}

/// A move as a record writes it: the column from 1, or `d` for a discard.
fn move_text(m: Move) -> String {
    match m {
        Move::Place(c) => (u16::from(c) + 1).to_string(),
        Move::Discard => "d".to_string(),
    }
}

/// Rates every move of `moves` played from the start of `game`'s deal.
pub fn review(game: &Game) -> Review {
    let r = rate(game);
    Review {
        accuracy: r.accuracy,
        moves: r.moves,
        mistakes: r.mistakes,
        learned: r.learned,
        tolerance: r.tolerance,
        par: super::par_of_deck(Arc::clone(game.rules_arc()), Arc::clone(game.deck())),
    }
}

/// Rates every move of `game` against `best`'s choice from the same position and visible cards.
pub fn rate(game: &Game) -> Ratings {
    let rules = Arc::clone(game.rules_arc());
    let mut replay = Game::new(Arc::clone(&rules), Arc::clone(game.deck()));
    let learned = Best::learned(&rules);
    let tolerance = if learned {
        LEARNED_TOLERANCE
    } else {
        HEURISTIC_TOLERANCE
    };
    let obj = Objective::of(&rules);
    let tolerance = if learned {
        tolerance * obj.win
    } else {
        tolerance
    };
    let mut moves = Vec::with_capacity(game.moves().len());
    for (i, &played) in game.moves().iter().enumerate() {
        let rated = Best::default().rate(&Sight::of(&replay));
        let (best, value_best) = rated.best().unwrap_or((played, 0.0));
        let at = |mv: Move| rated.moves.iter().position(|(m, _)| *m == mv);
        let value_played = at(played).map_or(value_best, |k| rated.moves[k].1);
        let loss = (value_best - value_played).max(0.0);
        let outlook = |mv| at(mv).and_then(|k| rated.outlooks.get(k).copied());
        let terms = match (outlook(best), outlook(played)) {
            (Some(b), Some(p)) => Some(Terms::of(b, p, replay.cards_left().saturating_sub(1))),
            _ => None,
        };
        let says = if loss <= tolerance {
            String::new()
        } else {
            terms.map_or_else(
                || "the search prefers another move".to_string(),
                |t| t.says(&obj),
            )
        };
        moves.push(Rated {
            n: i + 1,
            played: move_text(played),
            best: move_text(best),
            value_played,
            value_best,
            loss,
            points_lost: terms.map(|t| t.points),
            win_chance_lost: terms.map(|t| t.win_chance),
            says,
        });
        if replay.play(played).is_err() {
            break;
        }
    }
    let (accuracy, mistakes) = judge(moves.iter().map(|m| m.loss), tolerance);
    Ratings {
        accuracy,
        moves,
        mistakes,
        learned,
        tolerance,
    }
}

/// The accuracy of moves with these losses (the share at most `tolerance`; 1 for no moves) and
/// the numbers (from 1) of the biggest mistakes above it, at most 3, biggest first: what both
/// the card game's review and classic's ([`super::classic_review`]) report.
pub fn judge(losses: impl Iterator<Item = f64>, tolerance: f64) -> (f64, Vec<usize>) {
    let losses: Vec<f64> = losses.collect();
    let accurate = losses.iter().filter(|&&l| l <= tolerance).count();
    let accuracy = if losses.is_empty() {
        1.0
    } else {
        accurate as f64 / losses.len() as f64
    };
    let mut worst: Vec<(usize, f64)> = (1..)
        .zip(losses.iter().copied())
        .filter(|&(_, l)| l > tolerance)
        .collect();
    worst.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    (accuracy, worst.iter().take(3).map(|&(n, _)| n).collect())
}

/// What a move gives up against the best one, in the player's terms.
#[derive(Clone, Copy, Debug)]
struct Terms {
    points: f64,
    win_chance: f64,
    /// The survival it gives up (discounted), for weighing the two.
    survival: f64,
}

impl Terms {
    /// `best` and `played` are the two moves' outlooks with `cards_left` cards to come after
    /// the move.
    fn of(best: Outlook, played: Outlook, cards_left: usize) -> Terms {
        let chance = |o: Outlook| Objective::win_chance(o.survival, cards_left);
        Terms {
            points: best.points - played.points,
            win_chance: (chance(best) - chance(played)).max(0.0),
            survival: best.survival - played.survival,
        }
    }

    /// The loss in words: the chance to win when that is most of what the move costs by the
    /// objective, else the points expected.
    fn says(&self, obj: &Objective) -> String {
        if obj.win * self.survival > self.points && self.win_chance >= 0.0005 {
            format!("-{}% chance to win", round_share(self.win_chance))
        } else if obj.win * self.survival > self.points {
            format!("-{:.2}% chance to survive", self.survival * 100.0)
        } else {
            format!("-{:.1} points expected", self.points.max(0.0))
        }
    }
}

/// A share as a percentage with as few digits as show it: `12`, `1.5`, `0.3`.
fn round_share(x: f64) -> String {
    let p = x * 100.0;
    if p >= 10.0 {
        format!("{p:.0}")
    } else {
        format!("{p:.1}")
    }
}

/// The review for people: the accuracy, then each biggest mistake with the board it was made on.
pub fn render(game: &Game, r: &Review) -> String {
    let mut s = format!(
        "accuracy {:.1}% ({} moves; a move is accurate when it gives up at most {})\n",
        r.accuracy * 100.0,
        r.moves.len(),
        if r.learned {
            format!(
                "{:.2} points expected, the worth of a win counted in points",
                r.tolerance
            )
        } else {
            format!(
                "{} of the value of expectimax's search (there are no learned weights for \
                 these rules)",
                r.tolerance
            )
        }
    );
    let p = &r.par;
    s.push_str(&format!(
        "par (what best does on this deal): score {}, {} cards played, {}\n",
        p.score,
        p.cards_played,
        if p.won { "won" } else { "lost" }
    ));
    if r.mistakes.is_empty() {
        s.push_str("no mistakes\n");
    }
    let rules = Arc::clone(game.rules_arc());
    for (rank, &n) in r.mistakes.iter().enumerate() {
        let m = &r.moves[n - 1];
        let mut before = Game::new(Arc::clone(&rules), Arc::clone(game.deck()));
        for &mv in &game.moves()[..n - 1] {
            if before.play(mv).is_err() {
                break;
            }
        }
        s.push_str(&format!(
            "\nmistake {}: move {n}, cards {}: played {}, better {} ({})\n",
            rank + 1,
            crate::cards::text::cards(before.visible()),
            where_(&m.played),
            where_(&m.best),
            m.says,
        ));
        s.push_str(&crate::cards::text::board(before.position(), &rules));
    }
    s
}

/// A move as a sentence's object: `column 3` or `a discard`.
pub fn where_(m: &str) -> String {
    if m == "d" {
        "a discard".into()
    } else {
        format!("column {m}")
    }
}
