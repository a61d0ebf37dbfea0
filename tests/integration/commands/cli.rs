//! The built `new2048` binary driven from the outside: headless play, rules files and their
//! errors, command-line errors, `rules [--init]`, presets and where the rules come from.
//!
//! Every run goes through [`Run`], which gives the program a fresh temporary home: `HOME`,
//! `XDG_CONFIG_HOME`, `XDG_DATA_HOME` and `NEW2048_DATA_DIR` point inside a `TempDir`, the rest of
//! the environment is cleared (so a real `NEW2048_CONFIG` never leaks in), and no test can touch
//! the real home. Every run also checks that the program did not panic.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use tempfile::TempDir;

/// One run of the binary in its own temporary home.
struct Run {
    home: TempDir,
    args: Vec<OsString>,
    stdin: String,
    env: Vec<(&'static str, OsString)>,
    xdg_config: bool,
}

/// What a run produced.
struct Out {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    fn new() -> Run {
        Run {
            home: TempDir::new().expect("a temporary folder"),
            args: Vec::new(),
            stdin: String::new(),
            env: Vec::new(),
            xdg_config: true,
        }
    }

    /// A `new2048 ARGS...` run; arguments are split on spaces.
    fn cmd(args: &str) -> Run {
        Run::new().args(args)
    }

    fn args(mut self, args: &str) -> Run {
        self.args
            .extend(args.split_whitespace().map(OsString::from));
        self
    }

    fn arg(mut self, arg: impl Into<OsString>) -> Run {
        self.args.push(arg.into());
        self
    }

    fn stdin(mut self, text: &str) -> Run {
        self.stdin = text.to_string();
        self
    }

    /// A path inside the temporary home.
    fn path(&self, rel: &str) -> PathBuf {
        self.home.path().join(rel)
    }

    /// Writes a file inside the temporary home (creating its folders).
    fn file(self, rel: &str, contents: &str) -> Run {
        let p = self.path(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, contents).unwrap();
        self
    }

    /// Sets `$NEW2048_CONFIG` to a path inside the temporary home.
    fn config_env(mut self, rel: &str) -> Run {
        let p = self.path(rel);
        self.env.push(("NEW2048_CONFIG", p.into()));
        self
    }

    /// Another command in the same home, with the same environment.
    fn then(self, args: &str) -> Run {
        Run {
            args: Vec::new(),
            stdin: String::new(),
            ..self
        }
        .args(args)
    }

    /// Leaves `XDG_CONFIG_HOME` unset, so the config folder is found through `HOME`.
    fn without_xdg_config(mut self) -> Run {
        self.xdg_config = false;
        self
    }

    fn run(&self) -> Out {
        let mut std_cmd = std::process::Command::new(crate::common::BIN);
        std_cmd.env_clear();
        crate::common::isolate(&mut std_cmd, self.home.path());
        std_cmd.env("NO_COLOR", "1").env("RUST_BACKTRACE", "0");
        if !self.xdg_config {
            std_cmd.env_remove("XDG_CONFIG_HOME");
        }
        let mut cmd = assert_cmd::Command::from_std(std_cmd);
        for (k, v) in &self.env {
            cmd.env(k, v);
        }
        cmd.current_dir(self.home.path())
            .args(&self.args)
            .write_stdin(self.stdin.clone())
            .timeout(std::time::Duration::from_secs(60));
        let o = cmd.output().expect("the binary runs");
        let out = Out {
            code: o.status.code().expect("exited, not killed"),
            stdout: String::from_utf8(o.stdout).expect("UTF-8 output"),
            stderr: String::from_utf8(o.stderr).expect("UTF-8 errors"),
        };
        assert!(
            !out.stderr.contains("panicked"),
            "the program panicked:\n{}",
            out.stderr
        );
        out
    }
}

impl Out {
    fn ok(self) -> Out {
        assert_eq!(self.code, 0, "stderr:\n{}", self.stderr);
        self
    }

    fn code(self, code: i32) -> Out {
        assert_eq!(
            self.code, code,
            "stdout:\n{}\nstderr:\n{}",
            self.stdout, self.stderr
        );
        self
    }

    fn json(&self) -> Value {
        serde_json::from_str(self.stdout.trim())
            .unwrap_or_else(|e| panic!("not one JSON object ({e}):\n{}", self.stdout))
    }

    fn stderr_has(self, parts: &[&str]) -> Out {
        for p in parts {
            assert!(
                self.stderr.contains(p),
                "stderr lacks {p:?}:\n{}",
                self.stderr
            );
        }
        self
    }

    fn stdout_has(self, parts: &[&str]) -> Out {
        for p in parts {
            assert!(
                self.stdout.contains(p),
                "stdout lacks {p:?}:\n{}",
                self.stdout
            );
        }
        self
    }
}

// ---- headless play -----------------------------------------------------------------------------

/// Plays `input` with the cards of `deck` written to `deck.txt`; the run must succeed.
fn headless(args: &str, deck: &str, input: &str) -> Out {
    Run::cmd(args)
        .file("deck.txt", deck)
        .stdin(input)
        .run()
        .ok()
}

/// A game worked out by hand (default rules, 5 columns of 7):
/// 2 -> col 1; 2 -> col 1 (2+2=4, +1); 4 -> col 1 (4+4=8, +1); bomb -> col 2 (empty, blown up);
/// 8 -> col 1 (8+8=16, +1); 1024 -> col 3; 1024 -> col 3 (=2048, cleared, +1 +10);
/// 16 -> col 4; wild -> col 5 (waits). Deck used up: won, score 14.
const DECK: &str = "2, 2 4\nbomb 8,1024\n1024 16 wild\n";
const MOVES: &str = "1\n1\n1\n2\n1\n3\n3\n4\n5\n";

#[test]
fn json_of_a_hand_computed_game() {
    let out = headless("play --deck-file deck.txt --json", DECK, MOVES);
    assert_eq!(out.stdout.lines().count(), 1, "{}", out.stdout);
    assert_eq!(out.stderr, "");
    assert_eq!(
        out.json(),
        json!({
            "outcome": "won",
            "score": 14,
            "columns": [[16], [], [], [16], ["wild"]],
            "cards_played": 9,
            "merges": 4,
            "clears": 1,
            "bombs": 1,
            "discarded": 0,
            "discards_left": 0,
            "highest": 2048,
            "cards_left": 0,
            "rules": "default",
        })
    );
}

#[test]
fn text_of_the_same_game() {
    let out = headless("play --deck-file deck.txt", DECK, MOVES).stdout_has(&[
        "score 0  cards left 9\nhand: 2  next: 2 4\n",
        "> 2 on column 1: 2+2=4 (+1)\n",
        "> bomb on column 2, column blown up\n",
        "> 1024 on column 3: 1024+1024=2048, column cleared! (+11)\n",
        "score 14  cards left 2\nhand: 16  next: wild\n",
        "> wild on column 5\n",
        "hand: (deck used up)",
    ]);
    assert!(
        out.stdout
            .ends_with("\nresult: won  score 14  cards played 9  highest 2048\n"),
        "{}",
        out.stdout
    );
    // The board: column 1 holds 16 and column 5 a wild card at the end.
    assert!(
        out.stdout
            .contains("    16     .     .    16  wild\n------------------------------\n"),
        "{}",
        out.stdout
    );
    assert!(!out.stdout.contains('\x1b'), "no colour in headless text");
}

#[test]
fn illegal_lines_are_reported_and_skipped() {
    // One column of height 1: the second card cannot go on column 1.
    let out = Run::cmd("--config r.toml play --deck-file deck.txt --json")
        .file("r.toml", "[board]\ncolumns = 2\nheight = 1\n")
        .file("deck.txt", "2 4 8")
        .stdin("u\n1\nhello\n1\n0\n3\n\n# a comment\nd\n2\nu\n1\n")
        .run()
        .ok();
    let errors: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(
        errors,
        [
            "line 1: `u`: nothing to undo; skipped",
            "line 3: `hello`: not a command; type a column number 1 to 2, d to discard, u to undo or q to quit; skipped",
            "line 4: `1`: column 1 is full; skipped",
            "line 5: `0`: there is no column 0; choose 1 to 2; skipped",
            "line 6: `3`: there is no column 3; choose 1 to 2; skipped",
            "line 9: `d`: no discards left; skipped",
        ],
        "{}",
        out.stderr
    );
    // 2 on column 1, 4 on column 2: 8 then fits nowhere, and the lines after the loss are not read.
    let j = out.json();
    assert_eq!(j["outcome"], "lost");
    assert_eq!(j["columns"], json!([[2], [4]]));
    assert_eq!(j["cards_played"], 2);
    assert_eq!(j["cards_left"], 1);
}

#[test]
fn lines_after_the_end_are_not_read_as_moves() {
    let out = Run::cmd("--config r.toml play --deck-file deck.txt --json")
        .file("r.toml", "[board]\ncolumns = 1\nheight = 1\n")
        .file("deck.txt", "2 4 8")
        .stdin("1\n1\ngarbage\n")
        .run()
        .ok();
    assert_eq!(out.stderr, "");
    assert_eq!(out.json()["outcome"], "lost");
    assert_eq!(out.json()["cards_played"], 1);
}

#[test]
fn end_of_input_is_quit() {
    let out = headless("play --deck-file deck.txt --json", "2 4 8 16", "1\n2");
    let j = out.json();
    assert_eq!(j["outcome"], "quit");
    assert_eq!(j["columns"], json!([[2], [4], [], [], []]));
    assert_eq!(j["cards_left"], 2);
    // No input at all: quit at once.
    let out = Run::cmd("play --seed 3 --json").run().ok();
    assert_eq!(out.json()["outcome"], "quit");
    assert_eq!(out.json()["cards_played"], 0);
    assert_eq!(out.json()["cards_left"], 100);
}

#[test]
fn q_quits_and_stops_reading() {
    let out = headless(
        "play --deck-file deck.txt --json",
        "2 4 8 16",
        "1\nQ\n2\n3\n",
    );
    let j = out.json();
    assert_eq!(j["outcome"], "quit");
    assert_eq!(j["cards_played"], 1);
    assert_eq!(out.stderr, "");
    let out = headless("play --deck-file deck.txt", "2 4 8 16", "q\n");
    assert!(
        out.stdout
            .ends_with("result: quit  score 0  cards played 0  highest 0\n"),
        "{}",
        out.stdout
    );
}

#[test]
fn u_undoes_placements_and_discards() {
    let out = headless(
        "--rules solitaire play --deck-file deck.txt --json",
        "2 2 4 8 16",
        "1\n1\nu\nd\nu\n2\n",
    );
    let j = out.json();
    // 2 on col 1; 2 merges (undone); discard (undone); 2 on col 2.
    assert_eq!(j["columns"], json!([[2], [2], [], []]));
    assert_eq!(
        (j["score"].clone(), j["merges"].clone()),
        (json!(0), json!(0))
    );
    assert_eq!(j["discards_left"], 2);
    assert_eq!(j["discarded"], 0);
    assert_eq!(j["cards_left"], 3);
    assert_eq!(j["rules"], "solitaire");
    let text =
        headless("play --deck-file deck.txt", "2 2 4", "1\nu\n").stdout_has(&["\n> undone\n"]);
    assert!(
        text.stdout
            .ends_with("result: quit  score 0  cards played 0  highest 0\n")
    );
}

#[test]
fn discards_in_headless_play() {
    // Solitaire rules: two discards; `d` throws the card in hand away.
    let out = headless(
        "--rules solitaire play --deck-file deck.txt --json",
        "2 4 8",
        "d\ndiscard\nd\n",
    )
    .stderr_has(&["line 3: `d`: no discards left; skipped"]);
    let j = out.json();
    assert_eq!(j["discarded"], 2);
    assert_eq!(j["discards_left"], 0);
    assert_eq!(j["outcome"], "quit");
    assert_eq!(j["cards_left"], 1);
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let moves = "1\n2\n3\n4\n5\n1\n2\n3\n4\n5\n1\n2\n";
    let a = Run::cmd("play --seed 12345").stdin(moves).run().ok();
    let b = Run::cmd("play --seed 12345").stdin(moves).run().ok();
    assert_eq!(a.stdout, b.stdout);
    assert!(a.stdout.contains("cards left 100"));
    let c = Run::cmd("play --seed 12346").stdin(moves).run().ok();
    assert_ne!(a.stdout, c.stdout);
}

#[test]
fn a_game_played_to_the_end_is_won() {
    // Only 2s, a column clears at 4: every card goes on column 1 and the deck runs out.
    let rules = "[deck]\nsize = 6\n[deck.weights]\n4 = 0\n8 = 0\n16 = 0\n32 = 0\n64 = 0\nbomb = 0\n\
                 [board]\nclear_value = 4\n";
    let out = Run::cmd("--config r.toml play --seed 9 --json")
        .file("r.toml", rules)
        .stdin("1\n1\n1\n1\n1\n1\n")
        .run()
        .ok();
    let j = out.json();
    assert_eq!(j["outcome"], "won");
    assert_eq!(j["clears"], 3);
    assert_eq!(j["score"], 33);
    assert_eq!(j["columns"], json!([[], [], [], [], []]));
}

// ---- bad rules files ---------------------------------------------------------------------------

/// A bad rules file: its text, where the error is (line, column) when it has a place, and what
/// the message must say (the key and what is allowed).
struct BadRules {
    text: &'static str,
    at: Option<(usize, usize)>,
    says: &'static [&'static str],
}

#[rustfmt::skip]
const BAD_RULES: &[BadRules] = &[
    // syntax error
    BadRules { text: "[board\ncolumns = 3\n", at: Some((1, 7)), says: &["expected `]`"] },
    BadRules { text: "[board]\ncolumns = \n", at: Some((2, 11)), says: &["board.columns: no value", "whole number"] },
    // unknown keys, at every level
    BadRules { text: "[board]\ncolums = 3\n", at: Some((2, 1)), says: &["board.colums: not a key of [board]", "did you mean board.columns?"] },
    BadRules { text: "colour = true\n", at: Some((1, 1)), says: &["colour: not a key", "deck"] },
    BadRules { text: "[deck.weights]\n3 = 5\n", at: Some((2, 1)), says: &["deck.weights", "`3`", "powers of two"] },
    BadRules { text: "[deck.weights]\njoker = 1\n", at: Some((2, 1)), says: &["deck.weights", "`joker`", "`bomb` or `wild`"] },
    // wrong types
    BadRules { text: "[board]\nheight = \"tall\"\n", at: Some((2, 10)), says: &["board.height", "whole number"] },
    BadRules { text: "[board]\nmerge_into_full = \"yes\"\n", at: Some((2, 19)), says: &["board.merge_into_full", "true or false"] },
    BadRules { text: "[deck]\nsize = 1.5\n", at: Some((2, 8)), says: &["deck.size", "whole number"] },
    BadRules { text: "deck = 3\n", at: Some((1, 8)), says: &["deck", "table"] },
    BadRules { text: "name = 7\n", at: Some((1, 8)), says: &["name", "text in double quotes"] },
    BadRules { text: "[deck.weights]\nbomb = true\n", at: Some((2, 8)), says: &["deck.weights.bomb", "whole number"] },
    // meaningless values
    BadRules { text: "[deck.weights]\n2=0\n4=0\n8=0\n16=0\n32=0\n64=0\nbomb=0\n", at: None, says: &["deck.weights", "all 0", "at least one"] },
    BadRules { text: "[deck.weights]\n4096 = 1\n", at: Some((2, 8)), says: &["deck.weights.4096", "board.clear_value", "weight to 0"] },
    BadRules { text: "[board]\nclear_value = 64\n[deck.weights]\n64 = 5\n", at: Some((4, 6)), says: &["deck.weights.64 = 5", "board.clear_value (64)"] },
    BadRules { text: "[board]\nclear_value = 100\n", at: Some((2, 15)), says: &["board.clear_value = 100", "power of two"] },
    BadRules { text: "[board]\nclear_value = 2\n", at: Some((2, 15)), says: &["board.clear_value = 2", "4 to"] },
    BadRules { text: "[board]\ncolumns = 0\n", at: Some((2, 11)), says: &["board.columns = 0", "from 1 to 9"] },
    BadRules { text: "[board]\ncolumns = 10\n", at: Some((2, 11)), says: &["board.columns = 10", "from 1 to 9"] },
    BadRules { text: "[board]\nheight = 0\n", at: Some((2, 10)), says: &["board.height = 0", "from 1 to 16"] },
    BadRules { text: "[board]\nheight = 17\n", at: Some((2, 10)), says: &["board.height = 17", "from 1 to 16"] },
    BadRules { text: "[deck]\nsize = 0\n", at: Some((2, 8)), says: &["deck.size = 0", "from 1 to 1000000"] },
    BadRules { text: "[deck]\nlookahead = 0\n", at: Some((2, 13)), says: &["deck.lookahead = 0", "from 1 to 10"] },
    BadRules { text: "[discards]\nstart = -1\n", at: Some((2, 9)), says: &["discards.start = -1", "from 0 to"] },
    BadRules { text: "[scoring]\nper_merge = -5\n", at: Some((2, 13)), says: &["scoring.per_merge = -5", "from 0 to"] },
    BadRules { text: "[scoring]\nclear_bonus = -1\n", at: Some((2, 15)), says: &["scoring.clear_bonus = -1", "from 0 to"] },
    BadRules { text: "[deck.weights]\n2 = -3\n", at: Some((2, 5)), says: &["deck.weights.2 = -3", "from 0 to"] },
    BadRules { text: "[deck]\nsize = -100\n", at: Some((2, 8)), says: &["deck.size = -100", "from 1 to"] },
    BadRules { text: "[discards]\nstart = 3\nmax = 2\n", at: Some((3, 7)), says: &["discards.start = 3", "discards.max"] },
];

/// Checks the one error message of a bad rules file named `file`.
fn check_bad_rules(out: Out, file: &str, case: &BadRules) {
    let out = out.code(2).stderr_has(case.says);
    assert_eq!(out.stdout, "", "nothing on stdout for {:?}", case.text);
    let first = out.stderr.lines().next().unwrap_or_default();
    let prefix = format!("new2048: bad rules: {file}:");
    assert!(first.starts_with(&prefix), "{first}\nfor {:?}", case.text);
    let messages = out
        .stderr
        .lines()
        .filter(|l| l.starts_with("new2048:"))
        .count();
    assert_eq!(messages, 1, "one message:\n{}", out.stderr);
    let rest = &first[prefix.len()..];
    let mut parts = rest.splitn(3, ':');
    let (l, c) = (parts.next().unwrap(), parts.next().unwrap_or(""));
    match (case.at, l.parse::<usize>(), c.parse::<usize>()) {
        (Some(want), Ok(line), Ok(col)) => {
            assert_eq!((line, col), want, "{}\nfor {:?}", out.stderr, case.text);
        }
        (Some(_), ..) => panic!("no line:col in {first}"),
        // All-zero weights point at one of the weights: any line of the table is fine.
        (None, Ok(line), Ok(_)) => assert!((2..=8).contains(&line), "{first}"),
        (None, ..) => {}
    }
    if case.at.is_some() {
        // The offending line is shown under the message, with a caret.
        assert!(out.stderr.lines().count() >= 3, "{}", out.stderr);
        assert!(out.stderr.contains(" | "), "{}", out.stderr);
        assert!(out.stderr.contains('^'), "{}", out.stderr);
    }
}

#[test]
fn bad_rules_files_through_config_flag() {
    for case in BAD_RULES {
        for cmd in ["rules", "play --seed 1"] {
            let run = Run::new()
                .args("--config bad.toml")
                .args(cmd)
                .file("bad.toml", case.text);
            check_bad_rules(run.run(), "bad.toml", case);
        }
    }
}

#[test]
fn bad_rules_files_through_env_and_user_file() {
    let case = &BAD_RULES[6]; // height = "tall"
    assert_eq!(case.at, Some((2, 10)));
    let run = Run::cmd("rules")
        .file("env.toml", case.text)
        .config_env("env.toml");
    let path = run.path("env.toml");
    check_bad_rules(run.run(), &path.display().to_string(), case);

    let run = Run::cmd("play --seed 1").file("xdg-config/new2048/config.toml", case.text);
    let path = run.path("xdg-config/new2048/config.toml");
    check_bad_rules(run.run(), &path.display().to_string(), case);
}

#[test]
fn unreadable_rules_files() {
    let run = Run::cmd("--config missing.toml rules");
    let out = run
        .run()
        .code(2)
        .stderr_has(&["missing.toml", "cannot read"]);
    assert_eq!(out.stderr.lines().count(), 1);
    // A folder is not a rules file.
    let out = Run::cmd("--config . rules").run().code(2);
    assert!(out.stderr.contains("cannot read"), "{}", out.stderr);
    // $NEW2048_CONFIG naming a file that does not exist is an error, not a silent default.
    let out = Run::cmd("rules").config_env("nope.toml").run().code(2);
    assert!(out.stderr.contains("nope.toml"), "{}", out.stderr);
}

#[test]
fn a_partial_rules_file_keeps_the_other_defaults() {
    let out = Run::cmd("--config r.toml rules")
        .file("r.toml", "# only one key\n[board]\nheight = 9\n")
        .run()
        .ok()
        .stdout_has(&[
            "height = 9\n",
            "columns = 5\n",
            "size = 100\n",
            "bomb = 10\n",
        ]);
    assert!(!out.stdout.contains("height = 7"));
}

// ---- bad command lines -------------------------------------------------------------------------

#[test]
fn bad_command_lines_exit_2() {
    let cases: &[(&str, &[&str])] = &[
        ("play --frobnicate", &["--frobnicate"]),
        ("--frobnicate", &["--frobnicate"]),
        ("dance", &["dance"]),
        ("play --seed abc", &["--seed", "abc"]),
        ("play --seed -1", &["-1"]),
        ("play --seed 18446744073709551616", &["--seed"]),
        ("play --seed", &["--seed"]),
        (
            "play --deck-file missing.txt",
            &["cannot read deck file", "missing.txt"],
        ),
        ("play --deck-file d.txt --seed 3", &["--seed"]),
        (
            "--rules nope rules",
            &["no preset or rule set `nope`", "default, solitaire, hard"],
        ),
        (
            "--rules nope play --seed 1",
            &["no preset or rule set `nope`"],
        ),
        ("--rules hard --config x.toml rules", &["--config"]),
        ("rules --force", &["--init"]),
    ];
    for (args, says) in cases {
        let out = Run::cmd(args).file("d.txt", "2 4").run().code(2);
        for s in *says {
            assert!(
                out.stderr.contains(s),
                "{args}: stderr lacks {s:?}:\n{}",
                out.stderr
            );
        }
        assert_eq!(out.stdout, "", "{args}");
    }
}

#[test]
fn bad_deck_files_exit_2() {
    let cases: &[(&str, &[&str])] = &[
        ("2 3 4", &["card 2 of the deck file", "`3`", "power of two"]),
        ("2, 4, jokers", &["card 3", "`jokers`", "`bomb` or `wild`"]),
        ("2 2048", &["card 2", "2048", "clear_value"]),
        ("", &["no cards"]),
        ("# only a comment\n", &["no cards"]),
        ("2 -4", &["`-4`"]),
    ];
    for (deck, says) in cases {
        let out = Run::cmd("play --deck-file deck.txt --json")
            .file("deck.txt", deck)
            .stdin("1\n")
            .run()
            .code(2);
        assert!(
            out.stderr.starts_with("new2048: deck.txt: "),
            "{deck:?}: {}",
            out.stderr
        );
        for s in *says {
            assert!(
                out.stderr.contains(s),
                "{deck:?}: stderr lacks {s:?}:\n{}",
                out.stderr
            );
        }
        assert_eq!(out.stdout, "");
    }
    // A card at or above a lower clear_value is refused too.
    Run::cmd("--config r.toml play --deck-file deck.txt")
        .file(
            "r.toml",
            "[deck.weights]\n64 = 0\n[board]\nclear_value = 64\n",
        )
        .file("deck.txt", "2 64")
        .run()
        .code(2)
        .stderr_has(&["card 2 of the deck file is 64", "(64)"]);
}

#[test]
fn a_lower_clear_value_drops_the_weights_it_inherits_and_says_so() {
    // Once: a file holding only `clear_value = 64` was refused for the default's weight of 64,
    // which the player never wrote.
    let run = Run::cmd("--config r.toml rules").file("r.toml", "[board]\nclear_value = 64\n");
    let out = run.run().ok();
    assert!(out.stdout.contains("\n64 = 0\n"), "{}", out.stdout);
    assert!(out.stdout.contains("\n32 = 15\n"), "{}", out.stdout);
    assert!(
        out.stdout.contains(
            "# note: deck.weights.64 is 0, not 15 as in the rules this file builds on: \
             board.clear_value = 64"
        ),
        "{}",
        out.stdout
    );
    let play = Run::cmd("--config r.toml play --seed 3 --json")
        .file("r.toml", "[board]\nclear_value = 64\n")
        .stdin("1\n2\n3\n")
        .run()
        .ok();
    assert!(
        play.stdout.contains("\"cards_played\":3"),
        "{}",
        play.stdout
    );
    // The default rules need no such note.
    let out = Run::cmd("rules").run().ok();
    assert!(!out.stdout.contains("# note"), "{}", out.stdout);
}

#[test]
fn help_and_version_succeed() {
    Run::cmd("--help").run().ok().stdout_has(&["rules", "play"]);
    Run::cmd("play --help")
        .run()
        .ok()
        .stdout_has(&["--seed", "--deck-file", "--json"]);
    Run::cmd("--version").run().ok().stdout_has(&["new2048"]);
}

// ---- rules, presets and where they come from ----------------------------------------------------

#[test]
fn rules_prints_the_rules_and_their_source() {
    let out = Run::cmd("rules").run().ok().stdout_has(&[
        "# rules in force: default\n",
        "# from: built-in preset `default`\n",
        "# hash: ",
        "[deck]\nsize = 100\nlookahead = 3\n",
        "[board]\ncolumns = 5\nheight = 7\nclear_value = 2048\nmerge_into_full = false\n",
        "[scoring]\nper_merge = 1\nmerged_value = false\nclear_bonus = 10\n",
    ]);
    assert_eq!(out.stderr, "");
}

#[test]
fn presets_by_name() {
    Run::cmd("--rules solitaire rules").run().ok().stdout_has(&[
        "# rules in force: solitaire\n",
        "# from: built-in preset `solitaire`\n",
        "columns = 4\nheight = 8\n",
        "merge_into_full = true",
        "lookahead = 2",
        "[discards]\nstart = 2\nper_clear = 2\nmax = 4\n",
        "merged_value = true",
        "bomb = 0\n",
    ]);
    Run::cmd("--rules hard rules").run().ok().stdout_has(&[
        "# rules in force: hard\n",
        "size = 1000\n",
        "bomb = 0\n",
    ]);
    // The option also works after the subcommand, and `play` uses it.
    let out = Run::cmd("play --rules solitaire --seed 4 --json")
        .run()
        .ok();
    let j = out.json();
    assert_eq!(j["rules"], "solitaire");
    assert_eq!(j["columns"].as_array().unwrap().len(), 4);
    assert_eq!(j["cards_left"], 1000);
}

#[test]
fn preset_files_are_the_embedded_ones() {
    for name in ["default", "solitaire", "hard"] {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("config/{name}.toml"));
        let by_name = Run::cmd(&format!("--rules {name} rules")).run().ok();
        let by_path = Run::new()
            .arg("--config")
            .arg(&file)
            .arg("rules")
            .run()
            .ok();
        let body = |s: &str| {
            s.lines()
                .filter(|l| !l.starts_with("# from:"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(body(&by_name.stdout), body(&by_path.stdout), "{name}");
    }
}

fn named(name: &str) -> String {
    format!("name = \"{name}\"\n")
}

const USER_FILE: &str = "xdg-config/new2048/config.toml";

/// A run with a rules file for each of `layers`, each named after where it sits: `user` (the
/// XDG config file), `env` (named by $`NEW2048_CONFIG`) and `flag` (`flag.toml`, for --config).
fn with_rules_files(args: &str, layers: &[&str]) -> Run {
    layers
        .iter()
        .fold(Run::cmd(args), |run, &layer| match layer {
            "user" => run.file(USER_FILE, &named("user")),
            "env" => run.file("env.toml", &named("env")).config_env("env.toml"),
            "flag" => run.file("flag.toml", &named("flag")),
            other => panic!("no layer {other}"),
        })
}

#[test]
fn rules_come_from_flag_then_env_then_user_file_then_default() {
    let all = ["user", "env", "flag"];
    let cases: &[(&str, &[&str], &str, &str)] = &[
        ("rules", &[], "default", "built-in preset `default`"),
        ("rules", &["user"], "user", "(your config file)"),
        (
            "rules",
            &["user", "env"],
            "env",
            "env.toml ($NEW2048_CONFIG)",
        ),
        (
            "--config flag.toml rules",
            &all,
            "flag",
            "flag.toml (--config)",
        ),
        (
            "rules --config flag.toml",
            &["user", "flag"],
            "flag",
            "flag.toml (--config)",
        ),
        (
            "--rules hard rules",
            &["user", "env"],
            "hard",
            "built-in preset `hard`",
        ),
    ];
    for (args, layers, name, from) in cases {
        let run = with_rules_files(args, layers);
        let out = run.run().ok();
        let want = format!("# rules in force: {name}\n");
        assert!(
            out.stdout.starts_with(&want),
            "{args} {layers:?}:\n{}",
            out.stdout
        );
        let from_line = out.stdout.lines().nth(1).unwrap_or_default();
        assert!(
            from_line.starts_with("# from: ") && from_line.ends_with(from),
            "{from_line}"
        );
    }
    // The user's file is named by its full path.
    let run = with_rules_files("rules", &["user"]);
    let path = run.path(USER_FILE);
    run.run()
        .ok()
        .stdout_has(&[&format!("# from: {} (your config file)\n", path.display())]);
    // And play follows the same order.
    let out = with_rules_files("play --seed 1 --json", &["user", "env"])
        .run()
        .ok();
    assert_eq!(out.json()["rules"], "env");
}

#[test]
fn the_user_file_is_found_through_home_without_xdg_config_home() {
    let run = Run::cmd("rules")
        .without_xdg_config()
        .file(".config/new2048/config.toml", &named("home"));
    run.run()
        .ok()
        .stdout_has(&["# rules in force: home\n", "(your config file)"]);
    // A file in XDG_CONFIG_HOME is not read when XDG_CONFIG_HOME is unset.
    Run::cmd("rules")
        .without_xdg_config()
        .file(USER_FILE, &named("user"))
        .run()
        .ok()
        .stdout_has(&["# rules in force: default\n"]);
}

#[test]
fn rules_init_writes_to_new2048_config_and_keeps_an_existing_file() {
    let default = include_str!("../../../config/default.toml")
        .replace("name = \"default\"", "name = \"mine\"");
    let run = Run::cmd("rules --init").config_env("mine/rules.toml");
    let path = run.path("mine/rules.toml");
    run.run().ok().stdout_has(&[&path.display().to_string()]);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), default);
    // A second --init refuses to replace the file, edited or not.
    std::fs::write(&path, named("edited")).unwrap();
    let out = run.run().code(2).stderr_has(&["already exists", "--force"]);
    assert_eq!(out.stdout, "");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), named("edited"));
    // `rules` (without --init) reads the edited file through $NEW2048_CONFIG.
    let show = Run {
        home: run.home,
        args: vec!["rules".into()],
        stdin: String::new(),
        env: run.env,
        xdg_config: true,
    };
    show.run().ok().stdout_has(&["# rules in force: edited\n"]);
    let force = Run {
        args: vec!["rules".into(), "--init".into(), "--force".into()],
        ..show
    };
    force.run().ok();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), default);
}

#[test]
fn rules_init_without_new2048_config_writes_the_user_file() {
    let run = Run::cmd("rules --init");
    let path = run.path("xdg-config/new2048/config.toml");
    run.run().ok();
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        include_str!("../../../config/default.toml")
            .replace("name = \"default\"", "name = \"mine\"")
    );
    // Nothing was written anywhere else in the temporary home.
    let mut found = Vec::new();
    let mut stack = vec![run.home.path().to_path_buf()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                found.push(p);
            }
        }
    }
    assert_eq!(found, [path]);
}

#[test]
fn no_command_plays_and_an_unseeded_game_gets_a_fresh_seed() {
    let moves = "1\n2\n3\n4\n5\n".repeat(3);
    let a = Run::new().stdin(&moves).run().ok();
    assert!(
        a.stdout.starts_with("     .     .     .     .     .\n"),
        "{}",
        a.stdout
    );
    assert!(a.stdout.contains("\nresult: "), "{}", a.stdout);
    // 15 moves show 17 cards: two fresh seeds dealing the same 17 is (next to) impossible.
    let b = Run::cmd("play").stdin(&moves).run().ok();
    assert_ne!(a.stdout, b.stdout);
}

#[test]
fn the_guides_example_is_what_the_program_prints() {
    let guide = include_str!("../../../docs/guide.md");
    let example = guide
        .lines()
        .find(|l| l.trim_start().starts_with("{\"outcome\""))
        .expect("the guide has a JSON example")
        .trim();
    let out = headless(
        "play --deck-file deck.txt --json",
        "2 2 4 bomb 8 1024 1024 16 wild",
        "1\n1\n1\n2\n1\n3\n3\n4\n5\n",
    );
    assert_eq!(out.stdout.trim(), example);
}

/// A file far larger than any rules, deck or record file is refused before it is read whole
/// (once `/dev/zero` as a deck or rules file filled the memory until the program was killed).
#[test]
fn huge_files_are_refused_before_they_are_read() {
    let run = Run::new();
    let big = run.path("big.txt");
    // Sparse: 65 MB of NUL bytes that take no room on disk.
    std::fs::File::create(&big)
        .unwrap()
        .set_len(65 << 20)
        .unwrap();
    // A rules file is a few KB, so its limit is lower than that of decks and records.
    for (args, limit) in [
        (vec!["play", "--json", "--deck-file"], "64 MB"),
        (vec!["play", "--json", "--config"], "1 MB"),
        (vec!["replay", "--json"], "64 MB"),
    ] {
        let mut r = Run::new();
        for a in args {
            r = r.arg(a);
        }
        let out = r.arg(&big).run();
        assert_eq!(out.code, 2, "{}", out.stderr);
        assert!(
            out.stderr.contains(&format!("it is larger than {limit}")),
            "{}",
            out.stderr
        );
    }
}

/// A line too long to be a command is skipped without being kept whole (an endless line once
/// filled the memory), and control characters in a bad line are shown escaped, never sent raw.
#[test]
fn overlong_lines_and_control_characters_in_headless_input() {
    let input = format!("{}\n\u{1b}[2J\n\0\n1\n", "1".repeat(5000));
    for args in [
        "play --seed 1 --json",
        "classic --seed 1 --json",
        "duel --seed 1 --json",
    ] {
        let out = Run::cmd(args).stdin(&input).run();
        assert_eq!(out.code, 0, "{args}: {}", out.stderr);
        assert!(
            out.stderr
                .contains("line 1: longer than 1024 bytes; skipped"),
            "{args}: {}",
            out.stderr
        );
        assert!(
            out.stderr.contains("`\\u{1b}[2J`"),
            "{args}: {}",
            out.stderr
        );
        assert!(out.stderr.contains("`\\0`"), "{args}: {}", out.stderr);
        assert!(!out.stderr.contains('\u{1b}'), "{args}: {}", out.stderr);
        assert!(out.stderr.len() < 2000, "{args}: {}", out.stderr);
    }
}

/// A `rules --init` that cannot write is the machine failing (status 1), not bad input (it was 2).
#[test]
fn rules_init_that_cannot_write_exits_1() {
    let run = Run::cmd("rules --init --force").config_env("a-folder");
    std::fs::create_dir_all(run.path("a-folder")).unwrap();
    let out = run.run().code(1).stderr_has(&["cannot write", "a-folder"]);
    assert_eq!(out.stdout, "");
    assert!(run.path("a-folder").is_dir());
}

/// An unknown `--lang` is refused by every command, headless ones too (it was ignored there).
#[test]
fn an_unknown_lang_is_refused_everywhere() {
    for args in [
        "play --lang xx --json",
        "--lang xx history",
        "stats --lang fr",
    ] {
        let out = Run::cmd(args)
            .run()
            .code(2)
            .stderr_has(&["unknown language", "choose en or zh"]);
        assert_eq!(out.stdout, "", "{args}");
    }
    Run::cmd("play --lang zh --json").run().ok();
}

#[test]
fn completions_name_every_command_and_parse_in_bash() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = Run::cmd(&format!("completions {shell}")).run().ok();
        for word in ["simulate", "classic", "daily", "rules"] {
            assert!(out.stdout.contains(word), "{shell}: {word} missing");
        }
    }
    // The bash script is valid bash.
    let script = Run::cmd("completions bash").run().ok().stdout;
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("new2048.bash");
    std::fs::write(&path, script).unwrap();
    let check = std::process::Command::new("bash")
        .arg("-n")
        .arg(&path)
        .status()
        .expect("bash runs");
    assert!(check.success());
    let bad = Run::cmd("completions tcsh").run().code(2);
    assert!(bad.stderr.contains("possible values"), "{}", bad.stderr);
}

/// `new2048 ARGS` with its output a pipe nobody reads: closed before it starts (`first_line`
/// false), or read up to the first line and then closed, as `| head -1` does. Its exit status.
fn into_closed_pipe(args: &[&str], first_line: bool) -> Option<i32> {
    use std::io::BufRead;
    let (reader, writer) = std::io::pipe().unwrap();
    let mut cmd = std::process::Command::new(crate::common::BIN);
    let home = TempDir::new().unwrap();
    crate::common::isolate(&mut cmd, home.path());
    cmd.args(args)
        .stdout(writer)
        .stderr(std::process::Stdio::null());
    let reader = if first_line {
        Some(reader)
    } else {
        drop(reader);
        None
    };
    let mut child = cmd.spawn().unwrap();
    drop(cmd);
    if let Some(r) = reader {
        let mut line = String::new();
        std::io::BufReader::new(r).read_line(&mut line).unwrap();
        assert!(!line.is_empty(), "{args:?} wrote nothing");
    }
    child.wait().unwrap().code()
}

#[test]
fn completions_and_the_manual_into_a_closed_pipe_succeed() {
    // Once: `new2048 completions bash | head -1` panicked (exit 101) about one run in five.
    let shells = ["bash", "zsh", "fish", "elvish", "powershell"];
    for shell in shells {
        let args = ["completions", shell];
        assert_eq!(into_closed_pipe(&args, false), Some(0), "{args:?}");
    }
    assert_eq!(into_closed_pipe(&["manpage"], false), Some(0));
    for i in 0..100 {
        let args = ["completions", shells[i % shells.len()]];
        assert_eq!(into_closed_pipe(&args, true), Some(0), "run {i}: {args:?}");
        assert_eq!(into_closed_pipe(&["manpage"], true), Some(0), "run {i}");
    }
}

/// The commands that print the rules or the records succeed into a closed pipe too (`rules |
/// head -1` panicked: "failed printing to stdout"; so did `stats` and `history`).
#[test]
fn rules_and_records_into_a_closed_pipe_succeed() {
    let commands: [&[&str]; 6] = [
        &["rules"],
        &["rules", "--list"],
        &["stats"],
        &["history"],
        &["saved"],
        &["data", "path"],
    ];
    for args in commands {
        assert_eq!(into_closed_pipe(args, false), Some(0), "{args:?}");
        assert_eq!(into_closed_pipe(args, true), Some(0), "{args:?}");
    }
}

#[test]
fn the_manual_page_is_roff_and_lists_the_commands() {
    let out = Run::cmd("manpage").run().ok();
    assert!(out.stdout.starts_with(".ie"), "{}", &out.stdout[..80]);
    assert!(out.stdout.contains(".TH new2048 1"), "{}", out.stdout);
    for word in ["simulate", "replay", "completions", "NEW2048_DATA_DIR"] {
        assert!(
            out.stdout.contains(word),
            "{word} missing from the man page"
        );
    }
}

// ---- rule sets of the player's own, by name --------------------------------------------------------

/// `rules --init` names the rules after what the player chooses, never after a preset: they
/// were written as `default`, and shown, saved and counted as the default rules.
#[test]
fn rules_init_names_the_rules_and_never_after_a_preset() {
    let run = Run::cmd("rules --init --name default");
    run.run()
        .code(2)
        .stderr_has(&["preset", "name of their own"]);
    assert!(!run.path(USER_FILE).exists());
    let run = run.then("rules --init --name fifty");
    run.run().ok().stdout_has(&["`fifty`"]);
    let text = std::fs::read_to_string(run.path(USER_FILE)).unwrap();
    assert!(text.contains("name = \"fifty\""), "{text}");
    assert!(text.contains("# How many cards one game deals"), "{text}");
    run.then("rules")
        .run()
        .ok()
        .stdout_has(&["# rules in force: fifty\n"]);
}

/// A file that calls its rules `default` but deals other cards is not shown as the default rules:
/// `default (edited)`, and `rules` says why.
#[test]
fn rules_named_after_a_preset_they_are_not_are_shown_as_edited() {
    let run = Run::cmd("rules").file(USER_FILE, "name = \"default\"\n[deck]\nsize = 50\n");
    run.run().ok().stdout_has(&[
        "# rules in force: default (edited)\n",
        "# note: this file calls its rules `default`, but they are not the built-in default rules (deck.size)",
    ]);
    let play = run.then("play --seed 2 --json").stdin("1\nq\n").run().ok();
    assert_eq!(play.json()["rules"], "default (edited)");
    // The same rules as the preset's are the preset's.
    Run::cmd("rules")
        .file(USER_FILE, "name = \"default\"\n[deck]\nsize = 100\n")
        .run()
        .ok()
        .stdout_has(&["# rules in force: default\n"]);
}

/// `rules --new NAME` keeps a rule set in the config folder; `--rules NAME` plays it as it plays
/// a preset, and history and stats say its name; `rules --list` lists it with where it lives.
#[test]
fn rule_sets_by_name_are_made_listed_and_played() {
    let run = Run::cmd("rules --new fifty");
    let path = run.path("xdg-config/new2048/rules/fifty.toml");
    run.run()
        .ok()
        .stdout_has(&[&path.display().to_string(), "--rules fifty"]);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("name = \"fifty\""), "{text}");
    std::fs::write(
        &path,
        text.replace("size = 100", "size = 50")
            .replace("height = 7", "height = 5"),
    )
    .unwrap();
    let run = run.then("rules --new fifty");
    run.run()
        .code(2)
        .stderr_has(&["already", "rules --edit fifty"]);
    let run = run.then("rules --new default");
    run.run().code(2).stderr_has(&["preset"]);
    let run = run.then("rules --new ../up");
    run.run().code(2).stderr_has(&["letters, digits"]);
    let run = run.then("--rules fifty rules");
    run.run().ok().stdout_has(&[
        "# rules in force: fifty\n",
        "(your rule set)",
        "size = 50\n",
        "height = 5\n",
    ]);
    let run = run
        .then("--rules fifty play --seed 1 --json")
        .stdin("1\n2\n3\n4\n5\nq\n");
    let j = run.run().ok().json();
    assert_eq!(j["rules"], "fifty");
    assert_eq!(j["cards_left"], 45);
    let run = run.then("play --seed 1 --json").stdin("1\nq\n");
    run.run().ok();
    let run = run.then("history");
    let out = run.run().ok();
    assert!(out.stdout.contains(" fifty "), "{}", out.stdout);
    assert!(out.stdout.contains(" default "), "{}", out.stdout);
    let run = run.then("stats");
    run.run()
        .ok()
        .stdout_has(&["fifty (rules ", "default (rules "]);
    // `stats --rules NAME` shows only those rules (it printed every rules set).
    let run = run.then("--rules fifty stats");
    let out = run.run().ok();
    assert!(out.stdout.contains("fifty (rules "), "{}", out.stdout);
    assert!(!out.stdout.contains("default (rules "), "{}", out.stdout);
    let run = run.then("stats --rules hard");
    run.run()
        .ok()
        .stdout_has(&["no games recorded with the rules `hard`"]);
    let run = run.then("rules --list");
    let out = run.run().ok();
    let line = out
        .stdout
        .lines()
        .find(|l| l.starts_with("fifty "))
        .unwrap_or_default();
    assert!(
        line.contains("--rules fifty") && line.contains(&path.display().to_string()),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .lines()
            .any(|l| l.starts_with("default ") && l.contains("built-in"))
    );
    // The default rules still say default.
    run.then("rules")
        .run()
        .ok()
        .stdout_has(&["# rules in force: default\n"]);
    // An unknown name says which there are.
    let run = Run::cmd("--rules fifth rules");
    run.run()
        .code(2)
        .stderr_has(&["no preset or rule set `fifth`", "rules --new fifth"]);
}

/// A rule set with a bad value says how to mend it: in the editor, which opens it.
#[test]
fn a_bad_rule_set_says_to_mend_it_in_the_editor() {
    let run = Run::cmd("--rules broken rules").file(
        "xdg-config/new2048/rules/broken.toml",
        "[board]\nheight = 0\n",
    );
    run.run().code(2).stderr_has(&[
        "board.height = 0 is not allowed",
        "mend it with `new2048 rules --edit broken`",
    ]);
    let run = run.then("rules --list");
    run.run().ok().stdout_has(&["broken", "cannot be played"]);
    run.then("rules --edit broken")
        .run()
        .code(2)
        .stderr_has(&["needs a terminal"]);
}

/// A count of one is said in the singular: `1 move` (a classic replay said `1 moves`).
#[test]
fn a_replay_of_one_move_says_1_move() {
    let run = Run::cmd("classic --seed 1 --json").stdin("a\nq\n");
    assert_eq!(run.run().ok().json()["moves"], 1);
    let run = run.then("replay 1");
    run.run()
        .ok()
        .stdout_has(&["replay of game 1: classic 4x4, default rules, seed 1, 1 move\n"]);
    let run = run.then("play --seed 1 --json").stdin("1\nq\n");
    run.run().ok();
    let run = run.then("replay 1");
    run.run()
        .ok()
        .stdout_has(&["replay of game 1: default rules, seed 1, 1 move\n"]);
}

/// Each subcommand's help lists only the shared options it uses (every one listed `--theme`,
/// `--no-mouse` and `--no-anim`, even `stats`, `data` and `manpage`), and `--rules` says what
/// it does there (on `history` it said "Play a shipped rules preset", where it filters). The
/// options are still taken everywhere.
#[test]
fn subcommand_help_shows_the_options_each_uses() {
    for cmd in [
        "stats",
        "data backup",
        "manpage",
        "saved",
        "history",
        "simulate",
    ] {
        let out = Run::cmd(&format!("{cmd} --help")).run().ok();
        for screen in ["--theme", "--no-mouse", "--no-anim", "--lang", "--no-color"] {
            assert!(
                !out.stdout.contains(screen),
                "{cmd}: {screen}\n{}",
                out.stdout
            );
        }
    }
    for cmd in ["play", "daily", "classic", "replay", "rules"] {
        let out = Run::cmd(&format!("{cmd} --help")).run().ok();
        assert!(out.stdout.contains("--theme"), "{cmd}\n{}", out.stdout);
    }
    let rules_help = |cmd: &str| {
        let out = Run::cmd(&format!("{cmd} --help")).run().ok().stdout;
        let at = out.find("--rules <NAME>").map(|i| out[i..].to_string());
        at.unwrap_or_default()
    };
    assert!(rules_help("history").contains("Only the games played with the rules of this name"));
    assert!(rules_help("stats").contains("Only the games played"));
    assert!(rules_help("play").contains("Play with these rules: a preset"));
    assert!(rules_help("simulate").contains("The rules the bots play"));
    assert_eq!(rules_help("manpage"), "");
    assert_eq!(rules_help("replay"), "");
    // Still taken where they do nothing, as before.
    Run::cmd("stats --theme log --no-anim").run().ok();
    Run::cmd("--no-mouse history").run().ok();
    Run::cmd("manpage").run().ok().stdout_has(&["new2048"]);
}

/// A duel played line by line offers `d` only where the rules have discards, and its replay
/// (piped) prints no move prompt: nothing is typed there.
#[test]
fn a_duel_offers_only_the_moves_of_its_rules_and_its_replay_asks_nothing() {
    let run = Run::cmd("duel --seed 1").stdin("1\n2\n3\nq\n");
    let out = run.run().ok();
    assert!(
        out.stdout.contains("Player 1 to move (a column number)\n"),
        "{}",
        out.stdout
    );
    assert!(!out.stdout.contains("or d)"), "{}", out.stdout);
    let run = run.then("replay 1");
    let out = run.run().ok();
    assert!(out.stdout.contains("Player 2 to move\n"), "{}", out.stdout);
    assert!(!out.stdout.contains("(a column number"), "{}", out.stdout);
    let run = run.then("--rules solitaire duel --seed 1").stdin("1\nq\n");
    run.run()
        .ok()
        .stdout_has(&["Player 1 to move (a column number or d)\n"]);
}
