//! What the two one-player games (the card game and classic 2048) share on the screen: keeping
//! the game, undo, restart, and the answers to the shared loop ([`super::session`]).
//!
//! Storage is reached only through the store, the same way for both games: the best score
//! when a game starts and ends; a save after every move and undo and when leaving (quit,
//! Ctrl-C, Ctrl-D, SIGINT/SIGTERM/SIGHUP, the terminal gone), or the save forgotten when
//! leaving a game in which nothing was played; the record when the result screen of an ended
//! game is left (not when it appears: its last move may still be taken back), and (as quit)
//! when it is restarted; the store's warnings after each of them, shown under the board.
//!
//! Each game says what its own keys do through [`OnePlayer`] (how it is kept is the store's, one
//! [`InPlay`] for both); everything else is written once, in [`SoloGame`].

use crate::ui::term::Key;

use crate::cards::summary::Ending;
use crate::store::{InPlay, Store};

use crate::ui::kit::{Laid, Note, Tone, View};
use crate::ui::term::{Action, Mouse, Ui};

use super::on_screen::OnScreen;
use super::session::{self, End, Play};

/// A one-player game as the screen plays it: its keys and moves are [`OnScreen`]'s (as in a
/// duel), what only one player's game has is here (kept as the store's
/// [`crate::record::Recorded`] says).
pub(crate) trait OnePlayer: OnScreen {
    /// Screen state of this game's own (the card game's highlighted column and hint).
    type Extra;
    /// Takes the last move back; `false` when there is none.
    fn undo(&mut self, extra: &mut Self::Extra) -> bool;
    /// The game ended in a loss (the result screen then offers to take the last move back).
    fn lost(&self) -> bool;
    fn lay_out(s: &SoloGame<Self>, view: View) -> Laid;
    /// Acts on a key of this game's own (moves, hint, the highlight).
    fn act(s: &mut SoloGame<Self>, act: Action);
    /// What the mouse did means on this game's screen as drawn now; `None`: nothing.
    fn mouse(_s: &mut SoloGame<Self>, _m: Mouse) -> Option<Action> {
        None
    }
    /// The game ended and its result screen is about to show.
    fn result_shown(_s: &mut SoloGame<Self>) {}
    /// The ended game is about to be recorded: what it is judged by must be in (a puzzle's
    /// target).
    fn before_record(_s: &mut SoloGame<Self>) {}
    /// Opens the review of the ended game at its biggest mistake (the result screen's `v`);
    /// `false` when there is none to open.
    fn open_mistake(_s: &mut SoloGame<Self>) -> bool {
        false
    }
    /// What came in for the result screen: (anything came, more is coming).
    fn result_poll(_s: &mut SoloGame<Self>) -> (bool, bool) {
        (false, false)
    }
    /// What came in for the game screen while it is played: (anything came, more is coming).
    fn play_poll(_s: &mut SoloGame<Self>) -> (bool, bool) {
        (false, false)
    }
}

/// One game being played on the screen, and how it is kept.
pub(crate) struct SoloGame<'a, G: OnePlayer> {
    pub ui: &'a Ui,
    pub store: &'a mut Store,
    pub game: G,
    pub meta: G::Meta,
    pub best: Option<u64>,
    pub notes: Vec<Note>,
    pub extra: G::Extra,
    /// When the game ended (seconds since the Unix epoch): the result screen's clock stops
    /// there, however long the player looks at it. `None` while it is played.
    pub ended: Option<u64>,
}

impl<G: OnePlayer> SoloGame<'_, G> {
    /// Seconds played: from the start to the end, or to now while it is played, less the time
    /// it sat saved between sittings.
    pub(crate) fn played_secs(&self) -> u64 {
        self.ended
            .unwrap_or_else(crate::base::utc::now)
            .saturating_sub(G::started(&self.meta))
            .saturating_sub(G::away(&self.meta))
    }
}

/// Plays `game` until it ends, the player leaves, or a signal stops it; returns how, and the
/// game's own screen state as it was left.
pub(crate) fn play<G: OnePlayer>(
    ui: &Ui,
    store: &mut Store,
    game: G,
    meta: G::Meta,
    extra: G::Extra,
) -> (End, G::Extra) {
    let best = store.best(&InPlay::solo(&game, &meta));
    let mut s = SoloGame {
        ui,
        store,
        game,
        meta,
        best,
        notes: Vec::new(),
        extra,
        ended: None,
    };
    s.warnings();
    // Both one-player games draw themselves in the log look.
    let live = ui.boss.live();
    let end = session::run(&mut s);
    drop(live);
    (end, s.extra)
}

impl<G: OnePlayer> SoloGame<'_, G> {
    /// At least one move was made (else leaving forgets the game): what a duel counts as
    /// surviving, cards played or discarded, or moves.
    fn played(&self) -> bool {
        self.game.survived() > 0
    }

    fn warnings(&mut self) {
        for w in self.store.take_warnings() {
            self.notes.push(Note::new(w, Tone::Bad));
        }
    }

    /// Saves the game in progress (after every move and undo).
    pub(crate) fn save(&mut self) {
        self.store.save(&InPlay::solo(&self.game, &self.meta));
        self.warnings();
    }

    /// Keeps the game for later when leaving: saved with its score, or, when nothing was
    /// played, its save dropped (there is nothing to resume).
    fn keep(&mut self) -> Option<u64> {
        if self.played() {
            self.save();
            Some(self.game.score())
        } else {
            self.store.forget(&InPlay::solo(&self.game, &self.meta));
            self.warnings();
            None
        }
    }
}

impl<G: OnePlayer> Play for SoloGame<'_, G> {
    fn ui(&self) -> &Ui {
        self.ui
    }

    fn is_over(&self) -> bool {
        self.game.finished()
    }

    fn finish(&mut self) -> bool {
        G::before_record(self);
        // Recorded as it ended, with the time the result screen showed.
        let game = InPlay::solo(&self.game, &self.meta);
        let new_best = self.store.finish(&game, None, self.ended);
        self.best = self.store.best(&game).or(self.best);
        self.warnings();
        new_best
    }

    fn new_best(&self) -> bool {
        let score = self.game.score();
        let stored = self.store.best(&InPlay::solo(&self.game, &self.meta));
        stored.map_or(score > 0, |b| score > b)
    }

    fn result_shown(&mut self) {
        self.ended.get_or_insert_with(crate::base::utc::now);
        G::result_shown(self);
    }

    fn open_mistake(&mut self) -> bool {
        G::open_mistake(self)
    }

    fn result_poll(&mut self) -> (bool, bool) {
        G::result_poll(self)
    }

    fn play_poll(&mut self) -> (bool, bool) {
        G::play_poll(self)
    }

    fn leave(&mut self) -> End {
        End::Stopped(self.keep())
    }

    fn quit(&mut self) -> End {
        End::Quit(self.keep())
    }

    /// Says what quitting does to this game: saved, or nothing to save before a move.
    fn quit_question(&self) -> &'static str {
        if self.played() {
            self.ui.words.confirm_quit
        } else {
            self.ui.words.confirm_quit_fresh
        }
    }

    fn lay_out(&self, view: View) -> Laid {
        G::lay_out(self, view)
    }

    fn action(&self, key: &Key) -> Action {
        G::action(key)
    }

    fn mouse(&mut self, m: Mouse) -> Option<Action> {
        G::mouse(self, m)
    }

    fn can_take_back(&self) -> bool {
        self.game.lost() && self.played()
    }

    fn take_back(&mut self) -> bool {
        if !self.game.undo(&mut self.extra) {
            return false;
        }
        // Played on: the clock runs again.
        self.ended = None;
        self.notes = vec![Note::new(self.ui.words.undone, Tone::Info)];
        self.save();
        true
    }

    fn act(&mut self, act: Action) -> Option<End> {
        let words = self.ui.words;
        // The pointer moving over the board only moves the highlight: the news stays.
        if let Action::Point(_) = act {
            G::act(self, act);
            return None;
        }
        // Old news goes with the next action: what is shown is always about the last key.
        self.notes.clear();
        match act {
            Action::Undo => {
                if self.game.undo(&mut self.extra) {
                    self.notes = vec![Note::new(words.undone, Tone::Info)];
                    self.save();
                } else {
                    self.notes = vec![Note::new(words.nothing_to_undo, Tone::Bad)];
                }
            }
            Action::Restart => {
                // The game given up is recorded as restarted, unless nothing was played.
                return session::restart(self, |s| {
                    let game = InPlay::solo(&s.game, &s.meta);
                    if s.played() {
                        s.store.finish(&game, Some(Ending::Restarted), None);
                    } else {
                        s.store.forget(&game);
                    }
                });
            }
            Action::Unknown(name) => self.notes = vec![session::unknown_key(&name, words)],
            act => G::act(self, act),
        }
        None
    }
}
