//! The full screen of a duel over the network (`duel --host`/`--join` on a terminal): the
//! player's own board, played with the game's keys, and the other player's board beside it,
//! updated as their moves arrive; where the terminal is too narrow for both, the other player is
//! one line (score, cards left or moves, highest card or tile). Under them, the last things that
//! happened (moves, the other side stopping or going away).
//!
//! The duel itself (moves sent and checked, saving, the result) is [`crate::net::session`]'s;
//! this screen only draws it and turns keys into the moves a player would type. It waits for a
//! key at most [`TICK`], so the other side's moves show within that of their arrival.
//!
//! The start menu reaches it through [`lobby`]: hosting ([`host`]: the address and code shown
//! while the host waits, which Esc gives up) and joining ([`join`]: the address and code typed,
//! the host's offer shown before agreeing).

mod host;
mod join;
mod lobby;
mod meeting;

pub(crate) use lobby::{Way, lobby};

use std::io;
use std::sync::mpsc::Receiver;
use std::time::Duration;

use crate::duel::DuelResult;
use crate::net::game::NetGame;
use crate::net::proto::Gone;
use crate::net::session::{Event, OwnEnd, Said, Session, Stop, Why};
use crate::ui::kit::{NetWords, Theme, Tone, Words, fill, fit, wrap};
use crate::ui::play::OnScreen;
use crate::ui::screens::DuelBoard;
use crate::ui::term::{Action, Key, TermGuard, Ui, Waited, paint, wait_key};

/// The longest the screen waits for a key before it looks at the network again.
const TICK: Duration = Duration::from_millis(25);

/// Plays the duel of `s` on the screen until it is over on this side, then shows the result
/// until a key. `s` is then finished (recorded, printed) by the caller.
pub(crate) fn net_duel<G: NetGame + OnScreen>(
    ui: &Ui,
    s: &mut Session<G>,
    events: &Receiver<Event>,
) -> io::Result<()> {
    let guard = TermGuard::enter(ui)?;
    let shown = duel_screen(ui, s, events);
    drop(guard);
    shown
}

/// [`net_duel`] on a screen already taken (the start menu's).
pub(crate) fn duel_screen<G: NetGame + OnScreen>(
    ui: &Ui,
    s: &mut Session<G>,
    events: &Receiver<Event>,
) -> io::Result<()> {
    s.out = crate::net::session::Out::Screen;
    s.begin();
    let mut own = Controls {
        cards: s.duel.players[s.me].columns() > 0,
        cursor: s.duel.players[s.me].columns() / 2,
        asking: false,
        at_once: false,
    };
    // Drawn again only when something changed: a move either side made, a key, a resize, the
    // clock's seconds where the footer shows them.
    let mut dirty = true;
    let mut clock_shown = None;
    loop {
        // A bounded batch: a peer flooding moves does not keep the keys from being read.
        for e in events.try_iter().take(EVENTS_A_TICK) {
            s.event(e);
            dirty = true;
        }
        s.tick();
        let clock = s
            .clock_left()
            .map(|d| d.as_secs())
            .filter(|&c| c < CLOCK_SHOWN.as_secs());
        if clock != clock_shown {
            clock_shown = clock;
            dirty = true;
        }
        if s.over() {
            own.asking = false;
        }
        if dirty {
            let at = own.cards.then_some(own.cursor);
            paint(ui, |w, h| lay_out(ui, s, (at, own.asking), w, h))?;
            dirty = false;
        }
        if s.over() {
            break;
        }
        match wait_key(ui, Some(TICK)) {
            Waited::Key(k) => own.key(s, &k),
            Waited::Stop => {
                // A signal, or the terminal gone: leave at once.
                s.leave();
                own.at_once = true;
                continue;
            }
            Waited::Timeout => continue,
            Waited::Mouse(_) | Waited::Redraw => {}
        }
        dirty = true;
    }
    if !own.at_once {
        show_result(ui, s)?;
    }
    Ok(())
}

/// What this player's keys set on the duel screen besides their moves.
struct Controls {
    /// A card duel (the keys place cards on columns), not classic (they slide).
    cards: bool,
    /// The highlighted column.
    cursor: usize,
    /// `q` while leaving loses the duel asks first, on the footer; the duel goes on meanwhile.
    asking: bool,
    /// Left with a key (or a signal): no result screen to wait on (it is printed after, or
    /// said back in the menu).
    at_once: bool,
}

impl Controls {
    /// What `key` does: a move sent to the duel, the highlight moved, leaving (asked first
    /// where it loses the duel), or the answer to that question.
    fn key<G: NetGame + OnScreen>(&mut self, s: &mut Session<G>, key: &Key) {
        let act = G::action(key);
        if self.asking {
            self.asking = false;
            match act {
                _ if matches!(key, Key::Char('y' | 'Y')) => s.leave(),
                Action::Interrupt | Action::EndOfInput => {
                    s.leave();
                    self.at_once = true;
                }
                _ => {}
            }
            return;
        }
        match act {
            Action::Place(c) => s.own_line(&(c + 1).to_string()),
            Action::PlaceAtCursor => s.own_line(&(self.cursor + 1).to_string()),
            Action::Left => self.cursor = self.cursor.saturating_sub(1),
            Action::Right => {
                let columns = s.duel.players[s.me].columns();
                self.cursor = (self.cursor + 1).min(columns.saturating_sub(1));
            }
            Action::Discard => s.own_line("d"),
            Action::Slide(d) => s.own_line(d.as_str()),
            // Leaving a duel still on loses it: `q` asks first; after the other lost, it
            // leaves at once.
            Action::Quit if s.leaving_loses() => self.asking = true,
            Action::Quit | Action::Interrupt | Action::EndOfInput => {
                s.leave();
                self.at_once = true;
            }
            _ => {}
        }
    }
}

/// The result, until a key (a signal or a lost terminal ends it too).
fn show_result<G: NetGame + DuelBoard>(ui: &Ui, s: &Session<G>) -> io::Result<()> {
    loop {
        match wait_key(ui, None) {
            Waited::Key(_) | Waited::Stop => return Ok(()),
            _ => paint(ui, |w, h| lay_out(ui, s, (None, false), w, h))?,
        }
    }
}

fn width(lines: &[String]) -> usize {
    crate::ui::kit::widest(lines)
}

/// Two blocks side by side, `gap` columns apart.
fn beside(left: &[String], right: &[String], gap: usize) -> Vec<String> {
    let lw = width(left);
    (0..left.len().max(right.len()))
        .map(|i| {
            let l = left.get(i).map_or("", String::as_str);
            let r = right.get(i).map_or("", String::as_str);
            let pad = lw + gap - console::measure_text_width(l);
            format!("{l}{}{r}", " ".repeat(pad))
        })
        .collect()
}

/// The result in the game's words, or that the duel is still on. A duel lost before both
/// finished says who won and what the loser did, in the same words on both screens.
pub(crate) fn result_line<G: NetGame>(s: &Session<G>, words: &Words) -> Option<String> {
    let t = words.net;
    if !s.over() {
        return None;
    }
    let [a, b] = &s.duel.players;
    Some(match (s.stop(), s.duel.result()) {
        (Some(stop), _) => stopped_line(s, stop, t),
        (
            None,
            Some(DuelResult::Win {
                winner, by_score, ..
            }),
        ) => {
            let (w, l) = if winner == 0 { (a, b) } else { (b, a) };
            let name = &s.names[winner];
            if by_score {
                fill(
                    words.duel_won_score,
                    &[name, &w.score(), &l.score(), &w.survived()],
                )
            } else {
                fill(words.duel_won_longer, &[name, &w.survived(), &l.survived()])
            }
        }
        (None, Some(DuelResult::Draw)) => fill(words.duel_draw, &[&a.survived(), &a.score()]),
        // Both ended with the duel undecided cannot be: both games over decide it.
        (None, None) => String::new(),
    })
}

/// Who won a duel stopped before both finished, and what the loser did.
fn stopped_line<G: NetGame>(s: &Session<G>, stop: &Stop, t: &NetWords) -> String {
    fill(
        t.won_forfeit,
        &[
            &s.names[1 - stop.loser],
            &s.names[stop.loser],
            &forfeit_words(&stop.why, t),
        ],
    )
}

/// What the loser of a duel stopped before both finished did, in the player's words (after
/// their name).
fn forfeit_words(why: &Why, t: &NetWords) -> String {
    match why {
        Why::Left => t.forfeit_left.to_string(),
        Why::Time(secs) => fill(t.forfeit_time, &[secs]),
        Why::Lost(g) => fill(t.forfeit_gone, &[&gone(g, t)]),
        Why::Sent(what) => fill(t.forfeit_sent, &[what]),
        Why::StoppedIt(words) => fill(t.forfeit_stopped_it, &[words]),
    }
}

/// The other player as a line, or two where one is too narrow: `head`, then their figures (the
/// highest card as far as this player has come, `seen`).
fn other_lines<G: DuelBoard>(
    head: String,
    (other, seen): (&G, &G),
    words: &Words,
    w: usize,
) -> Vec<String> {
    let [score, left, _] = other.brief(words);
    let [_, _, high] = seen.brief(words);
    let line = format!("{head}: {score} · {left} · {high}");
    if console::measure_text_width(&line) <= w {
        vec![line]
    } else {
        vec![format!("{head}: {score} · {left}"), format!("  {high}")]
    }
}

/// The line under the screen: the question before leaving, the result, or the keys this
/// player has (the columns these rules have; `d` only where they allow discards; what leaving
/// costs), that this side waits, and the clock when little of it is left.
fn footer<G: NetGame + DuelBoard>(
    s: &Session<G>,
    words: &Words,
    (cards, short): (bool, bool),
    asking: bool,
) -> String {
    let t = words.net;
    if asking {
        return fill(t.leave_question, &[&s.names[1 - s.me]]);
    }
    if let Some(r) = result_line(s, words) {
        return format!("{r}  ({})", t.any_key);
    }
    let leave = if s.leaving_loses() {
        t.keys_leave_loses
    } else {
        t.keys_leave
    };
    let own = &s.duel.players[s.me];
    let keys = if s.own_done() {
        fill(t.waiting, &[&s.names[1 - s.me]])
    } else if short && cards {
        fill(t.keys_cards_short, &[&own.columns()])
    } else if short {
        t.keys_classic_short.to_string()
    } else if cards {
        let discard = if own.discards() { t.keys_discard } else { "" };
        format!("{}{discard}", fill(t.keys_cards, &[&own.columns()]))
    } else {
        t.keys_classic.to_string()
    };
    // Before the keys: the clock's last seconds, or (playing on alone) who won and why, which
    // the log may have no room for.
    let before = match (s.stop(), s.clock_left()) {
        (Some(stop), _) => format!("{} ", stopped_line(s, stop, t)),
        (None, Some(left)) if left <= CLOCK_SHOWN => {
            format!("{} · ", fill(t.clock_left, &[&left.as_secs()]))
        }
        _ => String::new(),
    };
    format!("{before}{keys}{leave}")
}

/// The most of the other's events taken in between two looks at the keys.
const EVENTS_A_TICK: usize = 256;

/// How much of the clock is left when the footer starts to show it.
const CLOCK_SHOWN: Duration = Duration::from_secs(15);

/// The screen for a terminal `w`×`h`.
fn lay_out<G: NetGame + DuelBoard>(
    ui: &Ui,
    s: &Session<G>,
    (cursor, asking): (Option<usize>, bool),
    w: usize,
    h: usize,
) -> Vec<String> {
    let d = Drawing {
        s,
        words: ui.words,
        theme: ui.theme,
        me: s.me,
        peer: 1 - s.me,
        cursor,
        asking,
        w,
    };
    let (words, theme) = (ui.words, ui.theme);
    let (own, other) = (&s.duel.players[d.me], &s.duel.players[d.peer]);
    let title = theme.paint(
        &format!(
            "new2048 {} · {} : {}",
            words.duel_tag, s.names[0], s.names[1]
        ),
        Tone::Title,
    );
    let other_brief = other_lines(d.head(d.peer, other), (other, s.peer_shown()), words, w);
    let (full, short) = (d.footer(false), d.footer(true));
    let (body, footer) = if let Some(b) = d.boards(full.len(), &other_brief, h) {
        (b, full)
    } else if let Some(b) = d.boards(short.len(), &other_brief, h) {
        (b, short)
    } else {
        let mine = format!("{}: {}", d.head(d.me, own), own.brief(words).join(" · "));
        ([vec![mine], other_brief.clone()].concat(), short)
    };
    stack(s, (title, body, footer), (words, theme), (w, h))
}

/// What the network duel's screen is drawn from: the session, seen by this player (`me`), in
/// their words and colours, `w` columns wide.
struct Drawing<'a, 's, G: NetGame> {
    s: &'a Session<'s, G>,
    words: &'a Words,
    theme: Theme,
    me: usize,
    peer: usize,
    /// This player's highlighted column (card duels).
    cursor: Option<usize>,
    /// The footer asks before leaving.
    asking: bool,
    w: usize,
}

impl<G: NetGame + DuelBoard> Drawing<'_, '_, G> {
    /// A player's name in their colour, `(you)` after this player's, `■` after a game over.
    fn head(&self, i: usize, g: &G) -> String {
        let tones = [Tone::Player1, Tone::Player2];
        let you = if i == self.me {
            format!(" ({})", self.words.net.you)
        } else {
            String::new()
        };
        let over = if g.finished() { " ■" } else { "" };
        let name = self.theme.paint(&self.s.names[i], tones[i]);
        format!("{name}{you}{over}")
    }

    /// The footer wrapped: the result, and the key that leaves it, are read whole. `short`: the
    /// keys in brief, where the full one leaves no room for the board.
    fn footer(&self, short: bool) -> Vec<String> {
        let line = footer(
            self.s,
            self.words,
            (self.cursor.is_some(), short),
            self.asking,
        );
        wrap(&line, self.w.max(1))
            .iter()
            .map(|l| self.theme.paint(l, Tone::Info))
            .collect()
    }

    /// A player's block: their name, their figures on two lines, their board; `short` 1:
    /// without the highest card (which the board shows anyway); 2: the name and the figures on
    /// one line as well. The other's score and progress are theirs; their board, highest card
    /// and hand only as far as this player has come (`peer_shown`: never more than this player
    /// could see in their own game), with a note in place of the hand while they are ahead.
    fn block(
        &self,
        i: usize,
        g: &G,
        tight: usize,
        cur: Option<usize>,
        short: u8,
    ) -> Option<Vec<String>> {
        let (s, words, theme) = (self.s, self.words, self.theme);
        let seen = if i == self.peer { s.peer_shown() } else { g };
        let (mut board, at) = seen.body(words, theme, tight, tight + 1 == G::WAYS, cur)?;
        if let Some(at) = at.filter(|_| i == self.peer && s.peer_ahead()) {
            board.truncate(at.rows());
            board.push(theme.paint(words.net.hand_hidden, Tone::Dim));
        }
        let [score, left, _] = g.brief(words);
        let [_, _, high] = seen.brief(words);
        let tone = if i == self.me { Tone::Value } else { Tone::Dim };
        let figures = theme.paint(&format!("{score} · {left}"), tone);
        let mut b = if short >= 2 {
            vec![format!("{}: {figures}", self.head(i, g))]
        } else {
            vec![self.head(i, g), figures]
        };
        if short == 0 {
            b.push(theme.paint(&high, tone));
        }
        b.extend(board);
        Some(b)
    }

    /// Both boards side by side, as roomy as fits in `h` lines with a footer of `foot`; else
    /// the player's own board and the other's line (`other_brief`).
    fn boards(&self, foot: usize, other_brief: &[String], h: usize) -> Option<Vec<String>> {
        let (own, other) = (
            &self.s.duel.players[self.me],
            &self.s.duel.players[self.peer],
        );
        let fits =
            |lines: &[String], extra: usize| width(lines) <= self.w && lines.len() + extra <= h;
        for tight in 0..G::WAYS {
            for t2 in tight..G::WAYS {
                let (Some(mine), Some(theirs)) = (
                    self.block(self.me, own, tight, self.cursor, 0),
                    self.block(self.peer, other, t2, None, 0),
                ) else {
                    continue;
                };
                let both = beside(&mine, &theirs, 4);
                if fits(&both, foot) {
                    return Some(both);
                }
            }
        }
        for short in 0..3 {
            for tight in 0..G::WAYS {
                let Some(alone) = self.block(self.me, own, tight, self.cursor, short) else {
                    continue;
                };
                if fits(&alone, foot + other_brief.len()) {
                    return Some([alone, other_brief.to_vec()].concat());
                }
            }
        }
        None
    }
}

/// The screen's lines from its parts: the title and the latest events where there is room
/// around the body, the footer whole at the bottom whatever had to go.
fn stack<G: NetGame + DuelBoard>(
    s: &Session<G>,
    (title, body, footer): (String, Vec<String>, Vec<String>),
    (words, theme): (&Words, Theme),
    (w, h): (usize, usize),
) -> Vec<String> {
    let foot = footer.len();
    let mut lines = Vec::new();
    let mut room = h.saturating_sub(body.len() + foot);
    if room > 0 {
        lines.push(title);
        room -= 1;
    }
    lines.extend(body);
    let shown = room.min(s.log.len()).min(4);
    for l in &s.log[s.log.len() - shown..] {
        lines.push(theme.paint(&said(s, l, words), Tone::Dim));
    }
    lines.truncate(h.saturating_sub(foot));
    lines.extend(footer);
    lines.truncate(h);
    lines.into_iter().map(|l| fit(&l, w)).collect()
}

/// How the connection was lost, in the player's words.
pub(super) fn gone(g: &Gone, t: &NetWords) -> String {
    match g {
        Gone::Closed => t.why_closed.to_string(),
        Gone::Silent => t.why_silent.to_string(),
        Gone::Failed(e) => fill(t.why_failed, &[e]),
        Gone::Sent(what) => fill(t.why_sent, &[what]),
        Gone::StoppedIt(why) => fill(t.why_stopped_it, &[why]),
    }
}

/// A line of the duel's log, in the player's words.
fn said<G: NetGame + DuelBoard>(s: &Session<G>, l: &Said, words: &Words) -> String {
    let t = words.net;
    let (me, peer) = (&s.names[s.me], &s.names[1 - s.me]);
    match l {
        Said::Begins { clock } => fill(t.log_begins, &[me, peer, clock]),
        Said::Move {
            side,
            n,
            word,
            score,
            survived,
            over,
        } => {
            let word = G::shown(word);
            let line = fill(t.log_move, &[&s.names[*side], n, &word, score, survived]);
            if *over {
                format!("{line}{}", t.log_game_over)
            } else {
                line
            }
        }
        Said::OwnEnd { why, waiting } => {
            let why = match why {
                OwnEnd::Over => t.log_own_over,
                OwnEnd::Decided => t.log_decided,
                OwnEnd::NoBotMove => t.log_no_bot_move,
                OwnEnd::Done => t.log_done,
            };
            let wait = if *waiting {
                fill(t.log_waiting_for, &[peer])
            } else {
                String::new()
            };
            format!("{why}{wait}")
        }
        Said::PeerEnds => fill(t.log_peer_over, &[peer]),
        Said::Stopped(stop) => {
            let line = stopped_line(s, stop, t);
            if stop.loser == s.me || s.own_done() {
                line
            } else {
                format!("{line} {}", t.log_alone)
            }
        }
        Said::Skipped { line, why } => fill(t.log_skipped, &[line, why]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::engine::Game;
    use crate::classic::ClassicGame;

    #[test]
    fn a_move_in_the_log_is_the_key_that_makes_it() {
        use crate::classic::Dir;
        use crate::record::Recorded;
        let arrows = [
            (Dir::Up, "↑"),
            (Dir::Down, "↓"),
            (Dir::Left, "←"),
            (Dir::Right, "→"),
        ];
        for (d, arrow) in arrows {
            // The word that travels for the slide, shown as its arrow.
            let word = ClassicGame::word(ClassicGame::code(&d));
            assert_eq!(ClassicGame::shown(&word), arrow, "{word}");
        }
        assert_eq!(Game::shown("3"), "3");
        assert_eq!(Game::shown("d"), "d");
    }

    #[test]
    fn blocks_stand_side_by_side_with_their_gap() {
        let l = vec!["ab".to_string(), "c".to_string()];
        let r = vec!["x".to_string(), "y".to_string(), "z".to_string()];
        assert_eq!(beside(&l, &r, 2), vec!["ab  x", "c   y", "    z"]);
    }
}
