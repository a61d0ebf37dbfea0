//! The store with 100,000 recorded games, measured through the built binary as a player runs it
//! (each sample is a whole process: start, open the database, answer, exit).
//!
//! - `stats`, `history --limit 20`, and a 3-move game played and recorded, on a data folder of
//!   100,000 games: copies (new ids, later end times) of 40 real games of seeds 1 to 40, so the
//!   scores differ and every record replays to its score (the bests are checked by replaying);
//! - in `main`: 1,000 headless moves of a game whose rules deal 1,000,000 cards (only 2s, a
//!   column clearing at 16, so it never ends), every move saved, timed until the save holds them
//!   all (a move appends a row; nothing is written per card).
//!
//! Before the samples, `main` prints the database's size per game, the size of the million-card
//! game's save, and each command's peak memory (maximum resident set, from GNU `time` when it is
//! installed). Targets (issue 22): `stats` <= 100 ms, `history --limit 20` <= 50 ms, recording
//! <= 20 ms, peak memory <= 30 MB, <= 1 KB a game; issue 17: 1,000 moves < 5 s, save < 64 KB.
//!
//! Run: `cargo bench --bench store` (build with `--release` first for the figures the README
//! gives: the bench runs the binary of its own profile).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

const BIN: &str = env!("CARGO_BIN_EXE_new2048");
const GAMES: i64 = 100_000;

fn main() {
    report();
    divan::main();
}

/// The binary with its data folder at `data` and nothing else of the machine's.
fn new2048(data: &Path, args: &[&str]) -> Command {
    let home = data.parent().unwrap();
    let mut c = Command::new(BIN);
    c.args(args)
        .env("NEW2048_DATA_DIR", data)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("NEW2048_CONFIG", home.join("config.toml"))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    c
}

fn run(data: &Path, args: &[&str], input: &str) {
    let mut child = new2048(data, args).spawn().unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    assert!(child.wait().unwrap().success(), "new2048 {args:?}");
}

/// Moves that play a card game to its end, whatever the deal.
fn whole_game() -> String {
    "1\n2\n3\n4\n5\nd\n".repeat(200)
}

/// The data folder of 100,000 games, made once.
fn data() -> &'static Path {
    static DIR: OnceLock<(tempfile::TempDir, PathBuf)> = OnceLock::new();
    &DIR.get_or_init(|| {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(tmp.path().join("config.toml"), "").unwrap();
        let data = tmp.path().join("data");
        for seed in 1..=40 {
            run(
                &data,
                &["play", "--seed", &seed.to_string(), "--json"],
                &whole_game(),
            );
        }
        let db = rusqlite::Connection::open(data.join("new2048.db")).unwrap();
        // Copies with ids of the program's form (the game's start, and the copy's number as the
        // random part) and no verdict: the next start replays and verifies each (timed below).
        db.execute(
            "INSERT INTO games (id, game, of, rules, started, ended, duration_secs, outcome, \
             score, played, highest, undos, deal, daily, deck, size, result, players, body) \
             WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ?1) \
             SELECT substr(id, 1, 17) || printf('%08x', x), game, of, rules, started + x, \
             ended + x, duration_secs, outcome, score, played, highest, undos, deal, daily, \
             deck, size, result, players, json_set(body, '$.id', substr(id, 1, 17) || \
             printf('%08x', x)) FROM games, c WHERE n % 40 = x % 40",
            [GAMES],
        )
        .unwrap();
        let n: i64 = db
            .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
            .unwrap();
        assert!(n >= GAMES, "{n}");
        db.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)").unwrap();
        drop(db);
        let started = std::time::Instant::now();
        run(&data, &["stats"], "");
        println!(
            "replaying and verifying {GAMES} games at a start (an upgrade, a restore of an older \
             version's file): {:.1} s",
            started.elapsed().as_secs_f64()
        );
        (tmp, data)
    })
    .1
}

/// A data folder and a rules file dealing 1,000,000 cards.
fn million() -> &'static (tempfile::TempDir, PathBuf, PathBuf) {
    static DIR: OnceLock<(tempfile::TempDir, PathBuf, PathBuf)> = OnceLock::new();
    DIR.get_or_init(|| {
        let tmp = tempfile::tempdir().unwrap();
        let rules = tmp.path().join("million.toml");
        // Only 2s, and a column clears at 16: a game that never ends, one column enough.
        let text = "name = \"million\"\n[deck]\nsize = 1000000\n[deck.weights]\n2 = 1\n4 = 0\n\
                    8 = 0\n16 = 0\n32 = 0\n64 = 0\nbomb = 0\nwild = 0\n[board]\n\
                    clear_value = 16\n";
        std::fs::write(&rules, text).unwrap();
        std::fs::write(tmp.path().join("config.toml"), "").unwrap();
        let data = tmp.path().join("data");
        (tmp, data, rules)
    })
}

/// A thousand moves of the million-card game: every 2 on column 1.
fn thousand_moves() -> String {
    "1\n".repeat(1000)
}

/// Peak memory in KB of one run, from GNU time, if it is installed.
fn peak_kb(data: &Path, args: &[&str], input: &str) -> Option<u64> {
    let c = new2048(data, args);
    let program = c.get_program().to_owned();
    let mut timed = Command::new("/usr/bin/time");
    timed.arg("-f").arg("%M").arg(program).args(args);
    for (k, v) in c.get_envs() {
        if let Some(v) = v {
            timed.env(k, v);
        }
    }
    let mut child = timed
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(input.as_bytes()).ok()?;
    let out = child.wait_with_output().ok()?;
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .last()?
        .trim()
        .parse()
        .ok()
}

fn report() {
    let data = data();
    let db = rusqlite::Connection::open(data.join("new2048.db")).unwrap();
    let (games, bytes): (i64, i64) = db
        .query_row(
            "SELECT (SELECT count(*) FROM games), (SELECT page_count * page_size FROM \
             pragma_page_count, pragma_page_size)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    println!(
        "database: {games} games, {:.1} MB, {:.0} bytes a game",
        bytes as f64 / 1e6,
        bytes as f64 / games as f64
    );
    for (name, args, input) in [
        ("stats", vec!["stats"], String::new()),
        (
            "history --limit 20",
            vec!["history", "--limit", "20"],
            String::new(),
        ),
        (
            "a 3-move game",
            vec!["play", "--seed", "7", "--json"],
            "1\n2\n3\n".to_string(),
        ),
    ] {
        match peak_kb(data, &args, &input) {
            Some(kb) => println!("peak memory of {name}: {:.1} MB", kb as f64 / 1024.0),
            None => println!("peak memory of {name}: not measured (no GNU time)"),
        }
    }
    let (_, big, rules) = million();
    let started = std::time::Instant::now();
    let mut child = new2048(
        big,
        &[
            "--config",
            rules.to_str().unwrap(),
            "play",
            "--seed",
            "1",
            "--json",
        ],
    )
    .spawn()
    .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(thousand_moves().as_bytes()).unwrap();
    // Input left open: the game stays saved, as a game left for later.
    std::thread::sleep(std::time::Duration::from_millis(100));
    let db_path = big.join("new2048.db");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let moves = loop {
        let n = rusqlite::Connection::open(&db_path)
            .and_then(|c| {
                c.query_row("SELECT count(*) FROM save_moves", [], |r| {
                    r.get::<_, i64>(0)
                })
            })
            .unwrap_or(0);
        if n >= 1000 || std::time::Instant::now() > deadline {
            break n;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let took = started.elapsed();
    let save: i64 = rusqlite::Connection::open(&db_path)
        .unwrap()
        .query_row(
            "SELECT (SELECT sum(length(move)) + 24 * count(*) FROM save_moves) + (SELECT \
             sum(length(head) + length(info) + length(id)) FROM saves)",
            [],
            |r| r.get(0),
        )
        .unwrap();
    drop(stdin);
    let _ = child.wait();
    println!(
        "a 1,000,000-card game: {moves} moves saved in {:.2} s; its save holds {:.1} KB",
        took.as_secs_f64(),
        save as f64 / 1024.0
    );
}

#[divan::bench(sample_count = 20)]
fn stats_of_100k_games() {
    run(data(), &["stats"], "");
}

#[divan::bench(sample_count = 20)]
fn history_limit_20_of_100k_games() {
    run(data(), &["history", "--limit", "20"], "");
}

#[divan::bench(sample_count = 20)]
fn a_3_move_game_recorded_among_100k() {
    run(data(), &["play", "--seed", "7", "--json"], "1\n2\n3\n");
}

#[divan::bench(sample_count = 20)]
fn a_game_start_with_no_move_among_100k() {
    run(data(), &["play", "--seed", "7", "--json"], "");
}
