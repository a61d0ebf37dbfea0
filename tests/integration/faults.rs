//! The data folder under attack (issue 12): FIFOs and links planted in it, two windows taking up
//! one save, a game recorded before its save could be removed, records whose deal was edited, and
//! rules files that are not UTF-8 or nest too deep. Each drives the built binary in a temporary
//! home and bounds every run, so a hang fails the test instead of stopping the suite.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use tempfile::TempDir;

/// The longest any one command here may take before it counts as hung.
const HANG: Duration = Duration::from_secs(20);

struct Home {
    tmp: TempDir,
}

impl Home {
    fn new() -> Home {
        let h = Home {
            tmp: tempfile::tempdir().unwrap(),
        };
        for d in ["data/saves", "data/games"] {
            fs::create_dir_all(h.data().join(d.trim_start_matches("data/"))).unwrap();
        }
        h
    }

    fn data(&self) -> PathBuf {
        self.tmp.path().join("data")
    }

    fn spawn(&self, args: &[&str]) -> Child {
        crate::common::new2048(self.tmp.path())
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    }

    /// Runs `args` with `input`, failing the test if it takes longer than [`HANG`].
    fn run(&self, args: &[&str], input: &str) -> Output {
        let mut child = self.spawn(args);
        let mut stdin = child.stdin.take().unwrap();
        let input = input.to_string();
        std::thread::spawn(move || {
            let _ = stdin.write_all(input.as_bytes());
        });
        finish(child, args)
    }

    fn saves(&self) -> Vec<PathBuf> {
        let mut v: Vec<PathBuf> = fs::read_dir(self.data().join("saves"))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        v.sort();
        v
    }

    fn history(&self) -> Vec<Value> {
        crate::common::json_rows(&self.run(&["history", "--json"], ""))
    }

    /// A card game from seed 3 with `moves` played, then killed: its save is left.
    fn killed_game(&self, moves: usize) -> PathBuf {
        let mut child = self.spawn(&["play", "--seed", "3", "--json"]);
        let mut stdin = child.stdin.take().unwrap();
        for _ in 0..moves {
            writeln!(stdin, "1").unwrap();
        }
        stdin.flush().unwrap();
        let deadline = Instant::now() + HANG;
        let save = loop {
            let done = self.saves().into_iter().find(|p| {
                fs::read_to_string(p).is_ok_and(|t| {
                    serde_json::from_str::<Value>(&t).is_ok_and(|v| {
                        v["moves"]
                            .as_str()
                            .is_some_and(|m| m.split_whitespace().count() == moves)
                    })
                })
            });
            if let Some(p) = done {
                break p;
            }
            assert!(Instant::now() < deadline, "the save never showed");
            std::thread::sleep(Duration::from_millis(10));
        };
        child.kill().unwrap();
        let _ = child.wait();
        save
    }
}

/// Waits for `child` at most [`HANG`]; kills it and fails if it is still running.
fn finish(mut child: Child, args: &[&str]) -> Output {
    let deadline = Instant::now() + HANG;
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`new2048 {}` hung", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn mkfifo(path: &Path) {
    let made = std::process::Command::new("mkfifo").arg(path).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo {}", path.display());
}

#[test]
fn a_fifo_in_the_data_folder_is_skipped_never_read() {
    // Once: `mkfifo DATA/saved-game.json` (or a record, or the lock) hung every command.
    for name in [
        "saved-game.json",
        "saved-classic.json",
        "saves/x-1.json",
        "games/x.json",
        "lock",
    ] {
        let home = Home::new();
        let fifo = home.data().join(name);
        mkfifo(&fifo);
        let out = home.run(&["play", "--seed", "3", "--json"], "1\nq\n");
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        let mut said = text(&out.stderr).matches("FIFO").count();
        assert!(said <= 1, "{name}: {}", text(&out.stderr));
        for args in [["history"], ["stats"], ["saved"]] {
            let out = home.run(&args, "");
            let err = text(&out.stderr);
            assert!(out.status.success(), "{name} {args:?}: {err}");
            assert!(err.matches("FIFO").count() <= 1, "reported once: {err}");
            said += err.matches("FIFO").count();
        }
        assert!(said > 0, "{name}: the FIFO was never reported");
        if name != "lock" {
            assert_eq!(home.history().len(), 1, "{name}: the game was recorded");
        }
        assert!(
            fs::symlink_metadata(&fifo).is_ok_and(|m| !m.is_file()),
            "{name}: the FIFO is left alone"
        );
    }
}

#[test]
fn a_symlinked_lock_is_not_followed() {
    // Once: `ln -s /some/where DATA/lock` created /some/where.
    let home = Home::new();
    let target = home.tmp.path().join("elsewhere");
    std::os::unix::fs::symlink(&target, home.data().join("lock")).unwrap();
    let out = home.run(&["play", "--seed", "3", "--json"], "1\nq\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("symbolic link"),
        "{}",
        text(&out.stderr)
    );
    assert!(!target.exists(), "the lock's link was followed");
}

#[test]
fn two_windows_resuming_one_save_play_it_once() {
    // Once: two `play --resume` at once split one save into two games, recorded twice.
    let home = Home::new();
    home.killed_game(2);
    // The first window takes it up and keeps it (its input is still open).
    let mut first = home.spawn(&["play", "--resume", "--json"]);
    let deadline = Instant::now() + HANG;
    loop {
        let out = home.run(&["saved"], "");
        if text(&out.stdout).contains("1 more open in another window") {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the first window never took the save"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let second = home.run(&["play", "--resume", "--json"], "5\nq\n");
    assert_eq!(second.status.code(), Some(2));
    let err = text(&second.stderr);
    assert!(err.contains("this game is open in another window"), "{err}");
    let mut stdin = first.stdin.take().unwrap();
    stdin.write_all(b"4\nq\n").unwrap();
    drop(stdin);
    let out = finish(first, &["play", "--resume"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows = home.history();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0]["cards_played"], 3);
    assert!(home.saves().is_empty());
}

#[test]
fn a_save_whose_game_is_recorded_is_removed_not_resumed() {
    // Once: a kill between writing the record and removing the save let the game be resumed and
    // recorded again. The save's game id names its record: with the record there, the save goes.
    let home = Home::new();
    let save = home.killed_game(1);
    let id = save.file_stem().unwrap().to_string_lossy().into_owned();
    home.run(&["play", "--seed", "9", "--json"], "1\nq\n");
    let record = fs::read_dir(home.data().join("games"))
        .unwrap()
        .flatten()
        .find(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .unwrap()
        .path();
    fs::copy(
        &record,
        home.data().join("games").join(format!("{id}.json")),
    )
    .unwrap();
    let out = home.run(&["play", "--resume", "--json"], "");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    assert!(!save.exists(), "the save of a recorded game is removed");
    assert_eq!(home.history().len(), 2);
}

#[test]
fn a_record_whose_deal_was_edited_is_refused() {
    let home = Home::new();
    home.run(
        &["play", "--seed", "3", "--json"],
        &"1\n2\n3\n4\n5\n".repeat(60),
    );
    let export = home.run(&["history", "--export", "1"], "");
    assert!(export.status.success());
    let record: Value = serde_json::from_slice(&export.stdout).unwrap();
    let file = home.tmp.path().join("r.json");
    let replay = |v: &Value| {
        fs::write(&file, serde_json::to_string_pretty(v).unwrap()).unwrap();
        home.run(&["replay", file.to_str().unwrap(), "--json"], "")
    };
    assert!(replay(&record).status.success());
    let mut seed = record.clone();
    seed["deal"]["seed"] = 4.into();
    let mut date = record.clone();
    date["deal"] = serde_json::json!({"kind": "daily", "date": "2026-13-45", "seed": 3});
    let mut cut = record.clone();
    let deck: Vec<&str> = record["deck"]
        .as_str()
        .unwrap()
        .split(' ')
        .take(60)
        .collect();
    cut["deck"] = deck.join(" ").into();
    for (edited, says) in [
        (seed, "where seed 4 deals"),
        (date, "`2026-13-45` is not a date"),
        (cut, "60 cards where its rules deal deck.size = 100"),
    ] {
        let out = replay(&edited);
        assert_eq!(out.status.code(), Some(2), "{says}");
        assert!(text(&out.stderr).contains(says), "{}", text(&out.stderr));
    }
}

#[test]
fn rules_files_not_utf8_or_nested_too_deep_say_where() {
    let home = Home::new();
    let bad = home.tmp.path().join("bad.toml");
    fs::write(&bad, b"# mine\nname = \"\xff\"\n").unwrap();
    let deep = home.tmp.path().join("deep.toml");
    fs::write(&deep, format!("[{}]\nx = 1\n", vec!["a"; 95].join("."))).unwrap();
    for (file, says) in [
        (&bad, "bad.toml:2:9: the value of `name` is not UTF-8"),
        (
            &deep,
            "deep.toml:1:1: `a.a.a.…` nests tables 95 levels deep",
        ),
    ] {
        let out = home.run(&["--config", file.to_str().unwrap(), "rules"], "");
        assert_eq!(out.status.code(), Some(2));
        assert!(text(&out.stderr).contains(says), "{}", text(&out.stderr));
    }
}

/// Runs `args` in `home` with `env` set, and checks that it answers at once (within a second of
/// starting, however slow the build), refusing the FIFO with a message naming `fifo`.
fn refuses_fifo(home: &Home, env: &[(&str, &Path)], args: &[&str], fifo: &Path) {
    let mut cmd = crate::common::new2048(home.tmp.path());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let started = Instant::now();
    let child = cmd
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = finish(child, args);
    let took = started.elapsed();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(took < Duration::from_secs(1), "{args:?} took {took:?}");
    let named = format!("{}: ", fifo.display());
    assert!(
        err.contains(&named)
            && err.contains("it is a FIFO, not a regular file")
            && err.contains("give the path of a regular file"),
        "{args:?}: {err}"
    );
}

#[test]
fn a_fifo_at_any_file_the_player_names_is_refused_at_once() {
    // Once: a FIFO at `config.toml`, `$NEW2048_CONFIG`, a deck file or a file given to `replay`
    // or `review` made the command wait for a writer for ever.
    let home = Home::new();
    let fifo = home.tmp.path().join("fifo");
    mkfifo(&fifo);
    let f = fifo.to_str().unwrap();
    refuses_fifo(&home, &[], &["--config", f, "rules"], &fifo);
    refuses_fifo(&home, &[("NEW2048_CONFIG", &fifo)], &["rules"], &fifo);
    refuses_fifo(&home, &[], &["play", "--deck-file", f, "--json"], &fifo);
    refuses_fifo(&home, &[], &["replay", f], &fifo);
    refuses_fifo(&home, &[], &["review", f], &fifo);
    let user = home.tmp.path().join("xdg-config/new2048/config.toml");
    fs::create_dir_all(user.parent().unwrap()).unwrap();
    mkfifo(&user);
    // The user's own rules file is read by every command that plays.
    refuses_fifo(&home, &[], &["play", "--seed", "3", "--json"], &user);
    refuses_fifo(&home, &[], &["rules"], &user);
    assert!(fs::symlink_metadata(&user).is_ok_and(|m| !m.is_file()));
}

#[test]
fn a_fifo_at_the_learned_weights_is_passed_over() {
    // Once: a FIFO at `weights/ntuple-<hash>.bin` hung `autoplay`, `review` and the hint key.
    // It is not read: the shipped weights serve, so the bot plays exactly as without it.
    let home = Home::new();
    let args = ["autoplay", "--seed", "3"];
    let plain = home.run(&args, "");
    assert!(plain.status.success(), "{}", text(&plain.stderr));
    let rules = new2048::cards::rules::Rules::default_rules();
    let name = new2048::strategy::ntuple::Key::of(&rules).file_name();
    let weights = home.data().join("weights");
    fs::create_dir_all(&weights).unwrap();
    mkfifo(&weights.join(&name));
    let out = home.run(&args, "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), text(&plain.stdout));
    // A link there is not followed either, even to real weights.
    fs::remove_file(weights.join(&name)).unwrap();
    let elsewhere = home.tmp.path().join("garbage.bin");
    fs::write(&elsewhere, b"not weights").unwrap();
    std::os::unix::fs::symlink(&elsewhere, weights.join(&name)).unwrap();
    let out = home.run(&args, "");
    assert_eq!(text(&out.stdout), text(&plain.stdout));
}

#[test]
fn a_fifo_at_the_settings_file_is_refused_at_once() {
    // Once: a FIFO at `settings.toml` or `$NEW2048_SETTINGS` blocked the terminal game's start.
    let home = Home::new();
    let user = home.tmp.path().join("xdg-config/new2048/settings.toml");
    fs::create_dir_all(user.parent().unwrap()).unwrap();
    mkfifo(&user);
    let env_file = home.tmp.path().join("settings-fifo");
    mkfifo(&env_file);
    for (env, fifo) in [(None, &user), (Some(&env_file), &env_file)] {
        let mut cmd = crate::common::new2048(home.tmp.path());
        cmd.args(["play", "--seed", "3"]).env("TERM", "xterm");
        if let Some(p) = env {
            cmd.env("NEW2048_SETTINGS", p);
        }
        let started = Instant::now();
        let mut p = rexpect::session::spawn_command(cmd, Some(HANG.as_millis() as u64)).unwrap();
        let named = format!("{}: it is a FIFO, not a regular file", fifo.display());
        p.exp_string(&named).unwrap();
        let status = p.process().wait().unwrap();
        assert!(started.elapsed() < Duration::from_secs(1));
        assert!(
            matches!(status, rexpect::process::WaitStatus::Exited(_, 2)),
            "{status:?}"
        );
    }
}

#[test]
fn a_record_whose_result_was_edited_is_refused_by_replay_and_review() {
    // Once: a record whose score was edited to 9999 was reviewed as normal, and one switched to a
    // deck-file deal claiming "won, 126 points, highest 2048" was replayed as if true.
    let home = Home::new();
    home.run(&["play", "--seed", "3", "--json"], &"1\n2\n3\n".repeat(5));
    let export = home.run(&["history", "--export", "1"], "");
    let record: Value = serde_json::from_slice(&export.stdout).unwrap();
    let file = home.tmp.path().join("r.json");
    let f = file.to_str().unwrap();
    let write = |v: &Value| fs::write(&file, serde_json::to_string_pretty(v).unwrap()).unwrap();
    write(&record);
    assert!(home.run(&["replay", f], "").status.success());
    assert!(home.run(&["review", f, "--json"], "").status.success());
    let mut score = record.clone();
    score["score"] = 9999.into();
    write(&score);
    for args in [["replay", f], ["review", f]] {
        let out = home.run(&args, "");
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains(&format!(
                "cannot {} {f}: its `score` does not match",
                args[0]
            )),
            "{err}"
        );
        assert!(out.stdout.is_empty(), "nothing of it is shown");
    }
    let mut custom = record.clone();
    custom["deal"] = serde_json::json!({"kind": "deck_file", "path": "/else/where/d.txt"});
    write(&custom);
    let out = home.run(&["replay", f], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains(", custom deck d.txt, "),
        "{}",
        text(&out.stdout)
    );
    custom["outcome"] = "won".into();
    custom["score"] = 126.into();
    custom["highest"] = 2048.into();
    write(&custom);
    let out = home.run(&["replay", f], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("its `outcome`, `score` and `highest` do not match"),
        "{}",
        text(&out.stderr)
    );
}
