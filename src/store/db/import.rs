//! The data folder of older versions, imported into the database at the first start.
//!
//! Before the database, every record was a JSON file in `games/` (with a summary index,
//! `games/.index.json`), every save one in `saves/`, and older versions still kept one save per
//! game in `saved-game*.json` and `saved-classic*.json`. When any of these is found, all of them
//! are read and added in one transaction: every card, classic and duel record with its id (so a
//! game is never recorded twice, and the daily streaks and bests, which follow from the records,
//! come along), and every save. A save whose game is recorded already is not taken (a process was
//! killed between writing the record and removing the save), nor an old slot whose game is also
//! in `saves/` (killed between moving it there and removing the slot).
//!
//! The same path takes in a record the database could not take when its game ended (another
//! program held the database locked): it is written as `games/<id>.json` ([`keep_pending`]) and
//! added, with its save removed, at the next start.
//!
//! Then the old files are moved, never deleted, to `json-store-<time>/` beside the database, and
//! the player is told once what was imported and where the files went: the next start finds
//! nothing to import. A file that cannot be read (damaged, from a newer version, not a regular
//! file) is not imported; it goes with the others and the message names it. A killed import
//! leaves the files where they were, and saves without an id of their own get one from their
//! name and start, so importing again adds nothing twice.

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};

use rusqlite::Connection;

use super::history;
use super::saves::{self, Saved};
use crate::cards::text::escape_controls;
use crate::store::files::entry::{self, Entry};
use crate::utc;

/// The folders and file-name beginnings of the old JSON store, in the data folder.
const FOLDERS: [&str; 2] = ["games", "saves"];
const SLOTS: [&str; 2] = ["saved-game", "saved-classic"];
const LOCK: &str = "lock";

/// The one function the import reads a file with: the program's careful reader (a regular file
/// within the size limit, never a FIFO, and no link: others may write to the data folder).
fn read_text(path: &Path) -> Result<String, String> {
    crate::fsread::read_text(
        path,
        crate::fsread::Links::Refuse,
        crate::config::paths::MAX_FILE_BYTES,
    )
    .map_err(|e| e.reason())
}

/// What is in the folder of the old store.
struct Found {
    /// Every name to move aside, relative to the data folder.
    names: Vec<OsString>,
    records: Vec<(PathBuf, Entry)>,
    saves: Vec<(PathBuf, Saved, bool)>,
    unreadable: Vec<String>,
}

fn is_json(name: &OsString) -> bool {
    let b = name.as_encoded_bytes();
    b.ends_with(b".json") && !b.starts_with(b".")
}

/// A name for messages: lossy where it is not UTF-8, control characters escaped.
fn shown(path: &Path) -> String {
    escape_controls(&path.display().to_string())
}

fn look(dir: &Path) -> Found {
    let mut found = Found {
        names: Vec::new(),
        records: Vec::new(),
        saves: Vec::new(),
        unreadable: Vec::new(),
    };
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
    let mut read = |path: PathBuf, record: bool, legacy: bool| {
        let text = read_text(&path);
        let r = text.and_then(|t| {
            if record {
                entry::decode_entry(&t)
                    .map(|e| (Some(e), None))
                    .map_err(|e| e.to_string())
            } else {
                Saved::decode(&t)
                    .map(|s| (None, Some(s)))
                    .map_err(|e| e.to_string())
            }
        });
        match r {
            Ok((Some(e), _)) => found.records.push((path, e)),
            Ok((_, Some(s))) => match s.rebuild() {
                Ok(_) => found.saves.push((path, s, legacy)),
                Err(why) => found.unreadable.push(format!("{} ({why})", shown(&path))),
            },
            Ok(_) => {}
            Err(why) => found.unreadable.push(format!("{} ({why})", shown(&path))),
        }
    };
    for (folder, record) in [("games", true), ("saves", false)] {
        let Ok(list) = fs::read_dir(dir.join(folder)) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = list
            .flatten()
            .filter(|e| is_json(&e.file_name()))
            .map(|e| e.path())
            .collect();
        paths.sort();
        for p in paths {
            read(p, record, false);
        }
    }
    slots.sort();
    for p in slots {
        read(p, false, true);
    }
    found
}

/// A stable id for a save of an older version that has none: its start and a hash of its file
/// name, so a second import of the same file gives the same id.
fn legacy_id(path: &Path, started: u64) -> String {
    let name = path
        .file_name()
        .map(|n| n.as_encoded_bytes().to_vec())
        .unwrap_or_default();
    format!(
        "{}-{:08x}",
        utc::compact(started),
        crate::cards::fnv1a(name) as u32
    )
}

/// Writes `record` where the next start imports it (`games/<id>.json`, as the JSON store kept
/// it): the record of a game whose end the database could not take (it was locked by another
/// program, say). The path written.
pub(crate) fn keep_pending(dir: &Path, record: &Entry) -> std::io::Result<PathBuf> {
    let games = dir.join("games");
    fs::create_dir_all(&games)?;
    let path = games.join(format!("{}.json", record.id()));
    let text = crate::store::files::format::to_json(record);
    crate::fsread::write_atomic(&path, text.as_bytes())?;
    Ok(path)
}

/// Imports the old JSON store of `dir`, if there is one; what to tell the player.
pub(crate) fn run(conn: &mut Connection, dir: &Path) -> Vec<String> {
    let found = look(dir);
    // Empty folders or a lone lock file hold no game: nothing to import, nothing to say.
    if found.records.is_empty() && found.saves.is_empty() && found.unreadable.is_empty() {
        return Vec::new();
    }
    let counts = match add_all(conn, &found) {
        Ok(c) => c,
        Err(e) => {
            return vec![format!(
                "the games of an older new2048 in {} could not be imported ({e}); they are left \
                 where they are and importing is tried again at the next start",
                shown(dir)
            )];
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
    let count = |n: usize, what: &str| crate::store::daily::count(n as u32, what);
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
    vec![note]
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
        records += usize::from(history::add(&tx, &e, false)?);
        // A game recorded is saved no more (a record kept for the next start, a save behind it).
        saves::remove(&tx, e.id())?;
    }
    let mut keys = std::collections::HashSet::new();
    let mut saved = 0;
    for (path, save, legacy) in &found.saves {
        let id = if save.id().is_empty() {
            legacy_id(path, save.started())
        } else {
            save.id().to_string()
        };
        if history::recorded(&tx, &id)? {
            continue;
        }
        let Ok(game) = save.rebuild() else {
            continue;
        };
        let view = game.view();
        // An old slot whose game was moved into saves/ already is the same game: kept once.
        if !keys.insert(view.key()) && *legacy {
            continue;
        }
        if saves::write_in(
            &tx,
            &id,
            view,
            save.saved_at(),
            true,
            &crate::store::ongoing::Moves::default(),
        )?
        .is_some()
        {
            saved += 1;
        }
    }
    tx.commit()?;
    Ok((records, saved))
}
