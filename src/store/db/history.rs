//! History: a finished game or duel is one row of `games`, added in the transaction that removes
//! its save, and read back as a [`Recap`] (for `history`, `stats`, the bests) or as its whole
//! record (for `--export`, `replay`, `review`). The columns are what the commands ask for; `body`
//! is the record's document less its rules and seeded deck (see [`super::stored`]). A game's `id`
//! is unique: a record whose id is there already adds nothing, so no game is recorded twice.

use std::collections::BTreeMap;

use rusqlite::{Connection, OptionalExtension, Row, params};

use super::stored;
use crate::store::files::entry::{self, Entry};
use crate::store::files::format::{GameKind, RecordError};
use crate::store::files::summary::Recap;
use crate::store::meta::Deal;

/// Which games a listing wants.
#[derive(Clone, Debug, Default)]
pub(crate) struct Filter {
    pub game: Option<GameKind>,
    /// The name of the rules the games were played with.
    pub rules: Option<String>,
    pub limit: Option<usize>,
}

/// Marks row `n` of `games` as checked: its result is known to be what its moves give.
fn check_row(conn: &Connection, n: i64, checked: bool) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE games SET checked = ?2 WHERE n = ?1")?
        .execute(params![n, checked])
        .map(drop)
}

/// Replays every row not checked yet (recorded before rows were checked, imported, added by hand,
/// or edited since: the trigger `games_edited` clears `checked` on any change of a row's result)
/// and marks it: checked when its moves give the result its columns say, refused otherwise (left
/// out of every figure). Rows checked already are not read. The ids of the rows refused.
pub(crate) fn check_unchecked(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    type Unchecked = (i64, String, String, String, i64, i64, i64);
    let unchecked: Vec<Unchecked> = conn
        .prepare_cached(
            // The partial index holds the few rows not checked; SQLite takes it for `IS NULL`
            // only with its own condition beside.
            "SELECT n, id, game, outcome, score, played, highest FROM games INDEXED BY \
             games_unchecked WHERE checked IS NOT 1 AND checked IS NULL",
        )?
        .query_map([], |r| Unchecked::try_from(r))?
        .collect::<rusqlite::Result<_>>()?;
    let mut refused = Vec::new();
    for (n, id, game, outcome, score, played, highest) in unchecked {
        // The record replays to its result, and the columns the figures are summed from say
        // what the record says.
        let replays = record(conn, &id).ok().flatten().is_some_and(|e| {
            let s = Recap::of(&e);
            entry::replays_as_recorded(&e).is_ok()
                && (s.game.as_str(), s.outcome.as_str()) == (game.as_str(), outcome.as_str())
                && [s.score, s.played, s.highest].map(stored::int) == [score, played, highest]
        });
        check_row(conn, n, replays)?;
        if !replays {
            refused.push(id);
        }
    }
    Ok(refused)
}

/// The ids of the games whose rows are not checked (changed in the database since they were
/// recorded, and refused when replayed), which every figure leaves out.
pub(crate) fn unchecked(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    conn.prepare_cached(
        "SELECT id FROM games INDEXED BY games_unchecked WHERE checked IS NOT 1 ORDER BY n",
    )?
    .query_map([], |r| r.get(0))?
    .collect()
}

/// Adds `e` to history (in the caller's transaction); false when its id is recorded already.
/// `checked`: its result is known to be its moves' (a game this process played); other rows are
/// replayed before they count ([`check_unchecked`]).
pub(crate) fn add(conn: &Connection, e: &Entry, checked: bool) -> rusqlite::Result<bool> {
    let s = Recap::of(e);
    if recorded(conn, &s.id)? {
        return Ok(false);
    }
    let mut doc = serde_json::to_value(e).expect("records always serialize");
    let rules = match e {
        Entry::Cards(r) => &r.play.rules,
        Entry::Classic(r) => &r.play.rules,
        Entry::Duel(r) => &r.rules,
    };
    let (rules, deck) = stored::strip(conn, &mut doc, rules, &s.deal)?;
    let daily = match &s.deal {
        Deal::Daily { date, .. } => Some(date.clone()),
        _ => None,
    };
    let int = stored::int;
    conn.prepare_cached(
        "INSERT INTO games (id, game, of, rules, started, ended, duration_secs, outcome, score, \
         played, highest, undos, deal, daily, deck, size, result, players, body) VALUES (?1, \
         ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)",
    )?
    .execute(params![
        s.id,
        s.game.as_str(),
        s.of.as_str(),
        rules,
        int(s.started),
        int(s.ended),
        int(s.duration_secs),
        s.outcome.as_str(),
        int(s.score),
        int(s.played),
        int(s.highest),
        s.undos,
        json(&s.deal),
        daily,
        deck,
        s.size,
        s.result.map(|r| json(&r)),
        s.players.as_ref().map(|p| json(p.as_ref())),
        doc.to_string(),
    ])?;
    if checked {
        check_row(conn, conn.last_insert_rowid(), true)?;
    }
    Ok(true)
}

/// JSON text of the small values kept in columns.
fn json<T: serde::Serialize + ?Sized>(v: &T) -> String {
    serde_json::to_string(v).expect("columns always serialize")
}

/// Whether a game of this id is in history.
pub(crate) fn recorded(conn: &Connection, id: &str) -> rusqlite::Result<bool> {
    conn.prepare_cached("SELECT 1 FROM games WHERE id = ?1")?
        .query_row([id], |_| Ok(()))
        .optional()
        .map(|o| o.is_some())
}

/// A [`Recap`] as SQLite writes it, from the games `g` and their rules `r` (numbers edited
/// below 0 read as 0).
const SUMMARY: &str = "SELECT json_object('id', g.id, 'game', g.game, 'started', \
                       max(g.started, 0), 'ended', max(g.ended, 0), 'rules', r.name, \
                       'rules_hash', r.hash, 'outcome', g.outcome, 'score', max(g.score, 0), \
                       'played', max(g.played, 0), 'highest', max(g.highest, 0), \
                       'duration_secs', max(g.duration_secs, 0), 'undos', g.undos, 'deal', \
                       json(g.deal), 'size', g.size, 'of', g.of, 'result', json(g.result), \
                       'players', json(g.players)) FROM games g JOIN rules r ON r.id = g.rules";

fn summary_of(row: &Row) -> rusqlite::Result<Recap> {
    let text: String = row.get(0)?;
    serde_json::from_str(&text).map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, Box::new(e))
    })
}

/// The summaries of the games `filter` wants, newest first.
pub(crate) fn list(conn: &Connection, filter: &Filter) -> rusqlite::Result<Vec<Recap>> {
    let limit = filter.limit.map_or(-1, |l| l.min(i64::MAX as usize) as i64);
    let mut q = conn.prepare_cached(&format!(
        "{SUMMARY} WHERE (?1 IS NULL OR g.game = ?1) AND (?2 IS NULL OR r.name = ?2) \
         ORDER BY g.ended DESC, g.n DESC LIMIT ?3"
    ))?;
    q.query_map(
        params![filter.game.map(GameKind::as_str), filter.rules, limit],
        summary_of,
    )?
    .collect()
}

/// The summaries of the games matching an SQL condition on `g` (the games) and `r` (their
/// rules), newest first.
pub(crate) fn list_where(
    conn: &Connection,
    condition: &str,
    args: impl rusqlite::Params,
) -> rusqlite::Result<Vec<Recap>> {
    // `+g.ended`: sorted after the condition's index found the few rows, rather than every game
    // walked newest first to find them.
    let mut q = conn.prepare_cached(&format!(
        "{SUMMARY} WHERE {condition} ORDER BY +g.ended DESC, g.n DESC"
    ))?;
    q.query_map(args, summary_of)?.collect()
}

/// How many games history holds.
pub(crate) fn count(conn: &Connection) -> rusqlite::Result<usize> {
    conn.query_row("SELECT count(*) FROM games", [], |r| r.get::<_, i64>(0))
        .map(|n| n as usize)
}

/// The whole record of game `id`, as the exchange format has it.
pub(crate) fn record(conn: &Connection, id: &str) -> Result<Option<Entry>, String> {
    // A card game's document holds its deck, a card duel's too.
    type Found = (String, i64, Option<String>, bool);
    let found = conn
        .prepare_cached("SELECT body, rules, deck, of = 'cards' FROM games WHERE id = ?1")
        .and_then(|mut q| q.query_row([id], |r| Found::try_from(r)).optional())
        .map_err(|e| e.to_string())?;
    let Some((body, rules, deck, dealt)) = found else {
        return Ok(None);
    };
    let mut doc: serde_json::Value =
        serde_json::from_str(&body).map_err(|e| RecordError::Json(e.to_string()).to_string())?;
    stored::whole(conn, &mut doc, rules, deck, dealt)?;
    Entry::decode(&doc.to_string())
        .map(Some)
        .map_err(|e| e.to_string())
}

/// Up to `n` card or classic games (`game`) of the rules hashed `hash`, dealt by a seed or a
/// daily date (never a deck file), with the highest scores first; `daily` keeps one date's deal.
pub(crate) fn top(
    conn: &Connection,
    game: GameKind,
    hash: &str,
    daily: Option<&str>,
    n: usize,
) -> rusqlite::Result<Vec<(String, u64)>> {
    // Walks `games_best` (or `games_by_daily`) from the top score down, named so that the
    // planner never sums up every game of the rules instead.
    let (index, by_daily) = if daily.is_some() {
        ("games_by_daily", "AND g.daily = ?3")
    } else {
        ("games_best", "AND ?3 IS NULL")
    };
    let mut q = conn.prepare_cached(&format!(
        "SELECT g.id, g.score FROM games g INDEXED BY {index} WHERE g.rules IN (SELECT id FROM \
         rules WHERE hash = ?2) AND g.game = ?1 AND g.deck IS NULL {by_daily} AND g.checked IS 1 \
         ORDER BY g.score DESC LIMIT ?4"
    ))?;
    q.query_map(params![game.as_str(), hash, daily, n as i64], |r| {
        Ok((r.get(0)?, r.get::<_, i64>(1)?.max(0) as u64))
    })?
    .collect()
}

/// Per rules (by hash), the games of `game` summed up: count, wins, total score, the latest end
/// and how many reached each highest card, of the checked rows (the others are counted as left
/// out); the best is left for the caller to check.
pub(crate) fn tally(conn: &Connection, game: GameKind) -> rusqlite::Result<Vec<RulesStats>> {
    let mut by_hash: BTreeMap<String, RulesStats> = BTreeMap::new();
    // One walk of the covering index `games_tally` (only checked rows count, the others are
    // counted as left out), the few rules joined after.
    let mut q = conn.prepare_cached(
        "SELECT r.name, r.hash, t.* FROM (SELECT g.rules, g.highest, count(*), \
         sum(g.checked IS 1), sum(g.checked IS 1 AND g.outcome = 'won'), \
         total(CASE WHEN g.checked IS 1 THEN g.score END), \
         max(CASE WHEN g.checked IS 1 THEN g.ended END) FROM games g WHERE g.game = ?1 \
         GROUP BY g.rules, g.highest) t JOIN rules r ON r.id = t.rules \
         ORDER BY t.rules, t.highest",
    )?;
    // Name, hash, rules, highest, games, checked games, wins, total score, latest end.
    type Bucket = (String, String, i64, i64, i64, i64, i64, f64, Option<i64>);
    let rows: Vec<Bucket> = q
        .query_map([game.as_str()], |r| Bucket::try_from(r))?
        .collect::<rusqlite::Result<_>>()?;
    for (name, hash, _, highest, all, games, wins, total, latest) in rows {
        let s = by_hash.entry(hash.clone()).or_insert_with(|| RulesStats {
            name: name.clone(),
            hash,
            ..RulesStats::default()
        });
        s.left_out += (all - games) as u32;
        let Some(latest) = latest else {
            continue;
        };
        if latest.max(0) as u64 >= s.latest {
            s.name = name;
            s.latest = latest.max(0) as u64;
        }
        s.games += games as u32;
        s.wins += wins as u32;
        // A sum past u64 stays at its largest.
        s.total_score = s.total_score.saturating_add(total as u64);
        *s.highest.entry(highest.max(0) as u64).or_insert(0) += games as u32;
    }
    // The rules played lately first, as the report lists them.
    let mut all: Vec<RulesStats> = by_hash.into_values().collect();
    all.sort_by(|a, b| b.latest.cmp(&a.latest).then(a.name.cmp(&b.name)));
    Ok(all)
}

/// What history says about one set of rules.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub(crate) struct RulesStats {
    pub name: String,
    pub hash: String,
    pub games: u32,
    pub wins: u32,
    pub best: u64,
    pub total_score: u64,
    /// How many games ended with each highest card.
    pub highest: BTreeMap<u64, u32>,
    /// When the latest game with these rules ended, to list the rules played lately first.
    pub latest: u64,
    /// Games left out of these figures: their rows were edited after they were recorded.
    pub left_out: u32,
}

/// The statistics of the card and classic games (summed up per rules by the database), the
/// duels and the daily deals.
pub(crate) struct Tally {
    pub cards: Vec<RulesStats>,
    pub classic: Vec<RulesStats>,
    pub duels: Vec<Recap>,
    pub dailies: Vec<Recap>,
}

/// The card games played under the rules hashed `hash`: how many, how many won, and the wins in a
/// row up to the newest. Counted by SQLite on the tally index: the start menu asks this of every
/// preset, so it must not read the games themselves (at 100,000 games that took over half a
/// second before the menu showed).
pub(crate) fn played(conn: &Connection, hash: &str) -> rusqlite::Result<(u32, u32, u32)> {
    const OF: &str = "FROM games g JOIN rules r ON r.id = g.rules WHERE g.game = 'cards' \
                      AND r.hash = ?1";
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
    Ok((count(games), count(wins), count(streak)))
}

/// What to say of the games the figures leave out because their rows were edited (`None`: none).
pub(crate) fn edited_message(ids: &[String]) -> Option<String> {
    let shown: Vec<String> = ids
        .iter()
        .take(10)
        .map(|id| crate::cards::text::escape_controls(id))
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
