//! Output that cannot be written, from outside: a standard output closed before the program
//! starts or after its first line (`| true`, `| head -1`) is success, exit 0, never a panic; a
//! standard error that is full (`2>/dev/full`) changes nothing else: the same output, the same
//! exit status, the same game recorded. And junk read from a file is quoted in a message as one
//! short escaped line, never echoed whole.

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;

use crate::records::{Home, text};

/// `new2048 ARGS` in `home`, fed `input`, its standard output a pipe that is closed at once
/// (`first_line` false) or after its first line; its exit status and what it said on stderr.
fn into_closed_pipe(home: &Home, args: &[&str], input: &str, first_line: bool) -> (i32, String) {
    let (reader, writer) = std::io::pipe().unwrap();
    let mut cmd = home.command();
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(writer)
        .stderr(Stdio::piped());
    let reader = first_line.then_some(reader);
    let mut child = cmd.spawn().unwrap();
    drop(cmd);
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    if let Some(r) = reader {
        let mut line = String::new();
        BufReader::new(r).read_line(&mut line).unwrap();
        assert!(!line.is_empty(), "{args:?} wrote nothing");
    }
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap_or(-1), text(&out.stderr))
}

fn moves(n: usize) -> String {
    "1\n2\n3\n4\n5\n".repeat(n)
}

#[test]
fn a_closed_output_is_success_for_every_command_that_prints() {
    let home = Home::new();
    for seed in 1..=12 {
        let out = home.run(&["play", "--seed", &seed.to_string()], &moves(3));
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    let commands: [(&[&str], &str); 9] = [
        (&["puzzle", "--seed", "3", "--solution"], ""),
        (&["puzzle", "--seed", "3"], "1\n2\n"),
        (&["play", "--seed", "5"], &moves(40)),
        (&["play", "--seed", "5", "--json"], &moves(40)),
        (&["daily"], "1\n"),
        (&["history"], ""),
        (&["history", "--csv"], ""),
        (&["replay", "1"], ""),
        (&["review", "1"], ""),
    ];
    for (args, input) in commands {
        for first_line in [false, true] {
            let (code, err) = into_closed_pipe(&home, args, input, first_line);
            assert_eq!(code, 0, "{args:?} (first line {first_line}): {err}");
            assert!(!err.contains("panicked"), "{args:?}: {err}");
        }
    }
}

#[test]
fn a_full_error_stream_changes_nothing_else() {
    // Every fifth line is a full column: the player reports it on stderr and goes on.
    let input = format!("{}q\n", "1\n".repeat(30));
    let cases: [(&[&str], &str, i32); 4] = [
        (&["play", "--seed", "7"], &input, 0),
        (&["puzzle", "--seed", "3"], &input, 0),
        (&["play", "--seed", "seven"], "", 2),
        (&["--rules", "nosuch", "play"], "", 2),
    ];
    for (args, input, code) in cases {
        let piped = Home::new();
        let seen = piped.run(args, input);
        assert_eq!(seen.status.code(), Some(code), "{}", text(&seen.stderr));
        let full = Home::new();
        let mut cmd = full.command();
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(File::create("/dev/full").unwrap());
        let mut child = cmd.spawn().unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let blind = child.wait_with_output().unwrap();
        assert_eq!(blind.status.code(), Some(code), "{args:?}");
        assert_eq!(text(&blind.stdout), text(&seen.stdout), "{args:?}");
        assert_eq!(
            recorded_history(&full),
            recorded_history(&piped),
            "{args:?}"
        );
    }
}

/// The history's JSON without the times (two runs differ only there).
fn recorded_history(home: &Home) -> Vec<(String, String)> {
    let out = home.run(&["history", "--json"], "");
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap_or_default();
    rows.iter()
        .map(|r| (r["score"].to_string(), r["outcome"].to_string()))
        .collect()
}

/// A deck file of junk: the message quotes the bad card cut and escaped, one short line (a
/// megabyte token of NUL and ESC bytes was echoed raw).
#[test]
fn a_bad_deck_file_token_is_cut_and_escaped() {
    let home = Home::new();
    let dir = tempfile::tempdir().unwrap();
    let deck = dir.path().join("deck.txt");
    let mut junk = b"2 4 ".to_vec();
    junk.extend(b"x\0\x1b[31m".repeat(150_000));
    std::fs::write(&deck, &junk).unwrap();
    let out = home.run(&["play", "--deck-file", deck.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.len() < 400, "{} bytes of message", err.len());
    assert!(!err.contains('\0') && !err.contains('\x1b'), "{err:?}");
    assert!(err.contains("card 3 of the deck file"), "{err}");
    assert!(err.contains("(1050000 characters)"), "{err}");
}
