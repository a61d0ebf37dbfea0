//! The exchange format from outside: a record of each kind exported, read back exactly (through
//! `replay FILE` and through the import of an older version's data folder, which writes it again
//! byte for byte), and hand-edited records and saves refused with their reason, never a panic.

use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Output, Stdio};

use new2048::classic::{ClassicGame, Dir};
use serde_json::Value;
use tempfile::TempDir;

pub(crate) struct Home {
    tmp: TempDir,
}

impl Home {
    pub(crate) fn new() -> Home {
        Home {
            tmp: tempfile::tempdir().unwrap(),
        }
    }

    /// The temporary home itself (its XDG config folder holds the rules file).
    pub(crate) fn path(&self) -> &std::path::Path {
        self.tmp.path()
    }

    pub(crate) fn data(&self) -> PathBuf {
        self.tmp.path().join("data")
    }

    /// `new2048` with its every path inside this home.
    pub(crate) fn command(&self) -> std::process::Command {
        crate::common::new2048(self.tmp.path())
    }

    pub(crate) fn run(&self, args: &[&str], input: &str) -> Output {
        let mut child = self
            .command()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let input = input.to_string();
        std::thread::spawn(move || {
            let _ = stdin.write_all(input.as_bytes());
        });
        child.wait_with_output().unwrap()
    }

    /// Plays `args` headless with `input`: the JSON result, and the newest record as exported.
    pub(crate) fn played(&self, args: &[&str], input: &str) -> (Value, String) {
        let out = self.run(args, input);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let result = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
        (result, self.export(1))
    }

    pub(crate) fn export(&self, n: usize) -> String {
        let out = self.run(&["history", "--export", &n.to_string()], "");
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    }

    /// `replay FILE --json` of `doc`: its result, or what it says on refusing it.
    pub(crate) fn replay(&self, doc: &str) -> Result<Value, String> {
        let file = self.tmp.path().join("record.json");
        fs::write(&file, doc).unwrap();
        let out = self.run(&["replay", file.to_str().unwrap(), "--json"], "");
        match out.status.code() {
            Some(0) => Ok(serde_json::from_slice(&out.stdout).unwrap()),
            Some(2) => Err(text(&out.stderr)),
            other => panic!("exit {other:?}: {}", text(&out.stderr)),
        }
    }

    /// What the import of an older version's folder says of `files` (name in `folder`, text).
    pub(crate) fn import(&self, folder: &str, files: &[(String, String)]) -> String {
        let dir = self.data().join(folder);
        fs::create_dir_all(&dir).unwrap();
        for (name, doc) in files {
            fs::write(dir.join(name), doc).unwrap();
        }
        text(&self.run(&["history", "--json"], "").stderr)
    }
}

pub(crate) fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn value(doc: &str) -> Value {
    serde_json::from_str(doc).unwrap()
}

/// A change made to a record by hand, and what reading it then says.
type Edit<'a> = (&'a dyn Fn(&mut Value), &'a str);

fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap()
}

/// `doc` imported as a record of an older version's `games/` folder, then exported again.
fn reimported(doc: &str) -> String {
    let home = Home::new();
    let id = value(doc)["id"].as_str().unwrap().to_string();
    let said = home.import("games", &[(format!("{id}.json"), doc.to_string())]);
    assert!(said.contains("imported 1 recorded game"), "{said}");
    home.export(1)
}

/// A record's document as the save of the same game was (no result, a `saved` stamp).
fn as_save(record: &str) -> Value {
    let mut save = value(record);
    let map = save.as_object_mut().unwrap();
    for k in ["outcome", "score", "cards_played", "move_count", "highest"] {
        map.remove(k);
    }
    let ended = map.remove("ended").unwrap();
    map.insert("saved".into(), ended);
    map.remove("duration_secs");
    save
}

/// The seconds since the epoch of a record's stamp (`2026-11-30T20:00:00Z`).
fn secs(stamp: &Value) -> i64 {
    let s = stamp.as_str().unwrap();
    let n = |r: std::ops::Range<usize>| s[r].parse::<i64>().unwrap();
    crate::daily::days(n(0..4), n(5..7), n(8..10)) * 86_400
        + n(11..13) * 3_600
        + n(14..16) * 60
        + n(17..19)
}

#[test]
fn a_card_record_round_trips_and_replays() {
    let home = Home::new();
    // Columns 1 and 2, a third card taken back and placed in column 5.
    let (played, doc) = home.played(&["play", "--seed", "42", "--json"], "1\n2\n2\nu\n5\n");
    assert!(doc.contains("\"format\": 1,"), "{doc}");
    assert!(!doc.contains("\"game\""), "a format-1 file: {doc}");
    assert!(doc.contains("\"moves\": \"1 2 5\""), "{doc}");
    let r = value(&doc);
    assert_eq!(r["undos"], 1);
    assert_eq!(
        r["duration_secs"].as_i64().unwrap(),
        secs(&r["ended"]) - secs(&r["started"])
    );
    assert_eq!(home.replay(&doc), Ok(played), "the same position replayed");
    assert_eq!(reimported(&doc), doc, "read back, the same record");
}

#[test]
fn versions_and_damage_are_told_apart() {
    let home = Home::new();
    let (_, doc) = home.played(&["play", "--seed", "1", "--json"], "3\n");
    let save = pretty(&as_save(&doc));
    let damaged = |doc: &str, stamp: &str| {
        [
            doc[..doc.len() / 2].to_string(),
            doc.replace("\"format\": 1", "\"format\": 7"),
            "[1]".to_string(),
            doc.replace(&format!("\"{stamp}\": \"20"), &format!("\"{stamp}\": \"18")),
        ]
    };
    let says = [
        "it is not valid JSON (",
        "it was written by a newer new2048 (format 7; this one reads format 2 and older)",
        "it has no `format` version number",
        "",
    ];
    for (edited, says) in damaged(&doc, "ended").iter().zip(says) {
        let err = home.replay(edited).unwrap_err();
        assert!(err.contains(says), "{err}");
        if says.is_empty() {
            assert!(!err.contains("JSON") && !err.contains("format"), "{err}");
        }
    }
    // A save of an older version, damaged the same ways: each named, none imported.
    let files: Vec<(String, String)> = damaged(&save, "saved")
        .into_iter()
        .enumerate()
        .map(|(i, d)| (format!("{i}.json"), d))
        .collect();
    let said = Home::new().import("saves", &files);
    assert!(
        said.contains("imported 0 recorded games and 0 saved games"),
        "{said}"
    );
    assert!(said.contains("4 files could not be read"), "{said}");
    for (i, says) in says.iter().enumerate() {
        assert!(said.contains(&format!("{i}.json ({says}")), "{i}: {said}");
    }
    // Sound, it is imported and resumes.
    let home = Home::new();
    let said = home.import("saves", &[("s.json".into(), save)]);
    assert!(said.contains("and 1 saved game"), "{said}");
    let out = home.run(&["play", "--resume", "--json"], "");
    assert_eq!(value(&text(&out.stdout))["cards_played"], 1);
}

#[test]
fn a_hand_edited_card_record_is_refused_never_a_panic() {
    let home = Home::new();
    let (_, doc) = home.played(&["play", "--seed", "3", "--json"], "1\n");
    let good = value(&doc);
    let edit = |f: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        f(&mut v);
        home.replay(&pretty(&v))
    };
    let toml = good["rules"]["toml"].as_str().unwrap().to_string();
    let cases: [Edit; 6] = [
        (
            &|v| v["moves"] = "1 0".into(),
            "`0` in its moves is not a move",
        ),
        (
            &|v| v["moves"] = "1 99".into(),
            "its move 2 cannot be played",
        ),
        (
            &|v| v["deck"] = "2 4 2048".into(),
            "its deck does not fit its rules",
        ),
        (
            &|v| v["rules"]["toml"] = toml.replace("columns = 5", "columns = 4").into(),
            "its rules were edited after the game",
        ),
        (
            &|v| v["rules"]["toml"] = "not toml [".into(),
            "its rules do not load",
        ),
        (
            &|v| v["deal"] = serde_json::json!({"kind": "daily", "date": "2026-11-29", "seed": 3}),
            "its seed 3 is not the daily seed of 2026-11-29",
        ),
    ];
    for (f, says) in cases {
        let err = edit(f).unwrap_err();
        assert!(err.contains(says), "{says}: {err}");
    }
    // A deck file's deck is whatever the file held: nothing to check it against.
    let file = edit(&|v| v["deal"] = serde_json::json!({"kind": "deck_file", "path": "x"}));
    assert!(file.is_ok(), "{file:?}");
}

/// The moves of a classic game from `seed` (4x4) until one direction would change nothing, as
/// headless input lines, and that direction's record letter.
fn classic_until_a_useless_move(seed: u64) -> (String, &'static str) {
    let rules = new2048::cards::rules::ClassicRules { size: 4, win: 2048 };
    let mut g = ClassicGame::new(rules, seed);
    let mut lines = String::new();
    loop {
        if let Some(d) = Dir::ALL.into_iter().find(|&d| g.board().slide(d).is_none()) {
            return (lines, letter(d));
        }
        let d = Dir::ALL.into_iter().find(|&d| g.board().slide(d).is_some());
        let d = d.unwrap();
        g.play(d);
        lines.push_str(d.as_str());
        lines.push('\n');
    }
}

fn letter(d: Dir) -> &'static str {
    match d {
        Dir::Up => "u",
        Dir::Down => "d",
        Dir::Left => "l",
        Dir::Right => "r",
    }
}

#[test]
fn a_classic_record_round_trips_replays_and_is_refused_edited() {
    let home = Home::new();
    let (lines, still) = classic_until_a_useless_move(4);
    let moves = lines.lines().count();
    // The last move taken back and made again: the record holds every move and one undo.
    let last = lines.lines().last().unwrap();
    let (played, doc) = home.played(
        &["classic", "--seed", "4", "--json"],
        &format!("{lines}u\n{last}\n"),
    );
    let good = value(&doc);
    assert!(doc.contains("\"format\": 2,"), "{doc}");
    assert!(doc.contains("\"game\": \"classic\","), "{doc}");
    assert_eq!(good["undos"], 1);
    let recorded = good["moves"].as_str().unwrap();
    assert_eq!(recorded.split(' ').count(), moves, "{doc}");
    assert!(
        recorded
            .split(' ')
            .all(|m| ["u", "d", "l", "r"].contains(&m))
    );
    assert_eq!(home.replay(&doc), Ok(played));
    assert_eq!(reimported(&doc), doc);

    let toml = good["rules"]["toml"].as_str().unwrap().to_string();
    let edit = |f: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        f(&mut v);
        home.replay(&pretty(&v)).unwrap_err()
    };
    let size = |n: &str| toml.replace("size = 4", &format!("size = {n}"));
    let cases: [Edit; 7] = [
        (
            &|v| v["score"] = (v["score"].as_u64().unwrap() + 4).into(),
            "the record says",
        ),
        (
            &|v| v["moves"] = "u w".into(),
            "`w` in its moves is not a classic move (u, d, l or r)",
        ),
        (
            &|v| v["size"] = 5.into(),
            "its size 5 is not the size 4 of its rules",
        ),
        (
            &|v| v["rules"]["toml"] = size("5").into(),
            "its rules were edited after the game",
        ),
        (
            &|v| v["rules"]["toml"] = "size = [".into(),
            "its rules do not load",
        ),
        (
            &|v| v["rules"]["toml"] = size("99").into(),
            "its rules do not load",
        ),
        (
            &|v| v["moves"] = format!("{} {}", v["moves"].as_str().unwrap(), still).into(),
            "changes nothing",
        ),
    ];
    for (f, says) in cases {
        let err = edit(f);
        assert!(err.contains(says), "{says}: {err}");
    }
    // A save of a kind this reader does not know is named, not imported.
    let mut chess = as_save(&doc);
    chess["game"] = "chess".into();
    let said = Home::new().import("saves", &[("c.json".into(), pretty(&chess))]);
    assert!(said.contains("c.json (its `game` is \"chess\""), "{said}");
}

/// Moves that end any small classic game: the four directions in turn, many times.
fn classic_to_the_end() -> String {
    "a\nw\nd\ns\n".repeat(400)
}

#[test]
fn a_classic_duel_round_trips() {
    let home = Home::new();
    let args = [
        "duel",
        "--classic",
        "--size",
        "3",
        "--seed",
        "8",
        "--names",
        "Ann,Bob",
    ];
    let (_, doc) = home.played(&args, &classic_to_the_end());
    let r = value(&doc);
    assert!(r["result"].is_object(), "decided: {doc}");
    assert_eq!(r["deal"], serde_json::json!({"kind": "seed", "seed": 8}));
    assert_eq!(r["players"][1]["name"], "Bob");
    let moves = r["players"][0]["moves"]
        .as_str()
        .unwrap()
        .split(' ')
        .count();
    assert_eq!(r["players"][0]["survived"], moves);
    for says in ["\"game\": \"duel\",", "\"of\": \"classic\","] {
        assert!(doc.contains(says), "{doc}");
    }
    assert!(!doc.contains("\"deck\""), "{doc}");
    assert_eq!(reimported(&doc), doc);
}

#[test]
fn a_card_duel_keeps_the_deck_and_a_given_up_duel_has_no_result() {
    let home = Home::new();
    let args = ["duel", "--seed", "5", "--names", "Ann,Bob", "--json"];
    let (_, doc) = home.played(&args, "1\nq\n");
    let r = value(&doc);
    assert_eq!(r["result"], Value::Null);
    assert_eq!(home.run(&["history", "--json"], "").status.code(), Some(0));
    let rows = value(&text(&home.run(&["history", "--json"], "").stdout));
    assert_eq!(rows[0]["result_text"], "given up");
    assert_eq!(r["players"][0]["moves"], "1");
    assert_eq!(r["players"][1]["moves"], "");
    assert_eq!(
        r["duration_secs"].as_i64().unwrap(),
        secs(&r["ended"]) - secs(&r["started"])
    );
    assert_eq!(r["deck"].as_str().unwrap().split(' ').count(), 100);
    assert_eq!(reimported(&doc), doc);
    // Saved with moves that do not take turns as a duel does, it is named and not imported.
    let mut save = value(&doc);
    save["players"][0]["moves"] = "".into();
    save["players"][1]["moves"] = "1".into();
    let said = Home::new().import("saves", &[("d.json".into(), pretty(&save))]);
    assert!(
        said.contains("d.json (player 1 is to move but has no move left while the other has)"),
        "{said}"
    );
}
