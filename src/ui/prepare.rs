//! A puzzle prepared while the player looks: its target (the best score of its deck, see
//! [`crate::strategy::exact`]) is worked out on a thread of its own before the puzzle's screen
//! opens, so the screen has it from the first card and nothing ever waits on it with the
//! screen held.
//!
//! Most deals take a few hundredths of a second and open at once. One that takes longer than
//! [`MOMENT`] gets a screen saying so, with how far the search has come against the most it
//! will search (the bar is full when it gives up for a beam's "best known"), which Esc or `q`
//! gives up: the search is told to stop and the player goes back to where the puzzle was chosen.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{RecvTimeoutError, TryRecvError, channel};
use std::thread;
use std::time::Duration;

use crate::ui::term::Key;

use crate::cards::engine::{Game, Position};
use crate::strategy::exact::{self, Budget, Solution, Watch};

use crate::ui::kit::{Canvas, Tone, centre, fill, wrap};
use crate::ui::term::{Ui, Waited, draw, size, wait_key};

/// How long a puzzle may take before the screen says it is being prepared.
const MOMENT: Duration = Duration::from_millis(150);

/// How a puzzle's preparation ended.
pub(crate) enum Prepared {
    /// Its target.
    Target(Solution),
    /// The player gave it up.
    Cancelled,
    /// A stop signal, Ctrl-C, or the terminal is gone.
    Stopped,
}

/// Works out the target of the puzzle `game` (its whole deck), showing progress once it takes
/// more than a moment; `Cancelled` when the player gives it up.
pub(crate) fn prepare(ui: &Ui, game: &Game) -> Prepared {
    let (tx, rx) = channel();
    // Tells the search to stop when the wait ends without it.
    let cancel = crate::ui::play::Stop::default();
    let done = Arc::new(AtomicU64::new(0));
    let (rules, deck) = (Arc::clone(game.rules_arc()), Arc::clone(game.deck()));
    let (stop, seen) = (cancel.flag(), Arc::clone(&done));
    let spawned = thread::Builder::new()
        .name("new2048-puzzle".into())
        .spawn(move || {
            let per_mille = |n: u64, of: u64| seen.store(n * 1000 / of.max(1), Ordering::Relaxed);
            let watch = Watch {
                cancel: &|| stop.load(Ordering::Relaxed),
                progress: &per_mille,
            };
            let start = Position::new(&rules);
            let budget = Budget(exact::EXACT_BUDGET);
            if let Some(s) = exact::solve_watched(&rules, &start, &deck, budget, Some(&watch)) {
                let _ = tx.send(s);
            }
        });
    if spawned.is_err() {
        // No thread to be had: the search is made here, as it always ends.
        return Prepared::Target(exact::solve(game.rules(), game.deck()));
    }
    let _stop = cancel;
    match rx.recv_timeout(MOMENT) {
        Ok(s) => return Prepared::Target(s),
        Err(RecvTimeoutError::Disconnected) => return Prepared::Stopped,
        Err(RecvTimeoutError::Timeout) => {}
    }
    loop {
        if ui.signals.stop() {
            return Prepared::Stopped;
        }
        let (w, h) = size(&ui.term);
        let shown = screen(ui, done.load(Ordering::Relaxed), w, h);
        if draw(&ui.term, &shown, h).is_err() {
            return Prepared::Stopped;
        }
        match wait_key(ui, Some(Duration::from_millis(100))) {
            Waited::Key(Key::Escape | Key::Char('q' | 'Q') | Key::Backspace) => {
                return Prepared::Cancelled;
            }
            Waited::Key(Key::Ctrl('c' | 'd')) | Waited::Stop => {
                return Prepared::Stopped;
            }
            Waited::Key(_) | Waited::Mouse(_) | Waited::Timeout | Waited::Redraw => {}
        }
        match rx.try_recv() {
            Ok(s) => return Prepared::Target(s),
            Err(TryRecvError::Disconnected) => return Prepared::Stopped,
            Err(TryRecvError::Empty) => {}
        }
    }
}

/// The waiting screen: what is being done, how far it has come (`per_mille` of the most it
/// will search), and the key that gives it up.
fn screen(ui: &Ui, per_mille: u64, width: usize, height: usize) -> Vec<String> {
    lines(ui.canvas(width, height), per_mille)
}

fn lines(c: Canvas, per_mille: u64) -> Vec<String> {
    let (words, theme, width, height) = (c.words, c.theme, c.width, c.height);
    let room = width.saturating_sub(2).clamp(1, 40);
    let filled = (room as u64 * per_mille.min(1000) / 1000) as usize;
    let bar = format!("{}{}", "█".repeat(filled), "░".repeat(room - filled));
    let mut out = wrap(words.puzzle_preparing, room);
    out.push(String::new());
    out.push(theme.paint(&bar, Tone::Good));
    out.push(fill(words.puzzle_progress, &[&(per_mille / 10)]));
    out.push(String::new());
    out.push(theme.paint(words.puzzle_cancel, Tone::Dim));
    centre(out, width, height)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::kit::{EN, Theme, ZH, checked};

    /// The waiting screen fits every size down to 40×15, in both languages, and says how far
    /// the search has come and how to give it up.
    #[test]
    fn the_waiting_screen_fits() {
        for words in [&EN, &ZH] {
            for (w, h) in [(40, 15), (80, 24), (160, 48)] {
                let text = checked(&lines(Canvas::new(words, Theme::PLAIN, w, h), 420), w, h);
                assert!(text.contains("42"), "{text}");
                assert!(text.contains("Esc"), "{text}");
            }
        }
    }
}
