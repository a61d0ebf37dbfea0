//! Classic 2048 on the screen: what its keys do and how it is kept (through
//! [`crate::store::Store`], as a classic game: its save never replaces the card game's). The loop is
//! the one every game shares ([`session`](super::session)) and saving, undo and restart are the
//! one-player games' ([`super::solo`]), so all of it behaves exactly as in the card game.
//!
//! Making the winning tile does not end the game: a banner says so and play goes on, as in
//! the original 2048. The game is over only when no tile can move.

use crate::classic::{Board, ClassicGame, Dir, bot};
use crate::deal::ClassicMeta;
use crate::store::Store;

use crate::ui::kit::{Grid, Laid, Note, Stamp, Tone, View, Words, arrow, fill};
use crate::ui::screens::{ClassicScreen, Slid, lay_out_classic, log_classic};
use crate::ui::term::{Act, Action, Look, Mouse, Ui};
use crate::ui::widgets::{classic_frames, show_frames};

use super::insight::{self, Judged};
use super::session::End;
use super::solo::{self, OnePlayer, SoloGame};

/// What a slide tells the player: the direction and the points, or that nothing moved.
pub(crate) fn slide_note(game: &mut ClassicGame, d: Dir, words: &Words) -> Result<Vec<Note>, Note> {
    let word = words.dir(d);
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

/// The screen of the game as it is (its merged and new tiles marked until the next key), or
/// with one frame of a slide instead of the board.
fn screen<'a>(s: &'a SoloGame<ClassicGame>, v: View, frame: Option<&'a Grid>) -> ClassicScreen<'a> {
    ClassicScreen {
        best: s.best,
        notes: &s.notes,
        overlay: v.overlay,
        prompt_line: v.prompt_line,
        asking: v.prompt_line,
        frame: frame.or(s.extra.marks.as_ref()),
        insight: &s.extra.judged.lines,
        ..ClassicScreen::of(&s.game)
    }
}

/// Shows the slide `dir` that took `before` to the game's board, frame by frame, until it is
/// over or a key is pressed (the key is then read by the loop as usual); keeps the last frame
/// (the board with its merged and new tiles marked) to show until the next key.
fn animate(s: &mut SoloGame<ClassicGame>, before: &Board, dir: Dir) {
    let frames = slide_frames(before, dir, s.game.board());
    let spawn = frames
        .last()
        .is_some_and(|_| spawned(before, dir, s.game.board()).is_some());
    show_frames(s.ui, &frames, |f, v| {
        lay_out_classic(&screen(s, v, Some(f)), v.canvas)
    });
    // The last frame is the board as it is, with the merged tiles and the new one marked.
    s.extra.marks = frames.last().filter(|_| spawn).cloned();
}

/// Where the new tile of the slide `dir` from `before` to `after` is: where the slide alone left
/// a hole and the board now has a tile.
fn spawned(before: &Board, dir: Dir, after: &Board) -> Option<(usize, usize)> {
    before.slide(dir).and_then(|(slid, _)| {
        let n = slid.size();
        (0..n * n)
            .map(|i| (i / n, i % n))
            .find(|&(r, c)| slid.get(r, c) == 0 && after.get(r, c) != 0)
    })
}

/// The frames of the slide `dir` that took `before` to `after`, the new tile appearing last.
pub(crate) fn slide_frames(before: &Board, dir: Dir, after: &Board) -> Vec<Grid> {
    classic_frames(before, dir, after, spawned(before, dir, after))
}

/// How long the hint may think on a 4×4 board: deeper as the board fills, while a key press
/// still answers at once to the eye.
const HINT_THINK: bot::Think = bot::Think::Within(std::time::Duration::from_millis(100));

/// Classic's own screen state.
pub(crate) struct Classic {
    /// The board of the last slide with its merged and new tiles marked, until the next key.
    marks: Option<Grid>,
    /// Where the mouse button went down, for a drag.
    pressed: Option<(u16, u16)>,
    /// Par of this deal (the classic bot's game, worked out from the game's start) and the
    /// review of the game as it ended, as the card game has them.
    judged: Judged<Dir>,
    /// What the last key did, for the log look, numbered so each key is logged once.
    event: Option<(u64, Slid)>,
}

impl Classic {
    fn happened(&mut self, e: Slid) {
        let n = self.event.map_or(0, |(n, _)| n + 1);
        self.event = Some((n, e));
    }
}

/// The direction of a drag from `from` to `to` (screen column, row): the way it went furthest,
/// a row counted as two columns (a terminal's cells are about twice as tall as wide); `None`
/// for a drag shorter than two columns or one row.
pub(crate) fn drag(from: (u16, u16), to: (u16, u16)) -> Option<Dir> {
    let dx = i32::from(to.0) - i32::from(from.0);
    let dy = (i32::from(to.1) - i32::from(from.1)) * 2;
    if dx.abs().max(dy.abs()) < 2 {
        return None;
    }
    Some(if dx.abs() >= dy.abs() {
        if dx > 0 { Dir::Right } else { Dir::Left }
    } else if dy > 0 {
        Dir::Down
    } else {
        Dir::Up
    })
}

/// Plays `game` until it ends, the player leaves, or a signal stops it.
pub(crate) fn play_classic(
    ui: &Ui,
    store: &mut Store,
    game: ClassicGame,
    meta: ClassicMeta,
) -> End {
    let classic = Classic {
        marks: None,
        pressed: None,
        judged: Judged::new(insight::start_classic_par(&game)),
        event: None,
    };
    solo::play(ui, store, game, meta, classic).0
}

impl OnePlayer for ClassicGame {
    type Extra = Classic;

    fn undo(&mut self, extra: &mut Classic) -> bool {
        extra.marks = None;
        ClassicGame::undo(self)
    }

    fn lost(&self) -> bool {
        // The game is over only when no tile can move, after the winning tile or not.
        true
    }

    fn result_shown(s: &mut SoloGame<Self>) {
        let game = &s.game;
        s.extra
            .judged
            .ended(game.moves(), || insight::start_classic_review(game));
    }

    fn result_poll(s: &mut SoloGame<Self>) -> (bool, bool) {
        // Classic 2048 counts no hints; its undos it does.
        let help = insight::Help {
            undos: s.game.undos(),
            ..insight::Help::NONE
        };
        s.extra.judged.poll(s.ui.words, s.game.score(), help)
    }

    fn lay_out(s: &SoloGame<Self>, v: View) -> Laid {
        if s.ui.look.get() == Look::Log {
            let mut journal = s.ui.boss.journal.borrow_mut();
            return Ok(log_classic(
                &s.game,
                s.best,
                v.overlay,
                s.extra.event,
                &mut journal,
                Stamp::now(),
                (v.canvas.width, v.canvas.height),
            ));
        }
        lay_out_classic(&screen(s, v, None), v.canvas)
    }

    /// A drag (press, move, release) slides the way it went; a press and release in place
    /// does nothing.
    fn mouse(s: &mut SoloGame<Self>, m: Mouse) -> Option<Action> {
        match m.act {
            Act::Press(0) => {
                s.extra.pressed = Some((m.x, m.y));
                None
            }
            Act::Release(_) => drag(s.extra.pressed.take()?, (m.x, m.y)).map(Action::Slide),
            _ => None,
        }
    }

    fn act(s: &mut SoloGame<Self>, act: Action) {
        let words = s.ui.words;
        s.extra.marks = None;
        match act {
            Action::Slide(d) => {
                let before = *s.game.board();
                match slide_note(&mut s.game, d, words) {
                    Ok(notes) => {
                        s.save();
                        // The news changes when the slide has played out, not before.
                        animate(s, &before, d);
                        s.notes = notes;
                        s.extra.happened(Slid::Moved(d));
                    }
                    Err(note) => {
                        s.notes = vec![note];
                        s.extra.happened(Slid::Stuck(d));
                    }
                }
            }
            Action::Hint => {
                let best = bot::best_move_with(s.game.board(), HINT_THINK);
                s.extra.happened(Slid::Suggested(best));
                let text = match best {
                    Some(d) => fill(words.hint_dir, &[&words.dir(d), &arrow(d)]),
                    None => words.hint_none.to_string(),
                };
                s.notes = vec![Note::new(text, Tone::Info)];
            }
            // The shared loop and [`SoloGame`] handle the others; the card game's keys are not
            // classic keys.
            _ => {}
        }
    }
}

#[cfg(test)]
mod mouse_tests {
    use super::*;

    #[test]
    fn a_drag_slides_the_way_it_went_furthest() {
        assert_eq!(drag((10, 5), (20, 6)), Some(Dir::Right));
        assert_eq!(drag((10, 5), (4, 5)), Some(Dir::Left));
        assert_eq!(drag((10, 5), (11, 2)), Some(Dir::Up));
        // Three rows down beat four columns across: a row is two columns.
        assert_eq!(drag((10, 5), (14, 8)), Some(Dir::Down));
        assert_eq!(drag((10, 5), (11, 5)), None);
        assert_eq!(drag((10, 5), (10, 5)), None);
    }
}
