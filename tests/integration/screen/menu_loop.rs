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

/// The rules file the tests' game is given (`$NEW2048_CONFIG`).
fn config_of(cmd: &std::process::Command) -> std::path::PathBuf {
    cmd.get_envs()
        .find(|(k, _)| *k == "NEW2048_CONFIG")
        .and_then(|(_, v)| v)
        .map(std::path::PathBuf::from)
        .expect("the tests' rules file")
}

/// At the question of a file that is not TOML: kept aside and started again from the default
/// rules, opened in the editor as `file`, left, and the menu says where the old file went; then
/// the program is left.
fn start_again_and_leave(r: &mut Run, file: &str) {
    r.expect("It is not TOML");
    r.expect("start again from the default rules");
    r.send("\r");
    r.expect(&format!("Rules editor: {file}"));
    r.send("q");
    r.expect("The old file is kept as");
    r.expect("Quit");
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
        let config = config_of(cmd);
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

/// The daily deal chosen twice at the menu: the second play is marked practice on its screen
/// and above the menu, and the line to share is the first play's, unchanged. Then `--rules X`
/// opens the menu on a new game of X, not on the newest save of other rules.
#[test]
fn the_daily_deal_twice_and_rules_asked_for() {
    let rules = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(rules.path(), "name = \"short\"\n[deck]\nsize = 8\n").unwrap();
    let config = rules.path().to_str().unwrap();
    let mut r = start(&["--no-color", "--config", config]);
    r.expect("Quit");
    let mut shared = Vec::new();
    for round in 0..2 {
        r.highlight("Daily deal");
        r.send("\r");
        let title = r.expect("Cards left 8");
        assert_eq!(title.contains("practice"), round == 1, "{title}");
        r.send("12345123");
        r.expect("Play again");
        r.send("m");
        let above = r.expect("what would you like to play?");
        assert_eq!(above.contains("Practice:"), round == 1, "{above}");
        let line = above
            .lines()
            .find(|l| l.contains("new2048 daily "))
            .map_or_else(|| panic!("{above}"), |l| l.trim().to_string());
        shared.push(line);
        r.expect("Quit");
    }
    assert_eq!(shared[0], shared[1]);
    assert!(shared[0].contains("(short rules)"), "{}", shared[0]);
    // A game of the default rules left saved, then the menu asked for the hard rules.
    r.highlight("New game");
    r.send("\r");
    play_one_and_quit(&mut r, "Cards left");
    r.send("q");
    r.ends_restored();
    let mut r = r.again(&["--no-color", "--rules", "hard"]);
    let menu = r.expect("Quit");
    let chosen = menu
        .lines()
        .rev()
        .find(|l| l.contains("> "))
        .unwrap_or_default()
        .to_string();
    assert!(
        chosen.contains("New game") && chosen.contains("hard"),
        "{menu}"
    );
    r.send("q");
    r.ends_restored();
}

/// A rule set that is not TOML is mended from the menu: Enter on it shows where its text breaks
/// (line, column, caret) and the ways out; kept aside (renamed, never deleted) and started again
/// from its preset, it opens in the rules editor.
#[test]
fn a_rule_set_that_is_not_toml_is_mended_from_the_menu() {
    let mut sets = None;
    let mut r = crate::tui::start_with(&["--no-color"], |cmd| {
        let config = config_of(cmd);
        let dir = config.parent().unwrap().join("rules");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("fifty.toml"),
            "name = \"fifty\"\n[deck]\nsize = 50 cards [oops\n",
        )
        .unwrap();
        cmd.env_remove("VISUAL").env_remove("EDITOR");
        sets = Some(dir);
    });
    let sets = sets.unwrap();
    r.expect("Mend rule set fifty");
    // Why, in a few words: not TOML, and where (its key alone read as a value refused).
    r.expect("not TOML at 3:17");
    r.expect("Quit");
    r.highlight("Mend rule set fifty");
    r.send("\r");
    r.expect("fifty.toml:3:");
    r.expect(" 3 | size = 50 cards [oops");
    r.expect("^");
    start_again_and_leave(&mut r, "fifty.toml");
    let kept: Vec<String> = std::fs::read_dir(&sets)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        kept.iter().any(|f| f.starts_with("fifty.toml.broken-")),
        "{kept:?}"
    );
    let fresh = std::fs::read_to_string(sets.join("fifty.toml")).unwrap();
    assert!(fresh.contains("name = \"fifty\""), "{fresh}");
}

/// The player's rules file (`$NEW2048_CONFIG`) that is not TOML: the menu says so with its
/// path, line, column and caret, and Rules, then Edit the rules…, mends it as a rule set is
/// mended (kept aside, started again from its preset, opened in the editor). One that is not
/// there is said with its path and what to do.
#[test]
fn a_rules_file_that_is_not_toml_is_mended_from_the_menu() {
    let mut config = None;
    let mut r = crate::tui::start_with(&["--no-color"], |cmd| {
        let path = config_of(cmd);
        std::fs::write(&path, "[board]\nheight = 5 cards [oops\n").unwrap();
        cmd.env_remove("VISUAL").env_remove("EDITOR");
        config = Some(path);
    });
    let config = config.unwrap();
    r.expect("Your rules file is not TOML");
    r.expect("config.toml:2:18:");
    r.expect(" 2 | height = 5 cards [oops");
    r.expect("^");
    r.expect("Quit");
    r.highlight("Rules:");
    r.send("\r");
    r.expect("Which rules?");
    // Up from the first item: the last, the editor.
    r.send("\x1b[A");
    r.expect("> Edit the rules");
    r.send("\r");
    start_again_and_leave(&mut r, "config.toml");
    let rules = std::fs::read_to_string(&config).unwrap();
    assert!(rules.contains("[board]"), "{rules}");
    let missing = config.with_file_name("not-made-yet.toml");
    let mut r = crate::tui::start_with(&["--no-color"], |cmd| {
        cmd.env("NEW2048_CONFIG", &missing);
    });
    r.expect("Your rules file cannot be read");
    r.expect(&format!("{}:", missing.display()));
    r.expect("rules --init");
    r.send("q");
    r.ends_restored();
}
