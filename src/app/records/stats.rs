//! `new2048 stats`: per rules, games played, wins, win rate, best and mean score, and how often
//! each highest card was reached, with a small bar chart.
//!
//! Games are grouped by the rules hash, not the rules name: two files both named "default" but
//! with different weights are different games, and their scores must not be compared.
//!
//! Classic games are grouped the same way by their own rules hash (board size and winning
//! tile), and duels are counted apart: who won, and how. With card games only, the report is
//! the card-game report alone; otherwise each kind gets a titled section.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use unicode_width::UnicodeWidthStr;

use crate::cards::summary::Ending;
use crate::cards::text::count;
use crate::duel::DuelResult;
use crate::record::GameKind;
use crate::store::{Recap, RulesStats, Tally, dailies, streaks};

/// A bar `count/max` of `width` cells, drawn with eighth blocks.
pub(crate) fn bar(count: u32, max: u32, width: usize) -> String {
    const PARTS: [char; 8] = [' ', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
    if max == 0 {
        return String::new();
    }
    let eighths = (u64::from(count) * width as u64 * 8).div_ceil(u64::from(max)) as usize;
    let mut s = "█".repeat(eighths / 8);
    if let Some(&part) = PARTS.get(eighths % 8).filter(|&&c| c != ' ') {
        s.push(part);
    }
    s
}

/// The `stats` report of card games.
pub(crate) fn render(stats: &[RulesStats]) -> String {
    render_of(stats, "card")
}

/// The report of `stats`, where the highest value reached is a `unit` (card, tile).
fn render_of(stats: &[RulesStats], unit: &str) -> String {
    let mut out = String::new();
    for (i, s) in stats.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let _ = writeln!(out, "{} (rules {})", s.name, s.hash);
        // Puzzles are won by reaching their target, not by playing their deck out.
        let (won, wins) = if s.judged > 0 {
            ("solved", s.solved)
        } else {
            ("wins", s.wins)
        };
        let _ = writeln!(
            out,
            "  games {}{}   {won} {} ({})   best {}   mean {}",
            s.games,
            // The win rate is of the games played to their end, not of those quit or restarted
            // (a puzzle's, of the puzzles judged by their target).
            if s.ended == s.games {
                String::new()
            } else {
                format!(" ({} ended)", s.ended)
            },
            wins,
            match if s.judged > 0 { s.judged } else { s.ended } {
                0 => "-".to_string(),
                of => format!("{:.1}%", f64::from(wins) * 100.0 / f64::from(of)),
            },
            s.best,
            // The mean of the games counted.
            if s.games > 0 {
                format!("{:.1}", s.total_score as f64 / f64::from(s.games))
            } else {
                "-".to_string()
            }
        );
        if s.left_out > 0 {
            let _ = writeln!(
                out,
                "  left out: {} edited in the database",
                count(s.left_out, "game")
            );
        }
        let _ = writeln!(out, "  highest {unit} reached:");
        let max = s.highest.values().copied().max().unwrap_or(0);
        let label = |v: u64| {
            if v == 0 {
                "none".to_string()
            } else {
                v.to_string()
            }
        };
        let w = s.highest.keys().map(|&v| label(v).len()).max().unwrap_or(0);
        for (&value, &count) in &s.highest {
            let _ = writeln!(
                out,
                "  {:>w$} │{:<24} {count}",
                label(value),
                bar(count, max, 24)
            );
        }
    }
    out
}

/// What duels say: how many, of which game, and who won how.
fn duels_report(entries: &[&Recap]) -> String {
    let mut of = BTreeMap::new();
    let (mut first, mut second, mut draws, mut given_up) = (0, 0, 0, 0);
    let (mut by_score, mut forfeits) = (0, 0);
    let mut wins_by_name: BTreeMap<&str, u32> = BTreeMap::new();
    for e in entries {
        if e.game != GameKind::Duel {
            continue;
        }
        let d = *e;
        *of.entry(d.of.as_str()).or_insert(0) += 1;
        match d.result {
            None => given_up += 1,
            Some(DuelResult::Draw) => draws += 1,
            Some(DuelResult::Win {
                winner,
                by_score: s,
                forfeit,
            }) => {
                forfeits += u32::from(forfeit.is_some());
                if winner == 0 {
                    first += 1;
                } else {
                    second += 1;
                }
                by_score += u32::from(s);
                if let Some(p) = d.players.as_ref().and_then(|p| p.get(winner)) {
                    *wins_by_name.entry(&p.name).or_insert(0) += 1;
                }
            }
        }
    }
    let total: u32 = of.values().sum();
    let kinds: Vec<String> = of.iter().map(|(k, n)| format!("{k} {n}")).collect();
    let mut out = format!("duels {total} ({})\n", kinds.join(", "));
    let _ = writeln!(
        out,
        "  first player won {first}   second player won {second}   draws {draws}   given up \
         {given_up}   decided on score {by_score}{}",
        if forfeits > 0 {
            format!("   won by forfeit {forfeits}")
        } else {
            String::new()
        }
    );
    if !wins_by_name.is_empty() {
        let max = wins_by_name.values().copied().max().unwrap_or(0);
        let w = wins_by_name.keys().map(|n| n.width()).max().unwrap_or(0);
        let _ = writeln!(out, "  wins:");
        for (name, n) in &wins_by_name {
            let pad = " ".repeat(w - name.width());
            let _ = writeln!(out, "  {pad}{name} │{:<24} {n}", bar(*n, max, 24));
        }
    }
    out
}

/// Keeps only the games of the rules named `name` (`stats --rules NAME`), in every section.
pub(crate) fn keep_rules(tally: &mut Tally, name: &str) {
    tally.cards.retain(|s| s.name == name);
    tally.classic.retain(|s| s.name == name);
    tally.duels.retain(|r| r.rules == name);
    tally.dailies.retain(|r| r.rules == name);
}

/// Whether `tally` holds no game at all.
pub(crate) fn is_empty(tally: &Tally) -> bool {
    tally.cards.is_empty()
        && tally.classic.is_empty()
        && tally.duels.is_empty()
        && tally.dailies.is_empty()
}

/// The whole `stats` report of `tally`.
pub(crate) fn report_of(tally: &Tally, today: &str) -> String {
    let (cards, classic) = (&tally.cards, &tally.classic);
    let has_duels = !tally.duels.is_empty();
    let daily = daily_report(&tally.dailies.iter().collect::<Vec<_>>(), today);
    if classic.is_empty() && !has_duels && daily.is_none() {
        return render(cards);
    }
    let mut sections = Vec::new();
    if !cards.is_empty() {
        sections.push(format!("== card game ==\n{}", render(cards)));
    }
    if !classic.is_empty() {
        sections.push(format!(
            "== classic 2048 ==\n{}",
            render_of(classic, "tile")
        ));
    }
    if has_duels {
        sections.push(format!(
            "== duels ==\n{}",
            duels_report(&tally.duels.iter().collect::<Vec<_>>())
        ));
    }
    if let Some(d) = daily {
        sections.push(format!("== daily deal ==\n{d}"));
    }
    sections.join("\n")
}

/// The `stats` section of the daily deal: streaks, deals played and won, the best score.
fn daily_report(games: &[&Recap], today: &str) -> Option<String> {
    let all: Vec<&Recap> = dailies(games).map(|(_, s)| s).collect();
    if all.is_empty() {
        return None;
    }
    let (streak, best_streak) = streaks(games, today, false);
    let days: BTreeSet<&str> = dailies(games)
        .filter(|(_, s)| s.outcome.ended())
        .map(|(d, _)| d)
        .collect();
    let won = all.iter().filter(|s| s.outcome == Ending::Won).count();
    let best = all.iter().map(|s| s.score).max().unwrap_or(0);
    Some(format!(
        "  streak {}   best streak {}   days played {}   games {}   won {won}   best score {best}\n",
        count(streak, "day"),
        count(best_streak, "day"),
        days.len(),
        all.len()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars() {
        assert_eq!(bar(4, 4, 3), "███");
        assert_eq!(bar(1, 2, 3), "█▌");
        assert_eq!(bar(1, 64, 3), "▏");
        assert_eq!(bar(0, 4, 3), "");
    }

    /// The win rate is of the games played to their end: one won and one restarted is 100%,
    /// and games only quit or restarted have no rate.
    #[test]
    fn the_win_rate_counts_games_that_ended() {
        let one = |games, ended, wins| {
            render(&[RulesStats {
                name: "default".into(),
                games,
                ended,
                wins,
                ..RulesStats::default()
            }])
        };
        assert!(one(2, 1, 1).contains("games 2 (1 ended)   wins 1 (100.0%)"));
        assert!(one(4, 4, 1).contains("games 4   wins 1 (25.0%)"));
        assert!(one(1, 0, 0).contains("games 1 (0 ended)   wins 0 (-)"));
    }

    #[test]
    fn daily_section() {
        use crate::cards::engine::Move;
        use crate::cards::rules::Rules;
        use crate::store::{Filter, InPlay, Store};
        let date = crate::base::utc::Date::daily("2026-11-30").unwrap();
        let (mut g, meta) = crate::deal::start_daily(Rules::default_rules(), Some(date));
        for c in [0, 1] {
            let _ = g.play(Move::Place(c));
        }
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::at(Some(dir.path().to_path_buf()));
        store.finish(&InPlay::solo(&g, &meta), Some(Ending::Lost), None);
        let e = store.summaries(&Filter::default());
        let e: Vec<&Recap> = e.iter().collect();
        let r = daily_report(&e, "2026-11-30").unwrap();
        assert!(r.contains("streak 1 day   best streak 1 day"), "{r}");
        assert!(daily_report(&[], "2026-11-30").is_none());
    }
}
