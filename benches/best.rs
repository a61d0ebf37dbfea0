//! How long one `best` decision takes on each shipped preset (learned evaluation and search).
//!
//! Target (issue 16): median at most 1 ms, slowest at most 20 ms on one core. The positions are
//! every decision of a few seeded games of the preset played by `best` itself (crowded boards
//! included); each sample is one decision (`sample_size = 1`), so divan's median and slowest
//! columns are the median and worst decision times.
//!
//! Run: `cargo bench --bench best`

use std::sync::Arc;

use new2048::cards::card::Card;
use new2048::cards::engine::{Game, Position};
use new2048::cards::rules::Rules;
use new2048::strategy::{Best, Sight, Strategy};

fn main() {
    divan::main();
}

const GAMES: u64 = 3;

/// A decision to make: the position, the visible cards and the cards left.
struct Decision {
    position: Position,
    visible: Vec<Card>,
    cards_left: usize,
}

fn preset(name: &str) -> Rules {
    let text = new2048::config::presets::get(name).expect("a shipped preset");
    Rules::parse(text, name, Some(&Rules::default_rules())).expect("presets parse")
}

/// Every decision of `GAMES` seeded games of `best` on `rules`.
fn decisions(rules: &Rules) -> Vec<Decision> {
    let rules = Arc::new(rules.clone());
    let mut out = Vec::new();
    for seed in 0..GAMES {
        let game = Game::with_seed(rules.clone(), seed);
        let moves = new2048::strategy::play_out(&game, &Best::default(), seed);
        let mut game = Game::with_seed(rules.clone(), seed);
        for mv in moves {
            out.push(Decision {
                position: *game.position(),
                visible: game.visible().to_vec(),
                cards_left: game.cards_left(),
            });
            game.play(mv).expect("the bot plays legal moves");
        }
    }
    out
}

#[divan::bench(sample_count = 3000, sample_size = 1, args = ["default", "hard", "solitaire"])]
fn best_decision(bencher: divan::Bencher, name: &str) {
    let rules = preset(name);
    let all = decisions(&rules);
    let bot = Best::default();
    let mut next = 0;
    let mut rng = new2048::cards::deck::rng(0);
    bencher
        .with_inputs(|| {
            next = (next + 1) % all.len();
            &all[next]
        })
        .bench_local_values(|d| {
            let view = Sight {
                position: &d.position,
                visible: &d.visible,
                cards_left: d.cards_left,
                rules: &rules,
            };
            bot.choose(&view, &mut rng)
        });
}
