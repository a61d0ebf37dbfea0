//! What the bots were measured to do on each shipped preset: one table, kept here only.
//!
//! The table of presets and bots in docs/bots.md is drawn from [`FIGURES`] (the manual's tests,
//! `app::docs::manual`, check that the file holds it word for word), and the rules picker's
//! descriptions ("the best bot wins 95%") are filled in from it too, so a figure is typed once
//! and a new measurement changes both. Every row says the command that measured it; the figures
//! are that command's output on one core of the machine named in the README.

/// One measurement: a bot on a preset's seeded games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Figure {
    pub preset: &'static str,
    pub bot: &'static str,
    /// Games played, from `simulate --seed SEED`.
    pub games: u32,
    pub seed: u64,
    pub wins: u32,
    pub mean_score: f64,
    pub mean_cards: f64,
    /// Mean time a move took in that run (its seconds over its placements), in microseconds.
    pub decision_us: f64,
}

impl Figure {
    /// The command that measured it: a shipped preset by name, other rules from their file
    /// (`NAME.toml`, described in the README).
    pub fn command(&self) -> String {
        let rules = if crate::config::presets::get(self.preset).is_some() {
            format!("--rules {}", self.preset)
        } else {
            format!("--config {}.toml", self.preset)
        };
        format!(
            "new2048 {rules} simulate --strategy {} --games {} --seed {} --jobs 1",
            self.bot, self.games, self.seed
        )
    }

    /// The share of games won, in whole percent ([`crate::cards::text::percent`]: 99.5% is never
    /// shown as 100%).
    pub fn win_percent(&self) -> u32 {
        crate::cards::text::percent(u64::from(self.wins), u64::from(self.games))
    }
}

/// The measurements, preset by preset, weakest bot first; then rules no weights were trained
/// for (`hard-3000`: the hard preset with a deck of 3000 cards, which the hard weights serve).
pub const FIGURES: &[Figure] = &[
    Figure {
        preset: "default",
        bot: "random",
        games: 500,
        seed: 1,
        wins: 48,
        mean_score: 9.68,
        mean_cards: 69.4,
        decision_us: 0.08,
    },
    Figure {
        preset: "default",
        bot: "greedy",
        games: 500,
        seed: 1,
        wins: 500,
        mean_score: 56.39,
        mean_cards: 100.0,
        decision_us: 0.17,
    },
    Figure {
        preset: "default",
        bot: "expectimax",
        games: 500,
        seed: 1,
        wins: 500,
        mean_score: 60.12,
        mean_cards: 100.0,
        decision_us: 235.6,
    },
    Figure {
        preset: "default",
        bot: "best",
        games: 500,
        seed: 1,
        wins: 500,
        mean_score: 78.57,
        mean_cards: 100.0,
        decision_us: 377.6,
    },
    Figure {
        preset: "hard",
        bot: "random",
        games: 200,
        seed: 1,
        wins: 0,
        mean_score: 6.95,
        mean_cards: 41.9,
        decision_us: 0.65,
    },
    Figure {
        preset: "hard",
        bot: "greedy",
        games: 200,
        seed: 1,
        wins: 0,
        mean_score: 205.03,
        mean_cards: 237.8,
        decision_us: 0.14,
    },
    Figure {
        preset: "hard",
        bot: "expectimax",
        games: 200,
        seed: 1,
        wins: 122,
        mean_score: 918.26,
        mean_cards: 884.1,
        decision_us: 405.4,
    },
    Figure {
        preset: "hard",
        bot: "best",
        games: 200,
        seed: 1,
        wins: 199,
        mean_score: 1063.17,
        mean_cards: 999.73,
        decision_us: 218.1,
    },
    Figure {
        preset: "solitaire",
        bot: "random",
        games: 200,
        seed: 1,
        wins: 0,
        mean_score: 455.5,
        mean_cards: 41.9,
        decision_us: 0.05,
    },
    Figure {
        preset: "solitaire",
        bot: "greedy",
        games: 200,
        seed: 1,
        wins: 0,
        mean_score: 8634.5,
        mean_cards: 142.1,
        decision_us: 0.12,
    },
    Figure {
        preset: "solitaire",
        bot: "expectimax",
        games: 200,
        seed: 1,
        wins: 23,
        mean_score: 49982.22,
        mean_cards: 502.6,
        decision_us: 134.7,
    },
    Figure {
        preset: "solitaire",
        bot: "best",
        games: 200,
        seed: 1,
        wins: 67,
        mean_score: 76973.34,
        mean_cards: 712.0,
        decision_us: 34.5,
    },
    Figure {
        preset: "hard-3000",
        bot: "best",
        games: 200,
        seed: 1,
        wins: 144,
        mean_score: 2946.14,
        mean_cards: 2733.78,
        decision_us: 215.5,
    },
];

/// The measurement of `bot` on `preset`, if there is one.
pub fn find(preset: &str, bot: &str) -> Option<&'static Figure> {
    FIGURES.iter().find(|f| f.preset == preset && f.bot == bot)
}

/// The two figures a preset's description in the rules picker quotes: `best`'s share of games
/// won (percent) and its mean score; `?` where there is no measurement.
pub fn picker(preset: &str) -> [String; 2] {
    match find(preset, "best") {
        Some(f) => [f.win_percent().to_string(), format!("{:.0}", f.mean_score)],
        None => ["?".into(), "?".into()],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_has_best_measured() {
        for (name, _) in crate::config::presets::ALL {
            let f = find(name, "best").unwrap_or_else(|| panic!("no figure for best on {name}"));
            assert!(f.wins <= f.games && f.games > 0);
            assert_ne!(picker(name)[0], "?");
        }
    }
}
