//! What every room stands on, and which imports nothing of the game: opening a file the one safe
//! way (`fsread`), UTC dates and the day's deal date (`utc`), text shown as what it is
//! (`visible`), and whose fault a failure is (`fault`). Being at the bottom is the point: each
//! room above can use them, and each error says its own fault beside itself.

pub(crate) mod fault;
pub(crate) mod fsread;
pub(crate) mod utc;
pub mod visible;
