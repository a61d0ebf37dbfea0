//! The JSON documents of games: what `history --export` writes and `replay FILE` reads, and
//! what a record or save was before the database (the import reads them the same way).

pub(crate) mod classic_record;
pub(crate) mod duel_record;
pub(crate) mod entry;
pub(crate) mod format;
pub(crate) mod record;
pub(crate) mod side;
pub(crate) mod summary;
