//! The daily deal in history: the record a player shares, the streaks, a date's best. All of it
//! follows from history (card games dealt with `Deal::Daily`), so nothing more is kept. A day
//! counts when its deal was finished (won or lost) with any rules; a streak is alive while its
//! last day is today or yesterday, and days after today do not count. Only the first finished
//! play of a day's deal counts: the ones after it are practice ([`Recap::practice`], worked out
//! as history is read), since the player knew the cards by then. The line to share is drawn by
//! the terminal (`ui::share_line`).

use std::collections::BTreeSet;

use crate::base::utc;
use crate::deal::Deal;
use crate::record::{GameKind, Record};
use crate::store::summary::Recap;

/// What the daily deal of one date says for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DailyNews {
    /// The record of the play of the deal that counts and is shared, its first finished one
    /// (its line is drawn by `ui::share_line`).
    pub record: Record,
    /// Finished plays of the deal after that one: practice.
    pub practice: usize,
    /// Days in a row with a finished daily deal, up to today (or yesterday).
    pub streak: u32,
    pub best_streak: u32,
    /// The best score of this date's deal with these rules.
    pub best: u64,
}

/// The daily deals among `games` (card games dealt as a daily deal, practice left out), with
/// their dates.
pub(crate) fn dailies<'a>(games: &'a [&'a Recap]) -> impl Iterator<Item = (&'a str, &'a Recap)> {
    games.iter().filter_map(|s| match &s.deal {
        Deal::Daily { date, .. } if s.game == GameKind::Cards && !s.practice => {
            Some((date.as_str(), *s))
        }
        _ => None,
    })
}

/// The daily puzzles among `games` (practice left out), with their dates.
fn daily_puzzles<'a>(games: &'a [&'a Recap]) -> impl Iterator<Item = (&'a str, &'a Recap)> {
    games.iter().filter_map(|s| match &s.deal {
        Deal::Puzzle {
            date: Some(date), ..
        } if !s.practice => Some((date.as_str(), *s)),
        _ => None,
    })
}

/// The current streak (alive on `today`) and the longest, in days: of the daily deals, or of the
/// daily puzzles (a streak of its own).
pub(crate) fn streaks(games: &[&Recap], today: &str, puzzles: bool) -> (u32, u32) {
    let days: Vec<(&str, &Recap)> = if puzzles {
        daily_puzzles(games).collect()
    } else {
        dailies(games).collect()
    };
    let today = utc::parse_date(today).unwrap_or(0);
    // Only days up to today count: a later date's deal (played before it was refused, or with
    // a clock set wrong) neither extends a streak nor ends it.
    let days: BTreeSet<u64> = days
        .into_iter()
        .filter(|(_, s)| s.outcome.ended())
        .filter_map(|(d, _)| utc::parse_date(d))
        .filter(|&d| d <= today)
        .collect();
    let mut best = 0;
    let mut run = 0;
    let mut last: Option<u64> = None;
    for &d in &days {
        run = if last == Some(d.wrapping_sub(1)) {
            run + 1
        } else {
            1
        };
        best = best.max(run);
        last = Some(d);
    }
    let alive = last.is_some_and(|l| l == today || l + 1 == today);
    (if alive { run } else { 0 }, best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::engine::Move;
    use crate::cards::rules::Rules;
    use crate::cards::summary::Ending;
    use crate::store::{Filter, InPlay, Store};

    /// A store holding one finished daily deal of each of `dates`.
    fn played(dates: &[&str]) -> (tempfile::TempDir, Vec<Recap>) {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::at(Some(dir.path().to_path_buf()));
        for date in dates {
            let date = utc::Date::daily(date).unwrap();
            let (mut g, meta) = crate::deal::start_daily(Rules::default_rules(), Some(date));
            let _ = g.play(Move::Place(0));
            store.finish(&InPlay::solo(&g, &meta), Some(Ending::Lost), None);
        }
        let games = store.summaries(&Filter::default());
        (dir, games)
    }

    #[test]
    fn a_day_after_today_neither_extends_nor_ends_a_streak() {
        let (_dir, games) = played(&["2026-11-28", "2026-11-29", "2026-11-30"]);
        let games: Vec<&Recap> = games.iter().collect();
        // On the 29th (a clock set back, or a record brought in), the 30th is still to come.
        assert_eq!(streaks(&games, "2026-11-29", false), (2, 2));
        assert_eq!(streaks(&games, "2026-11-30", false), (3, 3));
        assert_eq!(streaks(&games, "2026-12-02", false), (0, 3));
    }

    #[test]
    fn a_daily_deal_or_puzzle_of_a_later_date_is_refused() {
        let now = utc::now();
        let tomorrow = utc::date(now + 86_400);
        let today = utc::date(now);
        // Refused where it is typed (`daily --date`, `puzzle --daily`): no deal is made of it.
        let refused = utc::Date::daily(&tomorrow);
        let message = refused.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(message.contains("has not come yet"), "{message}");
        assert!(message.contains(&today), "{message}");
        let typed = utc::Date::daily(&today).unwrap();
        let (_, daily) = crate::deal::start_daily(Rules::default_rules(), Some(typed));
        assert!(matches!(daily.deal, Deal::Daily { ref date, .. } if *date == today));
        let (_, puzzle) = crate::deal::puzzle::start(&Rules::default_rules(), None, Some(typed));
        assert!(matches!(puzzle.deal, Deal::Puzzle { date: Some(ref d), .. } if *d == today));
    }
}
