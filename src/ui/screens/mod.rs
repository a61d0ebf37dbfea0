//! The screens, each a pure function of the state it is given and the terminal size: lines of
//! text out, nothing read from the terminal or the keyboard, so each is snapshot-tested in both
//! languages. `cards` is the card game's screen (and the columns the duel screen shows),
//! `classic` classic 2048's, `duel` two players' side by side (through its [`DuelBoard`]
//! trait, so it needs nothing from the loops), `log` the game as timestamped log lines, `share`
//! the line a player shares of a daily deal (the result screen shows it, `daily --share` prints
//! it).

mod cards;
mod classic;
mod duel;
mod log;
mod share;

pub(crate) use cards::{Columns, Goal, Player, Screen, columns_at, lay_out_cards, render};
pub(crate) use classic::{ClassicScreen, lay_out_classic};
#[cfg(test)]
pub(crate) use classic::{Tiles, grid_cells};
pub(crate) use duel::{DuelBoard, DuelScreen, duel_columns_at, lay_out_duel, tone};
pub(crate) use log::{CardLog, Event, Slid, log_cards, log_classic};
pub(crate) use share::share_line;
