//! The saved games as a player sees them: a list, newest first, to resume from or delete from.
//!
//! [`Store::saved_games`] lists every save, marking those another process claims (see
//! [`crate::store::db::claim`]) as open in another window: they keep their numbers, so `play --resume N` and
//! `saved --delete N` on one of them say it is open elsewhere rather than that there is no such
//! game, but they are neither resumed nor deleted here. [`Store::resume`] takes one up by id and
//! claims it for the life of the game; [`Store::delete_saved`] records its game as quit and
//! removes it, in one transaction.

use serde::{Deserialize, Serialize};

use super::{Playing, Store, utc};
use crate::cards::engine::Game;
use crate::classic::ClassicGame;
use crate::duel::Duel;
use crate::store::api::{ClassicMeta, GameMeta, SavedGames};
use crate::store::db::claim::{self, ClaimError};
use crate::store::db::saves::{self, Saved};
use crate::store::files::format::{GameKind, RecordError};
use crate::store::view::View;

/// One saved game as the list shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SavedGameInfo {
    /// Its place in the list, 1 for the newest: what `play --resume N` takes.
    pub number: usize,
    /// What [`Store::resume`] and [`Store::delete_saved`] take.
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
    #[serde(with = "utc::as_stamp")]
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

    /// `cards played` or `moves`, what [`SavedGameInfo::played`] counts.
    pub(crate) fn played_unit(&self) -> &'static str {
        match self.of {
            GameKind::Classic => "moves",
            _ => "cards played",
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
    /// The save does not rebuild; the message says where it was moved.
    #[error("{0}")]
    Unusable(String),
    #[error("there is no data folder, so there are no saved games")]
    NoFolder,
    #[error("cannot read the saved game: {0}")]
    Io(String),
}

impl ResumeError {
    fn of_claim(e: ClaimError) -> ResumeError {
        match e {
            ClaimError::Elsewhere => ResumeError::Elsewhere,
            ClaimError::Io(e) => ResumeError::Io(e.to_string()),
        }
    }
}

impl Saved {
    /// The game this save holds, rebuilt by replaying its moves.
    pub(crate) fn rebuild(&self) -> Result<Resumed, RecordError> {
        Ok(match self {
            Saved::Cards(s) => {
                let (g, m) = s.play.rebuild()?;
                Resumed::Cards(Box::new(g), m)
            }
            Saved::Classic(s) => {
                let (g, m) = s.rebuild()?;
                Resumed::Classic(Box::new(g), m)
            }
            Saved::Duel(d) if d.of == GameKind::Classic => {
                let meta = ClassicMeta {
                    rules_name: d.rules.name.clone(),
                    started: d.started,
                };
                Resumed::ClassicDuel(Box::new(d.resume_classic()?), meta, d.names())
            }
            Saved::Duel(d) => {
                let meta = GameMeta {
                    deal: d.deal.clone(),
                    started: d.started,
                };
                Resumed::CardDuel(Box::new(d.resume_cards()?), meta, d.names())
            }
        })
    }
}

impl Resumed {
    /// The game, borrowed as the store handles games in progress.
    pub(crate) fn view(&self) -> View<'_> {
        match self {
            Resumed::Cards(g, m) => View::Cards(g, m),
            Resumed::Classic(g, m) => View::Classic(g, m),
            Resumed::CardDuel(d, m, n) => View::CardDuel(d, m, n),
            Resumed::ClassicDuel(d, m, n) => View::ClassicDuel(d, m, n),
        }
    }
}

impl Store {
    /// Every saved game, newest first and numbered from 1; those another window plays are
    /// marked [`SavedGameInfo::elsewhere`].
    pub(crate) fn all_saved_games(&mut self) -> Vec<SavedGameInfo> {
        let (Some(dir), Some(db)) = (self.dir.clone(), self.db.as_ref()) else {
            return Vec::new();
        };
        let rows = match saves::list(db) {
            Ok(rows) => rows,
            Err(e) => {
                self.warn(format!("cannot list the saved games: {e}"));
                return Vec::new();
            }
        };
        let mut list = Vec::new();
        self.elsewhere.clear();
        for (id, info) in rows {
            let mut info = match info {
                Ok(i) => i,
                Err(e) => {
                    self.warn(format!(
                        "saved game {id} cannot be listed: {e}; it is kept as it is"
                    ));
                    continue;
                }
            };
            info.id.clone_from(&id);
            let mine = self.playing.iter().any(|p| p.id == id);
            if !mine && claim::is_claimed(&dir, &id) {
                self.elsewhere.push(info.game);
                info.elsewhere = true;
            }
            list.push(info);
        }
        for (i, info) in list.iter_mut().enumerate() {
            info.number = i + 1;
        }
        list
    }

    /// The saved games this process may take up, newest first, numbered from 1.
    pub(crate) fn saved_games(&mut self) -> Vec<SavedGameInfo> {
        let mut list: Vec<SavedGameInfo> = self
            .all_saved_games()
            .into_iter()
            .filter(|i| !i.elsewhere)
            .collect();
        for (i, info) in list.iter_mut().enumerate() {
            info.number = i + 1;
        }
        list
    }

    /// How many saves of `game` the last listing found open in another window.
    pub(crate) fn open_elsewhere(&self, game: GameKind) -> usize {
        self.elsewhere.iter().filter(|&&g| g == game).count()
    }

    /// Takes up saved game `id`, claimed for this process while it is played.
    pub(crate) fn resume(&mut self, id: &str) -> Result<Resumed, ResumeError> {
        let missing = || ResumeError::NotFound(id.to_string());
        let dir = self.dir.clone().ok_or(ResumeError::NoFolder)?;
        let mine = self.playing.iter().position(|p| p.id == id);
        let claim = match mine {
            Some(_) => None,
            None => Some(claim::claim(&dir, id).map_err(ResumeError::of_claim)?),
        };
        let db = self.db.as_ref().ok_or(ResumeError::NoFolder)?;
        let Some(save) = saves::load(db, id).map_err(|e| {
            ResumeError::Unusable(format!(
                "saved game {id} cannot be read: {e}; it is kept as it is"
            ))
        })?
        else {
            if let Some(c) = claim {
                c.remove();
            }
            return Err(missing());
        };
        let game = save.rebuild().map_err(|e| {
            ResumeError::Unusable(format!(
                "saved game {id} cannot be played on: {e}; it is kept as it is"
            ))
        })?;
        if let Some(claim) = claim {
            let view = game.view();
            self.playing.push(Playing {
                key: view.key(),
                id: id.to_string(),
                claim: Some(claim),
                sent: view.moves(),
                in_db: true,
            });
        }
        Ok(game)
    }

    /// Deletes saved game `id`: its game is recorded in history as quit, in the transaction that
    /// removes the save, so it is either still saved or recorded, never neither.
    pub(crate) fn delete_saved(&mut self, id: &str) -> Result<(), ResumeError> {
        let game = self.resume(id)?;
        self.finish_view(game.view(), None)
            .map_err(ResumeError::Unusable)
    }

    /// The newest saved game `accept` takes that no other window plays, claimed for this
    /// process.
    pub(crate) fn resume_newest<T>(
        &mut self,
        accept: impl Fn(&SavedGameInfo) -> bool,
        pick: impl Fn(Resumed) -> Result<T, Resumed>,
    ) -> Option<T> {
        for info in self.saved_games().into_iter().filter(|i| accept(i)) {
            match self.resume(&info.id).map(&pick) {
                Ok(Ok(t)) => return Some(t),
                Ok(Err(_)) => self.playing.retain(|p| p.id != info.id),
                Err(ResumeError::Elsewhere) => self.elsewhere.push(info.game),
                Err(e) => self.warn(format!("saved game {}: {e}", info.number)),
            }
        }
        None
    }
}

impl SavedGames for Store {
    fn saved_games(&mut self) -> Vec<SavedGameInfo> {
        Store::saved_games(self)
    }

    fn open_elsewhere(&self) -> usize {
        self.elsewhere.len()
    }

    fn resume(&mut self, id: &str) -> Result<Resumed, ResumeError> {
        Store::resume(self, id)
    }

    fn delete_saved(&mut self, id: &str) -> Result<(), ResumeError> {
        Store::delete_saved(self, id)
    }
}
