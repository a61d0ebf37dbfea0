//! The verdict on a recorded game, tied to the row's exact content. A row of `games` is believed
//! (shown unmarked, counted in `stats`) only when its result is known to be what its moves give:
//! a game played here, or a row replayed when it came in (imported, restored, salvaged, added by
//! hand). That verdict is not a column anyone can set: it is a keyed hash (SipHash-2-4, 64 bits)
//! of the row as it was when it was verified, with a key kept outside the database, in the data
//! folder's `new2048.key`. Changing any column of the row, or of its rules' name and hash, or the
//! hash itself, makes the row unverified again; a database handed over from elsewhere carries
//! hashes of another key, so none of its rows is believed until it is replayed here.
//!
//! Two hashes, so that `stats` need not read every record: `digest` covers what only history
//! and the records show (the daily date, the deck, the id, the start, the deal, the record's
//! JSON...), `seal` covers the figures `stats` sums (`n`, the kind of game, the rules' name and
//! hash, outcome, score, highest card, end, a puzzle's target score) and `digest`. `stats` checks `seal` from its covering index alone; whatever
//! reads a whole row (history, a record's export, `data check`) checks both. A row without a
//! `seal` was not replayed yet (the store replays it at its next start); one that was and did
//! not give its result keeps a `seal` of 0, which no key gives, in practice, so it is not
//! replayed at every start.
//!
//! What this does not promise: someone who can read `new2048.key` can make hashes that match.
//! It keeps the figures honest against an edited database and a file from elsewhere, not against
//! a program run with the player's own rights.

use std::hash::Hasher;
use std::path::Path;

use rusqlite::types::ValueRef;
use rusqlite::{Connection, Row, params};

use super::error::StoreError;

/// The key's file in the data folder.
pub(crate) const KEY_FILE: &str = "new2048.key";

/// The columns a verdict covers, as [`verified`] reads them, from the games `g` joined to their
/// rules `r`: the figures, then what `digest` covers, then the two hashes.
pub(crate) const COLUMNS: &str = "g.n, g.game, r.name, r.hash, g.outcome, g.score, g.highest, \
                                  g.ended, CASE WHEN json_valid(g.deal) THEN g.deal ->> '$.target.score' END, \
                                  g.daily, g.deck, g.id, \
                                  g.of, g.started, g.duration_secs, g.played, g.undos, g.deal, \
                                  g.size, g.result, g.players, g.body, g.digest, g.seal";

/// How many of [`COLUMNS`] are figures, and how many `digest` covers after them.
const FIGURES: usize = 9;
const REST: usize = 13;

/// The data folder's secret: what makes a hash this program's.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Key([u64; 2]);

impl Key {
    /// The key of the data folder `dir`, made if there is none (or it is not one); true when it
    /// was made now, so that no row's hash is of it yet.
    pub(crate) fn of_folder(dir: &Path) -> Result<(Key, bool), StoreError> {
        let path = dir.join(KEY_FILE);
        let read = || crate::base::fsread::read(&path, crate::base::fsread::Links::Refuse, 64);
        let unread = |e: crate::base::fsread::ReadError| {
            let message = format!("cannot read the key of the verified games: {e}");
            if e.is_refused() {
                StoreError::ReadOnly(message)
            } else {
                StoreError::Io(message)
            }
        };
        match read() {
            Ok(bytes) if bytes.len() == 16 => return Ok((Key::from_bytes(&bytes), false)),
            Ok(_) => {}
            Err(e) if e.is_missing() => {}
            Err(e) => return Err(unread(e)),
        }
        let fresh: [u8; 16] = rand::random();
        let fail = |e: std::io::Error| {
            StoreError::from(e).context(|m| {
                format!(
                    "cannot write the key of the verified games {} ({m}); no recorded game is \
                     counted as verified while that lasts",
                    path.display()
                )
            })
        };
        // Written whole, then linked in under its name: two windows making it at once end with
        // one key, the other window's.
        match crate::base::fsread::create_whole(&path, &[&fresh]) {
            Ok(()) => Ok((Key::from_bytes(&fresh), true)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => match read() {
                Ok(bytes) if bytes.len() == 16 => Ok((Key::from_bytes(&bytes), false)),
                // Not a key: replaced, and every row is replayed under the new one.
                Ok(_) => {
                    crate::base::fsread::write_atomic(&path, &fresh).map_err(fail)?;
                    Ok((Key::from_bytes(&fresh), true))
                }
                Err(e) => Err(unread(e)),
            },
            Err(e) => Err(fail(e)),
        }
    }

    fn from_bytes(b: &[u8]) -> Key {
        let word = |i: usize| u64::from_le_bytes(b[i..i + 8].try_into().expect("8 bytes"));
        Key([word(0), word(8)])
    }

    // SipHash-2-4 as the standard library keeps it (deprecated for hash maps, which want a
    // faster hash; its algorithm is fixed and documented, which is what a stored hash needs).
    #[allow(deprecated)]
    fn hasher(self) -> std::hash::SipHasher {
        std::hash::SipHasher::new_with_keys(self.0[0], self.0[1])
    }

    /// The hash of `values`, each written with its type and length so no two rows run together,
    /// encoded into `buf` first and hashed in one go (a write per value costs twice as much).
    fn hash<'a>(self, buf: &mut Vec<u8>, values: impl IntoIterator<Item = ValueRef<'a>>) -> i64 {
        buf.clear();
        for v in values {
            match v {
                ValueRef::Null => buf.push(0),
                ValueRef::Integer(i) => {
                    buf.push(1);
                    buf.extend_from_slice(&i.to_le_bytes());
                }
                ValueRef::Real(f) => {
                    buf.push(2);
                    buf.extend_from_slice(&f.to_bits().to_le_bytes());
                }
                ValueRef::Text(b) | ValueRef::Blob(b) => {
                    buf.push(if matches!(v, ValueRef::Text(_)) { 3 } else { 4 });
                    buf.extend_from_slice(&(b.len() as u64).to_le_bytes());
                    buf.extend_from_slice(b);
                }
            }
        }
        let mut h = self.hasher();
        h.write(buf);
        h.finish() as i64
    }

    /// What a row's `seal` covers of its rules: their name and hash, as one number (worked out
    /// once per rules row, not once per game).
    pub(crate) fn rules_tag(self, name: ValueRef<'_>, hash: ValueRef<'_>) -> i64 {
        self.hash(&mut Vec::new(), [name, hash])
    }

    /// The `seal` of a row's figures: `n` and the kind of game, its rules' [`Key::rules_tag`],
    /// then its outcome, score, highest card, end and a puzzle's target score (in [`COLUMNS`]'
    /// order from `outcome`), and its `digest`.
    pub(crate) fn seal<'a>(
        self,
        buf: &mut Vec<u8>,
        head: [ValueRef<'a>; 2],
        tag: i64,
        figures: impl IntoIterator<Item = ValueRef<'a>>,
        digest: i64,
    ) -> i64 {
        let tag = [ValueRef::Integer(tag)];
        let digest = [ValueRef::Integer(digest)];
        self.hash(
            buf,
            head.into_iter().chain(tag).chain(figures).chain(digest),
        )
    }
}

/// The values of `row`'s columns `from..to`.
fn values<'r>(row: &'r Row<'_>, from: usize, to: usize) -> rusqlite::Result<Vec<ValueRef<'r>>> {
    (from..to).map(|i| row.get_ref(i)).collect()
}

/// The `digest` and `seal` the row (its [`COLUMNS`] from `at`) should have.
fn hashes(key: Key, row: &Row<'_>, at: usize) -> rusqlite::Result<(i64, i64)> {
    let mut buf = Vec::new();
    let digest = key.hash(&mut buf, values(row, at + FIGURES, at + FIGURES + REST)?);
    let tag = key.rules_tag(row.get_ref(at + 2)?, row.get_ref(at + 3)?);
    let head = [row.get_ref(at)?, row.get_ref(at + 1)?];
    let seal = key.seal(
        &mut buf,
        head,
        tag,
        values(row, at + 4, at + FIGURES)?,
        digest,
    );
    Ok((digest, seal))
}

/// Whether the row (its [`COLUMNS`] from `at`) is verified: both its hashes are what `key` gives
/// of its content as it is now.
pub(crate) fn verified(key: Option<Key>, row: &Row<'_>, at: usize) -> rusqlite::Result<bool> {
    let Some(key) = key else {
        return Ok(false);
    };
    let (digest, seal) = hashes(key, row, at)?;
    let stored = |i: usize| row.get::<_, Option<i64>>(at + FIGURES + REST + i);
    Ok(stored(0)? == Some(digest) && stored(1)? == Some(seal))
}

/// Marks row `n` verified, as it is now (a game played here, or one whose replay gave its
/// result).
pub(crate) fn put(conn: &Connection, key: Key, n: i64) -> rusqlite::Result<()> {
    let (digest, seal) = conn
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM games g JOIN rules r ON r.id = g.rules WHERE g.n = ?1"
        ))?
        .query_row([n], |r| hashes(key, r, 0))?;
    conn.prepare_cached("UPDATE games SET digest = ?2, seal = ?3 WHERE n = ?1")?
        .execute(params![n, digest, seal])?;
    Ok(())
}

/// Marks row `n` replayed and refused: not verified, and not replayed again at every start.
pub(crate) fn refuse(conn: &Connection, n: i64) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE games SET digest = NULL, seal = 0 WHERE n = ?1")?
        .execute([n])?;
    Ok(())
}

/// Every row to be replayed again: the key was made new, so no hash is of it.
pub(crate) fn forget_all(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE games SET digest = NULL, seal = NULL WHERE seal IS NOT NULL",
        [],
    )?;
    Ok(())
}
