//! How the puzzle's solver ([`new2048::strategy::exact`]) does on the decks puzzles deal: for
//! each rule set, seeded deals of 20 cards (seeds 0, 1, …, dealt as `new2048 puzzle --seed N`
//! deals them), each solved once in a process of its own, with how many were proven (the rest
//! got a beam's "best known"), the median and the slowest time, and the peak memory of the
//! process (its resident set at its highest, as the kernel counts it: the program, the deck and
//! everything the solver held).
//!
//! Targets (issue 45): every deal within 2 s and 256 MB on one core; proven ≥ 99% on default
//! and hard. The rule sets: the three presets (200 deals each) and two of a player's own with
//! wild cards and discards (50 each, see [`own`]).
//!
//! Run: `cargo bench --bench puzzle` (all of it), `cargo bench --bench puzzle -- solitaire 20`
//! (one rule set, its first 20 deals), `cargo bench --bench puzzle -- --cards 30 default 50`
//! (decks of 30 cards), `cargo bench --bench puzzle -- --deal default 149` (one deal: proven,
//! score, milliseconds, peak KB).

use std::process::Command;
use std::time::Instant;

use new2048::cards::card::Card;
use new2048::cards::deck::deal;
use new2048::cards::rules::Rules;
use new2048::strategy::exact;

/// A puzzle's cards (`puzzle::CARDS`; `--cards N` for other lengths) and how many of them are
/// in view (the most there can be).
const CARDS: u32 = 20;
const LOOKAHEAD: u8 = 10;

/// Two rule sets of a player's own, with wild cards and discards: the default rules with a
/// wild card in 20 and a discard back for each clear (`wild`), and a smaller board of six-high
/// columns scoring the values merges make, with bombs, wild cards and discards (`mixed`).
fn own(name: &str) -> Option<Rules> {
    let mut r = Rules::default_rules();
    match name {
        "wild" => {
            set_weight(&mut r, Card::WILD, 5);
            r.discards.start = 1;
            r.discards.per_clear = 1;
            r.discards.max = 2;
        }
        "mixed" => {
            r.board.columns = 4;
            r.board.height = 6;
            set_weight(&mut r, Card::WILD, 4);
            set_weight(&mut r, Card::BOMB, 6);
            r.discards.start = 2;
            r.discards.per_clear = 1;
            r.discards.max = 3;
            r.scoring.per_merge = 0;
            r.scoring.merged_value = true;
            r.scoring.clear_bonus = 100;
        }
        _ => return None,
    }
    r.name = name.to_string();
    Some(r)
}

fn set_weight(r: &mut Rules, card: Card, w: u32) {
    r.deck.weights.retain(|(c, _)| *c != card);
    r.deck.weights.push((card, w));
}

/// The rules named (a preset or one of [`own`]) with decks of `cards`.
fn rules(name: &str, cards: u32) -> Rules {
    let mut r = match new2048::config::presets::get(name) {
        Some(text) => Rules::parse(text, name, Some(&Rules::default_rules())).expect("a preset"),
        None => own(name).unwrap_or_else(|| panic!("no rule set {name}")),
    };
    r.deck.size = cards;
    r.deck.lookahead = LOOKAHEAD;
    r
}

/// The peak resident set of this process so far, in KB (Linux; 0 where it cannot be read).
fn peak_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// The processor time this thread has had, in ms (Linux; the wall clock's time elsewhere):
/// on a machine shared with other work, what the solve itself took of one core.
fn cpu_ms(wall: Instant) -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or_else(|| wall.elapsed().as_secs_f64() * 1000.0, |ns| ns / 1e6)
}

/// One deal, in this process: `proven score ms peak_kb`, the time the processor time of the
/// solve.
fn one(name: &str, cards: u32, seed: u64) {
    let rules = rules(name, cards);
    let deck = deal(&rules, seed);
    let wall = Instant::now();
    let before = cpu_ms(wall);
    let s = exact::solve(&rules, &deck);
    let ms = cpu_ms(wall) - before;
    println!("{} {} {ms:.1} {}", u8::from(s.proven), s.score, peak_kb());
}

/// A deal's figures, from the process that solved it.
struct Deal {
    seed: u64,
    proven: bool,
    score: u64,
    ms: f64,
    kb: u64,
}

fn run(name: &str, cards: u32, seed: u64) -> Deal {
    let out = Command::new(std::env::current_exe().expect("the bench"))
        .args([
            "--cards",
            &cards.to_string(),
            "--deal",
            name,
            &seed.to_string(),
        ])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let f: Vec<&str> = text.split_whitespace().collect();
    assert!(
        f.len() == 4,
        "deal {name} {seed}: {text} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Deal {
        seed,
        proven: f[0] == "1",
        score: f[1].parse().expect("a score"),
        ms: f[2].parse().expect("a time"),
        kb: f[3].parse().expect("a size"),
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let mut cards = CARDS;
    if args.first().map(String::as_str) == Some("--cards") {
        cards = args[1].parse().expect("a number of cards");
        args.drain(..2);
    }
    if args.first().map(String::as_str) == Some("--deal") {
        one(&args[1], cards, args[2].parse().expect("a seed"));
        return;
    }
    let sets: Vec<(String, u64)> = match args.as_slice() {
        [] => ["default", "hard", "solitaire"]
            .into_iter()
            .map(|n| (n.to_string(), 200))
            .chain(["wild", "mixed"].into_iter().map(|n| (n.to_string(), 50)))
            .collect(),
        [name] => vec![(name.clone(), 200)],
        [name, n, ..] => vec![(name.clone(), n.parse().expect("a number of deals"))],
    };
    println!("{cards} cards; times are the processor's, in ms, of one core");
    println!("rules      deals  proven  median ms  worst ms  peak MB  mean target  not proven");
    for (name, deals) in sets {
        let mut all: Vec<Deal> = (0..deals).map(|seed| run(&name, cards, seed)).collect();
        let proven = all.iter().filter(|d| d.proven).count();
        let missed: Vec<String> = all
            .iter()
            .filter(|d| !d.proven)
            .map(|d| d.seed.to_string())
            .collect();
        let mean = all.iter().map(|d| d.score).sum::<u64>() as f64 / deals as f64;
        let kb = all.iter().map(|d| d.kb).max().unwrap_or(0);
        all.sort_by(|a, b| a.ms.total_cmp(&b.ms));
        let worst = all.last().expect("a deal");
        println!(
            "{name:<10} {deals:>5}  {:>5.1}%  {:>9.1}  {:>8.1}  {:>7.1}  {mean:>11.1}  {}",
            proven as f64 * 100.0 / deals as f64,
            all[all.len() / 2].ms,
            worst.ms,
            kb as f64 / 1024.0,
            if missed.is_empty() {
                "-".to_string()
            } else {
                format!("seeds {}", missed.join(" "))
            }
        );
    }
}
