//! The loops of the widgets: a list shown until an item is picked, a yes/no question asked on the
//! line where the cursor is, or as a log line in the log look; and the rules editor's, a list
//! whose items are typed into. What is drawn and what a key does are the widgets' own pure
//! functions ([`crate::ui::widgets`]) and the editor's state ([`crate::ui::editor`]); here the
//! keys are read, with the same key read as the games, so a stop signal, a resize and a lost
//! terminal behave as they do in play.

use std::io::Write;

use crate::ui::term::Key;

use crate::ui::editor::{Edited, Editor, Step};
use crate::ui::kit::{Level, Stamp};
use crate::ui::term;
use crate::ui::term::{KeyRead, Look, Ui, Waited, read_key, wait_key};
use crate::ui::widgets::{
    Answer, List, Moved, Picked, answer, item_at, lines, on_key, on_mouse, question_line,
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
        let (w, h) = term::size(&ui.term);
        if term::draw(&ui.term, &lines(list, selected, ui.theme, w, h), h).is_err() {
            return Picked::Stop;
        }
        let moved = match read_key(ui) {
            KeyRead::Key(Key::Ctrl('z')) => {
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

/// A yes/no question in the log look: a log line that asks for an operator's answer (`y` yes,
/// `n` no, Enter the default), and a line that records the answer. `None` when it was left (Esc,
/// `q`, Ctrl-C, a stop).
pub(crate) fn ask_in_log(ui: &Ui, question: &str, default: bool) -> Option<bool> {
    // Each question has its own request id, so two questions do not read alike.
    let id = question.bytes().fold(0x811c_9dc5u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    }) & 0xffff;
    let log = |level, text: String| {
        ui.boss
            .journal
            .borrow_mut()
            .log(Stamp::now(), level, "supervisor", &text);
    };
    log(
        Level::Warn,
        format!("operator ack required req={id:04x} pending=1"),
    );
    let answer = loop {
        if term::show_journal(ui).is_err() {
            break None;
        }
        match read_key(ui) {
            KeyRead::Key(Key::Char('y' | 'Y')) => break Some(true),
            KeyRead::Key(Key::Char('n' | 'N')) => break Some(false),
            KeyRead::Key(Key::Enter) => break Some(default),
            KeyRead::Key(Key::Escape | Key::Ctrl('c' | 'd') | Key::Char('q' | 'Q'))
            | KeyRead::Stop => break None,
            // The boss key went back to the board: the question is withdrawn.
            KeyRead::Redraw if ui.look.get() != Look::Log => break None,
            _ => {}
        }
    };
    match answer {
        Some(true) => log(Level::Info, format!("req={id:04x} acknowledged")),
        _ => log(Level::Info, format!("req={id:04x} withdrawn pending=0")),
    }
    answer
}

/// The rules editor `ed` until the player leaves it. The estimate's games come in while a key is
/// waited for, so the wait is timed while more are coming.
pub(crate) fn edit(ui: &Ui, ed: &mut Editor) -> Edited {
    let edited = loop {
        if ui.signals.stop() {
            break Edited::Stop;
        }
        let limit = ed.poll();
        let (w, h) = term::size(&ui.term);
        let view = ed.view(ui.canvas(w, h));
        let list = view.list();
        if term::draw(&ui.term, &lines(&list, ed.selected(), ui.theme, w, h), h).is_err() {
            break Edited::Stop;
        }
        // While a value or a name is typed, `b` is a letter (Esc twice still hides).
        ui.boss.typing(ed.is_typing());
        let step = match wait_key(ui, limit) {
            Waited::Key(k) => ed.on_key(&k, ui.words),
            Waited::Mouse(m) => {
                let at = item_at(&list, ed.selected(), w, h, usize::from(m.y));
                ed.on_mouse(m.act, at, ui.words)
            }
            Waited::Timeout | Waited::Redraw => Step::Stay,
            Waited::Stop => break Edited::Stop,
        };
        match step {
            Step::Stay => {}
            Step::Leave(edited) => break edited,
            Step::AskLeave => match confirm(ui, ui.words.editor_leave_unsaved, false, || {}) {
                Some(true) => break ed.leave(),
                _ if ui.signals.stop() => break Edited::Stop,
                _ => {}
            },
        }
    };
    ui.boss.typing(false);
    edited
}
