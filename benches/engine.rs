//! The engine's speed with the `random` bot: placements per second on one core.
//!
//! Target (issue 5): at least 50 million per second in a release build. Decks are dealt with
//! `Dealer::deal_into` into one reused `Vec`, and games are played on a bare `Position`, the way
//! a simulator would. Each iteration makes exactly `PLACEMENTS` placements, starting a new game
//! whenever one ends, so divan's items/s is placements per second, dealing included.
//!
//! Run: `cargo bench --bench engine`

use divan::counter::ItemsCount;
use new2048::cards::card::Card;
use new2048::cards::deck::{self, Dealer};
use new2048::cards::engine::{Move, Position};
use new2048::cards::rules::Rules;
use new2048::strategy::Random;

const PLACEMENTS: usize = 100_000;

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
