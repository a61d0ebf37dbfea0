//! [`Signals`] turns SIGINT, SIGTERM and SIGHUP into a flag the game loop checks (it then saves
//! the game and leaves through the guard) and SIGWINCH into a "resized" flag. A signal that
//! arrives while console waits for a key interrupts that wait, and console reports it as the
//! Ctrl-C key; the resize flag tells a resize from a real Ctrl-C.
//!
//! A resize that lands after a loop drew its screen but before console starts waiting for a key
//! interrupts nothing: the flag alone would be seen only after the next key. So SIGWINCH also
//! writes a byte to a pipe ([`Signals::resize_pipe`]), which the key read waits on beside the
//! terminal (see [`super::input`]): a byte in the pipe is never missed, whenever it came.

use std::io::Read;
use std::os::unix::net::UnixStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use signal_hook::SigId;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM, SIGUSR1, SIGWINCH};

/// Flags set by signals, checked by the loops.
pub(crate) struct Signals {
    /// SIGINT: Ctrl-C.
    interrupt: Arc<AtomicBool>,
    /// SIGTERM, SIGHUP.
    terminate: Arc<AtomicBool>,
    resized: Arc<AtomicBool>,
    /// The end of the pipe SIGWINCH writes a byte to (`None` if it could not be set up: then
    /// only the flag tells of a resize).
    resize_pipe: Option<UnixStream>,
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
        let resize_pipe = UnixStream::pair().ok().and_then(|(read, write)| {
            read.set_nonblocking(true).ok()?;
            let id = signal_hook::low_level::pipe::register(SIGWINCH, write).ok()?;
            ids.push(id);
            Some(read)
        });
        let signals = Signals {
            interrupt,
            terminate,
            resized,
            resize_pipe,
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

    /// The pipe a resize writes a byte to, for a key read to wait on.
    pub(crate) fn resize_pipe(&self) -> Option<&UnixStream> {
        self.resize_pipe.as_ref()
    }

    /// Empties the resize pipe and the flag: the resizes so far are being drawn.
    pub(crate) fn drain_resizes(&self) {
        if let Some(mut pipe) = self.resize_pipe.as_ref() {
            let mut buf = [0u8; 64];
            while matches!(pipe.read(&mut buf), Ok(n) if n > 0) {}
        }
        self.take_resize();
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
