//! `new2048 simulate`: reproducible whatever the number of jobs, its JSON checked field by field
//! against the library, and clear errors for bad arguments. Every run of the binary gets its own
//! temporary home, config and data folders.

use std::path::Path;

use assert_cmd::Command;
use new2048::cards::rules::Rules;
use new2048::strategy::sim::{game_seed, no_progress, play_games, summarise, wilson};
use new2048::strategy::{Greedy, Random};
use predicates::str::contains;
use serde_json::Value;
use tempfile::TempDir;

/// Short games, so debug builds stay fast; the name proves the file was read.
const RULES: &str = "name = \"short\"\n[deck]\nsize = 60\n";

fn short_rules() -> Rules {
    Rules::parse(RULES, "short", Some(&Rules::default_rules())).unwrap()
}

/// The binary with every path it could touch inside `home`, and `$NEW2048_CONFIG` set to RULES.
fn new2048(home: &Path) -> Command {
    let config = home.join("config.toml");
    std::fs::write(&config, RULES).unwrap();
    let mut cmd = crate::common::new2048(home);
    cmd.env("NEW2048_CONFIG", &config);
    Command::from_std(cmd)
}

#[test]
fn same_seed_same_games_whatever_the_jobs() {
    let rules = short_rules();
    let one = play_games(&rules, &Random, 60, 42, 1, &no_progress).unwrap();
    let two = play_games(&rules, &Random, 60, 42, 2, &no_progress).unwrap();
    assert_eq!(one, two);
    let other = play_games(&rules, &Random, 60, 43, 2, &no_progress).unwrap();
    assert_ne!(one, other, "a different seed deals different games");
    assert_eq!(
        summarise("random", &rules, 42, &one),
        summarise("random", &rules, 42, &two)
    );
}

#[test]
fn game_seeds_differ() {
    let seeds: std::collections::HashSet<u64> = (0..1000).map(|i| game_seed(7, i)).collect();
    assert_eq!(seeds.len(), 1000);
    assert_ne!(game_seed(7, 0), game_seed(8, 0));
}

#[test]
fn wilson_interval_matches_known_values() {
    let close = |a: [f64; 2], b: [f64; 2]| (a[0] - b[0]).abs() < 1e-4 && (a[1] - b[1]).abs() < 1e-4;
    assert!(
        close(wilson(5, 10), [0.2366, 0.7634]),
        "{:?}",
        wilson(5, 10)
    );
    assert!(close(wilson(0, 10), [0.0, 0.2775]), "{:?}", wilson(0, 10));
    assert!(close(wilson(10, 10), [0.7225, 1.0]), "{:?}", wilson(10, 10));
    assert!(
        close(wilson(999, 1000), [0.99437, 0.99982]),
        "{:?}",
        wilson(999, 1000)
    );
}

/// `serde_json`'s default float parser may miss the last bit, so floats are compared closely.
fn assert_close(json: &Value, expect: f64) {
    let got = json
        .as_f64()
        .unwrap_or_else(|| panic!("{json} is not a number"));
    assert!(
        (got - expect).abs() <= 1e-12 * expect.abs().max(1.0),
        "{got} != {expect}"
    );
}

#[test]
fn json_report_field_by_field() {
    let home = TempDir::new().unwrap();
    let out = new2048(home.path())
        .args(["simulate", "--games", "25", "--strategy", "greedy"])
        .args(["--seed", "9", "--jobs", "2", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The one line on standard error says whose rules these are (the rules file's, not asked
    // for); nothing else is written there: no progress bar on a pipe.
    let err = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "no progress bar on a pipe: {err}");
    assert!(
        lines[0].starts_with("new2048: with your rules `short` from "),
        "{err}"
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "one JSON object: {text}");
    let v: Value = serde_json::from_str(&text).unwrap();

    // What the library computes for the same games.
    let rules = short_rules();
    let expect = summarise(
        "greedy",
        &rules,
        9,
        &play_games(&rules, &Greedy, 25, 9, 1, &no_progress).unwrap(),
    );
    assert_eq!(v["strategy"], "greedy");
    assert_eq!(v["rules"], "short");
    assert_eq!(v["games"], 25);
    assert_eq!(v["seed"], 9);
    assert_eq!(v["jobs"], 2);
    assert_eq!(v["wins"], expect.wins);
    assert_close(&v["win_rate"], expect.win_rate);
    assert_close(&v["win_rate_ci95"][0], expect.win_rate_ci95[0]);
    assert_close(&v["win_rate_ci95"][1], expect.win_rate_ci95[1]);
    assert_close(&v["mean_score"], expect.mean_score);
    assert_close(&v["median_score"], expect.median_score);
    assert_close(&v["mean_cards_played"], expect.mean_cards_played);
    assert_eq!(v["placements"], expect.placements);
    let highest = v["highest"].as_array().unwrap();
    assert_eq!(highest.len(), expect.highest.len());
    for (h, e) in highest.iter().zip(&expect.highest) {
        assert_eq!(h["card"], e.card);
        assert_eq!(h["games"], e.games);
        assert_close(&h["share"], e.share);
    }
    let games: u64 = highest.iter().map(|h| h["games"].as_u64().unwrap()).sum();
    assert_eq!(games, 25);
    // Sanity of the numbers themselves.
    let rate = v["win_rate"].as_f64().unwrap();
    let ci = &v["win_rate_ci95"];
    assert!(ci[0].as_f64().unwrap() <= rate && rate <= ci[1].as_f64().unwrap());
    let cards = v["mean_cards_played"].as_f64().unwrap();
    assert!(cards > 0.0 && cards <= 60.0, "{cards}");
    let seconds = v["seconds"].as_f64().unwrap();
    assert!(seconds > 0.0);
    let gps = v["games_per_sec"].as_f64().unwrap();
    assert!((gps * seconds - 25.0).abs() < 1e-6, "{gps} * {seconds}");
    let pps = v["placements_per_sec"].as_f64().unwrap();
    assert!((pps * seconds - expect.placements as f64).abs() < 1e-3);
    let keys = v.as_object().unwrap().len();
    assert_eq!(v["game"], "cards");
    assert_eq!(keys, 17, "no field left unchecked: {text}");
}

#[test]
fn text_report() {
    let home = TempDir::new().unwrap();
    new2048(home.path())
        .args([
            "simulate",
            "--games",
            "8",
            "--strategy",
            "random",
            "--rules",
            "hard",
        ])
        .args(["--jobs", "1"])
        .assert()
        .success()
        .stdout(contains(
            "random on the hard rules: 8 games from seed 0, 1 job",
        ))
        .stdout(contains(
            "won      0 of 8 games = 0.00% (95% CI 0.00% to 32.44%)",
        ))
        .stdout(contains("placements/s"));
}

#[test]
fn bad_arguments_exit_2_with_a_clear_message() {
    let home = TempDir::new().unwrap();
    let cases: [(&[&str], &str); 7] = [
        (
            &["--games", "0", "--strategy", "random"],
            "--games must be from 1 to 10000000",
        ),
        // Once a capacity overflow panic (every result is kept), now refused at once.
        (
            &["--games", "18446744073709551615", "--strategy", "random"],
            "--games must be from 1 to 10000000",
        ),
        // Once a hang starting 100000 threads.
        (
            &["--games", "3", "--strategy", "random", "--jobs", "100000"],
            "--jobs must be from 1 to 256",
        ),
        (
            &["--games", "3", "--strategy", "nope"],
            "unknown strategy `nope`: choose one of random, greedy, expectimax, best",
        ),
        (
            &["--games", "3", "--strategy", "random", "--jobs", "0"],
            "--jobs must be from 1 to 256",
        ),
        (
            &["--games", "3", "--strategy", "random", "--rules", "nope"],
            "no preset or rule set `nope`",
        ),
        (
            &["--games", "many", "--strategy", "random"],
            "invalid value 'many'",
        ),
    ];
    for (args, message) in cases {
        new2048(home.path())
            .arg("simulate")
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(contains(message));
    }
}

#[test]
fn classic_simulation_matches_the_library_and_refuses_card_bots() {
    use new2048::cards::rules::ClassicRules;
    use new2048::strategy::sim::{no_progress, play_classic_game, run_games};
    let rules = ClassicRules { size: 3, win: 64 };
    let one = run_games(12, 5, 1, &no_progress, |s, _| {
        play_classic_game(rules, false, s)
    })
    .unwrap();
    let two = run_games(12, 5, 2, &no_progress, |s, _| {
        play_classic_game(rules, false, s)
    })
    .unwrap();
    assert_eq!(one, two, "the same games whatever the jobs");
    assert!(one.iter().all(|g| g.moves > 0 && g.highest >= 4));

    let home = TempDir::new().unwrap();
    let out = new2048(home.path())
        .args(["simulate", "--game", "classic", "--strategy", "random"])
        .args(["--games", "12", "--seed", "5", "--jobs", "2", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["game"], "classic");
    assert_eq!(v["rules"], "classic 4x4 to 2048");
    assert_eq!(v["games"], 12);
    let played = run_games(12, 5, 1, &no_progress, |s, _| {
        play_classic_game(ClassicRules { size: 4, win: 2048 }, false, s)
    })
    .unwrap();
    let moves: u64 = played.iter().map(|g| u64::from(g.moves)).sum();
    assert_eq!(v["placements"], moves);

    new2048(home.path())
        .args([
            "simulate",
            "--game",
            "classic",
            "--strategy",
            "greedy",
            "--games",
            "1",
        ])
        .assert()
        .code(2)
        .stderr(contains(
            "unknown strategy `greedy`: choose one of random, expectimax",
        ));
}

#[test]
fn several_bots_play_the_same_games_and_are_ranked() {
    let home = TempDir::new().unwrap();
    let out = new2048(home.path())
        .args([
            "simulate",
            "--games",
            "8",
            "--strategy",
            "random,greedy",
            "--seed",
            "5",
            "--jobs",
            "1",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("random on the short rules"), "{text}");
    assert!(text.contains("greedy on the short rules"), "{text}");
    // Greedy survives the short deck far more often than random play: ranked first.
    let ranked = text.lines().find(|l| l.starts_with("ranked")).unwrap();
    assert!(
        ranked.contains("1. greedy") && ranked.contains("2. random"),
        "{ranked}"
    );
    // With --json, one object a line, in the order asked.
    let out = new2048(home.path())
        .args(["simulate", "--games", "4", "--strategy", "greedy,random"])
        .args(["--seed", "5", "--jobs", "1", "--json"])
        .output()
        .unwrap();
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["strategy"], "greedy");
    assert_eq!(lines[1]["strategy"], "random");
    let bad = new2048(home.path())
        .args(["simulate", "--games", "4", "--strategy", "greedy,smart"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown strategy `smart`"));
}
