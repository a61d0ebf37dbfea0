//! The store where players live, through the built binary on real files: a home reached
//! through a symbolic link, a copy of the database taken while no window is open, windows
//! starting at once on a damaged file, an impossible or a newer schema version, and a backup
//! to a name that is not UTF-8.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use tempfile::TempDir;

struct Home {
    tmp: TempDir,
    data: PathBuf,
}

impl Home {
    /// A home whose data folder is `data` under a folder reached through a link.
    fn linked() -> Home {
        let tmp = tempfile::tempdir().unwrap();
        fs::create_dir_all(tmp.path().join("real/data")).unwrap();
        std::os::unix::fs::symlink(tmp.path().join("real"), tmp.path().join("home")).unwrap();
        let data = tmp.path().join("home/data");
        Home { tmp, data }
    }

    fn command(&self, args: &[&str], data: &Path) -> Command {
        let mut c = crate::common::new2048(self.tmp.path());
        c.args(args)
            .env("NEW2048_DATA_DIR", data)
            .env("HOME", self.tmp.path().join("home"))
            .env_remove("NEW2048_CONFIG")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        c
    }

    fn run_in(&self, data: &Path, args: &[&str], input: &str) -> Output {
        let mut child = self
            .command(args, data)
            .stdin(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let input = input.to_string();
        std::thread::spawn(move || {
            let _ = std::io::Write::write_all(&mut stdin, input.as_bytes());
        });
        child.wait_with_output().unwrap()
    }

    fn run(&self, args: &[&str], input: &str) -> Output {
        self.run_in(&self.data, args, input)
    }

    fn play(&self, seed: u32) {
        let out = self.run(
            &["play", "--seed", &seed.to_string(), "--json"],
            &"1\n2\n3\n4\n5\n".repeat(250),
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
    }

    fn history_in(&self, data: &Path) -> Vec<serde_json::Value> {
        crate::common::json_rows(&self.run_in(data, &["history", "--json"], ""))
    }
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn damaged_names(data: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(data)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| {
            n.starts_with("new2048.db.damaged-") && !n.ends_with("-wal") && !n.ends_with("-shm")
        })
        .collect();
    v.sort();
    v
}

fn set_user_version(db: &Path, v: i64) {
    let c = rusqlite::Connection::open(db).unwrap();
    c.pragma_update(None, "user_version", v).unwrap();
}

#[test]
fn a_linked_home_records_and_a_copy_taken_with_no_window_open_holds_every_game() {
    let home = Home::linked();
    for seed in 1..=3 {
        home.play(seed);
    }
    let out = home.run(&["history", "--json"], "");
    assert!(text(&out.stderr).is_empty(), "{}", text(&out.stderr));
    assert_eq!(home.history_in(&home.data).len(), 3);
    // No window is open: the log was checkpointed into the file and removed.
    assert!(!home.data.join("new2048.db-wal").exists());
    let copy = home.tmp.path().join("copy");
    fs::create_dir_all(&copy).unwrap();
    fs::copy(home.data.join("new2048.db"), copy.join("new2048.db")).unwrap();
    assert_eq!(home.history_in(&copy).len(), 3);
}

#[test]
fn an_impossible_schema_version_is_damage_and_every_row_comes_back() {
    let home = Home::linked();
    home.play(1);
    home.play(2);
    set_user_version(&home.data.join("new2048.db"), -1);
    let check = home.run(&["data", "check"], "");
    let err = text(&check.stderr);
    assert_eq!(check.status.code(), Some(2), "{err}");
    assert!(
        err.contains("was damaged") && err.contains("2 recorded games"),
        "{err}"
    );
    assert_eq!(damaged_names(&home.data).len(), 1, "{err}");
    // The rows are back, and a second check finds the new file sound.
    assert_eq!(home.history_in(&home.data).len(), 2);
    let again = home.run(&["data", "check"], "");
    assert!(again.status.success(), "{}", text(&again.stderr));
}

#[test]
fn twelve_windows_at_once_on_a_damaged_file_move_it_aside_once() {
    let home = Home::linked();
    home.play(1);
    let db = home.data.join("new2048.db");
    let garbage = "\u{0}\u{1}garbage, not a database at all".repeat(100);
    for log in ["new2048.db-wal", "new2048.db-shm"] {
        let _ = fs::remove_file(home.data.join(log));
    }
    fs::write(&db, &garbage).unwrap();
    let children: Vec<_> = (0..12)
        .map(|_| {
            home.command(&["history", "--json"], &home.data)
                .stdin(Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for c in children {
        let out = c.wait_with_output().unwrap();
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    let aside = damaged_names(&home.data);
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(
        fs::read_to_string(home.data.join(&aside[0])).unwrap(),
        garbage
    );
}

#[test]
fn a_newer_schema_is_left_alone_and_said_so() {
    let home = Home::linked();
    home.play(1);
    let db = home.data.join("new2048.db");
    set_user_version(&db, 99);
    let before = fs::read(&db).unwrap();
    let out = home.run(&["data", "check"], "");
    let err = text(&out.stderr);
    assert_ne!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains("newer new2048") && err.contains("schema 99"),
        "{err}"
    );
    assert!(err.contains("Update new2048"), "{err}");
    assert!(!err.contains("a folder you can write to"), "{err}");
    for args in [&["history"][..], &["stats"]] {
        let out = home.run(args, "");
        assert_eq!(
            out.status.code(),
            Some(1),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
    assert_eq!(fs::read(&db).unwrap(), before);
    assert!(damaged_names(&home.data).is_empty());
}

#[test]
fn a_backup_is_written_to_the_name_exactly_as_given() {
    use std::os::unix::ffi::OsStrExt;
    let home = Home::linked();
    home.play(1);
    let name = std::ffi::OsStr::from_bytes(b"backup-\xff.db");
    let to = home.tmp.path().join(name);
    let out = home
        .command(&["data", "backup"], &home.data)
        .arg(&to)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(to.is_file());
    let restored = home.tmp.path().join("restored");
    fs::create_dir_all(&restored).unwrap();
    fs::copy(&to, restored.join("new2048.db")).unwrap();
    assert_eq!(home.history_in(&restored).len(), 1);
}

#[test]
fn data_restore_puts_a_backup_in_place_and_keeps_what_it_replaced() {
    let home = Home::linked();
    home.play(1);
    home.play(2);
    let backup = home.tmp.path().join("keep.db");
    let out = home
        .command(&["data", "backup"], &home.data)
        .arg(&backup)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    home.play(3);
    // Not a database: refused, nothing changed.
    let junk = home.tmp.path().join("junk.db");
    fs::write(&junk, "not a database, not at all, really not".repeat(200)).unwrap();
    let out = home
        .command(&["data", "restore"], &home.data)
        .arg(&junk)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("nothing was changed"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(home.history_in(&home.data).len(), 3);
    let out = home
        .command(&["data", "restore"], &home.data)
        .arg(&backup)
        .output()
        .unwrap();
    let said = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(said.contains("2 recorded games"), "{said}");
    assert_eq!(home.history_in(&home.data).len(), 2);
    let check = home.run(&["data", "check"], "");
    assert!(check.status.success(), "{}", text(&check.stderr));
    // What it replaced is kept, whole.
    let kept: Vec<PathBuf> = fs::read_dir(&home.data)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().contains("before-restore"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    let other = home.tmp.path().join("other");
    fs::create_dir_all(&other).unwrap();
    fs::copy(&kept[0], other.join("new2048.db")).unwrap();
    assert_eq!(home.history_in(&other).len(), 3);
}

#[test]
fn one_damaged_row_hides_only_itself_and_the_command_says_so() {
    let home = Home::linked();
    for seed in 1..=3 {
        home.play(seed);
    }
    let seed_1_game = text(&home.run(&["replay", "3", "--json"], "").stdout);
    let c = rusqlite::Connection::open(home.data.join("new2048.db")).unwrap();
    // A flipped byte in one row's `deal` (valid text, no longer JSON).
    c.execute("UPDATE games SET deal = '{\"kind\":\"se' WHERE n = 2", [])
        .unwrap();
    drop(c);
    for args in [
        &["history", "--json"][..],
        &["history"],
        &["history", "--csv"],
    ] {
        let out = home.run(args, "");
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(
            err.matches("cannot be read (damaged: row n 2").count(),
            1,
            "{err}"
        );
        if args == ["history"] {
            let said = text(&out.stdout);
            assert!(said.contains("seed 1") && said.contains("seed 3"), "{said}");
            assert!(!said.contains("seed 2"), "{said}");
        }
        if args == ["history", "--csv"] {
            assert_eq!(
                text(&out.stdout).lines().count(),
                3,
                "{}",
                text(&out.stdout)
            );
        }
    }
    let out = home.run(&["history", "--json"], "");
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(rows.len(), 2);
    // Numbered as `history` numbers them: the bad row takes no number.
    let out = home.run(&["replay", "2", "--json"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), seed_1_game);
    let out = home.run(&["replay", "3"], "");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("among the 2 of history that read"));
    // SQLite finds nothing wrong with the file; `data check` reads the rows too.
    let out = home.run(&["data", "check"], "");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("row n 2 of the games table"), "{err}");
}

#[test]
fn a_score_changed_in_the_database_is_never_a_best_and_history_marks_it() {
    let home = Home::linked();
    for seed in 1..=3 {
        home.play(seed);
    }
    let db = home.data.join("new2048.db");
    let edit = |sql: &str| {
        let c = rusqlite::Connection::open(&db).unwrap();
        c.execute_batch(sql).unwrap();
    };
    // Nothing in the database marks the change: the row no longer is what was verified.
    edit("UPDATE games SET score = 5000 WHERE n = 1;");
    let stats = home.run(&["stats"], "");
    let said = text(&stats.stdout);
    assert!(stats.status.success(), "{}", text(&stats.stderr));
    assert!(!said.contains("5000"), "{said}");
    assert!(
        text(&stats.stderr).contains("is left out of the best scores"),
        "{}",
        text(&stats.stderr)
    );
    let marked = |rows: &[serde_json::Value]| -> Vec<bool> {
        rows.iter().map(|r| r["checked"] == false).collect()
    };
    assert_eq!(marked(&home.history_in(&home.data)), [false, false, true]);
    // Its verdict copied from a row that was verified does not make it so.
    edit(
        "UPDATE games SET score = 4000, seal = (SELECT seal FROM games WHERE n = 3), digest = \
         (SELECT digest FROM games WHERE n = 3) WHERE n = 2;",
    );
    assert_eq!(marked(&home.history_in(&home.data)), [false, true, true]);
    let table = text(&home.run(&["history"], "").stdout);
    assert!(
        table.contains("4000*") && table.contains("5000*"),
        "{table}"
    );
    assert!(table.contains("* changed in the database"), "{table}");
    let said = text(&home.run(&["stats"], "").stdout);
    assert!(!said.contains("5000") && !said.contains("4000"), "{said}");
    let out = home.run(&["data", "check"], "");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.matches("is not verified").count(), 2, "{err}");
}

/// The root page of `name` (a table or an index) in the database file at `db`.
fn root_page(db: &Path, name: &str) -> u64 {
    let c = rusqlite::Connection::open(db).unwrap();
    c.query_row(
        "SELECT rootpage FROM sqlite_schema WHERE name = ?1",
        [name],
        |r| r.get::<_, i64>(0),
    )
    .unwrap() as u64
}

/// Overwrites the header of page `page` (from 1) of the file `db` with bytes no page has.
fn spoil_page(db: &Path, page: u64) {
    use std::io::{Seek, SeekFrom, Write};
    let mut f = fs::OpenOptions::new().write(true).open(db).unwrap();
    let at = (page - 1) * 4096 + if page == 1 { 100 } else { 0 };
    f.seek(SeekFrom::Start(at)).unwrap();
    f.write_all(&[0xee; 12]).unwrap();
}

#[test]
fn a_damaged_index_is_found_on_opening_and_a_record_kept_aside_comes_in() {
    // Once: a damaged index made every write of a game's end fail; its record was kept in
    // games/<id>.json "for the next start", and every start failed to import it.
    let home = Home::linked();
    for seed in 1..=3 {
        home.play(seed);
    }
    // A record the database could not take, as the store keeps it.
    let other = home.tmp.path().join("other");
    home.run_in(
        &other,
        &["play", "--seed", "9", "--json"],
        &"1\n2\n3\n4\n5\n".repeat(60),
    );
    let export = home.run_in(&other, &["history", "--export", "1"], "");
    let record: serde_json::Value = serde_json::from_slice(&export.stdout).unwrap();
    let id = record["id"].as_str().unwrap().to_string();
    fs::create_dir_all(home.data.join("games")).unwrap();
    fs::write(home.data.join(format!("games/{id}.json")), &export.stdout).unwrap();
    let db = home.data.join("new2048.db");
    spoil_page(&db, root_page(&db, "games_newest"));
    let out = home.run(&["history", "--json"], "");
    let err = text(&out.stderr);
    assert!(err.contains("was damaged"), "{err}");
    assert!(err.contains("3 recorded games"), "{err}");
    assert!(err.contains("imported 1 recorded game"), "{err}");
    assert_eq!(crate::common::json_rows(&out).len(), 4, "{err}");
    assert_eq!(damaged_names(&home.data).len(), 1);
    assert!(!home.data.join(format!("games/{id}.json")).exists());
    let check = home.run(&["data", "check"], "");
    assert!(check.status.success(), "{}", text(&check.stderr));
}

#[test]
fn a_damaged_page_of_the_games_table_costs_only_its_rows() {
    // Once: `history` was empty with exit 0, and `replay 120` said history held 139.
    let home = Home::linked();
    for seed in 1..=24 {
        home.play(seed);
    }
    let db = home.data.join("new2048.db");
    // The table's root is an interior page: spoil its first child, a leaf of a few rows.
    let root = root_page(&db, "games");
    let bytes = fs::read(&db).unwrap();
    let page = &bytes[(root as usize - 1) * 4096..root as usize * 4096];
    assert_eq!(
        page[0], 0x05,
        "the games table fits one page: play longer games"
    );
    let first_cell = u16::from_be_bytes([page[12], page[13]]) as usize;
    let child = u32::from_be_bytes(page[first_cell..first_cell + 4].try_into().unwrap());
    spoil_page(&db, u64::from(child));
    let out = home.run(&["history", "--json"], "");
    let err = text(&out.stderr);
    assert!(err.contains("was damaged"), "{err}");
    assert!(err.contains("stay only in the damaged file"), "{err}");
    let rows = crate::common::json_rows(&out).len();
    assert!(
        (1..24).contains(&rows),
        "{rows} of 24 games came back: {err}"
    );
    assert!(err.contains(&format!("{rows} recorded games")), "{err}");
    // The command that found it says so; the next one finds the new file sound.
    let first = home.run(&["data", "check"], "");
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
}

#[test]
fn a_large_database_damaged_where_opening_does_not_look_is_mended_at_the_next_start() {
    let home = Home::linked();
    for seed in 1..=3 {
        home.play(seed);
    }
    let db = home.data.join("new2048.db");
    // Larger than the size checked at every start.
    let c = rusqlite::Connection::open(&db).unwrap();
    c.execute_batch(
        "CREATE TABLE pad (b BLOB); INSERT INTO pad VALUES (zeroblob(3000000)); \
         PRAGMA wal_checkpoint(TRUNCATE);",
    )
    .unwrap();
    drop(c);
    spoil_page(&db, root_page(&db, "games_newest"));
    let first = home.run(&["history", "--json"], "");
    let err = text(&first.stderr);
    assert!(
        err.contains("malformed") && err.contains("the next start of new2048 moves it aside"),
        "{err}"
    );
    assert_eq!(first.status.code(), Some(1), "{err}");
    assert!(home.data.join("new2048.db.check").exists(), "{err}");
    let second = home.run(&["history", "--json"], "");
    let err = text(&second.stderr);
    assert!(err.contains("was damaged"), "{err}");
    assert_eq!(crate::common::json_rows(&second).len(), 3, "{err}");
    assert!(!home.data.join("new2048.db.check").exists());
}

#[test]
fn a_store_error_exits_by_its_kind() {
    let home = Home::linked();
    home.play(1);
    let backup = |to: &Path| {
        let out = home
            .command(&["data", "backup"], &home.data)
            .arg(to)
            .output()
            .unwrap();
        (out.status.code(), text(&out.stderr))
    };
    // A name taken already: the player's to change (2).
    let taken = home.tmp.path().join("taken.db");
    fs::write(&taken, "mine").unwrap();
    let (code, err) = backup(&taken);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("exists already"), "{err}");
    // A folder that is not there: the system's answer (1), and nothing left behind.
    let (code, err) = backup(&home.tmp.path().join("no/such/folder/b.db"));
    assert_eq!(code, Some(1), "{err}");
    // A full disk and a read-only one (as root, on a small tmpfs): the machine's (1).
    let disk = home.tmp.path().join("disk");
    if let Some(tmpfs) = crate::faults::Tmpfs::mount(&disk, "256k") {
        tmpfs.fill();
        let (code, err) = backup(&disk.join("b.db"));
        assert_eq!(code, Some(1), "{err}");
        assert!(err.contains("full"), "{err}");
        assert!(!disk.join("b.db").exists(), "{err}");
        tmpfs.free();
        let ro = std::process::Command::new("mount")
            .args(["-o", "remount,ro"])
            .arg(&disk)
            .status()
            .unwrap();
        assert!(ro.success());
        let (code, err) = backup(&disk.join("b.db"));
        assert_eq!(code, Some(1), "{err}");
    } else {
        eprintln!("cannot mount a tmpfs here (not root?): the full-disk exit status is skipped");
    }
    // A newer schema: the player updates new2048 (2); a folder where the database should be: the
    // machine's (1).
    let db = home.data.join("new2048.db");
    set_user_version(&db, 99);
    let (code, err) = backup(&home.tmp.path().join("newer.db"));
    assert_eq!(code, Some(2), "{err}");
    fs::remove_file(&db).unwrap();
    fs::create_dir(&db).unwrap();
    let (code, err) = backup(&home.tmp.path().join("folder.db"));
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("not a regular file"), "{err}");
}
