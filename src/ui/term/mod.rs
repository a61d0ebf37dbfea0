//! The terminal.

pub(crate) mod keys;
mod raw;
pub(crate) mod settings;
pub(crate) mod wait;

pub(crate) use raw::*;
