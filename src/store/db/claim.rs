//! The claim on a saved game: which process plays it. A row in the database would outlive a
//! killed process, so a save is claimed by an exclusive, non-blocking `flock` on its own empty
//! file, `claims/<id>.lock`, held for the game's life: the kernel drops it however the process
//! ends. Its holder removes the file, still locked, once the save is gone; a process that opened
//! it just before then finds the save gone, so two processes never play one game.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};

use crate::base::fsread::{self, Links};
use crate::store::api::ResumeError;

/// The folder of the lock files, in the data folder.
pub(crate) const CLAIMS_DIR: &str = "claims";

/// The exclusive hold of this process on one save; dropping it lets the save go.
#[derive(Debug)]
pub(crate) struct Claim {
    _file: File,
    path: PathBuf,
}

/// The lock file of save `id`, `None` for an id not of the program's form (which would name a
/// file elsewhere: see [`super::id`]).
fn path_of(dir: &Path, id: &str) -> Option<PathBuf> {
    super::id::is_valid(id).then(|| dir.join(CLAIMS_DIR).join(format!("{id}.lock")))
}

/// Claims save `id` of the data folder `dir` for this process, or says why not (never waits):
/// [`ResumeError::Elsewhere`] when another process holds it.
pub(crate) fn claim(dir: &Path, id: &str) -> Result<Claim, ResumeError> {
    let path = path_of(dir, id).ok_or_else(|| {
        ResumeError::Unusable(format!(
            "the saved game cannot be taken up: {}; it is kept as it is",
            super::id::refusal(id)
        ))
    })?;
    let read_only = || ResumeError::ReadOnly(dir.display().to_string());
    let io = |e: std::io::Error| {
        if fsread::is_refused(&e) {
            read_only()
        } else {
            ResumeError::Io(e.to_string())
        }
    };
    fsread::own_folder(fsread::parent(&path)).map_err(io)?;
    // Only a regular file, never a link or a FIFO someone put there.
    let mut options = OpenOptions::new();
    options.write(true).create(true).truncate(false);
    let file = fsread::open_with(&path, Links::Refuse, &mut options).map_err(|e| {
        if e.is_refused() {
            read_only()
        } else {
            ResumeError::Io(e.to_string())
        }
    })?;
    match file.try_lock() {
        Ok(()) => Ok(Claim { _file: file, path }),
        Err(TryLockError::WouldBlock) => Err(ResumeError::Elsewhere),
        Err(TryLockError::Error(e)) => Err(io(e)),
    }
}

/// Whether another process holds save `id` (false when nobody does, or it cannot be told).
pub(crate) fn is_claimed(dir: &Path, id: &str) -> bool {
    let Some(path) = path_of(dir, id) else {
        return false;
    };
    let Ok(file) = fsread::open_with(&path, Links::Refuse, OpenOptions::new().read(true)) else {
        return false;
    };
    matches!(file.try_lock_shared(), Err(TryLockError::WouldBlock))
}

impl Claim {
    /// The save is gone: its lock file is removed, then let go.
    pub(crate) fn remove(self) {
        let _ = fs::remove_file(&self.path);
    }
}
