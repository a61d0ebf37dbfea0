//! What of a damaged database still reads, brought back. A flipped byte or a torn page spoils
//! the rows on that page, not the file: so the moved-aside file is read table by table and, in
//! the tables keyed by a row number, row by row (each looked up from the root, so one bad page
//! hides only its own rows), and every row that reads is copied into the new database in one
//! transaction. A row whose references no longer resolve (a game whose rules row was lost) is
//! not copied. Copied games have no verdict (`seal.rs`), so that the store replays each once more.

use std::path::Path;

use rusqlite::types::Value;
use rusqlite::{Connection, OpenFlags};

/// The tables in the order their references need (rules and decks before games and saves).
const TABLES: &[(&str, bool)] = &[
    ("rules", true),
    ("decks", false),
    ("games", true),
    ("saves", false),
    ("save_moves", false),
];

/// What came back from a damaged file.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct Salvaged {
    /// Games of history copied back.
    pub(crate) games: usize,
    /// Saved games copied back.
    pub(crate) saves: usize,
    /// Rows (of any table) that could not be read or copied.
    pub(crate) lost: usize,
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
        if self.lost > 0 {
            s.push_str(&format!(
                "; {} could not be read and stay only in the moved file",
                count(self.lost, "row")
            ));
        } else {
            s.push_str(" (every row that was found)");
        }
        s
    }
}

fn count(n: usize, what: &str) -> String {
    crate::cards::text::count(u32::try_from(n).unwrap_or(u32::MAX), what)
}

/// Copies every row of `from` (a damaged database) that still reads into `to`.
pub(crate) fn copy_rows(from: &Path, to: &mut Connection) -> Salvaged {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let Ok(old) = Connection::open_with_flags(from, flags) else {
        return Salvaged {
            unreadable: true,
            ..Salvaged::default()
        };
    };
    let mut got = Salvaged::default();
    let Ok(tx) = to.transaction() else {
        got.unreadable = true;
        return got;
    };
    let mut any = false;
    for &(table, by_rowid) in TABLES {
        let (rows, lost) = read_table(&old, table, by_rowid);
        any |= !rows.is_empty() || lost > 0;
        got.lost += lost;
        // Only the columns this schema has (an older file's `checked` mark is not one).
        let own: Vec<String> = tx
            .prepare(&format!("SELECT name FROM pragma_table_info('{table}')"))
            .and_then(|mut q| q.query_map([], |r| r.get(0))?.collect())
            .unwrap_or_default();
        for (columns, values) in rows {
            let (columns, values): (Vec<String>, Vec<Value>) = columns
                .into_iter()
                .zip(values)
                .filter(|(c, _)| own.contains(c))
                .unzip();
            let list = columns.join(", ");
            let marks = vec!["?"; columns.len()].join(", ");
            let sql = format!("INSERT OR IGNORE INTO {table} ({list}) VALUES ({marks})");
            match tx.execute(&sql, rusqlite::params_from_iter(values)) {
                Ok(1) => match table {
                    "games" => got.games += 1,
                    "saves" => got.saves += 1,
                    _ => {}
                },
                Ok(_) => {}
                Err(_) => got.lost += 1,
            }
        }
    }
    let _ = tx.execute("UPDATE games SET digest = NULL, seal = NULL", []);
    if tx.commit().is_err() {
        return Salvaged {
            unreadable: true,
            ..Salvaged::default()
        };
    }
    got.unreadable = !any && got.lost == 0 && table_count(&old).is_none();
    got
}

/// How many tables the file has, `None` when its schema cannot be read.
fn table_count(old: &Connection) -> Option<i64> {
    old.query_row(
        "SELECT count(*) FROM sqlite_schema WHERE type = 'table'",
        [],
        |r| r.get(0),
    )
    .ok()
}

type Row = (Vec<String>, Vec<Value>);

/// The rows of `table` that read, and how many were found not to.
fn read_table(old: &Connection, table: &str, by_rowid: bool) -> (Vec<Row>, usize) {
    if by_rowid
        && let Ok(Some(last)) = old.query_row(&format!("SELECT max(rowid) FROM {table}"), [], |r| {
            r.get::<_, Option<i64>>(0)
        })
    {
        let mut rows = Vec::new();
        let mut lost = 0;
        let Ok(mut q) = old.prepare(&format!("SELECT * FROM {table} WHERE rowid = ?1")) else {
            return (rows, 1);
        };
        for id in 1..=last.min(10_000_000) {
            match one_row(&mut q, id) {
                Ok(Some(row)) => rows.push(row),
                Ok(None) => {}
                Err(()) => lost += 1,
            }
        }
        return (rows, lost);
    }
    scan(old, table)
}

fn one_row(q: &mut rusqlite::Statement<'_>, id: i64) -> Result<Option<Row>, ()> {
    let columns: Vec<String> = q.column_names().map(str::to_string).collect();
    let mut rows = q.query([id]).map_err(drop)?;
    match rows.next() {
        Ok(Some(r)) => Ok(Some((columns.clone(), values(r, columns.len())?))),
        Ok(None) => Ok(None),
        Err(_) => Err(()),
    }
}

fn values(r: &rusqlite::Row<'_>, n: usize) -> Result<Vec<Value>, ()> {
    (0..n).map(|i| r.get::<_, Value>(i).map_err(drop)).collect()
}

/// Every row of `table` up to the first that does not read (counted as one lost).
fn scan(old: &Connection, table: &str) -> (Vec<Row>, usize) {
    let Ok(mut q) = old.prepare(&format!("SELECT * FROM {table}")) else {
        return (Vec::new(), 0);
    };
    let columns: Vec<String> = q.column_names().map(str::to_string).collect();
    let mut out = Vec::new();
    let Ok(mut rows) = q.query([]) else {
        return (out, 1);
    };
    loop {
        match rows.next() {
            Ok(Some(r)) => match values(r, columns.len()) {
                Ok(v) => out.push((columns.clone(), v)),
                Err(()) => return (out, 1),
            },
            Ok(None) => return (out, 0),
            Err(_) => return (out, 1),
        }
    }
}
