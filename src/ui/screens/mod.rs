//! Screens.

mod cards;
mod classic;
mod duel;
mod log;

pub(crate) use cards::{Player, Screen, lay_out_cards, render};
pub(crate) use classic::{ClassicScreen, lay_out_classic};
#[cfg(test)]
pub(crate) use classic::{Tiles, grid_cells};
pub(crate) use duel::{DuelBoard, DuelScreen, lay_out_duel, tone};
pub(crate) use log::{CardLog, Stamp, log_cards, log_classic};
