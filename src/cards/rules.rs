//! The rules of a game, checked: what the engine trusts.
//!
//! A [`Rules`] value is only made by the rules-file reader ([`crate::config`]), which checks every
//! value once; after that no code re-checks them and the engine relies on them (for example, that
//! no dealt card reaches `clear_value`). The `[classic]` table is kept here as plain data since a
//! rules file holds it and its digest groups classic games, but its limits and meaning belong to
//! [`crate::classic`].

use std::fmt;

use crate::cards::card::Card;

/// The most columns a board may have (keys `1`..`9` choose them).
pub const MAX_COLUMNS: usize = 9;
/// The most cards a column may hold (the engine keeps columns in fixed arrays of this size).
pub const MAX_HEIGHT: usize = 16;
/// The longest deck a rules file may ask for.
pub const MAX_DECK: u32 = 1_000_000;
/// The most cards a player may see at once.
pub const MAX_LOOKAHEAD: u8 = 10;

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

/// [`super::fnv1a`] of `text`, in hex.
fn fnv_hex(text: &str) -> String {
    format!("{:016x}", super::fnv1a(text.bytes()))
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

impl Rules {
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

    /// The most points a game of a deck of `cards` cards can score under these rules: a bound,
    /// not a score any game reaches, that a document from elsewhere is held to. Points come only
    /// from merges, and every merge takes one card off the board, so a game makes at most as many
    /// merges as it places cards; each is worth at most `per_merge`, the clear bonus and, with
    /// `merged_value`, the card made, which is never above `clear_value` (every card on the board
    /// is below it, and making it clears the column).
    pub fn most_points(&self, cards: usize) -> u64 {
        let s = &self.scoring;
        let made = if s.merged_value {
            self.board.clear_value.points()
        } else {
            0
        };
        let per_merge = s
            .per_merge
            .saturating_add(s.clear_bonus)
            .saturating_add(made);
        (cards as u64).saturating_mul(per_merge)
    }
}
