//! One document of any game: card games, classic games and duels side by side, told apart by their
//! `game` field (none: a card game, as every format-1 file). This sits above the three record
//! types, so none of them needs to know the others.

use serde::de::DeserializeOwned;

use super::cards::Record;
use super::classic::ClassicRecord;
use super::duel::DuelRecord;
use super::format::{GameKind, RecordError, checked, from_value, kind_of};
use crate::cards::engine::Game;
use crate::classic::ClassicGame;
use crate::duel::Playable;

/// The document of one game of any kind: `C` a card game's, `K` a classic game's (a record, or a
/// save); a duel's record and save are one type. Written as the document it holds.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
#[allow(clippy::large_enum_variant)] // Clippy sizes `C` and `K` as nothing; all three are alike.
pub(crate) enum Doc<C, K> {
    Cards(C),
    Classic(K),
    Duel(DuelRecord),
}

/// A finished game of history, as the exchange format has it.
pub(crate) type Entry = Doc<Record, ClassicRecord>;

impl<C: DeserializeOwned, K: DeserializeOwned> Doc<C, K> {
    /// Reads a document of any kind, checking its `format` first.
    pub(crate) fn decode(text: &str) -> Result<Self, RecordError> {
        let value = checked(text)?;
        Ok(match kind_of(&value)? {
            GameKind::Cards => Doc::Cards(from_value(value)?),
            GameKind::Classic => Doc::Classic(from_value(value)?),
            GameKind::Duel => Doc::Duel(from_value(value)?),
        })
    }
}

impl Entry {
    /// The game's id.
    pub(crate) fn id(&self) -> &str {
        match self {
            Entry::Cards(r) => &r.id,
            Entry::Classic(r) => &r.id,
            Entry::Duel(r) => &r.id,
        }
    }
}

/// Why a record's moves do not give the result it records.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum NotAsRecorded {
    /// Its moves do not replay (its rules, its deck or a move is refused).
    #[error("{0}")]
    Unplayable(#[from] RecordError),
    /// They replay, to another result (where it differs, in words).
    #[error("{0}")]
    Differs(String),
}

/// Whether replaying `e`'s moves gives the result it records: `Err` says where it differs (or
/// why it does not replay), `Ok` is the score the moves give (a duel's: the higher of the two).
/// What the bests are checked with before they are shown.
pub(crate) fn replays_as_recorded(e: &Entry) -> Result<u64, NotAsRecorded> {
    let (mismatch, score) = match e {
        Entry::Cards(r) => {
            let (g, _) = r.play.rebuild()?;
            (r.mismatch(&g), g.score())
        }
        Entry::Classic(r) => {
            let (g, _) = r.play.rebuild()?;
            (r.mismatch(&g), g.score())
        }
        Entry::Duel(d) if d.of == GameKind::Classic => {
            let duel = d.rebuild::<ClassicGame>()?;
            (
                d.mismatch(&duel),
                duel.players.iter().map(Playable::score).max().unwrap_or(0),
            )
        }
        Entry::Duel(d) => {
            let duel = d.rebuild::<Game>()?;
            (
                d.mismatch(&duel),
                duel.players.iter().map(Playable::score).max().unwrap_or(0),
            )
        }
    };
    mismatch.map_or(Ok(score), |m| Err(NotAsRecorded::Differs(m)))
}
