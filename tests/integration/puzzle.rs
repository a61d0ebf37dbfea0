//! `new2048 puzzle` from outside: the solver's line reaches the target it states, the daily
//! puzzle is the same deck for a date and has its share line and streak, history keeps puzzles
//! apart, and `review` rates a puzzle against its exact solution.

use crate::records::{Home, text};

/// The moves of `puzzle --solution`'s line, as input lines.
fn solution_moves(out: &str) -> String {
    out.lines()
        .skip(2)
        .filter_map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            match words.iter().position(|w| *w == "column") {
                Some(i) => Some(format!("{}\n", words[i + 1])),
                None if l.contains("discarded") => Some("d\n".to_string()),
                None => None,
            }
        })
        .collect()
}

#[test]
fn the_solvers_line_reaches_the_target() {
    let home = Home::new();
    let solution = text(
        &home
            .run(&["puzzle", "--seed", "3", "--solution"], "")
            .stdout,
    );
    let target: u64 = solution
        .lines()
        .nth(1)
        .and_then(|l| l.strip_prefix("target "))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{solution}"));
    assert!(solution.contains("(proven best)"), "{solution}");
    let played = text(
        &home
            .run(&["puzzle", "--seed", "3"], &solution_moves(&solution))
            .stdout,
    );
    assert!(
        played.contains(&format!("target {target} (proven best) · you {target}")),
        "{played}"
    );
    let review = text(&home.run(&["review", "1"], "").stdout);
    assert!(
        review.contains("20 of 20 moves kept the best score"),
        "{review}"
    );
    let puzzles = text(&home.run(&["history", "--game", "puzzle"], "").stdout);
    assert!(puzzles.contains("puzzle 3"), "{puzzles}");
    let cards = text(&home.run(&["history", "--game", "cards"], "").stdout);
    assert!(!cards.contains("puzzle 3"), "{cards}");
}

#[test]
fn the_daily_puzzle_is_shared_and_counted() {
    let home = Home::new();
    let day = ["puzzle", "--daily", "2026-12-04"];
    let first = text(&home.run(&day, &"1\n2\n3\n4\n5\n".repeat(4)).stdout);
    let deck = first.lines().next().unwrap_or_default().to_string();
    assert!(deck.contains("the daily puzzle of 2026-12-04"), "{first}");
    assert!(
        first.contains("to share: new2048 puzzle 2026-12-04 (default puzzle): "),
        "{first}"
    );
    assert!(first.contains("puzzle streak"), "{first}");
    let again = text(&home.run(&day, "q\n").stdout);
    assert_eq!(again.lines().next(), Some(deck.as_str()));
    let shared = text(
        &home
            .run(&["puzzle", "--daily", "2026-12-04", "--share"], "")
            .stdout,
    );
    assert!(shared.starts_with("new2048 puzzle 2026-12-04"), "{shared}");
    let review = text(&home.run(&["review", "1"], "").stdout);
    assert!(review.starts_with("puzzle: target "), "{review}");
}

/// `play --explain` follows each board with the explained hint, in the review's words, its first
/// move the one a hint names.
#[test]
fn headless_play_explains_the_hint() {
    let home = Home::new();
    let out = text(
        &home
            .run(&["play", "--seed", "9", "--explain"], "1\n2\n3\nq\n")
            .stdout,
    );
    let explained: Vec<&str> = out.lines().filter(|l| l.starts_with("explain: ")).collect();
    assert_eq!(explained.len(), 4, "{out}");
    for line in explained {
        let items: Vec<&str> = line["explain: ".len()..].split(" · ").collect();
        assert!((1..=3).contains(&items.len()), "{line}");
        assert!(
            items[0].starts_with("column ") && items[0].ends_with(": best"),
            "{line}"
        );
        for item in &items[1..] {
            assert!(
                [
                    "as good",
                    "points expected",
                    "chance to win",
                    "chance to survive"
                ]
                .iter()
                .any(|w| item.ends_with(w)),
                "{line}"
            );
        }
    }
}
