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
//!   when the process dies, so a killed game never leaves the folder locked.
//! - **Moving aside.** A file that cannot be read as what it should be is renamed to
//!   `<name>.<why>-<UTC time>` next to where it was, never deleted: the player can look at it, and
//!   the game goes on with a fresh file.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::utc;

/// The name of the lock file in the data folder.
pub(crate) const LOCK_FILE: &str = "lock";

/// An exclusive hold on the data folder, released when dropped.
pub(crate) struct DirLock {
    _file: File,
}

impl DirLock {
    /// Waits until no other process holds the folder, then holds it.
    pub(crate) fn acquire(dir: &Path) -> io::Result<DirLock> {
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(dir.join(LOCK_FILE))?;
        file.lock()?;
        Ok(DirLock { _file: file })
    }
}

fn sync_dir(dir: &Path) {
    // Flushing a folder is how a rename is made durable on Unix; elsewhere opening a folder as a
    // file fails, and the rename is as durable as the platform makes it.
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

fn parent(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

fn temp_in(dir: &Path, bytes: &[u8]) -> io::Result<tempfile::NamedTempFile> {
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
        let old = e
            .metadata()
            .and_then(|m| m.modified())
            .is_ok_and(|t| t.elapsed().is_ok_and(|a| a > age));
        if old && e.file_name().to_string_lossy().starts_with(".tmp") {
            let _ = fs::remove_file(e.path());
        }
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
        drop(held);
        assert!(other.try_lock().is_ok());
    }
}
