//! Saved games: every interrupted game, of any mode, is a file of its own in
//! `<data dir>/saves/<id>.json`, rewritten after every move.
//!
//! - **One file per game, named by its id.** A game gets its id at its first move, when its save
//!   is first written ([`new_id`]: the start time and 32 random bits), keeps it in its save and
//!   takes it into history: the record is `games/<id>.json`. So the same game is never recorded
//!   twice: a record is created only where no file has that name, and a save whose id is already
//!   recorded (a process killed between writing the record and removing the save) is removed,
//!   not resumed.
//! - **Claimed while played.** The process playing a save holds a lock on it ([`super::claim`]);
//!   another process neither lists, resumes nor deletes it, and says it is open in another window.
//! - **Any mode.** A file says which game it holds with its `game` field, as history does: a card
//!   game (no `game` field, format 1 as before), a classic game, or a duel (the duel's record as
//!   it stands, with no result yet).
//! - **Older saves.** Before saves were a list there was one slot per game, `saved-game.json` and
//!   `saved-classic.json`, with overflow files `saved-game-<time>.json` beside them. They are listed
//!   where they are, under their file name as id, and moved into `saves/` under a new id when
//!   resumed: nothing saved by an older new2048 is lost or hidden.
//!
//! Anything in these places that is not a regular file is skipped, never opened for reading.

use std::fs;
use std::path::{Path, PathBuf};

use rand::RngExt;

use super::classic::SavedClassic;
use super::duel::DuelRecord;
use super::format::{GameKind, RecordError, checked, from_value, kind_of};
use super::fsio;
use super::record::SavedGame;
use super::utc;

/// The folder, inside the data folder, that holds one file per saved game.
pub(crate) const SAVES_DIR: &str = "saves";

/// The names (without `.json`) of the save slots older versions kept in the data folder.
const LEGACY: [&str; 2] = ["saved-game", "saved-classic"];

/// One saved game as its file holds it.
#[derive(Clone, Debug)]
pub(crate) enum Saved {
    Cards(SavedGame),
    Classic(SavedClassic),
    /// A duel in progress: its record so far (no result, `ended` is when it was saved).
    Duel(DuelRecord),
}

impl Saved {
    /// The game's id as the file says it (empty in saves of older versions).
    pub(crate) fn id(&self) -> &str {
        match self {
            Saved::Cards(s) => &s.id,
            Saved::Classic(s) => &s.id,
            Saved::Duel(d) => &d.id,
        }
    }

    pub(crate) fn set_id(&mut self, id: String) {
        match self {
            Saved::Cards(s) => s.id = id,
            Saved::Classic(s) => s.id = id,
            Saved::Duel(d) => d.id = id,
        }
    }

    /// When the game started (seconds since the epoch).
    pub(crate) fn started(&self) -> u64 {
        match self {
            Saved::Cards(s) => s.play.started,
            Saved::Classic(s) => s.play.started,
            Saved::Duel(d) => d.started,
        }
    }

    pub(crate) fn to_json(&self) -> String {
        match self {
            Saved::Cards(s) => s.to_json(),
            Saved::Classic(s) => s.to_json(),
            Saved::Duel(d) => super::format::to_json(d),
        }
    }

    /// When the game was last saved (seconds since the epoch).
    pub(crate) fn saved_at(&self) -> u64 {
        match self {
            Saved::Cards(s) => s.saved,
            Saved::Classic(s) => s.saved,
            Saved::Duel(d) => d.ended,
        }
    }
}

/// Reads a save file of any mode, checking its `format` first.
pub(crate) fn decode(text: &str) -> Result<Saved, RecordError> {
    let value = checked(text)?;
    Ok(match kind_of(&value)? {
        GameKind::Cards => Saved::Cards(from_value(value)?),
        GameKind::Classic => Saved::Classic(from_value(value)?),
        GameKind::Duel => Saved::Duel(from_value(value)?),
    })
}

/// A fresh game id: the start time (`20261201T075600Z`) and 32 random bits in hex.
pub(crate) fn new_id(started: u64) -> String {
    format!(
        "{}-{:08x}",
        utc::compact(started),
        rand::rng().random::<u32>()
    )
}

/// Whether `id` could name a save: letters, digits and `-` only, so that an id given by a player
/// never names a file outside the folder.
pub(crate) fn valid_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 100 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// Whether `id` is the file name of a save an older new2048 wrote (kept in the data folder).
pub(crate) fn is_legacy(id: &str) -> bool {
    LEGACY
        .iter()
        .any(|l| id == *l || id.strip_prefix(l).is_some_and(|r| r.starts_with('-')))
}

/// The file of the save `id` (a valid one).
pub(crate) fn path_of(data_dir: &Path, id: &str) -> PathBuf {
    let name = format!("{id}.json");
    if is_legacy(id) {
        data_dir.join(name)
    } else {
        data_dir.join(SAVES_DIR).join(name)
    }
}

/// Every save file, as `(id, path)`: those in `saves/` and those older versions left in the data
/// folder. A name that is not a regular file is reported through `warn` and skipped.
pub(crate) fn files(data_dir: &Path, warn: &mut dyn FnMut(String)) -> Vec<(String, PathBuf)> {
    let mut found = Vec::new();
    for (folder, legacy) in [
        (data_dir.join(SAVES_DIR), false),
        (data_dir.to_path_buf(), true),
    ] {
        let Ok(entries) = fs::read_dir(&folder) else {
            continue;
        };
        for e in entries.flatten() {
            let name = e.file_name();
            let Some(id) = name.to_str().and_then(|n| n.strip_suffix(".json")) else {
                continue;
            };
            if id.starts_with('.') || !valid_id(id) || is_legacy(id) != legacy {
                continue;
            }
            if let Err(what) = fsio::regular_entry(&e) {
                warn(skipped(&e.path(), what));
                continue;
            }
            found.push((id.to_string(), e.path()));
        }
    }
    found
}

/// The message for a name in the data folder that is skipped because it is not a regular file.
pub(crate) fn skipped(path: &Path, what: &str) -> String {
    format!(
        "{} is {what}, not a regular file: it is skipped (never opened). Remove it to silence \
         this warning.",
        path.display()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_their_files() {
        let id = new_id(1_796_070_830);
        assert!(valid_id(&id), "{id}");
        assert!(!is_legacy(&id));
        assert_ne!(id, new_id(1_796_070_830));
        for bad in ["", "../x", "a/b", "a.json", "a b"] {
            assert!(!valid_id(bad), "{bad}");
        }
        assert!(is_legacy("saved-game") && is_legacy("saved-classic-123-4"));
        assert!(!is_legacy("saved-gamex"));
        let d = Path::new("/d");
        assert_eq!(path_of(d, "saved-game"), Path::new("/d/saved-game.json"));
        assert_eq!(path_of(d, "x-1"), Path::new("/d/saves/x-1.json"));
    }
}
