//! `new2048 stats`: per rules, games played, wins, win rate, best and mean score, and how often
//! each highest card was reached, with a small bar chart.
//!
//! Games are grouped by the rules hash, not the rules name: two files both named "default" but
//! with different weights are different games, and their scores must not be compared.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::record::Record;
use crate::summary::Ending;

/// What history says about one set of rules.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RulesStats {
    pub name: String,
    pub hash: String,
    pub games: u32,
    pub wins: u32,
    pub best: u64,
    pub total_score: u64,
    /// How many games ended with each highest card.
    pub highest: BTreeMap<u64, u32>,
    /// When the latest game with these rules ended, to list the rules played lately first.
    latest: u64,
}

impl RulesStats {
    /// Percentage of games won.
    pub fn win_rate(&self) -> f64 {
        f64::from(self.wins) * 100.0 / f64::from(self.games.max(1))
    }

    pub fn mean_score(&self) -> f64 {
        self.total_score as f64 / f64::from(self.games.max(1))
    }
}

/// The statistics of every set of rules in `records`, the most recently played first.
pub fn collect(records: &[Record]) -> Vec<RulesStats> {
    let mut by_hash: BTreeMap<&str, RulesStats> = BTreeMap::new();
    for r in records {
        let s = by_hash
            .entry(&r.play.rules.hash)
            .or_insert_with(|| RulesStats {
                name: r.play.rules.name.clone(),
                hash: r.play.rules.hash.clone(),
                ..RulesStats::default()
            });
        s.games += 1;
        s.wins += u32::from(r.outcome == Ending::Won);
        s.best = s.best.max(r.score);
        s.total_score += r.score;
        *s.highest.entry(r.highest).or_insert(0) += 1;
        s.latest = s.latest.max(r.ended);
    }
    let mut all: Vec<RulesStats> = by_hash.into_values().collect();
    all.sort_by(|a, b| b.latest.cmp(&a.latest).then(a.name.cmp(&b.name)));
    all
}

/// A bar `count/max` of `width` cells, drawn with eighth blocks.
pub fn bar(count: u32, max: u32, width: usize) -> String {
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

/// The `stats` report.
pub fn render(stats: &[RulesStats]) -> String {
    let mut out = String::new();
    for (i, s) in stats.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let _ = writeln!(out, "{} (rules {})", s.name, s.hash);
        let _ = writeln!(
            out,
            "  games {}   wins {} ({:.1}%)   best {}   mean {:.1}",
            s.games,
            s.wins,
            s.win_rate(),
            s.best,
            s.mean_score()
        );
        let _ = writeln!(out, "  highest card reached:");
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
}
