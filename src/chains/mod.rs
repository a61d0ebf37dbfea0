//! Chain-merge cases: a column, a card laid on it, and what must follow (the column afterwards,
//! the points, each merge step, the clear, or the refusal), written as data a player can read and
//! extend instead of Rust.
//!
//! One reader, one runner and one drawing serve both users of the cases: the `merges` test
//! harness (`tests/merges.rs`, each case its own test by name) and `new2048 rules test`, which
//! runs them against any rule set. The module sits above [`crate::config`], since a case may
//! state rules of its own as a partial rules file, and below the command line. It is pure: text
//! in, results and lines out; reading a file is its callers' job.
//!
//! - [`parse`]: the case file (TOML, `[[case]]` tables) and the one-line form
//!   `64 32 16 + 16 = 128, 3 points`, with every error located (line, column, key);
//! - [`run`]: a case played on the engine under the rules it runs with, and what differs;
//! - [`draw`]: the chain step by step, and a failure as columns side by side.

pub mod draw;
pub mod parse;
pub mod run;

use crate::cards::card::Card;
use crate::cards::engine::Step;
use crate::cards::rules::Rules;

/// The project's cases, `tests/merges.toml`, built in so an installed binary has them.
pub const CASES: &str = include_str!("../../tests/merges.toml");

/// Where [`CASES`] lives in the project, for messages.
pub const CASES_PATH: &str = "tests/merges.toml";

/// One case: a board, a card placed on one of its columns, and what must follow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// Its name, unique in its file: the test's name.
    pub name: String,
    /// The line of its name in its file, from 1; 0 for a case written on the command line.
    pub line: usize,
    /// Rules of its own; `None`: it runs with the rule set chosen.
    pub rules: Option<OwnRules>,
    /// The board's columns from the left, each top card first (its tail last).
    pub columns: Vec<Vec<Card>>,
    /// The column played on, from 0.
    pub on: usize,
    /// The card laid on it.
    pub card: Card,
    /// What must follow; `None` when nothing is expected (a chain only shown).
    pub expect: Option<Expect>,
}

impl Case {
    /// The column played on, before (empty when the board has no such column).
    pub fn column(&self) -> &[Card] {
        self.columns.get(self.on).map_or(&[], Vec::as_slice)
    }
}

/// The rules a case states for itself: the default rules with some keys changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnRules {
    /// The keys changed, as written: `board.merge_into_full = true`.
    pub keys: Vec<String>,
    /// The checked rules: the default rules with those keys.
    pub rules: Rules,
}

impl OwnRules {
    /// `default + board.clear_value = 4, board.height = 1`.
    pub fn label(&self) -> String {
        format!("default + {}", self.keys.join(", "))
    }
}

/// What a case expects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// The card is placed.
    Placed(Placed),
    /// The move is refused and nothing changes.
    Refused(Refusal),
}

/// What a placement must do; the parts left out are not checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The column played on afterwards, top card first.
    pub after: Vec<Card>,
    pub points: Option<u64>,
    /// Each merge step in order (`16+16=32`: the tail, the card that met it, the card made).
    pub steps: Option<Vec<Step>>,
    pub clear: Option<Cleared>,
}

/// How the column is emptied, or that it is not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cleared {
    /// Not cleared.
    No,
    /// Cleared by a merge making this card (`board.clear_value`).
    Made(Card),
    /// Blown up by a bomb.
    Bomb,
}

/// Why a move is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The column is full and may not take this card.
    Full,
    /// The board has no such column.
    NoSuchColumn,
}

impl Refusal {
    /// As a case file writes it.
    pub fn word(self) -> &'static str {
        match self {
            Refusal::Full => "full",
            Refusal::NoSuchColumn => "no such column",
        }
    }
}
