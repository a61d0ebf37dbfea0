//! Colours: the card palette and the tones of the texts.
//!
//! Colour is decided once, by the player (`--no-color`, `NO_COLOR`, `TERM=dumb`), and not by
//! console's own guess, so the rendered screen is the same whether or not a test runs on a
//! terminal. With colour off every function returns its text untouched: that plain text is what
//! the snapshot tests compare, and the cards stay readable because their faces carry brackets.

use console::{Color, Style};

use crate::cards::card::Card;

use super::cell::Mark;

/// What a piece of text is, which decides its colour.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Tone {
    Title,
    Label,
    Value,
    Good,
    Bad,
    Info,
    Dim,
    /// The highlighted column.
    Cursor,
    /// The column the hint suggests.
    Hint,
    /// A full column's mark.
    Full,
    /// The first player of a duel: their name and marks.
    Player1,
    /// The second player of a duel.
    Player2,
}

/// Colours on or off.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Theme {
    pub color: bool,
}

impl Theme {
    /// Colour unless `--no-color`, a non-empty `NO_COLOR` (no-color.org) or `TERM=dumb`.
    pub(crate) fn choose(no_color_flag: bool) -> Theme {
        let no_color_env = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let dumb = std::env::var("TERM").is_ok_and(|t| t == "dumb");
        Theme {
            color: !(no_color_flag || no_color_env || dumb),
        }
    }

    pub(crate) const PLAIN: Theme = Theme { color: false };

    fn style() -> Style {
        Style::new().force_styling(true)
    }

    /// `text` as a paragraph of a screen `width` wide: wrapped, each line indented by two
    /// spaces and in the colour of `tone`.
    pub(crate) fn paragraph(self, text: &str, width: usize, tone: Tone) -> Vec<String> {
        super::wrap(text, width.saturating_sub(2).max(1))
            .into_iter()
            .map(|l| self.paint(&format!("  {l}"), tone))
            .collect()
    }

    /// `text` in the colour of `tone`.
    pub(crate) fn paint(self, text: &str, tone: Tone) -> String {
        if !self.color || text.is_empty() {
            return text.to_string();
        }
        let s = Self::style();
        let s = match tone {
            Tone::Title => s.bold().color256(214),
            Tone::Label => s.color256(245),
            Tone::Value => s.bold().white(),
            Tone::Good => s.bold().green(),
            Tone::Bad => s.bold().color256(203),
            Tone::Info => s.color256(117),
            Tone::Dim => s.color256(240),
            Tone::Cursor => s.bold().reverse(),
            Tone::Hint => s.bold().black().on_color256(150),
            Tone::Full => s.bold().white().on_color256(124),
            Tone::Player1 => s.bold().color256(81),
            Tone::Player2 => s.bold().color256(213),
        };
        s.apply_to(text).to_string()
    }

    /// An empty place showing `text` (a dot, or nothing for the padding rows of a tall tile).
    pub(crate) fn well(self, text: &str, width: usize, tone: Tone) -> String {
        let body = center(text, width);
        if !self.color {
            return body;
        }
        let bg = match tone {
            Tone::Cursor => 239,
            Tone::Hint => 22,
            _ => 236,
        };
        Self::style()
            .color256(243)
            .on_color256(bg)
            .apply_to(body)
            .to_string()
    }

    /// A card face of `width` columns showing `label`: coloured like 2048 tiles, or in brackets
    /// when colour is off (`[ 128]`) so it still reads as a card.
    pub(crate) fn card(self, card: Card, label: &str, width: usize) -> String {
        self.face(palette(card), label, width)
    }

    /// A classic 2048 tile of exponent `exponent` (1 is a 2), in the same colours as the card
    /// of that value. An empty `label` is a padding row of a tall tile: the colour alone, or
    /// blank without colour (the brackets go on the row with the number).
    pub(crate) fn tile(self, exponent: u8, label: &str, width: usize) -> String {
        if label.is_empty() && !self.color {
            return " ".repeat(width);
        }
        self.face(ramp(exponent), label, width)
    }

    /// One row (`row` of `rows`) of a card or tile face in a look of the animations: `label` is
    /// written on the middle row. Without colour a tall face is an ASCII box (`+----+`) so it
    /// still reads as a card, and each look has its own brackets (`{ 8}` fresh, `>8<` meeting,
    /// `*2048*` flashing).
    pub(crate) fn face_row(
        self,
        colours: (Color, Color),
        label: &str,
        width: usize,
        mark: Mark,
        row: usize,
        rows: usize,
    ) -> String {
        let middle = row == (rows.saturating_sub(1)) / 2;
        let text = if middle { label } else { "" };
        if mark == Mark::Blast {
            let burst = if row.is_multiple_of(2) {
                "* * *"
            } else {
                " * * "
            };
            return if self.color {
                Self::style()
                    .bold()
                    .color256(226)
                    .on_color256(160)
                    .apply_to(center(burst, width))
                    .to_string()
            } else {
                center(burst, width)
            };
        }
        if self.color {
            let (fg, bg) = match mark {
                Mark::Meet => (colours.1, colours.0),
                Mark::Flash => (Color::Color256(16), Color::Color256(231)),
                _ => colours,
            };
            let shown = if mark == Mark::Fresh && middle && width >= measure(label) + 2 {
                format!("{{{label}}}")
            } else {
                text.to_string()
            };
            let style = Self::style().bold().fg(fg).bg(bg);
            let style = if mark == Mark::Fresh && middle {
                style.underlined()
            } else {
                style
            };
            return style.apply_to(center(&shown, width)).to_string();
        }
        if rows >= 3 && !middle && width >= 2 {
            let edge = if row == 0 || row + 1 == rows {
                format!("+{}+", "-".repeat(width - 2))
            } else {
                format!("|{}|", " ".repeat(width - 2))
            };
            return edge;
        }
        if !middle {
            return " ".repeat(width);
        }
        let (open, close) = match mark {
            Mark::Fresh => ("{", "}"),
            Mark::Meet => (">", "<"),
            Mark::Flash => ("*", "*"),
            _ if rows >= 3 => ("|", "|"),
            _ => ("[", "]"),
        };
        if width >= measure(label) + 2 {
            format!("{open}{}{close}", center(label, width - 2))
        } else {
            center(label, width)
        }
    }

    /// The colours of a card (see [`palette`]).
    pub(crate) fn card_colours(card: Card) -> (Color, Color) {
        palette(card)
    }

    /// The colours of the classic tile 2^`exponent` (see [`ramp`]).
    pub(crate) fn tile_colours(exponent: u8) -> (Color, Color) {
        ramp(exponent)
    }

    fn face(self, (fg, bg): (Color, Color), label: &str, width: usize) -> String {
        if self.color {
            let body = center(label, width);
            Self::style()
                .bold()
                .fg(fg)
                .bg(bg)
                .apply_to(body)
                .to_string()
        } else if width >= console::measure_text_width(label) + 2 {
            format!("[{}]", center(label, width - 2))
        } else {
            center(label, width)
        }
    }
}

/// Foreground and background of a card: the ramp of its value (see [`ramp`]); a bomb is yellow
/// on black and a wild card black on cyan so neither can pass for a number.
fn palette(card: Card) -> (Color, Color) {
    if card.is_bomb() {
        return (Color::Color256(226), Color::Color256(16));
    }
    if card.is_wild() {
        return (Color::Color256(16), Color::Color256(51));
    }
    ramp(card.exponent().unwrap_or(1))
}

/// Foreground and background of the value 2^`exponent`, for cards and classic tiles alike: the
/// warm ramp of 2048 (pale for small values, orange and red, then gold towards 2048), a violet
/// for anything higher.
fn ramp(exponent: u8) -> (Color, Color) {
    const DARK: Color = Color::Color256(235);
    const LIGHT: Color = Color::Color256(231);
    match exponent {
        1 => (DARK, Color::Color256(254)),
        2 => (DARK, Color::Color256(223)),
        3 => (DARK, Color::Color256(215)),
        4 => (LIGHT, Color::Color256(209)),
        5 => (LIGHT, Color::Color256(203)),
        6 => (LIGHT, Color::Color256(160)),
        // 128 to 2048 climb from pale yellow to deep gold, each step clearly apart (256 and 512
        // were once 228 and 227, which most palettes draw alike).
        7 => (DARK, Color::Color256(229)),
        8 => (DARK, Color::Color256(227)),
        9 => (DARK, Color::Color256(184)),
        10 => (DARK, Color::Color256(220)),
        11 => (DARK, Color::Color256(214)),
        _ => (LIGHT, Color::Color256(97)),
    }
}

fn measure(text: &str) -> usize {
    console::measure_text_width(text)
}

/// The display width of the widest of `lines` (0 for none), wide characters counted twice and
/// colour codes not at all: what a block is centred, placed beside another, or said too large by.
pub(crate) fn widest<S: AsRef<str>>(lines: impl IntoIterator<Item = S>) -> usize {
    lines
        .into_iter()
        .map(|l| measure(l.as_ref()))
        .max()
        .unwrap_or(0)
}

/// `text` centred in `width` display columns (wide characters count twice), cut if too long.
pub(crate) fn center(text: &str, width: usize) -> String {
    let text = fit(text, width);
    let w = console::measure_text_width(&text);
    let left = (width - w).div_ceil(2);
    format!(
        "{}{}{}",
        " ".repeat(left),
        text,
        " ".repeat(width - w - left)
    )
}

/// `text` padded with spaces to `width` display columns, cut if too long.
pub(crate) fn pad(text: &str, width: usize) -> String {
    let text = fit(text, width);
    let w = console::measure_text_width(&text);
    format!("{}{}", text, " ".repeat(width - w))
}

/// `text` cut to at most `width` display columns (escape codes kept, wide characters whole).
pub(crate) fn fit(text: &str, width: usize) -> String {
    if console::measure_text_width(text) <= width {
        text.to_string()
    } else {
        console::truncate_str(text, width, "").into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_cards_have_brackets() {
        let c = Card::from_value(128).unwrap();
        assert_eq!(Theme::PLAIN.card(c, "128", 6), "[ 128]");
        assert_eq!(Theme::PLAIN.paint("x", Tone::Bad), "x");
    }

    #[test]
    fn colour_cards_keep_their_width() {
        let t = Theme { color: true };
        let face = t.card(Card::BOMB, "炸弹", 6);
        assert!(face.contains("\x1b["));
        assert_eq!(console::measure_text_width(&face), 6);
    }

    #[test]
    fn wide_text_is_measured() {
        assert_eq!(center("得分", 6), " 得分 ");
        assert_eq!(pad("得分", 5), "得分 ");
        assert_eq!(console::measure_text_width(&fit("得分得分", 5)), 4);
    }
}
