//! Game and save ids: the one form the program makes, and the check of every id that comes in
//! from a file. An id names files (`claims/<id>.lock`, `games/<id>.json`), so an id read from a
//! row, an old JSON file or a backup is used only if it has exactly the form new2048 writes:
//!
//! ```text
//! 20261201T075600Z-1a2b3c4d          the start (UTC, to the second) and 32 random bits in hex
//! 20261129T205926Z-15336-4c33386c    the records of the first JSON store (with a process id)
//! ```
//!
//! Digits, one `T`, one `Z`, `-` and lowercase hex only: no `/`, no `.`, never empty, at most 36
//! bytes, so no id can name a file outside its folder. Anything else is refused where it is read,
//! with the row or file named.

use rand::RngExt;

use crate::base::utc;
use crate::base::visible::escape;

/// The last second whose stamp has four digits of year (9999-12-31T23:59:59Z): a game's start
/// past it (edited into a save) is stamped as this one, so that its id keeps the form.
const LAST: u64 = 253_402_300_799;

/// An id of the form new2048 makes: `started`'s stamp and `tail` in hex.
pub(crate) fn make(started: u64, tail: u32) -> String {
    format!("{}-{tail:08x}", utc::compact(started.min(LAST)))
}

/// A fresh game id: its start and 32 random bits (`20261201T075600Z-1a2b3c4d`).
pub(crate) fn new(started: u64) -> String {
    make(started, rand::rng().random::<u32>())
}

/// Whether `id` has the form new2048 makes (see the module docs).
pub(crate) fn is_valid(id: &str) -> bool {
    let b = id.as_bytes();
    let digits = |s: &[u8]| !s.is_empty() && s.iter().all(u8::is_ascii_digit);
    let hex = |s: &[u8]| s.len() == 8 && s.iter().all(|c| matches!(c, b'0'..=b'9' | b'a'..=b'f'));
    if b.len() < 25 || b.len() > 36 {
        return false;
    }
    let (stamp, rest) = b.split_at(16);
    let stamp_ok = digits(&stamp[..8])
        && stamp[8] == b'T'
        && digits(&stamp[9..15])
        && stamp[15] == b'Z'
        && rest[0] == b'-';
    let parts: Vec<&[u8]> = rest[1..].split(|&c| c == b'-').collect();
    stamp_ok
        && match parts.as_slice() {
            [tail] => hex(tail),
            [pid, tail] => pid.len() <= 10 && digits(pid) && hex(tail),
            _ => false,
        }
}

/// Why an id read from `place` (`row id … of the saves table`, a file's path) is refused.
pub(crate) fn refusal(id: &str) -> String {
    let mut shown = escape(id);
    if shown.chars().count() > 60 {
        shown = shown.chars().take(60).collect::<String>() + "…";
    }
    format!(
        "its id {shown:?} is not of the form new2048 makes (such as 20261201T075600Z-1a2b3c4d), \
         so it names no file"
    )
}

/// `id`, or why it is refused.
pub(crate) fn checked(id: &str) -> Result<&str, super::error::StoreError> {
    if is_valid(id) {
        Ok(id)
    } else {
        Err(super::error::StoreError::Unreadable(refusal(id)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ids_the_program_makes_are_valid_and_paths_are_not() {
        for started in [0, 1_764_000_000, LAST, u64::MAX] {
            let id = new(started);
            assert!(is_valid(&id), "{id}");
        }
        assert!(is_valid("20261129T205926Z-15336-4c33386c"));
        assert!(is_valid("20261202T005116Z-e18c3140"));
        for bad in [
            "",
            "/tmp/x/keep",
            "../../ESCAPED/sub/pwn",
            "20261202T005116Z-E18C3140",
            "20261202T005116Z-e18c314",
            "20261202T005116Z-e18c3140/..",
            "20261202T005116Z-e18c3140.json",
            "20261202T005116Z-12345678901-e18c3140",
            "20261202T005116Z--e18c3140",
            "2026120xT005116Z-e18c3140",
            "20261202T005116Z-e18c3140\n",
            "20261202T005116Z-e18c3140-1",
        ] {
            assert!(!is_valid(bad), "{bad:?}");
        }
        assert!(!refusal("/tmp/x\u{1b}[2J").contains('\u{1b}'));
    }
}
