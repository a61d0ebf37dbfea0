//! `new2048 puzzle`: deals a puzzle ([`crate::puzzle`]) and plays it on the screen, or line by
//! line without a terminal (the deck and the target printed first, the target against the score
//! at the end); `--solution` prints the solver's line instead, `--daily` deals the date's daily
//! puzzle and `--share` prints its line to share.

use crate::app::cli::{Global, PuzzleArgs};
use crate::app::games::kept::{play_dealt, play_kept};
use crate::app::shared::load_rules;
use crate::error::Error;
use crate::headless::cards::Print;
use crate::out;
use crate::out::print_warnings;
use crate::puzzle;
use crate::store::Store;
use crate::utc;

/// Runs `new2048 puzzle`.
pub(crate) fn command(global: &Global, args: &PuzzleArgs) -> Result<(), Error> {
    let rules = load_rules(global)?.rules;
    let day = args.daily.map(|d| d.unwrap_or_else(utc::Date::today));
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
        None => crate::start::deal_text(&meta.deal),
    };
    if args.solution {
        let s = target(&game);
        out::line(format_args!(
            "{what}: {}",
            crate::cards::text::cards(game.deck())
        ))?;
        out::line(format_args!("target {}", puzzle::target_text(&s)))?;
        for line in puzzle::line_text(&game, &s) {
            out::line(line)?;
        }
        return Ok(());
    }
    if crate::ui::is_interactive() && !args.json {
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
