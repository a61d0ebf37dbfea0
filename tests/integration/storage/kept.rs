//! The database from outside: its schema and version, a move as one row and an undo taking it
//! back, a finished game leaving no save, moves or claim behind, the saved list's words, and a
//! deck-file game that is no best score.

use std::io::Write;
use std::time::{Duration, Instant};

use crate::common::{db_number, saved_moves};
use crate::records::{Home, text};

/// Runs `args`, typing `lines` and waiting until the save of `game` holds `count` moves and its
/// last move is `last` (any, if `None`), then kills the process.
fn leave(home: &Home, args: &[&str], lines: &str, game: &str, count: usize, last: Option<i64>) {
    let mut child = crate::common::new2048(home.data().parent().unwrap())
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(lines.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let newest =
        "SELECT CAST(move AS INTEGER) FROM save_moves ORDER BY player DESC, n DESC LIMIT 1";
    let deadline = Instant::now() + Duration::from_secs(20);
    while saved_moves(&home.data(), game) != Some(count)
        || last.is_some_and(|l| db_number(&home.data(), newest, &[]) != Some(l))
    {
        assert!(Instant::now() < deadline, "the save never showed");
        std::thread::sleep(Duration::from_millis(10));
    }
    child.kill().unwrap();
    let _ = child.wait();
    drop(stdin);
}

#[test]
fn a_new_database_has_the_schema_and_a_newer_one_is_left_alone() {
    let home = Home::new();
    let first = home.run(&["stats"], "");
    assert!(text(&first.stderr).is_empty(), "{}", text(&first.stderr));
    let db = rusqlite::Connection::open(home.data().join("new2048.db")).unwrap();
    let mode: String = db
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
    assert_eq!(db_number(&home.data(), "PRAGMA user_version", &[]), Some(3));
    let again = home.run(&["stats"], "");
    assert!(
        text(&again.stderr).is_empty(),
        "a second open changes nothing"
    );
    assert!(text(&home.run(&["data", "check"], "").stdout).contains("is sound"));
    db.pragma_update(None, "user_version", 99).unwrap();
    drop(db);
    let out = home.run(&["history"], "");
    assert!(
        text(&out.stderr).contains("newer new2048"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(
        db_number(&home.data(), "PRAGMA user_version", &[]),
        Some(99)
    );
}

#[test]
fn a_move_adds_a_row_and_an_undo_takes_it_back() {
    let home = Home::new();
    let args = ["play", "--seed", "5", "--json"];
    leave(&home, &args, "1\n2\n3\nu\n5\n", "cards", 3, Some(5));
    let rows = "SELECT count(*) FROM save_moves";
    assert_eq!(db_number(&home.data(), rows, &[]), Some(3));
    let resumed = home.run(&["play", "--resume", "--json"], "");
    let fresh = Home::new().run(&args, "1\n2\n3\nu\n5\n");
    assert_eq!(text(&resumed.stdout), text(&fresh.stdout));
    let history = text(&home.run(&["history", "--json"], "").stdout);
    let rows: serde_json::Value = serde_json::from_str(&history).unwrap();
    assert_eq!(rows[0]["undos"], 1);
}

#[test]
fn a_finished_game_keeps_its_id_and_leaves_nothing_behind() {
    let home = Home::new();
    leave(
        &home,
        &["play", "--seed", "9", "--json"],
        "1\n2\n",
        "cards",
        2,
        None,
    );
    let list: serde_json::Value =
        serde_json::from_slice(&home.run(&["saved", "--json"], "").stdout).unwrap();
    let id = list[0]["id"].as_str().unwrap().to_string();
    assert!(home.data().join(format!("claims/{id}.lock")).exists());
    let out = home.run(&["play", "--resume", "--json"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows: serde_json::Value =
        serde_json::from_slice(&home.run(&["history", "--json"], "").stdout).unwrap();
    assert_eq!(rows[0]["id"], id.as_str(), "the record keeps the game's id");
    for table in ["saves", "save_moves"] {
        let sql = format!("SELECT count(*) FROM {table}");
        assert_eq!(db_number(&home.data(), &sql, &[]), Some(0), "{table}");
    }
    assert!(!home.data().join(format!("claims/{id}.lock")).exists());
}

#[test]
fn one_card_or_move_is_counted_in_the_singular() {
    let home = Home::new();
    leave(
        &home,
        &["play", "--seed", "1", "--json"],
        "1\n",
        "cards",
        1,
        None,
    );
    crate::common::advance_clock(home.data().parent().unwrap(), 2);
    leave(
        &home,
        &["play", "--seed", "2", "--json"],
        "1\n2\n",
        "cards",
        2,
        None,
    );
    crate::common::advance_clock(home.data().parent().unwrap(), 2);
    leave(
        &home,
        &["classic", "--seed", "3", "--json"],
        "a\n",
        "classic",
        1,
        None,
    );
    crate::common::advance_clock(home.data().parent().unwrap(), 2);
    // Seven moves that each change the board, found with the library's game.
    let rules = new2048::cards::rules::ClassicRules { size: 4, win: 2048 };
    let mut g = new2048::classic::ClassicGame::new(rules, 5);
    let mut seven = String::new();
    for _ in 0..7 {
        let d = new2048::classic::Dir::ALL
            .into_iter()
            .find(|&d| g.board().slide(d).is_some());
        g.play(d.unwrap());
        seven = seven + d.unwrap().as_str() + "\n";
    }
    leave(
        &home,
        &["classic", "--seed", "5", "--json"],
        &seven,
        "classic",
        7,
        None,
    );
    let table = text(&home.run(&["saved"], "").stdout);
    for says in ["1 card played", "2 cards played", "1 move", "7 moves"] {
        assert!(table.contains(says), "{says}: {table}");
    }
}

#[test]
fn a_deck_file_game_is_no_best_score() {
    let home = Home::new();
    let out = home.run(&["play", "--seed", "40", "--json"], "1\n1\n2\n2\n3\n3\n4\n");
    let seeded: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let deck = home.data().parent().unwrap().join("big.txt");
    std::fs::write(&deck, "64 ".repeat(100)).unwrap();
    let args = ["play", "--deck-file", deck.to_str().unwrap(), "--json"];
    let out = home.run(&args, &"1\n".repeat(7));
    let custom: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        custom["score"].as_u64() > seeded["score"].as_u64(),
        "{custom}"
    );
    let stats = text(&home.run(&["stats"], "").stdout);
    assert!(
        stats.contains(&format!("best {} ", seeded["score"])),
        "{stats}"
    );
}

#[cfg(unix)]
#[test]
fn a_weights_file_that_is_not_a_file_is_named_and_a_sound_one_is_not() {
    let home = Home::new();
    assert!(
        text(&home.run(&["stats"], "").stderr).is_empty(),
        "no folder, nothing to say"
    );
    let weights = home.data().join("weights");
    std::fs::create_dir_all(&weights).unwrap();
    std::fs::write(weights.join("ntuple-0000000000000001.bin"), b"x").unwrap();
    std::fs::create_dir(weights.join("ntuple-0000000000000002.bin")).unwrap();
    std::os::unix::fs::symlink("/dev/null", weights.join("ntuple-0000000000000003.bin")).unwrap();
    let said = text(&home.run(&["stats"], "").stderr);
    assert_eq!(said.lines().count(), 2, "{said}");
    assert!(!said.contains("0000000000000001"), "{said}");
    assert!(
        said.contains("ntuple-0000000000000002.bin: it is a folder"),
        "{said}"
    );
    assert!(
        said.contains("ntuple-0000000000000003.bin: it is a symbolic link"),
        "{said}"
    );
    assert!(said.contains("remove it"), "{said}");
}
