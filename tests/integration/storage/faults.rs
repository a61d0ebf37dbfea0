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

/// How long, in milliseconds, a write in an [`Home::impatient`] home waits for the database
/// another program holds locked before it gives up (a player's window waits five seconds).
const BUSY_MS: &str = "100";

struct Home {
    tmp: TempDir,
    /// The debug build's busy-timeout hook, set for every command run here.
    busy_ms: Option<&'static str>,
}

impl Home {
    fn new() -> Home {
        let h = Home {
            tmp: tempfile::tempdir().unwrap(),
            busy_ms: None,
        };
        fs::create_dir_all(h.data()).unwrap();
        h
    }

    /// A home whose commands give up on a locked database after [`BUSY_MS`]: what they do then
    /// is the same, without the wait.
    fn impatient() -> Home {
        Home {
            busy_ms: Some(BUSY_MS),
            ..Home::new()
        }
    }

    fn data(&self) -> PathBuf {
        self.tmp.path().join("data")
    }

    fn spawn(&self, args: &[&str]) -> Child {
        let mut cmd = crate::common::new2048(self.tmp.path());
        if let Some(ms) = self.busy_ms {
            cmd.env("NEW2048_TEST_BUSY_MS", ms);
        }
        cmd.args(args)
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

    /// How many saved games there are.
    fn saves(&self) -> usize {
        crate::common::saves(&self.data())
    }

    /// Waits until `saved` lists a save as open in another window (another process took it up).
    fn wait_open_elsewhere(&self) {
        let deadline = Instant::now() + HANG;
        while !text(&self.run(&["saved"], "").stdout).contains("(open in another window)") {
            assert!(
                Instant::now() < deadline,
                "the other window never took the save"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn history(&self) -> Vec<Value> {
        crate::common::json_rows(&self.run(&["history", "--json"], ""))
    }

    /// A card game from seed 3 with `moves` played, then killed: its save is left.
    fn killed_game(&self, moves: usize) {
        let mut child = self.spawn(&["play", "--seed", "3", "--json"]);
        let mut stdin = child.stdin.take().unwrap();
        for _ in 0..moves {
            writeln!(stdin, "1").unwrap();
        }
        stdin.flush().unwrap();
        let deadline = Instant::now() + HANG;
        while crate::common::saved_moves(&self.data(), "cards") != Some(moves) {
            assert!(Instant::now() < deadline, "the save never showed");
            std::thread::sleep(Duration::from_millis(10));
        }
        child.kill().unwrap();
        let _ = child.wait();
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

/// The lines `from` a child's output as they come; the channel closes when the child closes it
/// (at its end).
fn lines_of(from: impl std::io::Read + Send + 'static) -> std::sync::mpsc::Receiver<String> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufRead::lines(std::io::BufReader::new(from)) {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[cfg(unix)]
fn mkfifo(path: &Path) {
    let made = std::process::Command::new("mkfifo").arg(path).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo {}", path.display());
}

#[cfg(unix)]
#[test]
fn a_fifo_in_the_data_folder_is_skipped_never_read() {
    // Once: `mkfifo DATA/saved-game.json` (or a record, or the lock) hung every command. The
    // database and the old JSON files of the import are opened only when they are regular
    // files; a FIFO among the old files is moved aside with them, never opened.
    for name in [
        "saved-game.json",
        "saved-classic.json",
        "saves/x-1.json",
        "games/x.json",
        "new2048.db",
    ] {
        let home = Home::new();
        let fifo = home.data().join(name);
        fs::create_dir_all(fifo.parent().unwrap()).unwrap();
        mkfifo(&fifo);
        let out = home.run(&["play", "--seed", "3", "--json"], "1\nq\n");
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        let mut said = text(&out.stderr).matches("FIFO").count();
        assert!(said <= 1, "{name}: {}", text(&out.stderr));
        for args in [["history"], ["stats"], ["saved"]] {
            let out = home.run(&args, "");
            let err = text(&out.stderr);
            // History in a FIFO cannot be read: a command that shows it fails, saying why.
            if name == "new2048.db" && args != ["saved"] {
                assert_eq!(out.status.code(), Some(1), "{name} {args:?}: {err}");
            } else {
                assert!(out.status.success(), "{name} {args:?}: {err}");
            }
            assert!(err.matches("FIFO").count() <= 1, "reported once: {err}");
            said += err.matches("FIFO").count();
        }
        assert!(said > 0, "{name}: the FIFO was never reported");
        if name == "new2048.db" {
            assert!(
                fs::symlink_metadata(&fifo).is_ok_and(|m| !m.is_file()),
                "{name}: the FIFO is left alone"
            );
        } else {
            assert_eq!(home.history().len(), 1, "{name}: the game was recorded");
        }
    }
}

#[cfg(unix)]
#[test]
fn a_symlinked_database_is_not_followed() {
    // Once: `ln -s /some/where DATA/lock` created /some/where.
    let home = Home::new();
    let target = home.tmp.path().join("elsewhere");
    std::os::unix::fs::symlink(&target, home.data().join("new2048.db")).unwrap();
    let out = home.run(&["play", "--seed", "3", "--json"], "1\nq\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("symbolic link"),
        "{}",
        text(&out.stderr)
    );
    assert!(!target.exists(), "the database's link was followed");
}

#[test]
fn two_windows_resuming_one_save_play_it_once() {
    // Once: two `play --resume` at once split one save into two games, recorded twice.
    let home = Home::new();
    home.killed_game(2);
    // The first window takes it up and keeps it (its input is still open).
    let mut first = home.spawn(&["play", "--resume", "--json"]);
    home.wait_open_elsewhere();
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
    assert_eq!(home.saves(), 0);
}

#[test]
fn an_old_save_whose_game_is_recorded_is_not_imported() {
    // Once: a kill between writing the record and removing the save let the game be resumed and
    // recorded again. The JSON store's save named its game's record: when both are in an old
    // data folder, the import takes the record and not the save.
    let home = Home::new();
    let (saves, games) = (home.data().join("saves"), home.data().join("games"));
    fs::create_dir_all(&saves).unwrap();
    fs::create_dir_all(&games).unwrap();
    let record = include_str!("../../data/format1-card-record.json");
    let id = "20261129T205926Z-15336-4c33386c";
    fs::write(games.join(format!("{id}.json")), record).unwrap();
    let mut save: Value = serde_json::from_str(record).unwrap();
    let map = save.as_object_mut().unwrap();
    for k in [
        "outcome",
        "score",
        "cards_played",
        "highest",
        "ended",
        "duration_secs",
    ] {
        map.remove(k);
    }
    map.insert("saved".into(), Value::from("2026-11-29T21:00:00Z"));
    fs::write(saves.join(format!("{id}.json")), save.to_string()).unwrap();
    let out = home.run(&["play", "--resume", "--json"], "");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    let err = text(&out.stderr);
    assert!(
        err.contains("imported 1 recorded game and 0 saved games"),
        "{err}"
    );
    assert_eq!(home.saves(), 0);
    assert_eq!(home.history().len(), 1);
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

/// A small tmpfs mounted at a path, unmounted when dropped; `None` where mounting is not allowed
/// (not root, or no tmpfs in this container).
pub(crate) struct Tmpfs(PathBuf);

impl Tmpfs {
    pub(crate) fn mount(at: &Path, size: &str) -> Option<Tmpfs> {
        fs::create_dir_all(at).ok()?;
        let ok = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(at)
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        ok.then(|| Tmpfs(at.to_path_buf()))
    }

    /// Writes a file until the disk is full.
    pub(crate) fn fill(&self) {
        let mut f = fs::File::create(self.0.join("filler")).unwrap();
        let block = vec![7u8; 4096];
        while f.write_all(&block).is_ok() {}
        let _ = f.sync_all();
    }

    pub(crate) fn free(&self) {
        fs::remove_file(self.0.join("filler")).unwrap();
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg(&self.0).status();
    }
}

#[test]
fn a_full_disk_leaves_the_game_saved_or_recorded_never_neither() {
    // Once, on a 64 KB tmpfs: the record write failed, the save was deleted anyway, and the
    // program said `saving works again`; afterwards `history` and `saved` were both empty.
    let home = Home::new();
    let Some(disk) = Tmpfs::mount(&home.data(), "2m") else {
        eprintln!("cannot mount a tmpfs here (not root?): the real full-disk check is skipped");
        return;
    };
    let mut child = home.spawn(&["play", "--seed", "3", "--json"]);
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "1\n2").unwrap();
    stdin.flush().unwrap();
    let deadline = Instant::now() + HANG;
    while crate::common::saved_moves(&home.data(), "cards") != Some(2) {
        assert!(Instant::now() < deadline, "the save never showed");
        std::thread::sleep(Duration::from_millis(10));
    }
    disk.fill();
    // A move and the game's end while the disk is full.
    writeln!(stdin, "3").unwrap();
    drop(stdin);
    let out = finish(child, &["play"]);
    let err = text(&out.stderr);
    assert!(!err.contains("saving works again"), "{err}");
    let (saved, recorded) = (home.saves(), crate::common::recorded(&home.data()));
    assert_eq!(
        saved + recorded,
        1,
        "saved {saved}, recorded {recorded}: {err}"
    );
    if saved == 1 {
        assert!(
            err.contains("cannot record the game") && err.contains("stays saved"),
            "{err}"
        );
    } else {
        assert!(!err.contains("cannot record"), "{err}");
    }
    // `saved --delete` on the full disk: if it cannot record the game, the save stays.
    if saved == 1 {
        let out = home.run(&["saved", "--delete", "1"], "");
        let err = text(&out.stderr);
        if out.status.success() {
            assert_eq!(
                (home.saves(), crate::common::recorded(&home.data())),
                (0, 1)
            );
        } else {
            assert!(err.contains("stays saved"), "{err}");
            assert_eq!(out.status.code(), Some(1), "the machine's failure: {err}");
            assert!(!text(&out.stdout).contains("deleted saved game"));
            assert_eq!(
                (home.saves(), crate::common::recorded(&home.data())),
                (1, 0)
            );
        }
    }
    // Space again: whatever was kept goes on, and ends recorded once.
    disk.free();
    if home.saves() == 1 {
        let out = home.run(&["play", "--resume", "--json"], "");
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    assert_eq!((home.saves(), home.history().len()), (0, 1));
}

#[test]
fn a_database_held_locked_by_another_program_loses_no_game() {
    // Once: while another process held the lock (`flock lock sleep 25`), a two-move game exited 0
    // with neither a save nor a record.
    let home = Home::impatient();
    home.run(&["stats"], "");
    let db = rusqlite::Connection::open(home.data().join("new2048.db")).unwrap();
    db.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let out = home.run(&["play", "--seed", "3", "--json"], "1\n2\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains("goes into history at the next start"), "{err}");
    assert!(!err.contains("saving works again"), "{err}");
    db.execute_batch("ROLLBACK").unwrap();
    drop(db);
    let rows = home.history();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0]["cards_played"], 2);
    assert_eq!(home.saves(), 0);
}

#[test]
fn resuming_or_deleting_a_save_open_elsewhere_says_so() {
    // Once: `play --resume N` and `saved --delete N` on a save open in another window said
    // `there is no saved game N`.
    let home = Home::new();
    home.killed_game(2);
    let mut first = home.spawn(&["play", "--resume", "--json"]);
    home.wait_open_elsewhere();
    for args in [&["play", "--resume", "1"][..], &["saved", "--delete", "1"]] {
        let out = home.run(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(
            err.contains("this game is open in another window"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("there is no saved game"), "{err}");
    }
    drop(first.stdin.take());
    let out = finish(first, &["play", "--resume"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!((home.saves(), home.history().len()), (0, 1));
}

/// Runs `args` in `home` with `env` set, and checks that it answers at once (within a second of
/// starting, however slow the build), refusing the FIFO with a message naming `fifo`.
#[cfg(unix)]
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

#[cfg(unix)]
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

#[cfg(unix)]
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

#[cfg(unix)]
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

#[cfg(unix)]
#[test]
fn a_fifo_at_the_learned_weights_is_named_once_and_the_shipped_weights_play() {
    // Once passed over in silence: the player who trained weights never learnt why they were
    // not used. Now the path is named once, with what to do, and the shipped weights play.
    let home = Home::new();
    let args = ["autoplay", "--seed", "3", "--strategy", "best"];
    let plain = home.run(&args, "");
    assert!(plain.status.success(), "{}", text(&plain.stderr));
    assert!(
        !text(&plain.stderr).contains("weights"),
        "{}",
        text(&plain.stderr)
    );
    let rules = new2048::cards::rules::Rules::default_rules();
    let name = new2048::strategy::ntuple::Key::of(&rules).file_name();
    let weights = home.data().join("weights");
    fs::create_dir_all(&weights).unwrap();
    mkfifo(&weights.join(&name));
    let started = Instant::now();
    let out = home.run(&args, "");
    assert!(started.elapsed() < HANG);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        text(&plain.stdout),
        "the shipped weights played"
    );
    let said = text(&out.stderr);
    assert_eq!(
        said.matches(&name).count(),
        1,
        "named once, not at every move: {said}"
    );
    assert!(
        said.contains(&format!("{name}: it is a FIFO, not a regular file")),
        "{said}"
    );
    assert!(
        said.contains("the bots use the weights shipped in the program"),
        "{said}"
    );
    assert!(said.contains("remove it"), "{said}");
    // Whatever reads history says it too (each command once), and the FIFO is left as it is.
    let stats = home.run(&["stats"], "");
    assert_eq!(text(&stats.stderr).matches(&name).count(), 1);
    assert!(fs::symlink_metadata(weights.join(&name)).is_ok_and(|m| !m.is_file()));
}

#[test]
fn writes_that_fail_are_said_once_and_so_is_their_return() {
    // The database held locked by another program fails a move's save as a full disk would:
    // said once, play goes on, and once it is free the save has every move again.
    let home = Home::impatient();
    // Without `--json` each move is shown once its save was tried: that is what the test waits
    // for while the database is locked.
    let mut child = home.spawn(&["play", "--seed", "22"]);
    let mut stdin = child.stdin.take().unwrap();
    let shown = lines_of(child.stdout.take().unwrap());
    let wait_for = |moves: usize| {
        let deadline = Instant::now() + HANG;
        while crate::common::saved_moves(&home.data(), "cards") != Some(moves) {
            assert!(
                Instant::now() < deadline,
                "the save never showed {moves} moves"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    };
    writeln!(stdin, "1").unwrap();
    wait_for(1);
    let db = rusqlite::Connection::open(home.data().join("new2048.db")).unwrap();
    db.execute_batch("BEGIN EXCLUSIVE").unwrap();
    writeln!(stdin, "2").unwrap();
    // The move's save waits the busy timeout and fails; then the move is shown.
    let mut moves = 0;
    while moves < 2 {
        let line = shown
            .recv_timeout(HANG)
            .expect("the second move was never shown");
        moves += usize::from(line.starts_with("> "));
    }
    assert_eq!(crate::common::saved_moves(&home.data(), "cards"), Some(1));
    db.execute_batch("ROLLBACK").unwrap();
    writeln!(stdin, "3\n4").unwrap();
    wait_for(4);
    drop(stdin);
    let out = finish(child, &["play"]);
    let err = text(&out.stderr);
    assert_eq!(err.matches("cannot save the game").count(), 1, "{err}");
    assert!(err.contains("tried again at every move"), "{err}");
    assert_eq!(err.matches("saving works again").count(), 1, "{err}");
    let rows = home.history();
    assert_eq!((rows.len(), &rows[0]["cards_played"]), (1, &4.into()));
    assert_eq!(home.saves(), 0);
}

#[test]
fn deleting_a_save_while_the_database_is_locked_keeps_it() {
    let home = Home::impatient();
    home.killed_game(1);
    let db = rusqlite::Connection::open(home.data().join("new2048.db")).unwrap();
    db.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let out = home.run(&["saved", "--delete", "1"], "");
    db.execute_batch("ROLLBACK").unwrap();
    let err = text(&out.stderr);
    // The machine's failure (status 1), not bad input (it said 2 once).
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("next start"), "{err}");
    // Not deleted: the save stays, and the record kept aside is added at the next start, which
    // then removes the save.
    assert_eq!(
        (home.saves(), crate::common::recorded(&home.data())),
        (1, 0)
    );
    let next = home.run(&["history", "--json"], "");
    assert!(text(&next.stderr).contains("imported 1 recorded game"));
    assert_eq!((home.saves(), home.history().len()), (0, 1));
}

#[test]
fn a_nearly_full_disk_still_records_a_whole_game() {
    // Once, on 512 KB free: a fresh database recorded no game (the log had to reach SQLite's
    // 1,000 pages, about 4 MB, before a checkpoint) and the save froze at card 33.
    let home = Home::new();
    let Some(_disk) = Tmpfs::mount(&home.data(), "512k") else {
        eprintln!("cannot mount a tmpfs here (not root?): the nearly-full-disk check is skipped");
        return;
    };
    let out = home.run(
        &["play", "--seed", "3", "--json"],
        &"1\n2\n3\n4\n5\n".repeat(250),
    );
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(!err.contains("cannot"), "{err}");
    assert_eq!(crate::common::recorded(&home.data()), 1, "{err}");
    assert_eq!(home.saves(), 0, "{err}");
}

#[test]
fn a_tiny_disk_records_game_after_game_and_a_full_one_still_reads() {
    // Once, on a 200 KB tmpfs: the first game's log (with the new schema in it) never went into
    // the database file, since that needed the file to grow while the log held the room; every
    // game was lost with exit status 0, each leaving a lock file in claims/; and on the full
    // disk `history` said only "disk I/O error" (no room for the log's shared-memory file).
    let home = Home::new();
    let Some(disk) = Tmpfs::mount(&home.data(), "200k") else {
        eprintln!("cannot mount a tmpfs here (not root?): the tiny-disk check is skipped");
        return;
    };
    for seed in 1..=8 {
        let out = home.run(
            &["play", "--seed", &seed.to_string(), "--json"],
            &"1\n2\n3\n4\n5\n".repeat(25),
        );
        let err = text(&out.stderr);
        assert!(out.status.success(), "game {seed}: {err}");
        assert!(!err.contains("cannot"), "game {seed}: {err}");
    }
    assert_eq!(crate::common::recorded(&home.data()), 8);
    let claims = fs::read_dir(home.data().join("claims")).unwrap().count();
    assert_eq!(claims, 0, "a lock file left for a game that has no save");
    // No window is open: the log's files may go (they are made again at the next start, which
    // needs room the full disk does not have).
    for log in ["new2048.db-wal", "new2048.db-shm"] {
        let _ = fs::remove_file(home.data().join(log));
    }
    disk.fill();
    let out = home.run(&["history", "--json"], "");
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("is full") && err.contains("Free some space"),
        "{err}"
    );
    assert_eq!(crate::common::json_rows(&out).len(), 8, "{err}");
    disk.free();
    assert_eq!(home.history().len(), 8);
}

#[cfg(unix)]
#[test]
fn a_read_only_folder_still_reads_its_history_and_says_what_cannot_be_written() {
    // Once: `history` said "no games recorded yet" and `play --resume` said "cannot read the
    // saved game … check that you may read the file" (the lock file could not be made).
    let home = Home::new();
    // As root, permissions do not stop a write: the folder is then a tmpfs mounted read-only.
    let disk = Tmpfs::mount(&home.data(), "2m");
    let out = home.run(
        &["play", "--seed", "5", "--json"],
        &"1\n2\n3\n4\n5\n".repeat(60),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    home.killed_game(2);
    let ro = |on: bool| {
        if let Some(d) = &disk {
            let how = if on { "remount,ro" } else { "remount,rw" };
            let ok = std::process::Command::new("mount")
                .args(["-o", how])
                .arg(&d.0)
                .status()
                .unwrap();
            assert!(ok.success());
        } else {
            use std::os::unix::fs::PermissionsExt;
            let (dirs, files) = if on { (0o555, 0o444) } else { (0o755, 0o644) };
            for e in fs::read_dir(home.data()).unwrap().map(Result::unwrap) {
                let mode = if e.path().is_dir() { dirs } else { files };
                fs::set_permissions(e.path(), fs::Permissions::from_mode(mode)).unwrap();
            }
            fs::set_permissions(home.data(), fs::Permissions::from_mode(dirs)).unwrap();
        }
    };
    ro(true);
    let out = home.run(&["history", "--json"], "");
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("cannot be written"), "{err}");
    assert!(err.contains("still read"), "{err}");
    assert_eq!(crate::common::json_rows(&out).len(), 1, "{err}");
    assert!(text(&home.run(&["saved"], "").stdout).contains("2 cards played"));
    for args in [
        &["play", "--resume", "--json"][..],
        &["saved", "--delete", "1"],
    ] {
        let out = home.run(args, "");
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("cannot be written, so a saved game"), "{err}");
    }
    // A game still plays; it is not recorded, and nothing is lost.
    let out = home.run(&["play", "--seed", "6", "--json"], "1\nq\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    ro(false);
    assert_eq!(home.history().len(), 1);
    assert_eq!(home.saves(), 1);
}
