//! A ran case in words and pictures: its chain step by step (what `rules test` prints for every
//! case), and for a failure the columns side by side as a player sees them (before, the card,
//! expected, found), top card first, with what differs under them.

use crate::cards::card::Card;
use crate::cards::text::count;
use crate::chains::run::{Found, Ran, clear_words, cleared, words};
use crate::chains::{Cleared, Expect};

/// The whole report of a case: its name and verdict (`ok`, `FAIL`, or `--` when it expects
/// nothing), where it is and the rules it ran with, its
/// chain step by step, and for a failure the picture and what differs. `origin` names the file.
pub fn report(ran: &Ran, origin: &str) -> String {
    let mut out = vec![format!(
        "{}  {}",
        match (ran.passed(), &ran.case.expect) {
            (false, _) => "FAIL",
            (true, None) => "--  ",
            (true, Some(_)) => "ok  ",
        },
        ran.case.name
    )];
    let whose = if ran.own_rules {
        "the case's own"
    } else {
        "the rules chosen"
    };
    let at = match ran.case.line {
        0 => origin.to_string(),
        line => format!("{origin}:{line}"),
    };
    out.push(format!(
        "      {at}, rules: {} ({whose})",
        ran.rules_label()
    ));
    out.extend(steps(ran).into_iter().map(|l| format!("      {l}")));
    if !ran.passed() {
        out.push(String::new());
        out.extend(picture(ran).into_iter().map(|l| format!("      {l}")));
        out.push(String::new());
        out.extend(differences(ran).into_iter().map(|l| format!("      {l}")));
    }
    out.join("\n")
}

/// The chain step by step: the column and the card, each merge with the column it leaves, and
/// the outcome.
pub fn steps(ran: &Ran) -> Vec<String> {
    let case = ran.case;
    let before = case.column();
    let mut out = Vec::new();
    if case.columns.len() > 1 || case.on > 0 {
        let board: Vec<String> = case.columns.iter().map(|c| words(c)).collect();
        out.push(format!(
            "board {}: the card goes on column {}",
            board.join(" | "),
            case.on + 1
        ));
    }
    out.push(format!("{} + {}", words(before), case.card));
    match &ran.found {
        Found::Unplayable(why) => out.push(format!("= cannot be laid out: {why}")),
        Found::Refused(e) => out.push(format!("= refused: {e}")),
        Found::Placed { turn, .. } => {
            let shown: Vec<String> = turn
                .steps()
                .iter()
                .map(|s| crate::cards::text::steps(std::slice::from_ref(s)))
                .collect();
            let wide = shown.iter().map(|s| s.chars().count()).max().unwrap_or(0);
            let kept = before.len();
            for (k, (text, step)) in shown.iter().zip(turn.steps()).enumerate() {
                let last = k + 1 == shown.len();
                let column = if last && matches!(cleared(turn), Cleared::Made(_)) {
                    "column cleared".to_string()
                } else {
                    let mut c = before[..kept.saturating_sub(k + 1)].to_vec();
                    c.push(step.made);
                    words(&c)
                };
                out.push(format!("  {text:<wide$}  {column}"));
            }
            if cleared(turn) == Cleared::Bomb {
                out.push("  the bomb blows the column up".into());
            }
            let mut end = format!(
                "= {}, {}",
                words(ran.after().unwrap_or_default()),
                count(turn.points, "point")
            );
            if cleared(turn) != Cleared::No {
                end.push_str(&format!(", {}", clear_words(cleared(turn))));
            }
            out.push(end);
        }
    }
    out
}

/// One column of the picture: a heading, its cells from the top, and a line under it.
struct Block {
    head: String,
    cells: Vec<String>,
    foot: Option<String>,
}

/// The column before, the card, the column expected and the column found, side by side, top
/// card first, each with how full it is.
pub fn picture(ran: &Ran) -> Vec<String> {
    let height = ran.rules.board.height;
    let column = |head: &str, cards: &[Card]| Block {
        head: head.into(),
        cells: if cards.is_empty() {
            vec!["·".into()]
        } else {
            cards.iter().map(Card::to_string).collect()
        },
        foot: Some(format!("{}/{height}", cards.len())),
    };
    let word = |head: &str, word: &str| Block {
        head: head.into(),
        cells: vec![word.into()],
        foot: None,
    };
    let expected = match &ran.case.expect {
        Some(Expect::Placed(p)) => column("expected", &p.after),
        Some(Expect::Refused(_)) => word("expected", "refused"),
        None => word("expected", "-"),
    };
    let found = match &ran.found {
        Found::Placed { .. } => column("found", ran.after().unwrap_or_default()),
        Found::Refused(_) => word("found", "refused"),
        Found::Unplayable(_) => word("found", "-"),
    };
    let blocks = [
        column("before", ran.case.column()),
        word("card", &ran.case.card.to_string()),
        expected,
        found,
    ];
    let widths: Vec<usize> = blocks
        .iter()
        .map(|b| {
            let cells = b.cells.iter().chain(&b.foot).chain([&b.head]);
            cells.map(|c| c.chars().count()).max().unwrap_or(0) + 3
        })
        .collect();
    let rows = blocks.iter().map(|b| b.cells.len()).max().unwrap_or(0);
    let line = |cell: &dyn Fn(&Block) -> String| -> String {
        blocks
            .iter()
            .zip(&widths)
            .map(|(b, &w)| format!("{:>w$}", cell(b)))
            .collect::<String>()
            .trim_end()
            .to_string()
    };
    let mut out = vec![line(&|b| b.head.clone())];
    for row in 0..rows {
        out.push(line(&|b| b.cells.get(row).cloned().unwrap_or_default()));
    }
    out.push(line(&|b| {
        b.foot
            .as_ref()
            .map_or_else(String::new, |f| "-".repeat(f.chars().count().max(4)))
    }));
    out.push(line(&|b| b.foot.clone().unwrap_or_default()));
    out
}

/// What differs, each part on two lines: `points   expected 3` / `         found    2`.
pub fn differences(ran: &Ran) -> Vec<String> {
    let wide = ran.problems.iter().map(|p| p.what.len()).max().unwrap_or(0);
    let mut out = Vec::new();
    for p in &ran.problems {
        out.push(format!("{:<wide$}  expected {}", p.what, p.expected));
        out.push(format!("{:<wide$}  found    {}", "", p.found));
    }
    out
}
