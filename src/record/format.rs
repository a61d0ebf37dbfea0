//! What every document shares: a `format` version read before anything else (a missing one, or
//! one above [`FORMAT`] from a newer program, is said as such rather than as a confusing field
//! error), the errors a document can have, and how one is written (pretty JSON, a final newline).

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::cards::engine::MoveError;
use crate::cards::rules::Rules;
use crate::cards::summary::Ending;

/// The newest format version this program reads, and the one it writes classic and duel files in.
pub(crate) const FORMAT: u32 = 2;

/// The format card-game records and saves are written in: unchanged since version 1.
pub(crate) const CARDS_FORMAT: u32 = 1;

/// Which game a file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum GameKind {
    /// The card game (also any file without a `game` field).
    Cards,
    /// Classic 2048.
    Classic,
    /// Two players, either game.
    Duel,
}

impl GameKind {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            GameKind::Cards => "cards",
            GameKind::Classic => "classic",
            GameKind::Duel => "duel",
        }
    }
}

/// The rules a game was played with.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct RulesRecord {
    pub name: String,
    /// [`Rules::hash`]: groups games by the rules really in force, whatever their name.
    pub hash: String,
    /// [`Rules::to_toml`]: every key, so the game replays without any other file.
    pub toml: String,
}

impl RulesRecord {
    /// The card game's rules: all of them.
    pub(crate) fn of(rules: &Rules) -> RulesRecord {
        RulesRecord {
            name: rules.name.clone(),
            hash: rules.hash(),
            toml: rules.to_toml(),
        }
    }

    /// The card game's rules it holds, checked against its hash.
    pub(crate) fn card_rules(&self) -> Result<Rules, RecordError> {
        let rules = Rules::parse(&self.toml, "the rules in the record", None)
            .map_err(|e| RecordError::Rules(e.to_string()))?;
        self.check_hash(rules.hash())?;
        Ok(rules)
    }

    /// Checks `found` (the hash of the rules read back) against the recorded hash.
    pub(crate) fn check_hash(&self, found: String) -> Result<(), RecordError> {
        if found != self.hash {
            return Err(RecordError::RulesHash {
                found,
                recorded: self.hash.clone(),
            });
        }
        Ok(())
    }
}

/// A game in progress as its document holds it: `P` is how it was played so far, enough to
/// rebuild it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Save<P> {
    pub format: u32,
    /// `classic` in a classic game's; none in a card game's, as in format 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameKind>,
    /// Empty in saves of older versions.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub id: String,
    #[serde(with = "crate::base::utc::as_stamp")]
    pub saved: u64,
    #[serde(flatten)]
    pub play: P,
}

/// A finished one-player game in history: `P` is how it was played (enough to rebuild it), `N`
/// its count of cards played or moves, under the name its kind's files give it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Finished<P, N> {
    pub format: u32,
    /// `classic` in a classic game's; none in a card game's, as in format 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameKind>,
    /// Unique among all records.
    pub id: String,
    pub outcome: Ending,
    pub score: u64,
    #[serde(flatten)]
    pub count: N,
    pub highest: u64,
    #[serde(with = "crate::base::utc::as_stamp")]
    pub ended: u64,
    /// Wall-clock seconds from the start to the end (time away from a saved game included).
    pub duration_secs: u64,
    #[serde(flatten)]
    pub play: P,
}

/// Why a file is not a usable record or saved game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum RecordError {
    #[error("it is not valid JSON ({0}); it may be truncated")]
    Json(String),
    #[error("it has no `format` version number")]
    NoFormat,
    #[error(
        "it was written by a newer new2048 (format {found}; this one reads format {FORMAT} and older)"
    )]
    Newer { found: u64 },
    #[error("{0}")]
    Invalid(String),
    #[error("its rules do not load: {0}")]
    Rules(String),
    #[error("its rules were edited after the game (hash {found}, recorded {recorded})")]
    RulesHash { found: String, recorded: String },
    #[error("its deck does not fit its rules: {0}")]
    Deck(String),
    #[error("its deck is not the deal it names: {0}")]
    Deal(String),
    #[error("`{0}` in its moves is not a move (a column number from 1, or d)")]
    BadMove(String),
    #[error("`{0}` in its moves is not a classic move (u, d, l or r)")]
    BadSlide(String),
    #[error("its move {number} cannot be played: {error}")]
    Move { number: usize, error: MoveError },
}

/// Pretty JSON with a final newline: how every data file is written.
pub(crate) fn to_json<T: Serialize>(value: &T) -> String {
    let mut s = serde_json::to_string_pretty(value).expect("records always serialize");
    s.push('\n');
    s
}

/// Reads a file's text as a `T`, checking its `format` version first.
pub(crate) fn decode<T: DeserializeOwned>(text: &str) -> Result<T, RecordError> {
    from_value(checked(text)?)
}

pub(crate) fn from_value<T: DeserializeOwned>(value: serde_json::Value) -> Result<T, RecordError> {
    serde_json::from_value(value).map_err(|e| RecordError::Invalid(e.to_string()))
}

/// Which game a file's JSON says it holds: its `game` field, or cards without one.
pub(crate) fn kind_of(value: &serde_json::Value) -> Result<GameKind, RecordError> {
    match value.get("game") {
        None => Ok(GameKind::Cards),
        Some(v) => serde_json::from_value(v.clone()).map_err(|_| {
            RecordError::Invalid(format!(
                "its `game` is {v}, not \"cards\", \"classic\" or \"duel\""
            ))
        }),
    }
}

/// A file's JSON, once its `format` says this program can read it.
pub(crate) fn checked(text: &str) -> Result<serde_json::Value, RecordError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))?;
    let format = value
        .get("format")
        .and_then(serde_json::Value::as_u64)
        .ok_or(RecordError::NoFormat)?;
    if format > u64::from(FORMAT) {
        return Err(RecordError::Newer { found: format });
    }
    if format == 0 {
        return Err(RecordError::Invalid("format 0 is not a version".into()));
    }
    let mut value = value;
    if let Some((field, c)) = hidden_in(&mut value, "") {
        let kind = if c.is_control() { "control" } else { "format" };
        return Err(RecordError::Invalid(format!(
            "its `{field}` holds a {kind} character ({}), which no new2048 writes there (the \
             file was edited; shown, it could take over the terminal or disguise the text \
             around it)",
            crate::base::visible::code(c)
        )));
    }
    Ok(value)
}

/// The fields whose text a person typed (the rules' name, the players' names, a deck file's
/// name), as `a.b.0` with any index as `*`: a format or separator character in them is written
/// escaped (`\u{202e}`), as it shows, rather than refused, so that a record of an older version
/// whose name held one still reads (see [`crate::base::visible`]).
const TYPED: [&str; 3] = ["rules.name", "players.*.name", "deal.path"];

/// Whether `field` (`players.0.name`) is one of [`TYPED`].
fn typed(field: &str) -> bool {
    TYPED.iter().any(|t| {
        let (mut a, mut b) = (t.split('.'), field.split('.'));
        loop {
            match (a.next(), b.next()) {
                (None, None) => return true,
                (Some(x), Some(y)) if x == y || (x == "*" && y.parse::<usize>().is_ok()) => {}
                _ => return false,
            }
        }
    })
}

/// The first field (as `a.b.0`) whose text holds a character that does not show as itself
/// ([`crate::base::visible::is_hidden`]), with that character: names, paths and dates are printed on
/// the terminal and in tables, so none may carry an escape sequence or turn the text around it.
/// A line break or a tab is let be (the rules' text has lines); in the fields of [`TYPED`], the
/// other characters that do not show are escaped in place, control characters refused.
fn hidden_in(value: &mut serde_json::Value, at: &str) -> Option<(String, char)> {
    let join = |k: &str| {
        if at.is_empty() {
            k.to_string()
        } else {
            format!("{at}.{k}")
        }
    };
    let breaks = |c: char| matches!(c, '\n' | '\r' | '\t');
    match value {
        serde_json::Value::String(t) => {
            if typed(at) {
                if let Some(c) = t.chars().find(|&c| c.is_control() && !breaks(c)) {
                    return Some((at.to_string(), c));
                }
                crate::base::visible::escape_in_place(t);
                return None;
            }
            t.chars()
                .find(|&c| crate::base::visible::is_hidden(c) && !breaks(c))
                .map(|c| (at.to_string(), c))
        }
        serde_json::Value::Array(items) => items
            .iter_mut()
            .enumerate()
            .find_map(|(i, v)| hidden_in(v, &join(&i.to_string()))),
        serde_json::Value::Object(map) => map.iter_mut().find_map(|(k, v)| {
            let field = join(k);
            if let Some(c) = crate::base::visible::first_hidden(k) {
                return Some((crate::base::visible::escape(&field), c));
            }
            hidden_in(v, &field)
        }),
        _ => None,
    }
}
