//! Every strategy plays only legal moves, whatever the rules and the position, and gives up
//! (`None`) only when the player really has no move.

use std::sync::Arc;

use new2048::cards::engine::Game;
use new2048::cards::rules::Rules;
use new2048::strategy::{self, Expectimax, Greedy, Random, Sight, Strategy};
use proptest::prelude::*;

use crate::common::any_rules;

/// A search small enough for debug builds: only the visible cards.
fn small_expectimax() -> Expectimax {
    Expectimax {
        chance_plies: 0,
        deepen_at_free: 0,
        ..Expectimax::default()
    }
}

/// Checks `bot`'s answer for the game's current position.
fn check_choice(bot: &dyn Strategy, game: &Game, rng: &mut new2048::cards::deck::GameRng) {
    let choice = bot.choose(&Sight::of(game), rng);
    match choice {
        Some(mv) => assert!(
            game.check(mv).is_ok(),
            "{} chose the illegal {mv:?}: {:?}",
            bot.name(),
            game.check(mv)
        ),
        None => assert!(
            game.is_over(),
            "{} gave up although a move was possible",
            bot.name()
        ),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random games under random rules: at each position every strategy is asked for a move.
    #[test]
    fn strategies_only_make_legal_moves(rules in any_rules(), seed in any::<u64>(), pick in 0usize..3) {
        let rules = Arc::new(rules);
        let mut game = Game::with_seed(rules, seed);
        let mut rng = new2048::cards::deck::rng(seed);
        let bots: [&dyn Strategy; 3] = [&Random, &Greedy, &small_expectimax()];
        loop {
            for bot in bots {
                check_choice(bot, &game, &mut rng);
            }
            // Who actually plays varies, so different bots lead into different positions.
            match bots[pick].choose(&Sight::of(&game), &mut rng) {
                Some(mv) => { game.play(mv).expect("checked above"); }
                None => break,
            }
        }
        prop_assert!(game.is_over());
        // The shipped strategies at their default budget, at the end and a few moves before it.
        for back in 0..3 {
            for name in strategy::NAMES {
                check_choice(&*strategy::by_name(name).unwrap(), &game, &mut rng);
            }
            if back < 2 && !game.undo() {
                break;
            }
        }
    }
}

#[test]
fn by_name_knows_every_name() {
    for name in strategy::NAMES {
        assert_eq!(strategy::by_name(name).unwrap().name(), *name);
    }
    assert!(strategy::by_name("nope").is_none());
    assert_eq!(strategy::NAMES.last(), Some(&"best"));
}

#[test]
fn hint_gives_a_legal_move_and_none_when_over() {
    let rules = Arc::new(Rules::default_rules());
    let mut game = Game::with_seed(rules, 11);
    for _ in 0..20 {
        let mv = strategy::hint(&game).expect("the game goes on");
        game.play(mv).unwrap();
    }
    // A one-column board with a deck of big cards fills up and ends.
    let text = "[deck]\nsize = 5\n[deck.weights]\n2 = 0\n4 = 0\n8 = 0\n16 = 0\n32 = 1\n64 = 1\n\
                bomb = 0\n[board]\ncolumns = 1\nheight = 1\n";
    let small = Rules::parse(text, "t", Some(&Rules::default_rules())).unwrap();
    let deck: Arc<[_]> = vec!["32".parse().unwrap(), "64".parse().unwrap()].into();
    let mut over = Game::new(Arc::new(small), deck);
    over.play(new2048::cards::engine::Move::Place(0)).unwrap();
    assert!(over.is_over());
    assert_eq!(strategy::hint(&over), None);
}

#[test]
fn random_covers_every_legal_move() {
    // Default rules, empty board: five columns, no discards; each must come up.
    let rules = Arc::new(Rules::default_rules());
    let game = Game::with_seed(rules, 1);
    let mut rng = new2048::cards::deck::rng(3);
    let mut seen = [0u32; 5];
    for _ in 0..1000 {
        match Random.choose(&Sight::of(&game), &mut rng) {
            Some(new2048::cards::engine::Move::Place(c)) => seen[c as usize] += 1,
            other => panic!("{other:?}"),
        }
    }
    assert!(seen.iter().all(|&n| (130..270).contains(&n)), "{seen:?}");
}

#[test]
fn expectimax_stays_within_its_budget_on_wide_boards() {
    // 9 columns and 10 visible cards: searching every visible card would be 9^10 leaves, which
    // never finishes; the leaf cap must cut it down.
    let text = "[deck]\nsize = 200\nlookahead = 10\n[board]\ncolumns = 9\nheight = 16\n";
    let rules = Arc::new(Rules::parse(text, "wide", Some(&Rules::default_rules())).unwrap());
    let mut game = Game::with_seed(rules, 5);
    let bot = Expectimax {
        max_leaves: 5_000,
        ..Expectimax::default()
    };
    let mut rng = new2048::cards::deck::rng(0);
    for _ in 0..10 {
        let mv = bot
            .choose(&Sight::of(&game), &mut rng)
            .expect("an empty board takes cards");
        game.play(mv).unwrap();
    }
}
