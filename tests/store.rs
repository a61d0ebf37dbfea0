//! The store through the built binary: history, concurrent writers, a killed game resumed,
//! damaged files, an unwritable data folder, replays of exported records and the daily deal.
//!
//! Every run points NEW2048_DATA_DIR, NEW2048_CONFIG, HOME and XDG_* into a temporary folder, so
//! no test touches a real home.

use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use tempfile::TempDir;

const BIN: &str = env!("CARGO_BIN_EXE_new2048");

/// A temporary home for one test.
struct Env {
    tmp: TempDir,
}

impl Env {
    fn new() -> Env {
        let tmp = tempfile::tempdir().unwrap();
        fs::write(tmp.path().join("config.toml"), new2048::presets::DEFAULT).unwrap();
        Env { tmp }
    }

    fn data(&self) -> PathBuf {
        self.tmp.path().join("data")
    }

    fn games(&self) -> PathBuf {
        self.data().join("games")
    }

    fn save_file(&self) -> PathBuf {
        self.data().join("saved-game.json")
    }

    fn command(&self, args: &[&str]) -> Command {
        self.command_with_data(args, &self.data())
    }

    fn command_with_data(&self, args: &[&str], data: &Path) -> Command {
        let t = self.tmp.path();
        let mut c = Command::new(BIN);
        c.args(args)
            .env("NEW2048_DATA_DIR", data)
            .env("NEW2048_CONFIG", t.join("config.toml"))
            .env("HOME", t.join("home"))
            .env("XDG_DATA_HOME", t.join("xdg-data"))
            .env("XDG_CONFIG_HOME", t.join("xdg-config"))
            .env("XDG_STATE_HOME", t.join("xdg-state"))
            .env("XDG_CACHE_HOME", t.join("xdg-cache"))
            .env_remove("NO_COLOR")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        c
    }

    fn spawn(&self, args: &[&str], input: &str) -> Child {
        feed(self.command(args).spawn().unwrap(), input)
    }

    fn run(&self, args: &[&str], input: &str) -> Output {
        self.spawn(args, input).wait_with_output().unwrap()
    }

    fn history(&self) -> Vec<Value> {
        let out = self.run(&["history", "--json"], "");
        assert!(out.status.success(), "{}", text(&out.stderr));
        serde_json::from_slice::<Value>(&out.stdout)
            .unwrap()
            .as_array()
            .unwrap()
            .clone()
    }
}

/// Writes `input` to the child's stdin from a thread (a finished game stops reading).
fn feed(mut child: Child, input: &str) -> Child {
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    child
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn json(out: &Output) -> Value {
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", text(&out.stdout)))
}

/// Moves that play any game to its end: columns in turn, many times.
fn whole_game() -> String {
    "1\n2\n3\n4\n5\n".repeat(250)
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

#[test]
fn history_across_several_games() {
    let env = Env::new();
    let mut scores = BTreeMap::new();
    for seed in ["11", "12", "13"] {
        let out = json(&env.run(&["play", "--seed", seed, "--json"], &whole_game()));
        assert_ne!(out["outcome"], "quit");
        scores.insert(format!("seed {seed}"), out["score"].as_u64().unwrap());
    }
    // Quit with two cards played: recorded. Quit before any card: not recorded.
    let out = json(&env.run(&["play", "--seed", "14", "--json"], "1\n2\nq\n"));
    assert_eq!(out["outcome"], "quit");
    scores.insert("seed 14".into(), out["score"].as_u64().unwrap());
    json(&env.run(&["play", "--seed", "15", "--json"], "q\n"));
    assert!(!env.save_file().exists());

    let rows = env.history();
    assert_eq!(rows.len(), 4, "{rows:?}");
    let mut seen = BTreeMap::new();
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(r["n"], i + 1);
        let seed = r["deal"]["seed"].as_u64().unwrap();
        seen.insert(format!("seed {seed}"), r["score"].as_u64().unwrap());
    }
    assert_eq!(seen, scores);
    let ended: Vec<&str> = rows.iter().map(|r| r["ended"].as_str().unwrap()).collect();
    assert!(
        ended.windows(2).all(|w| w[0] >= w[1]),
        "newest first: {ended:?}"
    );

    let limited = env.run(&["history", "--json", "--limit", "2"], "");
    assert_eq!(json(&limited).as_array().unwrap().len(), 2);
    let csv = env.run(&["history", "--csv"], "");
    assert_eq!(text(&csv.stdout).lines().count(), 5);
    let table = text(&env.run(&["history"], "").stdout);
    assert!(table.starts_with("#  ended (UTC)"), "{table}");
    assert_eq!(table.lines().count(), 5, "{table}");

    let stats = text(&env.run(&["stats"], "").stdout);
    let best = scores.values().max().unwrap();
    assert!(stats.contains("default (rules "), "{stats}");
    assert!(stats.contains("games 4 "), "{stats}");
    assert!(stats.contains(&format!("best {best} ")), "{stats}");
    assert!(stats.contains('█'), "{stats}");
}

#[test]
fn concurrent_writers_are_each_recorded_once() {
    let env = Env::new();
    let seeds: Vec<String> = (100..108).map(|s| s.to_string()).collect();
    let children: Vec<Child> = seeds
        .iter()
        .map(|s| env.spawn(&["play", "--seed", s, "--json"], &whole_game()))
        .collect();
    let mut scores = BTreeMap::new();
    for (seed, child) in seeds.iter().zip(children) {
        let out = json(&child.wait_with_output().unwrap());
        scores.insert(seed.parse::<u64>().unwrap(), out["score"].as_u64().unwrap());
    }
    let rows = env.history();
    let mut recorded = BTreeMap::new();
    for r in &rows {
        let seed = r["deal"]["seed"].as_u64().unwrap();
        let before = recorded.insert(seed, r["score"].as_u64().unwrap());
        assert_eq!(before, None, "seed {seed} recorded twice");
    }
    assert_eq!(recorded, scores);
    assert_eq!(
        files_in(&env.games()).len(),
        8,
        "{:?}",
        files_in(&env.games())
    );
    assert!(!env.save_file().exists());
}

/// The number of moves in the saved game, once it parses.
fn saved_moves(path: &Path) -> Option<usize> {
    let v: Value = serde_json::from_str(&fs::read_to_string(path).ok()?).ok()?;
    Some(v["moves"].as_str()?.split_whitespace().count())
}

#[test]
fn a_killed_game_resumes_at_its_last_move() {
    let env = Env::new();
    let mut child = env
        .command(&["play", "--seed", "7", "--json"])
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for (i, col) in ["1", "2", "3", "4", "5"].iter().enumerate() {
        writeln!(stdin, "{col}").unwrap();
        stdin.flush().unwrap();
        let deadline = Instant::now() + Duration::from_secs(30);
        while saved_moves(&env.save_file()) != Some(i + 1) {
            assert!(
                Instant::now() < deadline,
                "the save never showed move {}",
                i + 1
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }
    child.kill().unwrap(); // SIGKILL
    assert!(!child.wait().unwrap().success());
    drop(stdin);
    assert_eq!(saved_moves(&env.save_file()), Some(5));

    // Resume, undo once (the undo history survived), then input ends: quit.
    let resumed = json(&env.run(&["play", "--resume", "--json"], "u\n"));
    let fresh_env = Env::new();
    let fresh = json(&fresh_env.run(&["play", "--seed", "7", "--json"], "1\n2\n3\n4\n5\nu\n"));
    assert_eq!(resumed, fresh);
    assert_eq!(resumed["cards_played"], 4);

    let rows = env.history();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["undos"], 1);
    assert_eq!(rows[0]["deal"]["seed"], 7);
    assert!(!env.save_file().exists());

    let again = env.run(&["play", "--resume"], "");
    assert_eq!(again.status.code(), Some(2));
    assert!(
        text(&again.stderr).contains("no saved game to resume"),
        "{}",
        text(&again.stderr)
    );
}

#[test]
fn damaged_and_newer_files_are_moved_aside() {
    let env = Env::new();
    json(&env.run(&["play", "--seed", "3", "--json"], &whole_game()));
    let good = fs::read_to_string(env.games().join(&files_in(&env.games())[0])).unwrap();
    let truncated = &good[..good.len() / 2];
    let newer = good.replace("\"format\": 1,", "\"format\": 99,");
    assert_ne!(newer, good);
    fs::write(env.games().join("a-truncated.json"), truncated).unwrap();
    fs::write(env.games().join("b-corrupt.json"), "\u{0}\u{1}garbage").unwrap();
    fs::write(env.games().join("c-newer.json"), &newer).unwrap();
    fs::write(env.save_file(), "{\"format\": 1, \"saved\": ").unwrap();

    let out = env.run(&["history", "--json"], "");
    let rows = json(&out);
    assert_eq!(rows.as_array().unwrap().len(), 1);
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 3, "{err}");
    let files = files_in(&env.games());
    for (name, kind, content) in [
        ("a-truncated.json", "corrupt", truncated),
        ("b-corrupt.json", "corrupt", "\u{0}\u{1}garbage"),
        ("c-newer.json", "newer", newer.as_str()),
    ] {
        assert!(!files.contains(&name.to_string()), "{files:?}");
        let moved = files
            .iter()
            .find(|f| f.starts_with(&format!("{name}.{kind}-")))
            .unwrap_or_else(|| panic!("{name} not moved aside: {files:?}"));
        assert_eq!(
            fs::read_to_string(env.games().join(moved)).unwrap(),
            content
        );
        assert!(
            err.contains(&format!("moved to {}", env.games().join(moved).display())),
            "{err}"
        );
    }
    assert!(err.contains("newer new2048 (format 99"), "{err}");

    // The damaged save: moved aside with a message, and play goes on with a fresh one.
    let out = env.run(&["play", "--resume"], "");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("saved-game.json.corrupt-"), "{err}");
    assert!(err.contains("no saved game to resume"), "{err}");
    assert!(!env.save_file().exists());
    let mut child = env
        .command(&["play", "--seed", "4", "--json"])
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "1").unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    while saved_moves(&env.save_file()).is_none() {
        assert!(Instant::now() < deadline, "no fresh save");
        std::thread::sleep(Duration::from_millis(10));
    }
    child.kill().unwrap();
    let _ = child.wait();
    drop(stdin);
    let newer_save = fs::read_to_string(env.save_file())
        .unwrap()
        .replace("\"format\": 1,", "\"format\": 2,");
    fs::write(env.save_file(), newer_save).unwrap();
    let out = env.run(&["play", "--resume"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("saved-game.json.newer-"));
    assert_eq!(
        files_in(&env.data())
            .iter()
            .filter(|f| f.starts_with("saved-game.json."))
            .count(),
        2
    );
}

fn assert_plays_with_one_warning(env: &Env, data: &Path) {
    let out = env
        .command_with_data(&["play", "--seed", "5", "--json"], data)
        .spawn()
        .map(|c| feed(c, "1\n2\n"))
        .unwrap()
        .wait_with_output()
        .unwrap();
    let v = json(&out);
    assert_eq!(v["cards_played"], 2);
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("cannot write to the data folder"), "{err}");
    assert!(err.contains(&data.display().to_string()), "{err}");
}

#[test]
fn an_unwritable_data_folder_warns_once_and_play_goes_on() {
    let env = Env::new();
    // A data folder path that is a regular file: unwritable even for root.
    let file = env.tmp.path().join("not-a-folder");
    fs::write(&file, "x").unwrap();
    assert_plays_with_one_warning(&env, &file);
    assert_eq!(fs::read_to_string(&file).unwrap(), "x");

    // A read-only folder (0500); root writes through permissions, so this part only runs for
    // other users, and says so.
    use std::os::unix::fs::PermissionsExt;
    let ro = env.tmp.path().join("read-only");
    fs::create_dir(&ro).unwrap();
    fs::set_permissions(&ro, fs::Permissions::from_mode(0o500)).unwrap();
    if fs::write(ro.join("probe"), "").is_ok() {
        eprintln!("running as a privileged user: the 0500 folder is writable, check skipped");
    } else {
        assert_plays_with_one_warning(&env, &ro);
        assert!(files_in(&ro).is_empty());
    }
    fs::set_permissions(&ro, fs::Permissions::from_mode(0o700)).unwrap();
}

#[test]
fn an_exported_record_replays_to_the_recorded_result() {
    let env = Env::new();
    let played = json(&env.run(&["play", "--seed", "21", "--json"], &whole_game()));
    json(&env.run(&["play", "--seed", "22", "--json"], "1\n2\nu\n3\n"));
    let rows = env.history();
    let n = rows.iter().position(|r| r["deal"]["seed"] == 21).unwrap() + 1;
    let export = env.run(&["history", "--export", &n.to_string()], "");
    assert!(export.status.success());
    let file = env.tmp.path().join("game.json");
    fs::write(&file, &export.stdout).unwrap();

    // Replayed in another home, with other rules in force: the record carries its own.
    let other = Env::new();
    let f = file.to_str().unwrap();
    let replayed = json(&other.run(&["--rules", "hard", "replay", f, "--json"], ""));
    assert_eq!(replayed, played);
    let steps = other.run(&["replay", f], "");
    assert!(steps.status.success());
    let out = text(&steps.stdout);
    let moves = played["cards_played"].as_u64().unwrap() + played["discarded"].as_u64().unwrap();
    assert!(out.contains(&format!("\n{moves:>4}. ")), "{out}");
    assert!(
        out.trim_end().ends_with(&format!(
            "result: {}  score {}  cards played {}  highest {}",
            played["outcome"].as_str().unwrap(),
            played["score"],
            played["cards_played"],
            played["highest"]
        )),
        "{out}"
    );

    // A record whose result does not follow from its moves is refused.
    let record: Value = serde_json::from_slice(&export.stdout).unwrap();
    let lie = String::from_utf8(export.stdout.clone()).unwrap().replace(
        &format!("\"score\": {},", record["score"]),
        &format!("\"score\": {},", record["score"].as_u64().unwrap() + 1),
    );
    fs::write(&file, lie).unwrap();
    let out = other.run(&["replay", f, "--json"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("the record says"),
        "{}",
        text(&out.stderr)
    );

    let missing = env.run(&["history", "--export", "9"], "");
    assert_eq!(missing.status.code(), Some(2));
    let garbage = env.tmp.path().join("garbage.json");
    fs::write(&garbage, "{{{").unwrap();
    let out = env.run(&["replay", garbage.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(garbage.exists(), "replay never moves the player's own file");
}

fn daily_deck(date: &str) -> String {
    let env = Env::new();
    let out = env.run(&["daily", "--date", date, "--json"], "1\n");
    json(&out);
    let export = env.run(&["history", "--export", "1"], "");
    let record: Value = serde_json::from_slice(&export.stdout).unwrap();
    assert_eq!(record["deal"]["kind"], "daily");
    assert_eq!(record["deal"]["date"], date);
    let table = text(&env.run(&["history"], "").stdout);
    assert!(table.contains(&format!("daily {date}")), "{table}");
    record["deck"].as_str().unwrap().to_string()
}

#[test]
fn the_daily_deal_depends_on_the_date_only() {
    let a = daily_deck("2026-11-29");
    assert_eq!(a, daily_deck("2026-11-29"));
    assert_ne!(a, daily_deck("2026-11-30"));

    let env = Env::new();
    let today = env.run(&["daily"], "q\n");
    assert!(today.status.success());
    assert!(text(&today.stdout).starts_with("the daily deal of 20"));
    for bad in ["2026-02-30", "tomorrow", "2026-1-1"] {
        let out = env.run(&["daily", "--date", bad], "");
        assert_eq!(out.status.code(), Some(2), "{bad}");
    }
}
