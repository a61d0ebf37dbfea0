//! `new2048 daily`: the day's deal (UTC), the same for every player, played on the screen or
//! line by line with the streak after it; `--share` prints the line to share.

use crate::app::cli::{DailyArgs, Global};
use crate::app::games::kept::{play_dealt, play_kept};
use crate::app::records;
use crate::app::shared::load_rules;
use crate::error::Error;
use crate::headless::cards::Print;
use crate::out;
use crate::start::{Deal, start_daily};
use crate::store::Store;
use crate::utc;

/// Runs `new2048 daily`.
pub(crate) fn command(global: &Global, args: &DailyArgs) -> Result<(), Error> {
    let (game, meta) = start_daily(load_rules(global)?.rules, args.date);
    let date = match &meta.deal {
        Deal::Daily { date, .. } => date.clone(),
        _ => utc::date(meta.started),
    };
    if args.share {
        return records::share(game.rules(), &date);
    }
    if crate::ui::is_interactive() && !args.json {
        return play_dealt(global, game.rules().clone(), game, meta);
    }
    if !args.json {
        out::line(format_args!("the daily deal of {date} (UTC)"))?;
    }
    let rules = game.rules().clone();
    let mut store = Store::open();
    play_kept(game, &meta, Print::of(args.json, false), &mut store)?;
    if !args.json
        && let Some(news) = store.daily_news(&rules, &date)
    {
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
