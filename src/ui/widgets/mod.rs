//! Widgets.

pub(crate) mod anim;
pub(crate) mod confirm;
pub(crate) mod list;
