//! How long one `expectimax` decision takes at its default budget, on the default rules.
//!
//! Target (issue 5): median under 10 ms, worst under 100 ms. The positions are every decision of
//! a few seeded games played by expectimax itself, so crowded, dangerous boards are included;
//! each sample is one decision on the next position (`sample_size = 1`), so divan's median and
//! slowest columns are the median and worst decision times.
//!
//! Run: `cargo bench --bench bots`

use std::sync::Arc;

use new2048::cards::engine::Game;
use new2048::cards::rules::Rules;
use new2048::strategy::{Expectimax, Greedy, Sight, Strategy};

fn main() {
    divan::main();
}

const GAMES: u64 = 20;

/// Every position met in `GAMES` seeded games of expectimax on `rules`.
fn positions(rules: Rules) -> Vec<Game> {
    let rules = Arc::new(rules);
    let bot = Expectimax::default();
    let mut rng = new2048::cards::deck::rng(0);
    let mut out = Vec::new();
    for seed in 0..GAMES {
        let mut game = Game::with_seed(rules.clone(), seed);
        while let Some(mv) = bot.choose(&Sight::of(&game), &mut rng) {
            out.push(game.clone());
            game.play(mv).expect("the bot plays legal moves");
        }
    }
    out
}

fn decisions(bencher: divan::Bencher, bot: &dyn Strategy) {
    let games = positions(Rules::default_rules());
    let mut next = 0;
    let mut rng = new2048::cards::deck::rng(0);
    bencher
        .with_inputs(|| {
            next = (next + 1) % games.len();
            &games[next]
        })
        .bench_local_values(|game| bot.choose(&Sight::of(game), &mut rng));
}

#[divan::bench(sample_count = 2000, sample_size = 1)]
fn expectimax_decision(bencher: divan::Bencher) {
    decisions(bencher, &Expectimax::default());
}

#[divan::bench(sample_count = 2000, sample_size = 1)]
fn greedy_decision(bencher: divan::Bencher) {
    decisions(bencher, &Greedy);
}
