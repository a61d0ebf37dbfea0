//! Play loops.

pub(crate) mod autoplay;
pub(crate) mod cards;
pub(crate) mod classic;
pub(crate) mod duel;
pub(crate) mod insight;
pub(crate) mod replay;
pub(crate) mod session;
pub(crate) mod solo;

use crate::cards::engine::Game;
use crate::classic::ClassicGame;
use crate::store::keeper::{ClassicMeta, GameMeta};
use crate::store::shelf::Resumed;

/// What to play.
pub(crate) enum Match {
    Cards(Box<Game>, GameMeta),
    Classic(Box<ClassicGame>, ClassicMeta),
    /// This new classic game, unless the player takes up the saved one when asked.
    ClassicOrSaved(Box<ClassicGame>, ClassicMeta),
    Duel(duel::Setup),
    /// A saved game taken up from the start menu's list (claimed while it is played).
    Saved(Resumed),
}
