//! What the host and join screens end with, which the lobby then plays: its own module so that
//! the lobby imports the two screens and they import only this (no circle among the three).

use crate::net::handshake::{Met, Offer};
use crate::ui::kit::Tone;

/// How a meeting ended.
pub(super) enum Found {
    /// The other player is here and agreed.
    Met(Box<Meeting>),
    /// Back to the menu, saying this.
    Back(Vec<(String, Tone)>),
    /// Leave the program (Ctrl-C, a signal, the terminal gone).
    Leave,
}

/// A meeting: the connection, the offer agreed to, and this side (0 the host, 1 the joiner).
pub(super) struct Meeting {
    pub met: Met,
    pub offer: Offer,
    pub me: usize,
}
