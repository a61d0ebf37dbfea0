//! `new2048 history`: recorded games as a table (newest first), CSV or JSON.
//!
//! The row number is how `--export N` names a game: 1 is the newest, as the table shows it.
//! Card games, classic games and duels are one table with a `game` column, numbered from the
//! newest, so a number reads the same in the table, in `--export` and in JSON (it counts the
//! games shown: with `--rules` or `--game`, those that match). In JSON each row says its `game`;
//! in CSV a duel takes a line per player (same `n` and `id`), so each line is one player's game.
//!
//! Rows are made from the summaries of the database's columns ([`crate::store::Recap`]), not
//! the records.

use crate::ui::duration;
use std::fmt::Write;

use serde::Serialize;
use unicode_width::UnicodeWidthStr;

use crate::base::utc;
use crate::cards::summary::Ending;
use crate::deal::{Deal, deal_text};
use crate::duel::DuelResult;
use crate::record::{DuelPlayer, GameKind};
use crate::store::{Recap, SavedGameInfo};

mod spreadsheet;
pub(crate) use spreadsheet::csv;

/// One line of history, as `--json` prints it: a game of either kind or a duel.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
#[serde(untagged)]
pub(crate) enum AnyRow {
    Cards(Row),
    Classic(ClassicRow),
    Duel(DuelRow),
}

impl AnyRow {
    /// What every kind of row starts with.
    pub(crate) fn head(&self) -> &RowHead {
        match self {
            AnyRow::Cards(r) => &r.head,
            AnyRow::Classic(r) => &r.head,
            AnyRow::Duel(r) => &r.head,
        }
    }
}

/// Rows for `games` (newest first), numbered from 1.
pub(crate) fn rows<'a>(games: impl IntoIterator<Item = &'a Recap>) -> Vec<AnyRow> {
    games
        .into_iter()
        .enumerate()
        .map(|(i, s)| match s.game {
            GameKind::Cards => AnyRow::Cards(Row::of(i + 1, s)),
            GameKind::Classic => AnyRow::Classic(ClassicRow::of(i + 1, s)),
            GameKind::Duel => AnyRow::Duel(DuelRow::of(i + 1, s)),
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
    /// Its result was replayed from its moves and agreed; false: its row was changed in the
    /// database since, and stats and the bests leave it out (the table marks it).
    pub checked: bool,
}

impl RowHead {
    fn new(n: usize, s: &Recap) -> RowHead {
        RowHead {
            n,
            id: s.id.clone(),
            game: s.game,
            ended: utc::stamp(s.ended),
            rules: s.rules.clone(),
            rules_hash: s.rules_hash.clone(),
            checked: s.checked,
        }
    }

    /// A score as the table shows it: marked when the row is not checked.
    fn score_text(&self, score: String) -> String {
        if self.checked {
            score
        } else {
            format!("{score}{UNCHECKED}")
        }
    }
}

/// The table's mark of a row whose result is not checked, and what it says below the table.
const UNCHECKED: &str = "*";
const UNCHECKED_NOTE: &str = "* changed in the database since it was recorded: its moves do not give this result, so \
     stats and the best scores leave it out";

/// One card game of history.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub(crate) struct Row {
    #[serde(flatten)]
    pub head: RowHead,
    pub deal: Deal,
    pub outcome: Ending,
    /// A puzzle's result against its target (`solved`, `beaten`, `short by 3`), when the deal
    /// kept its target (a puzzle recorded before targets were kept has none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdict: Option<String>,
    pub score: u64,
    pub cards_played: u32,
    pub highest: u64,
    pub duration_secs: u64,
    pub undos: u32,
    /// A daily deal or daily puzzle played again after a finished play of it: practice, which
    /// the line to share, the streaks and the daily figures leave out.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub practice: bool,
}

impl Row {
    pub(crate) fn of(n: usize, s: &Recap) -> Row {
        Row {
            head: RowHead::new(n, s),
            deal: s.deal.clone(),
            outcome: s.outcome,
            verdict: crate::deal::puzzle::target_of(&s.deal)
                .filter(|_| s.outcome != Ending::Quit)
                .map(|t| crate::deal::puzzle::Verdict::of(s.score, t).text()),
            score: s.score,
            cards_played: s.played as u32,
            highest: s.highest,
            duration_secs: s.duration_secs,
            undos: s.undos,
            practice: s.practice,
        }
    }

    /// How it ended as the table says it: a puzzle's verdict, and `practice` after a daily
    /// deal played again.
    fn result_text(&self) -> String {
        let result = self
            .verdict
            .clone()
            .unwrap_or_else(|| self.outcome.as_str().to_string());
        if self.practice {
            format!("{result} (practice)")
        } else {
            result
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
    pub(crate) fn of(n: usize, s: &Recap) -> ClassicRow {
        let seed = match s.deal {
            Deal::Seed { seed } | Deal::Daily { seed, .. } | Deal::Puzzle { seed, .. } => seed,
            Deal::DeckFile { .. } => 0,
        };
        ClassicRow {
            head: RowHead::new(n, s),
            seed,
            size: s.size,
            outcome: s.outcome,
            score: s.score,
            moves: s.played as usize,
            highest: s.highest,
            duration_secs: s.duration_secs,
            undos: s.undos,
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
    pub(crate) fn of(n: usize, s: &Recap) -> DuelRow {
        DuelRow {
            head: RowHead::new(n, s),
            of: s.of,
            deal: s.deal.clone(),
            result: s.result,
            result_text: crate::duel::result_text(s.result, &s.names()),
            players: s.players.as_deref().cloned().unwrap_or_else(|| {
                [0, 1].map(|_| DuelPlayer {
                    name: String::new(),
                    outcome: Ending::Quit,
                    score: 0,
                    survived: 0,
                    highest: 0,
                    undos: 0,
                    moves: String::new(),
                })
            }),
            duration_secs: s.duration_secs,
        }
    }

    /// The result in a word or two for the table: `Bob won`, `Bob won, Ann left`, `draw`,
    /// `given up` (the sentence saying how is [`DuelRow::result_text`]).
    fn result_word(&self) -> String {
        match self.result {
            None => "given up".into(),
            Some(DuelResult::Draw) => "draw".into(),
            Some(DuelResult::Win {
                winner, forfeit, ..
            }) => {
                let name = |i: usize| self.players.get(i).map_or("?", |p| p.name.as_str());
                match forfeit {
                    Some(how) => format!(
                        "{} won, {} {}",
                        name(winner),
                        name(1 - winner.min(1)),
                        how.short()
                    ),
                    None => format!("{} won", name(winner)),
                }
            }
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

fn short_time(stamp: &str) -> String {
    utc::parse_stamp(stamp).map_or_else(|| stamp.to_string(), utc::short)
}

/// A table with a header line; the columns `right` names are right-aligned.
///
/// With a `width` (the terminal's), the table is never wider: the columns `drop` names go, in
/// that order, until it fits; a line still too wide is cut with `…`. Without one (the output is
/// a file or a pipe), every column is printed whole.
fn render(
    header: &[&str],
    body: &[Vec<String>],
    right: &dyn Fn(usize) -> bool,
    drop: &[usize],
    width: Option<usize>,
) -> String {
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
    let mut shown = vec![true; header.len()];
    let total = |shown: &[bool]| {
        let cols = widths.iter().zip(shown).filter(|(_, s)| **s);
        let (n, sum) = cols.fold((0usize, 0), |(n, sum), (w, _)| (n + 1, sum + w));
        sum + 2 * n.saturating_sub(1)
    };
    if let Some(max) = width {
        let mut gone = Vec::new();
        for &i in drop {
            if total(&shown) <= max {
                break;
            }
            shown[i] = false;
            gone.push(i);
        }
        // A column dropped before a wider one may fit again once that one is gone.
        for &i in gone.iter().rev().skip(1) {
            shown[i] = true;
            if total(&shown) > max {
                shown[i] = false;
            }
        }
    }
    let mut out = String::new();
    for line in std::iter::once(&header).chain(body) {
        let mut s = String::new();
        for (i, c) in line.iter().enumerate().filter(|(i, _)| shown[*i]) {
            let pad = " ".repeat(widths[i] - c.width());
            if !s.is_empty() {
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
        let s = s.trim_end();
        match width {
            Some(max) if s.width() > max => {
                let _ = writeln!(out, "{}", console::truncate_str(s, max, "…"));
            }
            _ => {
                let _ = writeln!(out, "{s}");
            }
        }
    }
    out
}

/// The history table: every game a line, card games, classic games and duels together, with a
/// `game` column. A duel's line names both players and says its result in a word or two
/// (`Ann vs Bob: draw`, `Ann vs Bob: Bob won`), and gives each one's numbers (`12 : 9`);
/// `--json` has the sentence saying how.
/// In a terminal `width` columns wide, the columns a player misses least go first: undos,
/// highest, cards/moves, time, deal, rules, when, what game.
pub(crate) fn table(rows: &[AnyRow], width: Option<usize>) -> String {
    let header = [
        "#",
        "ended (UTC)",
        "game",
        "rules",
        "deal",
        "result",
        "score",
        "cards/moves",
        "highest",
        "time",
        "undos",
    ];
    let body: Vec<Vec<String>> = rows
        .iter()
        .map(|row| match row {
            AnyRow::Cards(r) => vec![
                r.head.n.to_string(),
                short_time(&r.head.ended),
                "cards".into(),
                r.head.rules.clone(),
                deal_text(&r.deal),
                r.result_text(),
                r.head.score_text(r.score.to_string()),
                r.cards_played.to_string(),
                r.highest.to_string(),
                duration(r.duration_secs),
                r.undos.to_string(),
            ],
            AnyRow::Classic(r) => vec![
                r.head.n.to_string(),
                short_time(&r.head.ended),
                "classic".into(),
                r.head.rules.clone(),
                format!("{0}x{0} seed {1}", r.size, r.seed),
                r.outcome.as_str().to_string(),
                r.head.score_text(r.score.to_string()),
                r.moves.to_string(),
                r.highest.to_string(),
                duration(r.duration_secs),
                r.undos.to_string(),
            ],
            AnyRow::Duel(r) => {
                let each = |f: &dyn Fn(&DuelPlayer) -> String| {
                    let v: Vec<String> = r.players.iter().map(f).collect();
                    v.join(" : ")
                };
                vec![
                    r.head.n.to_string(),
                    short_time(&r.head.ended),
                    format!("duel {}", r.of.as_str()),
                    r.head.rules.clone(),
                    deal_text(&r.deal),
                    format!(
                        "{}: {}",
                        each(&|p| p.name.clone()).replace(" : ", " vs "),
                        r.result_word()
                    ),
                    r.head.score_text(each(&|p| p.score.to_string())),
                    each(&|p| p.survived.to_string()),
                    each(&|p| p.highest.to_string()),
                    duration(r.duration_secs),
                    String::new(),
                ]
            }
        })
        .collect();
    let drop = [10, 8, 7, 9, 4, 3, 1, 2];
    let mut out = render(&header, &body, &|i| matches!(i, 0 | 6..=10), &drop, width);
    if rows.iter().any(|r| !r.head().checked) {
        out.push_str(UNCHECKED_NOTE);
        out.push('\n');
    }
    out
}

/// The saved games as `new2048 saved` lists them (numbered as `play --resume N` takes them),
/// never wider than a terminal `width` columns wide (cards/moves, deal, rules, then when go
/// first).
pub(crate) fn saved_table(list: &[SavedGameInfo], width: Option<usize>) -> String {
    let header = [
        "#",
        "last played (UTC)",
        "game",
        "rules",
        "deal",
        "score",
        "cards/moves",
    ];
    let body: Vec<Vec<String>> = list
        .iter()
        .map(|i| {
            vec![
                i.number.to_string(),
                if i.elsewhere {
                    format!("{} (open in another window)", utc::short(i.saved))
                } else {
                    utc::short(i.saved)
                },
                mode(i),
                i.rules.clone(),
                i.deal.clone(),
                i.score_text(),
                format!("{} {}", i.played, played_unit(i)),
            ]
        })
        .collect();
    render(&header, &body, &|i| i == 0, &[6, 4, 3, 1], width)
}

/// What a saved game is, in a few words: `cards`, `classic 4x4`, `duel (cards)`.
pub(crate) fn mode(i: &SavedGameInfo) -> String {
    match i.game {
        GameKind::Duel => format!("duel ({})", i.of.as_str()),
        g => g.as_str().to_string(),
    }
}

/// `cards played` or `moves`, what [`SavedGameInfo::played`] counts, in the singular for one
/// (`1 card played`, `1 move`).
fn played_unit(i: &SavedGameInfo) -> &'static str {
    match (i.of, i.played == 1) {
        (GameKind::Classic, false) => "moves",
        (GameKind::Classic, true) => "move",
        (_, false) => "cards played",
        (_, true) => "card played",
    }
}

#[cfg(test)]
mod tests {
    use super::spreadsheet::CSV_HEADER;
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
                checked: true,
            },
            deal: Deal::Daily {
                date: "2026-11-29".into(),
                seed: 1,
            },
            outcome: Ending::Won,
            verdict: None,
            score: 1234,
            cards_played: 100,
            highest: 1024,
            duration_secs: 3725,
            undos: 0,
            practice: false,
        })
    }

    #[test]
    fn table_aligns_wide_names() {
        let t = table(&[row(1, "默认"), row(2, "default")], None);
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[1].contains("2026-11-29 20:33"), "{t}");
        assert!(lines[1].contains("daily 2026-11-29"), "{t}");
        assert!(lines[1].contains("1:02:05"), "{t}");
        let widths: Vec<usize> = lines.iter().map(|l| l.width()).collect();
        assert!(widths.iter().all(|&w| w == widths[0]), "{t}");
    }

    #[test]
    fn a_row_not_checked_is_marked_and_said_once() {
        let AnyRow::Cards(mut edited) = row(1, "default") else {
            unreachable!()
        };
        edited.head.checked = false;
        let t = table(&[AnyRow::Cards(edited), row(2, "default")], None);
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines.len(), 4, "{t}");
        assert!(lines[1].contains("1234*"), "{t}");
        assert!(!lines[2].contains('*'), "{t}");
        assert!(lines[3].starts_with("* changed in the database"), "{t}");
        assert!(!table(&[row(1, "default")], None).contains('*'));
    }

    #[test]
    fn kinds_share_one_table_with_a_game_column() {
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
        let t = table(&[classic, AnyRow::Cards(card)], None);
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines.len(), 3, "{t}");
        assert!(lines[0].starts_with("#  ended (UTC)"), "{t}");
        for cell in [
            "1 ",
            "classic",
            "5x5 seed 7",
            "lost",
            "3000",
            "321",
            "256",
            "1:01",
        ] {
            assert!(lines[1].contains(cell), "{cell} in {t}");
        }
        assert!(
            lines[2].starts_with("2 ") && lines[2].contains("cards"),
            "{t}"
        );
    }

    #[test]
    fn csv_header_is_the_same_with_or_without_rows() {
        let with = csv(&[row(1, "r")]);
        assert_eq!(with.lines().next(), CSV_HEADER.lines().next());
        assert_eq!(csv(&[]), CSV_HEADER);
    }

    /// A name a spreadsheet would run is text in the CSV; the numbers stay numbers.
    #[test]
    fn csv_neutralises_formulas() {
        for (name, shown) in [
            ("=cmd|\"/c calc\"!A1", "\"'=cmd|\"\"/c calc\"\"!A1\""),
            ("+1", "'+1"),
            ("-2+3", "'-2+3"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tx", "'\tx"),
            ("a=b", "a=b"),
        ] {
            let c = csv(&[row(1, name)]);
            let line = c.lines().nth(1).unwrap();
            assert!(
                line.starts_with(&format!("1,2026-11-29T20:33:50Z,{shown},00ff,")),
                "{c}"
            );
            assert!(line.contains(",won,1234,100,1024,3725,0,"), "{c}");
        }
    }

    #[test]
    fn csv_quotes() {
        let c = csv(&[row(1, "a, \"b\"")]);
        assert!(
            c.lines().nth(1).unwrap().contains("\"a, \"\"b\"\"\""),
            "{c}"
        );
    }

    /// A duel's result is a word or two in the table, whatever the sentence, and the table is
    /// never wider than the terminal: columns go, least missed first, then the line is cut.
    #[test]
    fn table_fits_the_terminal() {
        let AnyRow::Cards(card) = row(2, "default") else {
            unreachable!()
        };
        let player = |name: &str, score| DuelPlayer {
            name: name.into(),
            outcome: Ending::Lost,
            score,
            survived: 30,
            highest: 64,
            undos: 0,
            moves: String::new(),
        };
        let duel = |n, result| {
            AnyRow::Duel(DuelRow {
                head: RowHead {
                    n,
                    game: GameKind::Duel,
                    ..card.head.clone()
                },
                of: GameKind::Cards,
                deal: Deal::Seed { seed: 5 },
                result,
                result_text: crate::duel::result_text(result, &["Ann".into(), "Bob".into()]),
                players: [player("Ann", 12), player("Bob", 12)],
                duration_secs: 200,
            })
        };
        let win = Some(DuelResult::Win {
            winner: 1,
            by_score: true,
            forfeit: None,
        });
        let rows = [
            duel(1, Some(DuelResult::Draw)),
            duel(2, win),
            duel(3, None),
            AnyRow::Cards(card.clone()),
        ];
        let whole = table(&rows, None);
        let lines: Vec<&str> = whole.lines().collect();
        assert!(lines[1].contains("  Ann vs Bob: draw  "), "{whole}");
        assert!(lines[2].contains("  Ann vs Bob: Bob won  "), "{whole}");
        assert!(lines[3].contains("  Ann vs Bob: given up  "), "{whole}");
        assert!(
            !whole.contains("survived"),
            "the sentence is for --json: {whole}"
        );
        let widest = lines.iter().map(|l| l.width()).max().unwrap();
        for width in [40, 60, 80, 100, 160] {
            let t = table(&rows, Some(width));
            for l in t.lines() {
                assert!(l.width() <= width, "{width}: {l:?} in\n{t}");
            }
            // The result and the score always show.
            assert!(
                t.contains("Bob won") && t.contains("12 : 12"),
                "{width}:\n{t}"
            );
            if width >= widest {
                assert_eq!(t, whole);
            }
        }
        // At 80 columns the columns missed least are gone, the rest whole; the time, dropped
        // before the deal, is back once the deal is gone.
        let t = table(&rows, Some(80));
        assert!(!t.contains("undos") && t.contains("ended (UTC)"), "{t}");
        assert!(t.contains("time") && !t.contains("deal"), "{t}");
        assert!(!t.contains('…'), "{t}");
    }
}
