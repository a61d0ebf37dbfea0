//! A damaged database mended while players use it (issue 41), through the built binary on real
//! files with real processes: kills at many moments of a mending, windows starting while it runs,
//! a game open in another window meanwhile, and a disk too full for the mended copy. After each,
//! every game that still reads is in history, and `data check` says the truth.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use tempfile::TempDir;

/// The longest any one command here may take before it counts as hung (a debug build on a
/// shared machine replays a few thousand games in seconds).
const HANG: Duration = Duration::from_secs(120);

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `new2048 args` in the temporary home `home`, with the data folder `data`.
fn command(home: &Path, data: &Path, args: &[&str]) -> Command {
    let mut c = crate::common::new2048(home);
    c.args(args)
        .env("NEW2048_DATA_DIR", data)
        .env_remove("NEW2048_CONFIG")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

/// Waits for `child` at most [`HANG`], reading its output meanwhile (a history of thousands of
/// games fills a pipe).
fn finish(child: Child) -> Output {
    let pid = child.id();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    if let Ok(out) = rx.recv_timeout(HANG) {
        return out.unwrap();
    }
    let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
    panic!("new2048 hung");
}

fn run(home: &Path, data: &Path, args: &[&str]) -> Output {
    finish(command(home, data, args).spawn().unwrap())
}

/// The files of `data` whose names start with `prefix`.
fn named(data: &Path, prefix: &str) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(data)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(prefix) && !n.ends_with("-wal") && !n.ends_with("-shm"))
        .collect();
    v.sort();
    v
}

/// A database of `games` recorded games (one real game, copied under new ids and checked by the
/// program), with a page of its games table spoiled: its bytes.
fn damaged_file(home: &Path, games: usize) -> Vec<u8> {
    let data = home.join("seed");
    let mut play = command(home, &data, &["play", "--seed", "3", "--json"])
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    play.stdin.take().unwrap().write_all(b"1\n2\n").unwrap();
    assert!(finish(play).status.success());
    let db = data.join("new2048.db");
    let c = rusqlite::Connection::open(&db).unwrap();
    let columns: Vec<String> = c
        .prepare(
            "SELECT name FROM pragma_table_info('games') WHERE name NOT IN ('n', 'id', 'body', \
             'digest', 'seal')",
        )
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let list = columns.join(", ");
    c.execute(
        &format!(
            "WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?1) \
             INSERT INTO games (id, body, {list}) SELECT substr(id, 1, 17) || printf('%08x', i), \
             json_set(body, '$.id', substr(id, 1, 17) || printf('%08x', i)), {list} FROM games, \
             k WHERE n = 1"
        ),
        [games as i64 - 1],
    )
    .unwrap();
    drop(c);
    // The program checks the copies once (they replay as recorded).
    let out = run(home, &data, &["history", "--json"]);
    assert_eq!(crate::common::json_rows(&out).len(), games);
    assert!(!data.join("new2048.db-wal").exists());
    let c = rusqlite::Connection::open(&db).unwrap();
    let root: i64 = c
        .query_row(
            "SELECT rootpage FROM sqlite_schema WHERE name = 'games'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    drop(c);
    let mut bytes = fs::read(&db).unwrap();
    let page = &bytes[(root as usize - 1) * 4096..root as usize * 4096];
    assert_eq!(
        page[0], 0x05,
        "the games table fits one page: copy more games"
    );
    let first_cell = u16::from_be_bytes([page[12], page[13]]) as usize;
    let child = u32::from_be_bytes(page[first_cell..first_cell + 4].try_into().unwrap()) as usize;
    bytes[(child - 1) * 4096..(child - 1) * 4096 + 12].fill(0xee);
    bytes
}

/// A fresh data folder under `home` holding the damaged file `bytes`.
fn data_with(home: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let data = home.join(name);
    fs::create_dir_all(&data).unwrap();
    fs::write(data.join("new2048.db"), bytes).unwrap();
    data
}

/// The games history lists, or `None` when the command failed (it then says why).
fn history(home: &Path, data: &Path) -> (Option<usize>, String) {
    let out = run(home, data, &["history", "--json"]);
    let err = text(&out.stderr);
    if !out.status.success() {
        return (None, err);
    }
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    (Some(rows.as_array().unwrap().len()), err)
}

/// Mends a copy of `bytes` once, whole: how many games came back. Its message counts exactly
/// what was lost.
fn mended_count(home: &Path, bytes: &[u8], total: usize) -> usize {
    let data = data_with(home, "reference", bytes);
    fs::write(data.join("new2048.db.check"), b"").unwrap();
    let (rows, err) = history(home, &data);
    let rows = rows.unwrap_or_else(|| panic!("{err}"));
    assert!((1..total).contains(&rows), "{rows} of {total}: {err}");
    assert!(
        err.contains(&format!(
            "{rows} recorded games and 0 saved games came back"
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "{} recorded games could not be read",
            total - rows
        )),
        "{err}"
    );
    rows
}

/// Whether `data` was left mended (the damaged file kept aside), or as it was.
fn state(data: &Path) -> &'static str {
    let aside = !named(data, "new2048.db.damaged-").is_empty();
    let ready = data.join("new2048.db.mended").exists();
    let note = data.join("new2048.db.mended-note").exists();
    match (aside, ready, note) {
        (true, true, _) => "damaged file kept aside, copy not yet in place",
        (false, true, _) => "copy whole, not yet in place",
        (true, false, true) => "copy in place, not yet said",
        (true, false, false) => "mended",
        (false, false, true) => "copy synced, not yet renamed whole",
        (false, false, false) if data.join("new2048.db.mending").exists() => "copying",
        (false, false, false) => "as it was",
    }
}

#[test]
fn a_mending_killed_at_any_moment_loses_no_game_and_the_next_start_finishes_it() {
    let tmp = TempDir::new().unwrap();
    let home = tmp.path();
    let total = 2500;
    let bytes = damaged_file(home, total);
    let expected = mended_count(home, &bytes, total);
    let mut seen = Vec::new();
    // Kills after a delay, and kills the moment a step of the swap shows (the copy renamed
    // whole, the damaged file given its second name), polled every millisecond.
    let delays = [0u64, 15, 40, 80, 120, 180, 250, 350, 500, 800, 1500, 3000];
    let moments = [
        "new2048.db.mended-note",
        "new2048.db.mended",
        "new2048.db.damaged-",
    ];
    let kills = delays
        .iter()
        .map(|d| (Some(*d), ""))
        .chain(moments.iter().flat_map(|m| [(None, *m), (None, *m)]));
    for (i, (delay, moment)) in kills.enumerate() {
        let data = data_with(home, &format!("kill{i}"), &bytes);
        fs::write(data.join("new2048.db.check"), b"").unwrap();
        let mut child = command(home, &data, &["history", "--json"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let started = Instant::now();
        if let Some(d) = delay {
            std::thread::sleep(Duration::from_millis(d));
        } else {
            let shown = |m: &str| named(&data, m).iter().any(|n| n == m || m.ends_with('-'));
            while !shown(moment) && child.try_wait().unwrap().is_none() {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        let _ = child.kill();
        let _ = child.wait();
        let left = state(&data);
        let delay = started.elapsed().as_millis();
        seen.push(format!("{delay} ms: {left}"));
        // Never an empty database where the games were: the damaged file until it has its
        // second name, then it or the whole copy.
        let here = fs::metadata(data.join("new2048.db")).unwrap().len();
        if named(&data, "new2048.db.damaged-").is_empty() {
            assert_eq!(here, bytes.len() as u64, "{left}");
        }
        let (rows, err) = history(home, &data);
        assert_eq!(
            rows,
            Some(expected),
            "after a kill at {delay} ms ({left}): {err}"
        );
        assert_eq!(named(&data, "new2048.db.damaged-").len(), 1, "{err}");
        for leftover in [
            "new2048.db.mending",
            "new2048.db.mended",
            "new2048.db.mended-note",
        ] {
            assert!(!data.join(leftover).exists(), "{leftover} left: {err}");
        }
        let check = run(home, &data, &["data", "check"]);
        assert!(check.status.success(), "{}", text(&check.stderr));
        assert!(text(&check.stdout).contains("is sound"));
    }
    eprintln!("kills during a mending of {total} games: {seen:?}");
}

#[test]
fn windows_started_during_a_mending_wait_for_it_and_never_show_an_empty_history() {
    let tmp = TempDir::new().unwrap();
    let home = tmp.path();
    let total = 2500;
    let bytes = damaged_file(home, total);
    let expected = mended_count(home, &bytes, total);
    let (mut waited, mut shown, mut copied, mut refused) = (0, 0, 0, 0);
    for round in 0..2 {
        let data = data_with(home, &format!("round{round}"), &bytes);
        fs::write(data.join("new2048.db.check"), b"").unwrap();
        let mender = command(home, &data, &["history", "--json"])
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(30));
        let readers: Vec<Child> = (0..6)
            .map(|_| {
                command(home, &data, &["history", "--json"])
                    .spawn()
                    .unwrap()
            })
            .collect();
        let copies: Vec<(PathBuf, Child)> = (0..3)
            .map(|k| {
                let to = home.join(format!("copy-{round}-{k}.db"));
                let c = command(home, &data, &["data", "backup", to.to_str().unwrap()])
                    .spawn()
                    .unwrap();
                (to, c)
            })
            .collect();
        for c in std::iter::once(mender).chain(readers) {
            let out = finish(c);
            let err = text(&out.stderr);
            waited += usize::from(err.contains("waiting for it to finish"));
            if out.status.success() {
                let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
                assert_eq!(rows.as_array().unwrap().len(), expected, "{err}");
                shown += 1;
            } else {
                refused += 1;
            }
        }
        for (to, c) in copies {
            let out = finish(c);
            let err = text(&out.stderr);
            waited += usize::from(err.contains("waiting for it to finish"));
            if out.status.success() {
                let c = rusqlite::Connection::open(&to).unwrap();
                let n: i64 = c
                    .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
                    .unwrap();
                assert_eq!(n as usize, expected, "a copy taken during a mending: {err}");
                copied += 1;
            } else {
                assert!(!to.exists(), "{err}");
                refused += 1;
            }
        }
        assert_eq!(named(&data, "new2048.db.damaged-").len(), 1);
    }
    eprintln!(
        "windows during a mending: {shown} histories showed every game, {copied} backups held \
         every game, {refused} refused, {waited} said they waited"
    );
    assert!(shown > 0);
}

#[test]
fn a_game_open_while_another_window_mends_the_file_goes_on_in_the_mended_one() {
    let tmp = TempDir::new().unwrap();
    let home = tmp.path();
    // Larger than a start checks: the game's window opens it without finding the damage.
    let total = 5000;
    let bytes = damaged_file(home, total);
    assert!(bytes.len() > 2 << 20);
    let expected = mended_count(home, &bytes, total);
    let data = data_with(home, "open", &bytes);
    let mut game = command(home, &data, &["play", "--seed", "5", "--json"])
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    let mut keys = game.stdin.take().unwrap();
    writeln!(keys, "1\n2").unwrap();
    keys.flush().unwrap();
    let deadline = Instant::now() + HANG;
    while crate::common::saved_moves(&data, "cards") != Some(2) {
        assert!(Instant::now() < deadline, "the save never showed");
        std::thread::sleep(Duration::from_millis(20));
    }
    // Another window meets the damage (a window that did asks the next start to check) and
    // mends the file, the game's save with it.
    fs::write(data.join("new2048.db.check"), b"").unwrap();
    let (rows, err) = history(home, &data);
    assert_eq!(rows, Some(expected), "{err}");
    assert!(err.contains("1 saved game came back"), "{err}");
    // The game goes on: two more moves, then it ends (quit), recorded in the mended file.
    writeln!(keys, "3\n4").unwrap();
    drop(keys);
    let out = finish(game);
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("was mended by another new2048"), "{err}");
    let (rows, err) = history(home, &data);
    assert_eq!(rows, Some(expected + 1), "{err}");
    assert_eq!(crate::common::saves(&data), 0);
    let played = crate::common::db_number(
        &data,
        "SELECT played FROM games ORDER BY ended DESC, n DESC LIMIT 1",
        &[],
    );
    assert_eq!(played, Some(4));
    let check = run(home, &data, &["data", "check"]);
    assert!(check.status.success(), "{}", text(&check.stderr));
}

#[test]
fn a_disk_too_full_for_the_mended_copy_leaves_everything_in_place_and_says_what_it_needs() {
    let tmp = TempDir::new().unwrap();
    let home = tmp.path();
    let total = 2000;
    let bytes = damaged_file(home, total);
    let expected = mended_count(home, &bytes, total);
    let data = home.join("small");
    let Some(disk) = crate::faults::Tmpfs::mount(&data, "4m") else {
        eprintln!("cannot mount a tmpfs here (not root?): the full-disk mending check is skipped");
        return;
    };
    fs::write(data.join("new2048.db"), &bytes).unwrap();
    disk.fill();
    // About 128 KB free: far less than a copy of what reads.
    let filler = fs::OpenOptions::new()
        .write(true)
        .open(data.join("filler"))
        .unwrap();
    let len = filler.metadata().unwrap().len();
    filler.set_len(len.saturating_sub(128 << 10)).unwrap();
    drop(filler);
    for _ in 0..2 {
        let out = run(home, &data, &["history", "--json"]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        // No game shown as if there were none: the command fails.
        assert!(matches!(text(&out.stdout).trim(), "" | "[]"), "{err}");
        assert!(
            err.contains("no room for a mended copy") && err.contains("it needs about"),
            "{err}"
        );
        assert!(err.contains("nothing was moved or changed"), "{err}");
        assert_eq!(fs::read(data.join("new2048.db")).unwrap(), bytes);
        assert!(named(&data, "new2048.db.damaged-").is_empty());
        assert!(named(&data, "new2048.db.mend").is_empty(), "{err}");
        let check = run(home, &data, &["data", "check"]);
        assert_ne!(check.status.code(), Some(0), "{}", text(&check.stderr));
    }
    // Room again: the next start mends it.
    disk.free();
    let (rows, err) = history(home, &data);
    assert_eq!(rows, Some(expected), "{err}");
    assert!(err.contains("was damaged"), "{err}");
    let check = run(home, &data, &["data", "check"]);
    assert!(check.status.success(), "{}", text(&check.stderr));
}

/// A window killed after its mended copy was put in place but before it said so: the note left
/// beside the database makes the next start say it, and it is said once.
#[test]
fn a_mending_not_yet_said_is_said_by_the_next_start_once() {
    let home = TempDir::new().unwrap();
    let data = home.path().join("data");
    let played = command(home.path(), &data, &["play", "--seed", "1"])
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    let mut played = played;
    played
        .stdin
        .take()
        .unwrap()
        .write_all(b"1\n1\nq\n")
        .unwrap();
    assert!(finish(played).status.success());
    // The state such a kill leaves: the copy in place, its note still there.
    fs::write(
        data.join("new2048.db.mended-note"),
        "Tree 5 page 123: extends off end of page\n11 recorded games stay only in the damaged file",
    )
    .unwrap();
    let first = run(home.path(), &data, &["history"]);
    let err = text(&first.stderr);
    assert!(
        err.contains("was damaged") && err.contains("11 recorded games"),
        "{err}"
    );
    assert!(!data.join("new2048.db.mended-note").exists());
    let again = run(home.path(), &data, &["history"]);
    assert!(
        !text(&again.stderr).contains("was damaged"),
        "{}",
        text(&again.stderr)
    );
}
