//! The terminal taken over and given back as it was.
//!
//! [`TermGuard`] switches to the alternate screen, hides the cursor and (when the mouse is on)
//! asks for mouse reports; its `Drop` (and a panic hook, for a panic that happens while the
//! screen is taken) turns mouse reporting off, resets colours, leaves the alternate screen and
//! shows the cursor, so the shell is left as the player had it whatever way the game ends: a
//! quit, Ctrl-C, SIGTERM and SIGHUP all leave through the guard, a panic through the hook, and
//! Ctrl-Z gives the terminal back the same way until `fg`. A shell left with mouse reporting on
//! would print a report for every move of the pointer. Raw mode needs no undoing here: console switches it on only for the length of
//! one key read.

use std::io::{self, Write};

use console::Term;

use super::context::Ui;
use super::mouse;
use super::paint::RESET;

const ALT_SCREEN_ON: &str = "\x1b[?1049h";
const ALT_SCREEN_OFF: &str = "\x1b[?1049l";
const SHOW_CURSOR: &str = "\x1b[?25h";
const HIDE_CURSOR: &str = "\x1b[?25l";

/// The terminal taken over for the game; dropping it gives the terminal back.
pub(crate) struct TermGuard {
    term: Term,
    modes: Option<Modes>,
}

impl TermGuard {
    pub(crate) fn enter(ui: &Ui) -> io::Result<TermGuard> {
        let term = &ui.term;
        let modes = Modes::quiet();
        let hook_modes = modes.clone();
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore(&mut io::stdout());
            if let Some(m) = &hook_modes {
                m.restore();
            }
            previous(info);
        }));
        let mut out = term.clone();
        take(&mut out, ui.mouse)?;
        super::disguise::wear(ui);
        Ok(TermGuard {
            term: term.clone(),
            modes,
        })
    }
}

impl Drop for TermGuard {
    fn drop(&mut self) {
        // Errors are ignored: after a hang-up there is no terminal left to restore.
        restore(&mut self.term);
        if let Some(m) = &self.modes {
            m.restore();
        }
        // During a panic the hook cannot be touched (the standard library panics again, and a
        // panic while unwinding aborts the program before anything else is put back); the
        // process is ending then anyway.
        if !std::thread::panicking() {
            let _ = std::panic::take_hook();
        }
    }
}

/// The terminal's settings as the player had them, kept to be put back; while the game runs,
/// standard input is out of line mode and does not echo.
#[derive(Clone)]
struct Modes {
    original: rustix::termios::Termios,
}

impl Modes {
    /// Switches line mode and echo off on standard input when it is a terminal; `None` when it
    /// is not (or its settings cannot be read), and then nothing is changed.
    fn quiet() -> Option<Modes> {
        use rustix::termios::{LocalModes, OptionalActions, tcgetattr, tcsetattr};
        let stdin = io::stdin();
        let original = tcgetattr(&stdin).ok()?;
        let mut quiet = original.clone();
        quiet.local_modes &= !(LocalModes::ICANON | LocalModes::ECHO);
        quiet.special_codes[rustix::termios::SpecialCodeIndex::VMIN] = 1;
        quiet.special_codes[rustix::termios::SpecialCodeIndex::VTIME] = 0;
        tcsetattr(&stdin, OptionalActions::Now, &quiet).ok()?;
        Some(Modes { original })
    }

    fn restore(&self) {
        let _ = rustix::termios::tcsetattr(
            io::stdin(),
            rustix::termios::OptionalActions::Now,
            &self.original,
        );
    }
}

/// Takes the screen: the alternate screen, no cursor, mouse reports when `mouse`.
fn take(out: &mut impl Write, mouse: bool) -> io::Result<()> {
    let reports = if mouse { mouse::ENABLE } else { "" };
    write!(out, "{ALT_SCREEN_ON}{HIDE_CURSOR}\x1b[2J\x1b[H{reports}")?;
    out.flush()
}

/// Gives the screen back. Mouse reporting is turned off whether or not it was asked for: it
/// costs nothing, and a terminal left reporting by anything is put right.
fn restore(out: &mut impl Write) {
    super::disguise::take_off(out);
    let _ = write!(
        out,
        "{}{RESET}\x1b[2J\x1b[H{ALT_SCREEN_OFF}{RESET}{SHOW_CURSOR}",
        mouse::DISABLE
    );
    let _ = out.flush();
}

/// Ctrl-Z: gives the terminal back as [`TermGuard`] leaves it, stops the process (SIGTSTP, as the
/// terminal would have sent outside the raw key read), and takes the screen again once the shell
/// resumes it (`fg`). The caller redraws.
pub(crate) fn suspend(ui: &Ui) {
    outside(ui, || {
        let _ =
            rustix::process::kill_process(rustix::process::getpid(), rustix::process::Signal::TSTP);
    });
}

/// Runs `away` with the terminal given back as [`TermGuard`] leaves it, in line mode with echo
/// (the game stopped by Ctrl-Z, or the player's text editor run on a file), then takes the
/// screen again. The caller redraws.
pub(crate) fn outside<T>(ui: &Ui, away: impl FnOnce() -> T) -> T {
    let mut out = ui.term.clone();
    restore(&mut out);
    // The shell (or the editor) gets its line mode and echo back meanwhile.
    let quiet = rustix::termios::tcgetattr(io::stdin()).ok();
    if let Some(q) = &quiet {
        let mut line = q.clone();
        line.local_modes |= rustix::termios::LocalModes::ICANON | rustix::termios::LocalModes::ECHO;
        let _ =
            rustix::termios::tcsetattr(io::stdin(), rustix::termios::OptionalActions::Now, &line);
    }
    let done = away();
    if let Some(q) = &quiet {
        let _ = rustix::termios::tcsetattr(io::stdin(), rustix::termios::OptionalActions::Now, q);
    }
    let _ = take(&mut out, ui.mouse);
    // The title given back with the terminal goes on again.
    super::disguise::wear(ui);
    done
}
