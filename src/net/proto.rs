//! The duel protocol: what two `new2048` processes say to each other, and how every message is
//! read and checked before anything acts on it.
//!
//! Messages are lines of UTF-8 text ending in `\n`, each at most [`MAX_LINE`] bytes; the only
//! exception is the rules, which follow their header line as exactly the announced number of
//! bytes (at most [`MAX_RULES`]). A reader never holds more than that: a longer line, bytes that
//! are not UTF-8, an unknown word or a field out of range is an error, which ends the duel. The
//! messages carry a version, names, a code, a seed, the rules as TOML text (parsed by the
//! program's own rules reader, never a path), move words and counts; none of them names a file.
//!
//! The joiner speaks first:
//! ```text
//! joiner: hello new2048 3 CODE NAME
//! host:   duel cards|classic SEED CLOCK NAME  (or: refused WHY, then the host hangs up)
//! host:   rules BYTES  + the rules' TOML text
//! joiner: agree                               (or: decline)
//! both:   move N WORD ... ping ...
//!         end N            (its game is over, or the duel decided: the rules decide)
//!         resign N left    (it leaves: it loses)
//!         resign N time    (it did not move within CLOCK seconds: it loses)
//!         time N           (you did not move within CLOCK seconds after your move N: you lose)
//!         unheard N        (nothing came from you for SILENCE seconds after your move N: you
//!                           lose; sent before hanging up, so both sides record the same end)
//!         error WHY        (you sent what the protocol or the rules do not allow: you lose)
//! ```
//! Version 2 added the move clock (`CLOCK`, in the offer), `resign` and `time`; version 3 added
//! `unheard`. A peer of another version is refused with both versions named.

use std::io::{self, BufRead};

/// The protocol's version: both sides must speak the same one.
pub(crate) const VERSION: u32 = 3;
/// The longest message line, `\n` excluded (a move is a few bytes; a name at most 20 characters).
pub(crate) const MAX_LINE: usize = 200;
/// The most bytes of rules text a side accepts (a rules file is a few hundred).
pub(crate) const MAX_RULES: usize = 64 * 1024;
/// The longest invite code; the host's are [`CODE_LEN`] letters.
const MAX_CODE: usize = 16;
/// How many letters the host's invite code has.
pub(crate) const CODE_LEN: usize = 6;
/// The letters codes are made of: no 0/O or 1/I/L to misread.
const CODE_LETTERS: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/// The longest move word (`256`, `d`, `u`).
const MAX_WORD: usize = 8;
/// The shortest and longest move clock an offer may state, in seconds.
pub(crate) const CLOCK_RANGE: std::ops::RangeInclusive<u64> = 1..=3600;
/// The longest name, in characters (as the local duel's `--names`).
pub(crate) const MAX_NAME: usize = crate::duel::MAX_NAME;

/// Which game the duel is played at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Cards,
    Classic,
}

impl Kind {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Kind::Cards => "cards",
            Kind::Classic => "classic",
        }
    }
}

/// Why a side gives the duel up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Resign {
    /// Its player left (`q`, Ctrl-C, the end of input, a signal).
    Left,
    /// Its player did not move within the clock.
    Time,
}

impl Resign {
    fn as_str(self) -> &'static str {
        match self {
            Resign::Left => "left",
            Resign::Time => "time",
        }
    }
}

/// One message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Msg {
    /// The joiner's first words: its protocol version, the invite code, its name.
    Hello {
        version: u32,
        code: String,
        name: String,
    },
    /// The host's answer to a good hello: the game, the deal's seed, the move clock (seconds a
    /// player may take over a move), the host's name.
    Duel {
        kind: Kind,
        seed: u64,
        clock: u64,
        name: String,
    },
    /// The host's rules, as the text of a rules file (the body follows the header line).
    Rules(String),
    /// The joiner plays with these rules.
    Agree,
    /// The joiner does not.
    Decline,
    /// The host refuses the joiner (wrong code, another version), and hangs up.
    Refused(String),
    /// The sender's move number `n` (from 1), as records write it.
    Move { n: u64, word: String },
    /// The sender makes no more moves (its game is over, or the duel is decided); it made `n`.
    End { n: u64 },
    /// The sender gives the duel up after its `n` moves: it loses.
    Resign { n: u64, how: Resign },
    /// The receiver did not move within the clock after its move `n`: it loses.
    Time { n: u64 },
    /// Nothing came from the receiver for [`super::link::SILENCE`] after its move `n`: it
    /// loses (a process stopped, a cable pulled). Sent before hanging up, so that a side that
    /// comes back records the end the other did.
    Unheard { n: u64 },
    /// Still here (sent every second, so a silent peer is a gone one).
    Ping,
    /// The sender stops the duel for this reason, and hangs up.
    Error(String),
}

impl Msg {
    /// The message as it goes on the wire.
    pub(crate) fn encode(&self) -> Vec<u8> {
        let line = match self {
            Msg::Hello {
                version,
                code,
                name,
            } => format!("hello new2048 {version} {code} {name}"),
            Msg::Duel {
                kind,
                seed,
                clock,
                name,
            } => format!("duel {} {seed} {clock} {name}", kind.as_str()),
            Msg::Rules(text) => {
                let mut out = format!("rules {}\n", text.len()).into_bytes();
                out.extend_from_slice(text.as_bytes());
                return out;
            }
            Msg::Agree => "agree".into(),
            Msg::Decline => "decline".into(),
            Msg::Refused(why) => format!("refused {}", clip(why)),
            Msg::Move { n, word } => format!("move {n} {word}"),
            Msg::End { n } => format!("end {n}"),
            Msg::Resign { n, how } => format!("resign {n} {}", how.as_str()),
            Msg::Time { n } => format!("time {n}"),
            Msg::Unheard { n } => format!("unheard {n}"),
            Msg::Ping => "ping".into(),
            Msg::Error(why) => format!("error {}", clip(why)),
        };
        let mut out = line.into_bytes();
        out.push(b'\n');
        out
    }
}

/// A free text cut to fit a line, on one line.
fn clip(text: &str) -> String {
    let one: String = text
        .chars()
        .map(|c| {
            if crate::base::visible::is_hidden(c) {
                ' '
            } else {
                c
            }
        })
        .collect();
    let mut end = one.len().min(MAX_LINE - 10);
    while !one.is_char_boundary(end) {
        end -= 1;
    }
    one[..end].to_string()
}

/// What is wrong with a message; its Display says it as both sides see it (`it sent ...`).
/// Quoted texts are kept as [`shown`] (short, control characters escaped).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum BadMsg {
    TooLong,
    NotUtf8,
    RulesNotUtf8,
    RulesWithoutLength,
    /// A message without this field.
    Missing(&'static str),
    /// This text where a number (what) was expected.
    NotANumber {
        what: &'static str,
        given: String,
    },
    /// A number (what) out of range.
    OutOfRange(&'static str),
    /// This text where a name was expected.
    BadName(String),
    /// This text after a message that takes nothing more (the message's word).
    After {
        rest: String,
        head: String,
    },
    /// A hello that is not new2048's.
    NotNew2048,
    /// A hello without a code of letters and digits.
    NoCode,
    /// A duel of a game that is not one.
    Game(String),
    /// Rules longer than the limit (their announced length).
    RulesTooBig(u64),
    /// More after this field.
    MoreAfter(&'static str),
    /// This text as a move.
    NotAMove(String),
    /// This text as a resignation.
    NotAResign(String),
    /// A line that is no message.
    Unknown(String),
}

impl std::fmt::Display for BadMsg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BadMsg::TooLong => write!(f, "a line longer than {MAX_LINE} bytes"),
            BadMsg::NotUtf8 => write!(f, "a line that is not UTF-8 text"),
            BadMsg::RulesNotUtf8 => write!(f, "rules that are not UTF-8 text"),
            BadMsg::RulesWithoutLength => write!(f, "a rules header without its length"),
            BadMsg::Missing(what) => write!(f, "a message without its {what}"),
            BadMsg::NotANumber { what, given } => {
                write!(f, "`{given}` where a {what} was expected")
            }
            BadMsg::OutOfRange(what) => write!(f, "a {what} out of range"),
            BadMsg::BadName(name) => write!(
                f,
                "`{name}` is not a name (1 to {MAX_NAME} printable characters)"
            ),
            BadMsg::After { rest, head } => write!(f, "`{rest}` after `{head}`"),
            BadMsg::NotNew2048 => write!(f, "a hello that is not new2048's"),
            BadMsg::NoCode => write!(f, "a hello without a code of letters and digits"),
            BadMsg::Game(what) => write!(f, "a duel of `{what}`"),
            BadMsg::RulesTooBig(len) => write!(f, "rules of {len} bytes (at most {MAX_RULES})"),
            BadMsg::MoreAfter(what) => write!(f, "more after the {what}"),
            BadMsg::NotAMove(what) => write!(f, "`{what}` as a move"),
            BadMsg::NotAResign(what) => write!(f, "`{what}` as a resignation"),
            BadMsg::Unknown(line) => write!(f, "`{line}`, which is not a message"),
        }
    }
}

/// Why a message could not be read.
#[derive(Debug)]
pub(crate) enum ReadError {
    /// The connection failed, ended, or timed out.
    Io(io::Error),
    /// Something arrived that is not a message.
    Bad(BadMsg),
}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> Self {
        ReadError::Io(e)
    }
}

impl ReadError {
    /// What this says of the peer, when it ends the connection.
    pub(crate) fn gone(&self) -> Gone {
        match self {
            ReadError::Io(e) if e.kind() == io::ErrorKind::UnexpectedEof => Gone::Closed,
            ReadError::Io(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                Gone::Silent
            }
            ReadError::Io(e) => Gone::Failed(e.to_string()),
            ReadError::Bad(why) => Gone::Sent(why.clone()),
        }
    }
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.gone().fmt(f)
    }
}

/// Why the other player is gone: the screen says it in the player's language, line mode in
/// these words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Gone {
    /// The connection was closed.
    Closed,
    /// Nothing (not even a whole message) came for too long.
    Silent,
    /// The connection failed (the system's words).
    Failed(String),
    /// It sent something that is not a message.
    Sent(BadMsg),
    /// It stopped the duel, for this reason (its words).
    StoppedIt(String),
}

impl std::fmt::Display for Gone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Gone::Closed => write!(f, "the connection was closed"),
            Gone::Silent => write!(f, "nothing was heard for too long"),
            Gone::Failed(e) => write!(f, "the connection failed ({e})"),
            Gone::Sent(why) => write!(f, "it sent {why}"),
            Gone::StoppedIt(why) => write!(f, "it stopped the duel: {why}"),
        }
    }
}

/// Reads one line of at most [`MAX_LINE`] bytes, without its `\n`; never holds more.
fn read_line(r: &mut impl BufRead) -> Result<String, ReadError> {
    let mut buf = Vec::new();
    loop {
        let chunk = match r.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        };
        if chunk.is_empty() {
            return Err(io::Error::from(io::ErrorKind::UnexpectedEof).into());
        }
        let end = chunk.iter().position(|&b| b == b'\n');
        let part = &chunk[..end.unwrap_or(chunk.len())];
        if buf.len() + part.len() > MAX_LINE {
            return Err(ReadError::Bad(BadMsg::TooLong));
        }
        buf.extend_from_slice(part);
        let used = end.map_or(chunk.len(), |i| i + 1);
        r.consume(used);
        if end.is_some() {
            break;
        }
    }
    String::from_utf8(buf).map_err(|_| ReadError::Bad(BadMsg::NotUtf8))
}

/// Reads and checks the next message.
pub(crate) fn read(r: &mut impl BufRead) -> Result<Msg, ReadError> {
    let line = read_line(r)?;
    let msg = parse(&line).map_err(ReadError::Bad)?;
    if let Msg::Rules(_) = msg {
        return read_rules_body(r, &line);
    }
    Ok(msg)
}

fn read_rules_body(r: &mut impl BufRead, header: &str) -> Result<Msg, ReadError> {
    let len: usize = header
        .strip_prefix("rules ")
        .and_then(|n| n.parse().ok())
        .ok_or(ReadError::Bad(BadMsg::RulesWithoutLength))?;
    let mut body = vec![0; len];
    r.read_exact(&mut body)?;
    String::from_utf8(body)
        .map(Msg::Rules)
        .map_err(|_| ReadError::Bad(BadMsg::RulesNotUtf8))
}

/// `what` as a number, or why not.
fn number(what: &'static str, word: Option<&str>) -> Result<u64, BadMsg> {
    let w = word.ok_or(BadMsg::Missing(what))?;
    if w.is_empty() || w.len() > 20 || !w.bytes().all(|b| b.is_ascii_digit()) {
        return Err(BadMsg::NotANumber {
            what,
            given: shown(w),
        });
    }
    w.parse().map_err(|_| BadMsg::OutOfRange(what))
}

/// A peer's text as a message quotes it: short, control characters escaped.
pub(crate) fn shown(text: &str) -> String {
    let cut: String = text.chars().take(40).collect();
    crate::base::visible::escape(&cut)
}

/// Checks a player's name: 1 to [`MAX_NAME`] printable characters, not blank.
pub(crate) fn check_name(name: &str) -> Result<String, BadMsg> {
    let n = name.trim();
    if n.is_empty()
        || n.chars().count() > MAX_NAME
        || n.chars().any(crate::base::visible::is_hidden)
    {
        return Err(BadMsg::BadName(shown(name)));
    }
    Ok(n.to_string())
}

/// Parses one line (a rules header gives an empty [`Msg::Rules`]: its body is read after).
pub(crate) fn parse(line: &str) -> Result<Msg, BadMsg> {
    let (head, rest) = line.split_once(' ').unwrap_or((line, ""));
    let mut words = rest.split(' ');
    let no_more = |m: Msg, rest: &str| -> Result<Msg, BadMsg> {
        if rest.is_empty() {
            Ok(m)
        } else {
            Err(BadMsg::After {
                rest: shown(rest),
                head: head.to_string(),
            })
        }
    };
    match head {
        "hello" => {
            if words.next() != Some("new2048") {
                return Err(BadMsg::NotNew2048);
            }
            let version = u32::try_from(number("version", words.next())?)
                .map_err(|_| BadMsg::OutOfRange("version"))?;
            let code = words.next().unwrap_or("");
            if code.is_empty()
                || code.len() > MAX_CODE
                || !code.bytes().all(|b| b.is_ascii_alphanumeric())
            {
                return Err(BadMsg::NoCode);
            }
            let name = check_name(&words.collect::<Vec<_>>().join(" "))?;
            Ok(Msg::Hello {
                version,
                code: code.to_string(),
                name,
            })
        }
        "duel" => {
            let kind = match words.next() {
                Some("cards") => Kind::Cards,
                Some("classic") => Kind::Classic,
                other => {
                    return Err(BadMsg::Game(shown(other.unwrap_or(""))));
                }
            };
            let seed = number("seed", words.next())?;
            let clock = number("move clock", words.next())?;
            if !CLOCK_RANGE.contains(&clock) {
                return Err(BadMsg::OutOfRange("move clock"));
            }
            let name = check_name(&words.collect::<Vec<_>>().join(" "))?;
            Ok(Msg::Duel {
                kind,
                seed,
                clock,
                name,
            })
        }
        "rules" => {
            let len = number("rules length", words.next())?;
            if len > MAX_RULES as u64 {
                return Err(BadMsg::RulesTooBig(len));
            }
            if words.next().is_some() {
                return Err(BadMsg::MoreAfter("rules length"));
            }
            Ok(Msg::Rules(String::new()))
        }
        "agree" => no_more(Msg::Agree, rest),
        "decline" => no_more(Msg::Decline, rest),
        "ping" => no_more(Msg::Ping, rest),
        "refused" => Ok(Msg::Refused(shown_long(rest))),
        "error" => Ok(Msg::Error(shown_long(rest))),
        "move" | "end" | "time" | "unheard" | "resign" => counted(head, rest),
        _ => Err(BadMsg::Unknown(shown(line))),
    }
}

/// The messages of the duel itself, each with a count: `move N WORD`, `end N`, `time N`,
/// `unheard N`, `resign N left|time` (`head` its first word, `rest` what follows it).
fn counted(head: &str, rest: &str) -> Result<Msg, BadMsg> {
    let mut words = rest.split(' ');
    match head {
        "move" => {
            let n = number("move number", words.next())?;
            let word = words.next().unwrap_or("");
            if word.is_empty()
                || word.len() > MAX_WORD
                || !word.bytes().all(|b| b.is_ascii_alphanumeric())
                || words.next().is_some()
            {
                return Err(BadMsg::NotAMove(shown(rest)));
            }
            Ok(Msg::Move {
                n,
                word: word.to_string(),
            })
        }
        "resign" => {
            let n = number("move count", words.next())?;
            let how = match words.next() {
                Some("left") => Resign::Left,
                Some("time") => Resign::Time,
                _ => return Err(BadMsg::NotAResign(shown(rest))),
            };
            if words.next().is_some() {
                return Err(BadMsg::MoreAfter("reason"));
            }
            Ok(Msg::Resign { n, how })
        }
        _ => {
            let n = number("move count", words.next())?;
            if words.next().is_some() {
                return Err(BadMsg::MoreAfter("move count"));
            }
            Ok(match head {
                "end" => Msg::End { n },
                "unheard" => Msg::Unheard { n },
                _ => Msg::Time { n },
            })
        }
    }
}

/// A peer's reason, as a message quotes it: control characters escaped.
fn shown_long(text: &str) -> String {
    crate::base::visible::escape(text.trim())
}

/// A fresh invite code: [`CODE_LEN`] letters and digits from the operating system's randomness.
pub(crate) fn new_code() -> String {
    use rand::RngExt;
    let mut rng = rand::rng();
    (0..CODE_LEN)
        .map(|_| char::from(CODE_LETTERS[rng.random_range(0..CODE_LETTERS.len())]))
        .collect()
}

/// Whether `given` is `code`, typed in any case, compared in time independent of where they differ.
pub(crate) fn same_code(code: &str, given: &str) -> bool {
    let (a, b) = (code.to_ascii_uppercase(), given.to_ascii_uppercase());
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0, |d, (x, y)| d | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(m: Msg) {
        let bytes = m.encode();
        let back = read(&mut &bytes[..]).unwrap();
        assert_eq!(back, m);
    }

    #[test]
    fn every_message_reads_back_as_written() {
        round_trip(Msg::Hello {
            version: VERSION,
            code: "AB3DEF".into(),
            name: "Ann Lee".into(),
        });
        round_trip(Msg::Duel {
            kind: Kind::Classic,
            seed: u64::MAX,
            clock: 60,
            name: "Bob".into(),
        });
        round_trip(Msg::Rules("name = \"x\"\n[board]\ncolumns = 5\n".into()));
        round_trip(Msg::Agree);
        round_trip(Msg::Decline);
        round_trip(Msg::Refused("wrong code".into()));
        round_trip(Msg::Move {
            n: 12,
            word: "d".into(),
        });
        round_trip(Msg::End { n: 40 });
        round_trip(Msg::Resign {
            n: 3,
            how: Resign::Left,
        });
        round_trip(Msg::Resign {
            n: 0,
            how: Resign::Time,
        });
        round_trip(Msg::Time { n: 7 });
        round_trip(Msg::Unheard { n: 0 });
        round_trip(Msg::Ping);
        round_trip(Msg::Error("bye".into()));
    }

    #[test]
    fn malformed_lines_are_refused() {
        for bad in [
            "",
            "hello",
            "hello other 1 ABC x",
            "hello new2048 x ABC x",
            "hello new2048 1 A/B name",
            "hello new2048 1 ABC",
            "duel chess 1 60 x",
            "duel cards -1 60 x",
            "duel cards 99999999999999999999 60 x",
            "duel cards 1 0 x",
            "duel cards 1 3601 x",
            "duel cards 1 x",
            "resign 1",
            "resign 1 bored",
            "resign 1 left now",
            "time",
            "time 1 2",
            "unheard",
            "unheard x",
            "unheard 1 2",
            "move 1",
            "move x 3",
            "move 1 ../etc",
            "move 1 3 4",
            "move 1 123456789",
            "end",
            "end 1 2",
            "ping now",
            "rules 999999999",
            "rules 12 x",
            "PING",
        ] {
            assert!(parse(bad).is_err(), "{bad:?} was taken");
        }
        let long = format!("move 1 {}\n", "9".repeat(MAX_LINE * 4));
        assert!(matches!(read(&mut long.as_bytes()), Err(ReadError::Bad(_))));
        let not_utf8 = b"move 1 \xff\n";
        assert!(matches!(read(&mut &not_utf8[..]), Err(ReadError::Bad(_))));
        let name = format!("hello new2048 1 ABC {}", "n".repeat(MAX_NAME + 1));
        assert!(parse(&name).is_err());
        assert!(parse("hello new2048 1 ABC a\u{7}b").is_err());
    }

    /// The typed errors say what the peer sent in the words both sides have always seen.
    #[test]
    fn what_is_wrong_is_said_in_words() {
        let said = |line: &str| parse(line).unwrap_err().to_string();
        assert_eq!(said("duel chess 1 60 x"), "a duel of `chess`");
        assert_eq!(said("duel cards 1 0 x"), "a move clock out of range");
        assert_eq!(said("move x 3"), "`x` where a move number was expected");
        assert_eq!(said("ping now"), "`now` after `ping`");
        assert_eq!(
            said("rules 999999999"),
            "rules of 999999999 bytes (at most 65536)"
        );
        assert_eq!(said("end 1 2"), "more after the move count");
        assert_eq!(said("PING"), "`PING`, which is not a message");
        assert_eq!(
            check_name("").unwrap_err().to_string(),
            "`` is not a name (1 to 20 printable characters)"
        );
    }

    #[test]
    fn a_rules_body_shorter_than_announced_is_an_error() {
        let text = b"rules 50\nname = 1\n";
        assert!(matches!(read(&mut &text[..]), Err(ReadError::Io(_))));
    }

    #[test]
    fn codes_are_fresh_and_compared_in_any_case() {
        let a = new_code();
        assert_eq!(a.len(), CODE_LEN);
        assert!(a.bytes().all(|b| CODE_LETTERS.contains(&b)));
        assert!(same_code(&a, &a.to_ascii_lowercase()));
        assert!(!same_code(&a, "ZZZZZZZ"));
        assert!(!same_code("ABCDEF", "ABCDEG"));
        // Two fresh codes are (almost always) different: 31^6 of them.
        assert!((0..4).map(|_| new_code()).any(|c| c != a));
    }

    #[test]
    fn free_text_stays_on_one_line() {
        let bytes = Msg::Error("a\nb".repeat(200)).encode();
        assert_eq!(
            bytes.iter().position(|&b| b == b'\n'),
            Some(bytes.len() - 1)
        );
        assert!(bytes.len() <= MAX_LINE + 1);
    }
}
