//! Cards: a power of two, a bomb or a wild card, packed into one byte.
//!
//! A card is stored as the exponent of its value (`2` is 1, `2048` is 11) so that a column is a
//! small array of bytes: cheap to copy for bots and fast to compare in the merge loop. Bombs and
//! wild cards take the two highest byte values. `0` is never a card; columns use it as padding.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The largest exponent a card may have (2^30), far beyond any sensible `clear_value`.
pub const MAX_EXPONENT: u8 = 30;

/// One card of the deck or of a column.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Card(u8);

impl Card {
    /// Clears the column it is placed on.
    pub const BOMB: Card = Card(0xFE);
    /// Merges with whatever it meets and counts as that card's value.
    pub const WILD: Card = Card(0xFF);
    /// Padding for empty slots; never dealt.
    pub(crate) const NONE: Card = Card(0);

    /// The card worth `2^exponent`; `exponent` must be in `1..=MAX_EXPONENT`.
    pub const fn from_exponent(exponent: u8) -> Card {
        assert!(exponent >= 1 && exponent <= MAX_EXPONENT);
        Card(exponent)
    }

    /// The card with this value, if the value is a power of two from 2 to 2^30.
    pub fn from_value(value: u64) -> Option<Card> {
        if value >= 2
            && value.is_power_of_two()
            && value.trailing_zeros() <= u32::from(MAX_EXPONENT)
        {
            Some(Card(value.trailing_zeros() as u8))
        } else {
            None
        }
    }

    /// The card's value; `None` for a bomb or a wild card.
    #[inline]
    pub const fn value(self) -> Option<u64> {
        if self.is_number() {
            Some(1u64 << self.0)
        } else {
            None
        }
    }

    /// The exponent of a number card (`2` is 1); `None` for a bomb or a wild card.
    #[inline]
    pub const fn exponent(self) -> Option<u8> {
        if self.is_number() { Some(self.0) } else { None }
    }

    /// The card's value for scoring: a number's value, 0 for a bomb or a wild card.
    #[inline]
    pub const fn points(self) -> u64 {
        match self.value() {
            Some(v) => v,
            None => 0,
        }
    }

    #[inline]
    pub const fn is_number(self) -> bool {
        self.0 >= 1 && self.0 <= MAX_EXPONENT
    }

    #[inline]
    pub const fn is_bomb(self) -> bool {
        self.0 == Self::BOMB.0
    }

    #[inline]
    pub const fn is_wild(self) -> bool {
        self.0 == Self::WILD.0
    }

    /// The card of twice the value (a number card below 2^30).
    #[inline]
    pub(crate) const fn doubled(self) -> Card {
        Card(self.0 + 1)
    }

    /// What this card makes when it lands on `tail`, the card at the end of a column: twice the
    /// value when the two are equal or either is wild (a wild counts as the other card; two wilds
    /// make a wild), `None` when they do not merge. Bombs never merge: they clear the column.
    /// This is the one place that says which cards merge; placing and checking a move both ask it.
    #[inline]
    pub const fn merge(self, tail: Card) -> Option<Card> {
        // Two numbers, the usual case (bombs and wild cards are above every number): one test
        // of each, then equal or not. Every simulated placement asks this at least once.
        if self.0 < Self::BOMB.0 && tail.0 < Self::BOMB.0 {
            return if self.0 == tail.0 {
                Some(tail.doubled())
            } else {
                None
            };
        }
        if self.is_bomb() || tail.is_bomb() {
            None
        } else if tail.is_wild() {
            Some(if self.is_wild() { self } else { self.doubled() })
        } else if self.0 == tail.0 || self.is_wild() {
            Some(tail.doubled())
        } else {
            None
        }
    }

    /// The raw byte, for compact encodings (bitboards, hashing).
    #[inline]
    pub const fn to_byte(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value() {
            Some(v) => fmt::Display::fmt(&v, f),
            None if self.is_bomb() => f.pad("bomb"),
            None => f.pad("wild"),
        }
    }
}

/// Why a piece of text is not a card; it holds the text as a message quotes it (cut and escaped:
/// [`excerpt`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a card: expected a power of two from 2 to 1073741824, `bomb` or `wild`")]
pub struct ParseCardError(pub String);

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        match t.to_ascii_lowercase().as_str() {
            "bomb" | "b" => Ok(Card::BOMB),
            "wild" | "w" => Ok(Card::WILD),
            other => other
                .parse::<u64>()
                .ok()
                .and_then(Card::from_value)
                .ok_or_else(|| ParseCardError(excerpt(t))),
        }
    }
}

/// Numbers are written as JSON numbers, bombs and wild cards as the strings `"bomb"` and `"wild"`.
impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.value() {
            Some(v) => s.serialize_u64(v),
            None => s.serialize_str(if self.is_bomb() { "bomb" } else { "wild" }),
        }
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Repr {
            Num(u64),
            Text(String),
        }
        match Repr::deserialize(d)? {
            Repr::Num(v) => Card::from_value(v)
                .ok_or_else(|| serde::de::Error::custom(ParseCardError(v.to_string()))),
            Repr::Text(t) => t.parse().map_err(serde::de::Error::custom),
        }
    }
}

/// How many characters of a piece of someone else's text a message quotes.
pub const EXCERPT_CHARS: usize = 40;

/// A piece of text the program did not write, as a message quotes it: on one line, the
/// characters that do not show as themselves escaped (line breaks too, see [`crate::base::visible`]),
/// cut after [`EXCERPT_CHARS`] characters with `…` and the length left out, so a megabyte of junk
/// in a file makes a line of message, not a megabyte.
pub fn excerpt(text: &str) -> String {
    let total = text.chars().count();
    let cut: String = text.chars().take(EXCERPT_CHARS).collect();
    let mut out = crate::base::visible::escape(&cut).replace('\n', "\\n");
    if total > EXCERPT_CHARS {
        out.push_str(&format!("… ({total} characters)"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip() {
        for e in 1..=MAX_EXPONENT {
            let c = Card::from_exponent(e);
            assert_eq!(Card::from_value(c.value().unwrap()), Some(c));
            assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
        }
        assert_eq!("bomb".parse::<Card>().unwrap(), Card::BOMB);
        assert_eq!(" Wild ".parse::<Card>().unwrap(), Card::WILD);
        for bad in ["0", "1", "3", "12", "-2", "", "bombs", "2147483648"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_bad_card_is_quoted_cut_and_escaped() {
        let junk = "x\0\u{1b}[31m".repeat(200_000);
        let message = junk.parse::<Card>().unwrap_err().to_string();
        assert!(message.len() < 200, "{} bytes", message.len());
        assert!(!message.chars().any(char::is_control), "{message:?}");
        assert!(message.contains("x\\0\\u{1b}[31m"), "{message}");
        assert!(message.contains("(1400000 characters)"), "{message}");
        let bidi = "\u{202e}8".parse::<Card>().unwrap_err().to_string();
        assert!(bidi.contains("`\\u{202e}8`"), "{bidi}");
        let short = "fifty".parse::<Card>().unwrap_err().to_string();
        assert!(short.starts_with("`fifty` is not a card"), "{short}");
    }

    #[test]
    fn json_form() {
        let cards = vec![Card::from_value(64).unwrap(), Card::BOMB, Card::WILD];
        let json = serde_json::to_string(&cards).unwrap();
        assert_eq!(json, r#"[64,"bomb","wild"]"#);
        let back: Vec<Card> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, cards);
    }
}
