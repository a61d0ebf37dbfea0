//! How long the puzzle's exact search ([`new2048::strategy::exact`]) takes on open decks of the
//! default rules: 50 seeded deals of each length, each solved once, with the median and the
//! slowest time and how many were proven (the rest fell back to the beam).
//!
//! Target (issue 34): a puzzle's deck is proven within 2 s on one core; the puzzle's length
//! (`new2048::puzzle::CARDS`) is chosen from this table.
//!
//! Run: `cargo bench --bench puzzle` (or `cargo bench --bench puzzle -- 24 30` for those lengths).

use std::time::Instant;

use new2048::cards::deck::deal;
use new2048::cards::rules::Rules;
use new2048::strategy::exact;

const DEALS: u64 = 50;

fn main() {
    let lengths: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let lengths = if lengths.is_empty() {
        vec![20, 24, 26, 28, 30]
    } else {
        lengths
    };
    println!("cards  proven  median ms  worst ms  mean score");
    for cards in lengths {
        let mut rules = Rules::default_rules();
        rules.deck.size = cards as u32;
        let mut times = Vec::new();
        let (mut proven, mut total) = (0, 0);
        for seed in 0..DEALS {
            let deck = deal(&rules, seed);
            let t = Instant::now();
            let s = exact::solve(&rules, &deck);
            times.push(t.elapsed().as_secs_f64() * 1000.0);
            proven += usize::from(s.proven);
            total += s.score;
        }
        times.sort_by(f64::total_cmp);
        println!(
            "{cards:>5}  {proven:>3}/{DEALS}  {:>9.1}  {:>8.1}  {:>10.1}",
            times[times.len() / 2],
            times[times.len() - 1],
            total as f64 / DEALS as f64
        );
    }
}
