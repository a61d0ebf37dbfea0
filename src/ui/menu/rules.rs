//! The rules sub-menu and the door to the rules editor: a preset or one of the player's rule sets
//! put in force, the editor on the player's own file (from the rules sub-menu) or on a rule set
//! that cannot be played (from the start menu's "mend" row), and what the editor's end means for
//! the menu (a game of the rules edited, or the rules last saved in force).
//!
//! Apart from the start menu's list ([`super`]) because it is the menu's one conversation about
//! rules files: it finds the file to edit ([`crate::config::own`]), opens the editor, and turns
//! a file that cannot be read into a note above the menu.

use std::path::PathBuf;
use std::sync::Arc;

use crate::cards::rules::Rules;
use crate::config;
use crate::config::own::EditFileError;
use crate::config::parse::{RulesError, RulesErrorKind};
use crate::config::presets;
use crate::ui::editor::{Edited, Editor};
use crate::ui::kit::{Tone, Words, fill};
use crate::ui::play::{GameToPlay, edit};
use crate::ui::term::Ui;
use crate::ui::widgets::{Item, Picked};

use super::challenge::{own_rule_sets, rules_label};
use super::{Sub, fresh_game, select_sub};

/// A rule set of the player's that cannot be played, and why (the first line of its error).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Broken {
    pub(super) name: String,
    pub(super) why: String,
}

/// The player's rule sets that cannot be played.
pub(super) fn broken_sets() -> Vec<Broken> {
    config::own::list()
        .into_iter()
        .filter_map(|s| {
            let e = s.rules.err()?;
            // Its first words: what is wrong (`board.height = 0 is not allowed`); a text that
            // is not TOML says so, and where (`not TOML at 3:17`): its key alone read as a value
            // refused.
            let first = e.message.lines().next().unwrap_or_default();
            let why = match (e.kind, e.line_col) {
                (RulesErrorKind::NotToml, Some((line, col))) => format!("not TOML at {line}:{col}"),
                (RulesErrorKind::NotToml, None) => "not TOML".to_string(),
                _ => first.split(": ").next().unwrap_or_default().to_string(),
            };
            Some(Broken { name: s.name, why })
        })
        .collect()
}

/// What the start menu says of the player's rules file that cannot be played (`e`), the default
/// rules being in force: a refused key or value in a few words (the editor marks it); a text
/// that is not TOML with its place, line and caret (Rules, then Edit the rules…, offers the ways
/// out [`mend_text`] does); a file that cannot be read, which, where and what to do.
pub(crate) fn unplayable(words: &Words, e: &RulesError) -> String {
    match e.kind {
        RulesErrorKind::Value => fill(words.menu_broken_rules, &[&e.brief()]),
        RulesErrorKind::NotToml => format!("{}\n{e}", words.menu_broken_not_toml),
        RulesErrorKind::File | RulesErrorKind::Io | RulesErrorKind::NotText => {
            fill(words.menu_broken_unread, &[&e.brief()])
        }
    }
}

/// The rules sub-menu: each preset with a line on what it changes and how hard it is (cut
/// between words in a narrow window), then the player's own rules file when there is one. A file that has
/// become unreadable or wrong since the game started is not offered. The rules in force
/// (`current`) are highlighted first; a choice whose rules cannot be loaded goes back to the menu.
/// The rules sub-menu: a preset or the player's file put in force (back to the menu), or the
/// editor, which may start a game at once.
pub(super) fn change_rules(
    ui: &Ui,
    rules: &mut Arc<Rules>,
    notes: &mut Vec<(String, Tone)>,
) -> Sub<GameToPlay> {
    match pick_preset(ui, rules) {
        Sub::Chose(Some(r)) => {
            *rules = Arc::new(r);
            Sub::Back
        }
        Sub::Chose(None) => edit_own(ui, rules, notes),
        Sub::Back => Sub::Back,
        Sub::Leave => Sub::Leave,
    }
}

/// The rules editor on the player's own file: a game with the rules edited ("play"), or back
/// to the menu with the rules last saved in force (a file that cannot be read is said in
/// `notes`).
fn edit_own(ui: &Ui, rules: &mut Arc<Rules>, notes: &mut Vec<(String, Tone)>) -> Sub<GameToPlay> {
    // The rule set in force when it is one of the player's, else the player's rules file.
    let set = config::own::list()
        .into_iter()
        .find(|s| s.rules.as_ref().is_ok_and(|r| r.hash() == rules.hash()));
    let file = match set {
        Some(s) => config::own::rule_set_file(&s.name),
        None => config::own::own_file(),
    };
    match to_edit(ui, file, None, notes) {
        Sub::Chose(file) => edit_file(ui, rules, notes, file),
        Sub::Back => Sub::Back,
        Sub::Leave => Sub::Leave,
    }
}

/// `file` made ready for the editor: a text that is not TOML mended first ([`mend_text`], a
/// fresh start named `name`, else after its preset); one that cannot be read given on, for
/// [`edit_file`] to say why.
fn to_edit(
    ui: &Ui,
    file: Result<(PathBuf, String), EditFileError>,
    name: Option<&str>,
    notes: &mut Vec<(String, Tone)>,
) -> Sub<Result<(PathBuf, String), EditFileError>> {
    match file {
        Ok(file) => mend_text(ui, file, name, notes).map(Ok),
        Err(e) => Sub::Chose(Err(e)),
    }
}

/// The rules editor on a rule set that cannot be played (see [`edit_file`]).
pub(super) fn mend(
    ui: &Ui,
    rules: &mut Arc<Rules>,
    notes: &mut Vec<(String, Tone)>,
    set: Option<&Broken>,
) -> Sub<GameToPlay> {
    let name = set.map(|b| b.name.as_str()).unwrap_or_default();
    match to_edit(ui, config::own::rule_set_file(name), Some(name), notes) {
        Sub::Chose(file) => edit_file(ui, rules, notes, file),
        Sub::Back => Sub::Back,
        Sub::Leave => Sub::Leave,
    }
}

/// A rules file (the rule set `name`, or the player's rules file) whose text is not TOML (the
/// editor cannot open it): where it breaks (its line, column and caret) above the ways out, the
/// player's text editor when one is set (the file then read again) or the file kept aside and
/// started again from its preset (named `name`, else as the preset); once it is TOML, the file
/// to edit. Another file is given back as it is.
fn mend_text(
    ui: &Ui,
    file: (PathBuf, String),
    name: Option<&str>,
    notes: &mut Vec<(String, Tone)>,
) -> Sub<(PathBuf, String)> {
    use crate::config::mend;
    let words = ui.words;
    let (path, mut text) = file;
    let mut said: Vec<(String, Tone)> = Vec::new();
    while let Some(e) = mend::not_toml(&path, &text) {
        let editor = mend::text_editor();
        let preset = mend::preset_of(&text);
        let mut above = said.clone();
        above.push((e.to_string(), Tone::Bad));
        let mut items: Vec<Item> = editor
            .iter()
            .map(|ed| Item::new(fill(words.mend_open, &[ed])))
            .collect();
        items.push(Item::new(fill(words.mend_again, &[&preset])));
        items.push(Item::new(words.mend_back));
        let keys = words.list_keys;
        let open = editor.is_some();
        match super::select(ui, &above, words.mend_not_toml, &items, &[], keys, 0) {
            Picked::Item(0) if open => {
                let ed = editor.unwrap_or_default();
                if let Err(why) = crate::ui::term::outside(ui, || mend::open_in(&ed, &path)) {
                    said.push((why, Tone::Bad));
                }
            }
            Picked::Item(i) if i + 2 == items.len() => {
                match mend::start_again(&path, &text, name.unwrap_or(preset)) {
                    Ok((preset, aside)) => said.push((
                        fill(
                            words.mend_kept,
                            &[&aside.display(), &path.display(), &preset],
                        ),
                        Tone::Good,
                    )),
                    Err(why) => said.push((why, Tone::Bad)),
                }
            }
            Picked::Stop => return Sub::Leave,
            _ => {
                notes.append(&mut said);
                return Sub::Back;
            }
        }
        match crate::base::fsread::read_text(
            &path,
            crate::base::fsread::Links::Follow,
            config::paths::CONFIG_FILE_BYTES,
        ) {
            Ok(t) => text = t,
            Err(e) => {
                notes.append(&mut said);
                notes.push((e.to_string(), Tone::Bad));
                return Sub::Back;
            }
        }
    }
    // What was done is said above the menu, after the editor.
    notes.append(&mut said);
    Sub::Chose((path, text))
}

/// The rules editor on `file` (its path and text, or why it cannot be read, said in `notes`):
/// a game with the rules edited ("play"), or back to the menu with the rules last saved in force.
fn edit_file(
    ui: &Ui,
    rules: &mut Arc<Rules>,
    notes: &mut Vec<(String, Tone)>,
    file: Result<(PathBuf, String), EditFileError>,
) -> Sub<GameToPlay> {
    let edited = match file {
        Ok((path, text)) => Editor::open(&path, &text).map(|mut ed| edit(ui, &mut ed)),
        Err(e) => Err(e.to_string()),
    };
    match edited {
        Ok(Edited::Play(r)) => {
            *rules = Arc::new(r);
            let (g, m) = fresh_game(rules);
            Sub::Chose(GameToPlay::Cards(Box::new(g), m))
        }
        Ok(Edited::Back(saved)) => {
            if let Some(r) = saved {
                *rules = Arc::new(r);
            }
            Sub::Back
        }
        Ok(Edited::Stop) => Sub::Leave,
        Err(e) => {
            notes.push((e, Tone::Bad));
            Sub::Back
        }
    }
}

/// The rules sub-menu: a preset, the player's own file or rule sets, or `None` for the editor.
fn pick_preset(ui: &Ui, current: &Rules) -> Sub<Option<Rules>> {
    let words = ui.words;
    let mut items: Vec<Item> = Vec::new();
    let mut choices: Vec<Rules> = Vec::new();
    for (i, (n, _)) in presets::ALL.iter().enumerate() {
        let Ok(rules) = config::load_preset(n) else {
            continue;
        };
        items.push(match words.preset_lines.get(i) {
            Some(line) => {
                let [wins, score] = crate::strategy::measured::picker(n);
                Item::new(fill(words.preset_item, &[n, &fill(line, &[&wins, &score])]))
            }
            None => Item::new(*n),
        });
        choices.push(rules);
    }
    for (r, file) in own_rule_sets() {
        let label = rules_label(&r, ui);
        let file = file.unwrap_or_default();
        items.push(Item::forms(vec![
            fill(words.preset_item, &[&label, &file]),
            label,
        ]));
        choices.push(r);
    }
    items.push(Item::new(words.edit_rules));
    let now = choices
        .iter()
        .position(|r| r.hash() == current.hash())
        .unwrap_or(0);
    let i = match select_sub(ui, words.preset_prompt, &items, now) {
        Sub::Chose(i) => i,
        Sub::Back => return Sub::Back,
        Sub::Leave => return Sub::Leave,
    };
    match choices.into_iter().nth(i) {
        Some(r) => Sub::Chose(Some(r)),
        None => Sub::Chose(None),
    }
}
