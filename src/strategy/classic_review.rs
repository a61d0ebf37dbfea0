//! Par and accuracy of a classic game, judged by the classic bot ([`crate::classic::bot`]), as the card
//! game is judged by `best`: par is the bot's own game on the same deal (the same seed spawns the
//! same tiles for the same moves), and a move is accurate when the bot's search values it about
//! as highly as its own choice from the same board.
//!
//! The classic bot's values are a heuristic (empty cells, merges, monotone lines), not points or
//! a chance, so a move's loss is told as the share of the best move's value it gives up, and a
//! move is accurate within [`TOLERANCE`] of it. The bot's own game is rated 100% (the review
//! runs the very search the bot plays by). Typed like the card game's review: its words are
//! `headless::review`'s.

use serde::Serialize;

use crate::cards::rules::ClassicRules;
use crate::classic::{ClassicGame, Dir, bot};

/// A move is accurate when it gives up at most this share of the best move's value.
pub const TOLERANCE: f64 = 0.001;

/// The most moves par plays: far beyond any game the bot lasts (about 6,000 moves past 2048).
const MAX_MOVES: usize = 50_000;

/// What the classic bot scores on a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ClassicPar {
    pub score: u64,
    pub moves: u32,
    /// Whether it made the winning tile.
    pub won: bool,
}

/// Par of the deal of `seed`: the bot plays it to its end. `None` as soon as `stop` says so
/// (asked before each move).
pub fn par_unless(rules: ClassicRules, seed: u64, stop: &dyn Fn() -> bool) -> Option<ClassicPar> {
    let mut game = ClassicGame::new(rules, seed);
    while !game.is_over() && game.moves().len() < MAX_MOVES {
        if stop() {
            return None;
        }
        let Some(d) = bot::best_move(game.board()) else {
            break;
        };
        game.play(d);
    }
    Some(ClassicPar {
        score: game.score(),
        moves: game.moves().len() as u32,
        won: game.won(),
    })
}

/// One rated move of a classic game.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassicRated {
    /// The move's number, from 1.
    pub n: usize,
    pub played: Dir,
    pub best: Dir,
    /// The share of the best move's value the move gives up, 0 to 1.
    pub loss: f64,
}

/// The review of a classic game.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassicReview {
    /// Share of accurate moves, 0 to 1 (1 for a game without moves).
    pub accuracy: f64,
    pub moves: Vec<ClassicRated>,
    /// The numbers of the biggest mistakes (at most 3), biggest first.
    pub mistakes: Vec<usize>,
    pub tolerance: f64,
    pub par: Option<ClassicPar>,
}

/// Rates every move of `game` against the bot's choice from the same board; with `par`, also
/// plays the deal for par.
pub fn review(game: &ClassicGame, par: bool) -> ClassicReview {
    let mut replay = ClassicGame::new(game.rules(), game.seed());
    let mut moves = Vec::with_capacity(game.moves().len());
    for (i, &played) in game.moves().iter().enumerate() {
        let rated = bot::rate(replay.board());
        let (best, vb) =
            rated.iter().copied().fold(
                (played, f32::MIN),
                |b, (d, v)| {
                    if v > b.1 { (d, v) } else { b }
                },
            );
        let vp = rated
            .iter()
            .find(|(d, _)| *d == played)
            .map_or(vb, |&(_, v)| v);
        let loss = if vb > 0.0 {
            (f64::from(vb - vp) / f64::from(vb)).clamp(0.0, 1.0)
        } else {
            0.0
        };
        moves.push(ClassicRated {
            n: i + 1,
            played,
            best,
            loss,
        });
        if replay.play(played).is_none() {
            break;
        }
    }
    let (accuracy, mistakes) = super::review::judge(moves.iter().map(|m| m.loss), TOLERANCE);
    ClassicReview {
        accuracy,
        moves,
        mistakes,
        tolerance: TOLERANCE,
        par: par
            .then(|| par_unless(game.rules(), game.seed(), &|| false))
            .flatten(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bots_own_game_is_accurate_and_is_par() {
        let rules = ClassicRules { size: 3, win: 64 };
        let mut g = ClassicGame::new(rules, 5);
        while !g.is_over() {
            let d = bot::best_move(g.board()).unwrap();
            g.play(d);
        }
        let r = review(&g, true);
        assert!((r.accuracy - 1.0).abs() < 1e-12, "{}", r.accuracy);
        assert!(r.mistakes.is_empty());
        let par = r.par.unwrap();
        assert_eq!(par.score, g.score());
        assert_eq!(par.moves as usize, g.moves().len());
    }

    #[test]
    fn random_play_is_rated_lower() {
        let rules = ClassicRules { size: 4, win: 2048 };
        let mut g = ClassicGame::new(rules, 9);
        let mut rng = crate::cards::deck::rng(1);
        for _ in 0..60 {
            let Some(d) = bot::random_move(g.board(), &mut rng) else {
                break;
            };
            g.play(d);
        }
        let r = review(&g, false);
        assert!(r.accuracy < 0.9, "{}", r.accuracy);
        assert!(!r.mistakes.is_empty());
        assert!(r.par.is_none());
    }
}
