//! What the log look shows outside the window: the terminal's title and the process's name.
//!
//! A log that scrolls under a window titled `new2048`, or a tmux window and a `ps` line named
//! so, gives the disguise away. So while the log look is on, the process calls itself by the
//! name its log uses ([`crate::ui::kit::SERVICE`]) and sets the terminal's title to it; back to
//! the board (the boss key), both say `new2048` again. Nothing is touched for a player who
//! never uses the log look.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

use super::context::Ui;
use super::settings::Look;

/// Whether the log look changed the title or the name once (then the board look sets them back).
static WORN: AtomicBool = AtomicBool::new(false);

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
    // The title: OSC 0 (icon and window title), which every terminal and tmux read.
    let mut out = ui.term.clone();
    let _ = write!(out, "\x1b]0;{name}\x07");
    let _ = out.flush();
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
    // `exec` only comes back when it failed: then the game goes on under its own name.
    let _ = std::process::Command::new(exe).arg0(name).args(args).exec();
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

    #[test]
    fn the_log_look_goes_by_the_services_name() {
        assert_eq!(name_for(Look::Log), "chunkd");
        assert_eq!(name_for(Look::Board), "new2048");
    }
}
