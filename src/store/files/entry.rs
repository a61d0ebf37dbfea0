//! One file of history, whichever game it holds: card games, classic 2048 games and duels lie
//! side by side in `games/`, told apart by their `game` field (see [`super::record`]).
//!
//! This sits above the three record types, so none of them needs to know the others.

use super::classic_record::ClassicRecord;
use super::duel_record::DuelRecord;
use super::format::{GameKind, RecordError, checked, from_value, kind_of};
use super::record::Record;

/// One file of history: a finished game of either kind, or a duel. Written as the record it holds
/// (each says its own `game`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub(crate) enum Entry {
    Cards(Record),
    Classic(ClassicRecord),
    Duel(DuelRecord),
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

/// Reads a history file of any kind, checking its `format` first.
pub(crate) fn decode_entry(text: &str) -> Result<Entry, RecordError> {
    let value = checked(text)?;
    Ok(match kind_of(&value)? {
        GameKind::Cards => Entry::Cards(from_value(value)?),
        GameKind::Classic => Entry::Classic(from_value(value)?),
        GameKind::Duel => Entry::Duel(from_value(value)?),
    })
}

/// Whether replaying `e`'s moves gives the result it records: `Err` says where it differs (or
/// why it does not replay). What the bests are checked with before they are shown.
pub(crate) fn replays_as_recorded(e: &Entry) -> Result<(), String> {
    let text = |e: RecordError| e.to_string();
    let mismatch = match e {
        Entry::Cards(r) => {
            let (g, _) = r.play.rebuild().map_err(text)?;
            r.mismatch(&g)
        }
        Entry::Classic(r) => {
            let (g, _) = r.play.rebuild().map_err(text)?;
            r.mismatch(&g)
        }
        Entry::Duel(d) if d.of == GameKind::Classic => {
            d.mismatch(&d.rebuild_classic().map_err(text)?)
        }
        Entry::Duel(d) => d.mismatch(&d.rebuild_cards().map_err(text)?),
    };
    mismatch.map_or(Ok(()), Err)
}
