//! What the game screens need from storage, as an interface, so the front ends do not depend on
//! how or where games are kept. The store (history, saves) implements it.
//!
//! [`Keeper`] serves the card game. Classic 2048 and duels have their own small traits,
//! [`ClassicKeeper`] and [`DuelKeeper`], built on it (they share its warnings) rather than one
//! trait generic over the game: the card screens keep calling `keeper.save(..)` unchanged, and a
//! classic screen reads `keeper.save_classic(..)`, which says which save it touches.

use crate::cards::engine::Game;
use crate::cards::rules::{ClassicRules, Rules};
use std::sync::Arc;

use rand::RngExt;

use crate::cards::summary::Ending;
use crate::classic::ClassicGame;
use crate::duel::Duel;
use crate::store::shelf::{ResumeError, Resumed, SavedGameInfo};
use crate::store::utc;

/// How a game was dealt, kept with it so history can show it and replays can re-deal it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub(crate) enum Deal {
    /// From a seed.
    Seed { seed: u64 },
    /// The daily deal of a UTC date (`YYYY-MM-DD`).
    Daily { date: String, seed: u64 },
    /// Exactly the cards of a deck file.
    DeckFile { path: String },
}

/// Facts about a game that the engine does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GameMeta {
    pub deal: Deal,
    /// Seconds since the Unix epoch when the game started.
    pub started: u64,
}

/// Facts about a classic game that the game does not hold (its seed and rules it does).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ClassicMeta {
    /// The name of the rules in force (`default`...), shown in history.
    pub rules_name: String,
    /// Seconds since the Unix epoch when the game started.
    pub started: u64,
}

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
    /// Drops this game's saved copy without recording it (a game quit before any card was
    /// played). Another game's save is left alone.
    fn forget(&mut self, _game: &Game, _meta: &GameMeta) {}
    /// The game on screen is left but kept (quit back to the start menu): let go of the claim on
    /// its save, so another window may take it up. Call it only once the game is no longer
    /// played here: a later `save` of it would start a second save.
    fn release(&mut self) {}
    /// Messages for the player (a file moved aside, a folder that cannot be written...).
    fn take_warnings(&mut self) -> Vec<String>;
    /// The best score recorded for `date`'s daily deal with these rules (not of any game).
    fn daily_best(&self, _rules: &Rules, _date: &str) -> Option<u64> {
        None
    }
    /// What `date`'s daily deal says once it was finished with these rules: the line to share,
    /// the streaks, the best score of the deal.
    fn daily_news(&self, _rules: &Rules, _date: &str) -> Option<crate::store::daily::DailyNews> {
        None
    }
}

/// What a classic 2048 screen asks of storage: the same contract as [`Keeper`] (quick, never
/// failing loudly, problems through [`Keeper::take_warnings`]), for classic games. The saved
/// classic game is kept apart from the saved card game: neither ever replaces the other.
pub(crate) trait ClassicKeeper: Keeper {
    /// The best score recorded for this board size and winning tile.
    fn classic_best(&self, rules: &ClassicRules) -> Option<u64>;
    /// Keeps the classic game in progress (after every move, and on quit or a signal).
    fn save_classic(&mut self, game: &ClassicGame, meta: &ClassicMeta);
    /// Records a classic game that ended (won, lost, or quit with at least one move) and drops
    /// its saved copy; the outcome comes from the game (won once the winning tile was made).
    /// Returns true when its score is a new best for its rules.
    fn finish_classic(&mut self, game: &ClassicGame, meta: &ClassicMeta) -> bool;
    /// The newest saved classic game no other window plays, if there is one; it is claimed for
    /// this process from then on (see [`crate::store::db::claim`] and [`Keeper::release`]).
    fn saved_classic(&mut self) -> Option<(ClassicGame, ClassicMeta)>;
    /// Drops this classic game's saved copy without recording it (quit before any move).
    fn forget_classic(&mut self, game: &ClassicGame, meta: &ClassicMeta);
}

/// Saving and recording duels. `names` are the players' names as shown (`Player 1`, `Player 2`
/// unless given). Save after every move (the duel then appears among the saved games and can be
/// resumed, with the same player to move); finish once, when the duel is decided or given up
/// after at least one move (that records it and drops its save).
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

/// The saved games as a list, for a menu to show, resume from and delete from: every game left
/// unfinished (card, classic, duel), newest first. A save another window plays is not listed,
/// and cannot be resumed or deleted here ([`ResumeError::Elsewhere`]: "this game is open in
/// another window").
pub(crate) trait SavedGames {
    /// Every saved game this process may take up, newest first, numbered from 1.
    fn saved_games(&mut self) -> Vec<SavedGameInfo>;
    /// How many saves the last listing left out because another window plays them.
    fn open_elsewhere(&self) -> usize;
    /// Takes up saved game `id` and claims it while it is played (until [`Keeper::release`] or
    /// the end of the process).
    fn resume(&mut self, id: &str) -> Result<Resumed, ResumeError>;
    /// Deletes saved game `id`; its game is recorded in history as quit.
    fn delete_saved(&mut self, id: &str) -> Result<(), ResumeError>;
}

/// Everything the terminal front end keeps (card games, classic games, duels, the saved games),
/// for the start menu that leads to all of them.
pub(crate) trait Keepers: ClassicKeeper + DuelKeeper + SavedGames {}

impl<K: ClassicKeeper + DuelKeeper + SavedGames> Keepers for K {}

/// A fresh seed from the operating system, for games the player did not seed.
pub(crate) fn fresh_seed() -> u64 {
    rand::rng().random()
}

/// The daily deal of `date` (`YYYY-MM-DD`, UTC), or of today when `None`.
pub(crate) fn daily_game(
    rules: Rules,
    date: Option<&str>,
) -> Result<(Game, GameMeta), crate::error::Error> {
    let date = match date {
        Some(d) if utc::parse_date(d).is_some() => d.to_string(),
        Some(d) => {
            return Err(crate::error::Error::usage(format!(
                "--date: `{d}` is not a date like 2026-11-29 (year 1970 or later)"
            )));
        }
        None => utc::date(utc::now()),
    };
    let seed = crate::cards::deck::daily_seed(&date);
    let game = Game::with_seed(Arc::new(rules), seed);
    let meta = GameMeta {
        deal: Deal::Daily { date, seed },
        started: utc::now(),
    };
    Ok((game, meta))
}
