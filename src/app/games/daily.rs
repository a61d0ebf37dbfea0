//! `new2048 daily`: the day's deal (UTC), the same for every player (with the day's rules unless
//! `--rules` or `--config` is given), played on the screen or line by line with the streak after
//! it; `--share` prints the line to share. Only the first finished play of a deal counts: a play
//! after it is practice, and says so.

use crate::app::cli::{DailyArgs, Global};
use crate::app::games::kept::{play_dealt, play_kept};
use crate::app::records;
use crate::app::shared::{day_rules, load_rules};
use crate::base::utc;
use crate::deal::{Deal, start_daily};
use crate::error::Error;
use crate::headless::cards::Print;
use crate::out;
use crate::store::Store;

/// What the first line says of a deal finished before: this play is practice.
pub(crate) const PRACTICE: &str =
    ": practice (you finished it before; only your first finished play counts)";

/// Runs `new2048 daily`.
pub(crate) fn command(global: &Global, args: &DailyArgs) -> Result<(), Error> {
    let (game, meta) = start_daily(day_rules(global)?, args.date);
    let date = match &meta.deal {
        Deal::Daily { date, .. } => date.clone(),
        _ => utc::date(meta.started),
    };
    if args.share {
        return records::share(game.rules(), &date);
    }
    if crate::ui::is_interactive() && !args.json {
        // The menu after it keeps the rules in force, not the day's.
        let rules = load_rules(global).map_or_else(|_| game.rules().clone(), |l| l.rules);
        return play_dealt(global, rules, game, meta);
    }
    let rules = game.rules().clone();
    let mut store = Store::open();
    if !args.json {
        let again = store.daily_news(&rules, &date).is_some();
        out::line(format_args!(
            "the daily deal of {date} (UTC){}",
            if again { PRACTICE } else { "" }
        ))?;
    }
    play_kept(game, &meta, Print::of(args.json, false), &mut store)?;
    if !args.json
        && let Some(news) = store.daily_news(&rules, &date)
    {
        if news.practice > 0 {
            out::line(format_args!(
                "\npractice: your first finished play of this deal is the one that counts"
            ))?;
        }
        out::line(format_args!(
            "\nto share: {}",
            crate::ui::share_line(&news.record)
        ))?;
        out::line(format_args!(
            "daily streak {} (best {}); best score of this deal {}",
            crate::cards::text::count(news.streak, "day"),
            crate::cards::text::count(news.best_streak, "day"),
            news.best
        ))?;
    }
    Ok(())
}
