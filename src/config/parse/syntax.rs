//! A file whose text is not TOML, said in the game's own words: a rules file, as the game reads
//! it or the editor opens it, and a file of chain-merge cases.
//!
//! The parser says where it stopped (a byte offset); what is wrong is read here from the line
//! there, never from toml's message, which a minor release of toml may reword: a table header
//! without its `]`, a key written twice, a key with no value, a bare word where a value goes
//! (`height = four`, `merge_into_full = yes`), text in quotes left open. What a key wants is the
//! file's own to say: each reader gives its words for a dotted key (`board.height`).

use super::plain::full_key_at;
use crate::cards::text::excerpt;

/// What is wrong with `text`, where the parser stopped at byte `at`; `wants` says what the
/// dotted key it stopped on takes (`a whole number`).
pub(crate) fn say(text: &str, at: usize, wants: &dyn Fn(&str) -> &'static str) -> String {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = text[line_start..].lines().next().unwrap_or_default();
    let body = line.trim();
    if body.starts_with('[') {
        return header(text, line_start, body);
    }
    let Some((key, value)) = body.split_once('=') else {
        return format!(
            "`{}` is not a line of TOML: write `key = value`, or a `[table]` header",
            excerpt(body)
        );
    };
    let full = full_key_at(text, line_start).unwrap_or_else(|| key.trim().to_string());
    if at < line_start + line.find('=').unwrap_or(0) {
        return match first_line_of(text, line_start, &full, false) {
            Some(first) => format!(
                "{full} is written twice in its table (first on line {first}): keep one of them"
            ),
            None => format!(
                "`{}` is not a key: a key is letters, digits, `_` and `-`, or text in quotes",
                excerpt(key.trim())
            ),
        };
    }
    value_said(&full, value.trim(), wants(&full))
}

/// A `[table]` header the parser stopped on: open, written twice, or not a name.
fn header(text: &str, line_start: usize, body: &str) -> String {
    let shown = excerpt(body);
    let Some(name) = body.trim_start_matches('[').split(']').next() else {
        return format!("`{shown}` is not a table header");
    };
    if !body.contains(']') {
        return format!("`{shown}` has no closing `]`: expected `]` after the table's name");
    }
    match first_line_of(text, line_start, name.trim(), true) {
        Some(first) => format!(
            "the table [{}] is written twice (first on line {first}): write its keys under one \
             header",
            excerpt(name.trim())
        ),
        None => format!(
            "`{shown}` is not a table header: write `[name]` or `[name.part]`, the names as keys \
             are written"
        ),
    }
}

/// The line (1-based) before the one at `line_start` that has the same dotted key `full` (a
/// table header of that name when `table`).
fn first_line_of(text: &str, line_start: usize, full: &str, table: bool) -> Option<usize> {
    let mut start = 0;
    for (i, line) in text[..line_start].split_inclusive('\n').enumerate() {
        let body = line.trim();
        let same = if table {
            body.strip_prefix('[')
                .and_then(|h| h.split(']').next())
                .is_some_and(|h| h.trim() == full)
        } else {
            !body.starts_with('#') && full_key_at(text, start).as_deref() == Some(full)
        };
        if same {
            return Some(i + 1);
        }
        start += line.len();
    }
    None
}

/// The value `value` of `full`, which the parser could not read; the key wants `want`.
fn value_said(full: &str, value: &str, want: &str) -> String {
    if value.is_empty() || value.starts_with('#') {
        return format!("{full}: no value after `=`; this key wants {want}");
    }
    let shown = excerpt(value);
    if value.starts_with('=') {
        return format!(
            "{full}: an extra `=` after the key's `=`; write one `=` between a key and its value \
             (this key wants {want})"
        );
    }
    let first = value.chars().next().unwrap_or_default();
    if first == '"' || first == '\'' {
        return format!(
            "{full}: the text `{shown}` is not closed on its line, or holds a control \
             character; text is written in double quotes on one line (`\\n` for a new line)"
        );
    }
    if first.is_alphabetic() {
        return format!(
            "{full}: `{shown}` is not a value (a word needs quotes, a number none); this key \
             wants {want}"
        );
    }
    format!("{full}: `{shown}` is not a value TOML reads; this key wants {want}")
}
