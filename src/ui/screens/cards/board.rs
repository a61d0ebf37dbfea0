//! The board: the columns of cards row by row, with their numbers, their fill and the marker row
//! under them, and the card faces the hand and the next cards are drawn with too.
//!
//! Apart from the screen's layout ([`super`]) because it is the one part every look of the card
//! game draws alike (the game screen at every size, an animation's frames, the duel's boards),
//! while the layout decides only where it goes and how large its cards are.

use crate::cards::card::Card;
use crate::cards::engine::Move;
use crate::ui::kit::{Cell, Mark, Theme, Tone, Words, center};

use super::{CardLayout, Screen};

/// A card's face on one row, `width` columns wide.
pub(super) fn face(words: &Words, theme: Theme, card: Card, width: usize) -> String {
    theme.card(card, &words.card(card), width)
}

/// The `rows` text rows of one place of a column: a card in its look, a blast, or an empty slot
/// (a dot on the middle row, in the slot's `tone`).
fn cell_rows(words: &Words, theme: Theme, cell: Cell, l: CardLayout, tone: Tone) -> Vec<String> {
    (0..l.rows)
        .map(|row| match cell.card {
            Some(card) if cell.mark == Mark::Plain && l.rows == 1 => {
                face(words, theme, card, l.face)
            }
            Some(card) => theme.face_row(
                Theme::card_colours(card),
                &words.card(card),
                l.face,
                cell.mark,
                row,
                l.rows,
            ),
            None if cell.mark == Mark::Blast => theme.face_row(
                Theme::card_colours(Card::BOMB),
                "",
                l.face,
                Mark::Blast,
                row,
                l.rows,
            ),
            None => {
                let dot = if row == (l.rows - 1) / 2 { "." } else { "" };
                theme.well(dot, l.face, tone)
            }
        })
        .collect()
}

/// A card face of the layout's size, as many rows as it has.
pub(super) fn face_rows(words: &Words, theme: Theme, card: Card, l: CardLayout) -> Vec<String> {
    let cell = Cell {
        card: Some(card),
        mark: Mark::Plain,
    };
    cell_rows(words, theme, cell, l, Tone::Dim)
}

/// Cards side by side, one space apart, row by row.
pub(super) fn side_by_side(faces: &[Vec<String>]) -> Vec<String> {
    let rows = faces.iter().map(Vec::len).max().unwrap_or(0);
    (0..rows)
        .map(|r| {
            faces
                .iter()
                .map(|f| f.get(r).cloned().unwrap_or_default())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// The card rows, then the column numbers, the fill and the marker row. The column of an
/// animation frame is drawn as the frame shows it, with its floating `+N` on the marker row;
/// the card just placed or made is marked.
pub(super) fn board(s: &Screen, words: &Words, theme: Theme, l: CardLayout) -> Vec<String> {
    let game = s.game;
    let rules = game.rules();
    let height = rules.board.height as usize;
    let cols = game.position().columns();
    let gap = " ".repeat(l.gap);
    let hint_col = match s.hint {
        Some(Move::Place(c)) => Some(c as usize),
        _ => None,
    };
    let shown: Vec<Vec<Cell>> = cols
        .iter()
        .enumerate()
        .map(|(i, c)| match s.frame {
            Some(f) if f.col == i => f.cells.clone(),
            _ => {
                let fresh =
                    (s.fresh == Some(i) && s.frame.is_none()).then(|| c.len().wrapping_sub(1));
                Cell::column(c.cards(), fresh)
            }
        })
        .collect();
    let empty = Cell {
        card: None,
        mark: Mark::Plain,
    };
    let mut rows = Vec::with_capacity(height * l.rows + 3);
    for r in 0..height {
        let cells: Vec<Vec<String>> = shown
            .iter()
            .enumerate()
            .map(|(i, col)| {
                let tone = if hint_col == Some(i) {
                    Tone::Hint
                } else if s.cursor == Some(i) {
                    Tone::Cursor
                } else {
                    Tone::Dim
                };
                cell_rows(words, theme, col.get(r).copied().unwrap_or(empty), l, tone)
            })
            .collect();
        for band in 0..l.rows {
            let line: Vec<&str> = cells.iter().map(|c| c[band].as_str()).collect();
            rows.push(line.join(&gap));
        }
    }
    rows.extend(under(s, words, theme, l, &shown, hint_col));
    rows
}

/// The rows under the columns: their numbers, their fill (`5/7`), and the marker row (a move's
/// floating points, the hint, full, the highlight), folded into the fill row with `l.fold`.
fn under(
    s: &Screen,
    words: &Words,
    theme: Theme,
    l: CardLayout,
    shown: &[Vec<Cell>],
    hint_col: Option<usize>,
) -> Vec<String> {
    let height = s.game.rules().board.height as usize;
    let gap = " ".repeat(l.gap);
    let mut rows = Vec::with_capacity(3);
    let numbers: Vec<String> = (0..shown.len())
        .map(|i| {
            if s.cursor == Some(i) {
                theme.paint(&center(&format!(">{}<", i + 1), l.face), Tone::Cursor)
            } else {
                theme.paint(&center(&(i + 1).to_string(), l.face), Tone::Label)
            }
        })
        .collect();
    rows.push(numbers.join(&gap));
    let fills: Vec<String> = shown
        .iter()
        .map(|c| {
            let n = c.iter().filter(|x| x.card.is_some()).count();
            let f = center(&format!("{n}/{height}"), l.face);
            if n >= height {
                theme.paint(&f, Tone::Full)
            } else {
                theme.paint(&f, Tone::Dim)
            }
        })
        .collect();
    // What a column's marker says, if anything: a move's points, the hint, full, the highlight.
    let mark = |i: usize, len: usize| match s.frame {
        Some(f) if f.col == i && f.float.is_some() => Some(theme.paint(
            &center(&format!("+{}", f.float.unwrap_or(0)), l.face),
            Tone::Good,
        )),
        _ if hint_col == Some(i) => Some(theme.paint(&center(words.hint_mark, l.face), Tone::Hint)),
        _ if len >= height => Some(theme.paint(&center(words.full, l.face), Tone::Full)),
        _ if s.cursor == Some(i) => Some(theme.paint(&center("^", l.face), Tone::Cursor)),
        _ => None,
    };
    if l.fold {
        // Only the points and the hint displace the fill; full and the highlight are said already.
        let folded: Vec<String> = fills
            .into_iter()
            .enumerate()
            .map(|(i, f)| {
                let float = s.frame.is_some_and(|fr| fr.col == i && fr.float.is_some());
                if float || hint_col == Some(i) {
                    mark(i, 0).unwrap_or(f)
                } else {
                    f
                }
            })
            .collect();
        rows.push(folded.join(&gap));
        return rows;
    }
    rows.push(fills.join(&gap));
    let marks: Vec<String> = s
        .game
        .position()
        .columns()
        .iter()
        .enumerate()
        .map(|(i, c)| mark(i, c.len()).unwrap_or_else(|| " ".repeat(l.face)))
        .collect();
    rows.push(marks.join(&gap));
    rows
}
