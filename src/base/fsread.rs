//! The one way the program opens a file that someone else may have put in its way: rules
//! files, settings, deck files, the files given to `replay` and `review`, learned weights.
//!
//! A path the program reads is not always what it should be. A FIFO there makes a plain
//! `File::open` wait for a writer for ever (and with it the game, its signals and its save); a
//! device such as `/dev/zero` never ends; a wrong path may name a huge file or a folder. So a file
//! is read here only if it is a regular file, and only up to a size the caller gives:
//!
//! - **Looked at before it is opened**, so a FIFO or a device is not even opened (opening some
//!   devices has effects of its own, and opening a FIFO lets a writer blocked on it go on).
//! - **Opened with `O_NONBLOCK`**, so that should the name be swapped for a FIFO between that look
//!   and the open, the open still returns at once; then checked with `fstat` on the open file,
//!   which is what is really read, to be a regular file, and `O_NONBLOCK` is cleared again before
//!   the first byte is read.
//! - **Symbolic links** are followed or refused as the caller says ([`Links`]): a file the player
//!   names (`--config`, a deck file) may well be a link to their dotfiles, while a file the program
//!   finds by name in a shared folder (learned weights in the data folder) is never followed, so a
//!   link planted there cannot make the program read what it points to.
//! - **Within a limit**: the size `fstat` reports is checked first, and the read itself stops one
//!   byte past the limit, for files that grow while read or report no size.
//!
//! Every error names the path, says what it found, and says what to do; [`ReadError::is_missing`]
//! tells the callers for which a missing file is normal (settings, weights) from the others.
//!
//! The claims' lock files in the data folder are opened the same way to be written
//! ([`open_with`]), and a file the program writes whole (learned weights, a pending record) is
//! replaced atomically ([`write_atomic`]).
//!
//! On Windows the same promises are kept with what Windows has. A folder holds no FIFO there
//! (named pipes live in their own namespace, `\\.\pipe\`), so nothing needs `O_NONBLOCK`; a
//! device still can be named in any folder (`NUL`, `CON`, `COM1` on older Windows), so the open
//! file is asked what it is (`GetFileType`) and read only if it is a file on a disk. A link is
//! refused by opening it with `FILE_FLAG_OPEN_REPARSE_POINT`, which opens the link (or junction)
//! itself rather than what it names, and the open file then says it is a link. A file written
//! whole goes through a hidden temporary file and a hard link (there is no unnamed file), which
//! NTFS has; a FAT drive has no hard links, and there the write fails with the system's reason.
//!
//! This module is at the bottom of the crate: it uses nothing of it, so every room may use it.

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use crate::base::fault::{Blame, Fault};

/// Whether a symbolic link at the path is followed to the file it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Links {
    /// A file the player names: a link to it is as good as the file.
    Follow,
    /// A file the program finds by name in a folder others can write to: a link is refused.
    Refuse,
}

/// Why a file was not read.
#[derive(Debug)]
pub(crate) struct ReadError {
    path: PathBuf,
    kind: Why,
}

impl Blame for ReadError {
    fn fault(&self) -> Fault {
        Fault::of(self.is_machine())
    }
}

#[derive(Debug)]
enum Why {
    /// Nothing is there.
    Missing,
    /// Something is there, but not a regular file: "a FIFO", "a folder"...
    NotRegular(&'static str),
    /// Larger than the limit (in bytes).
    TooLarge(u64),
    /// Text was asked for; the bytes are not UTF-8 from this line and column on (from 1).
    NotUtf8 { line: usize, column: usize },
    /// The system refused (permissions, an I/O error).
    Io(io::Error),
}

impl ReadError {
    /// Whether nothing is at the path (as opposed to something that cannot be read).
    pub(crate) fn is_missing(&self) -> bool {
        matches!(self.kind, Why::Missing)
    }

    /// Whether the system refused to write there (permissions, a read-only file system).
    pub(crate) fn is_refused(&self) -> bool {
        matches!(&self.kind, Why::Io(e) if is_refused(e))
    }

    /// Whether the machine failed the read (an I/O error other than the system refusing it), as
    /// opposed to a path that is missing, refused, no regular file, too large or not text:
    /// those the player can fix.
    pub(crate) fn is_machine(&self) -> bool {
        matches!(&self.kind, Why::Io(e) if !is_refused(e))
    }

    fn new(path: &Path, kind: Why) -> ReadError {
        ReadError {
            path: path.to_path_buf(),
            kind,
        }
    }

    /// The read of `path` failed with `e` (a missing file told apart from the others).
    pub(crate) fn io(path: &Path, e: io::Error) -> ReadError {
        let kind = if e.kind() == io::ErrorKind::NotFound {
            Why::Missing
        } else {
            Why::Io(e)
        };
        ReadError::new(path, kind)
    }
}

/// Whether `e` is the system refusing a write (permissions, a read-only file system).
pub(crate) fn is_refused(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem
    )
}

impl ReadError {
    /// What was wrong and what to do, without the path (for a message that names it already).
    pub(crate) fn reason(&self) -> String {
        match &self.kind {
            Why::Missing => "there is no such file; check the path".to_string(),
            Why::NotRegular(what) => format!(
                "it is {what}, not a regular file, so it is not read; give the path of a regular \
                 file (or move that one away)"
            ),
            Why::TooLarge(limit) => format!(
                "it is larger than {}, far more than such a file ever holds; check that this is \
                 the right file",
                size_text(*limit)
            ),
            Why::NotUtf8 { .. } => {
                "the file is not UTF-8 text from here on; save it as UTF-8".into()
            }
            Why::Io(e) => format!("{e}; check that you may read the file (its permissions)"),
        }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.display();
        match &self.kind {
            Why::NotUtf8 { line, column } => write!(f, "{path}:{line}:{column}: ")?,
            _ => write!(f, "{path}: ")?,
        }
        f.write_str(&self.reason())
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            Why::Io(e) => Some(e),
            _ => None,
        }
    }
}

/// `limit` bytes in words: `64 MB`, `512 KB`, `100 bytes`.
fn size_text(limit: u64) -> String {
    match limit {
        l if l >= 1 << 20 && l % (1 << 20) == 0 => format!("{} MB", l >> 20),
        l if l >= 1 << 10 && l % (1 << 10) == 0 => format!("{} KB", l >> 10),
        l => format!("{l} bytes"),
    }
}

/// What kind of thing a non-regular file is, in words.
pub(crate) fn kind_of(t: fs::FileType) -> &'static str {
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
        "something other than a file"
    }
}

/// Opens `path` with `options` (to read, or to write or create) only if it is a regular file,
/// not blocking on anything else (see the module docs). A missing file is opened as `options`
/// say (created, or reported missing).
pub(crate) fn open_with(
    path: &Path,
    links: Links,
    options: &mut OpenOptions,
) -> Result<File, ReadError> {
    let looked = match links {
        Links::Follow => fs::metadata(path),
        Links::Refuse => fs::symlink_metadata(path),
    };
    match looked {
        Ok(m) if !m.is_file() => {
            return Err(ReadError::new(
                path,
                Why::NotRegular(kind_of(m.file_type())),
            ));
        }
        Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(ReadError::io(path, e)),
        _ => {}
    }
    #[cfg(unix)]
    {
        use rustix::fs::OFlags;
        use std::os::unix::fs::OpenOptionsExt;
        let flags = match links {
            Links::Follow => OFlags::NONBLOCK,
            Links::Refuse => OFlags::NONBLOCK | OFlags::NOFOLLOW,
        };
        options.custom_flags(flags.bits() as i32);
    }
    #[cfg(windows)]
    if links == Links::Refuse {
        use std::os::windows::fs::OpenOptionsExt;
        /// Opens a link or junction itself, not what it names (winbase.h).
        const FILE_FLAG_OPEN_REPARSE_POINT: u32 = 0x0020_0000;
        options.custom_flags(FILE_FLAG_OPEN_REPARSE_POINT);
    }
    let file = match options.open(path) {
        Ok(f) => f,
        // With O_NOFOLLOW, a link put there since the look fails with ELOOP; a FIFO opened to
        // write with no reader, with ENXIO.
        #[cfg(unix)]
        Err(e)
            if [rustix::io::Errno::LOOP, rustix::io::Errno::NXIO]
                .iter()
                .any(|n| e.raw_os_error() == Some(n.raw_os_error())) =>
        {
            let what =
                fs::symlink_metadata(path).map_or("not a regular file", |m| kind_of(m.file_type()));
            return Err(ReadError::new(path, Why::NotRegular(what)));
        }
        Err(e) => return Err(ReadError::io(path, e)),
    };
    #[cfg(windows)]
    {
        // A device or a pipe is refused before its metadata is asked for (which a device may
        // not answer) and before a byte is read (which a console would wait for).
        let typ = winapi_util::file::typ(&file).map_err(|e| ReadError::io(path, e))?;
        if !typ.is_disk() {
            let what = if typ.is_pipe() { "a pipe" } else { "a device" };
            return Err(ReadError::new(path, Why::NotRegular(what)));
        }
    }
    let kind = file
        .metadata()
        .map_err(|e| ReadError::io(path, e))?
        .file_type();
    if !kind.is_file() {
        return Err(ReadError::new(path, Why::NotRegular(kind_of(kind))));
    }
    #[cfg(unix)]
    {
        // A regular file ignores O_NONBLOCK on Linux, but not every system promises that.
        let flags = rustix::fs::fcntl_getfl(&file).map_err(|e| ReadError::io(path, e.into()))?;
        rustix::fs::fcntl_setfl(&file, flags - rustix::fs::OFlags::NONBLOCK)
            .map_err(|e| ReadError::io(path, e.into()))?;
    }
    Ok(file)
}

/// Makes the folder `path` (and those above it) unless it is there; refused when something other
/// than a folder is there, a symbolic link included: a folder the program writes its own files
/// in (the claims, the records kept aside) is never followed elsewhere by a link put in its place.
pub(crate) fn own_folder(path: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(m) => Err(io::Error::other(format!(
            "{} is {}, not a folder; move it away",
            path.display(),
            kind_of(m.file_type())
        ))),
        Err(e) if e.kind() == io::ErrorKind::NotFound => fs::create_dir_all(path),
        Err(e) => Err(e),
    }
}

/// The folder `path` is in (`.` for a bare name).
pub(crate) fn parent(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Replaces `path` with `bytes` atomically: a temporary file in the same folder is written and
/// flushed, renamed over `path`, and the folder flushed, so a reader sees the old file or the
/// new one, never a part (the learned weights, a pending record).
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    use std::io::Write;
    let dir = parent(path);
    let mut tmp = tempfile::Builder::new().prefix(".tmp").tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    sync_folder(dir)
}

/// Writes a new file at `path` holding `parts`, whole or not at all, never over a file that is
/// there (an existing name fails with `AlreadyExists`). On Linux the bytes go into an unnamed
/// file of the same folder (`O_TMPFILE`), linked in under its name once written and flushed, so a
/// process killed meanwhile leaves nothing behind; elsewhere (or where the file system has no
/// unnamed files) into a hidden temporary file, linked under its name, then removed.
pub(crate) fn create_whole(path: &Path, parts: &[&[u8]]) -> io::Result<()> {
    use std::io::Write;
    let dir = parent(path);
    let write = |f: &mut File| -> io::Result<()> {
        for part in parts {
            f.write_all(part)?;
        }
        f.sync_all()
    };
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        // Failing here, the folder cannot take a file at all (missing, read-only, full).
        let mut f = tempfile::tempfile_in(dir)?;
        write(&mut f)?;
        let fd = format!("/proc/self/fd/{}", f.as_raw_fd());
        let linked = rustix::fs::linkat(
            rustix::fs::CWD,
            fd.as_str(),
            rustix::fs::CWD,
            path,
            rustix::fs::AtFlags::SYMLINK_FOLLOW,
        );
        match linked {
            Ok(()) => return sync_folder(dir),
            Err(rustix::io::Errno::EXIST) => return Err(io::ErrorKind::AlreadyExists.into()),
            // Not an unnamed file after all (the crate removed a named one), or no /proc.
            Err(_) => {}
        }
    }
    let mut tmp = tempfile::Builder::new().prefix(".tmp").tempfile_in(dir)?;
    write(tmp.as_file_mut())?;
    fs::hard_link(tmp.path(), path)?;
    sync_folder(dir)
}

/// Flushes the folder `dir`, which is how a new name (or a rename) is made durable on Unix
/// (elsewhere opening a folder as a file fails, and the name is as durable as the platform makes
/// it). Never fails: a folder that cannot be flushed leaves the name as durable as it is.
pub(crate) fn sync_folder(dir: &Path) -> io::Result<()> {
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// The whole of the regular file at `path`, refused if it holds more than `limit` bytes.
pub(crate) fn read(path: &Path, links: Links, limit: u64) -> Result<Vec<u8>, ReadError> {
    let file = open_with(path, links, OpenOptions::new().read(true))?;
    let too_large = || ReadError::new(path, Why::TooLarge(limit));
    let len = file.metadata().map_err(|e| ReadError::io(path, e))?.len();
    if len > limit {
        return Err(too_large());
    }
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| ReadError::io(path, e))?;
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    Ok(bytes)
}

/// [`read`] as UTF-8 text; bytes that are not UTF-8 are reported at their line and column.
pub(crate) fn read_text(path: &Path, links: Links, limit: u64) -> Result<String, ReadError> {
    let bytes = read(path, links, limit)?;
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = good.split(|&b| b == b'\n').count();
        let start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        // Valid UTF-8 up to here, so this counts characters, not bytes.
        let column = String::from_utf8_lossy(&good[start..]).chars().count() + 1;
        ReadError::new(path, Why::NotUtf8 { line, column })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(unix)]
    use std::time::{Duration, Instant};

    fn dir() -> tempfile::TempDir {
        tempfile::tempdir().unwrap()
    }

    #[test]
    fn only_a_read_the_system_fails_is_the_machines() {
        let p = Path::new("x");
        assert!(ReadError::io(p, io::Error::other("disk")).is_machine());
        assert!(!ReadError::io(p, io::ErrorKind::PermissionDenied.into()).is_machine());
        assert!(!ReadError::io(p, io::ErrorKind::NotFound.into()).is_machine());
        assert!(!ReadError::new(p, Why::TooLarge(1)).is_machine());
        assert!(!ReadError::new(p, Why::NotRegular("a folder")).is_machine());
    }

    #[test]
    fn a_regular_file_is_read_whole() {
        let d = dir();
        let p = d.path().join("a.toml");
        fs::write(&p, "x = 1\n").unwrap();
        assert_eq!(read_text(&p, Links::Refuse, 100).unwrap(), "x = 1\n");
        assert_eq!(read(&p, Links::Follow, 6).unwrap(), b"x = 1\n");
    }

    #[test]
    fn a_missing_file_says_so_and_is_told_apart() {
        let d = dir();
        let p = d.path().join("none.toml");
        let e = read(&p, Links::Follow, 100).unwrap_err();
        assert!(e.is_missing());
        assert!(
            e.to_string().contains("none.toml: there is no such file"),
            "{e}"
        );
    }

    #[test]
    fn a_file_over_the_limit_is_refused() {
        let d = dir();
        let p = d.path().join("big");
        fs::write(&p, vec![b'x'; 2049]).unwrap();
        let e = read(&p, Links::Follow, 2048).unwrap_err();
        assert!(!e.is_missing());
        assert!(e.to_string().contains("larger than 2 KB"), "{e}");
        assert_eq!(read(&p, Links::Follow, 2049).unwrap().len(), 2049);
    }

    #[cfg(unix)]
    #[test]
    fn a_device_that_never_ends_is_not_read() {
        let started = Instant::now();
        let e = read(Path::new("/dev/zero"), Links::Follow, 1 << 20).unwrap_err();
        assert!(e.to_string().contains("it is a device"), "{e}");
        assert!(started.elapsed() < Duration::from_secs(1));
    }

    #[test]
    fn a_folder_is_not_a_file() {
        let d = dir();
        let e = read(d.path(), Links::Follow, 100).unwrap_err();
        assert!(e.to_string().contains("it is a folder"), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_answers_at_once() {
        let d = dir();
        let p = d.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&p).status();
        assert!(made.is_ok_and(|s| s.success()));
        for links in [Links::Follow, Links::Refuse] {
            let started = Instant::now();
            let e = read_text(&p, links, 100).unwrap_err();
            assert!(
                e.to_string().contains("it is a FIFO, not a regular file"),
                "{e}"
            );
            assert!(started.elapsed() < Duration::from_secs(1));
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_followed_or_refused_as_asked() {
        let d = dir();
        let target = d.path().join("real.toml");
        fs::write(&target, "x = 1\n").unwrap();
        let link = d.path().join("link.toml");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        assert_eq!(read_text(&link, Links::Follow, 100).unwrap(), "x = 1\n");
        let e = read_text(&link, Links::Refuse, 100).unwrap_err();
        assert!(e.to_string().contains("it is a symbolic link"), "{e}");
    }

    #[test]
    fn text_that_is_not_utf8_is_placed() {
        let d = dir();
        let p = d.path().join("bad.toml");
        fs::write(&p, b"a = 1\nname = \"\xc3\xa9\xff\"\n").unwrap();
        let e = read_text(&p, Links::Follow, 100).unwrap_err();
        assert!(
            e.to_string()
                .contains("bad.toml:2:10: the file is not UTF-8"),
            "{e}"
        );
    }

    #[test]
    fn sizes_read_as_words() {
        assert_eq!(size_text(64 << 20), "64 MB");
        assert_eq!(size_text(512 << 10), "512 KB");
        assert_eq!(size_text(100), "100 bytes");
    }
}
