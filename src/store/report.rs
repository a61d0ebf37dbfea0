//! `new2048 history`: recorded games as a table (newest first), CSV or JSON.
//!
//! The row number is how `--export N` names a game: 1 is the newest, as the table shows it.
//! Card games, classic games and duels are numbered together (newest first) but shown apart, one
//! table each, since they have different columns; a history of card games only looks as it did
//! before there were other games. In JSON each row says its `game`; in CSV a duel takes a line
//! per player (same `n` and `id`), so each line is one player's game.

use std::fmt::Write;

use serde::Serialize;
use unicode_width::UnicodeWidthStr;

use super::classic::ClassicRecord;
use super::duel::{DuelPlayer, DuelRecord};
use super::entry::Entry;
use super::format::GameKind;
use super::record::{Record, RulesRecord};
use super::utc;
use crate::cards::summary::Ending;
use crate::duel::DuelResult;
use crate::store::keeper::Deal;

/// One line of history, as `--json` prints it: a game of either kind or a duel.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
#[serde(untagged)]
pub(crate) enum AnyRow {
    Cards(Row),
    Classic(ClassicRow),
    Duel(DuelRow),
}

/// Rows for `entries` (newest first), numbered from 1.
pub(crate) fn rows(entries: &[Entry]) -> Vec<AnyRow> {
    entries
        .iter()
        .enumerate()
        .map(|(i, e)| match e {
            Entry::Cards(r) => AnyRow::Cards(Row::of(i + 1, r)),
            Entry::Classic(r) => AnyRow::Classic(ClassicRow::of(i + 1, r)),
            Entry::Duel(r) => AnyRow::Duel(DuelRow::of(i + 1, r)),
        })
        .collect()
}

/// What every line of history starts with.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub(crate) struct RowHead {
    /// 1 for the newest game: what `--export` takes.
    pub n: usize,
    pub id: String,
    pub game: GameKind,
    /// When the game ended, `2026-11-29T20:33:50Z`.
    pub ended: String,
    pub rules: String,
    pub rules_hash: String,
}

impl RowHead {
    fn new(n: usize, id: &str, game: GameKind, ended: u64, rules: &RulesRecord) -> RowHead {
        RowHead {
            n,
            id: id.to_string(),
            game,
            ended: utc::stamp(ended),
            rules: rules.name.clone(),
            rules_hash: rules.hash.clone(),
        }
    }
}

/// One card game of history.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub(crate) struct Row {
    #[serde(flatten)]
    pub head: RowHead,
    pub deal: Deal,
    pub outcome: Ending,
    pub score: u64,
    pub cards_played: u32,
    pub highest: u64,
    pub duration_secs: u64,
    pub undos: u32,
}

impl Row {
    pub(crate) fn of(n: usize, r: &Record) -> Row {
        Row {
            head: RowHead::new(n, &r.id, GameKind::Cards, r.ended, &r.play.rules),
            deal: r.play.deal.clone(),
            outcome: r.outcome,
            score: r.score,
            cards_played: r.cards_played,
            highest: r.highest,
            duration_secs: r.duration_secs,
            undos: r.play.undos,
        }
    }
}

/// One classic game of history.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub(crate) struct ClassicRow {
    #[serde(flatten)]
    pub head: RowHead,
    pub seed: u64,
    pub size: u8,
    pub outcome: Ending,
    pub score: u64,
    pub moves: usize,
    pub highest: u64,
    pub duration_secs: u64,
    pub undos: u32,
}

impl ClassicRow {
    pub(crate) fn of(n: usize, r: &ClassicRecord) -> ClassicRow {
        ClassicRow {
            head: RowHead::new(n, &r.id, GameKind::Classic, r.ended, &r.play.rules),
            seed: r.play.seed,
            size: r.play.size,
            outcome: r.outcome,
            score: r.score,
            moves: r.move_count,
            highest: r.highest,
            duration_secs: r.duration_secs,
            undos: r.play.undos,
        }
    }
}

/// One duel of history.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub(crate) struct DuelRow {
    #[serde(flatten)]
    pub head: RowHead,
    /// The game dueled at: `cards` or `classic`.
    pub of: GameKind,
    pub deal: Deal,
    /// `null` for a duel given up before it was decided.
    pub result: Option<DuelResult>,
    /// The result in words.
    pub result_text: String,
    pub players: [DuelPlayer; 2],
    pub duration_secs: u64,
}

impl DuelRow {
    pub(crate) fn of(n: usize, r: &DuelRecord) -> DuelRow {
        DuelRow {
            head: RowHead::new(n, &r.id, GameKind::Duel, r.ended, &r.rules),
            of: r.of,
            deal: r.deal.clone(),
            result: r.result,
            result_text: r.result_text(),
            players: r.players.clone(),
            duration_secs: r.duration_secs,
        }
    }

    /// `won`, `lost` or `draw` for player `i`, `given up` when the duel was not decided.
    fn result_for(&self, i: usize) -> &'static str {
        match self.result {
            None => "given up",
            Some(DuelResult::Draw) => "draw",
            Some(DuelResult::Win { winner, .. }) if winner == i => "won",
            Some(DuelResult::Win { .. }) => "lost",
        }
    }
}

/// `seed 42`, `daily 2026-11-29`, `deck FILE`.
pub(crate) fn deal_text(deal: &Deal) -> String {
    match deal {
        Deal::Seed { seed } => format!("seed {seed}"),
        Deal::Daily { date, .. } => format!("daily {date}"),
        Deal::DeckFile { path } => {
            let name = std::path::Path::new(path)
                .file_name()
                .map_or_else(|| path.clone(), |n| n.to_string_lossy().into_owned());
            format!("deck {name}")
        }
    }
}

fn duration(secs: u64) -> String {
    if secs >= 3600 {
        format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

fn short_time(stamp: &str) -> String {
    utc::parse_stamp(stamp).map_or_else(|| stamp.to_string(), utc::short)
}

/// A table with a header line; the columns `right` names are right-aligned.
fn render(header: &[&str], body: &[Vec<String>], right: &dyn Fn(usize) -> bool) -> String {
    let header: Vec<String> = header
        .iter()
        .map(std::string::ToString::to_string)
        .collect();
    let mut widths = vec![0; header.len()];
    for line in std::iter::once(&header).chain(body) {
        for (w, c) in widths.iter_mut().zip(line) {
            *w = (*w).max(c.width());
        }
    }
    let mut out = String::new();
    for line in std::iter::once(&header).chain(body) {
        let mut s = String::new();
        for (i, c) in line.iter().enumerate() {
            let pad = " ".repeat(widths[i] - c.width());
            if i > 0 {
                s.push_str("  ");
            }
            if right(i) {
                s.push_str(&pad);
                s.push_str(c);
            } else {
                s.push_str(c);
                s.push_str(&pad);
            }
        }
        let _ = writeln!(out, "{}", s.trim_end());
    }
    out
}

/// One line of a card or classic game's table: the two differ in how they were dealt and in what
/// they count (cards played, moves).
struct Solo<'a> {
    head: &'a RowHead,
    deal: String,
    outcome: Ending,
    score: u64,
    count: String,
    highest: u64,
    duration_secs: u64,
    undos: u32,
}

fn solo_table(count: &str, rows: &[Solo]) -> String {
    let header = [
        "#",
        "ended (UTC)",
        "rules",
        "deal",
        "result",
        "score",
        count,
        "highest",
        "time",
        "undos",
    ];
    let body: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            vec![
                r.head.n.to_string(),
                short_time(&r.head.ended),
                r.head.rules.clone(),
                r.deal.clone(),
                r.outcome.as_str().to_string(),
                r.score.to_string(),
                r.count.clone(),
                r.highest.to_string(),
                duration(r.duration_secs),
                r.undos.to_string(),
            ]
        })
        .collect();
    render(&header, &body, &|i| matches!(i, 0 | 5..=9))
}

fn cards_table(rows: &[&Row]) -> String {
    let solo: Vec<Solo> = rows
        .iter()
        .map(|r| Solo {
            head: &r.head,
            deal: deal_text(&r.deal),
            outcome: r.outcome,
            score: r.score,
            count: r.cards_played.to_string(),
            highest: r.highest,
            duration_secs: r.duration_secs,
            undos: r.undos,
        })
        .collect();
    solo_table("cards", &solo)
}

fn classic_table(rows: &[&ClassicRow]) -> String {
    let solo: Vec<Solo> = rows
        .iter()
        .map(|r| Solo {
            head: &r.head,
            deal: format!("{0}x{0} seed {1}", r.size, r.seed),
            outcome: r.outcome,
            score: r.score,
            count: r.moves.to_string(),
            highest: r.highest,
            duration_secs: r.duration_secs,
            undos: r.undos,
        })
        .collect();
    solo_table("moves", &solo)
}

fn duel_table(rows: &[&DuelRow]) -> String {
    let header = [
        "#",
        "ended (UTC)",
        "game",
        "rules",
        "deal",
        "players",
        "scores",
        "result",
        "time",
    ];
    let body: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            let names: Vec<&str> = r.players.iter().map(|p| p.name.as_str()).collect();
            let scores: Vec<String> = r.players.iter().map(|p| p.score.to_string()).collect();
            vec![
                r.head.n.to_string(),
                short_time(&r.head.ended),
                r.of.as_str().to_string(),
                r.head.rules.clone(),
                deal_text(&r.deal),
                names.join(" vs "),
                scores.join(" : "),
                r.result_text.clone(),
                duration(r.duration_secs),
            ]
        })
        .collect();
    render(&header, &body, &|i| matches!(i, 0 | 8))
}

/// The history tables: card games, classic games, duels; each under a title when history holds
/// more than one kind.
pub(crate) fn table(rows: &[AnyRow]) -> String {
    let (mut cards, mut classic, mut duels) = (Vec::new(), Vec::new(), Vec::new());
    for row in rows {
        match row {
            AnyRow::Cards(r) => cards.push(r),
            AnyRow::Classic(r) => classic.push(r),
            AnyRow::Duel(r) => duels.push(r),
        }
    }
    let sections = [
        ("card games", cards.len(), cards_table(&cards)),
        ("classic 2048", classic.len(), classic_table(&classic)),
        ("duels", duels.len(), duel_table(&duels)),
    ];
    let present: Vec<&(&str, usize, String)> = sections.iter().filter(|s| s.1 > 0).collect();
    if present.len() == 1 {
        return present[0].2.clone();
    }
    let mut out = String::new();
    for (i, (title, _, t)) in present.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let _ = write!(out, "{title}:\n{t}");
    }
    out
}

/// One line of the CSV history. Empty cells are fields that do not apply to the row's game.
#[derive(Serialize)]
struct CsvLine<'a> {
    n: usize,
    ended: &'a str,
    rules: &'a str,
    rules_hash: &'a str,
    deal: String,
    outcome: &'static str,
    score: u64,
    cards_played: Option<u64>,
    highest: u64,
    duration_secs: u64,
    undos: u32,
    id: &'a str,
    game: String,
    moves: Option<u64>,
    player: Option<&'a str>,
    duel_result: Option<&'static str>,
}

impl<'a> CsvLine<'a> {
    /// The fields every game has, from the row's head; the rest start empty.
    fn of(head: &'a RowHead, deal: String, outcome: Ending, game: String) -> CsvLine<'a> {
        CsvLine {
            n: head.n,
            ended: &head.ended,
            rules: &head.rules,
            rules_hash: &head.rules_hash,
            deal,
            outcome: outcome.as_str(),
            score: 0,
            cards_played: None,
            highest: 0,
            duration_secs: 0,
            undos: 0,
            id: &head.id,
            game,
            moves: None,
            player: None,
            duel_result: None,
        }
    }
}

/// The history as CSV, with a header line; times in full (`2026-11-29T20:33:50Z`) and the
/// duration in seconds, for spreadsheets. The first twelve columns are those of card games;
/// `game`, `moves` (classic), `player` and `duel_result` (duels, a line per player) follow.
/// Quoting is the `csv` crate's (RFC 4180).
pub(crate) fn csv(rows: &[AnyRow]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut put = |line: CsvLine| {
        w.serialize(line)
            .expect("writing CSV to memory cannot fail");
    };
    for row in rows {
        match row {
            AnyRow::Cards(r) => put(CsvLine {
                score: r.score,
                cards_played: Some(u64::from(r.cards_played)),
                highest: r.highest,
                duration_secs: r.duration_secs,
                undos: r.undos,
                ..CsvLine::of(&r.head, deal_text(&r.deal), r.outcome, "cards".into())
            }),
            AnyRow::Classic(r) => put(CsvLine {
                score: r.score,
                highest: r.highest,
                duration_secs: r.duration_secs,
                undos: r.undos,
                moves: Some(r.moves as u64),
                ..CsvLine::of(
                    &r.head,
                    format!("seed {}", r.seed),
                    r.outcome,
                    "classic".into(),
                )
            }),
            AnyRow::Duel(r) => {
                for (i, p) in r.players.iter().enumerate() {
                    let (cards_played, moves) = match r.of {
                        GameKind::Classic => (None, Some(p.survived)),
                        _ => (Some(p.survived), None),
                    };
                    let game = format!("duel {}", r.of.as_str());
                    put(CsvLine {
                        score: p.score,
                        cards_played,
                        highest: p.highest,
                        duration_secs: r.duration_secs,
                        undos: p.undos,
                        moves,
                        player: Some(&p.name),
                        duel_result: Some(r.result_for(i)),
                        ..CsvLine::of(&r.head, deal_text(&r.deal), p.outcome, game)
                    });
                }
            }
        }
    }
    let bytes = w.into_inner().expect("a Vec takes every byte");
    let mut out = String::from_utf8(bytes).expect("every field is UTF-8");
    if rows.is_empty() {
        out.push_str(CSV_HEADER);
    }
    out
}

/// The header line, written by `csv` from [`CsvLine`]'s fields; spelled out for an empty history.
const CSV_HEADER: &str = "n,ended,rules,rules_hash,deal,outcome,score,cards_played,highest,\
                          duration_secs,undos,id,game,moves,player,duel_result\n";

#[cfg(test)]
mod tests {
    use super::*;

    fn row(n: usize, rules: &str) -> AnyRow {
        AnyRow::Cards(Row {
            head: RowHead {
                n,
                id: "x".into(),
                game: GameKind::Cards,
                ended: "2026-11-29T20:33:50Z".into(),
                rules: rules.into(),
                rules_hash: "00ff".into(),
            },
            deal: Deal::Daily {
                date: "2026-11-29".into(),
                seed: 1,
            },
            outcome: Ending::Won,
            score: 1234,
            cards_played: 100,
            highest: 1024,
            duration_secs: 3725,
            undos: 0,
        })
    }

    #[test]
    fn table_aligns_wide_names() {
        let t = table(&[row(1, "默认"), row(2, "default")]);
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[1].contains("2026-11-29 20:33"), "{t}");
        assert!(lines[1].contains("daily 2026-11-29"), "{t}");
        assert!(lines[1].contains("1:02:05"), "{t}");
        let widths: Vec<usize> = lines.iter().map(|l| l.width()).collect();
        assert!(widths.iter().all(|&w| w == widths[0]), "{t}");
    }

    #[test]
    fn kinds_get_their_own_titled_tables_numbered_together() {
        let AnyRow::Cards(card) = row(2, "default") else {
            unreachable!()
        };
        let classic = AnyRow::Classic(ClassicRow {
            head: RowHead {
                n: 1,
                game: GameKind::Classic,
                ..card.head.clone()
            },
            seed: 7,
            size: 5,
            outcome: Ending::Lost,
            score: 3000,
            moves: 321,
            highest: 256,
            duration_secs: 61,
            undos: 2,
        });
        let t = table(&[classic, AnyRow::Cards(card)]);
        assert!(t.starts_with("card games:\n#  ended"), "{t}");
        let classic_part = &t[t.find("\nclassic 2048:\n").expect(&t)..];
        assert!(classic_part.contains("#  ended (UTC)"), "{t}");
        let line = classic_part.lines().nth(3).expect(&t);
        for cell in ["1 ", "5x5 seed 7", "lost", "3000", "321", "256", "1:01"] {
            assert!(line.contains(cell), "{cell} in {line}");
        }
        assert!(!t.contains("duels:"), "{t}");
    }

    #[test]
    fn csv_header_is_the_same_with_or_without_rows() {
        let with = csv(&[row(1, "r")]);
        assert_eq!(with.lines().next(), CSV_HEADER.lines().next());
        assert_eq!(csv(&[]), CSV_HEADER);
    }

    #[test]
    fn csv_quotes() {
        let c = csv(&[row(1, "a, \"b\"")]);
        assert!(
            c.lines().nth(1).unwrap().contains("\"a, \"\"b\"\"\""),
            "{c}"
        );
    }
}
