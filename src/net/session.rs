//! A duel in progress between this process and the other player's: both race the same deal at
//! their own pace, not by turns. Each own move is played here, saved, and sent as a word; each of
//! the peer's words is played on this side's copy of the peer's game (a move it does not allow
//! ends the duel: moves travel, never scores). When a side can make no more moves (its game is
//! over, the duel is decided, or its player left) it says `end N`; once both have, the two
//! copies hold the same moves and [`Duel::result`] gives both the same result.
//!
//! If the peer goes silent or its connection breaks, the player here may finish alone; the duel
//! is then recorded as it stood (unfinished unless already decided).

use std::io::{self, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::game::{Bot, NetGame};
use super::link::{Heard, Link};
use super::proto::{Gone, Msg};
use crate::duel::Duel;
use crate::error::Error;
use crate::headless::duel::result_lines;
use crate::store::{InPlay, Store};

/// What the duel's loop reads: the player's lines, and what the link heard.
#[derive(Debug)]
pub(crate) enum Event {
    Line(String),
    /// The player's input ended.
    InputEnd,
    Heard(Heard),
}

/// Where this side's messages go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Out {
    /// Printed as lines (moves, boards; problems on the error stream).
    Lines,
    /// Only the final JSON object.
    Json,
    /// Kept in [`Session::log`] for the full screen.
    Screen,
}

/// A line of the duel's log on the full screen, which says it in the player's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Said {
    /// The duel begins.
    Begins,
    /// Side `side` made its move `n` (`word`); its score, turns survived, whether it is over.
    Move {
        side: usize,
        n: u64,
        word: String,
        score: u64,
        survived: u64,
        over: bool,
    },
    /// This side plays no more, for this reason; `waiting`: the other still plays.
    OwnEnd { why: OwnEnd, waiting: bool },
    /// The other side plays no more: its game is over (or it left).
    PeerStops { over: bool },
    /// The other side is gone; `alone`: this side may play on.
    Gone { why: Gone, alone: bool },
    /// The duel is stopped: the other sent this (in words).
    Stopped(String),
    /// An own input line that is no move (the line, why).
    Skipped { line: String, why: String },
}

/// Why this side plays no more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OwnEnd {
    Left,
    InputEnded,
    Over,
    Decided,
    NoBotMove,
}

impl OwnEnd {
    fn as_str(self) -> &'static str {
        match self {
            OwnEnd::Left => "you left the duel",
            OwnEnd::InputEnded => "your input ended",
            OwnEnd::Over => "your game is over",
            OwnEnd::Decided => "the duel is decided",
            OwnEnd::NoBotMove => "the bot has no move",
        }
    }
}

/// A duel between this side (`me`: 0 the host, 1 the joiner) and the peer.
pub(crate) struct Session<'a, G: NetGame> {
    pub duel: Duel<G>,
    pub me: usize,
    pub names: [String; 2],
    pub meta: G::Meta,
    pub link: Link,
    pub out: Out,
    pub store: &'a mut Store,
    /// This side makes no more moves (it said `end`).
    own_done: bool,
    /// The peer said `end`.
    peer_done: bool,
    /// Why the peer is gone before it said `end`.
    gone: Option<Gone>,
    /// Why the duel was stopped (a move the rules refuse, a message out of place).
    broken: Option<String>,
    /// On the full screen: what would be printed is kept here instead, newest last.
    pub log: Vec<Said>,
}

impl<'a, G: NetGame> Session<'a, G> {
    pub(crate) fn new(
        duel: Duel<G>,
        me: usize,
        names: [String; 2],
        meta: G::Meta,
        link: Link,
        store: &'a mut Store,
    ) -> Self {
        Session {
            duel,
            me,
            names,
            meta,
            link,
            out: Out::Lines,
            store,
            own_done: false,
            peer_done: false,
            gone: None,
            broken: None,
            log: Vec::new(),
        }
    }

    fn peer(&self) -> usize {
        1 - self.me
    }

    /// Prints `text` in line mode; keeps `said` on the full screen.
    fn say(&mut self, said: Said, text: impl FnOnce() -> String) {
        if self.out == Out::Screen {
            self.log.push(said);
        } else if self.out == Out::Lines {
            let mut out = io::stdout().lock();
            let _ = writeln!(out, "{}", text());
        }
    }

    /// What goes to the error stream in line mode (the log on the screen).
    fn warn(&mut self, said: Said, text: String) {
        if self.out == Out::Screen {
            self.log.push(said);
        } else {
            crate::out::note(format_args!("new2048: {text}"));
        }
    }

    /// The duel is over on this side: nothing more to play or to wait for.
    pub(crate) fn over(&self) -> bool {
        self.own_done && (self.peer_done || self.gone.is_some()) || self.broken.is_some()
    }

    /// This side plays no more.
    pub(crate) fn own_done(&self) -> bool {
        self.own_done
    }

    /// Why the other player is gone, when it is.
    pub(crate) fn gone(&self) -> Option<&Gone> {
        self.gone.as_ref()
    }

    /// What the other player sent that stopped the duel, when it was stopped.
    pub(crate) fn broken(&self) -> Option<&str> {
        self.broken.as_deref()
    }

    /// Why the duel is unfinished, when it is.
    pub(crate) fn unfinished(&self) -> Option<String> {
        self.broken.clone().or_else(|| {
            self.gone
                .clone()
                .map(|g| format!("{} is gone: {g}", self.names[self.peer()]))
        })
    }

    /// The player leaves: plays no more, or (having stopped) stops waiting for the other.
    pub(crate) fn leave(&mut self) {
        if !self.own_done {
            self.end_own(OwnEnd::Left);
        } else if !self.peer_done && self.gone.is_none() {
            self.gone = Some(Gone::YouStopped);
        }
    }

    /// Says the duel begins, and ends this side's play at once if there is nothing to play.
    pub(crate) fn begin(&mut self) {
        let me = self.me;
        let text = format!(
            "the duel begins: {} (you) against {}; type {} and Enter, q to leave\n{}",
            self.names[me],
            self.names[self.peer()],
            self.duel.players[me].moves_typed(),
            self.duel.players[me].view_text()
        );
        self.say(Said::Begins, || text);
        self.check_own_end();
    }

    /// Plays the duel to its end from `events` (the bot making this side's moves when given),
    /// then prints and records it. `Err` when the duel was broken off by a fault of the peer.
    pub(crate) fn run(
        mut self,
        events: &Receiver<Event>,
        mut bot: Option<(Bot, Duration)>,
    ) -> Result<(), Error> {
        let me = self.me;
        self.begin();
        loop {
            if self.over() {
                break;
            }
            if let Some((b, delay)) = bot.as_mut().filter(|_| !self.own_done) {
                match self.duel.players[me].bot_line(b) {
                    Some(line) => self.own_line(&line),
                    None => self.end_own(OwnEnd::NoBotMove),
                }
                // What arrives while the bot waits is handled as it comes.
                let until = Instant::now() + *delay;
                loop {
                    let left = until.saturating_duration_since(Instant::now());
                    match events.recv_timeout(left) {
                        Ok(e) => self.event(e),
                        Err(_) if left.is_zero() => break,
                        Err(RecvTimeoutError::Timeout) => break,
                        Err(RecvTimeoutError::Disconnected) => break,
                    }
                }
                continue;
            }
            match events.recv() {
                Ok(e) => self.event(e),
                Err(_) => break,
            }
        }
        self.finish()
    }

    pub(crate) fn event(&mut self, e: Event) {
        match e {
            Event::Line(_) if self.own_done => {}
            Event::Line(l) if matches!(l.trim().to_ascii_lowercase().as_str(), "q" | "quit") => {
                self.end_own(OwnEnd::Left);
            }
            Event::Line(l) => self.own_line(&l),
            Event::InputEnd => {
                if !self.own_done {
                    self.end_own(OwnEnd::InputEnded);
                }
            }
            Event::Heard(Heard::Msg(m)) => self.peer_msg(m),
            Event::Heard(Heard::Gone(why)) => {
                if !self.peer_done && self.gone.is_none() {
                    let peer = &self.names[self.peer()];
                    let more = if self.own_done {
                        ""
                    } else {
                        "; you may finish your game alone"
                    };
                    let text = format!("{peer} is gone: {why}{more}");
                    let alone = !self.own_done;
                    self.warn(
                        Said::Gone {
                            why: why.clone(),
                            alone,
                        },
                        text,
                    );
                    self.gone = Some(why);
                }
            }
        }
    }

    pub(crate) fn own_line(&mut self, line: &str) {
        let me = self.me;
        match self.duel.players[me].play_text(line) {
            Ok(None) => {}
            Ok(Some(what)) => {
                let n = self.duel.players[me].move_count() as u64;
                let word = self.duel.players[me].last_word().unwrap_or_default();
                self.link.send(&Msg::Move {
                    n,
                    word: word.clone(),
                });
                self.save();
                let said = self.moved(me, n, &word);
                let text = format!(
                    "\n> {}: {what}\n{}",
                    self.names[me],
                    self.duel.players[me].view_text()
                );
                self.say(said, || text);
                self.check_own_end();
            }
            Err(e) => {
                let line = crate::headless::quoted(line);
                let text = format!("`{line}`: {e}; skipped");
                let said = Said::Skipped {
                    line: line.clone(),
                    why: e,
                };
                self.warn(said, text);
            }
        }
    }

    /// Ends this side's play when its game is over or the duel is decided.
    fn check_own_end(&mut self) {
        if self.own_done {
            return;
        }
        if self.duel.players[self.me].finished() {
            self.end_own(OwnEnd::Over);
        } else if self.duel.result().is_some() {
            self.end_own(OwnEnd::Decided);
        }
    }

    fn end_own(&mut self, why: OwnEnd) {
        self.own_done = true;
        let n = self.duel.players[self.me].move_count() as u64;
        self.link.send(&Msg::End { n });
        let waiting = !(self.peer_done || self.gone.is_some());
        let wait = if waiting {
            format!("; waiting for {}", self.names[self.peer()])
        } else {
            String::new()
        };
        let text = format!("\n{}{wait}", why.as_str());
        self.say(Said::OwnEnd { why, waiting }, || text);
    }

    /// What the log says of side `side`'s move `n` (`word`), just played.
    fn moved(&self, side: usize, n: u64, word: &str) -> Said {
        let g = &self.duel.players[side];
        Said::Move {
            side,
            n,
            word: word.to_string(),
            score: g.score(),
            survived: g.survived(),
            over: g.finished(),
        }
    }

    fn peer_msg(&mut self, m: Msg) {
        let p = self.peer();
        let made = self.duel.players[p].move_count() as u64;
        match m {
            Msg::Move { n, word } if !self.peer_done && n == made + 1 => {
                let played = G::parse(&word).map_err(|e| e.to_string()).and_then(|mv| {
                    self.duel.players[p]
                        .play_one(mv, n as usize)
                        .map_err(|e| e.to_string())
                });
                if let Err(e) = played {
                    self.break_off(format!("its move {n} (`{word}`) is not legal here: {e}"));
                    return;
                }
                // Shown first, then saved: the player sees the move as soon as it came.
                let g = &self.duel.players[p];
                let text = format!(
                    "> {}: move {n} ({word}): score {}, survived {}{}",
                    self.names[p],
                    g.score(),
                    g.survived(),
                    if g.finished() { ", game over" } else { "" }
                );
                let said = self.moved(p, n, &word);
                self.say(said, || text);
                self.save();
                self.check_own_end();
            }
            Msg::Move { n, .. } => self.break_off(format!(
                "a move numbered {n} where move {} was due",
                made + 1
            )),
            Msg::End { n } if !self.peer_done && n == made => {
                self.peer_done = true;
                if !self.own_done {
                    let over = self.duel.players[p].finished();
                    let why = if over { "its game is over" } else { "it left" };
                    let text = format!("> {} stops: {why}", self.names[p]);
                    self.say(Said::PeerStops { over }, || text);
                }
            }
            Msg::End { n } => {
                self.break_off(format!(
                    "that it ended after {n} moves, where it made {made}"
                ));
            }
            other => self.break_off(format!("a message out of place ({other:?})")),
        }
    }

    /// Stops the duel because of what the peer sent, telling it why.
    fn break_off(&mut self, why: String) {
        let peer = self.names[self.peer()].clone();
        self.link.stop(&format!("you sent {why}"));
        let text = format!("the duel is stopped: {peer} sent {why}");
        self.warn(Said::Stopped(why.clone()), text);
        self.broken = Some(format!("{peer} sent {why}"));
    }

    fn save(&mut self) {
        self.store
            .save(&InPlay::duel(&self.duel, &self.names, &self.meta));
    }

    /// Closes the link and records the duel as it stands (forgotten when nobody moved).
    pub(crate) fn record(&mut self) {
        self.link.close_gently();
        let view = InPlay::duel(&self.duel, &self.names, &self.meta);
        if self.duel.players.iter().any(|p| p.move_count() > 0) {
            self.store.finish(&view, None, None);
        } else {
            self.store.forget(&view);
        }
    }

    /// Closes the link, prints the result (the same lines on both sides) and records the duel.
    pub(crate) fn finish(mut self) -> Result<(), Error> {
        self.record();
        let unfinished = self.unfinished();
        crate::out::print_warnings(self.store);
        let mut out = io::stdout().lock();
        if self.out == Out::Json {
            let j = serde_json::json!({
                "result": self.duel.result(),
                "names": self.names,
                "you": self.me,
                "players": [self.duel.players[0].summary(), self.duel.players[1].summary()],
                "unfinished": unfinished,
                "bytes_sent": self.link.bytes_sent(),
            });
            writeln!(out, "{j}")?;
        } else {
            if let Some(why) = &unfinished {
                writeln!(out, "\nthe duel is unfinished: {why}")?;
            }
            write!(out, "\n{}", result_lines(&self.duel, &self.names))?;
        }
        match self.broken {
            Some(why) => Err(Error::usage(format!(
                "the duel was stopped: {why}; it is recorded as it stood"
            ))),
            None => Ok(()),
        }
    }
}
