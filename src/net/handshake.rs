//! How two players meet: the host waits on an address with a fresh invite code, the joiner
//! connects and proves it was invited, the host sends the game, the seed and its rules, and the
//! joiner agrees to them (or not). Until then nothing is dealt or saved.
//!
//! The host keeps waiting after a connection it refuses (a wrong code, another version, bytes
//! that are not the protocol, silence), so a stray connection cannot end the invitation, but it
//! gives up after [`MAX_REFUSED`] of them, so codes cannot be guessed at leisure.

use std::io::BufReader;
use std::net::{IpAddr, SocketAddr, TcpListener, TcpStream, ToSocketAddrs, UdpSocket};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::link::{Link, SILENCE};
use super::proto::{self, Kind, Msg, ReadError, VERSION};
use crate::cards::rules::Rules;
use crate::error::Error;

/// How many refused connections the host takes before it stops waiting.
pub(crate) const MAX_REFUSED: usize = 5;

/// A connection through the handshake: the link, its reader, and the other player's name.
pub(crate) struct Met {
    pub link: Link,
    pub reader: BufReader<TcpStream>,
    pub peer: String,
    /// Where the other player is.
    pub from: SocketAddr,
}

/// What the host offers the joiner.
pub(crate) struct Offer {
    pub kind: Kind,
    pub seed: u64,
    pub rules: Rules,
}

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

/// The host's open door: where it waits and the code a joiner must give.
pub(crate) struct Door {
    listener: TcpListener,
    pub code: String,
    /// The address to give the other player.
    pub give: SocketAddr,
}

impl Door {
    /// Waits on `addr` (nobody is met yet: see [`Door::wait`]) with a fresh code.
    pub(crate) fn open(addr: &str) -> Result<Door, Error> {
        let listener = TcpListener::bind(addr).map_err(|e| {
            Error::usage(format!(
                "cannot wait on {addr}: {e}; give another address or port, like --host \
                 0.0.0.0:2049"
            ))
        })?;
        // Polled, so that a wait can be given up (see [`Door::wait`]).
        listener.set_nonblocking(true)?;
        let give = address_to_give(listener.local_addr()?);
        Ok(Door {
            listener,
            code: proto::new_code(),
            give,
        })
    }

    /// Waits for a joiner with the right code who agrees to `offer`, telling `refused` of each
    /// connection refused (where from, why); `None` once `stop` is set (looked at every
    /// [`POLL`] while nobody is there). After [`MAX_REFUSED`] refusals it stops waiting.
    pub(crate) fn wait(
        &self,
        offer: &Offer,
        name: &str,
        stop: &AtomicBool,
        refused: &mut dyn FnMut(SocketAddr, Refusal),
    ) -> Result<Option<Met>, Error> {
        let rules_text = offer.rules.to_toml();
        let mut count = 0;
        while count < MAX_REFUSED {
            if stop.load(Ordering::SeqCst) {
                return Ok(None);
            }
            let (stream, from) = match self.listener.accept() {
                Ok(a) => a,
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    std::thread::sleep(POLL);
                    continue;
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.into()),
            };
            match meet_joiner(stream, &self.code, offer, &rules_text, name) {
                Ok(met) => return Ok(Some(met)),
                Err(why) => {
                    count += 1;
                    refused(from, why);
                }
            }
        }
        Err(Error::usage(format!(
            "{MAX_REFUSED} connections were refused; stopped waiting (host again for a new code)"
        )))
    }
}

/// How often a waiting host looks for a joiner (and whether it should stop waiting).
const POLL: Duration = Duration::from_millis(40);

/// Waits on `addr` for a joiner with the right code who agrees to `offer`; prints the code and
/// the address to give first (`code: CODE`, `address: ADDR:PORT`). It waits until a joiner
/// comes or the process is stopped (Ctrl-C): a host is started for someone who is on their way.
pub(crate) fn host(addr: &str, offer: &Offer, name: &str, json: bool) -> Result<Met, Error> {
    let door = Door::open(addr)?;
    let (code, give) = (&door.code, door.give);
    if json {
        crate::out::line(serde_json::json!({"code": code, "address": give.to_string()}))?;
    } else {
        crate::out::line(format_args!("code: {code}\naddress: {give}"))?;
    }
    crate::out::note(format_args!(
        "waiting for the other player: they run `new2048 duel --join {give} --code {code}` \
         (Ctrl-C stops waiting)"
    ));
    let never = AtomicBool::new(false);
    let met = door.wait(offer, name, &never, &mut |from, why: Refusal| {
        crate::out::note(format_args!(
            "new2048: refused a player from {from}: {why}; still waiting"
        ));
    })?;
    let met = met.ok_or_else(|| Error::io("the wait for the other player was stopped"))?;
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
                "it speaks version {v} of the duel protocol, this host {VERSION}; both need the \
                 same new2048 release"
            ),
            Refusal::WrongCode => write!(f, "wrong code; ask the host for the code it printed"),
            Refusal::NoHello(m) => write!(f, "it did not say hello ({m:?})"),
            Refusal::Read(e) => e.fmt(f),
            Refusal::Declined(peer) => write!(f, "{peer} did not agree to the rules"),
            Refusal::NotAgreeing(m) => write!(f, "it sent {m:?} instead of agreeing"),
        }
    }
}

/// One connection to the host, up to the joiner's agreement.
fn meet_joiner(
    stream: TcpStream,
    code: &str,
    offer: &Offer,
    rules_text: &str,
    name: &str,
) -> Result<Met, Refusal> {
    let from = stream.peer_addr().map_err(Refusal::Io)?;
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
            if !proto::same_code(code, &given) {
                return refuse(Refusal::WrongCode);
            }
            name
        }
        Ok(other) => return refuse(Refusal::NoHello(other)),
        Err(e) => {
            link.close();
            return Err(Refusal::Read(e));
        }
    };
    link.start_pings();
    link.send(&Msg::Duel {
        kind: offer.kind,
        seed: offer.seed,
        name: name.to_string(),
    });
    link.send(&Msg::Rules(rules_text.to_string()));
    match link.read(&mut reader, None) {
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
            link.close();
            Err(Refusal::Read(e))
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
            JoinError::Unreachable { .. } => Error::io(e.to_string()),
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
    let (kind, seed, peer) = match link.read(&mut reader, None).map_err(failed)? {
        Msg::Duel { kind, seed, name } => (kind, seed, name),
        Msg::Refused(why) => {
            link.close();
            return Err(JoinError::Refused(why));
        }
        other => return Err(out_of_place(other, "offer")),
    };
    let text = match link.read(&mut reader, None).map_err(failed)? {
        Msg::Rules(text) => text,
        other => return Err(out_of_place(other, "rules")),
    };
    let rules = Rules::parse(&text, "the host's rules", None).map_err(|e| {
        link.stop("your rules cannot be played here");
        JoinError::BadRules(e.message)
    })?;
    let met = Met {
        link,
        reader,
        peer,
        from: target,
    };
    Ok((met, Offer { kind, seed, rules }))
}
