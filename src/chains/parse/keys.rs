//! A case file checked as TOML tables before any case is read: text that is not TOML, a key that
//! is not a case's, a value of a kind its key never takes, a case without its name or its card.
//!
//! Each is said in the game's own words, the words a rules file's errors use
//! ([`crate::config::parse`]): toml only parses the text, and its or serde's messages, which a
//! minor release of toml may reword, never reach the player. What passes here reads through
//! serde without an error of serde's; what a card, a column or a step is, is the case reader's
//! to check.

use std::ops::Range;

use toml::de::{DeTable, DeValue};

use crate::cards::text::excerpt;
use crate::config::parse::{RulesError, RulesErrorKind, Val, Want, syntax, unknown_key};
use crate::config::parse::{whole, wrong_kind};

/// What a key of a case takes: a kind of value checked here, or a value its own reader reads
/// (what it wants, in words, for a value that is not TOML).
#[derive(Clone, Copy)]
enum Takes {
    Kind(Want),
    Read(&'static str),
}

use Takes::{Kind, Read};

/// The keys of a case, in the order tests/merges.toml explains them.
const KEYS: &[(&str, Takes)] = &[
    ("name", Kind(Want::Text)),
    ("rules", Kind(Want::Table)),
    (
        "column",
        Read("a column in quotes, top card first (\"64 32 16\")"),
    ),
    ("columns", Kind(Want::List)),
    ("on", Kind(Want::Whole)),
    ("card", Read("a card: 16, \"bomb\" or \"wild\"")),
    ("refused", Kind(Want::Text)),
    (
        "after",
        Read("a column in quotes, top card first (\"\" when it was emptied)"),
    ),
    ("points", Kind(Want::Whole)),
    ("steps", Read("merge steps in quotes: [\"16+16=32\"]")),
    (
        "clear",
        Read("the card whose making cleared the column (\"2048\") or \"bomb\""),
    ),
];

/// What the dotted key `full` (`case.on`, `case.rules.board.height`) takes, in words.
fn wants(full: &str) -> &'static str {
    let key = full.strip_prefix("case.").unwrap_or(full);
    if let Some(rule) = key.strip_prefix("rules.") {
        return Want::of(rule).words();
    }
    match KEYS.iter().find(|(k, _)| *k == key) {
        Some((_, Kind(want))) => want.words(),
        Some((_, Read(words))) => words,
        None => "one of the keys of a case",
    }
}

/// Checks the case file `text` (named `origin` in errors) as tables: every top key is `case`,
/// a list of `[[case]]` tables, each with the keys of a case only, a name and a card, and each
/// value of the kind its key takes.
pub(super) fn check(text: &str, origin: &str) -> Result<(), RulesError> {
    let at = |span, message| RulesError::at(origin, text, span, message);
    let doc = DeTable::parse(text).map_err(|e| not_toml(text, origin, e.span()))?;
    for (k, v) in in_order(doc.get_ref()) {
        if *k.get_ref() != "case" {
            return Err(at(
                Some(k.span()),
                format!(
                    "`{}` is not a key of a case file: it holds cases only, each a `[[case]]` \
                     table",
                    excerpt(k.get_ref())
                ),
            ));
        }
        let tables = match v.get_ref() {
            DeValue::Array(cases) => cases.iter().map(|c| (c, c.get_ref())).collect(),
            _ => vec![(v, v.get_ref())],
        };
        for (c, value) in tables {
            let (DeValue::Table(keys), DeValue::Array(_)) = (value, v.get_ref()) else {
                return Err(at(
                    Some(c.span()),
                    "write each case as a `[[case]]` table (in double brackets) of its keys".into(),
                ));
            };
            case(text, keys, c.span()).map_err(|(span, message)| at(Some(span), message))?;
        }
    }
    Ok(())
}

/// One case's keys, at `span` in `text`: each one a case has, of the kind it takes; the name and
/// the card there.
fn case(text: &str, keys: &DeTable<'_>, span: Range<usize>) -> Result<(), (Range<usize>, String)> {
    let known: Vec<&str> = KEYS.iter().map(|(k, _)| *k).collect();
    for (k, v) in in_order(keys) {
        let key: &str = k.get_ref();
        let Some((_, takes)) = KEYS.iter().find(|(known, _)| *known == key) else {
            return Err((k.span(), unknown_key(key, "case", &known)));
        };
        if let Kind(want) = *takes
            && !fits(want, v)
        {
            return Err((v.span(), wrong_kind(text, &format!("case.{key}"), v, want)));
        }
    }
    let found = |key: &str| {
        keys.iter()
            .find(|(k, _)| *k.get_ref() == key)
            .map(|(_, v)| v)
    };
    let Some(name) = found("name") else {
        return Err((
            span,
            "a case has no `name`: begin each case with `name = \"…\"`, the name of its test"
                .into(),
        ));
    };
    if found("card").is_none() {
        let written = text.get(name.span()).unwrap_or_default().trim();
        return Err((
            name.span(),
            format!(
                "case {} has no `card`: write the card laid on the column, `card = 16`",
                excerpt(written)
            ),
        ));
    }
    Ok(())
}

/// Whether `v` is of the kind `want`, a whole number one that fits 64 bits.
fn fits(want: Want, v: &Val<'_>) -> bool {
    match v.get_ref() {
        DeValue::Integer(n) if want == Want::Whole => whole(n).is_some(),
        other => want.fits(other),
    }
}

/// The keys of `table` in the order of the file.
fn in_order<'a, 'i>(
    table: &'a DeTable<'i>,
) -> Vec<(&'a toml::Spanned<std::borrow::Cow<'i, str>>, &'a Val<'i>)> {
    let mut entries: Vec<_> = table.iter().collect();
    entries.sort_by_key(|(k, _)| k.span().start);
    entries
}

/// A case file whose text is not TOML, where the parser stopped at `span`: said in the game's
/// words ([`syntax::say`]), with what the key there takes.
fn not_toml(text: &str, origin: &str, span: Option<Range<usize>>) -> RulesError {
    let message = match &span {
        Some(span) => syntax::say(text, span.start, &wants),
        None => "this is not TOML as a case file is written: `[[case]]` tables of `key = value` \
                 lines"
            .to_string(),
    };
    RulesError {
        kind: RulesErrorKind::NotToml,
        ..RulesError::at(
            origin,
            text,
            span,
            format!("{message}; see the comments at the top of the file"),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::{RawFile, parse_file};
    use crate::config::parse::assert_not_tomls;

    /// A case that reads, with `with` in place of its `on` line.
    fn case_with(with: &str) -> String {
        format!(
            "[[case]]\nname = \"a\"\ncolumns = [\"2\", \"\"]\n{with}\ncard = 2\nafter = \"4\"\n"
        )
    }

    fn said(text: &str) -> String {
        parse_file(text, "my.toml").unwrap_err().to_string()
    }

    /// Every message about a case file is the game's own: checked against toml's own message for
    /// the file (read as a table, and through the case reader's serde types) and against the
    /// words toml and serde use, as a rules file's messages are.
    #[test]
    fn no_message_of_a_case_file_is_tomls() {
        let bad = [
            case_with("on = \"1\""),
            case_with("on = 2.5"),
            case_with("on = 99999999999999999999"),
            case_with("on = 1979-05-27"),
            case_with("on = four"),
            case_with("on = "),
            case_with("on = = 1"),
            case_with("on = 1\non = 2"),
            case_with("points = true"),
            case_with("refused = 3"),
            case_with("rules = 3"),
            case_with("name = \"b\""),
            case_with("aftr = \"4\""),
            case_with("card = \"open"),
            case_with("[case.rules\n"),
            case_with("").replace("columns = [\"2\", \"\"]", "columns = \"2\""),
            case_with("").replace("name = \"a\"", "name = 7"),
            case_with("").replace("name = \"a\"\n", ""),
            case_with("").replace("card = 2\n", ""),
            case_with("").replace("[[case]]", "[case]"),
            "case = 3\n".to_string(),
            "colour = true\n".to_string(),
            "[[case\n".to_string(),
        ];
        for text in &bad {
            let tomls = [
                toml::from_str::<toml::Table>(text).err(),
                toml::from_str::<RawFile>(text).err(),
            ];
            let tomls = tomls.map(|e| e.map(|e| e.message().to_string()));
            assert_not_tomls(text, &said(text), &tomls);
        }
    }

    /// What each bad case file says: the key in full, what was written and what it wants.
    #[test]
    fn a_case_file_says_what_is_wrong_and_what_to_write() {
        for (text, line_col, words) in [
            (
                case_with("on = \"1\""),
                (4, 6),
                "case.on: `\"1\"` is text in quotes; this key wants a whole number: write 1 \
                 without the quotes",
            ),
            (
                case_with("points = true"),
                (4, 10),
                "case.points: true is true or false; this key wants a whole number",
            ),
            (
                case_with("on = 2.0"),
                (4, 6),
                "case.on: `2.0` is not a whole number: write 2",
            ),
            (
                case_with("card = sixteen").replace("card = 2\n", ""),
                (4, 8),
                "case.card: `sixteen` is not a value (a word needs quotes, a number none); this \
                 key wants a card: 16, \"bomb\" or \"wild\"",
            ),
            (
                case_with("on = "),
                (4, 6),
                "case.on: no value after `=`; this key wants a whole number",
            ),
            (
                case_with("").replace("columns = [\"2\", \"\"]", "columns = \"2\""),
                (3, 11),
                "case.columns: `\"2\"` is text in quotes; this key wants a list (`[…]`)",
            ),
            (
                case_with("").replace("card = 2\n", ""),
                (2, 8),
                "case \"a\" has no `card`: write the card laid on the column, `card = 16`",
            ),
            (
                case_with("").replace("[[case]]", "[case]"),
                (1, 1),
                "write each case as a `[[case]]` table (in double brackets) of its keys",
            ),
            (
                "colour = true\n".to_string(),
                (1, 1),
                "`colour` is not a key of a case file: it holds cases only, each a `[[case]]` \
                 table",
            ),
        ] {
            let e = parse_file(&text, "my.toml").unwrap_err();
            assert_eq!(e.line_col, Some(line_col), "{text:?}: {e}");
            assert!(e.message.contains(words), "{text:?}: {e}");
        }
    }
}
