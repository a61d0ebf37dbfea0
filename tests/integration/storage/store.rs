//! The store through the built binary: history, concurrent writers, a killed game resumed,
//! damaged files, an unwritable data folder, replays of exported records and the daily deal.
//!
//! Every run points `NEW2048_DATA_DIR`, `NEW2048_CONFIG`, HOME and XDG_* into a temporary folder, so
//! no test touches a real home.

use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use tempfile::TempDir;

/// A temporary home for one test.
struct Env {
    tmp: TempDir,
}

impl Env {
    fn new() -> Env {
        let tmp = tempfile::tempdir().unwrap();
        fs::write(
            tmp.path().join("config.toml"),
            new2048::config::presets::DEFAULT,
        )
        .unwrap();
        Env { tmp }
    }

    fn data(&self) -> PathBuf {
        self.tmp.path().join("data")
    }

    fn games(&self) -> PathBuf {
        self.data().join("games")
    }

    /// How many moves the newest save of `game` (`cards`, `classic`, `duel`) holds, if there is
    /// one.
    fn saved_moves(&self, game: &str) -> Option<usize> {
        crate::common::saved_moves(&self.data(), game)
    }

    fn has_save(&self, game: &str) -> bool {
        self.saved_moves(game).is_some()
    }

    /// When the newest save of `game` was written and how many moves it holds.
    fn save_stamp(&self, game: &str) -> Option<(i64, usize)> {
        let saved = crate::common::db_number(
            &self.data(),
            "SELECT saved FROM saves WHERE game = ?1 ORDER BY saved DESC LIMIT 1",
            &[game],
        )?;
        Some((saved, self.saved_moves(game)?))
    }

    fn command(&self, args: &[&str]) -> Command {
        self.command_with_data(args, &self.data())
    }

    fn command_with_data(&self, args: &[&str], data: &Path) -> Command {
        let t = self.tmp.path();
        let mut c = crate::common::new2048(t);
        c.args(args)
            .env("NEW2048_DATA_DIR", data)
            .env("NEW2048_CONFIG", t.join("config.toml"))
            .env("HOME", t.join("home"))
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
        self.history_with(&[])
    }

    /// `history --json` with more arguments.
    fn history_with(&self, args: &[&str]) -> Vec<Value> {
        let mut all = vec!["history", "--json"];
        all.extend(args);
        crate::common::json_rows(&self.run(&all, ""))
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

/// The names in `dir`, but for hidden ones (the history index).
fn files_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .map(|d| {
            d.filter_map(std::result::Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| !n.starts_with('.'))
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
    assert!(!env.has_save("cards"));

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
    assert_eq!(crate::common::recorded(&env.data()), 8);
    assert!(!env.has_save("cards"));
}

/// Runs `args`, typing `moves` one at a time and waiting for the save of `game` to show each,
/// then kills the process (SIGKILL).
fn play_then_kill(env: &Env, args: &[&str], moves: &[&str], game: &str) {
    let mut child = env.command(args).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for (i, m) in moves.iter().enumerate() {
        writeln!(stdin, "{m}").unwrap();
        stdin.flush().unwrap();
        let deadline = Instant::now() + Duration::from_secs(30);
        while env.saved_moves(game) != Some(i + 1) {
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
    assert_eq!(env.saved_moves(game), Some(moves.len()));
}

#[test]
fn a_killed_game_resumes_at_its_last_move() {
    let env = Env::new();
    let args = ["play", "--seed", "7", "--json"];
    play_then_kill(&env, &args, &["1", "2", "3", "4", "5"], "cards");

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
    assert!(!env.has_save("cards"));

    let again = env.run(&["play", "--resume"], "");
    assert_eq!(again.status.code(), Some(2));
    assert!(
        text(&again.stderr).contains("no saved game to resume"),
        "{}",
        text(&again.stderr)
    );
}

#[test]
fn a_new_game_keeps_the_game_saved_before_it() {
    // Once lost: a new game's first save silently replaced a game left for later.
    let env = Env::new();
    play_then_kill(
        &env,
        &["play", "--seed", "7", "--json"],
        &["1", "2"],
        "cards",
    );
    // Another game is played (and quit) while the first one waits in its save.
    let out = env.run(&["play", "--seed", "8", "--json"], "3\n");
    assert_eq!(json(&out)["cards_played"], 1);
    assert_eq!(
        env.saved_moves("cards"),
        Some(2),
        "the first save is untouched"
    );
    let resumed = json(&env.run(&["play", "--resume", "--json"], ""));
    assert_eq!(resumed["cards_played"], 2);
}

#[test]
fn a_damaged_database_is_moved_aside_and_play_goes_on() {
    let env = Env::new();
    json(&env.run(&["play", "--seed", "3", "--json"], &whole_game()));
    let db = env.data().join("new2048.db");
    let garbage = "\u{0}\u{1}garbage, not a database at all".repeat(50);
    // The file and its write-ahead log (which holds the last commits) both gone to garbage.
    for log in ["new2048.db-wal", "new2048.db-shm"] {
        let _ = fs::remove_file(env.data().join(log));
    }
    fs::remove_file(&db).unwrap();
    fs::write(&db, &garbage).unwrap();
    let out = env.run(&["history", "--json"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(json(&out).as_array().unwrap().is_empty());
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("was damaged") && err.contains("nothing was deleted"),
        "{err}"
    );
    let aside: Vec<String> = files_in(&env.data())
        .into_iter()
        .filter(|f| f.starts_with("new2048.db.damaged-"))
        .collect();
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(
        fs::read_to_string(env.data().join(&aside[0])).unwrap(),
        garbage
    );
    assert!(err.contains(&aside[0]), "{err}");
    // A new database is started: a game is recorded in it, and `data check` finds it sound.
    json(&env.run(&["play", "--seed", "4", "--json"], "1\n"));
    assert_eq!(env.history().len(), 1);
    let check = env.run(&["data", "check"], "");
    assert!(check.status.success(), "{}", text(&check.stderr));
    assert!(text(&check.stdout).contains("is sound"));
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
    // other users, and says so. Unix permission bits: Windows has none of them.
    #[cfg(unix)]
    {
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

/// Moves that end any game of the default rules: the columns in turn, many times.
fn cards_to_the_end() -> String {
    "1\n2\n3\n4\n5\n".repeat(200)
}

/// A finished daily deal gives a line to share (`daily --share` prints it again) with the
/// date, the outcome, the score, the cards and a strip of ten cells and the ending, and counts
/// in the streak of `stats`; a deal only quit does neither. The same play of the deal always
/// shares the same line.
#[test]
fn a_finished_daily_deal_is_shared_and_counted() {
    let env = Env::new();
    let date = "2026-11-30";
    let refused = env.run(&["daily", "--date", date, "--share"], "");
    assert_eq!(refused.status.code(), Some(2));
    assert!(text(&refused.stderr).contains("no finished daily deal of 2026-11-30"));
    env.run(&["daily", "--date", date], "1\nq\n");
    assert_eq!(
        env.run(&["daily", "--date", date, "--share"], "")
            .status
            .code(),
        Some(2),
        "a quit deal is not finished"
    );
    let played = text(
        &env.run(&["daily", "--date", date], &cards_to_the_end())
            .stdout,
    );
    let shared = env.run(&["daily", "--date", date, "--share"], "");
    assert!(shared.status.success(), "{}", text(&shared.stderr));
    let line = text(&shared.stdout);
    let line = line.trim_end();
    assert!(played.contains(&format!("to share: {line}\n")), "{played}");
    assert!(
        line.starts_with("new2048 daily 2026-11-30: lost · score "),
        "{line}"
    );
    let strip = line.rsplit("  ").next().unwrap();
    assert_eq!(strip.chars().count(), 11, "{line}");
    assert!(strip.ends_with('💀'), "{line}");
    // Played again the same way by someone else: the same line.
    let other = Env::new();
    other.run(&["daily", "--date", date], &cards_to_the_end());
    let again = other.run(&["daily", "--date", date, "--share"], "");
    assert_eq!(text(&again.stdout).trim_end(), line);
    let stats = text(&env.run(&["stats"], "").stdout);
    assert!(stats.contains("== daily deal =="), "{stats}");
    assert!(stats.contains("days played 1   games 2   won 0"), "{stats}");
}

/// `replay N` replays game N of history (1 the newest, as `history` lists them), in text every
/// move with the board after it as headless play prints them; a number that is neither a file
/// nor a game of history is refused.
#[test]
fn replay_takes_a_game_of_history_by_number() {
    let env = Env::new();
    let played = json(&env.run(&["play", "--seed", "42", "--json"], "1\n1\n2\nq\n"));
    env.run(&["play", "--seed", "7", "--json"], "3\nq\n");
    assert_eq!(json(&env.run(&["replay", "2", "--json"], "")), played);
    let steps = text(&env.run(&["replay", "2"], "").stdout);
    assert!(
        steps.starts_with("replay of game 2: default rules, seed 42, 3 moves"),
        "{steps}"
    );
    // Each move, then the board after it, as headless play prints them.
    assert!(steps.contains("\n   1. 4 on column 1\n"), "{steps}");
    assert!(steps.contains("\n   3. "), "{steps}");
    let out = env.run(&["replay", "3"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("no game 3 in history"),
        "{}",
        text(&out.stderr)
    );
}

// Classic 2048 and duels in the store.

/// Moves that end any small classic game: the four directions in turn, many times.
fn classic_to_the_end() -> String {
    "w\na\ns\nd\n".repeat(1500)
}

fn rows_of<'a>(rows: &'a [Value], game: &str) -> Vec<&'a Value> {
    rows.iter().filter(|r| r["game"] == game).collect()
}

#[test]
fn classic_history_across_games_beside_card_games() {
    let env = Env::new();
    // Rules whose classic game is won at 16, so a short game can win.
    let easy = env.tmp.path().join("easy.toml");
    fs::write(&easy, "[classic]\nwin = 16\nsize = 3\n").unwrap();
    let easy = easy.to_str().unwrap();
    let won = json(&env.run(
        &["--config", easy, "classic", "--seed", "1", "--json"],
        &classic_to_the_end(),
    ));
    assert_eq!(won["outcome"], "won", "{won}");
    let lost = json(&env.run(
        &["classic", "--seed", "2", "--size", "3", "--json"],
        &classic_to_the_end(),
    ));
    assert_eq!(lost["outcome"], "lost", "{lost}");
    let quit = json(&env.run(&["classic", "--seed", "3", "--json"], "w\na\nq\n"));
    assert_eq!(quit["outcome"], "quit");
    // Quit before any move: neither recorded nor left saved.
    json(&env.run(&["classic", "--seed", "4", "--json"], "q\n"));
    assert!(!env.has_save("classic"));
    json(&env.run(&["play", "--seed", "5", "--json"], "1\n2\n"));

    let rows = env.history();
    assert_eq!(rows.len(), 4, "{rows:?}");
    let classic = rows_of(&rows, "classic");
    assert_eq!(classic.len(), 3);
    for (row, (played, seed)) in classic
        .iter()
        .rev()
        .zip([(&won, 1), (&lost, 2), (&quit, 3)])
    {
        assert_eq!(row["seed"], seed);
        for key in ["outcome", "score", "moves", "highest"] {
            assert_eq!(row[key], played[key], "{key} of seed {seed}");
        }
    }
    assert_eq!(rows_of(&rows, "cards").len(), 1);
    assert_eq!(rows[0]["game"], "cards");

    let table = text(&env.run(&["history"], "").stdout);
    assert!(table.starts_with("#  ended (UTC)"), "{table}");
    assert_eq!(table.lines().count(), 5, "{table}");
    assert_eq!(
        table.lines().filter(|l| l.contains(" classic ")).count(),
        3,
        "{table}"
    );
    assert!(table.contains("3x3"), "{table}");
    // Numbered per kind shown: --game and --rules filter, and --limit counts what they keep.
    let classic_only = text(&env.run(&["history", "--game", "classic"], "").stdout);
    let numbers: Vec<&str> = classic_only
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(numbers, ["1", "2", "3"], "{classic_only}");
    assert!(!classic_only.contains(" cards "), "{classic_only}");
    let one = env.history_with(&["--game", "classic", "--limit", "1"]);
    assert_eq!(
        (one.len(), &one[0]["game"], &one[0]["n"]),
        (1, &"classic".into(), &1.into())
    );
    assert_eq!(one[0]["seed"], 3, "the newest classic game");
    let none = env.history_with(&["--rules", "solitaire"]);
    assert!(none.is_empty(), "{none:?}");
    // A rules file without a `name` is known by its file name (issue 10), not as `default`.
    assert_eq!(env.history_with(&["--rules", "default"]).len(), 3);
    assert_eq!(env.history_with(&["--rules", "easy.toml"]).len(), 1);

    let stats = text(&env.run(&["stats"], "").stdout);
    assert!(
        stats.contains("== card game ==\ndefault (rules "),
        "{stats}"
    );
    let classic_stats = &stats[stats.find("== classic 2048 ==").expect(&stats)..];
    // Two rules: the 3x3 game to 16, and the 3x3 and 4x4 games to 2048 are apart from it.
    assert_eq!(classic_stats.matches("(rules ").count(), 3, "{stats}");
    assert!(classic_stats.contains("highest tile reached"), "{stats}");
    assert!(classic_stats.contains("wins 1 (100.0%)"), "{stats}");
    let csv = text(&env.run(&["history", "--csv"], "").stdout);
    assert_eq!(csv.lines().filter(|l| l.contains(",classic,")).count(), 3);
}

#[test]
fn a_classic_game_saved_on_quit_resumes_where_it_was() {
    use new2048::classic::{ClassicGame, Dir};
    let env = Env::new();
    // A card game in progress is saved in another slot: untouched by all that follows.
    play_then_kill(&env, &["play", "--seed", "8", "--json"], &["1"], "cards");
    let card_save = env.save_stamp("cards");
    assert!(card_save.is_some());

    // A classic game left with an undo in its history: every move is saved as it is made.
    let mut g = ClassicGame::new(new2048::cards::rules::Rules::default_rules().classic, 31);
    let mut child = env
        .command(&["classic", "--seed", "31", "--json"])
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut send = |key: &str, moves: usize| {
        writeln!(stdin, "{key}").unwrap();
        stdin.flush().unwrap();
        let deadline = Instant::now() + Duration::from_secs(30);
        while env.saved_moves("classic") != Some(moves) {
            assert!(
                Instant::now() < deadline,
                "the save never showed {moves} moves"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    };
    for (d, key) in [
        (Dir::Left, "a"),
        (Dir::Up, "w"),
        (Dir::Right, "d"),
        (Dir::Down, "s"),
        (Dir::Left, "a"),
    ] {
        if g.play(d).is_some() {
            send(key, g.moves().len());
        }
    }
    // The time played counts the first sitting, up to its last save, across the resume; not
    // the time the game then sat saved (the clock put 2 s ahead, then a minute).
    crate::common::advance_clock(env.tmp.path(), 2);
    assert!(g.undo());
    send("u", g.moves().len());
    child.kill().unwrap(); // SIGKILL
    assert!(!child.wait().unwrap().success());
    crate::common::advance_clock(env.tmp.path(), 60);

    // Resume, one more move, then input ends: recorded as quit, with the undo kept.
    let resumed = json(&env.run(&["classic", "--resume", "--json"], "s\n"));
    let moves = g.moves().len();
    assert_eq!(resumed["moves"], moves as u64 + 1, "{resumed}");
    assert_eq!(resumed["seed"], 31);
    g.play(Dir::Down).expect("down moves");
    assert_eq!(resumed["score"], g.score());
    assert!(!env.has_save("classic"));
    let rows = env.history();
    let classic = rows_of(&rows, "classic");
    assert_eq!(classic.len(), 1);
    assert_eq!(classic[0]["undos"], 1);
    let played = classic[0]["duration_secs"].as_u64().unwrap();
    assert!((1..=3).contains(&played), "{played} s played");
    assert_eq!(rows.len(), 1);
    assert_eq!(env.save_stamp("cards"), card_save);
    assert!(!env.has_save("classic"));
    let cards_back = json(&env.run(&["play", "--resume", "--json"], ""));
    assert_eq!(cards_back["cards_played"], 1);

    let again = env.run(&["classic", "--resume"], "");
    assert_eq!(again.status.code(), Some(2));
    assert!(text(&again.stderr).contains("no saved classic game to resume"));
}

#[test]
fn a_new_classic_game_keeps_the_classic_game_saved_before_it() {
    // Once lost: a new classic game's first save silently replaced one left for later.
    let env = Env::new();
    let args = ["classic", "--seed", "17", "--json"];
    play_then_kill(&env, &args, &["a", "d"], "classic");
    let out = env.run(&["classic", "--seed", "18", "--json"], "a\nd\nw\ns\n");
    assert!(json(&out)["moves"].as_u64().unwrap() > 0);
    let resumed = json(&env.run(&["classic", "--resume", "--json"], ""));
    assert_eq!(resumed["moves"], 2);
}

#[test]
fn a_killed_classic_game_resumes_at_its_last_move() {
    let env = Env::new();
    // With seed 17 each of these moves changes the board, so each is saved.
    let args = ["classic", "--seed", "17", "--json"];
    play_then_kill(&env, &args, &["a", "d", "w", "s"], "classic");
    let resumed = json(&env.run(&["classic", "--resume", "--json"], "u\n"));
    let fresh = json(&Env::new().run(&["classic", "--seed", "17", "--json"], "a\nd\nw\ns\nu\n"));
    assert_eq!(resumed, fresh);
    assert_eq!(env.history()[0]["undos"], 1);
}

#[test]
fn an_exported_classic_record_replays_to_the_recorded_result() {
    let env = Env::new();
    let played = json(&env.run(
        &["classic", "--seed", "23", "--size", "3", "--json"],
        &classic_to_the_end(),
    ));
    let export = env.run(&["history", "--export", "1"], "");
    assert!(export.status.success());
    let file = env.tmp.path().join("classic.json");
    fs::write(&file, &export.stdout).unwrap();
    let record: Value = serde_json::from_slice(&export.stdout).unwrap();
    assert_eq!(record["format"], 2);
    assert_eq!(record["game"], "classic");
    assert_eq!(record["size"], 3);
    assert_eq!(
        record["moves"].as_str().unwrap().split(' ').count() as u64,
        played["moves"].as_u64().unwrap()
    );

    let other = Env::new();
    let f = file.to_str().unwrap();
    let replayed = json(&other.run(&["--rules", "hard", "replay", f, "--json"], ""));
    assert_eq!(replayed, played);
    let steps = text(&other.run(&["replay", f], "").stdout);
    assert!(
        steps.trim_end().ends_with(&format!(
            "result: lost  score {}  moves {}  highest {}",
            played["score"], played["moves"], played["highest"]
        )),
        "{steps}"
    );

    let lie = String::from_utf8(export.stdout.clone()).unwrap().replace(
        &format!("\"highest\": {},", record["highest"]),
        "\"highest\": 4096,",
    );
    fs::write(&file, lie).unwrap();
    let out = other.run(&["replay", f, "--json"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("the record says lost"),
        "{}",
        text(&out.stderr)
    );
}

/// The player named in each "X to move" line, in order.
fn turns(out: &str) -> Vec<String> {
    out.lines()
        .filter_map(|l| l.strip_suffix(" to move (w, a, s or d)"))
        .map(String::from)
        .collect()
}

#[test]
fn a_classic_duel_takes_turns_and_is_recorded() {
    use new2048::classic::{ClassicGame, Dir};
    use new2048::duel::Duel;
    let env = Env::new();
    // Bob's first line is not a move: skipped, and Bob is still to move.
    let input = format!("a\nx\nd\n{}", classic_to_the_end());
    let out = env.run(
        &[
            "duel",
            "--classic",
            "--size",
            "3",
            "--seed",
            "6",
            "--names",
            "Ann,Bob",
        ],
        &input,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let order = turns(&stdout);
    assert_eq!(order[..4], ["Ann", "Bob", "Ann", "Bob"], "{stdout}");
    let err = text(&out.stderr);
    assert!(err.starts_with("line 2: `x`: Bob: not a move"), "{err}");
    assert!(stdout.contains("> Ann: left"), "{stdout}");
    assert!(stdout.contains("> Bob: right"), "{stdout}");
    // Boards side by side: Ann's and Bob's names on one line.
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("Ann") && l.contains("Bob")),
        "{stdout}"
    );

    // The same lines through the library's duel give the same result.
    let rules = new2048::cards::rules::ClassicRules { size: 3, win: 2048 };
    let mut duel = Duel::new(ClassicGame::new(rules, 6), ClassicGame::new(rules, 6));
    for line in input.lines() {
        let Some(g) = duel.current() else { break };
        if let Some(d) = Dir::parse(line)
            && g.play(d).is_some()
        {
            duel.next_turn();
        }
    }
    let result = duel.result().expect("the duel is decided");
    let names = ["Ann".to_string(), "Bob".to_string()];
    let says = new2048::duel::result_text(Some(result), &names);
    assert!(stdout.contains(&format!("result: {says}")), "{stdout}");

    let rows = env.history();
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    assert_eq!(row["game"], "duel");
    assert_eq!(row["of"], "classic");
    assert_eq!(row["result"], serde_json::to_value(result).unwrap());
    assert_eq!(row["players"][0]["name"], "Ann");
    assert_eq!(row["players"][1]["name"], "Bob");
    for i in 0..2 {
        assert_eq!(row["players"][i]["score"], duel.players[i].score());
        assert_eq!(row["players"][i]["survived"], duel.players[i].moves().len());
    }
    let table = text(&env.run(&["history"], "").stdout);
    assert!(table.contains("Ann vs Bob: "), "{table}");
    let stats = text(&env.run(&["stats"], "").stdout);
    assert!(
        stats.contains("== duels ==\nduels 1 (classic 1)"),
        "{stats}"
    );
}

#[test]
fn a_card_duel_is_recorded_and_replays() {
    let env = Env::new();
    let played = json(&env.run(&["duel", "--seed", "12", "--json"], &whole_game()));
    assert!(played["result"].is_object(), "{played}");
    let p = &played["players"];
    assert_eq!(played["names"][0], "Player 1");
    let survived =
        |i: usize| p[i]["cards_played"].as_u64().unwrap() + p[i]["discarded"].as_u64().unwrap();
    let (a_cards, b_cards) = (survived(0), survived(1));
    // The longer survivor wins; on equal survival, the higher score.
    let expected = match (
        a_cards.cmp(&b_cards),
        p[0]["score"].as_u64().cmp(&p[1]["score"].as_u64()),
    ) {
        (std::cmp::Ordering::Greater, _) => Some(0),
        (std::cmp::Ordering::Less, _) => Some(1),
        (_, std::cmp::Ordering::Greater) => Some(0),
        (_, std::cmp::Ordering::Less) => Some(1),
        _ => None,
    };
    assert_eq!(played["result"]["winner"].as_u64(), expected, "{played}");

    let rows = env.history();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["game"], "duel");
    assert_eq!(rows[0]["of"], "cards");
    assert_eq!(rows[0]["players"][0]["survived"], a_cards);
    assert_eq!(rows[0]["players"][1]["survived"], b_cards);
    let export = env.run(&["history", "--export", "1"], "");
    let file = env.tmp.path().join("duel.json");
    fs::write(&file, &export.stdout).unwrap();
    let replayed = json(&Env::new().run(&["replay", file.to_str().unwrap(), "--json"], ""));
    assert_eq!(replayed, played);
    // A duel record whose result does not follow from the moves is refused.
    let record: Value = serde_json::from_slice(&export.stdout).unwrap();
    let mut lie = record.clone();
    lie["players"][1]["score"] = Value::from(p[1]["score"].as_u64().unwrap() + 1);
    fs::write(&file, serde_json::to_string(&lie).unwrap()).unwrap();
    let out = Env::new().run(&["replay", file.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("the record says Player 2"),
        "{}",
        text(&out.stderr)
    );

    // A duel given up before any move is not recorded; after one move it is, as given up.
    json(&env.run(&["duel", "--json"], "q\n"));
    assert_eq!(env.history().len(), 1);
    let out = json(&env.run(&["duel", "--json"], "1\nq\n"));
    assert_eq!(out["result"], Value::Null);
    let rows = env.history();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["result_text"], "given up");
    let bad = env.run(&["duel", "--names", "A,B,C"], "");
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn a_format_1_card_record_from_before_classic_still_reads() {
    let env = Env::new();
    // Written by new2048 before classic games existed (format 1, no `game` field).
    let old = include_str!("../../data/format1-card-record.json");
    assert!(!old.contains("\"game\""));
    fs::create_dir_all(env.games()).unwrap();
    let name = "20261129T205926Z-15336-4c33386c.json";
    fs::write(env.games().join(name), old).unwrap();
    // A data folder of the JSON store: imported at the first start, and said once.
    let first = env.run(&["classic", "--seed", "1", "--json"], "a\nd\n");
    assert!(
        text(&first.stderr).contains("imported 1 recorded game and 0 saved games"),
        "{}",
        text(&first.stderr)
    );

    let out = env.run(&["history", "--json"], "");
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    let rows = json(&out);
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 2);
    let card = rows_of(rows, "cards");
    assert_eq!(card.len(), 1);
    assert_eq!(card[0]["deal"]["seed"], 42);
    assert_eq!(card[0]["undos"], 1);
    assert_eq!(card[0]["cards_played"], 38);
    let aside = files_in(&env.data())
        .into_iter()
        .find(|f| f.starts_with("json-store-"))
        .unwrap();
    let kept = env.data().join(aside).join("games").join(name);
    assert_eq!(
        fs::read_to_string(&kept).unwrap(),
        old,
        "moved, not changed"
    );
    let export = env.run(&["history", "--export", "2"], "");
    assert_eq!(text(&export.stdout), old);
    let replayed = json(&env.run(&["replay", kept.to_str().unwrap(), "--json"], ""));
    assert_eq!(replayed["cards_played"], 38);
    assert_eq!(replayed["score"], 2);
    // Card games are still written in format 1, for older readers.
    json(&env.run(&["play", "--seed", "2", "--json"], "1\n"));
    let newest = env.run(&["history", "--export", "1"], "");
    assert!(text(&newest.stdout).contains("\"format\": 1,"));
    assert!(!text(&newest.stdout).contains("\"game\""));
}

#[test]
fn a_record_with_control_characters_is_refused_not_printed() {
    // Once a shared record's duel names, rules name or deck path reached the terminal raw, so a
    // record could carry an escape sequence that takes the screen over on `replay` or `history`.
    let env = Env::new();
    env.run(&["duel", "--seed", "3", "--json"], "1\n1\n2\n2\n");
    let export = env.run(&["history", "--export", "1"], "");
    assert!(export.status.success(), "{}", text(&export.stderr));
    let mut record: Value = serde_json::from_slice(&export.stdout).unwrap();
    record["players"][0]["name"] = Value::from("\u{1b}[2Jevil");
    let path = env.tmp.path().join("evil.json");
    fs::write(&path, record.to_string()).unwrap();
    let out = env.run(&["replay", path.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("its `players.0.name` holds a control character"),
        "{err}"
    );
    assert!(!text(&out.stdout).contains('\u{1b}') && !err.contains('\u{1b}'));

    // In an old data folder such a file is not imported, and its name and why are said
    // without the escape.
    let old = Env::new();
    fs::create_dir_all(old.games()).unwrap();
    fs::write(old.games().join("evil\u{1b}[2J.json"), record.to_string()).unwrap();
    let out = old.run(&["history"], "");
    assert!(out.status.success());
    assert!(!text(&out.stdout).contains('\u{1b}'));
    let err = text(&out.stderr);
    assert!(!err.contains('\u{1b}'), "{err}");
    assert!(
        err.contains("evil\\u{1b}[2J.json") && err.contains("not imported"),
        "{err}"
    );
}

#[test]
fn a_deck_file_named_with_a_control_character_is_recorded_readably() {
    let env = Env::new();
    let deck = env.tmp.path().join("deck\u{1b}.txt");
    fs::write(&deck, "2 4 8").unwrap();
    let out = env.run(
        &["play", "--json", "--deck-file", deck.to_str().unwrap()],
        "1\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows = env.history();
    assert_eq!(rows.len(), 1, "{}", text(&out.stderr));
    assert!(
        rows[0]["deal"]["path"]
            .as_str()
            .unwrap()
            .ends_with("deck\\u{1b}.txt")
    );
}

#[test]
fn stats_of_edited_records_with_huge_scores_do_not_overflow() {
    // Once an overflow: wrapped to a tiny mean in release builds, a panic in debug ones.
    let env = Env::new();
    env.run(&["play", "--seed", "1", "--json"], "1\n");
    env.run(&["play", "--seed", "2", "--json"], "1\n");
    let db = rusqlite::Connection::open(env.data().join("new2048.db")).unwrap();
    db.execute("UPDATE games SET score = ?1", [i64::MAX])
        .unwrap();
    drop(db);
    let out = env.run(&["stats"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(!shown.contains("mean 0"), "{shown}");
    // And an edited score is not believed as a best: its record's moves do not give it.
    assert!(shown.contains("best 0 "), "{shown}");
    assert!(text(&out.stderr).contains("left out of the best scores"));
}

/// Runs `args` typing `lines`, waits until a save of `game` holds `count` moves (a duel's: both
/// players' added), then kills the process.
fn leave_saved(env: &Env, args: &[&str], lines: &str, game: &str, count: usize) {
    let mut child = env.command(args).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(lines.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if env.saved_moves(game) == Some(count) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the {game} save never showed {count} moves"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    child.kill().unwrap();
    let _ = child.wait();
    drop(stdin);
}

#[test]
fn every_interrupted_game_is_a_saved_game_to_list_resume_or_delete() {
    // Once: only the newest card game was offered; a duel was not saved at all.
    let env = Env::new();
    leave_saved(
        &env,
        &["play", "--seed", "3", "--json"],
        "1\n2\n",
        "cards",
        2,
    );
    crate::common::advance_clock(env.tmp.path(), 2);
    leave_saved(
        &env,
        &["classic", "--seed", "17", "--json"],
        "a\n",
        "classic",
        1,
    );
    crate::common::advance_clock(env.tmp.path(), 2);
    let duel = ["duel", "--seed", "3", "--names", "Ann,Bob", "--json"];
    leave_saved(&env, &duel, "1\n1\n", "duel", 2);

    let list = json(&env.run(&["saved", "--json"], ""));
    let list = list.as_array().unwrap();
    let games: Vec<&str> = list.iter().map(|i| i["game"].as_str().unwrap()).collect();
    assert_eq!(
        games,
        ["duel", "classic", "cards"],
        "newest first: {list:?}"
    );
    assert_eq!(list[0]["number"], 1);
    assert_eq!(list[0]["players"][1]["name"], "Bob");
    assert_eq!(
        (&list[1]["played"], &list[2]["played"]),
        (&1.into(), &2.into())
    );
    assert_eq!(list[2]["rules"], "default");
    let table = text(&env.run(&["saved"], "").stdout);
    assert!(
        table.contains("duel (cards)") && table.contains("Ann 0 : Bob 0"),
        "{table}"
    );

    // The duel goes on where it was, Ann to move; input ends: recorded, given up.
    let out = json(&env.run(&["play", "--resume", "1", "--json"], "2\n"));
    assert_eq!(out["names"][0], "Ann");
    let rows = env.history();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["game"], "duel");
    assert_eq!(rows[0]["players"][0]["moves"], "1 2");
    assert_eq!(rows[0]["players"][1]["moves"], "1");

    // Deleting the classic game keeps it in history, as quit.
    let out = env.run(&["saved", "--delete", "1"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows = env.history();
    assert_eq!((rows.len(), &rows[0]["game"]), (2, &"classic".into()));
    assert_eq!(rows[0]["outcome"], "quit");
    let left = json(&env.run(&["saved", "--json"], ""));
    assert_eq!(left.as_array().unwrap().len(), 1);
    let out = env.run(&["play", "--resume", "5"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("there is no saved game 5"),
        "{}",
        text(&out.stderr)
    );
    // The card game is of the rules in force; of other rules it is not taken up.
    let other = env.run(&["--rules", "hard", "play", "--resume"], "");
    assert_eq!(other.status.code(), Some(2));
    let err = text(&other.stderr);
    assert!(
        err.contains("no saved game to resume with the rules hard"),
        "{err}"
    );
    assert!(err.contains("play --resume N"), "{err}");
    let resumed = json(&env.run(&["play", "--resume", "--json"], ""));
    assert_eq!(resumed["cards_played"], 2);
}

/// A score edited in the database with SQL is believed neither in the mean nor as a best, even
/// when the same statement puts back the verdict the row had (the verdict is a keyed hash of the
/// row as it was verified); `stats` says so once, naming the game, and the game counts again once
/// its row is again exactly what was verified.
#[test]
fn a_score_edited_with_sql_is_left_out_of_the_mean_and_the_best() {
    let env = Env::new();
    for seed in ["1", "2", "3"] {
        env.run(&["play", "--seed", seed, "--json"], &whole_game());
    }
    let rows = env.history();
    let scores: Vec<u64> = rows.iter().map(|r| r["score"].as_u64().unwrap()).collect();
    let (id, score) = (rows[0]["id"].as_str().unwrap(), scores[0]);
    let others: Vec<u64> = scores[1..].to_vec();
    let mean = |s: &[u64]| s.iter().sum::<u64>() as f64 / s.len() as f64;
    let before = text(&env.run(&["stats"], "").stdout);
    assert!(
        before.contains("games 3 ") && before.contains(&format!("mean {:.1}", mean(&scores))),
        "{before}"
    );
    let db = rusqlite::Connection::open(env.data().join("new2048.db")).unwrap();
    let (digest, seal): (i64, i64) = db
        .query_row("SELECT digest, seal FROM games WHERE id = ?1", [id], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap();
    for edit in [
        "UPDATE games SET score = 99999 WHERE id = ?1",
        // Putting back its verdict in the same statement does not make it so.
        "UPDATE games SET score = 99999, digest = ?2, seal = ?3 WHERE id = ?1",
    ] {
        let args = rusqlite::params![id, digest, seal];
        let n = edit.matches('?').count();
        db.execute(edit, &args[..n]).unwrap();
        let out = env.run(&["stats"], "");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let shown = text(&out.stdout);
        assert!(!shown.contains("99999"), "{shown}");
        assert!(shown.contains("games 2 "), "{shown}");
        assert!(
            shown.contains(&format!("mean {:.1}", mean(&others))),
            "{shown}"
        );
        assert!(
            shown.contains(&format!("best {} ", others.iter().max().unwrap())),
            "{shown}"
        );
        assert!(
            shown.contains("left out: 1 game edited in the database"),
            "{shown}"
        );
        let warned = text(&out.stderr);
        assert_eq!(warned.matches(id).count(), 1, "said once: {warned}");
        assert!(
            warned.contains(
                "is left out of the best scores and the means: its row in the database was changed"
            ),
            "{warned}"
        );
    }
    // Put back as it was recorded, the game is replayed, found sound and counted again.
    db.execute(
        "UPDATE games SET score = ?2 WHERE id = ?1",
        rusqlite::params![id, score as i64],
    )
    .unwrap();
    let out = env.run(&["stats"], "");
    assert_eq!(text(&out.stdout), before);
    assert!(
        !text(&out.stderr).contains("left out"),
        "{}",
        text(&out.stderr)
    );
}

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(from).unwrap().flatten() {
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_tree(&e.path(), &target);
        } else {
            fs::copy(e.path(), target).unwrap();
        }
    }
}

/// The warnings a run printed, one a line.
fn warnings(out: &Output) -> Vec<String> {
    text(&out.stderr)
        .lines()
        .filter_map(|l| l.strip_prefix("new2048: warning: "))
        .map(str::to_string)
        .collect()
}

#[test]
fn the_json_folder_of_an_older_version_is_imported_once() {
    let env = Env::new();
    let data = env.data();
    copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/json-store"),
        &data,
    );
    let first = env.run(&["history", "--json"], "");
    let w = warnings(&first);
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(
        w[0].contains("imported 9 recorded games and 5 saved games")
            && w[0].contains("1 file could not be read")
            && w[0].contains("nothing was deleted"),
        "{w:?}"
    );
    let rows = crate::common::json_rows(&first);
    let kinds: Vec<&str> = rows.iter().map(|r| r["game"].as_str().unwrap()).collect();
    assert_eq!(kinds.len(), 9);
    for k in ["cards", "classic", "duel"] {
        assert!(kinds.contains(&k), "{kinds:?}");
    }
    // Ids kept; the format-1 record is there, and every record reads back and replays.
    assert!(
        rows.iter()
            .any(|r| r["id"] == "20261129T205926Z-15336-4c33386c")
    );
    for n in 1..=rows.len() {
        let out = env.run(&["replay", &n.to_string(), "--json"], "");
        assert!(out.status.success(), "game {n}: {}", text(&out.stderr));
    }
    // The old slot that was also in saves/ is one saved game, not two; each one resumes (the
    // oldest first, as a resumed game left at once is recorded and leaves the list).
    let list = json(&env.run(&["saved", "--json"], ""));
    assert_eq!(list.as_array().unwrap().len(), 5, "{list}");
    for n in (1..=5).rev() {
        let out = env.run(&["play", "--resume", &n.to_string(), "--json"], "");
        assert!(
            out.status.success(),
            "saved game {n}: {}",
            text(&out.stderr)
        );
    }
    // The old files moved aside, not deleted; a second start imports nothing.
    let names = files_in(&data);
    assert!(
        !names
            .iter()
            .any(|n| n == "games" || n == "saves" || n.starts_with("saved-")),
        "{names:?}"
    );
    let aside = names.iter().find(|n| n.starts_with("json-store-")).unwrap();
    assert!(
        data.join(aside)
            .join("games/20261201T000000Z-deadbeef.json")
            .is_file()
    );
    let again = env.run(&["history", "--json"], "");
    assert!(warnings(&again).is_empty(), "{:?}", warnings(&again));
    // The 9 imported games, and the 5 saved ones resumed above and left.
    assert_eq!(crate::common::json_rows(&again).len(), 9 + 5);
}

#[cfg(unix)]
#[test]
fn an_import_reads_names_that_are_not_utf8_and_skips_fifos() {
    use std::os::unix::ffi::OsStrExt;
    let env = Env::new();
    let games = env.games();
    fs::create_dir_all(&games).unwrap();
    let record = include_str!("../../data/format1-card-record.json");
    fs::write(
        games.join(std::ffi::OsStr::from_bytes(b"old-\xff.json")),
        record,
    )
    .unwrap();
    let made = Command::new("mkfifo").arg(games.join("pipe.json")).status();
    assert!(made.is_ok_and(|s| s.success()));
    let out = env.run(&["history", "--json"], "");
    let w = warnings(&out);
    assert!(w[0].contains("imported 1 recorded game"), "{w:?}");
    assert!(w[0].contains("pipe.json") && w[0].contains("FIFO"), "{w:?}");
    assert_eq!(crate::common::json_rows(&out).len(), 1);
}
