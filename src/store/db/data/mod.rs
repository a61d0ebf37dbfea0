//! The data commands' half in the store: `data backup` and `data restore` (`backup`: a copy
//! out, rows in, each checked), and `data check` (`check`: every problem of the database, and of
//! a backup before it is restored). Apart from the rest of `db` because they read or write the
//! database whole, not a game at a time.

pub(crate) mod backup;
pub(crate) mod check;
