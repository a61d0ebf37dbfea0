//! The rules editor: every key of a rules file as a field, changed in the game and written back
//! to the file, with the bot's win rate for the rules being edited worked out as they change
//! ([`estimate`]).
//!
//! The file stays the source of truth, so the editor works on a [`Draft`] of its text: a value
//! is checked as it is typed by the same reader the file gets at start-up (the message shown is
//! the file's own), and saving writes the file with its comments and key order kept. The screen
//! is the menu's list ([`crate::ui::widgets::List`]), so it scrolls, fits every size from 40×15
//! and takes clicks and the wheel as the menus do.
//!
//! Here is the editor's state and what a key or a click does to it ([`Editor::on_key`],
//! [`Editor::on_mouse`]), with no terminal: the loop that draws it and reads the keys is
//! [`crate::ui::play::edit`], with the same key read as every other screen, so a stop signal, a
//! resize, the boss key and a lost terminal behave as they do in play; the question asked before
//! changes are given up is that loop's too ([`Step::AskLeave`]).

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::ui::term::Key;

use crate::cards::rules::Rules;
use crate::config::edit::{Draft, Field, Kind};

use crate::ui::kit::{Canvas, Tone, Words, fill, plural, wrap};
use crate::ui::term::Act;
use crate::ui::widgets::{Item, List};

mod estimate;

use estimate::Estimate;
#[cfg(test)]
use estimate::{GAMES, PREFIX, bot_game, range};

/// How the editor was left.
#[derive(Debug)]
pub(crate) enum Edited {
    /// "Play with these rules".
    Play(Rules),
    /// Back, with the rules of the file last saved (`None`: nothing saved).
    Back(Option<Rules>),
    /// Ctrl-C, a stop signal, the terminal gone.
    Stop,
}

/// What the rows under the fields do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EditRow {
    Field(usize),
    Save,
    SaveAs,
    Play,
    Back,
}

/// What is being typed: a value for a field, the name of a new rule set, or the name rules
/// named after a preset (or not named) are given at their first save.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Typing {
    Value(usize, String),
    Name(String),
    FirstName(String),
}

/// The editor's state.
pub(crate) struct Editor {
    draft: Draft,
    path: PathBuf,
    /// The folder "Save as a new rule set" writes to (the player's rule sets').
    sets: PathBuf,
    /// The default rules, whose values the explanation of each key says.
    defaults: Draft,
    fields: Vec<Field>,
    selected: usize,
    typing: Option<Typing>,
    /// The last message: a value's check, a save.
    note: Option<(String, Tone)>,
    /// Changes not yet saved.
    dirty: bool,
    saved: Option<Rules>,
    estimate: Estimate,
}

impl Editor {
    fn new(draft: Draft, path: &Path, sets: &Path) -> Editor {
        let fields = draft.fields();
        // A file with bad values opens on the first of them.
        let selected = draft
            .bad()
            .iter()
            .filter_map(|(k, _)| fields.iter().position(|f| &f.key == k))
            .min()
            .unwrap_or(0);
        Editor {
            fields,
            estimate: Estimate::start(draft.rules()),
            draft,
            path: path.to_path_buf(),
            sets: sets.to_path_buf(),
            defaults: Draft::open(crate::config::presets::DEFAULT, "default", "default")
                .expect("config/default.toml is checked by a unit test"),
            selected,
            typing: None,
            note: None,
            dirty: false,
            saved: None,
        }
    }

    fn rows(&self) -> Vec<EditRow> {
        let mut rows: Vec<EditRow> = (0..self.fields.len()).map(EditRow::Field).collect();
        rows.extend([EditRow::Save, EditRow::SaveAs, EditRow::Play, EditRow::Back]);
        rows
    }

    /// The draft changed: the fields (the weights follow the clear value) and a new estimate.
    fn changed(&mut self) {
        self.fields = self.draft.fields();
        self.dirty = true;
        self.estimate = Estimate::start(self.draft.rules());
    }

    fn item(&self, row: EditRow, words: &Words) -> Item {
        match row {
            EditRow::Field(i) => {
                let f = &self.fields[i];
                let value = match &self.typing {
                    Some(Typing::Value(j, typed)) if *j == i => format!("[{typed}_]"),
                    _ if self.draft.bad_message(&f.key).is_some() => {
                        format!("{} {}", self.draft.value(&f.key), words.editor_bad_mark)
                    }
                    _ if self.draft.is_set(&f.key) => self.draft.value(&f.key),
                    _ => format!("{} {}", self.draft.value(&f.key), words.editor_inherited),
                };
                Item::forms(vec![
                    format!("{:<22} {value}", f.key),
                    format!("{} {value}", f.key),
                ])
            }
            EditRow::Save => Item::new(match &self.typing {
                Some(Typing::FirstName(typed)) => format!("{} [{typed}_]", words.editor_save),
                _ => words.editor_save.to_string(),
            }),
            EditRow::SaveAs => Item::new(match &self.typing {
                Some(Typing::Name(typed)) => format!("{} [{typed}_]", words.editor_save_as),
                _ => words.editor_save_as.to_string(),
            }),
            EditRow::Play => Item::new(words.editor_play),
            EditRow::Back => Item::new(words.editor_back),
        }
    }

    /// The lines above the list: the title, the estimate, the selected key explained, the last
    /// message. In a window of 24 lines or more the explanation takes as many lines whatever
    /// the key, so the list does not move as the selection does.
    fn head(&self, c: Canvas) -> Vec<String> {
        let (words, theme, width, height) = (c.words, c.theme, c.width, c.height);
        let file = self.path.file_name().map_or_else(
            || self.path.display().to_string(),
            |f| f.to_string_lossy().into(),
        );
        let mut out = vec![theme.paint(
            &format!("  {}", fill(words.editor_title, &[&file])),
            Tone::Title,
        )];
        // The estimate is of the rules the file reads as, which bad values are not part of.
        let bad = self.draft.bad().len();
        if bad == 0 {
            out.extend(theme.paragraph(&self.estimate.line(words), width, Tone::Info));
        } else {
            let said = plural(words.editor_bad_keys, bad as u64);
            out.extend(theme.paragraph(&said, width, Tone::Bad));
        }
        let room = width.saturating_sub(2);
        let told = if height >= 24 {
            self.fields
                .iter()
                .map(|f| wrap(&about(&f.key, words, &self.defaults), room).len())
                .max()
                .unwrap_or(0)
        } else {
            0
        };
        let selected = self.rows().get(self.selected).copied();
        let about_lines = match selected {
            Some(EditRow::Field(i)) => {
                wrap(&about(&self.fields[i].key, words, &self.defaults), room)
            }
            _ => Vec::new(),
        };
        let pad = told.saturating_sub(about_lines.len());
        for l in about_lines {
            out.push(theme.paint(&format!("  {l}"), Tone::Label));
        }
        out.extend(std::iter::repeat_n(String::new(), pad));
        if let Some(EditRow::Field(i)) = selected {
            let key = &self.fields[i].key;
            // A bad key's message, unless the last message is about it already.
            if let Some(m) = self.draft.bad_message(key)
                && self.note.is_none()
            {
                // A misspelt key: the key it was meant to be, one key away; first, so a small
                // window that cuts the message keeps the way to mend it.
                if let Some(to) = self.draft.meant(key) {
                    let offer = fill(words.editor_rename_offer, &[&to, &self.draft.value(key)]);
                    for l in wrap(&offer, width.saturating_sub(2)) {
                        out.push(theme.paint(&format!("  {l}"), Tone::Info));
                    }
                }
                for l in wrap(m, width.saturating_sub(2)) {
                    out.push(theme.paint(&format!("  {l}"), Tone::Bad));
                }
            }
        }
        if let Some((text, tone)) = &self.note {
            for l in wrap(text, width.saturating_sub(2)) {
                out.push(theme.paint(&format!("  {l}"), *tone));
            }
        }
        out.push(String::new());
        out
    }

    /// What is typed changed: the value is checked at once, on a copy of the draft.
    fn check(&mut self, words: &Words) {
        if let Some(Typing::Value(i, typed)) = &self.typing {
            let key = &self.fields[*i].key;
            let mut trial = self.draft.clone();
            self.note = Some(match trial.set(key, typed) {
                Ok(()) => (fill(words.editor_ok, &[key, typed]), Tone::Good),
                Err(e) => (e.to_string(), Tone::Bad),
            });
        }
    }

    /// Enter while typing: a good value goes into the draft, a bad one is refused (the message
    /// stays, the typing goes on); a good name saves under it.
    fn commit(&mut self, words: &Words) {
        match self.typing.clone() {
            Some(Typing::Value(i, typed)) => {
                let key = self.fields[i].key.clone();
                match self.draft.set(&key, &typed) {
                    Ok(()) => {
                        self.typing = None;
                        self.note = Some((fill(words.editor_ok, &[&key, &typed]), Tone::Good));
                        self.changed();
                    }
                    Err(e) => self.note = Some((e.to_string(), Tone::Bad)),
                }
            }
            Some(Typing::Name(name)) => self.save_as(&name, words),
            Some(Typing::FirstName(name)) => match self.draft.rename(&name) {
                Ok(()) => {
                    self.typing = None;
                    self.changed();
                    self.save(words);
                }
                Err(e) => self.note = Some((e.to_string(), Tone::Bad)),
            },
            None => {}
        }
    }

    fn save_as(&mut self, name: &str, words: &Words) {
        if let Err(e) = crate::config::own::check_name(name) {
            let said = if name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            {
                e.to_string()
            } else {
                words.editor_bad_name.to_string()
            };
            self.note = Some((said, Tone::Bad));
            return;
        }
        if !self.clean(words) {
            return;
        }
        let path = self.sets.join(format!("{name}.toml"));
        if path.exists() {
            let shown = path.display().to_string();
            self.note = Some((fill(words.editor_exists, &[&shown]), Tone::Bad));
            return;
        }
        let mut draft = self.draft.clone();
        if let Err(e) = draft.rename(name) {
            self.note = Some((e.to_string(), Tone::Bad));
            return;
        }
        self.typing = None;
        self.draft = draft;
        self.path = path;
        self.save(words);
    }

    /// Whether the draft has no bad value; else the message says which to change first.
    fn clean(&mut self, words: &Words) -> bool {
        let bad: Vec<&str> = self.draft.bad().iter().map(|(k, _)| k.as_str()).collect();
        if bad.is_empty() {
            return true;
        }
        self.note = Some((fill(words.editor_fix_first, &[&bad.join(", ")]), Tone::Bad));
        false
    }

    /// Saves to the file; bad values are never written, and rules not yet named their own are
    /// named first (a preset's name would pass them off as the preset).
    fn save(&mut self, words: &Words) {
        if !self.clean(words) {
            return;
        }
        if !self.draft.has_own_name() {
            self.typing = Some(Typing::FirstName(String::new()));
            self.note = Some((words.editor_name_first.to_string(), Tone::Info));
            self.selected = self.fields.len();
            return;
        }
        let shown = self.path.display().to_string();
        self.note = Some(match self.draft.save(&self.path) {
            Ok(()) => {
                self.dirty = false;
                self.saved = Some(self.draft.rules().clone());
                (fill(words.editor_saved, &[&shown]), Tone::Good)
            }
            Err(e) => (
                fill(words.editor_not_saved, &[&format!("{shown}: {e}")]),
                Tone::Bad,
            ),
        });
    }

    /// Enter (or a click) on a row; `Some` to leave.
    fn choose(&mut self, row: EditRow, words: &Words) -> Step {
        match row {
            EditRow::Field(i) => {
                let key = self.fields[i].key.clone();
                if self.fields[i].kind == Kind::Switch {
                    let flipped = if self.draft.value(&key) == "true" {
                        "false"
                    } else {
                        "true"
                    };
                    match self.draft.set(&key, flipped) {
                        Ok(()) => {
                            self.note =
                                Some((fill(words.editor_ok, &[&key, &flipped]), Tone::Good));
                            self.changed();
                        }
                        Err(e) => self.note = Some((e.to_string(), Tone::Bad)),
                    }
                } else {
                    // A name is typed afresh; a number starts from its value.
                    let start = if self.fields[i].kind == Kind::Text && !self.draft.has_own_name() {
                        String::new()
                    } else {
                        self.draft.value(&key)
                    };
                    self.typing = Some(Typing::Value(i, start));
                    self.note = None;
                }
            }
            EditRow::Save => self.save(words),
            EditRow::SaveAs => {
                self.typing = Some(Typing::Name(String::new()));
                self.note = Some((words.editor_name.to_string(), Tone::Info));
            }
            EditRow::Play => return self.play(words),
            EditRow::Back => return self.back(),
        }
        Step::Stay
    }

    /// `r` on a misspelt key: it becomes the key it was meant to be, with its value, and the
    /// selection follows it.
    fn rename(&mut self, words: &Words) {
        let Some(EditRow::Field(i)) = self.rows().get(self.selected).copied() else {
            return;
        };
        let from = self.fields[i].key.clone();
        let Some(to) = self.draft.meant(&from) else {
            return;
        };
        let value = self.draft.value(&from);
        match self.draft.rename_key(&from, &to) {
            Ok(()) => {
                self.note = Some((
                    fill(words.editor_renamed, &[&from, &to, &value]),
                    Tone::Good,
                ));
                self.changed();
                if let Some(at) = self.fields.iter().position(|f| f.key == to) {
                    self.selected = at;
                }
            }
            Err(e) => self.note = Some((e.to_string(), Tone::Bad)),
        }
    }

    /// "Play with these rules": not while a value is bad (the rules would not be the file's).
    fn play(&mut self, words: &Words) -> Step {
        if self.clean(words) {
            Step::Leave(Edited::Play(self.draft.rules().clone()))
        } else {
            Step::Stay
        }
    }

    /// Leaving: changes not saved are given up only when the player says so.
    fn back(&mut self) -> Step {
        if self.dirty {
            Step::AskLeave
        } else {
            Step::Leave(self.leave())
        }
    }

    /// Leaves, with the rules of the file last saved (the player said yes to
    /// [`Step::AskLeave`]).
    pub(crate) fn leave(&mut self) -> Edited {
        Edited::Back(self.saved.take())
    }

    /// A key while typing.
    fn typed(&mut self, key: &Key, words: &Words) {
        let Some(Typing::Value(_, text) | Typing::Name(text) | Typing::FirstName(text)) =
            &mut self.typing
        else {
            return;
        };
        match key {
            Key::Enter => return self.commit(words),
            Key::Escape => {
                self.typing = None;
                self.note = None;
                return;
            }
            Key::Backspace => {
                text.pop();
            }
            Key::Char(c) if !crate::base::visible::is_hidden(*c) && text.chars().count() < 40 => {
                text.push(*c);
            }
            _ => return,
        }
        self.check(words);
    }
}

impl Editor {
    /// The editor on the rules file at `path`, whose text is `text`; `Err` with the file's own
    /// message when the text is no rules file the editor can show.
    pub(crate) fn open(path: &Path, text: &str) -> Result<Editor, String> {
        let origin = path.display().to_string();
        let label = crate::config::file_label(path);
        let draft = Draft::open(text, &origin, &label).map_err(|e| e.to_string())?;
        let sets = crate::config::own::dir().unwrap_or_else(|| PathBuf::from("rules"));
        Ok(Editor::new(draft, path, &sets))
    }

    /// Takes the estimate's games that came in; how long the loop may wait for a key before it
    /// looks again (`None`: no more are coming).
    pub(crate) fn poll(&mut self) -> Option<Duration> {
        self.estimate.poll();
        self.estimate.coming().then_some(Duration::from_millis(250))
    }

    /// Whether a value or a name is being typed (then `b` is a letter, not the boss key).
    pub(crate) fn is_typing(&self) -> bool {
        self.typing.is_some()
    }

    /// The highlighted row.
    pub(crate) fn selected(&self) -> usize {
        self.selected
    }

    /// What is drawn on canvas `c`: the lines above the list, its items and its keys (see
    /// [`View::list`]).
    pub(crate) fn view(&mut self, c: Canvas) -> View {
        let words = c.words;
        let rows = self.rows();
        self.selected = self.selected.min(rows.len() - 1);
        View {
            head: self.head(c),
            items: rows.iter().map(|&r| self.item(r, words)).collect(),
            keys: if self.typing.is_some() {
                words.editor_typing_keys
            } else {
                words.editor_keys
            },
        }
    }

    /// What a key does (Ctrl-C and Ctrl-D leave at once).
    pub(crate) fn on_key(&mut self, key: &Key, words: &Words) -> Step {
        if matches!(key, Key::Ctrl('c' | 'd')) {
            return Step::Leave(Edited::Stop);
        }
        if self.typing.is_some() {
            self.typed(key, words);
            return Step::Stay;
        }
        let rows = self.rows();
        let n = rows.len();
        match key {
            Key::ArrowUp | Key::Char('k') | Key::BackTab => {
                self.selected = (self.selected + n - 1) % n;
            }
            Key::ArrowDown | Key::Char('j') | Key::Tab => self.selected = (self.selected + 1) % n,
            Key::Home => self.selected = 0,
            Key::End => self.selected = n - 1,
            Key::Enter | Key::Char(' ') => return self.choose(rows[self.selected], words),
            Key::Char('s' | 'S') => self.save(words),
            Key::Char('r' | 'R') => self.rename(words),
            Key::Char('p' | 'P') => return self.play(words),
            Key::Char('q' | 'Q') | Key::Escape => return self.back(),
            _ => {}
        }
        Step::Stay
    }

    /// What the mouse does: the wheel moves the highlight, a click on row `at` (as the list
    /// drawn puts it: [`crate::ui::widgets::item_at`]) chooses it, unless something is typed.
    pub(crate) fn on_mouse(&mut self, act: Act, at: Option<usize>, words: &Words) -> Step {
        let rows = self.rows();
        match (act, at) {
            (Act::WheelUp, _) => self.selected = self.selected.saturating_sub(1),
            (Act::WheelDown, _) => self.selected = (self.selected + 1).min(rows.len() - 1),
            (Act::Press(0), Some(i)) if self.typing.is_none() => {
                self.selected = i;
                return self.choose(rows[i], words);
            }
            _ => {}
        }
        Step::Stay
    }
}

/// What a key or a click did, for the loop to act on.
#[derive(Debug)]
pub(crate) enum Step {
    /// Draw again and read the next key.
    Stay,
    /// The editor is left.
    Leave(Edited),
    /// Leaving with changes not saved: ask first ([`Words::editor_leave_unsaved`]); yes is
    /// [`Editor::leave`], no stays.
    AskLeave,
}

/// The editor as drawn: the menu's list, with the lines above it.
pub(crate) struct View {
    head: Vec<String>,
    items: Vec<Item>,
    keys: &'static str,
}

impl View {
    pub(crate) fn list(&self) -> List<'_> {
        List {
            head: &self.head,
            items: &self.items,
            deletable: &[],
            keys: self.keys,
        }
    }
}

/// The line about `key`: what it means and allows (from [`crate::config::keys`], the source of
/// `config/default.toml`'s comments) and its default, in the player's language.
fn about(key: &str, words: &Words, defaults: &Draft) -> String {
    let Some(a) = crate::config::keys::about(key) else {
        return String::new();
    };
    let (meaning, allowed) = if words.keys_lang == "zh" {
        (a.meaning_zh, a.allowed_zh)
    } else {
        (a.meaning, a.allowed)
    };
    let default = match key {
        "name" => String::new(),
        _ => fill(words.editor_default, &[&defaults.value(key)]),
    };
    fill(words.editor_about, &[&meaning, &allowed, &default])
        .trim_end()
        .to_string()
}

#[cfg(test)]
mod tests;
