//! Files from elsewhere, through the built binary on real files: a backup or an old JSON folder
//! whose ids are paths, a backup carrying a trigger of its own (and 64 KB pages), rows edited
//! with their verdict set, a FIFO handed to `data restore`, a database that is not a file, two
//! restores in one second, a failed backup and restores killed at random moments.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use tempfile::TempDir;

/// A home of its own for the binary, whose data folder files from elsewhere are put in
/// (`disguised` uses it too).
pub(crate) struct Home {
    pub(crate) tmp: TempDir,
}

impl Home {
    pub(crate) fn new() -> Home {
        Home {
            tmp: tempfile::tempdir().unwrap(),
        }
    }

    pub(crate) fn data(&self) -> PathBuf {
        self.tmp.path().join("data")
    }

    pub(crate) fn command(&self, args: &[&str]) -> Command {
        let mut c = crate::common::new2048(self.tmp.path());
        c.args(args)
            .env_remove("NEW2048_CONFIG")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        c
    }

    /// Runs `args` typing `input`; fails the test if it takes over 20 s (something waited).
    pub(crate) fn run(&self, args: &[&str], input: &str) -> Output {
        let mut child = self.command(args).spawn().unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let input = input.to_string();
        std::thread::spawn(move || {
            let _ = stdin.write_all(input.as_bytes());
        });
        let deadline = Instant::now() + Duration::from_secs(20);
        while child.try_wait().unwrap().is_none() {
            if Instant::now() > deadline {
                let _ = child.kill();
                let _ = child.wait();
                panic!("`new2048 {}` hung", args.join(" "));
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        child.wait_with_output().unwrap()
    }

    pub(crate) fn play(&self, seed: u32) {
        let out = self.run(
            &["play", "--seed", &seed.to_string(), "--json"],
            &"1\n2\n3\n4\n5\nd\n".repeat(200),
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
    }

    /// A card game of `seed` left saved after two moves (its window killed).
    fn leave_saved(&self, seed: u32) {
        let before = crate::common::saves(&self.data());
        let mut child = self
            .command(&["play", "--seed", &seed.to_string(), "--json"])
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(b"1\n2\n").unwrap();
        stdin.flush().unwrap();
        let deadline = Instant::now() + Duration::from_secs(30);
        while crate::common::saves(&self.data()) <= before
            || crate::common::saved_moves(&self.data(), "cards") != Some(2)
        {
            assert!(Instant::now() < deadline, "the game was never saved");
            std::thread::sleep(Duration::from_millis(10));
        }
        child.kill().unwrap();
        let _ = child.wait();
    }

    pub(crate) fn history(&self) -> Vec<serde_json::Value> {
        crate::common::json_rows(&self.run(&["history", "--json"], ""))
    }

    pub(crate) fn backup(&self, name: &str) -> PathBuf {
        let to = self.tmp.path().join(name);
        let out = self.command(&["data", "backup"]).arg(&to).output().unwrap();
        assert!(out.status.success(), "{}", text(&out.stderr));
        to
    }

    pub(crate) fn restore(&self, from: &Path) -> Output {
        self.command(&["data", "restore"])
            .arg(from)
            .output()
            .unwrap()
    }

    /// The names in the data folder that begin with `prefix`.
    fn named(&self, prefix: &str) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(self.data())
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with(prefix))
            .collect();
        v.sort();
        v
    }
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn edit(db: &Path, sql: &str) {
    let c = rusqlite::Connection::open(db).unwrap();
    c.execute_batch(sql).unwrap();
}

/// Files outside the data folder that an id written as a path would name: they must stay.
fn bait(home: &Home) -> PathBuf {
    let outside = home.tmp.path().join("x");
    fs::create_dir_all(&outside).unwrap();
    for name in ["keep.lock", "keep.json"] {
        fs::write(outside.join(name), "mine").unwrap();
    }
    outside
}

fn bait_untouched(home: &Home, outside: &Path) {
    for name in ["keep.lock", "keep.json"] {
        assert_eq!(
            fs::read_to_string(outside.join(name)).unwrap(),
            "mine",
            "{name} outside the data folder was changed"
        );
    }
    assert!(!home.tmp.path().join("ESCAPED").exists());
    assert!(!home.data().join("../ESCAPED").exists());
}

#[test]
fn ids_that_are_paths_come_in_from_no_backup_no_old_folder_and_no_edited_row() {
    let home = Home::new();
    home.play(1);
    home.play(2);
    home.leave_saved(9);
    let outside = bait(&home);
    let keep = outside.join("keep").to_string_lossy().into_owned();
    let backup = home.backup("paths.db");
    edit(
        &backup,
        &format!(
            "PRAGMA foreign_keys = OFF; UPDATE saves SET id = '{keep}'; UPDATE save_moves SET \
             save = '{keep}'; UPDATE games SET id = '../../ESCAPED/sub/pwn' WHERE n = 1;"
        ),
    );
    let out = home.restore(&backup);
    let said = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        said.contains("1 recorded game and 0 saved games")
            && said.contains("2 rows of it were refused")
            && said.matches("is not of the form new2048 makes").count() == 2,
        "{said}"
    );
    assert_eq!(home.history().len(), 1);
    let out = home.run(&["play", "--resume", "1", "--json"], "1\n");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let check = home.run(&["data", "check"], "");
    assert!(check.status.success(), "{}", text(&check.stderr));
    bait_untouched(&home, &outside);

    // The same id edited into the live database: not listed, never a file's name, and named by
    // `data check`.
    home.leave_saved(10);
    let db = home.data().join("new2048.db");
    edit(
        &db,
        &format!(
            "PRAGMA foreign_keys = OFF; UPDATE saves SET id = '{keep}'; UPDATE save_moves SET \
             save = '{keep}';"
        ),
    );
    let out = home.run(&["saved", "--json"], "");
    assert!(crate::common::json_rows(&out).is_empty());
    assert!(
        text(&out.stderr).contains("is not of the form"),
        "{}",
        text(&out.stderr)
    );
    let out = home.run(&["play", "--resume", "1", "--json"], "1\n");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let check = home.run(&["data", "check"], "");
    assert_eq!(check.status.code(), Some(2), "{}", text(&check.stderr));
    assert!(text(&check.stderr).contains("a row of the saves table is refused"));
    bait_untouched(&home, &outside);

    // The same id in an old `saves/x.json` dropped into an empty data folder.
    let old = Home::new();
    let outside = bait(&old);
    let keep = outside.join("keep").to_string_lossy().into_owned();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/json-store/saves/20261202T005126Z-08d3d535.json");
    let json = fs::read_to_string(fixture)
        .unwrap()
        .replace("20261202T005126Z-08d3d535", &keep);
    fs::create_dir_all(old.data().join("saves")).unwrap();
    fs::write(old.data().join("saves/x.json"), json).unwrap();
    let out = old.run(&["saved", "--json"], "");
    assert!(crate::common::json_rows(&out).is_empty());
    let err = text(&out.stderr);
    assert!(
        err.contains("x.json") && err.contains("is not of the form"),
        "{err}"
    );
    let out = old.run(&["play", "--resume", "1", "--json"], "1\n");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    bait_untouched(&old, &outside);
}

#[test]
fn a_rule_set_name_never_reads_outside_the_rules_folder() {
    let home = Home::new();
    let rules = home.tmp.path().join("xdg-config/new2048/rules");
    fs::create_dir_all(&rules).unwrap();
    // `rules/../../evil.toml`, a rules file that would play.
    fs::write(rules.join("../../evil.toml"), "name = \"evil\"\n").unwrap();
    let out = home.run(
        &["--rules", "../../evil", "play", "--seed", "1", "--json"],
        "1\n",
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("no preset or rule set"), "{err}");
}

#[test]
fn a_restored_backup_brings_rows_and_no_trigger_view_or_page_size_of_its_own() {
    let home = Home::new();
    for seed in 1..=3 {
        home.play(seed);
    }
    let backup = home.backup("triggers.db");
    edit(
        &backup,
        "CREATE TRIGGER wipe AFTER INSERT ON games BEGIN DELETE FROM games WHERE n < NEW.n; END;
         CREATE TRIGGER games_edited AFTER UPDATE ON games BEGIN SELECT 1; END;
         CREATE VIEW everything AS SELECT * FROM games;
         CREATE INDEX mine ON games (score);
         PRAGMA journal_mode = DELETE; PRAGMA page_size = 65536; VACUUM;",
    );
    let c = rusqlite::Connection::open(&backup).unwrap();
    let page: i64 = c.query_row("PRAGMA page_size", [], |r| r.get(0)).unwrap();
    assert_eq!(page, 65536);
    drop(c);
    home.play(4);
    let out = home.restore(&backup);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("3 recorded games"),
        "{}",
        text(&out.stdout)
    );
    assert_eq!(
        crate::common::db_number(
            &home.data(),
            "SELECT count(*) FROM sqlite_schema WHERE type IN ('trigger', 'view') OR name = 'mine'",
            &[],
        ),
        Some(0)
    );
    // One more game: history holds it beside the three restored.
    home.play(5);
    assert_eq!(home.history().len(), 4);
    let check = home.run(&["data", "check"], "");
    assert!(check.status.success(), "{}", text(&check.stderr));
    // The database replaced is kept whole: the four games before the restore.
    let kept = home.named("new2048.db.before-restore-");
    assert_eq!(kept.len(), 1, "{kept:?}");
    let other = Home::new();
    fs::create_dir_all(other.data()).unwrap();
    fs::copy(home.data().join(&kept[0]), other.data().join("new2048.db")).unwrap();
    assert_eq!(other.history().len(), 4);
}

#[test]
fn edited_rows_with_their_verdict_set_count_in_no_figure() {
    let home = Home::new();
    for seed in 1..=4 {
        home.play(seed);
    }
    let before = text(&home.run(&["stats"], "").stdout);
    assert!(
        before.contains("games 4 ") && before.contains("wins 0"),
        "{before}"
    );
    let db = home.data().join("new2048.db");
    // A row's result changed, its verdict copied from a sound row; another row copied whole
    // under a new id and number, as a hand-written INSERT would be.
    edit(
        &db,
        "UPDATE games SET score = 99999, outcome = 'won', highest = 2048, seal = (SELECT seal \
         FROM games WHERE n = 2), digest = (SELECT digest FROM games WHERE n = 2) WHERE n = 1;
         INSERT INTO games (id, game, of, rules, started, ended, duration_secs, outcome, score, \
         played, highest, undos, deal, daily, deck, size, result, players, body, digest, seal) \
         SELECT '20261201T075600Z-0badc0de', game, of, rules, started, ended, duration_secs, \
         'won', 50000, played, 4096, undos, deal, daily, deck, size, result, players, body, \
         digest, seal FROM games WHERE n = 3;",
    );
    let out = home.run(&["stats"], "");
    let said = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        said.contains("games 3 ") && said.contains("wins 0"),
        "{said}"
    );
    assert!(!said.contains("99999") && !said.contains("50000"), "{said}");
    assert!(
        !said.contains("2048 │") && !said.contains("4096 │"),
        "{said}"
    );
    assert!(
        said.contains("left out: 2 games edited in the database"),
        "{said}"
    );
    let table = text(&home.run(&["history"], "").stdout);
    assert!(
        table.contains("99999*") && table.contains("50000*"),
        "{table}"
    );
    let rows = home.history();
    assert_eq!(rows.iter().filter(|r| r["checked"] == false).count(), 2);
    let check = home.run(&["data", "check"], "");
    let err = text(&check.stderr);
    assert_eq!(check.status.code(), Some(2), "{err}");
    assert_eq!(err.matches("is not verified").count(), 2, "{err}");
    // A verdict cleared to be checked again: replayed, and still refused.
    edit(&db, "UPDATE games SET seal = NULL, digest = NULL;");
    let said = text(&home.run(&["stats"], "").stdout);
    assert!(
        said.contains("games 3 ") && said.contains("left out: 2 games"),
        "{said}"
    );
}

#[cfg(unix)]
#[test]
fn a_fifo_or_a_folder_is_refused_as_a_backup_and_as_the_database() {
    let home = Home::new();
    home.play(1);
    let fifo = home.tmp.path().join("fifo.db");
    let made = Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()));
    let out = home.run(&["data", "restore", fifo.to_str().unwrap()], "");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("a FIFO") && err.contains("nothing was changed"),
        "{err}"
    );
    assert!(home.named("new2048.db.before-restore-").is_empty());
    assert_eq!(home.history().len(), 1);

    for kind in ["a folder", "a FIFO"] {
        let other = Home::new();
        fs::create_dir_all(other.data()).unwrap();
        let db = other.data().join("new2048.db");
        if kind == "a folder" {
            fs::create_dir(&db).unwrap();
        } else {
            assert!(Command::new("mkfifo").arg(&db).status().unwrap().success());
        }
        for args in [
            &["history"][..],
            &["history", "--json"],
            &["history", "--csv"],
            &["stats"],
            &["data", "check"],
        ] {
            let out = other.run(args, "");
            let err = text(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{kind} {args:?}: {err}");
            assert!(
                err.contains(kind) && err.contains("new2048.db"),
                "{kind}: {err}"
            );
            // History that could not be read is never shown as an empty one, in any format.
            if args[0] == "history" {
                assert_eq!(text(&out.stdout), "", "{kind} {args:?}");
            }
        }
    }
}

/// A backup whose summary columns were edited by hand (a score, a highest card) is restored
/// from its games' own records, and the restore says which rows and columns it set right.
/// Once, the columns were silently replaced.
#[test]
fn a_restore_says_which_edited_columns_it_took_from_the_record() {
    let home = Home::new();
    home.play(1);
    home.play(2);
    let backup = home.backup("edited.db");
    edit(
        &backup,
        "UPDATE games SET score = 99999, highest = 4096 WHERE n = 2;",
    );
    let out = home.restore(&backup);
    let said = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        said.contains(
            "kept the games' own figures where 1 row of the backup said otherwise (edited by \
             hand?): row n 2 of games (score, highest)"
        ),
        "{said}"
    );
    let rows = home.history();
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|r| r["score"] != 99999), "{rows:?}");
}

#[test]
fn restores_in_one_second_keep_both_and_a_failed_backup_leaves_nothing() {
    let home = Home::new();
    home.play(1);
    let backup = home.backup("one.db");
    home.play(2);
    for _ in 0..3 {
        let out = home.restore(&backup);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let said = text(&out.stdout);
        assert!(
            !said.contains("removed") && !said.contains("otherwise"),
            "{said}"
        );
    }
    let three = home.named("new2048.db.before-restore-");
    assert_eq!(three.len(), 3);
    assert_eq!(home.history().len(), 1);
    // Two more: the newest three copies stay (once, a copy a restore; without end).
    for _ in 0..2 {
        let out = home.restore(&backup);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(
            text(&out.stdout)
                .contains("older copies kept by restores removed: 1 (the newest 3 stay)"),
            "{}",
            text(&out.stdout)
        );
    }
    let kept = home.named("new2048.db.before-restore-");
    assert_eq!(kept.len(), 3, "{kept:?}");
    // The oldest two went (the second's name, `-2`, is never taken again meanwhile).
    assert!(!kept.contains(&three[1]), "{kept:?} {three:?}");
    // An existing name is never written over; a folder that is not there names the path.
    let out = home
        .command(&["data", "backup"])
        .arg(&backup)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("exists already"));
    let nowhere = home.tmp.path().join("no-such-folder/b.db");
    let out = home
        .command(&["data", "backup"])
        .arg(&nowhere)
        .output()
        .unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains(&nowhere.display().to_string()), "{err}");
    let left: Vec<_> = fs::read_dir(home.tmp.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("journal") || n.starts_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_restore_killed_at_any_moment_leaves_the_old_rows_or_the_new_and_no_partial_file() {
    let home = Home::new();
    for seed in 1..=6 {
        home.play(seed);
    }
    let backup = home.backup("six.db");
    home.play(7);
    for delay_ms in [0u64, 2, 5, 10, 20, 40, 80] {
        let mut child = home
            .command(&["data", "restore"])
            .arg(&backup)
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(delay_ms));
        let _ = child.kill();
        let _ = child.wait();
        let n = home.history().len();
        assert!(n == 6 || n == 7, "after {delay_ms} ms: {n} games");
        for name in home.named("new2048.db.before-restore-") {
            let path = home.data().join(&name);
            let size = fs::metadata(&path).unwrap().len();
            assert!(size > 0, "{name} is empty");
            let c = rusqlite::Connection::open_with_flags(
                &path,
                rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY,
            )
            .unwrap();
            let games: i64 = c
                .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
                .unwrap();
            assert!(games == 6 || games == 7, "{name}: {games}");
        }
        let stray: Vec<String> = fs::read_dir(home.data())
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains("journal") || n.starts_with(".tmp"))
            .collect();
        assert!(stray.is_empty(), "after {delay_ms} ms: {stray:?}");
    }
}

/// Whose fault a failed restore or backup is decides its exit status: a backup file that is
/// damaged is the file's (2, nothing changed); a disk with no room to keep today's database
/// first, or to write a backup, is the machine's (1, nothing changed either).
#[test]
fn a_restore_the_disk_has_no_room_for_exits_1_and_a_damaged_backup_2() {
    let home = Home::new();
    let Some(disk) = crate::faults::Tmpfs::mount(&home.data(), "4m") else {
        eprintln!("cannot mount a tmpfs here (not root?): the full-disk restore check is skipped");
        return;
    };
    home.play(1);
    let backup = home.backup("one.db");
    let mut bytes = fs::read(&backup).unwrap();
    assert!(bytes.len() > 8192);
    bytes[4096..8192].fill(0x55);
    let damaged = home.tmp.path().join("damaged.db");
    fs::write(&damaged, &bytes).unwrap();
    let out = home.restore(&damaged);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("nothing was changed"), "{err}");

    // A database of a megabyte (a deck row), on a disk with 256 KB free: no room to keep it.
    edit(
        &home.data().join("new2048.db"),
        "INSERT INTO decks (hash, cards) VALUES ('big', hex(randomblob(500000)))",
    );
    disk.fill();
    let filler = fs::OpenOptions::new()
        .write(true)
        .open(home.data().join("filler"))
        .unwrap();
    let len = filler.metadata().unwrap().len();
    filler.set_len(len.saturating_sub(256 << 10)).unwrap();
    drop(filler);
    let out = home.restore(&backup);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("cannot keep the database"), "{err}");
    assert!(home.named("new2048.db.before-restore-").is_empty());
    let to = home.data().join("two.db");
    let out = home.command(&["data", "backup"]).arg(&to).output().unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(!to.exists(), "{err}");
    disk.free();
    assert_eq!(home.history().len(), 1);
    let out = home.restore(&backup);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// `history --export` of a game whose row was edited into what does not read says so, and exits
/// 2 (a hostile row, not the machine), whether SQLite or the program's reader finds it out.
#[test]
fn a_game_whose_row_does_not_read_is_not_exported_and_exits_2() {
    let home = Home::new();
    home.play(1);
    let db = home.data().join("new2048.db");
    for body in ["{", r#"{"game": "cards", "moves": 7}"#] {
        edit(&db, &format!("UPDATE games SET body = '{body}'"));
        let out = home.run(&["history", "--export", "1"], "");
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{body}: {err}");
        assert!(err.contains("cannot export game 1"), "{err}");
        assert_eq!(text(&out.stdout), "", "{body}");
    }
}
