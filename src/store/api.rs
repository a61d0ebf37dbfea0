//! What the game screens need from storage, so they do not depend on how games are kept: one
//! [`Keeper`] for every kind of game. A screen hands it the game in progress as an [`Ongoing`] (a
//! card or classic game, or a duel of either: [`crate::store::InPlay`]), so saving, recording and
//! the bests are asked the same way whatever is played, and the store has one path for all four.

use serde::{Deserialize, Serialize};

use crate::cards::engine::Game;
use crate::cards::rules::Rules;
use crate::cards::summary::Ending;
use crate::classic::ClassicGame;
use crate::duel::Duel;
use crate::store::daily::DailyNews;
use crate::store::files::entry::Entry;
use crate::store::files::format::{GameKind, RulesRecord};
use crate::store::meta::{ClassicMeta, Deal, GameMeta};

/// What the front ends ask of storage. Every method must be quick and must never fail loudly:
/// problems are reported through [`Keeper::take_warnings`] and play goes on.
pub(crate) trait Keeper {
    /// The best score `game` is measured against: recorded with its kind of game and rules (of
    /// its date's deal, for a daily deal).
    fn best(&self, game: &dyn Ongoing) -> Option<u64>;
    /// Keeps the game in progress (called after every move, and on quit or a signal).
    fn save(&mut self, game: &dyn Ongoing);
    /// Records a game that ended (won, lost, or quit with at least one move played; a duel
    /// decided or given up) and drops its saved copy; `ending` is a card game's as its screen
    /// says (`None`: the game's own). True when its score is a new [`Keeper::best`].
    fn finish(&mut self, game: &dyn Ongoing, ending: Option<Ending>) -> bool;
    /// The game about to be recorded ended at `ended` (its result screen's clock), not now: said
    /// just before the finish, for the next record only. `None`: it ends when it is written.
    fn clock_stopped(&mut self, ended: Option<u64>);
    /// Drops this game's saved copy without recording it (a game quit before any move was
    /// played). Another game's save is left alone.
    fn forget(&mut self, game: &dyn Ongoing);
    /// The game on screen is left but kept (quit to the menu): its claim goes, so another window
    /// may take it up. A later `save` of it would start a second save.
    fn release(&mut self);
    /// Messages for the player (a file moved aside, a folder that cannot be written...).
    fn take_warnings(&mut self) -> Vec<String>;
    /// The card games played with these rules (by hash), for the start menu's record.
    fn played(&self, rules: &Rules) -> Played;
    /// The best score recorded for `date`'s daily deal with these rules (not of any game).
    fn daily_best(&self, rules: &Rules, date: &str) -> Option<u64>;
    /// `date`'s daily deal once finished with these rules: the record to share, the streaks, the
    /// deal's best.
    fn daily_news(&self, rules: &Rules, date: &str) -> Option<DailyNews>;
    /// Every saved game this process may take up, newest first, numbered from 1; one another
    /// window plays is not listed, nor taken up here ([`ResumeError::Elsewhere`]).
    fn saved_games(&mut self) -> Vec<SavedGameInfo>;
    /// How many saves (of `game`, or of any) the last listing left out because another window
    /// plays them.
    fn open_elsewhere(&self, game: Option<GameKind>) -> usize;
    /// Takes up saved game `id`, claimed while it is played (until [`Keeper::release`]).
    fn resume(&mut self, id: &str) -> Result<Resumed, ResumeError>;
    /// The newest saved `game` (of [`SavedGameInfo::game`]) no other window plays, claimed.
    fn resume_newest(&mut self, game: GameKind) -> Option<Resumed>;
    /// Deletes saved game `id`; its game is recorded in history as quit.
    fn delete_saved(&mut self, id: &str) -> Result<(), ResumeError>;
}

/// A game's moves as the save keeps them: one small code per move, per player (a solo game's
/// are player 0's); [`Ongoing::word`] writes a code in the records' notation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Moves {
    pub codes: [Vec<u16>; 2],
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
    /// How a move's code is written in its records.
    fn word(&self) -> fn(u16) -> String;
    /// The save's document as of `saved`, less its moves, rules and deck (see
    /// `files::side::Side::head`).
    fn head(&self, saved: u64) -> serde_json::Value;
    /// What the list of saved games shows of it.
    fn info(&self, id: &str, saved: u64) -> SavedGameInfo;
    /// Its record, as it ended at `ended` (a card game `ending` as its screen says).
    fn record(&self, id: String, ended: u64, ending: Option<Ending>) -> Entry;
    /// The score the best scores count (none for a duel or a deck file's deal).
    fn best_score(&self) -> Option<u64>;
}

/// The card games recorded with one set of rules (see [`Keeper::played`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Played {
    /// Games recorded (won, lost or given up).
    pub games: u32,
    pub wins: u32,
    /// Games won in a row, counting back from the latest.
    pub streak: u32,
    /// The best score, checked as [`Keeper::best`] is.
    pub best: Option<u64>,
}

impl Played {
    /// The share of games won, in whole percent (rounded down).
    pub(crate) fn win_percent(&self) -> u32 {
        (u64::from(self.wins) * 100 / u64::from(self.games.max(1))) as u32
    }
}

/// One saved game as the list shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SavedGameInfo {
    /// Its place in the list, 1 for the newest: what `play --resume N` takes.
    pub number: usize,
    /// What [`Keeper::resume`] and [`Keeper::delete_saved`] take.
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
    #[serde(with = "crate::utc::as_stamp")]
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
    /// What the game is, in a few words: `cards`, `classic 4x4`, `duel (cards)`.
    pub(crate) fn mode(&self) -> String {
        match self.game {
            GameKind::Duel => format!("duel ({})", self.of.as_str()),
            g => g.as_str().to_string(),
        }
    }

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

    /// `cards played` or `moves`, what [`SavedGameInfo::played`] counts, in the singular for
    /// one (`1 card played`, `1 move`).
    pub(crate) fn played_unit(&self) -> &'static str {
        match (self.of, self.played == 1) {
            (GameKind::Classic, false) => "moves",
            (GameKind::Classic, true) => "move",
            (_, false) => "cards played",
            (_, true) => "card played",
        }
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
    #[error("cannot read the saved game: {0}")]
    Io(String),
}
