//! "Did you mean …?": the known name nearest to a misspelt one, for a rule set's name
//! (`--rules fifyt` → `fifty`) and a key of a rules file (`hieght` → `height`).
//!
//! Nearness is the number of single-letter edits (an insertion, a deletion, a change, or two
//! neighbours swapped, the commonest slip of typing) between the two; a name counts as meant
//! only when few edits for its length reach it, so that a name of its own (`nosuch`) suggests
//! nothing rather than something unrelated.

/// Edits (insert, delete, change, swap two neighbours) from `a` to `b`, case ignored.
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().collect();
    let b: Vec<char> = b.to_lowercase().chars().collect();
    // Three rows of the table: two back (for a swap), one back, and this one.
    let mut older: Vec<usize> = vec![0; b.len() + 1];
    let mut last: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let change = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (last[j] + 1).min(row[j - 1] + 1).min(last[j - 1] + change);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(older[j - 2] + 1);
            }
            row[j] = best;
        }
        older = std::mem::replace(&mut last, row);
    }
    last[b.len()]
}

/// The choice nearest to `word`, if one is near enough to be what was meant: at most one edit
/// for a word of up to four letters, two up to eight, three beyond; of equally near ones the
/// first. `None` for the word itself (nothing to suggest) or when none is near.
pub fn nearest<'a>(word: &str, choices: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let most = match word.chars().count() {
        0 => return None,
        1..=4 => 1,
        5..=8 => 2,
        _ => 3,
    };
    choices
        .into_iter()
        .map(|c| (distance(word, c), c))
        .filter(|&(d, _)| d > 0 && d <= most)
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_count_a_swap_as_one() {
        assert_eq!(distance("fifyt", "fifty"), 1);
        assert_eq!(distance("hieght", "height"), 1);
        assert_eq!(distance("colums", "columns"), 1);
        assert_eq!(distance("size", "size"), 0);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("Height", "height"), 0);
    }

    #[test]
    fn only_a_near_name_is_suggested() {
        let sets = ["default", "solitaire", "hard", "fifty"];
        assert_eq!(nearest("fifyt", sets), Some("fifty"));
        assert_eq!(nearest("defualt", sets), Some("default"));
        assert_eq!(nearest("hadr", sets), Some("hard"));
        assert_eq!(nearest("nosuch", sets), None);
        assert_eq!(nearest("fifty", sets), None, "the name itself");
        assert_eq!(nearest("x", ["y"]), Some("y"));
        assert_eq!(nearest("", ["y"]), None);
        let keys = ["columns", "height", "clear_value", "merge_into_full"];
        assert_eq!(nearest("hieght", keys), Some("height"));
        assert_eq!(nearest("clearvalue", keys), Some("clear_value"));
        assert_eq!(nearest("width", keys), None);
    }
}
