//! What a screen is asked to draw: the notes under the board, what covers it (help, the
//! result), and what it is drawn with and on (the words, the colours, the terminal's size).
//! Every screen and every loop speaks in these types, so they live below both.

use super::i18n::Words;
use super::theme::Theme;
use super::theme::Tone;

/// What every screen is drawn with and on: the player's words, the colours, and the window's
/// size. They travel together from the loops through replay to every screen's layout, so one
/// more of them (a colour depth, say) is one field here.
#[derive(Clone, Copy)]
pub(crate) struct Canvas {
    pub words: &'static Words,
    pub theme: Theme,
    pub width: usize,
    pub height: usize,
}

impl std::fmt::Debug for Canvas {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Canvas")
            .field("theme", &self.theme)
            .field("width", &self.width)
            .field("height", &self.height)
            .finish_non_exhaustive()
    }
}

impl Canvas {
    pub(crate) fn new(words: &'static Words, theme: Theme, width: usize, height: usize) -> Canvas {
        Canvas {
            words,
            theme,
            width,
            height,
        }
    }

    /// The same, without colour: how a loop measures what is drawn.
    pub(crate) fn plain(self) -> Canvas {
        Canvas {
            theme: Theme::PLAIN,
            ..self
        }
    }

    /// The same words and colours on a window of `width` × `height`.
    pub(crate) fn sized(self, width: usize, height: usize) -> Canvas {
        Canvas {
            width,
            height,
            ..self
        }
    }
}

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

/// The overlay numbered `n` (0 none, 1 help, else the result), for the property tests.
#[cfg(test)]
pub(crate) fn any_overlay(n: u8, new_best: bool) -> Overlay {
    match n {
        0 => Overlay::None,
        1 => Overlay::Help,
        _ => Overlay::result(new_best),
    }
}

/// Which of the four choices (again, undo, menu, quit) the result screen offers, in order.
pub(crate) fn shown_choices(undo: bool) -> &'static [u8] {
    if undo { &[0, 1, 2, 3] } else { &[0, 2, 3] }
}

/// How to lay a screen out: what covers it, whether its last line is left for a prompt, and
/// the canvas (words, colours, the terminal's size).
#[derive(Clone, Copy, Debug)]
pub(crate) struct View {
    pub overlay: Overlay,
    pub prompt_line: bool,
    pub canvas: Canvas,
}

impl View {
    /// The screen under `overlay` on `canvas`, uncoloured and without a prompt line: how a
    /// loop measures what is drawn (where a click lands, whether it fits).
    pub(crate) fn plain(overlay: Overlay, canvas: Canvas) -> View {
        View {
            overlay,
            prompt_line: false,
            canvas: canvas.plain(),
        }
    }
}

/// A screen laid out, or the smallest size it would fit in.
pub(crate) type Laid = Result<Vec<String>, (usize, usize)>;
