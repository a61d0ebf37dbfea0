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

use crate::card::Card;
use crate::engine::{Game, Move};
use crate::summary::Ending;

use super::i18n::{Words, fill};
use super::theme::{Theme, Tone, center, fit};

/// One line of news under the board (what the last move did, why a key was refused...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub text: String,
    pub tone: Tone,
}

impl Note {
    pub fn new(text: impl Into<String>, tone: Tone) -> Note {
        Note {
            text: text.into(),
            tone,
        }
    }
}

/// What covers the lower part of the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The game in play.
    None,
    /// Keys and rules instead of the board.
    Help,
    /// The game is over: the outcome, and whether the score is a new best.
    Result { new_best: bool },
}

/// Who is playing, which decides the footer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Human,
    Bot,
}

/// Everything the screen shows.
pub struct Screen<'a> {
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
    /// `fill` columns (`7/7`): wide cards with the hand on the right; the same with the hand under
    /// the board; then narrower cards and no blank lines; then cards just as wide as their label.
    fn all(label: usize, fill: usize) -> [Layout; 4] {
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
            layout((label + 1).max(fill), 1, 1, false, false),
            layout(label.max(fill), 1, 0, false, false),
        ]
    }
}

/// The screen for a terminal of `width` × `height`: at most `height` lines, none wider than
/// `width` display columns.
pub fn render(s: &Screen, words: &Words, theme: Theme, width: usize, height: usize) -> Vec<String> {
    match lay_out(s, words, theme, width, height) {
        Ok(lines) => lines,
        Err((need_w, need_h)) => too_small(words, theme, width, height, need_w, need_h),
    }
}

/// Whether the game fits a terminal of `width` × `height` (else the screen says it is too small).
pub fn fits(s: &Screen, words: &Words, width: usize, height: usize) -> bool {
    lay_out(s, words, Theme::PLAIN, width, height).is_ok()
}

/// The lines of the first layout that fits, or the smallest size that would fit.
fn lay_out(
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
    let mut smallest = None;
    for l in Layout::all(label, fill_w) {
        let mut lines = screen(s, words, theme, l, width);
        if s.overlay == Overlay::Help {
            // Help is text to read, not the board: in a short window it is cut, not refused.
            lines.truncate(height);
        }
        let need_w = board_width(s, l) + if l.panel { panel_width(s, l, words) } else { 0 };
        if need_w <= width && lines.len() <= height {
            return Ok(lines);
        }
        smallest = Some((need_w, lines.len()));
    }
    Err(smallest.unwrap_or((width, height)))
}

/// The lines joined with new lines, for tests and snapshots.
pub fn to_text(lines: &[String]) -> String {
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
fn wrap(text: &str, width: usize) -> Vec<String> {
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
    out.push(fit(
        &format!("{margin}{}", stats(s, words, theme, l)),
        width,
    ));
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
        out.push(fit(
            &format!("{margin}{}", hand_line(s, words, theme, l)),
            width,
        ));
    }
    if l.airy {
        out.push(String::new());
    }
    match s.overlay {
        Overlay::Result { new_best } => out.extend(result(s, words, theme, new_best, width)),
        _ => {
            let shown = if l.airy { 2 } else { 1 };
            for i in 0..shown {
                let line = match s.notes.get(i) {
                    Some(n) => theme.paint(&fit(&format!("{margin}{}", n.text), width), n.tone),
                    None => String::new(),
                };
                out.push(line);
            }
        }
    }
    if s.prompt_line {
        out.push(String::new());
    } else if s.overlay == Overlay::None {
        if l.airy {
            out.push(String::new());
        }
        let foot = footer(s, words, l);
        for line in wrap_footer(&foot, width.saturating_sub(l.margin)) {
            out.push(theme.paint(&format!("{margin}{line}"), Tone::Dim));
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

fn stats(s: &Screen, words: &Words, theme: Theme, l: Layout) -> String {
    let game = s.game;
    let p = game.position();
    let mut items = vec![
        (words.score, p.score.to_string()),
        (
            words.best,
            s.best.map_or_else(|| "-".to_string(), |b| b.to_string()),
        ),
        (words.cards_left, game.cards_left().to_string()),
    ];
    if game.rules().has_discards() {
        items.push((words.discards, p.discards.to_string()));
    }
    let sep = if l.airy { "    " } else { "  " };
    items
        .iter()
        .map(|(k, v)| {
            format!(
                "{} {}",
                theme.paint(k, Tone::Label),
                theme.paint(v, Tone::Value)
            )
        })
        .collect::<Vec<_>>()
        .join(sep)
}

/// The card rows, then the column numbers, the fill and the marker row.
fn board(s: &Screen, words: &Words, theme: Theme, l: Layout) -> Vec<String> {
    let game = s.game;
    let rules = game.rules();
    let height = rules.board.height as usize;
    let cols = game.position().columns();
    let gap = " ".repeat(l.gap);
    let mut rows = Vec::with_capacity(height + 3);
    for r in 0..height {
        let cells: Vec<String> = cols
            .iter()
            .map(|c| match c.cards().get(r) {
                Some(&card) => face(words, theme, card, l.face),
                None => theme.paint(&center(".", l.face), Tone::Dim),
            })
            .collect();
        rows.push(cells.join(&gap));
    }
    let hint_col = match s.hint {
        Some(Move::Place(c)) => Some(c as usize),
        _ => None,
    };
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
fn hand_line(s: &Screen, words: &Words, theme: Theme, l: Layout) -> String {
    let visible = s.game.visible();
    let mut line = theme.paint(words.hand, Tone::Label);
    line.push(' ');
    match visible.first() {
        Some(&c) => line.push_str(&face(words, theme, c, l.face)),
        None => line.push_str(&theme.paint(words.none_left, Tone::Dim)),
    }
    if visible.len() > 1 {
        line.push_str("  ");
        line.push_str(&theme.paint(words.next, Tone::Label));
        for &c in &visible[1..] {
            line.push(' ');
            line.push_str(&face(words, theme, c, l.face));
        }
    }
    line
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

/// Splits the footer at its double spaces so no key's text is cut in two.
fn wrap_footer(foot: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for part in foot.split("  ") {
        let candidate = if line.is_empty() {
            part.to_string()
        } else {
            format!("{line}  {part}")
        };
        if console::measure_text_width(&candidate) > width && !line.is_empty() {
            lines.push(std::mem::take(&mut line));
            line = part.to_string();
        } else {
            line = candidate;
        }
    }
    lines.push(line);
    lines.into_iter().map(|l| fit(&l, width)).collect()
}

fn result(s: &Screen, words: &Words, theme: Theme, new_best: bool, width: usize) -> Vec<String> {
    let game = s.game;
    let p = game.position();
    let head = match Ending::of(game) {
        Ending::Won => theme.paint(words.won, Tone::Good),
        _ => {
            let card = game.hand().map(|c| words.card(c)).unwrap_or_default();
            theme.paint(&fill(words.lost, &[&card]), Tone::Bad)
        }
    };
    let mut score = format!(
        "{} {}    {} {}",
        theme.paint(words.score, Tone::Label),
        theme.paint(&p.score.to_string(), Tone::Value),
        theme.paint(words.best, Tone::Label),
        theme.paint(
            &s.best.map_or_else(|| "-".to_string(), |b| b.to_string()),
            Tone::Value
        ),
    );
    if new_best {
        score.push_str("    ");
        score.push_str(&theme.paint(words.new_best, Tone::Good));
    }
    let played = format!(
        "{} {}    {} {}",
        theme.paint(words.cards_played, Tone::Label),
        theme.paint(&p.stats.cards_played.to_string(), Tone::Value),
        theme.paint(words.highest, Tone::Label),
        theme.paint(&p.stats.highest.to_string(), Tone::Value),
    );
    let mut lines = vec![head, score, played];
    if s.player == Player::Bot && !s.prompt_line {
        lines.push(theme.paint(words.bot_result_keys, Tone::Dim));
    }
    lines
        .into_iter()
        .map(|l| fit(&format!("  {l}"), width))
        .collect()
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
    let mut lines: Vec<String> = words.help_merge.iter().map(|l| l.to_string()).collect();
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
