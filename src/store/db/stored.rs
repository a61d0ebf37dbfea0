//! What the database keeps of a document, and how the whole is put back. A record or save is
//! stored less its rules (kept once in `rules`: 100,000 games share one 2 KB TOML text) and its
//! deck: a deck a seed deals is dealt again when read, a deck file's is kept once in `decks`, by
//! hash, so the record replays after the file is gone. [`strip`] takes both out, [`whole`] puts
//! them back, so what leaves the store (an export, a resumed game) is the document of old.

use rusqlite::{Connection, OptionalExtension, params};
use serde_json::Value;

use crate::cards::rules::Rules;
use crate::store::files::format::RecordError;
use crate::store::files::format::RulesRecord;
use crate::store::meta::Deal;

/// The id of `rules` in the `rules` table, added if it is not there.
pub(crate) fn rules_id(conn: &Connection, rules: &RulesRecord) -> rusqlite::Result<i64> {
    let found = conn
        .prepare_cached("SELECT id FROM rules WHERE name = ?1 AND hash = ?2")?
        .query_row(params![rules.name, rules.hash], |r| r.get(0))
        .optional()?;
    if let Some(id) = found {
        return Ok(id);
    }
    conn.prepare_cached("INSERT INTO rules (name, hash, toml) VALUES (?1, ?2, ?3)")?
        .execute(params![rules.name, rules.hash, rules.toml])?;
    Ok(conn.last_insert_rowid())
}

/// Takes the rules and the deck out of `doc`, keeping the rules (and a deck file's deck) in their
/// tables: the rules' id and the deck's hash.
pub(crate) fn strip(
    conn: &Connection,
    doc: &mut Value,
    rules: &RulesRecord,
    deal: &Deal,
) -> rusqlite::Result<(i64, Option<String>)> {
    let rules = rules_id(conn, rules)?;
    let Some(map) = doc.as_object_mut() else {
        return Ok((rules, None));
    };
    map.remove("rules");
    let deck = match map.remove("deck") {
        Some(Value::String(cards)) if matches!(deal, Deal::DeckFile { .. }) => {
            // FNV-1a of its cards' text, as rules are hashed.
            let hash = format!("{:016x}", crate::cards::fnv1a(cards.bytes()));
            conn.prepare_cached("INSERT OR IGNORE INTO decks (hash, cards) VALUES (?1, ?2)")?
                .execute(params![hash, cards])?;
            Some(hash)
        }
        _ => None,
    };
    Ok((rules, deck))
}

/// A stored `doc` made whole: the rules of id `rules` and the deck kept under `deck` put back,
/// or the deck dealt again from the seed of its `deal` where `dealt` says the document holds one.
pub(crate) fn whole(
    conn: &Connection,
    doc: &mut Value,
    rules: i64,
    deck: Option<String>,
    dealt: bool,
) -> Result<(), String> {
    let db = |e: rusqlite::Error| e.to_string();
    let rules = conn
        .prepare_cached("SELECT name, hash, toml FROM rules WHERE id = ?1")
        .and_then(|mut q| {
            q.query_row([rules], |r| {
                Ok(RulesRecord {
                    name: r.get(0)?,
                    hash: r.get(1)?,
                    toml: r.get(2)?,
                })
            })
        })
        .map_err(db)?;
    let deck = match deck {
        None if dealt => Some(deal_again(doc, &rules).map_err(|e| e.to_string())?),
        None => None,
        Some(h) => conn
            .prepare_cached("SELECT cards FROM decks WHERE hash = ?1")
            .and_then(|mut q| q.query_row([h], |r| r.get(0)).optional())
            .map_err(db)?,
    };
    let map = doc.as_object_mut().ok_or("it is not a JSON object")?;
    map.insert(
        "rules".into(),
        serde_json::to_value(rules).expect("rules always serialize"),
    );
    if let Some(d) = deck {
        map.insert("deck".into(), Value::String(d));
    }
    Ok(())
}

/// The deck the seed of `doc`'s deal deals with `rules`.
fn deal_again(doc: &Value, rules: &RulesRecord) -> Result<String, RecordError> {
    let deal: Deal = serde_json::from_value(doc.get("deal").cloned().unwrap_or(Value::Null))
        .map_err(|e| RecordError::Invalid(format!("its `deal`: {e}")))?;
    let seed = match deal {
        Deal::Seed { seed } | Deal::Daily { seed, .. } => seed,
        Deal::DeckFile { .. } => {
            return Err(RecordError::Invalid(
                "its deck file's cards are missing from the database".into(),
            ));
        }
    };
    let parsed = Rules::parse(&rules.toml, "the rules in the record", None)
        .map_err(|e| RecordError::Rules(e.to_string()))?;
    let dealt = crate::cards::deck::deal(&parsed, seed);
    Ok(crate::cards::text::cards(&dealt))
}

/// A number as SQLite keeps it: scores edited past `i64::MAX` are kept at the largest.
pub(crate) fn int(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}
