//! The games this process plays, kept: each save claims its game's id (`db::claim`) and writes
//! what changed since the last; a game's end records it and removes its save in one transaction
//! (so a failure leaves it saved, and says so); taking up a saved game claims it for as long as
//! it is played here. An id another window holds, or another save's, is traded for a fresh one.

use std::path::Path;

use super::api::{Moves, Ongoing, ResumeError, Resumed};
use super::db::claim::{self, Claim};
use super::db::error::StoreError;
use super::db::{self, history, id, import, saves};
use super::{GameKind, Store};
use crate::base::utc;
use crate::cards::summary::Ending;

/// How many ids a save tries before it gives up: each is fresh, so two in a row taken means
/// something else is wrong.
const IDS_TRIED: usize = 8;

/// A game this process is playing: how it is known ([`Ongoing::key`]), the id it got at its first
/// save, the claim on its save, and the moves its save holds.
pub(super) struct Playing {
    pub(super) key: String,
    pub(super) id: String,
    claim: Option<Claim>,
    pub(super) sent: Moves,
    /// Whether its save is in the database.
    pub(super) in_db: bool,
    /// Whether the database was mended while it was played: a save of its id there is its own,
    /// as of the mending, and is replaced whole at the next save.
    pub(super) carried: bool,
}

impl Playing {
    /// Saves `view` (of the data folder `dir`) into `db`: claims its id first, and takes a fresh
    /// one (from the game's start) while another window holds it or another save has it.
    fn write(
        &mut self,
        dir: &Path,
        db: &mut rusqlite::Connection,
        view: &dyn Ongoing,
        now: u64,
    ) -> Result<(), StoreError> {
        for _ in 0..IDS_TRIED {
            if self.claim.is_none() {
                match claim::claim(dir, &self.id) {
                    Ok(c) => self.claim = Some(c),
                    Err(ResumeError::Io(e)) => {
                        return Err(StoreError::Io(format!("cannot claim the save: {e}")));
                    }
                    Err(e @ ResumeError::ReadOnly(_)) => {
                        return Err(StoreError::ReadOnly(e.to_string()));
                    }
                    // Another window holds this id.
                    Err(_) => {
                        self.id = id::new(view.started());
                        continue;
                    }
                }
            }
            let (id, carried, fresh) = (&self.id, self.carried, !self.in_db);
            let written = db::schema::with_room(db, |db| {
                let tx = db::schema::begin(db)?;
                if carried {
                    saves::remove(&tx, id)?;
                }
                let written = saves::write_in(&tx, id, view, now, fresh, &self.sent)?;
                tx.commit()?;
                Ok(written)
            })?;
            if let Some(moves) = written {
                self.carried = false;
                self.in_db = true;
                self.sent.apply(moves);
                return Ok(());
            }
            // The id is another save's: this game takes a new one.
            self.id = id::new(view.started());
            self.claim = None;
        }
        Err(StoreError::Io("no free id for the save".to_string()))
    }
}

impl Store {
    /// Where the game known as `key` is in [`Store::playing`]: added with a fresh id (from
    /// `started`) if this is its first save.
    fn playing_index(&mut self, key: &str, started: u64) -> usize {
        if let Some(i) = self.playing.iter().position(|p| p.key == key) {
            return i;
        }
        self.playing.push(Playing {
            key: key.to_string(),
            id: id::new(started),
            claim: None,
            sent: Moves::default(),
            in_db: false,
            carried: false,
        });
        self.playing.len() - 1
    }

    /// The game known as `key`, no longer played here.
    fn take_playing(&mut self, key: &str) -> Option<Playing> {
        let i = self.playing.iter().position(|p| p.key == key)?;
        Some(self.playing.remove(i))
    }

    /// Keeps the game in progress (after every move, and on quit or a signal): its first save
    /// claims it and writes it whole, each later one writes only what changed.
    pub(crate) fn save(&mut self, view: &dyn Ongoing) {
        let (Some(dir), Some(_)) = (self.dir.clone(), self.db.as_ref()) else {
            return;
        };
        let _held = self.lock.hold();
        self.follow();
        let i = self.playing_index(&view.key(), view.started());
        let now = utc::now();
        let result = match self.db.as_mut() {
            Some(db) => self.playing[i].write(&dir, db, view, now),
            None => Err(self.unopened()),
        };
        self.outcome("save the game", result);
    }

    /// Records a game that ended (won, lost, or quit with at least one move played; a duel
    /// decided or given up) and drops its saved copy; `ending` is a card game's as its screen
    /// says (`None`: the game's own), `ended` when its result screen's clock stopped (`None`:
    /// now). True when its score is a new [`Store::best`].
    pub(crate) fn finish(
        &mut self,
        game: &dyn Ongoing,
        ending: Option<Ending>,
        ended: Option<u64>,
    ) -> bool {
        let new_best = self.note_score(game);
        self.finish_view(game, ending, ended).is_ok() && new_best
    }

    /// Records the game and removes its save, in one transaction; lets go of its claim. On
    /// failure the game stays saved as its save last was, and the error, of the failure's kind,
    /// says so (it is among the warnings too).
    fn finish_view(
        &mut self,
        view: &dyn Ongoing,
        ending: Option<Ending>,
        ended: Option<u64>,
    ) -> Result<(), StoreError> {
        let _held = self.lock.hold();
        self.follow();
        let playing = self.take_playing(&view.key());
        let id = playing
            .as_ref()
            .map_or_else(|| id::new(view.started()), |p| p.id.clone());
        let ended = ended.unwrap_or_else(utc::now);
        let record = view.record(id.clone(), ended, ending);
        let Some(db) = self.db.as_mut() else {
            let e = self.unopened();
            return Err(e.context(|_| "there is no database: the game is not recorded".into()));
        };
        let key = self.key;
        let result = db::schema::with_room(db, |db| {
            let tx = db::schema::begin(db)?;
            history::add(&tx, &record, key)?;
            saves::remove(&tx, &id)?;
            Ok(tx.commit()?)
        });
        if let Err(e) = result {
            // Writes fail from here on: the save is as of the last move that could be saved.
            self.failing = true;
            let pending = self
                .dir
                .as_deref()
                .map(|d| import::keep_pending(d, &record));
            let message = match (pending, &playing) {
                (Some(Ok(path)), _) => format!(
                    "cannot record the game in the database ({e}); its record was written to {} \
                     instead and goes into history at the next start",
                    crate::base::visible::escape(&path.display().to_string())
                ),
                (_, Some(p)) if p.in_db => format!(
                    "cannot record the game in history ({e}); it stays saved as of the last move \
                     that could be saved (resume it with `new2048 play --resume`)"
                ),
                _ => format!(
                    "cannot record the game in history ({e}); it could not be saved either, so \
                     it is lost"
                ),
            };
            // No save of it is left for its claim to guard.
            if let Some(c) = playing.and_then(|p| (!p.in_db).then_some(p.claim).flatten()) {
                c.remove();
            }
            let message = self.noticed(message, e.is_damage());
            self.warnings.push(message.clone());
            return Err(e.context(|_| message));
        }
        if let Some(c) = playing.and_then(|p| p.claim) {
            c.remove();
        }
        Ok(())
    }

    /// Drops this game's saved copy without recording it (a game quit before any move was
    /// played), and lets go of the game. Another game's save is left alone.
    pub(crate) fn forget(&mut self, game: &dyn Ongoing) {
        let _held = self.lock.hold();
        self.follow();
        let Some(p) = self.take_playing(&game.key()) else {
            return;
        };
        let Some(db) = &self.db else {
            return;
        };
        let result = saves::remove(db, &p.id).map(drop).map_err(StoreError::from);
        if result.is_ok()
            && let Some(c) = p.claim
        {
            c.remove();
        }
        self.outcome("remove the saved game", result);
    }

    /// The game on screen is left but kept (quit to the menu): its claim goes, so another window
    /// may take it up. A later `save` of it would start a second save.
    pub(crate) fn release(&mut self) {
        // Dropping the claims lets other windows take the saves; the saves stay.
        self.playing.clear();
    }

    /// Takes up saved game `id`, claimed while it is played (until [`Store::release`]).
    pub(crate) fn resume(&mut self, id: &str) -> Result<Resumed, ResumeError> {
        let missing = || ResumeError::NotFound(id.to_string());
        let dir = self.dir.clone().ok_or(ResumeError::NoFolder)?;
        let claim = if self.playing.iter().any(|p| p.id == id) {
            None
        } else {
            Some(claim::claim(&dir, id)?)
        };
        let db = self.db.as_ref().ok_or(ResumeError::NoFolder)?;
        let unusable = |what: &str, e: &dyn std::fmt::Display| {
            ResumeError::Unusable(format!("saved game {id} {what}: {e}; it is kept as it is"))
        };
        let Some(save) = saves::load(db, id).map_err(|e| unusable("cannot be read", &e))? else {
            if let Some(c) = claim {
                c.remove();
            }
            return Err(missing());
        };
        let game = save
            .rebuild()
            .map_err(|e| unusable("cannot be played on", &e))?;
        if let Some(claim) = claim {
            let view = game.view();
            self.playing.push(Playing {
                key: view.key(),
                id: id.to_string(),
                claim: Some(claim),
                sent: view.moves(),
                in_db: true,
                carried: false,
            });
        }
        Ok(game)
    }

    /// Deletes saved game `id`: its game is recorded as quit in the transaction that removes the
    /// save, so it is either still saved or recorded, never neither.
    pub(crate) fn delete_saved(&mut self, id: &str) -> Result<(), ResumeError> {
        let game = self.resume(id)?;
        self.finish_view(&*game.view(), None, None)
            .map_err(ResumeError::Failed)
    }

    /// The newest saved `game` (of [`super::SavedGameInfo::game`]) no other window plays,
    /// claimed.
    pub(crate) fn resume_newest(&mut self, game: GameKind) -> Option<Resumed> {
        for info in self.saved_games().into_iter().filter(|i| i.game == game) {
            match self.resume(&info.id) {
                Ok(r) => return Some(r),
                // Taken up by another window since it was listed.
                Err(ResumeError::Elsewhere) => {}
                Err(e) => self.warn(format!("saved game {}: {e}", info.number)),
            }
        }
        None
    }
}
