//! Why the store could not do what it was asked, as a kind the program acts on: a damaged file
//! is moved aside and mended, a newer schema is left alone, a full disk or a read-only folder is
//! said and tried again, and the exit status of a command follows from the kind (its
//! `Blame`). The kind is decided here, once, from SQLite's result code or the system's
//! error kind, where they answer; nothing else reads the words of a message to tell them apart.

use std::io;

use rusqlite::ErrorCode;

use crate::base::fault::{Blame, Fault};

/// A failure of the store, by kind; each carries the message for the player.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum StoreError {
    /// The database file is not (any more) a database, or its pages or its header are damaged.
    #[error("{0}")]
    Damaged(String),
    /// The database was written by a newer new2048: it is left alone.
    #[error("{0}")]
    Newer(String),
    /// The file or its folder cannot be written (permissions, a read-only file system).
    #[error("{0}")]
    ReadOnly(String),
    /// The disk (or the quota) is full.
    #[error("{0}")]
    Full(String),
    /// Another program held the database locked for longer than a write waits.
    #[error("{0}")]
    Busy(String),
    /// Where the database should be is a folder, a link, a FIFO: not opened.
    #[error("{0}")]
    NotRegular(String),
    /// A file the player named cannot be used as asked: it exists already, or it is not a sound
    /// database of this program. Bad input: exit status 2.
    #[error("{0}")]
    Refused(String),
    /// A row holds what this program does not read as its own (a document, an id, rules):
    /// changed by hand or by another program, and kept as it is. Exit status 2.
    #[error("{0}")]
    Unreadable(String),
    /// What was asked for is not there (a game not in history). Exit status 2.
    #[error("{0}")]
    Missing(String),
    /// Reading or writing failed otherwise (the file cannot be opened, an I/O error).
    #[error("{0}")]
    Io(String),
}

/// The kind `code` (SQLite's primary result code) is, and the one place it is decided.
fn kind_of_code(code: ErrorCode) -> fn(String) -> StoreError {
    match code {
        ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt => StoreError::Damaged,
        // SQLite cannot open a file it may not write where it needs to make the log beside it.
        ErrorCode::ReadOnly | ErrorCode::PermissionDenied | ErrorCode::CannotOpen => {
            StoreError::ReadOnly
        }
        ErrorCode::DiskFull => StoreError::Full,
        ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked => StoreError::Busy,
        _ => StoreError::Io,
    }
}

impl From<&rusqlite::Error> for StoreError {
    fn from(e: &rusqlite::Error) -> Self {
        let make = e
            .sqlite_error_code()
            .map_or(StoreError::Io as fn(String) -> StoreError, kind_of_code);
        make(e.to_string())
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError::from(&e)
    }
}

impl From<io::Error> for StoreError {
    fn from(e: io::Error) -> Self {
        let make = match e.kind() {
            io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded => StoreError::Full,
            io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem => {
                StoreError::ReadOnly
            }
            io::ErrorKind::WouldBlock => StoreError::Busy,
            _ => StoreError::Io,
        };
        make(e.to_string())
    }
}

impl StoreError {
    /// The message, and the variant to make another of the same kind with.
    fn parts(self) -> (fn(String) -> StoreError, String) {
        match self {
            StoreError::Damaged(m) => (StoreError::Damaged, m),
            StoreError::Newer(m) => (StoreError::Newer, m),
            StoreError::ReadOnly(m) => (StoreError::ReadOnly, m),
            StoreError::Full(m) => (StoreError::Full, m),
            StoreError::Busy(m) => (StoreError::Busy, m),
            StoreError::NotRegular(m) => (StoreError::NotRegular, m),
            StoreError::Refused(m) => (StoreError::Refused, m),
            StoreError::Unreadable(m) => (StoreError::Unreadable, m),
            StoreError::Missing(m) => (StoreError::Missing, m),
            StoreError::Io(m) => (StoreError::Io, m),
        }
    }

    /// The same kind, its message rewritten by `f` (to say where, or what was being done).
    pub(crate) fn context(self, f: impl FnOnce(String) -> String) -> StoreError {
        let (make, message) = self.parts();
        make(f(message))
    }

    /// Whether the database is damaged (and mending it may help).
    pub(crate) fn is_damage(&self) -> bool {
        matches!(self, StoreError::Damaged(_))
    }

    /// Whether the file or its folder cannot be written.
    pub(crate) fn is_read_only(&self) -> bool {
        matches!(self, StoreError::ReadOnly(_))
    }
}

/// 2 for a file the player named, a row edited into what does not read, a game asked for that
/// is not there, or a database only a newer new2048 reads (the player can fix it), 1 for the
/// machine.
impl Blame for StoreError {
    fn fault(&self) -> Fault {
        match self {
            StoreError::Refused(_)
            | StoreError::Unreadable(_)
            | StoreError::Missing(_)
            | StoreError::Newer(_) => Fault::Input,
            StoreError::Damaged(_)
            | StoreError::ReadOnly(_)
            | StoreError::Full(_)
            | StoreError::Busy(_)
            | StoreError::NotRegular(_)
            | StoreError::Io(_) => Fault::Machine,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sqlite(code: i32) -> StoreError {
        rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(code), None).into()
    }

    #[test]
    fn sqlite_codes_give_their_kind_and_its_exit_status() {
        use rusqlite::ffi;
        let cases = [
            (ffi::SQLITE_CORRUPT, "Damaged", 1),
            (ffi::SQLITE_NOTADB, "Damaged", 1),
            (ffi::SQLITE_READONLY, "ReadOnly", 1),
            (ffi::SQLITE_PERM, "ReadOnly", 1),
            (ffi::SQLITE_FULL, "Full", 1),
            (ffi::SQLITE_BUSY, "Busy", 1),
            (ffi::SQLITE_LOCKED, "Busy", 1),
            (ffi::SQLITE_IOERR, "Io", 1),
            (ffi::SQLITE_CANTOPEN, "ReadOnly", 1),
            (ffi::SQLITE_MISMATCH, "Io", 1),
        ];
        for (code, kind, exit) in cases {
            let e = sqlite(code);
            assert!(format!("{e:?}").starts_with(kind), "{code}: {e:?}");
            assert_eq!(e.fault().code(), exit, "{code}");
        }
        assert!(sqlite(ffi::SQLITE_CORRUPT).is_damage());
        assert!(!sqlite(ffi::SQLITE_FULL).is_damage());
    }

    #[test]
    fn system_errors_give_their_kind() {
        let of = |k: io::ErrorKind| StoreError::from(io::Error::from(k));
        assert!(matches!(
            of(io::ErrorKind::StorageFull),
            StoreError::Full(_)
        ));
        assert!(of(io::ErrorKind::ReadOnlyFilesystem).is_read_only());
        assert!(of(io::ErrorKind::PermissionDenied).is_read_only());
        assert!(matches!(of(io::ErrorKind::Other), StoreError::Io(_)));
    }

    #[test]
    fn a_refused_file_or_a_newer_schema_is_bad_input_the_rest_the_machine() {
        assert_eq!(StoreError::Refused("x".into()).fault().code(), 2);
        assert_eq!(StoreError::Newer("x".into()).fault().code(), 2);
        assert_eq!(StoreError::Unreadable("x".into()).fault().code(), 2);
        assert_eq!(StoreError::Missing("x".into()).fault().code(), 2);
        assert_eq!(StoreError::NotRegular("x".into()).fault().code(), 1);
        let e = StoreError::Full("disk".into()).context(|m| format!("cannot write: {m}"));
        assert_eq!(e, StoreError::Full("cannot write: disk".into()));
    }
}
