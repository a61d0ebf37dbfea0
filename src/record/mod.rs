//! A game as a document: the JSON exchange format. A finished game's record is what
//! `history --export` writes, `replay FILE`, `review FILE` and `verify` read, and `daily --share`
//! prints; it holds the rules, the deal and the moves, so it replays on its own, anywhere. The
//! store keeps these same documents in its database (and read them from the JSON files of the
//! versions before it), but nothing here knows about storage: the commands that read a file use
//! this room without opening the store.
//!
//! Inside, `cards`, `classic` and `duel` (each game's documents) are written over `side` (what the
//! two games do differently in them), all over `format` (the version, the errors, the rules as
//! recorded); `entry`, above them, holds one document of any kind and makes a game's record one of
//! history's ([`Recorded::entry`](recorded::Recorded::entry)); `limits` holds a document from elsewhere to what a game played here
//! can hold ([`Within`]).

pub(crate) mod cards;
pub(crate) mod classic;
pub(crate) mod duel;
pub(crate) mod entry;
pub(crate) mod format;
pub(crate) mod limits;
pub(crate) mod recorded;

pub(crate) use cards::{CardPlay, Record, SavedGame};
pub(crate) use classic::{ClassicPlay, ClassicRecord, SavedClassic};
pub(crate) use duel::{DuelPlayer, DuelRecord};
pub(crate) use entry::{Doc, Entry};
pub(crate) use format::{Finished, GameKind, RecordError, RulesRecord, decode};
pub(crate) use limits::Within;
pub(crate) use recorded::Recorded;

/// Whether a count is 0 (a field written only when it says something).
#[allow(clippy::trivially_copy_pass_by_ref)]
pub(crate) fn is_zero<T: Default + PartialEq>(n: &T) -> bool {
    *n == T::default()
}
