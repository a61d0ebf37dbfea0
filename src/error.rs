//! The one error type that ends a command, and the exit status it maps to.
//!
//! It lives at the top of the crate, not in `app`, because the front ends (`ui`, `headless`) and
//! the store return it too: `app` only decides how to show it. The variant says whose fault it is,
//! so the exit status follows from the type instead of a number chosen at each call site:
//! 2 for input the user can fix (arguments, rules, deck and record files), 1 for the machine
//! (I/O, threads), and 0 for a closed output pipe (`new2048 history | head` is not a failure).
//! The store's errors carry their kind (`StoreError`), which gives their status the same way.
//! Where a command says a lower room's error in its own words (`cannot read deck file …`), the
//! status still comes from that error's kind: [`Blame`] says whose fault it is, never its text
//! ([`crate::base::fault`], at the bottom, so each error says its fault beside itself).

use std::io;

use crate::base::fault::{Blame, Fault};
use crate::config::parse::RulesError;
use crate::store::StoreError;

/// Why a command stopped.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Error {
    /// Bad input: an argument, a deck file, a record. Exit status 2.
    #[error("{0}")]
    Usage(String),
    /// A rules file that cannot be used. Exit status 2; 1 when the system failed to read it.
    #[error("bad rules: {0}")]
    Rules(#[from] RulesError),
    /// Reading or writing failed. Exit status 1, or 0 for a broken pipe.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// The store failed: its kind says whose fault (a file the player named: 2; the machine: 1).
    #[error("{0}")]
    Store(#[from] StoreError),
    /// Something else the user did not cause. Exit status 1.
    #[error("{0}")]
    Failed(String),
    /// A check ran and found what it checks for wanting: a case of `rules test` failed. Exit
    /// status 3, apart from 1 (the machine failed) and 2 (bad input), so a script can tell a
    /// failing case from a file that could not be read.
    #[error("{0}")]
    CasesFailed(String),
    /// A lower room's error (`cause`) said in the command's words; the status follows its
    /// kind.
    #[error("{message}")]
    Said {
        message: String,
        fault: Fault,
        #[source]
        cause: Box<dyn std::error::Error + Send + Sync>,
    },
}

impl Error {
    /// Bad input from the user: exit status 2.
    pub(crate) fn usage(message: impl Into<String>) -> Self {
        Error::Usage(message.into())
    }

    /// Something failed that the user did not cause: exit status 1.
    pub(crate) fn failed(message: impl Into<String>) -> Self {
        Error::Failed(message.into())
    }

    /// `cause` in the words `say` gives it (which name it): the exit status is `cause`'s
    /// fault's, and `cause` stays the error's source.
    pub(crate) fn said<E>(cause: E, say: impl FnOnce(&E) -> String) -> Self
    where
        E: Blame + std::error::Error + Send + Sync + 'static,
    {
        Error::Said {
            message: say(&cause),
            fault: cause.fault(),
            cause: Box::new(cause),
        }
    }

    /// The exit status for this error.
    pub(crate) fn code(&self) -> i32 {
        match self {
            Error::Usage(_) => 2,
            Error::Rules(e) => e.fault().code(),
            Error::Io(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
            Error::Store(e) => e.fault().code(),
            Error::Said { fault, .. } => fault.code(),
            Error::Io(_) | Error::Failed(_) => 1,
            Error::CasesFailed(_) => 3,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_variant_gives_the_exit_status() {
        assert_eq!(Error::usage("x").code(), 2);
        assert_eq!(Error::failed("x").code(), 1);
        assert_eq!(Error::from(io::Error::other("disk")).code(), 1);
        assert_eq!(
            Error::from(io::Error::from(io::ErrorKind::BrokenPipe)).code(),
            0
        );
        let rules = RulesError::file("my.toml", "missing key name");
        assert_eq!(Error::from(rules).code(), 2);
        assert_eq!(Error::from(StoreError::Full("disk".into())).code(), 1);
        assert_eq!(Error::from(StoreError::Refused("exists".into())).code(), 2);
    }

    /// `saved --delete` or `--resume` on a store that fails (a full disk, a database held
    /// locked) is the machine's (status 1), as the store's own error is; once it said 2, "bad
    /// input". What the player can fix stays 2.
    #[test]
    fn a_saved_game_the_store_fails_to_take_up_is_the_machines() {
        use crate::store::ResumeError as E;
        let code = |e: E| Error::said(e, |e| format!("saved game 1: {e}")).code();
        assert_eq!(code(E::Failed(StoreError::Full("disk".into()))), 1);
        assert_eq!(code(E::Failed(StoreError::Busy("locked".into()))), 1);
        assert_eq!(code(E::Failed(StoreError::Refused("x".into()))), 2);
        assert_eq!(code(E::Io("os error 5".into())), 1);
        for input in [
            E::Elsewhere,
            E::NotFound("x".into()),
            E::NoFolder,
            E::ReadOnly("/data".into()),
        ] {
            assert_eq!(code(input), 2);
        }
    }

    #[test]
    fn a_rules_file_the_system_fails_to_read_is_the_machines() {
        let dir = tempfile::tempdir().unwrap();
        let code =
            |p: &std::path::Path| Error::from(crate::config::load_file(p).unwrap_err()).code();
        assert_eq!(code(&dir.path().join("none.toml")), 2);
        assert_eq!(code(dir.path()), 2);
        if cfg!(target_os = "linux") {
            assert_eq!(code(std::path::Path::new("/proc/self/mem")), 1);
        }
    }

    #[test]
    fn a_fault_gives_its_status_and_a_said_error_keeps_its_causes() {
        assert_eq!((Fault::Input.code(), Fault::Machine.code()), (2, 1));
        let dir = tempfile::tempdir().unwrap();
        let read = |p: &std::path::Path| {
            crate::base::fsread::read(p, crate::base::fsread::Links::Follow, 1 << 20).unwrap_err()
        };
        // Missing, a folder: the path the player gave is wrong.
        for path in [dir.path().join("none"), dir.path().to_path_buf()] {
            assert_eq!(Error::said(read(&path), |e| format!("{e}")).code(), 2);
        }
        // A read the system fails (an I/O error at the start of this process's memory).
        if cfg!(target_os = "linux") {
            let e = read(std::path::Path::new("/proc/self/mem"));
            let words = format!("cannot read {e}");
            let said = Error::said(e, |e| format!("cannot read {e}"));
            assert_eq!((said.code(), said.to_string()), (1, words));
            let source = std::error::Error::source(&said).map(ToString::to_string);
            assert!(source.is_some_and(|s| s.contains("os error 5")), "{said:?}");
        }
    }

    #[test]
    fn a_rules_file_not_opened_to_edit_exits_by_its_kind() {
        use crate::config::own::{EditFileError as E, NameError};
        let code = |e: E| Error::said(e, ToString::to_string).code();
        let dir = tempfile::tempdir().unwrap();
        let read = |p: &std::path::Path| {
            crate::base::fsread::read(p, crate::base::fsread::Links::Follow, 1 << 20).unwrap_err()
        };
        assert_eq!(code(E::Preset("default".into())), 2);
        assert_eq!(code(E::BadName(NameError::Length)), 2);
        let why = read(dir.path());
        assert_eq!(code(E::Unreadable { set: true, why }), 2);
        assert_eq!(code(E::NoFolder), 1);
        if cfg!(target_os = "linux") {
            let why = read(std::path::Path::new("/proc/self/mem"));
            assert_eq!(code(E::Unreadable { set: false, why }), 1);
        }
    }

    #[test]
    fn a_store_error_said_in_other_words_keeps_its_status() {
        for e in [
            StoreError::Full("disk".into()),
            StoreError::Refused("exists".into()),
        ] {
            let code = e.fault().code();
            assert_eq!(
                Error::said(e, |e| format!("saved game 1: {e}")).code(),
                code
            );
        }
    }
}
