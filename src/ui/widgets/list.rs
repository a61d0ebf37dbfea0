//! A list to choose from, drawn like the game screens: the start menu and its sub-menus.
//!
//! dialoguer's `Select` served until the menu had to do more than choose: it cannot delete the
//! highlighted saved game, ignores Ctrl-D, and scrolls its own way behind the game's back. This
//! list is drawn by [`lines`], a pure function of the items, the highlight and the terminal's
//! size (snapshot-tested like every screen), and what a key or the mouse does to it is
//! [`on_key`] and [`on_mouse`], pure as well. The loop that shows it and reads the keys is
//! [`crate::ui::play::pick`], with the same key read as the games, so a stop signal, a resize
//! and a lost terminal behave as they do in play.
//!
//! Many saved games in a short window scroll: the highlighted item is always on screen, with
//! `↑`/`↓` marks saying that more lie above or below. The list is centred in the window as the
//! game screens are, and the mouse is measured against where its rows are drawn.

use crate::ui::term::Key;

use crate::ui::kit::{Theme, Tone, centre, centre_offset, cut_words, fit, pack};
use crate::ui::term::{Act, Mouse};

/// What the player did with the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Picked {
    /// Enter (or space) on this item.
    Item(usize),
    /// The delete key on this item (only items marked deletable).
    Delete(usize),
    /// `q` or Esc: back (out of the start menu, or back to it from a sub-menu).
    Back,
    /// Ctrl-C, Ctrl-D, a stop signal or a lost terminal: leave the program.
    Stop,
}

/// One item: its texts, longest first, for narrower and narrower windows, and the letter that
/// chooses it at once (said elsewhere on the screen, as a suggestion's key).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Item {
    forms: Vec<String>,
    key: Option<char>,
}

impl Item {
    /// An item with one text whatever the width.
    pub(crate) fn new(text: impl Into<String>) -> Item {
        Item {
            forms: vec![text.into()],
            key: None,
        }
    }

    /// An item with shorter texts for narrower windows (`forms` longest first, at least one).
    pub(crate) fn forms(forms: Vec<String>) -> Item {
        Item { forms, key: None }
    }

    /// This item, chosen at once by the letter `key` (one the list does not use itself).
    pub(crate) fn with_key(self, key: char) -> Item {
        Item {
            key: Some(key),
            ..self
        }
    }

    /// The text for `width` columns (after the two of the mark): the first that fits, else the
    /// shortest, cut between words ([`cut_words`]).
    pub(crate) fn text(&self, width: usize) -> String {
        let room = width.saturating_sub(2);
        if let Some(t) = self
            .forms
            .iter()
            .find(|t| console::measure_text_width(t) <= room)
        {
            return t.clone();
        }
        cut_words(self.forms.last().map_or("", String::as_str), room)
    }
}

/// A list as drawn: the lines above it, its items, which can be deleted, the keys line.
pub(crate) struct List<'a> {
    /// Lines above the items (a title, news, the question), already coloured.
    pub head: &'a [String],
    pub items: &'a [Item],
    /// Which items the delete key removes (saved games).
    pub deletable: &'a [bool],
    /// The keys, shown dimmed under the items.
    pub keys: &'a str,
}

/// The list for a terminal of `width` × `height`, `selected` highlighted: the head, the items
/// (a window of them scrolled to keep `selected` on screen when they do not all fit), the keys.
/// At most `height` lines (at least the highlighted item), none wider than `width`.
pub(crate) fn lines(
    l: &List,
    selected: usize,
    theme: Theme,
    width: usize,
    height: usize,
) -> Vec<String> {
    laid(l, selected, theme, width, height).0
}

/// The item drawn on row `y` of the list as [`lines`] draws it.
pub(crate) fn item_at(
    l: &List,
    selected: usize,
    width: usize,
    height: usize,
    y: usize,
) -> Option<usize> {
    let (_, top, shown) = laid(l, selected, Theme::PLAIN, width, height);
    let i = shown.start + y.checked_sub(top)?;
    shown.contains(&i).then_some(i)
}

/// How wide a list of `items` under `keys` is drawn in a window `width` columns wide: its
/// widest item as drawn there (with the mark before it) or its keys, if wider. The lines above
/// it (a menu's notes) are wrapped to this width, so the whole block is centred as one.
pub(crate) fn column(items: &[Item], keys: &str, width: usize) -> usize {
    let w = console::measure_text_width;
    let widest = items
        .iter()
        .map(|i| w(&i.text(width)) + 2)
        .max()
        .unwrap_or(0);
    widest.max(w(keys)).min(width)
}

/// [`lines`], with the row of the first item shown and which items are shown, the whole
/// centred in the window as the game screens are ([`centre`]).
fn laid(
    l: &List,
    selected: usize,
    theme: Theme,
    width: usize,
    height: usize,
) -> (Vec<String>, usize, std::ops::Range<usize>) {
    let (out, top, shown) = laid_at_left(l, selected, theme, width, height);
    let (_, down) = centre_offset(&out, width, height);
    (centre(out, width, height), top + down, shown)
}

/// [`laid`] at the window's top left.
fn laid_at_left(
    l: &List,
    selected: usize,
    theme: Theme,
    width: usize,
    height: usize,
) -> (Vec<String>, usize, std::ops::Range<usize>) {
    let mut out: Vec<String> = l.head.iter().map(|h| fit(h, width)).collect();
    // The keys, wrapped between two keys (at the double spaces) so none is cut in two.
    let keys: Vec<String> = l.keys.split("  ").map(String::from).collect();
    let keys = pack(&keys, "  ", "  ", width);
    let below = keys.len() + 1;
    // Room for the items: what the head and the keys (under a blank line) leave.
    let mut room = height.saturating_sub(out.len() + below);
    if room < 3.min(l.items.len()) {
        // A short window: the head gives way, the items and the keys stay.
        let keep = height.saturating_sub(below + 3.min(l.items.len()));
        out.truncate(keep);
        room = height.saturating_sub(out.len() + below).max(1);
    }
    let n = l.items.len();
    let (first, last) = window(n, selected, room);
    let top = out.len();
    for i in first..last {
        let more = (i == first && first > 0) || (i + 1 == last && last < n);
        let mark = match (i == selected, more) {
            (true, _) => "> ",
            (false, true) if i == first => "↑ ",
            (false, true) => "↓ ",
            (false, false) => "  ",
        };
        let text = fit(&format!("{mark}{}", l.items[i].text(width)), width);
        out.push(if i == selected {
            theme.paint(&text, Tone::Cursor)
        } else if l.deletable.get(i) == Some(&true) {
            theme.paint(&text, Tone::Value)
        } else {
            text
        });
    }
    if out.len() + below <= height {
        out.push(String::new());
    }
    out.extend(keys.iter().map(|k| theme.paint(k, Tone::Dim)));
    out.truncate(height.max(1));
    (out, top, first..last)
}

/// The items `first..last` shown when `room` lines are free: all of them if they fit, else a
/// window with `selected` in it, as near the middle as the ends allow.
fn window(n: usize, selected: usize, room: usize) -> (usize, usize) {
    if n <= room {
        return (0, n);
    }
    let room = room.max(1);
    let first = selected.saturating_sub(room / 2).min(n - room);
    (first, first + room)
}

/// What a key or the mouse did to a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Moved {
    /// The highlight is now on this item.
    To(usize),
    /// The player is done with the list.
    Done(Picked),
}

/// What `key` does to `list` with item `selected` highlighted, in a window `height` lines high:
/// arrows (or `k`/`j`), Home/End and PageUp/PageDown move the highlight, Enter or space chooses,
/// `x`/Delete deletes a deletable item, `q`/Esc goes back, Ctrl-C/Ctrl-D stop.
pub(crate) fn on_key(list: &List, selected: usize, key: &Key, height: usize) -> Moved {
    let n = list.items.len().max(1);
    let page = height.saturating_sub(list.head.len() + 2).max(1);
    Moved::To(match key {
        Key::ArrowUp | Key::Char('k' | 'K') | Key::BackTab => (selected + n - 1) % n,
        Key::ArrowDown | Key::Char('j' | 'J') | Key::Tab => (selected + 1) % n,
        Key::Home => 0,
        Key::End => n - 1,
        Key::PageUp => selected.saturating_sub(page),
        Key::PageDown => (selected + page).min(n - 1),
        Key::Enter | Key::Char(' ') => return Moved::Done(Picked::Item(selected)),
        Key::Char('x' | 'X') | Key::Del if list.deletable.get(selected) == Some(&true) => {
            return Moved::Done(Picked::Delete(selected));
        }
        Key::Char('q' | 'Q') | Key::Escape => return Moved::Done(Picked::Back),
        Key::Ctrl('c' | 'd') => return Moved::Done(Picked::Stop),
        // An item's own letter chooses it at once.
        Key::Char(c) => match list.items.iter().position(|it| it.key == Some(*c)) {
            Some(i) => return Moved::Done(Picked::Item(i)),
            None => selected,
        },
        _ => selected,
    })
}

/// What the mouse does to `list` drawn in a window of `width` × `height`: the wheel moves the
/// highlight, a click chooses the item under it, the pointer moving highlights it.
pub(crate) fn on_mouse(
    list: &List,
    selected: usize,
    m: Mouse,
    (width, height): (usize, usize),
) -> Moved {
    let n = list.items.len().max(1);
    let at = item_at(list, selected, width, height, usize::from(m.y));
    Moved::To(match (m.act, at) {
        (Act::WheelUp, _) => (selected + n - 1) % n,
        (Act::WheelDown, _) => (selected + 1) % n,
        (Act::Press(0), Some(i)) => return Moved::Done(Picked::Item(i)),
        (Act::Move, Some(i)) => i,
        _ => selected,
    })
}

#[cfg(test)]
mod tests {
    /// The first text that fits, else the shortest cut with `…`.
    #[test]
    fn long_or_short() {
        let long = "Classic 2048 (slide tiles on a 4×4 board)";
        let short = "Classic 2048 (4×4)";
        let item = Item::forms(vec![long.into(), short.into()]);
        assert_eq!(item.text(80), long);
        assert_eq!(item.text(30), short);
        // Cut between words, never inside one.
        assert_eq!(item.text(12), "Classic…");
        let saved = Item::new("Resume: card game · 3 min ago · score 12");
        assert_eq!(saved.text(30), "Resume: card game · 3 min…");
        assert_eq!(saved.text(22), "Resume: card game…");
        // Chinese has no spaces: cut by width, wide characters whole.
        let zh = Item::new("经典 2048（在 4×4 棋盘上滑动方块）").text(14);
        assert!(console::measure_text_width(&zh) <= 12, "{zh}");
        assert!(zh.ends_with('…'), "{zh}");
        assert_eq!(Item::forms(Vec::new()).text(10), "");
    }

    use super::*;
    use crate::ui::kit::to_text;

    fn list<'a>(head: &'a [String], items: &'a [Item], deletable: &'a [bool]) -> List<'a> {
        List {
            head,
            items,
            deletable,
            keys: "↑↓ choose  Enter play  x delete  q quit",
        }
    }

    #[test]
    fn all_items_fit() {
        let head = vec!["  new2048".to_string(), String::new()];
        let items: Vec<Item> = ["New game", "Resume", "Quit"].map(Item::new).into();
        let l = list(&head, &items, &[false, true, false]);
        insta::assert_snapshot!(to_text(&lines(&l, 1, Theme::PLAIN, 40, 15)));
    }

    /// Twelve items in a 10-line window: the highlight stays on screen, marks say there is more.
    #[test]
    fn many_items_scroll() {
        let head = vec!["  new2048".to_string(), String::new(), "?".to_string()];
        let items: Vec<Item> = (1..=12)
            .map(|i| Item::new(format!("Saved game {i}")))
            .collect();
        let l = list(&head, &items, &[true; 12]);
        for (selected, first, last) in [(0, "> Saved game 1", "↓ "), (11, "↑ ", "> Saved game 12")]
        {
            let out = lines(&l, selected, Theme::PLAIN, 30, 10);
            assert!(out.len() <= 10, "{out:?}");
            // Centred: the items start where the block does.
            let items: Vec<&str> = out
                .iter()
                .filter(|l| l.contains("Saved"))
                .map(|l| l.trim_start())
                .collect();
            assert!(items[0].starts_with(first), "{out:?}");
            assert!(items[items.len() - 1].starts_with(last), "{out:?}");
        }
        let out = lines(&l, 6, Theme::PLAIN, 30, 10);
        assert!(out.iter().any(|l| l.trim() == "> Saved game 7"), "{out:?}");
        // A window too short for the head keeps the items and the keys.
        let out = lines(&l, 6, Theme::PLAIN, 30, 5);
        assert_eq!(out.len(), 5, "{out:?}");
        assert!(out.iter().any(|l| l.trim() == "> Saved game 7"), "{out:?}");
        for h in 1..12 {
            for w in [1, 5, 30] {
                let out = lines(&l, 11, Theme::PLAIN, w, h);
                assert!(out.len() <= h && out.iter().all(|l| console::measure_text_width(l) <= w));
            }
        }
    }

    /// Keys and the mouse move the highlight and choose, without a terminal.
    #[test]
    fn keys_and_the_mouse_move_and_choose() {
        let head = vec!["  new2048".to_string()];
        let items: Vec<Item> = ["New game", "Resume", "Quit"].map(Item::new).into();
        let l = list(&head, &items, &[false, true, false]);
        assert_eq!(on_key(&l, 0, &Key::ArrowUp, 15), Moved::To(2));
        assert_eq!(on_key(&l, 2, &Key::Char('j'), 15), Moved::To(0));
        assert_eq!(on_key(&l, 1, &Key::End, 15), Moved::To(2));
        assert_eq!(on_key(&l, 1, &Key::Enter, 15), Moved::Done(Picked::Item(1)));
        assert_eq!(on_key(&l, 1, &Key::Del, 15), Moved::Done(Picked::Delete(1)));
        assert_eq!(on_key(&l, 0, &Key::Del, 15), Moved::To(0));
        assert_eq!(on_key(&l, 0, &Key::Escape, 15), Moved::Done(Picked::Back));
        assert_eq!(
            on_key(&l, 0, &Key::Ctrl('d'), 15),
            Moved::Done(Picked::Stop)
        );
        let drawn = lines(&l, 0, Theme::PLAIN, 40, 15);
        let y = drawn.iter().position(|d| d.contains("Resume")).unwrap() as u16;
        let at = |act| Mouse { act, x: 4, y };
        assert_eq!(
            on_mouse(&l, 0, at(Act::Press(0)), (40, 15)),
            Moved::Done(Picked::Item(1))
        );
        assert_eq!(on_mouse(&l, 0, at(Act::Move), (40, 15)), Moved::To(1));
        assert_eq!(on_mouse(&l, 0, at(Act::WheelUp), (40, 15)), Moved::To(2));
    }

    /// At 160×48 the list is centred as the game screens are, and a click is measured against
    /// where it is drawn: on the row of an item it chooses that item; where the item would be
    /// without the centring, nothing.
    #[test]
    fn a_centred_list_takes_its_clicks_where_it_is_drawn() {
        let head = vec!["  new2048".to_string(), String::new(), "? play".to_string()];
        let items: Vec<Item> = ["New game", "Resume", "Quit"].map(Item::new).into();
        let l = list(&head, &items, &[false, true, false]);
        let drawn = lines(&l, 0, Theme::PLAIN, 160, 48);
        let y = drawn.iter().position(|d| d.contains("Resume")).unwrap();
        let x = drawn[y].find("Resume").unwrap();
        assert!(y > 10 && x > 50, "centred: row {y}, column {x}\n{drawn:#?}");
        let click = |y: usize| Mouse {
            act: Act::Press(0),
            x: x as u16,
            y: y as u16,
        };
        let picked = on_mouse(&l, 0, click(y), (160, 48));
        assert_eq!(picked, Moved::Done(Picked::Item(1)));
        // The row the item has at the top left, as it was drawn before, chooses nothing.
        assert_eq!(on_mouse(&l, 0, click(4), (160, 48)), Moved::To(0));
        assert_eq!(item_at(&l, 0, 160, 48, y - 1), Some(0));
    }
}
