//! What a network duel needs of each game beyond what every duel does ([`Recorded`]): how both
//! sides deal the same game from the rules and a seed, how a move travels as a word, and how a
//! bot picks the next move when `--strategy` plays a side.

use std::sync::Arc;

use crate::cards::deck::GameRng;
use crate::cards::engine::{Game, Move};
use crate::cards::rules::Rules;
use crate::classic::ClassicGame;
use crate::deal::{NewDeal, start, start_classic};
use crate::headless::Lines;
use crate::record::{Recorded, Side};
use crate::strategy::{Sight, Strategy};

/// A bot playing one side: the card game's strategy of that name, or for classic the expectimax
/// player (`random`: a random legal slide).
pub(crate) struct Bot {
    name: String,
    cards: Box<dyn Strategy>,
    rng: GameRng,
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

pub(crate) trait NetGame: Recorded + Lines + Send + 'static {
    /// Whether both players are dealt the same cards in order (the card game), so that the
    /// board of a player further on holds cards still to come for the other: the other is
    /// shown it only as far as they have come themselves. Classic spawns follow each player's
    /// own moves: no future of the other's.
    const SAME_CARDS: bool;
    /// The game both sides start from: `rules` dealt from `seed`, started now (without undo: a
    /// network duel has none, and keeps nothing for it).
    fn deal(rules: &Rules, seed: u64) -> (Self, Self::Meta);
    /// The move the bot makes here, typed as a player types it; `None` when there is none.
    fn bot_line(&self, bot: &mut Bot) -> Option<String>;
    /// The word that carries this game's last move.
    fn last_word(&self) -> Option<String> {
        <Self as Side>::moves(self)
            .last()
            .map(|m| Self::word(Self::code(m)))
    }
}

impl NetGame for Game {
    const SAME_CARDS: bool = true;

    fn deal(rules: &Rules, seed: u64) -> (Game, Self::Meta) {
        let (mut g, meta) = start(Arc::new(rules.clone()), NewDeal::Seed(Some(seed)));
        g.without_undo();
        (g, meta)
    }

    fn bot_line(&self, bot: &mut Bot) -> Option<String> {
        match bot.cards.choose(&Sight::of(self), &mut bot.rng)? {
            Move::Place(c) => Some((u16::from(c) + 1).to_string()),
            Move::Discard => Some("d".into()),
        }
    }
}

impl NetGame for ClassicGame {
    const SAME_CARDS: bool = false;

    fn deal(rules: &Rules, seed: u64) -> (ClassicGame, Self::Meta) {
        let (mut g, meta) = start_classic(rules.classic, &rules.name, Some(seed));
        g.without_undo();
        (g, meta)
    }

    fn bot_line(&self, bot: &mut Bot) -> Option<String> {
        let d = if bot.name == "random" {
            crate::classic::bot::random_move(self.board(), &mut bot.rng)
        } else {
            crate::classic::bot::best_move(self.board())
        };
        d.map(|d| d.as_str().to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bot's typed move is legal, and its word replays it on a second copy of the deal.
    fn bot_moves_travel<G: NetGame>(rules: &Rules) {
        let (mut a, _) = G::deal(rules, 7);
        let (mut b, _) = G::deal(rules, 7);
        let mut bot = Bot::named("greedy", 1).unwrap();
        for n in 1..=30 {
            let Some(line) = a.bot_line(&mut bot) else {
                break;
            };
            a.play_text(&line).unwrap().unwrap();
            let word = a.last_word().unwrap();
            b.play_one(G::parse(&word).unwrap(), n).unwrap();
            assert_eq!((a.score(), a.survived()), (b.score(), b.survived()));
        }
        assert!(a.survived() > 0);
    }

    #[test]
    fn both_games_deal_alike_and_replay_each_others_moves() {
        let rules = Rules::default_rules();
        bot_moves_travel::<Game>(&rules);
        bot_moves_travel::<ClassicGame>(&rules);
        assert!(Bot::named("nobody", 0).is_err());
    }
}
