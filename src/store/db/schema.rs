//! The database file: where it is, how it is opened, its schema and migrations, and what becomes
//! of a damaged one. It is opened with `journal_mode = WAL` (readers never wait for a writer, a
//! commit appends to the log), `synchronous = NORMAL` (in WAL mode a commit is atomic and survives
//! a killed process; a power cut may take back the last commits, never half of one),
//! `busy_timeout` ([`BUSY`]: a second window waits for another's write) and `foreign_keys = ON`.
//! The schema's version is `PRAGMA user_version`, raised by [`MIGRATIONS`]; a newer database is
//! left alone. A file that is not a database is renamed aside, never deleted, and a new one begun.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};

/// The database's file name in the data folder.
pub(crate) const DB_FILE: &str = "new2048.db";

/// How long a write waits for another window's write before it gives up.
pub(crate) const BUSY: Duration = Duration::from_secs(5);

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
    r"
ALTER TABLE games ADD COLUMN checked INTEGER;
DROP INDEX games_tally;
CREATE INDEX games_tally ON games (game, rules, highest, outcome, score, ended, checked);
CREATE INDEX games_unchecked ON games (checked) WHERE checked IS NOT 1;
CREATE TRIGGER games_edited AFTER UPDATE OF game, rules, outcome, score, played, highest, deck,
    body ON games
BEGIN
    UPDATE games SET checked = NULL WHERE n = NEW.n;
END;
",
];

/// The schema version this program writes.
const VERSION: i64 = MIGRATIONS.len() as i64;

/// The database's path in `dir`.
pub(crate) fn path_in(dir: &Path) -> PathBuf {
    dir.join(DB_FILE)
}

/// Opens (creating if needed) the database in `dir`, migrated to this program's schema, with
/// what opening it had to say (a damaged file moved aside).
pub(crate) fn open(dir: &Path) -> Result<(Connection, Option<String>), String> {
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("cannot make the data folder {}: {e}", dir.display()))?;
    let path = path_in(dir);
    // SQLite would follow a link, and wait reading a FIFO, put where the database should be.
    if let Ok(m) = std::fs::symlink_metadata(&path)
        && !m.is_file()
    {
        return Err(format!(
            "the database {} is {}, not a regular file, so it is not opened; move it away",
            path.display(),
            crate::fsread::kind_of(m.file_type())
        ));
    }
    match open_file(&path) {
        Ok(conn) => Ok((conn, None)),
        Err(e) if is_damage(&e) => {
            let aside = move_aside(&path)
                .map_err(|m| format!("the database {} is damaged ({e}); {m}", path.display()))?;
            let conn = open_file(&path).map_err(|e| cannot_open(&path, &e))?;
            let note = format!(
                "the database {} was damaged ({e}); it was moved to {} (nothing was deleted) \
                 and a new one was started",
                path.display(),
                aside.display()
            );
            Ok((conn, Some(note)))
        }
        Err(e) => Err(cannot_open(&path, &e)),
    }
}

fn cannot_open(path: &Path, e: &rusqlite::Error) -> String {
    format!("cannot open the database {}: {e}", path.display())
}

/// Whether `e` says the file is not (any more) a database.
fn is_damage(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(rusqlite::ErrorCode::NotADatabase | rusqlite::ErrorCode::DatabaseCorrupt)
    )
}

fn open_file(path: &Path) -> rusqlite::Result<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
        | OpenFlags::SQLITE_OPEN_CREATE
        | OpenFlags::SQLITE_OPEN_NO_MUTEX
        | OpenFlags::SQLITE_OPEN_NOFOLLOW;
    let conn = Connection::open_with_flags(path, flags)?;
    conn.busy_timeout(BUSY)?;
    // WAL needs a writable folder: a read-only one keeps the database readable (history and
    // stats work) and every write reports why it failed.
    let _ = conn.pragma_update(None, "journal_mode", "WAL");
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    // No checkpoint when a window closes (its two flushes cost more than the game's commits):
    // the log is checkpointed as it grows past SQLite's 1,000 pages, durable either way.
    conn.set_db_config(
        rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE,
        true,
    )?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    migrate(&conn)?;
    Ok(conn)
}

/// Brings the schema to [`VERSION`], in one transaction that holds the write lock from its
/// start: two windows opening a new database at once migrate it once, the second finding it done.
fn migrate(conn: &Connection) -> rusqlite::Result<()> {
    let read = |c: &Connection| c.query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0));
    if read(conn)? == VERSION {
        return Ok(());
    }
    let tx = rusqlite::Transaction::new_unchecked(conn, rusqlite::TransactionBehavior::Immediate)?;
    let found = read(&tx)?;
    if found > VERSION {
        return Err(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CANTOPEN),
            Some(format!(
                "it was written by a newer new2048 (schema {found}; this one knows {VERSION} and \
                 older)"
            )),
        ));
    }
    for step in MIGRATIONS.iter().skip(found.max(0) as usize) {
        tx.execute_batch(step)?;
    }
    tx.pragma_update(None, "user_version", VERSION)?;
    tx.commit()
}

/// Renames the damaged database (and its log) aside; the new path of the database file.
fn move_aside(path: &Path) -> Result<PathBuf, String> {
    let stamp = crate::utc::compact(crate::utc::now());
    let aside = PathBuf::from(format!("{}.damaged-{stamp}", path.display()));
    for suffix in ["-wal", "-shm"] {
        let from = PathBuf::from(format!("{}{suffix}", path.display()));
        if from.exists() {
            let to = PathBuf::from(format!("{}{suffix}", aside.display()));
            std::fs::rename(&from, &to)
                .map_err(|e| format!("it could not be moved aside ({e})"))?;
        }
    }
    std::fs::rename(path, &aside).map_err(|e| format!("it could not be moved aside ({e})"))?;
    Ok(aside)
}

/// Starts a write transaction, taking the write lock at once (so it never fails half-way on
/// another window's write: it waits up to [`BUSY`] at the start instead).
pub(crate) fn begin(conn: &mut Connection) -> rusqlite::Result<rusqlite::Transaction<'_>> {
    conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
}

/// A consistent copy of the database at `to`, as of one moment, while other windows play on.
pub(crate) fn backup(conn: &Connection, to: &Path) -> Result<(), String> {
    if to.exists() {
        return Err(format!(
            "{} exists already; give a new file name (nothing was written)",
            to.display()
        ));
    }
    conn.execute("VACUUM INTO ?1", [to.to_string_lossy()])
        .map(drop)
        .map_err(|e| format!("cannot write the backup {}: {e}", to.display()))
}

/// The problems `integrity_check` and `foreign_key_check` find, none when the database is sound.
pub(crate) fn check(conn: &Connection) -> Result<Vec<String>, rusqlite::Error> {
    let mut q = conn.prepare(
        "SELECT integrity_check FROM pragma_integrity_check WHERE integrity_check != 'ok' \
         UNION ALL SELECT format('a row of `%s` names a missing row of `%s`', \"table\", parent) \
         FROM pragma_foreign_key_check",
    )?;
    q.query_map([], |r| r.get(0))?.collect()
}
