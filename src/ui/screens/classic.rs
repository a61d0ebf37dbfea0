//! The classic 2048 screen as lines of text: a pure function of the game and the terminal size,
//! like the card screen ([`crate::ui::screens::cards`]), so every screen can be snapshot-tested.
//!
//! The tiles take the card palette (a 128 tile is the colour of a 128 card), so a player who
//! knows one game reads the other at a glance. The first layout that fits is used: tall tiles
//! (three rows, the number in the middle) with room around them, then flat tiles, then tiles
//! just as wide as their number; the duel screen draws its boards with the same [`grid`].

use crate::classic::{Board, ClassicGame};

use crate::ui::kit::{
    Canvas, Grid, Mark, Note, Overlay, Theme, Tone, Words, best_text, centre, choices, fill,
    first_fit, fit, news, pack, pair, result_best,
};

/// Everything the classic screen shows.
pub(crate) struct ClassicScreen<'a> {
    pub game: &'a ClassicGame,
    pub best: Option<u64>,
    pub notes: &'a [Note],
    pub overlay: Overlay,
    /// Leave the last line empty (a prompt goes there).
    pub prompt_line: bool,
    /// The prompt is a question in play (quit, restart): the keys' lines keep their room, so the
    /// board stays where it was (a replay's bar, the other prompt, takes only its own line).
    pub asking: bool,
    /// A frame of the slide being animated, drawn instead of the board.
    pub frame: Option<&'a Grid>,
    /// Par and accuracy for the result screen (`insight::items`).
    pub insight: &'a [String],
}

impl<'a> ClassicScreen<'a> {
    /// The screen of `game` and nothing more: no best score, notes, overlay or frame, the whole
    /// window used. A site says what it shows besides (`ClassicScreen { best,
    /// ..ClassicScreen::of(game) }`), as [`super::Screen::of`] for the card game.
    pub(crate) fn of(game: &'a ClassicGame) -> ClassicScreen<'a> {
        ClassicScreen {
            game,
            best: None,
            notes: &[],
            overlay: Overlay::None,
            prompt_line: false,
            asking: false,
            frame: None,
            insight: &[],
        }
    }
}

/// How the tiles of a board are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Tiles {
    /// Display width of a tile.
    pub width: usize,
    /// Text rows per tile: 1, 3 (tall) or 5 (in a large window).
    pub rows: usize,
    /// Columns between two tiles, and blank rows between two rows of tiles.
    pub gap: usize,
    pub vgap: usize,
}

impl Tiles {
    /// The ways to draw `board`, roomiest first. Tiles are as wide as the widest number on the
    /// board (at least four digits, so the board does not change size before 16384).
    pub(crate) fn all(board: &Board) -> [Tiles; 4] {
        let label = board.highest().max(1024).to_string().len();
        let t = |width, rows, gap, vgap| Tiles {
            width,
            rows,
            gap,
            vgap,
        };
        [
            t(label + 4, 3, 1, 1),
            t(label + 2, 1, 1, 1),
            t(label + 2, 1, 1, 0),
            t(label, 1, 1, 0),
        ]
    }

    /// Larger ways than [`Tiles::all`]'s, for a large window: wider and taller tiles.
    pub(crate) fn large(board: &Board) -> [Tiles; 2] {
        let label = board.highest().max(1024).to_string().len();
        [
            Tiles {
                width: label + 12,
                rows: 5,
                gap: 2,
                vgap: 1,
            },
            Tiles {
                width: label + 8,
                rows: 3,
                gap: 2,
                vgap: 1,
            },
        ]
    }

    /// The display width of `board` drawn this way.
    pub(crate) fn board_width(self, board: &Board) -> usize {
        let n = board.size();
        n * self.width + (n - 1) * self.gap
    }
}

/// The board's rows of tiles, top row first: each tile in its value's colour (in brackets
/// without colour), an empty cell a dot on a dark well.
pub(crate) fn grid(board: &Board, theme: Theme, t: Tiles) -> Vec<String> {
    let n = board.size();
    let cells: Vec<Vec<(u8, Mark)>> = (0..n)
        .map(|r| (0..n).map(|c| (board.get(r, c), Mark::Plain)).collect())
        .collect();
    grid_cells(&cells, theme, t)
}

/// [`grid`] of cells given one by one (exponent, look): a board, or a frame of a slide.
pub(crate) fn grid_cells(cells: &[Vec<(u8, Mark)>], theme: Theme, t: Tiles) -> Vec<String> {
    let gap = " ".repeat(t.gap);
    let middle = (t.rows.max(1) - 1) / 2;
    let mut rows = Vec::new();
    for (r, line) in cells.iter().enumerate() {
        if r > 0 {
            rows.extend(std::iter::repeat_n(String::new(), t.vgap));
        }
        for band in 0..t.rows.max(1) {
            let numbered = band == middle;
            let row: Vec<String> = line
                .iter()
                .map(|&(e, mark)| {
                    let label = if e == 0 {
                        String::new()
                    } else {
                        (1u64 << e.min(63)).to_string()
                    };
                    match (e, numbered) {
                        (0, true) => theme.well(".", t.width, Tone::Dim),
                        (0, false) => theme.well("", t.width, Tone::Dim),
                        (e, true) if mark == Mark::Plain && t.rows < 5 => {
                            theme.tile(e, &label, t.width)
                        }
                        // Without colour, the padding rows of a 3-row tile are blank
                        // whatever its look: the brackets on the number row say it.
                        (e, false) if t.rows < 5 && (mark == Mark::Plain || !theme.color) => {
                            theme.tile(e, "", t.width)
                        }
                        (e, _) => theme.face_row(
                            Theme::tile_colours(e),
                            &label,
                            t.width,
                            mark,
                            band,
                            t.rows,
                        ),
                    }
                })
                .collect();
            rows.push(row.join(&gap));
        }
    }
    rows
}

/// One way of laying out the screen.
#[derive(Clone, Copy, Debug)]
struct ClassicLayout {
    tiles: Tiles,
    /// Blank lines between the parts.
    airy: bool,
    /// Whether the result screen shows the board above the result (the last resort of a small
    /// window leaves it out, as the card game's result does, so the result and its par and
    /// accuracy fit).
    board: bool,
}

/// The screen on canvas `c` (at most its height in lines, none wider than its width), or the
/// smallest size that would fit.
pub(crate) fn lay_out_classic(s: &ClassicScreen, c: Canvas) -> Result<Vec<String>, (usize, usize)> {
    let board = s.game.board();
    let [roomy, flat, close, tight] = Tiles::all(board);
    let [huge, large] = Tiles::large(board);
    let layouts = [
        ClassicLayout {
            tiles: huge,
            airy: true,
            board: true,
        },
        ClassicLayout {
            tiles: large,
            airy: true,
            board: true,
        },
        ClassicLayout {
            tiles: roomy,
            airy: true,
            board: true,
        },
        ClassicLayout {
            tiles: flat,
            airy: true,
            board: true,
        },
        ClassicLayout {
            tiles: close,
            airy: true,
            board: true,
        },
        ClassicLayout {
            tiles: close,
            airy: false,
            board: true,
        },
        ClassicLayout {
            tiles: tight,
            airy: false,
            board: true,
        },
        ClassicLayout {
            tiles: tight,
            airy: false,
            board: false,
        },
    ];
    let build = |l: ClassicLayout, c: Canvas| {
        let lines = screen(s, c.words, c.theme, l, c.width);
        (lines, MARGIN.len() + l.tiles.board_width(board))
    };
    // The help and the result are text to read: paged when taller than the window.
    let paged = matches!(s.overlay, Overlay::Help | Overlay::Result { .. });
    first_fit(&layouts, build, paged, c).map(|l| centre(l, c.width, c.height))
}

const MARGIN: &str = "  ";

/// `Classic 4×4`, after the game's name.
pub(crate) fn title(words: &Words, theme: Theme, side: usize, tag: &str, width: usize) -> String {
    let t = format!(
        "{MARGIN}{}  {}",
        theme.paint(words.title, Tone::Title),
        theme.paint(&fill(tag, &[&side, &side]), Tone::Label)
    );
    fit(&t, width)
}

fn screen(
    s: &ClassicScreen,
    words: &Words,
    theme: Theme,
    l: ClassicLayout,
    width: usize,
) -> Vec<String> {
    let game = s.game;
    let mut out = vec![title(
        words,
        theme,
        game.board().size(),
        words.classic_tag,
        width,
    )];
    if l.airy {
        out.push(String::new());
    }
    let mut stats = vec![
        pair(theme, words.score, &game.score().to_string()),
        pair(theme, words.best, &best_text(s.best)),
        pair(theme, words.moves, &game.moves().len().to_string()),
    ];
    if s.best.is_some_and(|b| game.score() > b) && s.overlay == Overlay::None {
        stats.push(theme.paint(words.new_best, Tone::Good));
    }
    // Once made, the winning tile stays marked: the banner only lasts one move.
    if game.won() && s.overlay == Overlay::None {
        stats.push(theme.paint(&format!("★ {}", game.rules().win), Tone::Good));
    }
    out.extend(pack(&stats, "    ", MARGIN, width));
    if l.airy {
        out.push(String::new());
    }
    if s.overlay == Overlay::Help {
        out.extend(help(s, words, theme, width));
        return out;
    }
    let rows = match s.frame {
        _ if !l.board && matches!(s.overlay, Overlay::Result { .. }) => Vec::new(),
        Some(f) => grid_cells(&f.cells, theme, l.tiles),
        None => grid(game.board(), theme, l.tiles),
    };
    for row in rows {
        out.push(format!("{MARGIN}{row}").trim_end().to_string());
    }
    let result = match s.overlay {
        Overlay::Result { new_best, .. } => Some(result(s, words, theme, new_best, l.airy, width)),
        _ => None,
    };
    let footer = if l.airy {
        words.classic_footer
    } else {
        words.classic_footer_short
    };
    let bottom = Bottom {
        result,
        notes: s.notes,
        footer,
        below: Below::of(s.prompt_line, s.asking),
        airy: l.airy,
        dense: false,
    };
    out.extend(bottom.lines(theme, width));
    out
}

/// What the last lines of a screen hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Below {
    /// The keys.
    Keys,
    /// One line left empty for a prompt (a replay's bar), no keys.
    Prompt,
    /// A question in play: the keys' lines kept, blank and as wide, the prompt on the last, so
    /// the board stays where it was (it moved when a question came).
    Question,
}

impl Below {
    /// What a screen drawn with `prompt_line`, a question when `asking`, has under it.
    pub(crate) fn of(prompt_line: bool, asking: bool) -> Below {
        match (prompt_line, asking) {
            (false, _) => Below::Keys,
            (true, false) => Below::Prompt,
            (true, true) => Below::Question,
        }
    }
}

/// The part of a screen under the boards.
pub(crate) struct Bottom<'a> {
    /// The result lines, when the game is over (else the notes are shown).
    pub result: Option<Vec<String>>,
    pub notes: &'a [Note],
    pub footer: &'a str,
    /// What goes under the notes: the keys, or a prompt.
    pub below: Below,
    /// A blank line above and below; two notes instead of one.
    pub airy: bool,
    /// The keys on one line: those that fit, the last (the help's) always among them.
    pub dense: bool,
}

impl Bottom<'_> {
    /// The result or the notes, then the footer or the room for a prompt.
    pub(crate) fn lines(self, theme: Theme, width: usize) -> Vec<String> {
        let mut out = Vec::new();
        if self.airy {
            out.push(String::new());
        }
        let over = self.result.is_some();
        match self.result {
            Some(result) => out.extend(result),
            None => out.extend(notes(
                self.notes,
                if self.airy { 2 } else { 1 },
                theme,
                width,
            )),
        }
        let below = match self.below {
            Below::Question if over => Below::Prompt,
            b => b,
        };
        if below == Below::Prompt {
            out.push(String::new());
        } else if !over {
            if self.airy {
                out.push(String::new());
            }
            let keys = footer_lines(self.footer, self.dense, theme, width);
            if below == Below::Question {
                // As wide as the keys: the screen is centred by its widest line.
                let blank = |l: &String| " ".repeat(console::measure_text_width(l));
                out.extend(keys.iter().map(blank));
            } else {
                out.extend(keys);
            }
        }
        out
    }
}

/// The first `shown` notes, one line each (blank lines when there are fewer).
fn notes(notes: &[Note], shown: usize, theme: Theme, width: usize) -> Vec<String> {
    news(notes, theme, MARGIN, width, shown)
}

/// The keys, dimmed, wrapped between keys (at the double spaces) so none is cut in two; `dense`
/// on one line: the first key, then as many of the last ones as fit (`q give up`, `? help`,
/// where every key is), the second ones given up first.
fn footer_lines(footer: &str, dense: bool, theme: Theme, width: usize) -> Vec<String> {
    let mut keys: Vec<String> = footer.split("  ").map(String::from).collect();
    while dense && keys.len() > 2 && pack(&keys, "  ", MARGIN, width).len() > 1 {
        keys.remove(1);
    }
    pack(&keys, "  ", MARGIN, width)
        .into_iter()
        .map(|l| theme.paint(&l, Tone::Dim))
        .collect()
}

/// The result under the board: the end, the figures, par and accuracy, the choices (a blank
/// line above them when the layout is airy).
fn result(
    s: &ClassicScreen,
    words: &Words,
    theme: Theme,
    new_best: bool,
    airy: bool,
    width: usize,
) -> Vec<String> {
    let game = s.game;
    let win = game.rules().win;
    let head = if game.won() {
        theme.paint(&fill(words.classic_won_end, &[&win]), Tone::Good)
    } else {
        theme.paint(words.classic_lost, Tone::Bad)
    };
    let score = [
        pair(theme, words.score, &game.score().to_string()),
        result_best(words, theme, s.best, new_best),
    ];
    let played = [
        pair(theme, words.moves, &game.moves().len().to_string()),
        pair(
            theme,
            words.highest_tile,
            &game.board().highest().to_string(),
        ),
    ];
    let mut lines = vec![fit(&format!("{MARGIN}{head}"), width)];
    lines.extend(pack(&score, "    ", MARGIN, width));
    lines.extend(pack(&played, "    ", MARGIN, width));
    lines.extend(super::cards::insight_lines(s.insight, theme, MARGIN, width));
    if let Overlay::Result { choice, undo, .. } = s.overlay {
        if airy {
            lines.push(String::new());
        }
        lines.extend(choices(words, theme, choice, undo, MARGIN, width));
    }
    lines
}

/// The help: keys, then rules (`{}` filled with `fill_with`), then how to go back.
pub(crate) fn help_lines(
    keys: &[impl AsRef<str>],
    rules: &[&str],
    fill_with: &str,
    words: &Words,
    theme: Theme,
    width: usize,
) -> Vec<String> {
    let line = |text: &str| fit(&format!("{MARGIN}{text}"), width);
    let mut out = vec![
        theme.paint(&line(words.help_title), Tone::Title),
        String::new(),
    ];
    // Wrapped, never cut: a narrow window shows every word, the help pages when it is long.
    for k in keys {
        out.extend(super::cards::key_lines(k.as_ref(), width));
    }
    out.push(String::new());
    for r in rules {
        for part in crate::ui::kit::wrap(&fill(r, &[&fill_with]), width.saturating_sub(2).max(1)) {
            out.push(line(&part));
        }
    }
    out.push(String::new());
    out.push(theme.paint(&line(words.help_back), Tone::Dim));
    out
}

fn help(s: &ClassicScreen, words: &Words, theme: Theme, width: usize) -> Vec<String> {
    let win = s.game.rules().win.to_string();
    help_lines(
        words.classic_help_keys,
        words.classic_help_rules,
        &win,
        words,
        theme,
        width,
    )
}

#[cfg(test)]
mod tests;
