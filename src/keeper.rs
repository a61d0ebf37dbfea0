//! What the game screens need from storage, as an interface, so the front ends do not depend on
//! how or where games are kept. The store (history, saves) implements it; [`NullKeeper`] keeps
//! nothing, for tests and when no data folder can be used.

use crate::engine::Game;
use crate::rules::Rules;
use crate::summary::Ending;

/// How a game was dealt, kept with it so history can show it and replays can re-deal it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Deal {
    /// From a seed.
    Seed { seed: u64 },
    /// The daily deal of a UTC date (`YYYY-MM-DD`).
    Daily { date: String, seed: u64 },
    /// Exactly the cards of a deck file.
    DeckFile { path: String },
}

/// Facts about a game that the engine does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameMeta {
    pub deal: Deal,
    /// Seconds since the Unix epoch when the game started.
    pub started: u64,
}

/// What the front ends ask of storage. Every method must be quick and must never fail loudly:
/// problems are reported through [`Keeper::take_warnings`] and play goes on.
pub trait Keeper {
    /// The best score recorded for these rules.
    fn best(&self, rules: &Rules) -> Option<u64>;
    /// Keeps the game in progress (called after every move, and on quit or a signal).
    fn save(&mut self, game: &Game, meta: &GameMeta);
    /// Records a game that ended (won, lost, or quit with at least one card played) and drops
    /// its saved copy. Returns true when its score is a new best for its rules.
    fn finish(&mut self, game: &Game, meta: &GameMeta, ending: Ending) -> bool;
    /// The saved game in progress, if there is one.
    fn saved(&mut self) -> Option<(Game, GameMeta)>;
    /// Drops this game's saved copy without recording it (a game quit before any card was
    /// played). Another game's save is left alone.
    fn forget(&mut self, _game: &Game, _meta: &GameMeta) {}
    /// Messages for the player (a file moved aside, a folder that cannot be written...).
    fn take_warnings(&mut self) -> Vec<String>;
}

/// Keeps nothing.
#[derive(Default)]
pub struct NullKeeper;

impl Keeper for NullKeeper {
    fn best(&self, _: &Rules) -> Option<u64> {
        None
    }
    fn save(&mut self, _: &Game, _: &GameMeta) {}
    fn finish(&mut self, _: &Game, _: &GameMeta, _: Ending) -> bool {
        false
    }
    fn saved(&mut self) -> Option<(Game, GameMeta)> {
        None
    }
    fn take_warnings(&mut self) -> Vec<String> {
        Vec::new()
    }
}
