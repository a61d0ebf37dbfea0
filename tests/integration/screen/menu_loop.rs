//! The start menu comes back after every game once it has been shown, whatever began the
//! session: a puzzle, a seed, a daily deal from the command line, then games chosen at the
//! menu (a new game, a puzzle, the daily deal, a saved game taken up). Only `q` at the menu
//! leaves. Driven in a real terminal, as `tui.rs` drives the game; a duel over the network
//! (hosted or joined at the menu) against a headless `new2048` comes back to it too.

use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

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

/// A headless `new2048` side of a network duel: the process and the lines it printed so far on
/// standard output, read on a thread of their own (so a full pipe never holds it).
fn headless(home: &std::path::Path, args: &[&str]) -> (std::process::Child, Receiver<String>) {
    let mut child = crate::common::new2048(home)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let out = child.stdout.take().unwrap();
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    (child, rx)
}

/// Waits (at most 60 s) for a headless side to end with status 0.
fn ends_well(mut child: std::process::Child) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "{status:?}");
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    panic!("the headless side never ended");
}

/// Plays the card duel on the menu's screen with a card a key (skipping full columns) until
/// its result, which a key leaves: back at the menu, which says how the duel went.
fn play_to_the_menu(r: &mut Run, other: &str) {
    let result = "press any key".as_bytes();
    let mut seen: Vec<u8> = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(60);
    for i in 0.. {
        assert!(Instant::now() < deadline, "no result after {i} keys");
        r.send(&((i % 5) + 1).to_string());
        std::thread::sleep(Duration::from_millis(15));
        while let Some(c) = r.p.try_read() {
            // rexpect reads a byte a char.
            seen.push(c as u8);
        }
        if seen.windows(result.len()).any(|w| w == result) {
            break;
        }
        let keep = seen.len().saturating_sub(result.len());
        seen.drain(..keep);
    }
    // A key the menu does nothing with, should a card key still be on its way.
    r.send("\x1b[B");
    r.expect(&format!("Duel over the network against {other}: "));
    r.expect("what would you like to play?");
    r.expect("Quit");
}

/// The newest duel in both histories is the same duel.
fn same_duel(a: &std::path::Path, b: &std::path::Path) {
    let newest = |home: &std::path::Path| {
        let out = crate::common::new2048(home)
            .env("NEW2048_CONFIG", home.join("config.toml"))
            .args(["history", "--json"])
            .output()
            .unwrap();
        crate::common::json_rows(&out)[0].clone()
    };
    let (x, y) = (newest(a), newest(b));
    assert_eq!(
        (&x["game"], &x["of"]),
        (&"duel".into(), &"cards".into()),
        "{x}"
    );
    for key in ["players", "deal", "result", "rules_hash"] {
        assert_eq!(x[key], y[key], "{key}: {x} / {y}");
    }
}

/// Duel → Host: the card game, the address and code on screen; Esc gives the wait up (back at
/// the menu), a second wait is met by a headless joiner (a bot), the duel is played on the
/// menu's screen to its result, and the menu comes back; both histories hold the duel.
#[test]
fn a_duel_hosted_at_the_menu_comes_back_to_it() {
    let mut r = start(&["--no-color"]);
    r.expect("Quit");
    r.highlight("Duel");
    r.send("\r");
    r.expect("A duel at which game?");
    r.send("\x1b[B\x1b[B\r");
    r.expect("at which game?");
    r.send("\r");
    r.expect("Esc or q: stop waiting");
    r.send("\x1b");
    r.expect("what would you like to play?");
    r.expect("Quit");
    r.send("\r");
    r.expect("A duel at which game?");
    r.send("\x1b[B\x1b[B\r");
    r.expect("at which game?");
    r.send("\r");
    let (_, port) = r.p.exp_regex(r"address  [0-9.]+:[0-9]+").unwrap();
    let port = port.rsplit(':').next().unwrap().to_string();
    let (_, code) = r.p.exp_regex(r"code     [A-Z0-9]+").unwrap();
    let code = code.rsplit(' ').next().unwrap().to_string();
    let b = tempfile::tempdir().unwrap();
    let addr = format!("127.0.0.1:{port}");
    let (joiner, _) = headless(
        b.path(),
        &[
            "duel",
            "--join",
            &addr,
            "--code",
            &code,
            "--yes",
            "--name",
            "Bob",
            "--strategy",
            "greedy",
            "--delay",
            "5",
        ],
    );
    r.expect("Player 1 (you)");
    play_to_the_menu(&mut r, "Bob");
    ends_well(joiner);
    same_duel(r.dir.path(), b.path());
    r.send("q");
    r.ends_restored();
}

/// Duel → Join: the address typed (a mistake erased), a wrong code refused and said, the code
/// mended, the host's offer shown and agreed to; the duel against a headless host (a bot) is
/// played to its result and the menu comes back; both histories hold the duel.
#[test]
fn a_duel_joined_at_the_menu_after_a_wrong_code_comes_back_to_it() {
    let a = tempfile::tempdir().unwrap();
    let (host, lines) = headless(
        a.path(),
        &[
            "duel",
            "--host",
            "127.0.0.1:0",
            "--name",
            "Ann",
            "--strategy",
            "greedy",
            "--delay",
            "5",
        ],
    );
    let mut said = lines.iter();
    let mut next = |what: &str| -> String {
        let l = said.next().expect("the host's lines");
        l.strip_prefix(what).expect(what).to_string()
    };
    let code = next("code: ");
    let addr = next("address: ");
    let mut r = start(&["--no-color"]);
    r.expect("Quit");
    r.highlight("Duel");
    r.send("\r");
    r.expect("A duel at which game?");
    r.send("\x1b[B\x1b[B\x1b[B\r");
    r.expect("Address (ADDR:PORT)");
    r.send(&format!("{addr}9\x7f\r"));
    r.send("WRONG\r");
    r.expect("The host refused: wrong code");
    // A wrong code makes the host wait a second before it looks at the next from there.
    std::thread::sleep(Duration::from_millis(1100));
    r.send(&format!("\x7f\x7f\x7f\x7f\x7f{code}\r"));
    r.expect("Ann offers a card duel");
    r.expect("The rules are the default rules.");
    r.send("y");
    r.expect("Player 2 (you)");
    play_to_the_menu(&mut r, "Ann");
    ends_well(host);
    same_duel(a.path(), r.dir.path());
    r.send("q");
    r.ends_restored();
}
