//! Dealing the deck: the same rules and seed give the same cards on every machine.
//!
//! The generator is PCG-64 MCG (`rand_pcg::Pcg64Mcg`), named rather than `StdRng` because
//! `StdRng`'s algorithm may change between rand versions, which would change every recorded
//! deal. Each card is drawn independently with integer weights (`WeightedIndex<u32>`), so no
//! floating point is involved. The whole deck is dealt when the game starts; the engine only ever
//! reads it.

use rand::SeedableRng;
use rand::distr::weighted::WeightedIndex;
use rand::distr::{Distribution, Uniform};
use rand_pcg::Pcg64Mcg;

use crate::cards::card::Card;
use crate::cards::rules::Rules;

/// The random number generator used for every deal and bot.
pub type GameRng = Pcg64Mcg;

/// A generator seeded from a 64-bit seed.
pub fn rng(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// Draws cards with the rules' weights.
///
/// `WeightedIndex` draws a number below the total weight and binary-searches the running sums.
/// When the total is small (it is 100 in the default rules) a table holding each card as many
/// times as its weight gives the same card for the same number without the search: the deal is
/// identical (see the `deal_is_pinned` test), and simulations deal millions of cards.
#[derive(Clone, Debug)]
pub struct Dealer {
    cards: Vec<Card>,
    dist: WeightedIndex<u32>,
    /// The same draw as `dist` makes internally.
    uniform: Uniform<u32>,
    /// `table[v]` is the card `dist` picks for the number `v`; empty when the total is large.
    table: Vec<Card>,
}

/// The largest total weight dealt through a table.
const TABLE_MAX: u32 = 1 << 12;

impl Dealer {
    pub fn new(rules: &Rules) -> Dealer {
        let cards: Vec<Card> = rules.deck.weights.iter().map(|&(c, _)| c).collect();
        let dist = WeightedIndex::new(rules.deck.weights.iter().map(|&(_, w)| w))
            .expect("validated rules have a positive weight");
        let total: u32 = dist.total_weight();
        let uniform = Uniform::new(0, total).expect("the total weight is positive");
        let table = if total <= TABLE_MAX {
            rules
                .deck
                .weights
                .iter()
                .flat_map(|&(c, w)| std::iter::repeat_n(c, w as usize))
                .collect()
        } else {
            Vec::new()
        };
        Dealer {
            cards,
            dist,
            uniform,
            table,
        }
    }

    /// One card. The table's lookup is inlined into the caller (simulations deal a card per
    /// placement); the search, for large totals, is not.
    #[inline(always)]
    pub fn draw<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Card {
        if self.table.is_empty() {
            self.search(rng)
        } else {
            self.table[self.uniform.sample(rng) as usize]
        }
    }

    #[inline(never)]
    fn search<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Card {
        self.cards[self.dist.sample(rng)]
    }

    /// A deck of `n` cards into `out` (cleared first), reusing its allocation.
    pub fn deal_into<R: rand::Rng + ?Sized>(&self, rng: &mut R, n: usize, out: &mut Vec<Card>) {
        out.clear();
        out.extend((0..n).map(|_| self.draw(rng)));
    }
}

/// The deck a game with these rules and this seed deals.
pub fn deal(rules: &Rules, seed: u64) -> Vec<Card> {
    let mut out = Vec::with_capacity(rules.deck.size as usize);
    Dealer::new(rules).deal_into(&mut rng(seed), rules.deck.size as usize, &mut out);
    out
}

/// Why a deck file cannot be played.
#[derive(Debug, thiserror::Error)]
pub enum DeckFileError {
    #[error("card {index} of the deck file: {source}")]
    Card {
        index: usize,
        source: crate::cards::card::ParseCardError,
    },
    #[error("the deck file has no cards; write cards separated by spaces, commas or new lines")]
    Empty,
    #[error(
        "card {index} of the deck file is {card}, at or above board.clear_value ({clear}); \
         use smaller cards or raise clear_value"
    )]
    TooBig {
        index: usize,
        card: Card,
        clear: Card,
    },
    #[error("the deck file has {0} cards; at most 1000000 are allowed")]
    TooLong(usize),
}

/// Reads a deck file: cards separated by white space or commas (`2`, `64`, `bomb`, `wild`).
/// Lines starting with `#` are comments.
pub fn parse_deck(text: &str, rules: &Rules) -> Result<Vec<Card>, DeckFileError> {
    let mut cards = Vec::new();
    let tokens = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .flat_map(|l| l.split(|c: char| c.is_whitespace() || c == ','))
        .filter(|t| !t.is_empty());
    for (i, tok) in tokens.enumerate() {
        let card: Card = tok.parse().map_err(|source| DeckFileError::Card {
            index: i + 1,
            source,
        })?;
        if card.is_number() && card >= rules.board.clear_value {
            return Err(DeckFileError::TooBig {
                index: i + 1,
                card,
                clear: rules.board.clear_value,
            });
        }
        cards.push(card);
    }
    if cards.is_empty() {
        return Err(DeckFileError::Empty);
    }
    if cards.len() > crate::cards::rules::MAX_DECK as usize {
        return Err(DeckFileError::TooLong(cards.len()));
    }
    Ok(cards)
}

/// The seed of the daily deal for a UTC date written `YYYY-MM-DD`: the same for everyone.
pub fn daily_seed(date: &str) -> u64 {
    super::fnv1a("new2048 daily ".bytes().chain(date.bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_deck() {
        let r = Rules::default_rules();
        assert_eq!(deal(&r, 7), deal(&r, 7));
        assert_ne!(deal(&r, 7), deal(&r, 8));
        assert_eq!(deal(&r, 7).len(), 100);
    }

    #[test]
    fn deal_is_pinned() {
        // Guards against a silent change of generator or sampling: recorded games depend on it.
        let r = Rules::default_rules();
        let d: Vec<String> = deal(&r, 42)
            .iter()
            .take(12)
            .map(std::string::ToString::to_string)
            .collect();
        assert_eq!(
            d.join(" "),
            include_str!("../../tests/data/seed42.txt").trim()
        );
    }

    #[test]
    fn table_deals_like_the_search() {
        let r = Rules::default_rules();
        let table = Dealer::new(&r);
        assert!(!table.table.is_empty());
        let search = Dealer {
            table: Vec::new(),
            ..table.clone()
        };
        let (mut a, mut b) = (rng(5), rng(5));
        for _ in 0..10_000 {
            assert_eq!(table.draw(&mut a), search.draw(&mut b));
        }
    }

    #[test]
    fn weights_are_followed() {
        let r = Rules::default_rules();
        let mut rng = rng(1);
        let dealer = Dealer::new(&r);
        let n = 100_000;
        let bombs = (0..n).filter(|_| dealer.draw(&mut rng).is_bomb()).count();
        assert!((9_000..11_000).contains(&bombs), "{bombs}");
        assert!((0..n).all(|_| !dealer.draw(&mut rng).is_wild()));
    }

    #[test]
    fn deck_file() {
        let r = Rules::default_rules();
        let d = parse_deck("2, 4 bomb\n# note\n64,,wild\n", &r).unwrap();
        assert_eq!(d.len(), 5);
        assert!(matches!(
            parse_deck("2 3", &r),
            Err(DeckFileError::Card { index: 2, .. })
        ));
        assert!(matches!(
            parse_deck("2048", &r),
            Err(DeckFileError::TooBig { .. })
        ));
        assert!(matches!(parse_deck(" \n", &r), Err(DeckFileError::Empty)));
    }

    #[test]
    fn daily_differs_by_date() {
        assert_eq!(daily_seed("2026-11-29"), daily_seed("2026-11-29"));
        assert_ne!(daily_seed("2026-11-29"), daily_seed("2026-11-30"));
    }
}
