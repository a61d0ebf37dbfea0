//! `new2048 history`: recorded games as a table (newest first), CSV or JSON.
//!
//! The row number is how `--export N` names a game: 1 is the newest, as the table shows it.

use std::fmt::Write;

use serde::Serialize;
use unicode_width::UnicodeWidthStr;

use super::record::Record;
use super::utc;
use crate::keeper::Deal;
use crate::summary::Ending;

/// One line of history, as `--json` prints it.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// 1 for the newest game: what `--export` takes.
    pub n: usize,
    pub id: String,
    pub ended: String,
    pub rules: String,
    pub rules_hash: String,
    pub deal: Deal,
    pub outcome: Ending,
    pub score: u64,
    pub cards_played: u32,
    pub highest: u64,
    pub duration_secs: u64,
    pub undos: u32,
}

impl Row {
    /// Rows for `records` (newest first), numbered from 1.
    pub fn all(records: &[Record]) -> Vec<Row> {
        records
            .iter()
            .enumerate()
            .map(|(i, r)| Row {
                n: i + 1,
                id: r.id.clone(),
                ended: utc::stamp(r.ended),
                rules: r.play.rules.name.clone(),
                rules_hash: r.play.rules.hash.clone(),
                deal: r.play.deal.clone(),
                outcome: r.outcome,
                score: r.score,
                cards_played: r.cards_played,
                highest: r.highest,
                duration_secs: r.duration_secs,
                undos: r.play.undos,
            })
            .collect()
    }
}

/// `seed 42`, `daily 2026-11-29`, `deck FILE`.
pub fn deal_text(deal: &Deal) -> String {
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

const HEADER: [&str; 10] = [
    "#",
    "ended (UTC)",
    "rules",
    "deal",
    "result",
    "score",
    "cards",
    "highest",
    "time",
    "undos",
];

fn cells(row: &Row, ended: String) -> [String; 10] {
    [
        row.n.to_string(),
        ended,
        row.rules.clone(),
        deal_text(&row.deal),
        row.outcome.as_str().to_string(),
        row.score.to_string(),
        row.cards_played.to_string(),
        row.highest.to_string(),
        duration(row.duration_secs),
        row.undos.to_string(),
    ]
}

/// The history table; numbers are right-aligned.
pub fn table(rows: &[Row]) -> String {
    let body: Vec<[String; 10]> = rows
        .iter()
        .map(|r| {
            let ended = utc::parse_stamp(&r.ended).map_or_else(|| r.ended.clone(), utc::short);
            cells(r, ended)
        })
        .collect();
    let header = HEADER.map(String::from);
    let mut widths = [0; 10];
    for line in std::iter::once(&header).chain(&body) {
        for (w, c) in widths.iter_mut().zip(line) {
            *w = (*w).max(c.width());
        }
    }
    let right = |i: usize| matches!(i, 0 | 5..=9);
    let mut out = String::new();
    for line in std::iter::once(&header).chain(&body) {
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

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The history as CSV, with a header line; times in full (`2026-11-29T20:33:50Z`) and the
/// duration in seconds, for spreadsheets.
pub fn csv(rows: &[Row]) -> String {
    let mut out = String::from(
        "n,ended,rules,rules_hash,deal,outcome,score,cards_played,highest,duration_secs,undos,id\n",
    );
    for r in rows {
        let fields = [
            r.n.to_string(),
            r.ended.clone(),
            csv_field(&r.rules),
            r.rules_hash.clone(),
            csv_field(&deal_text(&r.deal)),
            r.outcome.as_str().to_string(),
            r.score.to_string(),
            r.cards_played.to_string(),
            r.highest.to_string(),
            r.duration_secs.to_string(),
            r.undos.to_string(),
            r.id.clone(),
        ];
        let _ = writeln!(out, "{}", fields.join(","));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(n: usize, rules: &str) -> Row {
        Row {
            n,
            id: "x".into(),
            ended: "2026-11-29T20:33:50Z".into(),
            rules: rules.into(),
            rules_hash: "00ff".into(),
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
        }
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
    fn csv_quotes() {
        let c = csv(&[row(1, "a, \"b\"")]);
        assert!(
            c.lines().nth(1).unwrap().contains("\"a, \"\"b\"\"\""),
            "{c}"
        );
    }
}
