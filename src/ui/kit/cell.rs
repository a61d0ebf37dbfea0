//! What a frame of an animation is made of: a card or tile and how it is marked. The motion
//! (widgets) makes these and the screens draw them, so they live below both.

use crate::cards::card::Card;

/// How a card or tile in a frame is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Mark {
    Plain,
    /// Just placed, made or popped in: marked so the eye finds it.
    Fresh,
    /// One of two cards meeting in a merge.
    Meet,
    /// The column's 2048 lighting up before it clears.
    Flash,
    /// A bomb going off.
    Blast,
}

/// One place in a column as a frame shows it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Cell {
    pub card: Option<Card>,
    pub mark: Mark,
}

impl Cell {
    /// A column's `cards` as cells, top first, the one at `fresh` (just placed or made) marked:
    /// how the screen draws a column at rest and a move's frames draw it in motion.
    pub(crate) fn column(cards: &[Card], fresh: Option<usize>) -> Vec<Cell> {
        cards
            .iter()
            .enumerate()
            .map(|(i, &c)| Cell {
                card: Some(c),
                mark: if Some(i) == fresh {
                    Mark::Fresh
                } else {
                    Mark::Plain
                },
            })
            .collect()
    }
}

/// One frame of a card game move: the moving column as it looks at that moment (the other
/// columns are drawn as they are after the move), the points floating under it, and how long
/// the frame is held.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Frame {
    pub col: usize,
    /// Top first; places past the end are empty.
    pub cells: Vec<Cell>,
    /// The points scored so far in this move (`+N` under the column).
    pub float: Option<u64>,
    /// The score shown at this moment: it counts up with the chain.
    pub score: u64,
    pub ms: u64,
    /// The cards in view (the hand, then the next) and the cards left as they were before the
    /// move: shown until the move has played out, so the hand changes when the board has.
    pub before: Option<(Vec<Card>, usize)>,
}

/// One classic board as a frame shows it: each cell's exponent (0 empty) and mark.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Grid {
    pub cells: Vec<Vec<(u8, Mark)>>,
    pub ms: u64,
}
