//! The commands that read the data folder without playing: `saved` (list or delete saved games),
//! `history`, `stats` and `daily --share`. Each reads what it needs once (the saved-games list, or
//! the history index) and prints it as a table, JSON or CSV.

use super::cli::{Global, HistoryArgs, SavedArgs};
use super::{Error, print_warnings};
use crate::cards::rules::Rules;
use crate::store::format::GameKind;
use crate::store::keeper::Keeper;
use crate::store::{self, Store, utc};

/// `new2048 saved`: the saved games as a table or JSON, or `--delete N`.
pub(super) fn saved(args: &SavedArgs) -> Result<(), Error> {
    let mut keeper = Store::open();
    let list = keeper.saved_games();
    print_warnings(&mut keeper);
    if let Some(n) = args.delete {
        let info = n.checked_sub(1).and_then(|i| list.get(i)).ok_or_else(|| {
            Error::usage(format!(
                "there is no saved game {n} to delete; {} saved (1 is the newest)",
                list.len()
            ))
        })?;
        keeper
            .delete_saved(&info.id)
            .map_err(|e| Error::usage(format!("saved game {n}: {e}")))?;
        print_warnings(&mut keeper);
        println!(
            "deleted saved game {n} ({}, score {}); history keeps it as quit",
            info.mode(),
            info.score_text()
        );
        return Ok(());
    }
    if args.json {
        let json = serde_json::to_string_pretty(&list).expect("saved games always serialize");
        println!("{json}");
    } else if list.is_empty() {
        println!("no saved games");
    } else {
        print!("{}", store::report::saved_table(&list));
    }
    let elsewhere = [GameKind::Cards, GameKind::Classic, GameKind::Duel]
        .map(|g| keeper.open_elsewhere(g))
        .iter()
        .sum::<usize>();
    if elsewhere > 0 && !args.json {
        println!("({elsewhere} more open in another window)");
    }
    Ok(())
}

/// `daily --share`: the line to share of `date`'s finished daily deal with `rules`.
pub(super) fn share(rules: &Rules, date: &str) -> Result<(), Error> {
    let mut keeper = Store::open();
    let news = keeper.daily_news(rules, date);
    print_warnings(&mut keeper);
    let news = news.ok_or_else(|| {
        Error::usage(format!(
            "there is no finished daily deal of {date} with the {} rules; play it with \
             `new2048 daily{}`",
            rules.name,
            if date == utc::date(utc::now()) {
                String::new()
            } else {
                format!(" --date {date}")
            }
        ))
    })?;
    println!("{}", news.line);
    Ok(())
}

pub(super) fn history(global: &Global, args: &HistoryArgs) -> Result<(), Error> {
    use crate::app::cli::HistoryGame;
    let mut keeper = Store::open();
    let all = keeper.summaries();
    print_warnings(&mut keeper);
    let wanted = args.game.map(|g| match g {
        HistoryGame::Cards => GameKind::Cards,
        HistoryGame::Classic => GameKind::Classic,
        HistoryGame::Duel => GameKind::Duel,
    });
    let shown: Vec<&store::index::Indexed> = all
        .iter()
        .filter(|i| wanted.is_none_or(|g| i.summary.game == g))
        .filter(|i| global.rules.as_ref().is_none_or(|r| &i.summary.rules == r))
        .take(args.limit.unwrap_or(usize::MAX))
        .collect();
    if let Some(n) = args.export {
        let record = n.checked_sub(1).and_then(|i| shown.get(i)).ok_or_else(|| {
            Error::usage(format!(
                "there is no game {n} to export; history holds {} (1 is the newest)",
                shown.len()
            ))
        })?;
        let text = keeper
            .record_text(&record.file)
            .map_err(|e| Error::usage(format!("cannot export game {n}: {e}")))?;
        print!("{text}");
        return Ok(());
    }
    let rows = store::report::rows(shown.iter().map(|i| &i.summary));
    if args.json {
        let json = serde_json::to_string_pretty(&rows).expect("rows always serialize");
        println!("{json}");
    } else if args.csv {
        print!("{}", store::report::csv(&rows));
    } else if all.is_empty() {
        println!("no games recorded yet");
    } else if rows.is_empty() {
        println!("no recorded game matches");
    } else {
        print!("{}", store::report::table(&rows));
    }
    Ok(())
}

pub(super) fn stats() -> Result<(), Error> {
    let mut keeper = Store::open();
    let all = keeper.summaries();
    print_warnings(&mut keeper);
    if all.is_empty() {
        println!("no games recorded yet");
    } else {
        let summaries: Vec<&store::index::Summary> = all.iter().map(|i| &i.summary).collect();
        print!(
            "{}",
            store::stats::report(&summaries, &utc::date(utc::now()))
        );
    }
    Ok(())
}
