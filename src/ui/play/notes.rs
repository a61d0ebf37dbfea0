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
        // A bomb on an empty column blows nothing away, and says so.
        Some(Clear::Bomb) if turn.blown == 0 => fill(words.bombed_empty, &[&col]),
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

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::cards::engine::Game;
    use crate::cards::rules::Rules;
    use crate::ui::kit::EN;

    /// A bomb says what it blew away: a column of cards, or nothing on an empty column (it was
    /// said to blow that column away).
    #[test]
    fn a_bomb_on_an_empty_column_blows_nothing_away() {
        let deck: Vec<crate::cards::card::Card> = "2 bomb bomb 4"
            .split_whitespace()
            .map(|c| c.parse().unwrap())
            .collect();
        let mut g = Game::new(Arc::new(Rules::default_rules()), deck.into());
        g.play(Move::Place(0)).unwrap();
        let said = |t: &Turn| {
            describe(t, &EN)
                .iter()
                .map(|n| n.text.clone())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let full = g.play(Move::Place(0)).unwrap();
        assert!(
            said(&full).contains("Column 1 is blown away"),
            "{}",
            said(&full)
        );
        let empty = g.play(Move::Place(1)).unwrap();
        let text = said(&empty);
        assert!(text.contains("it was empty"), "{text}");
        assert!(!text.contains("blown away"), "{text}");
    }
}
