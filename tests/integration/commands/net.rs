//! Duels across two processes (`duel --host`, `duel --join`) on loopback: whole duels between a
//! headless host and a headless joiner, a player leaving at every stage (`q`, Ctrl-C, the end of
//! input, a kill), the move clock, a wrong code, a killed peer, and fake peers (a raw `TcpStream`
//! here) that send garbage, an enormous line, an illegal move, only pings, or nothing at all.
//! Every wait is bounded: a process that outlives its deadline is killed and the test fails.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use crate::common::new2048;

/// One `new2048` process, its output lines arriving on channels as they are printed.
struct Proc {
    child: Child,
    stdin: Option<ChildStdin>,
    out: Receiver<String>,
    err: Receiver<String>,
    /// Every line seen so far, in order: stdout and stderr.
    seen: [Vec<String>; 2],
}

fn lines_of(r: impl Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(r).lines() {
            let Ok(l) = line else { return };
            if tx.send(l).is_err() {
                return;
            }
        }
    });
    rx
}

fn start(home: &Path, args: &[&str]) -> Proc {
    let mut child = new2048(home)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = lines_of(child.stdout.take().unwrap());
    let err = lines_of(child.stderr.take().unwrap());
    Proc {
        stdin: child.stdin.take(),
        child,
        out,
        err,
        seen: [Vec::new(), Vec::new()],
    }
}

impl Proc {
    /// Waits up to `secs` for a line of stdout (`0`) or stderr (`1`) containing `what`.
    fn wait_for(&mut self, stream: usize, what: &str, secs: u64) -> String {
        let deadline = Instant::now() + Duration::from_secs(secs);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let rx = if stream == 0 { &self.out } else { &self.err };
            let Ok(l) = rx.recv_timeout(left) else {
                let _ = self.child.kill();
                panic!(
                    "no line with `{what}` within {secs} s; saw {:?} / {:?}",
                    self.seen[0], self.seen[1]
                );
            };
            self.seen[stream].push(l.clone());
            if l.contains(what) {
                return l;
            }
        }
    }

    /// Waits up to `secs` for the process to end; its exit code and all its stdout and stderr.
    fn finish(mut self, secs: u64) -> (i32, String, String) {
        drop(self.stdin.take());
        let deadline = Instant::now() + Duration::from_secs(secs);
        let status = loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                break s;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("still running after {secs} s; saw {:?}", self.seen);
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let rest = |rx: &Receiver<String>, seen: &mut Vec<String>| {
            while let Ok(l) = rx.recv_timeout(Duration::from_secs(2)) {
                seen.push(l);
            }
            seen.join("\n")
        };
        let [mut o, mut e] = std::mem::take(&mut self.seen);
        let out = rest(&self.out, &mut o);
        let err = rest(&self.err, &mut e);
        (status.code().unwrap_or(-1), out, err)
    }
}

/// A host waiting on a free loopback port: the process, the address and the code it printed.
fn host(home: &Path, args: &[&str]) -> (Proc, String, String) {
    let mut all = vec!["duel", "--host", "127.0.0.1:0"];
    all.extend_from_slice(args);
    let mut p = start(home, &all);
    let code = p.wait_for(0, "code: ", 20)["code: ".len()..].to_string();
    let addr = p.wait_for(0, "address: ", 5)["address: ".len()..].to_string();
    (p, addr, code)
}

fn join(home: &Path, addr: &str, code: &str, args: &[&str]) -> Proc {
    let mut all = vec!["duel", "--join", addr, "--code", code];
    all.extend_from_slice(args);
    start(home, &all)
}

/// The newest record of history in `home`'s data folder, as `history --json` lists it.
fn newest_duel(home: &Path) -> serde_json::Value {
    let out = new2048(home).args(["history", "--json"]).output().unwrap();
    let rows = crate::common::json_rows(&out);
    rows.first().cloned().expect("a duel in history")
}

/// What both sides must agree on: the players (names, moves, scores) and the result.
fn shared(duel: &serde_json::Value) -> serde_json::Value {
    serde_json::json!({
        "players": duel["players"],
        "result": duel["result"],
        "deal": duel["deal"],
        "of": duel["of"],
        "rules_hash": duel["rules_hash"],
    })
}

fn whole_duel(host_args: &[&str], join_args: &[&str], of: &str) {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (h, addr, code) = host(a.path(), host_args);
    let j = join(b.path(), &addr, &code, join_args);
    let (jc, jout, jerr) = j.finish(120);
    let (hc, hout, herr) = h.finish(30);
    assert_eq!((hc, jc), (0, 0), "host: {herr}\njoiner: {jerr}");
    // The same result lines on both screens.
    let tail = |s: &str| s[s.rfind("\nresult: ").expect("a result")..].to_string();
    assert_eq!(tail(&hout), tail(&jout));
    assert!(!hout.contains("unfinished"), "{hout}");
    let (ra, rb) = (newest_duel(a.path()), newest_duel(b.path()));
    assert_eq!(ra["of"], of);
    assert_eq!(shared(&ra), shared(&rb));
    assert_eq!(ra["players"][0]["name"], "Ann");
    assert_eq!(ra["players"][1]["name"], "Bob");
    // Someone's game is over: the duel was decided, not left.
    assert!(!ra["result"].is_null(), "{ra}");
    // And it replays as duels do, to the same result.
    let replay = new2048(a.path()).args(["replay", "1"]).output().unwrap();
    let text = String::from_utf8_lossy(&replay.stdout);
    assert!(replay.status.success(), "{text}");
    assert!(text.trim_end().ends_with(&tail(&hout)[1..]), "{text}");
}

#[test]
fn a_card_duel_between_two_processes_plays_to_its_end_on_both_sides() {
    whole_duel(
        &["--name", "Ann", "--strategy", "greedy", "--seed", "11"],
        &["--name", "Bob", "--strategy", "random", "--yes"],
        "cards",
    );
}

#[test]
fn a_classic_duel_between_two_processes_plays_to_its_end_on_both_sides() {
    whole_duel(
        &[
            "--name",
            "Ann",
            "--classic",
            "--size",
            "3",
            "--seed",
            "4",
            "--strategy",
            "random",
        ],
        &["--name", "Bob", "--strategy", "random", "--yes"],
        "classic",
    );
}

#[test]
fn moves_typed_line_by_line_travel_and_a_player_who_leaves_loses() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (h, addr, code) = host(a.path(), &["--name", "Ann", "--seed", "3"]);
    let mut j = join(b.path(), &addr, &code, &["--name", "Bob"]);
    j.wait_for(1, "play with these rules?", 10);
    let input = j.stdin.as_mut().unwrap();
    // The agreement, a move, a move the rules have no column for (skipped), a move.
    input.write_all(b"y\n1\n9\n2\n").unwrap();
    let mut h = h;
    h.wait_for(0, "> Bob: move 2", 10);
    h.stdin.as_mut().unwrap().write_all(b"3\nq\n").unwrap();
    h.wait_for(1, "Bob won: Ann left the duel", 10);
    j.wait_for(1, "Bob won: Ann left the duel", 10);
    drop(j.stdin.take());
    let (hc, hout, _) = h.finish(20);
    let (jc, jout, jerr) = j.finish(20);
    assert_eq!((hc, jc), (0, 0), "{jerr}");
    assert!(jerr.contains("`9`"), "{jerr}");
    assert!(jout.contains("> Ann: move 1 (3)"), "{jout}");
    assert!(
        hout.contains("result: Bob won: Ann left the duel"),
        "{hout}"
    );
    assert!(
        jout.contains("result: Bob won: Ann left the duel"),
        "{jout}"
    );
    let (ra, rb) = (newest_duel(a.path()), newest_duel(b.path()));
    assert_eq!(shared(&ra), shared(&rb));
    assert_eq!(ra["result"]["forfeit"], "left", "{ra}");
    assert_eq!(ra["players"][1]["moves"], "1 2");
    assert_eq!(ra["players"][0]["moves"], "3");
}

#[test]
fn a_wrong_code_is_refused_on_both_sides_and_the_host_keeps_waiting() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (mut h, addr, code) = host(a.path(), &["--strategy", "greedy"]);
    let wrong = if code == "AAAAAA" { "BBBBBB" } else { "AAAAAA" };
    let (jc, _, jerr) = join(b.path(), &addr, wrong, &["--yes"]).finish(15);
    assert_eq!(jc, 2, "{jerr}");
    assert!(jerr.contains("the host refused: wrong code"), "{jerr}");
    h.wait_for(1, "wrong code", 10);
    // Still waiting: the right code plays, once the address's second has passed.
    let (jc, _, jerr) = join(b.path(), &addr, &code, &["--yes"]).finish(15);
    assert_eq!(jc, 2, "{jerr}");
    assert!(jerr.contains("try again in 1 s"), "{jerr}");
    std::thread::sleep(Duration::from_millis(1100));
    let lower = code.to_ascii_lowercase();
    let j = join(b.path(), &addr, &lower, &["--yes", "--strategy", "greedy"]);
    let (jc, _, jerr) = j.finish(60);
    assert_eq!(jc, 0, "{jerr}");
    assert_eq!(h.finish(20).0, 0);
}

#[test]
fn a_peer_killed_mid_game_is_seen_within_seconds_and_loses() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (mut h, addr, code) = host(a.path(), &["--name", "Ann", "--seed", "2"]);
    let mut j = join(
        b.path(),
        &addr,
        &code,
        &[
            "--name",
            "Bob",
            "--yes",
            "--strategy",
            "greedy",
            "--delay",
            "30",
        ],
    );
    h.wait_for(0, "> Bob: move 3", 20);
    j.child.kill().unwrap();
    let killed = Instant::now();
    h.wait_for(1, "Ann won: Bob was cut off", 10);
    assert!(killed.elapsed() < Duration::from_secs(6));
    // The host may finish alone: a move, then it leaves.
    h.stdin.as_mut().unwrap().write_all(b"1\n").unwrap();
    h.wait_for(0, "> Ann:", 10);
    let (hc, hout, _) = h.finish(15);
    assert_eq!(hc, 0);
    assert!(
        hout.contains("result: Ann won: Bob was cut off (the connection was lost)"),
        "{hout}"
    );
    let ra = newest_duel(a.path());
    assert_eq!(ra["result"]["winner"], 0, "{ra}");
    assert_eq!(ra["result"]["forfeit"], "gone", "{ra}");
    assert_eq!(ra["players"][0]["moves"], "1");
    // The killed side's save stays, and is not played on against someone else.
    let _ = j.child.wait();
    let out = new2048(b.path())
        .args(["duel", "--resume"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("played over the network"), "{err}");
}

/// A fake joiner: connects, says hello with `code`, agrees, and returns the stream past the
/// host's offer.
fn fake_joiner(addr: &str, code: &str) -> (TcpStream, BufReader<TcpStream>) {
    let s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut r = BufReader::new(s.try_clone().unwrap());
    writeln!(&s, "hello new2048 3 {code} Mallory").unwrap();
    let mut line = String::new();
    while !line.starts_with("duel ") {
        line.clear();
        r.read_line(&mut line).unwrap();
    }
    // The host pings from its answer on: a ping may come between its offer and its rules.
    while !line.starts_with("rules ") {
        line.clear();
        r.read_line(&mut line).unwrap();
    }
    let len: usize = line.trim()["rules ".len()..].parse().unwrap();
    let mut body = vec![0; len];
    r.read_exact(&mut body).unwrap();
    writeln!(&s, "agree").unwrap();
    (s, r)
}

/// Reads what the host sends until it says `error`; that line.
fn error_line(r: &mut BufReader<TcpStream>) -> String {
    let mut line = String::new();
    for _ in 0..1000 {
        line.clear();
        if r.read_line(&mut line).unwrap_or(0) == 0 {
            break;
        }
        if line.starts_with("error ") {
            return line;
        }
    }
    panic!("no error line");
}

/// A host whose player types nothing, a fake joiner that sends `bad` once in the duel: the host
/// says why it stopped within seconds, tells the joiner, and ends when its player leaves.
fn host_meets(bad: Option<&[u8]>, host_says: &str, joiner_hears: &str) {
    let a = tempfile::tempdir().unwrap();
    let (mut h, addr, code) = host(a.path(), &["--name", "Ann"]);
    let (mut s, mut r) = fake_joiner(&addr, &code);
    let sent = Instant::now();
    if let Some(bad) = bad {
        s.write_all(bad).unwrap();
    }
    let said = h.wait_for(1, host_says, 15);
    assert!(sent.elapsed() < Duration::from_secs(8), "{said}");
    if !joiner_hears.is_empty() {
        let e = error_line(&mut r);
        assert!(e.contains(joiner_hears), "{e}");
    }
    let (hc, hout, herr) = h.finish(10);
    assert!(hc == 0 || hc == 2, "{herr}");
    assert!(!herr.contains("panick"), "{herr}");
    assert!(hout.contains("result: "), "{hout}");
}

#[test]
fn a_joiner_sending_garbage_is_cut_off_with_a_message() {
    host_meets(
        Some(b"\x00\xff garbage\n"),
        "Ann won: Mallory broke the duel's protocol or rules (Mallory sent a line that is not \
         UTF-8",
        "not UTF-8",
    );
}

#[test]
fn a_joiner_sending_an_enormous_line_is_cut_off_without_reading_it_all() {
    let big = vec![b'7'; 10 << 20];
    let a = tempfile::tempdir().unwrap();
    let (mut h, addr, code) = host(a.path(), &["--name", "Ann"]);
    let (mut s, _r) = fake_joiner(&addr, &code);
    // Written on a thread: the host stops reading long before the end.
    std::thread::spawn(move || {
        let _ = s.write_all(b"move 1 ");
        let _ = s.write_all(&big);
    });
    h.wait_for(1, "longer than", 10);
    let (_, hout, herr) = h.finish(10);
    assert!(!herr.contains("panick"), "{herr}");
    assert!(hout.contains("result: "), "{hout}");
}

#[test]
fn a_joiner_sending_an_illegal_move_stops_the_duel_on_both_sides() {
    host_meets(
        Some(b"move 1 9\n"),
        "Ann won: Mallory broke the duel's protocol or rules (Mallory sent move 1 (`9`)",
        "is not legal here",
    );
}

/// A peer that says the host went unheard while it was heard all along makes a false claim,
/// and loses by it.
#[test]
fn a_false_claim_of_silence_loses_for_whoever_makes_it() {
    host_meets(
        Some(b"unheard 0\n"),
        "Ann won: Mallory broke the duel's protocol or rules (Mallory sent that you were not \
         heard from after your move 0, which you were)",
        "",
    );
}

#[test]
fn a_joiner_sending_nothing_at_all_is_taken_as_gone() {
    host_meets(None, "Ann won: Mallory was cut off", "");
}

/// Five connections that are not joiners (another protocol, another version, bytes that are not
/// text, a line too long, silence) are each refused within seconds, and the invitation stands: a
/// real joiner then plays the duel to its end.
#[test]
fn connections_that_are_not_joiners_are_refused_and_the_invitation_stands() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (mut h, addr, code) = host(a.path(), &["--strategy", "greedy"]);
    for bad in [
        &b"GET / HTTP/1.1\r\n\r\n"[..],
        b"hello new2048 1 ABCDEF Eve\n",
        b"\xff\xfe\n",
        &[b'x'; 5000][..],
        b"",
    ] {
        let started = Instant::now();
        let mut s = TcpStream::connect(&addr).unwrap();
        s.write_all(bad).unwrap();
        if bad.is_empty() {
            // Silence: the host hangs up on its own.
            s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
            let mut buf = Vec::new();
            let _ = s.read_to_end(&mut buf);
        }
        h.wait_for(1, "refused a player", 10);
        assert!(started.elapsed() < Duration::from_secs(8));
    }
    // The old version is told which versions meet.
    assert!(
        h.seen[1]
            .iter()
            .any(|l| l.contains("version 1 of the duel protocol")),
        "{:?}",
        h.seen[1]
    );
    let j = join(b.path(), &addr, &code, &["--yes", "--strategy", "greedy"]);
    let (jc, jout, jerr) = j.finish(60);
    assert_eq!(jc, 0, "{jerr}");
    assert!(jout.contains("result: "), "{jout}");
    let (hc, _, herr) = h.finish(20);
    assert_eq!(hc, 0, "{herr}");
}

/// A fake host: accepts one joiner, reads its hello, then does `act` with the stream.
fn joiner_meets(act: fn(&mut TcpStream), says: &str) {
    let b = tempfile::tempdir().unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let j = join(b.path(), &addr, "ABCDEF", &["--yes"]);
    let (mut s, _) = listener.accept().unwrap();
    let mut r = BufReader::new(s.try_clone().unwrap());
    let mut hello = String::new();
    // The joiner pings from the start; its hello comes among them.
    while !hello.starts_with("hello") {
        hello.clear();
        r.read_line(&mut hello).unwrap();
    }
    assert!(hello.starts_with("hello new2048 3 ABCDEF "), "{hello}");
    let t = Instant::now();
    act(&mut s);
    let (jc, _, jerr) = j.finish(12);
    assert!(t.elapsed() < Duration::from_secs(8));
    assert_eq!(jc, 2, "{jerr}");
    assert!(jerr.contains(says), "{jerr}");
}

#[test]
fn a_host_sending_garbage_an_enormous_line_or_nothing_is_refused_by_the_joiner() {
    joiner_meets(
        |s| s.write_all(b"duel chess 1 60 x\n").unwrap(),
        "a duel of `chess`",
    );
    joiner_meets(
        |s| {
            let _ = s.write_all(&vec![b'a'; 1 << 20]);
        },
        "longer than",
    );
    joiner_meets(|_| {}, "nothing was heard");
    // A host that only pings, never offering: the joiner is released all the same.
    joiner_meets(
        |s| {
            for _ in 0..40 {
                if s.write_all(b"ping\n").is_err() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(200));
            }
        },
        "nothing was heard",
    );
    // An older host's offer (no move clock): refused with what is wrong.
    joiner_meets(
        |s| s.write_all(b"duel cards 1 Host\n").unwrap(),
        "where a move clock was expected",
    );
    joiner_meets(
        |s| {
            s.write_all(b"duel cards 1 60 Host\nrules 99999999\n")
                .unwrap();
        },
        "rules of 99999999 bytes",
    );
    joiner_meets(
        |s| {
            s.write_all(b"duel cards 1 60 Host\nrules 21\nname = \"/etc/passwd\"\n")
                .unwrap();
        },
        "the host's rules cannot be played",
    );
}

/// Ann hosts seed 3 on a real terminal (a pseudo-terminal) in `home`: the session, its code and
/// the address it listens on, once the screen has said them.
#[cfg(unix)]
fn host_on_a_terminal(home: &std::path::Path) -> (rexpect::session::PtySession, String, String) {
    let mut cmd = new2048(home);
    cmd.args([
        "--no-color",
        "duel",
        "--host",
        "127.0.0.1:0",
        "--name",
        "Ann",
        "--seed",
        "3",
    ])
    .env("TERM", "xterm-256color")
    .env("LANG", "en_US.UTF-8");
    let mut p = rexpect::session::spawn_command(cmd, Some(30_000)).unwrap();
    let (_, code) = p.exp_regex(r"code: [A-Z0-9]+").unwrap();
    let (_, addr) = p.exp_regex(r"address: [0-9.:]+").unwrap();
    let (code, addr) = (
        code["code: ".len()..].to_string(),
        addr["address: ".len()..].to_string(),
    );
    (p, code, addr)
}

/// The host on a real terminal (a pseudo-terminal), the joiner a headless bot: the host's screen
/// shows the other's moves as they come, is played with keys to the end, shows the result, and
/// both histories hold the same duel.
#[cfg(unix)]
#[test]
fn a_duel_on_the_full_screen_against_a_headless_joiner() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (mut p, code, addr) = host_on_a_terminal(a.path());
    let (code, addr) = (code.as_str(), addr.as_str());
    let j = join(
        b.path(),
        addr,
        code,
        &[
            "--name",
            "Bob",
            "--yes",
            "--strategy",
            "greedy",
            "--delay",
            "20",
        ],
    );
    // Both boards, and the other's moves as they arrive.
    p.exp_string("Ann (you)").unwrap();
    p.exp_string("Bob: move 3 (").unwrap();
    // Play with the keys, a card a key (more keys than the deck has cards): the result screen
    // comes, a key leaves it, and the result is printed after.
    for i in 0..150 {
        if p.send(&((i % 5) + 1).to_string()).is_err() || p.flush().is_err() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    p.exp_string("press any key").unwrap();
    let _ = p.send("x");
    let _ = p.flush();
    p.exp_string("result: ").unwrap();
    p.exp_eof().unwrap();
    let (jc, _, jerr) = j.finish(60);
    assert_eq!(jc, 0, "{jerr}");
    let (ra, rb) = (newest_duel(a.path()), newest_duel(b.path()));
    assert_eq!(shared(&ra), shared(&rb));
    assert!(ra["players"][0]["survived"].as_u64().unwrap() > 0, "{ra}");
}

#[test]
fn a_hello_trickled_a_byte_at_a_time_does_not_hold_the_host() {
    let a = tempfile::tempdir().unwrap();
    let (mut h, addr, _) = host(a.path(), &[]);
    let mut s = TcpStream::connect(&addr).unwrap();
    let started = Instant::now();
    std::thread::spawn(move || {
        for b in b"hello new2048 1 ABCDEF a very slow name"
            .iter()
            .cycle()
            .take(40)
        {
            if s.write_all(&[*b]).is_err() {
                return;
            }
            std::thread::sleep(Duration::from_millis(300));
        }
    });
    h.wait_for(1, "refused a player", 10);
    assert!(started.elapsed() < Duration::from_secs(7));
    let _ = h.child.kill();
}

/// Writes `bytes` to `s` one a second on a thread of its own (never a whole message), until the
/// other side hangs up or they run out.
fn trickle(mut s: TcpStream, bytes: &'static [u8]) {
    std::thread::spawn(move || {
        for b in bytes {
            if s.write_all(&[*b]).is_err() {
                return;
            }
            std::thread::sleep(Duration::from_secs(1));
        }
    });
}

/// After the handshake a joiner that trickles a byte a second (never a whole message, never a
/// ping) is taken as gone within seconds: the host's deadline is for the whole message.
#[test]
fn a_joiner_trickling_bytes_after_the_handshake_is_taken_as_gone() {
    let a = tempfile::tempdir().unwrap();
    let (mut h, addr, code) = host(a.path(), &["--name", "Ann"]);
    let (s, _r) = fake_joiner(&addr, &code);
    let started = Instant::now();
    trickle(s, b"move 1 1 and on and on and on and on");
    let said = h.wait_for(1, "Mallory: nothing was heard", 15);
    assert!(started.elapsed() < Duration::from_secs(8), "{said}");
    let (hc, hout, herr) = h.finish(10);
    assert_eq!(hc, 0, "{herr}");
    assert!(
        hout.contains("result: Ann won: Mallory was cut off"),
        "{hout}"
    );
}

/// A fake host, Mallory, on a free loopback port, and Bob joining it (`--yes`) from `home`:
/// Mallory offers a card duel of `rules` (a rules file's text, `edit`ed) and reads Bob's hello
/// and agreement. The joiner, and Mallory's connection past the agreement.
fn fake_host(
    home: &Path,
    edit: impl Fn(String) -> String,
) -> (Proc, TcpStream, BufReader<TcpStream>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let j = join(home, &addr, "ABCDEF", &["--yes", "--name", "Bob"]);
    let (mut s, _) = listener.accept().unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut r = BufReader::new(s.try_clone().unwrap());
    let mut line = String::new();
    r.read_line(&mut line).unwrap();
    assert!(line.starts_with("hello new2048 3 ABCDEF Bob"), "{line}");
    // A real rules file: the default rules, as `rules` prints them.
    let rules = new2048(home).arg("rules").output().unwrap().stdout;
    let rules = edit(String::from_utf8(rules).unwrap());
    write!(s, "duel cards 7 60 Mallory\nrules {}\n{rules}", rules.len()).unwrap();
    while line.trim() != "agree" {
        line.clear();
        assert!(r.read_line(&mut line).unwrap() > 0, "no agreement");
    }
    (j, s, r)
}

/// The same on the joiner's side: a host that trickles a byte a second after its offer was
/// agreed to is taken as gone within seconds, and the joiner ends cleanly.
#[test]
fn a_host_trickling_bytes_after_the_handshake_is_taken_as_gone() {
    let b = tempfile::tempdir().unwrap();
    let (mut j, s, _r) = fake_host(b.path(), |rules| rules);
    let started = Instant::now();
    trickle(s, b"move 1 1 and on and on and on and on");
    let said = j.wait_for(1, "Mallory: nothing was heard", 15);
    assert!(started.elapsed() < Duration::from_secs(8), "{said}");
    let (jc, jout, jerr) = j.finish(10);
    assert_eq!(jc, 0, "{jerr}");
    assert!(
        jout.contains("result: Bob won: Mallory was cut off"),
        "{jout}"
    );
}

/// How a player leaves.
#[derive(Clone, Copy, Debug)]
enum Leave {
    /// Types `q`.
    Q,
    /// Ctrl-C: SIGINT.
    CtrlC,
    /// Its input ends.
    Eof,
    /// `kill`: SIGTERM.
    Kill,
}

const LEAVES: [Leave; 4] = [Leave::Q, Leave::CtrlC, Leave::Eof, Leave::Kill];

fn signal(p: &Proc, sig: &str) {
    let pid = p.child.id().to_string();
    let ok = std::process::Command::new("kill")
        .args([sig, &pid])
        .status()
        .unwrap();
    assert!(ok.success());
}

fn leave(p: &mut Proc, how: Leave) {
    match how {
        Leave::Q => p.stdin.as_mut().unwrap().write_all(b"q\n").unwrap(),
        Leave::CtrlC => signal(p, "-INT"),
        Leave::Eof => drop(p.stdin.take()),
        Leave::Kill => signal(p, "-TERM"),
    }
}

/// Where a duel stands when the host leaves.
#[derive(Clone, Copy, Debug)]
enum Stage {
    /// Agreed, before any move.
    Begun,
    /// Both have moved.
    MidGame,
    /// The host's game is over (3 cards), the joiner's is not.
    OwnGameOver,
}

/// The host (Ann) leaves at `stage` by each way there is: it loses, the joiner (Bob) wins, and
/// both print and record it in the same words.
fn host_leaves(stage: Stage) {
    for how in LEAVES {
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let rules = a.path().join("short.toml");
        std::fs::write(&rules, "name = \"short\"\n[deck]\nsize = 3\n").unwrap();
        let mut args = vec![
            "duel",
            "--host",
            "127.0.0.1:0",
            "--name",
            "Ann",
            "--seed",
            "5",
        ];
        if let Stage::OwnGameOver = stage {
            args.extend(["--config", rules.to_str().unwrap()]);
        }
        let mut h = start(a.path(), &args);
        let code = h.wait_for(0, "code: ", 20)["code: ".len()..].to_string();
        let addr = h.wait_for(0, "address: ", 5)["address: ".len()..].to_string();
        let mut j = join(b.path(), &addr, &code, &["--name", "Bob", "--yes"]);
        h.wait_for(0, "the duel begins", 10);
        j.wait_for(0, "the duel begins", 10);
        match stage {
            Stage::Begun => {}
            Stage::MidGame => {
                h.stdin.as_mut().unwrap().write_all(b"1\n").unwrap();
                j.wait_for(0, "> Ann: move 1", 10);
                j.stdin.as_mut().unwrap().write_all(b"2\n").unwrap();
                h.wait_for(0, "> Bob: move 1", 10);
            }
            Stage::OwnGameOver => {
                h.stdin.as_mut().unwrap().write_all(b"1\n2\n3\n").unwrap();
                h.wait_for(0, "your game is over; waiting for Bob", 10);
                j.wait_for(0, "> Ann: move 3", 10);
            }
        }
        eprintln!("{stage:?}: the host leaves by {how:?}");
        leave(&mut h, how);
        let said = "Bob won: Ann left the duel";
        j.wait_for(1, said, 10);
        drop(j.stdin.take());
        let (hc, hout, herr) = h.finish(15);
        let (jc, jout, jerr) = j.finish(15);
        let context = format!("{stage:?} by {how:?}:\n{hout}\n{herr}\n--\n{jout}\n{jerr}");
        assert_eq!((hc, jc), (0, 0), "{context}");
        assert!(hout.contains(&format!("result: {said}")), "{context}");
        assert!(jout.contains(&format!("result: {said}")), "{context}");
        let (ra, rb) = (newest_duel(a.path()), newest_duel(b.path()));
        assert_eq!(shared(&ra), shared(&rb), "{context}");
        assert_eq!(ra["result"]["winner"], 1, "{context}");
        assert_eq!(ra["result"]["forfeit"], "left", "{context}");
        assert_eq!(ra["result_text"], said, "{context}");
    }
}

#[test]
fn a_player_who_leaves_before_any_move_loses() {
    host_leaves(Stage::Begun);
}

#[test]
fn a_player_who_leaves_mid_game_loses() {
    host_leaves(Stage::MidGame);
}

#[test]
fn a_player_who_leaves_after_their_own_game_ended_loses() {
    host_leaves(Stage::OwnGameOver);
}

/// A joiner who leaves at the offer (before agreeing) ends no invitation and records nothing:
/// the host says why it refused and keeps waiting.
#[test]
fn a_joiner_leaving_at_the_offer_leaves_the_host_waiting() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (mut h, addr, code) = host(a.path(), &["--name", "Ann"]);
    for how in LEAVES {
        let mut j = join(b.path(), &addr, &code, &["--name", "Bob"]);
        j.wait_for(1, "play with these rules?", 10);
        leave(&mut j, how);
        let _ = j.finish(10);
        h.wait_for(1, "refused a player", 10);
    }
    let _ = h.child.kill();
    assert_eq!(crate::common::recorded(&a.path().join("data")), 0);
    assert_eq!(crate::common::recorded(&b.path().join("data")), 0);
}

/// A joiner that agrees and then only pings, never moving, loses by time: the host's bot moves
/// within its clock of 1 s, and the host says the joiner did not move within it (its grace for
/// the network included), tells it, and records it.
#[test]
fn a_silent_peer_loses_by_time() {
    let a = tempfile::tempdir().unwrap();
    let (mut h, addr, code) = host(
        a.path(),
        &[
            "--name",
            "Ann",
            "--clock",
            "1",
            "--strategy",
            "greedy",
            "--delay",
            "300",
        ],
    );
    let (s, mut r) = fake_joiner(&addr, &code);
    let started = Instant::now();
    let pinger = s.try_clone().unwrap();
    std::thread::spawn(move || {
        let mut p = pinger;
        while p.write_all(b"ping\n").is_ok() {
            std::thread::sleep(Duration::from_millis(300));
        }
    });
    h.wait_for(
        1,
        "Ann won: Mallory ran out of time (Mallory did not move within 1 s)",
        15,
    );
    assert!(started.elapsed() < Duration::from_secs(10));
    // The joiner is told: `time 0`, its move count.
    let mut told = String::new();
    for _ in 0..1000 {
        told.clear();
        if r.read_line(&mut told).unwrap_or(0) == 0 || told.starts_with("time ") {
            break;
        }
    }
    assert_eq!(told.trim(), "time 0");
    let (hc, hout, herr) = h.finish(15);
    assert_eq!(hc, 0, "{herr}");
    assert!(
        hout.contains("result: Ann won: Mallory ran out of time"),
        "{hout}"
    );
    let ra = newest_duel(a.path());
    assert_eq!(ra["result"]["forfeit"], "time", "{ra}");
}

/// A joiner who types nothing loses by its own clock, said on its own side first: both sides
/// print and record the same loss by time.
#[test]
fn a_player_who_does_not_move_in_time_loses_on_both_sides() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (h, addr, code) = host(
        a.path(),
        &[
            "--name",
            "Ann",
            "--clock",
            "2",
            "--strategy",
            "greedy",
            "--delay",
            "200",
        ],
    );
    let mut j = join(b.path(), &addr, &code, &["--name", "Bob", "--yes"]);
    j.wait_for(0, "each player has 2 s for each move", 10);
    let said = "Ann won: Bob ran out of time";
    j.wait_for(1, said, 10);
    drop(j.stdin.take());
    let (jc, jout, jerr) = j.finish(15);
    let (hc, hout, herr) = h.finish(15);
    assert_eq!((hc, jc), (0, 0), "{herr}\n{jerr}");
    assert!(hout.contains(&format!("result: {said}")), "{hout}");
    assert!(jout.contains(&format!("result: {said}")), "{jout}");
    let (ra, rb) = (newest_duel(a.path()), newest_duel(b.path()));
    assert_eq!(ra["result"], rb["result"]);
    assert_eq!(ra["result"]["forfeit"], "time", "{ra}");
}

/// A player whose process stood still (stopped, a laptop lid closed) for longer than the
/// silence a peer waits is gone: the other side wins, and says so before hanging up, so the
/// stopped side records the same end when it comes back. Once, each recorded itself the winner
/// (the other had closed the connection). (SIGSTOP: Unix.)
#[cfg(unix)]
#[test]
fn a_player_stopped_for_a_while_loses_on_both_sides() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let bot = ["--yes", "--strategy", "greedy", "--delay", "200"];
    let (mut h, addr, code) = host(a.path(), &[&["--name", "Ann"][..], &bot[1..]].concat());
    let mut j = join(
        b.path(),
        &addr,
        &code,
        &[&["--name", "Bob"][..], &bot].concat(),
    );
    h.wait_for(0, "> Bob: move 2", 20);
    signal(&j, "-STOP");
    let said = "Ann won: Bob";
    let line = h.wait_for(1, said, 15);
    assert!(line.contains("Ann won: Bob was cut off"), "{line}");
    signal(&j, "-CONT");
    j.wait_for(1, "Ann won: Bob was cut off", 15);
    let (jc, jout, jerr) = j.finish(15);
    let (hc, hout, herr) = h.finish(15);
    assert_eq!((hc, jc), (0, 0), "{herr}\n{jerr}");
    // The same verdict, and Bob's game as far as it went: his moves are the ones Ann saw (a
    // move made as he came back is not played). Ann may play on alone: her own line may differ.
    let result = |out: &str| {
        let from = &out[out.rfind("result: ").expect("a result")..];
        let lines: Vec<&str> = from.lines().collect();
        let words = |l: &str| l.split_whitespace().collect::<Vec<_>>().join(" ");
        (words(lines[0]), words(lines[2]))
    };
    assert_eq!(result(&hout), result(&jout));
    assert!(
        result(&hout).0.starts_with(&format!("result: {said}")),
        "{hout}"
    );
    let (ra, rb) = (newest_duel(a.path()), newest_duel(b.path()));
    assert_eq!(ra["result"], rb["result"]);
    assert_eq!(ra["result"]["forfeit"], "gone", "{ra}");
}

/// `--local` keeps the host to this machine, and says where it listens; with an address that is
/// not this machine's loopback it is refused.
#[test]
fn local_hosts_listen_on_loopback_and_say_so() {
    let a = tempfile::tempdir().unwrap();
    let mut p = start(a.path(), &["duel", "--host", "0.0.0.0:0", "--local"]);
    let addr = p.wait_for(0, "address: ", 20);
    assert!(addr.contains("127.0.0.1:"), "{addr}");
    p.wait_for(1, "listening on this machine only (127.0.0.1:", 5);
    let _ = p.child.kill();
    let out = new2048(a.path())
        .args(["duel", "--host", "192.0.2.1:2048", "--local"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--local waits on this machine only"));
}

/// The host on a real terminal leaves with `q`: it is asked first (the footer shows the real
/// keys of the default rules: five columns, no discard), `y` leaves, the screen says the other
/// player wins and why, and both histories say it in the same words. (A pseudo-terminal: Unix.)
#[cfg(unix)]
#[test]
fn leaving_on_the_full_screen_asks_and_loses() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (mut p, code, addr) = host_on_a_terminal(a.path());
    let (code, addr) = (code.as_str(), addr.as_str());
    let mut j = join(
        b.path(),
        addr,
        code,
        &[
            "--name",
            "Bob",
            "--yes",
            "--strategy",
            "greedy",
            "--delay",
            "300",
        ],
    );
    p.exp_string("Ann (you)").unwrap();
    p.exp_string("Highest card -").unwrap();
    // The real keys (bytes of UTF-8 read one by one: the ASCII parts).
    p.exp_regex(r"1-5 or \S+ Enter: place \S+ q: leave \(you lose\)")
        .unwrap();
    // Bob plays on: his hand and next cards are hidden while he is ahead.
    p.exp_string("Ahead of you: hand hidden").unwrap();
    p.send("q").unwrap();
    p.flush().unwrap();
    p.exp_string("Leave the duel? Bob wins.").unwrap();
    p.send("y").unwrap();
    p.flush().unwrap();
    p.exp_string("Bob wins: Ann left the duel.").unwrap();
    j.wait_for(1, "Bob won: Ann left the duel", 10);
    let _ = p.send("x");
    let _ = p.flush();
    p.exp_string("result: Bob won: Ann left the duel").unwrap();
    p.exp_eof().unwrap();
    let (jc, jout, jerr) = j.finish(30);
    assert_eq!(jc, 0, "{jerr}");
    assert!(
        jout.contains("result: Bob won: Ann left the duel"),
        "{jout}"
    );
    let (ra, rb) = (newest_duel(a.path()), newest_duel(b.path()));
    assert_eq!(shared(&ra), shared(&rb));
    assert_eq!(ra["result_text"], "Bob won: Ann left the duel");
}

/// A joiner that ends its game, then sends a move after its end and a flood more: the host (a
/// bot) stops the duel once, for the first reason (the move after the end, said as such), and
/// reads nothing after it.
#[test]
fn a_move_after_the_end_stops_the_duel_once_for_that_reason() {
    let a = tempfile::tempdir().unwrap();
    let rules = a.path().join("three.toml");
    std::fs::write(&rules, "name = \"three\"\n[deck]\nsize = 3\n").unwrap();
    let rules = rules.to_str().unwrap().to_string();
    let mut args = vec!["duel", "--host", "127.0.0.1:0", "--name", "Ann"];
    args.extend([
        "--config",
        &rules,
        "--strategy",
        "greedy",
        "--delay",
        "3000",
    ]);
    let mut h = start(a.path(), &args);
    let code = h.wait_for(0, "code: ", 20)["code: ".len()..].to_string();
    let addr = h.wait_for(0, "address: ", 5)["address: ".len()..].to_string();
    let (mut s, mut r) = fake_joiner(&addr, &code);
    let mut flood = b"move 1 1\nmove 2 2\nmove 3 3\nend 3\nmove 4 1\n".to_vec();
    for n in 5..60 {
        flood.extend(format!("move {n} 1\n").bytes());
    }
    s.write_all(&flood).unwrap();
    let said = h.wait_for(1, "the duel is over", 15);
    assert!(
        said.contains("Mallory sent move 4 after the end of the game (3 moves)"),
        "{said}"
    );
    let e = error_line(&mut r);
    assert!(e.contains("move 4 after the end of the game"), "{e}");
    let (hc, hout, herr) = h.finish(15);
    assert_eq!(hc, 0, "{herr}");
    assert_eq!(herr.matches("the duel is over").count(), 1, "{herr}");
    assert!(
        hout.contains("result: Ann won: Mallory broke the duel's protocol or rules"),
        "{hout}"
    );
}

/// A host naming its rules after a preset they are not: the joiner is shown and records them as
/// `default (edited)`, never under the preset's name, with each changed key's value.
#[test]
fn a_peers_rules_named_after_a_preset_they_are_not_are_not_listed_under_it() {
    let b = tempfile::tempdir().unwrap();
    // The default rules as `rules` prints them, but 50 cards and a million points a merge.
    let (mut j, s, r) = fake_host(b.path(), |rules| {
        rules
            .replace("size = 100", "size = 50")
            .replace("per_merge = 1\n", "per_merge = 1000000\n")
    });
    let offer = j.wait_for(1, "offers a card duel", 10);
    assert!(offer.contains("rules `default (edited)`"), "{offer}");
    j.wait_for(1, "deck.size 50 (default 100)", 5);
    j.wait_for(1, "scoring.per_merge 1000000 (default 1)", 5);
    drop(s);
    drop(r);
    j.wait_for(1, "Bob won: Mallory was cut off", 10);
    let (jc, _, jerr) = j.finish(10);
    assert_eq!(jc, 0, "{jerr}");
    let rb = newest_duel(b.path());
    assert_eq!(rb["rules"], "default (edited)", "{rb}");
}
