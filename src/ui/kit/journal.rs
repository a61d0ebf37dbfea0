//! The journal behind the log look: timestamped records appended as things happen and shown
//! like `tail -f` shows a service's log, the newest at the bottom and the oldest scrolled off.
//!
//! The log look is a disguise, so what it shows must pass for a real log at a glance: records
//! are only ever appended (a screen never rewrites a block in place), the stamps are the clock's
//! with the few milliseconds of jitter a busy service shows, a burst starts with a plausible
//! history (the service has been running for a while) and a line wider than the window is
//! wrapped between two fields, never through a number. The journal is pure: the caller passes
//! the time in ([`Stamp`]), so every screen built on it can be tested with a fixed clock.
//!
//! Screens ask [`Journal::changed`] whether a fact (a queue's contents, the status line) differs
//! from what was last logged, so drawing the same state twice (a resize, a layout asked for a
//! click) appends nothing.

use std::collections::{HashMap, VecDeque};

/// A moment: seconds since the Unix epoch and milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stamp {
    pub secs: u64,
    pub millis: u32,
}

impl Stamp {
    pub(crate) fn now() -> Stamp {
        let d = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        Stamp {
            secs: d.as_secs(),
            millis: d.subsec_millis(),
        }
    }

    fn ms(self) -> u64 {
        self.secs * 1000 + u64::from(self.millis)
    }
}

/// The moment `ms` milliseconds after the epoch.
fn at_ms(ms: u64) -> Stamp {
    Stamp {
        secs: ms / 1000,
        millis: (ms % 1000) as u32,
    }
}

/// `n`, or the next number that does not spell the game's goal (a log naming 2048 in passing
/// would give the game away to anyone who knows it).
fn safe(n: u64) -> u64 {
    safe_by(n, 1)
}

/// `n`, or `n` plus as many `step`s as it takes not to spell the game's goal.
fn safe_by(mut n: u64, step: u64) -> u64 {
    while n.to_string().contains("2048") {
        n += step;
    }
    n
}

/// How serious a record is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Level {
    Debug,
    Info,
    Warn,
    Error,
}

impl Level {
    fn name(self) -> &'static str {
        match self {
            Level::Debug => "DEBUG",
            Level::Info => "INFO",
            Level::Warn => "WARN",
            Level::Error => "ERROR",
        }
    }
}

/// The service the log belongs to, as its records name it.
pub(crate) const SERVICE: &str = "chunkd";

/// One record: when, how serious, which part of the service, and its fields separated by
/// spaces (a line is only ever broken between two of them). A record without a stamp is text
/// the service printed as it is (its usage).
#[derive(Clone, Debug)]
struct Logged {
    ms: Option<u64>,
    level: Level,
    target: &'static str,
    text: String,
}

/// How many records are kept: more than the tallest window shows.
const KEEP: usize = 400;

/// The records so far, the facts last logged, and the jitter's state.
#[derive(Debug)]
pub(crate) struct Journal {
    records: VecDeque<Logged>,
    last_ms: u64,
    rng: u64,
    seen: HashMap<String, String>,
    /// The routine's replication index, which only grows.
    commit: u64,
}

impl Journal {
    /// An empty journal; `seed` varies the jitter and the history from one run to the next.
    pub(crate) fn new(seed: u64) -> Journal {
        Journal {
            records: VecDeque::new(),
            last_ms: 0,
            rng: seed | 1,
            seen: HashMap::new(),
            commit: 90_000 + seed % 5000,
        }
    }

    /// A number from the journal's own generator (xorshift: the jitter needs no better).
    fn roll(&mut self, n: u64) -> u64 {
        let mut x = self.rng;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.rng = x;
        x % n.max(1)
    }

    /// The stamp of a record written at `now`: the clock's time plus a millisecond or two, and
    /// never before the record before it (a burst of records spreads over a few milliseconds,
    /// unevenly, now and then with a longer pause, as a service's work does).
    fn stamp(&mut self, now: Stamp) -> u64 {
        let clock = now.ms() + self.roll(3);
        let step = match self.roll(10) {
            0 => 9 + self.roll(23),
            1..=3 => 2 + self.roll(4),
            _ => self.roll(2),
        };
        let ms = clock.max(self.last_ms + step);
        self.last_ms = ms;
        ms
    }

    /// Appends a record written at `now`.
    pub(crate) fn log(&mut self, now: Stamp, level: Level, target: &'static str, text: &str) {
        let ms = self.stamp(now);
        self.push(Logged {
            ms: Some(ms),
            level,
            target,
            text: text.to_string(),
        });
    }

    /// Appends text the service printed as it is, without a stamp (its usage).
    pub(crate) fn print(&mut self, text: &str) {
        self.push(Logged {
            ms: None,
            level: Level::Info,
            target: "",
            text: text.to_string(),
        });
    }

    fn push(&mut self, r: Logged) {
        if self.records.len() == KEEP {
            self.records.pop_front();
        }
        self.records.push_back(r);
    }

    /// Whether the fact `key` is now `value`, other than last logged (it is then remembered as
    /// logged).
    pub(crate) fn changed(&mut self, key: &str, value: &str) -> bool {
        if self.seen.get(key).is_some_and(|v| v == value) {
            return false;
        }
        self.seen.insert(key.to_string(), value.to_string());
        true
    }

    /// The fact `key` as last logged.
    pub(crate) fn fact(&self, key: &str) -> Option<&str> {
        self.seen.get(key).map(String::as_str)
    }

    /// Forgets the fact `key`, so it is logged again the next time it is asked about.
    pub(crate) fn forget(&mut self, key: &str) {
        self.seen.remove(key);
    }

    /// Whether anything was ever logged.
    pub(crate) fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// The service's history before `now`, written once when the journal is first shown: it
    /// started a while ago and has done routine work since, up to a few seconds ago, enough to
    /// fill the tallest window.
    pub(crate) fn boot(&mut self, now: Stamp) {
        if !self.is_empty() {
            return;
        }
        // The routine's moments, from a few seconds ago back.
        let mut times = Vec::new();
        let mut at = now.ms().saturating_sub(800 + self.roll(4000));
        for _ in 0..56 {
            times.push(at);
            at = at.saturating_sub(6000 + self.roll(50_000));
        }
        let pid = safe(2000 + self.roll(60_000));
        let boot = [
            (
                Level::Info,
                "main",
                format!("starting {SERVICE} 2.14.3 pid={pid}"),
            ),
            (
                Level::Info,
                "config",
                "loaded /etc/chunkd/chunkd.toml".into(),
            ),
            (
                Level::Info,
                "store",
                "opened segment store path=/var/lib/chunkd".into(),
            ),
            (Level::Info, "http", "listening addr=127.0.0.1:7420".into()),
            (Level::Info, "main", "ready".into()),
        ];
        self.last_ms = at;
        for (level, target, text) in boot {
            self.log(at_ms(at), level, target, &text);
        }
        for t in times.into_iter().rev() {
            self.routine(at_ms(t));
        }
    }

    /// How long a service at rest waits before its next routine line: a few seconds, never
    /// the same twice in a row.
    pub(crate) fn pause(&mut self) -> std::time::Duration {
        std::time::Duration::from_millis(1200 + self.roll(5300))
    }

    /// One line of the work a service does when nobody asks it anything.
    pub(crate) fn routine(&mut self, now: Stamp) {
        let (level, target, text) = match self.roll(6) {
            0 => (
                Level::Debug,
                "flush",
                format!(
                    "flushed segments={} bytes={} took={}.{}ms",
                    1 + self.roll(6),
                    safe_by(4096 * (1 + self.roll(96)), 4096),
                    1 + self.roll(9),
                    self.roll(10)
                ),
            ),
            1 => (
                Level::Info,
                "http",
                format!(
                    "GET /healthz status=200 took={}.{}ms",
                    self.roll(2),
                    1 + self.roll(9)
                ),
            ),
            2 => (
                Level::Debug,
                "gc",
                format!("sweep freed={}", self.roll(4) * 4096),
            ),
            3 => {
                self.commit += 1 + self.roll(40);
                (
                    Level::Debug,
                    "raft",
                    format!("heartbeat term=7 commit={}", safe(self.commit)),
                )
            }
            4 => (
                Level::Info,
                "metrics",
                format!(
                    "rss={}MiB open_fds={} conns={}",
                    180 + self.roll(40),
                    40 + self.roll(12),
                    self.roll(5)
                ),
            ),
            _ => (
                Level::Debug,
                "http",
                format!(
                    "GET /metrics status=200 bytes={} took={}.{}ms",
                    safe(6000 + self.roll(3000)),
                    1 + self.roll(3),
                    self.roll(10)
                ),
            ),
        };
        self.log(now, level, target, &text);
    }

    /// The newest `n` records, whole, as lines of at most `width` columns (the last lines the
    /// service prints as it stops, on the shell's screen).
    pub(crate) fn newest(&self, n: usize, width: usize) -> Vec<String> {
        let first = self.records.len().saturating_sub(n);
        self.records
            .iter()
            .skip(first)
            .flat_map(|r| format(r, width))
            .collect()
    }

    /// The newest records as lines of at most `width` columns, at most `height` of them, the
    /// newest last.
    pub(crate) fn lines(&self, width: usize, height: usize) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for r in self.records.iter().rev() {
            if out.len() >= height {
                break;
            }
            let mut lines = format(r, width);
            lines.reverse();
            out.extend(lines);
        }
        out.truncate(height);
        out.reverse();
        out
    }
}

/// A record as one line, or several broken between fields when it is wider than `width`. The
/// stamp and the part of the service are shown in full where there is room; narrower windows
/// get the time alone and the part without the service's name, and below 60 columns the level's
/// letter alone, as a log viewer shortens them.
fn format(r: &Logged, width: usize) -> Vec<String> {
    let Some(ms) = r.ms else {
        return wrap_fields("", &r.text, "  ", width);
    };
    let secs = ms / 1000;
    let day = secs % 86_400;
    let time = format!(
        "{:02}:{:02}:{:02}.{:03}",
        day / 3600,
        day / 60 % 60,
        day % 60,
        ms % 1000
    );
    let level = r.level.name();
    let head = if width >= 100 {
        let date = crate::base::utc::date(secs);
        format!("{date}T{time}Z {level:<5} {SERVICE}::{}: ", r.target)
    } else if width >= 60 {
        format!("{time} {level:<5} {}: ", r.target)
    } else {
        // A terse viewer's form: the level's letter, no part named (as glog writes).
        format!("{time} {} ", &level[..1])
    };
    wrap_fields(&head, &r.text, "    ", width)
}

/// `head` and `text` on one line when it fits in `width` columns; else the fields of `text`
/// on lines of at most `width`, a field never split: the fields that do not fit go on to the
/// next line after `indent`. Only a single field wider than a whole line (in a window narrower
/// than any log line) is cut.
fn wrap_fields(head: &str, text: &str, indent: &str, width: usize) -> Vec<String> {
    let w = console::measure_text_width;
    let whole = format!("{head}{text}");
    if w(&whole) <= width {
        return vec![whole];
    }
    let mut lines = Vec::new();
    let head = head.trim_end();
    let mut line = if w(head) <= width {
        head.to_string()
    } else {
        String::new()
    };
    for field in text.split(' ').filter(|f| !f.is_empty()) {
        let sep = if line.is_empty() || line == indent {
            ""
        } else {
            " "
        };
        if w(&line) + sep.len() + w(field) <= width {
            line.push_str(sep);
            line.push_str(field);
            continue;
        }
        if !line.trim().is_empty() {
            lines.push(line);
        }
        line = format!("{indent}{field}");
        if w(&line) > width {
            line = super::theme::fit(field, width);
        }
    }
    if !line.trim().is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: Stamp = Stamp {
        secs: 1_764_576_000,
        millis: 120,
    };

    #[test]
    fn stamps_move_on_unevenly_and_never_back() {
        let mut j = Journal::new(7);
        let mut gaps = std::collections::HashSet::new();
        let mut last = 0;
        for i in 0..50 {
            let ms = j.stamp(NOW);
            assert!(ms >= last, "record {i} went back in time");
            if i > 0 {
                gaps.insert(ms - last);
            }
            last = ms;
        }
        assert!(gaps.len() >= 4, "gaps too regular: {gaps:?}");
        // A burst stays close to the clock.
        assert!(last - NOW.ms() < 50 * 40);
    }

    #[test]
    fn the_history_fills_a_tall_window_and_ends_before_now() {
        let mut j = Journal::new(3);
        j.boot(NOW);
        let lines = j.lines(160, 48);
        assert_eq!(lines.len(), 48);
        // The history runs up to a few seconds ago.
        assert!(j.last_ms < NOW.ms() && j.last_ms > NOW.ms() - 10_000);
        // Booting again adds nothing.
        let n = j.records.len();
        j.boot(NOW);
        assert_eq!(j.records.len(), n);
    }

    #[test]
    fn a_long_record_breaks_between_fields() {
        let text = "shard=3 merged in=16k out=1M steps=12345 took=9.75ms extra=abcdefghij";
        let mut j = Journal::new(1);
        j.log(NOW, Level::Info, "compactor", text);
        let fields: Vec<&str> = text.split(' ').collect();
        for width in [30, 40, 60, 80, 160] {
            let lines = j.lines(width, 10);
            assert!(
                lines
                    .iter()
                    .all(|l| console::measure_text_width(l) <= width)
            );
            // The message's fields come out whole and in order after the stamp and level.
            let shown = lines.join(" ");
            let shown: Vec<&str> = shown.split(' ').filter(|f| !f.is_empty()).collect();
            let at = shown.iter().position(|&f| f == "shard=3").unwrap();
            assert_eq!(&shown[at..], &fields[..], "at {width}: {lines:?}");
        }
        assert_eq!(j.lines(160, 10).len(), 1);
        assert!(j.lines(40, 10).len() > 1);
    }

    #[test]
    fn unchanged_facts_are_not_logged_twice() {
        let mut j = Journal::new(1);
        assert!(j.changed("q1", "a"));
        assert!(!j.changed("q1", "a"));
        assert!(j.changed("q1", "b"));
        j.forget("q1");
        assert!(j.changed("q1", "b"));
    }
}
