//! Pieces every screen shares.

pub(crate) mod i18n;
pub(crate) mod theme;
