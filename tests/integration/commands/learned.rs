//! The learned bot from the outside: `train` (deterministic, stored in the data folder),
//! headless `autoplay` (plays and records a game), `review --json` (its shape, and that it tells
//! `best`'s play from random play), and par.
//!
//! Every run gets its own temporary data folder (`NEW2048_DATA_DIR`) and home, so no test touches
//! the real one. Games use the hard preset's board and card weights with a short deck (a rules
//! file of this folder): the shipped hard weights serve it, since a deck's size is not part of
//! what weights are keyed by, and a game of 150 cards reviews quickly in a debug build.

use std::path::Path;

use serde_json::Value;
use tempfile::TempDir;

/// The hard rules with a deck of 150 cards.
const SHORT_HARD: &str = "name = \"short-hard\"\n[deck]\nsize = 150\n[deck.weights]\n\
    2 = 15\n4 = 15\n8 = 15\n16 = 15\n32 = 15\n64 = 15\nbomb = 0\n";

/// Runs `new2048 ARGS` with `home` as its home and data folder; returns stdout (status 0 checked).
fn run(home: &Path, args: &[&str]) -> String {
    let mut cmd = std::process::Command::new(crate::common::BIN);
    cmd.env_clear();
    crate::common::isolate(&mut cmd, home);
    let out = assert_cmd::Command::from_std(cmd)
        .args(args)
        .write_stdin("")
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(out.status.success(), "{args:?}: {stderr}");
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

fn home_with_rules() -> (TempDir, String) {
    let home = TempDir::new().expect("a temporary folder");
    let rules = home.path().join("short-hard.toml");
    std::fs::write(&rules, SHORT_HARD).expect("the rules file is written");
    let path = rules.display().to_string();
    (home, path)
}

fn review(home: &Path) -> Value {
    let text = run(home, &["review", "1", "--json"]);
    serde_json::from_str(&text).expect("review --json prints JSON")
}

#[test]
fn review_rates_best_above_random() {
    let (home, rules) = home_with_rules();
    let h = home.path();
    let summary = run(
        h,
        &[
            "--config",
            &rules,
            "autoplay",
            "--strategy",
            "best",
            "--seed",
            "7",
            "--json",
        ],
    );
    let summary: Value = serde_json::from_str(&summary).expect("a JSON summary");
    assert_eq!(summary["rules"], "short-hard");
    assert!(run(h, &["history"]).contains("seed 7"));

    let best = review(h);
    let keys: Vec<&str> = best
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    for k in ["accuracy", "moves", "mistakes"] {
        assert!(keys.contains(&k), "{k} in {keys:?}");
    }
    let moves = best["moves"].as_array().unwrap();
    assert_eq!(
        moves.len() as u64,
        summary["cards_played"].as_u64().unwrap()
    );
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(m["n"], i + 1);
        for k in ["played", "best"] {
            assert!(m[k].is_string(), "{m}");
        }
        for k in ["value_played", "value_best"] {
            assert!(m[k].as_f64().is_some_and(f64::is_finite), "{m}");
        }
        assert!(m["loss"].as_f64().is_some_and(|v| v >= 0.0), "{m}");
        // The loss in the player's terms, never a raw value.
        let says = m["says"].as_str().unwrap();
        assert!(
            says.is_empty() || says.ends_with("points expected") || says.contains("chance to"),
            "{m}"
        );
        assert!(
            m["win_chance_lost"]
                .as_f64()
                .is_some_and(|v| (0.0..=1.0).contains(&v))
        );
    }
    assert!(best["mistakes"].as_array().unwrap().len() <= 3);
    let accuracy = best["accuracy"].as_f64().unwrap();
    assert!(accuracy >= 0.95, "best rated {accuracy}");
    assert_eq!(best["learned"], true);
    // Par is what best scores on the deal: here, this very game.
    assert_eq!(best["par"]["score"], summary["score"]);
    assert_eq!(best["par"]["cards_played"], summary["cards_played"]);

    run(
        h,
        &[
            "--config",
            &rules,
            "autoplay",
            "--strategy",
            "random",
            "--seed",
            "7",
            "--json",
        ],
    );
    let random = review(h);
    let low = random["accuracy"].as_f64().unwrap();
    assert!(low < 0.8, "random rated {low}");
    let mistakes = random["mistakes"].as_array().unwrap();
    assert_eq!(mistakes.len(), 3);
    let loss = |n: &Value| random["moves"][n.as_u64().unwrap() as usize - 1]["loss"].as_f64();
    assert!(loss(&mistakes[0]) >= loss(&mistakes[1]));
    assert!(loss(&mistakes[1]) >= loss(&mistakes[2]));

    // Text form and a record file work too.
    assert!(run(h, &["review"]).contains("accuracy"));
    let record = run(h, &["history", "--export", "1"]);
    let file = h.join("game.json");
    std::fs::write(&file, record).unwrap();
    let from_file: Value =
        serde_json::from_str(&run(h, &["review", &file.display().to_string(), "--json"])).unwrap();
    assert_eq!(from_file["accuracy"], random["accuracy"]);
}

#[test]
fn headless_autoplay_prints_like_play() {
    let (home, rules) = home_with_rules();
    let out = run(
        home.path(),
        &[
            "--config",
            &rules,
            "autoplay",
            "--strategy",
            "greedy",
            "--seed",
            "3",
        ],
    );
    assert!(out.contains("hand: "), "{out}");
    assert!(out.contains("\nresult: "), "{out}");
}

#[test]
fn training_is_deterministic_and_stored() {
    let (home, rules) = home_with_rules();
    let h = home.path();
    let train = ["--config", &rules, "train", "--games", "200", "--seed", "3"];
    let out = run(h, &train);
    assert!(out.contains("mean cards"), "{out}");
    let dir = h.join("data").join("weights");
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
    assert_eq!(files.len(), 1);
    let first = std::fs::read(files[0].path()).unwrap();
    run(h, &train);
    assert_eq!(std::fs::read(files[0].path()).unwrap(), first);
    let other = ["--config", &rules, "train", "--games", "200", "--seed", "4"];
    run(h, &other);
    assert_ne!(std::fs::read(files[0].path()).unwrap(), first);
}

/// The format of the weights file in `home`'s data folder (the four bytes after the magic).
fn weights_format(home: &Path) -> u32 {
    let dir = home.join("data").join("weights");
    let file = std::fs::read_dir(&dir).unwrap().flatten().next().unwrap();
    let bytes = std::fs::read(file.path()).unwrap();
    u32::from_le_bytes(bytes[8..12].try_into().unwrap())
}

#[test]
fn a_training_chooses_its_tables_and_widens_older_weights() {
    let (home, rules) = home_with_rules();
    let h = home.path();
    let train = |extra: &[&'static str]| -> Vec<String> {
        ["--config", rules.as_str(), "train", "--games", "50"]
            .iter()
            .chain(extra)
            .map(ToString::to_string)
            .collect()
    };
    let run = |args: Vec<String>| {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        run(h, &args)
    };
    // From nothing the whole network (format 3), or the split one when asked (format 2).
    run(train(&["--seed", "1"]));
    assert_eq!(weights_format(h), 3);
    run(train(&["--seed", "1", "--layout", "split"]));
    assert_eq!(weights_format(h), 2);
    // Going on keeps the tables, unless whole is asked: split weights gain the other tables.
    run(train(&["--seed", "2", "--more"]));
    assert_eq!(weights_format(h), 2);
    let before = std::fs::read_dir(h.join("data").join("weights"))
        .unwrap()
        .count();
    run(train(&["--seed", "3", "--more", "--layout", "whole"]));
    assert_eq!(weights_format(h), 3);
    assert_eq!(
        std::fs::read_dir(h.join("data").join("weights"))
            .unwrap()
            .count(),
        before
    );
    // Whole weights cannot lose tables, and --near-loss chooses among --starts' positions.
    for (extra, said) in [
        (
            &["--more", "--layout", "split"][..],
            "--layout split cannot go on",
        ),
        (&["--near-loss", "100"][..], "--starts"),
    ] {
        let mut cmd = std::process::Command::new(crate::common::BIN);
        cmd.env_clear();
        crate::common::isolate(&mut cmd, h);
        let out = cmd.args(train(extra)).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(said), "{extra:?}: {err}");
    }
    assert_eq!(weights_format(h), 3);
}

#[test]
fn bad_review_requests_are_refused() {
    let home = TempDir::new().unwrap();
    let run = |args: &[&str]| {
        let mut cmd = crate::common::new2048(home.path());
        cmd.env_remove("NEW2048_CONFIG")
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&["review", "3"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no game 3"), "{err}");
    let out = run(&["train", "--games", "0"]);
    assert_eq!(out.status.code(), Some(2));
    // Every job keeps a copy of the weights: 256 of them would ask for gigabytes.
    let out = run(&["train", "--games", "10", "--jobs", "65"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--jobs must be from 1 to 64"), "{err}");
    // The default rules show three cards, but self-play sees at most two.
    let out = run(&["train", "--games", "10", "--see", "3"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--see must be 1 or 2"), "{err}");
    // The starting positions are kept in memory: a bound, said before anything is played.
    let out = run(&["train", "--games", "10", "--starts", "1001"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--starts must be at most 1000"), "{err}");
    // λ weighs each card further on: from 0 (TD(0)) to below 1.
    let out = run(&["train", "--games", "10", "--lambda", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--lambda must be from 0 up to"), "{err}");
    // The step size: a zero one would learn nothing, above 1 it overshoots.
    for bad in ["0", "1.5", "NaN"] {
        let out = run(&["train", "--games", "10", "--rate", bad]);
        assert_eq!(out.status.code(), Some(2), "--rate {bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--rate must be above 0"), "{err}");
    }
}

#[test]
fn hard_weights_are_shipped_and_serve_a_shorter_deck() {
    use new2048::cards::rules::Rules;
    let rules = Rules::parse(SHORT_HARD, "short-hard", Some(&Rules::default_rules())).unwrap();
    let net = new2048::strategy::ntuple::embedded(&rules).expect("shipped hard weights");
    assert!(net.games > 0);
    let default = Rules::default_rules();
    assert!(new2048::strategy::ntuple::embedded(&default).is_some_and(|n| n.fits(&default)));
    let text = new2048::config::presets::get("solitaire").unwrap();
    let solitaire = Rules::parse(text, "solitaire", Some(&default)).unwrap();
    let net = new2048::strategy::ntuple::embedded(&solitaire).expect("shipped solitaire weights");
    assert!(net.fits(&solitaire) && net.games > 0);
}

/// `simulate` deals each card as it comes into view: its games must still be the deals of their
/// seeds, card for card, as `play --seed` deals them.
#[test]
fn simulated_games_are_the_deals_of_their_seeds() {
    use std::sync::Arc;

    use new2048::cards::deck::Dealer;
    use new2048::cards::engine::Game;
    use new2048::cards::rules::Rules;
    use new2048::strategy::{Greedy, play_out};
    for text in [SHORT_HARD, new2048::config::presets::DEFAULT] {
        let rules = Rules::parse(text, "test", Some(&Rules::default_rules())).unwrap();
        let dealer = Dealer::new(&rules);
        for seed in 0..20 {
            let sim =
                new2048::strategy::sim::play_game(&rules, &dealer, &Greedy, seed, &mut Vec::new());
            let mut game = Game::with_seed(Arc::new(rules.clone()), seed);
            for mv in play_out(&game, &Greedy, 0) {
                game.play(mv).unwrap();
            }
            let p = game.position();
            assert_eq!(
                (sim.score, sim.cards_played, sim.highest, sim.moves as usize),
                (
                    p.score,
                    p.stats.cards_played,
                    p.stats.highest,
                    game.moves().len()
                ),
                "seed {seed}"
            );
        }
    }
}

#[test]
fn headless_classic_autoplay_plays_to_the_end_and_is_recorded() {
    let home = TempDir::new().expect("a temporary folder");
    let h = home.path();
    let args = [
        "autoplay", "--game", "classic", "--size", "3", "--seed", "5", "--json",
    ];
    let out: Value = serde_json::from_str(&run(h, &args)).expect("one JSON object");
    assert_eq!(out["over"], true, "{out}");
    assert!(out["moves"].as_u64().unwrap() > 10, "{out}");
    // The fixed depth is the same game every time; recorded like a classic game typed by hand.
    let again: Value = serde_json::from_str(&run(h, &args)).unwrap();
    assert_eq!(out, again);
    let history = run(h, &["history", "--json"]);
    let rows: Vec<Value> = serde_json::from_str(&history).unwrap();
    assert_eq!(rows.len(), 2, "{history}");
    assert!(rows.iter().all(|r| r["game"] == "classic"), "{history}");
    assert_eq!(rows[0]["score"], out["score"], "{history}");
    // Within a budget the bot still plays the game out (how deep depends on the machine).
    let budget = [
        "autoplay", "--game", "classic", "--size", "3", "--seed", "5", "--think", "1", "--json",
    ];
    let timed: Value = serde_json::from_str(&run(h, &budget)).unwrap();
    assert_eq!(timed["over"], true, "{timed}");
}

#[test]
fn classic_options_need_the_classic_game() {
    let home = TempDir::new().expect("a temporary folder");
    for args in [
        &["autoplay", "--think", "5"][..],
        &["autoplay", "--size", "3"][..],
        &["autoplay", "--game", "classic", "--strategy", "greedy"][..],
    ] {
        let out = crate::common::new2048(home.path())
            .args(args)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("classic"), "{args:?}: {err}");
    }
}
