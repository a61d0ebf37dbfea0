//! The loop every full-screen game shares: the card game, classic 2048 and duels.
//!
//! What a player expects to work the same everywhere lives here once: a stop signal, Ctrl-C or
//! Ctrl-D leave at once (the game keeps what it can), a resize redraws, a screen that cannot be
//! written is a terminal gone, `q` asks before leaving, `?` shows the help (paged when taller
//! than the window) until a key that does not page it, the "too small" screen ignores every key
//! but quitting, the boss key works as on every screen (see [`crate::ui::term`]), and the end
//! of a game shows the result with its choices (play again, undo the last move after a loss,
//! back to the menu, quit), the choice returned as [`End::Over`] for the caller to act on.
//! Each game says only what its keys mean and what to keep, through [`Play`].
//!
//! Blocking key reads keep it simple and idle at zero CPU; everything that can happen between two
//! keys (a stop signal, a resize) interrupts the read and is checked at the top of the loop.
//! Animations are played inside a move (see `ui::widgets::anim`) and end at the next key,
//! which is then read here like any other.

use crate::ui::kit::{
    Laid, Note, Overlay, Pager, Tone, View, Words, choice_at, fill, or_too_small, page,
};
use std::io;
use std::time::Duration;

use crate::ui::term::Key;

use super::ask::confirm;
use crate::ui::screens::Columns;
use crate::ui::term;
use crate::ui::term::{Act, Action, KeyRead, Look, Mouse, Ui, Waited, paint, read_key, wait_key};

/// What the player chose on the result screen (taking the last move back is handled on the
/// game screen itself: the game goes on).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum After {
    /// A new game of the same kind.
    Again,
    /// Back to the start menu.
    Menu,
    /// Leave the program.
    Quit,
}

/// How a game session ended. The screen only says this; what follows (the same game again, the
/// start menu, leaving the program) is decided in one place, [`crate::ui::flow`], so a new way to
/// end (a choice of the result screen) is a new variant here and one arm there.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum End {
    /// The game ended (won or lost) and the player chose what comes next.
    Over(After),
    /// The player asked for a new game.
    Restart,
    /// The player quit; with the score of the saved game (`None`: nothing kept).
    Quit(Option<u64>),
    /// A signal, Ctrl-C, Ctrl-D or a lost terminal; the game is kept as on quit.
    Stopped(Option<u64>),
}

/// One game on the screen, as the shared loop drives it.
pub(crate) trait Play {
    fn ui(&self) -> &Ui;
    /// The game has ended (lost, won, the duel decided).
    fn is_over(&self) -> bool;
    /// Records the ended game; returns whether its score is a new best.
    fn finish(&mut self) -> bool;
    /// Whether the ended game's score would be a new best, without recording it (the result
    /// screen says so before the game is recorded, which is when the player leaves it).
    fn new_best(&self) -> bool {
        false
    }
    /// The result screen is about to show: start what it works out in the background.
    fn result_shown(&mut self) {}
    /// Opens what the result screen's `v` shows (the review at the biggest mistake) until the
    /// player leaves it; `false` when there is nothing to show.
    fn open_mistake(&mut self) -> bool {
        false
    }
    /// Takes what came in from the background for the result screen: whether anything came
    /// (draw again), and whether more is still coming (keep looking while waiting for a key).
    fn result_poll(&mut self) -> (bool, bool) {
        (false, false)
    }
    /// The same while the game is played (a puzzle's reach after a move).
    fn play_poll(&mut self) -> (bool, bool) {
        (false, false)
    }
    /// Leaves at once (a signal, Ctrl-C, Ctrl-D, the terminal gone), keeping what can be kept.
    fn leave(&mut self) -> End;
    /// Leaves after the player confirmed quitting.
    fn quit(&mut self) -> End;
    /// The question `q` asks.
    fn quit_question(&self) -> &'static str;
    /// The screen for a terminal of `width` × `height`, or the smallest size that would fit.
    fn lay_out(&self, view: View) -> Laid;
    /// Draws the screen in place, or the "too small" message.
    fn draw(&self, overlay: Overlay, prompt_line: bool) -> io::Result<()> {
        self.draw_at(overlay, prompt_line, 0).map(|_| ())
    }
    /// Draws the screen from its line `top` on when it is text taller than the window (the
    /// help), with the "more" mark; returns the top line shown (`top` moved back at the end).
    fn draw_at(&self, overlay: Overlay, prompt_line: bool, top: usize) -> io::Result<usize> {
        let ui = self.ui();
        let mut shown = 0;
        paint(ui, |width, height| {
            let canvas = ui.canvas(width, height);
            let view = View {
                overlay,
                prompt_line,
                canvas,
            };
            let lines = or_too_small(self.lay_out(view), canvas);
            let arrows = overlay == Overlay::Help;
            let (lines, at) = page(lines, top, canvas, arrows);
            shown = at;
            lines
        })?;
        Ok(shown)
    }
    /// Whether the screen is the "too small" message (every game key is then ignored).
    fn too_small(&self) -> bool {
        self.lay_out(plain_view(self.ui(), Overlay::None)).is_err()
    }
    /// Whether the result screen offers to take the last move back (after a loss).
    fn can_take_back(&self) -> bool {
        false
    }
    /// Takes the last move back after the game ended; `false` when it cannot.
    fn take_back(&mut self) -> bool {
        false
    }
    /// What a key means in this game.
    fn action(&self, key: &Key) -> Action;
    /// What the mouse did means in this game, on the screen as drawn now; `None`: nothing.
    fn mouse(&mut self, _m: Mouse) -> Option<Action> {
        None
    }
    /// Acts on a key the loop does not handle itself; `Some` to end the session.
    fn act(&mut self, act: Action) -> Option<End>;
}

/// Plays until the game ends, the player leaves, or a signal stops it. A screen taller than
/// the window (a duel's two boards in a small one) is paged with PgUp/PgDn, Home/End and the
/// wheel (the arrows stay the game's), and a click is measured on the screen as paged.
pub(crate) fn run(s: &mut impl Play) -> End {
    let mut top = 0;
    loop {
        if s.ui().signals.stop() {
            return s.leave();
        }
        if s.is_over() {
            match over(s) {
                Some(end) => return end,
                // The last move was taken back: play on.
                None => continue,
            }
        }
        // A screen that cannot be written is a terminal gone (hang-up): keep and leave.
        match s.draw_at(Overlay::None, false, top) {
            Ok(at) => top = at,
            Err(_) => return s.leave(),
        }
        // Something still worked out for the screen: it is drawn as soon as it comes, and any
        // key (or signal) meanwhile is read at once.
        while s.play_poll().1 && !term::input_within(s.ui(), Duration::from_millis(50)) {
            if s.play_poll().0 {
                top = s.draw_at(Overlay::None, false, top).unwrap_or(top);
            }
        }
        let act = match read_key(s.ui()) {
            KeyRead::Key(_) if panic_asked() => panic!("{PANIC_HOOK} is set: a panic asked for"),
            KeyRead::Key(k) => match scrolled(s, Overlay::None, k.pager(false), top) {
                Some(at) => {
                    top = at;
                    continue;
                }
                None => s.action(&k),
            },
            KeyRead::Mouse(m) => match scrolled(s, Overlay::None, wheel(m.act), top) {
                Some(at) => {
                    top = at;
                    continue;
                }
                None => match s.mouse(below(m, top)) {
                    Some(act) => act,
                    None => continue,
                },
            },
            KeyRead::Redraw => continue,
            KeyRead::Stop => return s.leave(),
        };
        match act {
            Action::Interrupt | Action::EndOfInput => return s.leave(),
            Action::Suspend => term::suspend(s.ui()),
            // The too-small screen says "press q to quit": it quits at once.
            Action::Quit if s.too_small() => return s.quit(),
            Action::Quit => match ask(s, s.quit_question()) {
                Some(true) => return s.quit(),
                _ if s.ui().signals.stop() => return s.leave(),
                _ => {}
            },
            _ if s.too_small() => {}
            Action::Help => {
                if let Some(end) = help(s) {
                    return end;
                }
            }
            act => {
                if let Some(end) = s.act(act) {
                    return end;
                }
            }
        }
    }
}

/// A test hook, read here only and only in a debug build: with this variable set, the first key
/// read in a game panics, so a PTY test sees what a real panic leaves the terminal as (mouse
/// reporting off, line mode and echo back). A release build never reads it.
const PANIC_HOOK: &str = "NEW2048_TEST_PANIC";

fn panic_asked() -> bool {
    cfg!(debug_assertions) && std::env::var_os(PANIC_HOOK).is_some()
}

/// Shows the help until a key or click that does not page it: ↑/↓, PgUp/PgDn, space, Home/End
/// and the mouse wheel page through a help taller than the window (the boss key is the key
/// reader's, and closes a help asked for in the log look as it brings the board back); Ctrl-C
/// and Ctrl-D still leave at once.
fn help(s: &mut impl Play) -> Option<End> {
    let mut top = 0;
    // The help asked for in the log look, then the boss key: the board comes back as it was
    // played, not with the help open over it. (Help opened on the board and hidden behind the
    // log look comes back as it was hidden, open.)
    let look = s.ui().look.get();
    loop {
        top = s.draw_at(Overlay::Help, false, top).unwrap_or(top);
        let key = match read_key(s.ui()) {
            KeyRead::Redraw if look == Look::Log && s.ui().look.get() != look => return None,
            KeyRead::Redraw => continue,
            KeyRead::Stop => return Some(s.leave()),
            KeyRead::Mouse(m) => {
                if let Some(at) = scrolled(s, Overlay::Help, wheel(m.act), top) {
                    top = at;
                } else if matches!(m.act, Act::Press(_)) {
                    return None;
                }
                continue;
            }
            KeyRead::Key(k) => k,
        };
        if let Action::Interrupt | Action::EndOfInput = s.action(&key) {
            return Some(s.leave());
        }
        // Space pages on, and at the end goes back as any other key does (the last line says
        // "press any key", and space did nothing there).
        if key == Key::Char(' ') && at_end(s, top) {
            return None;
        }
        match scrolled(s, Overlay::Help, key.pager(true), top) {
            Some(at) => top = at,
            None => return None,
        }
    }
}

/// The top line after `pager` on the screen under `overlay`, when it is taller than the window
/// (so it pages); `None` when there is nothing to page (the key or wheel is the screen's own).
fn scrolled(s: &impl Play, overlay: Overlay, pager: Option<Pager>, top: usize) -> Option<usize> {
    let pager = pager?;
    let view = plain_view(s.ui(), overlay);
    let tall = s
        .lay_out(view)
        .is_ok_and(|l| l.len() > view.canvas.height && view.canvas.height >= 3);
    tall.then(|| pager.step(top, view.canvas.height))
}

/// Whether the help shown from line `top` shows its last line (as [`crate::ui::kit::page`] lays
/// a page out: the window's lines but one, then the mark).
fn at_end(s: &impl Play, top: usize) -> bool {
    let view = plain_view(s.ui(), Overlay::Help);
    s.lay_out(view)
        .is_ok_and(|l| top + view.canvas.height.saturating_sub(1) >= l.len())
}

/// What the wheel does to a paged screen: a line up or down.
fn wheel(act: Act) -> Option<Pager> {
    match act {
        Act::WheelUp => Some(Pager::Line(-1)),
        Act::WheelDown => Some(Pager::Line(1)),
        _ => None,
    }
}

/// A mouse report on a screen paged from its line `top`, in the whole screen's lines (what the
/// screens lay out and measure).
fn below(m: Mouse, top: usize) -> Mouse {
    let y = u16::try_from(usize::from(m.y) + top).unwrap_or(u16::MAX);
    Mouse { y, ..m }
}

/// The view of the terminal as it is now, without colour: for asking how a screen is laid out.
fn plain_view(ui: &Ui, overlay: Overlay) -> View {
    let (width, height) = term::size(&ui.term);
    View::plain(overlay, ui.canvas(width, height))
}

/// A yes/no question on the last line of the screen (in the log look, a log line); `None` when
/// it was left.
pub(crate) fn ask(s: &impl Play, question: &str) -> Option<bool> {
    s.draw(Overlay::None, true).ok()?;
    if s.ui().look.get() == Look::Log {
        return super::ask::ask_in_log(s.ui(), question, false);
    }
    confirm(s.ui(), question, false, || {
        let _ = s.draw(Overlay::None, true);
    })
}

/// `r`: after a yes to the restart question, `give_up` deals with the game left behind (recorded
/// as quit, or forgotten when nothing was played) and a new game starts.
pub(crate) fn restart<S: Play>(s: &mut S, give_up: impl FnOnce(&mut S)) -> Option<End> {
    if ask(s, s.ui().words.confirm_restart) != Some(true) {
        return None;
    }
    give_up(s);
    Some(End::Restart)
}

/// The game ended: show the result with its choices (←/→ and Enter, or their letters) until
/// one is made. `None` when the last move was taken back and play goes on. The game is recorded
/// only when the screen is left with any other choice (so a game taken back and played on is
/// recorded once, with its real end); Ctrl-C, Ctrl-D, a signal or a lost terminal count as
/// quitting and record it too. A kill leaves its save, which resumes on the result screen.
fn over(s: &mut impl Play) -> Option<End> {
    let end = over_choice(s)?;
    s.finish();
    Some(end)
}

/// The result screen's choice; `None` after taking the last move back.
pub(crate) fn over_choice(s: &mut impl Play) -> Option<End> {
    let new_best = s.new_best();
    let undo = s.can_take_back();
    let shown = crate::ui::kit::shown_choices(undo);
    s.result_shown();
    // Keys are awaited a little at a time while par or the review is still coming, so either
    // is drawn as soon as it arrives.
    // A result taller than the window is paged (PgUp/PgDn, Home/End, the wheel); the arrows
    // and the letters choose as always.
    let mut i = 0;
    let mut top = 0;
    let mut draw = true;
    loop {
        let (came, coming) = s.result_poll();
        if draw || came {
            let overlay = Overlay::Result {
                new_best,
                choice: i as u8,
                undo,
            };
            match s.draw_at(overlay, false, top) {
                Ok(at) => top = at,
                Err(_) => return Some(End::Over(After::Quit)),
            }
        }
        draw = true;
        let limit = coming.then_some(Duration::from_millis(200));
        let overlay = Overlay::Result {
            new_best,
            choice: i as u8,
            undo,
        };
        let picked = match wait_key(s.ui(), limit) {
            Waited::Key(k) => match scrolled(s, overlay, k.pager(false), top) {
                Some(at) => {
                    top = at;
                    None
                }
                None if matches!(k, Key::Char('v' | 'V')) => {
                    // The review at the biggest mistake, then the result again.
                    s.open_mistake();
                    None
                }
                None => key_choice(&k, &mut i, shown, undo),
            },
            // The wheel pages a result taller than the window, else it moves the highlight.
            Waited::Mouse(m) => match scrolled(s, overlay, wheel(m.act), top) {
                Some(at) => {
                    top = at;
                    None
                }
                None => match result_mouse(s, overlay, below(m, top)) {
                    Some(Clicked::Wheel(up)) => {
                        let n = shown.len();
                        i = if up { (i + n - 1) % n } else { (i + 1) % n };
                        None
                    }
                    Some(Clicked::Choice(c)) => Some(c),
                    None => {
                        draw = false;
                        continue;
                    }
                },
            },
            Waited::Timeout => {
                draw = false;
                continue;
            }
            Waited::Redraw => continue,
            Waited::Stop => return Some(End::Over(After::Quit)),
        };
        match picked {
            Some(0) => return Some(End::Over(After::Again)),
            Some(1) if s.take_back() => return None,
            Some(2) => return Some(End::Over(After::Menu)),
            Some(3) => return Some(End::Over(After::Quit)),
            _ => {}
        }
    }
}

/// What the mouse does on columns drawn at `at` (the card game's, a card duel's player to move),
/// with the column `cursor` highlighted: a click on a column places the card there, a click on
/// the card in hand discards it where the rules have `discards`, the pointer over a column
/// highlights it.
pub(crate) fn click(at: &Columns, m: Mouse, cursor: usize, discards: bool) -> Option<Action> {
    let (x, y) = (usize::from(m.x), usize::from(m.y));
    if m.act == Act::Press(0) && at.on_hand(x, y) && discards {
        return Some(Action::Discard);
    }
    let column = at.at(x, y)?;
    match m.act {
        Act::Press(0) => Some(Action::Place(column)),
        Act::Move | Act::Drag(_) if column != cursor => Some(Action::Point(column)),
        _ => None,
    }
}

/// "Key `x` does nothing here: press ? for help."
pub(crate) fn unknown_key(name: &str, words: &Words) -> Note {
    let name = format!("`{name}`");
    Note::new(fill(words.unknown_key, &[&name]), Tone::Bad)
}

/// What the mouse did on the result screen.
enum Clicked {
    /// The wheel turned (up: `true`): the highlight moves.
    Wheel(bool),
    /// A click on a choice (its number in the words' choices).
    Choice(u8),
}

/// The choice clicked on the result screen as it is drawn now (`overlay`), or the wheel.
fn result_mouse(s: &impl Play, overlay: Overlay, m: Mouse) -> Option<Clicked> {
    let Overlay::Result { undo, .. } = overlay else {
        return None;
    };
    match m.act {
        Act::WheelUp => Some(Clicked::Wheel(true)),
        Act::WheelDown => Some(Clicked::Wheel(false)),
        Act::Press(0) => {
            let (width, height) = term::size(&s.ui().term);
            let lines = s
                .lay_out(View::plain(overlay, s.ui().canvas(width, height)))
                .ok()?;
            let line = lines.get(usize::from(m.y))?;
            choice_at(line, s.ui().words, undo, usize::from(m.x)).map(Clicked::Choice)
        }
        _ => None,
    }
}

/// The result screen's choice a key makes (its number in the words' choices: 0 again, 1 undo,
/// 2 menu, 3 quit), or the highlight `i` (among `shown`) it moves.
fn key_choice(key: &Key, i: &mut usize, shown: &[u8], undo: bool) -> Option<u8> {
    match key {
        Key::ArrowLeft | Key::ArrowUp | Key::BackTab => {
            *i = (*i + shown.len() - 1) % shown.len();
            None
        }
        Key::ArrowRight | Key::ArrowDown | Key::Tab => {
            *i = (*i + 1) % shown.len();
            None
        }
        Key::Enter | Key::Char(' ') => Some(shown[*i]),
        Key::Char('a' | 'A' | 'r' | 'R' | 'y' | 'Y') => Some(0),
        Key::Char('u' | 'U' | 'z') | Key::Backspace if undo => Some(1),
        Key::Char('m' | 'M') => Some(2),
        Key::Char('q' | 'Q' | 'n' | 'N') | Key::Ctrl('c' | 'd') | Key::Escape => Some(3),
        _ => None,
    }
}
