//! Widgets.

pub(crate) mod anim;
pub(crate) mod list;
