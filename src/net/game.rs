//! What a network duel plays: any game with a record ([`Recorded`]: how both sides deal the same
//! game from the rules and a seed, how a move travels as a word) and a line-mode protocol
//! ([`Lines`]: how a move is typed, and how a bot picks one when `--strategy` plays a side).
//! A game implements those two; it is a [`NetGame`] by that alone.

use crate::headless::Lines;
use crate::record::Recorded;

/// A game a network duel can play: one the duel's threads can carry.
pub(crate) trait NetGame: Recorded + Lines + Send + 'static {}

impl<G: Recorded + Lines + Send + 'static> NetGame for G {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::engine::Game;
    use crate::cards::rules::Rules;
    use crate::classic::ClassicGame;
    use crate::headless::Bot;

    /// A bot's typed move is legal, and its word replays it on a second copy of the deal.
    fn bot_moves_travel<G: NetGame>(rules: &Rules) {
        let (mut a, _) = G::duel_deal(rules, 7);
        let (mut b, _) = G::duel_deal(rules, 7);
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
