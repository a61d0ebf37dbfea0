//! A bad key said as a player needs it: the full dotted key (`board.hieght`, not `hieght`), the
//! nearest key the table has, and the keys there are. Said for a rules file and for a file of
//! chain-merge cases alike, from the file's own tables, never from toml's or serde's messages.

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

/// The key `key` of the table `table` (empty: the file's top level), which has only the keys
/// `known`: the full key that is unknown, the nearest known key when one is near, and the keys
/// there are.
pub(crate) fn unknown_key(key: &str, table: &str, known: &[&str]) -> String {
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
    fn an_unknown_key_suggests_the_nearest() {
        assert_eq!(
            unknown_key("hieght", "board", &["columns", "height", "clear_value"]),
            "board.hieght: not a key of [board] (did you mean board.height?); the keys there \
             are columns, height, clear_value"
        );
        assert_eq!(
            unknown_key("colour", "", &["name", "deck"]),
            "colour: not a key of the top of a rules file; the keys there are name, deck"
        );
    }
}
