//! The game screen as lines of text: a pure function of what is on screen and the terminal size.
//!
//! Nothing here touches the terminal, so every screen can be checked in a test (with colour off
//! the lines are plain text; see the snapshots in `src/ui/snapshots/`). The game loop, autoplay
//! and the tests all build a [`Screen`] and call [`render`].
//!
//! Layout: the columns stand side by side, top card first and the tail (where the next card
//! lands) at the bottom, with the column numbers, the fill (`5/7`) and a marker row under them.
//! The card in hand and the next cards sit in a panel on the right when there is room, else on a
//! line under the board. The first layout that fits is used, from roomy (cards up to five rows
//! tall and three times as wide as their number, the hand as large, in a big window) to compact
//! (narrow one-row cards, no blank lines), and the result is centred in the window, so the
//! board fills a large terminal instead of sitting in its corner; when none fits, the screen
//! says how large the terminal must be.
//!
//! A frame of an animation ([`crate::ui::widgets::anim`]) is drawn by the same code: it only replaces the
//! moving column's cells and puts the floating points under it, so a frame can never be laid
//! out differently from the screen it leads to. When the game is over the screen is the result
//! page (outcome, the game's facts, the final board in small, the choices).

use crate::cards::card::Card;
use crate::cards::engine::{Game, Move};
use crate::cards::summary::Ending;

use crate::ui::kit::i18n::{Words, fill};
use crate::ui::kit::theme::{Theme, Tone, center, fit};
use crate::ui::widgets::anim::{Cell, Frame, Look};

/// One line of news under the board (what the last move did, why a key was refused...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Note {
    pub text: String,
    pub tone: Tone,
}

impl Note {
    pub(crate) fn new(text: impl Into<String>, tone: Tone) -> Note {
        Note {
            text: text.into(),
            tone,
        }
    }
}

/// What covers the lower part of the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Overlay {
    /// The game in play.
    None,
    /// Keys and rules instead of the board.
    Help,
    /// The game is over: the outcome, whether the score is a new best, which choice is
    /// highlighted (of [`shown_choices`]) and whether undo is offered.
    Result {
        new_best: bool,
        choice: u8,
        undo: bool,
    },
}

impl Overlay {
    /// The result with the first choice highlighted and no undo.
    pub(crate) fn result(new_best: bool) -> Overlay {
        Overlay::Result {
            new_best,
            choice: 0,
            undo: false,
        }
    }
}

/// Who is playing, which decides the footer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Player {
    Human,
    Bot,
}

/// Everything the screen shows.
pub(crate) struct Screen<'a> {
    pub game: &'a Game,
    pub best: Option<u64>,
    /// The highlighted column (0-based), for the arrow keys.
    pub cursor: Option<usize>,
    pub hint: Option<Move>,
    /// Shown after the rules name in the title (the daily date, the bot's name).
    pub tag: Option<String>,
    pub notes: &'a [Note],
    pub overlay: Overlay,
    pub player: Player,
    /// Leave the last line empty (a prompt goes there).
    pub prompt_line: bool,
    /// The frame of a move being animated, drawn over its column.
    pub frame: Option<&'a Frame>,
    /// The column whose tail was just placed or made: marked until the next move.
    pub fresh: Option<usize>,
    /// Seconds since the game started, for the result screen.
    pub played_secs: Option<u64>,
    /// Par and accuracy for the result screen ([`crate::ui::play::insight::items`]).
    pub insight: &'a [String],
}

/// One way of laying out the screen.
#[derive(Clone, Copy, Debug)]
struct Layout {
    /// Display width of a card face.
    face: usize,
    /// Text rows of a card face (tall cards when there is room).
    rows: usize,
    gap: usize,
    margin: usize,
    /// Hand and next cards on the right of the board (else on a line under it).
    panel: bool,
    /// Blank lines between the parts: 2 around everything, 1 around the board only, 0 none.
    airy: u8,
}

impl Layout {
    /// The layouts to try, roomiest first, for card labels of `label` columns and fills of
    /// `fill` columns (`7/7`): in a large window tall, wide cards with the hand and next cards
    /// (as large) on the right; then one-row cards a little wider than their number; then the
    /// hand under the board; then no blank lines; then narrower cards; then cards just as wide
    /// as their label. The sizes grow in steps so that each window size gets the largest board
    /// it can hold, and a board twice as wide as the smallest is still a board of cards, not
    /// of empty space.
    fn all(label: usize, fill: usize) -> Vec<Layout> {
        let wide = (label + 2).max(6);
        let layout = |face, rows, gap, margin, panel, airy| Layout {
            face,
            rows,
            gap,
            margin,
            panel,
            airy,
        };
        let mut all: Vec<Layout> = [
            (wide + 16, 5, 4),
            (wide + 12, 4, 3),
            (wide + 10, 3, 3),
            (wide + 6, 3, 2),
            (wide + 4, 3, 2),
            (wide + 4, 2, 2),
            (wide + 2, 2, 2),
        ]
        .into_iter()
        .map(|(face, rows, gap)| layout(face, rows, gap, 2, true, 2))
        .collect();
        all.extend([
            layout(wide + 2, 1, 2, 2, true, 2),
            layout(wide, 1, 2, 2, true, 2),
            layout(wide, 1, 2, 2, false, 2),
            // A window of about 60×20: the title and two lines of news, hand under the board.
            layout(wide, 1, 2, 2, false, 1),
            layout(wide, 1, 2, 2, true, 0),
            layout(wide, 1, 2, 2, false, 0),
            layout((label + 1).max(fill), 1, 1, 1, false, 0),
            layout(label.max(fill), 1, 1, 0, false, 0),
        ]);
        all
    }
}

/// The screen for a terminal of `width` × `height`: at most `height` lines, none wider than
/// `width` display columns.
pub(crate) fn render(
    s: &Screen,
    words: &Words,
    theme: Theme,
    width: usize,
    height: usize,
) -> Vec<String> {
    or_too_small(
        lay_out(s, words, theme, width, height),
        words,
        theme,
        width,
        height,
    )
}

/// The lines of the first layout that fits, or the smallest size that would fit.
pub(crate) fn lay_out(
    s: &Screen,
    words: &Words,
    theme: Theme,
    width: usize,
    height: usize,
) -> Result<Vec<String>, (usize, usize)> {
    let label = label_width(s.game, words);
    let fill_w = {
        let h = s.game.rules().board.height;
        format!("{h}/{h}").len()
    };
    let build = |l: Layout, theme: Theme, width: usize| {
        let lines = screen(s, words, theme, l, width);
        let need_w = board_width(s, l) + if l.panel { panel_width(s, l, words) } else { 0 };
        (lines, need_w)
    };
    let help = s.overlay == Overlay::Help;
    let laid = first_fit(
        &Layout::all(label, fill_w),
        build,
        help,
        theme,
        width,
        height,
    );
    laid.map(|lines| centre(lines, width, height))
}

/// `lines` moved to the middle of a `width` × `height` terminal: the same left shift for every
/// line (so the block keeps its shape) and blank lines above, a third of what is left, so the
/// board sits a little above the middle as the eye expects. Lines already wider than half the
/// room left are not moved.
pub(crate) fn centre(mut lines: Vec<String>, width: usize, height: usize) -> Vec<String> {
    let widest = lines
        .iter()
        .map(|l| console::measure_text_width(l))
        .max()
        .unwrap_or(0);
    let left = width.saturating_sub(widest) / 2;
    let top = height.saturating_sub(lines.len()) / 3;
    if left > 0 {
        let pad = " ".repeat(left);
        for l in &mut lines {
            if !l.is_empty() {
                l.insert_str(0, &pad);
            }
        }
    }
    if top > 0 {
        lines.splice(0..0, std::iter::repeat_n(String::new(), top));
    }
    lines
}

/// The lines of the first of `layouts` (roomiest first) that fits `width` × `height`, or the
/// smallest size that would fit. `build(layout, theme, width)` gives a layout's lines (text cut
/// or wrapped to `width`) and the width its boards need (boards cannot be cut). With `cut` the
/// screen is text to read (the help), not a board: in a short window it is cut, not refused.
/// The size asked for is the tightest layout's with room enough for nothing to wrap, so it
/// surely fits.
pub(crate) fn first_fit<L: Copy>(
    layouts: &[L],
    build: impl Fn(L, Theme, usize) -> (Vec<String>, usize),
    cut: bool,
    theme: Theme,
    width: usize,
    height: usize,
) -> Result<Vec<String>, (usize, usize)> {
    for &l in layouts {
        let (mut lines, need_w) = build(l, theme, width);
        if cut {
            lines.truncate(height);
        }
        if need_w <= width && lines.len() <= height {
            return Ok(lines);
        }
    }
    let Some(&tightest) = layouts.last() else {
        return Err((width + 1, height + 1));
    };
    let (lines, need_w) = build(tightest, Theme::PLAIN, usize::MAX / 2);
    let widest = lines.iter().map(|l| console::measure_text_width(l)).max();
    Err((widest.unwrap_or(0).max(need_w), lines.len()))
}

/// The screen laid out, or the message saying how large the terminal must be.
pub(crate) fn or_too_small(
    laid: Result<Vec<String>, (usize, usize)>,
    words: &Words,
    theme: Theme,
    width: usize,
    height: usize,
) -> Vec<String> {
    match laid {
        Ok(lines) => lines,
        Err((need_w, need_h)) => too_small(words, theme, width, height, need_w, need_h),
    }
}

/// `lines` joined with new lines, after checking that they fit `width` × `height`: for the
/// screens' tests.
#[cfg(test)]
pub(crate) fn checked(lines: &[String], width: usize, height: usize) -> String {
    assert!(
        lines.len() <= height,
        "{} lines for a height of {height}",
        lines.len()
    );
    for l in lines {
        let w = console::measure_text_width(l);
        assert!(w <= width, "line wider than {width}: {l:?}");
    }
    to_text(lines)
}

/// The overlay numbered `n` (0 none, 1 help, else the result), for the property tests.
#[cfg(test)]
pub(crate) fn any_overlay(n: u8, new_best: bool) -> Overlay {
    match n {
        0 => Overlay::None,
        1 => Overlay::Help,
        _ => Overlay::result(new_best),
    }
}

/// Checks that colour changes nothing but the colour: the coloured lines, without their escape
/// codes, are the plain lines with spaces where the plain card faces have brackets.
#[cfg(test)]
pub(crate) fn same_layout(plain: &[String], colour: &[String]) {
    assert_eq!(plain.len(), colour.len());
    assert!(colour.iter().any(|l| l.contains("\x1b[48;5;")));
    for (p, c) in plain.iter().zip(colour) {
        let stripped = console::strip_ansi_codes(c);
        assert_eq!(stripped.trim_end(), p.replace(['[', ']'], " ").trim_end());
    }
}

/// The lines joined with new lines, for tests and snapshots.
#[cfg(test)]
pub(crate) fn to_text(lines: &[String]) -> String {
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

fn too_small(
    words: &Words,
    theme: Theme,
    width: usize,
    height: usize,
    need_w: usize,
    need_h: usize,
) -> Vec<String> {
    let msg = fill(words.too_small, &[&width, &height, &need_w, &need_h]);
    let mut lines: Vec<String> = wrap(&msg, width.max(1))
        .into_iter()
        .map(|l| theme.paint(&l, Tone::Bad))
        .collect();
    lines.extend(wrap(words.too_small_hint, width.max(1)));
    lines.truncate(height.max(1));
    lines
}

/// Cuts `text` into lines of at most `width` display columns, at spaces when it can.
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_inclusive(' ') {
        let ww = console::measure_text_width(word.trim_end());
        if !line.is_empty() && console::measure_text_width(&line) + ww > width {
            lines.push(line.trim_end().to_string());
            line.clear();
        }
        for ch in word.chars() {
            let cw = unicode_width::UnicodeWidthChar::width(ch).unwrap_or(0);
            if cw > width {
                // A wide character in a one-column terminal: nothing can show it.
                continue;
            }
            if console::measure_text_width(&line) + cw > width && ch != ' ' {
                lines.push(line.trim_end().to_string());
                line.clear();
            }
            line.push(ch);
        }
    }
    if !line.trim().is_empty() {
        lines.push(line.trim_end().to_string());
    }
    lines
}

/// The widest card label these rules can show: the largest number below `clear_value` (no
/// dealt card reaches it, the rules and deck files are checked for that), or the word for bomb
/// and wild.
fn label_width(game: &Game, words: &Words) -> usize {
    let clear = game.rules().board.clear_value.value().unwrap_or(2048);
    (clear / 2)
        .to_string()
        .len()
        .max(console::measure_text_width(words.bomb))
        .max(console::measure_text_width(words.wild))
}

fn board_width(s: &Screen, l: Layout) -> usize {
    let n = s.game.rules().board.columns as usize;
    l.margin + n * l.face + n.saturating_sub(1) * l.gap
}

fn panel_width(s: &Screen, l: Layout, words: &Words) -> usize {
    let next = s.game.rules().deck.lookahead.saturating_sub(1) as usize;
    let cards = l.face + next * (l.face + 1);
    4 + cards
        .max(console::measure_text_width(words.next) + 1 + next * (l.face + 1))
        .max(console::measure_text_width(words.none_left))
}

fn face(words: &Words, theme: Theme, card: Card, width: usize) -> String {
    theme.card(card, &words.card(card), width)
}

/// The `rows` text rows of one place of a column: a card in its look, a blast, or an empty slot
/// (a dot on the middle row, in the slot's `tone`).
fn cell_rows(words: &Words, theme: Theme, cell: Cell, l: Layout, tone: Tone) -> Vec<String> {
    (0..l.rows)
        .map(|row| match cell.card {
            Some(card) if cell.look == Look::Plain && l.rows == 1 => {
                face(words, theme, card, l.face)
            }
            Some(card) => theme.face_row(
                Theme::card_colours(card),
                &words.card(card),
                l.face,
                cell.look,
                row,
                l.rows,
            ),
            None if cell.look == Look::Blast => theme.face_row(
                Theme::card_colours(Card::BOMB),
                "",
                l.face,
                Look::Blast,
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
fn face_rows(words: &Words, theme: Theme, card: Card, l: Layout) -> Vec<String> {
    let cell = Cell {
        card: Some(card),
        look: Look::Plain,
    };
    cell_rows(words, theme, cell, l, Tone::Dim)
}

/// Cards side by side, one space apart, row by row.
fn side_by_side(faces: &[Vec<String>]) -> Vec<String> {
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

fn screen(s: &Screen, words: &Words, theme: Theme, l: Layout, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let margin = " ".repeat(l.margin);
    if l.airy > 0 {
        out.push(title(s, words, theme, width));
    }
    if l.airy > 1 {
        out.push(String::new());
    }
    if matches!(s.overlay, Overlay::Result { .. }) {
        out.extend(result(s, words, theme, l, width));
        if s.prompt_line {
            out.push(String::new());
        }
        return out;
    }
    out.extend(stats(s, words, theme, l, width));
    if l.airy > 0 {
        out.push(String::new());
    }
    if s.overlay == Overlay::Help {
        out.extend(help(s, words, theme, width));
        return out;
    }
    let board = board(s, words, theme, l);
    let panel = if l.panel {
        panel(s, words, theme, l)
    } else {
        Vec::new()
    };
    let bw = board_width(s, l);
    for i in 0..board.len().max(panel.len()) {
        let row = board.get(i).map_or("", String::as_str);
        let mut line = format!("{margin}{row}");
        if let Some(p) = panel.get(i) {
            let used = console::measure_text_width(&line);
            line.push_str(&" ".repeat(bw.saturating_sub(used) + 4));
            line.push_str(p);
        }
        out.push(line.trim_end().to_string());
    }
    if !l.panel {
        out.extend(hand_line(s, words, theme, l, width));
    }
    if l.airy > 0 {
        out.push(String::new());
    }
    let shown = if l.airy > 0 { 2 } else { 1 };
    out.extend(news(s.notes, theme, &margin, width, shown));
    if s.prompt_line {
        out.push(String::new());
    } else if s.overlay == Overlay::None {
        if l.airy > 1 {
            out.push(String::new());
        }
        // Split at the double spaces, so no key's text is cut in two.
        let foot: Vec<String> = footer(s, words, l).split("  ").map(String::from).collect();
        for line in pack(&foot, "  ", &margin, width) {
            out.push(theme.paint(&line, Tone::Dim));
        }
    }
    out
}

/// The news under the board on exactly `shown` lines: each note on its line, a chain too long
/// for the line summarised (see [`squeeze`]) so its points always show; when there is one line
/// for two notes, the second (a clear) is put after the first if it fits.
pub(crate) fn news(
    notes: &[Note],
    theme: Theme,
    margin: &str,
    width: usize,
    shown: usize,
) -> Vec<String> {
    let room = width.saturating_sub(console::measure_text_width(margin));
    let mut texts: Vec<(String, Tone)> = notes.iter().map(|n| (n.text.clone(), n.tone)).collect();
    if shown == 1 && texts.len() > 1 {
        let joined = format!("{}  {}", texts[0].0, texts[1].0);
        if console::measure_text_width(&joined) <= room {
            texts[0].0 = joined;
        }
    }
    (0..shown)
        .map(|i| match texts.get(i) {
            Some((text, tone)) => theme.paint(&format!("{margin}{}", squeeze(text, room)), *tone),
            None => String::new(),
        })
        .collect()
}

/// `text` in at most `width` columns, keeping its end: a merge chain (`a → b → c  +7`) too long
/// for the line loses steps from its middle (`a → … → c  +7`), then its first steps, and at the
/// very least keeps the points; any other text is cut at the end.
pub(crate) fn squeeze(text: &str, width: usize) -> String {
    let w = console::measure_text_width;
    if w(text) <= width {
        return text.to_string();
    }
    let parts: Vec<&str> = text.split(" → ").collect();
    if parts.len() < 2 {
        return fit(text, width);
    }
    let last = parts[parts.len() - 1];
    // Keep the first step and as many of the last as fit; then only the last ones.
    for keep in (1..parts.len() - 1).rev() {
        let tail = parts[parts.len() - keep..].join(" → ");
        let with_first = format!("{} → … → {tail}", parts[0]);
        if w(&with_first) <= width {
            return with_first;
        }
    }
    for keep in (1..parts.len()).rev() {
        let tail = format!("… → {}", parts[parts.len() - keep..].join(" → "));
        if w(&tail) <= width {
            return tail;
        }
    }
    // Not even the last step fits: keep its end, where the points are.
    let chars: Vec<char> = last.chars().collect();
    let mut end = String::new();
    for &c in chars.iter().rev() {
        let next = format!("{c}{end}");
        if w(&next) + 1 > width {
            break;
        }
        end = next;
    }
    if width == 0 {
        String::new()
    } else {
        format!("…{end}")
    }
}

fn title(s: &Screen, words: &Words, theme: Theme, width: usize) -> String {
    let mut t = format!(
        "  {}  {}",
        theme.paint(words.title, Tone::Title),
        theme.paint(
            &format!("{} {}", words.rules, s.game.rules().name),
            Tone::Label
        )
    );
    if let Some(tag) = &s.tag {
        t.push_str(&format!("  {}", theme.paint(tag, Tone::Info)));
    }
    fit(&t, width)
}

/// `Score 12`: a label and its value.
pub(crate) fn pair(theme: Theme, label: &str, value: &str) -> String {
    format!(
        "{} {}",
        theme.paint(label, Tone::Label),
        theme.paint(value, Tone::Value)
    )
}

fn best(s: &Screen) -> String {
    best_text(s.best)
}

/// A best score, or `-` when there is none yet.
pub(crate) fn best_text(best: Option<u64>) -> String {
    best.map_or_else(|| "-".to_string(), |b| b.to_string())
}

/// Puts `items` on lines of at most `width` columns, `sep` between two items on a line and
/// `indent` before each line. An item is never cut in two (a number cut short would lie) unless
/// it alone is wider than a line.
pub(crate) fn pack(items: &[String], sep: &str, indent: &str, width: usize) -> Vec<String> {
    let w = console::measure_text_width;
    let mut lines = Vec::new();
    let mut line = String::new();
    for item in items {
        if !line.is_empty() && w(&line) + w(sep) + w(item) > width {
            lines.push(std::mem::take(&mut line));
        }
        if line.is_empty() {
            line = format!("{indent}{item}");
        } else {
            line = format!("{line}{sep}{item}");
        }
    }
    lines.push(line);
    lines.into_iter().map(|l| fit(&l, width)).collect()
}

fn stats(s: &Screen, words: &Words, theme: Theme, l: Layout, width: usize) -> Vec<String> {
    let game = s.game;
    let p = game.position();
    // During a move's animation the score counts up with its chain.
    let score = s.frame.map_or(p.score, |f| f.score);
    let mut items = vec![
        pair(theme, words.score, &score.to_string()),
        pair(theme, words.best, &best(s)),
        pair(theme, words.cards_left, &game.cards_left().to_string()),
    ];
    if game.rules().has_discards() {
        items.push(pair(theme, words.discards, &p.discards.to_string()));
    }
    if s.best.is_some_and(|b| p.score > b) && s.overlay == Overlay::None {
        items.push(theme.paint(words.new_best, Tone::Good));
    }
    let sep = if l.airy > 0 { "    " } else { "  " };
    pack(&items, sep, &" ".repeat(l.margin), width)
}

/// The card rows, then the column numbers, the fill and the marker row. The column of an
/// animation frame is drawn as the frame shows it, with its floating `+N` on the marker row;
/// the card just placed or made is marked.
fn board(s: &Screen, words: &Words, theme: Theme, l: Layout) -> Vec<String> {
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
                c.cards()
                    .iter()
                    .enumerate()
                    .map(|(r, &card)| Cell {
                        card: Some(card),
                        look: if Some(r) == fresh {
                            Look::Fresh
                        } else {
                            Look::Plain
                        },
                    })
                    .collect()
            }
        })
        .collect();
    let empty = Cell {
        card: None,
        look: Look::Plain,
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
    let numbers: Vec<String> = (0..cols.len())
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
    rows.push(fills.join(&gap));
    let marks: Vec<String> = cols
        .iter()
        .enumerate()
        .map(|(i, c)| match s.frame {
            Some(f) if f.col == i && f.float.is_some() => theme.paint(
                &center(&format!("+{}", f.float.unwrap_or(0)), l.face),
                Tone::Good,
            ),
            _ if hint_col == Some(i) => theme.paint(&center(words.hint_mark, l.face), Tone::Hint),
            _ if c.len() >= height => theme.paint(&center(words.full, l.face), Tone::Full),
            _ if s.cursor == Some(i) => theme.paint(&center("^", l.face), Tone::Cursor),
            _ => " ".repeat(l.face),
        })
        .collect();
    rows.push(marks.join(&gap));
    rows
}

/// One player's columns and hand as the duel screen draws them, the `tight`-th way (0 is the
/// roomiest; `None` past the tightest): the same columns as the card screen, the hand on a line
/// under them.
pub(crate) fn card_block(
    game: &Game,
    words: &Words,
    theme: Theme,
    tight: usize,
    cursor: Option<usize>,
) -> Option<Vec<String>> {
    let h = game.rules().board.height;
    let layouts = Layout::all(label_width(game, words), format!("{h}/{h}").len());
    let n = layouts.len();
    // The distinct one-row card widths and gaps of the card screen's layouts.
    let l = layouts[*[n - 7, n - 2, n - 1].get(tight)?];
    let l = Layout { margin: 0, ..l };
    let s = Screen {
        game,
        best: None,
        cursor,
        hint: None,
        tag: None,
        notes: &[],
        overlay: Overlay::None,
        player: Player::Human,
        prompt_line: false,
        frame: None,
        fresh: None,
        played_secs: None,
        insight: &[],
    };
    let mut rows = board(&s, words, theme, l);
    rows.extend(hand_line(&s, words, theme, l, usize::MAX / 2));
    Some(rows)
}

/// The hand and the next cards, for the right of the board, as large as the board's cards.
fn panel(s: &Screen, words: &Words, theme: Theme, l: Layout) -> Vec<String> {
    let mut p = Vec::new();
    let visible = s.game.visible();
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

/// `Hand [ 16]   Next [  4] [  2]` on one line, when there is no room for the panel.
fn hand_line(s: &Screen, words: &Words, theme: Theme, l: Layout, width: usize) -> Vec<String> {
    let visible = s.game.visible();
    let hand = match visible.first() {
        Some(&c) => face(words, theme, c, l.face),
        None => theme.paint(words.none_left, Tone::Dim),
    };
    let mut items = vec![format!("{} {hand}", theme.paint(words.hand, Tone::Label))];
    if visible.len() > 1 {
        let mut next = theme.paint(words.next, Tone::Label);
        for &c in &visible[1..] {
            next.push(' ');
            next.push_str(&face(words, theme, c, l.face));
        }
        items.push(next);
    }
    pack(&items, "  ", &" ".repeat(l.margin), width)
}

fn footer(s: &Screen, words: &Words, l: Layout) -> String {
    let n = s.game.rules().board.columns;
    match s.player {
        Player::Bot => words.bot_footer.to_string(),
        Player::Human if l.airy == 0 => fill(words.footer_short, &[&n]),
        Player::Human => {
            let mut f = fill(words.footer, &[&n]);
            if s.game.rules().has_discards() {
                f.push_str("  ");
                f.push_str(words.footer_discard);
            }
            f
        }
    }
}

/// The longest chain of the game: replayed from its moves (the engine keeps no such count), a
/// few microseconds even for a long game, and only on the result screen.
fn longest_chain(game: &Game) -> usize {
    let rules = game.rules();
    let mut p = crate::cards::engine::Position::new(rules);
    let mut longest = 0;
    for (&mv, &card) in game.moves().iter().zip(game.deck().iter()) {
        longest = longest.max(p.apply(mv, card, rules).steps().len());
    }
    longest
}

/// `4:05` or `1:02:03`.
pub(crate) fn duration(secs: u64) -> String {
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// The final board in small: every card just as wide as its number, no wells, as many rows as
/// the fullest column.
fn mini_board(game: &Game, words: &Words, theme: Theme, margin: &str) -> Vec<String> {
    let w = label_width(game, words) + 1;
    let cols = game.position().columns();
    let rows = cols
        .iter()
        .map(crate::cards::engine::Column::len)
        .max()
        .unwrap_or(0)
        .max(1);
    (0..rows)
        .map(|r| {
            let cells: Vec<String> = cols
                .iter()
                .map(|c| match c.cards().get(r) {
                    Some(&card) => theme.card(card, &words.card(card), w),
                    None => theme.paint(&center(".", w), Tone::Dim),
                })
                .collect();
            format!("{margin}{}", cells.join(" "))
                .trim_end()
                .to_string()
        })
        .collect()
}

/// The result screen's choices on one line (the highlighted one in brackets), and the keys
/// that choose them. Undo is offered only after a loss.
pub(crate) fn choices(
    words: &Words,
    theme: Theme,
    choice: u8,
    undo: bool,
    margin: &str,
    width: usize,
) -> Vec<String> {
    let items: Vec<String> = shown_choices(undo)
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let text = words.choices[c as usize];
            if i == choice as usize {
                theme.paint(&format!("[ {text} ]"), Tone::Cursor)
            } else {
                format!("  {text}  ")
            }
        })
        .collect();
    let mut lines: Vec<String> = pack(&items, " ", margin, width)
        .into_iter()
        .map(|l| l.trim_end().to_string())
        .collect();
    let keys: Vec<String> = words
        .choice_keys
        .split("  ")
        .filter(|k| undo || !k.starts_with("u "))
        .map(String::from)
        .collect();
    for l in pack(&keys, "  ", margin, width) {
        lines.push(theme.paint(&l, Tone::Dim));
    }
    lines
}

/// Which of the four choices (again, undo, menu, quit) the result screen offers, in order.
pub(crate) fn shown_choices(undo: bool) -> &'static [u8] {
    if undo { &[0, 1, 2, 3] } else { &[0, 2, 3] }
}

/// The result screen: the outcome, what the game was (score, best, cards played, highest card,
/// longest chain, clears, bombs, time played), the final board in small when there is room,
/// and the choices.
fn result(s: &Screen, words: &Words, theme: Theme, l: Layout, width: usize) -> Vec<String> {
    let Overlay::Result {
        new_best,
        choice,
        undo,
    } = s.overlay
    else {
        return Vec::new();
    };
    let margin = " ".repeat(l.margin);
    let game = s.game;
    let p = game.position();
    let head = if Ending::of(game) == Ending::Won {
        theme.paint(words.won, Tone::Good)
    } else {
        let card = game.hand().map(|c| words.card(c)).unwrap_or_default();
        theme.paint(&fill(words.lost, &[&card]), Tone::Bad)
    };
    let mut facts = vec![
        pair(theme, words.score, &p.score.to_string()),
        pair(theme, words.best, &best(s)),
    ];
    if new_best {
        facts.push(theme.paint(words.new_best, Tone::Good));
    }
    let mut more = vec![
        pair(theme, words.cards_played, &p.stats.cards_played.to_string()),
        pair(theme, words.highest, &p.stats.highest.to_string()),
        pair(theme, words.longest_chain, &longest_chain(game).to_string()),
        pair(theme, words.clears, &p.stats.clears.to_string()),
    ];
    if game.rules().weight(Card::BOMB) > 0 {
        more.push(pair(theme, words.bombs_used, &p.stats.bombs.to_string()));
    }
    if let Some(secs) = s.played_secs {
        more.push(pair(theme, words.time_played, &duration(secs)));
    }
    let blank = |out: &mut Vec<String>| {
        if l.airy > 0 {
            out.push(String::new());
        }
    };
    let mut lines = vec![fit(&format!("{margin}{head}"), width)];
    blank(&mut lines);
    lines.extend(pack(&facts, "    ", &margin, width));
    lines.extend(pack(&more, "    ", &margin, width));
    if !s.insight.is_empty() {
        // A line too long for a narrow window goes on under itself rather than being cut.
        let room = width.saturating_sub(l.margin).max(8);
        let insight: Vec<String> = s
            .insight
            .iter()
            .flat_map(|i| wrap(i, room))
            .map(|i| theme.paint(i.trim_end(), Tone::Info))
            .collect();
        lines.extend(pack(&insight, "    ", &margin, width));
    }
    if l.airy > 0 {
        lines.push(String::new());
        lines.extend(mini_board(game, words, theme, &margin));
    }
    blank(&mut lines);
    if s.player == Player::Bot {
        if !s.prompt_line {
            lines.push(fit(
                &format!("{margin}{}", theme.paint(words.bot_result_keys, Tone::Dim)),
                width,
            ));
        }
    } else {
        lines.extend(choices(words, theme, choice, undo, &margin, width));
    }
    lines
}

/// One line of the keys' help (`u            undo the last move`), its text wrapped under
/// itself in a narrow window so no key's meaning is cut off.
fn key_lines(line: &str, width: usize) -> Vec<String> {
    const KEY: usize = 13;
    // The key column is 13 display columns wide (a Chinese key name is narrower in characters).
    let mut used = 0;
    let split = line
        .char_indices()
        .find(|&(_, c)| {
            let fits = used >= KEY;
            used += unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
            fits
        })
        .map_or(line.len(), |(i, _)| i);
    let (key, text) = line.split_at(split);
    let room = width.saturating_sub(2 + KEY).max(8);
    wrap(text.trim_start(), room)
        .into_iter()
        .enumerate()
        .map(|(i, part)| {
            let head = if i == 0 {
                key.to_string()
            } else {
                " ".repeat(KEY)
            };
            fit(&format!("  {head}{part}"), width)
        })
        .collect()
}

fn help(s: &Screen, words: &Words, theme: Theme, width: usize) -> Vec<String> {
    let rules = s.game.rules();
    let clear = rules.board.clear_value.to_string();
    let mut out = vec![theme.paint(&fit(&format!("  {}", words.help_title), width), Tone::Title)];
    out.push(String::new());
    // Only the keys of these rules: the real column numbers, discards only when there are some.
    let keys = words
        .help_keys
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != 2 || rules.has_discards())
        .map(|(_, k)| fill(k, &[&rules.board.columns]))
        .chain(std::iter::once(words.help_boss.to_string()));
    for k in keys {
        out.extend(key_lines(&k, width));
    }
    out.push(String::new());
    // Only the rules in force: no bomb line without bombs, the full-column rule that applies,
    // how a merge scores (with `merged_value` a +896 jump needs explaining). The merge text is
    // one paragraph, wrapped to the window (its halves are split for 80 columns).
    let [a, b] = words.help_merge;
    let joint = if a.ends_with(|c: char| c.is_ascii()) {
        " "
    } else {
        ""
    };
    let mut lines: Vec<String> = vec![format!("{a}{joint}{b}")];
    let per = rules.scoring.per_merge;
    lines.push(if rules.scoring.merged_value {
        fill(words.help_score_value, &[&per, &(per + 32)])
    } else {
        fill(words.help_score, &[&per])
    });
    lines.push(fill(
        words.help_clear,
        &[&clear, &rules.scoring.clear_bonus],
    ));
    if rules.weight(Card::BOMB) > 0 {
        lines.push(words.help_bomb.to_string());
    }
    if rules.weight(Card::WILD) > 0 {
        lines.push(words.help_wild.to_string());
    }
    lines.push(if rules.board.merge_into_full {
        words.help_full_merge.to_string()
    } else {
        words.help_full.to_string()
    });
    if rules.has_discards() {
        let d = &rules.discards;
        let left = s.game.position().discards;
        lines.push(fill(words.help_discards, &[&left, &d.per_clear, &d.max]));
    }
    lines.push(words.help_end.to_string());
    for l in lines {
        for part in wrap(&l, width.saturating_sub(2).max(1)) {
            out.push(fit(&format!("  {part}"), width));
        }
    }
    out.push(String::new());
    out.push(theme.paint(&fit(&format!("  {}", words.help_back), width), Tone::Dim));
    out
}

#[cfg(test)]
mod tests;
