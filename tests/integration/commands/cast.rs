//! `replay --cast`: a recorded game written as an asciicast (version 2) at the size asked for,
//! never over a file that is there.

use crate::records::{Home, text};

#[test]
fn a_recorded_game_is_cast() {
    let home = Home::new();
    home.run(&["play", "--seed", "5"], &"1\n2\n3\n4\n5\n".repeat(4));
    let dir = tempfile::tempdir().expect("a temp dir");
    let file = dir.path().join("game.cast");
    let file_arg = file.to_str().expect("a UTF-8 path");
    let out = home.run(&["replay", "1", "--cast", file_arg, "--size", "40x15"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("asciinema play"),
        "{}",
        text(&out.stdout)
    );
    let cast = std::fs::read_to_string(&file).expect("the cast");
    let mut lines = cast.lines();
    let header: serde_json::Value =
        serde_json::from_str(lines.next().expect("a header")).expect("JSON");
    assert_eq!(
        (header["version"].as_u64(), header["width"].as_u64()),
        (Some(2), Some(40))
    );
    assert_eq!(header["height"].as_u64(), Some(15));
    assert!(header["timestamp"].as_u64().is_some());
    let mut last = 0.0;
    let mut frames = Vec::new();
    for line in lines {
        let e: serde_json::Value = serde_json::from_str(line).expect("an event");
        let t = e[0].as_f64().expect("a time");
        assert!(t >= last);
        last = t;
        assert_eq!(e[1], "o");
        frames.push(e[2].as_str().expect("UTF-8 text").to_string());
    }
    assert!(frames.len() > 20, "{} events", frames.len());
    // The last frame drawn is the end of the game: its score, at its last move.
    let end = frames
        .iter()
        .rev()
        .find(|f| f.contains("\x1b[2J"))
        .expect("a frame");
    assert!(
        end.contains("Score") && end.contains("move 20 of 20"),
        "{end}"
    );
    // What the replay draws (the best score recorded: it said `Best -`), without its keys;
    // the terminal given back on a new line.
    let plain = plain(end);
    let score = plain
        .split("Score ")
        .nth(1)
        .and_then(|s| s.split_whitespace().next());
    assert!(
        plain.contains(&format!("Best {}", score.unwrap())),
        "{plain}"
    );
    assert!(frames.iter().all(|f| !f.contains("q leave")), "a keys line");
    assert!(
        cast.ends_with(concat!(r#"\u001b[?25h\r\n"]"#, "\n")),
        "{}",
        &cast[cast.len() - 60..]
    );
    // Never over an existing file; a size that is no size is said so.
    let again = home.run(&["replay", "1", "--cast", file_arg], "");
    assert!(
        text(&again.stderr).contains("exists already"),
        "{}",
        text(&again.stderr)
    );
    let odd = home.run(&["replay", "1", "--cast", "x.cast", "--size", "80by24"], "");
    assert!(
        text(&odd.stderr).contains("is not a size like 80x24"),
        "{}",
        text(&odd.stderr)
    );
}

/// A recording that cannot be written names its file and writes nothing (the system's words
/// alone, "Read-only file system (os error 30)", did not say which file).
#[test]
fn a_cast_that_cannot_be_written_names_its_file() {
    let home = Home::new();
    home.run(&["play", "--seed", "5"], "1\n2\nq\n");
    let dir = tempfile::tempdir().expect("a temp dir");
    // A folder that is a file: no one, root included, can write under it.
    let blocker = dir.path().join("not-a-folder");
    std::fs::write(&blocker, "").unwrap();
    let file = blocker.join("game.cast");
    let out = home.run(&["replay", "1", "--cast", file.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains(file.to_str().unwrap()), "{err}");
    assert!(err.contains("folder you can write to"), "{err}");
    assert!(!file.exists());
}

/// `text` without its colours (`ESC [ … m`).
fn plain(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}
