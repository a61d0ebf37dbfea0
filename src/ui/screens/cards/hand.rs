//! The card in hand and the cards after it: in a panel right of the board, or on a line under
//! it; and a puzzle's rest of the deck (every card of a puzzle is known from the start).
//!
//! No card in view is ever left off: cards that do not fit the line at the board's width are
//! drawn as narrow as their number, and when even those do not fit, the list goes on under
//! itself (a puzzle's ten in view at 40 columns once lost five of them to a `…`).

use crate::ui::kit::{Theme, Tone, Words, pack};

use super::{CardLayout, Rect, Screen, face, face_rows, side_by_side};

/// The hand and the next cards, for the right of the board, as large as the board's cards.
pub(super) fn panel(s: &Screen, words: &Words, theme: Theme, l: CardLayout) -> Vec<String> {
    let mut p = Vec::new();
    let visible = s.visible();
    p.push(theme.paint(words.hand, Tone::Label));
    match visible.first() {
        Some(&c) => p.extend(face_rows(words, theme, c, l)),
        None => p.push(theme.paint(words.none_left, Tone::Dim)),
    }
    if s.game.rules().deck.lookahead > 1 {
        p.push(String::new());
        p.push(theme.paint(words.next, Tone::Label));
        let next: Vec<Vec<String>> = visible
            .iter()
            .skip(1)
            .map(|&c| face_rows(words, theme, c, l))
            .collect();
        if next.is_empty() {
            p.push(theme.paint(words.none_left, Tone::Dim));
        } else {
            p.extend(side_by_side(&next));
        }
    }
    p
}

/// Where the card in hand is on the lines [`hand_line`] drew, the first of them at screen row
/// `row`: on one line the hand is its first item, `Hand [ 16]`.
pub(super) fn hand_on_line(line: &[String], row: usize) -> Option<Rect> {
    let first = line.first()?;
    let item = first.trim_start().split("  ").next().unwrap_or("");
    let x0 = console::measure_text_width(first) - console::measure_text_width(first.trim_start());
    let wide = console::measure_text_width(item).max(1);
    Some((row, row, x0, x0 + wide - 1))
}

/// `label` and `cards` one space apart, on as many lines of `room` columns as they take, the
/// lines after the first starting under the first card.
fn flow(label: &str, cards: &[String], room: usize) -> Vec<String> {
    let w = console::measure_text_width;
    let indent = " ".repeat(w(label) + 1);
    let mut lines = vec![label.to_string()];
    let mut empty = true;
    for c in cards {
        let Some(line) = lines.last_mut() else {
            break;
        };
        if !empty && w(line) + 1 + w(c) > room {
            lines.push(format!("{indent}{c}"));
        } else {
            line.push(' ');
            line.push_str(c);
        }
        empty = false;
    }
    lines
}

/// A card as narrow as its number (or its word), in its colours.
fn narrow(words: &Words, theme: Theme, card: crate::cards::card::Card) -> String {
    let label = words.card(card);
    theme.card(card, &label, console::measure_text_width(&label))
}

/// `Hand [ 16]   Next [  4] [  2]` on one line, when there is no room for the panel; the next
/// cards narrower, then on more lines, rather than any of them left off.
pub(super) fn hand_line(
    s: &Screen,
    words: &Words,
    theme: Theme,
    l: CardLayout,
    width: usize,
) -> Vec<String> {
    let w = console::measure_text_width;
    let visible = s.visible();
    let hand = match visible.first() {
        Some(&c) => face(words, theme, c, l.face),
        None => theme.paint(words.none_left, Tone::Dim),
    };
    let hand = format!("{} {hand}", theme.paint(words.hand, Tone::Label));
    let margin = " ".repeat(l.margin);
    let Some(next) = visible.get(1..).filter(|n| !n.is_empty()) else {
        return pack(&[hand], "  ", &margin, width);
    };
    let room = width.saturating_sub(l.margin);
    let label = theme.paint(words.next, Tone::Label);
    let wide: Vec<String> = next
        .iter()
        .map(|&c| face(words, theme, c, l.face))
        .collect();
    let line = flow(&label, &wide, usize::MAX).concat();
    if w(&line) <= room {
        return pack(&[hand, line], "  ", &margin, width);
    }
    let small: Vec<String> = next.iter().map(|&c| narrow(words, theme, c)).collect();
    let line = flow(&label, &small, usize::MAX).concat();
    if w(&hand) + 2 + w(&line) <= room {
        return pack(&[hand, line], "  ", &margin, width);
    }
    let mut out = pack(&[hand], "  ", &margin, width);
    out.extend(
        flow(&label, &small, room)
            .into_iter()
            .map(|l| format!("{margin}{l}")),
    );
    out
}

/// A puzzle's cards after those in view, `Then: 64 8 64 bomb …`, on as many lines as they take
/// (none for another game, or once the deck is all in view).
pub(super) fn rest_lines(
    s: &Screen,
    words: &Words,
    theme: Theme,
    l: CardLayout,
    width: usize,
) -> Vec<String> {
    if s.goal.is_none() {
        return Vec::new();
    }
    // The cards left but those in view, as they stood before a move being drawn in motion.
    let deck = s.game.deck();
    let unseen = s.cards_left().saturating_sub(s.visible().len());
    let rest = deck
        .get(deck.len().saturating_sub(unseen)..)
        .unwrap_or_default();
    if rest.is_empty() {
        return Vec::new();
    }
    let cards: Vec<String> = rest.iter().map(|&c| narrow(words, theme, c)).collect();
    let label = theme.paint(words.puzzle_then, Tone::Dim);
    let margin = " ".repeat(l.margin);
    flow(&label, &cards, width.saturating_sub(l.margin))
        .into_iter()
        .map(|line| format!("{margin}{line}"))
        .collect()
}
