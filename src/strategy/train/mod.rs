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
//! TD(λ) (`train --lambda`, Sutton 1988; delayed, as Jaśkowski 2018 does for 2048): an afterstate
//! learns towards the λ-return instead, `G_t = o_t + γλ(G_{t+1} - v_t)` (`o_t` the outlook of the
//! move made from it, `v_t` the network's outlook of the afterstate that move led to), over the
//! next 16 cards (`TRACE`); so each afterstate waits that many cards before it is learned in. TD(0)
//! tells a loss to the last afterstate only, and each visit passes it one card further back; the
//! λ-return carries what the next cards brought back at once. That matters where the danger
//! builds up over hundreds of cards: on a 3000-card hard deck the columns fill with 1024s long
//! before the game is lost.
//!
//! Starting positions ([`best_positions`], `train --starts N`): a one-card self-play player loses
//! a hard game after about 1,200 cards, while `best`, searching, lives on and on a 3000-card deck
//! loses between cards 2,100 and 2,800 with four or five columns topped by 1024: boards self-play
//! rarely reaches, so their entries are barely trained. With starts, `best` first plays N games
//! on a deck of at least [`MAX_CARDS`] and a position every few cards is kept; then every other
//! self-play game starts from one of them (chosen by the game's seed), so the network also learns
//! the boards the player it serves meets. Deterministic with one job, like the rest.
//!
//! Refining (`train --more --rate R`, [`TrainSettings::alpha`]): the learning state of temporal
//! coherence is not stored with the weights, so a training that goes on from learned weights
//! starts every entry again at full speed, and its first games relearn what was there instead of
//! refining it (400,000 more hard games at full speed made `best` weaker on 3000-card decks). A
//! smaller step, 0.1, refines: the shipped hard weights are their λ = 0.5 training refined by
//! 200,000 games at 0.1, half of them from `best`'s positions: on 3000-card decks 17 cards more
//! over 1,200 games (within the noise), and 395 of 400 hard games won against 390 (the README has
//! the figures).
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
//! Jobs: with `J` jobs every job plays on its own copy of the weights for a round of cards;
//! then the copies are merged, every job's changes added together as if one job had made them
//! all, and the next round starts from the merged weights (a game goes on across rounds). The
//! jobs take the games in turn (game `i` is always dealt from the same seed) and the round's
//! cards from one count, so a job slowed down by something else on the machine plays fewer
//! cards instead of holding the other up at every merge: with a fixed share of cards each (the
//! weights then depended on the seed and the jobs only) the faster job waited 8% of the time on
//! a quiet machine, and two jobs were 1.5 times as fast as one. So with one job the weights depend
//! only on the rules and the seed; with more, also on timing. An earlier version shared one table
//! among the jobs without locks ("Hogwild", Recht et al. 2011); it learned as well but two jobs
//! were 1.25 to 1.58 times as fast as one (6,000 hard games, three runs), every write by one core
//! taking the cache line from the other. A copy per job costs its memory (20 MB on the hard
//! rules: 852,000 entries of 24 bytes) and a merge a round, which visits only the entries learned
//! in. The rounds are short (`ROUND_CARDS`): with rounds of 500 games each job corrected the
//! same errors as the other on its own, and their summed changes overshot (self-play games fell
//! to 60 cards).

use crate::cards::card::Card;
use crate::cards::deck::{self, Dealer};
use crate::cards::engine::Position;
use crate::cards::rules::Rules;

use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};

use super::each_move;
use super::ntuple::{Features, Network};
use super::objective::{GAMMA, Objective, Outlook};
use super::sim;

/// The most cards one training game lasts.
pub const MAX_CARDS: u32 = 3_000;

/// Learning settings.
#[derive(Clone, Copy, Debug)]
pub struct TrainSettings<'a> {
    /// The step size of a TD update (before temporal coherence), shared among the entries a
    /// position reads.
    pub alpha: f32,
    /// Temporal coherence (see the module docs); without it every step is `alpha` times the
    /// error (plain TD(0), which wants an `alpha` near 0.1).
    pub coherence: bool,
    /// Whether the self-play player sees the card after the hand (see the module docs).
    pub see_next: bool,
    /// Positions every other game starts from ([`best_positions`]); none: all start empty.
    pub starts: &'a [Position],
    /// TD(λ)'s λ: 0 is TD(0); above, each afterstate learns towards the λ-return of the next
    /// 16 cards (delayed, see the module docs).
    pub lambda: f32,
}

impl Default for TrainSettings<'_> {
    fn default() -> Self {
        TrainSettings {
            alpha: 1.0,
            coherence: true,
            see_next: false,
            starts: &[],
            lambda: 0.0,
        }
    }
}

/// The learning state of one entry besides its weights: per part, the sum of the errors and the
/// sum of their sizes (temporal coherence).
#[derive(Clone, Copy, Debug, Default)]
struct Coherence {
    err: [f32; 2],
    abs: [f32; 2],
}

impl Coherence {
    /// Takes a step of the weights `w` towards `err` (already divided among the entries) and
    /// keeps count.
    #[inline]
    fn learn(&mut self, w: &mut [f32; 2], err: [f32; 2], s: &TrainSettings) {
        for (k, &e) in err.iter().enumerate() {
            let rate = if s.coherence && self.abs[k] > 0.0 {
                self.err[k].abs() / self.abs[k]
            } else {
                1.0
            };
            w[k] += s.alpha * rate * e;
            self.err[k] += e;
            self.abs[k] += e.abs();
        }
    }
}

/// What one job learns in: the weights and their learning state, kept apart because every card
/// reads the entries of five or so afterstates and learns in only one, so the reads go to a table
/// a third the size (on the hard rules 6.8 MB against 20 MB with the state beside each weight).
///
/// Aligned to 128 bytes, as is [`Player`]: the jobs' tables and players sit side by side in a
/// vector, and the fields one job writes at every card (a table's list of entries learned in, a
/// player's generator) must not share a cache line (or its prefetched pair) with the fields the
/// other reads at every card.
#[derive(Clone)]
#[repr(align(128))]
struct Table<'a> {
    net: &'a Network,
    w: Vec<[f32; 2]>,
    state: Vec<Coherence>,
    /// With several jobs: the entries learned in since the last merge, each once, and a mark
    /// per entry saying whether it is listed.
    touched: Option<(Vec<u32>, Vec<bool>)>,
}

impl Table<'_> {
    fn net(&self) -> &Network {
        self.net
    }

    #[inline]
    fn sum(&self, f: &[u32]) -> [f32; 2] {
        super::ntuple::sum_entries(&self.w, f)
    }

    #[inline]
    fn learn(&mut self, f: &[u32], err: [f32; 2], s: &TrainSettings) {
        for &i in f {
            self.state[i as usize].learn(&mut self.w[i as usize], err, s);
            if let Some((list, marks)) = &mut self.touched
                && !std::mem::replace(&mut marks[i as usize], true)
            {
                list.push(i);
            }
        }
    }

    /// Adds what each of `jobs` learned since they were copies of `self` to `self`, as if one
    /// job had made all their changes, and makes them copies of the result again. Only the
    /// entries some job learned in are visited.
    fn merge(&mut self, jobs: &mut [Table<'_>]) {
        let mut todo = Vec::new();
        for t in jobs.iter_mut() {
            if let Some((list, marks)) = &mut t.touched {
                for &i in list.iter() {
                    marks[i as usize] = false;
                }
                todo.append(list);
            }
        }
        todo.sort_unstable();
        todo.dedup();
        for i in todo.into_iter().map(|i| i as usize) {
            let (w0, c0) = (self.w[i], self.state[i]);
            let (mut w, mut c) = (w0, c0);
            for t in jobs.iter() {
                for k in 0..2 {
                    w[k] += t.w[i][k] - w0[k];
                    c.err[k] += t.state[i].err[k] - c0.err[k];
                    c.abs[k] += t.state[i].abs[k] - c0.abs[k];
                }
            }
            (self.w[i], self.state[i]) = (w, c);
            for t in jobs.iter_mut() {
                (t.w[i], t.state[i]) = (w, c);
            }
        }
    }
}

/// The afterstate worth most for `card` by the objective, with the outlook of the move that
/// leads to it and its entries, or `None` when the card can go nowhere (see [`best_move`]).
#[inline]
fn best_after(
    table: &Table,
    obj: &Objective,
    pos: &Position,
    card: Card,
    next: Option<Card>,
    rules: &Rules,
) -> Option<(Position, Outlook, Features, usize)> {
    best_move(table, obj, pos, card, next, rules).map(|(after, o)| {
        let (f, n) = table.net().features(&after);
        (after, o, f, n)
    })
}

/// The afterstate worth most for `card` by the objective, with the outlook of the move that
/// leads to it. The outlook is the move's points, then the network's outlook of the afterstate,
/// or, when the `next` card is seen, the outlook of its best move from there (nothing when it can
/// go nowhere). As in `best`'s search, `pos` is read once and each afterstate valued from the
/// column it changed ([`Network::value_after_in`]: the same value to the last bit as all its
/// entries added up, for a third of the reads).
#[inline]
fn best_move(
    table: &Table,
    obj: &Objective,
    pos: &Position,
    card: Card,
    next: Option<Card>,
    rules: &Rules,
) -> Option<(Position, Outlook)> {
    let net = table.net();
    let reading = next.is_none().then(|| net.read_in(&table.w, pos));
    let mut best: Option<(Position, Outlook, f64)> = None;
    each_move(pos, card, rules, |col, child| {
        // Read exactly when no next card is seen.
        let next = match &reading {
            Some(r) => net.value_after_in(&table.w, r, child, col),
            None => next
                .and_then(|c| best_move(table, obj, child, c, None, rules))
                .map_or(Outlook::LOST, |b| b.1),
        };
        let o = Outlook::after((child.score - pos.score) as f64, next);
        let w = obj.worth(o);
        if best.as_ref().is_none_or(|b| w > b.2) {
            best = Some((*child, o, w));
        }
    });
    best.map(|(p, o, _)| (p, o))
}

/// What the jobs share: the games of a training, numbered in the order the jobs take them (game
/// `i` is dealt from [`sim::game_seed`]`(seed, i)` whichever job plays it), and the cards of the
/// round not taken yet.
struct Games<'a> {
    seed: u64,
    total: u64,
    /// Positions odd-numbered games start from (see [`best_positions`]); none: all start empty.
    starts: &'a [Position],
    taken: AtomicU64,
    round_left: AtomicI64,
}

impl Games<'_> {
    /// The next game no job has taken yet, if any is left.
    fn take(&self) -> Option<u64> {
        let i = self.taken.fetch_add(1, Ordering::Relaxed);
        (i < self.total).then_some(i)
    }

    /// Where game `i` starts: every other game, when there are starts, from one of them chosen
    /// by its seed; else from an empty board.
    fn start_of(&self, i: u64, rules: &Rules) -> Position {
        match self.starts.len() as u64 {
            n if n > 0 && i % 2 == 1 => self.starts[(sim::game_seed(!self.seed, i) % n) as usize],
            _ => Position::new(rules),
        }
    }
}

/// Cards a job takes from a round's count at a time: enough that the shared counter is touched
/// once every 30 to 300 microseconds (seeing one card or two), few enough that the jobs end a
/// round together.
const CARDS_TAKEN: i64 = 64;

/// One job's self-play: the game it is playing, kept between rounds.
#[repr(align(128))]
struct Player {
    /// The game being played, `None` once no game is left.
    game: Option<u64>,
    rng: deck::GameRng,
    pos: Position,
    /// The afterstates not learned in yet, oldest first (the last one alone with TD(0)).
    trace: std::collections::VecDeque<Step>,
    cards: u32,
    upcoming: Card,
}

/// An afterstate waiting to be learned in: its entries and, once the next card is played, the
/// outlook of that move (the TD(0) target) with the network's outlook of the afterstate it led to.
struct Step {
    f: Features,
    n: usize,
    next: Option<(Outlook, Outlook)>,
}

/// The most cards a λ-return looks ahead before it takes the network's outlook: `λ^16` is 1.5e-5
/// at λ = 0.5, so a longer trace would change nothing but the time.
const TRACE: usize = 16;

impl TrainSettings<'_> {
    /// How many afterstates wait for their λ-return: one with TD(0).
    fn trace(&self) -> usize {
        if self.lambda > 0.0 { TRACE } else { 1 }
    }
}

impl Player {
    /// Notes what followed the last afterstate: the outlook `o` of the move made from it (the
    /// TD(0) target; [`Outlook::LOST`] when the card could go nowhere) and the network's outlook
    /// `v` of the afterstate that move led to.
    fn follow(&mut self, o: Outlook, v: Outlook) {
        if let Some(last) = self.trace.back_mut() {
            last.next = Some((o, v));
        }
    }

    /// Learns in the oldest afterstates until `keep` are left, each towards its λ-return over
    /// the moves known after it: `G_t = o_t + γλ(G_{t+1} - v_t)`, which is the TD(0) target
    /// `o_t` when λ is 0 or nothing is known after it. An afterstate nothing followed (the game
    /// stopped at [`MAX_CARDS`]) is not learned in.
    fn learn_trace(&mut self, table: &mut Table, s: &TrainSettings, keep: usize) {
        let gl = GAMMA * f64::from(s.lambda);
        while self.trace.len() > keep {
            let mut ret: Option<Outlook> = None;
            for (o, v) in self.trace.iter().rev().filter_map(|step| step.next) {
                ret = Some(match ret {
                    Some(g) if gl > 0.0 => Outlook {
                        survival: o.survival + gl * (g.survival - v.survival),
                        points: o.points + gl * (g.points - v.points),
                    },
                    _ => o,
                });
            }
            let first = self.trace.pop_front().expect("longer than keep");
            if first.next.is_some()
                && let Some(target) = ret
            {
                learn_towards(table, &first.f[..first.n], target, s);
            }
        }
    }
    fn new(games: &Games<'_>, rules: &Rules, dealer: &Dealer) -> Player {
        let mut p = Player {
            game: None,
            rng: deck::rng(0),
            pos: Position::new(rules),
            trace: std::collections::VecDeque::new(),
            cards: 0,
            upcoming: Card::BOMB,
        };
        p.start(games, rules, dealer);
        p
    }

    /// Takes the next game, if one is left, and sets it up: a new board, its seeded cards.
    fn start(&mut self, games: &Games<'_>, rules: &Rules, dealer: &Dealer) {
        self.game = games.take();
        let Some(i) = self.game else { return };
        self.rng = deck::rng(sim::game_seed(games.seed, i));
        self.pos = games.start_of(i, rules);
        self.trace.clear();
        self.cards = 0;
        // The cards are drawn one ahead, in the same order either way, so that the next one can
        // be seen.
        self.upcoming = dealer.draw(&mut self.rng);
    }

    /// Plays cards taken from the round's count, learning as it goes, until they or the games run
    /// out, and adds the cards each game that ended lasted to `ended`.
    fn play(
        &mut self,
        table: &mut Table,
        games: &Games<'_>,
        rules: &Rules,
        dealer: &Dealer,
        s: &TrainSettings,
        ended: &mut Vec<u32>,
    ) {
        let obj = Objective::of(rules);
        while self.game.is_some() && games.round_left.fetch_sub(CARDS_TAKEN, Ordering::Relaxed) > 0
        {
            for _ in 0..CARDS_TAKEN {
                if self.game.is_none() {
                    return;
                }
                let card = self.upcoming;
                self.upcoming = dealer.draw(&mut self.rng);
                let next = s.see_next.then_some(self.upcoming);
                let over = match best_after(table, &obj, &self.pos, card, next, rules) {
                    None => {
                        self.follow(Outlook::LOST, Outlook::LOST);
                        true
                    }
                    Some((after, o, f, n)) => {
                        let v = Outlook {
                            survival: (o.survival - (1.0 - GAMMA)) / GAMMA,
                            points: (o.points - (after.score - self.pos.score) as f64) / GAMMA,
                        };
                        self.follow(o, v);
                        self.trace.push_back(Step { f, n, next: None });
                        self.pos = after;
                        self.cards += 1;
                        self.cards >= MAX_CARDS
                    }
                };
                // Learned in: the afterstates whose λ-return is known, all of them once the game
                // is over.
                self.learn_trace(table, s, if over { 0 } else { s.trace() });
                if over {
                    ended.push(self.cards);
                    self.start(games, rules, dealer);
                }
            }
        }
    }
}

/// Moves the outlook of the afterstate reading the entries `f` towards `target`.
#[inline]
fn learn_towards(table: &mut Table, f: &[u32], target: Outlook, s: &TrainSettings) {
    let [sv, pv] = table.sum(f);
    let k = 1.0 / f.len() as f32;
    let err = [
        (target.survival as f32 - sv) * k,
        (target.points as f32 - pv) * k,
    ];
    table.learn(f, err, s);
}

/// Cards a round lasts, per job: about 30 ms of play, and a merge visits the few hundred thousand
/// entries the jobs learned in.
const ROUND_CARDS: u64 = 20_000;

/// Positions `best` reaches playing `games` games of these rules dealt from `seed`, every
/// `every` cards: on a deck of [`MAX_CARDS`] at least, so that they include the late, crowded
/// boards a strong player meets and a one-card self-play player rarely lives to see. With
/// `near_loss` (`train --near-loss K`), only those of the last `K` cards of the games it lost:
/// the boards where its own choices went wrong, some tens of cards before they showed.
pub fn best_positions(
    rules: &Rules,
    games: u64,
    seed: u64,
    jobs: usize,
    every: u32,
    near_loss: Option<u32>,
) -> Result<Vec<Position>, rayon::ThreadPoolBuildError> {
    use super::Strategy;
    use rayon::prelude::*;
    let mut long = rules.clone();
    long.deck.size = long.deck.size.max(MAX_CARDS);
    let long = std::sync::Arc::new(long);
    let play = |i: u64| {
        let deck = deck::deal(&long, sim::game_seed(seed, i));
        let mut game = crate::cards::engine::Game::new(long.clone(), deck.into());
        let mut rng = deck::rng(0);
        let mut seen = Vec::new();
        while let Some(mv) = super::Best::default().choose(&super::Sight::of(&game), &mut rng) {
            if game.play(mv).is_err() {
                break;
            }
            if game.position().stats.cards_played.is_multiple_of(every) {
                seen.push(*game.position());
            }
        }
        if let Some(k) = near_loss {
            let end = game.position().stats.cards_played;
            let lost = game.outcome() == Some(crate::cards::engine::Outcome::Lost);
            seen.retain(|p| lost && p.stats.cards_played + k >= end);
        }
        seen
    };
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    Ok(pool.install(|| (0..games).into_par_iter().flat_map_iter(play).collect()))
}

/// Trains `net` on `games` self-play games (`jobs` threads, each playing the next game left on
/// its own copy of the weights, merged every `ROUND_CARDS` cards a job), calling `report(games
/// done, cards of each game)` as games end. Deterministic from the seed with one job.
pub fn train(
    net: &mut Network,
    rules: &Rules,
    seed: u64,
    games: u64,
    jobs: usize,
    s: &TrainSettings,
    mut report: impl FnMut(u64, &[u32]),
) {
    let dealer = Dealer::new(rules);
    let template = net.clone();
    let jobs = jobs.max(1) as u64;
    let mut merged = Table {
        net: &template,
        w: net.weights().to_vec(),
        state: vec![Coherence::default(); net.weights().len()],
        touched: None,
    };
    // With one job its games are played on the merged table itself: nothing to merge.
    let mut tables: Vec<Table> = if jobs > 1 {
        let len = merged.w.len();
        (0..jobs)
            .map(|_| Table {
                touched: Some((Vec::new(), vec![false; len])),
                ..merged.clone()
            })
            .collect()
    } else {
        Vec::new()
    };
    let shared = Games {
        seed,
        total: games,
        starts: s.starts,
        taken: AtomicU64::new(0),
        round_left: AtomicI64::new(0),
    };
    let mut players: Vec<Player> = (0..jobs)
        .map(|_| Player::new(&shared, rules, &dealer))
        .collect();
    let mut done = 0;
    while done < games {
        let mut ended = Vec::new();
        shared
            .round_left
            .store((ROUND_CARDS * jobs) as i64, Ordering::Relaxed);
        if tables.is_empty() {
            players[0].play(&mut merged, &shared, rules, &dealer, s, &mut ended);
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = tables
                    .iter_mut()
                    .zip(players.iter_mut())
                    .map(|(t, p)| {
                        let (dealer, shared) = (&dealer, &shared);
                        scope.spawn(move || {
                            let mut ended = Vec::new();
                            p.play(t, shared, rules, dealer, s, &mut ended);
                            ended
                        })
                    })
                    .collect();
                for h in handles {
                    ended.extend(h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
                }
            });
            merged.merge(&mut tables);
        }
        done += ended.len() as u64;
        if !ended.is_empty() {
            report(done, &ended);
        }
    }
    net.weights_mut().copy_from_slice(&merged.w);
    net.games += games;
}

#[cfg(test)]
mod tests;
