//! `new2048 replay` on a terminal: a recorded game played back on the game's own screen.
//!
//! The same screens as play draw it (the card game's cards, chain and score; classic 2048's
//! board; a duel's two boards), so a replay looks like the game it records. Under the screen a
//! status line says where the replay stands, and the keys: `←`/`→` step back and forth,
//! `Home`/`End` jump to the start and the end, `space` plays or pauses, `+`/`-` change the speed,
//! `q` leaves.
//!
//! A frame is a pure function of the recording, the step and the playback state ([`frame`]): the
//! game at step `n` is the recording's start with its first `n` moves played again, never a
//! position reached by stepping to and fro, so stepping back after two steps forward shows
//! exactly what one step showed. The game engines are fast enough to replay thousands of moves
//! for each frame. The clock only decides when a playing replay takes its next step
//! (`ui::term::wait_key`), so frames are tested without one.

use std::time::Duration;

use crate::ui::term::Key;

use crate::cards::engine::{Game, Move};
use crate::cards::summary::Ending;
use crate::duel::{Duel, turn_order};
use crate::strategy::review::Rated;

use crate::ui::kit::{
    Canvas, Frame, Laid, Note, Overlay, Tone, Words, char_at, fill, or_too_small, pack,
};
use crate::ui::screens::{DuelScreen, lay_out_duel, tone};
use crate::ui::term;
use crate::ui::term::{Act, Mouse, Ui, Waited, wait_key};

use super::on_screen::{OnScreen, ReplayMarks};

/// A recording to play back: one game, or a duel.
pub(crate) trait Recording {
    /// Moves in the whole recording.
    fn len(&self) -> usize;
    /// The screen after `step` moves on canvas `c`, its last line left free.
    fn lay_out(&self, step: usize, c: Canvas) -> Laid;
    /// How the recorded game ended (a one-player game), said at its last step.
    fn ending(&self) -> Option<Ending>;
    /// What the screen is called: a replay, or a review.
    fn tag(&self, words: &Words) -> &'static str {
        words.replay_tag
    }
    /// Where the status line says the screen stands at `step` of `len`: `move 3 of 57`.
    fn place(&self, step: usize, len: usize, words: &Words) -> String {
        fill(words.replay_move, &[&step, &len])
    }
    /// The place as the one-line status of a small window says it: `3/57`.
    fn place_short(&self, step: usize, len: usize) -> String {
        format!("{step}/{len}")
    }
    /// The steps `n` and `N` jump between (a review's mistakes), in order.
    fn marks(&self) -> &[usize] {
        &[]
    }
    /// The keys line, in full and short.
    fn keys(&self, words: &Words) -> (&'static str, &'static str) {
        (words.replay_keys, words.replay_keys_short)
    }
}

/// One player's recorded game (the game as it ended; its start is
/// [`crate::duel::Playable::restart`]), the best score under its rules (the header says it, as in
/// play), and, in a recording of the replay between two steps, a moment of its move `step` (the
/// last one played) in motion.
pub(crate) struct Solo<G> {
    pub game: G,
    pub best: Option<u64>,
    pub frame: Option<Frame>,
}

impl<G: OnScreen> Solo<G> {
    /// `game` shown still, `best` the best score under its rules.
    pub(crate) fn new(game: G, best: Option<u64>) -> Solo<G> {
        Solo {
            game,
            best,
            frame: None,
        }
    }

    /// The screen after `step` moves as `shot` marks it, what the last move did under its
    /// notes.
    fn screen(&self, step: usize, mut shot: ReplayMarks<'_>, c: Canvas) -> Laid {
        let (at, told) = replayed(&self.game, step, c.words);
        shot.notes.extend(told);
        G::screen(&at, &shot, c)
    }
}

impl<G: OnScreen> Recording for Solo<G> {
    fn len(&self) -> usize {
        self.game.move_count()
    }

    fn lay_out(&self, step: usize, c: Canvas) -> Laid {
        let shot = ReplayMarks {
            notes: Vec::new(),
            cursor: match &self.frame {
                Some(f) => Some(f.col),
                None => self.game.column(step),
            },
            tag: self.tag(c.words),
            best: self.best,
            frame: self.frame.as_ref(),
        };
        self.screen(step, shot, c)
    }

    fn ending(&self) -> Option<Ending> {
        Some(self.game.ending())
    }
}

/// `game` from its start with its first `step` moves played, and what the last of them did.
fn replayed<G: OnScreen>(game: &G, step: usize, words: &Words) -> (G, Vec<Note>) {
    let mut at = game.restart();
    let mut notes = Vec::new();
    for i in 0..step.min(game.move_count()) {
        notes = game.step(&mut at, i, words);
    }
    (at, notes)
}

/// A card game with a mark for each move, shown on the position it is played from: the better
/// move highlighted and the one played rated, so a mistake is seen where it could have been
/// avoided (the review opened one move late, on the board after it).
pub(crate) struct Annotated {
    pub solo: Solo<Game>,
    /// Move `i` as `best` rated it, said before it in the screen's language.
    pub rated: Vec<Rated>,
    /// A loss above it is a mistake.
    pub tolerance: f64,
    /// The steps before each mistake (the moves rated bad, from 0), in order.
    pub mistakes: Vec<usize>,
}

impl Annotated {
    /// `game` reviewed: `best`'s move highlighted before each move and the played one rated
    /// after it (a loss above `tolerance` is a mistake): what `new2048 review` steps through,
    /// and the result screen opens at the biggest mistake. `best` is the best score under its
    /// rules (the header said `Best -`).
    pub(crate) fn reviewed(
        game: Game,
        moves: &[Rated],
        tolerance: f64,
        best: Option<u64>,
    ) -> Annotated {
        let mistakes = (0..moves.len())
            .filter(|&i| moves[i].loss > tolerance)
            .collect();
        Annotated {
            solo: Solo::new(game, best),
            rated: moves.to_vec(),
            tolerance,
            mistakes,
        }
    }

    /// What the review says before move `step` (from 0): `move 4: column 3 (-9 points
    /// expected); column 5 was better`, or that it is accurate.
    fn note(&self, step: usize, words: &Words) -> Option<Note> {
        let m = self.rated.get(step)?;
        Some(if m.loss > self.tolerance {
            let text = fill(
                words.review_mistake,
                &[
                    &m.n,
                    &words.move_at(m.played),
                    &words.loss(&m.note),
                    &words.move_at(m.best),
                ],
            );
            Note::new(text, Tone::Bad)
        } else {
            let text = fill(words.review_accurate, &[&m.n, &words.move_at(m.played)]);
            Note::new(text, Tone::Good)
        })
    }
}

impl Recording for Annotated {
    fn len(&self) -> usize {
        self.solo.len()
    }

    /// The move to come from here, rated, above what the last one did; the better move
    /// highlighted.
    fn lay_out(&self, step: usize, c: Canvas) -> Laid {
        let words = c.words;
        let cursor = match self.rated.get(step).map(|m| m.best) {
            Some(Move::Place(c)) => Some(usize::from(c)),
            Some(Move::Discard) => None,
            None => self.solo.game.column(step),
        };
        let shot = ReplayMarks {
            notes: self.note(step, words).into_iter().collect(),
            cursor,
            tag: self.tag(words),
            best: self.solo.best,
            frame: None,
        };
        self.solo.screen(step, shot, c)
    }

    fn ending(&self) -> Option<Ending> {
        self.solo.ending()
    }

    fn tag(&self, words: &Words) -> &'static str {
        words.review_tag
    }

    /// `before move 16 of 57`: the screen is the position the move is played from.
    fn place(&self, step: usize, len: usize, words: &Words) -> String {
        if step < len {
            fill(words.review_before, &[&(step + 1), &len])
        } else {
            fill(words.replay_move, &[&step, &len])
        }
    }

    /// The move rated on the screen: `22/53` before move 22, as its line under the board says.
    fn place_short(&self, step: usize, len: usize) -> String {
        format!("{}/{len}", (step + 1).min(len))
    }

    fn marks(&self) -> &[usize] {
        &self.mistakes
    }

    fn keys(&self, words: &Words) -> (&'static str, &'static str) {
        (words.review_keys, words.review_keys_short)
    }
}

/// A recorded duel: both games as they ended, the players' names, and who made each move.
pub(crate) struct Duet<G> {
    players: [G; 2],
    names: [String; 2],
    movers: Vec<usize>,
}

impl<G: OnScreen> Duet<G> {
    /// The duel `ended` (as recorded), played again from the start to learn the turn order.
    pub(crate) fn new(ended: Duel<G>, names: [String; 2]) -> Duet<G> {
        let movers = turn_order(&ended.players);
        Duet {
            players: ended.players,
            names,
            movers,
        }
    }
}

impl<G: OnScreen> Recording for Duet<G> {
    fn len(&self) -> usize {
        self.movers.len()
    }

    fn lay_out(&self, step: usize, c: Canvas) -> Laid {
        let words = c.words;
        let [a, b] = &self.players;
        let mut duel = Duel::new(a.restart(), b.restart());
        let mut made = [0; 2];
        let mut notes = Vec::new();
        for &i in self.movers.iter().take(step) {
            let told = self.players[i].step(&mut duel.players[i], made[i], words);
            notes = told
                .into_iter()
                .map(|n| Note::new(format!("{}: {}", self.names[i], n.text), tone(i)))
                .collect();
            made[i] += 1;
            duel.next_turn();
        }
        // Each player's highlight on the column of their next move.
        let cursors = [0, 1].map(|i| self.players[i].column(made[i]).unwrap_or(0));
        let screen = DuelScreen {
            duel: &duel,
            names: &self.names,
            cursors,
            notes: &notes,
            overlay: Overlay::None,
            prompt_line: true,
            asking: false,
            gave_up: None,
        };
        lay_out_duel(&screen, c)
    }

    fn ending(&self) -> Option<Ending> {
        None
    }
}

/// The speeds of a playing replay: the label, and the time between two moves.
const SPEEDS: [(&str, u64); 6] = [
    ("×¼", 2000),
    ("×½", 1000),
    ("×1", 500),
    ("×2", 250),
    ("×4", 125),
    ("×8", 60),
];

/// Where the replay stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Playback {
    /// Moves played (0: the start).
    pub step: usize,
    pub playing: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
}

impl Playback {
    pub(crate) const START: Playback = Playback {
        step: 0,
        playing: false,
        speed: 2,
    };

    fn delay(self) -> Duration {
        Duration::from_millis(SPEEDS[self.speed.min(SPEEDS.len() - 1)].1)
    }

    /// What a key does to the replay of `len` moves; `None` to leave.
    pub(crate) fn key(self, key: &Key, len: usize) -> Option<Playback> {
        let mut p = self;
        match key {
            Key::ArrowLeft | Key::Char('h' | 'a' | 'H' | 'A') => {
                p.step = p.step.saturating_sub(1);
                p.playing = false;
            }
            Key::ArrowRight | Key::Char('l' | 'd' | 'L' | 'D') => {
                p.step = (p.step + 1).min(len);
                p.playing = false;
            }
            Key::Home => p = Playback { step: 0, ..p },
            Key::End => {
                p.step = len;
                p.playing = false;
            }
            Key::Char(' ' | 'p' | 'P') | Key::Enter => {
                // Play from the start again once at the end.
                if !p.playing && p.step >= len {
                    p.step = 0;
                }
                p.playing = !p.playing && len > 0;
            }
            Key::Char('+' | '=') => p.speed = (p.speed + 1).min(SPEEDS.len() - 1),
            Key::Char('-' | '_') => p.speed = p.speed.saturating_sub(1),
            Key::Char('q' | 'Q') | Key::Ctrl('c' | 'd') | Key::Escape => return None,
            _ => {}
        }
        Some(p)
    }

    /// The next step of a playing replay; it pauses at the end.
    pub(crate) fn tick(self, len: usize) -> Playback {
        let step = (self.step + 1).min(len);
        Playback {
            step,
            playing: self.playing && step < len,
            ..self
        }
    }
}

/// The replay screen after `p.step` moves, on canvas `c`: the game's screen, then the status
/// (playing or paused, the move, the speed; the outcome at the end) and the keys; in a small
/// window, both on one short line.
pub(crate) fn frame(reel: &dyn Recording, p: Playback, c: Canvas) -> Vec<String> {
    frame_of(reel, p, c, true)
}

/// [`frame`] as a recording shows it: without the keys line, which no one watching it can press.
pub(crate) fn recorded_frame(reel: &dyn Recording, p: Playback, c: Canvas) -> Vec<String> {
    frame_of(reel, p, c, false)
}

/// [`frame`], with or without the keys line.
fn frame_of(reel: &dyn Recording, p: Playback, c: Canvas, keys: bool) -> Vec<String> {
    let (width, height) = (c.width, c.height);
    let mut laid = Err((width + 1, height + 1));
    // The bottom's room is the most it takes at any step, playing or paused (the outcome at the
    // end, the longest move number, a longer word for playing), so the board keeps its layout,
    // and its columns their place, from the first step to the last.
    let len = reel.len();
    let most = [len.saturating_sub(1), len]
        .into_iter()
        .flat_map(|step| [true, false].map(|playing| Playback { step, playing, ..p }))
        .map(|q| roomy(reel, q, c, keys).len())
        .max()
        .unwrap_or(0);
    for (bottom, most) in [
        (roomy(reel, p, c, keys), most),
        (tight(reel, p, c, keys), 1),
    ] {
        // The screen keeps its last line free for a prompt: the bottom starts there.
        let below = bottom.len().max(most);
        let room = (height + 1).saturating_sub(below);
        laid = reel
            .lay_out(p.step, c.sized(width, room))
            .map(|mut lines| {
                if lines.last().is_some_and(String::is_empty) {
                    lines.pop();
                }
                lines.extend(bottom);
                lines
            })
            .map_err(|(w, h)| (w, h + below - 1));
        if laid.is_ok() {
            break;
        }
    }
    or_too_small(laid, c)
}

/// The speed's label.
fn speed(p: Playback) -> &'static str {
    SPEEDS[p.speed.min(SPEEDS.len() - 1)].0
}

/// `▶` when playing, `❚❚` when paused.
fn mark(p: Playback) -> &'static str {
    if p.playing { "▶" } else { "❚❚" }
}

/// The status line (with a bar of how far the replay is) and the keys, each wrapped to the
/// width.
fn roomy(reel: &dyn Recording, p: Playback, c: Canvas, keys: bool) -> Vec<String> {
    let (words, theme, width) = (c.words, c.theme, c.width);
    let len = reel.len();
    let state = if p.playing {
        words.replay_playing
    } else {
        words.replay_paused
    };
    // At the end the outcome takes the place of the (full) bar, which it is no wider than, so
    // the bottom keeps its lines and the board its place.
    let bar = match reel.ending() {
        Some(e) if p.step >= len => match e {
            Ending::Won => words.replay_won,
            Ending::Lost => words.replay_lost,
            Ending::Quit | Ending::Restarted => words.replay_quit,
        }
        .to_string(),
        _ => progress(p.step, len, BAR),
    };
    let status = vec![
        format!("{} {}", mark(p), reel.tag(words)),
        reel.place(p.step, len, words),
        bar,
        format!("{state} {}", speed(p)),
    ];
    let mut bottom: Vec<String> = pack(&status, "  ", "  ", width)
        .into_iter()
        .map(|l| theme.paint(&l, Tone::Info))
        .collect();
    if !keys {
        return bottom;
    }
    let keys: Vec<String> = reel.keys(words).0.split("  ").map(String::from).collect();
    bottom.extend(
        pack(&keys, "  ", "  ", width)
            .into_iter()
            .map(|l| theme.paint(&l, Tone::Dim)),
    );
    bottom
}

/// The cells of the bar that shows how far the replay is.
const BAR: usize = 20;

/// How far the replay is, as a bar of `cells` cells: `━━━━━━╸─────────────`.
fn progress(step: usize, len: usize, cells: usize) -> String {
    let done = (step * cells).checked_div(len).unwrap_or(cells).min(cells);
    let mut bar = "━".repeat(done);
    if done < cells {
        bar.push('╸');
        bar.push_str(&"─".repeat(cells - done - 1));
    }
    bar
}

/// One line: `❚❚ 3/57 ×1  ←→ space +- q`.
fn tight(reel: &dyn Recording, p: Playback, c: Canvas, keys: bool) -> Vec<String> {
    let (words, theme, width) = (c.words, c.theme, c.width);
    let status = format!(
        "{} {} {}",
        mark(p),
        reel.place_short(p.step, reel.len()),
        speed(p)
    );
    let mut line = format!("  {}", theme.paint(&status, Tone::Info));
    if keys {
        line.push_str(&format!("  {}", theme.paint(reel.keys(words).1, Tone::Dim)));
    }
    vec![crate::ui::kit::fit(&line, width)]
}

/// The key a mouse event on the replay screen (drawn as `lines`) stands for: the wheel steps
/// (up back, down on), a click on the `←` or `→` of the keys line steps that way.
fn clicked(lines: &[String], m: Mouse) -> Option<Key> {
    match m.act {
        Act::WheelUp => Some(Key::ArrowLeft),
        Act::WheelDown => Some(Key::ArrowRight),
        Act::Press(0) => match char_at(lines.get(usize::from(m.y))?, usize::from(m.x))? {
            '←' => Some(Key::ArrowLeft),
            '→' => Some(Key::ArrowRight),
            _ => None,
        },
        _ => None,
    }
}

/// `n` and `N`: the replay paused at the next (or the previous) of `marks` after (or before) its
/// step, if there is one; `None` for another key, or when there is none that way.
fn jump(marks: &[usize], p: Playback, key: &Key) -> Option<Playback> {
    let to = match key {
        Key::Char('n') => marks.iter().find(|&&m| m > p.step),
        Key::Char('N') => marks.iter().rev().find(|&&m| m < p.step),
        _ => return None,
    };
    to.map(|&step| Playback {
        step,
        playing: false,
        ..p
    })
}

/// Plays `reel` back on the screen from its move `step` until the player leaves (or a stop
/// signal comes).
pub(crate) fn show_replay(ui: &Ui, reel: &dyn Recording, step: usize) {
    let len = reel.len();
    let mut p = Playback {
        step: step.min(len),
        ..Playback::START
    };
    loop {
        let (w, h) = term::size(&ui.term);
        let lines = frame(reel, p, ui.canvas(w, h));
        if term::draw(&ui.term, &lines, h).is_err() {
            return;
        }
        let limit = p.playing.then(|| p.delay());
        match wait_key(ui, limit) {
            Waited::Key(k) => match jump(reel.marks(), p, &k).or_else(|| p.key(&k, len)) {
                Some(next) => p = next,
                None => return,
            },
            Waited::Mouse(m) => {
                if let Some(next) = clicked(&lines, m).and_then(|k| p.key(&k, len)) {
                    p = next;
                }
            }
            Waited::Timeout => p = p.tick(len),
            Waited::Redraw => {}
            Waited::Stop => return,
        }
    }
}

#[cfg(test)]
mod tests;
