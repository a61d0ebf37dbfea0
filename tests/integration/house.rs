//! The limits the project set itself, held by tests instead of prose: no source file over 800
//! lines, no function over 80, and a release binary within 8 MiB.
//!
//! The size of the release binary needs a release build, minutes long, which `cargo test` does
//! not make: the test checks `target/release/new2048` when it is there and newer than every
//! source, and `.ci/run` builds it after the tests and runs the ignored test that requires it
//! (docs/development.md).

use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// The most lines a file of `src/` may have.
const FILE_LINES: usize = 800;

/// The most lines a function may have, from its `fn` to its closing brace.
const FN_LINES: usize = 80;

/// The most bytes the stripped release binary may have: 8 MiB.
const BINARY_BYTES: u64 = 8 * 1024 * 1024;

pub(crate) fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`, its path relative to the project's root with `/`.
pub(crate) fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root()).unwrap();
            let rel = rel.to_string_lossy().replace('\\', "/");
            out.push((rel, std::fs::read_to_string(&path).unwrap()));
        }
    }
}

/// `text` with comments, strings and character literals blanked out (their bytes become spaces,
/// their line breaks kept), so that braces and `fn` are counted in code only.
pub(crate) fn code_only(text: &str) -> Vec<u8> {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to.min(b.len())] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    let mut i = 0;
    while i < b.len() {
        let rest = &b[i..];
        let token = if rest.starts_with(b"//") {
            Some(
                rest.iter()
                    .position(|&c| c == b'\n')
                    .map_or(b.len(), |n| i + n),
            )
        } else if rest.starts_with(b"/*") {
            Some(block_comment_end(b, i))
        } else if let Some(end) = raw_string_end(b, i) {
            Some(end)
        } else if rest[0] == b'"' {
            Some(string_end(b, i + 1))
        } else if rest[0] == b'\'' {
            char_end(text, i)
        } else {
            None
        };
        match token {
            Some(end) => {
                blank(&mut out, i, end);
                i = end.max(i + 1);
            }
            None => i += 1,
        }
    }
    out
}

/// The end of a character literal starting at `i` (`'{'`, `'\''`, `'\u{7b}'`, `'é'`); `None`
/// for a lifetime (`'a`).
fn char_end(text: &str, i: usize) -> Option<usize> {
    let b = text.as_bytes();
    if b.get(i + 1) == Some(&b'\\') {
        let n = b.get(i + 3..)?.iter().position(|&c| c == b'\'')?;
        return Some(i + 4 + n);
    }
    let c = text.get(i + 1..)?.chars().next()?;
    let after = i + 1 + c.len_utf8();
    (b.get(after) == Some(&b'\'')).then_some(after + 1)
}

fn block_comment_end(b: &[u8], start: usize) -> usize {
    let (mut depth, mut i) = (0usize, start);
    while i + 1 < b.len() {
        if b[i..].starts_with(b"/*") {
            depth += 1;
            i += 2;
        } else if b[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    b.len()
}

/// The end of a raw string (`r"…"`, `r#"…"#`, `br"…"`) starting at `i`, if one starts there.
fn raw_string_end(b: &[u8], i: usize) -> Option<usize> {
    if i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_') {
        return None;
    }
    let mut j = i + usize::from(b.get(i) == Some(&b'b'));
    if b.get(j) != Some(&b'r') {
        return None;
    }
    j += 1;
    let hashes = b[j..].iter().take_while(|&&c| c == b'#').count();
    j += hashes;
    if b.get(j) != Some(&b'"') {
        return None;
    }
    let mut close = vec![b'"'];
    close.extend(std::iter::repeat_n(b'#', hashes));
    let from = j + 1;
    Some(
        b[from..]
            .windows(close.len())
            .position(|w| w == close.as_slice())
            .map_or(b.len(), |n| from + n + close.len()),
    )
}

/// The end of a string whose text starts at `i` (after its opening quote).
fn string_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// Each function of `text` with a body: its name and its length in lines, from the line of its
/// `fn` to the line of its closing brace.
fn functions(text: &str) -> Vec<(String, usize)> {
    let code = code_only(text);
    let line_of = |at: usize| text[..at].matches('\n').count();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut found = Vec::new();
    let mut i = 0;
    while let Some(n) = code[i..].windows(3).position(|w| w == b"fn ") {
        let at = i + n;
        i = at + 3;
        if at > 0 && word(code[at - 1]) {
            continue;
        }
        let name: String = code[i..]
            .iter()
            .take_while(|&&c| word(c))
            .map(|&c| c as char)
            .collect();
        if name.is_empty() {
            continue;
        }
        // The body: the first `{` outside brackets, unless a `;` ends a declaration first.
        let (mut depth, mut j) = (0i32, i);
        let open = loop {
            match code.get(j) {
                None => break None,
                Some(b'(' | b'[') => depth += 1,
                Some(b')' | b']') => depth -= 1,
                Some(b';') if depth == 0 => break None,
                Some(b'{') if depth == 0 => break Some(j),
                _ => {}
            }
            j += 1;
        };
        let Some(open) = open else { continue };
        let mut braces = 0i32;
        let close = code[open..].iter().position(|&c| {
            match c {
                b'{' => braces += 1,
                b'}' => braces -= 1,
                _ => {}
            }
            braces == 0
        });
        let close = close.map_or(code.len(), |n| open + n);
        found.push((name, line_of(close) - line_of(at) + 1));
    }
    found
}

#[test]
fn no_file_over_800_lines_and_no_function_over_80() {
    let mut files = Vec::new();
    sources(&root().join("src"), &mut files);
    assert!(files.len() > 100, "the sources were not found");
    let mut over = Vec::new();
    for (path, text) in &files {
        let lines = text.lines().count();
        if lines > FILE_LINES {
            over.push(format!(
                "{path}: {lines} lines (at most {FILE_LINES} a file)"
            ));
        }
        for (name, len) in functions(text) {
            if len > FN_LINES {
                over.push(format!(
                    "{path}: fn {name} is {len} lines (at most {FN_LINES} a function)"
                ));
            }
        }
    }
    assert!(
        over.is_empty(),
        "split these into smaller pieces:\n{}",
        over.join("\n")
    );
}

/// The scan itself: a function's length counts its lines, whatever braces its strings,
/// characters and comments hold, and a declaration without a body is no function.
#[test]
fn the_scan_counts_a_function_by_its_braces_in_code() {
    let text = "trait T {\n    fn declared(&self) -> [u8; 2];\n}\n\
                fn f() -> [u32; 2] {\n    let s = \"}}}\";\n    let c = '}';\n    \
                // }\n    let r = r#\"{\"#;\n    /* { */\n    [1, 2]\n}\n\
                fn g<'a>(x: &'a str) -> &'a str {\n    x\n}\n";
    assert_eq!(
        functions(text),
        [("f".to_string(), 8), ("g".to_string(), 3)]
    );
}

/// The newest change to anything the release binary is built from.
fn newest_source() -> SystemTime {
    let mut newest = SystemTime::UNIX_EPOCH;
    let mut stack = vec![root().join("src")];
    for file in ["Cargo.toml", "Cargo.lock", "build.rs"] {
        stack.push(root().join(file));
    }
    while let Some(path) = stack.pop() {
        let Ok(meta) = std::fs::metadata(&path) else {
            continue;
        };
        if meta.is_dir() {
            stack.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
        } else if let Ok(m) = meta.modified() {
            newest = newest.max(m);
        }
    }
    newest
}

/// The release binary beside the debug one these tests run (`target/release/new2048`), with
/// its size, when it is there and built after the newest source.
fn release_binary() -> Result<(PathBuf, u64), String> {
    let debug = Path::new(crate::common::BIN);
    let target = debug.parent().and_then(Path::parent).unwrap();
    let path = target
        .join("release")
        .join(debug.file_name().unwrap_or_default());
    let meta = std::fs::metadata(&path).map_err(|e| {
        format!(
            "{}: {e}; build it with `cargo build --release --locked`",
            path.display()
        )
    })?;
    if meta.modified().unwrap() < newest_source() {
        return Err(format!(
            "{} is older than the sources; build it again with `cargo build --release --locked`",
            path.display()
        ));
    }
    Ok((path, meta.len()))
}

fn within_its_limit(path: &Path, bytes: u64) {
    assert!(
        bytes <= BINARY_BYTES,
        "{} is {bytes} bytes, over the {BINARY_BYTES} (8 MiB) the project allows (docs/development.md)",
        path.display()
    );
}

/// The size check whenever a release build of these sources is there (after `cargo build
/// --release`); skipped, saying so, when there is none.
#[test]
fn the_release_binary_when_built_is_within_8_mib() {
    match release_binary() {
        Ok((path, bytes)) => within_its_limit(&path, bytes),
        Err(why) => eprintln!("the release binary's size is not checked: {why}"),
    }
}

/// The size check that requires the release build: `.ci/run` runs it after `cargo build
/// --release --locked` (`cargo test --test integration release_binary -- --ignored`).
#[test]
#[ignore = "needs `cargo build --release --locked` first; .ci/run builds it and runs this"]
fn the_release_binary_is_within_8_mib() {
    let (path, bytes) = release_binary().unwrap_or_else(|why| panic!("{why}"));
    within_its_limit(&path, bytes);
}
