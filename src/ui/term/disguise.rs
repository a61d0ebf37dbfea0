//! What the log look shows outside the window: the terminal's title and the process's name.
//!
//! A log that scrolls under a window titled `new2048`, or a tmux window and a `ps` line named
//! so, gives the disguise away. So while the log look is on, the process calls itself by the
//! name its log uses ([`crate::ui::kit::SERVICE`]) and sets the terminal's title to it; back to
//! the board (the boss key), both say `new2048` again. Nothing is touched for a player who
//! never uses the log look.
//!
//! `ps` shows a process's arguments too, so a game started in the log look restarts with the
//! service's own (`chunkd --config /etc/chunkd/chunkd.toml`, the file its log says it loaded),
//! the real ones carried over in the environment ([`own_args`] reads them back). The title the
//! terminal had is pushed on its title stack before it is first changed and popped when the
//! terminal is given back, so the shell's window is not left called `chunkd`.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

use super::context::Ui;
use super::settings::Look;

/// Whether the log look changed the title or the name once (then the board look sets them back).
static WORN: AtomicBool = AtomicBool::new(false);

/// Whether the terminal's own title is on its title stack, to be popped when it is given back.
static PUSHED: AtomicBool = AtomicBool::new(false);

/// Save the title on the terminal's title stack (XTWINOPS 22; xterm, tmux, VTE, kitty …), and
/// put it back (23). A terminal without the stack ignores both.
const PUSH_TITLE: &str = "\x1b[22;0t";
const POP_TITLE: &str = "\x1b[23;0t";

/// What `ps` shows after the service's name: the arguments a service of the kind is run with
/// (Unix: Windows has no `exec` to restart under another name).
#[cfg(unix)]
const SERVICE_ARGS: [&str; 2] = ["--config", "/etc/chunkd/chunkd.toml"];

/// The environment variable that carries the real arguments over the restart under the
/// service's name: each argument's bytes in hex, separated by spaces.
const ARGS_ENV: &str = "NEW2048_SERVICE_ARGS";

/// The program's own name, in the board look.
const OWN: &str = "new2048";

/// The name and title for `look`: the service's in the log look, else the program's.
pub(crate) fn name_for(look: Look) -> &'static str {
    match look {
        Look::Log => crate::ui::kit::SERVICE,
        Look::Board => OWN,
    }
}

/// Puts on (or takes off) the disguise of the look in force.
pub(crate) fn wear(ui: &Ui) {
    let look = ui.look.get();
    if look != Look::Log && !WORN.load(Ordering::SeqCst) {
        return;
    }
    WORN.store(true, Ordering::SeqCst);
    let name = name_for(look);
    set_process_name(name);
    let mut out = ui.term.clone();
    if !PUSHED.swap(true, Ordering::SeqCst) {
        let _ = write!(out, "{PUSH_TITLE}");
    }
    // The title: OSC 0 (icon and window title), which every terminal and tmux read.
    let _ = write!(out, "\x1b]0;{name}\x07");
    let _ = out.flush();
}

/// Gives the terminal its own title back, if the disguise changed it (the terminal is being
/// given back: the game ends, or is suspended; [`wear`] puts the disguise on again after).
pub(crate) fn take_off(out: &mut impl Write) {
    if PUSHED.swap(false, Ordering::SeqCst) {
        let _ = write!(out, "{POP_TITLE}");
        let _ = out.flush();
    }
}

/// The program's arguments: the real ones after a restart under the service's name (carried in
/// the environment), else the process's own.
pub(crate) fn own_args() -> Vec<std::ffi::OsString> {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let named = args.first().is_some_and(|a| {
        std::path::Path::new(a).file_name() == Some(crate::ui::kit::SERVICE.as_ref())
    });
    match std::env::var_os(ARGS_ENV).and_then(|e| decode(&e.to_string_lossy())) {
        Some(real) if named => std::iter::once(OWN.into()).chain(real).collect(),
        _ => args,
    }
}

/// Arguments as [`ARGS_ENV`] carries them.
#[cfg(unix)]
fn encode(args: &[std::ffi::OsString]) -> String {
    use std::os::unix::ffi::OsStrExt;
    let hex: Vec<String> = args
        .iter()
        .map(|a| a.as_bytes().iter().map(|b| format!("{b:02x}")).collect())
        .collect();
    // An empty argument is written `-`, so that it is not lost between two spaces.
    hex.iter()
        .map(|h| if h.is_empty() { "-" } else { h.as_str() })
        .collect::<Vec<_>>()
        .join(" ")
}

/// [`encode`] read back; `None` for text it did not write.
#[cfg(unix)]
fn decode(text: &str) -> Option<Vec<std::ffi::OsString>> {
    use std::os::unix::ffi::OsStringExt;
    text.split(' ')
        .filter(|w| !w.is_empty())
        .map(|w| {
            if w == "-" {
                return Some(std::ffi::OsString::new());
            }
            if w.len() % 2 != 0 {
                return None;
            }
            let bytes: Option<Vec<u8>> = (0..w.len())
                .step_by(2)
                .map(|i| u8::from_str_radix(w.get(i..i + 2)?, 16).ok())
                .collect();
            bytes.map(std::ffi::OsString::from_vec)
        })
        .collect()
}

#[cfg(not(unix))]
fn decode(_: &str) -> Option<Vec<std::ffi::OsString>> {
    None
}

/// A game that starts in the log look starts again (once, the same program with the same
/// arguments and environment) under the service's name: the name it was started by is what
/// tmux names its window after and `ps` lists, and only a new start changes it. Called before
/// anything is opened, so nothing is left half done; if it cannot, the game goes on as it is.
pub(crate) fn start_as_service(no_anim: bool, theme: Option<&str>) {
    let log = super::settings::Settings::load(no_anim, theme).is_ok_and(|s| s.look == Look::Log);
    if !log || !super::is_interactive() {
        return;
    }
    restart_named(crate::ui::kit::SERVICE);
}

#[cfg(unix)]
fn restart_named(name: &str) {
    use std::os::unix::process::CommandExt;
    let mut args = std::env::args_os();
    if args.next().is_some_and(|a| a == name) {
        return;
    }
    let Ok(exe) = std::env::current_exe() else {
        return;
    };
    let real: Vec<std::ffi::OsString> = args.collect();
    // `exec` only comes back when it failed: then the game goes on under its own name.
    let _ = std::process::Command::new(exe)
        .arg0(name)
        .args(SERVICE_ARGS)
        .env(ARGS_ENV, encode(&real))
        .exec();
}

#[cfg(not(unix))]
fn restart_named(_: &str) {}

/// The name `ps`, `top` and tmux's window names show (the main thread's name is the process's).
#[cfg(target_os = "linux")]
fn set_process_name(name: &str) {
    if let Ok(c) = std::ffi::CString::new(name) {
        // A refused name changes nothing: the title still says it.
        let _ = rustix::thread::set_name(&c);
    }
}

#[cfg(not(target_os = "linux"))]
fn set_process_name(_: &str) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn the_real_arguments_cross_the_restart_whole() {
        use std::os::unix::ffi::OsStringExt;
        let args: Vec<std::ffi::OsString> = vec![
            "--theme".into(),
            "log".into(),
            "".into(),
            "a b".into(),
            std::ffi::OsString::from_vec(vec![0xff, b'x']),
        ];
        let carried = encode(&args);
        assert!(!carried.contains("log"), "{carried}");
        assert_eq!(decode(&carried), Some(args));
        assert_eq!(decode(""), Some(Vec::new()));
        assert_eq!(decode("zz"), None);
        assert_eq!(decode("abc"), None);
    }

    #[test]
    fn the_log_look_goes_by_the_services_name() {
        assert_eq!(name_for(Look::Log), "chunkd");
        assert_eq!(name_for(Look::Board), "new2048");
    }
}
