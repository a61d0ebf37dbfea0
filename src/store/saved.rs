//! The saved games in progress: `<data dir>/saved-game.json` for the card game and
//! `<data dir>/saved-classic.json` for classic 2048, each rewritten after every move.
//!
//! One slot per game, because each game offers one thing to resume; two slots so that starting
//! one game never loses the other's. Each save replaces its file atomically under the folder
//! lock, so a process killed at any instant leaves the previous move's save or this one's, never
//! a torn file: a SIGKILL loses at most the move being made.
//!
//! Several processes may play at once (scripts, bots, two terminals); a file then holds the last
//! one saved. A save written before a new game started is a game left for later: the new game's
//! first save moves it aside (`<name>.replaced-<time>`) instead of replacing it (see the store). A game only ever removes the save when it is its own (same start and deal), so one
//! game finishing never drops another game's save. The functions taking a file name serve both
//! slots; the card game's keep their short names.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use super::fsio::{self, DirLock};
use super::record::{Play, SavedGame};

/// The saved card game's file name in the data folder.
pub const SAVE_FILE: &str = "saved-game.json";

pub fn path(data_dir: &Path) -> PathBuf {
    data_dir.join(SAVE_FILE)
}

/// Replaces the saved card game with `save`.
pub fn write(data_dir: &Path, save: &SavedGame) -> io::Result<()> {
    write_slot(data_dir, SAVE_FILE, &save.to_json())
}

/// The saved card game, if there is a readable one; a damaged one is moved aside through `warn`.
pub fn read(data_dir: &Path, warn: &mut dyn FnMut(String)) -> Option<SavedGame> {
    read_slot(data_dir, SAVE_FILE, "saved game", warn)
}

/// Removes the saved card game if it is `play`'s game; returns whether it did.
pub fn remove_if_same(data_dir: &Path, play: &Play) -> io::Result<bool> {
    remove_slot_if(data_dir, SAVE_FILE, |s: &SavedGame| s.play.same_game(play))
}

/// Replaces the save in file `name` with `json`.
pub fn write_slot(data_dir: &Path, name: &str, json: &str) -> io::Result<()> {
    let _lock = DirLock::acquire(data_dir)?;
    fsio::write_atomic(&data_dir.join(name), json.as_bytes())
}

/// The save in file `name` read as a `T` (`what` names it in messages).
pub fn read_slot<T: DeserializeOwned>(
    data_dir: &Path,
    name: &str,
    what: &str,
    warn: &mut dyn FnMut(String),
) -> Option<T> {
    let p = data_dir.join(name);
    if !p.exists() {
        return None;
    }
    super::read_checked::<T>(data_dir, &p, what, warn)
}

/// Removes the save in file `name` if `mine` says it is this game's; returns whether it did.
pub fn remove_slot_if<T: DeserializeOwned>(
    data_dir: &Path,
    name: &str,
    mine: impl Fn(&T) -> bool,
) -> io::Result<bool> {
    let p = data_dir.join(name);
    if !p.exists() {
        return Ok(false);
    }
    let _lock = DirLock::acquire(data_dir)?;
    let Ok(text) = crate::paths::read_text(&p) else {
        return Ok(false);
    };
    match super::record::decode::<T>(&text) {
        Ok(s) if mine(&s) => {
            fs::remove_file(&p)?;
            Ok(true)
        }
        _ => Ok(false),
    }
}
