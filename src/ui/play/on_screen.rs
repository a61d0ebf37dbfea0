//! Either game on the full screen: what the loops need of the card game and of classic 2048,
//! written once per game. A duel plays it by its keys ([`OnScreen::action`],
//! [`OnScreen::play`]); a replay plays its recorded moves again and draws the one-player screen
//! ([`OnScreen::step`], [`OnScreen::screen`]); a one-player game adds its own screen state on top
//! ([`super::solo::OnePlayer`]). Its board as the duel screens draw it is the screens' own
//! ([`DuelBoard`]), its record the store's ([`Recorded`]).

use crate::cards::engine::{Game, Move};
use crate::classic::ClassicGame;
use crate::duel::Playable;
use crate::record::Recorded;
use crate::ui::kit::{Canvas, Frame, Laid, Note, Tone, Words};
use crate::ui::screens::{ClassicScreen, DuelBoard, Screen, lay_out_cards, lay_out_classic};
use crate::ui::term::{Action, Key, action, classic_action};
use crate::ui::widgets::card_frames;

use super::classic::slide_note;
use super::notes::{describe, refusal};

/// What the replay screen draws on a one-player game's screen besides the game.
pub(crate) struct ReplayMarks<'a> {
    /// Under the board: a review's note on the move to come, then what the last move did.
    pub notes: Vec<Note>,
    /// The column highlighted.
    pub cursor: Option<usize>,
    /// After the rules' name: replay or review.
    pub tag: &'a str,
    /// The best score under the game's rules, for the header.
    pub best: Option<u64>,
    /// A moment of the move that led to the position drawn over it (the card game's animation,
    /// for a recording: see [`super::cast`]).
    pub frame: Option<&'a Frame>,
}

/// A game as the full screen plays and replays it: its keys, a move played and told, a
/// recorded move played again and told, its one-player screen. Not [`crate::record::Recorded`],
/// which is what the two games differ in as documents.
pub(crate) trait OnScreen: DuelBoard + Recorded {
    /// What a key means in this game.
    fn action(key: &Key) -> Action;
    /// Plays what `act` asks for on this game (`cursor` is the highlighted column): `None` when
    /// it is not a move, else what the move did or why it was refused.
    fn play(
        &mut self,
        act: &Action,
        cursor: usize,
        words: &Words,
    ) -> Option<Result<Vec<Note>, Note>>;
    /// Plays this game's move `i` on `at` (this game's start with its first `i` moves played)
    /// and says what it did, as the game screen says it.
    fn step(&self, at: &mut Self, i: usize, words: &Words) -> Vec<Note>;
    /// The column move `i` goes to (the card game highlights it before it is played).
    fn column(&self, i: usize) -> Option<usize>;
    /// The one-player screen of `at` as `shot` marks it, the last line left free.
    fn screen(at: &Self, shot: &ReplayMarks<'_>, c: Canvas) -> Laid;
    /// The frames of move `i` in motion, as the game screen animates it (none where it does
    /// not).
    fn motion(&self, _i: usize) -> Vec<Frame> {
        Vec::new()
    }
}

impl OnScreen for Game {
    fn action(key: &Key) -> Action {
        action(key)
    }

    fn play(
        &mut self,
        act: &Action,
        cursor: usize,
        words: &Words,
    ) -> Option<Result<Vec<Note>, Note>> {
        let mv = match *act {
            Action::Place(c) => Move::Place(c.min(255) as u8),
            Action::PlaceAtCursor => Move::Place(cursor.min(255) as u8),
            Action::Discard => Move::Discard,
            _ => return None,
        };
        Some(match Game::play(self, mv) {
            Ok(turn) => Ok(describe(&turn, words)),
            Err(e) => Err(refusal(e, self, words)),
        })
    }

    fn step(&self, at: &mut Game, i: usize, words: &Words) -> Vec<Note> {
        match at.play(self.moves()[i]) {
            Ok(turn) => describe(&turn, words),
            Err(e) => vec![Note::new(e.to_string(), Tone::Bad)],
        }
    }

    fn column(&self, i: usize) -> Option<usize> {
        match self.moves().get(i)? {
            Move::Place(c) => Some(*c as usize),
            Move::Discard => None,
        }
    }

    fn motion(&self, i: usize) -> Vec<Frame> {
        let mut at = self.restart();
        for &mv in self.moves().get(..i).unwrap_or_default() {
            if at.play(mv).is_err() {
                return Vec::new();
            }
        }
        let before = *at.position();
        let ahead = (at.visible().to_vec(), at.cards_left());
        let Some(&mv) = self.moves().get(i) else {
            return Vec::new();
        };
        let Ok(turn) = at.play(mv) else {
            return Vec::new();
        };
        let mut frames = card_frames(at.rules(), &before, &turn, at.position());
        for f in &mut frames {
            f.before = Some(ahead.clone());
        }
        frames
    }

    fn screen(at: &Game, shot: &ReplayMarks<'_>, c: Canvas) -> Laid {
        let screen = Screen {
            best: shot.best,
            cursor: shot.cursor,
            tag: Some(shot.tag.to_string()),
            notes: &shot.notes,
            prompt_line: true,
            frame: shot.frame,
            ..Screen::of(at)
        };
        lay_out_cards(&screen, c)
    }
}

impl OnScreen for ClassicGame {
    fn action(key: &Key) -> Action {
        classic_action(key)
    }

    fn play(&mut self, act: &Action, _: usize, words: &Words) -> Option<Result<Vec<Note>, Note>> {
        match *act {
            Action::Slide(d) => Some(slide_note(self, d, words)),
            _ => None,
        }
    }

    fn step(&self, at: &mut ClassicGame, i: usize, words: &Words) -> Vec<Note> {
        slide_note(at, self.moves()[i], words).unwrap_or_else(|n| vec![n])
    }

    fn column(&self, _: usize) -> Option<usize> {
        None
    }

    fn screen(at: &ClassicGame, shot: &ReplayMarks<'_>, c: Canvas) -> Laid {
        let screen = ClassicScreen {
            best: shot.best,
            notes: &shot.notes,
            prompt_line: true,
            ..ClassicScreen::of(at)
        };
        lay_out_classic(&screen, c)
    }
}
