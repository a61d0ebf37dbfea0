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

use crate::cards::deck::{self, Dealer};
use crate::cards::engine::Position;
use crate::cards::rules::Rules;

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
    card: crate::cards::card::Card,
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
    crate::strategy::sim::game_seed(seed ^ job.wrapping_mul(0xA076_1D64_78BD_642F), i)
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
            w.fill(0.0);
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
