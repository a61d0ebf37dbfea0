//! What the loops and the menu call to ask the player or show a move: the scrolling list
//! (`list`), yes/no questions (`confirm`) and moves in motion (`anim`: pure frames, and the one
//! loop that shows them and ends at the next key). They read keys and paint through `term` and
//! draw with `kit`; they know no game loop, so every loop can use them.

mod anim;
mod confirm;
mod list;

pub(crate) use anim::{card_frames, classic_frames, show_frames, timing};
pub(crate) use confirm::confirm;
#[cfg(test)]
pub(crate) use list::lines as list_lines;
pub(crate) use list::{Item, List, Picked, item_at, lines, pick};
