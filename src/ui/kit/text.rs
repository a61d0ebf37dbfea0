//! Text helpers every screen shares: fitting a layout to the terminal, centring and packing
//! lines, paging, the news under a board, the result screen's choices, durations (where a line
//! may break is [`super::wrap`]'s).
//!
//! Pure functions of their arguments (widths are display columns, so Chinese text and colour
//! codes are measured as the terminal shows them), tested through the screens that use them.

use super::i18n::{Words, fill};
use super::theme::{Theme, Tone, fit, widest};
use super::view::{Canvas, Note, shown_choices};
use super::wrap::{cut_words, wrap};

/// `lines` moved to the middle of a `width` × `height` terminal: the same left shift for every
/// line (so the block keeps its shape) and blank lines above, a third of what is left, so the
/// board sits a little above the middle as the eye expects. Lines already wider than half the
/// room left are not moved.
pub(crate) fn centre(lines: Vec<String>, width: usize, height: usize) -> Vec<String> {
    centre_on(lines, 0, width, height)
}

/// [`centre`], as if the block were at least `block` columns wide: a screen whose widest part
/// may narrow from one moment to the next (the hand's cards giving way to "none left") keeps
/// its place when it is centred on the width its layout sets aside.
pub(crate) fn centre_on(
    mut lines: Vec<String>,
    block: usize,
    width: usize,
    height: usize,
) -> Vec<String> {
    let (left, top) = centre_offset_on(&lines, block, width, height);
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

/// How far [`centre`] moves `lines` right and down in a window of `width` × `height` (what a
/// click on the centred screen is measured against).
pub(crate) fn centre_offset(lines: &[String], width: usize, height: usize) -> (usize, usize) {
    centre_offset_on(lines, 0, width, height)
}

/// How far [`centre_on`] moves `lines`, centred as a block at least `block` columns wide.
pub(crate) fn centre_offset_on(
    lines: &[String],
    block: usize,
    width: usize,
    height: usize,
) -> (usize, usize) {
    let left = width.saturating_sub(widest(lines).max(block)) / 2;
    let top = height.saturating_sub(lines.len()) / 3;
    (left, top)
}

/// The width a screen is laid out in to measure the size it needs ([`first_fit`]): wider than
/// any window, so nothing wraps. Text that takes other forms to fit (a footer's keys) takes its
/// narrowest there, since it fits any window the rest fits.
pub(crate) const UNBOUNDED: usize = usize::MAX / 2;

/// The lines of the first of `layouts` (roomiest first) that fits `c`'s window, or the smallest
/// size that would fit. `build(layout, canvas)` gives a layout's lines (text cut or wrapped to
/// the canvas's width) and the width its boards need (boards cannot be cut). With `cut` the
/// screen is text to read (the help), not a board: in a short window it is given whole, taller
/// than the window, for the caller to [`page`] through, not refused.
/// The size asked for is the tightest layout's with room enough for nothing to wrap, so it
/// surely fits.
pub(crate) fn first_fit<L: Copy>(
    layouts: &[L],
    build: impl Fn(L, Canvas) -> (Vec<String>, usize),
    cut: bool,
    c: Canvas,
) -> Result<Vec<String>, (usize, usize)> {
    let (width, height) = (c.width, c.height);
    let mut paged = None;
    for &l in layouts {
        let (lines, need_w) = build(l, c);
        if need_w <= width && lines.len() <= height {
            return Ok(lines);
        }
        if cut && need_w <= width {
            paged = Some(lines);
        }
    }
    // Text to read that is taller than the window: the tightest layout as wide as the window,
    // whole, for [`page`] to show a window of.
    // Three lines at least: two of text and the mark.
    if let Some(lines) = paged {
        if height >= 3 {
            return Ok(lines);
        }
        return Err((widest(&lines), 3));
    }
    let Some(&tightest) = layouts.last() else {
        return Err((width + 1, height + 1));
    };
    let (lines, need_w) = build(tightest, c.plain().sized(UNBOUNDED, height));
    Err((widest(&lines).max(need_w), lines.len()))
}

/// A window of `height` lines onto `lines`, starting at line `top` (moved back so the last
/// window is full), and the top actually shown. When the lines do not all fit, the window's last
/// line is the "more" mark: where the reader is and which keys page on ([`Pager`]), saying only
/// the keys that page with `arrows` as [`Key::pager`](crate::ui::term::Key::pager) takes them (without, the space and arrows
/// are the screen's own: a duel's board, the result's choices).
pub(crate) fn page(
    mut lines: Vec<String>,
    top: usize,
    c: Canvas,
    arrows: bool,
) -> (Vec<String>, usize) {
    let (words, theme, width, height) = (c.words, c.theme, c.width, c.height);
    if lines.len() <= height || height < 2 {
        lines.truncate(height.max(1));
        return (lines, 0);
    }
    let room = height - 1;
    let total = lines.len();
    let top = top.min(total - room);
    let mut shown: Vec<String> = lines.drain(top..top + room).collect();
    let more = if arrows {
        words.page_more
    } else {
        words.page_more_keys
    };
    let mark = if top + room < total {
        fill(more, &[&(top + room), &total])
    } else {
        fill(words.page_end, &[&total])
    };
    shown.push(theme.paint(&cut_words(&mark, width), Tone::Info));
    (shown, top)
}

/// The keys that page through text taller than the window, for every screen that [`page`]s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pager {
    /// One line up or down (↑/↓, `k`/`j`).
    Line(isize),
    /// A window up or down (PgUp/PgDn, space down).
    Window(isize),
    /// To the top or the bottom (Home/End).
    End(bool),
}

impl Pager {
    /// The top line after this key, from `top`, with windows of `height` lines (one of them the
    /// mark). Not clamped at the end: [`page`] does that, and says what it showed.
    pub(crate) fn step(self, top: usize, height: usize) -> usize {
        let window = height.saturating_sub(2).max(1);
        match self {
            Pager::Line(d) => top.saturating_add_signed(d),
            Pager::Window(d) => top.saturating_add_signed(d * window as isize),
            Pager::End(false) => 0,
            Pager::End(true) => usize::MAX / 2,
        }
    }
}

/// The screen laid out, or the message saying how large the terminal must be.
pub(crate) fn or_too_small(laid: Result<Vec<String>, (usize, usize)>, c: Canvas) -> Vec<String> {
    match laid {
        Ok(lines) => lines,
        Err((need_w, need_h)) => too_small(c, need_w, need_h),
    }
}

/// `lines` joined with new lines, after checking that they fit `width` × `height`: for the
/// screens' tests.
/// A screen taller than the window (the help) is checked page by page, as the player reads it
/// with Page Down: every page fits and every line is on one of them. The text is the whole screen.
#[cfg(test)]
pub(crate) fn checked(lines: &[String], width: usize, height: usize) -> String {
    for l in lines {
        let w = console::measure_text_width(l);
        assert!(w <= width, "line wider than {width}: {l:?}");
    }
    if lines.len() > height {
        assert!(
            reachable(lines, width, height),
            "not every line can be paged to"
        );
    }
    to_text(lines)
}

/// Whether paging down from the top (Page Down, as the help's keys do) shows every line of `lines`
/// in windows of `width` × `height`, each window fitting.
#[cfg(test)]
pub(crate) fn reachable(lines: &[String], width: usize, height: usize) -> bool {
    let words = &super::i18n::EN;
    let mut seen = vec![false; lines.len()];
    let mut top = 0;
    loop {
        let canvas = Canvas::new(words, Theme::PLAIN, width, height);
        let (shown, at) = page(lines.to_vec(), top, canvas, true);
        if shown.len() > height || shown.iter().any(|l| console::measure_text_width(l) > width) {
            return false;
        }
        let body = if lines.len() > height {
            height - 1
        } else {
            height
        };
        for s in seen.iter_mut().skip(at).take(body) {
            *s = true;
        }
        let next = Pager::Window(1).step(at, height);
        if next.min(lines.len()) <= at || at + body >= lines.len() {
            break;
        }
        top = next;
    }
    seen.into_iter().all(|s| s)
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

fn too_small(c: Canvas, need_w: usize, need_h: usize) -> Vec<String> {
    let (words, theme, width, height) = (c.words, c.theme, c.width, c.height);
    let msg = fill(words.too_small, &[&width, &height, &need_w, &need_h]);
    let mut lines: Vec<String> = wrap(&msg, width.max(1))
        .into_iter()
        .map(|l| theme.paint(&l, Tone::Bad))
        .collect();
    lines.extend(wrap(words.too_small_hint, width.max(1)));
    lines.truncate(height.max(1));
    lines
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
/// very least keeps the points; any other text loses whole words at its end (see [`cut_words`]).
pub(crate) fn squeeze(text: &str, width: usize) -> String {
    let w = console::measure_text_width;
    if w(text) <= width {
        return text.to_string();
    }
    let parts: Vec<&str> = text.split(" → ").collect();
    if parts.len() < 2 {
        // Any other text loses its last words, never half of one.
        return cut_words(text, width);
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

/// `Score 12`: a label and its value.
pub(crate) fn pair(theme: Theme, label: &str, value: &str) -> String {
    format!(
        "{} {}",
        theme.paint(label, Tone::Label),
        theme.paint(value, Tone::Value)
    )
}

/// A best score, or `-` when there is none yet.
pub(crate) fn best_text(best: Option<u64>) -> String {
    best.map_or_else(|| "-".to_string(), |b| b.to_string())
}

/// The result screen's best, for the best before this game (`None`: none recorded) and
/// whether this game beat it: `Best 120`, `New best! (was 47)`, or `First game under these
/// rules` (no `Best -`, and no "new best" with nothing to beat).
pub(crate) fn result_best(
    words: &Words,
    theme: Theme,
    best: Option<u64>,
    new_best: bool,
) -> String {
    match best {
        None => theme.paint(words.first_game, Tone::Info),
        Some(b) if new_best => theme.paint(&fill(words.new_best_was, &[&b]), Tone::Good),
        Some(b) => pair(theme, words.best, &b.to_string()),
    }
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

/// `4:05` or `1:02:03`.
pub(crate) fn duration(secs: u64) -> String {
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// The result screen's choices on one line (the highlighted one in brackets), and the keys
/// that choose them. Undo is offered only after a loss.
/// The character drawn at display column `x` of `line` (colours ignored; a wide character
/// covers both its columns).
pub(crate) fn char_at(line: &str, x: usize) -> Option<char> {
    let plain = console::strip_ansi_codes(line);
    let mut col = 0;
    for c in plain.chars() {
        let w = console::measure_text_width(c.encode_utf8(&mut [0; 4])).max(1);
        if (col..col + w).contains(&x) {
            return Some(c);
        }
        col += w;
    }
    None
}

/// Which of the result's choices (its number in [`Words::choices`]) is drawn at column `x` of
/// `line` (one of the lines [`choices`] drew, as shown), with the brackets around it.
pub(crate) fn choice_at(line: &str, words: &Words, undo: bool, x: usize) -> Option<u8> {
    let plain = console::strip_ansi_codes(line);
    shown_choices(undo).iter().copied().find(|&c| {
        let text = words.choices[c as usize];
        plain.match_indices(text).any(|(at, _)| {
            let start = console::measure_text_width(&plain[..at]);
            let end = start + console::measure_text_width(text);
            (start.saturating_sub(2)..end + 2).contains(&x)
        })
    })
}

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

#[cfg(test)]
mod tests {
    use super::squeeze;

    /// A note that is no chain loses whole words when the line is too short (a review's
    /// comment at 60 columns once ended `column 5 was bett`).
    #[test]
    fn a_note_is_shortened_between_words() {
        let note = "move 9: column 4 (-0.7 points expected); column 5 was better";
        let short = squeeze(note, 56);
        assert!(console::measure_text_width(&short) <= 56, "{short}");
        assert_eq!(
            short,
            "move 9: column 4 (-0.7 points expected); column 5 was…"
        );
        assert_eq!(squeeze(note, 100), note);
    }
}
