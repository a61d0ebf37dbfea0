//! The reviews in English, for scripts and people reading a terminal's output: what
//! `new2048 review` prints (as text, or as one JSON object with `--json`) and the explained hint
//! of `play --explain`.
//!
//! The reviews themselves are typed ([`crate::strategy::review`], [`crate::strategy::classic_review`]:
//! moves as the engines' moves, losses as [`Loss`] with their numbers); the words are told here,
//! once, so the text and the JSON stay what scripts have read all along, while the screens tell
//! the same reviews in the player's language (`ui::kit::i18n`).

use std::sync::Arc;

use serde::Serialize;

use crate::cards::engine::{Game, Move};
use crate::cards::text::{move_text, where_};
use crate::strategy::classic_review::ClassicReview;
use crate::strategy::review::{Loss, Rated, Review};

/// A loss in the review's English: `-12% chance to win`, `-3.1 points expected`, `best`.
pub(crate) fn loss_text(loss: &Loss) -> String {
    let said = match loss {
        Loss::Best => "best",
        Loss::AsGood => "as good",
        Loss::WinChance(_) => "-{}% chance to win",
        Loss::Survival(_) => "-{}% chance to survive",
        Loss::Points(_) => "-{} points expected",
        Loss::Prefers => "the search prefers another move",
    };
    said.replacen("{}", &loss.figure().unwrap_or_default(), 1)
}

/// The explained hint's moves, one item each: `column 2: best`, `column 4: -3.1 points
/// expected`.
pub(crate) fn explanation(advice: &[(Move, Loss)]) -> Vec<String> {
    advice
        .iter()
        .map(|(m, loss)| format!("{}: {}", where_(*m), loss_text(loss)))
        .collect()
}

/// What a rated move gives up, in words: empty for an accurate move.
fn says(m: &Rated) -> String {
    if m.note.accurate() {
        String::new()
    } else {
        loss_text(&m.note)
    }
}

/// One rated move as `review --json` writes it.
#[derive(Serialize)]
struct RatedJson {
    n: usize,
    played: String,
    best: String,
    value_played: f64,
    value_best: f64,
    loss: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    points_lost: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    win_chance_lost: Option<f64>,
    /// The loss in words, empty for an accurate move.
    says: String,
}

impl RatedJson {
    fn of(m: &Rated) -> RatedJson {
        RatedJson {
            n: m.n,
            played: move_text(m.played),
            best: move_text(m.best),
            value_played: m.value_played,
            value_best: m.value_best,
            loss: m.loss,
            points_lost: m.points_lost,
            win_chance_lost: m.win_chance_lost,
            says: says(m),
        }
    }
}

/// A card game's review as `review --json` writes it.
#[derive(Serialize)]
struct ReviewJson<'a> {
    accuracy: f64,
    moves: Vec<RatedJson>,
    mistakes: &'a [usize],
    learned: bool,
    tolerance: f64,
    par: crate::strategy::Par,
}

/// The review as one line of JSON.
pub(crate) fn json(r: &Review) -> String {
    let doc = ReviewJson {
        accuracy: r.accuracy,
        moves: r.moves.iter().map(RatedJson::of).collect(),
        mistakes: &r.mistakes,
        learned: r.learned,
        tolerance: r.tolerance,
        par: r.par,
    };
    serde_json::to_string(&doc).expect("a review always serializes")
}

/// The review for people: the accuracy, then each biggest mistake with the board it was made on.
pub(crate) fn render(game: &Game, r: &Review) -> String {
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
            where_(m.played),
            where_(m.best),
            says(m),
        ));
        s.push_str(&crate::cards::text::board(before.position(), &rules));
    }
    s
}

/// One rated move of a classic game as `review --json` writes it.
#[derive(Serialize)]
struct ClassicRatedJson {
    n: usize,
    played: &'static str,
    best: &'static str,
    loss: f64,
}

/// A classic game's review as `review --json` writes it.
#[derive(Serialize)]
struct ClassicReviewJson<'a> {
    accuracy: f64,
    moves: Vec<ClassicRatedJson>,
    mistakes: &'a [usize],
    tolerance: f64,
    par: Option<crate::strategy::classic_review::ClassicPar>,
}

/// A classic game's review as one line of JSON.
pub(crate) fn classic_json(r: &ClassicReview) -> String {
    let doc = ClassicReviewJson {
        accuracy: r.accuracy,
        moves: r
            .moves
            .iter()
            .map(|m| ClassicRatedJson {
                n: m.n,
                played: m.played.as_str(),
                best: m.best.as_str(),
                loss: m.loss,
            })
            .collect(),
        mistakes: &r.mistakes,
        tolerance: r.tolerance,
        par: r.par,
    };
    serde_json::to_string(&doc).expect("a review always serializes")
}

/// A classic game's review for people: accuracy, par and the biggest mistakes.
pub(crate) fn classic_render(r: &ClassicReview) -> String {
    let mut s = format!(
        "accuracy {:.1}% ({} moves; a move is accurate when the classic bot values it within {}% \
         of its own choice)\n",
        r.accuracy * 100.0,
        r.moves.len(),
        r.tolerance * 100.0
    );
    if let Some(p) = &r.par {
        s.push_str(&format!(
            "par (what the classic bot does on this deal): score {}, {} moves, {}\n",
            p.score,
            p.moves,
            if p.won {
                "made the winning tile"
            } else {
                "did not make the winning tile"
            }
        ));
    }
    if r.mistakes.is_empty() {
        s.push_str("no mistakes\n");
    }
    for (rank, &n) in r.mistakes.iter().enumerate() {
        let m = &r.moves[n - 1];
        s.push_str(&format!(
            "mistake {}: move {n}: played {}, better {} (-{}% of the bot's value)\n",
            rank + 1,
            m.played.as_str(),
            m.best.as_str(),
            share(m.loss)
        ));
    }
    s
}

/// A loss as a percentage: whole percents, with one decimal below 10% so that a mistake just
/// past the tolerance does not read as `-0%`.
fn share(loss: f64) -> String {
    let percent = loss * 100.0;
    if percent < 10.0 {
        format!("{percent:.1}")
    } else {
        format!("{percent:.0}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::rules::Rules;
    use crate::strategy::review::explain;

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
            let items = explanation(&advice);
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
        assert_eq!(loss_text(&Loss::Points(3.06)), "-3.1 points expected");
        assert_eq!(loss_text(&Loss::WinChance(0.123)), "-12% chance to win");
        assert_eq!(loss_text(&Loss::WinChance(0.015)), "-1.5% chance to win");
        let items = explanation(&[(Move::Place(1), Loss::Best), (Move::Discard, Loss::AsGood)]);
        assert_eq!(items, ["column 2: best", "a discard: as good"]);
    }

    #[test]
    fn a_small_loss_is_not_told_as_nothing() {
        assert_eq!(share(0.003), "0.3");
        assert_eq!(share(0.25), "25");
    }
}
