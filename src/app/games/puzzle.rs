//! `new2048 puzzle`: deals a puzzle ([`crate::deal::puzzle`]) and plays it on the screen, or line by
//! line without a terminal (the deck and the target printed first, the target against the score
//! at the end); `--solution` prints the solver's line instead (alone: of the last puzzle
//! finished), `--daily` deals the date's daily puzzle (with the day's rules unless `--rules` or
//! `--config` is given) and `--share` prints its line to share.

use crate::app::cli::{Global, PuzzleArgs};
use crate::app::games::kept::{play_dealt, play_kept};
use crate::app::shared::{day_rules, load_rules};
use crate::base::utc;
use crate::deal::puzzle;
use crate::error::Error;
use crate::headless::cards::Print;
use crate::out;
use crate::out::print_warnings;
use crate::store::Store;

/// Runs `new2048 puzzle`.
pub(crate) fn command(global: &Global, args: &PuzzleArgs) -> Result<(), Error> {
    let day = args.daily.map(|d| d.unwrap_or_else(utc::Date::today));
    // The daily puzzle is the same for everyone: made from the day's rules unless asked.
    let rules = match day {
        Some(_) => day_rules(global)?,
        None => load_rules(global)?.rules,
    };
    if args.solution && args.seed.is_none() && day.is_none() {
        return last_solution();
    }
    let (game, meta) = puzzle::start(&rules, args.seed, day);
    let date = day.map(|d| d.to_string());
    if args.share {
        let date = date.unwrap_or_default();
        let mut store = Store::open();
        let news = store.daily_news(game.rules(), &date);
        print_warnings(&mut store);
        let news = news.ok_or_else(|| {
            Error::usage(format!(
                "there is no finished daily puzzle of {date} with the {} rules; play it with \
                 `new2048 puzzle --daily {date}`",
                game.rules().name
            ))
        })?;
        out::line(crate::ui::share_line(&news.record))?;
        return Ok(());
    }
    let what = match &date {
        Some(d) => format!("the daily puzzle of {d} (UTC)"),
        None => crate::deal::deal_text(&meta.deal),
    };
    if args.solution {
        return solution(&game, &what);
    }
    if crate::ui::is_interactive() && !args.json {
        // The menu after it keeps the rules in force (a daily puzzle's are the day's).
        let rules = load_rules(global).map_or(rules, |l| l.rules);
        return play_dealt(global, rules, game, meta);
    }
    let target = target(&game);
    let mut meta = meta;
    // Kept in the deal: the record is judged by it (history, stats, the line to share).
    puzzle::keep_target(&mut meta.deal, puzzle::Target::of(&target));
    if !args.json {
        out::line(format_args!(
            "{what}, {} cards, all known: {}",
            game.deck().len(),
            crate::cards::text::cards(game.deck())
        ))?;
        out::line(format_args!("target {}", puzzle::target_text(&target)))?;
    }
    let rules = game.rules().clone();
    let mut store = Store::open();
    let ended = play_kept(game, &meta, Print::of(args.json, false), &mut store)?;
    if !args.json {
        let verdict = puzzle::Verdict::of(ended, puzzle::Target::of(&target));
        out::line(format_args!(
            "target {} · you {}: {}",
            puzzle::target_text(&target),
            ended,
            verdict.text()
        ))?;
        if let Some(d) = &date
            && let Some(news) = store.daily_news(&rules, d)
        {
            out::line(format_args!(
                "\nto share: {}",
                crate::ui::share_line(&news.record)
            ))?;
            out::line(format_args!(
                "puzzle streak {} (best {})",
                crate::cards::text::count(news.streak, "day"),
                crate::cards::text::count(news.best_streak, "day")
            ))?;
        }
    }
    Ok(())
}

/// Prints the deck of `game` (a puzzle's start, `what` it is), its target and the solver's line.
fn solution(game: &crate::cards::engine::Game, what: &str) -> Result<(), Error> {
    let s = target(game);
    out::line(format_args!(
        "{what}: {}",
        crate::cards::text::cards(game.deck())
    ))?;
    out::line(format_args!("target {}", puzzle::target_text(&s)))?;
    for line in puzzle::line_text(game, &s) {
        out::line(line)?;
    }
    Ok(())
}

/// `puzzle --solution` alone: the solution of the last puzzle finished (won or lost), the one a
/// player just played. A puzzle begun after it and not finished is not spoiled: it is named,
/// with how to finish it, or to see its solution anyway by its seed.
fn last_solution() -> Result<(), Error> {
    use crate::deal::Deal;
    use crate::record::Entry;
    let mut store = Store::open();
    let cards = crate::store::Filter {
        game: Some(crate::record::GameKind::Cards),
        ..crate::store::Filter::default()
    };
    let puzzles: Vec<_> = store
        .summaries(&cards)
        .into_iter()
        .filter(|r| matches!(r.deal, Deal::Puzzle { .. }))
        .collect();
    let finished = puzzles.iter().find(|r| r.outcome.ended());
    let after = |t: u64| finished.is_none_or(|f| t >= f.ended);
    let saved = store.saved_games().into_iter().find(|i| {
        i.game == crate::record::GameKind::Cards && i.deal.starts_with("puzzle ") && after(i.saved)
    });
    // Left before its end (quit, or played again from its start) since the last one finished.
    let left = puzzles
        .iter()
        .find(|r| !r.outcome.ended() && after(r.ended));
    print_warnings(&mut store);
    let anyway = |deal: &str| match deal.strip_prefix("puzzle ") {
        Some(d) if d.contains('-') => format!("`new2048 puzzle --daily {d} --solution`"),
        Some(seed) => format!("`new2048 puzzle --seed {seed} --solution`"),
        None => "`new2048 puzzle --seed N --solution`".into(),
    };
    let open = match (saved, left) {
        (Some(i), _) => Some(format!(
            "your newest puzzle ({}, saved game {}) is not finished, so its solution is not \
             shown: finish it with `new2048 play --resume {}`, or see it anyway with {}",
            i.deal,
            i.number,
            i.number,
            anyway(&i.deal)
        )),
        (None, Some(r)) => {
            let deal = crate::deal::deal_text(&r.deal);
            Some(format!(
                "your newest puzzle ({deal}) was left unfinished, so its solution is not shown; \
                 see it anyway with {}",
                anyway(&deal)
            ))
        }
        (None, None) => None,
    };
    let Some(finished) = finished else {
        return Err(Error::usage(open.unwrap_or_else(|| {
            "no puzzle finished yet: play one with `new2048 puzzle`, or see any puzzle's \
             solution with `new2048 puzzle --seed N --solution`"
                .into()
        })));
    };
    if let Some(open) = open {
        out::note(format_args!(
            "{open}; the last puzzle you finished is below"
        ));
    }
    let game = match store.record(&finished.id) {
        Ok(Entry::Cards(r)) => r.play.rebuild().map(|(g, _)| g).map_err(|e| e.to_string()),
        Ok(_) => Err("it is not a card game".into()),
        Err(e) => Err(e.to_string()),
    }
    .map_err(|why| {
        Error::usage(format!(
            "the last puzzle you finished ({}) cannot be read back: {why}",
            crate::deal::deal_text(&finished.deal)
        ))
    })?;
    let start = crate::cards::engine::Game::new(game.rules_arc().clone(), game.deck().clone());
    let what = format!(
        "the last puzzle you finished, {} (you scored {})",
        crate::deal::deal_text(&finished.deal),
        finished.score
    );
    solution(&start, &what)
}

/// The puzzle's target; a search that takes more than a moment says how far it has come on
/// standard error when that is a terminal (`solving the puzzle… 40%`), the line wiped after.
fn target(game: &crate::cards::engine::Game) -> crate::strategy::exact::Solution {
    use std::io::{IsTerminal, Write};
    use std::time::{Duration, Instant};

    use crate::strategy::exact::{self, Budget, Watch};

    if !std::io::stderr().is_terminal() {
        return puzzle::target(game);
    }
    let began = Instant::now();
    let shown = std::cell::Cell::new(false);
    let progress = |n: u64, of: u64| {
        if began.elapsed() > Duration::from_millis(300) {
            // Written, not printed: a standard error that cannot be written changes nothing.
            let mut err = out::stderr();
            let _ = write!(
                err,
                "\rsolving the puzzle… {}% of the most it searches",
                n * 100 / of.max(1)
            );
            let _ = err.flush();
            shown.set(true);
        }
    };
    let watch = Watch {
        cancel: &|| false,
        progress: &progress,
    };
    let rules = game.rules();
    let start = crate::cards::engine::Position::new(rules);
    let s = exact::solve_watched(
        rules,
        &start,
        game.deck(),
        Budget(exact::EXACT_BUDGET),
        Some(&watch),
    )
    .unwrap_or_else(|| exact::solve(rules, game.deck()));
    if shown.get() {
        let _ = write!(out::stderr(), "\r\x1b[K");
    }
    s
}
