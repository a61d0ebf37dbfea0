//! A duel in progress between this process and the other player's: both race the same deal at
//! their own pace, not by turns. Each own move is played here, saved, and sent as a word; each of
//! the peer's words is played on this side's copy of the peer's game. When a side's game is over
//! (or the duel is decided) it says `end N`; once both have, the two copies hold the same moves
//! and the rules ([`Duel::result`]) give both the same result.
//!
//! The rules decide only duels that both finish. A duel that stops first is lost by whoever
//! stopped it ([`Stop`]): the player who leaves (`q`, Ctrl-C, the end of input, a signal), who
//! does not move within the move clock, whose connection is lost, or who sends what the protocol
//! or the rules do not allow. The first such reason is the one kept, shown and recorded (as the
//! result's [`Forfeit`]); what comes after it is not read. A resignation always stands: its
//! sender had not seen the duel decided, and the receiver takes it as it comes, so both sides
//! record the same loser in the same words.
//!
//! The move clock: each player has [`Session::clock`] for each move (from the duel's start, then
//! from their last move) while their game is on. This side's own clock is watched here, and a
//! player who runs out of it resigns (`resign N time`); the peer's is watched too, with
//! [`GRACE`] more for the network, so a peer that pings but never moves loses by time (`time N`)
//! instead of holding this side. The player who stays after the other lost may finish their own
//! game alone or leave at once.

use std::io::{self, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError};
use std::time::{Duration, Instant};

use super::game::NetGame;
use super::link::{Heard, Link, PING_EVERY, SILENCE};
use super::proto::{Gone, Msg, Resign};
use crate::duel::{Duel, Forfeit, result_text};
use crate::error::Error;
use crate::headless::Bot;
use crate::headless::duel::result_lines;
use crate::store::{InPlay, Store};

/// How much longer than the clock this side waits for the peer's move before the peer loses by
/// time: the peer's own clock runs out first and it says so itself, unless it is not honest or
/// not there; this covers the network's delay and the two clocks' different starts.
pub(crate) const GRACE: Duration = Duration::from_secs(5);

/// The longest a line-mode duel's loop waits for an event before it looks at the clocks.
const TICK: Duration = Duration::from_millis(100);

/// The most events a loop handles past its deadline before this side moves again.
const BATCH: usize = 64;

/// The most log lines kept for the screen (it shows the last few).
const LOG_KEPT: usize = 64;

/// What the duel's loop reads: the player's lines, and what the link heard.
#[derive(Debug)]
pub(crate) enum Event {
    Line(String),
    /// The player's input ended.
    InputEnd,
    /// A signal (Ctrl-C without a screen, a kill): the player leaves.
    Signal,
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

/// Why a duel stopped before both players finished, as this side saw it (the loser is in
/// [`Stop`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Why {
    /// The player left.
    Left,
    /// The player did not move within the clock (its seconds).
    Time(u64),
    /// The player's connection was lost (how).
    Lost(Gone),
    /// The player sent this, which the protocol or the rules do not allow (in words).
    Sent(String),
    /// The player stopped the duel with this message (its words).
    StoppedIt(String),
}

impl Why {
    /// How the duel is recorded as lost.
    pub(crate) fn forfeit(&self) -> Forfeit {
        match self {
            Why::Left => Forfeit::Left,
            Why::Time(_) => Forfeit::Time,
            Why::Lost(_) => Forfeit::Gone,
            Why::Sent(_) | Why::StoppedIt(_) => Forfeit::Broke,
        }
    }
}

/// The first reason the duel stopped before both finished: who lost by it, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Stop {
    pub loser: usize,
    pub why: Why,
}

/// A line of the duel's log on the full screen, which says it in the player's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Said {
    /// The duel begins; the clock in seconds.
    Begins { clock: u64 },
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
    /// The other side's game is over (it plays no more).
    PeerEnds,
    /// The duel stopped before both finished: who lost, and why.
    Stopped(Stop),
    /// An own input line that is no move (the line, why).
    Skipped { line: String, why: String },
}

/// Why this side plays no more, when the duel goes on to its end by the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OwnEnd {
    Over,
    Decided,
    NoBotMove,
    /// The other player lost, and this one stops playing alone.
    Done,
}

impl OwnEnd {
    fn as_str(self) -> &'static str {
        match self {
            OwnEnd::Over => "your game is over",
            OwnEnd::Decided => "the duel is decided",
            OwnEnd::NoBotMove => "the bot has no move",
            OwnEnd::Done => "you stop playing",
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
    /// Each player's time for a move.
    pub clock: Duration,
    /// This side makes no more moves.
    own_done: bool,
    /// The peer said `end`: its game is over or the duel decided.
    peer_done: bool,
    /// Why the duel stopped before both finished, the first reason only.
    stop: Option<Stop>,
    /// Since when each side's clock runs: the start, then its last move.
    since: [Instant; 2],
    /// On the full screen: what would be printed is kept here instead, newest last.
    pub log: Vec<Said>,
    /// The other's game as this player may see it: no further than this player has come in
    /// the same cards ([`Recorded::SAME_CARDS`](crate::record::Recorded::SAME_CARDS)); `None`: the other's game itself.
    pub shown_peer: Option<G>,
}

impl<'a, G: NetGame> Session<'a, G> {
    pub(crate) fn new(
        duel: Duel<G>,
        sides: (usize, [String; 2]),
        meta: G::Meta,
        link: Link,
        clock: Duration,
        store: &'a mut Store,
    ) -> Self {
        let (me, names) = sides;
        let now = Instant::now();
        Session {
            duel,
            me,
            names,
            meta,
            link,
            out: Out::Lines,
            store,
            clock,
            own_done: false,
            peer_done: false,
            stop: None,
            since: [now; 2],
            log: Vec::new(),
            shown_peer: None,
        }
    }

    /// The other's game as the screen shows it: never further than this player has come, where
    /// both are dealt the same cards (the rest would be this player's future).
    pub(crate) fn peer_shown(&self) -> &G {
        self.shown_peer
            .as_ref()
            .unwrap_or(&self.duel.players[self.peer()])
    }

    /// Whether the screen shows the other's game as it was (it is further on).
    pub(crate) fn peer_ahead(&self) -> bool {
        self.peer_shown().move_count() < self.duel.players[self.peer()].move_count()
    }

    /// Brings [`Session::shown_peer`] as far as may be seen now.
    fn follow_peer(&mut self) {
        let (me, p) = (self.me, self.peer());
        let Some(shown) = self.shown_peer.as_mut() else {
            return;
        };
        let made = self.duel.players[p].move_count();
        let target = if G::SAME_CARDS {
            made.min(self.duel.players[me].move_count())
        } else {
            made
        };
        while shown.move_count() < target {
            let i = shown.move_count();
            self.duel.players[p].replay_step(shown, i);
        }
    }

    fn peer(&self) -> usize {
        1 - self.me
    }

    fn peer_name(&self) -> &str {
        &self.names[self.peer()]
    }

    /// Keeps `said` for the screen; in line mode prints `text` on `to_err`'s stream.
    fn tell(&mut self, said: Said, text: impl FnOnce() -> String, to_err: bool) {
        match self.out {
            Out::Screen => {
                if self.log.len() >= LOG_KEPT {
                    self.log.drain(..LOG_KEPT / 2);
                }
                self.log.push(said);
            }
            Out::Lines if to_err => crate::out::note(format_args!("new2048: {}", text())),
            Out::Lines => {
                let mut out = io::stdout().lock();
                let _ = writeln!(out, "{}", text());
            }
            Out::Json => {}
        }
    }

    /// Prints `text` in line mode; keeps `said` on the full screen.
    fn say(&mut self, said: Said, text: impl FnOnce() -> String) {
        self.tell(said, text, false);
    }

    /// The duel is over on this side: nothing more to play or to wait for.
    pub(crate) fn over(&self) -> bool {
        match &self.stop {
            Some(s) if s.loser == self.me => true,
            // The other lost: this side may still finish its game alone.
            Some(_) => self.own_done,
            None => self.own_done && self.peer_done,
        }
    }

    /// This side plays no more.
    pub(crate) fn own_done(&self) -> bool {
        self.own_done
    }

    /// Why the duel stopped before both finished, when it did.
    pub(crate) fn stop(&self) -> Option<&Stop> {
        self.stop.as_ref()
    }

    /// Whether leaving now loses the duel (so the screen asks first): the duel is still on.
    pub(crate) fn leaving_loses(&self) -> bool {
        self.stop.is_none() && !(self.own_done && self.peer_done)
    }

    /// The player leaves (`q` confirmed, Ctrl-C, the end of input on the screen, a signal): the
    /// duel still on is lost; after the other lost, this side stops playing alone.
    pub(crate) fn leave(&mut self) {
        if self.leaving_loses() {
            self.resign(Resign::Left);
        } else if !self.own_done {
            self.end_own(OwnEnd::Done);
        }
    }

    /// The player's input ended (line mode): the player leaves, as with `q`. A script that
    /// wants to wait for the other's end once its own game is over keeps its input open.
    pub(crate) fn input_ended(&mut self) {
        self.leave();
    }

    /// Time left on this side's clock, while it runs.
    pub(crate) fn clock_left(&self) -> Option<Duration> {
        (self.stop.is_none() && !self.own_done)
            .then(|| self.clock.saturating_sub(self.since[self.me].elapsed()))
    }

    /// When a clock runs out next (this side's, or the peer's with its grace), while one runs.
    pub(crate) fn next_deadline(&self) -> Option<Instant> {
        if self.stop.is_some() {
            return None;
        }
        let own = (!self.own_done).then(|| self.since[self.me] + self.clock);
        let peer = (!self.peer_done).then(|| self.since[self.peer()] + self.clock + GRACE);
        own.into_iter().chain(peer).min()
    }

    /// Looks at both clocks: this side resigns when its own ran out; the peer loses when its
    /// own ran out by more than [`GRACE`] and it did not say so.
    pub(crate) fn tick(&mut self) {
        if self.stop.is_some() || self.stood_still() {
            return;
        }
        if !self.own_done && self.since[self.me].elapsed() >= self.clock {
            self.resign(Resign::Time);
        } else if !self.peer_done && self.since[self.peer()].elapsed() >= self.clock + GRACE {
            let n = self.duel.players[self.peer()].move_count() as u64;
            self.link.send(&Msg::Time { n });
            // Gently: the verdict reaches a peer that reads at all.
            self.link.close_gently();
            self.stopped(self.peer(), Why::Time(self.clock.as_secs()));
        }
    }

    /// Whether this side sent nothing for [`SILENCE`] (its process stood still: stopped, a
    /// laptop asleep): the peer has taken it as gone by now (it must hear a whole message
    /// within that), so this side records the same end, before it plays a move the peer will
    /// never see. The duel stops here then.
    fn stood_still(&mut self) -> bool {
        if self.stop.is_some() || self.link.longest_quiet() < SILENCE {
            return false;
        }
        self.link.close();
        self.stopped(self.me, Why::Lost(Gone::Silent));
        true
    }

    /// Says the duel begins, and ends this side's play at once if there is nothing to play.
    pub(crate) fn begin(&mut self) {
        let me = self.me;
        self.link.reset_quiet();
        let now = Instant::now();
        self.since = [now; 2];
        let clock = self.clock.as_secs();
        let text = format!(
            "the duel begins: {} (you) against {}; type {} and Enter, q to leave (leaving \
             loses the duel); each player has {clock} s for each move\n{}",
            self.names[me],
            self.peer_name(),
            self.duel.players[me].moves_typed(),
            self.duel.players[me].view_text()
        );
        self.say(Said::Begins { clock }, || text);
        self.check_own_end();
    }

    /// Plays the duel to its end from `events` (the bot making this side's moves when given),
    /// then prints and records it.
    pub(crate) fn run(
        mut self,
        events: &Receiver<Event>,
        mut bot: Option<(Bot, Duration)>,
    ) -> Result<(), Error> {
        let me = self.me;
        self.begin();
        loop {
            self.tick();
            if self.over() {
                break;
            }
            // A bot does not play on alone after the other lost.
            if bot.is_some() && self.stop.is_some() {
                self.end_own(OwnEnd::Done);
                continue;
            }
            let mut until = self
                .next_deadline()
                .map_or(Instant::now() + TICK, |d| d.min(Instant::now() + TICK));
            if let Some((b, delay)) = bot.as_mut().filter(|_| !self.own_done) {
                match self.duel.players[me].bot_line(b) {
                    Some(line) => self.own_line(&line),
                    None => self.end_own(OwnEnd::NoBotMove),
                }
                // What arrives while the bot waits is handled as it comes.
                until = Instant::now() + *delay;
            }
            // What came is handled, then what comes until `until`; at most [`BATCH`] events once
            // `until` is past, so that a peer moving faster than this side can take them in
            // never keeps its own bot from moving.
            let mut handled = 0;
            loop {
                let left = until.saturating_duration_since(Instant::now());
                if left.is_zero() && handled >= BATCH {
                    break;
                }
                handled += 1;
                let got = if left.is_zero() {
                    events
                        .try_recv()
                        .map_err(|e| matches!(e, TryRecvError::Disconnected))
                } else {
                    events
                        .recv_timeout(left)
                        .map_err(|e| matches!(e, RecvTimeoutError::Disconnected))
                };
                match got {
                    Ok(e) => self.event(e),
                    // Nothing more can come: the clocks still end the duel.
                    Err(true) => {
                        std::thread::sleep(left.min(TICK));
                        break;
                    }
                    Err(false) => break,
                }
                if self.over() {
                    break;
                }
            }
        }
        self.finish()
    }

    pub(crate) fn event(&mut self, e: Event) {
        match e {
            Event::Line(l) if matches!(l.trim().to_ascii_lowercase().as_str(), "q" | "quit") => {
                self.leave();
            }
            Event::Line(_) if self.own_done => {}
            Event::Line(l) => self.own_line(&l),
            Event::InputEnd => self.input_ended(),
            Event::Signal => self.leave(),
            Event::Heard(Heard::Msg(m)) => self.peer_msg(m),
            Event::Heard(Heard::Gone(why)) => self.peer_gone(why),
        }
    }

    pub(crate) fn own_line(&mut self, line: &str) {
        if self.own_done || self.stop.as_ref().is_some_and(|s| s.loser == self.me) {
            return;
        }
        if self.stood_still() {
            return;
        }
        let me = self.me;
        match self.duel.players[me].play_text(line) {
            Ok(None) => {}
            Ok(Some(what)) => {
                self.since[me] = Instant::now();
                let n = self.duel.players[me].move_count() as u64;
                let word = self.duel.players[me].last_word().unwrap_or_default();
                if self.stop.is_none() {
                    self.link.send(&Msg::Move {
                        n,
                        word: word.clone(),
                    });
                }
                self.save();
                self.follow_peer();
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
                self.tell(said, || text, true);
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
        } else if self.stop.is_none() && self.duel.decided().is_some() {
            self.end_own(OwnEnd::Decided);
        }
    }

    fn end_own(&mut self, why: OwnEnd) {
        self.own_done = true;
        let waiting = self.stop.is_none() && !self.peer_done;
        if self.stop.is_none() {
            let n = self.duel.players[self.me].move_count() as u64;
            self.link.send(&Msg::End { n });
        }
        let wait = if waiting {
            format!("; waiting for {}", self.peer_name())
        } else {
            String::new()
        };
        let text = format!("\n{}{wait}", why.as_str());
        self.say(Said::OwnEnd { why, waiting }, || text);
    }

    /// This side gives the duel up: it tells the peer, and loses.
    fn resign(&mut self, how: Resign) {
        let n = self.duel.players[self.me].move_count() as u64;
        self.link.send(&Msg::Resign { n, how });
        let why = match how {
            Resign::Left => Why::Left,
            Resign::Time => Why::Time(self.clock.as_secs()),
        };
        self.stopped(self.me, why);
    }

    /// The duel stops before both finished, `loser` losing it for `why`: kept, told, and set on
    /// the duel for its record. Only the first reason counts.
    fn stopped(&mut self, loser: usize, why: Why) {
        if self.stop.is_some() {
            return;
        }
        let stop = Stop { loser, why };
        self.duel.forfeit = Some((loser, stop.why.forfeit()));
        let text = self.stop_text(&stop);
        self.stop = Some(stop.clone());
        self.tell(Said::Stopped(stop), || text, true);
    }

    /// What line mode says of a stop: the result, then why in detail.
    fn stop_text(&self, stop: &Stop) -> String {
        let result = result_text(self.duel.result(), &self.names);
        let who = if stop.loser == self.me {
            "you".to_string()
        } else {
            self.names[stop.loser].clone()
        };
        let detail = match &stop.why {
            Why::Left => format!("{who} left"),
            Why::Time(secs) => format!("{who} did not move within {secs} s"),
            Why::Lost(g) => format!("{who}: {g}"),
            Why::Sent(what) => format!("{who} sent {what}"),
            Why::StoppedIt(words) => format!("{who} stopped the duel: {words}"),
        };
        let alone = if stop.loser != self.me && !self.own_done {
            "; you may finish your game alone, or leave (q)"
        } else {
            ""
        };
        format!("the duel is over: {result} ({detail}){alone}")
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

    /// The link is over: the peer is gone, or broke the protocol, or stopped the duel.
    fn peer_gone(&mut self, why: Gone) {
        if self.over() || self.stop.is_some() {
            self.link.close();
            return;
        }
        if why == Gone::Silent {
            // Told before hanging up, so that a side that was only stopped (and comes back)
            // records this end too, not a win of its own over a closed connection.
            let n = self.duel.players[self.peer()].move_count() as u64;
            self.link.send(&Msg::Unheard { n });
            self.link.close_gently();
        }
        let why = match why {
            Gone::StoppedIt(words) => Why::StoppedIt(words),
            Gone::Sent(bad) => Why::Sent(bad.to_string()),
            other => Why::Lost(other),
        };
        self.stopped(self.peer(), why);
    }

    fn peer_msg(&mut self, m: Msg) {
        // The first reason stays: what comes after it is not read.
        if self.stop.is_some() {
            return;
        }
        let p = self.peer();
        let made = self.duel.players[p].move_count() as u64;
        match m {
            Msg::Move { n, .. } if self.peer_done => {
                self.break_off(format!("move {n} after the end of the game ({made} moves)"));
            }
            Msg::Move { n, .. } if n != made + 1 => self.break_off(format!(
                "a move numbered {n} where move {} was due",
                made + 1
            )),
            Msg::Move { n, word } => self.peer_move(n, &word),
            Msg::End { .. } if self.peer_done => {
                self.break_off("a second end".to_string());
            }
            Msg::End { n } if n != made => {
                self.break_off(format!("an end after {n} moves, where {made} were made"));
            }
            Msg::End { .. } => {
                if !self.duel.players[p].finished() && self.duel.decided().is_none() {
                    self.break_off(
                        "an end while the game was still on and the duel undecided".to_string(),
                    );
                    return;
                }
                self.peer_done = true;
                if !self.own_done {
                    let text = format!("> {} stops: their game is over", self.peer_name());
                    self.say(Said::PeerEnds, || text);
                }
                self.check_own_end();
            }
            Msg::Resign { how, .. } => {
                let why = match how {
                    Resign::Left => Why::Left,
                    Resign::Time => Why::Time(self.clock.as_secs()),
                };
                self.link.close();
                self.stopped(p, why);
            }
            Msg::Time { n } => {
                // Only true when this side's clock ran out too (it was stopped, say): else the
                // peer stops the duel with a false claim.
                let ran_out = !self.own_done
                    && self.since[self.me].elapsed() + Duration::from_secs(1) >= self.clock;
                self.link.close();
                if ran_out {
                    self.stopped(self.me, Why::Time(self.clock.as_secs()));
                } else {
                    self.stopped(
                        p,
                        Why::Sent(format!(
                            "that you ran out of time after your move {n}, which you had not"
                        )),
                    );
                }
            }
            Msg::Unheard { n } => {
                // Only true when nothing went from this side for about that long (the process
                // was stopped, or its network stood still): else a false claim.
                let quiet = self.link.longest_quiet() + PING_EVERY >= SILENCE;
                self.link.close();
                if quiet {
                    self.stopped(self.me, Why::Lost(Gone::Silent));
                } else {
                    self.stopped(
                        p,
                        Why::Sent(format!(
                            "that you were not heard from after your move {n}, which you were"
                        )),
                    );
                }
            }
            other => self.break_off(format!("a message out of place ({other:?})")),
        }
    }

    /// Plays the peer's move `n` (`word`) on its game here; one the rules refuse ends the duel.
    fn peer_move(&mut self, n: u64, word: &str) {
        let p = self.peer();
        let played = G::parse(word).map_err(|e| e.to_string()).and_then(|mv| {
            self.duel.players[p]
                .play_one(mv, n as usize)
                .map_err(|e| e.to_string())
        });
        if let Err(e) = played {
            self.break_off(format!("move {n} (`{word}`), which is not legal here: {e}"));
            return;
        }
        self.since[p] = Instant::now();
        self.follow_peer();
        // Shown first, then saved: the player sees the move as soon as it came.
        let g = &self.duel.players[p];
        let text = format!(
            "> {}: move {n} ({word}): score {}, survived {}{}",
            self.names[p],
            g.score(),
            g.survived(),
            if g.finished() { ", game over" } else { "" }
        );
        let said = self.moved(p, n, word);
        self.say(said, || text);
        self.save();
        self.check_own_end();
    }

    /// Stops the duel because of what the peer sent, telling it why: the peer loses.
    fn break_off(&mut self, why: String) {
        self.link.stop(&format!("you sent {why}"));
        self.stopped(self.peer(), Why::Sent(why));
    }

    fn save(&mut self) {
        self.store
            .save(&InPlay::duel(&self.duel, &self.names, &self.meta));
    }

    /// Closes the link and records the duel as it stands: decided, or lost by whoever stopped
    /// it; forgotten when nobody moved and nobody lost.
    pub(crate) fn record(&mut self) {
        // A player who has not stopped (the screen was left some other way) leaves now.
        if !self.over() {
            self.leave();
        }
        self.link.close_gently();
        let view = InPlay::duel(&self.duel, &self.names, &self.meta);
        let moved = self.duel.players.iter().any(|p| p.move_count() > 0);
        if moved || self.stop.is_some() {
            self.store.finish(&view, None, None);
        } else {
            self.store.forget(&view);
        }
    }

    /// Closes the link, prints the result (the same lines on both sides) and records the duel.
    pub(crate) fn finish(mut self) -> Result<(), Error> {
        self.record();
        crate::out::print_warnings(self.store);
        let stopped = self.stop.as_ref().map(|s| self.stop_text(s));
        let mut out = io::stdout().lock();
        if self.out == Out::Json {
            let j = serde_json::json!({
                "result": self.duel.result(),
                "names": self.names,
                "you": self.me,
                "players": [self.duel.players[0].summary(), self.duel.players[1].summary()],
                "stopped": stopped,
                "bytes_sent": self.link.bytes_sent(),
            });
            writeln!(out, "{j}")?;
        } else {
            write!(out, "\n{}", result_lines(&self.duel, &self.names))?;
        }
        Ok(())
    }
}
