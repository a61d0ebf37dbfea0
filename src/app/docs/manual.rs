//! The manual's command lines, held to the program: every `new2048 …` line of README.md and
//! docs/ (in a code block or a code span) is parsed by the same argument parser the program
//! uses, so a flag renamed or removed fails a test instead of a reader. The lines are not run:
//! what most of them print depends on the machine, the clock, a random seed or minutes of play.
//! Examples shown with their output (`$ new2048 …`) are run, and the links between the files
//! followed, by `tests/integration/commands/docs.rs`. The table of bots in docs/bots.md is held
//! to the measurements (`strategy::measured`) here too.

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use clap::Parser;

    use crate::app::cli::Cli;

    /// The manual's files with their text.
    fn manual() -> Vec<(PathBuf, String)> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        crate::app::docs::manual_files::manual(root)
            .into_iter()
            .map(|p| {
                let text = std::fs::read_to_string(&p).unwrap();
                (p, text)
            })
            .collect()
    }

    /// Words a shell splits `line` into (quotes kept together), up to an operator or a comment.
    fn words(line: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut cur = String::new();
        let mut quote = None;
        let mut started = false;
        for c in line.chars() {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), c) => cur.push(c),
                (None, '\'' | '"') => {
                    quote = Some(c);
                    started = true;
                }
                (None, ' ' | '\t') => {
                    if started || !cur.is_empty() {
                        out.push(std::mem::take(&mut cur));
                    }
                    started = false;
                }
                (None, c) => cur.push(c),
            }
        }
        if started || !cur.is_empty() {
            out.push(cur);
        }
        let stop = ["|", "||", "&&", ";", "&", "#", ">", "<", "2>", ">>", "2>&1"];
        let end = out
            .iter()
            .position(|w| stop.contains(&w.as_str()) || w.starts_with('>') || w.starts_with('<'))
            .unwrap_or(out.len());
        out.truncate(end);
        out
    }

    /// The arguments after `new2048` in a shell line (after `env` assignments, a pipe, or
    /// `cargo run --release --`), placeholders given a value of their kind.
    fn command(line: &str) -> Option<Vec<String>> {
        let line = line.trim().trim_start_matches("$ ");
        // A screen drawn in a block (`new2048  rules default`) or a line it prints (a daily
        // deal's share line, with its `·`) is not a command.
        if line.contains("new2048  ") || line.contains('·') {
            return None;
        }
        // A table of commands in a block: the command, then what it does after a wide gap.
        let line = line.split("   ").next().unwrap_or_default();
        // The last command of a pipeline that is new2048's.
        let part = line
            .split(" | ")
            .find(|p| p.split_whitespace().any(|w| w == "new2048"))
            .or_else(|| line.contains("cargo run --release -- ").then_some(line))?;
        let mut w = words(part);
        let start = if let Some(i) = w.iter().position(|x| x == "new2048") {
            // Only assignments may come before it.
            if !w[..i].iter().all(|x| x.contains('=')) {
                return None;
            }
            i + 1
        } else {
            let i = w.iter().position(|x| x == "--")?;
            if w[..i].iter().any(|x| x == "--example" || x == "--bench") {
                return None;
            }
            i + 1
        };
        w.drain(..start);
        let value = |x: &str| -> Option<&'static str> {
            Some(match x {
                "N" | "S" | "J" | "K" => "1",
                "MS" => "100",
                "L" => "0.5",
                "R" => "0.1",
                "FILE" | "PATH" | "FILE.json" => "game.json",
                "NAME" => "fifty",
                "SHELL" => "bash",
                "COMMAND" => "play",
                "YYYY-MM-DD" => "2026-12-04",
                "WxH" => "80x24",
                "NAME[,NAME...]" => "best",
                _ => return None,
            })
        };
        Some(
            w.into_iter()
                .filter(|x| !matches!(x.as_str(), "..." | "…" | "[N]" | "[NAME]"))
                // `[--seed N]`: an option shown as optional is checked as given.
                .map(|x| x.trim_matches(['[', ']']).to_string())
                .map(|x| value(&x).map_or(x, str::to_string))
                .collect(),
        )
    }

    /// Every command line of a Markdown text: lines of code blocks (indented or fenced), and
    /// code spans; `true` for a whole line of a block, `false` for a span (which may stop
    /// short, before a flag's value).
    fn lines_of(text: &str) -> Vec<(usize, String, bool)> {
        let mut out = Vec::new();
        let mut fenced = false;
        for (n, l) in text.lines().enumerate() {
            if l.trim_start().starts_with("```") {
                fenced = !fenced;
                continue;
            }
            let code = fenced || l.starts_with("    ") && !l.trim_start().starts_with(['-', '|']);
            if code {
                out.push((n + 1, l.to_string(), true));
                continue;
            }
            for (i, span) in l.split('`').enumerate() {
                if i % 2 == 1 && span.starts_with("new2048 ") {
                    out.push((n + 1, span.to_string(), false));
                }
            }
        }
        out
    }

    #[test]
    fn every_command_line_of_the_manual_is_one_the_program_takes() {
        use clap::error::ErrorKind as K;
        let mut bad = Vec::new();
        let mut checked = 0;
        for (path, text) in manual() {
            for (n, line, whole) in lines_of(&text) {
                let Some(args) = command(&line) else {
                    continue;
                };
                checked += 1;
                let argv = std::iter::once("new2048".to_string()).chain(args);
                let Err(e) = Cli::try_parse_from(argv) else {
                    continue;
                };
                let fine = match e.kind() {
                    K::DisplayHelp
                    | K::DisplayVersion
                    | K::DisplayHelpOnMissingArgumentOrSubcommand => true,
                    // A span in a sentence may name a command without all it needs.
                    K::MissingRequiredArgument | K::InvalidValue | K::MissingSubcommand => !whole,
                    _ => false,
                };
                if !fine {
                    let first = e.to_string().lines().next().unwrap_or_default().to_string();
                    bad.push(format!(
                        "{}:{n}: `{}`: {first}",
                        path.display(),
                        line.trim()
                    ));
                }
            }
        }
        assert!(checked > 100, "only {checked} command lines found");
        assert!(
            bad.is_empty(),
            "{} lines the program refuses:\n{}",
            bad.len(),
            bad.join("\n")
        );
    }

    #[test]
    fn shell_lines_are_split_as_a_shell_would() {
        assert_eq!(
            command("NEW2048_DATA_DIR=/tmp/w new2048 --rules hard train --games 1 # learn")
                .unwrap(),
            ["--rules", "hard", "train", "--games", "1"]
        );
        assert_eq!(
            command("$ printf '1\\n' | new2048 play --deck-file deck.txt --json").unwrap(),
            ["play", "--deck-file", "deck.txt", "--json"]
        );
        assert_eq!(
            command("cargo run --release -- simulate --games N > out.txt").unwrap(),
            ["simulate", "--games", "1"]
        );
        assert_eq!(
            command("cargo run --release --example ceiling -- default 50"),
            None
        );
        assert_eq!(command("cargo test"), None);
    }

    /// docs/bots.md's table of the bots measured ([`crate::strategy::measured::FIGURES`]): a row
    /// per preset and bot, with the command of each.
    fn bots_table() -> String {
        let mut s = String::from(
            "| preset | bot | won | mean score | mean cards | time a move | command |\n\
             | --- | --- | --- | --- | --- | --- | --- |\n",
        );
        for f in crate::strategy::measured::FIGURES {
            s.push_str(&format!(
                "| {} | `{}` | {} of {} ({:.1}%) | {:.2} | {:.1} | {:.0} µs | `{}` |\n",
                f.preset,
                f.bot,
                f.wins,
                f.games,
                100.0 * f64::from(f.wins) / f64::from(f.games.max(1)),
                f.mean_score,
                f.mean_cards,
                f.decision_us,
                f.command()
            ));
        }
        s
    }

    #[test]
    fn the_readme_quotes_the_table() {
        let readme = include_str!("../../../docs/bots.md");
        assert!(
            readme.contains(&bots_table()),
            "docs/bots.md's table of bots must be `bots_table()` of src/app/docs/manual.rs:\n{}",
            bots_table()
        );
    }
}
