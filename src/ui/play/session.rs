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
//! Animations are played inside a move (see [`crate::ui::widgets::anim`]) and end at the next key,
//! which is then read here like any other.

use crate::ui::kit::{
    Laid, Note, Overlay, Pager, Tone, View, Words, choice_at, fill, or_too_small, page,
};
use std::io;
use std::time::Duration;

use console::Key;

use crate::ui::term;
use crate::ui::term::{Act, Action, KeyRead, Look, Mouse, Timed, Ui, Waited, paint, read_key};
use crate::ui::widgets::confirm;

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
    /// Takes what came in from the background for the result screen: whether anything came
    /// (draw again), and whether more is still coming (keep looking while waiting for a key).
    fn result_poll(&mut self) -> (bool, bool) {
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
            let theme = ui.theme;
            let view = View {
                overlay,
                prompt_line,
                theme,
                width,
                height,
            };
            let lines = or_too_small(self.lay_out(view), ui.words, theme, width, height);
            let (lines, at) = page(lines, top, ui.words, theme, (width, height));
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

/// Plays until the game ends, the player leaves, or a signal stops it.
pub(crate) fn run(s: &mut impl Play) -> End {
    loop {
        if s.ui().signals.stop() {
            return s.leave();
        }
        s.ui().signals.take_resize();
        if s.is_over() {
            match over(s) {
                Some(end) => return end,
                // The last move was taken back: play on.
                None => continue,
            }
        }
        // A screen that cannot be written is a terminal gone (hang-up): keep and leave.
        if s.draw(Overlay::None, false).is_err() {
            return s.leave();
        }
        let act = match read_key(s.ui()) {
            KeyRead::Key(k) => s.action(&k),
            KeyRead::Mouse(m) => match s.mouse(m) {
                Some(act) => act,
                None => continue,
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

/// Shows the help until a key or click that does not page it: ↑/↓, PgUp/PgDn, space, Home/End
/// and the mouse wheel page through a help taller than the window (the boss key is the key
/// reader's); Ctrl-C and Ctrl-D still leave at once.
fn help(s: &mut impl Play) -> Option<End> {
    let mut top = 0;
    loop {
        top = s.draw_at(Overlay::Help, false, top).unwrap_or(top);
        let key = match read_key(s.ui()) {
            KeyRead::Redraw => continue,
            KeyRead::Stop => return Some(s.leave()),
            KeyRead::Mouse(m) => {
                let (_, height) = term::size(&s.ui().term);
                match m.act {
                    Act::WheelUp | Act::WheelDown if paged(s, height) => {
                        let by = if m.act == Act::WheelUp { -1 } else { 1 };
                        top = Pager::Line(by).step(top, height);
                    }
                    Act::Press(_) => return None,
                    _ => {}
                }
                continue;
            }
            KeyRead::Key(k) => k,
        };
        if let Action::Interrupt | Action::EndOfInput = s.action(&key) {
            return Some(s.leave());
        }
        let (_, height) = term::size(&s.ui().term);
        match Pager::of(&key, true) {
            Some(p) if paged(s, height) => top = p.step(top, height),
            _ => return None,
        }
    }
}

/// Whether the help is taller than a window `height` lines high (so keys page it).
fn paged(s: &impl Play, height: usize) -> bool {
    s.lay_out(plain_view(s.ui(), Overlay::Help))
        .is_ok_and(|l| l.len() > height)
}

/// The view of the terminal as it is now, without colour: for asking how a screen is laid out.
fn plain_view(ui: &Ui, overlay: Overlay) -> View {
    let (width, height) = term::size(&ui.term);
    View::plain(overlay, width, height)
}

/// A yes/no question on the last line of the screen (in the log look, a log line); `None` when
/// it was left.
pub(crate) fn ask(s: &impl Play, question: &str) -> Option<bool> {
    s.draw(Overlay::None, true).ok()?;
    if s.ui().look.get() == Look::Log {
        return term::ask_in_log(s.ui(), question, false);
    }
    confirm(s.ui(), question, false, || {
        let _ = s.draw(Overlay::None, true);
    })
}

/// `r`: after a yes to "Restart?", `give_up` deals with the game left behind (recorded as
/// quit, or forgotten when nothing was played) and a new game starts.
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
fn over_choice(s: &mut impl Play) -> Option<End> {
    let new_best = s.new_best();
    let undo = s.can_take_back();
    let shown = crate::ui::kit::shown_choices(undo);
    s.result_shown();
    // Keys are awaited a little at a time while par or the review is still coming, so either
    // is drawn as soon as it arrives.
    let timed = Timed::enter();
    let mut i = 0;
    let mut draw = true;
    loop {
        let (came, coming) = s.result_poll();
        if draw || came {
            let overlay = Overlay::Result {
                new_best,
                choice: i as u8,
                undo,
            };
            if s.draw(overlay, false).is_err() {
                return Some(End::Over(After::Quit));
            }
        }
        draw = true;
        let limit = coming.then_some(Duration::from_millis(200));
        let overlay = Overlay::Result {
            new_best,
            choice: i as u8,
            undo,
        };
        let picked = match timed.key(s.ui(), limit) {
            Waited::Key(k) => key_choice(&k, &mut i, shown, undo),
            Waited::Mouse(m) => match result_mouse(s, overlay, m) {
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
            let lines = s.lay_out(View::plain(overlay, width, height)).ok()?;
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
        Key::Char('q' | 'Q' | 'n' | 'N' | '\x03' | '\x04') | Key::Escape | Key::CtrlC => Some(3),
        _ => None,
    }
}
