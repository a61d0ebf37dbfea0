//! Which rules are in force, and where they came from.
//!
//! In order: `--rules NAME` (a shipped preset) or `--config PATH`, then `$NEW2048_CONFIG`, then
//! the user's file in the XDG config folder if it exists, then the built-in default. A file may
//! set only some keys; the rest come from the built-in default.

pub mod edit;
pub mod keys;
pub mod mend;
pub mod near;
pub mod own;
pub mod parse;
pub mod paths;
pub mod presets;

use std::fmt;
use std::path::{Path, PathBuf};

use crate::base::fsread::Links;
use crate::cards::rules::Rules;
use crate::config::parse::{RulesError, RulesErrorKind};

/// Where the rules in force came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesSource {
    /// A preset embedded in the binary, by name.
    Preset(String),
    /// `--config PATH`.
    Flag(PathBuf),
    /// `$NEW2048_CONFIG`.
    Env(PathBuf),
    /// The user's config file.
    User(PathBuf),
    /// `--rules NAME`: one of the player's own rule sets (see [`own`]).
    Own(PathBuf),
}

impl fmt::Display for RulesSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesSource::Preset(n) => write!(f, "built-in preset `{n}`"),
            RulesSource::Flag(p) => write!(f, "{} (--config)", p.display()),
            RulesSource::Env(p) => write!(f, "{} (${})", p.display(), paths::CONFIG_ENV),
            RulesSource::User(p) => write!(f, "{} (your config file)", p.display()),
            RulesSource::Own(p) => write!(f, "{} (your rule set)", p.display()),
        }
    }
}

/// What the player asked for on the command line.
#[derive(Debug, Clone, Default)]
pub struct RulesChoice {
    pub preset: Option<String>,
    pub config: Option<PathBuf>,
}

/// The rules in force with their origin.
#[derive(Debug, Clone)]
pub struct LoadedRules {
    pub rules: Rules,
    pub source: RulesSource,
    /// What was changed in what the file inherits ([`Rules::parse_noting`]), for `rules`.
    pub notes: Vec<String>,
}

/// Reads a rules file laid over the built-in default.
pub fn load_file(path: &Path) -> Result<Rules, RulesError> {
    load_file_noting(path).map(|(rules, _)| rules)
}

/// [`load_file`], with what was changed in the default's keys the file did not set.
pub fn load_file_noting(path: &Path) -> Result<(Rules, Vec<String>), RulesError> {
    let origin = path.display().to_string();
    let bytes =
        crate::base::fsread::read(path, Links::Follow, paths::CONFIG_FILE_BYTES).map_err(|e| {
            let said = format!("cannot read this rules file: {}", e.reason());
            RulesError {
                kind: if e.is_machine() {
                    RulesErrorKind::Io
                } else {
                    RulesErrorKind::File
                },
                ..RulesError::file(&origin, said)
            }
        })?;
    let text = std::str::from_utf8(&bytes)
        .map_err(|e| RulesError::not_utf8(&origin, &bytes, e.valid_up_to()))?;
    let (mut rules, mut notes) = Rules::parse_noting(text, &origin, Some(&Rules::default_rules()))?;
    if !names_itself(text) {
        rules.name = file_label(path);
    }
    notes.extend(not_the_preset(&mut rules));
    Ok((rules, notes))
}

/// A file that calls its rules by a preset's name but deals other cards is not that preset: its
/// rules are renamed `NAME (edited)` (so the screens, history and `stats` never show them as the
/// preset), with a note saying which keys differ. `None` when the name is no preset's, or the
/// rules are the preset's exactly.
pub fn not_the_preset(rules: &mut Rules) -> Option<String> {
    presets::get(&rules.name)?;
    let preset = load_preset(&rules.name).ok()?;
    let changed = differing_keys(&preset, rules);
    if changed.is_empty() {
        return None;
    }
    let name = std::mem::take(&mut rules.name);
    rules.name = edited_name(&name);
    Some(format!(
        "this file calls its rules `{name}`, but they are not the built-in {name} rules ({}): \
         they are shown as `{}`; give them a name of their own (`name = \"...\"`)",
        changed.join(", "),
        rules.name
    ))
}

/// `default (edited)`: how rules named after the preset `name` but not its rules are shown.
pub fn edited_name(name: &str) -> String {
    format!("{name} (edited)")
}

/// The keys (`deck.size`, `board.height`) whose values differ between two rule sets, in the
/// order of [`Rules::to_toml`]; the name is not compared.
pub fn differing_keys(a: &Rules, b: &Rules) -> Vec<String> {
    differences(a, b).into_iter().map(|(k, ..)| k).collect()
}

/// The keys whose values differ between two rule sets, each with its value in `a` and in `b`
/// as the rules file writes it (`None` where a set has no such key), in the order of
/// [`Rules::to_toml`]; the name is not compared.
pub fn differences(a: &Rules, b: &Rules) -> Vec<(String, Option<String>, Option<String>)> {
    fn keyed(rules: &Rules) -> Vec<(String, String)> {
        let mut table = String::new();
        let mut out = Vec::new();
        for line in rules.to_toml().lines() {
            if let Some(t) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                table = format!("{t}.");
            } else if let Some((k, v)) = line.split_once(" = ") {
                if table.is_empty() && k == "name" {
                    continue;
                }
                out.push((format!("{table}{k}"), v.to_string()));
            }
        }
        out
    }
    let (a, b) = (keyed(a), keyed(b));
    let value = |list: &[(String, String)], key: &str| {
        list.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())
    };
    let mut out: Vec<(String, Option<String>, Option<String>)> = Vec::new();
    for (k, _) in a.iter().chain(&b) {
        let (va, vb) = (value(&a, k), value(&b, k));
        if va != vb && !out.iter().any(|(seen, ..)| seen == k) {
            out.push((k.clone(), va, vb));
        }
    }
    out
}

/// Whether a rules file sets its own `name` (else it is known by its file name, so a player's
/// own rules are never shown, recorded or counted in `stats` as `default`).
fn names_itself(text: &str) -> bool {
    text.parse::<toml::Table>()
        .is_ok_and(|t| t.contains_key("name"))
}

/// A rules file's name for the screens and records: its file name (`my.toml`), printable
/// characters only (none of [`crate::base::visible::is_hidden`]'s), at most 40 of them (the limit of `name`).
pub fn file_label(path: &Path) -> String {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let clean: String = name
        .chars()
        .filter(|&c| !crate::base::visible::is_hidden(c))
        .take(40)
        .collect();
    if clean.trim().is_empty() {
        "rules file".to_string()
    } else {
        clean
    }
}

/// A shipped preset by name.
pub fn load_preset(name: &str) -> Result<Rules, RulesError> {
    let text = presets::get(name).ok_or_else(|| unknown_rules(name, &[]))?;
    Rules::parse(
        text,
        &format!("built-in {name} rules"),
        Some(&Rules::default_rules()),
    )
}

/// Whether `--rules NAME` names something: a preset, one of the player's rule sets (a file in
/// the rules folder, read or not), or for `history` and `stats` the rules of a recorded game
/// (`recorded`, their names as history shows them). Anything else is a mistake to stop on,
/// never an empty list: the error suggests the nearest name.
pub fn check_rules_name(name: &str, recorded: &[String]) -> Result<(), RulesError> {
    let known = presets::get(name).is_some()
        || own::path_of(name).is_some_and(|p| p.is_file())
        || recorded.iter().any(|r| r == name);
    if known {
        Ok(())
    } else {
        Err(unknown_rules(name, recorded))
    }
}

/// `--rules NAME` of no preset, rule set or recorded rules: what there is, and the nearest name
/// when one is near (`fifyt`: did you mean `fifty`?). A name that could never be a rule set's
/// (`../../evil`) is said so: it is never looked for outside the rules folder.
fn unknown_rules(name: &str, recorded: &[String]) -> RulesError {
    let shown = crate::cards::text::excerpt(name);
    let sets: Vec<String> = own::list().into_iter().map(|s| s.name).collect();
    let choices = presets::ALL
        .iter()
        .map(|(n, _)| *n)
        .chain(sets.iter().map(String::as_str))
        .chain(recorded.iter().map(String::as_str));
    let mean = near::nearest(name, choices)
        .map(|n| format!(" (did you mean `{}`?)", crate::base::visible::escape(n)))
        .unwrap_or_default();
    let yours = if sets.is_empty() {
        "none yet".to_string()
    } else {
        sets.join(", ")
    };
    // A preset's name is known, so a name refused here could never name a file of the folder.
    let (what, make) = if own::check_name(name).is_ok() {
        (
            format!("there is no preset or rule set `{shown}`"),
            format!(", or make it with `new2048 rules --new {name}`"),
        )
    } else {
        (
            format!(
                "`{shown}` is no preset or rule set (a rule set's name is letters, digits, `-` \
                 and `_`: a file of the rules folder)"
            ),
            String::new(),
        )
    };
    RulesError::file(
        "--rules",
        format!(
            "{what}{mean}; choose a preset ({}) or one of your rule sets ({yours}){make}",
            presets::names(),
        ),
    )
}

/// The rules the start menu opens with: those in force, or, when the player's rules file cannot
/// be played, the default rules and why it cannot (its error, for the menu to say: see
/// [`RulesError::brief`]): the presets, classic, the daily deal and the ways to mend the file
/// stay one key away. Rules asked for by name or with `--config` are refused as everywhere.
pub fn for_the_menu(choice: &RulesChoice) -> Result<(Rules, Option<RulesError>), RulesError> {
    match load(choice) {
        Ok(loaded) => Ok((loaded.rules, None)),
        Err(e) if choice.preset.is_none() && choice.config.is_none() => {
            Ok((Rules::default_rules(), Some(e)))
        }
        Err(e) => Err(e),
    }
}

/// The rules in force for this run.
pub fn load(choice: &RulesChoice) -> Result<LoadedRules, RulesError> {
    let ((rules, notes), source) = if let Some(name) = &choice.preset {
        match own::path_of(name).filter(|p| presets::get(name).is_none() && p.is_file()) {
            Some(p) => (
                load_file_noting(&p).map_err(|e| mend_with(e, &format!("rules --edit {name}")))?,
                RulesSource::Own(p),
            ),
            None => (
                (load_preset(name)?, Vec::new()),
                RulesSource::Preset(name.clone()),
            ),
        }
    } else if let Some(p) = &choice.config {
        (load_file_noting(p)?, RulesSource::Flag(p.clone()))
    } else if let Some(p) = paths::config_env() {
        let read = load_file_noting(&p).map_err(|e| match e.kind {
            // Said as what it is: the variable names a file not made yet.
            RulesErrorKind::File if !p.exists() => RulesError::file(
                &e.origin,
                format!(
                    "${} names a rules file that is not there (`new2048 rules --init` writes \
                     it, or unset {})",
                    paths::CONFIG_ENV,
                    paths::CONFIG_ENV
                ),
            ),
            _ => mend_with(e, "rules --edit"),
        })?;
        (read, RulesSource::Env(p))
    } else if let Some(p) = paths::user_config_file().filter(|p| p.exists()) {
        let read = load_file_noting(&p).map_err(|e| mend_with(e, "rules --edit"))?;
        (read, RulesSource::User(p))
    } else {
        (
            (Rules::default_rules(), Vec::new()),
            RulesSource::Preset("default".into()),
        )
    };
    Ok(LoadedRules {
        rules,
        source,
        notes,
    })
}

/// A bad value in a file the editor opens: the message says how to mend it there (a file that
/// cannot be read at all, is not UTF-8 text or is not TOML, is mended by hand: the editor does
/// not open it; nor is a value the reader gives no line for, which the editor cannot mark).
pub(crate) fn mend_with(mut e: RulesError, command: &str) -> RulesError {
    if e.kind == RulesErrorKind::Value && e.line_col.is_some() {
        e.message
            .push_str(&format!(" (mend it with `new2048 {command}`)"));
    }
    e
}

/// Where `rules --init` writes: `$NEW2048_CONFIG` if set, else the XDG config file.
pub fn init_target() -> Option<PathBuf> {
    paths::config_env().or_else(paths::user_config_file)
}

/// Why `rules --init` wrote nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InitError {
    /// The file is there and `--force` was not given (the player's call: a usage error).
    Exists(String),
    /// The folder or the file could not be written (the machine's: an I/O error).
    Write(String),
}

/// Writes the commented default rules, named `name`, to `path`, refusing to replace a file
/// unless `force`.
pub fn write_init(path: &Path, force: bool, name: &str) -> Result<(), InitError> {
    if path.exists() && !force {
        return Err(InitError::Exists(format!(
            "{} already exists; pass --force to replace it with the default rules",
            path.display()
        )));
    }
    write_text(path, &own::new_text(name))
}

/// Writes `text` to `path`, making its folder first.
pub(crate) fn write_text(path: &Path, text: &str) -> Result<(), InitError> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| {
            InitError::Write(format!("cannot create the folder {}: {e}", dir.display()))
        })?;
    }
    std::fs::write(path, text)
        .map_err(|e| InitError::Write(format!("cannot write {}: {e}", path.display())))
}
