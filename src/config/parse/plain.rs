//! toml's and serde's words for a bad key or value, said as a player needs them: the full dotted
//! key (`deck.size`, not `size`), what was written, and what kind of value the key wants.
//!
//! serde speaks of types (`invalid type: string "50", expected i64`, or an unknown field
//! `hieght`); a player wrote a value or a key and wants to know what to write instead. These
//! functions read toml's message and the file's text and say that.

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
pub(super) fn wrong_kind(message: &str) -> Option<String> {
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

/// `unknown field `hieght`, expected one of `columns`, `height`, …` of the table `table`
/// (empty: the file's top level) as the full key that is unknown, the nearest known key when one
/// is near, and the keys there are.
pub(super) fn unknown_key(message: &str, table: &str) -> Option<String> {
    let rest = message.strip_prefix("unknown field `")?;
    let (key, rest) = rest.split_once('`')?;
    let known: Vec<&str> = rest
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|k| !k.is_empty())
        .collect();
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
    Some(format!(
        "{shown}: not a key of {place}{mean}; the keys there are {}",
        known.join(", ")
    ))
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
            unknown_key(m, "board").unwrap(),
            "board.hieght: not a key of [board] (did you mean board.height?); the keys there \
             are columns, height, clear_value"
        );
        let far = "unknown field `colour`, expected one of `name`, `deck`";
        assert_eq!(
            unknown_key(far, "").unwrap(),
            "colour: not a key of the top of a rules file; the keys there are name, deck"
        );
    }
}
