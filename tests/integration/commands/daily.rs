//! The daily deal's figures from outside: the streak `stats` shows counts days in a row with a
//! finished deal, alive while its last day is today or yesterday; a date's best score is of that
//! date's deal with those rules only.

use std::time::{SystemTime, UNIX_EPOCH};

use crate::records::{Home, text};

/// Days from 1970-01-01 to a date of the Gregorian calendar.
pub(crate) fn days(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
}

/// The date `ago` days before today (UTC), as `--date` takes it.
fn date(ago: i64) -> String {
    let today = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
        / 86_400;
    let n = today - ago;
    // Found by counting from a year before: the few days of a test never need more.
    let (mut y, mut m, mut d) = (1970 + n / 366 - 1, 1, 1);
    while days(y + 1, 1, 1) <= n {
        y += 1;
    }
    while m < 12 && days(y, m + 1, 1) <= n {
        m += 1;
    }
    d += n - days(y, m, 1);
    format!("{y:04}-{m:02}-{d:02}")
}

fn cards_to_the_end() -> String {
    "1\n2\n3\n4\n5\n".repeat(250)
}

/// The `stats` line of the daily streaks, once the deals `finished` days ago were played to
/// their end and the one `quit` days ago only begun.
fn streaks_after(finished: &[i64], quit: i64) -> String {
    let home = Home::new();
    for &ago in finished {
        home.run(
            &["daily", "--date", &date(ago), "--json"],
            &cards_to_the_end(),
        );
    }
    home.run(&["daily", "--date", &date(quit), "--json"], "1\nq\n");
    let stats = text(&home.run(&["stats"], "").stdout);
    let line = stats
        .lines()
        .find(|l| l.contains("streak "))
        .unwrap_or(&stats);
    line.to_string()
}

#[test]
fn streaks_count_days_in_a_row() {
    // Five days finished, the third before the last only quit: a run of 3, then one of 2.
    let runs = |last: i64| {
        let d = [last + 5, last + 4, last + 3, last + 1, last];
        streaks_after(&d, last + 2)
    };
    assert!(
        runs(0).contains("streak 2 days   best streak 3 days"),
        "{}",
        runs(0)
    );
    // Alive the next day, before today's deal is played; broken the day after.
    assert!(
        runs(1).contains("streak 2 days   best streak 3 days"),
        "{}",
        runs(1)
    );
    assert!(
        runs(2).contains("streak 0 days   best streak 3 days"),
        "{}",
        runs(2)
    );
    let none = streaks_after(&[], 0);
    assert!(
        none.contains("streak 0 days   best streak 0 days"),
        "{none}"
    );
}

#[test]
fn the_best_of_a_date_is_that_deal_only() {
    let home = Home::new();
    let (day, other) = (date(3), date(4));
    let score = |out: &std::process::Output| {
        let line = text(&out.stdout);
        let after = line.split("best score of this deal ").nth(1);
        after.and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
    };
    let mut scores = Vec::new();
    for moves in ["1\n2\n3\n4\n5\n", "5\n4\n3\n2\n1\n", "1\n1\n2\n2\n3\n"] {
        let json = home.run(&["daily", "--date", &day, "--json"], &moves.repeat(250));
        let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
        scores.push(v["score"].as_u64().unwrap());
    }
    // A better game of another date, and of a seed, count for neither.
    home.run(&["play", "--seed", "7", "--json"], &cards_to_the_end());
    home.run(&["daily", "--date", &other, "--json"], &cards_to_the_end());
    let played = home.run(&["daily", "--date", &day], &cards_to_the_end());
    assert_eq!(
        score(&played),
        scores.iter().copied().max(),
        "{}",
        text(&played.stdout)
    );
    let shared = home.run(&["daily", "--date", &date(5), "--share"], "");
    assert_eq!(shared.status.code(), Some(2), "no deal of that date");
    let hard = home.run(&["--rules", "hard", "daily", "--date", &day, "--share"], "");
    assert_eq!(hard.status.code(), Some(2), "none with other rules");
}

#[test]
fn a_later_date_is_refused_and_keeps_the_streak() {
    let home = Home::new();
    for ago in [1, 0] {
        home.run(
            &["daily", "--date", &date(ago), "--json"],
            &cards_to_the_end(),
        );
    }
    for args in [
        ["daily", "--date", &date(-1)],
        ["puzzle", "--daily", &date(-1)],
    ] {
        let out = home.run(&args, &cards_to_the_end());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains("has not come yet"), "{err}");
        assert!(err.contains(&date(0)), "today is named: {err}");
    }
    let stats = text(&home.run(&["stats"], "").stdout);
    assert!(stats.contains("streak 2 days"), "{stats}");
}

/// Only the first finished play of a day's deal counts: a second play of it says it is practice
/// (before and after it), history marks it, and the line to share stays the first play's.
#[test]
fn a_daily_deal_counts_once() {
    let home = Home::new();
    let day = date(2);
    let first = home.run(&["daily", "--date", &day], &cards_to_the_end());
    let out = text(&first.stdout);
    assert!(!out.contains("practice"), "{out}");
    let line = |out: &str| {
        out.lines()
            .find_map(|l| l.strip_prefix("to share: "))
            .map(str::to_string)
    };
    let shared = line(&out).expect("a line to share");
    assert!(
        shared.starts_with(&format!("new2048 daily {day}: ")),
        "the day's rules are not named: {shared}"
    );
    // Played again knowing the cards, another way: practice, and the line is unchanged.
    let again = home.run(&["daily", "--date", &day], &"5\n4\n3\n2\n1\n".repeat(250));
    let out = text(&again.stdout);
    assert!(
        out.lines().next().unwrap_or_default().contains("practice"),
        "said before it is played: {out}"
    );
    assert!(out.contains("\npractice: "), "and after: {out}");
    assert_eq!(line(&out).as_deref(), Some(shared.as_str()), "{out}");
    let share = home.run(&["daily", "--date", &day, "--share"], "");
    assert_eq!(text(&share.stdout).trim_end(), shared);
    let rows = crate::common::json_rows(&home.run(&["history", "--json"], ""));
    let practice: Vec<bool> = rows
        .iter()
        .map(|r| r["practice"].as_bool().unwrap_or(false))
        .collect();
    assert_eq!(practice, [true, false], "newest first");
    let table = text(&home.run(&["history"], "").stdout);
    assert!(table.contains("(practice)"), "{table}");
    let stats = text(&home.run(&["stats"], "").stdout);
    assert!(stats.contains("games 1 "), "practice is left out: {stats}");
}

/// The day's deal is played with the day's rules whatever rules file the player keeps (so that
/// `rules --init` changes no one's daily deal); `--rules` still chooses others, and the line to
/// share names them.
#[test]
fn the_daily_deal_keeps_its_own_rules() {
    let home = Home::new();
    let day = date(1);
    let init = home.run(&["rules", "--init", "--name", "mine"], "");
    assert!(init.status.success(), "{}", text(&init.stderr));
    let said = text(&init.stdout);
    assert!(said.contains("new games use them"), "{said}");
    // A command that uses the file says so, in one line.
    let played = home.run(&["play", "--seed", "1", "--json"], "q\n");
    let err = text(&played.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("new2048: with your rules `mine` from "),
        "{err}"
    );
    let file = home.path().join("xdg-config/new2048/config.toml");
    let edited = std::fs::read_to_string(&file)
        .unwrap()
        .replace("size = 100", "size = 60");
    std::fs::write(&file, edited).unwrap();
    let played = home.run(&["daily", "--date", &day, "--json"], &cards_to_the_end());
    let v: serde_json::Value = serde_json::from_slice(&played.stdout).unwrap();
    assert_eq!(v["rules"], "default", "{v}");
    let share = home.run(&["daily", "--date", &day, "--share"], "");
    assert!(share.status.success(), "{}", text(&share.stderr));
    let hard = home.run(
        &["--rules", "hard", "daily", "--date", &day, "--json"],
        &cards_to_the_end(),
    );
    let v: serde_json::Value = serde_json::from_slice(&hard.stdout).unwrap();
    assert_eq!(v["rules"], "hard", "{v}");
    let share = home.run(&["--rules", "hard", "daily", "--date", &day, "--share"], "");
    let line = text(&share.stdout);
    assert!(
        line.starts_with(&format!("new2048 daily {day} (hard rules): ")),
        "{line}"
    );
}

/// `NEW2048_CONFIG` naming a file not made yet is said as that, with what to do.
#[test]
fn a_missing_rules_file_is_said_as_missing() {
    let home = Home::new();
    let out = home
        .command()
        .env("NEW2048_CONFIG", home.path().join("none.toml"))
        .args(["rules"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("$NEW2048_CONFIG names a rules file that is not there")
            && err.contains("rules --init"),
        "{err}"
    );
}
