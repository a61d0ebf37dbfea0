//! History: a finished game or duel is one row of `games`, added in the transaction that removes
//! its save, and read back as a [`Recap`] (for `history`, `stats`, the bests) or as its whole
//! record (for `--export`, `replay`, `review`). The columns are what the commands ask for; `body`
//! is the record's document less its rules and seeded deck (see [`super::stored`]). A game's `id`
//! is unique: a record whose id is there already adds nothing, so no game is recorded twice.

use rusqlite::types::Value;
use rusqlite::{Connection, OptionalExtension, Row, params, params_from_iter};

use super::error::StoreError;
use super::seal::{self, Key};
use super::stored;
use crate::record::entry;
use crate::record::{Entry, GameKind};
use crate::store::api::Played;
use crate::store::summary::Recap;

/// Which games a listing wants: each field set narrows it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Filter {
    pub game: Option<GameKind>,
    /// The name of the rules the games were played with.
    pub rules: Option<String>,
    /// The hash of the rules the games were played with.
    pub rules_hash: Option<String>,
    /// Games of daily deals only: of any date, or of one.
    pub daily: Option<Daily>,
    /// Only games played to their end (won or lost, not quit).
    pub finished: bool,
    pub limit: Option<usize>,
}

/// Which daily deals' games a [`Filter`] keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Daily {
    /// A daily deal of any date.
    Any,
    /// The deal of this date (`YYYY-MM-DD`).
    On(String),
}

impl Filter {
    /// Every game of a daily deal, of any date.
    pub(crate) fn daily() -> Filter {
        Filter {
            daily: Some(Daily::Any),
            ..Filter::default()
        }
    }

    /// The condition on `g` (the games) and `r` (their rules) that keeps what the filter wants,
    /// and the values its `?` marks stand for, in order; then the order of the listing.
    fn condition(&self) -> (String, Vec<Value>) {
        let mut clauses = vec!["1"];
        let mut args = Vec::new();
        let mut narrow = |clause, value: Option<Value>| {
            clauses.push(clause);
            args.extend(value);
        };
        if let Some(game) = self.game {
            narrow("g.game = ?", Some(Value::Text(game.as_str().into())));
        }
        if let Some(rules) = &self.rules {
            narrow("r.name = ?", Some(Value::Text(rules.clone())));
        }
        if let Some(hash) = &self.rules_hash {
            narrow("r.hash = ?", Some(Value::Text(hash.clone())));
        }
        match &self.daily {
            Some(Daily::Any) => narrow("g.daily IS NOT NULL", None),
            Some(Daily::On(date)) => narrow("g.daily = ?", Some(Value::Text(date.clone()))),
            None => {}
        }
        if self.finished {
            narrow("g.outcome IN ('won', 'lost')", None);
        }
        // A daily deal's few games are found by their index and sorted after (`+g.ended`),
        // rather than every game walked newest first to find them.
        let order = if self.daily.is_some() {
            "+g.ended DESC, g.n DESC"
        } else {
            "g.ended DESC, g.n DESC"
        };
        (format!("{} ORDER BY {order}", clauses.join(" AND ")), args)
    }
}

/// The columns of `games` that a record's stored document `b` gives, by SQLite: what history
/// shows and sums up. A duel's figures are its players' (the higher score and highest card, the
/// turns added; its outcome `quit`, its result apart), a classic game's deal is its seed. Numbers
/// past `i64::MAX` (edited) are kept at the largest, seeds exactly as their JSON text.
const COLUMNS: [(&str, &str); 15] = [
    ("game", "coalesce(b ->> 'game', 'cards')"),
    ("outcome", "coalesce(b ->> 'outcome', 'quit')"),
    (
        "score",
        "min(coalesce(b ->> 'score', max(b ->> '$.players[0].score', \
         b ->> '$.players[1].score')), 9223372036854775807)",
    ),
    (
        "played",
        "min(coalesce(b ->> 'cards_played', b ->> 'move_count', \
         (b ->> '$.players[0].survived') + (b ->> '$.players[1].survived')), 9223372036854775807)",
    ),
    (
        "highest",
        "min(coalesce(b ->> 'highest', max(b ->> '$.players[0].highest', \
         b ->> '$.players[1].highest')), 9223372036854775807)",
    ),
    ("of", "coalesce(b ->> 'of', b ->> 'game', 'cards')"),
    ("started", "unixepoch(b ->> 'started')"),
    ("ended", "unixepoch(b ->> 'ended')"),
    (
        "duration_secs",
        "min(b ->> 'duration_secs', 9223372036854775807)",
    ),
    ("undos", "coalesce(b ->> 'undos', 0)"),
    (
        "deal",
        "CASE WHEN b ->> 'game' = 'classic' THEN json_object('kind', 'seed', 'seed', \
         json(b -> 'seed')) ELSE b -> 'deal' END",
    ),
    (
        "daily",
        "CASE WHEN b ->> '$.deal.kind' IN ('daily', 'puzzle') THEN b ->> '$.deal.date' END",
    ),
    ("size", "coalesce(b ->> 'size', 0)"),
    ("result", "nullif(b -> 'result', 'null')"),
    ("players", "b -> 'players'"),
];

/// How many of [`COLUMNS`] the figures are summed from: what a row's check compares.
const FIGURES: usize = 5;

/// Replays every row not verified yet (recorded before rows were verified, imported, restored
/// by an older version, salvaged, added by hand, or of a key made new) and marks it: verified
/// (see [`seal`]) when its id is of the program's form, its moves give the result its record says
/// and its figures are its record's; refused otherwise (left out of every figure, and not replayed
/// again). Rows with a verdict are not read. The ids of the rows refused.
pub(crate) fn check_unchecked(conn: &Connection, key: Key) -> rusqlite::Result<Vec<String>> {
    let agree: Vec<String> = COLUMNS[..FIGURES]
        .iter()
        .map(|(c, e)| format!("{c} IS {e}"))
        .collect();
    let unchecked: Vec<(i64, String, bool)> = conn
        .prepare_cached(&format!(
            // The partial index holds the few rows without a verdict.
            "SELECT n, id, {} FROM (SELECT *, body AS b FROM games INDEXED BY games_unsealed \
             WHERE seal IS NULL)",
            agree.join(" AND ")
        ))?
        .query_map([], |r| <(i64, String, bool)>::try_from(r))?
        .collect::<rusqlite::Result<_>>()?;
    let mut refused = Vec::new();
    // A thousand verdicts a transaction: one commit each would cost far more than the replays
    // (100,000 rows took over three minutes), one for all would keep other windows waiting.
    for chunk in unchecked.chunks(1000) {
        let tx =
            rusqlite::Transaction::new_unchecked(conn, rusqlite::TransactionBehavior::Immediate)?;
        for (n, id, agrees) in chunk {
            let replays = *agrees
                && super::id::is_valid(id)
                && record(&tx, id)
                    .ok()
                    .flatten()
                    .is_some_and(|e| e.id() == id && entry::replays_as_recorded(&e).is_ok());
            if replays {
                seal::put(&tx, key, *n)?;
            } else {
                seal::refuse(&tx, *n)?;
                refused.push(id.clone());
            }
        }
        tx.commit()?;
    }
    Ok(refused)
}

/// Adds `e` to history (in the caller's transaction), its [`COLUMNS`] drawn from it by SQLite;
/// false when its id is recorded already. `verified`: the key to mark it verified with, when its
/// result is known to be its moves' (a game this process played, a record replayed); other rows
/// are replayed before they count ([`check_unchecked`]).
pub(crate) fn add(conn: &Connection, e: &Entry, verified: Option<Key>) -> rusqlite::Result<bool> {
    if recorded(conn, e.id())? {
        return Ok(false);
    }
    let mut doc = serde_json::to_value(e).expect("records always serialize");
    let (rules, deck) = stored::strip(conn, &mut doc)?;
    let (names, exprs): (Vec<&str>, Vec<&str>) = COLUMNS.into_iter().unzip();
    conn.prepare_cached(&format!(
        "INSERT INTO games (id, rules, deck, body, {}) SELECT ?1, ?2, ?3, b, {} \
         FROM (SELECT ?4 AS b)",
        names.join(", "),
        exprs.join(", ")
    ))?
    .execute(params![e.id(), rules, deck, doc.to_string()])?;
    if let Some(key) = verified {
        seal::put(conn, key, conn.last_insert_rowid())?;
    }
    Ok(true)
}

/// Whether a game of this id is in history.
pub(crate) fn recorded(conn: &Connection, id: &str) -> rusqlite::Result<bool> {
    conn.prepare_cached("SELECT 1 FROM games WHERE id = ?1")?
        .query_row([id], |_| Ok(()))
        .optional()
        .map(|o| o.is_some())
}

/// Whether the game `g` is practice: a daily deal's or daily puzzle's play that ended after a
/// finished play (won or lost) of the same date's deal of the same kind, with the same rules (by
/// hash). Only the first finished play counts (the line to share, the streak, the daily figures,
/// the per-rules record and figures of the menu and `stats`); later ones stay in history, marked
/// practice. Found on the daily index, so nothing kept can disagree with history.
macro_rules! practice {
    () => {
        "(g.daily IS NOT NULL AND EXISTS (SELECT 1 FROM games e INDEXED BY games_by_daily JOIN \
         rules er ON er.id = e.rules WHERE e.daily = g.daily AND er.hash = (SELECT hash FROM \
         rules WHERE id = g.rules) AND e.game = g.game AND e.outcome IN ('won', 'lost') AND \
         (CASE WHEN json_valid(e.deal) THEN e.deal ->> 'kind' END) IS (CASE WHEN \
         json_valid(g.deal) THEN g.deal ->> 'kind' END) AND (e.ended, e.n) < (g.ended, g.n)))"
    };
}

/// Whether a play of `daily`'s deal (of `game`, its rules hashed `hash`, its deal of `kind`:
/// `daily` or `puzzle`) was played to its end already: one more is practice ([`practice!`]),
/// which counts in no best.
pub(crate) fn daily_done(
    conn: &Connection,
    game: GameKind,
    hash: &str,
    daily: &str,
    kind: &str,
) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM games e INDEXED BY games_by_daily JOIN rules er ON er.id = \
         e.rules WHERE e.daily = ?1 AND er.hash = ?2 AND e.game = ?3 AND e.outcome IN ('won', \
         'lost') AND (CASE WHEN json_valid(e.deal) THEN e.deal ->> 'kind' END) IS ?4)",
    )?
    .query_row(params![daily, hash, game.as_str(), kind], |r| r.get(0))
}

/// A [`Recap`] as SQLite writes it, from the games `g` and their rules `r` (numbers edited
/// below 0 read as 0), practice or not ([`practice!`]).
const SUMMARY: &str = concat!(
    "SELECT json_object('id', g.id, 'game', g.game, 'started', \
     max(g.started, 0), 'ended', max(g.ended, 0), 'rules', r.name, \
     'rules_hash', r.hash, 'outcome', g.outcome, 'score', max(g.score, 0), \
     'played', max(g.played, 0), 'highest', max(g.highest, 0), \
     'duration_secs', max(g.duration_secs, 0), 'undos', g.undos, 'deal', \
     json(g.deal), 'size', g.size, 'of', g.of, 'result', json(g.result), \
     'players', json(g.players), 'checked', json('false'), 'practice', \
     json(CASE WHEN ",
    practice!(),
    " THEN 'true' ELSE 'false' END))"
);

/// The row numbers (`n`) of the games that are practice ([`practice!`]), which the per-rules
/// figures leave out.
pub(crate) fn practice_rows(conn: &Connection) -> rusqlite::Result<std::collections::HashSet<i64>> {
    conn.prepare_cached(concat!(
        "SELECT g.n FROM games g INDEXED BY games_by_daily WHERE g.daily IS NOT NULL AND ",
        practice!()
    ))?
    .query_map([], |r| r.get(0))?
    .collect()
}

/// A [`Recap`] of the row [`SUMMARY`] and then [`seal::COLUMNS`] select, verified with `key`, its
/// names as they show ([`Recap::escape_typed`]).
fn summary_of(row: &Row, key: Option<Key>) -> rusqlite::Result<Recap> {
    let text: String = row.get(0)?;
    let mut recap: Recap = serde_json::from_str(&text).map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, Box::new(e))
    })?;
    recap.checked = seal::verified(key, row, 1)?;
    recap.escape_typed();
    Ok(recap)
}

/// The summaries of games as read: every row that reads, and the row numbers (`n`) of those
/// that do not (a damaged value hides only its own row).
#[derive(Debug, Default)]
pub(crate) struct Listed {
    pub(crate) rows: Vec<Recap>,
    pub(crate) bad: Vec<i64>,
}

/// The summaries of the games `filter` wants, newest first, verified with `key`.
pub(crate) fn list(
    conn: &Connection,
    key: Option<Key>,
    filter: &Filter,
) -> rusqlite::Result<Listed> {
    let (tail, args) = filter.condition();
    one_by_one(conn, key, &tail, &args, filter.limit)
}

/// The rows `tail` (a condition and an order on `g` and `r`) picks, each summed up on its own,
/// so that one whose stored values do not read is named instead of ending the listing; at most
/// `limit` rows that read (so the numbers are those of the whole listing: a bad row takes none).
fn one_by_one(
    conn: &Connection,
    key: Option<Key>,
    tail: &str,
    args: &[Value],
    limit: Option<usize>,
) -> rusqlite::Result<Listed> {
    let mut q = conn.prepare_cached(&format!(
        "{SUMMARY}, {} FROM games g JOIN rules r ON r.id = g.rules WHERE g.n = ?1",
        seal::COLUMNS
    ))?;
    let mut listed = Listed::default();
    let want = limit.unwrap_or(usize::MAX);
    let mut offset = 0;
    // Without a limit every row in one go; with one, as many more as rows did not read.
    while listed.rows.len() < want {
        let page = limit.map_or(-1, |_| (want - listed.rows.len()) as i64);
        let ns: Vec<i64> = conn
            .prepare_cached(&format!(
                "SELECT g.n FROM games g JOIN rules r ON r.id = g.rules WHERE {tail} LIMIT \
                 {page} OFFSET {offset}"
            ))?
            .query_map(params_from_iter(args), |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        let fetched = ns.len();
        for n in ns {
            match q.query_row([n], |r| summary_of(r, key)) {
                Ok(r) => listed.rows.push(r),
                Err(rusqlite::Error::QueryReturnedNoRows) => {}
                Err(_) => listed.bad.push(n),
            }
        }
        if page < 0 || fetched < page as usize {
            break;
        }
        offset += fetched;
    }
    Ok(listed)
}

/// The names of the rules history's games were played with.
pub(crate) fn rules_names(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    conn.prepare("SELECT DISTINCT name FROM rules")?
        .query_map([], |r| r.get(0))?
        .collect()
}

/// How many games history holds.
pub(crate) fn count(conn: &Connection) -> rusqlite::Result<usize> {
    conn.query_row("SELECT count(*) FROM games", [], |r| r.get::<_, i64>(0))
        .map(|n| n as usize)
}

/// The whole record of game `id`, as the exchange format has it.
pub(crate) fn record(conn: &Connection, id: &str) -> Result<Option<Entry>, StoreError> {
    let stored = "SELECT body AS doc, rules, deck FROM games WHERE id = ?1";
    let doc = stored::whole(conn, stored, id)?;
    doc.map(|d| Entry::decode(&d.to_string()))
        .transpose()
        .map_err(|e| StoreError::Unreadable(e.to_string()))
}

/// Up to `n` card or classic games (`game`) of the rules hashed `hash`, dealt by a seed or a
/// daily date (never a deck file), with the highest scores first, each with whether it is
/// verified with `key`; `daily` keeps one date's deal (else practice plays are left out).
pub(crate) fn top(
    conn: &Connection,
    key: Option<Key>,
    game: GameKind,
    hash: &str,
    daily: Option<&str>,
    n: usize,
) -> rusqlite::Result<Vec<(String, u64, bool)>> {
    // Walks `games_best` (or `games_by_daily`) from the top score down, named so that the
    // planner never sums up every game of the rules instead.
    // A practice play counts in no best: the deal's is the first attempt's, as its line to
    // share and its streak are.
    let (index, by_daily) = if daily.is_some() {
        (
            "games_by_daily",
            concat!("AND g.daily = ?3 AND NOT ", practice!()),
        )
    } else {
        (
            "games_best",
            concat!("AND ?3 IS NULL AND NOT ", practice!()),
        )
    };
    let mut q = conn.prepare_cached(&format!(
        "SELECT g.n, g.id, g.score FROM games g INDEXED BY {index} WHERE g.rules IN (SELECT id \
         FROM rules WHERE hash = ?2) AND g.game = ?1 AND g.deck IS NULL {by_daily} ORDER BY \
         g.score DESC LIMIT ?4"
    ))?;
    let found: Vec<(i64, String, u64)> = q
        .query_map(params![game.as_str(), hash, daily, n as i64], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get::<_, i64>(2)?.max(0) as u64))
        })?
        .collect::<rusqlite::Result<_>>()?;
    // Only the few rows found are read whole (the sort above keeps id and score alone: with
    // the whole rows it took the end of a game from 8 ms to 50 ms at 100,000 games).
    let mut whole = conn.prepare_cached(&format!(
        "SELECT {} FROM games g JOIN rules r ON r.id = g.rules WHERE g.n = ?1",
        seal::COLUMNS
    ))?;
    found
        .into_iter()
        .map(|(n, id, score)| {
            let ok = whole.query_row([n], |r| seal::verified(key, r, 0))?;
            Ok((id, score, ok))
        })
        .collect()
}

/// The card games played to their end (won or lost: a game quit or restarted is no game a win
/// rate counts, nor is practice) under the rules hashed `hash`: how many, how many won, and the
/// wins in a row up to the newest. Counted by SQLite on the tally index: the start menu asks this of every
/// preset, so it must not read the games themselves (at 100,000 games that took over half a
/// second before the menu showed).
pub(crate) fn played(conn: &Connection, hash: &str) -> rusqlite::Result<Played> {
    const OF: &str = concat!(
        "FROM games g JOIN rules r ON r.id = g.rules WHERE g.game = 'cards' AND r.hash = ?1 \
         AND g.outcome IN ('won', 'lost') AND NOT ",
        practice!()
    );
    let (games, wins): (i64, i64) = conn
        .prepare_cached(&format!(
            "SELECT count(*), coalesce(sum(g.outcome = 'won'), 0) {OF}"
        ))?
        .query_row([hash], |r| Ok((r.get(0)?, r.get(1)?)))?;
    // The streak: the games newer than the newest one not won (all of them if every one was).
    let streak: i64 = if wins == games {
        games
    } else {
        conn.prepare_cached(&format!(
            "SELECT count(*) {OF} AND (g.ended, g.n) > (SELECT g.ended, g.n {OF} \
             AND g.outcome != 'won' ORDER BY g.ended DESC, g.n DESC LIMIT 1)"
        ))?
        .query_row([hash], |r| r.get(0))?
    };
    let count = |n: i64| u32::try_from(n).unwrap_or(u32::MAX);
    Ok(Played {
        games: count(games),
        wins: count(wins),
        streak: count(streak),
        best: None,
    })
}

/// What to say of the games the figures leave out because their rows were edited (`None`: none).
pub(crate) fn edited_message(ids: &[String]) -> Option<String> {
    let shown: Vec<String> = ids
        .iter()
        .take(10)
        .map(|id| crate::base::visible::escape(id))
        .collect();
    let more = if ids.len() > shown.len() { ", …" } else { "" };
    let message = match ids {
        [] => return None,
        [_] => format!(
            "game {} is left out of the best scores and the means: its row in the \
             database was changed after it was recorded, and its moves do not give the result \
             it now says",
            shown[0]
        ),
        _ => format!(
            "{} games ({}{more}) are left out of the best scores and the means: their rows \
             in the database were changed after they were recorded, and their moves do not \
             give the results they now say",
            ids.len(),
            shown.join(", ")
        ),
    };
    Some(message)
}
