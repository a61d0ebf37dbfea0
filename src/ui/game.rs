//! The card game on the screen: what its keys do and what it tells the keeper; the loop itself
//! (signals, resizes, quitting, help, the result) is the one all games share, [`super::session`].
//! Every move is checked by the engine first ([`Game::play`] refuses illegal ones), so a key can
//! only ever produce a move or a short message.
//!
//! Storage is reached only through [`Keeper`]: `best` when a game starts and ends; `save` after
//! every move and undo and when leaving (quit, Ctrl-C, Ctrl-D, SIGINT/SIGTERM/SIGHUP, the
//! terminal gone) — or `forget` when leaving a game in which no card was played; `finish` when a
//! game is won or lost, and (as quit) when it is restarted; `take_warnings` after each of them,
//! shown under the board.

use std::io;

use console::Key;

use crate::engine::{Clear, Game, Move, MoveError, Turn};
use crate::keeper::{Deal, GameMeta, Keeper};
use crate::strategy;
use crate::summary::Ending;
use crate::text;

use super::Ui;
use super::i18n::{Words, fill};
use super::input::{Action, action};
use super::render::{Note, Overlay, Player, Screen, fits, render};
use super::session::{self, End, Play};
use super::term;
use super::theme::Tone;

/// The notes describing what a move did: the chain with its points, then any clear.
pub fn describe(turn: &Turn, words: &Words) -> Vec<Note> {
    let mut notes = Vec::new();
    let col = match turn.mv {
        Move::Place(c) => c as usize + 1,
        Move::Discard => 0,
    };
    let chain = text::chain(turn)
        .replace("bomb", words.bomb)
        .replace("wild", words.wild);
    let first = match turn.mv {
        Move::Discard => Note::new(fill(words.discarded, &[&words.card(turn.card)]), Tone::Info),
        Move::Place(_) if chain.is_empty() => Note::new(
            fill(words.placed, &[&words.card(turn.card), &col]),
            Tone::Info,
        ),
        Move::Place(_) => Note::new(format!("{chain}  +{}", turn.points), Tone::Good),
    };
    notes.push(first);
    let mut second = match turn.cleared {
        Some(Clear::Value) => {
            // The chain's last step made the clear value.
            let made = turn.steps().last().map(|s| s.made.to_string());
            fill(words.cleared, &[&col, &made.unwrap_or_default()])
        }
        Some(Clear::Bomb) => fill(words.bombed, &[&col]),
        None => String::new(),
    };
    if turn.discards_gained > 0 {
        if !second.is_empty() {
            second.push_str("  ");
        }
        second.push_str(&fill(words.discards_back, &[&turn.discards_gained]));
    }
    if !second.is_empty() {
        let tone = if turn.cleared == Some(Clear::Bomb) {
            Tone::Bad
        } else {
            Tone::Good
        };
        notes.push(Note::new(second, tone));
    }
    notes
}

/// The message for a refused move.
pub fn refusal(e: MoveError, game: &Game, words: &Words) -> Note {
    let text = match e {
        MoveError::ColumnFull(n) => fill(words.column_full, &[&n]),
        MoveError::NoSuchColumn { columns, .. } => fill(words.no_such_column, &[&columns]),
        MoveError::NoDiscards if game.rules().has_discards() => words.no_discards.to_string(),
        MoveError::NoDiscards => words.discards_off.to_string(),
        MoveError::GameOver => words.hint_none.to_string(),
    };
    Note::new(text, Tone::Bad)
}

/// What the title says about the deal: the date of a daily deal.
fn tag(meta: &GameMeta, words: &Words) -> Option<String> {
    match &meta.deal {
        Deal::Daily { date, .. } => Some(format!("{} {date}", words.daily)),
        _ => None,
    }
}

/// One game being played on the screen.
struct Session<'a> {
    ui: &'a Ui,
    keeper: &'a mut dyn Keeper,
    game: Game,
    meta: GameMeta,
    tag: Option<String>,
    best: Option<u64>,
    cursor: usize,
    hint: Option<Move>,
    notes: Vec<Note>,
}

/// Plays `game` until it ends, the player leaves, or a signal stops it.
pub fn play(ui: &Ui, keeper: &mut dyn Keeper, game: Game, meta: GameMeta) -> End {
    let best = keeper.best(game.rules());
    let cursor = game.rules().board.columns as usize / 2;
    let mut s = Session {
        ui,
        keeper,
        game,
        tag: tag(&meta, ui.words),
        meta,
        best,
        cursor,
        hint: None,
        notes: Vec::new(),
    };
    s.warnings();
    session::run(&mut s)
}

impl Session<'_> {
    fn words(&self) -> &'static Words {
        self.ui.words
    }

    fn screen_state(&self, overlay: Overlay, prompt_line: bool) -> Screen<'_> {
        Screen {
            game: &self.game,
            best: self.best,
            cursor: Some(self.cursor),
            hint: self.hint,
            tag: self.tag.clone(),
            notes: &self.notes,
            overlay,
            player: Player::Human,
            prompt_line,
        }
    }

    fn score(&self) -> u64 {
        self.game.position().score
    }

    fn warnings(&mut self) {
        for w in self.keeper.take_warnings() {
            self.notes.push(Note::new(w, Tone::Bad));
        }
    }

    /// Keeps the game for later when leaving: saved with its score, or, when no card was
    /// played, its save dropped (there is nothing to resume).
    fn keep(&mut self) -> Option<u64> {
        if self.game.moves().is_empty() {
            self.keeper.forget(&self.game, &self.meta);
            self.warnings();
            None
        } else {
            self.save();
            Some(self.score())
        }
    }

    fn save(&mut self) {
        self.keeper.save(&self.game, &self.meta);
        self.warnings();
    }

    /// Plays a move, or says why it cannot be made.
    fn make(&mut self, mv: Move) {
        match self.game.play(mv) {
            Ok(turn) => {
                self.hint = None;
                self.notes = describe(&turn, self.words());
                self.save();
            }
            Err(e) => self.notes = vec![refusal(e, &self.game, self.words())],
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
        let ending = Ending::of(&self.game);
        let new_best = self.keeper.finish(&self.game, &self.meta, ending);
        self.best = self.keeper.best(self.game.rules()).or(self.best);
        self.warnings();
        new_best
    }

    /// Leaving at once (a signal, Ctrl-C, Ctrl-D, the terminal gone): the game is kept.
    fn leave(&mut self) -> End {
        End::Stopped(self.keep())
    }

    fn quit(&mut self) -> End {
        End::Quit(self.keep())
    }

    fn quit_question(&self) -> &'static str {
        self.words().confirm_quit
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
        action(key)
    }

    fn act(&mut self, act: Action) -> Option<End> {
        let words = self.words();
        let columns = self.game.rules().board.columns as usize;
        match act {
            Action::Place(c) => self.make(Move::Place(c.min(255) as u8)),
            Action::PlaceAtCursor => self.make(Move::Place(self.cursor as u8)),
            Action::Discard => self.make(Move::Discard),
            Action::Left => self.cursor = (self.cursor + columns - 1) % columns,
            Action::Right => self.cursor = (self.cursor + 1) % columns,
            Action::Undo => {
                self.hint = None;
                if self.game.undo() {
                    self.notes = vec![Note::new(words.undone, Tone::Info)];
                    self.save();
                } else {
                    self.notes = vec![Note::new(words.nothing_to_undo, Tone::Bad)];
                }
            }
            Action::Hint => {
                self.hint = strategy::hint(&self.game);
                let text = match self.hint {
                    Some(Move::Place(c)) => {
                        self.cursor = c as usize;
                        fill(words.hint_column, &[&(c + 1)])
                    }
                    Some(Move::Discard) => words.hint_discard.to_string(),
                    None => words.hint_none.to_string(),
                };
                self.notes = vec![Note::new(text, Tone::Info)];
            }
            Action::Restart => {
                // The game given up is recorded as quit, unless nothing was played.
                return session::restart(self, |s| {
                    if s.game.moves().is_empty() {
                        s.keeper.forget(&s.game, &s.meta);
                    } else {
                        s.keeper.finish(&s.game, &s.meta, Ending::of(&s.game));
                    }
                });
            }
            Action::Unknown(name) => self.notes = vec![session::unknown_key(&name, words)],
            // The loop handles these; a slide is not a card game key.
            Action::Help
            | Action::Quit
            | Action::Interrupt
            | Action::EndOfInput
            | Action::Slide(_) => {}
        }
        None
    }
}
