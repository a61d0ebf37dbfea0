//! What the loops and the menu use to ask the player or show a move: the scrolling list
//! (`list`), yes/no questions (`confirm`) and moves in motion (`anim`: pure frames, and the one
//! loop that paints them and ends as soon as a key is waiting). Each is state and drawing, plus a
//! pure function of what a key or the mouse does to it; none reads a key. The loops that show a
//! list or a question and read its keys are in `play/` (`play::ask`), as the games' loops are.

mod anim;
mod confirm;
mod list;

pub(crate) use anim::{TimedFrame, card_frames, classic_frames, show_frames, timing};
pub(crate) use confirm::{Answer, answer, question_line};
#[cfg(test)]
pub(crate) use list::lines as list_lines;
pub(crate) use list::{Item, List, Moved, Picked, column, item_at, lines, on_key, on_mouse};
