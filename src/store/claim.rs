//! The claim on a saved game: which process is playing it.
//!
//! A save is claimed by the process playing it by holding an exclusive, non-blocking
//! `File::try_lock` on the save file itself, for the whole life of the game. The kernel drops the
//! lock when the process ends, however it ends, so a killed game's save is free at once, and no
//! file or process id is left behind to clean up. Another process asks with [`is_claimed`] (a
//! shared `try_lock_shared` that fails with `WouldBlock` while the save is claimed): such a save
//! is "open in another window" and is neither listed, resumed nor deleted there.
//!
//! A save is rewritten after every move by an atomic rename (see [`super::fsio`]), which puts a
//! new file (a new inode) at the path: a lock on the old one would no longer guard the path. So
//! [`Claim::replace`] locks the new file *before* renaming it into place: at every instant the
//! file at the path is locked by its player. And [`claim`] checks, once it holds the lock, that
//! the file it locked is still the one at the path (same device and inode); if a rename slipped in
//! between its open and its lock, it tries the new file, which its player has locked already.
//!
//! Files are opened with [`super::fsio::open_file`]: never through a symbolic link, and a FIFO or
//! device in place of a save is refused, not waited on.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, Seek};
use std::path::{Path, PathBuf};

use super::fsio;

/// The exclusive hold of this process on one save file; dropping it lets the save go.
#[derive(Debug)]
pub(crate) struct Claim {
    file: File,
    path: PathBuf,
}

/// Why a save could not be claimed.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ClaimError {
    /// Another process holds it: the game is being played there.
    #[error("this game is open in another window")]
    Elsewhere,
    /// There is no such file (any more).
    #[error("the saved game is gone (finished or deleted in another window)")]
    Gone,
    #[error("{0}")]
    Io(io::Error),
}

/// Claims the save at `path` for this process, or says why not (never waits).
pub(crate) fn claim(path: &Path) -> Result<Claim, ClaimError> {
    // A rename between the open and the lock is retried; three in a row means the file is being
    // rewritten move after move, so someone is playing it.
    for _ in 0..3 {
        let file = match fsio::open_file(path, OpenOptions::new().read(true)) {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(ClaimError::Gone),
            Err(e) => return Err(ClaimError::Io(e)),
        };
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => return Err(ClaimError::Elsewhere),
            Err(TryLockError::Error(e)) => return Err(ClaimError::Io(e)),
        }
        match still_at(&file, path) {
            Ok(true) => {
                return Ok(Claim {
                    file,
                    path: path.to_path_buf(),
                });
            }
            Ok(false) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(ClaimError::Gone),
            Err(e) => return Err(ClaimError::Io(e)),
        }
    }
    Err(ClaimError::Elsewhere)
}

/// Whether another process holds the save at `path` (false when there is no such file, or it is
/// not a regular file: nobody plays that).
pub(crate) fn is_claimed(path: &Path) -> bool {
    let Ok(file) = fsio::open_file(path, OpenOptions::new().read(true)) else {
        return false;
    };
    matches!(file.try_lock_shared(), Err(TryLockError::WouldBlock))
}

/// Whether the open `file` is the file now at `path` (not replaced or removed since it was
/// opened).
fn still_at(file: &File, path: &Path) -> io::Result<bool> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let (open, named) = (file.metadata()?, fs::symlink_metadata(path)?);
        Ok(open.dev() == named.dev() && open.ino() == named.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = (file, fs::symlink_metadata(path)?);
        Ok(true)
    }
}

/// A temporary file holding `bytes` beside `path`, already locked (it is new: nobody else can
/// hold it).
fn locked_temp(path: &Path, bytes: &[u8]) -> io::Result<tempfile::NamedTempFile> {
    let tmp = fsio::temp_in(fsio::parent(path), bytes)?;
    tmp.as_file().try_lock().map_err(io::Error::from)?;
    Ok(tmp)
}

impl Claim {
    /// Writes a new save file `path` holding `bytes`, claimed from its first instant; fails with
    /// `AlreadyExists` rather than replacing a file that is there.
    pub(crate) fn create(path: &Path, bytes: &[u8]) -> io::Result<Claim> {
        let file = locked_temp(path, bytes)?
            .persist_noclobber(path)
            .map_err(|e| e.error)?;
        fsio::sync_dir(fsio::parent(path));
        Ok(Claim {
            file,
            path: path.to_path_buf(),
        })
    }

    /// Replaces the claimed save with `bytes` atomically, keeping the claim (see the module docs).
    pub(crate) fn replace(&mut self, bytes: &[u8]) -> io::Result<()> {
        let file = locked_temp(&self.path, bytes)?
            .persist(&self.path)
            .map_err(|e| e.error)?;
        fsio::sync_dir(fsio::parent(&self.path));
        // The old file, unlinked by the rename, is let go only now.
        self.file = file;
        Ok(())
    }

    /// The claimed file's content, read through the claim (the file locked, whatever is at the
    /// path).
    pub(crate) fn read(&self) -> io::Result<Vec<u8>> {
        let mut file = self.file.try_clone()?;
        file.rewind()?;
        fsio::read_all(file)
    }

    /// Removes the claimed save (the game is over or deleted), then lets the claim go.
    pub(crate) fn remove(self) -> io::Result<()> {
        match fs::remove_file(&self.path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
            _ => {}
        }
        fsio::sync_dir(fsio::parent(&self.path));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_claimed_save_is_claimed_once_through_every_rewrite() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("s.json");
        assert!(matches!(claim(&p), Err(ClaimError::Gone)));
        let mut mine = Claim::create(&p, b"one").unwrap();
        assert!(is_claimed(&p));
        assert!(matches!(claim(&p), Err(ClaimError::Elsewhere)));
        for text in ["two", "three"] {
            mine.replace(text.as_bytes()).unwrap();
            assert!(
                is_claimed(&p),
                "the new file is locked before it is in place"
            );
            assert!(matches!(claim(&p), Err(ClaimError::Elsewhere)));
        }
        assert_eq!(mine.read().unwrap(), b"three");
        assert!(Claim::create(&p, b"x").is_err(), "create never replaces");
        drop(mine);
        assert!(!is_claimed(&p), "dropping the claim lets the save go");
        let again = claim(&p).unwrap();
        assert_eq!(again.read().unwrap(), b"three");
        again.remove().unwrap();
        assert!(!p.exists());
        assert!(!is_claimed(&p));
    }

    #[cfg(unix)]
    #[test]
    fn links_and_fifos_are_never_claimed() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("t.json");
        fs::write(&target, "x").unwrap();
        let link = dir.path().join("l.json");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        assert!(matches!(claim(&link), Err(ClaimError::Io(_))));
        let fifo = dir.path().join("f.json");
        fsio::faults::mkfifo(&fifo);
        assert!(matches!(claim(&fifo), Err(ClaimError::Io(e)) if fsio::is_not_regular(&e)));
        assert!(!is_claimed(&fifo));
    }
}
