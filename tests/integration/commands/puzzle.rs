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
    // The result line judges it by its target too: its deck played out is no bare `won`.
    assert!(
        played.contains(&format!("result: solved  score {target} of {target}")),
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

/// `puzzle --solution` alone shows the solution of the puzzle just finished, not a new one; a
/// puzzle begun since and left unfinished is not spoiled, and says so.
#[test]
fn the_solution_is_the_last_finished_puzzles() {
    let home = Home::new();
    let none = home.run(&["puzzle", "--solution"], "");
    assert_eq!(none.status.code(), Some(2));
    assert!(text(&none.stderr).contains("no puzzle finished yet"));
    let solution = text(
        &home
            .run(&["puzzle", "--seed", "3", "--solution"], "")
            .stdout,
    );
    home.run(&["puzzle", "--seed", "3"], &solution_moves(&solution));
    let last = home.run(&["puzzle", "--solution"], "");
    assert!(last.status.success(), "{}", text(&last.stderr));
    let out = text(&last.stdout);
    assert!(
        out.starts_with("the last puzzle you finished, puzzle 3"),
        "{out}"
    );
    assert_eq!(solution_moves(&out), solution_moves(&solution), "{out}");
    // A puzzle begun and left: its solution is not shown, and the player is told why.
    home.run(&["puzzle", "--seed", "5"], "1\nq\n");
    let left = home.run(&["puzzle", "--solution"], "");
    let err = text(&left.stderr);
    assert!(
        err.contains("puzzle 5") && err.contains("unfinished"),
        "{err}"
    );
    assert!(text(&left.stdout).contains("puzzle 3"));
}

#[test]
fn the_daily_puzzle_is_shared_and_counted() {
    let home = Home::new();
    let day = ["puzzle", "--daily", "2026-12-04"];
    let first = text(&home.run(&day, &"1\n2\n3\n4\n5\n".repeat(4)).stdout);
    let deck = first.lines().next().unwrap_or_default().to_string();
    assert!(deck.contains("the daily puzzle of 2026-12-04"), "{first}");
    assert!(
        first.contains("to share: new2048 puzzle 2026-12-04: "),
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

/// A puzzle is judged by its target everywhere: one played by the solver's line is `solved`,
/// one played badly is `short by N` (not "won" because its deck was played out), in history's
/// table and JSON, in stats (solved 1 of 2, per rules) and in the line to share, which says the
/// target beside the score.
#[test]
fn puzzles_are_judged_by_their_target() {
    let home = Home::new();
    let solution = text(
        &home
            .run(&["puzzle", "--seed", "8", "--solution"], "")
            .stdout,
    );
    let solved = text(
        &home
            .run(&["puzzle", "--seed", "8"], &solution_moves(&solution))
            .stdout,
    );
    assert!(solved.contains(": solved"), "{solved}");
    let bad = "1\n2\n3\n4\n5\n".repeat(4);
    let short = text(&home.run(&["puzzle", "--seed", "8"], &bad).stdout);
    let n: u64 = short
        .rsplit("short by ")
        .next()
        .and_then(|t| t.split_whitespace().next())
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("{short}"));
    assert!(n > 0, "{short}");
    let history = text(&home.run(&["history", "--game", "puzzle"], "").stdout);
    assert!(history.contains("solved"), "{history}");
    assert!(history.contains(&format!("short by {n}")), "{history}");
    assert!(!history.contains(" won "), "{history}");
    let json = text(
        &home
            .run(&["history", "--game", "puzzle", "--json"], "")
            .stdout,
    );
    let rows: serde_json::Value = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
    let verdicts: Vec<&str> = rows
        .as_array()
        .unwrap_or_else(|| panic!("{json}"))
        .iter()
        .filter_map(|r| r["verdict"].as_str())
        .collect();
    assert_eq!(
        verdicts,
        [format!("short by {n}").as_str(), "solved"],
        "{json}"
    );
    assert_eq!(rows[1]["deal"]["target"]["score"], 12, "{json}");
    assert_eq!(rows[1]["deal"]["target"]["proven"], true, "{json}");
    let stats = text(&home.run(&["stats"], "").stdout);
    assert!(stats.contains("default puzzle"), "{stats}");
    assert!(stats.contains("games 2   solved 1 (50.0%)"), "{stats}");
    let day = ["puzzle", "--daily", "2026-12-04"];
    home.run(&day, &bad);
    let shared = text(
        &home
            .run(&["puzzle", "--daily", "2026-12-04", "--share"], "")
            .stdout,
    );
    assert!(shared.contains(": short by "), "{shared}");
    assert!(shared.contains(" of "), "{shared}");
    assert!(!shared.contains('🏆'), "{shared}");
}
