//! The history index: one small summary per record, kept beside the records in
//! `games/.index.json`, so that `history`, `stats` and the best score at the end of a game read
//! one file instead of every record.
//!
//! A summary holds what a history row, the statistics and the best scores need (never the deck or
//! a solo game's moves). Each is tagged with the size and modification time (in nanoseconds) of
//! its record file. Loading lists `games/` (names and `stat`s only) and compares: a record that is
//! new or changed since the index was written is read and summed up, a summary whose record is
//! gone is dropped, and the index is written back when anything changed. So the index is never
//! trusted blindly: a missing, damaged or stale index costs reading the records it lacks, once.
//!
//! The index is only a cache. Records are never written through it, nothing breaks when two
//! processes write it at once (the last write wins, and the next load mends whatever it lacks),
//! and its name starts with a dot so that older versions, which read every `games/*.json`, never
//! take it for a record.

use std::collections::HashMap;
use std::fs;
use std::io;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::duel::DuelPlayer;
use super::entry::Entry;
use super::format::GameKind;
use super::history::GAMES_DIR;
use super::{fsio, saved};
use crate::cards::summary::Ending;
use crate::duel::DuelResult;
use crate::store::keeper::Deal;

/// The index's file name in `games/`.
pub(crate) const INDEX_FILE: &str = ".index.json";

/// The version of the index's layout; an index of another version is rebuilt.
const VERSION: u32 = 1;

/// What history shows of one finished game or duel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Summary {
    pub id: String,
    pub game: GameKind,
    /// When it ended (seconds since the epoch).
    pub ended: u64,
    pub rules: String,
    pub rules_hash: String,
    /// How a one-player game ended (a duel: see `result`).
    pub outcome: Ending,
    pub score: u64,
    /// Cards played (card game) or moves (classic).
    pub played: u64,
    pub highest: u64,
    pub duration_secs: u64,
    pub undos: u32,
    /// How it was dealt (a classic game's seed as a seed).
    pub deal: Deal,
    /// A classic board's side, else 0.
    pub size: u8,
    /// The game a duel was played at; else the same as `game`.
    pub of: GameKind,
    /// A duel's result (`None`: given up, or not a duel).
    pub result: Option<DuelResult>,
    /// A duel's players.
    #[serde(default)]
    pub players: Option<[DuelPlayer; 2]>,
}

impl Summary {
    /// The summary of a record.
    pub(crate) fn of(e: &Entry) -> Summary {
        match e {
            Entry::Cards(r) => Summary {
                id: r.id.clone(),
                game: GameKind::Cards,
                ended: r.ended,
                rules: r.play.rules.name.clone(),
                rules_hash: r.play.rules.hash.clone(),
                outcome: r.outcome,
                score: r.score,
                played: u64::from(r.cards_played),
                highest: r.highest,
                duration_secs: r.duration_secs,
                undos: r.play.undos,
                deal: r.play.deal.clone(),
                size: 0,
                of: GameKind::Cards,
                result: None,
                players: None,
            },
            Entry::Classic(r) => Summary {
                id: r.id.clone(),
                game: GameKind::Classic,
                ended: r.ended,
                rules: r.play.rules.name.clone(),
                rules_hash: r.play.rules.hash.clone(),
                outcome: r.outcome,
                score: r.score,
                played: r.move_count as u64,
                highest: r.highest,
                duration_secs: r.duration_secs,
                undos: r.play.undos,
                deal: Deal::Seed { seed: r.play.seed },
                size: r.play.size,
                of: GameKind::Classic,
                result: None,
                players: None,
            },
            Entry::Duel(r) => Summary {
                id: r.id.clone(),
                game: GameKind::Duel,
                ended: r.ended,
                rules: r.rules.name.clone(),
                rules_hash: r.rules.hash.clone(),
                outcome: Ending::Quit,
                score: r.players.iter().map(|p| p.score).max().unwrap_or(0),
                played: r.players.iter().map(|p| p.survived).sum(),
                highest: r.players.iter().map(|p| p.highest).max().unwrap_or(0),
                duration_secs: r.duration_secs,
                undos: 0,
                deal: r.deal.clone(),
                size: 0,
                of: r.of,
                result: r.result,
                players: Some(r.players.clone()),
            },
        }
    }

    /// The players' names of a duel.
    pub(crate) fn names(&self) -> [String; 2] {
        [0, 1].map(|i| {
            self.players
                .as_ref()
                .map(|p| p[i].name.clone())
                .unwrap_or_default()
        })
    }
}

/// A summary with the file it sums up.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Indexed {
    /// The record's file name without `.json`.
    pub file: String,
    len: u64,
    /// Modification time, nanoseconds since the epoch: also orders games that ended in the same
    /// second.
    mtime: u64,
    pub summary: Summary,
}

#[derive(Deserialize)]
struct IndexFile {
    version: u32,
    records: Vec<Indexed>,
}

/// [`IndexFile`] as written, borrowing the records.
#[derive(Serialize)]
struct IndexOut<'a> {
    version: u32,
    records: &'a [Indexed],
}

/// `(size, modification time in ns)` of a record file.
fn stamp(meta: &fs::Metadata) -> (u64, u64) {
    let mtime = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos() as u64);
    (meta.len(), mtime)
}

fn read_index(path: &Path) -> HashMap<String, Indexed> {
    let Ok(bytes) = fsio::read_file(path) else {
        return HashMap::new();
    };
    match serde_json::from_slice::<IndexFile>(&bytes) {
        Ok(f) if f.version == VERSION => {
            f.records.into_iter().map(|i| (i.file.clone(), i)).collect()
        }
        _ => HashMap::new(),
    }
}

/// Every record of history, summed up, newest first; the index is mended and, when `write` and
/// anything changed, written back. A file that is not a record is moved aside (see
/// [`super::read_entry`]), and a name that is not a regular file skipped, through `warn`.
pub(crate) fn load(data_dir: &Path, write: bool, warn: &mut dyn FnMut(String)) -> Vec<Indexed> {
    let games = data_dir.join(GAMES_DIR);
    let index_path = games.join(INDEX_FILE);
    let Some(entries) = super::history::listing(data_dir, warn) else {
        return Vec::new();
    };
    let mut old = read_index(&index_path);
    let mut changed = false;
    let mut all = Vec::with_capacity(old.len());
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(file) = name.to_str().and_then(|n| n.strip_suffix(".json")) else {
            continue;
        };
        if file.starts_with('.') {
            continue;
        }
        if let Err(what) = fsio::regular_entry(&e) {
            warn(saved::skipped(&e.path(), what));
            continue;
        }
        let Ok((len, mtime)) = e.metadata().map(|m| stamp(&m)) else {
            continue;
        };
        if let Some(i) = old.remove(file)
            && i.len == len
            && i.mtime == mtime
        {
            all.push(i);
            continue;
        }
        changed = true;
        if let Some(entry) = super::read_entry(data_dir, &e.path(), warn) {
            all.push(Indexed {
                file: file.to_string(),
                len,
                mtime,
                summary: Summary::of(&entry),
            });
        }
    }
    changed |= !old.is_empty();
    if changed && write {
        // A cache: failing to write it costs reading those records again next time.
        let _ = write_index(data_dir, &index_path, &all);
    }
    all.sort_by(|a, b| {
        let key = |i: &Indexed| (i.summary.ended, i.mtime, i.summary.id.clone());
        key(b).cmp(&key(a))
    });
    all
}

fn write_index(data_dir: &Path, path: &Path, records: &[Indexed]) -> io::Result<()> {
    let file = IndexOut {
        version: VERSION,
        records,
    };
    let json = serde_json::to_vec(&file).map_err(io::Error::other)?;
    let _lock = fsio::DirLock::acquire(data_dir)?;
    fsio::write_atomic(path, &json)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::cards::engine::{Game, Move};
    use crate::cards::rules::Rules;
    use crate::store::history;
    use crate::store::keeper::GameMeta;
    use crate::store::record::Record;

    fn record(dir: &Path, seed: u64, id: &str) -> std::path::PathBuf {
        let mut g = Game::with_seed(Arc::new(Rules::default_rules()), seed);
        g.play(Move::Place(0)).unwrap();
        let meta = GameMeta {
            deal: Deal::Seed { seed },
            started: 1_796_070_830,
        };
        let r = Record::of(&g, &meta, Ending::Quit, 1_796_070_900, id.to_string());
        assert!(history::add(dir, &r).unwrap());
        assert!(!history::add(dir, &r).unwrap(), "a game is recorded once");
        dir.join(GAMES_DIR).join(format!("{id}.json"))
    }

    fn ids(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = load(dir, true, &mut |m| panic!("{m}"))
            .into_iter()
            .map(|i| format!("{} {}", i.summary.id, i.summary.score))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn the_index_follows_the_records_it_sums_up() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let a = record(d, 1, "a");
        record(d, 2, "b");
        assert_eq!(ids(d), ["a 0", "b 0"]);
        assert!(d.join(GAMES_DIR).join(INDEX_FILE).is_file());
        // A record edited by hand, one removed, one added: each is seen.
        let text = fs::read_to_string(&a).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        fs::write(&a, text.replace("\"score\": 0", "\"score\": 77")).unwrap();
        fs::remove_file(d.join(GAMES_DIR).join("b.json")).unwrap();
        record(d, 3, "c");
        assert_eq!(ids(d), ["a 77", "c 0"]);
        // A damaged index is rebuilt from the records.
        fs::write(d.join(GAMES_DIR).join(INDEX_FILE), "{").unwrap();
        assert_eq!(ids(d), ["a 77", "c 0"]);
        let index = fs::read_to_string(d.join(GAMES_DIR).join(INDEX_FILE)).unwrap();
        assert!(index.contains("\"file\":\"c\""), "{index}");
    }
}
