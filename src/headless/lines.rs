//! The line protocol of either game: how a move is typed and told, the board with its status as
//! plain text, the closing line of a replay and the final state as `--json` prints it.
//!
//! What line-mode duels (here and over the network), `replay` without a terminal and headless
//! play share about "either game", written once per game; the game's facts themselves (who
//! survived longer, its start, a recorded move played again) are [`crate::duel::Playable`]'s,
//! which knows no words.

use crate::cards::engine::Game;
use crate::cards::engine::Move;
use crate::cards::summary::Summary;
use crate::cards::text;
use crate::classic::ClassicGame;
use crate::duel::Playable;
use crate::strategy::Sight;

use super::bot::Bot;

/// A game as lines of text: what scripts type and read.
pub(crate) trait Lines: Playable {
    /// How a move is typed in line mode, for prompts: only the moves these rules have.
    fn moves_typed(&self) -> &'static str;
    /// Plays this game's move `i` on `at` (this game replayed up to move `i`) and says what it
    /// did, as line-mode play words it.
    fn replay_move(&self, at: &mut Self, i: usize) -> String;
    /// Plays one typed move: `Ok(None)` for a blank or comment line, `Err` with the reason for a
    /// line that is not a legal move here. Undo and quit are not moves.
    fn play_text(&mut self, line: &str) -> Result<Option<String>, String>;
    /// The board with the status lines, as line-mode play prints it after each move.
    fn view_text(&self) -> String;
    /// The closing line of a replay: outcome, score, length, highest.
    fn result_line(&self) -> String;
    /// The final state, as this game's line-mode `--json` prints it.
    fn summary(&self) -> serde_json::Value;
    /// The move `bot` makes here, typed as a player types it; `None` when there is none.
    fn bot_line(&self, bot: &mut Bot) -> Option<String>;
}

impl Lines for Game {
    fn moves_typed(&self) -> &'static str {
        // `d` only where the rules have discards (it was offered under every rules).
        if self.rules().has_discards() {
            "a column number or d"
        } else {
            "a column number"
        }
    }
    fn replay_move(&self, at: &mut Game, i: usize) -> String {
        let turn = at
            .play(self.moves()[i])
            .expect("a rebuilt game's moves are legal");
        text::turn_line(&turn)
    }
    fn play_text(&mut self, line: &str) -> Result<Option<String>, String> {
        let columns = self.rules().board.columns as usize;
        match text::parse_command(line, columns).map_err(|e| e.to_string())? {
            None | Some(text::CardCommand::Quit) => Ok(None),
            Some(text::CardCommand::Undo) => Err("there is no undo in a duel".into()),
            Some(text::CardCommand::Move(m)) => self
                .play(m)
                .map(|t| Some(text::turn_line(&t)))
                .map_err(|e| e.to_string()),
        }
    }
    fn view_text(&self) -> String {
        format!(
            "{}{}",
            text::board(self.position(), self.rules()),
            text::status(self)
        )
    }
    fn result_line(&self) -> String {
        let s = Summary::of(self);
        format!(
            "result: {}  score {}  cards played {}  highest {}",
            s.outcome.as_str(),
            s.score,
            s.cards_played,
            s.highest
        )
    }
    fn summary(&self) -> serde_json::Value {
        serde_json::to_value(Summary::of(self)).expect("a summary serializes")
    }
    fn bot_line(&self, bot: &mut Bot) -> Option<String> {
        match bot.cards.choose(&Sight::of(self), &mut bot.rng)? {
            Move::Place(c) => Some((u16::from(c) + 1).to_string()),
            Move::Discard => Some("d".into()),
        }
    }
}

impl Lines for ClassicGame {
    fn moves_typed(&self) -> &'static str {
        "w, a, s or d"
    }
    fn replay_move(&self, at: &mut ClassicGame, i: usize) -> String {
        let d = self.moves()[i];
        let slide = at.play(d).expect("a rebuilt game's moves change the board");
        format!("{} (+{})", d.as_str(), slide.points)
    }
    fn play_text(&mut self, line: &str) -> Result<Option<String>, String> {
        use crate::classic::text::{ClassicCommand, NotACommand, parse_command, slide};
        match parse_command(line) {
            Ok(None | Some(ClassicCommand::Quit)) => Ok(None),
            Ok(Some(ClassicCommand::Undo)) => Err("there is no undo in a duel".into()),
            Ok(Some(ClassicCommand::Slide(d))) => slide(self, d)
                .map(|(msg, _)| Some(msg))
                .map_err(|e| e.to_string()),
            Err(NotACommand) => {
                Err("not a move; type w, a, s or d (or up, left, down, right)".into())
            }
        }
    }
    fn view_text(&self) -> String {
        crate::classic::text::status(self)
    }
    fn result_line(&self) -> String {
        format!(
            "result: {}  score {}  moves {}  highest {}",
            self.ending().as_str(),
            self.score(),
            self.moves().len(),
            self.board().highest()
        )
    }
    fn summary(&self) -> serde_json::Value {
        serde_json::to_value(crate::classic::text::ClassicSummary::of(self))
            .expect("a summary serializes")
    }
    fn bot_line(&self, bot: &mut Bot) -> Option<String> {
        let d = if bot.name == "random" {
            crate::classic::bot::random_move(self.board(), &mut bot.rng)
        } else {
            crate::classic::bot::best_move(self.board())
        };
        d.map(|d| d.as_str().to_string())
    }
}
