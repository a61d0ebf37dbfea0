//! A rules file that is not TOML at all, mended where it is found. The rules editor cannot open
//! such a file (it edits a TOML document key by key), so the start menu and `rules --edit` say
//! where the text breaks (its line, column and a caret) and offer the two ways out a player has:
//! the file opened in their own text editor (`$VISUAL`, else `$EDITOR`, when one is set), or
//! the file kept aside, renamed and never deleted, and started again from the preset it was made
//! from. Apart from the editor's room because both the menu and the command use it, and neither
//! draws the other's screen.

use std::path::{Path, PathBuf};

use super::edit::{Draft, EditError};
use super::parse::RulesError;
use super::presets;

/// Why `text` (the file at `path`) cannot be opened in the rules editor because it is not TOML:
/// the reader's error with its place. `None` for a file the editor opens.
pub fn not_toml(path: &Path, text: &str) -> Option<RulesError> {
    let origin = path.display().to_string();
    let label = super::file_label(path);
    match Draft::open(text, &origin, &label) {
        Err(EditError::NotToml(e)) => Some(e),
        _ => None,
    }
}

/// The player's text editor: `$VISUAL`, else `$EDITOR` (a command, perhaps with arguments), when
/// one is set and not empty.
pub fn text_editor() -> Option<String> {
    ["VISUAL", "EDITOR"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .map(|v| v.trim().to_string())
        .find(|v| !v.is_empty())
}

/// Opens `path` in `editor` (as a shell runs it, so `code -w` works) and waits for it to close.
/// `Err` says why it could not be run, or how it ended badly.
pub fn open_in(editor: &str, path: &Path) -> Result<(), String> {
    let status = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("{editor} \"$1\""))
        .arg("sh")
        .arg(path)
        .status()
        .map_err(|e| format!("cannot run `{editor}`: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{editor}` ended with {status}"))
    }
}

/// The preset a rules file was made from, by its first line (`rules --new` and `rules --init`
/// copy a preset's commented text): the default rules when none matches.
pub fn preset_of(text: &str) -> &'static str {
    let first = text.lines().next().unwrap_or_default().trim();
    presets::ALL
        .iter()
        .find(|(_, t)| !first.is_empty() && t.lines().next().unwrap_or_default().trim() == first)
        .map_or("default", |(n, _)| n)
}

/// Keeps the file at `path` aside (renamed `NAME.toml.broken-<time>`, which no rule set is
/// named, so it is listed nowhere) and writes in its place the commented text of the preset it
/// came from, named `name`: the preset's name, and where the old file went.
pub fn start_again(path: &Path, text: &str, name: &str) -> Result<(&'static str, PathBuf), String> {
    let preset = preset_of(text);
    let mut aside = path.as_os_str().to_owned();
    aside.push(format!(
        ".broken-{}",
        crate::base::utc::compact(crate::base::utc::now())
    ));
    let aside = PathBuf::from(aside);
    if aside.exists() {
        return Err(format!(
            "{} is there already; try again in a second",
            aside.display()
        ));
    }
    std::fs::rename(path, &aside).map_err(|e| {
        format!(
            "cannot keep {} aside as {}: {e}; nothing was changed",
            path.display(),
            aside.display()
        )
    })?;
    let fresh = super::own::text_from(presets::get(preset).unwrap_or(presets::DEFAULT), name);
    super::write_text(path, &fresh).map_err(|e| {
        let why = match e {
            super::InitError::Exists(m) | super::InitError::Write(m) => m,
        };
        format!("{why}; the old file is kept as {}", aside.display())
    })?;
    Ok((preset, aside))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rule set broken past reading is found with its place; kept aside (renamed, not
    /// deleted) and started again from the preset its first line names, it reads again.
    #[test]
    fn a_broken_rule_set_starts_again_from_its_preset() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("fifty.toml");
        let text = presets::HARD.replacen("size = 1000", "size = 50 cards [oops", 1);
        assert_ne!(text, presets::HARD);
        std::fs::write(&path, &text).unwrap();
        let e = not_toml(&path, &text).expect("not TOML");
        assert!(e.line_col.is_some(), "{e}");
        assert!(e.to_string().contains("size = 50 cards [oops"), "{e}");
        assert_eq!(preset_of(&text), "hard");
        assert_eq!(preset_of("[board]\nheight = 5\n"), "default");
        let (preset, aside) = start_again(&path, &text, "fifty").unwrap();
        assert_eq!(preset, "hard");
        assert_eq!(std::fs::read_to_string(&aside).unwrap(), text, "kept whole");
        let fresh = std::fs::read_to_string(&path).unwrap();
        assert!(not_toml(&path, &fresh).is_none());
        let rules = crate::config::load_file(&path).unwrap();
        assert_eq!(rules.name, "fifty");
        assert_eq!(rules.deck.size, 1000, "the hard rules' deck");
        assert!(
            not_toml(&path, "[board]\nheight = 0\n").is_none(),
            "a bad value is editable"
        );
    }
}
