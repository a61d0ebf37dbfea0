//! `new2048 autoplay`: a bot plays on the normal game screen until the game ends or a key is
//! pressed.
//!
//! Two threads, because console can only wait for a key without a time limit: the bot thread
//! plays a move every `delay`, draws, and redraws when the terminal size changes; the main thread
//! waits for a key and then tells the bot to stop. The main thread does the key reads so that a
//! stop signal (delivered to it) interrupts the read; the bot thread never reads the terminal, so
//! raw mode is never left on when the program ends. The bot's game is not saved or recorded: it
//! is not the player's game. Its moves are animated like the player's (the bot thread sleeps
//! through the frames; a key still stops it at once, between two frames).

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::cards::engine::{Game, Move, Position, Turn};
use crate::strategy::{Sight, Strategy};

use crate::ui::kit::{Frame, Note, Overlay, fill};
use crate::ui::screens::{Player, Screen, render};
use crate::ui::term;
use crate::ui::term::{Act, KeyRead, Motion, Ui, read_key};
use crate::ui::widgets::{card_frames, timing};

use super::notes::describe;

/// Everything the bot thread needs, moved into it.
struct Bot {
    term: console::Term,
    theme: crate::ui::kit::Theme,
    words: &'static crate::ui::kit::Words,
    game: Game,
    strategy: Box<dyn Strategy>,
    seed: u64,
    delay: Duration,
    best: Option<u64>,
    stop: Arc<AtomicBool>,
    signalled: [Arc<AtomicBool>; 2],
    /// The animations' pace (off when the player turned them off).
    motion: Motion,
    /// The column of the bot's last card, marked as on the player's screen.
    fresh: Option<usize>,
    /// Set while the boss key covers the screen: the bot plays on without drawing.
    hidden: Arc<AtomicBool>,
}

impl Bot {
    fn draw(&self, notes: &[Note], overlay: Overlay) -> io::Result<()> {
        self.draw_frame(notes, overlay, None)
    }

    /// The screen, with `frame` of the last move drawn over it.
    fn draw_frame(
        &self,
        notes: &[Note],
        overlay: Overlay,
        frame: Option<&Frame>,
    ) -> io::Result<()> {
        if self.hidden.load(Ordering::SeqCst) {
            return Ok(());
        }
        let (w, h) = term::size(&self.term);
        let screen = Screen {
            game: &self.game,
            best: self.best,
            cursor: None,
            hint: None,
            explained: &[],
            tag: Some(fill(self.words.bot, &[&self.strategy.name()])),
            notes,
            overlay,
            player: Player::Bot,
            prompt_line: false,
            frame,
            fresh: self.fresh,
            played_secs: None,
            daily: false,
            insight: &[],
            goal: None,
        };
        let lines = render(&screen, self.words, self.theme, w, h);
        term::draw(&self.term, &lines, h)
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::SeqCst) || self.signalled.iter().any(|f| f.load(Ordering::SeqCst))
    }

    /// The bot's move in motion, as the player's moves are shown (see
    /// `ui::widgets::anim`).
    fn show(&self, before: &Position, turn: &Turn, notes: &[Note]) -> io::Result<()> {
        let frames = card_frames(self.game.rules(), before, turn, self.game.position());
        let lengths: Vec<u64> = frames.iter().map(|f| f.ms).collect();
        for (f, t) in frames.iter().zip(timing(&lengths, self.motion)) {
            if self.stopped() {
                break;
            }
            self.draw_frame(notes, Overlay::None, Some(f))?;
            std::thread::sleep(t);
        }
        Ok(())
    }

    /// Waits `d` (or until stopped), redrawing when the terminal size changes.
    fn wait(&self, d: Duration, notes: &[Note], overlay: Overlay) -> io::Result<()> {
        let end = Instant::now() + d;
        let mut size = term::size(&self.term);
        while !self.stopped() && Instant::now() < end {
            std::thread::sleep(Duration::from_millis(20).min(d));
            let now = term::size(&self.term);
            if now != size {
                size = now;
                self.draw(notes, overlay)?;
            }
        }
        Ok(())
    }

    fn run(mut self) -> io::Result<Game> {
        let mut rng = crate::cards::deck::rng(self.seed);
        let mut notes = Vec::new();
        while !self.stopped() && !self.game.is_over() {
            self.draw(&notes, Overlay::None)?;
            self.wait(self.delay, &notes, Overlay::None)?;
            if self.stopped() {
                break;
            }
            let Some(mv) = self.strategy.choose(&Sight::of(&self.game), &mut rng) else {
                break;
            };
            let before = *self.game.position();
            match self.game.play(mv) {
                Ok(turn) => {
                    notes = describe(&turn, self.words);
                    self.fresh = match (turn.mv, turn.cleared) {
                        (Move::Place(c), None) => Some(c as usize),
                        _ => None,
                    };
                    self.show(&before, &turn, &notes)?;
                }
                Err(_) => break,
            }
        }
        // Stay on screen until the player presses a key.
        let overlay = if self.game.is_over() {
            Overlay::result(false)
        } else {
            Overlay::None
        };
        self.draw(&notes, overlay)?;
        while !self.stopped() {
            self.wait(Duration::from_millis(200), &notes, overlay)?;
        }
        Ok(self.game)
    }
}

/// Shows `strategy` playing `game`, one move every `delay`; returns the game as the bot left it.
pub(crate) fn watch(
    ui: &Ui,
    game: Game,
    strategy: Box<dyn Strategy>,
    seed: u64,
    delay: Duration,
    best: Option<u64>,
) -> io::Result<Game> {
    let stop = Arc::new(AtomicBool::new(false));
    let bot = Bot {
        term: ui.term.clone(),
        theme: ui.theme,
        words: ui.words,
        game,
        strategy,
        seed,
        delay,
        best,
        stop: Arc::clone(&stop),
        signalled: ui.signals.stop_flags(),
        motion: if ui.animated() {
            ui.settings.motion
        } else {
            Motion::OFF
        },
        fresh: None,
        hidden: ui.boss.hidden_flag(),
    };
    let handle = std::thread::spawn(move || bot.run());
    loop {
        if ui.signals.stop() || handle.is_finished() {
            break;
        }
        // Any key or click stops the bot; the pointer passing over the screen does not.
        match read_key(ui) {
            KeyRead::Redraw => continue,
            KeyRead::Mouse(m) if !matches!(m.act, Act::Press(_)) => continue,
            _ => break,
        }
    }
    stop.store(true, Ordering::SeqCst);
    handle
        .join()
        .map_err(|_| io::Error::other("the bot stopped with an error"))?
}
