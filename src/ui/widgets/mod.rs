//! Widgets.

mod anim;
mod confirm;
mod list;

pub(crate) use anim::{card_frames, classic_frames, show_frames, timing};
pub(crate) use confirm::confirm;
pub(crate) use list::{Item, List, Picked, pick};
