//! The saved games as a player sees them: a list, newest first, to resume from or delete from.
//!
//! [`Store::saved_games`] lists every save this process may take up: its own, and those no other
//! process claims (see [`super::claim`]); a save open in another window is left out. Listing
//! also tidies: a save whose game is already recorded is removed (a process was killed between
//! recording the game and removing its save), and a save that does not rebuild is moved aside
//! with a warning, as any damaged file is. [`Store::resume`] takes one up by id and claims it
//! for the life of the game; [`Store::delete_saved`] records its game as quit and removes it.

use std::io;
use std::path::Path;

use serde::Serialize;

use super::claim::{self, ClaimError};
use super::format::{GameKind, RecordError};
use super::report::deal_text;
use super::saved::{self, Saved};
use super::{Playing, Store, fsio, history, utc};
use crate::cards::engine::Game;
use crate::cards::summary::Ending;
use crate::classic::ClassicGame;
use crate::duel::{Duel, Playable};
use crate::store::keeper::{ClassicKeeper, ClassicMeta, DuelKeeper, GameMeta, Keeper, SavedGames};

/// One saved game in the list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<PlayerInfo>,
}

/// One player of a saved duel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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
    #[error(
        "this game is already recorded in history (the window playing it was closed before it \
         could remove its save), so its save was removed"
    )]
    Recorded,
    /// The save does not rebuild; the message says where it was moved.
    #[error("{0}")]
    Unusable(String),
    #[error("there is no data folder, so there are no saved games")]
    NoFolder,
    #[error("cannot read the saved game: {0}")]
    Io(io::Error),
}

impl ResumeError {
    fn of_claim(e: ClaimError, id: &str) -> ResumeError {
        match e {
            ClaimError::Elsewhere => ResumeError::Elsewhere,
            ClaimError::Gone => ResumeError::NotFound(id.to_string()),
            ClaimError::Io(e) => ResumeError::Io(e),
        }
    }
}

impl Saved {
    /// The game rebuilt from its moves.
    fn rebuild(&self) -> Result<Resumed, RecordError> {
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
    /// How the store knows this game while it is played (see [`super::Store`]).
    fn key(&self) -> String {
        match self {
            Resumed::Cards(g, m) => super::cards_key(g, m),
            Resumed::Classic(g, m) => super::classic_key(g, m),
            Resumed::CardDuel(d, m, _) => super::duel_key(&super::cards_key(&d.players[0], m)),
            Resumed::ClassicDuel(d, m, _) => super::duel_key(&super::classic_key(&d.players[0], m)),
        }
    }

    /// The list's line for this game (its `number` is set by the list).
    fn info(&self, id: &str, saved: u64) -> SavedGameInfo {
        fn player<G: Playable>(name: &str, p: &G) -> PlayerInfo {
            PlayerInfo {
                name: name.to_string(),
                score: p.score(),
                played: p.survived(),
            }
        }
        let (game, of, rules, rules_hash, deal, players) = match self {
            Resumed::Cards(g, m) => {
                let r = g.rules();
                let one = player("", g.as_ref());
                let (name, hash) = (r.name.clone(), r.hash());
                (
                    GameKind::Cards,
                    GameKind::Cards,
                    name,
                    hash,
                    deal_text(&m.deal),
                    vec![one],
                )
            }
            Resumed::Classic(g, m) => {
                let n = g.rules().size;
                let deal = format!("{n}x{n} seed {}", g.seed());
                let one = player("", g.as_ref());
                let (name, hash) = (m.rules_name.clone(), g.rules().hash());
                (
                    GameKind::Classic,
                    GameKind::Classic,
                    name,
                    hash,
                    deal,
                    vec![one],
                )
            }
            Resumed::CardDuel(d, m, names) => {
                let r = d.players[0].rules();
                let both = vec![
                    player(&names[0], &d.players[0]),
                    player(&names[1], &d.players[1]),
                ];
                let (name, hash) = (r.name.clone(), r.hash());
                (
                    GameKind::Duel,
                    GameKind::Cards,
                    name,
                    hash,
                    deal_text(&m.deal),
                    both,
                )
            }
            Resumed::ClassicDuel(d, m, names) => {
                let g = &d.players[0];
                let n = g.rules().size;
                let deal = format!("{n}x{n} seed {}", g.seed());
                let both = vec![
                    player(&names[0], &d.players[0]),
                    player(&names[1], &d.players[1]),
                ];
                let (name, hash) = (m.rules_name.clone(), g.rules().hash());
                (GameKind::Duel, GameKind::Classic, name, hash, deal, both)
            }
        };
        let solo = game != GameKind::Duel;
        SavedGameInfo {
            number: 0,
            id: id.to_string(),
            game,
            of,
            rules,
            rules_hash,
            deal,
            score: players.iter().fold(0, |s, p| s.saturating_add(p.score)),
            played: players.iter().map(|p| p.played).sum(),
            saved,
            players: if solo { Vec::new() } else { players },
        }
    }
}

/// A save file read and rebuilt, or why not.
type Examined = Result<(Saved, Resumed), RecordError>;

fn examine(bytes: &[u8]) -> Examined {
    let save = super::decode_bytes(bytes, saved::decode)?;
    let game = save.rebuild()?;
    Ok((save, game))
}

impl Store {
    /// Every saved game this process may take up, newest first, numbered from 1: card games,
    /// classic games and duels, each with its mode, rules, score, cards or moves and when it was
    /// last played. Saves open in another window are left out (this process's own are listed).
    /// Saves of games already recorded are removed, and damaged ones moved aside with a warning
    /// ([`Keeper::take_warnings`]).
    pub(crate) fn saved_games(&mut self) -> Vec<SavedGameInfo> {
        let Some(dir) = self.dir.clone() else {
            return Vec::new();
        };
        let mut notes = Vec::new();
        let files = saved::files(&dir, &mut |m| notes.push(m));
        let mut list = Vec::new();
        self.elsewhere.clear();
        for (id, path) in files {
            let mine = self.playing.iter().any(|p| p.id == id);
            if !mine && claim::is_claimed(&path) {
                // Read, not claimed: only to say which game it is.
                let kind = fsio::read_file(&path).ok().and_then(|b| {
                    let value = super::format::checked(std::str::from_utf8(&b).ok()?).ok()?;
                    super::format::kind_of(&value).ok()
                });
                self.elsewhere.push(kind.unwrap_or(GameKind::Cards));
                continue;
            }
            let bytes = match fsio::read_file(&path) {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
                Err(e) => {
                    notes.push(super::unreadable("saved game", &path, &e));
                    continue;
                }
            };
            match examine(&bytes) {
                Ok((save, _)) if !mine && Self::is_recorded(&dir, &id, &save) => {
                    // Claimed first: another process may be taking it up this instant.
                    if let Ok(c) = claim::claim(&path) {
                        let _lock = fsio::DirLock::acquire(&dir);
                        let _ = c.remove();
                    }
                }
                Ok((save, game)) => list.push(game.info(&id, save.saved_at())),
                Err(why) if !mine => notes.extend(Self::put_aside(&dir, &path, &why)),
                Err(_) => {}
            }
        }
        for n in notes {
            self.warn(n);
        }
        list.sort_by(|a, b| (b.saved, &b.id).cmp(&(a.saved, &a.id)));
        for (i, info) in list.iter_mut().enumerate() {
            info.number = i + 1;
        }
        list
    }

    /// How many saves of `game` the last [`Store::saved_games`] (or a resume after it) left out
    /// because another window plays them.
    pub(crate) fn open_elsewhere(&self, game: GameKind) -> usize {
        self.elsewhere.iter().filter(|&&g| g == game).count()
    }

    /// Whether the game of save `id` is in history already (by its file name or the id it holds).
    fn is_recorded(dir: &Path, id: &str, save: &Saved) -> bool {
        history::recorded(dir, id) || (!save.id().is_empty() && history::recorded(dir, save.id()))
    }

    /// Moves an unusable save aside, once no one else plays it; the warning, if it was moved.
    fn put_aside(dir: &Path, path: &Path, why: &RecordError) -> Option<String> {
        let _claim = claim::claim(path).ok()?;
        let _lock = fsio::DirLock::acquire(dir);
        Some(super::set_aside(path, "saved game", why))
    }

    /// Takes up saved game `id` (from [`Store::saved_games`]) and claims it for the life of this
    /// process (or until [`Keeper::release`]): another window can neither take it up nor delete
    /// it meanwhile. Saving and finishing the game then work as for a game started here. Fails
    /// with [`ResumeError::Elsewhere`] when another window has it.
    pub(crate) fn resume(&mut self, id: &str) -> Result<Resumed, ResumeError> {
        let missing = || ResumeError::NotFound(id.to_string());
        if !saved::valid_id(id) {
            return Err(missing());
        }
        let dir = self.dir.clone().ok_or(ResumeError::NoFolder)?;
        if let Some(p) = self.playing.iter().find(|p| p.id == id) {
            let bytes = p.claim.as_ref().ok_or_else(missing)?.read();
            let (_, game) = examine(&bytes.map_err(ResumeError::Io)?)
                .map_err(|e| ResumeError::Unusable(e.to_string()))?;
            return Ok(game);
        }
        let path = saved::path_of(&dir, id);
        let claim = claim::claim(&path).map_err(|e| ResumeError::of_claim(e, id))?;
        let bytes = claim.read().map_err(ResumeError::Io)?;
        let (mut save, game) = match examine(&bytes) {
            Ok((save, _)) if Self::is_recorded(&dir, id, &save) => {
                let _lock = fsio::DirLock::acquire(&dir);
                let _ = claim.remove();
                return Err(ResumeError::Recorded);
            }
            Ok(found) => found,
            Err(why) => {
                let _lock = fsio::DirLock::acquire(&dir);
                let message = super::set_aside(&path, "saved game", &why);
                self.warn(message.clone());
                return Err(ResumeError::Unusable(message));
            }
        };
        let (id, claim) = if saved::is_legacy(id) {
            self.move_legacy(&dir, &mut save, claim)
        } else {
            (id.to_string(), claim)
        };
        self.playing.push(Playing {
            key: game.key(),
            id,
            claim: Some(claim),
        });
        Ok(game)
    }

    /// Moves a save of an older version into `saves/` under a new id, so that its record gets a
    /// name of its own; if that cannot be written, the game goes on in the old file.
    fn move_legacy(
        &mut self,
        dir: &Path,
        save: &mut Saved,
        old: claim::Claim,
    ) -> (String, claim::Claim) {
        let id = saved::new_id(save.started());
        save.set_id(id.clone());
        let moved = (|| {
            let _lock = fsio::DirLock::acquire(dir)?;
            std::fs::create_dir_all(dir.join(saved::SAVES_DIR))?;
            claim::Claim::create(&saved::path_of(dir, &id), save.to_json().as_bytes())
        })();
        match moved {
            Ok(new) => {
                self.write("remove the old saved game", |dir| {
                    let _lock = fsio::DirLock::acquire(dir)?;
                    old.remove()
                });
                (id, new)
            }
            Err(_) => (id, old),
        }
    }

    /// Deletes saved game `id`: its game is recorded in history as quit (a duel as given up),
    /// as quitting it would have been, and its save is removed. Fails as [`Store::resume`] does,
    /// in particular when another window plays it.
    pub(crate) fn delete_saved(&mut self, id: &str) -> Result<(), ResumeError> {
        match self.resume(id)? {
            Resumed::Cards(g, m) => {
                self.finish(&g, &m, Ending::of(&g));
            }
            Resumed::Classic(g, m) => {
                self.finish_classic(&g, &m);
            }
            Resumed::CardDuel(d, m, names) => self.finish_card_duel(&d, &m, &names),
            Resumed::ClassicDuel(d, m, names) => self.finish_classic_duel(&d, &m, &names),
        }
        Ok(())
    }

    /// Takes up the newest saved game `pick` accepts, skipping those that cannot be taken up.
    pub(crate) fn resume_newest<T>(
        &mut self,
        accept: impl Fn(&SavedGameInfo) -> bool,
        pick: impl Fn(Resumed) -> Result<T, Resumed>,
    ) -> Option<T> {
        for info in self.saved_games().into_iter().filter(|i| accept(i)) {
            match self.resume(&info.id).map(&pick) {
                Ok(Ok(t)) => return Some(t),
                Ok(Err(_)) => self.playing.retain(|p| p.id != info.id),
                Err(ResumeError::Unusable(_) | ResumeError::Recorded) => {}
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

    fn resume(&mut self, id: &str) -> Result<Resumed, ResumeError> {
        Store::resume(self, id)
    }

    fn delete_saved(&mut self, id: &str) -> Result<(), ResumeError> {
        Store::delete_saved(self, id)
    }
}
