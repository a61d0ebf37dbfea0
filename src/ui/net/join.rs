//! Joining a duel from the start menu: the host's address and code typed on screen (Backspace
//! erases, Tab or the arrows move between the two, Enter goes on, Esc goes back), then a
//! connection made on a thread of its own (Esc gives it up), then the host's offer (the game,
//! the rules and how they differ from the default ones, the seed) shown before the player
//! agrees. A bad address, nobody answering or a refused code is said under the form, which
//! keeps what was typed so it can be mended and tried again.
//!
//! The meeting is [`crate::net::handshake::join`], the command's own.

use std::sync::mpsc::{Receiver, RecvTimeoutError, SendError, channel};
use std::time::Duration;

use crate::ui::term::Key;

use crate::net::handshake::{JoinError, Met, Offer, join as meet};
use crate::net::proto::{Kind, Msg};
use crate::ui::kit::{NetWords, Theme, Tone, fill, fit, wrap};
use crate::ui::term::{Ui, Waited, draw, size, wait_key};

use super::meeting::{Found, Meeting};

/// The longest address and code that can be typed.
const LIMITS: [usize; 2] = [80, 16];

/// What was typed so far, and what the form says under it.
#[derive(Default)]
struct Form {
    /// The address, then the code.
    fields: [String; 2],
    /// The field being typed in.
    at: usize,
    note: Option<String>,
    /// Connecting to this address now.
    connecting: Option<String>,
}

/// What a key does to the form.
enum Typed {
    Stay,
    Connect,
    Back,
    Leave,
}

/// Asks for the address and the code until the host is met and its offer agreed to.
pub(super) fn join(ui: &Ui, name: &str) -> Found {
    // Letters typed here are the address and the code, never the boss key.
    ui.boss.typing(true);
    let found = run(ui, name);
    ui.boss.typing(false);
    found
}

fn run(ui: &Ui, name: &str) -> Found {
    let t = ui.words.net;
    let mut form = Form::default();
    loop {
        if !show(ui, &form) {
            return Found::Leave;
        }
        let key = match wait_key(ui, None) {
            Waited::Key(k) => k,
            Waited::Stop => return Found::Leave,
            Waited::Mouse(_) | Waited::Timeout | Waited::Redraw => continue,
        };
        match form.key(&key, t) {
            Typed::Stay => continue,
            Typed::Back => return Found::Back(Vec::new()),
            Typed::Leave => return Found::Leave,
            Typed::Connect => {}
        }
        let (addr, code) = (form.fields[0].trim().to_string(), form.fields[1].trim());
        form.connecting = Some(addr.clone());
        let rx = connect(addr, code.to_string(), name.to_string());
        let got = wait(ui, &form, &rx);
        form.connecting = None;
        match got {
            Waiting::Met(met, offer) => match agree(ui, met, offer) {
                Found::Back(notes) if notes.is_empty() => {}
                found => return found,
            },
            Waiting::Failed(e) => {
                form.at = usize::from(matches!(e, JoinError::Refused(_)));
                form.note = Some(fill(t.join_failed, &[&why(&e, t)]));
            }
            Waiting::GaveUp => {}
            Waiting::Leave => return Found::Leave,
        }
    }
}

impl Form {
    fn key(&mut self, key: &Key, t: &NetWords) -> Typed {
        let address_empty = self.fields[0].trim().is_empty();
        let field = &mut self.fields[self.at];
        match key {
            Key::Escape => return Typed::Back,
            Key::Ctrl('c' | 'd') => return Typed::Leave,
            Key::Backspace => {
                field.pop();
            }
            Key::Tab | Key::ArrowUp | Key::ArrowDown | Key::BackTab => self.at = 1 - self.at,
            Key::Enter if field.trim().is_empty() => {
                self.note = Some([t.join_no_address, t.join_no_code][self.at].to_string());
            }
            Key::Enter if self.at == 0 => self.at = 1,
            Key::Enter if address_empty => {
                self.at = 0;
                self.note = Some(t.join_no_address.to_string());
            }
            Key::Enter => return Typed::Connect,
            Key::Char(c)
                if !crate::base::visible::is_hidden(*c)
                    && !c.is_whitespace()
                    && field.len() < LIMITS[self.at] =>
            {
                field.push(*c);
            }
            _ => {}
        }
        Typed::Stay
    }
}

/// The form (or that it connects) on screen; false when the terminal is gone.
fn show(ui: &Ui, form: &Form) -> bool {
    let (w, h) = size(&ui.term);
    draw(&ui.term, &lines(ui.words.net, ui.theme, form, w, h), h).is_ok()
}

/// The form in `width`×`height`: the title, the two fields (the one typed in marked, its end
/// shown when it is longer than the line), what the form says, the keys.
fn lines(t: &NetWords, theme: Theme, form: &Form, width: usize, height: usize) -> Vec<String> {
    let room = width.saturating_sub(2).max(1);
    let para = |text: &str, tone: Tone| theme.paragraph(text, width, tone);
    let mut out = para(t.join_title, Tone::Title);
    out.push(String::new());
    for (i, label) in [t.join_address, t.join_code].into_iter().enumerate() {
        out.extend(para(label, Tone::Label));
        let typing = i == form.at && form.connecting.is_none();
        let (mark, cursor) = if typing { ("> ", "_") } else { ("  ", "") };
        let text = format!("{}{cursor}", form.fields[i]);
        // The end of a long address stays in view (where the player types).
        let chars: Vec<char> = text.chars().collect();
        let keep = room.saturating_sub(2);
        let shown: String = chars[chars.len().saturating_sub(keep)..].iter().collect();
        let tone = if typing { Tone::Value } else { Tone::Info };
        out.push(theme.paint(&fit(&format!("{mark}{shown}"), width), tone));
    }
    out.push(String::new());
    let (said, tone) = match (&form.connecting, &form.note) {
        (Some(addr), _) => (fill(t.join_connecting, &[addr]), Tone::Info),
        (None, Some(note)) => (note.clone(), Tone::Bad),
        (None, None) => (String::new(), Tone::Info),
    };
    let keys = para(t.join_keys, Tone::Dim);
    out.extend(para(&said, tone));
    out.truncate(height.saturating_sub(keys.len()));
    if form.connecting.is_none() {
        out.extend(keys);
    }
    out
}

/// Why joining failed, in the player's words.
fn why(e: &JoinError, t: &NetWords) -> String {
    match e {
        JoinError::BadAddress { given, .. } => {
            fill(t.join_bad_address, &[&crate::net::proto::shown(given)])
        }
        JoinError::Unreachable { target, .. } => fill(t.join_unreachable, &[target]),
        JoinError::Refused(why) => fill(t.join_refused, &[why]),
        JoinError::NotAHost { target, why } => fill(t.join_not_host, &[target, why]),
        other => other.to_string(),
    }
}

/// What a connection made on a thread came to.
enum Waiting {
    Met(Met, Offer),
    Failed(JoinError),
    GaveUp,
    Leave,
}

type Joined = Result<(Met, Offer), JoinError>;

/// Meets the host at `addr` on a thread of its own: a connection nobody waits for any more is
/// closed there.
fn connect(addr: String, code: String, name: String) -> Receiver<Joined> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        if let Err(SendError(Ok((met, _)))) = tx.send(meet(&addr, &code, &name)) {
            met.link.send(&Msg::Decline);
            met.link.close();
        }
    });
    rx
}

/// Waits for the connection, the screen saying so; Esc gives it up.
fn wait(ui: &Ui, form: &Form, rx: &Receiver<Joined>) -> Waiting {
    loop {
        if !show(ui, form) {
            return Waiting::Leave;
        }
        match wait_key(ui, Some(Duration::from_millis(50))) {
            Waited::Key(Key::Escape) => return Waiting::GaveUp,
            Waited::Key(Key::Ctrl('c' | 'd')) | Waited::Stop => {
                return Waiting::Leave;
            }
            _ => {}
        }
        match rx.recv_timeout(Duration::from_millis(1)) {
            Ok(Ok((met, offer))) => return Waiting::Met(met, offer),
            Ok(Err(e)) => return Waiting::Failed(e),
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return Waiting::GaveUp,
        }
    }
}

/// The host's offer, until the player agrees (`y`) or not (`n`, Esc: back to the menu).
fn agree(ui: &Ui, met: Met, offer: Offer) -> Found {
    let t = ui.words.net;
    let said = offer_lines(t, &met.peer, &offer);
    let until = std::time::Instant::now() + crate::net::handshake::ANSWER_WITHIN;
    let yes = loop {
        // No answer in time is a no (the host stops waiting for it).
        if std::time::Instant::now() >= until {
            break Some(false);
        }
        let (w, h) = size(&ui.term);
        let room = w.saturating_sub(2).max(1);
        let mut shown: Vec<String> = said
            .iter()
            .flat_map(|l| wrap(l, room))
            .map(|l| format!("  {l}"))
            .collect();
        let question = wrap(t.offer_question, w.max(1));
        shown.truncate(h.saturating_sub(question.len()));
        shown.extend(question.iter().map(|l| ui.theme.paint(l, Tone::Value)));
        if draw(&ui.term, &shown, h).is_err() {
            break None;
        }
        match wait_key(ui, Some(Duration::from_secs(1))) {
            Waited::Key(Key::Char('y' | 'Y')) => break Some(true),
            Waited::Key(Key::Char('n' | 'N' | 'q' | 'Q') | Key::Escape) => break Some(false),
            Waited::Key(Key::Ctrl('c' | 'd')) | Waited::Stop => break None,
            _ => {}
        }
    };
    if yes == Some(true) {
        met.link.send(&Msg::Agree);
        return Found::Met(Box::new(Meeting { met, offer, me: 1 }));
    }
    met.link.send(&Msg::Decline);
    met.link.close();
    match yes {
        Some(_) => Found::Back(vec![(t.offer_declined.to_string(), Tone::Info)]),
        None => Found::Leave,
    }
}

/// What the joiner is offered, in words: the game and its rules, how they differ from the
/// default rules, the seed.
fn offer_lines(t: &NetWords, host: &str, offer: &Offer) -> Vec<String> {
    let rules = &offer.rules;
    let name = crate::net::proto::shown(&rules.name);
    let mut out = vec![match offer.kind {
        Kind::Cards => fill(t.offer_cards, &[&host, &name, &rules.hash(), &offer.seed]),
        Kind::Classic => {
            let side = rules.classic.size;
            fill(t.offer_classic, &[&host, &side, &side, &offer.seed])
        }
    }];
    if offer.kind == Kind::Cards {
        let differs: Vec<String> = offer
            .changes()
            .iter()
            .map(|(key, value, default)| fill(t.offer_change, &[key, value, default]))
            .collect();
        out.push(if differs.is_empty() {
            t.offer_default_rules.to_string()
        } else {
            fill(t.offer_differs, &[&differs.join(", ")])
        });
    }
    out.push(fill(t.offer_clock, &[&offer.clock]));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::kit::{EN, ZH, checked};

    /// Typing: letters go to the field, Backspace erases, Enter moves on to the code and then
    /// connects; an empty field says what to type; Esc goes back.
    #[test]
    fn the_form_is_typed_with_editing() {
        let t = EN.net;
        let mut f = Form::default();
        assert!(matches!(f.key(&Key::Enter, t), Typed::Stay));
        assert_eq!(f.note.as_deref(), Some(t.join_no_address));
        for c in "127.0.0.1:20499".chars() {
            f.key(&Key::Char(c), t);
        }
        f.key(&Key::Backspace, t);
        assert_eq!(f.fields[0], "127.0.0.1:2049");
        f.key(&Key::Enter, t);
        assert_eq!(f.at, 1);
        assert!(matches!(f.key(&Key::Enter, t), Typed::Stay));
        assert_eq!(f.note.as_deref(), Some(t.join_no_code));
        f.key(&Key::Char('a'), t);
        assert!(matches!(f.key(&Key::Enter, t), Typed::Connect));
        assert!(matches!(f.key(&Key::Escape, t), Typed::Back));
        assert!(matches!(f.key(&Key::Ctrl('c'), t), Typed::Leave));
    }

    /// The form fits every size down to 40×15 in both languages, with its note and its keys.
    #[test]
    fn the_form_fits() {
        let mut f = Form::default();
        f.fields[0] = "203.0.113.254:65000".repeat(3);
        for words in [&EN, &ZH] {
            f.note = Some(fill(words.net.join_failed, &[&words.net.join_no_code]));
            for (w, h) in [(40, 15), (80, 24), (160, 48)] {
                let text = checked(&lines(words.net, Theme::PLAIN, &f, w, h), w, h);
                assert!(text.contains("Esc"), "{text}");
                assert!(text.contains("65000_"), "{text}");
            }
        }
    }
}
