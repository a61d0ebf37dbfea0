//! `new2048 rules test`: chain-merge cases run against a rule set, each shown step by step with
//! its verdict, so a player can see what their rules do to a chain without writing code.
//!
//! The cases come from files (the project's `tests/merges.toml` is built in and taken when none
//! is given) or from the command line, one case a word (`"64 32 16 + 16 = 128, 3 points"`). The
//! rules chosen (`--rules`, `--config`, as for playing) are those of every case that states none;
//! a case with rules of its own keeps them, and each case says which it ran with, since a case
//! worked out for the default rules is expected to fail under others. Reading the files is done
//! here; parsing, running and drawing are [`crate::chains`]'s, the same the test harness uses.

use std::io::{self, Write};
use std::path::Path;

use crate::app::cli::{Global, RulesTestArgs};
use crate::base::fsread::{Links, read_text};
use crate::base::visible::escape;
use crate::chains::{self, Case};
use crate::error::Error;

/// Cases and where they come from (the name their errors and reports give).
struct Source {
    origin: String,
    cases: Vec<Case>,
}

pub(crate) fn command(global: &Global, args: &RulesTestArgs) -> Result<(), Error> {
    let sources = sources(&args.cases)?;
    let loaded = crate::config::load(&global.rules_choice())?;
    let chosen = &loaded.rules;
    let mut out = io::stdout().lock();
    let from: Vec<&str> = sources.iter().map(|s| s.origin.as_str()).collect();
    let built_in = if args.cases.is_empty() {
        " (the project's, built in)"
    } else {
        ""
    };
    writeln!(out, "cases: {}{built_in}", from.join(", "))?;
    writeln!(
        out,
        "rules chosen: {} ({}); a case with rules of its own keeps them\n",
        chosen.name, loaded.source
    )?;
    let (mut total, mut own) = (0, 0);
    let mut failed = Vec::new();
    for source in &sources {
        for case in &source.cases {
            let ran = chains::run::run(case, chosen);
            writeln!(out, "{}\n", chains::draw::report(&ran, &source.origin))?;
            total += 1;
            own += usize::from(ran.own_rules);
            if !ran.passed() {
                failed.push(format!(
                    "{}:{}: {} ({})",
                    source.origin,
                    case.line,
                    case.name,
                    ran.rules_label()
                ));
            }
        }
    }
    let cases = crate::cards::text::count(total, "case");
    writeln!(
        out,
        "{cases}: {} passed, {} failed; {} ran with the rules chosen ({}), {own} with rules of \
         their own",
        total - failed.len(),
        failed.len(),
        total - own,
        chosen.name
    )?;
    if failed.is_empty() {
        return Ok(());
    }
    writeln!(out, "failed:")?;
    for f in &failed {
        writeln!(out, "  {f}")?;
    }
    // Only the project's own cases are worked out for the default rules: cases of the
    // player's files are theirs to know.
    let hint = if !args.cases.is_empty()
        || chosen.hash() == crate::cards::rules::Rules::default_rules().hash()
    {
        String::new()
    } else {
        format!(
            "; the project's cases are worked out for the default rules, so those that state \
             no rules of their own may fail under {} (each case says which rules it ran with)",
            chosen.name
        )
    };
    Err(Error::CasesFailed(format!(
        "{} of {cases} failed{hint}",
        failed.len()
    )))
}

/// The cases the arguments name: each a file of cases, or one case written on one line; the
/// project's cases when there is no argument.
fn sources(args: &[String]) -> Result<Vec<Source>, Error> {
    let file = |text: &str, origin: String| -> Result<Source, Error> {
        let cases = chains::parse::parse_file(text, &origin)
            .map_err(|e| Error::usage(format!("bad case file: {e}")))?;
        Ok(Source { origin, cases })
    };
    if args.is_empty() {
        return Ok(vec![file(chains::CASES, chains::CASES_PATH.to_string())?]);
    }
    let mut out = Vec::new();
    for arg in args {
        let path = Path::new(arg);
        if path.exists() || !arg.contains('+') {
            let limit = crate::config::paths::MAX_FILE_BYTES;
            let text = read_text(path, Links::Follow, limit).map_err(|e| {
                Error::said(e, |e| {
                    escape(&format!(
                        "cannot read the case file {e}; or write a case on one line, {}",
                        chains::parse::LINE_FORM
                    ))
                })
            })?;
            out.push(file(&text, escape(&path.display().to_string()))?);
        } else {
            let case = chains::parse::parse_line(arg)
                .map_err(|e| Error::usage(escape(&format!("`{arg}`: {e}"))))?;
            out.push(Source {
                origin: "the command line".into(),
                cases: vec![case],
            });
        }
    }
    Ok(out)
}
