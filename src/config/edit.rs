//! Changing a rules file key by key, as the in-game rules editor does.
//!
//! The rules file stays the source of truth: it is what a player keeps and shares, so an edit
//! must leave it as the player wrote it, with its comments, its key order and the keys it leaves
//! out. A [`Draft`] therefore holds the file as a `toml_edit` document and changes only the one
//! value asked for; every change is checked by reading the whole draft with the same reader a
//! file gets at start-up ([`Rules::parse`]), so a value the editor refuses is refused with the
//! very message the file would get, and a value it takes is one the game will start with.

use std::io::Write;
use std::path::Path;

use toml_edit::{DocumentMut, Item, Value};

use crate::cards::card::Card;
use crate::cards::rules::Rules;
use crate::config::parse::RulesError;

/// What kind of value a key holds: how the editor shows it and reads what is typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A whole number.
    Number,
    /// `true` or `false`.
    Switch,
    /// Text (the rules' `name`): what is typed is the value, never read as TOML.
    Text,
}

/// One key of the rules file, as the editor lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// The dotted key, as in the file and in its error messages: `deck.size`, `deck.weights.8`.
    pub key: String,
    pub kind: Kind,
}

/// The fixed keys, in the order of `config/default.toml`; the weights (which depend on
/// `board.clear_value`) come after `deck.lookahead`.
const BEFORE_WEIGHTS: [(&str, Kind); 3] = [
    ("name", Kind::Text),
    ("deck.size", Kind::Number),
    ("deck.lookahead", Kind::Number),
];
const AFTER_WEIGHTS: [(&str, Kind); 12] = [
    ("board.columns", Kind::Number),
    ("board.height", Kind::Number),
    ("board.clear_value", Kind::Number),
    ("board.merge_into_full", Kind::Switch),
    ("discards.start", Kind::Number),
    ("discards.per_clear", Kind::Number),
    ("discards.max", Kind::Number),
    ("scoring.per_merge", Kind::Number),
    ("scoring.merged_value", Kind::Switch),
    ("scoring.clear_bonus", Kind::Number),
    ("classic.size", Kind::Number),
    ("classic.win", Kind::Number),
];

/// Why the editor refused a file or a change: each says what to do instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    /// The file is not TOML at all: it is mended by hand, in a text editor (the reader's error:
    /// the file, its line and column, and the line with a caret under the place).
    #[error("{0}")]
    NotToml(RulesError),
    /// The reader refused the file where no key can be marked (so none can be left out).
    #[error("{0}")]
    Unmarked(#[source] RulesError),
    /// The reader refused the value (or a key it would turn bad): its message, without the
    /// file's name, as the file would get it at start-up.
    #[error("{0}")]
    Refused(String),
    /// A shipped preset's name given to the rules.
    #[error("`{0}` is a shipped preset's name: give your rules a name of their own")]
    Preset(String),
    /// A misspelt key moved onto a key the file sets already.
    #[error("{to} is set already ({value}): take {from} out (empty it), or change {to}")]
    Taken {
        from: String,
        to: String,
        value: String,
    },
    /// A key to move that holds a table, not a value.
    #[error("{0} holds no value to move")]
    NoValue(String),
    /// A key to move that the file does not have.
    #[error("{0} is not in the file")]
    Missing(String),
    /// A dotted key under something that is not a table.
    #[error("`{0}` in this file is not a table; fix the file by hand")]
    NotATable(String),
}

/// A rules file being edited: its text as a document, and the rules it reads as.
///
/// A file with bad values opens too, so the editor can mend it: each bad key is kept as the file
/// has it and listed in [`Draft::bad`] with the reader's message, and [`Draft::rules`] are the
/// rules the file reads as with those keys left out (their defaults). A change is taken when it
/// adds no new bad key and is not bad itself; rules with bad keys are neither saved nor played.
#[derive(Clone, Debug)]
pub struct Draft {
    doc: DocumentMut,
    rules: Rules,
    /// The keys whose values the reader refuses, in the order found, with its message.
    bad: Vec<(String, String)>,
    /// The file's name in messages (and the rules' name when the file sets none).
    origin: String,
    label: String,
}

impl Draft {
    /// A draft of a rules file's text. `origin` names it in messages; `label` is the name the
    /// rules take when the file sets none (its file name, as [`super::load_file`] gives). Only
    /// a file that is not TOML at all (or whose errors have no key to mark) is refused.
    pub fn open(text: &str, origin: &str, label: &str) -> Result<Draft, EditError> {
        // Said in the game's words from where toml_edit stopped, as the reader says it at
        // start-up; a file the reader takes (the two parsers disagree) still is no document to
        // edit, and is said the same way.
        let doc: DocumentMut = text.parse().map_err(|e: toml_edit::TomlError| {
            EditError::NotToml(super::parse::not_toml(origin, text, e.span()))
        })?;
        let (rules, bad) = survey(&doc, origin, label)?;
        Ok(Draft {
            doc,
            rules,
            bad,
            origin: origin.to_string(),
            label: label.to_string(),
        })
    }

    /// The rules the draft reads as now (with any bad key's default).
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The keys the reader refuses, each with its message.
    pub fn bad(&self) -> &[(String, String)] {
        &self.bad
    }

    /// The message of a bad key.
    pub fn bad_message(&self, key: &str) -> Option<&str> {
        self.bad
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, m)| m.as_str())
    }

    /// The draft's text: the file as it was, with the changed values.
    pub fn text(&self) -> String {
        self.doc.to_string()
    }

    /// Every key the editor offers, in the file's order: the name, then the card weights are
    /// those the current `board.clear_value` allows (every power of two below it), then bomb and
    /// wild, then the other tables; last, any bad key the file has that is none of these (an
    /// unknown key, to be cleared).
    pub fn fields(&self) -> Vec<Field> {
        let field = |key: &str, kind| Field {
            key: key.to_string(),
            kind,
        };
        let mut out: Vec<Field> = BEFORE_WEIGHTS.iter().map(|&(k, t)| field(k, t)).collect();
        let clear = self.rules.board.clear_value.exponent().unwrap_or(11);
        for e in 1..clear {
            out.push(field(&format!("deck.weights.{}", 1u64 << e), Kind::Number));
        }
        out.push(field("deck.weights.bomb", Kind::Number));
        out.push(field("deck.weights.wild", Kind::Number));
        out.extend(AFTER_WEIGHTS.iter().map(|&(k, t)| field(k, t)));
        for (key, _) in &self.bad {
            if out.iter().all(|f| &f.key != key) {
                out.push(field(key, Kind::Number));
            }
        }
        out
    }

    /// The value in force for a key (from the file, else inherited from the default rules), as
    /// it would be written in the file; a bad key's value as the file has it.
    pub fn value(&self, key: &str) -> String {
        if self.bad_message(key).is_some() {
            let shown = |i: &Item| match i.as_value() {
                Some(v) => {
                    let mut v = v.clone();
                    v.decor_mut().clear();
                    v.to_string()
                }
                None => i.to_string(),
            };
            return lookup(self.doc.as_item(), key)
                .map(|i| shown(i).trim().to_string())
                .unwrap_or_default();
        }
        let r = &self.rules;
        match key {
            "name" => r.name.clone(),
            "deck.size" => r.deck.size.to_string(),
            "deck.lookahead" => r.deck.lookahead.to_string(),
            "board.columns" => r.board.columns.to_string(),
            "board.height" => r.board.height.to_string(),
            "board.clear_value" => r.board.clear_value.to_string(),
            "board.merge_into_full" => r.board.merge_into_full.to_string(),
            "discards.start" => r.discards.start.to_string(),
            "discards.per_clear" => r.discards.per_clear.to_string(),
            "discards.max" => r.discards.max.to_string(),
            "scoring.per_merge" => r.scoring.per_merge.to_string(),
            "scoring.merged_value" => r.scoring.merged_value.to_string(),
            "scoring.clear_bonus" => r.scoring.clear_bonus.to_string(),
            "classic.size" => r.classic.size.to_string(),
            "classic.win" => r.classic.win.to_string(),
            _ => key
                .strip_prefix("deck.weights.")
                .and_then(|c| c.parse::<Card>().ok())
                .map_or_else(String::new, |c| r.weight(c).to_string()),
        }
    }

    /// Whether the file itself sets this key (else its value is inherited).
    pub fn is_set(&self, key: &str) -> bool {
        lookup(self.doc.as_item(), key).is_some_and(|i| !i.is_none())
    }

    /// Whether the file gives its rules a name of their own: it sets `name`, and not to a
    /// preset's (a file written by an older `rules --init` says `default`). Else the first save
    /// asks for one.
    pub fn has_own_name(&self) -> bool {
        self.doc
            .get("name")
            .and_then(Item::as_str)
            .is_some_and(|n| crate::config::presets::get(n.trim()).is_none())
    }

    /// Sets one key to what the player typed (nothing typed: the key is taken out of the file,
    /// so it keeps its default). The draft changes only when that value reads well and adds no
    /// other bad key; else it is left as it was and the reader's own message comes back (the one
    /// the file would get at start-up, without the file's name).
    pub fn set(&mut self, key: &str, typed: &str) -> Result<(), EditError> {
        let typed = typed.trim();
        if key == "name" {
            return self.rename(typed);
        }
        if typed.is_empty() {
            return self.put(key, None);
        }
        match typed.parse::<Value>() {
            Ok(v) => self.put(key, Some(v)),
            // A bare word (`abc`, `yes`) is not TOML: it goes in as a string, so the reader
            // says what the key takes instead of a TOML syntax error; the message speaks of
            // the word as typed, without the quotes the player never wrote.
            _ => self
                .put(key, Some(Value::from(typed)))
                .map_err(|e| match e {
                    EditError::Refused(m) => {
                        let quoted = Value::from(typed).to_string();
                        EditError::Refused(m.replace(
                            &format!("`{}` is text in quotes", quoted.trim()),
                            &format!("`{typed}` is a word"),
                        ))
                    }
                    e => e,
                }),
        }
    }

    /// Gives the rules a name of their own (`name = "…"`), as saving under a new file does; a
    /// preset's name is refused (rules under it would pass for the preset's).
    pub fn rename(&mut self, name: &str) -> Result<(), EditError> {
        let name = name.trim();
        if crate::config::presets::get(name).is_some() {
            return Err(EditError::Preset(name.to_string()));
        }
        self.put("name", Some(Value::from(name)))
    }

    /// The known key an unknown key of the file was meant to be (`board.hieght`:
    /// `board.height`), if one is near: first among the keys of its own table, else among all.
    /// `None` for a known key, or a key near none.
    pub fn meant(&self, key: &str) -> Option<String> {
        let known: Vec<String> = self
            .fields()
            .into_iter()
            .map(|f| f.key)
            .filter(|k| self.bad_message(k).is_none() || is_known(k))
            .collect();
        if is_known(key) {
            return None;
        }
        let (table, last) = key.rsplit_once('.').unwrap_or(("", key));
        let in_table = known.iter().filter_map(|k| {
            let (t, l) = k.rsplit_once('.').unwrap_or(("", k));
            (t == table).then_some(l)
        });
        if let Some(l) = super::near::nearest(last, in_table) {
            return Some(if table.is_empty() {
                l.to_string()
            } else {
                format!("{table}.{l}")
            });
        }
        super::near::nearest(key, known.iter().map(String::as_str)).map(str::to_string)
    }

    /// Gives the value of the (unknown) key `from` to the key `to`, which the file does not set
    /// yet, and takes `from` out: a misspelt key mended without losing its value. The value is
    /// moved as written, even when `to` does not take it (it is then marked bad there, to be
    /// changed); any other key that would turn bad refuses the move.
    pub fn rename_key(&mut self, from: &str, to: &str) -> Result<(), EditError> {
        if self.is_set(to) {
            return Err(EditError::Taken {
                from: from.to_string(),
                to: to.to_string(),
                value: self.value(to),
            });
        }
        let value = lookup(self.doc.as_item(), from)
            .and_then(Item::as_value)
            .cloned()
            .ok_or_else(|| EditError::NoValue(from.to_string()))?;
        let mut moved = self.clone();
        // Its place and the comment above it, to keep when the key stays in its table.
        let (path, last) = split_key(from);
        let order: Vec<String> = table_at(&mut moved.doc, &path)
            .map(|t| t.iter().map(|(k, _)| k.to_string()).collect())
            .unwrap_or_default();
        let decor = table_at(&mut moved.doc, &path)
            .and_then(|t| t.get_key_value(last).map(|(k, _)| k.leaf_decor().clone()));
        if !remove(&mut moved.doc, from) {
            return Err(EditError::Missing(from.to_string()));
        }
        moved.put_where(to, Some(value), true)?;
        let (to_path, to_last) = split_key(to);
        if to_path == path
            && let Some(table) = table_at(&mut moved.doc, &path)
        {
            if let (Some(d), Some((mut k, _))) = (decor, table.get_key_value_mut(to_last)) {
                *k.leaf_decor_mut() = d;
            }
            let rank = |k: &str| {
                let k = if k == to_last { last } else { k };
                order.iter().position(|o| o == k).unwrap_or(usize::MAX)
            };
            table.sort_values_by(|a, _, b, _| rank(a.get()).cmp(&rank(b.get())));
        }
        *self = moved;
        Ok(())
    }

    /// Puts `value` at `key` (or takes the key out) when the whole draft then reads with no
    /// new bad key.
    fn put(&mut self, key: &str, value: Option<Value>) -> Result<(), EditError> {
        self.put_where(key, value, false)
    }

    /// [`Draft::put`]; with `keep_bad`, `key` itself may turn bad (the value is kept there).
    fn put_where(
        &mut self,
        key: &str,
        value: Option<Value>,
        keep_bad: bool,
    ) -> Result<(), EditError> {
        let mut trial = self.doc.clone();
        let (path, last) = split_key(key);
        let mut table = trial.as_table_mut() as &mut dyn toml_edit::TableLike;
        for part in path {
            let entry = table.entry(part).or_insert_with(|| {
                let mut t = toml_edit::Table::new();
                t.set_implicit(true);
                Item::Table(t)
            });
            table = entry
                .as_table_like_mut()
                .ok_or_else(|| EditError::NotATable(part.to_string()))?;
        }
        match (table.get_mut(last), value) {
            // Keep the comment after the value and the spacing around it.
            (Some(Item::Value(old)), Some(value)) => {
                let decor = old.decor().clone();
                *old = value;
                *old.decor_mut() = decor;
            }
            (_, Some(value)) => {
                table.insert(last, Item::Value(value));
            }
            (_, None) => {
                table.remove(last);
            }
        }
        let (rules, bad) = survey(&trial, &self.origin, &self.label)?;
        if let Some((_, m)) = bad
            .iter()
            .find(|(k, _)| (k == key && !keep_bad) || (k != key && self.bad_message(k).is_none()))
        {
            return Err(EditError::Refused(m.clone()));
        }
        self.doc = trial;
        self.rules = rules;
        self.bad = bad;
        Ok(())
    }

    /// Writes the draft to `path` whole or not at all: a temporary file beside it, synced, then
    /// renamed over it, so a full disk or a kill leaves the old file as it was.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        std::fs::create_dir_all(dir)?;
        let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
        tmp.write_all(self.text().as_bytes())?;
        tmp.as_file().sync_all()?;
        tmp.persist(path).map_err(|e| e.error)?;
        Ok(())
    }
}

/// The rules a document reads as, laid over the built-in default as a file is (a file naming
/// itself after a preset it is not gets `NAME (edited)`, as [`super::load_file`] gives).
fn read(doc: &DocumentMut, origin: &str, label: &str) -> Result<Rules, RulesError> {
    let mut rules = Rules::parse(&doc.to_string(), origin, Some(&Rules::default_rules()))?;
    if !doc.contains_key("name") {
        rules.name = label.to_string();
    }
    crate::config::not_the_preset(&mut rules);
    Ok(rules)
}

/// The rules a document reads as once every bad key is left out, and those keys with the
/// reader's message: each error the reader gives names a line, whose key is taken out and the
/// rest read again. `Err` when an error has no key to take out.
fn survey(
    doc: &DocumentMut,
    origin: &str,
    label: &str,
) -> Result<(Rules, Vec<(String, String)>), EditError> {
    let mut trial = doc.clone();
    let mut bad: Vec<(String, String)> = Vec::new();
    loop {
        let e = match read(&trial, origin, label) {
            Ok(rules) => return Ok((rules, bad)),
            Err(e) => e,
        };
        let text = trial.to_string();
        let key = e
            .line_col
            .and_then(|(line, _)| key_at_line(&text, line))
            .filter(|k| bad.iter().all(|(b, _)| b != k));
        let Some(key) = key else {
            return Err(EditError::Unmarked(e));
        };
        if !remove(&mut trial, &key) {
            return Err(EditError::Unmarked(e));
        }
        bad.push((key, e.message));
    }
}

/// The dotted key set (or the table opened) on 1-based line `line` of a TOML text.
fn key_at_line(text: &str, line: usize) -> Option<String> {
    let mut table = String::new();
    for (i, l) in text.lines().enumerate() {
        let l = l.trim();
        let header = l
            .strip_prefix('[')
            .and_then(|h| h.split(']').next())
            .map(|h| h.trim_matches(['[', ' ']).to_string());
        if let Some(h) = &header {
            table = format!("{h}.");
        }
        if i + 1 == line {
            if let Some(h) = header {
                return Some(h);
            }
            let (k, _) = l.split_once('=')?;
            let k: Vec<&str> = k.split('.').map(|p| p.trim().trim_matches('"')).collect();
            return Some(format!("{table}{}", k.join(".")));
        }
    }
    None
}

/// Whether `key` is one a rules file may have (a card weight only as a card the reader takes).
fn is_known(key: &str) -> bool {
    BEFORE_WEIGHTS
        .iter()
        .chain(&AFTER_WEIGHTS)
        .any(|(k, _)| *k == key)
        || key
            .strip_prefix("deck.weights.")
            .is_some_and(|c| matches!(c, "bomb" | "wild") || c.parse::<Card>().is_ok())
}

/// Takes the item at a dotted key out of a document: whether there was one.
fn remove(doc: &mut DocumentMut, key: &str) -> bool {
    let (path, last) = split_key(key);
    let mut table = doc.as_table_mut() as &mut dyn toml_edit::TableLike;
    for part in path {
        match table.get_mut(part).and_then(Item::as_table_like_mut) {
            Some(t) => table = t,
            None => return false,
        }
    }
    table.remove(last).is_some()
}

/// The table (written as one, not inline) at the dotted `path` of `doc`, if there is one.
fn table_at<'a>(doc: &'a mut DocumentMut, path: &[&str]) -> Option<&'a mut toml_edit::Table> {
    let mut table = doc.as_table_mut();
    for part in path {
        table = table.get_mut(part)?.as_table_mut()?;
    }
    Some(table)
}

/// `deck.weights.8` as its tables (`deck`, `weights`) and its last part (`8`).
fn split_key(key: &str) -> (Vec<&str>, &str) {
    let mut parts: Vec<&str> = key.split('.').collect();
    let last = parts.pop().unwrap_or(key);
    (parts, last)
}

/// The item at a dotted key, if the document has it.
fn lookup<'a>(item: &'a Item, key: &str) -> Option<&'a Item> {
    key.split('.').try_fold(item, |item, part| item.get(part))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn default_draft() -> Draft {
        Draft::open(
            crate::config::presets::DEFAULT,
            "config.toml",
            "config.toml",
        )
        .unwrap()
    }

    #[test]
    fn a_change_keeps_comments_order_and_untouched_keys() {
        let mut d = default_draft();
        d.set("deck.size", "50").unwrap();
        d.set("board.height", "5").unwrap();
        let text = d.text();
        assert_eq!(d.rules().deck.size, 50);
        assert_eq!(d.rules().board.height, 5);
        // Only the two values changed, line for line.
        let before: Vec<&str> = crate::config::presets::DEFAULT.lines().collect();
        let after: Vec<&str> = text.lines().collect();
        assert_eq!(before.len(), after.len());
        let changed: Vec<(&str, &str)> = before
            .iter()
            .zip(&after)
            .filter(|(a, b)| a != b)
            .map(|(a, b)| (*a, *b))
            .collect();
        assert_eq!(
            changed,
            [("size = 100", "size = 50"), ("height = 7", "height = 5")]
        );
    }

    #[test]
    fn a_bad_value_is_refused_with_the_files_message_and_changes_nothing() {
        let mut d = default_draft();
        let before = d.text();
        let err = d.set("board.height", "0").unwrap_err();
        let file_err = Rules::parse(
            "[board]\nheight = 0\n",
            "x.toml",
            Some(&Rules::default_rules()),
        )
        .unwrap_err();
        assert_eq!(err, EditError::Refused(file_err.message));
        assert!(err.to_string().contains("board.height"), "{err}");
        assert_eq!(d.text(), before);
        assert_eq!(d.rules().board.height, 7);
        // Words and wrong types get the reader's message too, never a TOML syntax error.
        let err = d.set("deck.size", "many").unwrap_err();
        assert!(err.to_string().contains("deck.size"), "{err}");
        assert!(d.set("board.merge_into_full", "maybe").is_err());
        assert_eq!(d.text(), before);
    }

    #[test]
    fn keys_the_file_leaves_out_are_added_in_their_table() {
        let mut d = Draft::open(
            "# my rules\n[board]\ncolumns = 4 # four\n",
            "my.toml",
            "my.toml",
        )
        .unwrap();
        assert_eq!(d.rules().name, "my.toml");
        assert!(!d.is_set("deck.size"));
        assert_eq!(d.value("deck.size"), "100");
        d.set("deck.size", "30").unwrap();
        d.set("board.columns", "6").unwrap();
        d.set("deck.weights.bomb", "0").unwrap();
        let text = d.text();
        assert!(text.starts_with("# my rules\n"), "{text}");
        assert!(text.contains("columns = 6 # four"), "{text}");
        assert!(d.is_set("deck.size"));
        let again = Rules::parse(&text, "my.toml", Some(&Rules::default_rules())).unwrap();
        assert_eq!(again.deck.size, 30);
        assert_eq!(again.board.columns, 6);
        assert_eq!(again.weight(Card::BOMB), 0);
    }

    #[test]
    fn the_weights_offered_follow_the_clear_value() {
        let mut d = default_draft();
        let weights = |d: &Draft| {
            d.fields()
                .into_iter()
                .filter(|f| f.key.starts_with("deck.weights."))
                .count()
        };
        // 2 … 1024, bomb, wild.
        assert_eq!(weights(&d), 12);
        d.set("deck.weights.128", "0").unwrap();
        assert_eq!(d.value("deck.weights.128"), "0");
        assert_eq!(d.value("deck.weights.64"), "15");
        assert_eq!(d.value("board.merge_into_full"), "false");
        d.set("board.merge_into_full", "true").unwrap();
        assert!(d.rules().board.merge_into_full);
    }

    #[test]
    fn saving_writes_the_draft_and_a_rename_names_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("quick.toml");
        let mut d = default_draft();
        d.set("deck.size", "20").unwrap();
        d.rename("quick").unwrap();
        d.save(&path).unwrap();
        let loaded = crate::config::load_file(&path).unwrap();
        assert_eq!(loaded.deck.size, 20);
        assert_eq!(loaded.name, "quick");
        assert!(
            std::fs::read_to_string(&path)
                .unwrap()
                .contains("# How many cards one game deals")
        );
    }

    #[test]
    fn a_file_with_bad_values_opens_marked_and_is_mended() {
        let text =
            "name = \"mine\"\n[board]\nheight = 0 # too low\ncolumns = 12\n[deck]\nsize = 50\n";
        let mut d = Draft::open(text, "mine.toml", "mine.toml").unwrap();
        let mut bad: Vec<&str> = d.bad().iter().map(|(k, _)| k.as_str()).collect();
        bad.sort_unstable();
        assert_eq!(bad, ["board.columns", "board.height"]);
        assert!(
            d.bad_message("board.height")
                .unwrap()
                .contains("board.height = 0 is not allowed")
        );
        // The good keys read as the file says, the bad ones as their defaults meanwhile.
        assert_eq!(d.rules().deck.size, 50);
        assert_eq!(d.rules().board.height, 7);
        assert_eq!(d.value("board.height"), "0");
        // Another bad value for a bad key is refused; a bad value elsewhere too.
        assert!(d.set("board.height", "17").is_err());
        assert!(d.set("deck.size", "0").is_err());
        assert_eq!(d.text(), text);
        d.set("board.height", "5").unwrap();
        assert_eq!(d.bad().len(), 1);
        // Nothing typed takes the key out: it keeps its default.
        d.set("board.columns", "").unwrap();
        assert!(d.bad().is_empty());
        assert!(!d.is_set("board.columns"));
        assert!(d.text().contains("height = 5 # too low"), "{}", d.text());
        assert_eq!(d.rules().board.height, 5);
    }

    #[test]
    fn an_unknown_key_is_taken_out_and_a_misspelt_one_renamed() {
        // An unknown key is marked and offered, to be taken out.
        let mut d = Draft::open("[board]\nhieght = 3\n", "m.toml", "m.toml").unwrap();
        assert_eq!(d.bad()[0].0, "board.hieght");
        assert!(d.fields().iter().any(|f| f.key == "board.hieght"));
        d.set("board.hieght", "").unwrap();
        assert!(d.bad().is_empty());
        // A misspelt key is renamed to the key it was meant to be, with its value.
        let mut d = Draft::open(
            "[board]\nhieght = 5 # mine\ncolumns = 4\n",
            "m.toml",
            "m.toml",
        )
        .unwrap();
        assert_eq!(d.meant("board.hieght").as_deref(), Some("board.height"));
        assert_eq!(d.meant("board.height"), None);
        d.rename_key("board.hieght", "board.height").unwrap();
        assert!(d.bad().is_empty(), "{:?}", d.bad());
        assert_eq!(d.rules().board.height, 5);
        assert_eq!(d.rules().board.columns, 4);
        assert!(d.text().contains("height = 5 # mine"), "{}", d.text());
        assert!(!d.text().contains("hieght"), "{}", d.text());
        // A value the right key does not take is moved all the same, and marked there.
        let mut d = Draft::open("[deck]\nsise = 0\n", "m.toml", "m.toml").unwrap();
        assert_eq!(d.meant("deck.sise").as_deref(), Some("deck.size"));
        d.rename_key("deck.sise", "deck.size").unwrap();
        assert_eq!(d.value("deck.size"), "0");
        assert!(
            d.bad_message("deck.size")
                .unwrap()
                .contains("deck.size = 0")
        );
        // Never over a key the file sets; a key near none is offered nothing.
        let mut d = Draft::open(
            "[board]\nhieght = 5\nheight = 6\ncolour = 1\n",
            "m.toml",
            "m.toml",
        )
        .unwrap();
        assert!(d.rename_key("board.hieght", "board.height").is_err());
        // A misspelt key renamed keeps its place in its table and the comment above it.
        let text = "[board]\n# How tall a column is.\nhieght = 5 # five\ncolumns = 4\n";
        let mut h = Draft::open(text, "h.toml", "h").unwrap();
        h.rename_key("board.hieght", "board.height").unwrap();
        assert_eq!(
            h.text(),
            "[board]\n# How tall a column is.\nheight = 5 # five\ncolumns = 4\n"
        );
        assert_eq!(d.rules().board.height, 6);
        assert_eq!(d.meant("board.colour"), None);
        let d = Draft::open("[bord]\nheight = 5\n", "m.toml", "m.toml").unwrap();
        assert_eq!(d.bad()[0].0, "bord");
    }

    #[test]
    fn only_a_file_that_is_not_toml_is_refused_and_it_says_where() {
        // Only a file that is not TOML at all is refused.
        assert!(matches!(
            Draft::open("[board\n", "x.toml", "x.toml"),
            Err(EditError::NotToml(e)) if e.line_col == Some((1, 7))
        ));
        let broken = Draft::open("name = \"x\"\nsize = 50 cards [oops\n", "f.toml", "f");
        let said = broken.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(said.starts_with("f.toml:2:"), "{said}");
        assert!(said.contains("\n 2 | size = 50 cards [oops\n"), "{said}");
        assert!(
            said.lines().last().unwrap_or_default().ends_with('^'),
            "{said}"
        );
    }

    #[test]
    fn rules_named_after_a_preset_they_are_not_are_shown_as_edited() {
        let mut d = default_draft();
        assert!(!d.has_own_name());
        assert_eq!(d.rules().name, "default");
        d.set("deck.size", "50").unwrap();
        assert_eq!(d.rules().name, "default (edited)");
        assert!(d.rename("hard").is_err());
        d.set("name", "fifty").unwrap();
        assert!(d.has_own_name());
        assert_eq!(d.rules().name, "fifty");
        assert!(d.text().contains("name = \"fifty\""));
        let mut r = d.rules().clone();
        r.name = "default".into();
        let note = crate::config::not_the_preset(&mut r).unwrap();
        assert_eq!(r.name, "default (edited)");
        assert!(note.contains("deck.size"), "{note}");
        let mut same = Rules::default_rules();
        assert!(crate::config::not_the_preset(&mut same).is_none());
        assert_eq!(same.name, "default");
    }
}
