//! The commands that play a game, each in its file (`play`, `daily`, `puzzle`, `classic`,
//! `duel`, with `net_duel` for a duel across two terminals, `autoplay`), and what only they
//! share: the new game the options ask for ([`new_game`], made by [`crate::deal`]), the
//! saved game `--resume` takes up ([`resume`]) and a game played and kept in the store
//! ([`kept`]). Together here because they start, save and record games alike; the commands
//! that read records or rules live beside this folder.

pub(crate) mod autoplay;
pub(crate) mod classic;
pub(crate) mod daily;
pub(crate) mod duel;
pub(crate) mod kept;
pub(crate) mod net_duel;
pub(crate) mod new_game;
pub(crate) mod play;
pub(crate) mod puzzle;
pub(crate) mod resume;
