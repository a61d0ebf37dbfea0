//! What the card game says about a move: what it did (the chain with its points, a clear), or
//! why it was refused. The game, a duel, a replay and autoplay all say it the same way.

use crate::cards::engine::{Clear, Game, Move, MoveError, Turn};
use crate::cards::text;

use crate::ui::kit::{Note, Tone, Words, fill};

/// The notes describing what a move did: the chain with its points, then any clear.
pub(crate) fn describe(turn: &Turn, words: &Words) -> Vec<Note> {
    let mut notes = Vec::new();
    let col = match turn.mv {
        Move::Place(c) => c as usize + 1,
        Move::Discard => 0,
    };
    let chain = text::chain(turn)
        .replace("bomb", words.bomb)
        .replace("wild", words.wild);
    let first = match turn.mv {
        Move::Discard => Note::new(fill(words.discarded, &[&words.card(turn.card)]), Tone::Info),
        Move::Place(_) if chain.is_empty() => Note::new(
            fill(words.placed, &[&words.card(turn.card), &col]),
            Tone::Info,
        ),
        Move::Place(_) => Note::new(format!("{chain}  +{}", turn.points), Tone::Good),
    };
    notes.push(first);
    let mut second = match turn.cleared {
        Some(Clear::Value) => {
            // The chain's last step made the clear value.
            let made = turn.steps().last().map(|s| s.made.to_string());
            fill(words.cleared, &[&col, &made.unwrap_or_default()])
        }
        Some(Clear::Bomb) => fill(words.bombed, &[&col]),
        None => String::new(),
    };
    if turn.discards_gained > 0 {
        if !second.is_empty() {
            second.push_str("  ");
        }
        second.push_str(&fill(words.discards_back, &[&turn.discards_gained]));
    }
    if !second.is_empty() {
        let tone = if turn.cleared == Some(Clear::Bomb) {
            Tone::Bad
        } else {
            Tone::Good
        };
        notes.push(Note::new(second, tone));
    }
    notes
}

/// The message for a refused move.
pub(crate) fn refusal(e: MoveError, game: &Game, words: &Words) -> Note {
    let text = match e {
        MoveError::ColumnFull(n) => fill(words.column_full, &[&n]),
        MoveError::NoSuchColumn { columns, .. } => fill(words.no_such_column, &[&columns]),
        MoveError::NoDiscards if game.rules().has_discards() => words.no_discards.to_string(),
        MoveError::NoDiscards => words.discards_off.to_string(),
        MoveError::GameOver => words.hint_none.to_string(),
    };
    Note::new(text, Tone::Bad)
}
