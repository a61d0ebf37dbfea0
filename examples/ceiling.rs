//! The ceiling: the best result a search that knows the whole deck finds on a preset's deals,
//! against what `best` and `expectimax` (who see only what a player sees) make of the same deals.
//!
//! The search is a beam search over the deck in order: at each card every kept position tries
//! each of its moves, positions reached twice are kept once, and the `width` positions worth most
//! go on (worth: the points scored so far plus the learned outlook of the rest, by the rules'
//! objective; without weights the points alone). A game's ceiling is the best score among the
//! positions that placed the whole deck (or, when none did, the most cards placed). A beam search
//! finds a lower bound of the true optimum, so a wider beam can only raise the ceiling; the README
//! quotes the width it used.
//!
//! Run: `cargo run --release --example ceiling -- default 50 1000` (preset, deals, beam width).
//! The deals are those of `new2048 simulate --seed 1`.

use std::collections::HashSet;

use new2048::cards::deck::deal;
use new2048::cards::engine::{Move, Position};
use new2048::cards::rules::Rules;
use new2048::strategy::ntuple;
use new2048::strategy::objective::Objective;
use new2048::strategy::sim::{game_seed, no_progress, play_games, summarise};
use new2048::strategy::{Best, Expectimax};

/// The seed of the deals, as `simulate --seed 1`.
const SEED: u64 = 1;

/// The ceiling of one deal: (won, score, cards placed).
fn ceiling(rules: &Rules, seed: u64, width: usize) -> (bool, u64, usize) {
    let deck = deal(rules, seed);
    let net = ntuple::for_rules(rules);
    let obj = Objective::of(rules);
    let worth = |p: &Position| p.score as f64 + net.as_ref().map_or(0.0, |n| obj.worth(n.value(p)));
    let mut beam = vec![Position::new(rules)];
    for (k, &card) in deck.iter().enumerate() {
        let mut seen = HashSet::new();
        let mut next: Vec<(f64, Position)> = Vec::new();
        for pos in &beam {
            let mask = pos.legal_mask(card, rules);
            let moves = (0..pos.columns().len())
                .filter(|c| mask & (1 << c) != 0)
                .map(|c| Move::Place(c as u8))
                .chain((pos.discards > 0).then_some(Move::Discard));
            for mv in moves {
                let mut child = *pos;
                child.apply(mv, card, rules);
                let mut shape: Vec<_> = child.columns().to_vec();
                shape.sort_by(|a, b| a.cards().cmp(b.cards()));
                if seen.insert((shape, child.score, child.discards)) {
                    next.push((worth(&child), child));
                }
            }
        }
        if next.is_empty() {
            let best = beam.iter().map(|p| p.score).max().unwrap_or(0);
            return (false, best, k);
        }
        next.sort_by(|a, b| b.0.total_cmp(&a.0));
        next.truncate(width);
        beam = next.into_iter().map(|(_, p)| p).collect();
    }
    let best = beam.iter().map(|p| p.score).max().unwrap_or(0);
    (true, best, deck.len())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().map_or("default", String::as_str);
    let games: u64 = args.get(1).and_then(|g| g.parse().ok()).unwrap_or(50);
    let width: usize = args.get(2).and_then(|w| w.parse().ok()).unwrap_or(1000);
    let text = new2048::config::presets::get(name).expect("a preset name");
    let rules = Rules::parse(text, name, Some(&Rules::default_rules())).expect("presets parse");

    // `DEALS=SEED:I,J,...`: only those deals of `simulate --seed SEED` (the ones a bot lost), to
    // ask whether anyone could have won them; the bots are not played then.
    if let Ok(deals) = std::env::var("DEALS") {
        let (seed, list) = deals.split_once(':').expect("DEALS=SEED:I,J,...");
        let seed: u64 = seed.parse().expect("a seed");
        for i in list.split(',').filter_map(|i| i.parse::<u64>().ok()) {
            let (won, score, cards) = ceiling(&rules, game_seed(seed, i), width);
            println!(
                "{name} deal {i} of seed {seed}: won {won}, score {score}, {cards} cards placed"
            );
        }
        return;
    }
    let start = std::time::Instant::now();
    let ceilings: Vec<(bool, u64, usize)> = (0..games)
        .map(|i| ceiling(&rules, game_seed(SEED, i), width))
        .collect();
    let secs = start.elapsed().as_secs_f64();
    let n = games as f64;
    let won = ceilings.iter().filter(|c| c.0).count();
    let mean = ceilings.iter().map(|c| c.1 as f64).sum::<f64>() / n;
    println!(
        "{name}, {games} deals of seed {SEED}: ceiling (beam {width}, whole deck known) won {won}, \
         mean score {mean:.2} ({secs:.0} s)"
    );
    let best = Best::default();
    let expectimax = Expectimax::default();
    let bots: [(&str, &dyn new2048::strategy::Strategy); 2] =
        [("best", &best), ("expectimax", &expectimax)];
    for (label, bot) in bots {
        let results =
            play_games(&rules, bot, games, SEED, 1, &no_progress).expect("one thread starts");
        let s = summarise(label, &rules, SEED, &results);
        let per_deal = results
            .iter()
            .zip(&ceilings)
            .map(|(r, c)| r.score as f64 / (c.1 as f64).max(1.0))
            .sum::<f64>()
            / n;
        println!(
            "{label}: won {}, mean score {:.2} = {:.1}% of the ceiling's mean ({:.1}% deal by deal)",
            s.wins,
            s.mean_score,
            100.0 * s.mean_score / mean.max(1e-9),
            100.0 * per_deal
        );
    }
}
