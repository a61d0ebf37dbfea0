//! A bot playing one side of a line-mode duel (`duel --strategy`, across two terminals too):
//! the card game's strategy of that name, or for classic the expectimax player, each move typed
//! as a player types it ([`crate::headless::Lines::bot_line`]).

use crate::cards::deck::GameRng;
use crate::strategy::Strategy;

/// A bot playing one side: the card game's strategy of that name, or for classic the expectimax
/// player (`random`: a random legal slide).
pub(crate) struct Bot {
    pub(super) name: String,
    pub(super) cards: Box<dyn Strategy>,
    pub(super) rng: GameRng,
}

impl Bot {
    /// The bot called `name` (one of [`crate::strategy::NAMES`]), or why there is none.
    pub(crate) fn named(name: &str, seed: u64) -> Result<Bot, NoSuchBot> {
        let cards = crate::strategy::by_name(name).ok_or_else(|| NoSuchBot(name.to_string()))?;
        Ok(Bot {
            name: name.to_string(),
            cards,
            rng: crate::cards::deck::rng(seed),
        })
    }
}

/// There is no strategy of this name.
#[derive(Debug)]
pub(crate) struct NoSuchBot(pub String);

impl std::fmt::Display for NoSuchBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "there is no strategy `{}`; choose one of: {}",
            self.0,
            crate::strategy::NAMES.join(", ")
        )
    }
}
