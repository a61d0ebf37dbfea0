//! Reading cases: the case file (`[[case]]` tables of TOML) and the one-line form of the command
//! line (`64 32 16 + 16 = 128, 3 points`).
//!
//! A file is read whole or refused: every error names the file, the line and column, the case
//! and the key, and says what to write instead, as a bad rules file does (the same located error
//! type, [`RulesError`], draws it). A case's own rules are a partial rules file laid over the
//! default rules and checked by the rules reader itself, so a case can state any key a rules file
//! can, with the same words when a value is not allowed.

use std::collections::HashMap;
use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use crate::cards::card::{Card, ParseCardError};
use crate::cards::engine::Step;
use crate::cards::rules::{MAX_COLUMNS, MAX_HEIGHT, Rules};
use crate::chains::{Case, Cleared, Expect, OwnRules, Placed, Refusal};
use crate::config::parse::RulesError;

mod keys;

/// A message and the bytes of the file it is about.
type Located = (Range<usize>, String);

/// The highest `on` a case may name: beyond every board, for the "no such column" refusal.
const MAX_ON: i64 = 99;

/// Why a part of a case does not read: what was written, and what to write instead. In a case
/// file it is said at its place, with the case and the key ([`parse_file`]'s located error).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CaseError {
    /// A word that is no card.
    #[error("{0}")]
    Card(#[from] ParseCardError),
    /// A TOML value that is no card (as written).
    #[error("`{0}` is not a card: write 16, \"bomb\" or \"wild\"")]
    NotACard(String),
    /// A TOML value that is no column.
    #[error("`{0}` is not a column: write its cards top first in quotes, `\"64 32 16\"`")]
    NotAColumn(String),
    /// A list item that is no step.
    #[error("`{0}` is not a step: write \"16+16=32\"")]
    NotAStep(String),
    /// A value that is no list of steps.
    #[error("`{0}` is not a list of steps: write [\"16+16=32\", \"32+32=64\"]")]
    NotSteps(String),
    /// A step without its `+` or its `=`.
    #[error(
        "`{0}` is not a step: write the tail, the card that met it and the card they made, \
         `16+16=32`"
    )]
    StepForm(String),
    /// A `clear` that is none of the ways a column is cleared.
    #[error(
        "`{0}` is no clear: write the card a merge made to clear the column (\"2048\"), \
         \"bomb\", or \"none\""
    )]
    NoClear(String),
    /// A case's `rules` the rules reader refuses (said by its message, controls escaped: the
    /// place is the case's).
    #[error("{}", crate::base::visible::escape(&.0.message))]
    Rules(#[source] RulesError),
    /// A case's `rules` that cannot be written out for the rules reader.
    #[error("these rules cannot be written out as a rules file: write them as `key = value`")]
    Unwritten,
    /// A case's `rules` that change no key.
    #[error("no key is changed; leave `rules` out to run the case with the rules chosen")]
    NoKey,
    /// A bomb in a column before the move.
    #[error("a bomb never stays in a column: it clears the column it lands on")]
    BombInColumn,
    /// A column taller than any rules allow.
    #[error("a column holds at most {MAX_HEIGHT} cards under any rules", MAX_HEIGHT = MAX_HEIGHT)]
    TooTall,
    /// A line without ` + `.
    #[error("write a case as {LINE_FORM}", LINE_FORM = LINE_FORM)]
    Form,
    /// A line with nothing after ` + `.
    #[error("no card after `+`; write a case as {LINE_FORM}", LINE_FORM = LINE_FORM)]
    NoCard,
    /// A line with a word after the card that is not `=`.
    #[error("`{0}` after the card; write a case as {LINE_FORM}", LINE_FORM = LINE_FORM)]
    AfterCard(String),
    /// What follows `=` on a line does not read.
    #[error("{0}; write a case as {LINE_FORM}", LINE_FORM = LINE_FORM)]
    Expected(Box<CaseError>),
    /// `N points` with no whole number.
    #[error("`{0} points`: points are a whole number from 0")]
    Points(String),
    /// `=` with nothing after it.
    #[error("nothing after `=`")]
    NothingAfter,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    case: Vec<RawCase>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCase {
    name: Spanned<String>,
    rules: Option<Spanned<toml::Table>>,
    column: Option<Spanned<toml::Value>>,
    columns: Option<Spanned<Vec<toml::Value>>>,
    on: Option<Spanned<i64>>,
    card: Spanned<toml::Value>,
    after: Option<Spanned<toml::Value>>,
    points: Option<Spanned<i64>>,
    steps: Option<Spanned<toml::Value>>,
    clear: Option<Spanned<toml::Value>>,
    refused: Option<Spanned<String>>,
}

/// Reads a case file; `origin` names it in errors (`tests/merges.toml`).
pub fn parse_file(text: &str, origin: &str) -> Result<Vec<Case>, RulesError> {
    let at = |span: Option<Range<usize>>, message: String| -> RulesError {
        RulesError::at(origin, text, span, message)
    };
    keys::check(text, origin)?;
    // What passed the check reads; should serde still refuse it, its words are not shown.
    let raw: RawFile = toml::from_str(text).map_err(|e| {
        at(
            e.span(),
            "this case cannot be read as written; see the comments at the top of the file".into(),
        )
    })?;
    if raw.case.is_empty() {
        return Err(at(
            None,
            "this file holds no case: write each case as a `[[case]]` table, as the project's \
             tests/merges.toml does"
                .into(),
        ));
    }
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut cases = Vec::with_capacity(raw.case.len());
    for c in raw.case {
        let name = c.name.get_ref().trim().to_string();
        let line = text[..c.name.span().start.min(text.len())]
            .matches('\n')
            .count()
            + 1;
        let about = |what: &str, e: String| format!("case `{name}`: {what}: {e}");
        if name.is_empty() || name.chars().any(crate::base::visible::is_hidden) {
            return Err(at(
                Some(c.name.span()),
                "a case's name is one line of text, not empty: it names its test".into(),
            ));
        }
        if let Some(first) = seen.insert(name.clone(), line) {
            return Err(at(
                Some(c.name.span()),
                format!(
                    "the case on line {first} has this name too; give each case a name of its \
                     own (it is the name of its test)"
                ),
            ));
        }
        let rules = match &c.rules {
            Some(t) => {
                let own = own_rules(t.get_ref());
                Some(own.map_err(|e| at(Some(t.span()), about("rules", e.to_string())))?)
            }
            None => None,
        };
        let (columns, on) = board(&c).map_err(|(span, e)| at(Some(span), about("column", e)))?;
        let card = card_of(c.card.get_ref())
            .map_err(|e| at(Some(c.card.span()), about("card", e.to_string())))?;
        let expect = expectation(&c, &name).map_err(|(span, e)| at(span, e))?;
        cases.push(Case {
            name,
            line,
            rules,
            columns,
            on,
            card,
            expect: Some(expect),
        });
    }
    Ok(cases)
}

/// The rules a case states: the default rules with its keys, checked by the rules reader.
fn own_rules(table: &toml::Table) -> Result<OwnRules, CaseError> {
    let text = toml::to_string(table).map_err(|_| CaseError::Unwritten)?;
    let rules =
        Rules::parse(&text, "rules", Some(&Rules::default_rules())).map_err(CaseError::Rules)?;
    let mut keys = Vec::new();
    flatten("", table, &mut keys);
    if keys.is_empty() {
        return Err(CaseError::NoKey);
    }
    Ok(OwnRules { keys, rules })
}

/// `board.height = 1`, one per key set in `table`.
fn flatten(prefix: &str, table: &toml::Table, out: &mut Vec<String>) {
    for (k, v) in table {
        match v {
            toml::Value::Table(t) => flatten(&format!("{prefix}{k}."), t, out),
            v => out.push(format!("{prefix}{k} = {v}")),
        }
    }
}

/// The board and the column played on: `column` (the card goes on it) or `columns` with `on`.
fn board(c: &RawCase) -> Result<(Vec<Vec<Card>>, usize), Located> {
    let columns = match (&c.column, &c.columns) {
        (Some(col), None) => {
            if let Some(on) = &c.on {
                return Err((
                    on.span(),
                    "`on` goes with `columns`; with `column` the card goes on that column".into(),
                ));
            }
            vec![column_of(col)?]
        }
        (None, Some(cols)) => {
            if cols.get_ref().len() > MAX_COLUMNS {
                return Err((
                    cols.span(),
                    format!("a board has at most {MAX_COLUMNS} columns"),
                ));
            }
            let span = cols.span();
            cols.get_ref()
                .iter()
                .map(|v| column_of(&Spanned::new(span.clone(), v.clone())))
                .collect::<Result<_, _>>()?
        }
        (Some(col), Some(_)) => {
            return Err((
                col.span(),
                "give `column` (the one the card goes on) or `columns` (the board from the \
                 left, with `on`), not both"
                    .into(),
            ));
        }
        (None, None) => {
            return Err((
                c.card.span(),
                "no column: write `column = \"64 32 16\"` (top card first, \"\" for an empty \
                 one) before the card"
                    .into(),
            ));
        }
    };
    let on = match &c.on {
        Some(on) if (1..=MAX_ON).contains(on.get_ref()) => *on.get_ref() as usize - 1,
        Some(on) => {
            return Err((
                on.span(),
                format!("on = {} is no column: columns count from 1", on.get_ref()),
            ));
        }
        None => 0,
    };
    Ok((columns, on))
}

/// One column of a case: cards top first, no bomb (a bomb never stays in a column).
fn column_of(v: &Spanned<toml::Value>) -> Result<Vec<Card>, Located> {
    let cards = cards_of(v.get_ref()).and_then(held);
    cards.map_err(|e| (v.span(), e.to_string()))
}

/// Cards written as a string (`"64 32 16"`, `""` or `"empty"` for none), one number, or an
/// array of them.
fn cards_of(v: &toml::Value) -> Result<Vec<Card>, CaseError> {
    match v {
        toml::Value::String(s) => cards(s),
        toml::Value::Integer(_) => Ok(vec![card_of(v)?]),
        toml::Value::Array(a) => a.iter().map(card_of).collect(),
        other => Err(CaseError::NotAColumn(other.to_string())),
    }
}

/// One card, written `"16"`, `16`, `"bomb"` or `"wild"`.
fn card_of(v: &toml::Value) -> Result<Card, CaseError> {
    match v {
        toml::Value::String(s) => Ok(s.parse()?),
        toml::Value::Integer(n) => Ok(n.to_string().parse()?),
        other => Err(CaseError::NotACard(other.to_string())),
    }
}

/// Cards separated by spaces or commas, top first; `empty` (or nothing) is no card.
pub fn cards(s: &str) -> Result<Vec<Card>, CaseError> {
    let words: Vec<&str> = s
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    if words == ["empty"] {
        return Ok(Vec::new());
    }
    words.iter().map(|w| Ok(w.parse::<Card>()?)).collect()
}

/// A column's cards as they may stand before a move: no bomb (a bomb never stays in a column),
/// and no taller than any rules allow.
fn held(cards: Vec<Card>) -> Result<Vec<Card>, CaseError> {
    if cards.iter().any(|c| c.is_bomb()) {
        return Err(CaseError::BombInColumn);
    }
    if cards.len() > MAX_HEIGHT {
        return Err(CaseError::TooTall);
    }
    Ok(cards)
}

/// What a case expects: `refused`, or `after` with `points`, `steps` and `clear` as given.
fn expectation(c: &RawCase, name: &str) -> Result<Expect, (Option<Range<usize>>, String)> {
    let about = |what: &str, e: String| format!("case `{name}`: {what}: {e}");
    if let Some(r) = &c.refused {
        let extra = [
            c.after.as_ref().map(Spanned::span),
            c.points.as_ref().map(Spanned::span),
            c.steps.as_ref().map(Spanned::span),
            c.clear.as_ref().map(Spanned::span),
        ];
        if let Some(span) = extra.into_iter().flatten().next() {
            return Err((
                Some(span),
                format!(
                    "case `{name}`: a refused move changes nothing, so it has no `after`, \
                     `points`, `steps` or `clear`"
                ),
            ));
        }
        let refusal = match r.get_ref().trim() {
            "full" => Refusal::Full,
            "no such column" => Refusal::NoSuchColumn,
            other => {
                return Err((
                    Some(r.span()),
                    about(
                        "refused",
                        format!("`{other}` is no reason: write \"full\" or \"no such column\""),
                    ),
                ));
            }
        };
        return Ok(Expect::Refused(refusal));
    }
    let Some(after) = &c.after else {
        return Err((
            Some(c.name.span()),
            format!(
                "case `{name}` says nothing of what must follow: give `after` (the column \
                 afterwards, top card first, \"\" when it is emptied) or `refused`"
            ),
        ));
    };
    let after_cards = cards_of(after.get_ref())
        .map_err(|e| (Some(after.span()), about("after", e.to_string())))?;
    let points = match &c.points {
        Some(p) => Some(u64::try_from(*p.get_ref()).map_err(|_| {
            (
                Some(p.span()),
                about("points", "points are a whole number from 0".into()),
            )
        })?),
        None => None,
    };
    let steps = match &c.steps {
        Some(s) => Some(
            steps_of(s.get_ref()).map_err(|e| (Some(s.span()), about("steps", e.to_string())))?,
        ),
        None => None,
    };
    let clear = match &c.clear {
        Some(v) => Some(
            clear_of(v.get_ref()).map_err(|e| (Some(v.span()), about("clear", e.to_string())))?,
        ),
        None => None,
    };
    Ok(Expect::Placed(Placed {
        after: after_cards,
        points,
        steps,
        clear,
    }))
}

/// Merge steps: an array of `"16+16=32"`, or one string of them separated by spaces, commas
/// or arrows.
fn steps_of(v: &toml::Value) -> Result<Vec<Step>, CaseError> {
    let words: Vec<String> = match v {
        toml::Value::Array(a) => a
            .iter()
            .map(|s| match s {
                toml::Value::String(s) => Ok(s.clone()),
                other => Err(CaseError::NotAStep(other.to_string())),
            })
            .collect::<Result<_, _>>()?,
        toml::Value::String(s) => s
            .split(|c: char| c.is_whitespace() || c == ',' || c == '→')
            .filter(|w| !w.is_empty())
            .map(String::from)
            .collect(),
        other => return Err(CaseError::NotSteps(other.to_string())),
    };
    words.iter().map(|w| step(w)).collect()
}

/// `16+16=32`: the tail, the card that met it, and the card they made.
pub fn step(s: &str) -> Result<Step, CaseError> {
    let bad = || CaseError::StepForm(s.to_string());
    let (met, made) = s.split_once('=').ok_or_else(bad)?;
    let (onto, card) = met.split_once('+').ok_or_else(bad)?;
    let one = |w: &str| w.trim().parse::<Card>();
    Ok(Step {
        onto: one(onto)?,
        card: one(card)?,
        made: one(made)?,
    })
}

/// `clear`: `"bomb"`, `"none"`, or the card whose making cleared the column (`2048`).
fn clear_of(v: &toml::Value) -> Result<Cleared, CaseError> {
    if let toml::Value::String(s) = v {
        match s.trim() {
            "bomb" => return Ok(Cleared::Bomb),
            "none" | "no" => return Ok(Cleared::No),
            _ => {}
        }
    }
    match card_of(v) {
        Ok(c) if c.is_number() => Ok(Cleared::Made(c)),
        _ => Err(CaseError::NoClear(v.to_string())),
    }
}

/// How a one-line case is written, for messages.
pub const LINE_FORM: &str = "COLUMN + CARD, then optionally = AFTER and N points: \
    \"64 32 16 + 16\", \"64 32 16 + 16 = 128, 3 points\", \"+ bomb = empty\", \
    \"128 64 32 16 8 4 2 + 4 = refused\"";

/// A case written on one line: `COLUMN + CARD [= AFTER[, N points]]`, the column top card first
/// (nothing, or `empty`, for an empty one), `AFTER` the column afterwards (`empty` when it is
/// cleared) or `refused`. It has no rules of its own and is named by its text.
pub fn parse_line(text: &str) -> Result<Case, CaseError> {
    let spaced = text.replace('+', " + ").replace('=', " = ");
    let words: Vec<&str> = spaced
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    let plus = words
        .iter()
        .position(|w| *w == "+")
        .ok_or(CaseError::Form)?;
    let column = held(cards(&words[..plus].join(" "))?)?;
    let rest = &words[plus + 1..];
    let (card, rest) = match rest {
        [card, rest @ ..] if *card != "=" => (card.parse::<Card>()?, rest),
        _ => return Err(CaseError::NoCard),
    };
    let expect = match rest {
        [] => None,
        ["=", want @ ..] => {
            Some(line_expectation(want).map_err(|e| CaseError::Expected(Box::new(e)))?)
        }
        [other, ..] => return Err(CaseError::AfterCard(other.to_string())),
    };
    Ok(Case {
        name: text.trim().to_string(),
        line: 0,
        rules: None,
        columns: vec![column],
        on: 0,
        card,
        expect,
    })
}

/// What follows `=` on one line: `refused`, or the column afterwards and then `N points`.
fn line_expectation(words: &[&str]) -> Result<Expect, CaseError> {
    if words == ["refused"] {
        return Ok(Expect::Refused(Refusal::Full));
    }
    let (column, points) = match words {
        [column @ .., n, "points" | "point"] => (column, Some(n)),
        column => (column, None),
    };
    let points = match points {
        Some(n) => Some(
            n.parse::<u64>()
                .map_err(|_| CaseError::Points(n.to_string()))?,
        ),
        None => None,
    };
    if column.is_empty() {
        return Err(CaseError::NothingAfter);
    }
    let after = if column == ["cleared"] {
        Vec::new()
    } else {
        cards(&column.join(" "))?
    };
    Ok(Expect::Placed(Placed {
        after,
        points,
        steps: None,
        clear: None,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Vec<Card> {
        cards(s).unwrap()
    }

    #[test]
    fn one_line_cases() {
        let case = parse_line("64 32 16 + 16 = 128, 3 points").unwrap();
        assert_eq!(case.columns, vec![c("64 32 16")]);
        assert_eq!(case.card, c("16")[0]);
        assert_eq!(
            case.expect,
            Some(Expect::Placed(Placed {
                after: c("128"),
                points: Some(3),
                steps: None,
                clear: None
            }))
        );
        let shown = parse_line("64 32 16+16").unwrap();
        assert_eq!((shown.columns, shown.expect), (vec![c("64 32 16")], None));
        let bomb = parse_line("+ bomb = empty").unwrap();
        assert_eq!(bomb.columns, vec![Vec::new()]);
        assert!(matches!(bomb.expect, Some(Expect::Placed(p)) if p.after.is_empty()));
        assert_eq!(
            parse_line("2 + 2 = refused").unwrap().expect,
            Some(Expect::Refused(Refusal::Full))
        );
        for bad in [
            "64 32 16",
            "64 + ",
            "2 + 3",
            "3 + 2",
            "2 + 2 =",
            "2 + 2 = 4 x points",
            "bomb + 2",
            "2 + 2 2",
        ] {
            assert!(parse_line(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_file_error_names_the_line_the_case_and_the_key() {
        let text = "[[case]]\nname = \"a\"\ncolumn = \"2\"\ncard = \"2\"\nafter = \"4\"\n\n\
                    [[case]]\nname = \"b\"\ncolumn = \"2\"\ncard = \"2\"\nafter = \"3\"\n";
        let e = parse_file(text, "my.toml").unwrap_err();
        assert_eq!(e.line_col, Some((11, 9)));
        assert!(
            e.message.contains("case `b`: after: `3` is not a card"),
            "{e}"
        );
        let twice = text
            .replace("name = \"b\"", "name = \"a\"")
            .replace("\"3\"", "\"4\"");
        let e = parse_file(&twice, "my.toml").unwrap_err();
        assert_eq!(e.line_col.map(|l| l.0), Some(8));
        assert!(e.message.contains("line 2 has this name too"), "{e}");
        let rules = text.replace(
            "after = \"3\"",
            "after = \"4\"\nrules = { board.height = 0 }",
        );
        let e = parse_file(&rules, "my.toml").unwrap_err();
        assert_eq!(e.line_col.map(|l| l.0), Some(12));
        assert!(e.message.contains("board.height = 0 is not allowed"), "{e}");
        let typo = text.replace("after = \"3\"", "aftr = \"4\"");
        let e = parse_file(&typo, "my.toml").unwrap_err();
        assert_eq!(e.line_col.map(|l| l.0), Some(11));
        assert!(
            e.message
                .contains("case.aftr: not a key of [case] (did you mean case.after?)"),
            "{e}"
        );
    }

    #[test]
    fn a_case_reads_every_part() {
        let text = "[[case]]\nname = \"x\"\ncolumns = [\"\", \"8 4\"]\non = 2\ncard = \"wild\"\n\
                    after = \"16\"\npoints = 2\nsteps = [\"4+wild=8\", \"8+8=16\"]\nclear = \"none\"\n\
                    rules = { board.merge_into_full = true, scoring = { per_merge = 1 } }\n";
        let cases = parse_file(text, "t").unwrap();
        let case = &cases[0];
        assert_eq!(
            (case.on, case.line, case.column()),
            (1, 2, c("8 4").as_slice())
        );
        let own = case.rules.as_ref().unwrap();
        assert!(own.rules.board.merge_into_full);
        assert_eq!(
            own.label(),
            "default + board.merge_into_full = true, scoring.per_merge = 1"
        );
        let Some(Expect::Placed(p)) = &case.expect else {
            panic!()
        };
        assert_eq!(p.steps.as_ref().unwrap()[0], step("4+wild=8").unwrap());
        assert_eq!(p.clear, Some(Cleared::No));
    }
}
