//! The chain-merge cases of `tests/merges.toml`, each its own test: `cargo test merges` lists and
//! runs them by name (`[merges] 64 32 16 + 16 chains up to a single 128 ... ok`), and a failing
//! one prints the column before, the card, the column expected and the one found side by side.
//!
//! A harness of its own (libtest-mimic, `harness = false` in Cargo.toml) makes one test per case
//! of the data file. The reading, running and drawing are the library's (`new2048::chains`), the
//! same code `new2048 rules test` runs. Beside the cases: the worked examples of docs/rules.md
//! must each be a case of the file, every case of the file states its points and steps, and
//! `new2048 rules test` (the built binary, in a temporary home) runs the file against the presets
//! and a rule set of a player's, takes one-line cases and refuses a bad file with its line.

use std::path::Path;

use libtest_mimic::{Arguments, Failed, Trial};
use new2048::cards::rules::Rules;
use new2048::chains::{self, Case, Expect, Refusal};

/// The kind shown before every test name, `[merges]`: `cargo test merges` hands every test
/// binary the filter `merges`, which the kind matches, so it selects every case.
const KIND: &str = "merges";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn main() {
    let args = Arguments::from_args();
    let text = std::fs::read_to_string(root().join(chains::CASES_PATH)).unwrap_or_default();
    let trials = match chains::parse::parse_file(&text, chains::CASES_PATH) {
        Ok(cases) => trials(cases, &text),
        Err(e) => {
            let message = format!("the case file cannot be read: {e}");
            vec![Trial::test("the case file", move || Err(message.into())).with_kind(KIND)]
        }
    };
    libtest_mimic::run(&args, trials).exit();
}

fn trials(cases: Vec<Case>, text: &str) -> Vec<Trial> {
    let mut out: Vec<Trial> = cases
        .iter()
        .cloned()
        .map(|case| {
            Trial::test(case.name.clone(), move || {
                let rules = Rules::default_rules();
                let ran = chains::run::run(&case, &rules);
                if ran.passed() {
                    Ok(())
                } else {
                    Err(chains::draw::report(&ran, chains::CASES_PATH).into())
                }
            })
            .with_kind(KIND)
        })
        .collect();
    let all = cases.clone();
    out.push(
        Trial::test(
            "the worked examples of docs/rules.md are cases of the file",
            move || worked_examples(&all),
        )
        .with_kind(KIND),
    );
    let all = cases;
    out.push(
        Trial::test(
            "every case of the file states its points and steps",
            move || complete(&all),
        )
        .with_kind(KIND),
    );
    out.extend(command_trials());
    let same = text == chains::CASES;
    out.push(
        Trial::test("the binary's built-in cases are the file", move || {
            if same {
                Ok(())
            } else {
                Err("src/chains/mod.rs embeds another text than tests/merges.toml".into())
            }
        })
        .with_kind(KIND),
    );
    out
}

/// Each row of docs/rules.md's table of worked examples (a one-line case in backticks, such as
/// `64 32 16 + 16 = 128, 3 points`, then its steps, then why) is a case of the file without
/// rules of its own, with the same column, card, column afterwards, points and steps.
fn worked_examples(cases: &[Case]) -> Result<(), Failed> {
    let doc = std::fs::read_to_string(root().join("docs/rules.md")).map_err(|e| e.to_string())?;
    let mut seen = 0;
    let mut missing = Vec::new();
    for (n, line) in doc.lines().enumerate() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let [_, first, steps, _why, _] = cells[..] else {
            continue;
        };
        let Some(example) = first.strip_prefix('`').and_then(|c| c.strip_suffix('`')) else {
            continue;
        };
        if !example.contains(" + ") && !example.starts_with("+ ") {
            continue;
        }
        seen += 1;
        let shown = format!("docs/rules.md:{}: `{example}`", n + 1);
        let want = chains::parse::parse_line(example).map_err(|e| format!("{shown}: {e}"))?;
        let want_steps = if steps == "none" {
            Vec::new()
        } else {
            steps
                .split('→')
                .map(|s| chains::parse::step(s.trim()))
                .collect::<Result<_, _>>()
                .map_err(|e| format!("{shown}: {e}"))?
        };
        let found = cases.iter().any(|c| {
            c.rules.is_none()
                && c.column() == want.column()
                && c.card == want.card
                && match (&c.expect, &want.expect) {
                    (Some(Expect::Placed(have)), Some(Expect::Placed(w))) => {
                        have.after == w.after
                            && have.points.is_some()
                            && have.points == w.points
                            && have.steps.as_ref() == Some(&want_steps)
                    }
                    (Some(Expect::Refused(Refusal::Full)), Some(Expect::Refused(_))) => {
                        want_steps.is_empty()
                    }
                    _ => false,
                }
        });
        if !found {
            missing.push(format!(
                "{shown} (steps {steps}) is no case of {}: add it, or mend the example",
                chains::CASES_PATH
            ));
        }
    }
    if seen < 8 {
        return Err(format!("only {seen} worked examples found in docs/rules.md").into());
    }
    if missing.is_empty() {
        Ok(())
    } else {
        Err(missing.join("\n").into())
    }
}

/// The project's cases leave nothing unchecked: every placement states its points and steps
/// (a player's own file may leave them out), and the file keeps at least the cases it has.
fn complete(cases: &[Case]) -> Result<(), Failed> {
    let loose: Vec<String> = cases
        .iter()
        .filter(|c| {
            matches!(&c.expect, Some(Expect::Placed(p)) if p.points.is_none() || p.steps.is_none())
        })
        .map(|c| format!("{}:{}: {}", chains::CASES_PATH, c.line, c.name))
        .collect();
    if !loose.is_empty() {
        return Err(format!("cases without points or steps:\n{}", loose.join("\n")).into());
    }
    if cases.len() < 70 {
        return Err(format!("only {} cases: were some lost?", cases.len()).into());
    }
    Ok(())
}

// ---- `new2048 rules test`, the built binary ----------------------------------------------------

/// `new2048 ARGS` in a temporary home (no rules file of the caller's, no real home touched):
/// its exit status, standard output and standard error.
fn new2048(home: &Path, args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_new2048"))
        .args(args)
        .env("HOME", home)
        .env("NEW2048_DATA_DIR", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("xdg-data"))
        .env_remove("NEW2048_CONFIG")
        .output()
        .expect("the new2048 binary runs");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (
        out.status.code().unwrap_or(-1),
        text(&out.stdout),
        text(&out.stderr),
    )
}

fn command_trials() -> Vec<Trial> {
    let trial = |name: &str, f: fn(&Path) -> Result<(), String>| {
        Trial::test(format!("rules test: {name}"), move || {
            let home = tempfile::tempdir().map_err(|e| e.to_string())?;
            f(home.path()).map_err(Failed::from)
        })
        .with_kind(KIND)
    };
    vec![
        trial(
            "every built-in case passes under default and hard",
            |home| {
                let cases =
                    chains::parse::parse_file(chains::CASES, "t").map_err(|e| e.to_string())?;
                for rules in ["default", "hard"] {
                    let (code, out, err) = new2048(home, &["--rules", rules, "rules", "test"]);
                    let summary = format!("{n} cases: {n} passed, 0 failed", n = cases.len());
                    if code != 0 || !out.contains(&summary) {
                        // The summary and the cases that failed, not the whole report.
                        let end = out.rfind(" cases: ").unwrap_or(0);
                        let end = out[..end].rfind('\n').unwrap_or(0);
                        return Err(format!("--rules {rules}: exit {code}{}{err}", &out[end..]));
                    }
                }
                Ok(())
            },
        ),
        trial(
            "under solitaire the cases of the default rules fail, naming the rules",
            |home| {
                let (code, out, err) = new2048(home, &["rules", "test", "--rules", "solitaire"]);
                let two = "FAIL  two 2s make a 4\n      tests/merges.toml:";
                let own = "ok    merge_into_full: a bomb on a full column\n";
                if code != 3 || !out.contains(two) || !out.contains(own) || !err.contains("failed")
                {
                    return Err(format!("exit {code}\n{out}{err}"));
                }
                if !out.contains("rules: solitaire (the rules chosen)")
                    || !out
                        .contains("rules: default + board.merge_into_full = true (the case's own)")
                {
                    return Err(format!(
                        "which rules each case ran with is not said:\n{out}"
                    ));
                }
                Ok(())
            },
        ),
        trial("a rule set of the player's runs the cases", |home| {
            let (code, _, err) = new2048(home, &["rules", "--new", "low"]);
            let path = home.join("config/new2048/rules/low.toml");
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{err}{e}"))?;
            let low = text.replace("\nclear_value = 2048", "\nclear_value = 128");
            std::fs::write(&path, low).map_err(|e| e.to_string())?;
            let (c2, out, err2) = new2048(home, &["--rules", "low", "rules", "test", "32 + 32"]);
            let chain = "32+32=64  64\n      = 64, 1 point\n";
            if code != 0 || c2 != 0 || !out.contains("rules chosen: low") || !out.contains(chain) {
                return Err(format!("exit {code}, {c2}\n{out}{err}{err2}"));
            }
            let (c3, out, _) = new2048(home, &["--rules", "low", "rules", "test", "64 + 64 = 128"]);
            if c3 != 3 || !out.contains("64+64=128  column cleared") {
                return Err(format!("exit {c3}: 128 clears under low\n{out}"));
            }
            Ok(())
        }),
        trial(
            "a wrong one-line case fails with the columns side by side",
            |home| {
                let (code, out, err) = new2048(home, &["rules", "test", "8 4 + 4 = 8 8, 1 point"]);
                let picture = "before   card   expected   found\n\
                           \x20             8      4          8      16\n\
                           \x20             4                 8\n";
                let differs = "column  expected 8 8\n              found    16\n\
                           \x20     points  expected 1\n              found    2";
                if code != 3 || !out.contains(picture) || !out.contains(differs) {
                    return Err(format!("exit {code}\n{out}{err}"));
                }
                Ok(())
            },
        ),
        trial("a bad case file is refused with its line and key", |home| {
            let file = home.join("mine.toml");
            let text = "[[case]]\nname = \"x\"\ncolumn = \"2\"\ncard = \"3\"\nafter = \"4\"\n";
            std::fs::write(&file, text).map_err(|e| e.to_string())?;
            let (code, out, err) = new2048(home, &["rules", "test", &file.to_string_lossy()]);
            if code != 2 || !out.is_empty() || !err.contains("mine.toml:4:8: case `x`: card: `3`") {
                return Err(format!("exit {code}\n{out}{err}"));
            }
            Ok(())
        }),
    ]
}
