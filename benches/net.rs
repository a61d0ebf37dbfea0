//! A duel across two processes on loopback, measured as the players see it (issue 46):
//!
//! - latency: the host's player types a move (a line on its input); the time until the joiner's
//!   process prints it (`> Ann: move N`), for every move of a card game; median and slowest;
//! - bytes: what a whole duel sends each way (two bots to the end, `--json` reports its count).
//!
//! Each side also saves every move to its own database on the way, as in play, so the figures
//! include that. Run: `cargo bench --bench net` (the binary of the bench profile, optimized).

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use new2048::cards::engine::{Game, Move};
use new2048::cards::rules::Rules;

const BIN: &str = env!("CARGO_BIN_EXE_new2048");

fn new2048(home: &Path, args: &[&str]) -> Command {
    let mut c = Command::new(BIN);
    c.args(args)
        .env("HOME", home)
        .env("NEW2048_DATA_DIR", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("xdg-data"))
        .env_remove("NEW2048_CONFIG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    c
}

fn lines(child: &mut Child) -> Receiver<(Instant, String)> {
    let out = child.stdout.take().unwrap();
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for l in BufReader::new(out).lines() {
            let Ok(l) = l else { return };
            if tx.send((Instant::now(), l)).is_err() {
                return;
            }
        }
    });
    rx
}

fn wait_for(rx: &Receiver<(Instant, String)>, what: &str) -> (Instant, String) {
    loop {
        let (t, l) = rx
            .recv_timeout(Duration::from_secs(20))
            .unwrap_or_else(|_| panic!("no `{what}` within 20 s"));
        if l.contains(what) {
            return (t, l);
        }
    }
}

/// The host's and the joiner's processes, met: the host plays from its input, the joiner from
/// `join_args`.
fn meet(
    a: &Path,
    b: &Path,
    host_args: &[&str],
    join_args: &[&str],
) -> [(Child, Receiver<(Instant, String)>); 2] {
    let mut args = vec!["duel", "--host", "127.0.0.1:0", "--name", "Ann"];
    args.extend_from_slice(host_args);
    let mut h = new2048(a, &args).spawn().unwrap();
    let hout = lines(&mut h);
    let first = wait_for(&hout, "code").1;
    let (code, addr) = if first.starts_with('{') {
        // With --json: one line `{"code": ..., "address": ...}`.
        let v: serde_json::Value = serde_json::from_str(&first).unwrap();
        (
            v["code"].as_str().unwrap().to_string(),
            v["address"].as_str().unwrap().to_string(),
        )
    } else {
        let addr = wait_for(&hout, "address: ").1["address: ".len()..].to_string();
        (first["code: ".len()..].to_string(), addr)
    };
    let mut args = vec![
        "duel", "--join", &addr, "--code", &code, "--name", "Bob", "--yes",
    ];
    args.extend_from_slice(join_args);
    let mut j = new2048(b, &args).spawn().unwrap();
    let jout = lines(&mut j);
    [(h, hout), (j, jout)]
}

fn latency() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let seed = 9;
    // The host's moves: a greedy game of the default rules from this seed (legal by making).
    let game = Game::with_seed(std::sync::Arc::new(Rules::default_rules()), seed);
    let bot = new2048::strategy::by_name("greedy").unwrap();
    let moves = new2048::strategy::play_out(&game, &*bot, 0);
    let seed = seed.to_string();
    let [(mut h, _hout), (mut j, jout)] = meet(a.path(), b.path(), &["--seed", &seed], &[]);
    wait_for(&jout, "the duel begins");
    let mut input = h.stdin.take().unwrap();
    let mut times = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let word = match m {
            Move::Place(c) => (c + 1).to_string(),
            Move::Discard => "d".into(),
        };
        let sent = Instant::now();
        writeln!(input, "{word}").unwrap();
        let (seen, _) = wait_for(&jout, &format!("> Ann: move {} ", i + 1));
        times.push(seen - sent);
        // As a player would: not faster than a keyboard repeats.
        std::thread::sleep(Duration::from_millis(5));
    }
    drop(input);
    drop(j.stdin.take());
    let _ = (h.wait(), j.wait());
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "a move shown on the other side, {} moves over loopback: median {:.2} ms, slowest {:.2} ms",
        times.len(),
        ms(times[times.len() / 2]),
        ms(*times.last().unwrap())
    );
}

fn bytes() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let bots = ["--strategy", "greedy", "--json", "--seed", "9"];
    let [(mut h, hout), (mut j, jout)] = meet(a.path(), b.path(), &bots, &bots[..3]);
    let sent = |rx: &Receiver<(Instant, String)>| {
        let (_, l) = wait_for(rx, "bytes_sent");
        let v: serde_json::Value = serde_json::from_str(&l).unwrap();
        (
            v["bytes_sent"].as_u64().unwrap(),
            v["players"][0]["cards_played"].as_u64(),
        )
    };
    let (hb, played) = sent(&hout);
    let (jb, _) = sent(&jout);
    let _ = (h.wait(), j.wait());
    println!(
        "a whole card duel ({} cards each, default rules): host sent {hb} bytes, joiner {jb} \
         (pings included: one a second)",
        played.unwrap_or(0)
    );
}

fn main() {
    // `cargo test --benches` runs benches with `--bench` absent: nothing to measure then.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    latency();
    bytes();
}
