//! Output that cannot be written, from outside: a standard output closed before the program
//! starts or after its first line (`| true`, `| head -1`) is success, exit 0, never a panic; a
//! standard error that is full (`2>/dev/full`) changes nothing else: the same output, the same
//! exit status, the same game recorded. And junk read from a file is quoted in a message as one
//! short escaped line, never echoed whole. The exit status says whose fault a failure was, from
//! the kind of what failed: 0 done, 1 the machine (a read that fails), 2 the input.

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

/// Each exit status from the kind of what failed, through the binary: 0 done, 1 a file that the
/// machine fails to read (`/proc/self/mem` answers every read at its start with an I/O error),
/// 2 a path that is no file, a date that is none or not yet, a rules file that is not TOML.
#[test]
fn every_exit_status_follows_the_kind_of_what_failed() {
    let home = Home::new();
    let folder = tempfile::tempdir().unwrap();
    let folder = folder.path().to_str().unwrap();
    let bad_rules = folder.to_string() + "/bad.toml";
    std::fs::write(&bad_rules, "[board]\nheight = = 0\n").unwrap();
    let mut cases: Vec<(Vec<&str>, i32, &str)> = vec![
        (vec!["play", "--seed", "1"], 0, ""),
        (vec!["play", "--deck-file", folder], 2, "it is a folder"),
        (vec!["replay", folder], 2, "it is a folder"),
        (vec!["rules", "test", folder], 2, "it is a folder"),
        (vec!["daily", "--date", "2026-02-30"], 2, "is not a date"),
        (vec!["daily", "--date", "2999-01-01"], 2, "has not come yet"),
        (vec!["puzzle", "--daily", "1969-12-31"], 2, "is not a date"),
        (vec!["--config", &bad_rules, "rules"], 2, "extra `=`"),
        // A case that fails is neither bad input nor the machine's failure.
        (
            vec!["rules", "test", "8 4 + 4 = 32"],
            3,
            "1 of 1 case failed",
        ),
    ];
    if cfg!(target_os = "linux") {
        cases.push((
            vec!["play", "--deck-file", "/proc/self/mem"],
            1,
            "os error 5",
        ));
        cases.push((vec!["replay", "/proc/self/mem"], 1, "os error 5"));
        cases.push((vec!["rules", "test", "/proc/self/mem"], 1, "os error 5"));
        cases.push((vec!["--config", "/proc/self/mem", "rules"], 1, "os error 5"));
    }
    for (args, code, says) in cases {
        let out = home.run(&args, "q\n");
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// `rules test` on the player's own cases never ends with a note about the project's cases
/// (worked out for the default rules): those are not the ones that ran.
#[test]
fn own_cases_fail_without_a_note_on_the_projects() {
    let home = Home::new();
    let out = home.run(&["--rules", "hard", "rules", "test", "8 4 + 4 = 32"], "");
    assert_eq!(out.status.code(), Some(3));
    let err = text(&out.stderr);
    assert!(err.contains("1 of 1 case failed"), "{err}");
    assert!(!err.contains("project's cases"), "{err}");
}
