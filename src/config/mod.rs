//! Which rules are in force, and where they came from.
//!
//! In order: `--rules NAME` (a shipped preset) or `--config PATH`, then `$NEW2048_CONFIG`, then
//! the user's file in the XDG config folder if it exists, then the built-in default. A file may
//! set only some keys; the rest come from the built-in default.

pub mod edit;
pub mod parse;
pub mod paths;
pub mod presets;

use std::fmt;
use std::path::{Path, PathBuf};

use crate::cards::rules::Rules;
use crate::config::parse::RulesError;
use crate::fsread::Links;

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
}

impl fmt::Display for RulesSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesSource::Preset(n) => write!(f, "built-in preset `{n}`"),
            RulesSource::Flag(p) => write!(f, "{} (--config)", p.display()),
            RulesSource::Env(p) => write!(f, "{} (${})", p.display(), paths::CONFIG_ENV),
            RulesSource::User(p) => write!(f, "{} (your config file)", p.display()),
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
        crate::fsread::read(path, Links::Follow, paths::CONFIG_FILE_BYTES).map_err(|e| {
            RulesError::file(
                &origin,
                format!("cannot read this rules file: {}", e.reason()),
            )
        })?;
    let text = std::str::from_utf8(&bytes)
        .map_err(|e| RulesError::not_utf8(&origin, &bytes, e.valid_up_to()))?;
    let (mut rules, notes) = Rules::parse_noting(text, &origin, Some(&Rules::default_rules()))?;
    if !names_itself(text) {
        rules.name = file_label(path);
    }
    Ok((rules, notes))
}

/// Whether a rules file sets its own `name` (else it is known by its file name, so a player's
/// own rules are never shown, recorded or counted in `stats` as `default`).
fn names_itself(text: &str) -> bool {
    text.parse::<toml::Table>()
        .is_ok_and(|t| t.contains_key("name"))
}

/// A rules file's name for the screens and records: its file name (`my.toml`), printable
/// characters only, at most 40 of them (the limit of `name`).
pub fn file_label(path: &Path) -> String {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let clean: String = name.chars().filter(|c| !c.is_control()).take(40).collect();
    if clean.trim().is_empty() {
        "rules file".to_string()
    } else {
        clean
    }
}

/// A shipped preset by name.
pub fn load_preset(name: &str) -> Result<Rules, RulesError> {
    let text = presets::get(name).ok_or_else(|| {
        RulesError::file(
            "--rules",
            format!(
                "there is no preset `{name}`; choose one of: {}",
                presets::names()
            ),
        )
    })?;
    Rules::parse(
        text,
        &format!("built-in {name} rules"),
        Some(&Rules::default_rules()),
    )
}

/// The rules in force for this run.
pub fn load(choice: &RulesChoice) -> Result<LoadedRules, RulesError> {
    let ((rules, notes), source) = if let Some(name) = &choice.preset {
        (
            (load_preset(name)?, Vec::new()),
            RulesSource::Preset(name.clone()),
        )
    } else if let Some(p) = &choice.config {
        (load_file_noting(p)?, RulesSource::Flag(p.clone()))
    } else if let Some(p) = paths::config_env() {
        (load_file_noting(&p)?, RulesSource::Env(p))
    } else if let Some(p) = paths::user_config_file().filter(|p| p.exists()) {
        (load_file_noting(&p)?, RulesSource::User(p))
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

/// Writes the commented default rules to `path`, refusing to replace a file unless `force`.
pub fn write_init(path: &Path, force: bool) -> Result<(), InitError> {
    if path.exists() && !force {
        return Err(InitError::Exists(format!(
            "{} already exists; pass --force to replace it with the default rules",
            path.display()
        )));
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| {
            InitError::Write(format!("cannot create the folder {}: {e}", dir.display()))
        })?;
    }
    std::fs::write(path, presets::DEFAULT)
        .map_err(|e| InitError::Write(format!("cannot write {}: {e}", path.display())))
}
