//! The review's accuracy of each bot over the same deals: what `new2048 review --json` reports as
//! `accuracy` for a game each bot played (`autoplay --strategy NAME --seed S`), averaged over the
//! deals of seeds `first..first + deals` (`first` 1 unless given). Accuracy should follow
//! strength: random < greedy < expectimax <= best, and best's own games are 100%.
//!
//! Run: `cargo run --release --example accuracy -- default 30` (preset, deals), or
//! `-- default 30 31` for the next 30 deals.

use std::sync::Arc;

use new2048::cards::engine::Game;
use new2048::cards::rules::Rules;
use new2048::strategy::{self, play_out, review};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().map_or("default", String::as_str);
    let deals: u64 = args.get(1).and_then(|g| g.parse().ok()).unwrap_or(30);
    let first: u64 = args.get(2).and_then(|g| g.parse().ok()).unwrap_or(1);
    let text = new2048::config::presets::get(name).expect("a preset name");
    let rules = Arc::new(Rules::parse(text, name, Some(&Rules::default_rules())).expect("parses"));
    for bot_name in strategy::NAMES {
        let bot = strategy::by_name(bot_name).expect("a known bot");
        let (mut sum, mut lowest, mut score) = (0.0, f64::MAX, 0.0);
        for seed in first..first + deals {
            let mut game = Game::with_seed(Arc::clone(&rules), seed);
            // The bot's generator as `autoplay --seed` seeds it.
            for mv in play_out(&game, &*bot, seed) {
                game.play(mv).expect("bots play legal moves");
            }
            let r = review::rate(&game);
            sum += r.accuracy;
            lowest = f64::min(lowest, r.accuracy);
            score += game.position().score as f64;
        }
        let n = deals as f64;
        println!(
            "{name} {bot_name}: mean accuracy {:.2}% (lowest {:.2}%), mean score {:.2} over {deals} deals from seed {first}",
            100.0 * sum / n,
            100.0 * lowest,
            score / n
        );
    }
}
