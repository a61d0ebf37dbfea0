//! The final state of a game in the JSON form that headless play, replays and tools print.

use serde::{Deserialize, Serialize};

use crate::cards::card::Card;
use crate::cards::engine::{Game, Outcome};

/// How a game ended, from the player's side: the engine's outcome, or quit before either.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ending {
    Won,
    Lost,
    Quit,
    /// Given up for a new game (`r`): as quit, but said as what the player did.
    Restarted,
}

impl Ending {
    pub fn of(game: &Game) -> Ending {
        match game.outcome() {
            Some(Outcome::Won) => Ending::Won,
            Some(Outcome::Lost) => Ending::Lost,
            None => Ending::Quit,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Ending::Won => "won",
            Ending::Lost => "lost",
            Ending::Quit => "quit",
            Ending::Restarted => "restarted",
        }
    }

    /// Whether the game came to its end (won or lost), not left before it (quit or restarted):
    /// only such games count in a win rate or a daily streak.
    pub fn ended(self) -> bool {
        matches!(self, Ending::Won | Ending::Lost)
    }

    /// The ending the moves alone give: a restarted game's is quit (the restart is the
    /// player's word, not the engine's).
    #[must_use]
    pub fn as_played(self) -> Ending {
        match self {
            Ending::Restarted => Ending::Quit,
            e => e,
        }
    }
}

/// `{"outcome", "score", "columns", "cards_played", "merges", "clears", ...}`: each column from
/// its top card to its tail, bombs and wild cards as strings.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Summary {
    pub outcome: Ending,
    pub score: u64,
    pub columns: Vec<Vec<Card>>,
    pub cards_played: u32,
    pub merges: u32,
    /// Columns cleared by reaching `clear_value` (bombs are counted in `bombs`).
    pub clears: u32,
    pub bombs: u32,
    pub discarded: u32,
    pub discards_left: u32,
    pub highest: u64,
    pub cards_left: usize,
    pub rules: String,
}

impl Summary {
    pub fn of(game: &Game) -> Summary {
        let p = game.position();
        Summary {
            outcome: Ending::of(game),
            score: p.score,
            columns: p.columns().iter().map(|c| c.cards().to_vec()).collect(),
            cards_played: p.stats.cards_played,
            merges: p.stats.merges,
            clears: p.stats.clears,
            bombs: p.stats.bombs,
            discarded: p.stats.discarded,
            discards_left: p.discards,
            highest: p.stats.highest,
            cards_left: game.cards_left(),
            rules: game.rules().name.clone(),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a summary always serializes")
    }
}
