//! Playing many games with a bot: the seed of each game, games in parallel, and what they add
//! up to.
//!
//! Game `i` of a run seeded with `S` always uses the seed [`game_seed`]`(S, i)` for its deck and
//! for the bot, and results are gathered in game order, so a run's results are the same whatever
//! the number of threads. That seed is also the one `new2048 play --seed` takes, so any simulated
//! game can be replayed. `new2048 simulate` and the tuning example are built on this.
//!
//! Games are played on a bare [`Position`] rather than a [`crate::cards::engine::Game`]: a game
//! keeps an undo snapshot per move, which a simulation never needs.

use std::collections::BTreeMap;

use rayon::prelude::*;
use serde::Serialize;

use crate::cards::card::Card;
use crate::cards::deck::{self, Dealer};
use crate::cards::engine::{Move, Position};
use crate::cards::rules::{ClassicRules, Rules};
use crate::classic::{self, ClassicGame};
use crate::strategy::{Sight, Strategy};

/// For callers that do not show progress.
pub fn no_progress() {}

/// How one game went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    pub won: bool,
    pub score: u64,
    pub cards_played: u32,
    /// Cards placed or discarded.
    pub moves: u32,
    pub highest: u64,
}

/// The seed of game `i` of a simulation seeded with `seed` (`SplitMix64` of the pair): games get
/// unrelated decks even for neighbouring seeds.
pub fn game_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed
        .wrapping_mul(0xD6E8_FEB8_6659_FD93)
        .wrapping_add(i.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays one game dealt from `seed` (the deck `new2048 play --seed` would deal) to its end.
/// `deck` is scratch space, reused between games.
///
/// The deck is dealt as the game goes, a card each time one comes into view, from the same
/// generator in the same order, so the cards are those of the whole deal; but a game lost early
/// does not pay for dealing the rest (on the hard rules a random game places about 40 of its
/// 1000 cards, and dealing them all took most of the time).
/// Generic over the bot, so a cheap bot's choice (`random`'s is a few instructions) is inlined
/// into this loop instead of being a call through a `dyn Strategy` per placement.
#[inline]
pub fn play_game<S: Strategy + ?Sized>(
    rules: &Rules,
    dealer: &Dealer,
    bot: &S,
    seed: u64,
    deck: &mut Vec<Card>,
) -> GameResult {
    let size = rules.deck.size as usize;
    let lookahead = rules.deck.lookahead as usize;
    let mut deal = deck::rng(seed);
    deck.clear();
    deck.extend((0..lookahead.min(size)).map(|_| dealer.draw(&mut deal)));
    let mut rng = deck::rng(seed ^ 0x005E_ED0F_B075);
    let mut pos = Position::new(rules);
    let mut next = 0;
    while next < size {
        let view = Sight {
            position: &pos,
            visible: &deck[next..],
            cards_left: size - next,
            rules,
        };
        let Some(mv) = bot.choose(&view, &mut rng) else {
            break;
        };
        let card = deck[next];
        if !bot.always_legal()
            && let Err(e) = pos.check(mv, card, rules)
        {
            panic!("strategy {} made an illegal move {mv:?}: {e}", bot.name());
        }
        debug_assert!(pos.check(mv, card, rules).is_ok());
        match mv {
            Move::Place(c) => {
                pos.place_fast(c as usize, card, rules);
            }
            Move::Discard => {
                pos.apply(mv, card, rules);
            }
        }
        next += 1;
        if deck.len() < size {
            deck.push(dealer.draw(&mut deal));
        }
    }
    GameResult {
        won: next == size,
        score: pos.score,
        cards_played: pos.stats.cards_played,
        moves: next as u32,
        highest: pos.stats.highest,
    }
}

/// Plays one classic game from `seed` with the bot (`expectimax`, else uniform random moves)
/// until the winning tile is made or no move is left.
pub fn play_classic_game(rules: ClassicRules, expectimax: bool, seed: u64) -> GameResult {
    play_classic_game_to(rules, expectimax, seed, false)
}

/// [`play_classic_game`], going on past the winning tile until no move is left when
/// `keep_going` (`simulate --keep-going`: how far the bot gets, as published bots report it).
pub fn play_classic_game_to(
    rules: ClassicRules,
    expectimax: bool,
    seed: u64,
    keep_going: bool,
) -> GameResult {
    let bot = expectimax.then_some(classic::bot::Think::Fixed);
    play_classic_game_timed(rules, bot, seed, keep_going, &|_| {})
}

/// [`play_classic_game_to`] with the bot thinking as `bot` says (`None`: uniform random moves),
/// each decision's time told to `timed`.
pub fn play_classic_game_timed(
    rules: ClassicRules,
    bot: Option<classic::bot::Think>,
    seed: u64,
    keep_going: bool,
    timed: &dyn Fn(std::time::Duration),
) -> GameResult {
    let mut game = ClassicGame::new(rules, seed);
    let mut rng = deck::rng(seed ^ 0x005E_ED0F_B075);
    while keep_going || !game.won() {
        let started = std::time::Instant::now();
        let dir = match bot {
            Some(think) => classic::bot::best_move_with(game.board(), think),
            None => classic::bot::random_move(game.board(), &mut rng),
        };
        timed(started.elapsed());
        let Some(dir) = dir else { break };
        game.play(dir);
    }
    let moves = game.moves().len() as u32;
    GameResult {
        won: game.won(),
        score: game.score(),
        cards_played: moves,
        moves,
        highest: game.board().highest(),
    }
}

/// Plays games `0..games` of a simulation seeded with `seed` on `jobs` threads, in game order:
/// `play(seed_of_game, scratch)` plays one. `progress` is told of each finished game.
pub fn run_games<F>(
    games: u64,
    seed: u64,
    jobs: usize,
    progress: &(dyn Fn() + Sync),
    play: F,
) -> Result<Vec<GameResult>, rayon::ThreadPoolBuildError>
where
    F: Fn(u64, &mut Vec<Card>) -> GameResult + Sync,
{
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    Ok(pool.install(|| {
        (0..games)
            .into_par_iter()
            .map_init(Vec::new, |scratch, i| {
                let r = play(game_seed(seed, i), scratch);
                progress();
                r
            })
            .collect()
    }))
}

/// Plays card games `0..games` of a simulation seeded with `seed` on `jobs` threads (generic
/// over the bot like [`play_game`]).
pub fn play_games<S: Strategy + ?Sized>(
    rules: &Rules,
    bot: &S,
    games: u64,
    seed: u64,
    jobs: usize,
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<GameResult>, rayon::ThreadPoolBuildError> {
    let dealer = Dealer::new(rules);
    run_games(games, seed, jobs, progress, |s, deck| {
        play_game(rules, &dealer, bot, s, deck)
    })
}

/// How often a highest card was reached.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Highest {
    pub card: u64,
    pub games: u64,
    pub share: f64,
}

/// What a simulation found: the same for a seed whatever the number of jobs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Results {
    pub strategy: String,
    /// `cards` or `classic`.
    pub game: &'static str,
    pub rules: String,
    pub games: u64,
    pub seed: u64,
    pub wins: u64,
    pub win_rate: f64,
    /// Wilson score interval at 95%.
    pub win_rate_ci95: [f64; 2],
    pub mean_score: f64,
    pub median_score: f64,
    pub mean_cards_played: f64,
    /// Highest card of each game, largest first.
    pub highest: Vec<Highest>,
    /// With `--keep-going`: the share of games reaching at least each tile from the winning one
    /// up to 32768 (more when reached).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub reached: Vec<Highest>,
    pub placements: u64,
}

/// The Wilson score interval of `wins` out of `n` at 95% (z = 1.96): unlike the normal
/// approximation it stays inside [0, 1] and is sensible at 0 or n wins.
pub fn wilson(wins: u64, n: u64) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let z = 1.959_963_984_540_054_f64;
    let (n, p) = (n as f64, wins as f64 / n as f64);
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z / denom * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let lo = if wins == 0 { 0.0 } else { centre - half };
    let hi = if p == 1.0 { 1.0 } else { centre + half };
    [lo, hi]
}

/// Sums up the games of a simulation.
pub fn summarise(strategy: &str, rules: &Rules, seed: u64, games: &[GameResult]) -> Results {
    summarise_named(strategy, "cards", &rules.name, seed, games)
}

/// [`summarise`] for either game: `game` is `cards` or `classic`, `rules` the rules' name.
pub fn summarise_named(
    strategy: &str,
    game: &'static str,
    rules: &str,
    seed: u64,
    games: &[GameResult],
) -> Results {
    let n = games.len() as u64;
    let nf = (n as f64).max(1.0);
    let wins = games.iter().filter(|g| g.won).count() as u64;
    let mut scores: Vec<u64> = games.iter().map(|g| g.score).collect();
    scores.sort_unstable();
    let median_score = match scores.len() {
        0 => 0.0,
        l if l % 2 == 1 => scores[l / 2] as f64,
        l => (scores[l / 2 - 1] + scores[l / 2]) as f64 / 2.0,
    };
    let mut counts: BTreeMap<u64, u64> = BTreeMap::new();
    for g in games {
        *counts.entry(g.highest).or_default() += 1;
    }
    Results {
        strategy: strategy.to_string(),
        game,
        rules: rules.to_string(),
        games: n,
        seed,
        wins,
        win_rate: wins as f64 / nf,
        win_rate_ci95: wilson(wins, n),
        mean_score: scores.iter().sum::<u64>() as f64 / nf,
        median_score,
        mean_cards_played: games.iter().map(|g| u64::from(g.cards_played)).sum::<u64>() as f64 / nf,
        highest: counts
            .into_iter()
            .rev()
            .map(|(card, games)| Highest {
                card,
                games,
                share: games as f64 / nf,
            })
            .collect(),
        reached: Vec::new(),
        placements: games.iter().map(|g| u64::from(g.moves)).sum(),
    }
}

/// The share of `games` whose highest card is at least each power of two from `from` up to 32768
/// (or the highest reached, if larger).
pub fn reached(games: &[GameResult], from: u64) -> Vec<Highest> {
    let top = games
        .iter()
        .map(|g| g.highest)
        .max()
        .unwrap_or(0)
        .max(32768);
    let nf = (games.len() as f64).max(1.0);
    std::iter::successors(Some(from.max(2)), |&c| c.checked_mul(2))
        .take_while(|&c| c <= top)
        .map(|card| {
            let n = games.iter().filter(|g| g.highest >= card).count() as u64;
            Highest {
                card,
                games: n,
                share: n as f64 / nf,
            }
        })
        .collect()
}
