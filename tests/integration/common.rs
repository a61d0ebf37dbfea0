//! What every integration test shares: the binary, a temporary home for it, and random rules.

use std::path::Path;
use std::process::Command;

use std::fmt::Write;

use new2048::cards::rules::Rules;
use proptest::prelude::*;

/// The `new2048` binary cargo built for these tests.
pub(crate) const BIN: &str = env!("CARGO_BIN_EXE_new2048");

/// `new2048` with every path it could write inside `home`: the data folder, `HOME` and the XDG
/// folders, and no `NO_COLOR` from the caller's terminal. No test touches the real home.
pub(crate) fn new2048(home: &Path) -> Command {
    let mut cmd = Command::new(BIN);
    isolate(&mut cmd, home);
    cmd.env_remove("NO_COLOR");
    cmd
}

/// The JSON array a successful command printed (`history --json`, `saved --json`).
pub(crate) fn json_rows(out: &std::process::Output) -> Vec<serde_json::Value> {
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    match serde_json::from_slice(&out.stdout) {
        Ok(serde_json::Value::Array(rows)) => rows,
        other => panic!("not a JSON array: {other:?}"),
    }
}

/// A number the database of the data folder `data` answers to `sql` (read only), or `None`
/// while there is no database or the query finds nothing.
pub(crate) fn db_number(data: &Path, sql: &str, args: &[&str]) -> Option<i64> {
    let db = rusqlite::Connection::open_with_flags(
        data.join("new2048.db"),
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY,
    )
    .ok()?;
    db.busy_timeout(std::time::Duration::from_secs(5)).ok()?;
    db.query_row(sql, rusqlite::params_from_iter(args), |r| {
        r.get::<_, Option<i64>>(0)
    })
    .ok()
    .flatten()
}

/// How many moves the newest save of `game` (`cards`, `classic`, `duel`) holds, if there is one.
pub(crate) fn saved_moves(data: &Path, game: &str) -> Option<usize> {
    db_number(
        data,
        "SELECT (SELECT count(*) FROM save_moves WHERE save = s.id) FROM saves s WHERE s.game = \
         ?1 ORDER BY s.saved DESC, s.id DESC LIMIT 1",
        &[game],
    )
    .map(|n| n as usize)
}

/// How many games history holds (0 without a database).
pub(crate) fn recorded(data: &Path) -> usize {
    db_number(data, "SELECT count(*) FROM games", &[]).unwrap_or(0) as usize
}

/// How many saved games there are (0 without a database).
pub(crate) fn saves(data: &Path) -> usize {
    db_number(data, "SELECT count(*) FROM saves", &[]).unwrap_or(0) as usize
}

/// Points every path the program could touch inside `home`.
pub(crate) fn isolate(cmd: &mut Command, home: &Path) {
    cmd.env("HOME", home)
        .env("NEW2048_DATA_DIR", home.join("data"))
        .env("XDG_DATA_HOME", home.join("xdg-data"))
        .env("XDG_CONFIG_HOME", home.join("xdg-config"))
        .env("XDG_STATE_HOME", home.join("xdg-state"))
        .env("XDG_CACHE_HOME", home.join("xdg-cache"))
        .env("NEW2048_TEST_CLOCK", home.join("clock"));
}

/// Puts the clock of every later read in `home` (by a run started or running) `secs` seconds
/// further ahead: the debug build's hook `NEW2048_TEST_CLOCK` (src/base/utc.rs), instead of a sleep
/// for distinct one-second stamps or for time played. Written whole, then renamed, so that a
/// game running meanwhile never reads half a number.
pub(crate) fn advance_clock(home: &Path, secs: u64) {
    let file = home.join("clock");
    let ahead: u64 = std::fs::read_to_string(&file)
        .ok()
        .and_then(|t| t.trim().parse().ok())
        .unwrap_or(0);
    let part = home.join("clock.part");
    std::fs::write(&part, (ahead + secs).to_string()).unwrap();
    std::fs::rename(&part, &file).unwrap();
}

/// The parts of random rules, written out as a complete rules file and read back through
/// `Rules::parse`, so every generated rule set is one a player could write.
#[derive(Debug, Clone)]
pub(crate) struct RulesSpec {
    pub columns: u8,
    pub height: u8,
    pub clear_exp: u8,
    /// Weights of 2, 4, 8, ... (only those below `clear_value` are used).
    pub weights: Vec<u32>,
    pub bomb: u32,
    pub wild: u32,
    pub merge_into_full: bool,
    pub start: u32,
    pub per_clear: u32,
    pub extra_max: u32,
    pub per_merge: u32,
    pub merged_value: bool,
    pub clear_bonus: u32,
    pub lookahead: u8,
    pub size: u32,
}

impl RulesSpec {
    pub(crate) fn toml(&self) -> String {
        let mut t = String::from("name = \"random\"\n");
        let _ = writeln!(
            t,
            "[deck]\nsize = {}\nlookahead = {}\n[deck.weights]",
            self.size, self.lookahead
        );
        let mut any = false;
        for e in 1..=12u8 {
            let w = if e < self.clear_exp {
                self.weights[e as usize - 1]
            } else {
                0
            };
            any |= w > 0;
            let _ = writeln!(t, "{} = {}", 1u64 << e, w);
        }
        // At least one card must be dealable: fall back on 2s.
        if !any && self.bomb == 0 && self.wild == 0 {
            t = t.replace("\n2 = 0\n", "\n2 = 1\n");
        }
        let _ = writeln!(t, "bomb = {}\nwild = {}", self.bomb, self.wild);
        let _ = writeln!(
            t,
            "[board]\ncolumns = {}\nheight = {}\nclear_value = {}\nmerge_into_full = {}",
            self.columns,
            self.height,
            1u64 << self.clear_exp,
            self.merge_into_full
        );
        let _ = writeln!(
            t,
            "[discards]\nstart = {}\nper_clear = {}\nmax = {}",
            self.start,
            self.per_clear,
            self.start + self.extra_max
        );
        let _ = writeln!(
            t,
            "[scoring]\nper_merge = {}\nmerged_value = {}\nclear_bonus = {}",
            self.per_merge, self.merged_value, self.clear_bonus
        );
        t
    }

    pub(crate) fn rules(&self) -> Rules {
        let text = self.toml();
        // Every key of the card game is written; tables of other games keep their defaults.
        let base = Rules::default_rules();
        Rules::parse(&text, "random.toml", Some(&base)).unwrap_or_else(|e| panic!("{e}\n{text}"))
    }
}

pub(crate) fn rules_spec() -> impl Strategy<Value = RulesSpec> {
    (
        (1u8..=9, 1u8..=16, 2u8..=12),
        prop::collection::vec(0u32..6, 11),
        (0u32..4, 0u32..3, any::<bool>()),
        (0u32..3, 0u32..3, 0u32..3),
        (0u32..4, any::<bool>(), 0u32..30),
        (1u8..=4, 1u32..120),
    )
        .prop_map(
            |(
                (columns, height, clear_exp),
                weights,
                (bomb, wild, merge_into_full),
                (start, per_clear, extra_max),
                (per_merge, merged_value, clear_bonus),
                (lookahead, size),
            )| RulesSpec {
                columns,
                height,
                clear_exp,
                weights,
                bomb,
                wild,
                merge_into_full,
                start,
                per_clear,
                extra_max,
                per_merge,
                merged_value,
                clear_bonus,
                lookahead,
                size,
            },
        )
}

/// Any valid rules (see [`RulesSpec`]).
pub(crate) fn any_rules() -> impl Strategy<Value = Rules> {
    rules_spec().prop_map(|s| s.rules())
}
