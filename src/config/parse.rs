//! Reading a rules file: TOML in, checked [`Rules`] out, or a located [`RulesError`].
//!
//! toml parses a rules file into its tables, every key and value with its place
//! (`toml::de::DeTable`), and does no more: which keys each table has and what kind of value each
//! takes is checked by the game's own code (`tables`), and text that is not TOML is said from
//! where the parser stopped (`syntax`), so no message a player reads is toml's, which a minor
//! release could reword. The file is partial (every key optional, unknown keys refused) and is
//! laid over a complete base (the built-in default), then every value is checked, one reader per
//! TOML table. A bad value is reported with the file, line, column, key and what is allowed.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;

use toml::Spanned;
use toml::de::DeTable;

use crate::cards::card::{Card, MAX_EXPONENT};

mod plain;
pub(crate) mod syntax;
mod tables;
use crate::cards::rules::{
    BoardRules, ClassicRules, DeckRules, DiscardRules, MAX_COLUMNS, MAX_DECK, MAX_HEIGHT,
    MAX_LOOKAHEAD, Rules, ScoringRules,
};
pub(crate) use plain::unknown_key;
pub(crate) use tables::{Val, Want, whole, wrong_kind};
use tables::{get, sub};

/// Words of toml's and serde's messages, none of which a message about a file the game reads may
/// hold: a test of each kind of file's messages looks for them.
#[cfg(test)]
pub(crate) const TOMLS_WORDS: &[&str] = &[
    "invalid type",
    "invalid value",
    "expected i64",
    "expected u",
    "expected a boolean",
    "expected bool",
    "expected a map",
    "expected struct",
    "unknown field",
    "missing field",
    "invalid boolean",
    "invalid string",
    "string values must be quoted",
    "duplicate key",
    "unclosed table",
    "expected one of",
    "i128",
    "TOML parse error",
];

/// Rules files whose text is not TOML, one of each kind the syntax reader says ([`syntax`]).
#[cfg(test)]
pub(crate) const NOT_TOML: &[&str] = &[
    "[board]\nheight = four\n",
    "[board]\nheight = \n",
    "[board]\nheight = = 0\n",
    "[board]\nheight = 1\nheight = 2\n",
    "[board]\n[board]\n",
    "[board\n",
    "name = \"open\n",
];

/// Fails unless `said`, a message about the file `text`, holds none of [`TOMLS_WORDS`] and none
/// of `tomls`, the messages toml itself gives for that file.
#[cfg(test)]
pub(crate) fn assert_not_tomls(text: &str, said: &str, tomls: &[Option<String>]) {
    let lower = said.to_lowercase();
    for words in TOMLS_WORDS {
        assert!(
            !lower.contains(&words.to_lowercase()),
            "{text:?}: toml's words `{words}` in {said}"
        );
    }
    for toml_said in tomls.iter().flatten() {
        let toml_said = toml_said.trim().to_lowercase();
        assert!(
            !lower.contains(&toml_said),
            "{text:?}: toml's message `{toml_said}` in {said}"
        );
    }
}

const MAX_WEIGHT: u32 = 1_000_000;
const MAX_DISCARDS: u32 = 1_000;
const MAX_POINTS: u64 = 1_000_000_000;

/// What is wrong with a rules file, as far as mending it goes: only a refused key or value can be
/// mended in the editor, which opens a file that is TOML text and marks the key of each error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RulesErrorKind {
    /// The file as a whole: it is missing, refused, no regular file or too large, or no file
    /// has the name asked for.
    File,
    /// The system failed to read it (an I/O error): the machine's failure, not the file's.
    Io,
    /// Its bytes are not UTF-8 text.
    NotText,
    /// Its text is not TOML (a syntax error, or tables nested too deep to read).
    NotToml,
    /// A key or value the rules refuse (an unknown key, a wrong kind of value, one out of range).
    Value,
}

/// A rules file that cannot be used, with where and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesError {
    /// What kind of problem it is.
    pub kind: RulesErrorKind,
    /// The file (or `built-in NAME rules`) the error is in.
    pub origin: String,
    /// 1-based line and column, when the error has a place in the file.
    pub line_col: Option<(usize, usize)>,
    /// The text of that line, to show under the message.
    pub line_text: Option<String>,
    /// What is wrong and what is allowed.
    pub message: String,
}

impl std::error::Error for RulesError {}

/// The machine's when the system failed to read the file; else the file's, which the player
/// can fix.
impl crate::base::fault::Blame for RulesError {
    fn fault(&self) -> crate::base::fault::Fault {
        crate::base::fault::Fault::of(self.kind == RulesErrorKind::Io)
    }
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // What the file holds is shown, never sent to the terminal raw: control characters (an
        // escape sequence, say) are written escaped in the message and as one mark in the line.
        let message = crate::base::visible::escape(&self.message);
        match self.line_col {
            Some((line, col)) => write!(f, "{}:{}:{}: {}", self.origin, line, col, message)?,
            None => write!(f, "{}: {}", self.origin, message)?,
        }
        if let (Some((line, col)), Some(text)) = (self.line_col, &self.line_text) {
            // A long line is cut to the part around the column, so the caret stays in view.
            const SIDE: usize = 60;
            let chars: Vec<char> = text.chars().collect();
            let first = col.saturating_sub(1).saturating_sub(SIDE).min(chars.len());
            let last = (first + 2 * SIDE).min(chars.len());
            let mut shown: String = if first > 0 {
                "…".into()
            } else {
                String::new()
            };
            shown.extend(chars[first..last].iter().map(|&c| match c {
                '\t' => ' ',
                c if crate::base::visible::is_hidden(c) => char::REPLACEMENT_CHARACTER,
                c => c,
            }));
            if last < chars.len() {
                shown.push('…');
            }
            let col = col - first + usize::from(first > 0);
            let gutter = line.to_string().len();
            write!(
                f,
                "\n {line} | {shown}\n {:gutter$} | {:>col$}",
                "",
                "^",
                gutter = gutter,
                col = col
            )?;
        }
        Ok(())
    }
}

/// The key path (a table header or a dotted key) with the most parts: its byte offset, how many
/// parts it has, and the path (cut short when long).
fn deepest_key(text: &str) -> Option<(usize, usize, String)> {
    let mut best: Option<(usize, usize, String)> = None;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let indent = line.len() - line.trim_start().len();
        let body = line.trim();
        let path = if let Some(header) = body.strip_prefix('[') {
            header.trim_start_matches('[').split(']').next()
        } else {
            body.split_once('=').map(|(k, _)| k)
        };
        if let Some(path) = path.map(str::trim).filter(|p| !p.is_empty()) {
            let parts: Vec<&str> = path.split('.').map(str::trim).collect();
            if best.as_ref().is_none_or(|b| parts.len() > b.1) {
                let shown = if parts.len() > 4 {
                    format!("{}.…", parts[..3].join("."))
                } else {
                    path.to_string()
                };
                best = Some((offset + indent, parts.len(), shown));
            }
        }
        offset += line.len();
    }
    best
}

impl RulesError {
    /// Where the file is wrong in a few words, for a line above a menu: a key or value refused
    /// (`config.toml:33: board.columns`, the editor marks the rest), else the whole first line
    /// (the file's path, its line and column, and what is wrong and what to do: a file that is
    /// missing, cannot be read, or is not TOML is not mended in the editor, so nothing is cut).
    pub fn brief(&self) -> String {
        if self.kind != RulesErrorKind::Value {
            let all = self.to_string();
            return all.lines().next().unwrap_or_default().to_string();
        }
        let file = std::path::Path::new(&self.origin)
            .file_name()
            .map_or_else(|| self.origin.clone(), |f| f.to_string_lossy().into_owned());
        let place = match self.line_col {
            Some((line, _)) => format!("{file}:{line}"),
            None => file,
        };
        let first = self.message.split(": ").next().unwrap_or_default();
        format!("{place}: {first}")
    }

    /// A rules file that is not UTF-8 text: where its first bad byte is (`valid` bytes read
    /// well), with the key of that line when it has one.
    pub fn not_utf8(origin: &str, bytes: &[u8], valid: usize) -> Self {
        let text = String::from_utf8_lossy(bytes);
        // The lossy text is the file up to `valid`, byte for byte.
        let line_start = text[..valid].rfind('\n').map_or(0, |i| i + 1);
        let key = text[line_start..valid]
            .split_once('=')
            .map(|(k, _)| k.trim())
            .filter(|k| !k.is_empty() && !k.starts_with('#'));
        let message = match key {
            Some(k) => format!(
                "the value of `{k}` is not UTF-8 text (byte 0x{:02x}); save the file as UTF-8",
                bytes.get(valid).copied().unwrap_or(0)
            ),
            None => format!(
                "this is not UTF-8 text (byte 0x{:02x}); save the file as UTF-8",
                bytes.get(valid).copied().unwrap_or(0)
            ),
        };
        RulesError {
            kind: RulesErrorKind::NotText,
            ..RulesError::at(origin, &text, Some(valid..valid), message)
        }
    }

    /// An error about a whole file (it cannot be read, for example).
    pub fn file(origin: &str, message: impl Into<String>) -> Self {
        RulesError {
            kind: RulesErrorKind::File,
            origin: origin.to_string(),
            line_col: None,
            line_text: None,
            message: message.into(),
        }
    }

    /// An error at byte range `span` of `text` (read from `origin`): its line and column, and
    /// the line shown under the message. Other TOML files of the program (the settings) report
    /// their errors through it too, so that every file's errors read alike.
    pub(crate) fn at(
        origin: &str,
        text: &str,
        span: Option<Range<usize>>,
        message: String,
    ) -> Self {
        let mut e = RulesError::file(origin, message);
        e.kind = RulesErrorKind::Value;
        if let Some(span) = span {
            let start = span.start.min(text.len());
            let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
            let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
            let line = text[..start].matches('\n').count() + 1;
            let col = text[line_start..start].chars().count() + 1;
            e.line_col = Some((line, col));
            e.line_text = Some(
                text[line_start..line_end]
                    .trim_end_matches('\r')
                    .to_string(),
            );
        }
        e
    }
}

/// `[deck.weights]` as the rules hold it.
type CardWeights = Vec<(Card, u32)>;

/// Reads values out of one file, turning each bad one into a located [`RulesError`].
struct Reader<'a> {
    origin: &'a str,
    text: &'a str,
}

impl Reader<'_> {
    fn error(&self, span: Option<Range<usize>>, message: String) -> RulesError {
        RulesError::at(self.origin, self.text, span, message)
    }
}

/// A rules file whose text is not TOML, where the parser (toml's, or the editor's `toml_edit`)
/// stopped at `span`: said in the game's words ([`syntax::say`]), never the parser's.
pub(crate) fn not_toml(origin: &str, text: &str, span: Option<Range<usize>>) -> RulesError {
    let error = |span, message| RulesError::at(origin, text, span, message);
    let read = match span {
        Some(span) => error(
            Some(span.clone()),
            syntax::say(text, span.start, &|key| Want::of(key).words()),
        ),
        // A too deep nesting of dotted keys or table headers comes without a place: find the
        // deepest key path, and point at it.
        None => match deepest_key(text) {
            Some((at, depth, key)) if depth > 8 => error(
                Some(at..at),
                format!(
                    "`{key}` nests tables {depth} levels deep, deeper than can be read; the \
                     rules use at most two (`[deck.weights]`)"
                ),
            ),
            _ => error(
                None,
                "this is not TOML as a rules file is written: `key = value` lines under \
                 `[table]` headers"
                    .into(),
            ),
        },
    };
    RulesError {
        kind: RulesErrorKind::NotToml,
        ..read
    }
}

fn parse_weight_key(key: &str) -> Option<Card> {
    match key {
        "bomb" => Some(Card::BOMB),
        "wild" => Some(Card::WILD),
        // Written as the game writes it: `02` would be a second, silent spelling of `2`.
        k if k.bytes().all(|b| b.is_ascii_digit()) && !k.starts_with('0') => {
            k.parse::<u64>().ok().and_then(Card::from_value)
        }
        _ => None,
    }
}

impl Rules {
    /// The rules of the original game, from the embedded `config/default.toml`.
    pub fn default_rules() -> Rules {
        Rules::parse(
            crate::config::presets::DEFAULT,
            "built-in default rules",
            None,
        )
        .expect("config/default.toml is checked by a unit test")
    }

    /// Reads a rules file. Keys it leaves out come from `base`; without a base every key is
    /// required. `origin` names the file in error messages.
    pub fn parse(text: &str, origin: &str, base: Option<&Rules>) -> Result<Rules, RulesError> {
        Rules::parse_noting(text, origin, base).map(|(rules, _)| rules)
    }

    /// [`Rules::parse`], with what was changed in what the file inherits so that it holds
    /// together, in words (for `rules` to show): a weight of the base for a card at or above
    /// the file's `clear_value` (which can never be dealt) is dropped to 0, as the player did not
    /// ask for it; the same weight set by the file itself is an error.
    pub fn parse_noting(
        text: &str,
        origin: &str,
        base: Option<&Rules>,
    ) -> Result<(Rules, Vec<String>), RulesError> {
        let r = Reader { origin, text };
        let doc = DeTable::parse(text).map_err(|e| not_toml(origin, text, e.span()))?;
        let top = Some(doc.get_ref());
        r.check(doc.get_ref(), "")?;
        let name = r.name(get(top, "name"), base)?;
        let deck = sub(top, "deck");
        let (size, lookahead) = r.deck_counts(deck, base.map(|b| &b.deck))?;
        let board = r.board(sub(top, "board"), base.map(|b| b.board))?;
        let (weights, notes) = r.weights(sub(deck, "weights"), &board, base.map(|b| &b.deck))?;
        let rules = Rules {
            name,
            deck: DeckRules {
                size,
                lookahead,
                weights,
            },
            board,
            discards: r.discards(sub(top, "discards"), base.map(|b| b.discards))?,
            scoring: r.scoring(sub(top, "scoring"), base.map(|b| b.scoring))?,
            classic: r.classic(sub(top, "classic"), base.map(|b| b.classic))?,
        };
        Ok((rules, notes))
    }
}

impl Reader<'_> {
    fn name(&self, raw: Option<&Val<'_>>, base: Option<&Rules>) -> Result<String, RulesError> {
        match (self.text_of("name", raw)?, raw, base) {
            (Some(n), Some(v), _) => {
                let s = n.trim();
                if let Some(c) = crate::base::visible::first_hidden(s) {
                    return Err(self.error(
                        Some(v.span()),
                        format!(
                            "name holds {}, a control or format character, which does not show \
                             as itself (it could disguise the name); name must be 1 to 40 \
                             printable characters",
                            crate::base::visible::code(c)
                        ),
                    ));
                }
                if s.is_empty() || s.chars().count() > 40 {
                    return Err(self.error(
                        Some(v.span()),
                        "name must be 1 to 40 printable characters".to_string(),
                    ));
                }
                Ok(s.to_string())
            }
            (_, _, Some(b)) => Ok(b.name.clone()),
            (_, _, None) => Err(self.error(None, "missing key name".into())),
        }
    }

    /// `deck.size` and `deck.lookahead`; the weights wait for the board's `clear_value`.
    fn deck_counts(
        &self,
        deck: Option<&DeTable<'_>>,
        base: Option<&DeckRules>,
    ) -> Result<(u32, u8), RulesError> {
        let size = self.int(
            "deck.size",
            get(deck, "size"),
            base.map(|b| b.size),
            1,
            MAX_DECK,
        )?;
        let lookahead = self.int(
            "deck.lookahead",
            get(deck, "lookahead"),
            base.map(|b| b.lookahead),
            1,
            MAX_LOOKAHEAD,
        )?;
        Ok((size, lookahead))
    }

    fn board(
        &self,
        board: Option<&DeTable<'_>>,
        base: Option<BoardRules>,
    ) -> Result<BoardRules, RulesError> {
        let max_columns = u8::try_from(MAX_COLUMNS).unwrap_or(u8::MAX);
        let max_height = u8::try_from(MAX_HEIGHT).unwrap_or(u8::MAX);
        let columns = self.int(
            "board.columns",
            get(board, "columns"),
            base.map(|b| b.columns),
            1,
            max_columns,
        )?;
        let height = self.int(
            "board.height",
            get(board, "height"),
            base.map(|b| b.height),
            1,
            max_height,
        )?;
        let top = 1u64 << MAX_EXPONENT;
        let clear_value = self.int(
            "board.clear_value",
            get(board, "clear_value"),
            base.map(|b| b.clear_value.points()),
            4,
            top,
        )?;
        let clear_span = get(board, "clear_value").map(Spanned::span);
        let Some(clear_value) = Card::from_value(clear_value) else {
            return Err(self.error(
                clear_span,
                format!(
                    "board.clear_value = {clear_value} is not allowed: use a power of two from 4 to {top}"
                ),
            ));
        };
        let merge_into_full = self.flag(
            "board.merge_into_full",
            get(board, "merge_into_full"),
            base.map(|b| b.merge_into_full),
        )?;
        Ok(BoardRules {
            columns,
            height,
            clear_value,
            merge_into_full,
        })
    }

    /// `[deck.weights]`: the file's keys laid over the base's, key by key; with a note for each
    /// inherited weight dropped to 0 (see [`Rules::parse_noting`]).
    fn weights(
        &self,
        table: Option<&DeTable<'_>>,
        board: &BoardRules,
        base: Option<&DeckRules>,
    ) -> Result<(CardWeights, Vec<String>), RulesError> {
        let clear_card = board.clear_value;
        let clear_value = clear_card.points();
        let mut weights: BTreeMap<Card, (u32, Option<Range<usize>>)> = base
            .map(|b| b.weights.iter().map(|&(c, w)| (c, (w, None))).collect())
            .unwrap_or_default();
        if table.is_none() && base.is_none() {
            return Err(self.error(None, "missing table [deck.weights]".into()));
        }
        let mut entries: Vec<_> = table.iter().flat_map(|t| t.iter()).collect();
        entries.sort_by_key(|(k, _)| k.span().start);
        for (k, v) in entries {
            let Some(card) = parse_weight_key(k.get_ref()) else {
                return Err(self.error(
                    Some(k.span()),
                    format!(
                        "deck.weights has a key `{}` that is not a card: use powers of two from 2 \
                         to {} (below board.clear_value), `bomb` or `wild`",
                        k.get_ref(),
                        clear_value / 2
                    ),
                ));
            };
            let w = self.int(
                &format!("deck.weights.{card}"),
                Some(v),
                None,
                0,
                MAX_WEIGHT,
            )?;
            weights.insert(card, (w, Some(v.span())));
        }
        let mut notes = Vec::new();
        for (&card, (w, span)) in &mut weights {
            if *w > 0 && card.is_number() && card >= clear_card {
                if span.is_none() {
                    notes.push(format!(
                        "deck.weights.{card} is 0, not {w} as in the rules this file builds on: \
                         board.clear_value = {clear_value} clears a {card} as it is made, so it is \
                         never dealt"
                    ));
                    *w = 0;
                    continue;
                }
                return Err(self.error(
                    span.clone(),
                    format!(
                        "deck.weights.{card} = {w} is not allowed: a card at or above \
                         board.clear_value ({clear_value}) can never be dealt; set its weight to 0 \
                         or raise clear_value"
                    ),
                ));
            }
        }
        if weights.values().all(|&(w, _)| w == 0) {
            let span = table.and_then(|m| m.values().next().map(Spanned::span));
            return Err(self.error(
                span,
                "deck.weights are all 0: give at least one card a weight above 0".into(),
            ));
        }
        Ok((
            weights.into_iter().map(|(c, (w, _))| (c, w)).collect(),
            notes,
        ))
    }

    fn discards(
        &self,
        d: Option<&DeTable<'_>>,
        base: Option<DiscardRules>,
    ) -> Result<DiscardRules, RulesError> {
        let start = self.int(
            "discards.start",
            get(d, "start"),
            base.map(|b| b.start),
            0,
            MAX_DISCARDS,
        )?;
        let per_clear = self.int(
            "discards.per_clear",
            get(d, "per_clear"),
            base.map(|b| b.per_clear),
            0,
            MAX_DISCARDS,
        )?;
        let max = self.int(
            "discards.max",
            get(d, "max"),
            base.map(|b| b.max),
            0,
            MAX_DISCARDS,
        )?;
        if start > max {
            let span = get(d, "max").or(get(d, "start")).map(Spanned::span);
            return Err(self.error(
                span,
                format!(
                    "discards.start = {start} is more than discards.max = {max}: \
                     raise discards.max to at least {start}"
                ),
            ));
        }
        Ok(DiscardRules {
            start,
            per_clear,
            max,
        })
    }

    fn scoring(
        &self,
        s: Option<&DeTable<'_>>,
        base: Option<ScoringRules>,
    ) -> Result<ScoringRules, RulesError> {
        let per_merge = self.int(
            "scoring.per_merge",
            get(s, "per_merge"),
            base.map(|b| b.per_merge),
            0,
            MAX_POINTS,
        )?;
        let clear_bonus = self.int(
            "scoring.clear_bonus",
            get(s, "clear_bonus"),
            base.map(|b| b.clear_bonus),
            0,
            MAX_POINTS,
        )?;
        let merged_value = self.flag(
            "scoring.merged_value",
            get(s, "merged_value"),
            base.map(|b| b.merged_value),
        )?;
        Ok(ScoringRules {
            per_merge,
            merged_value,
            clear_bonus,
        })
    }

    fn classic(
        &self,
        c: Option<&DeTable<'_>>,
        base: Option<ClassicRules>,
    ) -> Result<ClassicRules, RulesError> {
        let size = self.int(
            "classic.size",
            get(c, "size"),
            base.map(|b| b.size),
            crate::classic::MIN_SIZE,
            crate::classic::MAX_SIZE,
        )?;
        let top = 1u64 << MAX_EXPONENT;
        let win = self.int("classic.win", get(c, "win"), base.map(|b| b.win), 8, top)?;
        if !win.is_power_of_two() {
            return Err(self.error(
                get(c, "win").map(Spanned::span),
                format!("classic.win = {win} is not allowed: use a power of two from 8 to {top}"),
            ));
        }
        Ok(ClassicRules { size, win })
    }
}

#[cfg(test)]
mod tests;
