//! A duel across two processes on loopback, measured as the players see it (issue 46):
//!
//! - latency: the host's player types a move (a line on its input); the time until the joiner's
//!   process prints it (`> Ann: move N`), for every move of a card game; median and slowest;
//! - bytes: what a whole duel sends each way (two bots to the end, `--json` reports its count);
//! - flat: a duel of a 1,000,000-card deck (only 2s, a column clearing at 16: it never ends)
//!   between two bots, played to the millionth move on each side; the joiner's CPU time (user and
//!   system, from `/proc`) and wall time per 10,000 moves of each side from move 10, 100,000,
//!   500,000 and 990,000, and its memory there: a move must cost the same at every one of them
//!   (issue 52). `NEW2048_BENCH_MOVES` plays fewer moves (the windows scale with it).
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

/// CPU time (user and system, in clock ticks) and resident memory (KB) of process `pid`, from
/// `/proc` (Linux); `None` elsewhere.
fn usage(pid: u32) -> Option<(u64, u64)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command's name (which may hold spaces), from the third on.
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split(' ').collect();
    let ticks = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let rss = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))?
        .trim()
        .trim_end_matches(" kB")
        .parse()
        .ok()?;
    Some((ticks, rss))
}

fn flat() {
    let moves: u64 = std::env::var("NEW2048_BENCH_MOVES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_000_000);
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let rules = a.path().join("million.toml");
    // Only 2s, and a column clears at 16: a game that never ends (the deck has `moves` cards).
    let text = format!(
        "name = \"million\"\n[deck]\nsize = {moves}\n[deck.weights]\n2 = 1\n4 = 0\n8 = 0\n\
         16 = 0\n32 = 0\n64 = 0\nbomb = 0\nwild = 0\n[board]\nclear_value = 16\n"
    );
    std::fs::write(&rules, text).unwrap();
    let rules = rules.to_str().unwrap();
    let host = ["--config", rules, "--strategy", "greedy", "--seed", "1"];
    let [(mut h, hout), (mut j, jout)] = meet(a.path(), b.path(), &host, &["--strategy", "greedy"]);
    // The host's lines are read and dropped (kept, a million boards would fill this process).
    std::thread::spawn(move || while hout.recv().is_ok() {});
    let pid = j.id();
    let window = 10_000.min(moves / 10).max(1);
    let starts: Vec<u64> = [10, moves / 10, moves / 2, moves - window]
        .into_iter()
        .filter(|&m| m + window <= moves)
        .collect();
    // The joiner's usage at its own move `m`, for each window's two ends.
    let mut marks: Vec<u64> = starts.iter().flat_map(|&m| [m, m + window]).collect();
    marks.sort_unstable();
    marks.dedup();
    // The joiner's own moves are read from its status line (`cards left N`), the host's from
    // its lines (`> Ann: move N`); at each mark of its own moves, its usage and both counts.
    let mut seen = std::collections::HashMap::new();
    let started = Instant::now();
    let (mut theirs, mut next) = (0u64, 0);
    while next < marks.len() {
        let Ok((t, l)) = jout.recv_timeout(Duration::from_secs(120)) else {
            panic!("the duel stalled before move {}", marks[next]);
        };
        if let Some(n) = l
            .strip_prefix("> Ann: move ")
            .and_then(|r| r.split(' ').next())
            .and_then(|n| n.parse::<u64>().ok())
        {
            theirs = n;
        } else if let Some(left) = l
            .split("cards left ")
            .nth(1)
            .and_then(|n| n.trim().parse::<u64>().ok())
        {
            let own = moves - left;
            if own >= marks[next] {
                seen.insert(marks[next], (t, usage(pid), own + theirs));
                next += 1;
            }
        }
    }
    let tick = 100.0; // clock ticks a second (USER_HZ on Linux)
    println!(
        "a duel of a {moves}-card deck, two bots, {} s to the joiner's move {moves}; the \
         joiner's process, per move it takes in (its own and the host's), over {window} moves of \
         its own from each mark:",
        started.elapsed().as_secs()
    );
    for m in starts {
        let (t0, u0, n0) = seen[&m];
        let (t1, u1, n1) = seen[&(m + window)];
        let taken = (n1 - n0).max(1) as f64;
        let wall = (t1 - t0).as_secs_f64() * 1e6 / taken;
        match (u0, u1) {
            (Some((c0, _)), Some((c1, rss))) => println!(
                "  from its move {m:>9}: {:6.1} µs CPU, {wall:6.1} µs wall a move ({} moves \
                 taken in), memory {} MB",
                (c1 - c0) as f64 / tick * 1e6 / taken,
                n1 - n0,
                rss / 1024
            ),
            _ => println!("  from its move {m:>9}: {wall:6.1} µs wall a move"),
        }
    }
    let _ = (h.kill(), j.kill());
    let _ = (h.wait(), j.wait());
}

fn main() {
    // `cargo test --benches` runs benches with `--bench` absent: nothing to measure then.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    if std::env::var_os("NEW2048_BENCH_FLAT_ONLY").is_none() {
        latency();
        bytes();
    }
    flat();
}
