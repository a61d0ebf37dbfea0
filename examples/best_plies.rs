//! Compares `best` with 0, 1 (and 2) chance plies after the visible cards on a preset, on the
//! same seeded games: win rate and time per decision. Weights come from `$NEW2048_DATA_DIR` or the
//! shipped ones.
//!
//! Run: `cargo run --release --example best_plies -- hard 200 0 1`

use new2048::cards::rules::Rules;
use new2048::strategy::Best;
use new2048::strategy::sim::{no_progress, play_games, summarise};

/// The seed of the games (as `simulate --seed 1000`): not the seed the README's figures use, so
/// what is tuned here is measured on other games.
const SEED: u64 = 1000;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().map_or("hard", String::as_str);
    let games: u64 = args.get(1).and_then(|g| g.parse().ok()).unwrap_or(200);
    let text = new2048::config::presets::get(name).expect("a preset name");
    let rules = Rules::parse(text, name, Some(&Rules::default_rules())).expect("presets parse");
    let seed: u64 = std::env::var("SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(SEED);
    for arg in args.iter().skip(2) {
        // `N`: N chance plies; `dF`: the default depth, one ply more at most F free slots.
        let bot = match arg.strip_prefix('d') {
            Some(f) => Best {
                chance_plies: None,
                deepen_at_free: f.parse().ok(),
            },
            None => Best {
                chance_plies: arg.parse().ok(),
                deepen_at_free: None,
            },
        };
        let plies = arg;
        let start = std::time::Instant::now();
        let results =
            play_games(&rules, &bot, games, seed, 1, &no_progress).expect("one thread starts");
        let secs = start.elapsed().as_secs_f64();
        let s = summarise("best", &rules, seed, &results);
        println!(
            "{name} plies {plies}: won {}/{} = {:.1}% (CI {:.1}-{:.1}), cards {:.0}, {:.3} ms/decision",
            s.wins,
            s.games,
            s.win_rate * 100.0,
            s.win_rate_ci95[0] * 100.0,
            s.win_rate_ci95[1] * 100.0,
            s.mean_cards_played,
            secs * 1000.0 / s.placements as f64
        );
        let lost: Vec<String> = (0..results.len())
            .filter(|&i| !results[i].won)
            .map(|i| format!("{i} (card {})", results[i].cards_played))
            .collect();
        println!("  lost games (index from the seed): {}", lost.join(", "));
    }
}
