//! History: every finished game, one JSON file per game in `<data dir>/games/`.
//!
//! Why one file per game rather than one history file or an append log: the requirement is that
//! several processes finishing at once are each recorded exactly once, and that a damaged file
//! costs as little as possible. With one file per game a record is written once, atomically, under
//! a name no other game can take (the final rename refuses to replace an existing file). No writer
//! ever reads, changes and rewrites what another wrote, so there is no lost update to guard
//! against, and a corrupt file loses one game instead of all of them. The file is named by the
//! game's id, given at its first move (see [`super::saved`]): writing the record of a game that
//! is already recorded finds its name taken and writes nothing, so a game is recorded once even
//! when the process recording it is killed before it removes the save. Writes still hold the
//! folder lock (see [`super::fsio`]) so that moving a damaged file aside never races a writer.
//!
//! Card games, classic games and duels share the folder; each file says which it is (see
//! [`super::record`]).
//!
//! Listing history, stats and best scores do not read every file: they read the small index kept
//! beside the records ([`super::index`]), which is mended from the files that are new or changed.

use std::fs;
use std::io;
use std::path::Path;
#[cfg(test)]
use std::path::PathBuf;

#[cfg(test)]
use super::entry::Entry;
use super::format::Recorded;
use super::fsio::{self, DirLock};

/// The folder, inside the data folder, that holds one file per finished game.
pub(crate) const GAMES_DIR: &str = "games";

/// Writes `record` (of any game, its id set) as `games/<id>.json`. Returns `false`, writing
/// nothing, when that file is there already: the game was recorded before (see
/// [`super::saved`]), and recording it again would count it twice.
pub(crate) fn add<R: Recorded>(data_dir: &Path, record: &R) -> io::Result<bool> {
    let games = data_dir.join(GAMES_DIR);
    fs::create_dir_all(&games)?;
    let _lock = DirLock::acquire(data_dir)?;
    let path = games.join(format!("{}.json", record.id()));
    match fsio::create_atomic(&path, super::format::to_json(record).as_bytes()) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(false),
        Err(e) => Err(e),
    }
}

/// Whether the game `id` is recorded in history.
pub(crate) fn recorded(data_dir: &Path, id: &str) -> bool {
    fs::symlink_metadata(data_dir.join(GAMES_DIR).join(format!("{id}.json"))).is_ok()
}

/// The listing of `games/`; `None` when there is none (reported through `warn` unless the
/// folder is just not there yet).
pub(crate) fn listing(data_dir: &Path, warn: &mut dyn FnMut(String)) -> Option<fs::ReadDir> {
    let games = data_dir.join(GAMES_DIR);
    match fs::read_dir(&games) {
        Ok(e) => Some(e),
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
            ) =>
        {
            None
        }
        Err(e) => {
            warn(format!(
                "cannot read the history folder {}: {e}",
                games.display()
            ));
            None
        }
    }
}

/// Every readable card-game record, newest first (see [`load_all`]).
#[cfg(test)]
pub(crate) fn load(data_dir: &Path, warn: &mut dyn FnMut(String)) -> Vec<super::record::Record> {
    load_all(data_dir, warn)
        .into_iter()
        .filter_map(|e| match e {
            Entry::Cards(r) => Some(r),
            _ => None,
        })
        .collect()
}

/// Every readable record of any game, newest first, read file by file (the commands read the
/// index instead, see [`super::index`]). A file that is not a record is moved aside and
/// reported through `warn`.
#[cfg(test)]
pub(crate) fn load_all(data_dir: &Path, warn: &mut dyn FnMut(String)) -> Vec<Entry> {
    let Some(entries) = listing(data_dir, warn) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.ends_with(".json") && !n.starts_with('.'))
        })
        .collect();
    paths.sort();
    let mut records: Vec<Entry> = paths
        .iter()
        .filter_map(|p| super::read_entry(data_dir, p, warn))
        .collect();
    records.sort_by(|a, b| (b.ended(), b.id()).cmp(&(a.ended(), a.id())));
    records
}
