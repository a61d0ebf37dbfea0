//! A bad key said as a player needs it: the full dotted key (`board.hieght`, not `hieght`), the
//! nearest key the table has, and the keys there are.
//!
//! The chain-merge case file (`chains`) is read through serde, which speaks of types (`invalid
//! type: string "50", expected i64`, or an unknown field `hieght`): [`plain_toml_message`] reads
//! that message and says it the same way. A rules file never goes through it: its tables are
//! checked by the game's own code (`tables`), so no message of a rules file depends on toml's
//! wording.

/// The full dotted key of the value at byte `at` of `text`: the key on that line, under the last
/// table header before it (`[board]` then `hieght = 5` is `board.hieght`).
pub(super) fn full_key_at(text: &str, at: usize) -> Option<String> {
    let before = text.get(..at)?;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = text.get(line_start..)?.lines().next()?;
    let (key, _) = line.split_once('=')?;
    let key: Vec<&str> = key.split('.').map(|p| p.trim().trim_matches('"')).collect();
    let table = before[..line_start]
        .lines()
        .rev()
        .find_map(|l| {
            let l = l.trim();
            l.strip_prefix('[')
                .and_then(|h| h.split(']').next())
                .map(|h| h.trim_matches(['[', ' ']).to_string())
        })
        .unwrap_or_default();
    let key = key.join(".");
    Some(if table.is_empty() {
        key
    } else {
        format!("{table}.{key}")
    })
}

/// `invalid type: string "50", expected a whole number` (toml's words, already made plainer
/// by the caller) as what was written and what the key wants instead: `"50"` is text in
/// quotes; this key wants a whole number: write 50 without the quotes.
fn wrong_kind(message: &str) -> Option<String> {
    let rest = message.strip_prefix("invalid type: ")?;
    let (what, want) = rest.split_once(", expected ")?;
    let want = if want == "a string" {
        "text in double quotes"
    } else {
        want
    };
    let written = if let Some(s) = what.strip_prefix("string ") {
        let inner = s.trim_matches('"');
        let unquote = match want {
            "a whole number" => inner.parse::<i64>().is_ok(),
            "true or false" => matches!(inner, "true" | "false"),
            _ => false,
        };
        let hint = if unquote {
            format!(": write {inner} without the quotes")
        } else {
            String::new()
        };
        return Some(format!(
            "`{s}` is text in quotes; this key wants {want}{hint}"
        ));
    } else if let Some(n) = what.strip_prefix("integer ") {
        match n.strip_suffix(" is too large") {
            Some(n) => format!("{} is too large", n.trim_matches('`')),
            None => format!("{} is a number", n.trim_matches('`')),
        }
    } else if let Some(b) = what.strip_prefix("boolean ") {
        format!("{} is true or false", b.trim_matches('`'))
    } else if what == "map" {
        "a table of keys is written".to_string()
    } else if what == "sequence" {
        "a list (`[…]`) is written".to_string()
    } else {
        return None;
    };
    Some(format!("{written}; this key wants {want}"))
}

/// The key `key` of the table `table` (empty: the file's top level), which has only the keys
/// `known`: the full key that is unknown, the nearest known key when one is near, and the keys
/// there are.
pub(super) fn unknown_key(key: &str, table: &str, known: &[&str]) -> String {
    let full = |k: &str| {
        if table.is_empty() {
            k.to_string()
        } else {
            format!("{table}.{k}")
        }
    };
    let place = if table.is_empty() {
        "the top of a rules file".to_string()
    } else {
        format!("[{table}]")
    };
    let mean = crate::config::near::nearest(key, known.iter().copied())
        .map(|k| format!(" (did you mean {}?)", full(k)))
        .unwrap_or_default();
    let shown = crate::cards::text::excerpt(&full(key));
    format!(
        "{shown}: not a key of {place}{mean}; the keys there are {}",
        known.join(", ")
    )
}

// ---- serde's words, for the files read through serde ------------------------------------------

/// `unknown field `hieght`, expected one of `columns`, `height`, …` (serde's words) of the table
/// `table` as [`unknown_key`] says it.
fn unknown_field(message: &str, table: &str) -> Option<String> {
    let rest = message.strip_prefix("unknown field `")?;
    let (key, rest) = rest.split_once('`')?;
    let known: Vec<&str> = rest
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|k| !k.is_empty())
        .collect();
    Some(unknown_key(key, table, &known))
}

/// A value written as a bare word (`height = four`, `merge_into_full = yes`): toml reads it as a
/// misspelt `true` or `false` ("invalid boolean") or an unquoted string, which misleads. Says
/// what the key takes instead, read from the line the error points at.
fn bare_word(e: &toml::de::Error, text: &str) -> Option<String> {
    let m = e.message();
    let bare = [
        "invalid boolean",
        "invalid string",
        "string values must be quoted",
    ];
    if !bare.iter().any(|b| m.starts_with(b)) {
        return None;
    }
    let at = e.span()?.start;
    let line_start = text.get(..at)?.rfind('\n').map_or(0, |i| i + 1);
    let line = text.get(line_start..)?.lines().next()?;
    let (key, value) = line.split_once('=')?;
    let key = key.trim().trim_matches('"');
    let value = value.trim();
    let want = match key {
        "merge_into_full" | "merged_value" => "true or false",
        "name" => "text in double quotes",
        _ => "a whole number",
    };
    let key = full_key_at(text, at).unwrap_or_else(|| key.to_string());
    if value.is_empty() || value.starts_with('#') {
        return Some(format!("{key}: no value after `=`; this key wants {want}"));
    }
    Some(format!(
        "{key}: `{value}` is not a value (a word needs quotes, a number none); this key wants \
         {want}"
    ))
}

/// A number with a fraction or an exponent where a whole number goes (`size = 1e2`, `2.5`):
/// toml shows the value as it read it (`100.0`), which the player never wrote. Says what was
/// written, and the whole number to write when it is one.
fn not_whole(e: &toml::de::Error, text: &str) -> Option<String> {
    if !e.message().starts_with("invalid type: floating point") {
        return None;
    }
    let span = e.span()?;
    let written = text.get(span)?.trim();
    let value: f64 = written.replace('_', "").parse().ok()?;
    let hint = if value.fract() == 0.0 && value.abs() < 1e15 {
        format!(": write {}", value as i64)
    } else {
        ": use a whole number".to_string()
    };
    Some(format!("`{written}` is not a whole number{hint}"))
}

/// Makes toml's wording of type errors plain, and names the key the error is about (toml only
/// shows it when the error has no place in the file, so it is read from there). For a file read
/// through serde, the chain-merge case file (`chains`); a rules file is read through toml's
/// tables and says every message in its own words (`tables`, `syntax`), none of them from here.
pub(crate) fn plain_toml_message(e: &toml::de::Error, text: &str) -> String {
    if let Some(m) = bare_word(e, text) {
        return m;
    }
    let msg = not_whole(e, text).unwrap_or_else(|| e.message().to_string());
    let msg = msg
        .trim()
        .replace("expected i64", "expected a whole number")
        .replace(" as i128, expected", " is too large, expected")
        .replace("expected bool", "expected true or false")
        .replace("expected a boolean", "expected true or false")
        .replace("expected a map", "expected a table of keys")
        .replace(
            "invalid type: floating point",
            "invalid type: a number with a fraction",
        );
    let msg = match msg.find("expected struct Raw") {
        Some(i) => format!("{}expected a table of keys", &msg[..i]),
        None => msg,
    };
    let mut bare = e.clone();
    bare.set_input(None);
    let shown = bare.to_string();
    let key = shown
        .lines()
        .last()
        .and_then(|l| l.strip_prefix("in `"))
        .and_then(|l| l.strip_suffix('`'));
    // An unknown key is named in full in its own words (toml names its table only).
    if let Some(m) = unknown_field(&msg, key.unwrap_or_default()) {
        return m;
    }
    let msg = wrong_kind(&msg).unwrap_or(msg);
    match key {
        Some(k) if !k.is_empty() => format!("{k}: {msg}"),
        _ => msg,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_named_in_full() {
        let text = "name = \"x\"\n[deck]\nsize = fifty\n[board]\nhieght = 5\n";
        assert_eq!(
            full_key_at(text, text.find("fifty").unwrap()).unwrap(),
            "deck.size"
        );
        assert_eq!(
            full_key_at(text, text.find('5').unwrap()).unwrap(),
            "board.hieght"
        );
        assert_eq!(full_key_at(text, 7).unwrap(), "name");
        let dotted = "deck.size = x\n";
        assert_eq!(full_key_at(dotted, 12).unwrap(), "deck.size");
    }

    #[test]
    fn a_wrong_kind_says_what_to_write() {
        assert_eq!(
            wrong_kind("invalid type: string \"50\", expected a whole number").unwrap(),
            "`\"50\"` is text in quotes; this key wants a whole number: write 50 without the quotes"
        );
        assert_eq!(
            wrong_kind("invalid type: integer `3`, expected true or false").unwrap(),
            "3 is a number; this key wants true or false"
        );
        assert!(wrong_kind("something else").is_none());
    }

    #[test]
    fn an_unknown_key_suggests_the_nearest() {
        let m = "unknown field `hieght`, expected one of `columns`, `height`, `clear_value`";
        assert_eq!(
            unknown_field(m, "board").unwrap(),
            "board.hieght: not a key of [board] (did you mean board.height?); the keys there \
             are columns, height, clear_value"
        );
        let far = "unknown field `colour`, expected one of `name`, `deck`";
        assert_eq!(
            unknown_field(far, "").unwrap(),
            "colour: not a key of the top of a rules file; the keys there are name, deck"
        );
    }
}
