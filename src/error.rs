//! The one error type that ends a command, and the exit status it maps to.
//!
//! It lives at the top of the crate, not in `app`, because the front ends (`ui`, `headless`) and
//! the store return it too: `app` only decides how to show it. The variant says whose fault it is,
//! so the exit status follows from the type instead of a number chosen at each call site:
//! 2 for input the user can fix (arguments, rules, deck and record files), 1 for the machine
//! (I/O, threads), and 0 for a closed output pipe (`new2048 history | head` is not a failure).
//! The store's errors carry their kind (`StoreError`), which gives their status the same way.

use std::io;

use crate::config::parse::RulesError;
use crate::store::StoreError;

/// Why a command stopped.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Error {
    /// Bad input: an argument, a deck file, a record. Exit status 2.
    #[error("{0}")]
    Usage(String),
    /// A rules file that cannot be used. Exit status 2.
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
}

impl Error {
    /// Bad input from the user: exit status 2.
    pub(crate) fn usage(message: impl Into<String>) -> Self {
        Error::Usage(message.into())
    }

    /// Something failed that the user did not cause: exit status 1.
    pub(crate) fn io(message: impl Into<String>) -> Self {
        Error::Failed(message.into())
    }

    /// The exit status for this error.
    pub(crate) fn code(&self) -> i32 {
        match self {
            Error::Usage(_) | Error::Rules(_) => 2,
            Error::Io(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
            Error::Store(e) => e.code(),
            Error::Io(_) | Error::Failed(_) => 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_variant_gives_the_exit_status() {
        assert_eq!(Error::usage("x").code(), 2);
        assert_eq!(Error::io("x").code(), 1);
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
}
