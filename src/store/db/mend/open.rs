//! Opening the database as every window does: the folder made, a link or FIFO where the file
//! should be refused, a mended copy a killed window left put in place, the file checked when it
//! is small or some window asked for it, mended when damaged, and opened to read only when the
//! folder cannot be written. Here, above the schema (`schema.rs`, the file and its tables) and
//! beside the mending it calls, so that the schema never calls up into the mending.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags};

use super::Lock;
use crate::store::db::error::StoreError;
use crate::store::db::schema::{CHECK_MARK, DB_FILE, Opened, damage_found, open_file, path_in};

/// Opens (creating if needed) the database in `dir`, migrated to this program's schema, with
/// what opening it had to say (a damaged file mended, or the database read only). The caller
/// holds `lock` shared, and does on return.
pub(crate) fn open_or_mend(
    dir: &Path,
    lock: &Lock,
) -> Result<(Connection, Option<Opened>), StoreError> {
    std::fs::create_dir_all(dir).map_err(|e| {
        StoreError::from(e)
            .context(|m| format!("cannot make the data folder {}: {m}", dir.display()))
    })?;
    let path = path_in(dir);
    refuse_special(&path)?;
    // A mended copy a killed window left whole is put in place first.
    let finished = super::finish(dir, lock)?;
    let reading_only = |conn, note: String| {
        Ok((
            conn,
            Some(Opened {
                note,
                damaged: false,
            }),
        ))
    };
    let read_only = |conn, why: &dyn std::fmt::Display| {
        reading_only(
            conn,
            format!(
                "the data folder {} cannot be written ({why}): history, stats and saved games \
                 still read, but no game is saved or recorded while that lasts. Make the folder \
                 and {DB_FILE} writable, or set {} to a folder you can write to.",
                dir.display(),
                crate::config::paths::DATA_DIR_ENV
            ),
        )
    };
    match open_file(&path) {
        // SQLite opens a file it cannot write to read only, saying nothing.
        Ok(conn) if conn.is_readonly(rusqlite::MAIN_DB).unwrap_or(false) => {
            read_only(conn, &"the database file is read-only")
        }
        // Damage that opening does not read (a page of a table, an index) hides rows from
        // every listing: it is mended as a file that does not open is.
        Ok(conn) if !to_check(dir, &path) => Ok((conn, finished)),
        Ok(conn) => match damage_found(&conn) {
            None => {
                super::found_sound(dir);
                Ok((conn, finished))
            }
            Some(e) if e.is_damage() => super::mend(dir, lock, Some(conn), &e),
            Some(e) => Err(cannot_open(&path, e)),
        },
        Err(e) if e.is_damage() => super::mend(dir, lock, None, &e),
        Err(e) if e.is_read_only() && path.is_file() => {
            let conn = open_read_only(&path).map_err(|e| cannot_open(&path, e.into()))?;
            read_only(conn, &e)
        }
        // A window needs room for the log's shared-memory file (32 KB) before it reads a
        // thing: on a full disk the file is read as it is, and the player told what to free.
        Err(e) if out_of_room(dir, &e) && path.is_file() => {
            let conn = open_read_only(&path).map_err(|_| cannot_open(&path, e.clone()))?;
            let free = fs4::available_space(dir).map_or(String::new(), |f| {
                format!(" ({} KB free)", f.div_ceil(1024))
            });
            reading_only(
                conn,
                format!(
                    "the disk of the data folder {} is full{free}: history, stats and saved \
                     games still read, but no game is saved or recorded until there is room. \
                     Free some space (a few MB), then start new2048 again.",
                    dir.display()
                ),
            )
        }
        Err(e) => Err(cannot_open(&path, e)),
    }
}

/// Less room than this on the disk of the data folder, and an I/O error opening the database
/// is taken for the disk being full (SQLite says only "disk I/O error" when it cannot size the
/// log's shared-memory file).
const ROOM_TO_OPEN: u64 = 256 * 1024;

/// Whether opening failed for want of room: the disk said so, or an I/O error came with less
/// than [`ROOM_TO_OPEN`] free.
fn out_of_room(dir: &Path, e: &StoreError) -> bool {
    match e {
        StoreError::Full(_) => true,
        StoreError::Io(_) => fs4::available_space(dir).is_ok_and(|free| free < ROOM_TO_OPEN),
        _ => false,
    }
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
fn refuse_special(path: &Path) -> Result<(), StoreError> {
    for suffix in ["", "-wal", "-shm"] {
        let file = PathBuf::from(format!("{}{suffix}", path.display()));
        if let Ok(m) = std::fs::symlink_metadata(&file)
            && !m.is_file()
        {
            return Err(StoreError::NotRegular(format!(
                "the database file {} is {}, not a regular file, so it is not opened; move it \
                 away",
                file.display(),
                crate::base::fsread::kind_of(m.file_type())
            )));
        }
    }
    Ok(())
}

/// Up to this size (about 3,000 games) the database is checked at every opening, in about 5 ms.
const CHECKED_UP_TO: u64 = 2 << 20;

/// Whether opening checks the database at `path` in `dir`: a small one always, a larger one
/// when some window met damage in it or a mending was left unfinished.
fn to_check(dir: &Path, path: &Path) -> bool {
    let small = std::fs::metadata(path).is_ok_and(|m| m.len() <= CHECKED_UP_TO);
    small || dir.join(CHECK_MARK).exists() || super::interrupted(dir)
}

fn cannot_open(path: &Path, e: StoreError) -> StoreError {
    e.context(|m| format!("cannot open the database {}: {m}", path.display()))
}
