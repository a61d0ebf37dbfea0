//! The only code that writes to the data folder: atomic replacement, the folder lock, and moving
//! a damaged file aside.
//!
//! - **Atomic writes.** A file is written to a temporary file in the same folder (so the rename
//!   never crosses file systems), flushed to disk with `fsync`, then renamed over its target, and
//!   the folder is flushed so the rename itself survives a power cut. A reader therefore sees the
//!   old file or the new one, never half of one, and a process killed mid-write leaves at most a
//!   stray temporary file (named `.tmp*`, ignored by readers).
//! - **The lock.** Every change to the folder happens while holding an exclusive
//!   `std::fs::File::lock` on `<data dir>/lock`. The lock is advisory and released by the kernel
//!   when the process dies, so a killed game never leaves the folder locked. It is taken with
//!   `try_lock` in a loop for at most [`LOCK_WAIT`], never with a blocking wait: a process stopped
//!   (Ctrl-Z) while holding it, or anything else that keeps it, costs a warning, never a hang.
//! - **Nothing but regular files.** The folder is shared with whatever else the player runs, so a
//!   name in it may be a FIFO, a device or a symbolic link. Every file of the folder is opened by
//!   [`open_file`]: `O_NOFOLLOW` (a link is refused, never followed to create or read its target)
//!   and `O_NONBLOCK` (opening a FIFO returns at once instead of waiting for a writer), then
//!   checked with `fstat` to be a regular file before a byte is read. A FIFO is thus never read
//!   from, and the lock file never creates the target of a link planted in its place.
//! - **Moving aside.** A file that cannot be read as what it should be is renamed to
//!   `<name>.<why>-<UTC time>` next to where it was, never deleted: the player can look at it, and
//!   the game goes on with a fresh file.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::utc;

/// The name of the lock file in the data folder.
pub(crate) const LOCK_FILE: &str = "lock";

/// The longest [`DirLock::acquire`] waits for another process to let the folder go. Every hold
/// is a few file operations, so a longer one means that process is stopped or stuck.
pub(crate) const LOCK_WAIT: Duration = Duration::from_secs(5);

/// The error of a name in the data folder that is not a regular file (a FIFO, a device, a
/// folder, or a symbolic link, which is not followed): see [`is_not_regular`].
#[derive(Debug)]
struct NotRegular(&'static str);

impl std::fmt::Display for NotRegular {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "it is {}, not a regular file, so it is not opened",
            self.0
        )
    }
}

impl std::error::Error for NotRegular {}

/// Whether `e` says the file was not a regular file (and so was left alone).
pub(crate) fn is_not_regular(e: &io::Error) -> bool {
    e.get_ref()
        .is_some_and(<dyn std::error::Error + Send + Sync>::is::<NotRegular>)
}

fn not_regular(what: &'static str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, NotRegular(what))
}

/// What kind of thing a non-regular file is, in words.
fn kind_of(t: fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
    }
    if t.is_dir() {
        "a folder"
    } else if t.is_symlink() {
        "a symbolic link"
    } else {
        "something else"
    }
}

/// Opens a file of the data folder with `options`, refusing anything but a regular file (see
/// the module docs): a symbolic link is not followed and a FIFO is not waited on.
pub(crate) fn open_file(path: &Path, options: &mut OpenOptions) -> io::Result<File> {
    // Looked at first, so that a FIFO is not even opened (opening one for reading, even without
    // waiting, would let a writer blocked on it go on); the checks below close the gap between
    // this look and the open.
    if let Ok(m) = fs::symlink_metadata(path)
        && !m.is_file()
    {
        return Err(not_regular(kind_of(m.file_type())));
    }
    #[cfg(unix)]
    {
        use rustix::fs::OFlags;
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags((OFlags::NOFOLLOW | OFlags::NONBLOCK).bits() as i32);
    }
    let file = match options.open(path) {
        Ok(f) => f,
        // O_NOFOLLOW on a link fails with ELOOP; a FIFO opened to write with no reader, ENXIO.
        #[cfg(unix)]
        Err(e)
            if [rustix::io::Errno::LOOP, rustix::io::Errno::NXIO]
                .iter()
                .any(|n| e.raw_os_error() == Some(n.raw_os_error())) =>
        {
            let what =
                fs::symlink_metadata(path).map_or("not a regular file", |m| kind_of(m.file_type()));
            return Err(not_regular(what));
        }
        Err(e) => return Err(e),
    };
    let kind = file.metadata()?.file_type();
    if !kind.is_file() {
        return Err(not_regular(kind_of(kind)));
    }
    Ok(file)
}

/// Whether the name `entry` found in a folder listing is a regular file (not followed); `Err`
/// says what it is instead, for the message that skips it.
pub(crate) fn regular_entry(entry: &fs::DirEntry) -> Result<(), &'static str> {
    match entry.file_type() {
        Ok(t) if t.is_file() => Ok(()),
        Ok(t) => Err(kind_of(t)),
        Err(_) => Err("unreadable"),
    }
}

/// The whole of a regular file of the data folder, at most [`crate::config::paths::MAX_FILE_BYTES`].
pub(crate) fn read_file(path: &Path) -> io::Result<Vec<u8>> {
    let file = open_file(path, OpenOptions::new().read(true))?;
    read_all(file)
}

/// Reads an open file to its end, refusing one larger than the largest file the program reads.
pub(crate) fn read_all(file: File) -> io::Result<Vec<u8>> {
    use std::io::Read;
    let limit = crate::config::paths::MAX_FILE_BYTES;
    let mut bytes = Vec::new();
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!("it is larger than {} MB", limit >> 20),
        ));
    }
    Ok(bytes)
}

/// An exclusive hold on the data folder, released when dropped.
pub(crate) struct DirLock {
    _file: File,
}

impl DirLock {
    /// Holds the folder once no other process does, waiting at most [`LOCK_WAIT`].
    pub(crate) fn acquire(dir: &Path) -> io::Result<DirLock> {
        DirLock::acquire_within(dir, LOCK_WAIT)
    }

    fn acquire_within(dir: &Path, wait: Duration) -> io::Result<DirLock> {
        let path = dir.join(LOCK_FILE);
        let file = open_file(
            &path,
            OpenOptions::new().create(true).truncate(false).write(true),
        )
        .map_err(|e| io::Error::new(e.kind(), format!("the lock file {}: {e}", path.display())))?;
        let deadline = Instant::now() + wait;
        loop {
            match file.try_lock() {
                Ok(()) => return Ok(DirLock { _file: file }),
                Err(TryLockError::WouldBlock) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                Err(TryLockError::WouldBlock) => {
                    return Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        format!(
                            "another process has held the lock {} for more than {} s",
                            path.display(),
                            wait.as_secs()
                        ),
                    ));
                }
                Err(TryLockError::Error(e)) => return Err(e),
            }
        }
    }
}

pub(crate) fn sync_dir(dir: &Path) {
    // Flushing a folder is how a rename is made durable on Unix; elsewhere opening a folder as a
    // file fails, and the rename is as durable as the platform makes it.
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

pub(crate) fn parent(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

pub(crate) fn temp_in(dir: &Path, bytes: &[u8]) -> io::Result<tempfile::NamedTempFile> {
    #[cfg(test)]
    faults::check()?;
    let mut tmp = tempfile::Builder::new().prefix(".tmp").tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    Ok(tmp)
}

/// Replaces `path` with `bytes` atomically (see the module docs).
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = parent(path);
    temp_in(dir, bytes)?.persist(path).map_err(|e| e.error)?;
    sync_dir(dir);
    Ok(())
}

/// Writes `bytes` atomically to a new file `path`, failing with `AlreadyExists` rather than
/// replacing a file that is there.
pub(crate) fn create_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = parent(path);
    temp_in(dir, bytes)?
        .persist_noclobber(path)
        .map_err(|e| e.error)?;
    sync_dir(dir);
    Ok(())
}

/// Renames `path` to `<path>.<why>-<UTC time>` (with `-2`, `-3`... if that is taken) and returns
/// the new path.
pub(crate) fn move_aside(path: &Path, why: &str) -> io::Result<PathBuf> {
    let base = format!(
        "{}.{why}-{}",
        path.file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
        utc::compact(utc::now())
    );
    let dir = parent(path);
    for n in 1..1000 {
        let name = if n == 1 {
            base.clone()
        } else {
            format!("{base}-{n}")
        };
        let to = dir.join(name);
        if to.exists() {
            continue;
        }
        fs::rename(path, &to)?;
        sync_dir(dir);
        return Ok(to);
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!("too many files moved aside next to {}", path.display()),
    ))
}

/// Removes temporary files (`.tmp*`) in `dir` last changed more than `age` ago: what a process
/// killed in the middle of a write leaves. Younger ones may belong to a write in progress.
pub(crate) fn sweep_temps(dir: &Path, age: std::time::Duration) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        // The name first: history holds thousands of files, none of them temporary.
        if !e.file_name().to_string_lossy().starts_with(".tmp") {
            continue;
        }
        let old = e
            .metadata()
            .and_then(|m| m.modified())
            .is_ok_and(|t| t.elapsed().is_ok_and(|a| a > age));
        if old {
            let _ = fs::remove_file(e.path());
        }
    }
}

/// Injected faults for the tests: while [`faults::fail_writes`] is set on a thread, every file
/// that thread starts writing fails as on a full disk; [`faults::kill_after_record`] stops a game
/// end where a kill would.
#[cfg(test)]
pub(crate) mod faults {
    use std::cell::Cell;
    use std::io;

    thread_local! {
        static FULL: Cell<bool> = const { Cell::new(false) };
        static KILL_AFTER_RECORD: Cell<bool> = const { Cell::new(false) };
    }

    /// Makes this thread's next game end stop right after its record is written, as a process
    /// killed there would: its save is neither removed nor let go of cleanly.
    pub(crate) fn kill_after_record() {
        KILL_AFTER_RECORD.with(|k| k.set(true));
    }

    /// Whether this game end is the one [`kill_after_record`] stops (once).
    pub(crate) fn killed_after_record() -> bool {
        KILL_AFTER_RECORD.with(|k| k.replace(false))
    }

    /// Makes this thread's writes fail with "no space left" (`true`) or work again (`false`).
    pub(crate) fn fail_writes(full: bool) {
        FULL.with(|f| f.set(full));
    }

    /// Makes a FIFO at `path`, without running a program: a child process forked by one test
    /// would hold, until it runs, the locks another test's thread just let go of.
    #[cfg(unix)]
    pub(crate) fn mkfifo(path: &std::path::Path) {
        rustix::fs::mkfifoat(rustix::fs::CWD, path, rustix::fs::Mode::from(0o600)).unwrap();
    }

    pub(super) fn check() -> io::Result<()> {
        if FULL.with(Cell::get) {
            return Err(io::Error::from_raw_os_error(28)); // ENOSPC
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_and_create_refuses() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.json");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"two");
        let err = create_atomic(&p, b"three").unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(fs::read(&p).unwrap(), b"two");
        // No temporary file is left behind.
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn move_aside_keeps_every_copy() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("s.json");
        fs::write(&p, "x").unwrap();
        let a = move_aside(&p, "corrupt").unwrap();
        fs::write(&p, "y").unwrap();
        let b = move_aside(&p, "corrupt").unwrap();
        assert_ne!(a, b);
        assert!(!p.exists());
        assert_eq!(fs::read_to_string(a).unwrap(), "x");
        assert_eq!(fs::read_to_string(&b).unwrap(), "y");
        assert!(
            b.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("s.json.corrupt-")
        );
    }

    #[test]
    fn sweep_removes_only_old_temporary_files() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join(".tmpAbc"), "").unwrap();
        fs::write(dir.path().join("keep.json"), "").unwrap();
        sweep_temps(dir.path(), std::time::Duration::from_secs(3600));
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 2);
        std::thread::sleep(std::time::Duration::from_millis(20));
        sweep_temps(dir.path(), std::time::Duration::from_millis(10));
        assert!(!dir.path().join(".tmpAbc").exists());
        assert!(dir.path().join("keep.json").exists());
    }

    #[test]
    fn lock_excludes_another_holder() {
        let dir = tempfile::tempdir().unwrap();
        let held = DirLock::acquire(dir.path()).unwrap();
        let other = File::options()
            .write(true)
            .open(dir.path().join(LOCK_FILE))
            .unwrap();
        assert!(other.try_lock().is_err());
        let waited = Instant::now();
        let err = DirLock::acquire_within(dir.path(), Duration::from_millis(50))
            .err()
            .expect("a held lock is not taken twice");
        assert_eq!(err.kind(), io::ErrorKind::TimedOut, "{err}");
        assert!(waited.elapsed() < Duration::from_secs(5));
        drop(held);
        assert!(other.try_lock().is_ok());
    }

    #[cfg(unix)]
    #[test]
    fn a_symlinked_lock_is_refused_and_its_target_never_made() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("elsewhere");
        std::os::unix::fs::symlink(&target, dir.path().join(LOCK_FILE)).unwrap();
        let err = DirLock::acquire(dir.path())
            .err()
            .expect("a link is refused");
        assert!(err.to_string().contains("symbolic link"), "{err}");
        assert!(!target.exists(), "the link's target was created");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_at_once_not_waited_on() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("f.json");
        faults::mkfifo(&fifo);
        let err = read_file(&fifo).unwrap_err();
        assert!(is_not_regular(&err), "{err}");
        assert!(err.to_string().contains("FIFO"), "{err}");
        let err = DirLock::acquire(dir.path()).map(drop);
        assert!(err.is_ok());
        std::fs::remove_file(dir.path().join(LOCK_FILE)).unwrap();
        std::fs::rename(&fifo, dir.path().join(LOCK_FILE)).unwrap();
        let err = DirLock::acquire(dir.path())
            .err()
            .expect("a FIFO lock is refused");
        assert!(err.to_string().contains("FIFO"), "{err}");
    }
}
