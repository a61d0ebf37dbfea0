//! The commands that read the data folder without playing: `saved` (list or delete saved games),
//! `history`, `stats`, `daily --share` and `data` (where the database is, a backup, a check). Each reads what it needs once (the saved-games list, or
//! the history index) and prints it as a table, JSON or CSV.

pub(super) mod report;
mod stats;

use std::io::{self, Write};
use std::path::Path;

use crate::app::cli::{DataCommand, Global, HistoryArgs, SavedArgs};
use crate::cards::rules::Rules;
use crate::error::Error;
use crate::out::print_warnings;

use crate::base::utc;
use crate::record::GameKind;
use crate::store::{self, Store};

/// `new2048 saved`: the saved games as a table or JSON, or `--delete N`.
pub(super) fn saved(args: &SavedArgs) -> Result<(), Error> {
    let mut store = Store::open();
    let list = store.all_saved_games();
    print_warnings(&mut store);
    if let Some(n) = args.delete {
        let info = n.checked_sub(1).and_then(|i| list.get(i)).ok_or_else(|| {
            Error::usage(format!(
                "there is no saved game {n} to delete; {} saved (1 is the newest)",
                list.len()
            ))
        })?;
        store
            .delete_saved(&info.id)
            .map_err(|e| Error::said(e, |e| format!("saved game {n}: {e}")))?;
        print_warnings(&mut store);
        writeln!(
            io::stdout(),
            "deleted saved game {n} ({}, score {}); history keeps it as quit",
            report::mode(info),
            info.score_text()
        )?;
        return Ok(());
    }
    if args.json {
        let json = serde_json::to_string_pretty(&list).expect("saved games always serialize");
        writeln!(io::stdout(), "{json}")?;
    } else if list.is_empty() {
        writeln!(io::stdout(), "no saved games")?;
    } else {
        write!(
            io::stdout(),
            "{}",
            report::saved_table(&list, terminal_width())
        )?;
    }
    Ok(())
}

/// `daily --share`: the line to share of `date`'s finished daily deal with `rules`.
pub(super) fn share(rules: &Rules, date: &str) -> Result<(), Error> {
    let mut store = Store::open();
    let news = store.daily_news(rules, date);
    print_warnings(&mut store);
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
    writeln!(io::stdout(), "{}", crate::ui::share_line(&news.record))?;
    Ok(())
}

/// `--rules NAME` of `history` and `stats`: a preset, a rule set or the rules of a recorded
/// game; another name is a mistake (exit 2, the nearest name suggested), not an empty list.
fn rules_filter(global: &Global, store: &Store) -> Result<(), Error> {
    match &global.rules {
        Some(name) => Ok(crate::config::check_rules_name(name, &store.rules_names())?),
        None => Ok(()),
    }
}

pub(super) fn history(global: &Global, args: &HistoryArgs) -> Result<(), Error> {
    use crate::app::cli::HistoryGame;
    let mut store = Store::open();
    rules_filter(global, &store)?;
    // Puzzles are card games told apart by their deal: those of cards are sorted out here, and
    // the limit applied after.
    let puzzles = match args.game {
        Some(HistoryGame::Puzzle) => Some(true),
        Some(HistoryGame::Cards) => Some(false),
        _ => None,
    };
    let filter = store::Filter {
        game: args.game.map(|g| match g {
            HistoryGame::Cards | HistoryGame::Puzzle => GameKind::Cards,
            HistoryGame::Classic => GameKind::Classic,
            HistoryGame::Duel => GameKind::Duel,
        }),
        rules: global.rules.clone(),
        limit: if puzzles.is_some() { None } else { args.limit },
        ..store::Filter::default()
    };
    let mut shown = store.summaries(&filter);
    if let Some(want) = puzzles {
        shown.retain(|r| matches!(r.deal, crate::deal::Deal::Puzzle { .. }) == want);
        shown.truncate(args.limit.unwrap_or(usize::MAX));
    }
    print_warnings(&mut store);
    if let Some(n) = args.export {
        let record = n.checked_sub(1).and_then(|i| shown.get(i)).ok_or_else(|| {
            Error::usage(format!(
                "there is no game {n} to export; history holds {} (1 is the newest)",
                shown.len()
            ))
        })?;
        let text = store
            .record_text(&record.id)
            .map_err(|e| e.context(|m| format!("cannot export game {n}: {m}")))?;
        write!(io::stdout(), "{text}")?;
        return Ok(());
    }
    let rows = report::rows(&shown);
    if rows.is_empty() && !store.is_open() && store.read_partly() {
        // History that could not be read is not said to be empty, in any format (the warning
        // says why, and the status is 1).
    } else if args.json {
        let json = serde_json::to_string_pretty(&rows).expect("rows always serialize");
        writeln!(io::stdout(), "{json}")?;
    } else if args.csv {
        write!(io::stdout(), "{}", report::csv(&rows))?;
    } else if rows.is_empty() && store.count() == 0 {
        writeln!(io::stdout(), "no games recorded yet")?;
    } else if rows.is_empty() {
        writeln!(io::stdout(), "no recorded game matches")?;
    } else {
        write!(io::stdout(), "{}", report::table(&rows, terminal_width()))?;
    }
    partly_read(&store)
}

/// A command that could not read every row it was asked for fails (status 1) after printing
/// what it could.
fn partly_read(store: &Store) -> Result<(), Error> {
    if store.read_partly() {
        return Err(Error::Failed(
            "history could not be read in full (see the warning above)".into(),
        ));
    }
    Ok(())
}

/// How wide the terminal printed to is; `None` when the output is a file or a pipe.
pub(super) fn terminal_width() -> Option<usize> {
    console::Term::stdout()
        .size_checked()
        .map(|(_, w)| usize::from(w))
}

/// `new2048 stats [--rules NAME]`: every rules' figures, or only those of the rules named.
pub(super) fn stats(global: &Global) -> Result<(), Error> {
    let mut store = Store::open();
    rules_filter(global, &store)?;
    let tally = store.stats();
    print_warnings(&mut store);
    let today = utc::date(utc::now());
    match (tally, &global.rules) {
        // History that could not be read is not said to be empty (the warning says why).
        (None, _) if store.read_partly() => {}
        (None, _) => writeln!(io::stdout(), "no games recorded yet")?,
        (Some(mut tally), Some(name)) => {
            stats::keep_rules(&mut tally, name);
            if stats::is_empty(&tally) {
                writeln!(io::stdout(), "no games recorded with the rules `{name}`")?;
            } else {
                write!(io::stdout(), "{}", stats::report_of(&tally, &today))?;
            }
        }
        (Some(tally), None) => write!(io::stdout(), "{}", stats::report_of(&tally, &today))?,
    }
    partly_read(&store)
}

/// `new2048 data path|backup PATH|check`.
pub(super) fn data(command: &DataCommand) -> Result<(), Error> {
    let dir = crate::config::paths::data_dir().ok_or_else(|| {
        Error::usage(format!(
            "there is no data folder (no home folder); set {}",
            crate::config::paths::DATA_DIR_ENV
        ))
    })?;
    if let DataCommand::Path = command {
        writeln!(io::stdout(), "{}", store::path_in(&dir).display())?;
        return Ok(());
    }
    let mut store = Store::open();
    print_warnings(&mut store);
    match command {
        DataCommand::Path => Ok(()),
        DataCommand::Restore { path } => restore(&mut store, &dir, path),
        DataCommand::Backup { path } => {
            store.backup(path)?;
            writeln!(
                io::stdout(),
                "wrote a copy of {} to {}",
                store::path_in(&dir).display(),
                path.display()
            )?;
            Ok(())
        }
        DataCommand::Check => check(&store, &dir),
    }
}

/// `data restore PATH`: the database of the data folder `dir` replaced by the copy at `path`,
/// and what came back (the rows refused, and where the replaced database is kept).
fn restore(store: &mut Store, dir: &Path, path: &Path) -> Result<(), Error> {
    let restored = store.restore(path)?;
    let count = |n: usize, what| crate::cards::text::count(n as u32, what);
    let refused = if restored.refused.is_empty() {
        String::new()
    } else {
        format!(
            "; {} of it {} refused and not restored: {}",
            count(restored.refused.len(), "row"),
            if restored.refused.len() == 1 {
                "was"
            } else {
                "were"
            },
            store::refused_summary(&restored.refused)
        )
    };
    writeln!(
        io::stdout(),
        "restored {} from {} ({} and {}){refused}; the database it replaced is kept at {}",
        store::path_in(dir).display(),
        path.display(),
        count(restored.games, "recorded game"),
        count(restored.saves, "saved game"),
        restored.keep.display()
    )?;
    restore_notes(&restored)
}

/// `data check`: the database of the data folder `dir` is sound, or each problem found and what
/// becomes of it (an error, so a script sees it).
fn check(store: &Store, dir: &Path) -> Result<(), Error> {
    let found = store
        .check()
        .map_err(|e| e.context(|m| format!("the database cannot be checked: {m}")))?;
    let mut problems = found.problems;
    if found.pages_damaged {
        // The next start moves it aside and brings back what still reads.
        store::ask_check(dir);
        problems.push(
            "the next start of new2048 moves it aside (nothing is deleted) and brings back every \
             row that still reads"
                .into(),
        );
    }
    if store.found_damage() {
        problems.insert(
            0,
            "it was damaged when this command opened it, and was moved aside (see above)"
                .to_string(),
        );
    }
    if problems.is_empty() {
        writeln!(
            io::stdout(),
            "the database {} is sound",
            store::path_in(dir).display()
        )?;
        return Ok(());
    }
    Err(Error::usage(format!(
        "the database {} is damaged:\n{}\nback up what still reads with `new2048 data backup \
         FILE`",
        store::path_in(dir).display(),
        problems.join("\n")
    )))
}

/// What a restore adds after its line: the rows it set right from their records, and the older
/// kept databases it removed.
fn restore_notes(restored: &store::Restored) -> Result<(), Error> {
    if !restored.mended.is_empty() {
        writeln!(
            io::stdout(),
            "kept the games' own figures where {} of the backup said otherwise (edited \
             by hand?): {}",
            crate::cards::text::count(restored.mended.len() as u32, "row"),
            store::refused_summary(&restored.mended)
        )?;
    }
    if restored.pruned > 0 {
        writeln!(
            io::stdout(),
            "older copies kept by restores removed: {} (the newest {} stay)",
            restored.pruned,
            store::KEPT_COPIES
        )?;
    }
    Ok(())
}
