//! `new2048 train`: teaches the `best` bot the rules in force by self-play
//! ([`crate::strategy::train`]), printing the learning curve as it goes, and stores the weights
//! in the data folder, where `best` looks first. With `--more` it goes on from the weights `best`
//! uses now, so a long training can be done in parts.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::app::cli::{Global, TrainArgs, TrainLayout};
use crate::app::shared::load_rules;
use crate::cards::rules::Rules;
use crate::error::Error;
use crate::strategy::ntuple::{Layout, Network};
use crate::strategy::train::{TrainSettings, train};

/// The most self-play games one `train` asks for.
pub(crate) const MAX_GAMES: u64 = 100_000_000;

/// The most jobs `train` takes: each keeps its own copy of the weights (20 MB on the hard rules),
/// so 64 of them hold about 1 GB; `simulate`'s 256 would ask for 4 GB.
const MAX_JOBS: usize = 64;

/// The most games `--starts` asks `best` to play first: their positions are kept in memory (a
/// thousand 3000-card games keep about 80 MB).
const MAX_START_GAMES: u64 = 1000;

/// The usage errors of `train`'s numbers, said before anything is loaded.
fn check(args: &TrainArgs) -> Result<(), Error> {
    if args.games == 0 || args.games > MAX_GAMES {
        return Err(Error::usage(format!(
            "--games must be from 1 to {MAX_GAMES}: how many self-play games to learn from"
        )));
    }
    if args.jobs == 0 || args.jobs > MAX_JOBS {
        return Err(Error::usage(format!(
            "--jobs must be from 1 to {MAX_JOBS}: how many threads play games at once, each on \
             its own copy of the weights (about 20 MB on the hard rules)"
        )));
    }
    if !(0.0..1.0).contains(&args.lambda) {
        return Err(Error::usage(
            "--lambda must be from 0 up to (not including) 1: how much each card further on \
             counts in what an afterstate learns towards",
        ));
    }
    if !(args.rate > 0.0 && args.rate <= 1.0) {
        return Err(Error::usage(
            "--rate must be above 0 and at most 1: the step size of each correction (1 learns \
             from nothing; 0.1 refines weights with --more)",
        ));
    }
    if args.starts > MAX_START_GAMES {
        return Err(Error::usage(format!(
            "--starts must be at most {MAX_START_GAMES}: the games `best` plays first, whose \
             positions every other self-play game starts from"
        )));
    }
    Ok(())
}

/// The network a training starts from: with `--more` the weights `best` uses now (widened when
/// `--layout whole` asks), else zeros of the layout asked (whole by default).
fn starting_network(
    rules: &crate::cards::rules::Rules,
    args: &TrainArgs,
) -> Result<Network, Error> {
    let layout = args.layout.map(|l| match l {
        TrainLayout::Split => Layout::Split,
        TrainLayout::Whole => Layout::Whole,
    });
    if args.more {
        let found = crate::strategy::ntuple::for_rules(rules).ok_or_else(|| {
            Error::usage(
                "--more goes on from learned weights, and none serve these rules yet: \
                 train without --more first",
            )
        })?;
        let net = Network::clone(&found);
        Ok(match layout {
            Some(l) => net.widened(l).ok_or_else(|| {
                Error::usage(
                    "--layout split cannot go on from whole weights (they have tables split \
                     has not): leave --layout out to go on with theirs",
                )
            })?,
            None => net,
        })
    } else {
        Ok(Network::of_layout(rules, layout.unwrap_or(Layout::Whole)))
    }
}

/// Runs `new2048 train`: trains from scratch (or, with `--more`, from the weights in use), printing the learning curve, and stores the weights
/// in the data folder.
pub(crate) fn command(global: &Global, args: &TrainArgs) -> Result<(), Error> {
    check(args)?;
    let rules = load_rules(global)?.rules;
    if !(1..=2).contains(&args.see) || args.see > rules.deck.lookahead {
        return Err(Error::usage(format!(
            "--see must be 1 or 2, and at most the {} cards these rules show (deck.lookahead): \
             the cards the self-play player sees",
            rules.deck.lookahead
        )));
    }
    let dir = crate::config::paths::data_dir().ok_or_else(|| {
        Error::failed("cannot find a data folder for the weights; set NEW2048_DATA_DIR")
    })?;
    let mut net = starting_network(&rules, args)?;
    net.seed = args.seed;
    let settings = TrainSettings {
        see_next: args.see == 2,
        lambda: args.lambda,
        alpha: args.rate,
        ..TrainSettings::default()
    };
    let total = args.games;
    let mut out = std::io::stdout();
    writeln!(out, "{}", heading(&rules, &net, args))?;
    let starts = starting_positions(&rules, args, &mut out)?;
    let settings = TrainSettings {
        starts: &starts,
        ..settings
    };
    let mut curve = Curve::new(total, out)?;
    train(
        &mut net,
        &rules,
        args.seed,
        total,
        args.jobs,
        &settings,
        |games, cards| curve.add(games, cards),
    );
    let (mut out, start) = curve.finish()?;
    let path = write_weights(&net, &dir)?;
    writeln!(
        out,
        "wrote {} ({} games, {:.0} s)",
        path.display(),
        net.games,
        start.elapsed().as_secs_f64()
    )?;
    Ok(())
}

/// What the training is about to do, said before it starts: the rules and their weights' key,
/// the seed, the games (after those the weights already learned from), the jobs, the cards the
/// self-play player sees, and the learning settings that differ from the plain ones.
fn heading(rules: &Rules, net: &Network, args: &TrainArgs) -> String {
    let from = net.games;
    format!(
        "training {} ({}) from seed {}: {}{}, {}, seeing {}{}{}",
        rules.name,
        net.key().as_str(),
        args.seed,
        crate::cards::text::count(args.games, "game"),
        if from > 0 {
            format!(" after the {from} the weights learned from")
        } else {
            String::new()
        },
        crate::cards::text::count(args.jobs, "job"),
        crate::cards::text::count(args.see, "card"),
        if args.lambda > 0.0 {
            format!(", TD(λ = {})", args.lambda)
        } else {
            String::new()
        },
        if args.rate < 1.0 {
            format!(", step size {}", args.rate)
        } else {
            String::new()
        }
    )
}

/// Writes the weights `net` learned into the data folder `dir`, whole or not at all; where.
fn write_weights(net: &Network, dir: &Path) -> Result<PathBuf, Error> {
    let path = net.path_in(dir);
    std::fs::create_dir_all(crate::base::fsread::parent(&path))
        .and_then(|()| crate::base::fsread::write_atomic(&path, &net.encode()))
        .map_err(|e| {
            Error::failed(format!(
                "cannot write the weights to {}: {e}",
                path.display()
            ))
        })?;
    Ok(path)
}

/// With `--starts N`, the positions `best` reaches in N games, which every other self-play game
/// starts from (said as they are worked out); else none.
fn starting_positions(
    rules: &crate::cards::rules::Rules,
    args: &TrainArgs,
    out: &mut impl Write,
) -> Result<Vec<crate::cards::engine::Position>, Error> {
    if args.starts == 0 {
        return Ok(Vec::new());
    }
    writeln!(
        out,
        "best plays {} games for the positions every other game starts from...",
        args.starts
    )?;
    // Near a loss every other card: the last cards before one are few and matter most.
    let every = if args.near_loss.is_some() { 2 } else { 8 };
    let found = crate::strategy::train::best_positions(
        rules,
        args.starts,
        args.seed,
        args.jobs,
        every,
        args.near_loss,
    )
    .map_err(|e| Error::failed(format!("cannot start {} jobs: {e}", args.jobs)))?;
    writeln!(out, "{} positions", found.len())?;
    Ok(found)
}

/// The learning curve: a line every twentieth of the games (cards survived on average, the share
/// of games lost before 1000 cards, speed), above a progress bar on a terminal.
struct Curve<W: Write> {
    out: W,
    bar: Option<indicatif::ProgressBar>,
    total: u64,
    /// Cards survived in each game since the last line.
    block: Vec<u32>,
    block_games: u64,
    start: Instant,
    last: Instant,
    games_before: u64,
    /// The first write that failed; the training goes on and the error is returned at the end.
    failed: io::Result<()>,
}

impl<W: Write> Curve<W> {
    fn new(total: u64, mut out: W) -> io::Result<Curve<W>> {
        writeln!(
            out,
            "{:>10} {:>12} {:>10} {:>10} {:>9}",
            "games", "mean cards", "lost <1000", "games/s", "seconds"
        )?;
        let bar = io::stderr().is_terminal().then(|| {
            let bar = indicatif::ProgressBar::new(total);
            bar.set_style(
                indicatif::ProgressStyle::with_template(
                    "{bar:40} {pos}/{len} games, {per_sec}, eta {eta}",
                )
                .expect("the template is valid"),
            );
            bar
        });
        let start = Instant::now();
        Ok(Curve {
            out,
            bar,
            total,
            block: Vec::new(),
            block_games: (total / 20).max(1),
            start,
            last: start,
            games_before: 0,
            failed: Ok(()),
        })
    }

    /// `cards`: how long each game just played survived; `games`: how many have been played.
    fn add(&mut self, games: u64, cards: &[u32]) {
        if let Some(b) = &self.bar {
            b.inc(cards.len() as u64);
        }
        self.block.extend_from_slice(cards);
        if (self.block.len() as u64) < self.block_games && games < self.total {
            return;
        }
        let n = self.block.len() as f64;
        let mean = self.block.iter().map(|&c| f64::from(c)).sum::<f64>() / n;
        let short = self.block.iter().filter(|&&c| c < 1000).count() as f64 / n;
        let now = Instant::now();
        let gps = (games - self.games_before) as f64 / (now - self.last).as_secs_f64().max(1e-9);
        let line = format!(
            "{games:>10} {mean:>12.1} {:>9.1}% {gps:>10.1} {:>9.1}",
            short * 100.0,
            (now - self.start).as_secs_f64()
        );
        match &self.bar {
            Some(b) => b.println(line),
            None if self.failed.is_ok() => self.failed = writeln!(self.out, "{line}"),
            None => {}
        }
        self.block.clear();
        self.games_before = games;
        self.last = now;
    }

    /// Clears the bar; gives back the output and when training started, or the first write error.
    fn finish(self) -> io::Result<(W, Instant)> {
        if let Some(b) = self.bar {
            b.finish_and_clear();
        }
        self.failed.map(|()| (self.out, self.start))
    }
}
