//! UTC dates and times from `SystemTime`, without a date crate.
//!
//! Records need three things: "now" as seconds since the Unix epoch, that instant written as
//! `YYYY-MM-DDTHH:MM:SSZ` (and read back), and today's UTC date for the daily deal. Converting
//! days to a civil date is Howard Hinnant's `civil_from_days` algorithm (proleptic Gregorian
//! calendar, exact for any `i64` day count we can meet), so no time zone database is involved:
//! the daily deal is the same for everyone on the same UTC date.
//!
//! The date of a daily deal or puzzle that a player types (`--date`, `puzzle --daily`) is read
//! once, by the command line's parser, into a [`Date`]: checked there, and said in one set of
//! words, whichever command took it.

use std::time::{SystemTime, UNIX_EPOCH};

const DAY: u64 = 86_400;

/// Seconds since the Unix epoch, now (0 if the clock is set before 1970).
pub(crate) fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
        .saturating_add(ahead())
}

/// A test hook, read here only and only in a debug build: the path of a file that holds a number
/// of seconds the clock is put ahead by, read at every [`now`]. Tests move the clock forward by
/// writing it, instead of sleeping for distinct one-second stamps or for time that passes during
/// a game (tests/integration/common.rs points every run at such a file, absent until a test
/// writes it). A release build never reads it.
const CLOCK_HOOK: &str = "NEW2048_TEST_CLOCK";

fn ahead() -> u64 {
    if !cfg!(debug_assertions) {
        return 0;
    }
    std::env::var_os(CLOCK_HOOK)
        .and_then(|path| std::fs::read_to_string(path).ok())
        .and_then(|secs| secs.trim().parse().ok())
        .unwrap_or(0)
}

/// The civil date `(year, month, day)` of a day number counted from 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// The day number (from 1970-01-01) of a civil date; the inverse of [`civil_from_days`].
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = i64::from((month + 9) % 12);
    let doy = (153 * mp + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn parts(secs: u64) -> (i64, u32, u32, u64, u64, u64) {
    let (y, mo, d) = civil_from_days((secs / DAY) as i64);
    let s = secs % DAY;
    (y, mo, d, s / 3600, s / 60 % 60, s % 60)
}

/// `YYYY-MM-DD`: the UTC date of an instant.
pub(crate) fn date(secs: u64) -> String {
    let (y, mo, d, ..) = parts(secs);
    format!("{y:04}-{mo:02}-{d:02}")
}

/// `YYYY-MM-DDTHH:MM:SSZ`: an instant as records store it.
pub(crate) fn stamp(secs: u64) -> String {
    let (y, mo, d, h, mi, s) = parts(secs);
    format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}Z")
}

/// `YYYYMMDDTHHMMSSZ`: an instant fit for a file name.
pub(crate) fn compact(secs: u64) -> String {
    let (y, mo, d, h, mi, s) = parts(secs);
    format!("{y:04}{mo:02}{d:02}T{h:02}{mi:02}{s:02}Z")
}

/// `YYYY-MM-DD HH:MM`: an instant for a table.
pub(crate) fn short(secs: u64) -> String {
    let (y, mo, d, h, mi, _) = parts(secs);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}")
}

fn number(s: &str, len: usize) -> Option<u32> {
    (s.len() == len && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse().ok())
        .flatten()
}

/// Reads a `YYYY-MM-DD` date (years 1970 to 9999, a real day of the month) as its day number.
pub(crate) fn parse_date(text: &str) -> Option<u64> {
    let mut it = text.split('-');
    let (y, m, d) = (it.next()?, it.next()?, it.next()?);
    if it.next().is_some() {
        return None;
    }
    let (y, m, d) = (number(y, 4)?, number(m, 2)?, number(d, 2)?);
    if y < 1970 || !(1..=12).contains(&m) || d == 0 {
        return None;
    }
    let days = days_from_civil(i64::from(y), m, d);
    // A day past the end of its month lands in the next month: refuse it.
    (civil_from_days(days) == (i64::from(y), m, d)).then_some(days as u64)
}

/// The date of a daily deal or daily puzzle (UTC), typed where the command line is read
/// (`--date`, `--daily`): a real date from 1970 up to today, so whatever it is handed to need not
/// check it again. Shown as `YYYY-MM-DD`, the form the deal's seed is made from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Date {
    /// Days since 1970-01-01.
    day: u64,
}

impl Date {
    /// Today (UTC).
    pub(crate) fn today() -> Self {
        Date { day: now() / DAY }
    }

    /// The date the player typed, checked against the clock: the command line's parser of
    /// `--date` (and of `puzzle --daily`).
    pub(crate) fn daily(text: &str) -> Result<Self, DateError> {
        Self::daily_at(text, now())
    }

    /// [`Date::daily`] with the clock at `now` (seconds). A later date is refused: its deal is
    /// not out yet, and counting it would end the player's streak (which counts days up to today).
    fn daily_at(text: &str, now: u64) -> Result<Self, DateError> {
        let shown = crate::base::visible::escape(text);
        let day = parse_date(text).ok_or_else(|| {
            DateError(format!(
                "--date: `{shown}` is not a date like 2026-11-29 (year 1970 or later)"
            ))
        })?;
        let today = date(now);
        if day > now / DAY {
            return Err(DateError(format!(
                "--date: {shown} has not come yet: today is {today} (UTC), and a daily deal or puzzle is out \
                 from its date on; leave --date out for today's"
            )));
        }
        Ok(Date { day })
    }
}

impl std::fmt::Display for Date {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&date(self.day * DAY))
    }
}

/// Why a typed date was refused, in the words the player reads (bad input: exit status 2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DateError(String);

impl std::fmt::Display for DateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DateError {}

/// Reads `YYYY-MM-DDTHH:MM:SSZ` back into seconds since the epoch.
pub(crate) fn parse_stamp(text: &str) -> Option<u64> {
    let (day, time) = text.strip_suffix('Z')?.split_once('T')?;
    let days = parse_date(day)?;
    let mut it = time.split(':');
    let (h, mi, s) = (
        number(it.next()?, 2)?,
        number(it.next()?, 2)?,
        number(it.next()?, 2)?,
    );
    if it.next().is_some() || h > 23 || mi > 59 || s > 59 {
        return None;
    }
    Some(days * DAY + u64::from(h * 3600 + mi * 60 + s))
}

/// Serde form of an instant: the [`stamp`] string.
pub(crate) mod as_stamp {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub(crate) fn serialize<S: Serializer>(secs: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&super::stamp(*secs))
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        let text = String::deserialize(d)?;
        super::parse_stamp(&text).ok_or_else(|| {
            D::Error::custom(format!("`{text}` is not a time like 2026-11-29T20:33:50Z"))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_instants() {
        assert_eq!(stamp(0), "1970-01-01T00:00:00Z");
        // 2000-02-29 (a leap day of a century leap year) and the day after.
        assert_eq!(stamp(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(date(951_782_400 + DAY), "2000-03-01");
        assert_eq!(stamp(1_796_070_830), "2026-11-30T20:33:50Z");
        assert_eq!(compact(1_796_070_830), "20261130T203350Z");
        assert_eq!(short(1_796_070_830), "2026-11-30 20:33");
        assert_eq!(date(4_102_444_800 - 1), "2099-12-31");
    }

    #[test]
    fn round_trips_every_day_for_centuries() {
        for days in 0..(400 * 366) {
            let secs = days * DAY + 12_345;
            assert_eq!(parse_stamp(&stamp(secs)), Some(secs), "{}", stamp(secs));
        }
    }

    #[test]
    fn a_typed_date_is_checked_against_the_clock() {
        let now = 1_796_070_830; // 2026-11-30T20:33:50Z
        let ok = |text: &str| Date::daily_at(text, now).map(|d| d.to_string());
        assert_eq!(ok("2026-11-30"), Ok("2026-11-30".into()));
        assert_eq!(ok("1970-01-01"), Ok("1970-01-01".into()));
        assert_eq!(ok("2024-02-29"), Ok("2024-02-29".into()));
        let refused = |text: &str| Date::daily_at(text, now).unwrap_err().to_string();
        assert_eq!(
            refused("2026-12-01"),
            "--date: 2026-12-01 has not come yet: today is 2026-11-30 (UTC), and a daily deal or \
             puzzle is out from its date on; leave --date out for today's"
        );
        assert_eq!(
            refused("tomorrow\x1b"),
            "--date: `tomorrow\\u{1b}` is not a date like 2026-11-29 (year 1970 or later)"
        );
        assert_eq!(Date::today().to_string(), date(super::now()));
    }

    #[test]
    fn refuses_bad_dates() {
        for bad in [
            "2026-02-29",
            "2026-13-01",
            "2026-00-10",
            "2026-04-31",
            "2026-4-01",
            "26-04-01",
            "2026-04-01-",
            "1969-12-31",
            "２０２６-01-01",
            "",
        ] {
            assert_eq!(parse_date(bad), None, "{bad}");
        }
        assert!(parse_date("2024-02-29").is_some());
        assert_eq!(parse_stamp("2026-01-01T24:00:00Z"), None);
        assert_eq!(parse_stamp("2026-01-01T10:00:00"), None);
    }
}
