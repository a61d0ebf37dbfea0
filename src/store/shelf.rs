//! The saved games as a player sees them: a list, newest first, to resume from or delete from.
//!
//! [`Store::saved_games`] lists every save, marking those another process claims (see
//! [`crate::store::db::claim`]) as open in another window: they keep their numbers, so `play --resume N` and
//! `saved --delete N` on one of them say it is open elsewhere rather than that there is no such
//! game, but they are neither resumed nor deleted here. [`Store::resume`] takes one up by id and
//! claims it for the life of the game; [`Store::delete_saved`] records its game as quit and
//! removes it, in one transaction.

use super::{Playing, Store};
use crate::store::api::{ResumeError, Resumed, SavedGameInfo, SavedGames};
use crate::store::db::claim::{self, ClaimError};
use crate::store::db::saves::{self, Saved};
use crate::store::files::format::{GameKind, RecordError};
use crate::store::meta::{ClassicMeta, GameMeta};
use crate::store::view::View;

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
