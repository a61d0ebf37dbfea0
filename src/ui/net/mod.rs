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

use crate::cards::engine::Game;
use crate::classic::ClassicGame;
use crate::duel::{DuelResult, Playable};
use crate::net::game::NetGame;
use crate::net::proto::Gone;
use crate::net::session::{Event, OwnEnd, Said, Session};
use crate::ui::kit::{NetWords, Tone, Words, fill, fit, wrap};
use crate::ui::screens::DuelBoard;
use crate::ui::term::{Action, TermGuard, Ui, Waited, action, classic_action, paint, wait_key};

/// The longest the screen waits for a key before it looks at the network again.
const TICK: Duration = Duration::from_millis(25);

/// What the screen says of a game besides its board: score, cards left (classic: moves) and
/// the highest card or tile, each in words.
pub(crate) trait Brief: DuelBoard {
    fn brief(&self, words: &Words) -> [String; 3];
    /// A move's word as the log shows it: the key the player presses for it.
    fn shown(word: &str) -> String {
        word.to_string()
    }
}

impl Brief for Game {
    fn brief(&self, words: &Words) -> [String; 3] {
        [
            format!("{} {}", words.score, self.score()),
            format!("{} {}", words.cards_left, self.cards_left()),
            format!("{} {}", words.highest, self.highest()),
        ]
    }
}

impl Brief for ClassicGame {
    fn brief(&self, words: &Words) -> [String; 3] {
        [
            format!("{} {}", words.score, Playable::score(self)),
            format!("{} {}", words.moves, self.move_count()),
            format!("{} {}", words.highest_tile, self.highest()),
        ]
    }

    /// A slide as the arrow key that makes it (the word is the protocol's letter).
    fn shown(word: &str) -> String {
        let arrow = match word {
            "u" | "up" => "↑",
            "d" | "down" => "↓",
            "l" | "left" => "←",
            "r" | "right" => "→",
            other => other,
        };
        arrow.to_string()
    }
}

/// Plays the duel of `s` on the screen until it is over on this side, then shows the result
/// until a key. `s` is then finished (recorded, printed) by the caller.
pub(crate) fn net_duel<G: NetGame + Brief>(
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
pub(crate) fn duel_screen<G: NetGame + Brief>(
    ui: &Ui,
    s: &mut Session<G>,
    events: &Receiver<Event>,
) -> io::Result<()> {
    s.out = crate::net::session::Out::Screen;
    s.begin();
    let cards = s.duel.players[s.me].columns() > 0;
    let mut cursor = s.duel.players[s.me].columns() / 2;
    // Drawn again only when something changed: a move either side made, a key, a resize.
    let mut dirty = true;
    loop {
        while let Ok(e) = events.try_recv() {
            s.event(e);
            dirty = true;
        }
        if dirty {
            paint(ui, |w, h| lay_out(ui, s, cards.then_some(cursor), w, h))?;
            dirty = false;
        }
        if s.over() {
            break;
        }
        let key = match wait_key(ui, Some(TICK)) {
            Waited::Key(k) => k,
            Waited::Stop => {
                // A signal, or the terminal gone: leave at once (the duel is kept).
                s.leave();
                s.leave();
                continue;
            }
            Waited::Timeout => continue,
            Waited::Mouse(_) | Waited::Redraw => {
                dirty = true;
                continue;
            }
        };
        dirty = true;
        let act = if cards {
            action(&key)
        } else {
            classic_action(&key)
        };
        match act {
            Action::Place(c) => s.own_line(&(c + 1).to_string()),
            Action::PlaceAtCursor => s.own_line(&(cursor + 1).to_string()),
            Action::Left => cursor = cursor.saturating_sub(1),
            Action::Right => {
                cursor = (cursor + 1).min(s.duel.players[s.me].columns().saturating_sub(1));
            }
            Action::Discard => s.own_line("d"),
            Action::Slide(d) => s.own_line(d.as_str()),
            Action::Quit | Action::Interrupt | Action::EndOfInput => s.leave(),
            _ => {}
        }
    }
    // The result, until a key (a signal or a lost terminal ends it too).
    loop {
        match wait_key(ui, None) {
            Waited::Key(_) | Waited::Stop => break,
            _ => paint(ui, |w, h| lay_out(ui, s, None, w, h))?,
        }
    }
    Ok(())
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

/// The result in the game's words, or that the duel is still on.
pub(crate) fn result_line<G: NetGame>(s: &Session<G>, words: &Words) -> Option<String> {
    let t = words.net;
    if !s.over() {
        return None;
    }
    let [a, b] = &s.duel.players;
    Some(match s.duel.result() {
        Some(DuelResult::Win { winner, by_score }) => {
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
        Some(DuelResult::Draw) => fill(words.duel_draw, &[&a.survived(), &a.score()]),
        None => fill(t.unfinished, &[&unfinished(s, t)]),
    })
}

/// The other player as a line, or two where one is too narrow: `head`, then their figures.
fn other_lines<G: Brief>(head: String, other: &G, words: &Words, w: usize) -> Vec<String> {
    let [score, left, high] = other.brief(words);
    let line = format!("{head}: {score} · {left} · {high}");
    if console::measure_text_width(&line) <= w {
        vec![line]
    } else {
        vec![format!("{head}: {score} · {left}"), format!("  {high}")]
    }
}

/// The line under the screen: the keys, that this side waits, or the result.
fn footer<G: NetGame>(s: &Session<G>, words: &Words, cards: bool) -> String {
    let t = words.net;
    result_line(s, words).map_or_else(
        || {
            if s.own_done() {
                fill(t.waiting, &[&s.names[1 - s.me]])
            } else if cards {
                t.keys_cards.to_string()
            } else {
                t.keys_classic.to_string()
            }
        },
        |r| format!("{r}  ({})", t.any_key),
    )
}

/// The screen for a terminal `w`×`h`.
fn lay_out<G: NetGame + Brief>(
    ui: &Ui,
    s: &Session<G>,
    cursor: Option<usize>,
    w: usize,
    h: usize,
) -> Vec<String> {
    let (words, theme) = (ui.words, ui.theme);
    let t = words.net;
    let (me, peer) = (s.me, 1 - s.me);
    let (own, other) = (&s.duel.players[me], &s.duel.players[peer]);
    let tones = [Tone::Player1, Tone::Player2];
    let name = |i: usize| theme.paint(&s.names[i], tones[i]);
    let head = |i: usize, g: &G| {
        let you = if i == me {
            format!(" ({})", t.you)
        } else {
            String::new()
        };
        let over = if g.finished() { " ■" } else { "" };
        format!("{}{you}{over}", name(i))
    };
    let title = theme.paint(
        &format!(
            "new2048 {} · {} : {}",
            words.duel_tag, s.names[0], s.names[1]
        ),
        Tone::Title,
    );
    // The footer wrapped: the result, and the key that leaves it, are read whole.
    let footer: Vec<String> = wrap(&footer(s, words, cursor.is_some()), w.max(1))
        .iter()
        .map(|l| theme.paint(l, Tone::Info))
        .collect();
    let foot = footer.len();
    let other_brief = other_lines(head(peer, other), other, words, w);
    let fits = |lines: &[String], extra: usize| width(lines) <= w && lines.len() + extra <= h;
    // A player's block: their name, their figures on two lines, their board.
    // (`short`: without the highest card, which the board shows anyway.)
    let block = |i: usize, g: &G, tight: usize, cur: Option<usize>, short: bool| {
        let (board, _) = g.body(words, theme, tight, tight + 1 == G::WAYS, cur)?;
        let [score, left, high] = g.brief(words);
        let tone = if i == me { Tone::Value } else { Tone::Dim };
        let mut b = vec![head(i, g), theme.paint(&format!("{score} · {left}"), tone)];
        if !short {
            b.push(theme.paint(&high, tone));
        }
        b.extend(board);
        Some(b)
    };
    // Both boards side by side, as roomy as fits; else the player's own board and the other's
    // line.
    let mut body: Option<Vec<String>> = None;
    'both: for tight in 0..G::WAYS {
        for t2 in tight..G::WAYS {
            let (Some(mine), Some(theirs)) = (
                block(me, own, tight, cursor, false),
                block(peer, other, t2, None, false),
            ) else {
                continue;
            };
            let both = beside(&mine, &theirs, 4);
            if fits(&both, foot) {
                body = Some(both);
                break 'both;
            }
        }
    }
    if body.is_none() {
        'alone: for short in [false, true] {
            for tight in 0..G::WAYS {
                let Some(alone) = block(me, own, tight, cursor, short) else {
                    continue;
                };
                if fits(&alone, foot + other_brief.len()) {
                    body = Some([alone, other_brief.clone()].concat());
                    break 'alone;
                }
            }
        }
    }
    let body = body.unwrap_or_else(|| {
        let mine = format!("{}: {}", head(me, own), own.brief(words).join(" · "));
        [vec![mine], other_brief.clone()].concat()
    });
    // The title and the latest events where there is room.
    let mut lines = Vec::new();
    let mut room = h.saturating_sub(body.len() + foot);
    if room > 0 {
        lines.push(title);
        room -= 1;
    }
    lines.extend(body);
    let shown = room.min(s.log.len()).min(4);
    for l in &s.log[s.log.len() - shown..] {
        lines.push(theme.paint(&said(s, l, t), Tone::Dim));
    }
    // The footer stays whole at the bottom, whatever had to go.
    lines.truncate(h.saturating_sub(foot));
    lines.extend(footer);
    lines.truncate(h);
    lines.into_iter().map(|l| fit(&l, w)).collect()
}

/// Why the duel is unfinished, in the player's words.
fn unfinished<G: NetGame>(s: &Session<G>, t: &NetWords) -> String {
    let peer = &s.names[1 - s.me];
    match (s.broken(), s.gone()) {
        (Some(why), _) => fill(t.log_stopped, &[peer, &why]),
        (None, Some(g)) => fill(t.log_gone, &[peer, &gone(g, t)]),
        (None, None) => t.both_left.to_string(),
    }
}

/// Why the other player is gone, in the player's words.
fn gone(g: &Gone, t: &NetWords) -> String {
    match g {
        Gone::Closed => t.why_closed.to_string(),
        Gone::Silent => t.why_silent.to_string(),
        Gone::Failed(e) => fill(t.why_failed, &[e]),
        Gone::Sent(what) => fill(t.why_sent, &[what]),
        Gone::StoppedIt(why) => fill(t.why_stopped_it, &[why]),
        Gone::YouStopped => t.why_you_stopped.to_string(),
    }
}

/// A line of the duel's log, in the player's words.
fn said<G: NetGame + Brief>(s: &Session<G>, l: &Said, t: &NetWords) -> String {
    let (me, peer) = (&s.names[s.me], &s.names[1 - s.me]);
    match l {
        Said::Begins => fill(t.log_begins, &[me, peer]),
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
                OwnEnd::Left => t.log_you_left,
                OwnEnd::InputEnded => t.log_input_ended,
                OwnEnd::Over => t.log_own_over,
                OwnEnd::Decided => t.log_decided,
                OwnEnd::NoBotMove => t.log_no_bot_move,
            };
            let wait = if *waiting {
                fill(t.log_waiting_for, &[peer])
            } else {
                String::new()
            };
            format!("{why}{wait}")
        }
        Said::PeerStops { over: true } => fill(t.log_peer_over, &[peer]),
        Said::PeerStops { over: false } => fill(t.log_peer_left, &[peer]),
        Said::Gone { why, alone } => {
            let line = fill(t.log_gone, &[peer, &gone(why, t)]);
            if *alone {
                format!("{line}{}", t.log_alone)
            } else {
                line
            }
        }
        Said::Stopped(why) => fill(t.log_stopped, &[peer, why]),
        Said::Skipped { line, why } => fill(t.log_skipped, &[line, why]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_in_the_log_is_the_key_that_makes_it() {
        use crate::classic::Dir;
        use crate::record::Side;
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
