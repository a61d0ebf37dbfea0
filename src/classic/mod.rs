//! Classic 2048: tiles slid on a square board, built on the same ideas as the card game.
//!
//! Like the card engine it is pure and deterministic: the spawns come from a seeded, named
//! generator owned by the game, so the same seed and the same moves give the same spawns — which
//! is what makes replays and fair duels possible. Undo restores the generator too, so undoing
//! and repeating a move brings back the same spawn (no re-rolling a bad tile).

mod board;
pub mod bot;
pub mod text;

pub use board::{Board, Dir, MAX_SIZE, MIN_SIZE, slide_line};

use rand::RngExt;

use crate::cards::deck::{GameRng, rng};
use crate::cards::rules::ClassicRules;
use crate::cards::summary::Ending;

/// What one move did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Slide {
    pub dir: Dir,
    /// Points scored: the value of every tile made by a merge.
    pub points: u64,
    /// Where the new tile appeared (row, column) and its value.
    pub spawn: Option<((usize, usize), u64)>,
    /// True on the move that first made the winning tile.
    pub reached_win: bool,
}

#[derive(Clone, Debug)]
struct Snapshot {
    board: Board,
    score: u64,
    rng: GameRng,
    won: bool,
}

/// A classic game: board, score, spawn generator, moves and undo history.
#[derive(Clone, Debug)]
pub struct ClassicGame {
    rules: ClassicRules,
    seed: u64,
    board: Board,
    score: u64,
    rng: GameRng,
    won: bool,
    moves: Vec<Dir>,
    undo: Vec<Snapshot>,
    /// Whether moves can be taken back (kept for undo): not in a network duel.
    undoable: bool,
    /// Times undo was used (kept in records and saves, like the card game's).
    undos: u32,
}

impl ClassicGame {
    /// A new game: an empty board with two spawned tiles.
    pub fn new(rules: ClassicRules, seed: u64) -> ClassicGame {
        let mut g = ClassicGame {
            rules,
            seed,
            board: Board::new(rules.size),
            score: 0,
            rng: rng(seed),
            won: false,
            moves: Vec::new(),
            undo: Vec::new(),
            undoable: true,
            undos: 0,
        };
        g.spawn();
        g.spawn();
        g
    }

    /// Replays `moves` from the start; fails at the index of the first move that changes nothing.
    pub fn replay(rules: ClassicRules, seed: u64, moves: &[Dir]) -> Result<ClassicGame, usize> {
        let mut g = ClassicGame::new(rules, seed);
        for (i, &d) in moves.iter().enumerate() {
            g.play(d).ok_or(i)?;
        }
        Ok(g)
    }

    /// A 2 (90%) or a 4 (10%) on a random empty cell.
    fn spawn(&mut self) -> Option<((usize, usize), u64)> {
        let empties: Vec<(usize, usize)> = self.board.empties().collect();
        if empties.is_empty() {
            return None;
        }
        let i = self.rng.random_range(0..empties.len() as u32) as usize;
        let e = if self.rng.random_range(0..10u32) == 0 {
            2
        } else {
            1
        };
        let (r, c) = empties[i];
        self.board.set(r, c, e);
        Some(((r, c), 1 << e))
    }

    pub fn rules(&self) -> ClassicRules {
        self.rules
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn score(&self) -> u64 {
        self.score
    }

    /// The moves that made this position (undone moves removed).
    pub fn moves(&self) -> &[Dir] {
        &self.moves
    }

    /// How many times undo was used.
    pub fn undos(&self) -> u32 {
        self.undos
    }

    /// Sets how many times undo was used: a game rebuilt from its moves (a resumed save) keeps
    /// its count.
    pub fn restore_undos(&mut self, undos: u32) {
        self.undos = undos;
    }

    /// Whether the winning tile has been made (the game goes on).
    pub fn won(&self) -> bool {
        self.won
    }

    /// How the game stands as an ending: won once the winning tile was made (even if the player
    /// went on and then got stuck or quit), else lost when no move is left, else quit.
    pub fn ending(&self) -> Ending {
        if self.won {
            Ending::Won
        } else if self.is_over() {
            Ending::Lost
        } else {
            Ending::Quit
        }
    }

    /// From now on no move can be taken back, and none is kept for it (a network duel).
    pub fn without_undo(&mut self) {
        self.undoable = false;
        self.undo = Vec::new();
    }

    /// No direction changes the board: the game is lost.
    pub fn is_over(&self) -> bool {
        !self.board.has_move()
    }

    /// Slides toward `dir`; `None` (and nothing changes) when the move would change nothing.
    pub fn play(&mut self, dir: Dir) -> Option<Slide> {
        let (board, points) = self.board.slide(dir)?;
        if self.undoable {
            self.undo.push(Snapshot {
                board: self.board,
                score: self.score,
                rng: self.rng.clone(),
                won: self.won,
            });
        }
        self.board = board;
        self.score += points;
        self.moves.push(dir);
        let reached_win = !self.won && self.board.highest() >= self.rules.win;
        self.won |= reached_win;
        let spawn = self.spawn();
        Some(Slide {
            dir,
            points,
            spawn,
            reached_win,
        })
    }

    /// Takes back the last move; `false` when there is none.
    pub fn undo(&mut self) -> bool {
        match self.undo.pop() {
            Some(s) => {
                self.board = s.board;
                self.score = s.score;
                self.rng = s.rng;
                self.won = s.won;
                self.moves.pop();
                self.undos += 1;
                true
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULES: ClassicRules = ClassicRules { size: 4, win: 2048 };

    #[test]
    fn starts_with_two_tiles_and_is_deterministic() {
        let g = ClassicGame::new(RULES, 5);
        assert_eq!(g.board().count_empty(), 14);
        assert_eq!(g.board(), ClassicGame::new(RULES, 5).board());
    }

    #[test]
    fn undo_restores_the_spawn() {
        let mut g = ClassicGame::new(RULES, 9);
        let d = Dir::ALL
            .into_iter()
            .find(|&d| g.board().slide(d).is_some())
            .unwrap();
        let first = g.play(d).unwrap();
        let after = *g.board();
        assert!(g.undo());
        assert_eq!(g.play(d).unwrap(), first);
        assert_eq!(*g.board(), after);
    }
}
