//! The terminal.

mod context;
mod keys;
mod paint;
mod raw;
mod settings;
mod signals;
mod wait;

pub(crate) use context::{Display, Ui, is_interactive};
pub(crate) use keys::{Action, KeyRead, action, classic_action, read_key};
pub(crate) use paint::{draw, paint, size};
pub(crate) use raw::{TermGuard, suspend};
pub(crate) use settings::{Look, Motion};
pub(crate) use wait::{Timed, Waited, input_within};
