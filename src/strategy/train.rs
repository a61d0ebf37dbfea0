//! Self-play training of the n-tuple network ([`super::ntuple`]) by TD(0) over afterstates.
//!
//! Each game deals cards with the rules' weights from a seeded generator, with no end of deck
//! (a game stops when lost or after [`MAX_CARDS`]): the deck's size only says when a real game is
//! won, and the network should know late, crowded boards too. For each card the player takes the
//! move worth most by the rules' objective ([`super::objective`]): its points plus the discounted
//! outlook of the afterstate the network gives (one ply, the hand only: cheap, and the search that
//! plays with the network adds the visible cards). The previous afterstate's outlook is then moved
//! towards that move's (`survival ← (1 - γ) + γ·survival'`, `points ← points of the move +
//! γ·points'`), or towards nothing when the card could go nowhere (the game is lost). That is
//! TD(0) on afterstates as in Szubert & Jaśkowski (2014), with the rules' own reward.
//!
//! With [`TrainSettings::see_next`] the self-play player also sees the card after the hand, as a
//! player with two visible cards does: a move's outlook is then its points and the best move of
//! the next card from there, valued by the network (two plies, about five times the work). A
//! one-ply player never learns what a second card shows, and on some boards it teaches itself
//! habits it cannot leave, since it only learns about the moves it makes: on solitaire its games
//! stalled at about 290 cards however long it trained (it spent both discards on 2s within the
//! first dozen cards and kept a column of junk), and on the same board without merging into a
//! full column it stacked card after card on one column (41 cards a game, random play lasts 39).
//! Seeing the next card, solitaire's self-play games lasted 356 cards after 20,000 games and
//! kept growing (the curve of the shipped solitaire weights is in the README).
//!
//! The step size of an entry follows temporal coherence (Beal & Smith 1999, used for 2048 by
//! Jaśkowski 2018): each entry keeps the sum of the errors it was corrected by and the sum of
//! their sizes, and its rate is their ratio. While the errors agree in sign the entry learns at
//! full speed; once they cancel out (the entry only sees noise) it settles. So no schedule of
//! step sizes has to be tuned per rule set.
//!
//! Determinism: with one job the weights depend only on the rules and the seed. With `J` jobs
//! every job plays its own games (seeded from the training seed and the job) and all of them
//! update one shared set of weights at once, without locks ("Hogwild", Recht et al. 2011): an
//! update read between another job's read and write is lost now and then, which costs nothing
//! measurable, and every job learns from every other's games as they are played. The result then
//! depends on timing, so `--jobs 1` is the reproducible setting.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::cards::card::Card;
use crate::cards::deck::{self, Dealer};
use crate::cards::engine::Position;
use crate::cards::rules::Rules;

use super::each_afterstate;
use super::ntuple::{Features, Network};
use super::objective::{Objective, Outlook};

/// The most cards one training game lasts.
pub const MAX_CARDS: u32 = 3_000;

/// Learning settings.
#[derive(Clone, Copy, Debug)]
pub struct TrainSettings {
    /// The step size of a TD update (before temporal coherence), shared among the entries a
    /// position reads.
    pub alpha: f32,
    /// Games between two calls of the progress report.
    pub round: u64,
    /// Temporal coherence (see the module docs); without it every step is `alpha` times the
    /// error (plain TD(0), which wants an `alpha` near 0.1).
    pub coherence: bool,
    /// Whether the self-play player sees the card after the hand (see the module docs).
    pub see_next: bool,
}

impl Default for TrainSettings {
    fn default() -> Self {
        TrainSettings {
            alpha: 1.0,
            round: 500,
            coherence: true,
            see_next: false,
        }
    }
}

/// One learning entry: the weights (survival, points) and, per part, the sum of the errors and
/// the sum of their sizes (temporal coherence).
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    w: [f32; 2],
    err: [f32; 2],
    abs: [f32; 2],
}

impl Slot {
    /// Takes a step towards `err` (already divided among the entries) and keeps count.
    #[inline]
    fn learn(&mut self, err: [f32; 2], s: &TrainSettings) {
        for (k, &e) in err.iter().enumerate() {
            let rate = if s.coherence && self.abs[k] > 0.0 {
                self.err[k].abs() / self.abs[k]
            } else {
                1.0
            };
            self.w[k] += s.alpha * rate * e;
            self.err[k] += e;
            self.abs[k] += e.abs();
        }
    }
}

/// What self-play learns in: the weights with their learning state, owned by one job
/// ([`Owned`]) or shared by all ([`SharedTables`]).
trait Table {
    fn net(&self) -> &Network;
    fn sum(&self, f: &[u32]) -> [f32; 2];
    fn learn(&mut self, f: &[u32], err: [f32; 2], s: &TrainSettings);
}

/// The state of one job's learning.
struct Owned<'a> {
    net: &'a Network,
    entries: Vec<Slot>,
}

impl Table for Owned<'_> {
    fn net(&self) -> &Network {
        self.net
    }

    #[inline]
    fn sum(&self, f: &[u32]) -> [f32; 2] {
        f.iter().fold([0.0; 2], |[s, p], &i| {
            let e = &self.entries[i as usize];
            [s + e.w[0], p + e.w[1]]
        })
    }

    #[inline]
    fn learn(&mut self, f: &[u32], err: [f32; 2], s: &TrainSettings) {
        for &i in f {
            self.entries[i as usize].learn(err, s);
        }
    }
}

/// Learning state shared by all jobs, without locks: each part of an entry is two `f32`s packed
/// in an atomic word, read and written with relaxed ordering (plain loads and stores).
struct SharedTables<'a> {
    net: &'a Network,
    /// Per entry: the weights, the sums of errors, the sums of their sizes.
    cells: Vec<[AtomicU64; 3]>,
}

fn pack(a: [f32; 2]) -> u64 {
    u64::from(a[0].to_bits()) | (u64::from(a[1].to_bits()) << 32)
}

fn unpack(v: u64) -> [f32; 2] {
    [f32::from_bits(v as u32), f32::from_bits((v >> 32) as u32)]
}

impl SharedTables<'_> {
    fn entry(&self, i: usize) -> Slot {
        let [w, err, abs] = &self.cells[i];
        Slot {
            w: unpack(w.load(Ordering::Relaxed)),
            err: unpack(err.load(Ordering::Relaxed)),
            abs: unpack(abs.load(Ordering::Relaxed)),
        }
    }
}

/// One job's handle on the shared state.
struct Hogwild<'a, 'b>(&'b SharedTables<'a>);

impl Table for Hogwild<'_, '_> {
    fn net(&self) -> &Network {
        self.0.net
    }

    #[inline]
    fn sum(&self, f: &[u32]) -> [f32; 2] {
        f.iter().fold([0.0; 2], |[s, p], &i| {
            let w = unpack(self.0.cells[i as usize][0].load(Ordering::Relaxed));
            [s + w[0], p + w[1]]
        })
    }

    #[inline]
    fn learn(&mut self, f: &[u32], err: [f32; 2], s: &TrainSettings) {
        for &i in f {
            let mut e = self.0.entry(i as usize);
            e.learn(err, s);
            let [w, sum, abs] = &self.0.cells[i as usize];
            w.store(pack(e.w), Ordering::Relaxed);
            sum.store(pack(e.err), Ordering::Relaxed);
            abs.store(pack(e.abs), Ordering::Relaxed);
        }
    }
}

/// The afterstate worth most for `card` by the objective, with the outlook of the move that
/// leads to it, or `None` when the card can go nowhere. The outlook is the move's points, then
/// the network's outlook of the afterstate, or, when the `next` card is seen, the outlook of its
/// best move from there (nothing when it can go nowhere).
#[inline]
fn best_after(
    table: &impl Table,
    obj: &Objective,
    pos: &Position,
    card: Card,
    next: Option<Card>,
    rules: &Rules,
) -> Option<(Position, Outlook, Features, usize)> {
    let mut best: Option<(Position, Outlook, Features, usize, f64)> = None;
    each_afterstate(pos, card, rules, |child| {
        let (f, n) = table.net().features(child);
        let next = if let Some(c) = next {
            best_after(table, obj, child, c, None, rules).map_or(Outlook::LOST, |b| b.1)
        } else {
            let [s, p] = table.sum(&f[..n]);
            Outlook {
                survival: f64::from(s),
                points: f64::from(p),
            }
        };
        let o = Outlook::after((child.score - pos.score) as f64, next);
        let w = obj.worth(o);
        if best.as_ref().is_none_or(|b| w > b.4) {
            best = Some((*child, o, f, n, w));
        }
    });
    best.map(|(p, o, f, n, _)| (p, o, f, n))
}

/// Plays one self-play game from `seed`, learning as it goes; returns the cards it lasted.
fn train_game(
    table: &mut impl Table,
    rules: &Rules,
    dealer: &Dealer,
    seed: u64,
    s: &TrainSettings,
) -> u32 {
    let obj = Objective::of(rules);
    let mut rng = deck::rng(seed);
    let mut pos = Position::new(rules);
    let mut prev: Option<(Features, usize)> = None;
    let mut cards = 0;
    // The cards are drawn one ahead, in the same order either way, so that the next one can be
    // seen.
    let mut upcoming = dealer.draw(&mut rng);
    while cards < MAX_CARDS {
        let card = upcoming;
        upcoming = dealer.draw(&mut rng);
        let next = s.see_next.then_some(upcoming);
        let Some((after, o, f, n)) = best_after(table, &obj, &pos, card, next, rules) else {
            learn_towards(table, prev.as_ref(), Outlook::LOST, s);
            return cards;
        };
        learn_towards(table, prev.as_ref(), o, s);
        prev = Some((f, n));
        pos = after;
        cards += 1;
    }
    cards
}

/// Moves the outlook of the afterstate read through `prev` towards `target`.
#[inline]
fn learn_towards(
    table: &mut impl Table,
    prev: Option<&(Features, usize)>,
    target: Outlook,
    s: &TrainSettings,
) {
    if let Some((f, n)) = prev {
        let f = &f[..*n];
        let [sv, pv] = table.sum(f);
        let k = 1.0 / *n as f32;
        let err = [
            (target.survival as f32 - sv) * k,
            (target.points as f32 - pv) * k,
        ];
        table.learn(f, err, s);
    }
}

/// The seed of training game `i` of job `job` (0 with one job).
pub fn game_seed(seed: u64, job: u64, i: u64) -> u64 {
    crate::strategy::sim::game_seed(seed ^ job.wrapping_mul(0xA076_1D64_78BD_642F), i)
}

/// Trains `net` on `games` self-play games (`jobs` threads sharing the weights, each playing its
/// share), calling `report(games done, cards of each game)` after each round of games.
/// Deterministic from the seed with one job.
pub fn train(
    net: &mut Network,
    rules: &Rules,
    seed: u64,
    games: u64,
    jobs: usize,
    s: &TrainSettings,
    report: impl FnMut(u64, &[u32]) + Send,
) {
    let dealer = Dealer::new(rules);
    let template = net.clone();
    let weights: Vec<[f32; 2]> = if jobs <= 1 {
        let mut own = Owned {
            net: &template,
            entries: net
                .weights()
                .iter()
                .map(|&w| Slot {
                    w,
                    ..Slot::default()
                })
                .collect(),
        };
        let mut report = report;
        let mut i = 0;
        while i < games {
            let end = (i + s.round).min(games);
            let cards: Vec<u32> = (i..end)
                .map(|g| train_game(&mut own, rules, &dealer, game_seed(seed, 0, g), s))
                .collect();
            i = end;
            report(i, &cards);
        }
        own.entries.iter().map(|e| e.w).collect()
    } else {
        let shared = SharedTables {
            net: &template,
            cells: net
                .weights()
                .iter()
                .map(|&w| {
                    [
                        AtomicU64::new(pack(w)),
                        AtomicU64::new(0),
                        AtomicU64::new(0),
                    ]
                })
                .collect(),
        };
        let done = std::sync::Mutex::new((0u64, report));
        let per_job = games.div_ceil(jobs as u64);
        std::thread::scope(|scope| {
            for job in 0..jobs as u64 {
                let (shared, dealer, done) = (&shared, &dealer, &done);
                let mine = per_job.min(games.saturating_sub(job * per_job));
                scope.spawn(move || {
                    let mut table = Hogwild(shared);
                    let mut i = 0;
                    while i < mine {
                        let end = (i + s.round).min(mine);
                        let cards: Vec<u32> = (i..end)
                            .map(|g| {
                                train_game(&mut table, rules, dealer, game_seed(seed, job, g), s)
                            })
                            .collect();
                        i = end;
                        let mut d = done
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner);
                        d.0 += cards.len() as u64;
                        let n = d.0;
                        (d.1)(n, &cards);
                    }
                });
            }
        });
        (0..shared.cells.len()).map(|i| shared.entry(i).w).collect()
    };
    net.weights_mut().copy_from_slice(&weights);
    net.games += games;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> Rules {
        let text = "[board]\ncolumns = 3\nheight = 4\nclear_value = 64\n[deck.weights]\n\
                    2 = 1\n4 = 1\n8 = 1\n16 = 0\n32 = 0\n64 = 0\nbomb = 0\n";
        Rules::parse(text, "small", Some(&Rules::default_rules())).unwrap()
    }

    #[test]
    fn one_job_is_reproducible_and_learns_both_parts() {
        let rules = small();
        let run = |seed| {
            let mut net = Network::new(&rules);
            train(
                &mut net,
                &rules,
                seed,
                300,
                1,
                &TrainSettings::default(),
                |_, _| {},
            );
            net
        };
        let (a, b) = (run(1), run(1));
        assert_eq!(a.weights(), b.weights());
        assert_eq!(a.games, 300);
        assert_ne!(a.weights(), run(2).weights());
        // Survival is learned near 0 to 1, points as points (merges score 1 each here).
        let empty = a.value(&Position::new(&rules));
        assert!(empty.survival > 0.1 && empty.survival < 1.01, "{empty:?}");
        assert!(empty.points > 0.5, "{empty:?}");
    }

    #[test]
    fn seeing_the_next_card_trains_other_weights_reproducibly() {
        let rules = small();
        let run = |see_next| {
            let mut net = Network::new(&rules);
            let s = TrainSettings {
                see_next,
                ..TrainSettings::default()
            };
            train(&mut net, &rules, 1, 100, 1, &s, |_, _| {});
            net
        };
        let a = run(true);
        assert_eq!(a.weights(), run(true).weights());
        assert_ne!(a.weights(), run(false).weights());
        let v = a.value(&Position::new(&rules));
        assert!(v.survival > 0.1 && v.points > 0.5, "{v:?}");
    }

    #[test]
    fn jobs_share_the_weights() {
        let rules = small();
        let mut net = Network::new(&rules);
        let mut reported = 0;
        train(
            &mut net,
            &rules,
            1,
            301,
            2,
            &TrainSettings::default(),
            |n, cards| {
                reported += cards.len() as u64;
                assert!(n <= 301);
            },
        );
        assert_eq!(net.games, 301);
        assert_eq!(reported, 301);
        let v = net.value(&Position::new(&rules));
        assert!(v.survival > 0.1 && v.points > 0.5, "{v:?}");
    }
}
