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
use super::{Best, Scored, Sight};
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
pub fn move_text(m: Move) -> String {
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
            played: move_text(played),
            best: move_text(best),
            value_played,
            value_best,
            loss: weighed.gap.max(0.0),
            points_lost: weighed.terms.map(|t| t.points),
            win_chance_lost: weighed.terms.map(|t| t.win_chance),
            says: match weighed.loss {
                Loss::Best | Loss::AsGood => String::new(),
                l => l.say(&ENGLISH),
            },
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

/// The words of a [`Loss`], each `{}` filled with its number: English here (what `review`
/// prints), other languages in the screens' words.
#[derive(Clone, Copy, Debug)]
pub struct LossWords {
    pub best: &'static str,
    pub as_good: &'static str,
    pub win_chance: &'static str,
    pub survival: &'static str,
    pub points: &'static str,
    pub prefers: &'static str,
}

/// The review's own words.
pub const ENGLISH: LossWords = LossWords {
    best: "best",
    as_good: "as good",
    win_chance: "-{}% chance to win",
    survival: "-{}% chance to survive",
    points: "-{} points expected",
    prefers: "the search prefers another move",
};

impl Loss {
    /// The loss in `words`: `-12% chance to win`, `-3.1 points expected`, `best`.
    pub fn say(&self, words: &LossWords) -> String {
        let put = |t: &str, n: String| t.replacen("{}", &n, 1);
        match *self {
            Loss::Best => words.best.to_string(),
            Loss::AsGood => words.as_good.to_string(),
            Loss::WinChance(x) => put(words.win_chance, round_share(x)),
            Loss::Survival(x) => put(words.survival, format!("{:.2}", x * 100.0)),
            Loss::Points(p) => put(words.points, format!("{p:.1}")),
            Loss::Prefers => words.prefers.to_string(),
        }
    }
}

/// The words an explained hint is told in, `{}` each filled in turn: a column (its number from
/// 1), a discard, and one item (the move, then its [`Loss`] in `loss`).
#[derive(Clone, Copy, Debug)]
pub struct ExplainWords {
    pub column: &'static str,
    pub discard: &'static str,
    pub item: &'static str,
    pub loss: LossWords,
}

/// The review's English, as `play --explain` prints it.
pub const ENGLISH_EXPLAIN: ExplainWords = ExplainWords {
    column: "column {}",
    discard: "a discard",
    item: "{}: {}",
    loss: ENGLISH,
};

/// [`explain`]'s moves in `words`, one item each: `column 2: best`, `column 4: -3.1 points
/// expected`.
pub fn explanation(advice: &[(Move, Loss)], words: &ExplainWords) -> Vec<String> {
    advice
        .iter()
        .map(|(m, loss)| {
            let at = match m {
                Move::Place(c) => words
                    .column
                    .replacen("{}", &(u16::from(*c) + 1).to_string(), 1),
                Move::Discard => words.discard.to_string(),
            };
            words
                .item
                .replacen("{}", &at, 1)
                .replacen("{}", &loss.say(&words.loss), 1)
        })
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::rules::Rules;

    /// The explained hint's first move is the hint, the moves lead to different positions, and
    /// each says what it gives up in the review's words.
    #[test]
    fn an_explained_hint_starts_with_the_hint() {
        let mut g = Game::with_seed(Arc::new(Rules::default_rules()), 7);
        for _ in 0..12 {
            let advice = explain(&g, 3);
            assert!(!advice.is_empty() && advice.len() <= 3);
            assert_eq!(Some(advice[0].0), crate::strategy::hint(&g));
            assert_eq!(advice[0].1, Loss::Best);
            let items = explanation(&advice, &ENGLISH_EXPLAIN);
            assert!(items[0].ends_with(": best"), "{items:?}");
            for (item, (_, loss)) in items.iter().zip(&advice).skip(1) {
                assert_ne!(*loss, Loss::Best);
                assert!(
                    item.ends_with("as good")
                        || item.ends_with("points expected")
                        || item.ends_with("chance to win")
                        || item.ends_with("chance to survive"),
                    "{item}"
                );
            }
            g.play(advice[advice.len() - 1].0).expect("a legal move");
        }
    }

    #[test]
    fn losses_in_words() {
        assert_eq!(Loss::Points(3.06).say(&ENGLISH), "-3.1 points expected");
        assert_eq!(Loss::WinChance(0.123).say(&ENGLISH), "-12% chance to win");
        assert_eq!(Loss::WinChance(0.015).say(&ENGLISH), "-1.5% chance to win");
        let items = explanation(
            &[(Move::Place(1), Loss::Best), (Move::Discard, Loss::AsGood)],
            &ENGLISH_EXPLAIN,
        );
        assert_eq!(items, ["column 2: best", "a discard: as good"]);
    }
}
