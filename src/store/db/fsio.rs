//! The files beside the database: opened only when they are regular files, and (for the learned
//! weights) replaced atomically.
//!
//! - **Nothing but regular files.** The data folder is shared with whatever else the player runs,
//!   so a name in it may be a FIFO, a device or a symbolic link. [`open_file`] opens with
//!   `O_NOFOLLOW` (a link is refused, never followed to create or read its target) and
//!   `O_NONBLOCK` (opening a FIFO returns at once instead of waiting for a writer), then checks
//!   with `fstat` that it is a regular file before a byte is read. The claims' lock files are
//!   opened this way (the old JSON files of the import are read with [`crate::fsread`]).
//! - **Atomic replacement.** [`write_atomic`] writes a temporary file in the same folder, flushes
//!   it, renames it over its target and flushes the folder: a reader sees the old file or the new
//!   one. Games and saves are in the database and never written this way.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;

use crate::fsread::kind_of;

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

fn not_regular(what: &'static str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, NotRegular(what))
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
