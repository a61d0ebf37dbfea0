//! Two-player duels: turn order and the result, for either game.
//!
//! Both players get the same deal (the same deck in the card game, the same seed — hence the same
//! spawns for the same moves — in classic) and take turns, one move each. A player whose game is
//! over is skipped. The winner is the one who survives longer (cards placed or discarded in the
//! card game, moves in classic), then the one with the higher score. The duel ends as soon as the
//! result cannot change: both games are over, or one is over and the other has already survived
//! longer.
//!
//! Pure like the engines: the screens drive it, and tests check it without a terminal.

use serde::{Deserialize, Serialize};

use crate::cards::engine::Game;
use crate::cards::summary::Ending;
use crate::classic::ClassicGame;

/// A game either mode can play: the card game or classic 2048.
///
/// Everything outside the two engines that works with "either game" goes through this one trait:
/// duels (who has survived longer), replays (the same game from its start, one recorded move at
/// a time) and the records of duels. The facts are written once per game here; what each reader
/// adds is theirs: the line protocol (a typed move, the board as text, the summary) is
/// `headless::Lines`, the keys and the layout the screens' in `ui`. It is named `Playable`
/// because [`crate::cards::engine::Game`] is the card game's own type.
pub trait Playable: Sized {
    /// The game cannot go on (lost, or the deck is used up).
    fn finished(&self) -> bool;
    /// How long the player has survived: cards played or discarded, or moves made.
    fn survived(&self) -> u64;
    fn score(&self) -> u64;
    /// The highest card or tile made so far.
    fn highest(&self) -> u64;
    /// How the game stands: won, lost, or still open (quit).
    fn ending(&self) -> Ending;
    fn undo_count(&self) -> u32;
    /// Moves made so far (undone ones not counted).
    fn move_count(&self) -> usize;
    /// The same game before its first move: same rules and deal.
    #[must_use]
    fn restart(&self) -> Self;
    /// Plays this game's move `i` on `at` (this game replayed up to move `i`).
    fn replay_step(&self, at: &mut Self, i: usize);
}

impl Playable for Game {
    fn finished(&self) -> bool {
        self.is_over()
    }
    fn survived(&self) -> u64 {
        let s = self.position().stats;
        u64::from(s.cards_played + s.discarded)
    }
    fn score(&self) -> u64 {
        self.position().score
    }
    fn highest(&self) -> u64 {
        self.position().stats.highest
    }
    fn ending(&self) -> Ending {
        Ending::of(self)
    }
    fn undo_count(&self) -> u32 {
        self.undos()
    }
    fn move_count(&self) -> usize {
        self.moves().len()
    }
    fn restart(&self) -> Game {
        Game::new(self.rules_arc().clone(), self.deck().clone())
    }
    fn replay_step(&self, at: &mut Game, i: usize) {
        at.play(self.moves()[i])
            .expect("a rebuilt game's moves are legal");
    }
}

impl Playable for ClassicGame {
    fn finished(&self) -> bool {
        self.is_over()
    }
    fn survived(&self) -> u64 {
        self.moves().len() as u64
    }
    fn score(&self) -> u64 {
        ClassicGame::score(self)
    }
    fn highest(&self) -> u64 {
        self.board().highest()
    }
    fn ending(&self) -> Ending {
        ClassicGame::ending(self)
    }
    fn undo_count(&self) -> u32 {
        self.undos()
    }
    fn move_count(&self) -> usize {
        self.moves().len()
    }
    fn restart(&self) -> ClassicGame {
        ClassicGame::new(self.rules(), self.seed())
    }
    fn replay_step(&self, at: &mut ClassicGame, i: usize) {
        at.play(self.moves()[i])
            .expect("a rebuilt game's moves change the board");
    }
}

/// How a duel ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "result")]
pub enum DuelResult {
    /// Player `winner` (0 or 1) won; `by_score` when both survived equally long. With
    /// `forfeit`, the other player lost by that before the duel was decided (a network duel),
    /// whatever the games were then.
    Win {
        winner: usize,
        by_score: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        forfeit: Option<Forfeit>,
    },
    Draw,
}

/// How a network duel was lost before both players finished: the rules decide only duels that
/// both finish; one that stops first is lost by the player who stopped it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Forfeit {
    /// The player left (`q`, Ctrl-C, the end of input, a signal).
    Left,
    /// The player did not move within the move clock.
    Time,
    /// The player's connection was lost (closed, failed, or silent).
    Gone,
    /// The player sent what the protocol or the rules do not allow.
    Broke,
}

impl Forfeit {
    /// What the loser did, after their name: `left the duel`.
    pub fn as_str(self) -> &'static str {
        match self {
            Forfeit::Left => "left the duel",
            Forfeit::Time => "ran out of time",
            Forfeit::Gone => "was cut off (the connection was lost)",
            Forfeit::Broke => "broke the duel's protocol or rules",
        }
    }

    /// The same in a word or two, for a table: `left`.
    pub fn short(self) -> &'static str {
        match self {
            Forfeit::Left => "left",
            Forfeit::Time => "out of time",
            Forfeit::Gone => "cut off",
            Forfeit::Broke => "broke the rules",
        }
    }
}

/// The most characters a player's name has: what the duel's screens leave room for, what
/// `--names` and a peer's hello take, and what a restored duel is held to.
pub const MAX_NAME: usize = 20;

/// Whether `name` (trimmed) can name a duel's player: 1 to [`MAX_NAME`] characters, none of them
/// one that does not show as itself ([`crate::base::visible`]); else why not, in words.
pub fn check_name(name: &str) -> Result<(), String> {
    if let Some(c) = crate::base::visible::first_hidden(name) {
        return Err(format!(
            "it holds {}, a control or format character, which does not show as itself (a name \
             is 1 to {MAX_NAME} printable characters)",
            crate::base::visible::code(c)
        ));
    }
    let n = name.trim();
    if n.is_empty() || n.chars().count() > MAX_NAME || n != name {
        return Err(format!(
            "a name is 1 to {MAX_NAME} printable characters, not blank, without spaces around \
             it; this one has {}",
            crate::cards::text::count(name.chars().count(), "character")
        ));
    }
    Ok(())
}

/// `Ann won (survived longer)`, `Bob won on score (both survived as long)`, `draw: ...`, or
/// `given up` for a duel left before it was decided (`None`).
pub fn result_text(result: Option<DuelResult>, names: &[String; 2]) -> String {
    match result {
        None => "given up".to_string(),
        Some(DuelResult::Draw) => "draw: both survived as long and scored the same".to_string(),
        Some(DuelResult::Win {
            winner,
            forfeit: Some(how),
            ..
        }) => {
            let name = |i: usize| names.get(i).map_or("?", String::as_str);
            format!(
                "{} won: {} {}",
                name(winner),
                name(1 - winner.min(1)),
                how.as_str()
            )
        }
        Some(DuelResult::Win {
            winner, by_score, ..
        }) => {
            let name = names.get(winner).map_or("?", String::as_str);
            if by_score {
                format!("{name} won on score (both survived as long)")
            } else {
                format!("{name} won (survived longer)")
            }
        }
    }
}

impl DuelResult {
    /// Who lost by a forfeit, and how, when the duel was lost that way.
    pub fn forfeited(self) -> Option<(usize, Forfeit)> {
        match self {
            DuelResult::Win {
                winner,
                forfeit: Some(how),
                ..
            } => Some((1 - winner.min(1), how)),
            _ => None,
        }
    }
}

/// Who made each move of a duel whose two games ended as `ended`: the duel played again from
/// the start, each player in turn taking their next recorded move. What a replay steps through.
/// When the player to move has no recorded move left (a duel played at once over the network,
/// where one may have played on after the other stopped), the other's remaining moves follow.
pub fn turn_order<G: Playable>(ended: &[G; 2]) -> Vec<usize> {
    let mut duel = Duel::new(ended[0].restart(), ended[1].restart());
    let mut made = [0; 2];
    let mut movers = Vec::new();
    let left = |made: &[usize; 2], i: usize| made[i] < ended[i].move_count();
    loop {
        let i = match duel.to_move() {
            Some(i) if left(&made, i) => i,
            _ => match (0..2).find(|&i| left(&made, i)) {
                Some(i) => i,
                None => break,
            },
        };
        ended[i].replay_step(&mut duel.players[i], made[i]);
        made[i] += 1;
        movers.push(i);
        duel.turn = i;
        duel.next_turn();
    }
    movers
}

/// Two games played in turns.
#[derive(Clone, Debug)]
pub struct Duel<G> {
    pub players: [G; 2],
    turn: usize,
    /// Played over the network (`duel --host`/`--join`): at once, not in turns, and never to be
    /// taken up again at one keyboard.
    pub network: bool,
    /// A network duel lost before it was decided: by whom (0 or 1), and how.
    pub forfeit: Option<(usize, Forfeit)>,
}

impl<G: Playable> Duel<G> {
    /// Player 0 moves first.
    pub fn new(a: G, b: G) -> Duel<G> {
        Duel {
            players: [a, b],
            turn: 0,
            network: false,
            forfeit: None,
        }
    }

    /// The player to move, or `None` when the duel is decided.
    pub fn to_move(&self) -> Option<usize> {
        if self.result().is_some() {
            return None;
        }
        Some(self.turn)
    }

    /// The game of the player to move, for making a move on it. Call [`Duel::next_turn`] after.
    pub fn current(&mut self) -> Option<&mut G> {
        let i = self.to_move()?;
        Some(&mut self.players[i])
    }

    /// Hands the turn to the other player unless their game is over.
    pub fn next_turn(&mut self) {
        let other = 1 - self.turn;
        if !self.players[other].finished() {
            self.turn = other;
        }
    }

    /// The result, once it cannot change any more: a forfeit's, or the rules'.
    pub fn result(&self) -> Option<DuelResult> {
        if let Some((loser, how)) = self.forfeit {
            return Some(DuelResult::Win {
                winner: 1 - loser.min(1),
                by_score: false,
                forfeit: Some(how),
            });
        }
        self.decided()
    }

    /// The result the rules give the two games, once it cannot change any more.
    pub fn decided(&self) -> Option<DuelResult> {
        let [a, b] = &self.players;
        let decided = match (a.finished(), b.finished()) {
            (true, true) => true,
            (true, false) => b.survived() > a.survived(),
            (false, true) => a.survived() > b.survived(),
            (false, false) => false,
        };
        if !decided {
            return None;
        }
        let key = |g: &G| (g.survived(), g.score());
        Some(match key(a).cmp(&key(b)) {
            std::cmp::Ordering::Greater => DuelResult::Win {
                winner: 0,
                by_score: a.survived() == b.survived(),
                forfeit: None,
            },
            std::cmp::Ordering::Less => DuelResult::Win {
                winner: 1,
                by_score: a.survived() == b.survived(),
                forfeit: None,
            },
            std::cmp::Ordering::Equal => DuelResult::Draw,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scripted contender: ends after `life` moves, scoring `per_move` each.
    #[derive(Clone, Debug)]
    struct Toy {
        moves: u64,
        life: u64,
        per_move: u64,
    }

    /// Only what a duel reads matters; the rest is the simplest true answer.
    impl Playable for Toy {
        fn finished(&self) -> bool {
            self.moves >= self.life
        }
        fn survived(&self) -> u64 {
            self.moves
        }
        fn score(&self) -> u64 {
            self.moves * self.per_move
        }
        fn highest(&self) -> u64 {
            self.per_move
        }
        fn ending(&self) -> Ending {
            Ending::Quit
        }
        fn undo_count(&self) -> u32 {
            0
        }
        fn move_count(&self) -> usize {
            self.moves as usize
        }
        fn restart(&self) -> Toy {
            toy(self.life, self.per_move)
        }
        fn replay_step(&self, at: &mut Toy, _: usize) {
            at.moves += 1;
        }
    }

    fn toy(life: u64, per_move: u64) -> Toy {
        Toy {
            moves: 0,
            life,
            per_move,
        }
    }

    fn play_out(d: &mut Duel<Toy>) -> Vec<usize> {
        let mut order = Vec::new();
        while let Some(i) = d.to_move() {
            order.push(i);
            d.current().unwrap().moves += 1;
            d.next_turn();
        }
        order
    }

    #[test]
    fn turns_alternate_and_skip_a_finished_player() {
        let mut d = Duel::new(toy(2, 1), toy(5, 1));
        // a, b, a (a is now out after 2 moves), b, b: b has survived 3 > 2 and wins.
        assert_eq!(play_out(&mut d), vec![0, 1, 0, 1, 1]);
        assert_eq!(
            d.result(),
            Some(DuelResult::Win {
                winner: 1,
                by_score: false,
                forfeit: None
            })
        );
    }

    #[test]
    fn equal_survival_goes_to_the_higher_score() {
        let mut d = Duel::new(toy(3, 1), toy(3, 2));
        play_out(&mut d);
        assert_eq!(
            d.result(),
            Some(DuelResult::Win {
                winner: 1,
                by_score: true,
                forfeit: None
            })
        );
        let mut d = Duel::new(toy(3, 2), toy(3, 2));
        play_out(&mut d);
        assert_eq!(d.result(), Some(DuelResult::Draw));
    }

    /// A forfeit decides whatever the games say, is said in the same words for both sides, and
    /// is kept in the record's result (an older record, without it, still reads).
    #[test]
    fn a_forfeit_is_the_result_and_says_who_and_how() {
        let mut d = Duel::new(toy(2, 1), toy(5, 1));
        d.players[0].moves = 2;
        d.forfeit = Some((1, Forfeit::Time));
        let result = d.result().unwrap();
        assert_eq!(d.decided(), None);
        assert_eq!(result.forfeited(), Some((1, Forfeit::Time)));
        let names = ["Ann".to_string(), "Bob".to_string()];
        assert_eq!(
            result_text(Some(result), &names),
            "Ann won: Bob ran out of time"
        );
        let json = serde_json::to_string(&result).unwrap();
        assert_eq!(
            json,
            r#"{"result":"win","winner":0,"by_score":false,"forfeit":"time"}"#
        );
        let old: DuelResult =
            serde_json::from_str(r#"{"result":"win","winner":1,"by_score":true}"#).unwrap();
        assert_eq!(old.forfeited(), None);
    }

    #[test]
    fn card_duel_deals_both_the_same_cards() {
        use std::sync::Arc;
        let rules = Arc::new(crate::cards::rules::Rules::default_rules());
        let a = Game::with_seed(rules.clone(), 4);
        let b = Game::new(rules, a.deck().clone());
        let mut d = Duel::new(a, b);
        let mut hands = [Vec::new(), Vec::new()];
        while let Some(i) = d.to_move() {
            let g = d.current().unwrap();
            hands[i].push(g.hand().unwrap());
            let col = (0..5)
                .find(|&c| g.check(crate::cards::engine::Move::Place(c)).is_ok())
                .unwrap();
            g.play(crate::cards::engine::Move::Place(col)).unwrap();
            d.next_turn();
        }
        let n = hands[0].len().min(hands[1].len());
        assert!(n > 0);
        assert_eq!(hands[0][..n], hands[1][..n]);
        assert!(d.result().is_some());
    }
}
