//! Text that disguises itself, and rows no game played here could have, through the built binary
//! on real files: a right-to-left override (U+202E) in a player's name and a rules' name, from a
//! crafted backup, an older version's JSON folder, a record file and a row edited in the
//! database, comes out escaped (`\u{202e}`) in the history table, `--csv`, `--json` and `stats`,
//! and is refused where a name is typed; a name a spreadsheet would run (`=cmd|"/c calc"!A1`) is
//! text in `--csv`; a restored player name of 100,001 characters and a game ending in 9999 are
//! refused by `data restore` and named by `data check`.

use std::fs;
use std::path::{Path, PathBuf};

use crate::untrusted::Home;

/// The right-to-left override: what follows it shows backwards.
const RLO: char = '\u{202e}';
/// How [`RLO`] shows once escaped.
const RLO_SHOWN: &str = "\\u{202e}";
/// A name a spreadsheet takes for a formula that runs a program.
const FORMULA: &str = "=cmd|\"/c calc\"!A1";

impl Home {
    fn db(&self) -> PathBuf {
        self.data().join("new2048.db")
    }

    /// A card duel of `names` (`Ann,Bob`) given up after one move.
    fn duel(&self, names: &str) {
        let out = self.run(
            &["duel", "--seed", "5", "--names", names, "--json"],
            "1\nq\n",
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
    }

    /// What every output of history and stats prints: the table, CSV, JSON, stats, with their
    /// warnings.
    fn outputs(&self) -> Vec<(&'static str, String)> {
        let mut all = Vec::new();
        for (what, args) in [
            ("table", &["history"][..]),
            ("csv", &["history", "--csv"]),
            ("json", &["history", "--json"]),
            ("stats", &["stats"]),
            ("saved", &["saved", "--json"]),
        ] {
            let out = self.run(args, "");
            all.push((what, format!("{}{}", text(&out.stdout), text(&out.stderr))));
        }
        all
    }
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Runs `sql` on the database `db`, `?1` bound to `arg`.
fn edit(db: &Path, sql: &str, arg: &str) {
    let c = rusqlite::Connection::open(db).unwrap();
    for statement in sql.split(';').filter(|s| !s.trim().is_empty()) {
        if statement.contains("?1") {
            c.execute(statement, [arg]).unwrap();
        } else {
            c.execute_batch(statement).unwrap();
        }
    }
}

/// Sets the name of player `i` of every duel in `db` to `name`, in the record and its column.
fn name_players(db: &Path, i: usize, name: &str) {
    edit(
        db,
        &format!(
            "UPDATE games SET body = json_set(body, '$.players[{i}].name', ?1), players = \
             json_set(players, '$[{i}].name', ?1) WHERE game = 'duel'"
        ),
        name,
    );
}

/// Whether `out` holds a character that does not show as itself (a line break aside).
fn hides(out: &str) -> bool {
    out.chars()
        .any(|c| c != '\n' && new2048::base::visible::is_hidden(c))
}

#[test]
fn a_bidi_name_and_a_formula_name_come_out_escaped_and_neutralised_in_every_output() {
    let home = Home::new();
    // Typed, a name holding U+202E is refused, and the message shows it escaped.
    let bidi = format!("Ann{RLO}lla");
    let out = home.run(
        &["duel", "--names", &format!("{bidi},Bob"), "--json"],
        "1\nq\n",
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!("Ann{RLO_SHOWN}lla")) && err.contains("U+202E"),
        "{err}"
    );
    assert!(!hides(&err), "{err:?}");
    // So is a rules file whose name holds one.
    let rules = home.tmp.path().join("xdg-config/new2048/rules");
    fs::create_dir_all(&rules).unwrap();
    fs::write(
        rules.join("turned.toml"),
        format!("name = \"my{RLO}txt\"\n"),
    )
    .unwrap();
    let out = home.run(
        &["--rules", "turned", "play", "--seed", "1", "--json"],
        "q\n",
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("name holds U+202E"), "{err}");
    assert!(!hides(&err), "{err:?}");

    // A formula is a name like any other, played and recorded; its rules too.
    fs::write(rules.join("formula.toml"), "name = \"@SUM(1+1)\"\n").unwrap();
    home.duel(&format!("{FORMULA},Bob"));
    let out = home.run(
        &["--rules", "formula", "play", "--seed", "2", "--json"],
        "1\nq\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    home.play(3);

    // A backup whose duel names its second player with U+202E, and the default rules too.
    let backup = home.backup("bidi.db");
    name_players(&backup, 1, &bidi);
    edit(
        &backup,
        "UPDATE rules SET name = ?1 WHERE name = 'default'",
        &format!("def{RLO}ault"),
    );
    let out = home.restore(&backup);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("3 recorded games"),
        "{}",
        text(&out.stdout)
    );
    for (what, out) in home.outputs() {
        assert!(!hides(&out), "{what}: {out:?}");
        match what {
            // JSON's values are read below (its text doubles the backslash).
            "saved" | "json" => {}
            "stats" => assert!(out.contains(&format!("def{RLO_SHOWN}ault (rules")), "{out}"),
            _ => assert!(out.contains(&format!("Ann{RLO_SHOWN}lla")), "{what}: {out}"),
        }
        if what == "csv" {
            // Text a spreadsheet would run begins with a quote; the numbers stay numbers.
            assert!(out.contains("\"'=cmd|\"\"/c calc\"\"!A1\""), "{out}");
            assert!(out.contains(",'@SUM(1+1),"), "{out}");
            assert!(!out.contains(",=") && !out.contains(",@"), "{out}");
        }
    }
    let json = home.run(&["history", "--json"], "");
    let rows = crate::common::json_rows(&json);
    let duel = rows.iter().find(|r| r["game"] == "duel").unwrap();
    assert_eq!(duel["players"][0]["name"], FORMULA);
    assert_eq!(duel["players"][1]["name"], format!("Ann{RLO_SHOWN}lla"));
    assert_eq!(duel["rules"], format!("def{RLO_SHOWN}ault"));
    assert!(
        duel["checked"].as_bool().unwrap(),
        "restored, the row is verified: {duel}"
    );
    let export = text(&home.run(&["history", "--export", "1"], "").stdout);
    assert!(!hides(&export), "{export:?}");

    // A row edited in the database (or written by an older version) shows escaped too.
    name_players(&home.db(), 0, &format!("Zed{RLO}\u{2028}x"));
    for (what, out) in home.outputs() {
        assert!(!hides(&out), "{what}: {out:?}");
    }
    let table = text(&home.run(&["history"], "").stdout);
    assert!(table.contains("Zed\\u{202e}\\u{2028}x vs Ann"), "{table}");

    // A record file: replayed, its names show escaped.
    let record = home.tmp.path().join("bidi.json");
    fs::write(&record, export.replace(RLO_SHOWN, &RLO.to_string())).unwrap();
    let out = home.run(&["replay", record.to_str().unwrap(), "--json"], "");
    let said = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert!(!hides(&said), "{said:?}");
}

#[test]
fn an_old_folders_record_with_a_bidi_name_is_imported_escaped() {
    let home = Home::new();
    home.duel("Ann,Bob");
    let export = text(&home.run(&["history", "--export", "1"], "").stdout);
    let mut doc: serde_json::Value = serde_json::from_str(&export).unwrap();
    doc["players"][1]["name"] = format!("B{RLO}ob").into();
    let old = Home::new();
    let games = old.data().join("games");
    fs::create_dir_all(&games).unwrap();
    let id = doc["id"].as_str().unwrap().to_string();
    fs::write(games.join(format!("{id}.json")), doc.to_string()).unwrap();
    let out = old.run(&["history", "--json"], "");
    let rows = crate::common::json_rows(&out);
    assert_eq!(rows.len(), 1, "{}", text(&out.stderr));
    assert_eq!(rows[0]["players"][1]["name"], format!("B{RLO_SHOWN}ob"));
    for (what, out) in old.outputs() {
        assert!(!hides(&out), "{what}: {out:?}");
    }
}

#[test]
fn a_restored_100001_character_name_and_a_game_ending_in_9999_are_refused_and_named() {
    let home = Home::new();
    home.duel("Ann,Bob");
    home.play(1);
    home.play(2);
    let long = "n".repeat(100_001);
    let future = "9999-12-31T00:00:00Z";
    let date = "UPDATE games SET body = json_set(body, '$.ended', ?1), ended = unixepoch(?1) \
                WHERE n = 3";
    let backup = home.backup("limits.db");
    name_players(&backup, 0, &long);
    edit(&backup, date, future);
    let out = home.restore(&backup);
    let said = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        said.contains("1 recorded game and 0 saved games")
            && said.contains("2 rows of it were refused"),
        "{said}"
    );
    assert!(
        said.contains("its player 1's name `nnnn") && said.contains("(100001 characters)"),
        "{said}"
    );
    assert!(
        said.contains(&format!("its `ended` {future} is later than now")),
        "{said}"
    );
    assert!(said.len() < 2_000, "{} bytes", said.len());
    let rows = crate::common::json_rows(&home.run(&["history", "--json"], ""));
    assert_eq!(rows.len(), 1);
    assert_ne!(rows[0]["ended"], future);

    // The same rows edited into the live database: `data check` says why each is refused.
    home.duel("Ann,Bob");
    home.play(3);
    name_players(&home.db(), 0, &long);
    let newest = "UPDATE games SET body = json_set(body, '$.ended', ?1), ended = unixepoch(?1) \
                  WHERE n = (SELECT max(n) FROM games)";
    edit(&home.db(), newest, future);
    let check = home.run(&["data", "check"], "");
    let err = text(&check.stderr);
    assert_eq!(check.status.code(), Some(2), "{err}");
    assert!(
        err.contains("is refused: its player 1's name `nnnn")
            && err.contains("(100001 characters)"),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "is refused: its `ended` {future} is later than now"
        )),
        "{err}"
    );
    assert!(err.len() < 4_000, "{} bytes", err.len());
}
