//! The terminal taken over and given back as it was.
//!
//! [`TermGuard`] puts the terminal in raw mode (no line mode, no echo, every key read as it is
//! pressed: Ctrl-C and Ctrl-Z arrive as keys), switches to the alternate screen, hides the cursor
//! and (when the mouse is on) asks for mouse reports, all through crossterm, which does the same
//! on Unix and Windows. Its `Drop` (and a panic hook, for a panic that happens while the screen
//! is taken) undoes each, so the shell is left as the player had it whatever way the game ends:
//! a quit, Ctrl-C, SIGTERM and SIGHUP all leave through the guard, a panic through the hook, and
//! Ctrl-Z gives the terminal back the same way until `fg`. A shell left with mouse reporting on
//! would print a report for every move of the pointer.

use std::io::{self, Write};

use crossterm::cursor::{Hide, MoveTo, Show};
use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::terminal::{
    Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use crossterm::{execute, queue};

use super::context::Ui;
use super::paint::RESET;

/// The terminal taken over for the game; dropping it gives the terminal back.
pub(crate) struct TermGuard {
    _private: (),
}

impl TermGuard {
    pub(crate) fn enter(ui: &Ui) -> io::Result<TermGuard> {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            give_back();
            previous(info);
        }));
        take(ui.mouse)?;
        super::disguise::wear(ui);
        Ok(TermGuard { _private: () })
    }
}

impl Drop for TermGuard {
    fn drop(&mut self) {
        give_back();
        // During a panic the hook cannot be touched (the standard library panics again, and a
        // panic while unwinding aborts the program before anything else is put back); the
        // process is ending then anyway.
        if !std::thread::panicking() {
            let _ = std::panic::take_hook();
        }
    }
}

/// Takes the terminal: raw mode, the alternate screen cleared, no cursor, mouse reports when
/// `mouse`. Raw mode first, so no key typed meanwhile is echoed over the screen.
fn take(mouse: bool) -> io::Result<()> {
    enable_raw_mode()?;
    // crossterm starts listening (for resizes too) at its first look at the input: looking now
    // means a resize that comes before the first key read is not lost.
    let _ = crossterm::event::poll(std::time::Duration::ZERO);
    let mut out = io::stdout();
    queue!(
        out,
        EnterAlternateScreen,
        Hide,
        Clear(ClearType::All),
        MoveTo(0, 0)
    )?;
    if mouse {
        queue!(out, EnableMouseCapture)?;
    }
    out.flush()
}

/// Gives the terminal back. Mouse reporting is turned off whether or not it was asked for: it
/// costs nothing, and a terminal left reporting by anything is put right. Errors are ignored:
/// after a hang-up there is no terminal left to restore.
fn give_back() {
    let mut out = io::stdout();
    super::disguise::take_off(&mut out);
    let _ = execute!(out, DisableMouseCapture);
    let _ = write!(out, "{RESET}");
    let _ = execute!(
        out,
        Clear(ClearType::All),
        MoveTo(0, 0),
        LeaveAlternateScreen
    );
    // Colours reset on the shell's screen too, before the cursor shows again.
    let _ = write!(out, "{RESET}");
    let _ = execute!(out, Show);
    let _ = out.flush();
    let _ = disable_raw_mode();
}

/// Takes the terminal again after the process was stopped and continued from outside: the
/// shell may have put its own modes back meanwhile, so raw mode is set afresh.
pub(super) fn retake(ui: &Ui) {
    let _ = disable_raw_mode();
    let _ = take(ui.mouse);
    super::disguise::wear(ui);
}

/// Ctrl-Z: gives the terminal back as [`TermGuard`] leaves it, stops the process (SIGTSTP, as
/// the terminal would have sent outside raw mode), and once the shell resumes it (`fg`, which
/// sends SIGCONT) takes the terminal again. It waits for that SIGCONT before touching the
/// terminal: the stop may land a moment after the signal is sent, and raw mode put back before
/// it would leave the shell's prompt deaf and the game in line mode after `fg`. The caller
/// redraws at once.
#[cfg(unix)]
pub(crate) fn suspend(ui: &Ui) {
    use std::time::{Duration, Instant};
    give_back();
    ui.signals.take_continued();
    let sent =
        rustix::process::kill_process(rustix::process::getpid(), rustix::process::Signal::TSTP);
    // A process whose group has no shell to resume it (an orphaned group) is not stopped at
    // all: then the game goes on after a short wait.
    let began = Instant::now();
    while sent.is_ok() && !ui.signals.continued() && began.elapsed() < Duration::from_secs(1) {
        std::thread::sleep(Duration::from_millis(5));
    }
    ui.signals.take_continued();
    let _ = take(ui.mouse);
    // The title given back with the terminal goes on again.
    super::disguise::wear(ui);
}

/// Runs `away` (the player's text editor on a file) with the terminal given back as
/// [`TermGuard`] leaves it, then takes it again. The caller redraws.
pub(crate) fn outside<T>(ui: &Ui, away: impl FnOnce() -> T) -> T {
    give_back();
    let done = away();
    retake(ui);
    done
}

/// Ctrl-Z on a system without job control (Windows): nothing to suspend to, so the game stays;
/// the caller redraws.
#[cfg(not(unix))]
pub(crate) fn suspend(_: &Ui) {}
