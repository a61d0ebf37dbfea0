//! The engine's speed with the `random` bot: placements per second on one core.
//!
//! Target (issue 16): at least 47 million per second (350 times the original program's 134k/s)
//! in `new2048 simulate --strategy random --games 1000000 --jobs 1`. Two measures:
//! - `random_bot`: decks dealt whole with `Dealer::deal_into` into one reused `Vec`, games played
//!   on a bare `Position`; each iteration makes exactly `PLACEMENTS` placements, starting a new
//!   game whenever one ends, so divan's items/s is placements per second, dealing included.
//! - `simulate_random`: the very loop `simulate` runs (`sim::play_game`, cards dealt as they
//!   come into view, the bot's choice inlined), over the same `GAMES` seeded games each time;
//!   items/s is placements per second.
//!
//! Run: `cargo bench --bench engine`

use divan::counter::ItemsCount;
use new2048::cards::card::Card;
use new2048::cards::deck::{self, Dealer};
use new2048::cards::engine::{Move, Position};
use new2048::cards::rules::Rules;
use new2048::strategy::Random;
use new2048::strategy::sim::{game_seed, play_game};

const PLACEMENTS: usize = 100_000;

/// Games of one `simulate_random` iteration.
const GAMES: u64 = 2_000;

fn main() {
    divan::main();
}

fn preset(name: &str) -> Rules {
    let text = new2048::config::presets::get(name).expect("a shipped preset");
    Rules::parse(text, name, Some(&Rules::default_rules())).expect("presets parse")
}

/// Plays `PLACEMENTS` random placements, dealing new games as needed; returns the points.
fn random_placements(rules: &Rules, dealer: &Dealer, deck: &mut Vec<Card>, seed: &mut u64) -> u64 {
    let mut rng = deck::rng(*seed);
    *seed += 1;
    let mut points = 0;
    let mut placed = 0;
    while placed < PLACEMENTS {
        dealer.deal_into(&mut rng, rules.deck.size as usize, deck);
        let mut pos = Position::new(rules);
        for &card in deck.iter() {
            match Random::pick(&pos, card, rules, &mut rng) {
                Some(Move::Place(c)) => points += pos.place_fast(c as usize, card, rules),
                Some(Move::Discard) => {
                    pos.apply(Move::Discard, card, rules);
                }
                None => break,
            }
            placed += 1;
            if placed == PLACEMENTS {
                break;
            }
        }
    }
    points
}

#[divan::bench(args = ["default", "hard", "solitaire"])]
fn random_bot(bencher: divan::Bencher, rules: &str) {
    let rules = preset(rules);
    let dealer = Dealer::new(&rules);
    let mut deck = Vec::with_capacity(rules.deck.size as usize);
    let mut seed = 0;
    bencher
        .counter(ItemsCount::new(PLACEMENTS))
        .bench_local(|| random_placements(&rules, &dealer, &mut deck, &mut seed));
}

/// Plays games `0..GAMES` of a simulation seeded with 1 as `simulate` does; returns the
/// placements (moves) made.
fn simulated(rules: &Rules, dealer: &Dealer, deck: &mut Vec<Card>) -> u64 {
    (0..GAMES)
        .map(|i| u64::from(play_game(rules, dealer, &Random, game_seed(1, i), deck).moves))
        .sum()
}

#[divan::bench(args = ["default", "hard", "solitaire"])]
fn simulate_random(bencher: divan::Bencher, rules: &str) {
    let rules = preset(rules);
    let dealer = Dealer::new(&rules);
    let mut deck = Vec::new();
    // The same games every iteration, so the same number of placements.
    let placements = simulated(&rules, &dealer, &mut deck);
    bencher
        .counter(ItemsCount::new(placements as usize))
        .bench_local(|| simulated(&rules, &dealer, &mut deck));
}
