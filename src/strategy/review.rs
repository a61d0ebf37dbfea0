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
//! each loss is weighed in the player's terms ([`Rated::note`]): the chance to win it gives up
//! when that is what it costs, else the points expected. For rules without weights the values are
//! expectimax's heuristic, which has no such meaning: a mistake is then only "the search prefers
//! another move", and the tolerance is in its unit.
//!
//! Everything here is typed (moves as the engine's [`Move`], losses as [`Loss`] with their
//! numbers): the words are the readers', the screens' in both languages (`ui::kit::i18n`) and
//! the English lines and JSON of `review` and `play --explain` (`headless::review`).

use std::sync::Arc;

use super::objective::{Objective, Outlook};
use super::{Best, Scored, Sight};
use crate::cards::engine::{Game, Move};

/// Loss below which a move counts as accurate with learned weights, as a share of what a win is
/// worth ([`Objective::win`]): a quarter of a point on the default rules, or 0.025% of the
/// (discounted) survival.
pub const LEARNED_TOLERANCE: f64 = 2.5e-4;
/// The same for expectimax's heuristic values (a quarter of a free slot).
pub const HEURISTIC_TOLERANCE: f64 = 0.25;

/// One rated move.
#[derive(Clone, Debug, PartialEq)]
pub struct Rated {
    /// The move's number, from 1.
    pub n: usize,
    pub played: Move,
    pub best: Move,
    pub value_played: f64,
    pub value_best: f64,
    pub loss: f64,
    /// With learned weights: the points expected that the move gives up (discounted, as the
    /// objective counts them; negative when it scores more but risks the win).
    pub points_lost: Option<f64>,
    /// With learned weights: the chance to win it gives up, 0 to 1.
    pub win_chance_lost: Option<f64>,
    /// What the move gives up in the player's terms (6 points expected, 12% of the chance to
    /// win), or that it is the best or as good.
    pub note: Loss,
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
#[derive(Clone, Debug, PartialEq)]
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
    let obj = Objective::of(&rules);
    let tolerance = tolerance_of(learned, &obj);
    let mut moves = Vec::with_capacity(game.moves().len());
    for (i, &played) in game.moves().iter().enumerate() {
        let rated = Best::default().rate(&Sight::of(&replay));
        let (best, value_best) = rated.best().unwrap_or((played, 0.0));
        let weighed = weigh(&rated, best, played, replay.cards_left(), &obj, tolerance);
        let value_played = value_best - weighed.gap;
        moves.push(Rated {
            n: i + 1,
            played,
            best,
            value_played,
            value_best,
            loss: weighed.gap.max(0.0),
            points_lost: weighed.terms.map(|t| t.points),
            win_chance_lost: weighed.terms.map(|t| t.win_chance),
            note: weighed.loss,
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

/// The tolerance a review and an explained hint allow: [`LEARNED_TOLERANCE`] of a win's worth
/// with learned weights, else [`HEURISTIC_TOLERANCE`].
fn tolerance_of(learned: bool, obj: &Objective) -> f64 {
    if learned {
        LEARNED_TOLERANCE * obj.win
    } else {
        HEURISTIC_TOLERANCE
    }
}

/// What a move gives up against the best move, as a review and an explained hint tell it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Loss {
    /// The best move itself.
    Best,
    /// Within the tolerance of the best: as good as far as the search can tell.
    AsGood,
    /// The chance to win it gives up, 0 to 1.
    WinChance(f64),
    /// The (discounted) survival it gives up, 0 to 1, when the chance to win rounds to nothing.
    Survival(f64),
    /// The points expected it gives up.
    Points(f64),
    /// Without learned weights: worse by expectimax's heuristic, which has no unit to tell.
    Prefers,
}

impl Loss {
    /// The number a loss is told with, in digits as few as show it (the same in every
    /// language): a percentage of the chance to win (`12`, `1.5`, `0.3`) or to survive (`0.04`),
    /// or the points expected (`3.1`); `None` for a loss without one.
    pub fn figure(&self) -> Option<String> {
        match *self {
            Loss::WinChance(x) => Some(round_share(x)),
            Loss::Survival(x) => Some(format!("{:.2}", x * 100.0)),
            Loss::Points(p) => Some(format!("{p:.1}")),
            Loss::Best | Loss::AsGood | Loss::Prefers => None,
        }
    }

    /// Whether the move is the best or within the tolerance of it: nothing to tell against it.
    pub fn accurate(&self) -> bool {
        matches!(self, Loss::Best | Loss::AsGood)
    }
}

/// One move weighed against the best from the same position.
struct Weighed {
    /// The best move's value minus this one's (in the search's unit).
    gap: f64,
    terms: Option<Terms>,
    loss: Loss,
}

/// Weighs `mv` against `best` among the moves `rated` from a position with `cards_left` cards
/// to play (the hand included).
fn weigh(
    rated: &Scored,
    best: Move,
    mv: Move,
    cards_left: usize,
    obj: &Objective,
    tolerance: f64,
) -> Weighed {
    let at = |m: Move| rated.moves.iter().position(|(x, _)| *x == m);
    let value = |m: Move| at(m).map(|k| rated.moves[k].1);
    let value_best = value(best).unwrap_or(0.0);
    let gap = value_best - value(mv).unwrap_or(value_best);
    let outlook = |m| at(m).and_then(|k| rated.outlooks.get(k).copied());
    let terms = match (outlook(best), outlook(mv)) {
        (Some(b), Some(p)) => Some(Terms::of(b, p, cards_left.saturating_sub(1))),
        _ => None,
    };
    let loss = if mv == best {
        Loss::Best
    } else if gap <= tolerance {
        Loss::AsGood
    } else {
        terms.map_or(Loss::Prefers, |t| t.loss(obj))
    };
    Weighed { gap, terms, loss }
}

/// The best moves from `game`'s position as `best` values them, best first, at most `top` of
/// those leading to different positions, each with what it gives up against the first: what the
/// hint key explains. One search, the one a hint makes, so its first move is the hint. Empty
/// when the game is over.
pub fn explain(game: &Game, top: usize) -> Vec<(Move, Loss)> {
    if game.is_over() {
        return Vec::new();
    }
    let rules = game.rules();
    let rated = Best::default().rate(&Sight::of(game));
    let Some((best, _)) = rated.best() else {
        return Vec::new();
    };
    let obj = Objective::of(rules);
    let tolerance = tolerance_of(rated.learned, &obj);
    let mut order: Vec<(Move, f64)> = rated.moves.clone();
    // Best first; ties keep the search's order, so the first is the move a hint names.
    order.sort_by(|a, b| (b.0 == best).cmp(&(a.0 == best)).then(b.1.total_cmp(&a.1)));
    // A move that leads where one listed already does (up to the order of the columns, such as
    // two empty columns) says nothing new: only the first of them is listed.
    let hand = game.visible()[0];
    let mut seen = Vec::new();
    order
        .into_iter()
        .filter(|&(m, _)| {
            let mut after = *game.position();
            after.apply(m, hand, rules);
            let key = (super::exact::shape(&after), after.score);
            let new = !seen.contains(&key);
            seen.push(key);
            new
        })
        .take(top)
        .map(|(m, _)| {
            (
                m,
                weigh(&rated, best, m, game.cards_left(), &obj, tolerance).loss,
            )
        })
        .collect()
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

    /// The loss in the player's terms: the chance to win when that is most of what the move
    /// costs by the objective, else the points expected.
    fn loss(&self, obj: &Objective) -> Loss {
        if obj.win * self.survival > self.points && self.win_chance >= 0.0005 {
            Loss::WinChance(self.win_chance)
        } else if obj.win * self.survival > self.points {
            Loss::Survival(self.survival)
        } else {
            Loss::Points(self.points.max(0.0))
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
