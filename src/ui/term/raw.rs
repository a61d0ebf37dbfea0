//! The terminal: taking it over, drawing a screen in place, and giving it back as it was.
//!
//! [`TermGuard`] switches to the alternate screen and hides the cursor; its `Drop` (and a panic
//! hook, for a panic that happens while the screen is taken) resets colours, leaves the
//! alternate screen and shows the cursor, so the shell is left as the player had it whatever way
//! the game ends. Raw mode needs no undoing here: console switches it on only for the length of
//! one key read.
//!
//! [`Signals`] turns SIGINT, SIGTERM and SIGHUP into a flag the game loop checks (it then saves
//! the game and leaves through the guard) and SIGWINCH into a "resized" flag. A signal that
//! arrives while console waits for a key interrupts that wait, and console reports it as the
//! Ctrl-C key (or, in dialoguer's prompts, raises SIGINT); the resize flag tells a resize from a
//! real Ctrl-C.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use console::Term;
use signal_hook::SigId;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM, SIGUSR1, SIGWINCH};

const ALT_SCREEN_ON: &str = "\x1b[?1049h";
const ALT_SCREEN_OFF: &str = "\x1b[?1049l";
const RESET: &str = "\x1b[0m";
const SHOW_CURSOR: &str = "\x1b[?25h";
const HIDE_CURSOR: &str = "\x1b[?25l";

/// The terminal taken over for the game; dropping it gives the terminal back.
pub(crate) struct TermGuard {
    term: Term,
    modes: Option<Modes>,
}

impl TermGuard {
    pub(crate) fn enter(term: &Term) -> io::Result<TermGuard> {
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
        write!(out, "{ALT_SCREEN_ON}{HIDE_CURSOR}\x1b[2J\x1b[H")?;
        out.flush()?;
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
        let _ = std::panic::take_hook();
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

fn restore(out: &mut impl Write) {
    let _ = write!(
        out,
        "{RESET}\x1b[2J\x1b[H{ALT_SCREEN_OFF}{RESET}{SHOW_CURSOR}"
    );
    let _ = out.flush();
}

/// Ctrl-Z: gives the terminal back as [`TermGuard`] leaves it, stops the process (SIGTSTP, as the
/// terminal would have sent outside the raw key read), and takes the screen again once the shell
/// resumes it (`fg`). The caller redraws.
pub(crate) fn suspend(term: &Term) {
    let mut out = term.clone();
    restore(&mut out);
    // The shell gets its line mode and echo back while the game is stopped.
    let quiet = rustix::termios::tcgetattr(io::stdin()).ok();
    if let Some(q) = &quiet {
        let mut line = q.clone();
        line.local_modes |= rustix::termios::LocalModes::ICANON | rustix::termios::LocalModes::ECHO;
        let _ =
            rustix::termios::tcsetattr(io::stdin(), rustix::termios::OptionalActions::Now, &line);
    }
    let _ = rustix::process::kill_process(rustix::process::getpid(), rustix::process::Signal::TSTP);
    if let Some(q) = &quiet {
        let _ = rustix::termios::tcsetattr(io::stdin(), rustix::termios::OptionalActions::Now, q);
    }
    let _ = write!(out, "{ALT_SCREEN_ON}{HIDE_CURSOR}\x1b[2J\x1b[H");
    let _ = out.flush();
}

/// Draws `lines` from the top left, clearing what is left of each line and below the last one,
/// in a single write so the screen does not flicker. The cursor ends at the start of the line
/// after the last (or on the last line when the screen is full), where a prompt can go.
pub(crate) fn draw(term: &Term, lines: &[String], height: usize) -> io::Result<()> {
    let mut buf = String::from("\x1b[H");
    for (i, l) in lines.iter().enumerate() {
        buf.push_str(l);
        buf.push_str(RESET);
        buf.push_str("\x1b[K");
        if i + 1 < lines.len() {
            buf.push_str("\r\n");
        }
    }
    buf.push_str("\x1b[J");
    let mut out = term.clone();
    out.write_all(buf.as_bytes())?;
    out.flush()?;
    let last = lines.len().saturating_sub(1).min(height.saturating_sub(1));
    term.move_cursor_to(0, last)
}

/// The terminal size as (width, height), with a sane fallback when it cannot be read.
pub(crate) fn size(term: &Term) -> (usize, usize) {
    let (h, w) = term.size_checked().unwrap_or((24, 80));
    (w as usize, h as usize)
}

/// Flags set by signals, checked by the loops.
pub(crate) struct Signals {
    /// SIGINT: Ctrl-C, or console's own report of an interrupted key read (see [`Signals::forgive_interrupt`]).
    interrupt: Arc<AtomicBool>,
    /// SIGTERM, SIGHUP.
    terminate: Arc<AtomicBool>,
    resized: Arc<AtomicBool>,
    ids: Vec<SigId>,
}

impl Signals {
    /// Catches SIGINT, SIGTERM, SIGHUP (stop) and SIGWINCH (resized). If a handler cannot be set
    /// the game still runs, with that signal's default action.
    ///
    /// Also starts a watchdog for one race that no check can close: a stop signal landing just
    /// after the loop's last look at the flags and before console starts waiting for a key (a
    /// Ctrl-C typed while the screen is drawn is such a signal, and the terminal drops the keys
    /// typed before it) leaves the game waiting for a key that may never come. The watchdog sees
    /// a stop not acted on within a second and interrupts the wait with SIGUSR1, which console
    /// reports like Ctrl-C, so the loop notices the stop and leaves the proper way. It sends the
    /// signal through rustix's safe `kill` wrapper: the standard library cannot send signals, and
    /// this crate has no unsafe code.
    pub(crate) fn install() -> Signals {
        let flag = || Arc::new(AtomicBool::new(false));
        // SIGUSR1 comes from the watchdog; it is caught only so that it does not end the process.
        let (interrupt, terminate, resized, nudged) = (flag(), flag(), flag(), flag());
        let mut ids = Vec::new();
        let wanted = [
            (SIGINT, &interrupt),
            (SIGTERM, &terminate),
            (SIGHUP, &terminate),
            (SIGWINCH, &resized),
            (SIGUSR1, &nudged),
        ];
        for (sig, f) in wanted {
            ids.extend(signal_hook::flag::register(sig, Arc::clone(f)).ok());
        }
        let all_set = ids.len() == wanted.len();
        let signals = Signals {
            interrupt,
            terminate,
            resized,
            ids,
        };
        if all_set {
            signals.watchdog();
        }
        signals
    }

    fn watchdog(&self) {
        let [interrupt, terminate] = self.stop_flags();
        let spawned = std::thread::Builder::new()
            .name("stop-watchdog".into())
            .spawn(move || {
                let mut waited = 0;
                loop {
                    std::thread::sleep(std::time::Duration::from_millis(250));
                    let stop = interrupt.load(Ordering::SeqCst) || terminate.load(Ordering::SeqCst);
                    waited = if stop { waited + 1 } else { 0 };
                    if waited >= 4 {
                        waited = 0;
                        let _ = rustix::process::kill_process(
                            rustix::process::getpid(),
                            rustix::process::Signal::USR1,
                        );
                    }
                }
            });
        // Without the thread the game still runs; only the rare race above is left open.
        drop(spawned);
    }

    /// Whether the game must stop (a stop signal arrived).
    pub(crate) fn stop(&self) -> bool {
        self.interrupt.load(Ordering::SeqCst) || self.terminate.load(Ordering::SeqCst)
    }

    /// Whether the terminal was resized since the last call.
    pub(crate) fn take_resize(&self) -> bool {
        self.resized.swap(false, Ordering::SeqCst)
    }

    /// Undoes a SIGINT that was not the player's: when a resize interrupts the key read of a
    /// dialoguer prompt, console raises SIGINT itself, as if Ctrl-C had been pressed. Only the
    /// interrupt is forgiven; SIGTERM and SIGHUP stay.
    pub(crate) fn forgive_interrupt(&self) {
        self.interrupt.store(false, Ordering::SeqCst);
    }

    /// Shared handles on the stop flags, for a second thread.
    pub(crate) fn stop_flags(&self) -> [Arc<AtomicBool>; 2] {
        [Arc::clone(&self.interrupt), Arc::clone(&self.terminate)]
    }
}

impl Drop for Signals {
    fn drop(&mut self) {
        for id in self.ids.drain(..) {
            signal_hook::low_level::unregister(id);
        }
    }
}
