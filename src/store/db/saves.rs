//! Saved games: every game in progress, of any kind, is a row of `saves` (its document less its
//! rules, deck and moves, the `head`, and what the list of saved games shows, `info`), and each of
//! its moves a row of `save_moves` in the records' notation (`3`, `d`, `u`). A move appends a row
//! and rewrites the head, an undo deletes the last rows: a save costs the same at move 10 and at
//! move 1,000,000. A game gets its id at its first save ([`super::id::new`]) and takes it into history,
//! so it is never recorded twice.

use rusqlite::{Connection, params};

use super::error::StoreError;
use super::stored;
use crate::base::utc;
use crate::record::{Doc, GameKind, RecordError, SavedClassic, SavedGame};
use crate::store::api::{Moves, Ongoing};
use crate::store::api::{Resumed, SavedGameInfo};

/// One saved game as its document holds it.
pub(crate) type Saved = Doc<SavedGame, SavedClassic>;

impl Saved {
    /// Its id (empty in saves of older versions) and when it was saved.
    pub(crate) fn id_saved(&self) -> (&str, u64) {
        match self {
            Saved::Cards(s) => (&s.id, s.saved),
            Saved::Classic(s) => (&s.id, s.saved),
            Saved::Duel(d) => (&d.id, d.ended),
        }
    }

    /// The game this save holds, rebuilt by replaying its moves.
    pub(crate) fn rebuild(&self) -> Result<Resumed, RecordError> {
        Ok(match self {
            // The time since the save is time away, not played.
            Saved::Cards(s) => {
                let (g, mut m) = s.play.rebuild()?;
                m.away += utc::now().saturating_sub(s.saved);
                Resumed::Cards(Box::new(g), m)
            }
            Saved::Classic(s) => {
                let (g, mut m) = s.play.rebuild()?;
                m.away += utc::now().saturating_sub(s.saved);
                Resumed::Classic(Box::new(g), m)
            }
            Saved::Duel(d) if d.of == GameKind::Classic => {
                let (duel, meta) = d.resume()?;
                Resumed::ClassicDuel(Box::new(duel), meta, d.names())
            }
            Saved::Duel(d) => {
                let (duel, meta) = d.resume()?;
                Resumed::CardDuel(Box::new(duel), meta, d.names())
            }
        })
    }
}

/// How many leading moves `a` and `b` share.
fn shared(a: &[u16], b: &[u16]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// What a save wrote of the moves: per player, how many of the moves saved before it kept, the
/// moves after them, and the undo counts; [`Moves::apply`] makes the moves saved before these.
pub(crate) struct Written {
    keep: [usize; 2],
    tail: [Vec<u16>; 2],
    undos: [u32; 2],
}

impl Moves {
    /// These moves, as the save `w` left them.
    pub(crate) fn apply(&mut self, w: Written) {
        for (p, tail) in w.tail.into_iter().enumerate() {
            self.codes[p].truncate(w.keep[p]);
            self.codes[p].extend(tail);
        }
        self.undos = w.undos;
    }
}

/// How many of player `p`'s moves saved before (`sent`) the game `view` still has first. While
/// the player's undo count is the same, moves were only added since: nothing is compared, so a
/// save costs the same at move 10 and at move 1,000,000; after an undo they are compared.
fn kept(view: &dyn Ongoing, sent: &Moves, p: usize, counts: [usize; 2], undos: [u32; 2]) -> usize {
    let before = sent.codes[p].len();
    if undos[p] == sent.undos[p] && counts[p] >= before {
        before
    } else {
        shared(&sent.codes[p], &view.codes_from(p, 0))
    }
}

/// Writes save `id` of the game `view` as of `saved`, in the caller's transaction: the head is
/// replaced and only the moves that differ from `sent` (the moves this process last wrote) are
/// deleted or added; `fresh` writes the whole save. What was written of the moves, or `None` if
/// `id` is another save's.
pub(crate) fn write_in(
    conn: &Connection,
    id: &str,
    view: &dyn Ongoing,
    saved: u64,
    fresh: bool,
    sent: &Moves,
) -> rusqlite::Result<Option<Written>> {
    let (counts, undos) = (view.move_counts(), view.undos());
    let info =
        serde_json::to_string(&view.info("", saved)).expect("a save's info always serializes");
    let head = view.head(saved).to_string();
    let updated = if fresh {
        0
    } else {
        conn.prepare_cached("UPDATE saves SET saved = ?2, head = ?3, info = ?4 WHERE id = ?1")?
            .execute(params![id, stored::int(saved), head, info])?
    };
    let from = if updated == 0 {
        let mut doc = serde_json::json!({
            "rules": view.rules(),
            "deal": view.deal(),
            "deck": view.deck_file_cards(),
        });
        let (rules, deck) = stored::strip(conn, &mut doc)?;
        let added = conn
            .prepare_cached(
                "INSERT OR IGNORE INTO saves (id, game, rules, started, saved, deck, head, info) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            )?
            .execute(params![
                id,
                view.kind().as_str(),
                rules,
                stored::int(view.started()),
                stored::int(saved),
                deck,
                head,
                info
            ])?;
        if added == 0 {
            return Ok(None);
        }
        [0, 0]
    } else {
        [0, 1].map(|p| kept(view, sent, p, counts, undos))
    };
    let word = view.word();
    let tail = [0, 1].map(|p| view.codes_from(p, from[p]));
    for (p, keep) in from.into_iter().enumerate() {
        if keep < sent.codes[p].len() || updated == 0 {
            conn.prepare_cached(
                "DELETE FROM save_moves WHERE save = ?1 AND player = ?2 AND n >= ?3",
            )?
            .execute(params![id, p as i64, keep as i64])?;
        }
        let mut add = conn.prepare_cached(
            "INSERT INTO save_moves (save, player, n, move) VALUES (?1, ?2, ?3, ?4)",
        )?;
        for (n, &code) in tail[p].iter().enumerate() {
            add.execute(params![id, p as i64, (keep + n) as i64, word(code)])?;
        }
    }
    Ok(Some(Written {
        keep: from,
        tail,
        undos,
    }))
}

/// Every save's id and what the list shows of it, newest first.
pub(crate) fn list(
    conn: &Connection,
) -> rusqlite::Result<Vec<(String, Result<SavedGameInfo, StoreError>)>> {
    let mut q = conn
        .prepare_cached("SELECT CAST(id AS TEXT), info FROM saves ORDER BY saved DESC, id DESC")?;
    q.query_map([], |r| {
        let info: String = r.get(1)?;
        let info = serde_json::from_str(&info).map(|mut i: SavedGameInfo| {
            // Its names as they show (see `Recap::escape_typed`).
            for text in [&mut i.rules, &mut i.deal]
                .into_iter()
                .chain(i.players.iter_mut().map(|p| &mut p.name))
            {
                crate::base::visible::escape_in_place(text);
            }
            i
        });
        Ok((
            r.get(0)?,
            info.map_err(|e| StoreError::Unreadable(e.to_string())),
        ))
    })?
    .collect()
}

/// Save `id`'s document, whole again, if there is such a save: its id, and its moves in the
/// records' notation where its document keeps them (a duel's in each player's).
pub(crate) fn load(conn: &Connection, id: &str) -> Result<Option<Saved>, StoreError> {
    const STORED: &str = "SELECT json_set(CASE game WHEN 'duel' THEN json_set(head, \
        '$.players[0].moves', m0, '$.players[1].moves', m1) ELSE json_set(head, '$.moves', m0) \
        END, '$.id', id) AS doc, rules, deck FROM (SELECT s.*, coalesce((SELECT group_concat(\
        move, ' ' ORDER BY n) FROM save_moves WHERE save = s.id AND player = 0), '') AS m0, \
        coalesce((SELECT group_concat(move, ' ' ORDER BY n) FROM save_moves WHERE save = s.id \
        AND player = 1), '') AS m1 FROM saves s WHERE id = ?1)";
    let doc = stored::whole(conn, STORED, id)?;
    doc.map(|d| Saved::decode(&d.to_string()))
        .transpose()
        .map_err(|e| StoreError::Unreadable(e.to_string()))
}

/// Removes save `id` and its moves (in the caller's transaction); false when there was none.
pub(crate) fn remove(conn: &Connection, id: &str) -> rusqlite::Result<bool> {
    conn.prepare_cached("DELETE FROM saves WHERE id = ?1")?
        .execute([id])
        .map(|n| n > 0)
}
