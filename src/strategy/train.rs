//! Self-play training of the n-tuple network ([`super::ntuple`]) by TD(0) over afterstates.
//!
//! Each game deals cards with the rules' weights from a seeded generator, with no end of deck
//! (a game stops when lost or after [`MAX_CARDS`]): the deck's size only says when a real game is
//! won, and the network should know late, crowded boards too. For each card the player takes the
//! move whose afterstate the network values most (one ply, the hand only: cheap, and the search
//! that plays with the network adds the visible cards), and the previous afterstate's value is
//! moved towards `(1 - γ) + γ · value(new afterstate)`, or towards 0 when the card could go
//! nowhere (the game is lost). That is TD(0) on afterstates as in Szubert & Jaśkowski (2014),
//! with a survival reward instead of the score, since surviving the deck is what wins.
//!
//! Determinism: with one job the weights depend only on the rules and the seed. With `J` jobs the
//! games are played in rounds: every job trains its own copy of the weights on its own games
//! (seeded from the training seed, the round and the job), and at the end of a round the copies
//! are averaged. So the result depends on the seed and on `J`, but not on timing.

use crate::deck::{self, Dealer};
use crate::engine::Position;
use crate::rules::Rules;

use super::each_afterstate;
use super::ntuple::{GAMMA, Network};

/// The most cards one training game lasts.
pub const MAX_CARDS: u32 = 3_000;

/// Learning settings.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The step size of a TD update, shared among the entries a position reads.
    pub alpha: f32,
    /// Games each job plays between two averagings (with more than one job).
    pub round: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            alpha: 0.1,
            round: 500,
        }
    }
}

/// The afterstate the network prefers for `card`, with its value, or `None` when the card can go
/// nowhere.
#[inline]
pub fn greedy_after(
    net: &Network,
    pos: &Position,
    card: crate::card::Card,
    rules: &Rules,
) -> Option<(Position, f32)> {
    let mut best: Option<(Position, f32)> = None;
    each_afterstate(pos, card, rules, |child| {
        let v = net.value(child);
        if best.as_ref().is_none_or(|&(_, b)| v > b) {
            best = Some((*child, v));
        }
    });
    best
}

/// Plays one self-play game from `seed`, learning as it goes; returns the cards it lasted.
pub fn train_game(
    net: &mut Network,
    rules: &Rules,
    dealer: &Dealer,
    seed: u64,
    s: &Settings,
) -> u32 {
    let mut rng = deck::rng(seed);
    let mut pos = Position::new(rules);
    let mut prev: Option<(super::ntuple::Features, usize)> = None;
    let mut cards = 0;
    let step = |net: &mut Network, prev: &Option<(super::ntuple::Features, usize)>, target: f32| {
        if let Some((f, n)) = prev {
            let f = &f[..*n];
            let err = target - net.sum(f);
            net.add(f, s.alpha * err / *n as f32);
        }
    };
    while cards < MAX_CARDS {
        let card = dealer.draw(&mut rng);
        let Some((after, v)) = greedy_after(net, &pos, card, rules) else {
            step(net, &prev, 0.0);
            return cards;
        };
        step(net, &prev, (1.0 - GAMMA) + GAMMA * v);
        prev = Some(net.features(&after));
        pos = after;
        cards += 1;
    }
    cards
}

/// The seed of training game `i` of job `job` (0 with one job).
pub fn game_seed(seed: u64, job: u64, i: u64) -> u64 {
    crate::simulate::game_seed(seed ^ job.wrapping_mul(0xA076_1D64_78BD_642F), i)
}

/// Trains `net` on games `from..to` (each job plays that many), calling `report(games done,
/// cards of each game)` after each round. Deterministic from the seed and `jobs`.
pub fn train(
    net: &mut Network,
    rules: &Rules,
    seed: u64,
    range: std::ops::Range<u64>,
    jobs: usize,
    s: &Settings,
    mut report: impl FnMut(&Network, u64, &[u32]),
) {
    let dealer = Dealer::new(rules);
    let mut i = range.start;
    while i < range.end {
        let end = (i + s.round).min(range.end);
        let cards: Vec<u32> = if jobs <= 1 {
            (i..end)
                .map(|g| train_game(net, rules, &dealer, game_seed(seed, 0, g), s))
                .collect()
        } else {
            let results: Vec<(Network, Vec<u32>)> = std::thread::scope(|scope| {
                let handles: Vec<_> = (0..jobs as u64)
                    .map(|job| {
                        let mut copy = net.clone();
                        let dealer = &dealer;
                        scope.spawn(move || {
                            let c: Vec<u32> = (i..end)
                                .map(|g| {
                                    train_game(&mut copy, rules, dealer, game_seed(seed, job, g), s)
                                })
                                .collect();
                            (copy, c)
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a training job does not panic"))
                    .collect()
            });
            let k = 1.0 / results.len() as f32;
            let w = net.weights_mut();
            w.iter_mut().for_each(|x| *x = 0.0);
            for (copy, _) in &results {
                for (x, y) in w.iter_mut().zip(copy.weights()) {
                    *x += y * k;
                }
            }
            results.into_iter().flat_map(|(_, c)| c).collect()
        };
        net.games += cards.len() as u64;
        i = end;
        report(net, i, &cards);
    }
}

/// The most self-play games one `train` asks for.
pub const MAX_GAMES: u64 = 100_000_000;

/// Runs `new2048 train`: trains from scratch, printing the learning curve, and stores the weights
/// in the data folder.
pub fn command(
    global: &crate::cli::Global,
    args: &crate::cli::TrainArgs,
) -> Result<(), crate::app::Failure> {
    use crate::app::Failure;
    use std::io::{IsTerminal, Write};
    if args.games == 0 || args.games > MAX_GAMES {
        return Err(Failure::usage(format!(
            "--games must be from 1 to {MAX_GAMES}: how many self-play games to learn from"
        )));
    }
    if args.jobs == 0 || args.jobs > crate::simulate::MAX_JOBS {
        return Err(Failure::usage(format!(
            "--jobs must be from 1 to {}: how many threads play games at once",
            crate::simulate::MAX_JOBS
        )));
    }
    let rules = crate::app::load_rules(global)?.rules;
    let dir = crate::paths::data_dir().ok_or_else(|| {
        Failure::io("cannot find a data folder for the weights; set NEW2048_DATA_DIR")
    })?;
    let mut net = Network::new(&rules);
    net.seed = args.seed;
    let settings = Settings::default();
    let per_job = args.games.div_ceil(args.jobs as u64);
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(per_job * args.jobs as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} games, {per_sec}, eta {eta}",
            )
            .expect("the template is valid"),
        );
        bar
    });
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "training {} ({}) from seed {}: {} games, {} jobs",
        rules.name,
        net.key().as_str(),
        args.seed,
        per_job * args.jobs as u64,
        args.jobs
    )?;
    writeln!(
        out,
        "{:>10} {:>12} {:>10} {:>10} {:>9}",
        "games", "mean cards", "lost <1000", "games/s", "seconds"
    )?;
    let start = std::time::Instant::now();
    let mut last = start;
    let mut block: Vec<u32> = Vec::new();
    let mut done_before = 0u64;
    let block_games = (per_job * args.jobs as u64 / 20).max(1);
    let mut io_result = Ok(());
    train(
        &mut net,
        &rules,
        args.seed,
        0..per_job,
        args.jobs,
        &settings,
        |net, _, cards| {
            if let Some(b) = &bar {
                b.inc(cards.len() as u64);
            }
            block.extend_from_slice(cards);
            if (block.len() as u64) < block_games && net.games < per_job * args.jobs as u64 {
                return;
            }
            let n = block.len() as f64;
            let mean = block.iter().map(|&c| f64::from(c)).sum::<f64>() / n;
            let short = block.iter().filter(|&&c| c < 1000).count() as f64 / n;
            let now = std::time::Instant::now();
            let gps = (net.games - done_before) as f64 / (now - last).as_secs_f64().max(1e-9);
            let line = format!(
                "{:>10} {:>12.1} {:>9.1}% {:>10.1} {:>9.1}",
                net.games,
                mean,
                short * 100.0,
                gps,
                (now - start).as_secs_f64()
            );
            match &bar {
                Some(b) => b.println(line),
                None => {
                    if io_result.is_ok() {
                        io_result = writeln!(out, "{line}");
                    }
                }
            }
            block.clear();
            done_before = net.games;
            last = now;
        },
    );
    io_result?;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let path = net
        .save(&dir)
        .map_err(|e| Failure::io(format!("cannot write the weights: {e}")))?;
    writeln!(
        out,
        "wrote {} ({} games, {:.0} s)",
        path.display(),
        net.games,
        start.elapsed().as_secs_f64()
    )?;
    Ok(())
}
