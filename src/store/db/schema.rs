//! The database file: where it is, how it is opened, its schema and migrations, and what becomes
//! of a damaged one. It is opened with `journal_mode = WAL` (readers never wait for a writer, a
//! commit appends to the log), `synchronous = NORMAL` (in WAL mode a commit is atomic and survives
//! a killed process; a power cut may take back the last commits, never half of one),
//! `busy_timeout` ([`BUSY`]: a second window waits for another's write) and `foreign_keys = ON`.
//! The schema's version is `PRAGMA user_version`, raised by [`MIGRATIONS`]; a newer database is
//! left alone. A file that is not a database is renamed aside, never deleted, a new one begun,
//! and what of the old one still reads is copied in (`salvage.rs`).

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};

/// The database's file name in the data folder.
pub(crate) const DB_FILE: &str = "new2048.db";

/// How long a write waits for another window's write before it gives up.
pub(crate) const BUSY: Duration = Duration::from_secs(5);

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
CREATE INDEX games_tally ON games (game, rules, highest, outcome, score, ended, digest, seal);
CREATE INDEX games_unsealed ON games (n) WHERE seal IS NULL;
",
];

/// What a database of a newer schema is said to be, so that the store can tell it apart.
pub(crate) const NEWER: &str = "it was written by a newer new2048";

/// The schema version this program writes.
pub(crate) const VERSION: i64 = MIGRATIONS.len() as i64;

/// The database's path in `dir`.
pub(crate) fn path_in(dir: &Path) -> PathBuf {
    dir.join(DB_FILE)
}

/// Opens (creating if needed) the database in `dir`, migrated to this program's schema, with
/// what opening it had to say (a damaged file moved aside, and what of it came back).
pub(crate) fn open(dir: &Path) -> Result<(Connection, Option<Opened>), String> {
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("cannot make the data folder {}: {e}", dir.display()))?;
    let path = path_in(dir);
    refuse_special(&path)?;
    let read_only = |conn, why: &dyn std::fmt::Display| {
        let note = format!(
            "the data folder {} cannot be written ({why}): history, stats and saved games still \
             read, but no game is saved or recorded while that lasts. Make the folder and \
             {DB_FILE} writable, or set {} to a folder you can write to.",
            dir.display(),
            crate::config::paths::DATA_DIR_ENV
        );
        Ok((
            conn,
            Some(Opened {
                note,
                damaged: false,
            }),
        ))
    };
    match open_file(&path) {
        // SQLite opens a file it cannot write to read only, saying nothing.
        Ok(conn) if conn.is_readonly(rusqlite::MAIN_DB).unwrap_or(false) => {
            read_only(conn, &"the database file is read-only")
        }
        // Damage that opening does not read (a page of a table, an index) hides rows from
        // every listing: it is moved aside and salvaged as a file that does not open is.
        Ok(conn) if !to_check(dir, &path) => Ok((conn, None)),
        Ok(conn) => match damage_found(&conn) {
            None => {
                let _ = std::fs::remove_file(dir.join(CHECK_MARK));
                Ok((conn, None))
            }
            Some(e) if is_damage(&e) => recover_open(dir, conn, &e),
            Some(e) => Err(cannot_open(&path, &e)),
        },
        Err(e) if is_damage(&e) => recover(dir, &path, &e),
        Err(e) if is_read_only(&e) && !e.to_string().contains(NEWER) && path.is_file() => {
            let conn = open_read_only(&path).map_err(|e| cannot_open(&path, &e))?;
            read_only(conn, &e)
        }
        Err(e) => Err(cannot_open(&path, &e)),
    }
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

/// Whether `e` says the database (or its folder, where the log goes) cannot be written.
fn is_read_only(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(rusqlite::ErrorCode::ReadOnly | rusqlite::ErrorCode::CannotOpen)
    )
}

/// The database opened to read only, as a read-only folder allows: through its log if the log
/// files are there, else as an immutable file (SQLite cannot make the shared-memory file a
/// reader of a WAL database needs, and nobody can write to the folder meanwhile).
fn open_read_only(path: &Path) -> rusqlite::Result<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let readable = |conn: Connection| -> rusqlite::Result<Connection> {
        conn.query_row("SELECT count(*) FROM sqlite_schema", [], |_| Ok(()))?;
        Ok(conn)
    };
    if let Ok(conn) = Connection::open_with_flags(path, flags).and_then(readable) {
        return Ok(conn);
    }
    let mut uri = b"file:".to_vec();
    // A URI: every byte but the unreserved ones percent-encoded.
    for &b in path.as_os_str().as_encoded_bytes() {
        if b.is_ascii_alphanumeric() || b"/-_.~".contains(&b) {
            uri.push(b);
        } else {
            uri.extend(format!("%{b:02X}").bytes());
        }
    }
    uri.extend(b"?immutable=1");
    let uri = String::from_utf8(uri).expect("percent-encoded bytes are ASCII");
    Connection::open_with_flags(uri, flags | OpenFlags::SQLITE_OPEN_URI).and_then(readable)
}

/// SQLite would follow a link, and wait reading a FIFO, put where the database or its log
/// should be. Only these files are refused: folders above them may be links (a linked home).
fn refuse_special(path: &Path) -> Result<(), String> {
    for suffix in ["", "-wal", "-shm"] {
        let file = PathBuf::from(format!("{}{suffix}", path.display()));
        if let Ok(m) = std::fs::symlink_metadata(&file)
            && !m.is_file()
        {
            return Err(format!(
                "the database file {} is {}, not a regular file, so it is not opened; move it \
                 away",
                file.display(),
                crate::fsread::kind_of(m.file_type())
            ));
        }
    }
    Ok(())
}

/// The database at `path` is damaged (`e`): under the data folder's lock (so that windows
/// starting at once move it once), it is moved to a name no other file has, a new one is begun,
/// and every row of the old one that still reads is copied into it.
fn recover(
    dir: &Path,
    path: &Path,
    e: &rusqlite::Error,
) -> Result<(Connection, Option<Opened>), String> {
    let _lock = lock_folder(dir)?;
    // Another window may have moved it while this one waited for the lock.
    match open_file(path) {
        Ok(conn) => return Ok((conn, None)),
        Err(again) if is_damage(&again) => {}
        Err(again) => return Err(cannot_open(path, &again)),
    }
    move_and_salvage(path, e)
}

/// The database `conn` opened in `dir` turned out damaged when written (`e`: a damaged index,
/// say, which opening does not read): it is closed, then moved aside and salvaged as a file
/// that does not open is, unless another window did that first.
pub(crate) fn recover_open(
    dir: &Path,
    conn: Connection,
    e: &rusqlite::Error,
) -> Result<(Connection, Option<Opened>), String> {
    drop(conn);
    let path = path_in(dir);
    let _lock = lock_folder(dir)?;
    match open_file(&path) {
        Ok(conn) if quick_check(&conn) => return Ok((conn, None)),
        Ok(_) => {}
        Err(again) if is_damage(&again) => {}
        Err(again) => return Err(cannot_open(&path, &again)),
    }
    let _ = std::fs::remove_file(dir.join(CHECK_MARK));
    move_and_salvage(&path, e)
}

/// Up to this size (about 3,000 games) the database is checked at every opening, in about 5 ms.
const CHECKED_UP_TO: u64 = 2 << 20;

/// The file in the data folder that asks the next opening to check a larger database: SQLite
/// said it was damaged to some window ([`mark_for_check`]).
const CHECK_MARK: &str = "new2048.db.check";

/// Whether opening checks the database at `path` in `dir`: a small one always, a larger one
/// when some window met damage in it.
fn to_check(dir: &Path, path: &Path) -> bool {
    let small = std::fs::metadata(path).is_ok_and(|m| m.len() <= CHECKED_UP_TO);
    small || dir.join(CHECK_MARK).exists()
}

/// Asks the next opening in `dir` to check the database: SQLite found it damaged (`text` is
/// what it said), and the check moves it aside and salvages it.
pub(crate) fn mark_for_check(dir: &Path, text: &str) -> bool {
    // SQLite's own words for `SQLITE_CORRUPT` and `SQLITE_NOTADB`.
    let damaged = text.contains("database disk image is malformed")
        || text.contains("file is not a database");
    if damaged {
        ask_check(dir);
    }
    damaged
}

/// Asks the next opening in `dir` to check the database (and so move it aside if damaged).
pub(crate) fn ask_check(dir: &Path) {
    let _ = std::fs::write(dir.join(CHECK_MARK), b"");
}

/// Whether SQLite's quick check finds the pages and indexes sound.
fn quick_check(conn: &Connection) -> bool {
    damage_found(conn).is_none()
}

/// The first problem SQLite's quick check finds in the pages and indexes (every page is read:
/// about 2 ms a thousand games), as the error a damaged file gives.
fn damage_found(conn: &Connection) -> Option<rusqlite::Error> {
    match conn.query_row("PRAGMA quick_check(1)", [], |r| r.get::<_, String>(0)) {
        Ok(s) if s == "ok" => None,
        // Its report may run over lines (`*** in database main ***`, then the page): one line.
        Ok(s) => Some(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CORRUPT),
            Some(format!(
                "SQLite's check says: {}",
                s.lines()
                    .filter(|l| !l.starts_with("***"))
                    .collect::<Vec<_>>()
                    .join("; ")
            )),
        )),
        Err(e) => Some(e),
    }
}

/// Under the folder's lock: moves the damaged database at `path` aside, begins a new one and
/// copies into it what of the old one still reads.
fn move_and_salvage(
    path: &Path,
    e: &rusqlite::Error,
) -> Result<(Connection, Option<Opened>), String> {
    let aside = move_aside(path)
        .map_err(|m| format!("the database {} is damaged ({e}); {m}", path.display()))?;
    let mut conn = open_file(path).map_err(|e| cannot_open(path, &e))?;
    let saved = super::salvage::copy_rows(&aside, &mut conn);
    let note = format!(
        "the database {} was damaged ({e}); it was moved to {} (nothing was deleted) and a new \
         one was started; {}",
        path.display(),
        aside.display(),
        saved.describe()
    );
    Ok((
        conn,
        Some(Opened {
            note,
            damaged: true,
        }),
    ))
}

/// An exclusive lock on the data folder's `new2048.db.lock`, held while a damaged database is
/// moved aside; blocking, and dropped with the file however the process ends.
fn lock_folder(dir: &Path) -> Result<std::fs::File, String> {
    let path = dir.join(format!("{DB_FILE}.lock"));
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(false);
    let file = crate::fsread::open_with(&path, crate::fsread::Links::Refuse, &mut options)
        .map_err(|e| format!("cannot take the lock {}: {e}", path.display()))?;
    file.lock()
        .map_err(|e| format!("cannot take the lock {}: {e}", path.display()))?;
    Ok(file)
}

fn cannot_open(path: &Path, e: &rusqlite::Error) -> String {
    format!("cannot open the database {}: {e}", path.display())
}

/// Whether `e` says the file is not (any more) a database.
pub(crate) fn is_damage(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(rusqlite::ErrorCode::NotADatabase | rusqlite::ErrorCode::DatabaseCorrupt)
    )
}

fn open_file(path: &Path) -> rusqlite::Result<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
        | OpenFlags::SQLITE_OPEN_CREATE
        | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags)?;
    conn.busy_timeout(BUSY)?;
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
                "{NEWER} (schema {found}; this one knows {VERSION} and older)"
            )),
        ));
    }
    if found < 0 {
        // No new2048 writes a negative version: the header is damaged.
        return Err(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CORRUPT),
            Some(format!("its schema version {found} is impossible")),
        ));
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
    tx.commit()
}

/// Moves the damaged database (and its log) aside, to a name no file has: the name is taken by
/// a hard link, which never replaces a file, and only then is the old name removed. The new
/// path of the database file.
fn move_aside(path: &Path) -> Result<PathBuf, String> {
    let stamp = crate::utc::compact(crate::utc::now());
    let fail = |e: std::io::Error| format!("it could not be moved aside ({e})");
    let mut n = 1;
    let aside = loop {
        let name = if n == 1 {
            format!("{}.damaged-{stamp}", path.display())
        } else {
            format!("{}.damaged-{stamp}-{n}", path.display())
        };
        let aside = PathBuf::from(name);
        match std::fs::hard_link(path, &aside) {
            Ok(()) => break aside,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 1000 => n += 1,
            Err(e) => return Err(fail(e)),
        }
    };
    for suffix in ["-wal", "-shm"] {
        let from = PathBuf::from(format!("{}{suffix}", path.display()));
        if from.exists() {
            let to = PathBuf::from(format!("{}{suffix}", aside.display()));
            std::fs::hard_link(&from, &to).map_err(fail)?;
            std::fs::remove_file(&from).map_err(fail)?;
        }
    }
    std::fs::remove_file(path).map_err(fail)?;
    Ok(aside)
}

/// Starts a write transaction, taking the write lock at once (so it never fails half-way on
/// another window's write: it waits up to [`BUSY`] at the start instead).
pub(crate) fn begin(conn: &mut Connection) -> rusqlite::Result<rusqlite::Transaction<'_>> {
    conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
}
