//! `data backup` and `data restore`. A backup is a consistent copy of the database as of one
//! moment (SQLite's backup API, into memory, while other windows play on), written as a new file
//! whole or not at all. A restore brings rows, not a file: the file handed over is read (only a
//! regular file, without waiting on a FIFO, into memory: SQLite never opens it, nor a log beside
//! it) with the program's own readers, and each of its rows is checked as a row from anywhere is
//! (an id of the program's form, rules that parse, the names, dates and scores a game played here
//! can have (`record::limits`), a record that replays to its result, a save that rebuilds) and
//! written into the live database, whose schema is the program's own: no trigger, view or index
//! of the file comes along, whatever its page size or journal. What was refused is counted and
//! said. The database replaced is kept first, under a name no file has.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, MAIN_DB, OptionalExtension};

use crate::cards::rules::Rules;
use crate::record::{Within, entry};
use crate::store::api::Moves;
use crate::store::db::error::StoreError;
use crate::store::db::seal::Key;
use crate::store::db::{history, id, saves};

/// The largest file `data restore` reads (about 1.5 million games).
const LIMIT: u64 = 1 << 30;

/// The tables a backup's rows are read from, each a plain table.
const TABLES: [&str; 5] = ["rules", "decks", "games", "saves", "save_moves"];

/// What a restore brought.
#[derive(Debug, Default)]
pub(crate) struct Restored {
    pub(crate) games: usize,
    pub(crate) saves: usize,
    /// Why each refused row was refused (the row named).
    pub(crate) refused: Vec<String>,
    /// Where the database it replaced is kept.
    pub(crate) keep: PathBuf,
    /// How many older kept databases were removed ([`KEPT_COPIES`] stay).
    pub(crate) pruned: usize,
    /// Rows taken whose summary columns said otherwise than their record (edited by hand, say):
    /// the row and the columns, which now hold the record's figures.
    pub(crate) mended: Vec<String>,
}

/// The columns of a game's row that are a summary of its record (what `history` lists and
/// `stats` sums): a restore writes them from the record, and says where the backup's differed.
const SUMMARY_COLUMNS: [&str; 12] = [
    "game",
    "of",
    "started",
    "ended",
    "duration_secs",
    "outcome",
    "score",
    "played",
    "highest",
    "undos",
    "deal",
    "daily",
];

/// The summary columns of game `id` in `src` that differ from its row in `tx` (as just written
/// from its record).
fn columns_differing(
    src: &Connection,
    tx: &Connection,
    id: &str,
) -> rusqlite::Result<Vec<&'static str>> {
    let row = |c: &Connection| -> rusqlite::Result<Vec<rusqlite::types::Value>> {
        // Cached: asked of every row a restore takes.
        c.prepare_cached(&format!(
            "SELECT {} FROM games WHERE id = ?1",
            SUMMARY_COLUMNS.join(", ")
        ))?
        .query_row([id], |r| {
            (0..SUMMARY_COLUMNS.len()).map(|i| r.get(i)).collect()
        })
    };
    let (was, now) = (row(src)?, row(tx)?);
    Ok(SUMMARY_COLUMNS
        .iter()
        .zip(was.iter().zip(&now))
        .filter(|(_, (a, b))| a != b)
        .map(|(name, _)| *name)
        .collect())
}

/// How many databases replaced by restores are kept, the newest: each is a whole copy, and a
/// player restoring now and then would otherwise fill the disk with them.
pub(crate) const KEPT_COPIES: usize = 3;

/// The bytes of the database `conn` as of one moment, through SQLite's backup API (so other
/// windows may write meanwhile), standing alone: its header says no log goes with it.
fn snapshot(conn: &Connection) -> rusqlite::Result<Vec<u8>> {
    let mut copy = Connection::open_in_memory()?;
    rusqlite::backup::Backup::new(conn, &mut copy)?.run_to_completion(
        256,
        Duration::from_millis(5),
        None,
    )?;
    let mut bytes = copy.serialize(MAIN_DB)?.to_vec();
    standalone(&mut bytes);
    Ok(bytes)
}

/// Marks the header of the database `bytes` as a file without a write-ahead log (bytes 18 and
/// 19, the read and write versions: 2 is WAL, 1 a rollback journal), so that a copy opens alone.
fn standalone(bytes: &mut [u8]) {
    if bytes.len() >= 100 {
        for b in &mut bytes[18..20] {
            if *b == 2 {
                *b = 1;
            }
        }
    }
}

/// A consistent copy of the database at `to`, as of one moment, while other windows play on,
/// written to the path exactly as given (any bytes, not only UTF-8) as a new file, whole or not
/// at all: an existing file is never replaced, and a failure leaves nothing there.
pub(crate) fn backup(conn: &Connection, to: &Path) -> Result<(), StoreError> {
    let fail = |e: StoreError| {
        e.context(|m| {
            format!(
                "cannot write the backup {}: {m} (nothing was written)",
                to.display()
            )
        })
    };
    let exists = || {
        StoreError::Refused(format!(
            "{} exists already; give a new file name (nothing was written)",
            to.display()
        ))
    };
    if std::fs::symlink_metadata(to).is_ok() {
        return Err(exists());
    }
    let bytes = snapshot(conn).map_err(|e| fail(e.into()))?;
    crate::base::fsread::create_whole(to, &[&bytes]).map_err(|e| {
        if e.kind() == std::io::ErrorKind::AlreadyExists {
            exists()
        } else if e.kind() == std::io::ErrorKind::StorageFull {
            fail(StoreError::Full(format!("the disk is full ({e})")))
        } else {
            fail(e.into())
        }
    })
}

/// Keeps the database `conn` holds as `new2048.db.before-restore-<time>` in `dir` (`-2`, `-3`...
/// when that name is taken: two restores in one second keep both). The path written.
fn keep(conn: &Connection, dir: &Path) -> Result<PathBuf, StoreError> {
    let bytes = snapshot(conn).map_err(|e| {
        StoreError::from(e).context(|m| format!("cannot copy the database to keep it: {m}"))
    })?;
    let stamp = crate::base::utc::compact(crate::base::utc::now());
    let base = dir.join(format!(
        "{}.before-restore-{stamp}",
        crate::store::db::schema::DB_FILE
    ));
    crate::store::db::mend::free_name(&base, |path| {
        crate::base::fsread::create_whole(path, &[&bytes])
    })
    .map_err(|e| {
        StoreError::from(e)
            .context(|m| format!("cannot keep the database as {}: {m}", base.display()))
    })
}

/// The file `from` read into memory as a database of its own, or why it is not one this program
/// restores from ([`StoreError::Refused`]: whatever is wrong with it is the file's).
fn open_backup(from: &Path) -> Result<Connection, StoreError> {
    let refused = |why: &dyn std::fmt::Display| StoreError::Refused(why.to_string());
    let mut bytes = crate::base::fsread::read(from, crate::base::fsread::Links::Follow, LIMIT)
        .map_err(|e| refused(&e.reason()))?;
    if !bytes.starts_with(b"SQLite format 3\0") || bytes.len() < 100 {
        return Err(refused(
            &"it is not a database (give a file `new2048 data backup` wrote)",
        ));
    }
    standalone(&mut bytes);
    // An in-memory database of the file's bytes: what fails from here is the file's doing.
    let read = || -> rusqlite::Result<Connection> {
        let mut src = Connection::open_in_memory()?;
        let len = bytes.len();
        src.deserialize_read_exact(MAIN_DB, &bytes[..], len, true)?;
        // What the file's schema holds runs nothing but SQLite's harmless functions.
        src.pragma_update(None, "trusted_schema", false)?;
        Ok(src)
    };
    let src = read().map_err(|e| refused(&e))?;
    drop(bytes);
    let version: i64 = src
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(|e| refused(&e))?;
    if !(1..=crate::store::db::schema::VERSION).contains(&version) {
        return Err(refused(&format!(
            "it is not a new2048 database this version reads (schema {version})"
        )));
    }
    let damage: String = src
        .query_row("PRAGMA quick_check(1)", [], |r| r.get(0))
        .map_err(|e| refused(&e))?;
    if damage != "ok" {
        return Err(refused(&format!("it is damaged ({damage})")));
    }
    for table in TABLES {
        let plain = plain_table(&src, table).map_err(|e| refused(&e))?;
        if !plain {
            return Err(refused(&format!(
                "its `{table}` is not a plain table, as new2048 writes it"
            )));
        }
    }
    Ok(src)
}

/// Whether `table` of `src` is a table, with no hidden (virtual or generated) column.
fn plain_table(src: &Connection, table: &str) -> rusqlite::Result<bool> {
    let kind: Option<String> = src
        .query_row(
            "SELECT type FROM sqlite_schema WHERE name = ?1",
            [table],
            |r| r.get(0),
        )
        .optional()?;
    let plain: bool = src.query_row(
        "SELECT count(*) = 0 FROM pragma_table_xinfo(?1) WHERE hidden != 0",
        [table],
        |r| r.get(0),
    )?;
    Ok(kind.as_deref() == Some("table") && plain)
}

/// Puts the rows of the backup `from` in place of those `conn` holds, each checked (see the
/// module docs), the games verified with `key` as they are replayed; what `conn` held is first
/// kept in `dir`. Nothing changes when the file is refused whole, or when none of its rows can
/// be taken.
pub(crate) fn restore(
    conn: &mut Connection,
    key: Option<Key>,
    from: &Path,
    dir: &Path,
) -> Result<Restored, StoreError> {
    let src = open_backup(from).map_err(|e| {
        e.context(|why| {
            format!(
                "{} cannot be restored: {why} (nothing was changed)",
                from.display()
            )
        })
    })?;
    let keep = keep(conn, dir)?;
    let done = (|| -> Result<Restored, StoreError> {
        let tx = crate::store::db::schema::begin(conn)?;
        tx.execute_batch(
            "DELETE FROM save_moves; DELETE FROM saves; DELETE FROM games; DELETE FROM decks; \
             DELETE FROM rules;",
        )?;
        let mut got = copy_rows(&src, &tx, key)?;
        if got.games + got.saves > 0 || got.refused.is_empty() {
            tx.commit()?;
        }
        got.keep.clone_from(&keep);
        Ok(got)
    })();
    let fail = |e: StoreError| {
        let _ = std::fs::remove_file(&keep);
        Err(e.context(|why| {
            format!(
                "cannot restore {}: {why} (nothing was changed)",
                from.display()
            )
        }))
    };
    match done {
        Err(e) => fail(e),
        Ok(got) if got.games + got.saves == 0 && !got.refused.is_empty() => {
            fail(StoreError::Refused(format!(
                "none of its rows could be taken: {}",
                summary(&got.refused)
            )))
        }
        Ok(mut got) => {
            got.pruned = prune_kept(dir, &keep);
            Ok(got)
        }
    }
}

/// Removes the databases earlier restores kept in `dir` but the newest [`KEPT_COPIES`] (`keep`,
/// just written, among them), oldest first by when they were written; how many went. Only
/// regular files of the kept copies' names are touched.
fn prune_kept(dir: &Path, keep: &Path) -> usize {
    let prefix = format!("{}.before-restore-", crate::store::db::schema::DB_FILE);
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut kept: Vec<(std::time::SystemTime, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with(&prefix))
        .filter_map(|e| {
            let meta = std::fs::symlink_metadata(e.path()).ok()?;
            let when = meta.modified().ok()?;
            meta.is_file().then(|| (when, e.path()))
        })
        .filter(|(_, path)| path != keep)
        .collect();
    // Newest first; the name breaks a tie (its stamp and `-2`, `-3`).
    kept.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| b.1.cmp(&a.1)));
    kept.iter()
        .skip(KEPT_COPIES - 1)
        .filter(|(_, path)| std::fs::remove_file(path).is_ok())
        .count()
}

/// At most five reasons, and how many more.
pub(crate) fn summary(refused: &[String]) -> String {
    let mut s = refused
        .iter()
        .take(5)
        .cloned()
        .collect::<Vec<_>>()
        .join("; ");
    if refused.len() > 5 {
        s.push_str(&format!("; and {} more", refused.len() - 5));
    }
    s
}

/// Why a row of a backup was not taken: the row's fault (it is refused, and the rest restored),
/// or the live database's (a full disk: the restore fails).
enum Untaken {
    Refused(String),
    Failed(StoreError),
}

impl Untaken {
    /// What of the backup does not read: the row is refused.
    fn refused(why: impl std::fmt::Display) -> Untaken {
        Untaken::Refused(why.to_string())
    }

    /// A write into the live database that failed: a constraint the row breaks refuses it, any
    /// other failure (a full disk, a read-only file) is the machine's.
    fn written(e: rusqlite::Error) -> Untaken {
        match e.sqlite_error_code() {
            None | Some(rusqlite::ErrorCode::ConstraintViolation) => Untaken::refused(e),
            Some(_) => Untaken::Failed(e.into()),
        }
    }
}

/// A read of the backup `src` that failed: the file's fault.
fn unread(e: rusqlite::Error) -> StoreError {
    StoreError::Refused(format!("it cannot be read ({e})"))
}

/// Counts the row `taken` in `got`, or its refusal (`refused` names the row); a failure of the
/// live database ends the restore.
fn tally(
    got: &mut Restored,
    taken: Result<bool, Untaken>,
    refused: impl Fn(&str) -> String,
    second: &str,
) -> Result<bool, StoreError> {
    match taken {
        Ok(true) => return Ok(true),
        Ok(false) => got.refused.push(refused(second)),
        Err(Untaken::Refused(why)) => got
            .refused
            .push(refused(&crate::base::visible::escape(&why))),
        Err(Untaken::Failed(e)) => return Err(e),
    }
    Ok(false)
}

/// Reads every row of `src` with the program's readers and writes those that pass into `tx`.
fn copy_rows(src: &Connection, tx: &Connection, key: Option<Key>) -> Result<Restored, StoreError> {
    let mut got = Restored::default();
    let now = crate::base::utc::now();
    let bad_rules = bad_rules(src).map_err(unread)?;
    let mut q = src
        .prepare("SELECT n, CAST(id AS TEXT), rules FROM games ORDER BY n")
        .map_err(unread)?;
    let games = q
        .query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, Option<String>>(1)?.unwrap_or_default(),
                r.get::<_, Option<i64>>(2)?,
            ))
        })
        .map_err(unread)?;
    for row in games {
        let (n, gid, rules) = row.map_err(unread)?;
        let taken = (|| -> Result<bool, Untaken> {
            id::checked(&gid).map_err(Untaken::refused)?;
            if let Some(why) = rules.and_then(|r| bad_rules.get(&r)) {
                return Err(Untaken::refused(format!("its rules do not read ({why})")));
            }
            let e = history::record(src, &gid)
                .map_err(Untaken::refused)?
                .ok_or_else(|| Untaken::refused("it has no rules row"))?;
            if e.id() != gid {
                return Err(Untaken::refused("its record names another game"));
            }
            e.within(now).map_err(Untaken::refused)?;
            entry::replays_as_recorded(&e).map_err(|why| {
                Untaken::refused(format!("its moves do not give its result ({why})"))
            })?;
            history::add(tx, &e, key).map_err(Untaken::written)
        })();
        let refused = |why: &str| format!("row n {n} of games: {why}");
        if tally(&mut got, taken, refused, "a second row of the same game")? {
            got.games += 1;
            let differing = columns_differing(src, tx, &gid).unwrap_or_default();
            if !differing.is_empty() {
                got.mended
                    .push(format!("row n {n} of games ({})", differing.join(", ")));
            }
        }
    }
    for (sid, _) in saves::list(src).map_err(unread)? {
        let taken = (|| -> Result<bool, Untaken> {
            id::checked(&sid).map_err(Untaken::refused)?;
            let rules: Option<i64> = src
                .query_row("SELECT rules FROM saves WHERE id = ?1", [&sid], |r| {
                    r.get(0)
                })
                .optional()
                .map_err(Untaken::refused)?
                .flatten();
            if let Some(why) = rules.and_then(|r| bad_rules.get(&r)) {
                return Err(Untaken::refused(format!("its rules do not read ({why})")));
            }
            let save = saves::load(src, &sid)
                .map_err(Untaken::refused)?
                .ok_or_else(|| Untaken::refused("it is gone"))?;
            save.within(now).map_err(Untaken::refused)?;
            let game = save.rebuild().map_err(Untaken::refused)?;
            if history::recorded(tx, &sid).map_err(Untaken::written)? {
                return Err(Untaken::refused(format!(
                    "its game {sid} is recorded already"
                )));
            }
            let (_, saved) = save.id_saved();
            let written = saves::write_in(tx, &sid, &*game.view(), saved, true, &Moves::default())
                .map_err(Untaken::written)?;
            Ok(written.is_some())
        })();
        let refused = |why: &str| format!("a row of saves: {why}");
        if tally(&mut got, taken, refused, "a second row of the same save")? {
            got.saves += 1;
        }
    }
    Ok(got)
}

/// Why each rules row of `src` that does not parse (or whose text is far past any rules file)
/// does not: their games are refused unread.
fn bad_rules(src: &Connection) -> rusqlite::Result<std::collections::HashMap<i64, String>> {
    let mut bad = std::collections::HashMap::new();
    let mut q = src.prepare("SELECT id, CAST(toml AS TEXT) FROM rules")?;
    let rules = q.query_map([], |r| {
        Ok((r.get::<_, i64>(0)?, r.get::<_, Option<String>>(1)?))
    })?;
    for row in rules {
        let (rid, toml) = row?;
        let toml = toml.unwrap_or_default();
        let why = if toml.len() as u64 > crate::config::paths::CONFIG_FILE_BYTES {
            Some("its text is larger than any rules file".to_string())
        } else {
            Rules::parse(&toml, "the rules", None)
                .err()
                .map(|e| e.to_string())
        };
        if let Some(why) = why {
            bad.insert(rid, why);
        }
    }
    Ok(bad)
}
