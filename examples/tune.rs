//! Tuning `expectimax`: plays seeded games with chosen weights and prints how long the bot lasts.
//!
//! `cargo run --release --example tune -- hard 60 near=0.3 stuck=2` plays 60 games of the `hard`
//! preset (seeds as `simulate --seed 1000`) with those weights changed from the defaults. This is
//! how the defaults in `src/strategy/expectimax.rs` were chosen.

use new2048::cards::rules::Rules;
use new2048::strategy::Expectimax;
use new2048::strategy::sim::{no_progress, play_games, summarise};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [preset, games, changes @ ..] = args.as_slice() else {
        eprintln!("usage: tune PRESET GAMES [KEY=VALUE]...");
        std::process::exit(2);
    };
    let games: u64 = games.parse().expect("GAMES is a whole number");
    let mut bot = Expectimax::default();
    for change in changes {
        let (key, value) = change.split_once('=').expect("changes are KEY=VALUE");
        let v: f64 = value.parse().expect("values are numbers");
        let w = &mut bot.weights;
        match key {
            "plies" => bot.chance_plies = v as u8,
            "deepen" => bot.deepen_at_free = v as u8,
            "minp" => bot.min_prob = v,
            "free" => w.free = v,
            "empty" => w.empty_column = v,
            "stuck" => w.stuck = v,
            "gap" => w.gap = v,
            "near" => w.near = v,
            "risk" => w.risk = v,
            "crowdb" => w.crowd_below = v,
            "crowd" => w.crowd = v,
            "points" => w.points = v,
            "discard" => w.discard = v,
            _ => panic!("unknown key {key}"),
        }
    }
    let text = new2048::config::presets::get(preset).expect("a preset: default, solitaire or hard");
    let rules = Rules::parse(text, preset, Some(&Rules::default_rules())).expect("presets parse");
    let start = std::time::Instant::now();
    let played = play_games(&rules, &bot, games, 1000, 1, &no_progress).expect("one thread starts");
    let r = summarise("expectimax", &rules, 1000, &played);
    println!(
        "{changes:?}: {:.1} cards, won {:.2}%, score {:.1}, {:.1} s",
        r.mean_cards_played,
        r.win_rate * 100.0,
        r.mean_score,
        start.elapsed().as_secs_f64()
    );
}
