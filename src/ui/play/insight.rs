//! What `best` says about a card game on its result screen: par (what `best` scores on the same
//! deal seeing only what a player sees, computed in the background from the game's start) and
//! the game's accuracy with its biggest mistake (computed in the background from its end, while
//! the result is read). Neither ever holds the screen up: until a figure arrives the screen says
//! it is being computed, and draws it when it comes.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::thread;

use crate::cards::engine::Game;
use crate::strategy::review::{Rated, Ratings};
use crate::strategy::{self};

use crate::ui::kit::{Words, fill};

/// A figure worked out on another thread.
#[derive(Debug)]
pub(crate) enum Pending<T> {
    /// Not asked for.
    Off,
    Computing(
        Receiver<T>,
        #[allow(dead_code, reason = "held for its Drop, which tells the work to stop")] Stop,
    ),
    Ready(T),
    /// The thread ended without an answer.
    Failed,
}

/// Set when a figure is no longer wanted (its [`Pending`] was dropped or answered), so the work
/// can give up: a player restarting again and again leaves no pile of threads behind.
#[derive(Debug, Default)]
pub(crate) struct Stop(Arc<AtomicBool>);

impl Drop for Stop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl<T: Send + 'static> Pending<T> {
    /// Starts `work` on its own thread; `work` is given a question, "should I stop?", to ask
    /// now and then, and answers `None` when it stopped.
    pub(crate) fn start(
        work: impl FnOnce(&dyn Fn() -> bool) -> Option<T> + Send + 'static,
    ) -> Pending<T> {
        let (tx, rx) = channel();
        let stop = Stop::default();
        let flag = Arc::clone(&stop.0);
        let spawned = thread::Builder::new()
            .name("new2048-insight".into())
            .spawn(move || {
                if let Some(v) = work(&|| flag.load(Ordering::Relaxed)) {
                    let _ = tx.send(v);
                }
            });
        match spawned {
            Ok(_) => Pending::Computing(rx, stop),
            Err(_) => Pending::Failed,
        }
    }

    /// Takes the answer if it came; `true` when it just did (or the thread gave up): redraw.
    pub(crate) fn poll(&mut self) -> bool {
        let Pending::Computing(rx, _) = self else {
            return false;
        };
        match rx.try_recv() {
            Ok(v) => *self = Pending::Ready(v),
            Err(TryRecvError::Empty) => return false,
            Err(TryRecvError::Disconnected) => *self = Pending::Failed,
        }
        true
    }

    pub(crate) fn computing(&self) -> bool {
        matches!(self, Pending::Computing(..))
    }
}

/// `work` done on its own thread while the screen waits for it, the wait given up as soon as
/// `stop()` says so (a stop signal): a hint that takes long (a slow search, a file that will not
/// open) never keeps Ctrl-C or SIGTERM from leaving the game, saved, at once. `None` when stopped
/// (or the work died); the work is then left to finish on its own and its answer is dropped.
pub(crate) fn unless_stopped<T: Send + 'static>(
    stop: &dyn Fn() -> bool,
    work: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    let Pending::Computing(rx, _stop) = Pending::start(move |_| Some(work())) else {
        return None;
    };
    while !stop() {
        match rx.recv_timeout(std::time::Duration::from_millis(20)) {
            Ok(v) => return Some(v),
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => return None,
        }
    }
    None
}

/// The accuracy of a game and its biggest mistake: the move's number and the better move as a
/// record writes it (the column from 1, `d` a discard); with every move rated, for the review
/// the result screen opens.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Accuracy {
    /// Share of accurate moves, 0 to 1.
    pub share: f64,
    pub mistake: Option<(usize, String)>,
    pub moves: Vec<Rated>,
    pub tolerance: f64,
}

impl Accuracy {
    pub(crate) fn of(r: &Ratings) -> Accuracy {
        let mistake = r.mistakes.first().and_then(|&n| {
            r.moves
                .iter()
                .find(|m| m.n == n)
                .map(|m| (n, m.best.clone()))
        });
        Accuracy {
            share: r.accuracy,
            mistake,
            moves: r.moves.clone(),
            tolerance: r.tolerance,
        }
    }
}

/// Par of `game`'s deal, started now on its own thread (the whole deck is known from the start:
/// a seed's, a daily date's or a deck file's).
pub(crate) fn start_par(game: &Game) -> Pending<u64> {
    let rules = game.rules_arc().clone();
    let deck = game.deck().clone();
    Pending::start(move |stop| strategy::par_of_deck_unless(rules, deck, stop).map(|p| p.score))
}

/// The ratings of `game`'s moves as it ended, started now on its own thread (its par is not
/// worked out again: [`start_par`] has it since the game's start).
pub(crate) fn start_review(game: &Game) -> Pending<Accuracy> {
    let game = game.clone();
    Pending::start(move |_| Some(Accuracy::of(&strategy::review::rate(&game))))
}

/// The result screen's items about par and accuracy (each packed onto lines by the screen):
/// `Par 57 · you 61`, `Accuracy 87%`, `Biggest mistake: move 41, column 3 was better`, or
/// that one is still being computed. Nothing for a figure not asked for or not to be had.
pub(crate) fn items(
    words: &Words,
    score: u64,
    par: &Pending<u64>,
    accuracy: &Pending<Accuracy>,
) -> Vec<String> {
    let mut out = Vec::new();
    match par {
        Pending::Computing(..) => out.push(words.par_computing.to_string()),
        Pending::Ready(p) => out.push(fill(words.par_line, &[p, &score])),
        Pending::Off | Pending::Failed => {}
    }
    match accuracy {
        Pending::Computing(..) => out.push(words.accuracy_computing.to_string()),
        Pending::Ready(a) => {
            let percent = (a.share * 100.0).round() as u32;
            out.push(fill(words.accuracy_line, &[&percent]));
            match &a.mistake {
                Some((n, better)) => {
                    let better = if better == "d" {
                        words.a_discard.to_string()
                    } else {
                        fill(words.column_n, &[better])
                    };
                    let line = fill(words.biggest_mistake, &[n, &better]);
                    out.push(format!("{line}  {}", words.see_mistake));
                }
                None => out.push(words.no_mistakes.to_string()),
            }
        }
        Pending::Off | Pending::Failed => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::kit::{EN, ZH};

    fn ready(accuracy: f64, mistake: Option<(usize, &str)>) -> Pending<Accuracy> {
        Pending::Ready(Accuracy {
            share: accuracy,
            mistake: mistake.map(|(n, m)| (n, m.to_string())),
            moves: Vec::new(),
            tolerance: 0.0,
        })
    }

    #[test]
    fn lines_in_both_languages() {
        let (_tx, rx) = channel::<u64>();
        let (_tx2, rx2) = channel::<Accuracy>();
        let cases = [
            items(&EN, 61, &Pending::Ready(57), &ready(0.874, Some((41, "3")))),
            items(
                &EN,
                61,
                &Pending::Computing(rx, Stop::default()),
                &Pending::Computing(rx2, Stop::default()),
            ),
            items(&EN, 0, &Pending::Ready(12), &ready(1.0, None)),
            items(&EN, 5, &Pending::Off, &ready(0.5, Some((2, "d")))),
            items(&ZH, 61, &Pending::Ready(57), &ready(0.874, Some((41, "3")))),
            items(&ZH, 0, &Pending::Failed, &ready(1.0, None)),
        ];
        insta::assert_debug_snapshot!(cases);
    }

    #[test]
    fn a_figure_arrives_once() {
        let mut p = Pending::start(|_| Some(7_u64));
        while p.computing() {
            if p.poll() {
                break;
            }
            thread::sleep(std::time::Duration::from_millis(5));
        }
        assert!(matches!(p, Pending::Ready(7)));
        assert!(!p.poll());
    }

    #[test]
    fn a_wait_ends_at_a_stop_even_if_the_work_never_does() {
        let flag = Arc::new(AtomicBool::new(false));
        let (_keep, never) = channel::<u64>();
        let setter = Arc::clone(&flag);
        thread::spawn(move || {
            thread::sleep(std::time::Duration::from_millis(50));
            setter.store(true, Ordering::SeqCst);
        });
        let started = std::time::Instant::now();
        let stop = || flag.load(Ordering::SeqCst);
        assert_eq!(unless_stopped(&stop, move || never.recv().ok()), None);
        assert!(started.elapsed() < std::time::Duration::from_secs(1));
        assert_eq!(unless_stopped(&|| false, || 7), Some(7));
    }

    #[test]
    fn a_figure_no_longer_wanted_stops_its_work() {
        let (stopped, heard) = channel();
        let p: Pending<u64> = Pending::start(move |stop| {
            while !stop() {
                thread::sleep(std::time::Duration::from_millis(1));
            }
            let _ = stopped.send(());
            None
        });
        drop(p);
        assert!(
            heard
                .recv_timeout(std::time::Duration::from_secs(10))
                .is_ok()
        );
    }
}
