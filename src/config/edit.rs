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

/// What kind of value a key holds: how the editor shows it and reads what is typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A whole number.
    Number,
    /// `true` or `false`.
    Switch,
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
const BEFORE_WEIGHTS: [(&str, Kind); 2] = [
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

/// A rules file being edited: its text as a document, and the rules it reads as.
#[derive(Clone, Debug)]
pub struct Draft {
    doc: DocumentMut,
    rules: Rules,
    /// The file's name in messages (and the rules' name when the file sets none).
    origin: String,
    label: String,
}

impl Draft {
    /// A draft of a rules file's text. `origin` names it in messages; `label` is the name the
    /// rules take when the file sets none (its file name, as [`super::load_file`] gives).
    pub fn open(text: &str, origin: &str, label: &str) -> Result<Draft, String> {
        let doc: DocumentMut = text
            .parse()
            .map_err(|e: toml_edit::TomlError| format!("{origin}: {}", e.message()))?;
        let rules = read(&doc, origin, label).map_err(|e| e.to_string())?;
        Ok(Draft {
            doc,
            rules,
            origin: origin.to_string(),
            label: label.to_string(),
        })
    }

    /// The rules the draft reads as now.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The draft's text: the file as it was, with the changed values.
    pub fn text(&self) -> String {
        self.doc.to_string()
    }

    /// Every key the editor offers, in the file's order: the card weights are those the
    /// current `board.clear_value` allows (every power of two below it), then bomb and wild.
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
        out
    }

    /// The value in force for a key (from the file, else inherited from the default rules), as
    /// it would be written in the file.
    pub fn value(&self, key: &str) -> String {
        let r = &self.rules;
        match key {
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

    /// Sets one key to what the player typed. The draft changes only when the whole file then
    /// reads as good rules; else it is left as it was and the reader's own message comes back
    /// (the one the file would get at start-up, without the file's name).
    pub fn set(&mut self, key: &str, typed: &str) -> Result<(), String> {
        let typed = typed.trim();
        let value = match typed.parse::<Value>() {
            // A bare word (`abc`, `yes`) is not TOML: it goes in as a string, so the reader
            // says what the key takes instead of a TOML syntax error.
            Ok(v) if !typed.is_empty() => v,
            _ => Value::from(typed),
        };
        let mut trial = self.doc.clone();
        let (path, last) = split_key(key);
        let mut table = trial.as_table_mut() as &mut dyn toml_edit::TableLike;
        for part in path {
            let entry = table.entry(part).or_insert_with(|| {
                let mut t = toml_edit::Table::new();
                t.set_implicit(true);
                Item::Table(t)
            });
            table = entry.as_table_like_mut().ok_or_else(|| {
                format!("`{part}` in this file is not a table; fix the file by hand")
            })?;
        }
        match table.get_mut(last) {
            // Keep the comment after the value and the spacing around it.
            Some(Item::Value(old)) => {
                let decor = old.decor().clone();
                *old = value;
                *old.decor_mut() = decor;
            }
            _ => {
                table.insert(last, Item::Value(value));
            }
        }
        let rules = read(&trial, &self.origin, &self.label).map_err(|e| e.message)?;
        self.doc = trial;
        self.rules = rules;
        Ok(())
    }

    /// Gives the rules a name of their own (`name = "…"`), as saving under a new file does.
    pub fn rename(&mut self, name: &str) -> Result<(), String> {
        let mut trial = self.doc.clone();
        match trial.get_mut("name") {
            Some(Item::Value(old)) => {
                let decor = old.decor().clone();
                *old = Value::from(name);
                *old.decor_mut() = decor;
            }
            _ => {
                trial.insert("name", Item::Value(Value::from(name)));
            }
        }
        let rules = read(&trial, &self.origin, &self.label).map_err(|e| e.message)?;
        self.doc = trial;
        self.rules = rules;
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

/// The rules a document reads as, laid over the built-in default as a file is.
fn read(
    doc: &DocumentMut,
    origin: &str,
    label: &str,
) -> Result<Rules, crate::config::parse::RulesError> {
    let mut rules = Rules::parse(&doc.to_string(), origin, Some(&Rules::default_rules()))?;
    if !doc.contains_key("name") {
        rules.name = label.to_string();
    }
    Ok(rules)
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
        assert_eq!(err, file_err.message);
        assert!(err.contains("board.height"), "{err}");
        assert_eq!(d.text(), before);
        assert_eq!(d.rules().board.height, 7);
        // Words and wrong types get the reader's message too, never a TOML syntax error.
        let err = d.set("deck.size", "many").unwrap_err();
        assert!(err.contains("deck.size"), "{err}");
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
}
