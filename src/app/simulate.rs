//! `new2048 simulate`: plays many games with a bot and reports how they went.
//!
//! Rule tinkerers use it to learn how hard their rules are, and it is how the bots' strength is
//! measured. The games themselves are played by [`crate::strategy::sim`] on a local rayon pool of
//! `--jobs` threads; the report (apart from its timings) is the same whatever the number of jobs.
//! Several bots (`--strategy best,expectimax`) play the same games one after the other and are
//! then ranked by the rules' objective ([`crate::strategy::objective::rank`]: games won first,
//! then mean score).

use std::io::{IsTerminal, Write};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::app::cli::{Global, SimGame, SimulateArgs};
use crate::app::shared::load_rules;
use crate::cards::rules::ClassicRules;
use crate::classic::bot::Think;
use crate::error::Error;
use crate::strategy;
use crate::strategy::sim::{
    GameResult, Results, play_classic_game_timed, play_games, reached, run_games, summarise_named,
};

/// [`Results`] with how fast they came.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Report {
    #[serde(flatten)]
    pub results: Results,
    pub jobs: usize,
    pub seconds: f64,
    pub games_per_sec: f64,
    pub placements_per_sec: f64,
    /// For `best`: how it plays these rules (learned weights, or the search it falls back to).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plays: Option<String>,
    /// Classic with `--think`: how long a decision took.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_ms: Option<MoveTimes>,
}

/// How long the classic bot's decisions took, in milliseconds, against its budget.
#[derive(Serialize, Debug, Clone, Copy, PartialEq)]
pub(crate) struct MoveTimes {
    pub budget: u64,
    pub median: f64,
    pub slowest: f64,
}

/// The report for people.
pub(crate) fn render(r: &Report) -> String {
    let s = &r.results;
    let pct = |x: f64| format!("{:.2}%", x * 100.0);
    let highest: Vec<String> = s
        .highest
        .iter()
        .map(|h| format!("{} {}", h.card, pct(h.share)))
        .collect();
    let plays = r
        .plays
        .as_ref()
        .map_or(String::new(), |p| format!("plays    with {p}\n"));
    format!(
        "{strategy} on the {rules} rules: {games} from seed {seed}, {jobs}\n\
         {plays}\
         won      {wins} of {games} = {rate} (95% CI {lo} to {hi})\n\
         score    mean {mean:.2}, median {median}\n\
         {played}\n\
         highest  {highest}\n\
         {reached}\
         speed    {gps:.1} games/s, {pps:.0} placements/s ({secs:.2} s)\n\
         {thinking}",
        strategy = s.strategy,
        rules = s.rules,
        games = crate::cards::text::count(s.games, "game"),
        seed = s.seed,
        jobs = crate::cards::text::count(r.jobs, "job"),
        wins = s.wins,
        rate = pct(s.win_rate),
        lo = pct(s.win_rate_ci95[0]),
        hi = pct(s.win_rate_ci95[1]),
        mean = s.mean_score,
        median = s.median_score,
        played = if s.game == "classic" {
            format!("moves    {:.2} made on average", s.mean_cards_played)
        } else {
            format!("cards    {:.2} played on average", s.mean_cards_played)
        },
        highest = highest.join(", "),
        thinking = r.move_ms.map_or(String::new(), |t| format!(
            "thinking {:.2} ms a move (median), {:.2} ms the slowest, within {} ms\n",
            t.median, t.slowest, t.budget
        )),
        reached = if s.reached.is_empty() {
            String::new()
        } else {
            let r: Vec<String> = s
                .reached
                .iter()
                .map(|h| format!("{} {}", h.card, pct(h.share)))
                .collect();
            format!("reached  {}\n", r.join(", "))
        },
        gps = r.games_per_sec,
        pps = r.placements_per_sec,
        secs = r.seconds,
    )
}

/// How `best` plays these rules, for people: with learned weights (and how many games trained
/// them), or as expectimax where there are none.
fn plays(rules: &crate::cards::rules::Rules) -> String {
    match strategy::Best::trained_games(rules) {
        Some(games) => format!(
            "learned weights ({games} self-play games) at the leaves of a search over the \
             visible cards and the deck's chances"
        ),
        None => "expectimax, the strongest search without learned weights (none serve these \
                 rules: `new2048 train` makes them)"
            .to_string(),
    }
}

/// The most games one simulation plays: every game's result is kept in memory (for the median),
/// so a larger count would only run out of memory.
pub(crate) const MAX_GAMES: u64 = 10_000_000;

/// The most threads one simulation starts: far more than any machine has cores, and few enough
/// that starting them is quick.
pub(crate) const MAX_JOBS: usize = 256;

/// Runs `new2048 simulate`.
pub(crate) fn command(global: &Global, args: &SimulateArgs) -> Result<(), Error> {
    if args.games == 0 || args.games > MAX_GAMES {
        return Err(Error::usage(format!(
            "--games must be from 1 to {MAX_GAMES}: how many games to simulate (each game's \
             result is kept for the median)"
        )));
    }
    let jobs = match args.jobs {
        Some(j) if j == 0 || j > MAX_JOBS => {
            return Err(Error::usage(format!(
                "--jobs must be from 1 to {MAX_JOBS}: how many threads play games at once"
            )));
        }
        Some(j) => j,
        None => std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
    };
    if args.keep_going && args.game != SimGame::Classic {
        return Err(Error::usage(
            "--keep-going is for classic 2048 (--game classic): a card game ends with its deck",
        ));
    }
    let rules = load_rules(global)?.rules;
    let names: Vec<&str> = args.strategy.split(',').map(str::trim).collect();
    // The bots are chosen before any game starts, so a typo fails at once.
    for name in &names {
        let known = match args.game {
            SimGame::Cards => strategy::NAMES.contains(name),
            SimGame::Classic => ["random", "expectimax"].contains(name),
        };
        if !known {
            let choose = match args.game {
                SimGame::Cards => strategy::NAMES.join(", "),
                SimGame::Classic => "random, expectimax".to_string(),
            };
            return Err(Error::usage(format!(
                "unknown strategy `{name}`: choose one of {choose} (several separated by commas)"
            )));
        }
    }
    let mut reports = Vec::with_capacity(names.len());
    let mut out = std::io::stdout().lock();
    for name in names {
        let report = run_one(args, &rules, name, jobs)?;
        if args.json {
            let json = serde_json::to_string(&report).expect("a report always serializes");
            writeln!(out, "{json}")?;
        } else {
            write!(out, "{}", render(&report))?;
        }
        reports.push(report);
    }
    if reports.len() > 1 && !args.json {
        write!(out, "{}", ranking(&reports))?;
    }
    Ok(())
}

/// The bots ranked by the objective, best first: `ranked   1. best (95.00% won, mean score
/// 1052.60) 2. ...`.
fn ranking(reports: &[Report]) -> String {
    let mut order: Vec<&Results> = reports.iter().map(|r| &r.results).collect();
    order.sort_by(|a, b| {
        strategy::objective::rank((b.win_rate, a.win_rate), (b.mean_score, a.mean_score))
    });
    let items: Vec<String> = order
        .iter()
        .enumerate()
        .map(|(i, r)| {
            format!(
                "{}. {} ({:.2}% won, mean score {:.2})",
                i + 1,
                r.strategy,
                r.win_rate * 100.0,
                r.mean_score
            )
        })
        .collect();
    format!(
        "ranked   {} (games won first, then mean score)\n",
        items.join(", ")
    )
}

/// Plays `args.games` games with the bot `name` (a known name) and reports them.
fn run_one(
    args: &SimulateArgs,
    rules: &crate::cards::rules::Rules,
    name: &str,
    jobs: usize,
) -> Result<Report, Error> {
    let card_bot = match args.game {
        SimGame::Cards => strategy::by_name(name),
        SimGame::Classic => None,
    };
    let progress = progress_bar(args.games);
    let tick = || {
        if let Some(p) = &progress {
            p.inc(1);
        }
    };
    let start = Instant::now();
    // Each classic decision's time (µs) when the bot thinks within a budget.
    let times = Mutex::new(Vec::new());
    let (name, game, rules_name, games) = if let Some(bot) = &card_bot {
        (
            bot.name(),
            "cards",
            rules.name.clone(),
            // `random` is the engine's speed test: played through its own type, its choice is
            // inlined into the simulator's loop.
            if name == "random" {
                play_games(rules, &strategy::Random, args.games, args.seed, jobs, &tick)
            } else {
                play_games(rules, &**bot, args.games, args.seed, jobs, &tick)
            },
        )
    } else {
        let classic = rules.classic;
        let expectimax = name == "expectimax";
        (
            if expectimax { "expectimax" } else { "random" },
            "classic",
            format!("classic {0}x{0} to {1}", classic.size, classic.win),
            classic_games(args, classic, expectimax, jobs, &tick, &times),
        )
    };
    let games = games.map_err(|e| Error::failed(format!("cannot start {jobs} threads: {e}")))?;
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    if let Some(p) = progress {
        p.finish_and_clear();
    }
    let mut results = summarise_named(name, game, &rules_name, args.seed, &games);
    if args.keep_going {
        results.reached = reached(&games, rules.classic.win);
    }
    let times = times.into_inner().unwrap_or_else(PoisonError::into_inner);
    Ok(Report {
        move_ms: move_times(times, args.think),
        plays: (name == "best" && args.game == SimGame::Cards).then(|| plays(rules)),
        jobs,
        seconds,
        games_per_sec: results.games as f64 / seconds,
        placements_per_sec: results.placements as f64 / seconds,
        results,
    })
}

/// The bar that counts the games played, on a terminal only (a pipe or a file gets the report
/// alone).
fn progress_bar(games: u64) -> Option<ProgressBar> {
    std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(games);
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, eta {eta}")
                .expect("the template is valid"),
        );
        bar
    })
}

/// Classic games played by the expectimax bot (`expectimax`) or at random, each decision's time
/// (µs) put in `times` when `--think` gives the bot a budget.
fn classic_games(
    args: &SimulateArgs,
    classic: ClassicRules,
    expectimax: bool,
    jobs: usize,
    tick: &(dyn Fn() + Sync),
    times: &Mutex<Vec<u32>>,
) -> Result<Vec<GameResult>, rayon::ThreadPoolBuildError> {
    let think = match args.think {
        0 => Think::Fixed,
        ms => Think::Within(Duration::from_millis(ms)),
    };
    let timed = |t: Duration| {
        if args.think > 0 {
            let us = u32::try_from(t.as_micros()).unwrap_or(u32::MAX);
            times
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(us);
        }
    };
    run_games(args.games, args.seed, jobs, tick, |s, _| {
        let bot = expectimax.then_some(think);
        play_classic_game_timed(classic, bot, s, args.keep_going, &timed)
    })
}

/// The median and slowest of the decisions' `times` (µs), against the `budget` (ms); `None`
/// when none was timed.
fn move_times(mut times: Vec<u32>, budget: u64) -> Option<MoveTimes> {
    times.sort_unstable();
    let ms = |us: u32| f64::from(us) / 1000.0;
    (!times.is_empty()).then(|| MoveTimes {
        budget,
        median: ms(times[times.len() / 2]),
        slowest: ms(times[times.len() - 1]),
    })
}
