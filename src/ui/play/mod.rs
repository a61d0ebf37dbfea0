//! Play loops.

pub(crate) mod autoplay;
pub(crate) mod cards;
pub(crate) mod classic;
pub(crate) mod duel;
pub(crate) mod insight;
pub(crate) mod replay;
pub(crate) mod session;
pub(crate) mod solo;
