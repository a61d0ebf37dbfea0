//! The saved games in progress: `<data dir>/saved-game.json` for the card game and
//! `<data dir>/saved-classic.json` for classic 2048, each rewritten after every move.
//!
//! One slot per game, because each game offers one thing to resume; two slots so that starting
//! one game never loses the other's. Each save replaces its file atomically under the folder
//! lock, so a process killed at any instant leaves the previous move's save or this one's, never
//! a torn file: a SIGKILL loses at most the move being made.
//!
//! Several processes may play at once (scripts, bots, two terminals). A save never replaces
//! another game's: when the slot file holds a different game, this game's save goes to an overflow
//! file beside it (`saved-game-<time>.json`), so two games at once both keep their progress.
//! Resuming takes the newest save; the other stays until it is resumed in turn. A game only ever
//! removes its own save (same start and deal), so one game finishing never drops another's.
//! The functions taking a file name serve both games; the card game's keep their short names.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use super::fsio::{self, DirLock};
use super::record::{Play, SavedGame};

/// The saved card game's file name in the data folder.
pub(crate) const SAVE_FILE: &str = "saved-game.json";

#[cfg(test)]
pub(crate) fn path(data_dir: &Path) -> PathBuf {
    data_dir.join(SAVE_FILE)
}

/// Replaces the saved card game with `save`.
pub(crate) fn write(data_dir: &Path, save: &SavedGame) -> io::Result<()> {
    write_slot(data_dir, SAVE_FILE, &save.to_json(), |s: &SavedGame| {
        s.play.same_game(&save.play)
    })
}

/// Removes the saved card game if it is `play`'s game; returns whether it did.
pub(crate) fn remove_if_same(data_dir: &Path, play: &Play) -> io::Result<bool> {
    remove_slot_if(data_dir, SAVE_FILE, |s: &SavedGame| s.play.same_game(play))
}

/// The files that may hold saves of the slot `name`: the slot itself first, then its overflow
/// files (`<stem>-<anything>.json`), newest first.
fn slot_files(data_dir: &Path, name: &str) -> Vec<PathBuf> {
    let stem = name.trim_end_matches(".json");
    let prefix = format!("{stem}-");
    let mut overflow: Vec<(std::time::SystemTime, PathBuf)> = fs::read_dir(data_dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| {
            let f = e.file_name();
            let f = f.to_string_lossy();
            f.starts_with(&prefix) && f.ends_with(".json")
        })
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| {
            let when = e
                .metadata()
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH);
            (when, e.path())
        })
        .collect();
    overflow.sort_by(|a, b| b.cmp(a));
    let slot = data_dir.join(name);
    let mut files: Vec<PathBuf> = slot.is_file().then_some(slot).into_iter().collect();
    files.extend(overflow.into_iter().map(|(_, p)| p));
    files
}

/// Whether the file holds a save that `mine` accepts; `None` when it cannot be read as one.
fn holds<T: DeserializeOwned>(path: &Path, mine: &impl Fn(&T) -> bool) -> Option<bool> {
    let text = crate::config::paths::read_text(path).ok()?;
    super::format::decode::<T>(&text).ok().map(|s| mine(&s))
}

/// Saves `json`, the game `mine` recognises: over its own earlier save, else in the slot `name`
/// when that is free, else in a new overflow file (the slot holds another game's save).
pub(crate) fn write_slot<T: DeserializeOwned>(
    data_dir: &Path,
    name: &str,
    json: &str,
    mine: impl Fn(&T) -> bool,
) -> io::Result<()> {
    let _lock = DirLock::acquire(data_dir)?;
    let files = slot_files(data_dir, name);
    let own = files
        .iter()
        .find(|p| holds(p, &mine) == Some(true))
        .cloned();
    let slot = data_dir.join(name);
    let target = match own {
        Some(p) => p,
        // A slot that does not read as a save (damaged) is replaced, as before.
        None if holds(&slot, &mine).is_none() => slot,
        None => {
            let stem = name.trim_end_matches(".json");
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos());
            data_dir.join(format!("{stem}-{nanos}-{}.json", std::process::id()))
        }
    };
    fsio::write_atomic(&target, json.as_bytes())
}

/// The newest save of the slot `name` that reads as a `T` (`what` names it in messages), with
/// its file. Damaged files are moved aside through `warn` and the next one is tried.
pub(crate) fn read_slot<T: DeserializeOwned>(
    data_dir: &Path,
    name: &str,
    what: &str,
    warn: &mut dyn FnMut(String),
) -> Option<(PathBuf, T)> {
    let mut files = slot_files(data_dir, name);
    // Newest first, the slot included: the game a player left last is the one to offer.
    files.sort_by_key(|p| std::cmp::Reverse(fs::metadata(p).and_then(|m| m.modified()).ok()));
    files
        .into_iter()
        .find_map(|p| super::read_checked::<T>(data_dir, &p, what, warn).map(|s| (p, s)))
}

/// Removes every save of the slot `name` that `mine` says is this game's; returns whether it
/// removed one.
pub(crate) fn remove_slot_if<T: DeserializeOwned>(
    data_dir: &Path,
    name: &str,
    mine: impl Fn(&T) -> bool,
) -> io::Result<bool> {
    let _lock = DirLock::acquire(data_dir)?;
    let mut removed = false;
    for p in slot_files(data_dir, name) {
        if holds(&p, &mine) == Some(true) {
            fs::remove_file(&p)?;
            removed = true;
        }
    }
    Ok(removed)
}
