//! A rules file's tables as toml parsed them (`toml::de::DeTable`: every key and value with its
//! place in the file), checked by the game's own code: which keys each table has, what kind of
//! value each key takes, and, for a value of the wrong kind, what was written and what to write
//! instead.
//!
//! toml only parses the text. Every word a player reads about a key or a value is said here, from
//! the value as the file holds it, never taken from toml's or serde's messages: a minor release
//! of toml may reword those, and a player would silently read something else.

use toml::Spanned;
use toml::de::{DeInteger, DeTable, DeValue};

use super::{Reader, RulesError, plain};

/// A value of the file, with its place.
pub(crate) type Val<'i> = Spanned<DeValue<'i>>;

/// The kind of value a key takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Want {
    Whole,
    Flag,
    Text,
    Table,
    /// A list (`[…]`): no key of a rules file, but the case file's `columns`.
    List,
}

use Want::{Flag, List, Table, Text, Whole};

/// The keys of each table of a rules file (`""` is the top) and the kind each takes, in the
/// order of `config/default.toml`. The keys of `[deck.weights]` are cards, read by the weights'
/// own reader; their values are whole numbers.
const TABLES: &[(&str, &[(&str, Want)])] = &[
    (
        "",
        &[
            ("name", Text),
            ("deck", Table),
            ("board", Table),
            ("discards", Table),
            ("scoring", Table),
            ("classic", Table),
        ],
    ),
    (
        "deck",
        &[("size", Whole), ("lookahead", Whole), ("weights", Table)],
    ),
    (
        "board",
        &[
            ("columns", Whole),
            ("height", Whole),
            ("clear_value", Whole),
            ("merge_into_full", Flag),
        ],
    ),
    (
        "discards",
        &[("start", Whole), ("per_clear", Whole), ("max", Whole)],
    ),
    (
        "scoring",
        &[
            ("per_merge", Whole),
            ("merged_value", Flag),
            ("clear_bonus", Whole),
        ],
    ),
    ("classic", &[("size", Whole), ("win", Whole)]),
];

impl Want {
    /// What the key takes, in a player's words.
    pub(crate) fn words(self) -> &'static str {
        match self {
            Whole => "a whole number",
            Flag => "true or false",
            Text => "text in double quotes",
            Table => "a table of keys",
            List => "a list (`[…]`)",
        }
    }

    /// The kind the dotted key `full` (`board.height`) takes; a key the rules do not have is
    /// taken for a whole number, as most keys are.
    pub(crate) fn of(full: &str) -> Want {
        let (table, key) = full.rsplit_once('.').unwrap_or(("", full));
        TABLES
            .iter()
            .find(|(t, _)| *t == table)
            .and_then(|(_, keys)| keys.iter().find(|(k, _)| *k == key))
            .map_or(Whole, |&(_, want)| want)
    }

    /// Whether `v` is of this kind (a whole number of any size: [`whole`] says whether it fits).
    pub(crate) fn fits(self, v: &DeValue<'_>) -> bool {
        matches!(
            (self, v),
            (Whole, DeValue::Integer(_))
                | (Flag, DeValue::Boolean(_))
                | (Text, DeValue::String(_))
                | (Table, DeValue::Table(_))
                | (List, DeValue::Array(_))
        )
    }
}

/// `key` under the table `table` (`""`: the top).
fn dotted(table: &str, key: &str) -> String {
    if table.is_empty() {
        key.to_string()
    } else {
        format!("{table}.{key}")
    }
}

/// The value of `key` in `table`, when the file has one.
pub(super) fn get<'a, 'i>(table: Option<&'a DeTable<'i>>, key: &str) -> Option<&'a Val<'i>> {
    table?
        .iter()
        .find(|(k, _)| *k.get_ref() == key)
        .map(|(_, v)| v)
}

/// The table under `key` in `table`, when the file has one (its kind is checked by
/// [`Reader::check`] before any value is read).
pub(super) fn sub<'a, 'i>(table: Option<&'a DeTable<'i>>, key: &str) -> Option<&'a DeTable<'i>> {
    match get(table, key).map(Spanned::get_ref) {
        Some(DeValue::Table(t)) => Some(t),
        _ => None,
    }
}

/// An integer as written (any base, `_` between digits), when it fits an `i64`.
pub(crate) fn whole(n: &DeInteger<'_>) -> Option<i64> {
    i64::from_str_radix(&n.as_str().replace('_', ""), n.radix()).ok()
}

impl Reader<'_> {
    /// Every key of `table` (the table `name`, `""` the top) and of the tables under it, in the
    /// order of the file: each one a key the rules have, with a value of the kind it takes.
    pub(super) fn check(&self, table: &DeTable<'_>, name: &str) -> Result<(), RulesError> {
        let keys = TABLES.iter().find(|(t, _)| *t == name).map(|(_, k)| *k);
        let mut entries: Vec<_> = table.iter().collect();
        entries.sort_by_key(|(k, _)| k.span().start);
        for (k, v) in entries {
            let key: &str = k.get_ref();
            let full = dotted(name, key);
            // `[deck.weights]` (no list of keys): any key (checked as a card later), whole
            // numbers.
            let want = match keys.map(|keys| (keys, keys.iter().find(|(known, _)| *known == key))) {
                None => Whole,
                Some((_, Some(&(_, want)))) => want,
                Some((keys, None)) => {
                    let known: Vec<&str> = keys.iter().map(|(k, _)| *k).collect();
                    let said = plain::unknown_key(key, name, &known);
                    return Err(self.error(Some(k.span()), said));
                }
            };
            if !want.fits(v.get_ref()) {
                return Err(self.wrong_kind(&full, v, want));
            }
            if let DeValue::Table(t) = v.get_ref() {
                self.check(t, &full)?;
            }
        }
        Ok(())
    }

    /// `key`'s value `v` is not of the kind `want` ([`wrong_kind`]), at its place.
    pub(super) fn wrong_kind(&self, key: &str, v: &Val<'_>, want: Want) -> RulesError {
        self.error(Some(v.span()), wrong_kind(self.text, key, v, want))
    }

    /// The whole number `v` of `key` in `lo..=hi`, or the base value when the key is absent.
    /// Generic over the field's type, so a value that passed the range check converts without a
    /// cast.
    pub(super) fn int<T>(
        &self,
        key: &str,
        v: Option<&Val<'_>>,
        base: Option<T>,
        lo: T,
        hi: T,
    ) -> Result<T, RulesError>
    where
        T: Copy + TryFrom<i64> + Into<i128>,
    {
        let Some(v) = v else {
            return base.ok_or_else(|| self.error(None, format!("missing key {key}")));
        };
        let DeValue::Integer(n) = v.get_ref() else {
            return Err(self.wrong_kind(key, v, Whole));
        };
        let Some(n) = whole(n) else {
            return Err(self.wrong_kind(key, v, Whole));
        };
        match T::try_from(n) {
            Ok(t) if (lo.into()..=hi.into()).contains(&t.into()) => Ok(t),
            _ => Err(self.error(
                Some(v.span()),
                format!(
                    "{key} = {n} is not allowed: use a whole number from {} to {}",
                    lo.into(),
                    hi.into()
                ),
            )),
        }
    }

    /// `true` or `false`, or the base value when the key is absent.
    pub(super) fn flag(
        &self,
        key: &str,
        v: Option<&Val<'_>>,
        base: Option<bool>,
    ) -> Result<bool, RulesError> {
        match v {
            Some(v) => match v.get_ref() {
                DeValue::Boolean(b) => Ok(*b),
                _ => Err(self.wrong_kind(key, v, Flag)),
            },
            None => base.ok_or_else(|| self.error(None, format!("missing key {key}"))),
        }
    }

    /// Text in quotes, when the file has it.
    pub(super) fn text_of<'v>(
        &self,
        key: &str,
        v: Option<&'v Val<'_>>,
    ) -> Result<Option<&'v str>, RulesError> {
        match v {
            Some(v) => match v.get_ref() {
                DeValue::String(s) => Ok(Some(&**s)),
                _ => Err(self.wrong_kind(key, v, Text)),
            },
            None => Ok(None),
        }
    }
}

/// `key`'s value `v` in `text` is not of the kind `want`: what was written, what the key takes,
/// and what to write when the value is near it (a number in quotes, a number with a fraction that
/// is whole). Said for a rules file and for a file of chain-merge cases alike.
pub(crate) fn wrong_kind(text: &str, key: &str, v: &Val<'_>, want: Want) -> String {
    let written = text.get(v.span()).unwrap_or_default().trim();
    let shown = crate::cards::text::excerpt(written);
    match v.get_ref() {
        DeValue::Float(_) if want == Whole => not_whole(key, written),
        DeValue::Integer(n) if want == Whole => {
            // Every whole number fits the reader but one too large for 64 bits.
            debug_assert!(whole(n).is_none());
            format!("{key}: {shown} is too large; this key wants a whole number")
        }
        DeValue::String(s) => {
            let unquote = match want {
                Whole => s.parse::<i64>().is_ok(),
                Flag => matches!(&**s, "true" | "false"),
                Text | Table | List => false,
            };
            let hint = if unquote {
                format!(": write {s} without the quotes")
            } else {
                String::new()
            };
            format!(
                "{key}: `{shown}` is text in quotes; this key wants {}{hint}",
                want.words()
            )
        }
        other => {
            let what = match other {
                DeValue::Integer(_) | DeValue::Float(_) => format!("{shown} is a number"),
                DeValue::Boolean(b) => format!("{b} is true or false"),
                DeValue::Datetime(_) => format!("`{shown}` is a date or a time"),
                DeValue::Array(_) => "a list (`[…]`) is written".to_string(),
                DeValue::Table(_) | DeValue::String(_) => "a table of keys is written".to_string(),
            };
            format!("{key}: {what}; this key wants {}", want.words())
        }
    }
}

/// A number with a fraction or an exponent where a whole number goes (`size = 1e2`, `2.5`):
/// what was written, and the whole number to write when it is one.
fn not_whole(key: &str, written: &str) -> String {
    let value: Option<f64> = written.replace('_', "").parse().ok();
    let hint = match value {
        Some(v) if v.fract() == 0.0 && v.abs() < 1e15 => format!(": write {}", v as i64),
        _ => ": use a whole number".to_string(),
    };
    let shown = crate::cards::text::excerpt(written);
    format!("{key}: `{shown}` is not a whole number{hint}")
}
