//! The rules editor: every key of a rules file as a field, changed in the game and written back
//! to the file, with the bot's win rate for the rules being edited worked out as they change.
//!
//! The file stays the source of truth, so the editor works on a [`Draft`] of its text: a value
//! is checked as it is typed by the same reader the file gets at start-up (the message shown is
//! the file's own), and saving writes the file with its comments and key order kept. The screen
//! is the menu's list ([`crate::ui::widgets::List`]), so it scrolls, fits every size from 40×15
//! and takes clicks and the wheel as the menus do; the estimate is a handful of games played by
//! `best`, the strongest bot (the one the figure is about), on a thread of its own, shown as they
//! come in with the range they give the win rate, and dropped (the thread told to stop) whenever
//! the rules change or the editor is left. `best` takes about a millisecond a card, so a deck
//! longer than [`PREFIX`] cards is played only through its first [`PREFIX`], and the screen says
//! so: the figure then counts the games that got that far, an upper bound on the win rate.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::Duration;

use console::Key;

use crate::cards::engine::Game;
use crate::cards::rules::Rules;
use crate::cards::summary::Ending;
use crate::config::edit::{Draft, Field, Kind};
use crate::strategy::{Best, Sight, Strategy};

use crate::ui::kit::{Tone, Words, fill, plural, wrap};
use crate::ui::play::confirm;
use crate::ui::term::{Act, Timed, Ui, Waited};
use crate::ui::widgets::{Item, List, item_at, lines};

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

/// Games the estimate plays: enough to tell easy rules from hard ones (a range of about ±20
/// points) in a few seconds.
const GAMES: usize = 20;

/// The cards of a game the estimate plays at most: 20 games of 200 cards are about 4,000 of
/// `best`'s decisions, a few seconds, whatever the deck's size.
const PREFIX: usize = 200;

/// The bot's games on the rules being edited, coming in from their thread.
struct Estimate {
    came: Receiver<bool>,
    stop: Arc<AtomicBool>,
    won: usize,
    played: usize,
    /// The deck's size, when it is longer than [`PREFIX`] (only its first cards are played).
    cut: Option<usize>,
}

impl Estimate {
    fn start(rules: &Rules) -> Estimate {
        let (send, came) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let halt = Arc::clone(&stop);
        let cut = (rules.deck.size as usize > PREFIX).then_some(rules.deck.size as usize);
        let rules = Arc::new(rules.clone());
        let spawned = std::thread::Builder::new()
            .name("rules-estimate".into())
            .spawn(move || {
                for seed in 0..GAMES as u64 {
                    match bot_game(&rules, seed, PREFIX, &halt) {
                        Some(won) if send.send(won).is_ok() => {}
                        _ => return,
                    }
                }
            });
        // Without the thread the editor works the same, only without an estimate.
        drop(spawned);
        Estimate {
            came,
            stop,
            won: 0,
            played: 0,
            cut,
        }
    }

    /// Takes the games that came in; whether any did.
    fn poll(&mut self) -> bool {
        let mut any = false;
        loop {
            match self.came.try_recv() {
                Ok(won) => {
                    any = true;
                    self.played += 1;
                    self.won += usize::from(won);
                }
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => return any,
            }
        }
    }

    fn coming(&self) -> bool {
        self.played < GAMES
    }

    /// `The best bot wins 14 of 20 games with these rules: 48–85%`, or so far, and what a game
    /// counts as won when only the deck's first cards are played.
    fn line(&self, words: &Words) -> String {
        let mut line = if self.coming() {
            fill(words.editor_estimate, &[&self.won, &self.played, &GAMES])
        } else {
            let (low, high) = range(self.won, self.played);
            fill(
                words.editor_estimate_done,
                &[&self.won, &self.played, &low, &high],
            )
        };
        if let Some(size) = self.cut {
            line.push(' ');
            line.push_str(&fill(words.editor_estimate_prefix, &[&PREFIX, &size]));
        }
        line
    }
}

impl Drop for Estimate {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

/// The range, in whole percent, that `won` of `played` games give the win rate with 95%
/// confidence (Wilson's interval: true to its word at 0 or all games won, where the plain
/// `p ± 2σ` would claim a certainty 20 games do not give).
fn range(won: usize, played: usize) -> (u32, u32) {
    if played == 0 {
        return (0, 100);
    }
    let (n, z) = (played as f64, 1.96_f64);
    let p = won as f64 / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    let percent = |x: f64| (x.clamp(0.0, 1.0) * 100.0).round() as u32;
    (percent(centre - half), percent(centre + half))
}

/// One game of `best` with `rules` from `seed`, through at most `cards` of its cards: whether it
/// won (or got that far); `None` when told to stop.
fn bot_game(rules: &Arc<Rules>, seed: u64, cards: usize, stop: &AtomicBool) -> Option<bool> {
    let mut game = Game::with_seed(Arc::clone(rules), seed);
    let mut rng = crate::cards::deck::rng(seed);
    let bot = Best::default();
    while !game.is_over() {
        if game.moves().len() >= cards {
            return Some(true);
        }
        if stop.load(Ordering::SeqCst) {
            return None;
        }
        let mv = bot.choose(&Sight::of(&game), &mut rng)?;
        game.play(mv).ok()?;
    }
    Some(Ending::of(&game) == Ending::Won)
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
struct Editor {
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
    fn head(&self, ui: &Ui, (width, height): (usize, usize)) -> Vec<String> {
        let words = ui.words;
        let file = self.path.file_name().map_or_else(
            || self.path.display().to_string(),
            |f| f.to_string_lossy().into(),
        );
        let mut out = vec![ui.theme.paint(
            &format!("  {}", fill(words.editor_title, &[&file])),
            Tone::Title,
        )];
        // The estimate is of the rules the file reads as, which bad values are not part of.
        let bad = self.draft.bad().len();
        if bad == 0 {
            for l in wrap(&self.estimate.line(words), width.saturating_sub(2)) {
                out.push(ui.theme.paint(&format!("  {l}"), Tone::Info));
            }
        } else {
            for l in wrap(
                &plural(words.editor_bad_keys, bad as u64),
                width.saturating_sub(2),
            ) {
                out.push(ui.theme.paint(&format!("  {l}"), Tone::Bad));
            }
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
            out.push(ui.theme.paint(&format!("  {l}"), Tone::Label));
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
                        out.push(ui.theme.paint(&format!("  {l}"), Tone::Info));
                    }
                }
                for l in wrap(m, width.saturating_sub(2)) {
                    out.push(ui.theme.paint(&format!("  {l}"), Tone::Bad));
                }
            }
        }
        if let Some((text, tone)) = &self.note {
            for l in wrap(text, width.saturating_sub(2)) {
                out.push(ui.theme.paint(&format!("  {l}"), *tone));
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
    fn choose(&mut self, ui: &Ui, row: EditRow) -> Option<Edited> {
        let words = ui.words;
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
                None
            }
            EditRow::Save => {
                self.save(words);
                None
            }
            EditRow::SaveAs => {
                self.typing = Some(Typing::Name(String::new()));
                self.note = Some((words.editor_name.to_string(), Tone::Info));
                None
            }
            EditRow::Play => self.play(words),
            EditRow::Back => self.back(ui),
        }
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
    fn play(&mut self, words: &Words) -> Option<Edited> {
        self.clean(words)
            .then(|| Edited::Play(self.draft.rules().clone()))
    }

    /// Leaving: changes not saved are given up only when the player says so.
    fn back(&mut self, ui: &Ui) -> Option<Edited> {
        if self.dirty {
            match confirm(ui, ui.words.editor_leave_unsaved, false, || {}) {
                Some(true) => {}
                _ if ui.signals.stop() => return Some(Edited::Stop),
                _ => return None,
            }
        }
        Some(Edited::Back(self.saved.take()))
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
            Key::Char(c) if !c.is_control() && text.chars().count() < 40 => text.push(*c),
            _ => return,
        }
        self.check(words);
    }
}

/// Edits the rules file at `path` (its text `text`, or the default rules' when it does not
/// exist yet) until the player leaves.
pub(crate) fn edit(ui: &Ui, path: &Path, text: &str) -> Result<Edited, String> {
    let origin = path.display().to_string();
    let label = crate::config::file_label(path);
    let draft = Draft::open(text, &origin, &label).map_err(|e| e.to_string())?;
    let sets = crate::config::own::dir().unwrap_or_else(|| PathBuf::from("rules"));
    let edited = run(ui, &mut Editor::new(draft, path, &sets));
    ui.boss.typing(false);
    Ok(edited)
}

fn run(ui: &Ui, ed: &mut Editor) -> Edited {
    let words = ui.words;
    let timed = Timed::enter();
    loop {
        if ui.signals.stop() {
            return Edited::Stop;
        }
        ui.signals.take_resize();
        ed.estimate.poll();
        let rows = ed.rows();
        ed.selected = ed.selected.min(rows.len() - 1);
        let (w, h) = crate::ui::term::size(&ui.term);
        let head = ed.head(ui, (w, h));
        let items: Vec<Item> = rows.iter().map(|&r| ed.item(r, words)).collect();
        let keys = if ed.typing.is_some() {
            words.editor_typing_keys
        } else {
            words.editor_keys
        };
        let list = List {
            head: &head,
            items: &items,
            deletable: &[],
            keys,
        };
        if crate::ui::term::draw(&ui.term, &lines(&list, ed.selected, ui.theme, w, h), h).is_err() {
            return Edited::Stop;
        }
        let limit = ed.estimate.coming().then_some(Duration::from_millis(250));
        // While a value or a name is typed, `b` is a letter (Esc twice still hides).
        ui.boss.typing(ed.typing.is_some());
        let key = match timed.key(ui, limit) {
            Waited::Key(k) => k,
            Waited::Mouse(m) => {
                let at = item_at(&list, ed.selected, w, h, usize::from(m.y));
                match (m.act, at) {
                    (Act::WheelUp, _) => ed.selected = ed.selected.saturating_sub(1),
                    (Act::WheelDown, _) => ed.selected = (ed.selected + 1).min(rows.len() - 1),
                    (Act::Press(0), Some(i)) if ed.typing.is_none() => {
                        ed.selected = i;
                        if let Some(end) = ed.choose(ui, rows[i]) {
                            return end;
                        }
                    }
                    _ => {}
                }
                continue;
            }
            Waited::Timeout | Waited::Redraw => continue,
            Waited::Stop => return Edited::Stop,
        };
        if matches!(key, Key::CtrlC | Key::Char('\x03' | '\x04')) {
            return Edited::Stop;
        }
        if ed.typing.is_some() {
            ed.typed(&key, words);
            continue;
        }
        let n = rows.len();
        match key {
            Key::ArrowUp | Key::Char('k') | Key::BackTab => ed.selected = (ed.selected + n - 1) % n,
            Key::ArrowDown | Key::Char('j') | Key::Tab => ed.selected = (ed.selected + 1) % n,
            Key::Home => ed.selected = 0,
            Key::End => ed.selected = n - 1,
            Key::Enter | Key::Char(' ') => {
                if let Some(end) = ed.choose(ui, rows[ed.selected]) {
                    return end;
                }
            }
            Key::Char('s' | 'S') => ed.save(words),
            Key::Char('r' | 'R') => ed.rename(words),
            Key::Char('p' | 'P') => {
                if let Some(end) = ed.play(words) {
                    return end;
                }
            }
            Key::Char('q' | 'Q') | Key::Escape => {
                if let Some(end) = ed.back(ui) {
                    return end;
                }
            }
            _ => {}
        }
    }
}

/// The player's own rules file (`$NEW2048_CONFIG`, else the config folder's) and its text: the
/// commented default rules when there is no file yet, so the first save writes a whole file.
pub(crate) fn own_file() -> Result<(PathBuf, String), String> {
    let path = crate::config::init_target().ok_or_else(|| {
        "cannot find your config folder; set NEW2048_CONFIG to the rules file to edit".to_string()
    })?;
    let limit = crate::config::paths::CONFIG_FILE_BYTES;
    match crate::fsread::read_text(&path, crate::fsread::Links::Follow, limit) {
        Ok(text) => Ok((path, text)),
        Err(e) if e.is_missing() => Ok((path, crate::config::presets::DEFAULT.to_string())),
        Err(e) => Err(format!("cannot read the rules file {e}")),
    }
}

/// The player's rule set `name` and its text (see [`crate::config::own`]): it must be there
/// (`rules --new NAME` makes one); a preset cannot be edited, only copied.
pub(crate) fn rule_set_file(name: &str) -> Result<(PathBuf, String), String> {
    if crate::config::presets::get(name).is_some() {
        return Err(format!(
            "`{name}` is a shipped preset, which is not edited; make a rule set of your own from \
             the default rules with `new2048 rules --new NAME`"
        ));
    }
    crate::config::own::check_name(name).map_err(|e| e.to_string())?;
    let path = crate::config::own::path_of(name).ok_or_else(|| {
        "cannot find your config folder; set NEW2048_CONFIG to your rules file".to_string()
    })?;
    let limit = crate::config::paths::CONFIG_FILE_BYTES;
    match crate::fsread::read_text(&path, crate::fsread::Links::Follow, limit) {
        Ok(text) => Ok((path, text)),
        Err(e) if e.is_missing() => Err(format!(
            "there is no rule set `{name}` ({}); make it with `new2048 rules --new {name}` \
             (yours: {})",
            path.display(),
            crate::config::own::names()
        )),
        Err(e) => Err(format!("cannot read the rule set {e}")),
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
