//! Screens.

pub(crate) mod cards;
pub(crate) mod classic;
pub(crate) mod duel;
pub(crate) mod log;
