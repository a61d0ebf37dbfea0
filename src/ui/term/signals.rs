//! [`Signals`] turns the signals that end the game into a flag the loops check (they then save
//! the game and leave through the guard): SIGINT and SIGTERM everywhere, and on Unix SIGHUP (the
//! terminal closed). The waits for a key look at the flag between short slices
//! ([`super::input`]), so a stop is seen within a tenth of a second whenever it came.
//!
//! In the full-screen game the terminal is in raw mode, so Ctrl-C and Ctrl-Z arrive as keys,
//! not signals: the key reader sets the same flag for Ctrl-C ([`Signals::interrupt`]), so it
//! stops the game from any screen, as the signal did; SIGINT is still caught for a `kill -INT`
//! from elsewhere. On Unix, SIGCONT is
//! caught as well: a game stopped from outside (or by Ctrl-Z, see [`super::raw::suspend`]) takes
//! the terminal back and redraws as soon as the shell resumes it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use signal_hook::SigId;

/// Flags set by signals, checked by the loops.
pub(crate) struct Signals {
    /// SIGINT: Ctrl-C from elsewhere.
    interrupt: Arc<AtomicBool>,
    /// SIGTERM, SIGHUP.
    terminate: Arc<AtomicBool>,
    /// SIGCONT: the process was stopped and goes on (Unix only; never set elsewhere).
    continued: Arc<AtomicBool>,
    ids: Vec<SigId>,
}

impl Signals {
    /// Catches the stop signals (and SIGCONT on Unix). If a handler cannot be set the game still
    /// runs, with that signal's default action.
    pub(crate) fn install() -> Signals {
        use signal_hook::consts::{SIGINT, SIGTERM};
        let flag = || Arc::new(AtomicBool::new(false));
        let (interrupt, terminate, continued) = (flag(), flag(), flag());
        #[cfg(unix)]
        let wanted = {
            use signal_hook::consts::{SIGCONT, SIGHUP};
            vec![
                (SIGINT, &interrupt),
                (SIGTERM, &terminate),
                (SIGHUP, &terminate),
                (SIGCONT, &continued),
            ]
        };
        #[cfg(not(unix))]
        let wanted = vec![(SIGINT, &interrupt), (SIGTERM, &terminate)];
        let ids = wanted
            .into_iter()
            .filter_map(|(sig, f)| signal_hook::flag::register(sig, Arc::clone(f)).ok())
            .collect();
        Signals {
            interrupt,
            terminate,
            continued,
            ids,
        }
    }

    /// Whether the game must stop (a stop signal arrived).
    pub(crate) fn stop(&self) -> bool {
        self.interrupt.load(Ordering::SeqCst) || self.terminate.load(Ordering::SeqCst)
    }

    /// Stops the game as SIGINT does: Ctrl-C typed.
    pub(crate) fn interrupt(&self) {
        self.interrupt.store(true, Ordering::SeqCst);
    }

    /// Whether the process was continued after a stop and has not taken the terminal back yet.
    pub(crate) fn continued(&self) -> bool {
        self.continued.load(Ordering::SeqCst)
    }

    /// Whether the process was continued since the last call.
    pub(crate) fn take_continued(&self) -> bool {
        self.continued.swap(false, Ordering::SeqCst)
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
