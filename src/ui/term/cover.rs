//! The boss key's two acts on the screen: switching to the log look and back ([`toggle`]), and
//! covering a screen that cannot be drawn as a log with the journal until the way back
//! ([`cover`]). The state they act on is [`super::boss::Boss`]; the key reader calls them.

use console::Key;

use crate::ui::kit::Stamp;

use super::boss::is_boss;
use super::context::Ui;
use super::input::{KeyRead, input_within, read_decoded};
use super::paint::{draw, size};
use super::settings::Look;

/// Whether the screen is covered by the journal now (the boss key in force, and the screen in
/// front cannot be drawn as a log by itself).
pub(crate) fn covering(ui: &Ui) -> bool {
    ui.boss.hidden() && !ui.boss.is_live()
}

/// The boss key was pressed: the log look on, or the screen that was there back.
pub(crate) fn toggle(ui: &Ui) {
    let b = &ui.boss;
    let showing_log = if b.is_live() {
        ui.look.get() == Look::Log
    } else {
        b.hidden()
    };
    if showing_log {
        b.hide(false);
        ui.look.set(if b.is_live() {
            Look::Board
        } else {
            ui.settings.look
        });
    } else {
        b.hide(true);
        ui.look.set(Look::Log);
    }
    super::disguise::wear(ui);
}

/// A screen that cannot be drawn as a log (a menu) comes up in the log look: it is covered by
/// the journal from the start, as the boss key covers it, so the look holds until `b`.
pub(crate) fn hide_in_log(ui: &Ui) {
    if ui.look.get() == Look::Log {
        ui.boss.hide(true);
    }
}

/// Draws the newest lines of the journal over the whole window (its history first, the first
/// time).
pub(crate) fn show_journal(ui: &Ui) -> std::io::Result<()> {
    let (w, h) = size(&ui.term);
    let mut journal = ui.boss.journal.borrow_mut();
    journal.boot(Stamp::now());
    let lines = journal.lines(w, h);
    drop(journal);
    draw(&ui.term, &lines, h)
}

/// Covers the screen with the journal, a routine line now and then, until the boss key brings
/// the screen back (then [`KeyRead::Redraw`]: the screen draws itself again) or the program has
/// to stop (Ctrl-C, Ctrl-D and Ctrl-Z come back as keys, for the screen to act on as ever).
/// Every other key is swallowed: the hidden screen never sees it.
pub(crate) fn cover(ui: &Ui) -> KeyRead {
    loop {
        if ui.signals.stop() {
            return KeyRead::Stop;
        }
        ui.signals.take_resize();
        if show_journal(ui).is_err() {
            return KeyRead::Stop;
        }
        // A line every few seconds, as a service at rest writes.
        let wait = ui.boss.journal.borrow_mut().pause();
        if !input_within(wait) {
            ui.boss.journal.borrow_mut().routine(Stamp::now());
            continue;
        }
        match read_decoded(ui) {
            // Nothing is typed into the log: `b` always brings the screen back.
            KeyRead::Key(k) if is_boss(&k, false) => {
                toggle(ui);
                return KeyRead::Redraw;
            }
            KeyRead::Key(k @ (Key::CtrlC | Key::Char('\x03' | '\x04' | '\x1a'))) => {
                return KeyRead::Key(k);
            }
            KeyRead::Stop => return KeyRead::Stop,
            _ => {}
        }
    }
}
