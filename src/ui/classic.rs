//! Classic 2048 on the screen: what its keys do and what it tells the keeper. The loop is the
//! one every game shares ([`super::session`]), so signals, resizes, quitting, the help and the
//! result behave exactly as in the card game.
//!
//! Storage goes through [`ClassicKeeper`], as the card game's goes through its keeper: the
//! best score when the game starts and ends; `save_classic` after every move and undo and when
//! leaving (quit, Ctrl-C, Ctrl-D, SIGINT/SIGTERM/SIGHUP, the terminal gone), or
//! `forget_classic` when leaving before any move; `finish_classic` when no move is left, and
//! (as quit) when the game is restarted.
//!
//! Making the winning tile does not end the game: a banner says so and play goes on, as in
//! the original 2048. The game is over only when no tile can move.

use std::io;

use console::Key;

use crate::classic::{ClassicGame, Dir, bot};
use crate::keeper::{ClassicKeeper, ClassicMeta};

use super::Ui;
use super::classic_screen::{ClassicScreen, fits, render};
use super::i18n::{Words, fill};
use super::input::{Action, classic_action};
use super::render::{Note, Overlay};
use super::session::{self, End, Play};
use super::term;
use super::theme::Tone;

/// The arrow of a direction.
pub fn arrow(d: Dir) -> &'static str {
    match d {
        Dir::Up => "↑",
        Dir::Down => "↓",
        Dir::Left => "←",
        Dir::Right => "→",
    }
}

/// The word for a direction in the player's language.
pub fn dir_word(d: Dir, words: &Words) -> &'static str {
    let i = Dir::ALL.iter().position(|&x| x == d).unwrap_or(0);
    words.dirs[i]
}

/// What a slide tells the player: the direction and the points, or that nothing moved.
pub fn slide_note(game: &mut ClassicGame, d: Dir, words: &Words) -> Result<Vec<Note>, Note> {
    let word = dir_word(d, words);
    match game.play(d) {
        None => Err(Note::new(fill(words.slide_nothing, &[&word]), Tone::Bad)),
        Some(slide) => {
            let mut notes = Vec::new();
            if slide.reached_win {
                let win = game.rules().win;
                notes.push(Note::new(fill(words.classic_win, &[&win]), Tone::Good));
            }
            let what = format!("{} {word}", arrow(d));
            let mut text = fill(words.slid, &[&what]);
            if slide.points > 0 {
                text.push_str(&format!("  +{}", slide.points));
            }
            notes.push(Note::new(text, Tone::Info));
            Ok(notes)
        }
    }
}

/// One classic game being played on the screen.
struct Session<'a> {
    ui: &'a Ui,
    keeper: &'a mut dyn ClassicKeeper,
    game: ClassicGame,
    meta: ClassicMeta,
    best: Option<u64>,
    notes: Vec<Note>,
}

/// Plays `game` until it ends, the player leaves, or a signal stops it.
pub fn play(ui: &Ui, keeper: &mut dyn ClassicKeeper, game: ClassicGame, meta: ClassicMeta) -> End {
    let best = keeper.classic_best(&game.rules());
    let mut s = Session {
        ui,
        keeper,
        game,
        meta,
        best,
        notes: Vec::new(),
    };
    s.warnings();
    session::run(&mut s)
}

impl Session<'_> {
    fn screen_state(&self, overlay: Overlay, prompt_line: bool) -> ClassicScreen<'_> {
        ClassicScreen {
            game: &self.game,
            best: self.best,
            notes: &self.notes,
            overlay,
            prompt_line,
        }
    }

    fn warnings(&mut self) {
        for w in self.keeper.take_warnings() {
            self.notes.push(Note::new(w, Tone::Bad));
        }
    }

    fn save(&mut self) {
        self.keeper.save_classic(&self.game, &self.meta);
        self.warnings();
    }

    /// Keeps the game for later when leaving: saved with its score, or, before any move, its
    /// save dropped (there is nothing to resume).
    fn keep(&mut self) -> Option<u64> {
        if self.game.moves().is_empty() {
            self.keeper.forget_classic(&self.game, &self.meta);
            self.warnings();
            None
        } else {
            self.save();
            Some(self.game.score())
        }
    }
}

impl Play for Session<'_> {
    fn ui(&self) -> &Ui {
        self.ui
    }

    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    fn finish(&mut self) -> bool {
        let new_best = self.keeper.finish_classic(&self.game, &self.meta);
        self.best = self.keeper.classic_best(&self.game.rules()).or(self.best);
        self.warnings();
        new_best
    }

    fn leave(&mut self) -> End {
        End::Stopped(self.keep())
    }

    fn quit(&mut self) -> End {
        End::Quit(self.keep())
    }

    fn quit_question(&self) -> &'static str {
        self.ui.words.confirm_quit
    }

    fn draw(&self, overlay: Overlay, prompt_line: bool) -> io::Result<()> {
        session::paint(self.ui, |w, h| {
            let screen = self.screen_state(overlay, prompt_line);
            render(&screen, self.ui.words, self.ui.theme, w, h)
        })
    }

    fn too_small(&self) -> bool {
        let (w, h) = term::size(&self.ui.term);
        let screen = self.screen_state(Overlay::None, false);
        !fits(&screen, self.ui.words, w, h)
    }

    fn action(&self, key: &Key) -> Action {
        classic_action(key)
    }

    fn act(&mut self, act: Action) -> Option<End> {
        let words = self.ui.words;
        match act {
            Action::Slide(d) => match slide_note(&mut self.game, d, words) {
                Ok(notes) => {
                    self.notes = notes;
                    self.save();
                }
                Err(note) => self.notes = vec![note],
            },
            Action::Undo => {
                if self.game.undo() {
                    self.notes = vec![Note::new(words.undone, Tone::Info)];
                    self.save();
                } else {
                    self.notes = vec![Note::new(words.nothing_to_undo, Tone::Bad)];
                }
            }
            Action::Hint => {
                let text = match bot::best_move(self.game.board()) {
                    Some(d) => fill(words.hint_dir, &[&dir_word(d, words), &arrow(d)]),
                    None => words.hint_none.to_string(),
                };
                self.notes = vec![Note::new(text, Tone::Info)];
            }
            Action::Restart => {
                // The game given up is recorded as quit, unless nothing was played.
                return session::restart(self, |s| {
                    if s.game.moves().is_empty() {
                        s.keeper.forget_classic(&s.game, &s.meta);
                    } else {
                        s.keeper.finish_classic(&s.game, &s.meta);
                    }
                });
            }
            Action::Unknown(name) => self.notes = vec![session::unknown_key(&name, words)],
            // The loop handles the others; the card game's keys are not classic keys.
            _ => {}
        }
        None
    }
}
