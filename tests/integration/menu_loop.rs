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
    // Ctrl-C at the daily deal's first card would leave; a full game is long, so the menu is
    // reached through a result: the deal given up is not needed, a puzzle's result is quicker.
    r.send("q");
    r.expect("Quit?");
    r.send("y");
    r.ends_restored();
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
