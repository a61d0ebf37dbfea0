//! The database file: where it is, how it is opened, its schema and migrations, and what becomes
//! of a damaged one. It is opened with `journal_mode = WAL` (readers never wait for a writer, a
//! commit appends to the log), `synchronous = NORMAL` (in WAL mode a commit is atomic and survives
//! a killed process; a power cut may take back the last commits, never half of one),
//! `busy_timeout` ([`busy`]: a second window waits for another's write) and `foreign_keys = ON`.
//! The schema's version is `PRAGMA user_version`, raised by [`MIGRATIONS`]; a newer database is
//! left alone. Opening it as a window does, checking it and mending a damaged one, is
//! `mend/open.rs`, above this file.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};

use super::error::StoreError;

/// The database's file name in the data folder.
pub(crate) const DB_FILE: &str = "new2048.db";

/// How long a write waits for another window's write before it gives up.
const BUSY: Duration = Duration::from_secs(5);

/// A test hook, read here only and only in a debug build: a number of milliseconds that replaces
/// [`BUSY`], so that a test which holds the database locked sees a write give up without waiting
/// the five seconds a player's window waits. A release build never reads it.
const BUSY_HOOK: &str = "NEW2048_TEST_BUSY_MS";

/// How long a write waits for another window's write before it gives up: [`BUSY`], or in a debug
/// build what [`BUSY_HOOK`] says.
pub(crate) fn busy() -> Duration {
    if !cfg!(debug_assertions) {
        return BUSY;
    }
    std::env::var(BUSY_HOOK)
        .ok()
        .and_then(|ms| ms.trim().parse().ok())
        .map_or(BUSY, Duration::from_millis)
}

/// How many pages the log may grow to before it is checkpointed (SQLite's default is 1,000,
/// about 4 MB: a fresh database on a disk with 512 KB free never recorded a game).
const LOG_PAGES: i64 = 64;

/// The trigger of schema 2 that unchecked a row whose result was changed in the database (schema
/// 3 replaced the mark it kept with a keyed hash, `seal.rs`).
macro_rules! edited_trigger {
    () => {
        "
CREATE TRIGGER games_edited AFTER UPDATE OF game, rules, outcome, score, played, highest, deck,
    body ON games
BEGIN
    UPDATE games SET checked = NULL WHERE n = NEW.n;
END;
"
    };
}

/// The schema: `MIGRATIONS[i]` takes a database from version `i` to `i + 1`.
const MIGRATIONS: &[&str] = &[
    r"
CREATE TABLE rules (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    hash TEXT NOT NULL,
    toml TEXT NOT NULL,
    UNIQUE (name, hash)
);
CREATE TABLE decks (
    hash TEXT PRIMARY KEY,
    cards TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE games (
    n INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL CHECK (game IN ('cards', 'classic', 'duel')),
    of TEXT NOT NULL,
    rules INTEGER NOT NULL REFERENCES rules (id),
    started INTEGER NOT NULL,
    ended INTEGER NOT NULL,
    duration_secs INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    score INTEGER NOT NULL,
    played INTEGER NOT NULL,
    highest INTEGER NOT NULL,
    undos INTEGER NOT NULL,
    deal TEXT NOT NULL,
    daily TEXT,
    deck TEXT REFERENCES decks (hash),
    size INTEGER NOT NULL,
    result TEXT,
    players TEXT,
    body TEXT NOT NULL
);
CREATE INDEX games_newest ON games (ended DESC, n DESC);
CREATE INDEX games_by_kind ON games (game, ended DESC, n DESC);
CREATE INDEX games_tally ON games (game, rules, highest, outcome, score, ended);
CREATE INDEX games_best ON games (rules, game, score DESC) WHERE deck IS NULL;
CREATE INDEX games_by_daily ON games (daily, rules, score DESC) WHERE daily IS NOT NULL;
CREATE TABLE saves (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL CHECK (game IN ('cards', 'classic', 'duel')),
    rules INTEGER NOT NULL REFERENCES rules (id),
    started INTEGER NOT NULL,
    saved INTEGER NOT NULL,
    deck TEXT REFERENCES decks (hash),
    head TEXT NOT NULL,
    info TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX saves_newest ON saves (saved DESC);
CREATE TABLE save_moves (
    save TEXT NOT NULL REFERENCES saves (id) ON DELETE CASCADE,
    player INTEGER NOT NULL,
    n INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (save, player, n)
) WITHOUT ROWID;
",
    concat!(
        r"
ALTER TABLE games ADD COLUMN checked INTEGER;
DROP INDEX games_tally;
CREATE INDEX games_tally ON games (game, rules, highest, outcome, score, ended, checked);
CREATE INDEX games_unchecked ON games (checked) WHERE checked IS NOT 1;
",
        edited_trigger!()
    ),
    // The verdict becomes a keyed hash of the row (see `seal.rs`): the `checked` mark and the
    // trigger that kept it go, and every row is replayed once more at the next start.
    r"
DROP TRIGGER IF EXISTS games_edited;
DROP INDEX IF EXISTS games_unchecked;
DROP INDEX IF EXISTS games_tally;
ALTER TABLE games DROP COLUMN checked;
ALTER TABLE games ADD COLUMN digest INTEGER;
ALTER TABLE games ADD COLUMN seal INTEGER;
CREATE INDEX games_tally ON games (game, rules, highest, outcome, score, ended,
    CASE WHEN json_valid(deal) THEN deal ->> '$.target.score' END, digest, seal);
CREATE INDEX games_unsealed ON games (n) WHERE seal IS NULL;
",
];

/// The schema version this program writes.
pub(crate) const VERSION: i64 = MIGRATIONS.len() as i64;

/// The database's path in `dir`.
pub(crate) fn path_in(dir: &Path) -> PathBuf {
    dir.join(DB_FILE)
}

/// What opening the database had to tell: a damaged file was found and moved aside, or it
/// could only be opened to read.
#[derive(Debug, Clone)]
pub(crate) struct Opened {
    /// The message for the player.
    pub(crate) note: String,
    /// A damaged file was moved aside (else: opened read-only).
    pub(crate) damaged: bool,
}

/// The file in the data folder that asks the next opening to check a larger database: SQLite
/// said it was damaged to some window ([`ask_check`]).
pub(crate) const CHECK_MARK: &str = "new2048.db.check";

/// Asks the next opening in `dir` to check the database (and so move it aside if damaged).
pub(crate) fn ask_check(dir: &Path) {
    let _ = std::fs::write(dir.join(CHECK_MARK), b"");
}

/// The first problem SQLite's quick check finds in the pages and indexes (every page is read:
/// about 2 ms a thousand games), as the error a damaged file gives.
pub(crate) fn damage_found(conn: &Connection) -> Option<StoreError> {
    match conn.query_row("PRAGMA quick_check(1)", [], |r| r.get::<_, String>(0)) {
        Ok(s) if s == "ok" => None,
        // Its report may run over lines (`*** in database main ***`, then the page): one line.
        Ok(s) => Some(StoreError::Damaged(format!(
            "SQLite's check says: {}",
            s.lines()
                .filter(|l| !l.starts_with("***"))
                .collect::<Vec<_>>()
                .join("; ")
        ))),
        Err(e) => Some(e.into()),
    }
}

/// Whether `e` says the file is not (any more) a database.
pub(crate) fn is_damage(e: &rusqlite::Error) -> bool {
    StoreError::from(e).is_damage()
}

/// Opens the database file at `path` as every window does, migrated to this program's schema.
pub(crate) fn open_file(path: &Path) -> Result<Connection, StoreError> {
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
        | OpenFlags::SQLITE_OPEN_CREATE
        | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags)?;
    conn.busy_timeout(busy())?;
    // WAL needs a writable folder: a read-only one keeps the database readable (history and
    // stats work) and every write reports why it failed.
    let _ = conn.pragma_update(None, "journal_mode", "WAL");
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    // The last window to close checkpoints the log into the database file and removes it (the
    // file alone is then whole: a copy of it holds every game), and the log is checkpointed
    // every [`LOG_PAGES`] pages and cut back after, so that a nearly full disk still records.
    conn.set_db_config(
        rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE,
        false,
    )?;
    conn.pragma_update(None, "wal_autocheckpoint", LOG_PAGES)?;
    conn.pragma_update(None, "journal_size_limit", LOG_PAGES * 4096)?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    migrate(&conn)?;
    Ok(conn)
}

/// Brings the schema to [`VERSION`], in one transaction that holds the write lock from its
/// start: two windows opening a new database at once migrate it once, the second finding it done.
pub(crate) fn migrate(conn: &Connection) -> Result<(), StoreError> {
    let read = |c: &Connection| c.query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0));
    if read(conn)? == VERSION {
        return Ok(());
    }
    let tx = rusqlite::Transaction::new_unchecked(conn, rusqlite::TransactionBehavior::Immediate)?;
    let found = read(&tx)?;
    if found > VERSION {
        return Err(StoreError::Newer(format!(
            "it was written by a newer new2048 (schema {found}; this one knows {VERSION} and \
             older)"
        )));
    }
    if found < 0 {
        // No new2048 writes a negative version: the header is damaged.
        return Err(StoreError::Damaged(format!(
            "its schema version {found} is impossible"
        )));
    }
    if found < 3 {
        // Schema 3 has no trigger or view, and the verdict no longer needs one: whatever a
        // restored file of an older version brought along goes (it would also stop the column
        // it names from being dropped).
        let foreign: Vec<(String, String)> = tx
            .prepare("SELECT type, name FROM sqlite_schema WHERE type IN ('trigger', 'view')")?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?;
        for (kind, name) in foreign {
            let kind = if kind == "view" { "VIEW" } else { "TRIGGER" };
            tx.execute_batch(&format!(
                "DROP {kind} IF EXISTS \"{}\"",
                name.replace('"', "\"\"")
            ))?;
        }
    }
    for step in MIGRATIONS.iter().skip(found.max(0) as usize) {
        tx.execute_batch(step)?;
    }
    tx.pragma_update(None, "user_version", VERSION)?;
    tx.commit()?;
    // The new schema goes into the database file now, not at the last window's close: on a
    // nearly full disk that checkpoint would need the file to grow while the log still takes
    // its room, and the log of a first game would never leave.
    make_room(conn);
    Ok(())
}

/// Checkpoints the whole log into the database file and cuts the log to nothing, giving its
/// room back to the disk; true when it did (another window reading an older state, or a disk
/// too full even for that, leaves the log as it was).
pub(crate) fn make_room(conn: &Connection) -> bool {
    conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| {
        r.get::<_, i64>(0)
    })
    .is_ok_and(|busy| busy == 0)
}

/// Runs the write `f`; when it fails for a full disk, gives the log's room back
/// ([`make_room`]) and runs it once more. A save between checkpoints grows the log, and on a
/// nearly full disk that growth is what fills it: the same write fits once the log is cut.
pub(crate) fn with_room<T>(
    conn: &mut Connection,
    mut f: impl FnMut(&mut Connection) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    match f(conn) {
        Err(StoreError::Full(_)) if make_room(conn) => f(conn),
        other => other,
    }
}

/// Starts a write transaction, taking the write lock at once (so it never fails half-way on
/// another window's write: it waits up to [`busy`] at the start instead).
pub(crate) fn begin(conn: &mut Connection) -> rusqlite::Result<rusqlite::Transaction<'_>> {
    conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
}
