//! How two players meet: the host waits on an address with a fresh invite code, the joiner
//! connects and proves it was invited, the host sends the game, the seed, the move clock and its
//! rules, and the joiner agrees to them (or not). Until then nothing is dealt or saved.
//!
//! No stranger can end the host's wait: every connection is answered on a thread of its own
//! (so a silent one holds nobody else up), and one that is refused (a wrong code, another
//! version, bytes that are not the protocol, silence) is only said, never counted against the
//! invitation. Guessing is slowed per address instead ([`Tries`]): after its n-th wrong code an
//! address waits 2^(n-1) seconds, at most [`MAX_BACKOFF`], before the host looks at its next
//! code. Every wait of the meeting is bounded, on both sides: a hello within [`SILENCE`], the
//! host's offer within [`SILENCE`] of the hello, the joiner's answer within [`AGREE_WITHIN`].

use std::collections::HashMap;
use std::io::BufReader;
use std::net::{IpAddr, SocketAddr, TcpListener, TcpStream, ToSocketAddrs, UdpSocket};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::link::{Link, SILENCE};
use super::proto::{self, Kind, Msg, ReadError, VERSION};
use crate::cards::rules::Rules;
use crate::error::Error;

/// The longest an address waits between two tries of a code, after several wrong ones.
pub(crate) const MAX_BACKOFF: Duration = Duration::from_secs(60);
/// How long the joiner may take to read the offer and agree to it.
pub(crate) const AGREE_WITHIN: Duration = Duration::from_secs(120);
/// How long the joiner's side waits for its player's answer: a little less than
/// [`AGREE_WITHIN`], so that an answer given in time reaches the host in time (a later one
/// declines, and nothing is played).
pub(crate) const ANSWER_WITHIN: Duration = Duration::from_secs(115);
/// How many connections the host answers at once (more are refused at once).
const AT_ONCE: usize = 16;
/// How many of them may come from one address.
const AT_ONCE_FROM_ONE: usize = 4;

/// A connection through the handshake: the link, its reader, and the other player's name.
pub(crate) struct Met {
    pub link: Link,
    pub reader: BufReader<TcpStream>,
    pub peer: String,
    /// Where the other player is.
    pub from: SocketAddr,
}

/// What the host offers the joiner.
#[derive(Clone)]
pub(crate) struct Offer {
    pub kind: Kind,
    pub seed: u64,
    /// Seconds a player may take over a move before losing by time.
    pub clock: u64,
    pub rules: Rules,
}

impl Offer {
    /// Every rules key whose value differs from the default rules: the key, its value here and
    /// the default value (`-` where a set has no such key), each value quoted as a peer's text is
    /// (short, control characters escaped). A classic duel plays only its board size and winning
    /// tile, which the offer says itself.
    pub(crate) fn changes(&self) -> Vec<(String, String, String)> {
        if self.kind == Kind::Classic {
            return Vec::new();
        }
        let shown = |v: Option<String>| v.map_or_else(|| "-".to_string(), |v| proto::shown(&v));
        crate::config::differences(&Rules::default_rules(), &self.rules)
            .into_iter()
            .map(|(k, default, here)| (proto::shown(&k), shown(here), shown(default)))
            .collect()
    }
}

/// The move clock when the host gives none: a minute a move.
pub(crate) const DEFAULT_CLOCK: u64 = 60;

/// The address the host gives out: the one it listens on, or when that is every interface
/// (`0.0.0.0`), this machine's address on the network it would reach others through.
fn address_to_give(bound: SocketAddr) -> SocketAddr {
    if !bound.ip().is_unspecified() {
        return bound;
    }
    // Connecting a UDP socket sends nothing: it only asks the system which address it would use.
    let outgoing = || -> Option<IpAddr> {
        let s = UdpSocket::bind("0.0.0.0:0").ok()?;
        s.connect("192.0.2.1:9").ok()?;
        Some(s.local_addr().ok()?.ip()).filter(|ip| !ip.is_unspecified())
    };
    let ip = outgoing().unwrap_or(IpAddr::from([127, 0, 0, 1]));
    SocketAddr::new(ip, bound.port())
}

/// Where a host listens, as it tells its player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reach {
    /// Every interface: anyone who can reach this machine can try to join.
    Everyone,
    /// Loopback: only this machine.
    ThisMachine,
    /// One address of this machine's.
    OneAddress,
}

impl Reach {
    fn of(bound: SocketAddr) -> Reach {
        if bound.ip().is_unspecified() {
            Reach::Everyone
        } else if bound.ip().is_loopback() {
            Reach::ThisMachine
        } else {
            Reach::OneAddress
        }
    }
}

/// The host's open door: where it waits and the code a joiner must give.
pub(crate) struct Door {
    listener: TcpListener,
    pub code: String,
    /// The address to give the other player.
    pub give: SocketAddr,
    /// The address it listens on, and who can reach it there.
    pub bound: SocketAddr,
    pub reach: Reach,
}

/// Wrong codes by address: after its n-th, an address waits `2^(n-1)` seconds (at most
/// [`MAX_BACKOFF`]) before its next code is looked at. With 31^6 codes (887,503,681) a guesser
/// needs 443,751,841 tries on average: at one a minute, 844 years.
#[derive(Default)]
pub(crate) struct Tries {
    by: Mutex<HashMap<IpAddr, (u32, Instant)>>,
}

impl Tries {
    /// The wait after the `n`-th wrong code.
    pub(crate) fn backoff(n: u32) -> Duration {
        Duration::from_secs(1u64 << n.saturating_sub(1).min(6)).min(MAX_BACKOFF)
    }

    /// Checks `given` against `code` for a joiner at `ip`, unless that address must still wait
    /// (then how long, and the code is not looked at).
    fn check(&self, ip: IpAddr, code: &str, given: &str) -> Result<(), Refusal> {
        let Ok(mut by) = self.by.lock() else {
            return Err(Refusal::Io(std::io::Error::other(
                "the tries' lock was poisoned",
            )));
        };
        let now = Instant::now();
        if let Some((_, until)) = by.get(&ip).filter(|(_, until)| *until > now) {
            let secs = until.saturating_duration_since(now).as_secs() + 1;
            return Err(Refusal::Slowed(secs));
        }
        if proto::same_code(code, given) {
            return Ok(());
        }
        let tried = by.entry(ip).or_insert((0, now));
        tried.0 += 1;
        tried.1 = now + Tries::backoff(tried.0);
        Err(Refusal::WrongCode)
    }
}

/// What a thread answering one connection came to.
enum Answered {
    Met(Met),
    Refused(SocketAddr, Refusal),
}

impl Door {
    /// Waits on `addr` (nobody is met yet: see [`Door::wait`]) with a fresh code.
    pub(crate) fn open(addr: &str) -> Result<Door, Error> {
        let listener = TcpListener::bind(addr).map_err(|e| {
            Error::usage(format!(
                "cannot wait on {addr}: {e}; give another address or port, like --host \
                 0.0.0.0:2049 (or --local for this machine only)"
            ))
        })?;
        // Polled, so that a wait can be given up (see [`Door::wait`]).
        listener.set_nonblocking(true)?;
        let bound = listener.local_addr()?;
        Ok(Door {
            listener,
            code: proto::new_code(),
            give: address_to_give(bound),
            bound,
            reach: Reach::of(bound),
        })
    }

    /// Where the door listens, in a sentence for the host's player: who can reach it, and how
    /// to keep a duel to this machine.
    pub(crate) fn where_said(&self) -> String {
        match self.reach {
            Reach::Everyone => format!(
                "listening on every interface ({}): anyone who can reach this machine on the \
                 network can try to join (a wrong code is refused); --local keeps the duel to \
                 this machine",
                self.bound
            ),
            Reach::ThisMachine => format!(
                "listening on this machine only ({}): nobody on the network can join",
                self.bound
            ),
            Reach::OneAddress => format!(
                "listening on {} only: whoever can reach that address can try to join; --local \
                 keeps the duel to this machine",
                self.bound
            ),
        }
    }

    /// Waits for a joiner with the right code who agrees to `offer`, telling `refused` of each
    /// connection refused (where from, why); `None` once `stop` is set (looked at every
    /// [`POLL`]). Refusals never end the wait.
    pub(crate) fn wait(
        &self,
        offer: &Offer,
        name: &str,
        stop: &AtomicBool,
        refused: &mut dyn FnMut(SocketAddr, Refusal),
    ) -> Result<Option<Met>, Error> {
        let rules_text = Arc::new(offer.rules.to_toml());
        let tries = Arc::new(Tries::default());
        // Set once a joiner is met: connections still being answered are turned away.
        let taken = Arc::new(AtomicBool::new(false));
        let (tx, rx) = channel();
        let mut busy: Vec<IpAddr> = Vec::new();
        let result = loop {
            if stop.load(Ordering::SeqCst) {
                break Ok(None);
            }
            while let Ok((ip, answer)) = rx.try_recv() {
                if let Some(i) = busy.iter().position(|b| *b == ip) {
                    busy.swap_remove(i);
                }
                match answer {
                    Answered::Met(met) if !taken.swap(true, Ordering::SeqCst) => {
                        return Ok(Some(met));
                    }
                    Answered::Met(met) => met.link.stop("the duel has begun with someone else"),
                    Answered::Refused(from, why) => refused(from, why),
                }
            }
            let (stream, from) = match self.listener.accept() {
                Ok(a) => a,
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    std::thread::sleep(POLL);
                    continue;
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => break Err(e.into()),
            };
            let from_there = busy.iter().filter(|b| **b == from.ip()).count();
            if busy.len() >= AT_ONCE || from_there >= AT_ONCE_FROM_ONE {
                turn_away(stream);
                refused(from, Refusal::Busy);
                continue;
            }
            busy.push(from.ip());
            let job = Job {
                code: self.code.clone(),
                offer: offer.clone(),
                rules_text: Arc::clone(&rules_text),
                name: name.to_string(),
                tries: Arc::clone(&tries),
                taken: Arc::clone(&taken),
            };
            let tx: Sender<(IpAddr, Answered)> = tx.clone();
            std::thread::spawn(move || {
                let answer = match job.meet(stream, from) {
                    Ok(met) => Answered::Met(met),
                    Err(why) => Answered::Refused(from, why),
                };
                if let Err(std::sync::mpsc::SendError((_, Answered::Met(met)))) =
                    tx.send((from.ip(), answer))
                {
                    met.link.stop("the host stopped waiting");
                }
            });
        };
        taken.store(true, Ordering::SeqCst);
        result
    }
}

/// Refuses a connection at once, without reading it (too many are being answered).
fn turn_away(stream: TcpStream) {
    let _ = stream.set_nonblocking(false);
    if let Ok(link) = Link::new(stream) {
        link.send(&Msg::Refused(Refusal::Busy.to_string()));
        link.close();
    }
}

/// How often a waiting host looks for a joiner (and whether it should stop waiting).
const POLL: Duration = Duration::from_millis(40);

/// Waits on `addr` for a joiner with the right code who agrees to `offer`; prints the code and
/// the address to give first (`code: CODE`, `address: ADDR:PORT`), then where it listens. It
/// waits until a joiner comes or the process is stopped (Ctrl-C): a host is started for someone
/// who is on their way.
pub(crate) fn host(addr: &str, offer: &Offer, name: &str, json: bool) -> Result<Met, Error> {
    let door = Door::open(addr)?;
    let (code, give) = (&door.code, door.give);
    if json {
        crate::out::line(serde_json::json!({
            "code": code,
            "address": give.to_string(),
            "listening": door.bound.to_string(),
        }))?;
    } else {
        crate::out::line(format_args!("code: {code}\naddress: {give}"))?;
    }
    crate::out::note(format_args!("{}", door.where_said()));
    crate::out::note(format_args!(
        "waiting for the other player: they run `new2048 duel --join {give} --code {code}` \
         (Ctrl-C stops waiting); each player has {} s for each move",
        offer.clock
    ));
    let never = AtomicBool::new(false);
    let met = door.wait(offer, name, &never, &mut |from, why: Refusal| {
        crate::out::note(format_args!(
            "new2048: refused a player from {from}: {why}; still waiting"
        ));
    })?;
    let met = met.ok_or_else(|| Error::failed("the wait for the other player was stopped"))?;
    crate::out::note(format_args!("{} joined from {}", met.peer, met.from));
    Ok(met)
}

/// Why the host refused a connection (its Display: the words both sides see).
#[derive(Debug)]
pub(crate) enum Refusal {
    /// The connection could not be set up.
    Io(std::io::Error),
    /// It speaks another version of the protocol.
    OtherVersion(u32),
    WrongCode,
    /// Its address tried wrong codes: it must wait this many seconds before its next try.
    Slowed(u64),
    /// Too many connections are being answered at once.
    Busy,
    /// Its first message was not a hello.
    NoHello(Msg),
    /// What it sent could not be read (or nothing came in time).
    Read(ReadError),
    /// The joiner (named) did not agree to the rules.
    Declined(String),
    /// It sent this instead of agreeing.
    NotAgreeing(Msg),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Io(e) => e.fmt(f),
            Refusal::OtherVersion(v) => write!(
                f,
                "the joiner's new2048 speaks version {v} of the duel protocol and the host's \
                 version {VERSION}: both players need the same new2048 release"
            ),
            Refusal::WrongCode => write!(f, "wrong code; ask the host for the code it printed"),
            Refusal::Slowed(secs) => write!(
                f,
                "too many wrong codes from this address; try again in {secs} s"
            ),
            Refusal::Busy => write!(f, "too many connections at once; try again in a moment"),
            Refusal::NoHello(m) => write!(f, "it did not say hello ({m:?})"),
            Refusal::Read(e) => e.fmt(f),
            Refusal::Declined(peer) => write!(f, "{peer} did not agree to the rules"),
            Refusal::NotAgreeing(m) => write!(f, "it sent {m:?} instead of agreeing"),
        }
    }
}

/// What a thread answering one connection needs.
struct Job {
    code: String,
    offer: Offer,
    rules_text: Arc<String>,
    name: String,
    tries: Arc<Tries>,
    /// A joiner was met already.
    taken: Arc<AtomicBool>,
}

impl Job {
    /// One connection, up to the joiner's agreement.
    fn meet(self, stream: TcpStream, from: SocketAddr) -> Result<Met, Refusal> {
        stream.set_nonblocking(false).map_err(Refusal::Io)?;
        let link = Link::new(stream).map_err(Refusal::Io)?;
        let mut reader = link.reader().map_err(Refusal::Io)?;
        let refuse = |why: Refusal| -> Result<Met, Refusal> {
            link.send(&Msg::Refused(why.to_string()));
            link.close();
            Err(why)
        };
        let peer = match link.read(&mut reader, Some(SILENCE)) {
            Ok(Msg::Hello { version, .. }) if version != VERSION => {
                return refuse(Refusal::OtherVersion(version));
            }
            Ok(Msg::Hello {
                code: given, name, ..
            }) => {
                if let Err(why) = self.tries.check(from.ip(), &self.code, &given) {
                    return refuse(why);
                }
                name
            }
            Ok(other) => return refuse(Refusal::NoHello(other)),
            Err(e) => {
                link.close();
                return Err(Refusal::Read(e));
            }
        };
        if self.taken.load(Ordering::SeqCst) {
            return refuse(Refusal::Io(std::io::Error::other(
                "the duel has begun with someone else",
            )));
        }
        link.start_pings();
        let offer = &self.offer;
        link.send(&Msg::Duel {
            kind: offer.kind,
            seed: offer.seed,
            clock: offer.clock,
            name: self.name.clone(),
        });
        link.send(&Msg::Rules(self.rules_text.to_string()));
        match link.read(&mut reader, Some(AGREE_WITHIN)) {
            Ok(Msg::Agree) => Ok(Met {
                link,
                reader,
                peer,
                from,
            }),
            Ok(Msg::Decline) => {
                link.close();
                Err(Refusal::Declined(peer))
            }
            Ok(other) => {
                link.stop("you sent a message out of place");
                Err(Refusal::NotAgreeing(other))
            }
            Err(e) => {
                link.stop("no answer to the offer in time");
                Err(Refusal::Read(e))
            }
        }
    }
}

/// Why a joiner could not join (its Display: the command line's words).
#[derive(Debug)]
pub(crate) enum JoinError {
    /// What was given is not an address to reach (it, and why).
    BadAddress { given: String, why: String },
    /// Nobody answers there.
    Unreachable {
        target: SocketAddr,
        why: std::io::Error,
    },
    /// The connection could not be set up.
    Io(std::io::Error),
    /// The host refused, in its words.
    Refused(String),
    /// What answered did not answer as a host.
    NotAHost { target: SocketAddr, why: ReadError },
    /// The host sent this where `due` was due.
    OutOfPlace { sent: Msg, due: &'static str },
    /// The host's rules cannot be played here (why).
    BadRules(String),
}

impl std::fmt::Display for JoinError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JoinError::BadAddress { given, why } => write!(
                f,
                "--join: `{}` is not an address to reach ({why}); give the host's address and \
                 port as it printed them, like 192.168.1.20:2048",
                proto::shown(given)
            ),
            JoinError::Unreachable { target, why } => write!(
                f,
                "cannot reach the host at {target}: {why}; check the address and that the host \
                 is waiting"
            ),
            JoinError::Io(e) => e.fmt(f),
            JoinError::Refused(why) => write!(f, "the host refused: {why}"),
            JoinError::NotAHost { target, why } => {
                write!(f, "the host at {target} did not answer as a host: {why}")
            }
            JoinError::OutOfPlace { sent, due } => {
                write!(f, "the host sent {sent:?} where its {due} was due")
            }
            JoinError::BadRules(why) => write!(f, "the host's rules cannot be played: {why}"),
        }
    }
}

impl From<JoinError> for Error {
    fn from(e: JoinError) -> Error {
        match e {
            JoinError::Unreachable { .. } => Error::failed(e.to_string()),
            JoinError::Io(e) => Error::Io(e),
            _ => Error::usage(e.to_string()),
        }
    }
}

/// Connects to the host at `addr` with the invite `code`, and receives its offer.
pub(crate) fn join(addr: &str, code: &str, name: &str) -> Result<(Met, Offer), JoinError> {
    let bad_addr = |why: String| JoinError::BadAddress {
        given: addr.to_string(),
        why,
    };
    let target = addr
        .to_socket_addrs()
        .map_err(|e| bad_addr(e.to_string()))?
        .next()
        .ok_or_else(|| bad_addr("it names no address".into()))?;
    let stream = TcpStream::connect_timeout(&target, SILENCE)
        .map_err(|why| JoinError::Unreachable { target, why })?;
    let link = Link::new(stream).map_err(JoinError::Io)?;
    let mut reader = link.reader().map_err(JoinError::Io)?;
    link.send(&Msg::Hello {
        version: VERSION,
        code: code.trim().to_string(),
        name: name.to_string(),
    });
    link.start_pings();
    let failed = |why: ReadError| {
        link.close();
        JoinError::NotAHost { target, why }
    };
    let out_of_place = |sent: Msg, due: &'static str| {
        link.stop("you sent a message out of place");
        JoinError::OutOfPlace { sent, due }
    };
    // The host answers a hello at once: a host that only pings does not hold the joiner.
    let (kind, seed, clock, peer) = match link.read(&mut reader, Some(SILENCE)).map_err(failed)? {
        Msg::Duel {
            kind,
            seed,
            clock,
            name,
        } => (kind, seed, clock, name),
        Msg::Refused(why) => {
            link.close();
            return Err(JoinError::Refused(why));
        }
        other => return Err(out_of_place(other, "offer")),
    };
    let text = match link.read(&mut reader, Some(SILENCE)).map_err(failed)? {
        Msg::Rules(text) => text,
        other => return Err(out_of_place(other, "rules")),
    };
    let mut rules = Rules::parse(&text, "the host's rules", None).map_err(|e| {
        link.stop("your rules cannot be played here");
        JoinError::BadRules(e.message)
    })?;
    // Rules named after a preset they are not are shown and recorded as `NAME (edited)`.
    crate::config::not_the_preset(&mut rules);
    let met = Met {
        link,
        reader,
        peer,
        from: target,
    };
    Ok((
        met,
        Offer {
            kind,
            seed,
            clock,
            rules,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// After a wrong code an address waits 1 s, then 2, 4, … up to a minute; while it waits
    /// even the right code is refused unread, and another address is not held up.
    #[test]
    fn wrong_codes_slow_their_address_only() {
        let waits: Vec<u64> = (1..=9).map(|n| Tries::backoff(n).as_secs()).collect();
        assert_eq!(waits, [1, 2, 4, 8, 16, 32, 60, 60, 60]);
        let tries = Tries::default();
        let (guesser, other) = (IpAddr::from([10, 0, 0, 1]), IpAddr::from([10, 0, 0, 2]));
        assert!(matches!(
            tries.check(guesser, "ABCDEF", "ZZZZZZ"),
            Err(Refusal::WrongCode)
        ));
        assert!(matches!(
            tries.check(guesser, "ABCDEF", "ABCDEF"),
            Err(Refusal::Slowed(1))
        ));
        assert!(tries.check(other, "ABCDEF", "abcdef").is_ok());
    }
}
