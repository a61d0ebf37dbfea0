//! The one objective every judge of play uses: what the rules reward, the win first, then the
//! points.
//!
//! A position's worth is an [`Outlook`]: the (discounted) chance of surviving what is to come and
//! the (discounted) points still to be scored. The two are weighed into one number, in points, by
//! [`Objective::worth`]: a unit of survival is worth [`Objective::win`] points, far more than the
//! points a game usually makes, so a deck rarely placed makes the win decide and a deck always
//! placed (bombs keep the board open) makes the points decide. The same worth is what the learned
//! network is trained on ([`super::train`]), what `best` maximises ([`super::Best`]), what the
//! hint, par and review report, and how `simulate` ranks bots (wins first, then mean score).
//!
//! Why discounted: both parts are sums over the cards to come, weighted by `γ^t` with
//! `γ` = [`GAMMA`], so they stay bounded for a deck of any size and weigh the next few hundred
//! cards, where the danger and the points are; the search adds the end of the deck exactly when it
//! sees it. A survival of 1 is "never lost"; a lost position is worth nothing more.

use crate::cards::rules::Rules;

/// The discount of future cards: a card 200 cards from now counts `GAMMA^200` ≈ 0.37.
pub const GAMMA: f64 = 0.995;

/// What a win is worth, in cards' worth of points: surviving the deck outweighs the points of
/// this many cards.
const WIN_CARDS: f64 = 1000.0;

/// What is expected to follow a position: both parts discounted by [`GAMMA`] per card.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Outlook {
    /// `1 - E[γ^T]` for `T` the cards the game still lasts: 0 is lost now, 1 is never lost.
    pub survival: f64,
    /// `E[Σ γ^t · points of card t]`.
    pub points: f64,
}

impl Outlook {
    /// A lost position: nothing more to survive or score.
    pub const LOST: Outlook = Outlook {
        survival: 0.0,
        points: 0.0,
    };
    /// The end of the deck: the game is won and scores nothing more.
    pub const WON: Outlook = Outlook {
        survival: 1.0,
        points: 0.0,
    };

    /// The outlook of a move that scores `points` and leads to a position whose outlook is
    /// `next`: one card survived, then what follows, a card later.
    #[inline]
    pub fn after(points: f64, next: Outlook) -> Outlook {
        Outlook {
            survival: (1.0 - GAMMA) + GAMMA * next.survival,
            points: points + GAMMA * next.points,
        }
    }

    /// `self + p · other`, for averaging over chances.
    #[inline]
    pub fn add_scaled(&mut self, p: f64, other: Outlook) {
        self.survival += p * other.survival;
        self.points += p * other.points;
    }
}

/// How the rules weigh surviving against points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Objective {
    /// The points a unit of survival is worth.
    pub win: f64,
}

impl Objective {
    /// The objective of these rules: a win is worth `WIN_CARDS` times the points a card scores
    /// at most in ordinary play (one merge step, or with `merged_value` about twice the mean
    /// number card, plus a share of the clear bonus), and never less than one point.
    pub fn of(rules: &Rules) -> Objective {
        let s = &rules.scoring;
        let numbers: Vec<f64> = rules
            .deck
            .weights
            .iter()
            .filter(|&&(_, w)| w > 0)
            .filter_map(|&(c, _)| c.value())
            .map(|v| v as f64)
            .collect();
        let mean = numbers.iter().sum::<f64>() / numbers.len().max(1) as f64;
        let per_card = s.per_merge as f64
            + if s.merged_value { 2.0 * mean } else { 0.0 }
            + s.clear_bonus as f64 / 100.0;
        Objective {
            win: WIN_CARDS * per_card.max(1.0 / WIN_CARDS),
        }
    }

    /// The one number the bots maximise, in points.
    #[inline]
    pub fn worth(&self, o: Outlook) -> f64 {
        self.win * o.survival + o.points
    }

    /// The chance of placing the `cards_left` cards still to come, estimated from a discounted
    /// survival by assuming a steady risk `h` of losing at each card: then
    /// `1 - survival = h / (1 - γ(1 - h))` and the chance is `(1 - h)^cards_left`.
    pub fn win_chance(survival: f64, cards_left: usize) -> f64 {
        let q = (1.0 - survival).clamp(0.0, 1.0);
        let h = (q * (1.0 - GAMMA) / (1.0 - q * GAMMA)).clamp(0.0, 1.0);
        (1.0 - h).powf(cards_left as f64)
    }
}

/// Orders two bots' results by the objective: more games won first, then the higher mean score.
pub fn rank(wins: (f64, f64), mean_score: (f64, f64)) -> std::cmp::Ordering {
    wins.0
        .total_cmp(&wins.1)
        .then(mean_score.0.total_cmp(&mean_score.1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn win_chance_is_monotone_and_bounded() {
        assert!((Objective::win_chance(1.0, 1000) - 1.0).abs() < 1e-12);
        assert!(Objective::win_chance(0.0, 1) < 1e-12);
        let a = Objective::win_chance(0.999, 500);
        let b = Objective::win_chance(0.99, 500);
        assert!(a > b && b > 0.0 && a < 1.0);
        // More cards to place is never more likely to be won.
        assert!(Objective::win_chance(0.99, 100) > Objective::win_chance(0.99, 1000));
    }

    #[test]
    fn a_win_outweighs_points() {
        let r = Rules::default_rules();
        let o = Objective::of(&r);
        assert!((o.win - 1100.0).abs() < 1e-9, "{}", o.win);
        let safe = Outlook {
            survival: 0.9,
            points: 10.0,
        };
        let greedy = Outlook {
            survival: 0.85,
            points: 40.0,
        };
        assert!(o.worth(safe) > o.worth(greedy));
    }
}
