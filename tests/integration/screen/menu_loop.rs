//! The start menu comes back after every game once it has been shown, whatever began the
//! session: a puzzle, a seed, a daily deal from the command line, then games chosen at the
//! menu (a new game, a puzzle, the daily deal, a saved game taken up). Only `q` at the menu
//! leaves. Driven in a real terminal, as `tui.rs` drives the game.

use crate::tui::{Run, start};

/// One card played and the game quit (saved): back at the menu, which says the game was saved.
fn play_one_and_quit(r: &mut Run, shown: &str) {
    r.expect(shown);
    r.send("1");
    r.expect(shown);
    r.send("q");
    r.expect("Quit?");
    r.send("y");
    r.expect("Game saved");
    r.expect("what would you like to play?");
    r.expect("Quit");
}

/// From `new2048 puzzle`: the puzzle played out, the result's menu, then a new game, a puzzle,
/// the daily deal and a saved game, each quit: the menu every time; after a puzzle it offers no
/// game of the puzzle's rules (a 20-card "your rules (default puzzle)").
#[test]
fn every_game_after_the_menu_comes_back_to_it() {
    let mut r = start(&["--no-color", "puzzle", "--seed", "8"]);
    r.expect("Target 12");
    for _ in 0..4 {
        r.send("12345");
    }
    r.expect("Short by");
    r.send("m");
    let menu = r.expect("Quit");
    assert!(!menu.contains("puzzle)"), "{menu}");
    assert!(!menu.contains("your rules"), "{menu}");
    r.send("\r");
    play_one_and_quit(&mut r, "Cards left");
    r.highlight("Puzzle");
    r.send("\r");
    play_one_and_quit(&mut r, "Target");
    r.highlight("Daily deal");
    r.send("\r");
    play_one_and_quit(&mut r, "Cards left");
    // The newest saved game is highlighted first: taken up, then quit again.
    r.send("\r");
    play_one_and_quit(&mut r, "Cards left");
    r.send("q");
    r.ends_restored();
}

/// From `new2048 play --seed N`, `daily` and a saved game taken up with `play --resume`: the
/// game started by the command leaves at its end when quit, as a command does; the result
/// screen's menu leads to the menu, and from there a game quit comes back to it.
#[test]
fn commands_leave_until_the_menu_was_shown() {
    let mut r = start(&["--no-color", "play", "--seed", "5"]);
    r.expect("Cards left 100");
    r.send("1");
    r.expect("Cards left 99");
    r.send("q");
    r.expect("Quit?");
    r.send("y");
    r.ends_restored();
    let mut r = r.again(&["--no-color", "play", "--resume"]);
    r.expect("Cards left 99");
    r.send("q");
    r.expect("Quit?");
    r.send("y");
    r.ends_restored();
    let mut r = r.again(&["--no-color", "daily", "--date", "2026-12-01"]);
    r.expect("Cards left 100");
    r.send("q");
    r.expect("Quit?");
    r.send("y");
    r.ends_restored();
    // The menu is reached through a result screen (a puzzle's is the quickest to reach).
    let mut r = r.again(&["--no-color", "puzzle", "--seed", "3"]);
    r.expect("Target");
    for _ in 0..4 {
        r.send("12345");
    }
    r.expect("Play again");
    r.send("m");
    r.expect("what would you like to play?");
    r.expect("Quit");
    r.send("\r");
    play_one_and_quit(&mut r, "Cards left");
    r.send("q");
    r.ends_restored();
}

/// A broken rules file and a broken rule set lock nobody out: plain `new2048` opens the menu
/// with a line naming the file, its line and the key, the default rules in force; a game of them
/// plays and comes back; the rule set with `height = 0` is listed, marked, and Enter on it opens
/// the editor at the wrong value.
#[test]
fn a_broken_file_never_locks_anyone_out() {
    let mut r = crate::tui::start_with(&["--no-color"], |cmd| {
        let config = cmd
            .get_envs()
            .find(|(k, _)| *k == "NEW2048_CONFIG")
            .and_then(|(_, v)| v)
            .map(std::path::PathBuf::from)
            .expect("the tests' rules file");
        let text = std::fs::read_to_string(&config).unwrap();
        let broken = text.replacen("columns = 5", "columns = \"five\"", 1);
        assert_ne!(broken, text);
        std::fs::write(&config, broken).unwrap();
        let sets = config.parent().unwrap().join("rules");
        std::fs::create_dir_all(&sets).unwrap();
        std::fs::write(sets.join("quick.toml"), "[board]\nheight = 0\n").unwrap();
    });
    r.expect("Your rules file cannot be played");
    r.expect("config.toml:");
    r.expect("board.columns");
    r.expect("Mend rule set quick");
    r.expect("Quit");
    r.send("\r");
    play_one_and_quit(&mut r, "Cards left");
    r.highlight("Mend rule set quick");
    r.send("\r");
    r.expect("Rules editor: quick.toml");
    r.expect("board.height");
    r.send("q");
    r.expect("what would you like to play?");
    r.expect("Quit");
    r.send("q");
    r.ends_restored();
}

/// A puzzle whose result screen is left at once is still recorded with its target (the record
/// waits for the search), so history judges it: `solved` or `short by N`, never a bare `won`.
#[test]
fn a_puzzle_left_at_once_is_judged() {
    let mut r = start(&["--no-color", "puzzle", "--seed", "3"]);
    r.expect("Target");
    for _ in 0..4 {
        r.send("12345");
    }
    r.expect("Play again");
    r.send("q");
    r.ends_restored();
    let out = crate::common::new2048(r.dir.path())
        .env("NEW2048_CONFIG", r.dir.path().join("config.toml"))
        .args(["history", "--game", "puzzle", "--json"])
        .output()
        .unwrap();
    let rows = crate::common::json_rows(&out);
    assert_eq!(rows.len(), 1, "{rows:?}");
    let verdict = rows[0]["verdict"].as_str().unwrap_or_default();
    assert!(
        verdict == "solved" || verdict.starts_with("short by "),
        "{rows:?}"
    );
    assert_eq!(rows[0]["deal"]["target"]["score"], 13, "{rows:?}");
}
