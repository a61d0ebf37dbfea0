//! `new2048 autoplay`: a bot plays on the normal game screen (the card game's, or classic
//! 2048's) until the game ends or a key is pressed.
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

use crate::cards::engine::{Game, Move, Position};
use crate::classic::{ClassicGame, bot};
use crate::strategy::{Sight, Strategy};

use crate::ui::kit::{Canvas, Frame, Grid, Note, Overlay, Tone, Words, fill, or_too_small};
use crate::ui::screens::{ClassicScreen, Player, Screen, lay_out_classic, render};
use crate::ui::term;
use crate::ui::term::{Act, KeyRead, Motion, Ui, read_key};
use crate::ui::widgets::{TimedFrame, card_frames, timing};

use super::notes::describe;

/// A game a bot can be watched playing: the card game or classic 2048.
pub(crate) trait Watched: Send + 'static {
    /// One frame of a move in motion.
    type Frame: TimedFrame + Send;
    /// The bot chooses and plays its move: what it says and the move's frames; `None` when it
    /// has no move.
    fn step(&mut self, words: &Words) -> Option<(Vec<Note>, Vec<Self::Frame>)>;
    fn over(&self) -> bool;
    /// The screen: the game with `notes`, `overlay` and `frame` drawn over it.
    fn lines(&self, s: &Look, frame: Option<&Self::Frame>) -> Vec<String>;
}

/// What every screen of a watched game shows besides the game.
pub(crate) struct Look<'a> {
    canvas: Canvas,
    notes: &'a [Note],
    overlay: Overlay,
    best: Option<u64>,
    /// The bot's name, for the title.
    name: &'static str,
}

/// The card game played by a [`Strategy`].
pub(crate) struct CardBot {
    pub game: Game,
    pub strategy: Box<dyn Strategy>,
    pub rng: crate::cards::deck::GameRng,
    /// The column of the bot's last card, marked as on the player's screen.
    pub fresh: Option<usize>,
}

impl Watched for CardBot {
    type Frame = Frame;

    fn step(&mut self, words: &Words) -> Option<(Vec<Note>, Vec<Frame>)> {
        let mv = self
            .strategy
            .choose(&Sight::of(&self.game), &mut self.rng)?;
        let before: Position = *self.game.position();
        let turn = self.game.play(mv).ok()?;
        self.fresh = match (turn.mv, turn.cleared) {
            (Move::Place(c), None) => Some(c as usize),
            _ => None,
        };
        let frames = card_frames(self.game.rules(), &before, &turn, self.game.position());
        Some((describe(&turn, words), frames))
    }

    fn over(&self) -> bool {
        self.game.is_over()
    }

    fn lines(&self, s: &Look, frame: Option<&Frame>) -> Vec<String> {
        let screen = Screen {
            best: s.best,
            tag: Some(fill(s.canvas.words.bot, &[&s.name])),
            notes: s.notes,
            overlay: s.overlay,
            player: Player::Bot,
            frame,
            fresh: self.fresh,
            ..Screen::of(&self.game)
        };
        render(&screen, s.canvas)
    }
}

/// Classic 2048 played by its expectimax bot, thinking as `think` allows.
pub(crate) struct ClassicBot {
    pub game: ClassicGame,
    pub think: bot::Think,
}

impl Watched for ClassicBot {
    type Frame = Grid;

    fn step(&mut self, words: &Words) -> Option<(Vec<Note>, Vec<Grid>)> {
        let dir = bot::best_move_with(self.game.board(), self.think)?;
        let before = *self.game.board();
        let mut notes = super::classic::slide_note(&mut self.game, dir, words).ok()?;
        let who = fill(words.bot, &[&"expectimax"]);
        notes.insert(
            0,
            Note::new(format!("{who} · {}", words.bot_footer), Tone::Info),
        );
        let frames = super::classic::slide_frames(&before, dir, self.game.board());
        Some((notes, frames))
    }

    fn over(&self) -> bool {
        self.game.is_over()
    }

    fn lines(&self, s: &Look, frame: Option<&Grid>) -> Vec<String> {
        let screen = ClassicScreen {
            best: s.best,
            notes: s.notes,
            overlay: s.overlay,
            // No keys line: the player's keys do nothing here (the note says how to stop).
            prompt_line: true,
            frame,
            ..ClassicScreen::of(&self.game)
        };
        or_too_small(lay_out_classic(&screen, s.canvas), s.canvas)
    }
}

/// Everything the bot thread needs, moved into it.
struct Bot<W: Watched> {
    term: term::Term,
    theme: crate::ui::kit::Theme,
    words: &'static Words,
    game: W,
    name: &'static str,
    delay: Duration,
    best: Option<u64>,
    stop: Arc<AtomicBool>,
    signalled: [Arc<AtomicBool>; 2],
    /// The animations' pace (off when the player turned them off).
    motion: Motion,
    /// Set while the boss key covers the screen: the bot plays on without drawing.
    hidden: Arc<AtomicBool>,
}

impl<W: Watched> Bot<W> {
    fn draw(&self, notes: &[Note], overlay: Overlay) -> io::Result<()> {
        self.draw_frame(notes, overlay, None)
    }

    /// The screen, with `frame` of the last move drawn over it.
    fn draw_frame(
        &self,
        notes: &[Note],
        overlay: Overlay,
        frame: Option<&W::Frame>,
    ) -> io::Result<()> {
        if self.hidden.load(Ordering::SeqCst) {
            return Ok(());
        }
        let (width, height) = term::size(&self.term);
        let look = Look {
            canvas: Canvas::new(self.words, self.theme, width, height),
            notes,
            overlay,
            best: self.best,
            name: self.name,
        };
        term::draw(&self.term, &self.game.lines(&look, frame), height)
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::SeqCst) || self.signalled.iter().any(|f| f.load(Ordering::SeqCst))
    }

    /// The bot's move in motion, as the player's moves are shown (see
    /// `ui::widgets::anim`).
    fn show(&self, frames: &[W::Frame], notes: &[Note]) -> io::Result<()> {
        let lengths: Vec<u64> = frames.iter().map(TimedFrame::ms).collect();
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

    fn run(mut self) -> io::Result<W> {
        let mut notes = Vec::new();
        while !self.stopped() && !self.game.over() {
            self.draw(&notes, Overlay::None)?;
            self.wait(self.delay, &notes, Overlay::None)?;
            if self.stopped() {
                break;
            }
            let Some((said, frames)) = self.game.step(self.words) else {
                break;
            };
            notes = said;
            self.show(&frames, &notes)?;
        }
        // Stay on screen until the player presses a key.
        let overlay = if self.game.over() {
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

/// Shows the bot named `name` playing `game`, one move every `delay`; returns the game as the
/// bot left it.
pub(crate) fn watch<W: Watched>(
    ui: &Ui,
    game: W,
    name: &'static str,
    delay: Duration,
    best: Option<u64>,
) -> io::Result<W> {
    let stop = Arc::new(AtomicBool::new(false));
    let bot = Bot {
        term: ui.term.clone(),
        theme: ui.theme,
        words: ui.words,
        game,
        name,
        delay,
        best,
        stop: Arc::clone(&stop),
        signalled: ui.signals.stop_flags(),
        motion: if ui.animated() {
            ui.settings.motion
        } else {
            Motion::OFF
        },
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
