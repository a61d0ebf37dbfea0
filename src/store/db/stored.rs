//! What the database keeps of a document, and how the whole is put back. A record or save is
//! stored less its rules (kept once in `rules`: 100,000 games share one 2 KB TOML text) and its
//! deck: a deck a seed deals is dealt again when read, a deck file's is kept once in `decks`, by
//! hash, so the record replays after the file is gone. [`strip`] takes both out, [`whole`] puts
//! them back, so what leaves the store (an export, a resumed game) is the document of old.

use rusqlite::{Connection, OptionalExtension, params};
use serde_json::Value;

use super::error::StoreError;
use crate::cards::rules::Rules;
use crate::deal::Deal;
use crate::record::{RecordError, RulesRecord};

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

/// Takes the rules and the deck out of the document `doc`, keeping the rules (and a deck file's
/// deck) in their tables: the rules' id and the deck's hash.
pub(crate) fn strip(conn: &Connection, doc: &mut Value) -> rusqlite::Result<(i64, Option<String>)> {
    let deck_file = doc.pointer("/deal/kind").and_then(Value::as_str) == Some("deck_file");
    let map = doc.as_object_mut().expect("documents are objects");
    let rules = map.remove("rules").unwrap_or_default();
    let rules = rules_id(
        conn,
        &serde_json::from_value(rules).expect("documents hold their rules"),
    )?;
    let deck = match map.remove("deck") {
        Some(Value::String(cards)) if deck_file => {
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

/// The document of the row `?1 = id` of the query `stored` (its `doc`, `rules` and `deck`) made
/// whole by SQLite, its rules and a deck file's deck put back; a card game's deck that a seed
/// dealt (a card duel's too) is dealt again. `None` when there is no such row.
pub(crate) fn whole(
    conn: &Connection,
    stored: &str,
    id: &str,
) -> Result<Option<Value>, StoreError> {
    let text: Option<String> = conn
        .prepare_cached(&format!(
            "SELECT json_patch(t.doc, json_object('rules', json_object('name', r.name, 'hash', \
             r.hash, 'toml', r.toml), 'deck', d.cards)) FROM ({stored}) t JOIN rules r ON \
             r.id = t.rules LEFT JOIN decks d ON d.hash = t.deck"
        ))
        .and_then(|mut q| q.query_row([id], |r| r.get(0)).optional())
        .map_err(|e| match e.sqlite_error_code() {
            // SQLite's generic error, here: a stored text its JSON functions do not read.
            Some(rusqlite::ErrorCode::Unknown) => StoreError::Unreadable(e.to_string()),
            _ => e.into(),
        })?;
    let Some(text) = text else {
        return Ok(None);
    };
    let unreadable = |e: RecordError| StoreError::Unreadable(e.to_string());
    let mut doc: Value =
        serde_json::from_str(&text).map_err(|e| unreadable(RecordError::Json(e.to_string())))?;
    let classic = [doc.get("game"), doc.get("of")].contains(&Some(&Value::from("classic")));
    if !classic && doc.get("deck").is_none() {
        doc["deck"] = Value::String(deal_again(&doc).map_err(unreadable)?);
    }
    Ok(Some(doc))
}

/// The deck the seed of `doc`'s deal deals with its rules.
fn deal_again(doc: &Value) -> Result<String, RecordError> {
    let deal: Deal = serde_json::from_value(doc.get("deal").cloned().unwrap_or(Value::Null))
        .map_err(|e| RecordError::Invalid(format!("its `deal`: {e}")))?;
    let seed = match deal {
        Deal::Seed { seed } | Deal::Daily { seed, .. } | Deal::Puzzle { seed, .. } => seed,
        Deal::DeckFile { .. } => {
            return Err(RecordError::Invalid(
                "its deck file's cards are missing from the database".into(),
            ));
        }
    };
    let toml = doc.pointer("/rules/toml").and_then(Value::as_str);
    let parsed = Rules::parse(toml.unwrap_or_default(), "the rules in the record", None)
        .map_err(|e| RecordError::Rules(e.to_string()))?;
    let dealt = crate::cards::deck::deal(&parsed, seed);
    Ok(crate::cards::text::cards(&dealt))
}

/// A number as SQLite keeps it: scores edited past `i64::MAX` are kept at the largest.
pub(crate) fn int(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}
