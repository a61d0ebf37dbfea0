//! The rules of a game: read once from TOML, checked once, then trusted everywhere.
//!
//! A rules file comes in as a raw, partial document (every key optional, unknown keys refused)
//! and is laid over a complete base (the built-in default), then every value is checked. Values
//! keep their position in the file, so a bad one is reported with the file, line, column, key and
//! what is allowed. After [`Rules::parse`] succeeds no other code re-checks the rules: the engine
//! relies on them (for example, that no dealt card reaches `clear_value`).

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use crate::cards::card::{Card, MAX_EXPONENT};

/// The most columns a board may have (keys `1`..`9` choose them).
pub const MAX_COLUMNS: usize = 9;
/// The most cards a column may hold (the engine keeps columns in fixed arrays of this size).
pub const MAX_HEIGHT: usize = 16;
/// The longest deck a rules file may ask for.
pub const MAX_DECK: i64 = 1_000_000;
/// The most cards a player may see at once.
pub const MAX_LOOKAHEAD: i64 = 10;
const MAX_WEIGHT: i64 = 1_000_000;
const MAX_DISCARDS: i64 = 1_000;
const MAX_POINTS: i64 = 1_000_000_000;

/// Checked rules of the card game. See `config/default.toml` for what each key means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub name: String,
    pub deck: DeckRules,
    pub board: BoardRules,
    pub discards: DiscardRules,
    pub scoring: ScoringRules,
    pub classic: ClassicRules,
}

/// Rules of classic 2048 (`new2048 classic`), from the `[classic]` table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassicRules {
    /// The side of the square board, 3 to 8.
    pub size: u8,
    /// The tile that wins (the player may keep going).
    pub win: u64,
}

impl ClassicRules {
    /// The `[classic]` table alone, as [`Rules::to_toml`] ends: what a classic game's record
    /// keeps, since the card rules play no part in it.
    pub fn to_toml(&self) -> String {
        format!("[classic]\nsize = {}\nwin = {}\n", self.size, self.win)
    }

    /// A digest of [`ClassicRules::to_toml`] like [`Rules::hash`]: classic games are grouped
    /// (and their best score kept) by board size and winning tile, whatever card rules are in
    /// force alongside.
    pub fn hash(&self) -> String {
        fnv_hex(&self.to_toml())
    }
}

/// FNV-1a (64 bits) of `text`, in hex: stable across machines and Rust versions.
fn fnv_hex(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckRules {
    pub size: u32,
    pub lookahead: u8,
    /// Every card named in the rules with its weight, in card order; at least one weight is > 0.
    pub weights: Vec<(Card, u32)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardRules {
    pub columns: u8,
    pub height: u8,
    pub clear_value: Card,
    pub merge_into_full: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiscardRules {
    pub start: u32,
    pub per_clear: u32,
    pub max: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoringRules {
    pub per_merge: u64,
    pub merged_value: bool,
    pub clear_bonus: u64,
}

/// A rules file that cannot be used, with where and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesError {
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

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // What the file holds is shown, never sent to the terminal raw: control characters (an
        // escape sequence, say) are written escaped in the message and as one mark in the line.
        let message: String = self
            .message
            .chars()
            .map(|c| match c {
                '\n' => c.to_string(),
                c if c.is_control() => c.escape_debug().to_string(),
                c => c.to_string(),
            })
            .collect();
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
                c if c.is_control() => char::REPLACEMENT_CHARACTER,
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

impl RulesError {
    /// An error about a whole file (it cannot be read, for example).
    pub fn file(origin: &str, message: impl Into<String>) -> Self {
        RulesError {
            origin: origin.to_string(),
            line_col: None,
            line_text: None,
            message: message.into(),
        }
    }

    fn at(origin: &str, text: &str, span: Option<Range<usize>>, message: String) -> Self {
        let mut e = RulesError::file(origin, message);
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

// ---- raw, partial form -------------------------------------------------------------------------

type Num = Option<Spanned<i64>>;
type Flag = Option<Spanned<bool>>;

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawFile {
    name: Option<Spanned<String>>,
    deck: Option<RawDeck>,
    board: Option<RawBoard>,
    discards: Option<RawDiscards>,
    scoring: Option<RawScoring>,
    classic: Option<RawClassic>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawClassic {
    size: Num,
    win: Num,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawDeck {
    size: Num,
    lookahead: Num,
    weights: Option<BTreeMap<Spanned<String>, Spanned<i64>>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    columns: Num,
    height: Num,
    clear_value: Num,
    merge_into_full: Flag,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawDiscards {
    start: Num,
    per_clear: Num,
    max: Num,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawScoring {
    per_merge: Num,
    merged_value: Flag,
    clear_bonus: Num,
}

/// Reads values out of one file, turning each bad one into a located [`RulesError`].
struct Reader<'a> {
    origin: &'a str,
    text: &'a str,
}

impl Reader<'_> {
    fn error(&self, span: Option<Range<usize>>, message: String) -> RulesError {
        RulesError::at(self.origin, self.text, span, message)
    }

    /// A whole number in `lo..=hi`, or the base value when the key is absent.
    fn int(
        &self,
        key: &str,
        v: &Num,
        base: Option<i64>,
        lo: i64,
        hi: i64,
    ) -> Result<i64, RulesError> {
        match v {
            Some(s) => {
                let n = *s.get_ref();
                if (lo..=hi).contains(&n) {
                    Ok(n)
                } else {
                    Err(self.error(
                        Some(s.span()),
                        format!("{key} = {n} is not allowed: use a whole number from {lo} to {hi}"),
                    ))
                }
            }
            None => base.ok_or_else(|| self.error(None, format!("missing key {key}"))),
        }
    }

    fn flag(&self, key: &str, v: &Flag, base: Option<bool>) -> Result<bool, RulesError> {
        match v {
            Some(s) => Ok(*s.get_ref()),
            None => base.ok_or_else(|| self.error(None, format!("missing key {key}"))),
        }
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

/// Makes toml's wording of type errors plain for players, and names the key the error is about
/// (toml only shows it when the error has no place in the file, so it is read from there).
fn plain_toml_message(e: &toml::de::Error) -> String {
    let msg = e
        .message()
        .trim()
        .replace("expected i64", "expected a whole number")
        .replace(" as i128, expected", " is too large, expected")
        .replace("expected bool", "expected true or false")
        .replace("expected a boolean", "expected true or false")
        .replace("expected a map", "expected a table of keys")
        .replace(
            "invalid type: floating point",
            "invalid type: a number with a fraction",
        );
    let msg = match msg.find("expected struct Raw") {
        Some(i) => format!("{}expected a table of keys", &msg[..i]),
        None => msg,
    };
    let mut bare = e.clone();
    bare.set_input(None);
    let shown = bare.to_string();
    let key = shown
        .lines()
        .last()
        .and_then(|l| l.strip_prefix("in `"))
        .and_then(|l| l.strip_suffix('`'));
    match key {
        Some(k) if !k.is_empty() => format!("{k}: {msg}"),
        _ => msg,
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
        let r = Reader { origin, text };
        let raw: RawFile =
            toml::from_str(text).map_err(|e| r.error(e.span(), plain_toml_message(&e)))?;
        let deck = raw.deck.unwrap_or_default();
        let board = raw.board.unwrap_or_default();
        let discards = raw.discards.unwrap_or_default();
        let scoring = raw.scoring.unwrap_or_default();
        let classic = raw.classic.unwrap_or_default();

        let name = match (&raw.name, base) {
            (Some(n), _) => {
                let s = n.get_ref().trim();
                if s.is_empty() || s.chars().count() > 40 || s.chars().any(char::is_control) {
                    return Err(r.error(
                        Some(n.span()),
                        "name must be 1 to 40 printable characters".to_string(),
                    ));
                }
                s.to_string()
            }
            (None, Some(b)) => b.name.clone(),
            (None, None) => return Err(r.error(None, "missing key name".into())),
        };

        let b = base;
        let size = r.int(
            "deck.size",
            &deck.size,
            b.map(|b| b.deck.size.into()),
            1,
            MAX_DECK,
        )?;
        let lookahead = r.int(
            "deck.lookahead",
            &deck.lookahead,
            b.map(|b| b.deck.lookahead.into()),
            1,
            MAX_LOOKAHEAD,
        )?;
        let columns = r.int(
            "board.columns",
            &board.columns,
            b.map(|b| b.board.columns.into()),
            1,
            MAX_COLUMNS as i64,
        )?;
        let height = r.int(
            "board.height",
            &board.height,
            b.map(|b| b.board.height.into()),
            1,
            MAX_HEIGHT as i64,
        )?;
        let clear_value = r.int(
            "board.clear_value",
            &board.clear_value,
            b.map(|b| b.board.clear_value.points() as i64),
            4,
            1 << MAX_EXPONENT,
        )?;
        let clear_card = Card::from_value(clear_value as u64).filter(|_| clear_value >= 4);
        let Some(clear_card) = clear_card else {
            return Err(r.error(
                board.clear_value.as_ref().map(|s| s.span()),
                format!(
                    "board.clear_value = {clear_value} is not allowed: use a power of two from 4 to {}",
                    1u64 << MAX_EXPONENT
                ),
            ));
        };
        let merge_into_full = r.flag(
            "board.merge_into_full",
            &board.merge_into_full,
            b.map(|b| b.board.merge_into_full),
        )?;

        // Weights: the file's keys are laid over the base's, key by key.
        let mut weights: BTreeMap<Card, (u32, Option<Range<usize>>)> = b
            .map(|b| {
                b.deck
                    .weights
                    .iter()
                    .map(|&(c, w)| (c, (w, None)))
                    .collect()
            })
            .unwrap_or_default();
        if deck.weights.is_none() && b.is_none() {
            return Err(r.error(None, "missing table [deck.weights]".into()));
        }
        for (k, v) in deck.weights.iter().flatten() {
            let Some(card) = parse_weight_key(k.get_ref()) else {
                return Err(r.error(
                    Some(k.span()),
                    format!(
                        "deck.weights has a key `{}` that is not a card: use powers of two from 2 \
                         to {} (below board.clear_value), `bomb` or `wild`",
                        k.get_ref(),
                        clear_value / 2
                    ),
                ));
            };
            let w = r.int(
                &format!("deck.weights.{card}"),
                &Some(v.clone()),
                None,
                0,
                MAX_WEIGHT,
            )?;
            weights.insert(card, (w as u32, Some(v.span())));
        }
        for (&card, &(w, ref span)) in &weights {
            if w > 0 && card.is_number() && card >= clear_card {
                let msg = format!(
                    "deck.weights.{card} = {w} is not allowed: a card at or above board.clear_value \
                     ({clear_value}) can never be dealt; set its weight to 0 or raise clear_value"
                );
                // A weight kept from the default is pointed at through the clear_value that
                // made it too big.
                let span = span
                    .clone()
                    .or_else(|| board.clear_value.as_ref().map(|s| s.span()));
                return Err(r.error(span, msg));
            }
        }
        if weights.values().all(|&(w, _)| w == 0) {
            let span = deck
                .weights
                .as_ref()
                .and_then(|m| m.values().next().map(|v| v.span()));
            return Err(r.error(
                span,
                "deck.weights are all 0: give at least one card a weight above 0".into(),
            ));
        }

        let d = |f: fn(&DiscardRules) -> u32| b.map(|b| f(&b.discards).into());
        let start = r.int(
            "discards.start",
            &discards.start,
            d(|d| d.start),
            0,
            MAX_DISCARDS,
        )?;
        let per_clear = r.int(
            "discards.per_clear",
            &discards.per_clear,
            d(|d| d.per_clear),
            0,
            MAX_DISCARDS,
        )?;
        let max = r.int("discards.max", &discards.max, d(|d| d.max), 0, MAX_DISCARDS)?;
        if start > max {
            let span = discards
                .max
                .as_ref()
                .or(discards.start.as_ref())
                .map(|s| s.span());
            return Err(r.error(
                span,
                format!(
                    "discards.start = {start} is more than discards.max = {max}: \
                     raise discards.max to at least {start}"
                ),
            ));
        }

        let s = |f: fn(&ScoringRules) -> u64| b.map(|b| f(&b.scoring) as i64);
        let per_merge = r.int(
            "scoring.per_merge",
            &scoring.per_merge,
            s(|s| s.per_merge),
            0,
            MAX_POINTS,
        )?;
        let clear_bonus = r.int(
            "scoring.clear_bonus",
            &scoring.clear_bonus,
            s(|s| s.clear_bonus),
            0,
            MAX_POINTS,
        )?;
        let merged_value = r.flag(
            "scoring.merged_value",
            &scoring.merged_value,
            b.map(|b| b.scoring.merged_value),
        )?;

        let classic_size = r.int(
            "classic.size",
            &classic.size,
            b.map(|b| b.classic.size.into()),
            crate::classic::MIN_SIZE.into(),
            crate::classic::MAX_SIZE.into(),
        )?;
        let win = r.int(
            "classic.win",
            &classic.win,
            b.map(|b| b.classic.win as i64),
            8,
            1 << MAX_EXPONENT,
        )?;
        if !(win as u64).is_power_of_two() {
            return Err(r.error(
                classic.win.as_ref().map(|s| s.span()),
                format!(
                    "classic.win = {win} is not allowed: use a power of two from 8 to {}",
                    1u64 << MAX_EXPONENT
                ),
            ));
        }

        Ok(Rules {
            name,
            deck: DeckRules {
                size: size as u32,
                lookahead: lookahead as u8,
                weights: weights.into_iter().map(|(c, (w, _))| (c, w)).collect(),
            },
            board: BoardRules {
                columns: columns as u8,
                height: height as u8,
                clear_value: clear_card,
                merge_into_full,
            },
            discards: DiscardRules {
                start: start as u32,
                per_clear: per_clear as u32,
                max: max as u32,
            },
            scoring: ScoringRules {
                per_merge: per_merge as u64,
                merged_value,
                clear_bonus: clear_bonus as u64,
            },
            classic: ClassicRules {
                size: classic_size as u8,
                win: win as u64,
            },
        })
    }

    /// The rules as a complete TOML document, in a fixed order: what `new2048 rules` prints and
    /// what [`Rules::hash`] digests.
    pub fn to_toml(&self) -> String {
        use fmt::Write;
        let mut out = String::new();
        // A TOML basic string: only `"` and `\` need escaping, since names hold no control
        // characters (Rust's `{:?}` would write `\u{ad}`, which TOML does not read).
        let name = self.name.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "name = \"{name}\"\n");
        let _ = writeln!(
            out,
            "[deck]\nsize = {}\nlookahead = {}\n",
            self.deck.size, self.deck.lookahead
        );
        let _ = writeln!(out, "[deck.weights]");
        for (card, w) in &self.deck.weights {
            let _ = writeln!(out, "{card} = {w}");
        }
        let b = &self.board;
        let _ = writeln!(
            out,
            "\n[board]\ncolumns = {}\nheight = {}\nclear_value = {}\nmerge_into_full = {}\n",
            b.columns, b.height, b.clear_value, b.merge_into_full
        );
        let d = &self.discards;
        let _ = writeln!(
            out,
            "[discards]\nstart = {}\nper_clear = {}\nmax = {}\n",
            d.start, d.per_clear, d.max
        );
        let s = &self.scoring;
        let _ = writeln!(
            out,
            "[scoring]\nper_merge = {}\nmerged_value = {}\nclear_bonus = {}",
            s.per_merge, s.merged_value, s.clear_bonus
        );
        out.push('\n');
        out.push_str(&self.classic.to_toml());
        out
    }

    /// A stable 64-bit digest of the rules in force (FNV-1a over [`Rules::to_toml`]), written in
    /// hex: the same on every machine and Rust version, so history can group games by rules.
    pub fn hash(&self) -> String {
        fnv_hex(&self.to_toml())
    }

    /// The weight of one card (0 when the rules do not name it).
    pub fn weight(&self, card: Card) -> u32 {
        self.deck
            .weights
            .iter()
            .find(|(c, _)| *c == card)
            .map_or(0, |&(_, w)| w)
    }

    /// Whether the rules let the player discard at all.
    pub fn has_discards(&self) -> bool {
        self.discards.start > 0 || self.discards.per_clear > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::presets;

    #[test]
    fn embedded_default_matches_rules_md() {
        let r = Rules::default_rules();
        assert_eq!(r.name, "default");
        assert_eq!(r.deck.size, 100);
        assert_eq!(r.deck.lookahead, 3);
        for v in [2u64, 4, 8, 16, 32, 64] {
            assert_eq!(r.weight(Card::from_value(v).unwrap()), 15);
        }
        assert_eq!(r.weight(Card::BOMB), 10);
        assert_eq!(r.weight(Card::WILD), 0);
        assert_eq!((r.board.columns, r.board.height), (5, 7));
        assert_eq!(r.board.clear_value.value(), Some(2048));
        assert!(!r.board.merge_into_full);
        assert_eq!(
            (r.discards.start, r.discards.per_clear, r.discards.max),
            (0, 0, 0)
        );
        assert_eq!(
            (
                r.scoring.per_merge,
                r.scoring.merged_value,
                r.scoring.clear_bonus
            ),
            (1, false, 10)
        );
    }

    #[test]
    fn every_preset_parses_and_round_trips() {
        let base = Rules::default_rules();
        for (name, text) in presets::ALL {
            let r = Rules::parse(text, name, Some(&base)).unwrap();
            assert_eq!(&r.name, name);
            let again = Rules::parse(&r.to_toml(), "printed", None).unwrap();
            assert_eq!(again, r);
        }
    }

    #[test]
    fn partial_file_keeps_the_rest() {
        let base = Rules::default_rules();
        let r = Rules::parse(
            "[board]\nheight = 9\n[deck.weights]\nbomb = 0",
            "x.toml",
            Some(&base),
        )
        .unwrap();
        assert_eq!(r.board.height, 9);
        assert_eq!(r.board.columns, 5);
        assert_eq!(r.weight(Card::BOMB), 0);
        assert_eq!(r.weight(Card::from_value(2).unwrap()), 15);
        assert_ne!(r.hash(), base.hash());
    }

    #[test]
    fn printed_rules_read_back_whatever_the_name() {
        let base = Rules::default_rules();
        for name in [
            "a\u{ad}b",
            "quote \\\" and \\\\ back",
            "é 2048 🂡",
            "zero\u{200b}width",
        ] {
            let text = format!("name = \"{name}\"");
            let r = Rules::parse(&text, "x.toml", Some(&base)).unwrap();
            let again = Rules::parse(&r.to_toml(), "printed", None)
                .unwrap_or_else(|e| panic!("{e}\n{}", r.to_toml()));
            assert_eq!(again, r);
        }
    }

    fn err(text: &str) -> RulesError {
        Rules::parse(text, "my.toml", Some(&Rules::default_rules())).unwrap_err()
    }

    #[test]
    fn errors_are_located() {
        let e = err("[deck]\nsize = 0\n");
        assert_eq!(e.line_col, Some((2, 8)));
        assert!(e.to_string().contains("deck.size = 0"), "{e}");
        assert!(e.to_string().starts_with("my.toml:2:8:"), "{e}");
        let e = err("[board]\ncolums = 3\n");
        assert!(e.message.contains("unknown field `colums`"), "{e}");
        assert_eq!(e.line_col.unwrap().0, 2);
        let e = err("[board]\nheight = \"tall\"\n");
        assert!(e.message.contains("whole number"), "{e}");
        let e = err("[deck.weights]\n3 = 5\n");
        assert!(e.message.contains("`3` that is not a card"), "{e}");
        let e = err("[board]\nclear_value = 64\n");
        assert!(e.message.contains("deck.weights.64"), "{e}");
        let e = err("[board]\nclear_value = 100\n");
        assert!(e.message.contains("power of two"), "{e}");
        let e = err("[deck.weights]\n2=0\n4=0\n8=0\n16=0\n32=0\n64=0\nbomb=0\n");
        assert!(e.message.contains("all 0"), "{e}");
        let e = err("[discards]\nstart = -1\n");
        assert!(e.message.contains("-1"), "{e}");
        let e = err("[discards]\nstart = 3\n");
        assert!(e.message.contains("discards.max"), "{e}");
        let e = err("[board\n");
        assert!(e.line_col.is_some(), "{e}");
    }

    #[test]
    fn a_weight_key_has_one_spelling_and_a_huge_number_says_so() {
        // `02` once silently replaced the weight of `2`.
        let e = err("[deck.weights]\n2 = 1\n\"02\" = 5\n");
        assert!(e.message.contains("`02` that is not a card"), "{e}");
        let e = err("[board]\nheight = 99999999999999999999\n");
        assert!(
            e.message.contains("is too large, expected a whole number"),
            "{e}"
        );
        assert!(!e.message.contains("i128"), "{e}");
    }

    #[test]
    fn errors_show_no_raw_control_characters_and_no_endless_line() {
        // Once an escape sequence in a rules file reached the terminal raw, and a 10,000
        // character line was printed whole under the message.
        let e = err("[deck.weights]\n\"\\u001b[2J\" = 1\n");
        let shown = e.to_string();
        assert!(!shown.contains('\x1b'), "{shown:?}");
        assert!(shown.contains("\\u{1b}[2J"), "{shown:?}");
        let e = err(&format!(
            "name = \"a\x07b\"\n[board]\nheight = {}0\n",
            "9".repeat(10_000)
        ));
        let shown = e.to_string();
        assert!(!shown.contains('\x07'), "{shown:?}");
        assert!(shown.len() < 600, "{shown}");
        let e = err(&format!(
            "{}\n[board]\nheight = 0 # {}\n",
            "#".repeat(5),
            "x".repeat(10_000)
        ));
        let shown = e.to_string();
        assert!(shown.len() < 600, "{shown}");
        assert!(shown.ends_with("|          ^"), "{shown}");
    }
}
