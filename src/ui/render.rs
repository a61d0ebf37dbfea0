//! The game screen as lines of text: a pure function of what is on screen and the terminal size.
//!
//! Nothing here touches the terminal, so every screen can be checked in a test (with colour off
//! the lines are plain text; see the snapshots in `src/ui/snapshots/`). The game loop, autoplay
//! and the tests all build a [`Screen`] and call [`render`].
//!
//! Layout: the columns stand side by side, top card first and the tail (where the next card
//! lands) at the bottom, with the column numbers, the fill (`5/7`) and a marker row under them.
//! The card in hand and the next cards sit in a panel on the right when there is room, else on a
//! line under the board. The first layout that fits is used, from roomy (wide cards, blank lines
//! between the parts) to compact (narrow cards, no blank lines); when none fits, the screen says
//! how large the terminal must be.

use crate::cards::card::Card;
use crate::cards::engine::{Game, Move};
use crate::cards::summary::Ending;

use super::i18n::{Words, fill};
use super::theme::{Theme, Tone, center, fit};

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
    /// The game is over: the outcome, and whether the score is a new best.
    Result { new_best: bool },
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
}

/// One way of laying out the screen.
#[derive(Clone, Copy, Debug)]
struct Layout {
    /// Display width of a card face.
    face: usize,
    gap: usize,
    margin: usize,
    /// Hand and next cards on the right of the board (else on a line under it).
    panel: bool,
    /// Blank lines between the parts.
    airy: bool,
}

impl Layout {
    /// The layouts to try, roomiest first, for card labels of `label` columns and fills of
    /// `fill` columns (`7/7`): wide cards with the hand on the right, then under the board; the
    /// same without blank lines; then narrower cards; then cards just as wide as their label.
    fn all(label: usize, fill: usize) -> [Layout; 6] {
        let wide = (label + 2).max(6);
        let layout = |face, gap, margin, panel, airy| Layout {
            face,
            gap,
            margin,
            panel,
            airy,
        };
        [
            layout(wide, 2, 2, true, true),
            layout(wide, 2, 2, false, true),
            layout(wide, 2, 2, true, false),
            layout(wide, 2, 2, false, false),
            layout((label + 1).max(fill), 1, 1, false, false),
            layout(label.max(fill), 1, 0, false, false),
        ]
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
    first_fit(
        &Layout::all(label, fill_w),
        build,
        help,
        theme,
        width,
        height,
    )
}

/// The lines of the first of `layouts` (roomiest first) that fits `width` × `height`, or the
/// smallest size that would fit. `build(layout, theme, width)` gives a layout's lines (text cut
/// or wrapped to `width`) and the width its boards need (boards cannot be cut). With `cut` the
/// screen is text to read (the help), not a board: in a short window it is cut, not refused.
/// The size asked for is the tightest layout's with room enough for nothing to wrap, so it
/// surely fits.
pub(super) fn first_fit<L: Copy>(
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
pub(super) fn or_too_small(
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
pub(super) fn checked(lines: &[String], width: usize, height: usize) -> String {
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
pub(super) fn any_overlay(n: u8, new_best: bool) -> Overlay {
    match n {
        0 => Overlay::None,
        1 => Overlay::Help,
        _ => Overlay::Result { new_best },
    }
}

/// Checks that colour changes nothing but the colour: the coloured lines, without their escape
/// codes, are the plain lines with spaces where the plain card faces have brackets.
#[cfg(test)]
pub(super) fn same_layout(plain: &[String], colour: &[String]) {
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
pub(super) fn wrap(text: &str, width: usize) -> Vec<String> {
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

fn screen(s: &Screen, words: &Words, theme: Theme, l: Layout, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let margin = " ".repeat(l.margin);
    if l.airy {
        out.push(title(s, words, theme, width));
        out.push(String::new());
    }
    out.extend(stats(s, words, theme, l, width));
    if l.airy {
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
    for (i, row) in board.iter().enumerate() {
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
    if l.airy {
        out.push(String::new());
    }
    if let Overlay::Result { new_best } = s.overlay {
        out.extend(result(s, words, theme, new_best, width));
    } else {
        let shown = if l.airy { 2 } else { 1 };
        for i in 0..shown {
            let line = match s.notes.get(i) {
                Some(n) => theme.paint(&fit(&format!("{margin}{}", n.text), width), n.tone),
                None => String::new(),
            };
            out.push(line);
        }
    }
    if s.prompt_line {
        out.push(String::new());
    } else if s.overlay == Overlay::None {
        if l.airy {
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
pub(super) fn pair(theme: Theme, label: &str, value: &str) -> String {
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
pub(super) fn best_text(best: Option<u64>) -> String {
    best.map_or_else(|| "-".to_string(), |b| b.to_string())
}

/// Puts `items` on lines of at most `width` columns, `sep` between two items on a line and
/// `indent` before each line. An item is never cut in two (a number cut short would lie) unless
/// it alone is wider than a line.
pub(super) fn pack(items: &[String], sep: &str, indent: &str, width: usize) -> Vec<String> {
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
    let mut items = vec![
        pair(theme, words.score, &p.score.to_string()),
        pair(theme, words.best, &best(s)),
        pair(theme, words.cards_left, &game.cards_left().to_string()),
    ];
    if game.rules().has_discards() {
        items.push(pair(theme, words.discards, &p.discards.to_string()));
    }
    if s.best.is_some_and(|b| p.score > b) && s.overlay == Overlay::None {
        items.push(theme.paint(words.new_best, Tone::Good));
    }
    let sep = if l.airy { "    " } else { "  " };
    pack(&items, sep, &" ".repeat(l.margin), width)
}

/// The card rows, then the column numbers, the fill and the marker row.
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
    let mut rows = Vec::with_capacity(height + 3);
    for r in 0..height {
        let cells: Vec<String> = cols
            .iter()
            .enumerate()
            .map(|(i, c)| match c.cards().get(r) {
                Some(&card) => face(words, theme, card, l.face),
                None if hint_col == Some(i) => theme.slot(l.face, Tone::Hint),
                None if s.cursor == Some(i) => theme.slot(l.face, Tone::Cursor),
                None => theme.slot(l.face, Tone::Dim),
            })
            .collect();
        rows.push(cells.join(&gap));
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
    let fills: Vec<String> = cols
        .iter()
        .map(|c| {
            let f = center(&format!("{}/{}", c.len(), height), l.face);
            if c.len() >= height {
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
        .map(|(i, c)| {
            if hint_col == Some(i) {
                theme.paint(&center(words.hint_mark, l.face), Tone::Hint)
            } else if c.len() >= height {
                theme.paint(&center(words.full, l.face), Tone::Full)
            } else if s.cursor == Some(i) {
                theme.paint(&center("^", l.face), Tone::Cursor)
            } else {
                " ".repeat(l.face)
            }
        })
        .collect();
    rows.push(marks.join(&gap));
    rows
}

/// One player's columns and hand as the duel screen draws them, the `tight`-th way (0 is the
/// roomiest; `None` past the tightest): the same columns as the card screen, the hand on a line
/// under them.
pub(super) fn card_block(
    game: &Game,
    words: &Words,
    theme: Theme,
    tight: usize,
    cursor: Option<usize>,
) -> Option<Vec<String>> {
    let h = game.rules().board.height;
    let layouts = Layout::all(label_width(game, words), format!("{h}/{h}").len());
    // The distinct card widths and gaps of the card screen's layouts.
    let l = layouts[*[0, 4, 5].get(tight)?];
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
    };
    let mut rows = board(&s, words, theme, l);
    rows.extend(hand_line(&s, words, theme, l, usize::MAX / 2));
    Some(rows)
}

/// The hand and the next cards, for the right of the board.
fn panel(s: &Screen, words: &Words, theme: Theme, l: Layout) -> Vec<String> {
    let mut p = Vec::new();
    let visible = s.game.visible();
    p.push(theme.paint(words.hand, Tone::Label));
    match visible.first() {
        Some(&c) => p.push(face(words, theme, c, l.face)),
        None => p.push(theme.paint(words.none_left, Tone::Dim)),
    }
    if s.game.rules().deck.lookahead > 1 {
        p.push(String::new());
        p.push(theme.paint(words.next, Tone::Label));
        let next: Vec<String> = visible
            .iter()
            .skip(1)
            .map(|&c| face(words, theme, c, l.face))
            .collect();
        if next.is_empty() {
            p.push(theme.paint(words.none_left, Tone::Dim));
        } else {
            p.push(next.join(" "));
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
        Player::Human if !l.airy => fill(words.footer_short, &[&n]),
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

fn result(s: &Screen, words: &Words, theme: Theme, new_best: bool, width: usize) -> Vec<String> {
    let game = s.game;
    let p = game.position();
    let head = if Ending::of(game) == Ending::Won {
        theme.paint(words.won, Tone::Good)
    } else {
        let card = game.hand().map(|c| words.card(c)).unwrap_or_default();
        theme.paint(&fill(words.lost, &[&card]), Tone::Bad)
    };
    let mut score = vec![
        pair(theme, words.score, &p.score.to_string()),
        pair(theme, words.best, &best(s)),
    ];
    if new_best {
        score.push(theme.paint(words.new_best, Tone::Good));
    }
    let played = [
        pair(theme, words.cards_played, &p.stats.cards_played.to_string()),
        pair(theme, words.highest, &p.stats.highest.to_string()),
    ];
    let mut lines = vec![fit(&format!("  {head}"), width)];
    lines.extend(pack(&score, "    ", "  ", width));
    lines.extend(pack(&played, "    ", "  ", width));
    if s.player == Player::Bot && !s.prompt_line {
        lines.push(fit(
            &format!("  {}", theme.paint(words.bot_result_keys, Tone::Dim)),
            width,
        ));
    }
    lines
}

fn help(s: &Screen, words: &Words, theme: Theme, width: usize) -> Vec<String> {
    let rules = s.game.rules();
    let clear = rules.board.clear_value.to_string();
    let mut out = vec![theme.paint(&fit(&format!("  {}", words.help_title), width), Tone::Title)];
    out.push(String::new());
    for k in words.help_keys {
        out.push(fit(&format!("  {k}"), width));
    }
    out.push(String::new());
    // Only the rules in force: no bomb line without bombs, the full-column rule that applies.
    let mut lines: Vec<String> = words
        .help_merge
        .iter()
        .map(std::string::ToString::to_string)
        .collect();
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
        out.push(fit(&format!("  {l}"), width));
    }
    out.push(String::new());
    out.push(theme.paint(&fit(&format!("  {}", words.help_back), width), Tone::Dim));
    out
}

#[cfg(test)]
mod tests;
