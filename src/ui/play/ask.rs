//! The loops of the widgets: a list shown until an item is picked, a yes/no question asked on the
//! line where the cursor is. What is drawn and what a key does are the widgets' own pure
//! functions ([`crate::ui::widgets`]); here the keys are read, with the same key read as the
//! games, so a stop signal, a resize and a lost terminal behave as they do in play.

use std::io::Write;

use console::Key;

use crate::ui::term;
use crate::ui::term::{KeyRead, Ui, read_key};
use crate::ui::widgets::{
    Answer, List, Moved, Picked, answer, lines, on_key, on_mouse, question_line,
};

/// Shows `list` with item `default` highlighted until the player is done with it. Ctrl-Z gives
/// the terminal back until `fg`.
pub(crate) fn pick(ui: &Ui, list: &List, default: usize) -> Picked {
    let n = list.items.len();
    if n == 0 {
        return Picked::Back;
    }
    let mut selected = default.min(n - 1);
    loop {
        if ui.signals.stop() {
            return Picked::Stop;
        }
        ui.signals.take_resize();
        let (w, h) = term::size(&ui.term);
        if term::draw(&ui.term, &lines(list, selected, ui.theme, w, h), h).is_err() {
            return Picked::Stop;
        }
        let moved = match read_key(ui) {
            KeyRead::Key(Key::Char('\x1a')) => {
                term::suspend(ui);
                continue;
            }
            KeyRead::Key(k) => on_key(list, selected, &k, h),
            KeyRead::Mouse(m) => on_mouse(list, selected, m, (w, h)),
            KeyRead::Redraw => continue,
            KeyRead::Stop => return Picked::Stop,
        };
        match moved {
            Moved::To(i) => selected = i,
            Moved::Done(p) => return p,
        }
    }
}

/// Asks a yes/no question where the cursor is; `None` when it was left (Esc, `q`, Ctrl-C, a
/// stop signal, the terminal gone). `redraw` draws the screen behind the question again after a
/// resize.
pub(crate) fn confirm(
    ui: &Ui,
    question: &str,
    default: bool,
    mut redraw: impl FnMut(),
) -> Option<bool> {
    if ui.signals.take_resize() {
        redraw();
    }
    let answered = loop {
        // A Ctrl-C typed while the screen was drawn has already stopped the game.
        if ui.signals.stop() {
            break None;
        }
        let (width, _) = term::size(&ui.term);
        let line = question_line(ui.words, ui.theme, question, default, width);
        let mut out = ui.term.clone();
        if write!(out, "\r{line}\x1b[K")
            .and_then(|()| out.flush())
            .is_err()
        {
            break None;
        }
        match read_key(ui) {
            KeyRead::Key(k) => match answer(&k, default) {
                Some(Answer::Yes) => break Some(true),
                Some(Answer::No) => break Some(false),
                Some(Answer::Left) => break None,
                None => {}
            },
            KeyRead::Mouse(_) => {}
            KeyRead::Redraw => {
                ui.signals.take_resize();
                redraw();
            }
            KeyRead::Stop => break None,
        }
    };
    // The question is not left on the screen behind it.
    let mut out = ui.term.clone();
    let _ = write!(out, "\r\x1b[K").and_then(|()| out.flush());
    answered
}
