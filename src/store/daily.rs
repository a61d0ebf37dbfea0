//! The daily deal in history: the line a player shares, their streak, the best score of a date.
//!
//! Everything is computed from history (a card game dealt with `Deal::Daily`): the streaks and
//! best scores from the index's summaries, the line to share from the one record it tells of, so
//! there is nothing more to keep and nothing to get out of step with history.
//!
//! The shared line must not give the deal away: everyone plays the same cards that day, and a
//! line saying "a bomb at card 31" would tell the others where the bombs are. So the strip shows
//! only what the player made of the deal: the deck cut in ten equal stretches, each drawn by the
//! best thing the player did in it (a column cleared, a long chain, merges, or nothing but
//! placing), then how it ended. How many bombs were played is a count, never a place.
//!
//! A day counts towards the streak when its daily deal was finished (won or lost) with any rules;
//! a streak is alive while its last day is today or yesterday (today's deal may still be played).

use std::collections::BTreeSet;

use crate::cards::engine::{Clear, Game};
use crate::cards::summary::Ending;
use crate::duel::Playable;
use crate::store::files::format::GameKind;
use crate::store::files::record::Record;
use crate::store::files::summary::Recap;
use crate::store::meta::Deal;
use crate::store::utc;

/// Stretches of the deck in the strip.
const CELLS: usize = 10;

/// What the daily deal of one date says for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DailyNews {
    /// The line to share.
    pub line: String,
    /// Days in a row with a finished daily deal, up to today (or yesterday).
    pub streak: u32,
    pub best_streak: u32,
    /// The best score of this date's deal with these rules.
    pub best: u64,
}

/// The date of a daily deal, if `deal` is one.
fn daily_date(deal: &Deal) -> Option<&str> {
    match deal {
        Deal::Daily { date, .. } => Some(date),
        _ => None,
    }
}

/// The daily deals among `games` (card games dealt as a daily deal), with their dates.
pub(crate) fn dailies<'a>(games: &'a [&'a Recap]) -> impl Iterator<Item = (&'a str, &'a Recap)> {
    games.iter().filter_map(|s| {
        (s.game == GameKind::Cards)
            .then(|| daily_date(&s.deal).map(|d| (d, *s)))
            .flatten()
    })
}

/// The best score of `date`'s daily deal with the rules of hash `rules_hash`.
pub(crate) fn best_of(games: &[&Recap], rules_hash: &str, date: &str) -> Option<u64> {
    dailies(games)
        .filter(|(d, s)| *d == date && s.rules_hash == rules_hash)
        .map(|(_, s)| s.score)
        .max()
}

/// The current streak (alive on `today`) and the longest, in days.
pub(crate) fn streaks(games: &[&Recap], today: &str) -> (u32, u32) {
    let days: BTreeSet<u64> = dailies(games)
        .filter(|(_, s)| s.outcome != Ending::Quit)
        .filter_map(|(d, _)| utc::parse_date(d))
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
    let today = utc::parse_date(today).unwrap_or(0);
    let alive = last.is_some_and(|l| l == today || l + 1 == today);
    (if alive { run } else { 0 }, best)
}

/// The shared line of a daily deal's record: `new2048 daily 2026-12-01 (default): won · score 14
/// · 100 cards · 3 clears · 2 bombs  🟦🟩🟨…🏆` (a count of none is left out).
pub(crate) fn share_line(r: &Record) -> String {
    let date = daily_date(&r.play.deal).unwrap_or("?");
    let (strip, clears, bombs) = match r.play.rebuild() {
        Ok((game, _)) => strip(&game),
        Err(_) => (String::new(), 0, 0),
    };
    let outcome = match r.outcome {
        Ending::Won => "won",
        Ending::Lost => "lost",
        Ending::Quit => "unfinished",
    };
    let mut parts = vec![
        outcome.to_string(),
        format!("score {}", r.score),
        count(r.cards_played, "card"),
    ];
    // Counts of nothing only make the line longer.
    parts.extend((clears > 0).then(|| count(clears, "clear")));
    parts.extend((bombs > 0).then(|| count(bombs, "bomb")));
    format!(
        "new2048 daily {date} ({}): {}  {strip}",
        r.play.rules.name,
        parts.join(" · ")
    )
}

/// `1 card`, `2 cards`.
pub(crate) fn count(n: u32, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// The strip of `game` (as it ended): one cell per tenth of the deck (a card, for a deck of
/// fewer than ten), by the best thing done in
/// it: 🟨 a column cleared, 🟧 a chain of three merges or more, 🟩 a merge, 🟦 cards placed
/// only, ⬛ not reached. With the clears and bombs counted.
pub(crate) fn strip(game: &Game) -> (String, u32, u32) {
    let size = game.deck().len().max(1);
    // A deck shorter than the strip gets a cell a card.
    let n = CELLS.min(size);
    let mut cells = vec![0u8; n];
    let mut reached = vec![false; n];
    let mut at = game.restart();
    let (mut clears, mut bombs) = (0, 0);
    for (i, &mv) in game.moves().iter().enumerate() {
        // The cell of the card played: its place in the deck.
        let cell = (i * n / size).min(n - 1);
        reached[cell] = true;
        let Ok(turn) = at.play(mv) else { break };
        let level = match turn.cleared {
            Some(Clear::Value) => {
                clears += 1;
                4
            }
            Some(Clear::Bomb) => {
                bombs += 1;
                1
            }
            None => match turn.steps().len() {
                0 => 1,
                1 | 2 => 2,
                _ => 3,
            },
        };
        cells[cell] = cells[cell].max(level);
    }
    let mut s: String = cells
        .iter()
        .zip(reached)
        .map(|(&level, reached)| match (reached, level) {
            (false, _) => '⬛',
            (true, 4) => '🟨',
            (true, 3) => '🟧',
            (true, 2) => '🟩',
            _ => '🟦',
        })
        .collect();
    s.push(match game.ending() {
        Ending::Won => '🏆',
        Ending::Lost => '💀',
        Ending::Quit => '⏸',
    });
    (s, clears, bombs)
}

/// What the finished daily deal `r` says, among the `games` of history.
pub(crate) fn news(games: &[&Recap], r: &Record, today: &str) -> DailyNews {
    let date = daily_date(&r.play.deal).unwrap_or("?");
    let (streak, best_streak) = streaks(games, today);
    DailyNews {
        line: share_line(r),
        streak,
        best_streak,
        best: best_of(games, &r.play.rules.hash, date).unwrap_or(r.score),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::cards::engine::Move;
    use crate::cards::rules::Rules;
    use crate::store::files::entry::Entry;
    use crate::store::meta::GameMeta;

    /// A daily deal of `date` played `moves` columns (then ended as `ending`).
    pub(crate) fn daily(date: &str, moves: &[u8], ending: Ending) -> Record {
        let (mut g, meta) =
            crate::store::meta::start_daily(Rules::default_rules(), Some(date)).unwrap();
        for &c in moves {
            let _ = g.play(Move::Place(c));
        }
        let ended = utc::parse_stamp(&format!("{date}T20:00:00Z")).unwrap();
        Record::of(&g, &meta, ending, ended, String::new())
    }

    /// The summaries of `records`, as the index holds them.
    pub(crate) fn summed(records: &[Record]) -> Vec<Recap> {
        records
            .iter()
            .map(|r| Recap::of(&Entry::Cards(r.clone())))
            .collect()
    }

    pub(crate) fn refs(s: &[Recap]) -> Vec<&Recap> {
        s.iter().collect()
    }

    #[test]
    fn streaks_count_days_in_a_row() {
        let e = summed(&[
            daily("2026-11-25", &[0], Ending::Lost),
            daily("2026-11-26", &[0], Ending::Lost),
            daily("2026-11-27", &[0], Ending::Lost),
            // A deal left unfinished does not count.
            daily("2026-11-28", &[0], Ending::Quit),
            daily("2026-11-29", &[0], Ending::Lost),
            daily("2026-11-30", &[0], Ending::Won),
        ]);
        let e = refs(&e);
        assert_eq!(streaks(&e, "2026-11-30"), (2, 3));
        // Alive the next day, before today's deal is played; broken the day after.
        assert_eq!(streaks(&e, "2026-12-01"), (2, 3));
        assert_eq!(streaks(&e, "2026-12-02"), (0, 3));
        assert_eq!(streaks(&[], "2026-12-02"), (0, 0));
    }

    #[test]
    fn best_of_a_date_is_that_deal_only() {
        let rules = Rules::default_rules().hash();
        let (mut other, _) = crate::store::meta::start_daily(Rules::default_rules(), None).unwrap();
        for c in [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3] {
            let _ = other.play(Move::Place(c));
        }
        let seeded = GameMeta {
            deal: Deal::Seed { seed: 1 },
            started: 0,
        };
        let e = summed(&[
            daily("2026-11-30", &[0, 1], Ending::Lost),
            Record::of(&other, &seeded, Ending::Lost, 1, String::new()),
        ]);
        let e = refs(&e);
        assert_eq!(best_of(&e, &rules, "2026-11-30"), Some(0));
        assert_eq!(best_of(&e, &rules, "2026-11-29"), None);
        assert_eq!(best_of(&e, "other rules", "2026-11-30"), None);
    }

    /// The strip has ten cells and an ending, and the same play of two different deals with the
    /// same merges draws the same strip: it tells the play, not the cards.
    #[test]
    fn the_share_line() {
        let r = daily("2026-11-30", &[0, 0, 1, 2, 3], Ending::Lost);
        let line = share_line(&r);
        assert!(
            line.starts_with("new2048 daily 2026-11-30 (default): lost · score "),
            "{line}"
        );
        assert!(line.contains(" · 5 cards"), "{line}");
        assert!(
            !line.contains("0 clears"),
            "counts of none are left out: {line}"
        );
        let strip = line.rsplit("  ").next().unwrap();
        assert_eq!(strip.chars().count(), CELLS + 1, "{line}");
        assert!(strip.starts_with('🟦') || strip.starts_with('🟩'), "{line}");
        assert!(
            strip.contains('⬛'),
            "the rest of the deck was not reached: {line}"
        );
        assert!(!line.contains('\n'));
        let g = Game::with_seed(Arc::new(Rules::default_rules()), 3);
        assert_eq!(strip_of(&g), "⬛⬛⬛⬛⬛⬛⬛⬛⬛⬛⏸");
    }

    fn strip_of(g: &Game) -> String {
        strip(g).0
    }

    #[test]
    fn news() {
        let r = daily("2026-11-30", &[0, 1], Ending::Lost);
        let e = summed(std::slice::from_ref(&r));
        let e = refs(&e);
        let n = super::news(&e, &r, "2026-11-30");
        assert_eq!((n.streak, n.best_streak, n.best), (1, 1, r.score));
    }
}
