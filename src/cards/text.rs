//! Plain-text descriptions shared by every front end: a merge chain, a card list, a board.

use std::fmt::Write;

use crate::cards::card::Card;
use crate::cards::engine::{Clear, Game, Move, MoveError, Position, Step, Turn};
use crate::cards::rules::Rules;

/// `16+16=32 → 32+32=64`, or an empty string when nothing merged.
pub fn chain(turn: &Turn) -> String {
    steps(turn.steps())
}

/// Merge steps written as [`chain`] writes a turn's: `16+16=32 → 32+32=64`.
pub fn steps(steps: &[Step]) -> String {
    let mut out = String::new();
    for (i, s) in steps.iter().enumerate() {
        if i > 0 {
            out.push_str(" → ");
        }
        let _ = write!(out, "{}+{}={}", s.onto, s.card, s.made);
    }
    out
}

/// One line saying what a move did: `16 on column 2: 16+16=32 (+1)`.
pub fn turn_line(turn: &Turn) -> String {
    let mut out = match turn.mv {
        Move::Discard => format!("{} discarded", turn.card),
        Move::Place(c) => format!("{} on column {}", turn.card, c + 1),
    };
    let ch = chain(turn);
    if !ch.is_empty() {
        let _ = write!(out, ": {ch}");
    }
    match turn.cleared {
        Some(Clear::Value) => out.push_str(", column cleared!"),
        Some(Clear::Bomb) => out.push_str(", column blown up"),
        None => {}
    }
    if turn.points > 0 {
        let _ = write!(out, " (+{})", turn.points);
    }
    if turn.discards_gained > 0 {
        let _ = write!(out, " (+{} discards)", turn.discards_gained);
    }
    out
}

/// Cards separated by spaces.
pub fn cards(cards: &[Card]) -> String {
    cards
        .iter()
        .map(Card::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The board as plain text: columns side by side, top card first, numbers and fill below.
pub fn board(pos: &Position, rules: &Rules) -> String {
    let cols = pos.columns();
    let w = 6;
    let rows = cols
        .iter()
        .map(super::engine::Column::len)
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for row in 0..rows.max(1) {
        let line: String = cols
            .iter()
            .map(|c| match c.cards().get(row) {
                Some(card) => format!("{:>w$}", card.to_string()),
                None if row == 0 => format!("{:>w$}", "."),
                None => " ".repeat(w),
            })
            .collect();
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let _ = writeln!(out, "{}", "-".repeat(w * cols.len()));
    let nums: String = (1..=cols.len())
        .map(|i| format!("{:>w$}", format!("[{i}]")))
        .collect();
    let _ = writeln!(out, "{nums}");
    let fill: String = cols
        .iter()
        .map(|c| {
            let f = format!("{}/{}", c.len(), rules.board.height);
            format!(
                "{:>w$}",
                if c.len() == rules.board.height as usize {
                    format!("{f}!")
                } else {
                    f
                }
            )
        })
        .collect();
    let _ = writeln!(out, "{fill}");
    out
}

/// A move as a record writes it: the column from 1, or `d` for a discard.
pub(crate) fn move_text(m: Move) -> String {
    match m {
        Move::Place(c) => (u16::from(c) + 1).to_string(),
        Move::Discard => "d".to_string(),
    }
}

/// A move as a sentence's object: `column 3` or `a discard`.
pub(crate) fn where_(m: Move) -> String {
    match m {
        Move::Place(c) => format!("column {}", u16::from(c) + 1),
        Move::Discard => "a discard".into(),
    }
}

pub use super::card::{EXCERPT_CHARS, excerpt};

/// A command read from one line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum CardCommand {
    Move(Move),
    Undo,
    Quit,
}

/// Why a line is not a command.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum CommandError {
    #[error(
        "not a command; type a column number 1 to {columns}, d to discard, u to undo or q to quit"
    )]
    Unknown { columns: usize },
    #[error(transparent)]
    Illegal(#[from] MoveError),
    #[error("nothing to undo")]
    NothingToUndo,
}

/// Reads one line as a command for a board of `columns` columns.
pub(crate) fn parse_command(
    line: &str,
    columns: usize,
) -> Result<Option<CardCommand>, CommandError> {
    let t = line.trim();
    if t.is_empty() || t.starts_with('#') {
        return Ok(None);
    }
    let cmd = match t.to_ascii_lowercase().as_str() {
        "d" | "discard" => CardCommand::Move(Move::Discard),
        "u" | "undo" => CardCommand::Undo,
        "q" | "quit" => CardCommand::Quit,
        n => match n.parse::<usize>() {
            Ok(0) => return Err(MoveError::NoSuchColumn { column: 0, columns }.into()),
            Ok(c) if u8::try_from(c).is_ok() => CardCommand::Move(Move::Place((c - 1) as u8)),
            Ok(c) => return Err(MoveError::NoSuchColumn { column: c, columns }.into()),
            Err(_) => return Err(CommandError::Unknown { columns }),
        },
    };
    Ok(Some(cmd))
}

/// The score, cards left, discards and hand, as headless play prints them after each move.
pub(crate) fn status(game: &Game) -> String {
    let p = game.position();
    let mut s = format!("score {}  cards left {}", p.score, game.cards_left());
    if game.rules().has_discards() {
        s.push_str(&format!("  discards {}", p.discards));
    }
    match game.visible().split_first() {
        Some((hand, next)) => {
            s.push_str(&format!("\nhand: {hand}"));
            if !next.is_empty() {
                s.push_str(&format!("  next: {}", cards(next)));
            }
        }
        None => s.push_str("\nhand: (deck used up)"),
    }
    s
}

/// `1 card`, `2 cards`.
pub fn count<N: std::fmt::Display + PartialEq + From<u8>>(n: N, word: &str) -> String {
    if n == N::from(1) {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// `part` of `whole` in whole percent, rounded to the nearest (2 of 3 is 67%), but never 100%
/// while some are missing nor 0% once there is one (199 of 200 is 99%, 1 of 300 is 1%); 0 of 0
/// is 0%.
pub fn percent(part: u64, whole: u64) -> u32 {
    if whole == 0 || part == 0 {
        return 0;
    }
    let nearest = (u128::from(part) * 200 + u128::from(whole)) / (u128::from(whole) * 2);
    let nearest = u32::try_from(nearest).unwrap_or(u32::MAX);
    if part >= whole {
        nearest
    } else {
        nearest.clamp(1, 99)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percents_round_to_the_nearest_and_keep_all_and_none_apart() {
        assert_eq!(percent(2, 3), 67);
        assert_eq!(percent(1, 3), 33);
        assert_eq!(percent(3, 4), 75);
        assert_eq!(percent(199, 200), 99);
        assert_eq!(percent(1, 300), 1);
        assert_eq!(percent(0, 5), 0);
        assert_eq!(percent(5, 5), 100);
        assert_eq!(percent(0, 0), 0);
    }

    #[test]
    fn commands() {
        assert_eq!(
            parse_command(" 3 ", 5),
            Ok(Some(CardCommand::Move(Move::Place(2))))
        );
        assert_eq!(
            parse_command("D", 5),
            Ok(Some(CardCommand::Move(Move::Discard)))
        );
        assert_eq!(parse_command("", 5), Ok(None));
        assert!(parse_command("0", 5).is_err());
        assert!(parse_command("x", 5).is_err());
        assert!(parse_command("99999999999999999999", 5).is_err());
    }
}
