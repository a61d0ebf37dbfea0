//! The data folder of older versions, imported in one transaction at the first start: every
//! record of `games/` with its id (so nothing is recorded twice, and the daily streaks and bests
//! come along), every save of `saves/` and of the older slots (`saved-game*.json`,
//! `saved-classic*.json`), each held to the names, dates and scores a game played here has (see
//! [`crate::record::limits`]), but no save whose game is recorded (a kill between the two
//! writes) and no slot whose game is in `saves/` too. A record the database could not take is
//! kept the same way ([`keep_pending`]). The old files are then moved, never deleted, to
//! `json-store-<time>/`, unreadable ones named; a killed import leaves them in place, and
//! importing again adds nothing twice.

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};

use rusqlite::Connection;

use super::history;
use super::saves::{self, Saved};
use crate::base::utc;
use crate::base::visible::escape;
use crate::record::{Entry, Within};
use crate::store::api::Resumed;

/// The folders and file-name beginnings of the old JSON store, in the data folder.
const FOLDERS: [&str; 2] = ["games", "saves"];
const SLOTS: [&str; 2] = ["saved-game", "saved-classic"];
const LOCK: &str = "lock";

/// What is in the folder of the old store.
#[derive(Default)]
struct Found {
    /// Every name to move aside, relative to the data folder.
    names: Vec<OsString>,
    records: Vec<(PathBuf, Entry)>,
    /// Each save with its game rebuilt, and whether it is an old slot.
    saves: Vec<(PathBuf, Saved, Resumed, bool)>,
    unreadable: Vec<String>,
}

fn is_json(name: &OsString) -> bool {
    let b = name.as_encoded_bytes();
    b.ends_with(b".json") && !b.starts_with(b".")
}

/// A name for messages: lossy where it is not UTF-8, control characters escaped.
fn shown(path: &Path) -> String {
    escape(&path.display().to_string())
}

fn look(dir: &Path) -> Found {
    let mut found = Found::default();
    let Ok(top) = fs::read_dir(dir) else {
        return found;
    };
    let mut slots = Vec::new();
    for e in top.flatten() {
        let name = e.file_name();
        let text = name.to_string_lossy();
        let folder = FOLDERS.contains(&text.as_ref()) && e.path().is_dir();
        let slot = SLOTS.iter().any(|s| text.starts_with(s)) && text.contains(".json");
        if folder || slot || text == LOCK {
            found.names.push(name.clone());
        }
        if slot && is_json(&name) {
            slots.push(e.path());
        }
    }
    slots.sort();
    let json_in = |folder: &str| {
        let list = fs::read_dir(dir.join(folder))
            .into_iter()
            .flatten()
            .flatten();
        let mut paths: Vec<PathBuf> = list
            .filter(|e| is_json(&e.file_name()))
            .map(|e| e.path())
            .collect();
        paths.sort();
        paths
    };
    // The program's careful reader: a regular file within the size limit, never a FIFO, and no
    // link (others may write to the data folder).
    let read = |path: &Path| {
        let limit = crate::config::paths::MAX_FILE_BYTES;
        crate::base::fsread::read_text(path, crate::base::fsread::Links::Refuse, limit)
            .map_err(|e| e.reason())
    };
    let mut unreadable = Vec::new();
    let mut refused = |path: &Path, why: String| {
        unreadable.push(format!("{} ({why})", shown(path)));
    };
    // An id names files: one not of the program's form is refused with its file.
    let id_ok = |id: &str| {
        if id.is_empty() {
            Ok(())
        } else {
            super::id::checked(id).map(drop).map_err(|e| e.to_string())
        }
    };
    // A document is held to the limits of a game played here (names, dates, scores: see
    // `record::limits`), as a restored row is.
    let now = utc::now();
    for path in json_in("games") {
        let entry = read(&path).and_then(|t| Entry::decode(&t).map_err(|e| e.to_string()));
        match entry.and_then(|e| id_ok(e.id()).and_then(|()| e.within(now)).map(|()| e)) {
            Ok(e) => found.records.push((path, e)),
            Err(why) => refused(&path, why),
        }
    }
    let all_saves = json_in("saves").into_iter().map(|p| (p, false));
    for (path, slot) in all_saves.chain(slots.into_iter().map(|p| (p, true))) {
        let save = read(&path)
            .and_then(|t| Saved::decode(&t).map_err(|e| e.to_string()))
            .and_then(|s| {
                id_ok(s.id_saved().0)
                    .and_then(|()| s.within(now))
                    .map(|()| s)
            });
        match save.and_then(|s| Ok((s.rebuild().map_err(|e| e.to_string())?, s))) {
            Ok((game, s)) => found.saves.push((path, s, game, slot)),
            Err(why) => refused(&path, why),
        }
    }
    found.unreadable = unreadable;
    found
}

/// A stable id for a save of an older version that has none: its start and a hash of its file
/// name, so a second import of the same file gives the same id.
fn legacy_id(path: &Path, started: u64) -> String {
    let name = path
        .file_name()
        .map(|n| n.as_encoded_bytes().to_vec())
        .unwrap_or_default();
    super::id::make(started, crate::cards::fnv1a(name) as u32)
}

/// Writes `record` where the next start imports it (`games/<id>.json`, as the JSON store kept
/// it): the record of a game whose end the database could not take (it was locked by another
/// program, say). The path written.
pub(crate) fn keep_pending(dir: &Path, record: &Entry) -> std::io::Result<PathBuf> {
    let id = super::id::checked(record.id()).map_err(std::io::Error::other)?;
    let games = dir.join("games");
    crate::base::fsread::own_folder(&games)?;
    let path = games.join(format!("{id}.json"));
    let text = crate::record::format::to_json(record);
    crate::base::fsread::write_atomic(&path, text.as_bytes())?;
    Ok(path)
}

/// Imports the JSON files of `dir` (an older version's store, or records kept when the
/// database could not take them), if there are any; what to tell the player. `Err` when the
/// database turned out damaged on writing them: the caller moves it aside and imports again.
pub(crate) fn run(conn: &mut Connection, dir: &Path) -> Result<Vec<String>, rusqlite::Error> {
    let found = look(dir);
    // Empty folders or a lone lock file hold no game: nothing to import, nothing to say.
    if found.records.is_empty() && found.saves.is_empty() && found.unreadable.is_empty() {
        return Ok(Vec::new());
    }
    let counts = match add_all(conn, &found) {
        Ok(c) => c,
        Err(e) if super::schema::is_damage(&e) => return Err(e),
        Err(e) => {
            return Ok(vec![format!(
                "the game files in {} (records kept when the database could not take them, or \
                 an older new2048's games) could not be imported ({e}); they are left where \
                 they are and importing is tried again at the next start",
                shown(dir)
            )]);
        }
    };
    let aside = dir.join(format!("json-store-{}", utc::compact(utc::now())));
    let moved = fs::create_dir_all(&aside)
        .map_err(|e| e.to_string())
        .and_then(|()| {
            for name in &found.names {
                fs::rename(dir.join(name), aside.join(name)).map_err(|e| e.to_string())?;
            }
            Ok(())
        });
    let count = |n: usize, what: &str| crate::cards::text::count(n as u32, what);
    let mut note = format!(
        "imported {} and {} from the JSON files in the data folder (an older new2048's, or a \
         record kept when the database could not be written)",
        count(counts.0, "recorded game"),
        count(counts.1, "saved game")
    );
    if !found.unreadable.is_empty() {
        note.push_str(&format!(
            "; {} could not be read and {} not imported: {}",
            count(found.unreadable.len(), "file"),
            if found.unreadable.len() == 1 {
                "was"
            } else {
                "were"
            },
            found.unreadable.join(", ")
        ));
    }
    match moved {
        Ok(()) => note.push_str(&format!(
            ". The old files were moved to {} (nothing was deleted).",
            shown(&aside)
        )),
        Err(e) => note.push_str(&format!(
            ". The old files could not all be moved to {} ({e}); importing them again adds \
             nothing twice.",
            shown(&aside)
        )),
    }
    Ok(vec![note])
}

/// Adds every record and save found, in one transaction: how many of each were new.
fn add_all(conn: &mut Connection, found: &Found) -> rusqlite::Result<(usize, usize)> {
    let tx = super::schema::begin(conn)?;
    let mut records = 0;
    for (path, e) in &found.records {
        let mut e = e.clone();
        let id = match &mut e {
            Entry::Cards(r) => &mut r.id,
            Entry::Classic(r) => &mut r.id,
            Entry::Duel(r) => &mut r.id,
        };
        if id.is_empty() {
            *id = legacy_id(path, 0);
        }
        records += usize::from(history::add(&tx, &e, None)?);
        // A game recorded is saved no more (a record kept for the next start, a save behind it).
        saves::remove(&tx, e.id())?;
    }
    let mut keys = std::collections::HashSet::new();
    let mut saved = 0;
    for (path, save, game, slot) in &found.saves {
        let (view, (id, saved_at)) = (game.view(), save.id_saved());
        let id = if id.is_empty() {
            legacy_id(path, view.started())
        } else {
            id.to_string()
        };
        // A game recorded is not saved too; an old slot whose game is in saves/ is kept once.
        if history::recorded(&tx, &id)? || (!keys.insert(view.key()) && *slot) {
            continue;
        }
        let none = crate::store::api::Moves::default();
        if saves::write_in(&tx, &id, &*view, saved_at, true, &none)?.is_some() {
            saved += 1;
        }
    }
    tx.commit()?;
    Ok((records, saved))
}
