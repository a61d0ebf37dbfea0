//! The database and what sits beside it on disk: opening and migrating it, its two tables of
//! games (history, saves), the claims on saves, the import of the old JSON folder, what goes
//! wrong (`error`), the mending of a damaged file (`mend`, with its `salvage`), and the data
//! commands' backup, restore and check (`data`).

pub(crate) mod claim;
pub(crate) mod data;
pub(crate) mod error;
pub(crate) mod history;
pub(crate) mod id;
pub(crate) mod import;
pub(crate) mod mend;
pub(crate) mod saves;
pub(crate) mod schema;
pub(crate) mod seal;
pub(crate) mod stored;
