//! Yes/no questions, asked on the last line of whatever screen is showing.
//!
//! A question is dialoguer's `Confirm`, drawn on the game's own terminal handle (stdout), never
//! on stderr, because dialoguer refuses to run when its terminal is not a tty and a player may
//! well redirect stderr. A prompt that fails or is left with Esc counts as "no" / "quit":
//! answering a question must never crash the game.

use std::fmt;

use dialoguer::Confirm;
use dialoguer::theme::Theme as DialogTheme;

use crate::ui::kit::{Theme, Tone, Words, cut_words};
use crate::ui::term::{Ui, size};

/// Runs a dialoguer prompt until it is answered or left. A resize interrupts the prompt's key
/// read and console then raises SIGINT as for Ctrl-C: that interrupt is forgiven, the screen
/// behind the prompt is redrawn at the new size and the prompt shown again.
fn prompt<T>(
    ui: &Ui,
    mut redraw: impl FnMut(),
    mut ask: impl FnMut() -> dialoguer::Result<Option<T>>,
) -> Option<T> {
    if ui.signals.take_resize() {
        redraw();
    }
    let answer = loop {
        // A Ctrl-C typed while the screen was drawn has already been turned into SIGINT (and the
        // typed keys dropped): asking now would wait for a key that never comes.
        if ui.signals.stop() {
            break None;
        }
        match ask() {
            Ok(v) => break v,
            Err(_) if ui.signals.take_resize() => {
                ui.signals.forgive_interrupt();
                if ui.signals.stop() {
                    break None;
                }
                redraw();
            }
            Err(_) => break None,
        }
    };
    let _ = ui.term.hide_cursor();
    answer
}

/// Asks a yes/no question where the cursor is; `None` when it was left (Esc, q, Ctrl-C, an
/// error). `redraw` draws the screen behind the question again after a resize.
pub(crate) fn confirm(
    ui: &Ui,
    question: &str,
    default: bool,
    redraw: impl FnMut(),
) -> Option<bool> {
    let t = Prompts {
        theme: ui.theme,
        words: ui.words,
    };
    // The question, its keys and the answer on one line: a wrapped prompt would scroll the
    // screen behind it (at 40 columns, the score off the top).
    let (width, _) = size(&ui.term);
    let keys = console::measure_text_width(ui.words.yes_no_keys)
        + console::measure_text_width(ui.words.yes).max(console::measure_text_width(ui.words.no));
    let question = cut_words(question, width.saturating_sub(keys + 5).max(8));
    prompt(ui, redraw, || {
        Confirm::with_theme(&t)
            .with_prompt(&question)
            .default(default)
            .report(false)
            .interact_on_opt(&ui.term)
    })
}

/// How a question looks: in the player's colours and language (dialoguer's own themes write
/// `yes`/`no` in English). Only the question is drawn through dialoguer; the menus are our own
/// lists (see [`crate::ui::widgets::list`]), so nothing else of a dialoguer theme is needed.
struct Prompts {
    theme: Theme,
    words: &'static Words,
}

impl DialogTheme for Prompts {
    fn format_confirm_prompt(
        &self,
        f: &mut dyn fmt::Write,
        prompt: &str,
        default: Option<bool>,
    ) -> fmt::Result {
        let t = self.theme;
        write!(
            f,
            "{} {} {}",
            t.paint("?", Tone::Title),
            t.paint(prompt, Tone::Value),
            t.paint(self.words.yes_no_keys, Tone::Dim)
        )?;
        match default {
            Some(d) => {
                let word = if d { self.words.yes } else { self.words.no };
                write!(f, " {}", t.paint(word, Tone::Info))
            }
            None => Ok(()),
        }
    }
}
