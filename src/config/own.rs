//! The player's own rule sets, by name: each a file `NAME.toml` in the `rules` folder beside the
//! player's rules file (`new2048/rules/` in the XDG config folder, or beside `$NEW2048_CONFIG`).
//!
//! A set is known by its file's name, which is what `--rules NAME`, `rules --new NAME` and
//! `rules --edit NAME` take, so the name must be one a file can have on every system (letters,
//! digits, `-` and `_`) and cannot be a preset's: `--rules default` always plays the shipped
//! rules. The file itself is an ordinary rules file (its `name` is what the screens show).

use std::path::{Path, PathBuf};

use crate::base::fault::{Blame, Fault};
use crate::cards::rules::Rules;
use crate::config::parse::RulesError;
use crate::config::{InitError, presets};

/// The longest name a rule set may have (the limit of the rules' `name`).
pub const MAX_NAME: usize = 40;

/// The folder of the player's own rule sets: `rules/` beside the player's rules file. `None`
/// when there is no home folder and `$NEW2048_CONFIG` is not set.
pub fn dir() -> Option<PathBuf> {
    let file = super::init_target()?;
    let parent = file.parent().filter(|p| !p.as_os_str().is_empty());
    Some(parent.map_or_else(|| PathBuf::from("rules"), |p| p.join("rules")))
}

/// Why a name cannot name a rule set (a file of the rules folder): what the player typed, so
/// each says what to type instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Empty, or longer than [`MAX_NAME`] characters.
    #[error("a rule set's name is 1 to {MAX_NAME} letters, digits, `-` or `_`", MAX_NAME = MAX_NAME)]
    Length,
    /// A character other than a letter, a digit, `-` or `_` (the name as given, escaped).
    #[error("`{0}` cannot name a rule set: use letters, digits, `-` and `_` only")]
    Characters(String),
    /// A shipped preset's name: rules under it would pass for the preset's.
    #[error(
        "`{0}` is a shipped preset's name ({names}); choose another name for your own rules",
        names = presets::names()
    )]
    Preset(String),
}

/// Whether `name` can name a rule set of the player's own; else what is wrong with it, in words
/// that say what to type instead.
pub fn check_name(name: &str) -> Result<(), NameError> {
    if name.is_empty() || name.chars().count() > MAX_NAME {
        return Err(NameError::Length);
    }
    if !name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(NameError::Characters(crate::base::visible::escape(name)));
    }
    if presets::get(name).is_some() {
        return Err(NameError::Preset(name.to_string()));
    }
    Ok(())
}

/// Why a name cannot be the `name` rules call themselves by (`rules --init --name`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LabelError {
    /// A shipped preset's name: the rules would be shown as the preset's.
    #[error("`{0}` is a shipped preset's name; give your rules a name of their own")]
    Preset(String),
    /// Empty, longer than [`MAX_NAME`] characters, or with a character that does not show as
    /// itself ([`crate::base::visible`]).
    #[error(
        "a name is 1 to 40 printable characters (no control or format character, such as U+202E \
         which turns text around)"
    )]
    NotPrintable,
}

/// Whether `name` can be what rules call themselves (shown in the game, history and stats):
/// 1 to [`MAX_NAME`] printable characters, and no preset's.
pub fn check_label(name: &str) -> Result<(), LabelError> {
    if presets::get(name).is_some() {
        return Err(LabelError::Preset(name.to_string()));
    }
    let n = name.trim();
    if n.is_empty()
        || n.chars().count() > MAX_NAME
        || n.chars().any(crate::base::visible::is_hidden)
    {
        return Err(LabelError::NotPrintable);
    }
    Ok(())
}

/// Where the rule set `name` lives (it may not exist yet): always a file of the rules folder,
/// so `None` for a name that is no rule set's (`../../evil` would lead out of it).
pub fn path_of(name: &str) -> Option<PathBuf> {
    check_name(name).ok()?;
    dir().map(|d| d.join(format!("{name}.toml")))
}

/// One of the player's own rule sets, as `rules --list` and the menus list them.
#[derive(Debug, Clone)]
pub struct OwnSet {
    /// The file's name without `.toml`: what `--rules NAME` takes.
    pub name: String,
    pub path: PathBuf,
    /// The rules it reads as, or why it cannot be played.
    pub rules: Result<Rules, RulesError>,
}

/// Every rule set in the folder, by name. Files whose name is not a rule set's (a preset's name,
/// other characters) are left out: `--rules` could not reach them.
pub fn list() -> Vec<OwnSet> {
    let Some(dir) = dir() else {
        return Vec::new();
    };
    list_in(&dir)
}

/// [`list`] of the folder `dir`.
pub fn list_in(dir: &Path) -> Vec<OwnSet> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut sets: Vec<OwnSet> = entries
        .flatten()
        .filter_map(|e| {
            let path = e.path();
            let name = path
                .file_name()?
                .to_str()?
                .strip_suffix(".toml")?
                .to_string();
            check_name(&name).ok()?;
            let command = format!("rules --edit {name}");
            path.is_file().then(|| OwnSet {
                rules: super::load_file(&path).map_err(|e| super::mend_with(e, &command)),
                name,
                path,
            })
        })
        .collect();
    sets.sort_by(|a, b| a.name.cmp(&b.name));
    sets
}

/// The text of a new rule set named `name`: the commented default rules, renamed.
pub fn new_text(name: &str) -> String {
    text_from(presets::DEFAULT, name)
}

/// The commented text of the preset `preset` (one of [`presets::ALL`]'s texts), renamed `name`.
pub fn text_from(preset: &str, name: &str) -> String {
    let mut draft = super::edit::Draft::open(preset, name, name)
        .expect("the presets are checked by a unit test");
    // A name check_name took is a good `name` value.
    let _ = draft.rename(name);
    draft.text()
}

/// Writes a new rule set `name` (the default rules, named so) unless one is there: its path.
pub fn create(name: &str) -> Result<PathBuf, InitError> {
    check_name(name).map_err(|e| InitError::Exists(e.to_string()))?;
    let path = path_of(name).ok_or_else(|| {
        InitError::Write(
            "cannot find your config folder; set NEW2048_CONFIG to your rules file".into(),
        )
    })?;
    if path.exists() {
        return Err(InitError::Exists(format!(
            "there is a rule set `{name}` already ({}); change it with `new2048 rules --edit {name}`",
            path.display()
        )));
    }
    super::write_text(&path, &new_text(name))?;
    Ok(path)
}

/// Why a rules file cannot be opened to be edited: each says what to do instead.
#[derive(Debug)]
pub(crate) enum EditFileError {
    /// No config folder: no home folder and `$NEW2048_CONFIG` not set.
    NoFolder,
    /// A shipped preset's name: presets are copied (`rules --new`), not edited.
    Preset(String),
    /// A name no rule set can have, and why.
    BadName(NameError),
    /// No rule set of this name; where it was looked for, and the player's rule sets.
    Missing {
        name: String,
        path: PathBuf,
        yours: String,
    },
    /// The file is there but cannot be read (the reader's error: the path and why).
    Unreadable {
        set: bool,
        why: crate::base::fsread::ReadError,
    },
}

impl Blame for EditFileError {
    fn fault(&self) -> Fault {
        Fault::of(self.is_machine())
    }
}

impl std::fmt::Display for EditFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EditFileError::NoFolder => {
                f.write_str("cannot find your config folder; set NEW2048_CONFIG to your rules file")
            }
            EditFileError::Preset(name) => write!(
                f,
                "`{name}` is a shipped preset, which is not edited; make a rule set of your own \
                 from the default rules with `new2048 rules --new NAME`"
            ),
            EditFileError::BadName(why) => write!(f, "{why}"),
            EditFileError::Missing { name, path, yours } => write!(
                f,
                "there is no rule set `{name}` ({}); make it with `new2048 rules --new {name}` \
                 (yours: {yours})",
                path.display()
            ),
            EditFileError::Unreadable { set, why } => {
                let what = if *set { "rule set" } else { "rules file" };
                write!(f, "cannot read the {what} {why}")
            }
        }
    }
}

impl std::error::Error for EditFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EditFileError::BadName(e) => Some(e),
            EditFileError::Unreadable { why, .. } => Some(why),
            _ => None,
        }
    }
}

impl EditFileError {
    /// Whether the machine failed (no config folder, a read the system failed), as opposed to
    /// a name or a file the player can change.
    pub(crate) fn is_machine(&self) -> bool {
        match self {
            EditFileError::NoFolder => true,
            EditFileError::Unreadable { why, .. } => why.is_machine(),
            _ => false,
        }
    }
}

/// The player's own rules file to edit (`$NEW2048_CONFIG`, else the config folder's) and its
/// text: the commented default rules when there is no file yet, so the first save writes a
/// whole file.
pub(crate) fn own_file() -> Result<(PathBuf, String), EditFileError> {
    let path = super::init_target().ok_or(EditFileError::NoFolder)?;
    let limit = super::paths::CONFIG_FILE_BYTES;
    match crate::base::fsread::read_text(&path, crate::base::fsread::Links::Follow, limit) {
        Ok(text) => Ok((path, text)),
        Err(e) if e.is_missing() => Ok((path, presets::DEFAULT.to_string())),
        Err(e) => Err(EditFileError::Unreadable { set: false, why: e }),
    }
}

/// The player's rule set `name` to edit, and its text: it must be there (`rules --new NAME`
/// makes one); a preset cannot be edited, only copied.
pub(crate) fn rule_set_file(name: &str) -> Result<(PathBuf, String), EditFileError> {
    if presets::get(name).is_some() {
        return Err(EditFileError::Preset(name.to_string()));
    }
    check_name(name).map_err(EditFileError::BadName)?;
    let path = path_of(name).ok_or(EditFileError::NoFolder)?;
    let limit = super::paths::CONFIG_FILE_BYTES;
    match crate::base::fsread::read_text(&path, crate::base::fsread::Links::Follow, limit) {
        Ok(text) => Ok((path, text)),
        Err(e) if e.is_missing() => Err(EditFileError::Missing {
            name: name.to_string(),
            path,
            yours: names(),
        }),
        Err(e) => Err(EditFileError::Unreadable { set: true, why: e }),
    }
}

/// The names of the player's rule sets, for messages: `fifty, quick` (or `none yet`).
pub fn names() -> String {
    let names: Vec<String> = list().into_iter().map(|s| s.name).collect();
    if names.is_empty() {
        "none yet".into()
    } else {
        names.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_plain_and_never_a_presets() {
        assert!(check_name("fifty").is_ok());
        assert!(check_name("my-rules_2").is_ok());
        for bad in [
            "",
            "a b",
            "../x",
            "default",
            "hard",
            "x.toml",
            &"a".repeat(41),
        ] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
        assert_eq!(
            check_name("default"),
            Err(NameError::Preset("default".into()))
        );
        assert_eq!(check_label("hard"), Err(LabelError::Preset("hard".into())));
        assert_eq!(check_label(" "), Err(LabelError::NotPrintable));
        assert_eq!(check_label("my rules"), Ok(()));
        assert!(path_of("../../evil").is_none() && path_of("x/y").is_none());
    }

    #[test]
    fn a_new_set_is_the_commented_default_under_its_name() {
        let text = new_text("fifty");
        assert!(text.contains("name = \"fifty\""), "{text}");
        assert!(text.contains("# How many cards one game deals"));
        let rules = Rules::parse(&text, "x", Some(&Rules::default_rules())).unwrap();
        assert_eq!(rules.name, "fifty");
        assert_eq!(rules.deck, Rules::default_rules().deck);
    }

    #[test]
    fn the_folder_lists_rule_sets_by_name() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("b.toml"), new_text("b")).unwrap();
        std::fs::write(dir.path().join("a.toml"), "[board]\nheight = 0\n").unwrap();
        std::fs::write(dir.path().join("default.toml"), "").unwrap();
        std::fs::write(dir.path().join("notes.txt"), "").unwrap();
        let sets = list_in(dir.path());
        let names: Vec<&str> = sets.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["a", "b"]);
        assert!(sets[0].rules.is_err());
        assert_eq!(sets[1].rules.as_ref().unwrap().name, "b");
    }
}
