//! The terminal, and the [`Ui`] handle that carries it to every screen.
//!
//! - `raw`: taking the terminal over and giving it back, also after a panic or on Ctrl-Z;
//! - `signals`: stop and resize signals turned into flags the loops check;
//! - `mouse`: mouse reports (SGR, mode 1006) decoded;
//! - `boss`: the boss key, on every screen, and the log that covers a screen;
//! - `keys`: reading a key (a signal or resize comes back as what it is) and what keys mean;
//! - `wait`: waiting for a key at most so long (replays, animations);
//! - `paint`: drawing a screen in place in one write;
//! - `settings`: motion and look from the flags, the environment and the settings file;
//! - `context`: [`Ui`], chosen once at the start.
//!
//! Nothing here imports a room above it: only `kit` (the colours and words a [`Ui`] holds).

mod boss;
mod context;
mod keys;
mod mouse;
mod paint;
mod raw;
mod settings;
mod signals;
mod wait;

pub(crate) use boss::ask as ask_in_log;
pub(crate) use context::{Display, Ui, is_interactive};
pub(crate) use keys::{Action, KeyRead, action, classic_action, read_key};
pub(crate) use mouse::{Act, Mouse};
pub(crate) use paint::{draw, paint, size};
pub(crate) use raw::{TermGuard, suspend};
pub(crate) use settings::{Look, Motion};
pub(crate) use wait::{Timed, Waited, input_within};
