//! What a player meets at the edges, through a real terminal: a duel given up, a restart, the
//! review opened from the result screen, a misspelt key mended in the editor; at 40×15 and
//! 80×24, in English and Chinese.

use crate::records::text;
use crate::tui::{start, start_sized};

/// Giving a duel up after a move shows its result screen, which names the winner and offers
/// the result's choices (it printed "Player 1 gave up the duel…" and left).
#[test]
fn a_duel_given_up_shows_who_wins() {
    for (size, lang, gave_up) in [
        ((80, 24), "en", "Player 2 gave up: Player 1 wins."),
        ((40, 15), "en", "Player 2 gave up: Player 1 wins."),
        ((40, 15), "zh", "玩家 2 认输：玩家 1 获胜。"),
    ] {
        let mut r = start_sized(
            &["--no-color", "--lang", lang, "duel", "--seed", "42"],
            size,
            &[],
            &[],
        );
        for key in ["1", "2", "3"] {
            r.send(key);
        }
        r.send("q");
        // The question, `(y/n)` or `(y 是 / n 否)`.
        r.expect("(y");
        r.send("y");
        r.expect(gave_up);
        // The result's own choices: `q` leaves from there.
        r.send("q");
        r.ends_restored();
        let history = crate::common::new2048(r.dir.path())
            .args(["history", "--json"])
            .output()
            .unwrap();
        let rows: Vec<serde_json::Value> = serde_json::from_slice(&history.stdout).unwrap();
        assert_eq!(rows.len(), 1, "{}", text(&history.stdout));
        assert_eq!(rows[0]["game"], "duel");
    }
}

/// `r` and `y` after three moves: the game left is recorded as restarted, not quit.
#[test]
fn a_restart_is_recorded_as_restarted() {
    let mut r = start(&["--no-color", "play", "--seed", "42"]);
    r.expect("Cards left 100");
    for key in ["1", "2", "3"] {
        r.send(key);
    }
    r.expect("Cards left 97");
    r.send("r");
    r.expect("End this game and restart?");
    r.send("y");
    r.expect("Cards left 100");
    r.send("\x03");
    r.ends_restored();
    let out = crate::common::new2048(r.dir.path())
        .args(["history", "--json"])
        .output()
        .unwrap();
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(rows[0]["outcome"], "restarted", "{rows:?}");
}

/// `v` on the result screen opens the review on the position of the biggest mistake (before
/// the move, the better one highlighted), not on the board after it; `n`/`N` go between
/// mistakes.
#[test]
fn the_review_opens_before_the_mistake() {
    let rules = ("short.toml", "name = \"short\"\n[deck]\nsize = 12\n");
    let mut r = start_sized(
        &[
            "--no-color",
            "--config",
            "short.toml",
            "play",
            "--seed",
            "5",
        ],
        (80, 24),
        &[rules],
        &[],
    );
    r.expect("Cards left 12");
    // Everything on column 1 until it is full, then the next: a game with mistakes.
    for key in "111111122222".chars() {
        r.send(&key.to_string());
    }
    let said = r.expect(" was better");
    let n: usize = said
        .rsplit("mistake: move ")
        .next()
        .and_then(|t| t.split(',').next())
        .and_then(|t| t.trim().parse().ok())
        .unwrap_or_else(|| panic!("no mistake named: {said}"));
    r.send("v");
    r.expect(&format!("before move {n} of 12"));
    r.expect("n/N next/previous mistake");
    r.send("q");
    r.expect("Play again");
    r.send("q");
    r.ends_restored();
}

/// A misspelt key in a rule set (`hieght = 5`) is offered its right name in the editor; `r`
/// renames it and keeps the 5, and the file saved reads as the player meant.
#[test]
fn the_editor_renames_a_misspelt_key() {
    for (lang, offer, done) in [
        (
            "en",
            "r: rename it board.height, keeping its value 5",
            "board.hieght is now board.height = 5",
        ),
        (
            "zh",
            "按 r 改名为 board.height，保留其值 5",
            "board.hieght 已改为 board.height = 5",
        ),
    ] {
        let set = ("rules/mine.toml", "name = \"mine\"\n[board]\nhieght = 5\n");
        let mut r = start_sized(
            &["--no-color", "--lang", lang, "rules", "--edit", "mine"],
            (80, 24),
            &[set],
            &[],
        );
        r.expect(offer);
        r.send("r");
        r.expect(done);
        r.send("s");
        r.expect("mine.toml");
        r.send("q");
        r.ends_restored();
        let saved = std::fs::read_to_string(r.dir.path().join("rules/mine.toml")).unwrap();
        assert!(
            saved.contains("height = 5") && !saved.contains("hieght"),
            "{saved}"
        );
    }
}
