//! What the game screens and the [`crate::store::Store`] hand each other, so the screens do not
//! depend on how games are kept. A screen hands it the game in progress as an [`Ongoing`] (a card
//! or classic game, or a duel of either: [`crate::store::InPlay`]), so saving, recording and the
//! bests are asked the same way whatever is played, and the store has one path for all four.

use serde::{Deserialize, Serialize};

use crate::base::fault::{Blame, Fault};
use crate::cards::engine::Game;
use crate::cards::summary::Ending;
use crate::classic::ClassicGame;
use crate::deal::{ClassicMeta, Deal, GameMeta};
use crate::duel::Duel;
use crate::record::{Entry, GameKind, RulesRecord};

/// A game's moves as the save keeps them: one small code per move, per player (a solo game's
/// are player 0's); [`Ongoing::word`] writes a code in the records' notation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Moves {
    pub codes: [Vec<u16>; 2],
    /// Each player's undo count when they were taken: while it stays the same, moves were only
    /// added, so a later save need not compare them.
    pub undos: [u32; 2],
}

/// A game in progress of any kind, as the store handles it.
pub(crate) trait Ongoing {
    fn kind(&self) -> GameKind;
    /// What identifies the game while it is played: what does not change in play (its mode,
    /// start, deal and rules), so the screens need not carry its id.
    fn key(&self) -> String;
    fn started(&self) -> u64;
    fn rules(&self) -> RulesRecord;
    fn deal(&self) -> Deal;
    /// The dealt cards, where the deck came from a file (a seed deals the others again).
    fn deck_file_cards(&self) -> Option<String>;
    /// Its moves as the save keeps them.
    fn moves(&self) -> Moves;
    /// How many moves each player made (a solo game's second player: none).
    fn move_counts(&self) -> [usize; 2];
    /// Each player's undo count.
    fn undos(&self) -> [u32; 2];
    /// Player `p`'s moves from number `from` (from 0) on, coded.
    fn codes_from(&self, p: usize, from: usize) -> Vec<u16>;
    /// How a move's code is written in its records.
    fn word(&self) -> fn(u16) -> String;
    /// The save's document as of `saved`, less its moves, rules and deck (see
    /// `crate::record::Recorded::head`).
    fn head(&self, saved: u64) -> serde_json::Value;
    /// What the list of saved games shows of it.
    fn info(&self, id: &str, saved: u64) -> SavedGameInfo;
    /// Its record, as it ended at `ended` (a card game `ending` as its screen says).
    fn record(&self, id: String, ended: u64, ending: Option<Ending>) -> Entry;
    /// The score the best scores count (none for a duel or a deck file's deal).
    fn best_score(&self) -> Option<u64>;
}

/// The card games recorded with one set of rules (see [`crate::store::Store::played`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Played {
    /// Games played to their end (won or lost; those quit or restarted are not counted).
    pub games: u32,
    pub wins: u32,
    /// Games won in a row, counting back from the latest.
    pub streak: u32,
    /// The best score, checked as [`crate::store::Store::best`] is.
    pub best: Option<u64>,
}

/// One saved game as the list shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SavedGameInfo {
    /// Its place in the list, 1 for the newest: what `play --resume N` takes.
    pub number: usize,
    /// What `Store::resume` and `Store::delete_saved` take.
    pub id: String,
    /// `cards`, `classic` or `duel`.
    pub game: GameKind,
    /// The game played: a duel's game (`cards` or `classic`), else the same as `game`.
    pub of: GameKind,
    /// The rules' name, and their hash (to match the rules in force).
    pub rules: String,
    pub rules_hash: String,
    /// How it was dealt: `seed 42`, `daily 2026-11-29`, `deck FILE`, `4x4 seed 7`.
    pub deal: String,
    /// The score (a duel: the two players' added; see `players`).
    pub score: u64,
    /// Cards played (card game) or moves (classic); a duel: both players' turns added.
    pub played: u64,
    /// When it was last played (saved).
    #[serde(with = "crate::base::utc::as_stamp")]
    pub saved: u64,
    /// A duel's two players, in turn order; empty for a one-player game.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<PlayerInfo>,
    /// Another window plays it: listed (so numbers stay put) but not taken up here.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub elsewhere: bool,
}

/// One player of a saved duel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct PlayerInfo {
    pub name: String,
    pub score: u64,
    /// Cards placed or discarded, or classic moves.
    pub played: u64,
}

impl SavedGameInfo {
    /// The score, and each player's in a duel: `120`, `Ann 12 : Bob 9`.
    pub(crate) fn score_text(&self) -> String {
        if self.players.is_empty() {
            return self.score.to_string();
        }
        let each: Vec<String> = self
            .players
            .iter()
            .map(|p| format!("{} {}", p.name, p.score))
            .collect();
        each.join(" : ")
    }
}

/// A saved game taken up, ready to play on.
pub(crate) enum Resumed {
    Cards(Box<Game>, GameMeta),
    Classic(Box<ClassicGame>, ClassicMeta),
    /// A card duel, with the players' names; the same player is to move as when it was saved.
    CardDuel(Box<Duel<Game>>, GameMeta, [String; 2]),
    ClassicDuel(Box<Duel<ClassicGame>>, ClassicMeta, [String; 2]),
}

/// Why a saved game could not be taken up or deleted.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ResumeError {
    #[error("this game is open in another window")]
    Elsewhere,
    #[error("there is no saved game `{0}` (it may have been finished or deleted meanwhile)")]
    NotFound(String),
    /// The save does not rebuild (the message says why).
    #[error("{0}")]
    Unusable(String),
    #[error("there is no data folder, so there are no saved games")]
    NoFolder,
    #[error(
        "the data folder {0} cannot be written, so a saved game there cannot be resumed or \
         deleted (its moves could not be kept); make the folder writable, then try again"
    )]
    ReadOnly(String),
    #[error("cannot read the saved game: {0}")]
    Io(String),
    /// Its game could not be recorded as it was deleted (a full disk): it stays saved.
    #[error("{0}")]
    Failed(super::StoreError),
}

/// A saved game that cannot be taken up or deleted: the player's to fix when it is open
/// elsewhere, gone, not of the form of an id, there is no data folder, or the folder is
/// read-only (docs/data.md: status 2, "make the folder writable"); the machine's when the save
/// cannot be read, or when the store failed (a full disk, a database held locked), whose own
/// kind then decides.
impl Blame for ResumeError {
    fn fault(&self) -> Fault {
        use ResumeError as E;
        match self {
            E::Elsewhere | E::NotFound(_) | E::Unusable(_) | E::NoFolder | E::ReadOnly(_) => {
                Fault::Input
            }
            E::Io(_) => Fault::Machine,
            E::Failed(e) => e.fault(),
        }
    }
}
