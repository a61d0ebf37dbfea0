//! The chain-merge cases of `tests/merges.toml`, each its own test: `cargo test merges` lists and
//! runs them by name (`[merges] 64 32 16 + 16 chains up to a single 128 ... ok`), and a failing
//! one prints the column before, the card, the column expected and the one found side by side.
//!
//! A harness of its own (libtest-mimic, `harness = false` in Cargo.toml) makes one test per case
//! of the data file. The reading, running and drawing are the library's (`new2048::chains`), the
//! same code `new2048 rules test` runs. Beside the cases: the worked examples of docs/rules.md
//! must each be a case of the file, and every case of the file states its points and steps.

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
