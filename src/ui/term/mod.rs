//! The terminal, and the [`Ui`] handle that carries it to every screen.
//!
//! **Where a key comes from and where it goes.** crossterm reads the terminal (raw mode, on Unix
//! and Windows alike); [`event`] turns each of its events into the game's own [`Key`], [`Mouse`]
//! act or resize, the only input types outside this room. [`input`] waits for the next one in
//! short slices, watching the stop flags of [`signals`] between them, and tells a lone Esc from
//! two. [`keys`] is the one reader every screen calls ([`read_key`], or [`wait_key`] at most so
//! long): the boss key is acted on there ([`boss`] holds its state and its acts), Ctrl-Z
//! there or in the game loop ([`suspend`]), and everything else goes up to the screen that asked
//! as a [`KeyRead`], which a game turns into an [`Action`] with [`action`] or [`classic_action`].
//!
//! The rest of the room: [`raw`] takes the terminal over and gives it back (also after a panic
//! or on Ctrl-Z), [`paint`] draws a screen in place in one write, [`settings`] reads motion and
//! look from the flags, the environment and the settings file, [`disguise`] names the process
//! and window in the log look, and [`context`] makes the [`Ui`], once at the start.
//!
//! What only Unix has sits behind `cfg`: Ctrl-Z's suspend and SIGCONT (Windows has no job
//! control, so Ctrl-Z there does nothing), SIGHUP, and the restart under the service's name
//! (the process name itself is Linux only). Nothing here imports a room above it: only `kit`
//! (the colours and words a [`Ui`] holds).

mod boss;
mod context;
mod disguise;
mod event;
mod input;
mod keys;
mod paint;
mod raw;
mod settings;
mod signals;

pub(crate) use boss::{hide_in_log, show_journal};
pub(crate) use context::{Display, Ui, is_interactive};
pub(crate) use disguise::{own_args, start_as_service};
pub(crate) use event::{Act, Key, Mouse};
pub(crate) use input::{KeyRead, input_within, stop_asked};
pub(crate) use keys::{Action, Waited, action, classic_action, read_key, wait_key};
pub(crate) use paint::{Term, draw, paint, size};
pub(crate) use raw::{TermGuard, outside, suspend};
pub(crate) use settings::{Look, Motion};
