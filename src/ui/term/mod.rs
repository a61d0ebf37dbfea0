//! The terminal, and the [`Ui`] handle that carries it to every screen.
//!
//! - `raw`: taking the terminal over and giving it back, also after a panic or on Ctrl-Z;
//! - `signals`: stop and resize signals turned into flags the loops check;
//! - `mouse`: mouse reports (SGR, mode 1006) decoded;
//! - `boss`: the boss key's state (the journal, the key kept back after an Esc);
//! - `input`: the key stream: a key, a mouse report gathered, a double Esc told from one, and
//!   waiting until a key can be read at most so long (the one wait all others build on);
//! - `cover`: the boss key's acts: the log look on and off, the journal covering a screen;
//! - `keys`: the one key reader every screen uses (the boss key acted on there), at once or at
//!   most so long (replays, the editor's estimate), and what keys mean;
//! - `paint`: drawing a screen in place in one write;
//! - `settings`: motion and look from the flags, the environment and the settings file;
//! - `context`: [`Ui`], chosen once at the start.
//!
//! Nothing here imports a room above it: only `kit` (the colours and words a [`Ui`] holds).

mod boss;
mod context;
mod cover;
mod disguise;
mod input;
mod keys;
mod mouse;
mod paint;
mod raw;
mod settings;
mod signals;

pub(crate) use context::{Display, Ui, is_interactive};
pub(crate) use cover::{hide_in_log, show_journal};
pub(crate) use disguise::{own_args, start_as_service};
pub(crate) use input::{KeyRead, input_within};
pub(crate) use keys::{Action, Timed, Waited, action, classic_action, read_key};
pub(crate) use mouse::{Act, Mouse};
pub(crate) use paint::{draw, paint, size};
pub(crate) use raw::{TermGuard, outside, suspend};
pub(crate) use settings::{Look, Motion, SetupError};
