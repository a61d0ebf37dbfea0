//! Mending a damaged database without ever hiding a game. The damaged file stays where it is
//! while what of it still reads is copied (`salvage`) into `new2048.db.mending`, a file of the
//! data folder; that copy is synced and renamed `new2048.db.mended` (a copy that is whole), and
//! only then is the swap made: the damaged file is kept under a new name taken by a hard link
//! (which never replaces a file), its log moved beside it, and the mended copy renamed over
//! `new2048.db`. A kill at any moment leaves the damaged file in place (the next start copies
//! again) or a whole mended copy (the next start finishes the swap, [`finish`]), never an empty
//! database. A disk too full for the copy leaves everything as it was and says how much room the
//! copy needs.
//!
//! Other windows keep out of the way through `new2048.db.lock`: mending holds it exclusively;
//! opening the database, every write and closing hold it shared ([`Lock::hold`]). A window that
//! starts meanwhile waits, and says so on stderr; a window with the database open notices before
//! its next write that the file was replaced (its device and inode, [`identity`]) and reopens.
//!
//! On Windows a file another process has open cannot be renamed over (SQLite opens the database
//! without letting it be deleted), so there the swap waits until no other window has the
//! database open: the mending window says the mended copy could not be put in place, both files
//! are kept, and the next start that finds the copy whole finishes the swap ([`finish`]).

pub(crate) mod open;
mod salvage;

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};

use crate::store::db::error::StoreError;
use crate::store::db::schema::{self, DB_FILE, Opened};

/// The copy being written.
const MENDING: &str = "new2048.db.mending";
/// The copy written whole and synced, waiting to be put in place.
const MENDED: &str = "new2048.db.mended";
/// What the player is to be told of the mended copy, written before it is renamed whole.
const NOTE: &str = "new2048.db.mended-note";

/// The data folder's lock, `new2048.db.lock`, open for the life of a store.
#[derive(Debug, Default)]
pub(crate) struct Lock {
    file: Option<File>,
    dir: PathBuf,
}

/// A shared hold of the lock, let go when dropped.
pub(crate) struct SharedHold(Option<File>);

impl Drop for SharedHold {
    fn drop(&mut self) {
        if let Some(f) = &self.0 {
            let _ = f.unlock();
        }
    }
}

impl Lock {
    /// The lock of the data folder `dir` (none where it cannot be made, a read-only folder
    /// without it: nothing is mended there).
    pub(crate) fn open(dir: &Path) -> Lock {
        let path = dir.join(format!("{DB_FILE}.lock"));
        let mut options = OpenOptions::new();
        options.read(true).write(true).create(true).truncate(false);
        let file =
            crate::base::fsread::open_with(&path, crate::base::fsread::Links::Refuse, &mut options)
                .or_else(|_| {
                    crate::base::fsread::open_with(
                        &path,
                        crate::base::fsread::Links::Refuse,
                        OpenOptions::new().read(true),
                    )
                })
                .ok();
        Lock {
            file,
            dir: dir.to_path_buf(),
        }
    }

    /// Holds the lock shared until the hold is dropped: waits while another window mends.
    pub(crate) fn hold(&self) -> SharedHold {
        self.share();
        SharedHold(self.file.as_ref().and_then(|f| f.try_clone().ok()))
    }

    /// Takes the lock shared (from none or from exclusive).
    pub(crate) fn share(&self) {
        self.wait(false);
    }

    /// Takes the lock exclusively (from none or from shared): waits for every other window's
    /// opening, write or closing under way.
    fn exclusive(&self) {
        self.wait(true);
    }

    fn wait(&self, exclusive: bool) {
        let Some(f) = &self.file else {
            return;
        };
        let attempt = || {
            if exclusive {
                f.try_lock()
            } else {
                f.try_lock_shared()
            }
        };
        // A write holds it shared for a moment: a short wait is not worth a line.
        for _ in 0..20 {
            match attempt() {
                Ok(()) | Err(TryLockError::Error(_)) => return,
                Err(TryLockError::WouldBlock) => std::thread::sleep(Duration::from_millis(10)),
            }
        }
        let path = self.dir.join(DB_FILE);
        let line = if exclusive {
            format!(
                "new2048: the database {} is damaged; waiting for the other new2048 windows to \
                 finish their writes before it is mended…",
                path.display()
            )
        } else {
            format!(
                "new2048: another new2048 is mending the damaged database {}; waiting for it to \
                 finish…",
                path.display()
            )
        };
        let _ = writeln!(std::io::stderr(), "{line}");
        let _ = if exclusive { f.lock() } else { f.lock_shared() };
    }
}

/// Which file is at `path`, as the system names it: another pair means the file was replaced,
/// the same pair is the same file (under any of its names, hard links included). `None` when
/// nothing can be asked there.
///
/// On Unix the device and the inode. On Windows the nearest it has: the volume's serial number
/// and the file's index on that volume (`GetFileInformationByHandle`), which NTFS keeps for the
/// life of a file and shares between its hard links, as an inode. Where they differ: the index is
/// 64 bits, and the `ReFS` file system (Windows Server's) numbers files in 128, so two files there
/// could in principle share the lower half; and asking opens the file (with every sharing
/// allowed, so no other window is kept from it), where Unix only looks at its name.
#[cfg(unix)]
pub(crate) fn identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

/// See the Unix version above.
#[cfg(windows)]
pub(crate) fn identity(path: &Path) -> Option<(u64, u64)> {
    let handle = winapi_util::Handle::from_path_any(path).ok()?;
    let info = winapi_util::file::information(&handle).ok()?;
    Some((info.volume_serial_number(), info.file_index()))
}

/// Whether a mending was left unfinished in `dir` (a killed window): opening checks the file.
pub(crate) fn interrupted(dir: &Path) -> bool {
    dir.join(MENDING).exists() || dir.join(MENDED).exists() || dir.join(NOTE).exists()
}

/// The database of `dir` was found sound (the lock held shared, so no mending is under way):
/// the request to check it, and a copy a killed window left half-written, are dropped.
pub(crate) fn found_sound(dir: &Path) {
    let _ = fs::remove_file(dir.join(schema::CHECK_MARK));
    let _ = fs::remove_file(dir.join(MENDING));
}

/// The message of a finished mending was handed to the player: its note is dropped (a window
/// killed before that leaves it, and the next start says it again). Kept while a mending is
/// under way, whose note it may be.
pub(crate) fn said(dir: &Path) {
    if !dir.join(MENDING).exists() && !dir.join(MENDED).exists() {
        let _ = fs::remove_file(dir.join(NOTE));
    }
}

/// Puts in place a mended copy a killed window left whole (holding `lock` shared on entry and
/// on return), with what the player is told of it; `None` when there was none.
pub(crate) fn finish(dir: &Path, lock: &Lock) -> Result<Option<Opened>, StoreError> {
    if !dir.join(MENDED).exists() && !dir.join(NOTE).exists() {
        return Ok(None);
    }
    lock.exclusive();
    let done = swap(dir);
    lock.share();
    done
}

/// The damaged database of `dir` (`conn` open on it, if it opened; `e`, what was found), mended:
/// under the exclusive lock, unless another window mended it meanwhile, what reads is copied and
/// the copy put in its place. Holds `lock` shared on entry and on return.
pub(crate) fn mend(
    dir: &Path,
    lock: &Lock,
    conn: Option<Connection>,
    e: &StoreError,
) -> Result<(Connection, Option<Opened>), StoreError> {
    drop(conn);
    lock.exclusive();
    let done = mend_held(dir, e);
    lock.share();
    done
}

fn mend_held(dir: &Path, e: &StoreError) -> Result<(Connection, Option<Opened>), StoreError> {
    let path = schema::path_in(dir);
    let cannot =
        |e: StoreError| e.context(|m| format!("cannot open the database {}: {m}", path.display()));
    // Another window may have mended it while this one waited for the lock.
    if let Some(note) = swap(dir)? {
        return Ok((schema::open_file(&path).map_err(cannot)?, Some(note)));
    }
    match schema::open_file(&path) {
        Ok(conn) if schema::damage_found(&conn).is_none() => {
            found_sound(dir);
            return Ok((conn, None));
        }
        Ok(_) => {}
        Err(again) if again.is_damage() => {}
        Err(again) => return Err(cannot(again)),
    }
    copy(dir, e)?;
    let note = swap(dir)?;
    Ok((schema::open_file(&path).map_err(cannot)?, note))
}

/// Copies what of the damaged database still reads into a new file, synced, and renames it
/// whole ([`MENDED`]) with its note beside it. On failure (a full disk) nothing is left of it.
fn copy(dir: &Path, e: &StoreError) -> Result<(), StoreError> {
    let path = schema::path_in(dir);
    let (mending, mended, note) = (dir.join(MENDING), dir.join(MENDED), dir.join(NOTE));
    let clear = || {
        for p in [&mending, &note] {
            let _ = fs::remove_file(p);
        }
        let _ = fs::remove_file(format!("{}-journal", mending.display()));
    };
    clear();
    let done = (|| -> Result<(), StoreError> {
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let mut conn = Connection::open_with_flags(&mending, flags)?;
        // A copy that fails is thrown away whole: no journal needed, nor a sync per commit.
        conn.pragma_update(None, "journal_mode", "OFF")?;
        conn.pragma_update(None, "synchronous", "OFF")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        schema::migrate(&conn)?;
        let saved = salvage::copy_rows(&path, &mut conn)?;
        conn.close().map_err(|(_, e)| e)?;
        File::open(&mending)?.sync_all()?;
        let text = format!("{e}\n{}", saved.describe());
        let mut f = File::create(&note)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        fs::rename(&mending, &mended)?;
        let _ = crate::base::fsread::sync_folder(dir);
        Ok(())
    })();
    done.map_err(|failed| {
        clear();
        let need = [String::new(), "-wal".into()]
            .iter()
            .filter_map(|s| fs::metadata(format!("{}{s}", path.display())).ok())
            .map(|m| m.len())
            .sum::<u64>();
        // What this user may still write there (statvfs's f_bavail, GetDiskFreeSpaceExW's
        // bytes free to the caller).
        let free = fs4::available_space(dir).ok();
        let kept = "nothing was moved or changed";
        match failed {
            StoreError::Full(m) => StoreError::Full(format!(
                "the database {} is damaged ({e}), and the disk has no room for a mended copy of \
                 what still reads ({m}): it needs about {} free{}; {kept}. Free some space, then \
                 start new2048 again",
                path.display(),
                size(need),
                free.map_or(String::new(), |f| format!(", and {} is", size(f)))
            )),
            other => other.context(|m| {
                format!(
                    "the database {} is damaged ({e}), and a mended copy could not be written \
                     ({m}); {kept}",
                    path.display()
                )
            }),
        }
    })
}

fn size(bytes: u64) -> String {
    if bytes >= 10 << 20 {
        format!("{} MB", bytes >> 20)
    } else {
        format!("{} KB", bytes.div_ceil(1024))
    }
}

/// Under the exclusive lock: puts a whole mended copy in place of the damaged file, which is
/// kept under a new name, its log beside it. Each step can be done again: a window killed half
/// way leaves it for the next. What the player is told, `None` when there was no copy.
fn swap(dir: &Path) -> Result<Option<Opened>, StoreError> {
    let (path, mended, note) = (schema::path_in(dir), dir.join(MENDED), dir.join(NOTE));
    let said = fs::read_to_string(&note).ok();
    if !mended.exists() {
        // A note beside a copy never renamed whole (a window killed between writing the one
        // and renaming the other) is of no copy put in place: the file is mended anew.
        if dir.join(MENDING).exists() {
            return Ok(None);
        }
        // Put in place by a window killed before it said so: said again, until said (the note
        // stays until the message was handed to the player, [`said`]).
        return Ok(said.map(|s| opened(&path, None, &s)));
    }
    let fail = |e: std::io::Error| {
        StoreError::from(e).context(|m| {
            format!(
                "the database {} is damaged, and its mended copy {} could not be put in its place \
                 ({m}); both are kept",
                path.display(),
                mended.display()
            )
        })
    };
    let aside = match fs::symlink_metadata(&path) {
        Ok(_) => Some(keep_aside(&path).map_err(fail)?),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(fail(e)),
    };
    for suffix in ["-wal", "-shm"] {
        let from = PathBuf::from(format!("{}{suffix}", path.display()));
        if !from.exists() {
            continue;
        }
        if let (Some(aside), "-wal") = (&aside, suffix) {
            let to = PathBuf::from(format!("{}{suffix}", aside.display()));
            if identity(&to).is_none() {
                fs::hard_link(&from, &to).map_err(fail)?;
            }
        }
        // The log of another file must never be read as the mended one's.
        fs::remove_file(&from).map_err(fail)?;
    }
    fs::rename(&mended, &path).map_err(fail)?;
    let _ = crate::base::fsread::sync_folder(dir);
    let _ = fs::remove_file(dir.join(schema::CHECK_MARK));
    Ok(Some(opened(
        &path,
        aside.as_deref(),
        &said.unwrap_or_default(),
    )))
}

/// What the player is told of a mended database (`said`: the note, what was found, then what
/// came back).
fn opened(path: &Path, aside: Option<&Path>, said: &str) -> Opened {
    let (why, came) = said.split_once('\n').unwrap_or((said, ""));
    let kept = aside.map_or_else(
        || "it was kept beside it as new2048.db.damaged-… (nothing was deleted)".to_string(),
        |a| format!("it was kept as {} (nothing was deleted)", a.display()),
    );
    let mut note = format!(
        "the database {} was damaged ({why}); {kept}, and a mended copy put in its place",
        path.display()
    );
    if !came.is_empty() {
        note.push_str(&format!("; {came}"));
    }
    Opened {
        note,
        damaged: true,
    }
}

/// A second name for the damaged file `path`, taken by a hard link (never replacing a file);
/// the one an earlier, killed, swap took if there is one.
fn keep_aside(path: &Path) -> std::io::Result<PathBuf> {
    let dir = crate::base::fsread::parent(path);
    let prefix = format!("{DB_FILE}.damaged-");
    let id = identity(path);
    for entry in fs::read_dir(dir)?.filter_map(Result::ok) {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with(&prefix)
            && !name.ends_with("-wal")
            && !name.ends_with("-shm")
            && id.is_some()
            && identity(&entry.path()) == id
        {
            return Ok(entry.path());
        }
    }
    let stamp = crate::base::utc::compact(crate::base::utc::now());
    let mut aside = path.as_os_str().to_owned();
    aside.push(format!(".damaged-{stamp}"));
    free_name(Path::new(&aside), |to| fs::hard_link(path, to))
}

/// Makes a file with `make` at `base`, or at `base-2`, `base-3`... while the name is taken
/// (`make` fails with `AlreadyExists`: it never replaces a file, so two windows, or two
/// commands in one second, each keep their own). The path made.
pub(crate) fn free_name(
    base: &Path,
    mut make: impl FnMut(&Path) -> std::io::Result<()>,
) -> std::io::Result<PathBuf> {
    for n in 1..1000 {
        let mut name = base.as_os_str().to_owned();
        if n > 1 {
            name.push(format!("-{n}"));
        }
        let path = PathBuf::from(name);
        match make(&path) {
            Ok(()) => return Ok(path),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::AlreadyExists,
        format!("every name {}-N is taken", base.display()),
    ))
}
