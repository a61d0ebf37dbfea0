//! The floors of the code, held by a test instead of prose: docs/development.md draws the rooms
//! of `src/` (and of `src/ui/`) floor by floor, top first, and this test reads those drawings and
//! fails on any import that runs up a floor or sideways to another room of the same floor, and on
//! a room the drawing does not have (or has and the code does not). The drawing is the one
//! source: change the floors there, and the test holds the code to the change.
//!
//! An import is any path of code (not of a comment or a string) that names a room:
//! `crate::store::Store`, `crate::{store, record}`, and `super::…` from a room's files, resolved
//! from the module the file is. Tests may reach any floor of their room (a test of the store's
//! saves plays a game dealt by `deal`), so `tests.rs` files, `tests/` folders and `#[cfg(test)]`
//! modules are not looked at.

use std::collections::BTreeSet;

use crate::house::{code_only, root, sources};

/// A house with its floors, top first, as the development guide draws it.
struct House {
    /// The folder whose rooms these are (`src`, `src/ui`), relative to the project's root.
    dir: String,
    floors: Vec<Vec<String>>,
}

impl House {
    /// The floor of `room`, counted from the top; `None` when the drawing does not have it.
    fn floor(&self, room: &str) -> Option<usize> {
        self.floors.iter().position(|f| f.iter().any(|r| r == room))
    }

    fn rooms(&self) -> BTreeSet<String> {
        self.floors.iter().flatten().cloned().collect()
    }
}

/// The drawings of docs/development.md: each fenced block right after a line
/// `<!-- floors of DIR/ -->`, one floor a line, its rooms separated by spaces.
fn houses(guide: &str) -> Vec<House> {
    let mut found = Vec::new();
    let mut lines = guide.lines();
    while let Some(line) = lines.next() {
        let Some(dir) = line
            .trim()
            .strip_prefix("<!-- floors of ")
            .and_then(|rest| rest.strip_suffix("/ -->"))
        else {
            continue;
        };
        assert_eq!(
            lines.next().map(str::trim),
            Some("```text"),
            "{line}: a block must follow"
        );
        let floors = lines
            .by_ref()
            .take_while(|l| l.trim() != "```")
            .map(|l| l.split_whitespace().map(String::from).collect())
            .collect();
        found.push(House {
            dir: dir.to_string(),
            floors,
        });
    }
    found
}

/// The module path of a source file (`src/ui/play/session.rs` is `ui::play::session`,
/// `src/ui/mod.rs` is `ui`), as names from the crate's root.
fn module_of(path: &str) -> Vec<String> {
    let rel = path.strip_prefix("src/").unwrap_or(path);
    let rel = rel.strip_suffix(".rs").unwrap_or(rel);
    let mut parts: Vec<String> = rel.split('/').map(String::from).collect();
    if parts
        .last()
        .is_some_and(|p| p == "mod" || p == "lib" || p == "main")
    {
        parts.pop();
    }
    parts
}

/// Whether the file is a test's: `tests.rs`, or in a `tests/` folder.
fn is_test_file(path: &str) -> bool {
    path.ends_with("/tests.rs") || path.contains("/tests/")
}

/// `code` with each `#[cfg(test)]` module's body blanked, line breaks kept.
fn without_test_modules(code: &[u8]) -> Vec<u8> {
    let mut out = code.to_vec();
    let mark = b"#[cfg(test)]";
    let mut i = 0;
    while let Some(n) = out[i..].windows(mark.len()).position(|w| w == mark) {
        let at = i + n;
        i = at + mark.len();
        // A module follows when `mod NAME {` comes before any `;` or other item's brace.
        let rest = &out[i..];
        let Some(open) = rest.iter().position(|&c| c == b'{' || c == b';') else {
            break;
        };
        let head = String::from_utf8_lossy(&rest[..open]);
        if rest[open] != b'{' || !head.split_whitespace().any(|w| w == "mod") {
            continue;
        }
        let start = i + open;
        let mut depth = 0i32;
        let mut end = out.len();
        for (k, &c) in out[start..].iter().enumerate() {
            match c {
                b'{' => depth += 1,
                b'}' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                end = start + k + 1;
                break;
            }
        }
        for c in &mut out[start..end] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
        i = end;
    }
    out
}

/// An identifier starting at `i` of `code`, and where it ends.
fn ident_at(code: &[u8], i: usize) -> (String, usize) {
    let end = code[i..]
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || c == b'_'))
        .map_or(code.len(), |n| i + n);
    (String::from_utf8_lossy(&code[i..end]).into_owned(), end)
}

/// Skips spaces and line breaks from `i`.
fn skip_space(code: &[u8], mut i: usize) -> usize {
    while code.get(i).is_some_and(u8::is_ascii_whitespace) {
        i += 1;
    }
    i
}

/// Every module path `code` (of the module `here`) names with `crate::` or `super::`, resolved
/// from the crate's root as far as its first two names, with the line it is on. A group
/// (`crate::{a, b::c}`) gives each of its first names.
fn paths_named(code: &[u8], here: &[String]) -> Vec<(Vec<String>, usize)> {
    let line_of = |at: usize| code[..at].split(|&c| c == b'\n').count();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut found = Vec::new();
    let mut i = 0;
    while i < code.len() {
        if i > 0 && (word(code[i - 1]) || code[i - 1] == b':') || !word(code[i]) {
            i += 1;
            continue;
        }
        let (first, mut end) = ident_at(code, i);
        let mut base: Vec<String> = match first.as_str() {
            "crate" => Vec::new(),
            "super" => {
                let mut m = here.to_vec();
                m.pop();
                m
            }
            _ => {
                i = end;
                continue;
            }
        };
        let at = i;
        let mut rooted = false;
        // Follow `::name` steps (more `super`s climb further).
        while code[end..].starts_with(b"::") {
            let next = skip_space(code, end + 2);
            if code.get(next) == Some(&b'{') {
                // A group: each first name in it, at depth one.
                let mut depth = 0;
                let mut k = next;
                let mut expect = true;
                while k < code.len() {
                    match code[k] {
                        b'{' => {
                            depth += 1;
                            expect = depth == 1;
                        }
                        b'}' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        b',' if depth == 1 => expect = true,
                        c if expect && depth == 1 && word(c) => {
                            let (name, e) = ident_at(code, k);
                            let mut p = base.clone();
                            if name != "self" {
                                p.push(name);
                            }
                            found.push((p, line_of(at)));
                            expect = false;
                            k = e;
                            continue;
                        }
                        _ => {}
                    }
                    k += 1;
                }
                end = k;
                rooted = true;
                break;
            }
            let (name, e) = ident_at(code, next);
            if name.is_empty() {
                break;
            }
            end = e;
            if name == "super" {
                base.pop();
                continue;
            }
            base.push(name);
            if base.len() >= 2 {
                break;
            }
        }
        if !rooted {
            found.push((base, line_of(at)));
        }
        i = end.max(at + 1);
    }
    found
}

/// The room a module path is in, for a house at `dir` (`src` or `src/ui`): its first name
/// under the house's folder; `None` when it is not under it.
fn room_in(dir: &str, path: &[String]) -> Option<String> {
    let under: Vec<&str> = dir
        .strip_prefix("src")
        .unwrap_or(dir)
        .split('/')
        .filter(|p| !p.is_empty())
        .collect();
    if path.len() <= under.len() || path.iter().zip(&under).any(|(a, b)| a != b) {
        return None;
    }
    Some(path[under.len()].clone())
}

/// What in `files` breaks the house's floors: an import up or sideways, a room not drawn, or a
/// room drawn that the code does not have.
fn breaches(house: &House, files: &[(String, String)]) -> Vec<String> {
    let mut found = Vec::new();
    let mut rooms_in_code = BTreeSet::new();
    let prefix = format!("{}/", house.dir);
    for (path, text) in files {
        let Some(rel) = path.strip_prefix(&prefix) else {
            continue;
        };
        let here = module_of(path);
        let Some(from) = room_in(&house.dir, &here) else {
            continue; // the house's own root file (lib.rs, ui/mod.rs) may name every room
        };
        rooms_in_code.insert(from.clone());
        if rel == "main.rs" || is_test_file(path) {
            continue;
        }
        let Some(from_floor) = house.floor(&from) else {
            found.push(format!(
                "{path}: the room `{from}` is not on the floors of {}/",
                house.dir
            ));
            continue;
        };
        let code = without_test_modules(&code_only(text));
        for (named, line) in paths_named(&code, &here) {
            let Some(to) = room_in(&house.dir, &named) else {
                continue;
            };
            if to == from {
                continue;
            }
            match house.floor(&to) {
                Some(to_floor) if to_floor > from_floor => {}
                Some(to_floor) => found.push(format!(
                    "{path}:{line}: `{from}` imports `{to}`, {} (floors of {}/ in \
                     docs/development.md)",
                    if to_floor == from_floor {
                        "a room on its own floor"
                    } else {
                        "a room above it"
                    },
                    house.dir
                )),
                None => found.push(format!(
                    "{path}:{line}: `{to}` is not on the floors of {}/",
                    house.dir
                )),
            }
        }
    }
    for drawn in house.rooms() {
        if !rooms_in_code.contains(&drawn) {
            found.push(format!(
                "the floors of {}/ draw `{drawn}`, which the code does not have",
                house.dir
            ));
        }
    }
    found
}

fn the_guide() -> String {
    std::fs::read_to_string(root().join("docs/development.md")).unwrap()
}

fn the_sources() -> Vec<(String, String)> {
    let mut files = Vec::new();
    sources(&root().join("src"), &mut files);
    assert!(files.len() > 100, "the sources were not found");
    files
}

#[test]
fn no_import_runs_up_a_floor_or_sideways() {
    let houses = houses(&the_guide());
    let dirs: Vec<&str> = houses.iter().map(|h| h.dir.as_str()).collect();
    assert_eq!(
        dirs,
        ["src", "src/ui"],
        "the floors docs/development.md draws"
    );
    let files = the_sources();
    let found: Vec<String> = houses.iter().flat_map(|h| breaches(h, &files)).collect();
    assert!(
        found.is_empty(),
        "imports against the floors (move the code down, or change the floors in \
         docs/development.md if the design changed):\n{}",
        found.join("\n")
    );
}

/// The test can fail: an import planted up a floor, one sideways, one through `super::` and
/// one in a group are each found, in `src/` and in `src/ui/`; the same in a test module is not.
#[test]
fn a_planted_import_up_a_floor_is_found() {
    let houses = houses(&the_guide());
    let plant = |path: &str, line: &str| {
        let mut files = the_sources();
        let file = files.iter_mut().find(|(p, _)| p == path).unwrap();
        file.1.push_str(line);
        houses
            .iter()
            .flat_map(|h| breaches(h, &files))
            .collect::<Vec<_>>()
    };
    let up = plant("src/cards/card.rs", "\nuse crate::app::cli::Cli;\n");
    assert_eq!(up.len(), 1, "{up:?}");
    assert!(
        up[0].contains("`cards` imports `app`, a room above it"),
        "{up:?}"
    );
    let sideways = plant(
        "src/chains/mod.rs",
        "\nfn f() { crate::duel::Duel::new(); }\n",
    );
    assert!(
        sideways[0].contains("a room on its own floor"),
        "{sideways:?}"
    );
    let group = plant(
        "src/base/utc.rs",
        "\nuse crate::{cards::card::Card, store};\n",
    );
    assert_eq!(group.len(), 2, "{group:?}");
    let climbed = plant(
        "src/ui/play/session.rs",
        "\nuse super::super::super::app;\n",
    );
    assert_eq!(climbed.len(), 1, "{climbed:?}");
    assert!(climbed[0].contains("`ui` imports `app`"), "{climbed:?}");
    let ui = plant("src/ui/kit/text.rs", "\nuse super::super::menu::Menu;\n");
    assert_eq!(ui.len(), 1, "{ui:?}");
    assert!(ui[0].contains("`kit` imports `menu`"), "{ui:?}");
    let in_a_test = plant(
        "src/cards/card.rs",
        "\n#[cfg(test)]\nmod planted {\n    use crate::app::cli::Cli;\n}\n",
    );
    assert!(in_a_test.is_empty(), "{in_a_test:?}");
    let in_a_comment = plant("src/cards/card.rs", "\n// crate::app::cli\n");
    assert!(in_a_comment.is_empty(), "{in_a_comment:?}");
}

/// The drawing and the code have the same rooms: a room added to `src/` must be put on a floor.
#[test]
fn a_room_not_drawn_is_found() {
    let mut houses = houses(&the_guide());
    for floor in &mut houses[0].floors {
        floor.retain(|r| r != "duel");
    }
    houses[0].floors.push(vec!["gone".to_string()]);
    let found = breaches(&houses[0], &the_sources());
    assert!(
        found
            .iter()
            .any(|f| f.contains("the room `duel` is not on the floors of src/")),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|f| f.contains("draw `gone`, which the code does not have")),
        "{found:?}"
    );
}
