//! The saved game in progress: a single `<data dir>/saved-game.json`, rewritten after every move.
//!
//! One slot, because the game offers one thing to resume. Each save replaces the file atomically
//! under the folder lock, so a process killed at any instant leaves the previous move's save or
//! this one's, never a torn file: a SIGKILL loses at most the move being made.
//!
//! Several processes may play at once (scripts, bots, two terminals); the file then holds the
//! last one saved. A game only ever removes the save when it is its own (same start, deal and
//! deck), so one game finishing never drops another game's save.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::fsio::{self, DirLock};
use super::record::{Play, SavedGame};

/// The saved game's file name in the data folder.
pub const SAVE_FILE: &str = "saved-game.json";

pub fn path(data_dir: &Path) -> PathBuf {
    data_dir.join(SAVE_FILE)
}

/// Replaces the saved game with `save`.
pub fn write(data_dir: &Path, save: &SavedGame) -> io::Result<()> {
    let _lock = DirLock::acquire(data_dir)?;
    fsio::write_atomic(&path(data_dir), save.to_json().as_bytes())
}

/// The saved game, if there is a readable one; a damaged one is moved aside through `warn`.
pub fn read(data_dir: &Path, warn: &mut dyn FnMut(String)) -> Option<SavedGame> {
    let p = path(data_dir);
    if !p.exists() {
        return None;
    }
    super::read_checked::<SavedGame>(data_dir, &p, "saved game", warn)
}

/// Removes the saved game if it is `play`'s game; returns whether it did.
pub fn remove_if_same(data_dir: &Path, play: &Play) -> io::Result<bool> {
    let p = path(data_dir);
    if !p.exists() {
        return Ok(false);
    }
    let _lock = DirLock::acquire(data_dir)?;
    let Ok(text) = fs::read_to_string(&p) else {
        return Ok(false);
    };
    match super::record::decode::<SavedGame>(&text) {
        Ok(s) if s.play.same_game(play) => {
            fs::remove_file(&p)?;
            Ok(true)
        }
        _ => Ok(false),
    }
}
