//! One connection to the other player: messages sent whole, messages received on a thread of
//! their own, and a heartbeat both ways so that a peer that went away (quit, killed, cut off)
//! is noticed within [`SILENCE`], whatever it was doing.
//!
//! Every read has a deadline for the whole message (not for each byte: a peer trickling a byte a
//! second would never time out), and every write a timeout: nothing the peer does or fails to do
//! can hold this process. The receiving thread turns the stream into [`Heard`] events on a channel, which
//! the duel's loop reads together with the player's own moves.

use std::io::{BufReader, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::proto::{self, Gone, Msg, ReadError};

/// How often each side says it is still here.
pub(crate) const PING_EVERY: Duration = Duration::from_secs(1);
/// How long a peer may say nothing before it is taken as gone.
pub(crate) const SILENCE: Duration = Duration::from_secs(4);

/// What the receiving thread heard.
#[derive(Debug)]
pub(crate) enum Heard {
    Msg(Msg),
    /// The connection is over, or the peer broke the protocol: why.
    Gone(Gone),
}

/// The sending half of a connection, shared by the duel and the heartbeat.
#[derive(Clone)]
pub(crate) struct Link {
    stream: Arc<Mutex<TcpStream>>,
    state: Arc<State>,
}

/// What the duel, the heartbeat and the receiving thread know of the link.
struct State {
    closed: AtomicBool,
    pinging: AtomicBool,
    /// The receiving thread has ended (the peer closed, or the link broke).
    heard_last: AtomicBool,
    /// Bytes sent so far (for the measurements).
    sent: std::sync::atomic::AtomicU64,
    /// When this side last sent (or tried to), and the longest it went without: what tells a
    /// peer's [`Msg::Unheard`] true (this process was stopped) from false.
    quiet: Mutex<Quiet>,
}

/// The gaps between this side's sends.
struct Quiet {
    last: Instant,
    longest: Duration,
}

impl Link {
    /// Sets the timeouts on `stream` and wraps it.
    pub(crate) fn new(stream: TcpStream) -> std::io::Result<Link> {
        stream.set_read_timeout(Some(SILENCE))?;
        stream.set_write_timeout(Some(SILENCE))?;
        stream.set_nodelay(true)?;
        Ok(Link {
            stream: Arc::new(Mutex::new(stream)),
            state: Arc::new(State {
                closed: AtomicBool::new(false),
                pinging: AtomicBool::new(false),
                heard_last: AtomicBool::new(false),
                sent: std::sync::atomic::AtomicU64::new(0),
                quiet: Mutex::new(Quiet {
                    last: Instant::now(),
                    longest: Duration::ZERO,
                }),
            }),
        })
    }

    /// Sends one message; false when it could not be (the receiving side will say why).
    pub(crate) fn send(&self, m: &Msg) -> bool {
        if self.state.closed.load(Ordering::SeqCst) {
            return false;
        }
        if let Ok(mut q) = self.state.quiet.lock() {
            let now = Instant::now();
            q.longest = q.longest.max(now - q.last);
            q.last = now;
        }
        let bytes = m.encode();
        let Ok(mut s) = self.stream.lock() else {
            return false;
        };
        let ok = s.write_all(&bytes).and_then(|()| s.flush()).is_ok();
        if ok {
            self.state
                .sent
                .fetch_add(bytes.len() as u64, std::sync::atomic::Ordering::Relaxed);
        }
        ok
    }

    /// The longest this side went without sending (the heartbeat sends every [`PING_EVERY`]):
    /// about [`SILENCE`] or more only when this process or its network stood still.
    pub(crate) fn longest_quiet(&self) -> Duration {
        self.state
            .quiet
            .lock()
            .map_or(Duration::ZERO, |q| q.longest.max(q.last.elapsed()))
    }

    /// Forgets the gaps so far (the duel begins: the time a player took to read the offer is
    /// no silence).
    pub(crate) fn reset_quiet(&self) {
        if let Ok(mut q) = self.state.quiet.lock() {
            q.last = Instant::now();
            q.longest = Duration::ZERO;
        }
    }

    /// Bytes sent so far.
    pub(crate) fn bytes_sent(&self) -> u64 {
        self.state.sent.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Reads the next message that is not a ping, on this thread; a malformed one is answered
    /// with [`Msg::Error`]. Every message (each ping too) must come whole within [`SILENCE`] of
    /// the one before, however its bytes trickle in; with `all`, the one wanted within that too
    /// (pings do not extend it: a peer that only pings does not hold the host's door).
    pub(crate) fn read(
        &self,
        reader: &mut BufReader<TcpStream>,
        all: Option<Duration>,
    ) -> Result<Msg, ReadError> {
        let all = all.map(|d| Instant::now() + d);
        let mut looked = false;
        let m = loop {
            let each = Instant::now() + SILENCE;
            let mut timed = Deadline {
                inner: reader,
                until: all.map_or(each, |a| a.min(each)),
                looked: &mut looked,
            };
            match proto::read(&mut timed) {
                Ok(Msg::Ping) => {}
                m => break m,
            }
        };
        if let Err(ReadError::Bad(why)) = &m {
            self.send(&Msg::Error(format!("you sent {why}")));
        }
        m
    }

    /// A reader of the stream (its own handle, with the same timeouts).
    pub(crate) fn reader(&self) -> std::io::Result<BufReader<TcpStream>> {
        let s = self
            .stream
            .lock()
            .map_err(|_| std::io::Error::other("the connection's lock was poisoned"))?;
        Ok(BufReader::new(s.try_clone()?))
    }

    /// From now on a thread sends [`Msg::Ping`] every [`PING_EVERY`] until the link closes.
    pub(crate) fn start_pings(&self) {
        if self.state.pinging.swap(true, Ordering::SeqCst) {
            return;
        }
        let pinger = self.clone();
        std::thread::spawn(move || {
            while !pinger.state.closed.load(Ordering::SeqCst) {
                if !pinger.send(&Msg::Ping) {
                    break;
                }
                std::thread::sleep(PING_EVERY);
            }
        });
    }

    /// From now on a thread hands every message heard to `to` (wrapped by `wrap`), ending with
    /// one [`Heard::Gone`]; pings are not passed on. A message that breaks the protocol is
    /// answered with [`Msg::Error`] and ends the link.
    pub(crate) fn listen<E: Send + 'static>(
        &self,
        mut reader: BufReader<TcpStream>,
        to: Sender<E>,
        wrap: fn(Heard) -> E,
    ) {
        self.start_pings();
        let link = self.clone();
        std::thread::spawn(move || {
            loop {
                let why = match link.read(&mut reader, None) {
                    Ok(Msg::Error(why)) => Gone::StoppedIt(why),
                    Ok(m) => {
                        if to.send(wrap(Heard::Msg(m))).is_err() {
                            return;
                        }
                        continue;
                    }
                    Err(e) => e.gone(),
                };
                link.state.heard_last.store(true, Ordering::SeqCst);
                // A silent peer is told why before the duel hangs up ([`Msg::Unheard`]):
                // the duel closes the link then.
                if why != Gone::Silent {
                    link.close();
                }
                let _ = to.send(wrap(Heard::Gone(why)));
                return;
            }
        });
    }

    /// Stops the heartbeat and closes the connection both ways.
    pub(crate) fn close(&self) {
        self.state.closed.store(true, Ordering::SeqCst);
        if let Ok(s) = self.stream.lock() {
            let _ = s.shutdown(Shutdown::Both);
        }
    }

    /// Closes after what was sent has surely arrived: says it sends no more, then waits (at most
    /// a second) for the peer to close its side, still reading meanwhile. Closing at once with
    /// a ping unread would reset the connection, and the peer could lose the last messages.
    pub(crate) fn close_gently(&self) {
        self.state.closed.store(true, Ordering::SeqCst);
        if let Ok(s) = self.stream.lock() {
            let _ = s.shutdown(Shutdown::Write);
        }
        let until = Instant::now() + PING_EVERY;
        while !self.state.heard_last.load(Ordering::SeqCst) && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(5));
        }
        self.close();
    }

    /// Tells the peer why the duel stops here, then closes.
    pub(crate) fn stop(&self, why: &str) {
        self.send(&Msg::Error(why.to_string()));
        self.close();
    }
}

/// A reader whose reads all end by `until`: each waits at most the time left.
struct Deadline<'a> {
    inner: &'a mut BufReader<TcpStream>,
    until: Instant,
    /// Whether the one look past the time was taken (see [`Deadline::wait`]): one for a whole
    /// [`Link::read`], so pings read past the time do not extend it.
    looked: &'a mut bool,
}

impl std::io::Read for Deadline<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.wait()?;
        std::io::Read::read(self.inner, buf)
    }
}

impl std::io::BufRead for Deadline<'_> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.inner.buffer().is_empty() {
            self.wait()?;
        }
        self.inner.fill_buf()
    }

    fn consume(&mut self, n: usize) {
        self.inner.consume(n);
    }
}

impl Deadline<'_> {
    /// Sets the socket's read timeout to the time left, or fails when none is. Once past the
    /// time, what is already waiting is still read, without waiting for more: a process that
    /// was stopped for a while (a suspended laptop, a loaded machine) must not blame a peer
    /// whose messages arrived meanwhile.
    fn wait(&mut self) -> std::io::Result<()> {
        let left = self.until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            if *self.looked {
                return Err(std::io::ErrorKind::TimedOut.into());
            }
            *self.looked = true;
            return self
                .inner
                .get_ref()
                .set_read_timeout(Some(std::time::Duration::from_millis(1)));
        }
        self.inner.get_ref().set_read_timeout(Some(left))
    }
}
