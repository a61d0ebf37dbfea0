//! What `stats` sums up: the card and classic games per rules, read from the covering index
//! `games_tally` in one walk with each row's `seal` checked as it is read (see `db::seal`), so
//! that no row that is not verified counts in any figure; the duels and daily deals, listed and
//! verified row by row; and the bests, replayed (see [`Store::checked_best`]).

use std::collections::{BTreeMap, HashMap};

use rusqlite::Connection;
use rusqlite::types::ValueRef;

use super::db::history;
use super::db::seal::Key;
use super::{Filter, Recap, Store};
use crate::record::GameKind;

impl Store {
    /// Says once which games the figures leave out because their rows were edited.
    pub(super) fn say_edited(&self, ids: &[String]) {
        if let Some(message) = history::edited_message(ids) {
            self.warn(message);
        }
    }

    /// What `stats` reports (`None` with no game recorded), its best scores checked.
    pub(crate) fn stats(&self) -> Option<Tally> {
        let db = self.db.as_ref()?;
        let read = || -> rusqlite::Result<Tally> {
            let sums = tally(db, self.key)?;
            let best = |kind, mut all: Vec<RulesStats>| {
                for s in &mut all {
                    s.best = self.checked_best(kind, &s.hash, None).unwrap_or(0);
                }
                all
            };
            let (cards, classic) = (
                best(GameKind::Cards, sums.cards),
                best(GameKind::Classic, sums.classic),
            );
            let verified = |rows: Vec<Recap>| rows.into_iter().filter(|r| r.checked).collect();
            let duels = Filter {
                game: Some(GameKind::Duel),
                ..Filter::default()
            };
            let duels = verified(self.rows_read(history::list(db, self.key, &duels)?));
            let dailies = verified(self.rows_read(history::list(db, self.key, &Filter::daily())?));
            // Without a key no row is verified, and that was said: not that they were edited.
            if self.key.is_some() {
                self.say_edited(&sums.unverified);
            }
            Ok(Tally {
                cards,
                classic,
                duels,
                dailies,
            })
        };
        let tally = read()
            .map_err(|e| self.warn(format!("cannot read history: {e}")))
            .ok()?;
        let none = tally.cards.is_empty() && tally.classic.is_empty() && tally.duels.is_empty();
        (!none).then_some(tally)
    }
}

/// What `stats` sums up, read from the covering index `games_tally` in one walk, each row's
/// `seal` checked as it is read (see [`seal`]): the card and classic games per rules, and the
/// rows of every kind not verified, which every figure leaves out.
pub(crate) struct Sums {
    pub cards: Vec<RulesStats>,
    pub classic: Vec<RulesStats>,
    /// The ids of the rows not verified, in the order recorded.
    pub unverified: Vec<String>,
}

/// The sums of one kind of game (cards: true) under one rules row with one highest card: a run of
/// rows of the tally index, which is in that order.
struct Run {
    cards: bool,
    rules: i64,
    highest: i64,
    /// Rows, verified or not.
    rows: u32,
    games: u32,
    wins: u32,
    total: f64,
    latest: Option<i64>,
    solved: u32,
    judged: u32,
    /// Verified games played to their end (won or lost).
    ended: u32,
}

/// [`Sums`]: per rules (by hash), the card and classic games' count, wins, total score, the
/// latest end (whose rules' name is shown) and how many reached each highest card, of the
/// verified rows (the others are counted as left out) that are not practice; the rules played
/// lately first. The best is left for the caller to check.
pub(crate) fn tally(conn: &Connection, key: Option<Key>) -> rusqlite::Result<Sums> {
    let rules: HashMap<i64, (String, String)> = conn
        .prepare_cached("SELECT id, name, hash FROM rules")?
        .query_map([], |r| Ok((r.get(0)?, (r.get(1)?, r.get(2)?))))?
        .collect::<rusqlite::Result<_>>()?;
    let tags: HashMap<i64, i64> = rules
        .iter()
        .filter_map(|(id, (name, hash))| {
            let tag = key?.rules_tag(
                ValueRef::Text(name.as_bytes()),
                ValueRef::Text(hash.as_bytes()),
            );
            Some((*id, tag))
        })
        .collect();
    let practice = history::practice_rows(conn)?;
    let (runs, unverified) = scan(conn, key, &tags, &practice)?;
    let mut ids = Vec::with_capacity(unverified.len());
    let mut id_of = conn.prepare_cached("SELECT CAST(id AS TEXT) FROM games WHERE n = ?1")?;
    for n in unverified {
        ids.push(id_of.query_row([n], |r| r.get(0))?);
    }
    Ok(Sums {
        cards: by_hash(&runs, &rules, true),
        classic: by_hash(&runs, &rules, false),
        unverified: ids,
    })
}

/// The runs of the tally index (see [`Run`]), and the rows (`n`) not verified. The rows in
/// `practice` (a daily deal played again) are checked but counted in no run.
fn scan(
    conn: &Connection,
    key: Option<Key>,
    tags: &HashMap<i64, i64>,
    practice: &std::collections::HashSet<i64>,
) -> rusqlite::Result<(Vec<Run>, Vec<i64>)> {
    let mut runs: Vec<Run> = Vec::new();
    let mut unverified = Vec::new();
    let mut buf = Vec::with_capacity(128);
    let mut q = conn.prepare_cached(
        "SELECT g.n, g.game, g.rules, g.outcome, g.score, g.highest, g.ended, \
         CASE WHEN json_valid(g.deal) THEN g.deal ->> '$.target.score' END, g.digest, g.seal FROM games g \
         INDEXED BY games_tally",
    )?;
    let mut rows = q.query([])?;
    // Each column read once (a read costs more than the hash), and the rules' tag looked up
    // once a run of the index's order.
    let mut last_tag: Option<(i64, Option<i64>)> = None;
    while let Some(r) = rows.next()? {
        let v: [ValueRef; 10] = [
            r.get_ref(0)?,
            r.get_ref(1)?,
            r.get_ref(2)?,
            r.get_ref(3)?,
            r.get_ref(4)?,
            r.get_ref(5)?,
            r.get_ref(6)?,
            r.get_ref(7)?,
            r.get_ref(8)?,
            r.get_ref(9)?,
        ];
        let int = |i: usize| v[i].as_i64().unwrap_or(0);
        let rules_id = v[2].as_i64().unwrap_or(-1);
        let tag = match last_tag {
            Some((id, tag)) if id == rules_id => tag,
            _ => {
                let tag = tags.get(&rules_id).copied();
                last_tag = Some((rules_id, tag));
                tag
            }
        };
        let ok = match (key, tag, v[8], v[9]) {
            (Some(key), Some(tag), ValueRef::Integer(digest), ValueRef::Integer(seal)) => {
                let figures = [v[3], v[4], v[5], v[6], v[7]];
                key.seal(&mut buf, [v[0], v[1]], tag, figures, digest) == seal
            }
            _ => false,
        };
        if !ok {
            unverified.push(int(0));
        }
        let cards = match v[1] {
            _ if practice.contains(&int(0)) => continue,
            ValueRef::Text(b"cards") => true,
            ValueRef::Text(b"classic") => false,
            _ => continue,
        };
        let highest = int(5).max(0);
        let same = runs
            .last()
            .is_some_and(|l| l.cards == cards && l.rules == rules_id && l.highest == highest);
        if !same {
            runs.push(Run::new(cards, rules_id, highest));
        }
        let run = runs.last_mut().expect("pushed above");
        run.rows += 1;
        if ok {
            run.add(&v);
        }
    }
    Ok((runs, unverified))
}

impl Run {
    /// No row yet of `cards` (or classic) games under the rules row `rules` up to `highest`.
    fn new(cards: bool, rules: i64, highest: i64) -> Run {
        Run {
            cards,
            rules,
            highest,
            rows: 0,
            games: 0,
            wins: 0,
            total: 0.0,
            latest: None,
            solved: 0,
            judged: 0,
            ended: 0,
        }
    }

    /// Counts a verified game, its row's columns `v` as [`scan`] reads them: its outcome, score,
    /// end and, for a puzzle, its target score.
    fn add(&mut self, v: &[ValueRef<'_>; 10]) {
        let int = |i: usize| v[i].as_i64().unwrap_or(0);
        self.games += 1;
        self.wins += u32::from(v[3] == ValueRef::Text(b"won"));
        self.ended += u32::from(matches!(v[3], ValueRef::Text(b"won" | b"lost")));
        self.total += int(4).max(0) as f64;
        self.latest = Some(self.latest.map_or(int(6), |l| l.max(int(6))));
        // A puzzle is judged by its target score, when its record kept one.
        if let Ok(target) = v[7].as_i64().map(|t| t as f64).or_else(|_| v[7].as_f64()) {
            self.judged += 1;
            self.solved += u32::from(int(4) as f64 >= target);
        }
    }
}

/// The runs of `cards` (else of classic games) summed up per rules hash, the rules played lately
/// first.
fn by_hash(runs: &[Run], rules: &HashMap<i64, (String, String)>, cards: bool) -> Vec<RulesStats> {
    // Per hash: the figures, and the latest end of the rules row whose name is shown.
    let mut all: Vec<(RulesStats, i64)> = Vec::new();
    for run in runs.iter().filter(|r| r.cards == cards) {
        let (mut name, hash) = rules.get(&run.rules).cloned().unwrap_or_default();
        // The name as it shows (see `Recap::escape_typed`).
        crate::base::visible::escape_in_place(&mut name);
        let latest = run.latest.unwrap_or(i64::MIN);
        let i = all
            .iter()
            .position(|(s, _)| s.hash == hash)
            .unwrap_or_else(|| {
                all.push((
                    RulesStats {
                        name: name.clone(),
                        hash: hash.clone(),
                        ..RulesStats::default()
                    },
                    i64::MIN,
                ));
                all.len() - 1
            });
        let (s, newest) = &mut all[i];
        // The name shown is that of the rules row played last.
        if latest > *newest || (latest == *newest && name < s.name) {
            s.name = name;
            *newest = latest;
        }
        s.games = s.games.saturating_add(run.games);
        s.wins = s.wins.saturating_add(run.wins);
        s.total_score = s.total_score.saturating_add(run.total as u64);
        s.left_out = s.left_out.saturating_add(run.rows - run.games);
        s.solved = s.solved.saturating_add(run.solved);
        s.judged = s.judged.saturating_add(run.judged);
        s.ended = s.ended.saturating_add(run.ended);
        s.latest = s.latest.max(latest.max(0) as u64);
        if run.games > 0 {
            *s.highest.entry(run.highest as u64).or_default() += run.games;
        }
    }
    let mut all: Vec<RulesStats> = all.into_iter().map(|(s, _)| s).collect();
    all.sort_by(|a, b| b.latest.cmp(&a.latest).then_with(|| a.name.cmp(&b.name)));
    all
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
    /// Puzzles that reached their target, and those whose target was kept (a puzzle recorded
    /// before targets were kept has none): puzzles are counted by these rather than by wins.
    pub solved: u32,
    pub judged: u32,
    /// Of `games`, those played to their end (won or lost): what the win rate is of.
    pub ended: u32,
}

/// The statistics of the card and classic games (summed up per rules by the database), the
/// duels and the daily deals.
pub(crate) struct Tally {
    pub cards: Vec<RulesStats>,
    pub classic: Vec<RulesStats>,
    pub duels: Vec<Recap>,
    pub dailies: Vec<Recap>,
}
