//! What the game screens need from storage, so they do not depend on how games are kept.
//! [`Keeper`] serves the card game; classic games and duels have small traits built on it (sharing
//! its warnings) rather than one generic trait, so each call says which save it touches.

use serde::{Deserialize, Serialize};

use crate::cards::engine::Game;
use crate::cards::rules::{ClassicRules, Rules};
use crate::cards::summary::Ending;
use crate::classic::ClassicGame;
use crate::duel::Duel;
use crate::store::files::format::GameKind;
use crate::store::meta::{ClassicMeta, GameMeta};

/// What the front ends ask of storage. Every method must be quick and must never fail loudly:
/// problems are reported through [`Keeper::take_warnings`] and play goes on.
pub(crate) trait Keeper {
    /// The best score recorded for these rules.
    fn best(&self, rules: &Rules) -> Option<u64>;
    /// Keeps the game in progress (called after every move, and on quit or a signal).
    fn save(&mut self, game: &Game, meta: &GameMeta);
    /// Records a game that ended (won, lost, or quit with at least one card played) and drops
    /// its saved copy. Returns true when its score is a new best for its rules.
    fn finish(&mut self, game: &Game, meta: &GameMeta, ending: Ending) -> bool;
    /// The game about to be recorded ended at `ended` (its result screen's clock), not now: said
    /// just before the finish, for the next record only. `None`: it ends when it is written.
    fn clock_stopped(&mut self, ended: Option<u64>);
    /// Drops this game's saved copy without recording it (a game quit before any card was
    /// played). Another game's save is left alone.
    fn forget(&mut self, game: &Game, meta: &GameMeta);
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
    fn daily_news(&self, rules: &Rules, date: &str) -> Option<crate::store::daily::DailyNews>;
}

/// What a classic 2048 screen asks of storage, on [`Keeper`]'s terms. Its saves and bests are
/// apart from the card game's.
pub(crate) trait ClassicKeeper: Keeper {
    /// The best score recorded for this board size and winning tile.
    fn classic_best(&self, rules: &ClassicRules) -> Option<u64>;
    /// Keeps the classic game in progress (after every move, and on quit or a signal).
    fn save_classic(&mut self, game: &ClassicGame, meta: &ClassicMeta);
    /// Records a classic game that ended (its outcome the game's) and drops its saved copy; true
    /// when its score is a new best for its rules.
    fn finish_classic(&mut self, game: &ClassicGame, meta: &ClassicMeta) -> bool;
    /// The newest saved classic game no other window plays, claimed for this process.
    fn saved_classic(&mut self) -> Option<(ClassicGame, ClassicMeta)>;
    /// Drops this classic game's saved copy without recording it (quit before any move).
    fn forget_classic(&mut self, game: &ClassicGame, meta: &ClassicMeta);
}

/// Saving duels after every move and recording them once decided or given up; `names` are the
/// players' names as shown.
pub(crate) trait DuelKeeper: Keeper {
    fn save_card_duel(&mut self, duel: &Duel<Game>, meta: &GameMeta, names: &[String; 2]);
    fn save_classic_duel(
        &mut self,
        duel: &Duel<ClassicGame>,
        meta: &ClassicMeta,
        names: &[String; 2],
    );
    fn finish_card_duel(&mut self, duel: &Duel<Game>, meta: &GameMeta, names: &[String; 2]);
    fn finish_classic_duel(
        &mut self,
        duel: &Duel<ClassicGame>,
        meta: &ClassicMeta,
        names: &[String; 2],
    );
}

/// The saved games of every kind, newest first, for a menu to resume or delete; one another
/// window plays is not listed, nor taken up here ([`ResumeError::Elsewhere`]).
pub(crate) trait SavedGames {
    /// Every saved game this process may take up, newest first, numbered from 1.
    fn saved_games(&mut self) -> Vec<SavedGameInfo>;
    /// How many saves the last listing left out because another window plays them.
    fn open_elsewhere(&self) -> usize;
    /// Takes up saved game `id`, claimed while it is played (until [`Keeper::release`]).
    fn resume(&mut self, id: &str) -> Result<Resumed, ResumeError>;
    /// Deletes saved game `id`; its game is recorded in history as quit.
    fn delete_saved(&mut self, id: &str) -> Result<(), ResumeError>;
}

/// Everything the terminal's start menu leads to.
pub(crate) trait Keepers: ClassicKeeper + DuelKeeper + SavedGames {}

impl<K: ClassicKeeper + DuelKeeper + SavedGames> Keepers for K {}

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
    /// What [`SavedGames::resume`] and [`SavedGames::delete_saved`] take.
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
