//! What of a damaged database still reads, copied into a new one (`mend` puts the copy in
//! place). A flipped byte or a torn page spoils the rows on that page, not the file: so every
//! row is looked up from the root by its key (one bad page hides only its own rows), and every
//! row that reads is copied in one transaction. A row whose references no longer resolve (a game
//! whose rules row was lost) is not copied, nor a save whose moves do not all read.
//!
//! What was lost is counted, not guessed: the games (and saves) the file claims are the keys
//! seen anywhere that still reads (the table's own rows and key range, each of its indexes,
//! and `count(*)`), and every one of them not copied is counted lost. Copied games are marked
//! without a verdict (`seal.rs`), so that the store replays each once more.

use std::collections::BTreeSet;
use std::path::Path;

use rusqlite::types::Value;
use rusqlite::{Connection, OpenFlags, Statement};

use crate::store::db::error::StoreError;

/// What came back from a damaged file.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct Salvaged {
    /// Games of history copied back.
    pub(crate) games: usize,
    /// Saved games copied back.
    pub(crate) saves: usize,
    /// Games of history the file holds that could not be read or copied.
    pub(crate) lost_games: usize,
    /// Saved games the file holds that could not be read or copied.
    pub(crate) lost_saves: usize,
    /// Whether the file could not be read at all.
    pub(crate) unreadable: bool,
}

impl Salvaged {
    /// What the player is told of it.
    pub(crate) fn describe(&self) -> String {
        if self.unreadable {
            return "nothing of it could be read back".to_string();
        }
        let mut s = format!(
            "{} and {} came back from it",
            count(self.games, "recorded game"),
            count(self.saves, "saved game")
        );
        if self.lost_games + self.lost_saves > 0 {
            let mut lost = Vec::new();
            if self.lost_games > 0 {
                lost.push(count(self.lost_games, "recorded game"));
            }
            if self.lost_saves > 0 {
                lost.push(count(self.lost_saves, "saved game"));
            }
            s.push_str(&format!(
                "; {} could not be read and {} only in the damaged file",
                lost.join(" and "),
                if self.lost_games + self.lost_saves == 1 {
                    "stays"
                } else {
                    "stay"
                }
            ));
        } else {
            s.push_str(" (every one its tables and indexes still list)");
        }
        s
    }
}

fn count(n: usize, what: &str) -> String {
    crate::cards::text::count(u32::try_from(n).unwrap_or(u32::MAX), what)
}

/// A row's values, in its table's column order ([`Read::columns`]).
type Row = Vec<Value>;

/// Copies every row of `from` (a damaged database) that still reads into `to`, a new database
/// of this program's schema. Fails only when `to` cannot be written (a full disk).
pub(crate) fn copy_rows(from: &Path, to: &mut Connection) -> Result<Salvaged, StoreError> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let old = match Connection::open_with_flags(from, flags) {
        Ok(old)
            if old
                .query_row("SELECT count(*) FROM sqlite_schema", [], |_| Ok(()))
                .is_ok() =>
        {
            old
        }
        _ => {
            return Ok(Salvaged {
                unreadable: true,
                ..Salvaged::default()
            });
        }
    };
    let mut got = Salvaged::default();
    let mut tx = to.transaction()?;
    // Rules and decks first: games and saves name them.
    let (range, listed) = rowids(&old, "rules", "id");
    put(&tx, "rules", by_key(&old, "rules", "id", &range, &listed))?;
    let mut decks = keys(&old, "SELECT hash FROM decks");
    decks.extend(keys(
        &old,
        "SELECT DISTINCT deck FROM games WHERE deck IS NOT NULL",
    ));
    decks.extend(keys(
        &old,
        "SELECT DISTINCT deck FROM saves WHERE deck IS NOT NULL",
    ));
    let decks: Vec<Key> = decks.into_iter().collect();
    put(&tx, "decks", by_key(&old, "decks", "hash", &decks, &decks))?;
    let (range, listed) = rowids(&old, "games", "n");
    let read = by_key(&old, "games", "n", &range, &listed);
    let claimed = read.claimed.max(table_count(&old, "games"));
    got.games = put(&tx, "games", read)?;
    got.lost_games = claimed.saturating_sub(got.games);
    let mut ids = keys(&old, "SELECT id FROM saves");
    ids.extend(keys(&old, "SELECT id FROM saves INDEXED BY saves_newest"));
    ids.extend(keys(&old, "SELECT DISTINCT save FROM save_moves"));
    let ids: Vec<Key> = ids.into_iter().collect();
    let saves = by_key(&old, "saves", "id", &ids, &ids);
    let claimed = saves.claimed.max(table_count(&old, "saves"));
    let columns = saves.columns;
    for row in saves.rows {
        let id = row.first().cloned().unwrap_or(Value::Null);
        // A save is copied with all its moves or not at all (a move that does not read keeps
        // it out: it counts as lost).
        let Ok(moves) = all_rows(&old, "SELECT * FROM save_moves WHERE save = ?1", &id) else {
            continue;
        };
        let sp = tx.savepoint()?;
        let n = moves.rows.len();
        let save = Read {
            columns: columns.clone(),
            rows: vec![row],
            claimed: 1,
        };
        if put(&sp, "saves", save)? == 1 && put(&sp, "save_moves", moves)? == n {
            sp.commit()?;
            got.saves += 1;
        }
    }
    got.lost_saves = claimed.saturating_sub(got.saves);
    tx.execute("UPDATE games SET digest = NULL, seal = NULL", [])?;
    tx.commit()?;
    Ok(got)
}

/// A key of a row: a row number or a text key (a save's id, a deck's hash).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    Int(i64),
    Text(String),
}

impl Key {
    fn value(&self) -> Value {
        match self {
            Key::Int(i) => Value::Integer(*i),
            Key::Text(t) => Value::Text(t.clone()),
        }
    }
}

/// Inserts the rows `read` into `table`, through one statement; how many went in. A row
/// refused by a constraint (its rules row lost) is left out; any other failure (a full disk)
/// fails the copy.
fn put(tx: &Connection, table: &str, read: Read) -> Result<usize, StoreError> {
    // Only the columns this schema has (an older file's `checked` mark is not one).
    let own: Vec<String> = tx
        .prepare_cached("SELECT name FROM pragma_table_info(?1)")?
        .query_map([table], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let kept: Vec<usize> = (0..read.columns.len())
        .filter(|&i| own.contains(&read.columns[i]))
        .collect();
    let list: Vec<&str> = kept.iter().map(|&i| read.columns[i].as_str()).collect();
    let marks = vec!["?"; kept.len()].join(", ");
    let mut insert = tx.prepare_cached(&format!(
        "INSERT OR IGNORE INTO {table} ({}) VALUES ({marks})",
        list.join(", ")
    ))?;
    let mut n = 0;
    for row in read.rows {
        let values = kept.iter().map(|&i| &row[i]);
        match insert.execute(rusqlite::params_from_iter(values)) {
            Ok(k) => n += k,
            Err(e) if e.sqlite_error_code() == Some(rusqlite::ErrorCode::ConstraintViolation) => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(n)
}

/// The rows read of a table, and how many keys the file claims for it.
struct Read {
    /// The table's columns in the damaged file, which every row's values follow.
    columns: Vec<String>,
    rows: Vec<Row>,
    claimed: usize,
}

/// The row numbers of a rowid `table` to look up, every one up to the largest that the table
/// or any of its indexes shows; and those it shows (`column`: the rowid's name in the table).
fn rowids(old: &Connection, table: &str, column: &str) -> (Vec<Key>, Vec<Key>) {
    let mut seen = keys(old, &format!("SELECT rowid FROM {table}"));
    let indexes = keys(
        old,
        &format!("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = '{table}'"),
    );
    for index in indexes {
        if let Key::Text(index) = index {
            let index = index.replace('"', "\"\"");
            seen.extend(keys(
                old,
                &format!("SELECT {column} FROM {table} INDEXED BY \"{index}\""),
            ));
        }
    }
    if let Ok(Some(last)) = old.query_row(&format!("SELECT max(rowid) FROM {table}"), [], |r| {
        r.get::<_, Option<i64>>(0)
    }) {
        seen.insert(Key::Int(last));
    }
    let last = seen
        .iter()
        .filter_map(|k| match k {
            Key::Int(i) => Some(*i),
            Key::Text(_) => None,
        })
        .max()
        .unwrap_or(0);
    let range = (1..=last.min(10_000_000)).map(Key::Int).collect();
    (range, seen.into_iter().collect())
}

/// Every value of the first column `sql` gives (integers and texts), up to the first that does
/// not read.
fn keys(old: &Connection, sql: &str) -> BTreeSet<Key> {
    let mut out = BTreeSet::new();
    let Ok(mut q) = old.prepare(sql) else {
        return out;
    };
    let Ok(mut rows) = q.query([]) else {
        return out;
    };
    while let Ok(Some(r)) = rows.next() {
        match r.get::<_, Value>(0) {
            Ok(Value::Integer(i)) => {
                out.insert(Key::Int(i));
            }
            Ok(Value::Text(t)) => {
                out.insert(Key::Text(t));
            }
            Ok(_) => {}
            Err(_) => break,
        }
    }
    out
}

/// How many rows SQLite counts in `table` (0 when it cannot).
fn table_count(old: &Connection, table: &str) -> usize {
    old.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| {
        r.get::<_, i64>(0)
    })
    .map_or(0, |n| usize::try_from(n).unwrap_or(0))
}

/// The rows of `table` whose `key` is one of `keys`, each looked up on its own. A key is
/// claimed (a row the file holds) when its row reads, when looking it up fails, or when it is
/// not found though `listed` (the keys the table and its indexes show) names it.
fn by_key(old: &Connection, table: &str, key: &str, keys: &[Key], listed: &[Key]) -> Read {
    let mut read = Read {
        columns: Vec::new(),
        rows: Vec::new(),
        claimed: 0,
    };
    let Ok(mut q) = old.prepare(&format!("SELECT * FROM {table} WHERE {key} = ?1")) else {
        read.claimed = listed.len();
        return read;
    };
    read.columns = q.column_names().map(str::to_string).collect();
    for k in keys {
        match one_row(&mut q, &k.value()) {
            Ok(Some(row)) => {
                read.rows.push(row);
                read.claimed += 1;
            }
            Ok(None) if listed.binary_search(k).is_err() => {}
            // A row that does not read is one the file holds, lost.
            Ok(None) | Err(_) => read.claimed += 1,
        }
    }
    read
}

/// The row `q` gives for `key`, if any.
fn one_row(q: &mut Statement<'_>, key: &Value) -> rusqlite::Result<Option<Row>> {
    let n = q.column_count();
    let mut rows = q.query([key])?;
    rows.next()?.map(|r| values(r, n)).transpose()
}

/// Every row `sql` gives for `key`, or the error of the first that does not read.
fn all_rows(old: &Connection, sql: &str, key: &Value) -> rusqlite::Result<Read> {
    let mut q = old.prepare(sql)?;
    let columns: Vec<String> = q.column_names().map(str::to_string).collect();
    let mut rows = q.query([key])?;
    let mut out = Vec::new();
    while let Some(r) = rows.next()? {
        out.push(values(r, columns.len())?);
    }
    Ok(Read {
        claimed: out.len(),
        columns,
        rows: out,
    })
}

fn values(r: &rusqlite::Row<'_>, n: usize) -> rusqlite::Result<Row> {
    (0..n).map(|i| r.get::<_, Value>(i)).collect()
}
