//! `data check`, and the check of a backup before it is restored: what SQLite finds in the file's
//! pages (`integrity_check`, `foreign_key_check`), then what it cannot, every row read as the
//! program reads it. A row can be sound to SQLite and still not read: a flipped byte in a JSON
//! column, rules whose text no longer parses, a save whose moves no longer replay, a name, a date
//! or a score no game played here has (see [`crate::record::limits`]). Those hide only their own
//! row (history reads row by row), so the check names each one, by table and row, and a database
//! with any of them is not called sound.

use rusqlite::Connection;

use crate::cards::rules::Rules;
use crate::record::Within;
use crate::store::api::SavedGameInfo;
use crate::store::db::error::StoreError;
use crate::store::db::seal::Key;
use crate::store::db::{history, saves};

/// How many problems are named one by one; the rest are counted.
const NAMED: usize = 20;

/// What a check found.
pub(crate) struct Found {
    /// Every problem, the pages' first (at most [`NAMED`], then how many more); none when the
    /// database is sound.
    pub(crate) problems: Vec<String>,
    /// Whether SQLite found damaged pages (which moving the file aside and salvaging it mends).
    pub(crate) pages_damaged: bool,
}

/// Every problem found, none when the database is sound; rows are verified with `key` (see
/// `seal.rs`).
pub(crate) fn check(conn: &Connection, key: Option<Key>) -> rusqlite::Result<Found> {
    let mut problems = pages(conn)?;
    let pages_damaged = !problems.is_empty();
    problems.extend(rows(conn, key)?);
    if problems.len() > NAMED {
        let more = problems.len() - NAMED;
        problems.truncate(NAMED);
        problems.push(format!("and {more} more"));
    }
    Ok(Found {
        problems,
        pages_damaged,
    })
}

/// What SQLite finds: damaged pages and indexes, and rows naming rows that are not there.
fn pages(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut q = conn.prepare(
        "SELECT integrity_check FROM pragma_integrity_check WHERE integrity_check != 'ok' \
         UNION ALL SELECT format('a row of `%s` names a missing row of `%s`', \"table\", parent) \
         FROM pragma_foreign_key_check",
    )?;
    q.query_map([], |r| r.get(0))?.collect()
}

/// Every row `sql` selects that SQLite reads, as `row` takes it (a row SQLite itself cannot
/// read is one of [`pages`]'s problems).
fn each<T>(
    conn: &Connection,
    sql: &str,
    row: impl FnMut(&rusqlite::Row) -> rusqlite::Result<T>,
) -> rusqlite::Result<Vec<T>> {
    let mut q = conn.prepare(sql)?;
    let rows = q.query_map([], row)?;
    Ok(rows.filter_map(Result::ok).collect())
}

/// The rows that do not read as the program reads them, each named once.
fn rows(conn: &Connection, key: Option<Key>) -> rusqlite::Result<Vec<String>> {
    let mut problems = Vec::new();
    let now = crate::base::utc::now();
    rules_rows(conn, &mut problems)?;
    deck_rows(conn, &mut problems)?;
    game_rows(conn, key, now, &mut problems)?;
    save_rows(conn, now, &mut problems)?;
    Ok(problems)
}

/// Each row of the rules table reads as rules.
fn rules_rows(conn: &Connection, problems: &mut Vec<String>) -> rusqlite::Result<()> {
    let rules = each(conn, "SELECT id, name, toml FROM rules", |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, String>(2)?,
        ))
    })?;
    for (id, name, toml) in rules {
        if let Err(e) = Rules::parse(&toml, &format!("the rules {name:?}"), None) {
            problems.push(format!("row id {id} of the rules table does not read: {e}"));
        }
    }
    Ok(())
}

/// Each deck is the deck its hash names.
fn deck_rows(conn: &Connection, problems: &mut Vec<String>) -> rusqlite::Result<()> {
    let decks = each(conn, "SELECT hash, cards FROM decks", |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
    })?;
    for (hash, cards) in decks {
        if format!("{:016x}", crate::cards::fnv1a(cards.bytes())) != hash {
            problems.push(format!(
                "the deck {hash} of the decks table is not the deck its hash names"
            ));
        }
    }
    Ok(())
}

/// Each game reads, is within what a game can be at `now`, and is verified.
fn game_rows(
    conn: &Connection,
    key: Option<Key>,
    now: u64,
    problems: &mut Vec<String>,
) -> rusqlite::Result<()> {
    let listed = history::list(conn, key, &history::Filter::default())?;
    for n in &listed.bad {
        problems.push(format!("row n {n} of the games table does not read"));
    }
    let verified: std::collections::HashSet<&str> = listed
        .rows
        .iter()
        .filter(|r| r.checked)
        .map(|r| r.id.as_str())
        .collect();
    let games = each(
        conn,
        "SELECT n, CAST(id AS TEXT) FROM games ORDER BY n",
        |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)),
    )?;
    for (n, id) in games {
        if let Err(why) = crate::store::db::id::checked(&id) {
            problems.push(format!("row n {n} of the games table is refused: {why}"));
            continue;
        }
        let within = match history::record(conn, &id) {
            Err(e) => {
                problems.push(format!(
                    "row n {n} of the games table (game {id}) does not read: {e}"
                ));
                continue;
            }
            Ok(e) => e.map_or(Ok(()), |e| e.within(now)),
        };
        if let Err(why) = within {
            problems.push(format!(
                "row n {n} of the games table (game {id}) is refused: {why}; `data restore` \
                 does not take it"
            ));
        } else if !listed.bad.contains(&n) && !verified.contains(id.as_str()) {
            problems.push(format!(
                "row n {n} of the games table (game {id}) is not verified: its moves do not give \
                 the result it says, or it was changed in the database after it was verified \
                 (history marks it, stats leave it out)"
            ));
        }
    }
    Ok(())
}

/// Each saved game reads, is within what a game can be at `now`, and its moves replay.
fn save_rows(conn: &Connection, now: u64, problems: &mut Vec<String>) -> rusqlite::Result<()> {
    for (id, info) in saves::list(conn)? {
        if let Err(why) = crate::store::db::id::checked(&id) {
            problems.push(format!("a row of the saves table is refused: {why}"));
            continue;
        }
        let read = info.and_then(|_: SavedGameInfo| {
            let save =
                saves::load(conn, &id)?.ok_or_else(|| StoreError::Missing("it is gone".into()))?;
            save.within(now).map_err(StoreError::Unreadable)?;
            save.rebuild()
                .map(|_| ())
                .map_err(|e| StoreError::Unreadable(e.to_string()))
        });
        if let Err(e) = read {
            problems.push(format!("the saved game {id} does not read: {e}"));
        }
    }
    Ok(())
}
