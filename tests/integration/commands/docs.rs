//! The manual as a reader meets it: every link between README.md and docs/ leads to a file (and
//! a heading, when it names one), and every example shown with its output (`$ new2048 …` in a
//! code block, the lines after it being what it prints) prints exactly that when run in a fresh
//! home. (That every `new2048 …` line is one the program accepts is checked in
//! `src/app/docs/manual.rs`, with the program's own parser.)

use std::collections::HashSet;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[path = "../../../src/app/docs/manual_files.rs"]
mod manual_files;

fn manual() -> Vec<PathBuf> {
    manual_files::manual(root())
}

/// The anchors GitHub gives a file's headings: lower case, spaces to `-`, other punctuation
/// dropped (a second heading of the same text gets `-1`).
fn anchors(text: &str) -> HashSet<String> {
    let mut seen = HashSet::new();
    let mut fenced = false;
    for l in text.lines() {
        if l.starts_with("```") {
            fenced = !fenced;
        }
        if fenced || !l.starts_with('#') {
            continue;
        }
        let title = l.trim_start_matches('#').trim();
        let slug: String = title
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                _ => None,
            })
            .collect();
        let mut s = slug.clone();
        let mut n = 1;
        while !seen.insert(s.clone()) {
            s = format!("{slug}-{n}");
            n += 1;
        }
    }
    seen
}

/// The targets of the Markdown links `[text](target)` of `text`, outside code.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, l) in text.lines().enumerate() {
        if l.starts_with("    ") && !l.trim_start().starts_with(['-', '|', '*']) {
            continue;
        }
        let mut rest = l;
        while let Some(i) = rest.find("](") {
            let after = &rest[i + 2..];
            let Some(j) = after.find(')') else { break };
            out.push((n + 1, after[..j].to_string()));
            rest = &after[j..];
        }
    }
    out
}

#[test]
fn every_link_of_the_manual_leads_somewhere() {
    let mut bad = Vec::new();
    let mut seen = 0;
    for file in manual() {
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, target) in links(&text) {
            if target.starts_with("http://") || target.starts_with("https://") {
                continue;
            }
            seen += 1;
            let (path, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let to = if path.is_empty() {
                file.clone()
            } else {
                file.parent().unwrap().join(path)
            };
            let shown = format!("{}:{n}: ({target})", file.display());
            if !to.exists() {
                bad.push(format!("{shown}: no such file"));
            } else if !anchor.is_empty() {
                let there = std::fs::read_to_string(&to).unwrap_or_default();
                if !anchors(&there).contains(anchor) {
                    bad.push(format!("{shown}: no heading #{anchor} there"));
                }
            }
        }
    }
    assert!(seen > 20, "only {seen} links found");
    assert!(bad.is_empty(), "broken links:\n{}", bad.join("\n"));
}

/// The examples of a Markdown text shown with their output: blocks of `$ command` lines, each
/// followed by what it prints.
fn examples(text: &str) -> Vec<Vec<(String, String)>> {
    let mut blocks = Vec::new();
    let mut block: Vec<(String, String)> = Vec::new();
    for l in text.lines().chain(std::iter::once("")) {
        let code = l.strip_prefix("    ");
        match code {
            Some(c) if c.starts_with("$ ") => block.push((c[2..].to_string(), String::new())),
            Some(c) if !block.is_empty() => {
                let out = &mut block.last_mut().unwrap().1;
                out.push_str(c);
                out.push('\n');
            }
            _ if !block.is_empty() => blocks.push(std::mem::take(&mut block)),
            _ => {}
        }
    }
    blocks
}

#[test]
fn every_example_shown_with_its_output_prints_it() {
    let bin = Path::new(env!("CARGO_BIN_EXE_new2048")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut run = 0;
    for file in manual() {
        let text = std::fs::read_to_string(&file).unwrap();
        for block in examples(&text) {
            let home = tempfile::tempdir().unwrap();
            for (command, expected) in block {
                let out = std::process::Command::new("sh")
                    .args(["-c", &command])
                    .current_dir(home.path())
                    .env("PATH", &path)
                    .env("HOME", home.path())
                    .env("XDG_DATA_HOME", home.path().join("data"))
                    .env("XDG_CONFIG_HOME", home.path().join("config"))
                    .env_remove("NEW2048_DATA_DIR")
                    .env_remove("NEW2048_CONFIG")
                    .env_remove("NEW2048_LANG")
                    .env("LANG", "C")
                    .output()
                    .unwrap();
                let said = String::from_utf8_lossy(&out.stdout);
                assert_eq!(
                    said.trim_end(),
                    expected.trim_end(),
                    "{}: `{command}` prints otherwise (stderr: {})",
                    file.display(),
                    String::from_utf8_lossy(&out.stderr)
                );
                run += 1;
            }
        }
    }
    assert!(run >= 2, "only {run} examples run");
}

/// The rows of docs/development.md's map: the room's path under `src/` and the rest of the row.
fn map_rows() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(root().join("docs/development.md")).unwrap();
    text.lines()
        .filter_map(|line| line.strip_prefix("| `src/"))
        .filter_map(|rest| {
            let (room, row) = rest.split_once('`')?;
            Some((room.to_string(), row.to_string()))
        })
        .collect()
}

/// The code entries of a folder: `.rs` files and folders of code (snapshots and weights are
/// data).
fn code_entries(dir: &Path) -> Vec<(String, bool)> {
    let mut found: Vec<(String, bool)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap())
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let is_dir = e.file_type().unwrap().is_dir();
            let code = if is_dir {
                fs_has_code(&e.path())
            } else {
                name.ends_with(".rs")
            };
            code.then_some((name, is_dir))
        })
        .collect();
    found.sort();
    found
}

fn fs_has_code(dir: &Path) -> bool {
    std::fs::read_dir(dir)
        .unwrap()
        .any(|e| e.unwrap().file_name().to_string_lossy().ends_with(".rs"))
}

fn holds_file(dir: &Path, name: &str) -> bool {
    code_entries(dir).iter().any(|(entry, is_dir)| {
        if *is_dir {
            holds_file(&dir.join(entry), name)
        } else {
            entry == name
        }
    })
}

/// The map of the rooms is drawn from the code: every file and folder at the top of `src/` is a
/// row, every sub-room one level down (a folder with its `mod.rs`) is a row or named in its
/// room's row, and every file or
/// folder a row names exists, so a new module or a renamed one fails here, not a reader.
#[test]
fn the_map_of_the_rooms_names_every_room_and_nothing_else() {
    let src = root().join("src");
    let rows = map_rows();
    let mut wrong = Vec::new();
    for (room, row) in &rows {
        let path = src.join(room);
        if !path.exists() {
            wrong.push(format!(
                "the map has a row for src/{room}, which does not exist"
            ));
            continue;
        }
        let within = if room.ends_with('/') {
            path.clone()
        } else {
            src.clone()
        };
        for named in row.split('`').skip(1).step_by(2) {
            let exists = if let Some(folder) = named.strip_suffix('/') {
                within.join(folder).is_dir() || src.join(folder).is_dir()
            } else if named.ends_with(".rs") && named.contains('/') {
                within.join(named).is_file() || src.join(named).is_file()
            } else if named.ends_with(".rs") && !named.contains(' ') {
                holds_file(&within, named)
            } else {
                true
            };
            if !exists {
                wrong.push(format!(
                    "the row of src/{room} names `{named}`, which is not there"
                ));
            }
        }
    }
    let has_row = |room: &str| rows.iter().any(|(r, _)| r == room);
    for (name, is_dir) in code_entries(&src) {
        let room = if is_dir {
            format!("{name}/")
        } else {
            name.clone()
        };
        if !matches!(name.as_str(), "main.rs" | "lib.rs") && !has_row(&room) {
            wrong.push(format!("src/{room} has no row in the map"));
        }
        if !is_dir {
            continue;
        }
        for (sub, sub_dir) in code_entries(&src.join(&name)) {
            let named_in_room = rows.iter().any(|(r, row)| {
                *r == room
                    && (row.contains(&format!("`{sub}/`"))
                        || row.contains(&format!("`{name}/{sub}/`")))
            });
            let sub_room = sub_dir && src.join(&name).join(&sub).join("mod.rs").exists();
            if sub_room && !has_row(&format!("{name}/{sub}/")) && !named_in_room {
                wrong.push(format!(
                    "src/{name}/{sub}/ is neither a row nor named in src/{room}'s row"
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "docs/development.md's map is out of date:\n{}",
        wrong.join("\n")
    );
}
