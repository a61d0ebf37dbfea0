//! What `best` says about a card game on its result screen (and the classic bot about a classic
//! game, the same way): par (what `best` scores on the same
//! deal seeing only what a player sees, computed in the background from the game's start) and
//! the game's accuracy with its biggest mistake (computed in the background from its end, while
//! the result is read). Neither ever holds the screen up: until a figure arrives the screen says
//! it is being computed, and draws it when it comes.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::thread;

use crate::cards::engine::{Game, Move};
use crate::classic::{ClassicGame, Dir};
use crate::strategy::classic_review::{self, ClassicReview};
use crate::strategy::review::{Rated, Ratings};
use crate::strategy::{self};

use crate::ui::kit::{Words, arrow, fill, plural};

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

impl Stop {
    /// The flag the work reads, set when this is dropped.
    pub(crate) fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.0)
    }
}

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

/// The move that would have been better than a game's biggest mistake.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Better {
    /// A column of the card game, from 1, as a record writes it.
    Column(String),
    Discard,
    /// A slide of classic 2048.
    Slide(Dir),
}

/// The accuracy of a game and its biggest mistake: the move's number and the better move; with
/// every move rated where the result screen can open the review (the card game).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Accuracy {
    /// Share of accurate moves, 0 to 1.
    pub share: f64,
    pub mistake: Option<(usize, Better)>,
    /// The card game's moves as `best` rated them (empty for classic 2048).
    pub moves: Vec<Rated>,
    pub tolerance: f64,
}

impl Accuracy {
    /// A card game's, from `best`'s ratings of its moves.
    pub(crate) fn of(r: &Ratings) -> Accuracy {
        let mistake = r.mistakes.first().and_then(|&n| {
            r.moves.iter().find(|m| m.n == n).map(|m| {
                let better = match m.best {
                    Move::Discard => Better::Discard,
                    Move::Place(c) => Better::Column((u16::from(c) + 1).to_string()),
                };
                (n, better)
            })
        });
        Accuracy {
            share: r.accuracy,
            mistake,
            moves: r.moves.clone(),
            tolerance: r.tolerance,
        }
    }

    /// A classic game's, from the classic bot's ratings of its moves.
    pub(crate) fn of_classic(r: &ClassicReview) -> Accuracy {
        let mistake = r
            .mistakes
            .first()
            .and_then(|&n| Some((n, Better::Slide(r.moves.get(n - 1)?.best))));
        Accuracy {
            share: r.accuracy,
            mistake,
            moves: Vec::new(),
            tolerance: 0.0,
        }
    }
}

/// The help a player had in a game: hints asked for and moves taken back. An accuracy reached on
/// hints says so, as the line to share does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Help {
    pub hints: u32,
    pub undos: u32,
}

impl Help {
    /// No help at all.
    pub(crate) const NONE: Help = Help { hints: 0, undos: 0 };

    /// The help in words (`4 hints, 1 undo`), `None` without any.
    fn said(self, words: &Words) -> Option<String> {
        let mut parts = Vec::new();
        parts.extend((self.hints > 0).then(|| plural(words.hints_used, self.hints.into())));
        parts.extend((self.undos > 0).then(|| plural(words.undos_used, self.undos.into())));
        (!parts.is_empty()).then(|| parts.join(words.help_joined))
    }
}

/// Par and accuracy of one game for its result screen, as they come in: par is started with the
/// game, the review each time the game ends with moves not yet reviewed (a game taken back and
/// ended again is reviewed again). The card game and classic 2048 both keep theirs in one.
#[derive(Debug)]
pub(crate) struct Judged<M> {
    pub par: Pending<u64>,
    review: Pending<Accuracy>,
    reviewed: Option<Vec<M>>,
    /// The result screen's lines about par and accuracy, as they are so far ([`items`]).
    pub lines: Vec<String>,
}

impl<M: PartialEq + Clone> Judged<M> {
    pub(crate) fn new(par: Pending<u64>) -> Judged<M> {
        Judged {
            par,
            review: Pending::Off,
            reviewed: None,
            lines: Vec::new(),
        }
    }

    /// The game ended with `moves`: reviews it with `start` unless these very moves were.
    pub(crate) fn ended(&mut self, moves: &[M], start: impl FnOnce() -> Pending<Accuracy>) {
        if self.reviewed.as_deref() != Some(moves) {
            self.reviewed = Some(moves.to_vec());
            self.review = start();
        }
    }

    /// Takes what came in and redoes the lines for a game that scored `score` with `help`:
    /// (the lines changed, more is coming).
    pub(crate) fn poll(&mut self, words: &Words, score: u64, help: Help) -> (bool, bool) {
        let came = self.par.poll() | self.review.poll();
        let lines = items(words, (score, help), &self.par, &self.review);
        let changed = came || lines != self.lines;
        self.lines = lines;
        (changed, self.par.computing() || self.review.computing())
    }

    /// The review, once it came in.
    pub(crate) fn review(&self) -> Option<&Accuracy> {
        match &self.review {
            Pending::Ready(a) => Some(a),
            _ => None,
        }
    }

    /// Par as known without looking for news: what the game screen shows.
    pub(crate) fn par_known(&self) -> Option<u64> {
        match self.par {
            Pending::Ready(p) => Some(p),
            _ => None,
        }
    }

    /// Par, if it was worked out by now (it is never waited for).
    pub(crate) fn par_now(&mut self) -> Option<u64> {
        self.par.poll();
        match self.par {
            Pending::Ready(p) => Some(p),
            _ => None,
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

/// Par of a classic game's deal (the classic bot plays it from its seed), started now on its
/// own thread.
pub(crate) fn start_classic_par(game: &ClassicGame) -> Pending<u64> {
    let (rules, seed) = (game.rules(), game.seed());
    Pending::start(move |stop| classic_review::par_unless(rules, seed, stop).map(|p| p.score))
}

/// The ratings of a classic game's moves as it ended, started now on its own thread.
pub(crate) fn start_classic_review(game: &ClassicGame) -> Pending<Accuracy> {
    let game = game.clone();
    Pending::start(move |_| Some(Accuracy::of_classic(&classic_review::review(&game, false))))
}

/// The result screen's items about par and accuracy (each packed onto lines by the screen):
/// `Par 57 · you 61`, `Accuracy 87%` (`Accuracy 100% (4 hints, 1 undo)` for a game played with
/// `help`), `Biggest mistake: move 41, column 3 was better`, or that one is still being computed.
/// Nothing for a figure not asked for or not to be had.
pub(crate) fn items(
    words: &Words,
    (score, help): (u64, Help),
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
            // Never 100% with a move short of the best (99.6% was shown as 100% beside a score
            // under par).
            let percent = crate::cards::text::percent((a.share * 1e6).round() as u64, 1_000_000);
            out.push(match help.said(words) {
                Some(h) => fill(words.accuracy_helped, &[&percent, &h]),
                None => fill(words.accuracy_line, &[&percent]),
            });
            match &a.mistake {
                Some((n, how)) => {
                    let better = match how {
                        Better::Discard => words.a_discard.to_string(),
                        Better::Column(c) => fill(words.column_n, &[c]),
                        Better::Slide(d) => format!("{} {}", arrow(*d), words.dir(*d)),
                    };
                    let line = fill(words.biggest_mistake, &[n, &better]);
                    // The card game's result screen opens its review at the mistake; classic
                    // 2048's has no review screen to open.
                    if matches!(how, Better::Slide(_)) {
                        out.push(line);
                    } else {
                        out.push(format!("{line}  {}", words.see_mistake));
                    }
                }
                // Under par with no move a mistake: the small ones add up, and the line says so
                // (`No mistakes` beside `Par 86 · you 85` read as a contradiction).
                None => match par {
                    Pending::Ready(p) if score < *p => {
                        out.push(plural(words.no_big_mistakes, p - score));
                    }
                    _ => out.push(words.no_mistakes.to_string()),
                },
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
        let better = |m: &str| match m {
            "d" => Better::Discard,
            "left" => Better::Slide(Dir::Left),
            c => Better::Column(c.to_string()),
        };
        Pending::Ready(Accuracy {
            share: accuracy,
            mistake: mistake.map(|(n, m)| (n, better(m))),
            moves: Vec::new(),
            tolerance: 0.0,
        })
    }

    #[test]
    fn lines_in_both_languages() {
        let (_tx, rx) = channel::<u64>();
        let (_tx2, rx2) = channel::<Accuracy>();
        let cases = [
            items(
                &EN,
                (61, Help::NONE),
                &Pending::Ready(57),
                &ready(0.874, Some((41, "3"))),
            ),
            items(
                &EN,
                (61, Help::NONE),
                &Pending::Computing(rx, Stop::default()),
                &Pending::Computing(rx2, Stop::default()),
            ),
            items(&EN, (0, Help::NONE), &Pending::Ready(12), &ready(1.0, None)),
            items(
                &EN,
                (5, Help::NONE),
                &Pending::Off,
                &ready(0.5, Some((2, "d"))),
            ),
            items(
                &ZH,
                (61, Help::NONE),
                &Pending::Ready(57),
                &ready(0.874, Some((41, "3"))),
            ),
            items(&ZH, (0, Help::NONE), &Pending::Failed, &ready(1.0, None)),
            items(
                &EN,
                (2048, Help::NONE),
                &Pending::Ready(2100),
                &ready(0.9, Some((7, "left"))),
            ),
            items(
                &ZH,
                (2048, Help::NONE),
                &Pending::Ready(2100),
                &ready(0.9, Some((7, "left"))),
            ),
        ];
        insta::assert_debug_snapshot!(cases);
    }

    /// An accuracy short of every move is never shown as 100% (99.6% was, beside a score under
    /// par).
    #[test]
    fn accuracy_short_of_all_is_not_100() {
        let said = items(
            &EN,
            (85, Help::NONE),
            &Pending::Ready(86),
            &ready(0.996, None),
        );
        assert_eq!(
            said,
            [
                "Par 86 · you 85",
                "Accuracy 99%",
                "No big mistakes, 1 point under par"
            ]
        );
        let at_par = items(
            &EN,
            (86, Help::NONE),
            &Pending::Ready(86),
            &ready(1.0, None),
        );
        assert_eq!(at_par[2], "No mistakes");
        let all = items(&EN, (86, Help::NONE), &Pending::Off, &ready(1.0, None));
        assert_eq!(all[0], "Accuracy 100%");
    }

    /// An accuracy reached with hints or undos says so, in both languages, as the line to share
    /// does: "Accuracy 100%" on hints alone read as a perfect game.
    #[test]
    fn accuracy_on_hints_says_so() {
        let perfect = || ready(1.0, None);
        let help = Help { hints: 4, undos: 1 };
        let said = items(&EN, (86, help), &Pending::Off, &perfect());
        assert_eq!(said[0], "Accuracy 100% (4 hints, 1 undo)");
        let one = Help { hints: 1, undos: 0 };
        assert_eq!(
            items(&EN, (86, one), &Pending::Off, &perfect())[0],
            "Accuracy 100% (1 hint)"
        );
        let undos = Help { hints: 0, undos: 2 };
        assert_eq!(
            items(&EN, (86, undos), &Pending::Off, &perfect())[0],
            "Accuracy 100% (2 undos)"
        );
        let zh = items(&ZH, (86, help), &Pending::Off, &perfect());
        assert_eq!(zh[0], "准确率 100%（4 次提示，1 次撤销）");
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
