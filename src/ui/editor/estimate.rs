//! The bot's win rate for the rules being edited, worked out as they change: a handful of games
//! played by `best`, the strongest bot (the one the figure is about), on a thread of its own,
//! taken in as they come with the range they give the win rate, and dropped (the thread told to
//! stop) whenever the rules change or the editor is left.
//!
//! Apart from the editor's state because it is a job of its own (a thread, a channel, a
//! confidence interval) that the editor only starts, polls and shows; `best` takes about a
//! millisecond a card, so a deck longer than [`PREFIX`] cards is played only through its first
//! [`PREFIX`], and the line says so: the figure then counts the games that got that far, an
//! upper bound on the win rate.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use crate::cards::engine::Game;
use crate::cards::rules::Rules;
use crate::cards::summary::Ending;
use crate::strategy::{Best, Sight, Strategy};
use crate::ui::kit::{Words, fill};

/// Games the estimate plays: enough to tell easy rules from hard ones (a range of about ±20
/// points) in a few seconds.
pub(super) const GAMES: usize = 20;

/// The cards of a game the estimate plays at most: 20 games of 200 cards are about 4,000 of
/// `best`'s decisions, a few seconds, whatever the deck's size.
pub(super) const PREFIX: usize = 200;

/// The bot's games on the rules being edited, coming in from their thread.
pub(super) struct Estimate {
    pub(super) came: Receiver<bool>,
    stop: Arc<AtomicBool>,
    pub(super) won: usize,
    pub(super) played: usize,
    /// The deck's size, when it is longer than [`PREFIX`] (only its first cards are played).
    cut: Option<usize>,
}

impl Estimate {
    pub(super) fn start(rules: &Rules) -> Estimate {
        let (send, came) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let halt = Arc::clone(&stop);
        let cut = (rules.deck.size as usize > PREFIX).then_some(rules.deck.size as usize);
        let rules = Arc::new(rules.clone());
        let spawned = std::thread::Builder::new()
            .name("rules-estimate".into())
            .spawn(move || {
                for seed in 0..GAMES as u64 {
                    match bot_game(&rules, seed, PREFIX, &halt) {
                        Some(won) if send.send(won).is_ok() => {}
                        _ => return,
                    }
                }
            });
        // Without the thread the editor works the same, only without an estimate.
        drop(spawned);
        Estimate {
            came,
            stop,
            won: 0,
            played: 0,
            cut,
        }
    }

    /// Takes the games that came in; whether any did.
    pub(super) fn poll(&mut self) -> bool {
        let mut any = false;
        loop {
            match self.came.try_recv() {
                Ok(won) => {
                    any = true;
                    self.played += 1;
                    self.won += usize::from(won);
                }
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => return any,
            }
        }
    }

    pub(super) fn coming(&self) -> bool {
        self.played < GAMES
    }

    /// `The best bot wins 14 of 20 games with these rules: 48–85%`, or so far, and what a game
    /// counts as won when only the deck's first cards are played.
    pub(super) fn line(&self, words: &Words) -> String {
        let mut line = if self.coming() {
            fill(words.editor_estimate, &[&self.won, &self.played, &GAMES])
        } else {
            let (low, high) = range(self.won, self.played);
            fill(
                words.editor_estimate_done,
                &[&self.won, &self.played, &low, &high],
            )
        };
        if let Some(size) = self.cut {
            line.push(' ');
            line.push_str(&fill(words.editor_estimate_prefix, &[&PREFIX, &size]));
        }
        line
    }
}

impl Drop for Estimate {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

/// The range, in whole percent, that `won` of `played` games give the win rate with 95%
/// confidence (Wilson's interval: true to its word at 0 or all games won, where the plain
/// `p ± 2σ` would claim a certainty 20 games do not give).
pub(super) fn range(won: usize, played: usize) -> (u32, u32) {
    if played == 0 {
        return (0, 100);
    }
    let (n, z) = (played as f64, 1.96_f64);
    let p = won as f64 / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    let percent = |x: f64| (x.clamp(0.0, 1.0) * 100.0).round() as u32;
    (percent(centre - half), percent(centre + half))
}

/// One game of `best` with `rules` from `seed`, through at most `cards` of its cards: whether it
/// won (or got that far); `None` when told to stop.
pub(super) fn bot_game(
    rules: &Arc<Rules>,
    seed: u64,
    cards: usize,
    stop: &AtomicBool,
) -> Option<bool> {
    let mut game = Game::with_seed(Arc::clone(rules), seed);
    let mut rng = crate::cards::deck::rng(seed);
    let bot = Best::default();
    while !game.is_over() {
        if game.moves().len() >= cards {
            return Some(true);
        }
        if stop.load(Ordering::SeqCst) {
            return None;
        }
        let mv = bot.choose(&Sight::of(&game), &mut rng)?;
        game.play(mv).ok()?;
    }
    Some(Ending::of(&game) == Ending::Won)
}
