//! Hosting a duel from the start menu: the game chosen (the card game with the rules in force,
//! or classic 2048), then a screen with the address and the code to give the other player,
//! drawn again on a resize, while the door waits on a thread of its own. Esc or `q` stops the
//! wait and goes back to the menu; Ctrl-C leaves the program.
//!
//! The wait is [`crate::net::handshake::Door::wait`], the command's own: the same code, the same
//! refusals (a wrong code is refused and the host keeps waiting, up to its limit).

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{SendError, channel};
use std::time::Duration;

use crate::ui::term::Key;

use crate::cards::rules::Rules;
use crate::net::handshake::{Door, Met, Offer, Reach, Refusal};
use crate::net::proto::Kind;
use crate::ui::kit::{NetWords, Theme, Tone, fill};
use crate::ui::play::pick;
use crate::ui::term::{Ui, Waited, draw, size, wait_key};
use crate::ui::widgets::{Item, List, Picked};

use super::meeting::{Found, Meeting};

/// Where the menu's host waits first: every interface, the command's port. When that port is
/// taken (another host on this machine), any free port: the screen says which.
const ADDRESSES: [&str; 2] = [crate::net::DEFAULT_HOST, "0.0.0.0:0"];

/// What the waiting thread says.
enum News {
    /// A connection refused: where from, why.
    Refused(SocketAddr, Refusal),
    /// The other player is here and agreed to `Offer`.
    Met(Box<(Met, Offer)>),
    /// The wait ended without anybody (too many refusals, the system failed): why.
    Failed(String),
}

/// Chooses the game, opens the door and waits for the other player.
pub(super) fn host(ui: &Ui, rules: &Arc<Rules>, name: &str) -> Found {
    let kind = match choose(ui, rules) {
        Picked::Item(0) => Kind::Cards,
        Picked::Item(_) => Kind::Classic,
        Picked::Back | Picked::Delete(_) => return Found::Back(Vec::new()),
        Picked::Stop => return Found::Leave,
    };
    let t = ui.words.net;
    let door = match Door::open(ADDRESSES[0]).or_else(|_| Door::open(ADDRESSES[1])) {
        Ok(d) => d,
        Err(e) => return Found::Back(vec![(fill(t.host_failed, &[&e]), Tone::Bad)]),
    };
    let offer = Offer {
        kind,
        seed: crate::deal::fresh_seed(),
        clock: crate::net::handshake::DEFAULT_CLOCK,
        rules: Rules::clone(rules),
    };
    let shown = Shown {
        code: door.code.clone(),
        give: door.give,
        reach: (door.reach, door.bound),
        refused: Vec::new(),
    };
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = channel();
    let (flag, name) = (Arc::clone(&stop), name.to_string());
    std::thread::spawn(move || {
        let told = tx.clone();
        let got = door.wait(&offer, &name, &flag, &mut |from, why| {
            let _ = told.send(News::Refused(from, why));
        });
        match got {
            Ok(Some(met)) => {
                // Nobody waits any more: the joiner is told, not left hanging.
                if let Err(SendError(News::Met(m))) = tx.send(News::Met(Box::new((met, offer)))) {
                    m.0.link.stop("the host stopped waiting");
                }
            }
            Ok(None) => {}
            Err(e) => {
                let _ = tx.send(News::Failed(e.to_string()));
            }
        }
    });
    let found = wait(ui, shown, &rx);
    if !matches!(found, Found::Met(..)) {
        stop.store(true, Ordering::SeqCst);
    }
    found
}

/// The card game with the rules in force, or classic 2048.
fn choose(ui: &Ui, rules: &Rules) -> Picked {
    let t = ui.words.net;
    let side = rules.classic.size;
    let items = [
        Item::new(fill(t.host_cards, &[&rules.name])),
        Item::new(fill(t.host_classic, &[&side, &side])),
    ];
    let theme = ui.theme;
    let head = [
        theme.paint(&format!("  {}", ui.words.title), Tone::Title),
        String::new(),
        theme.paint(&format!("? {}", t.host_prompt), Tone::Value),
    ];
    let list = List {
        head: &head,
        items: &items,
        deletable: &[],
        keys: ui.words.list_keys,
    };
    let _ = ui.term.clear_screen();
    pick(ui, &list, 0)
}

/// What the waiting screen shows.
struct Shown {
    code: String,
    give: SocketAddr,
    /// Who can reach the door, and where it listens.
    reach: (Reach, SocketAddr),
    /// The refusals so far, in words.
    refused: Vec<String>,
}

/// The waiting screen until the other player is met, the wait fails, or the player gives up.
fn wait(ui: &Ui, mut shown: Shown, news: &std::sync::mpsc::Receiver<News>) -> Found {
    let t = ui.words.net;
    loop {
        if ui.signals.stop() {
            return Found::Leave;
        }
        let (w, h) = size(&ui.term);
        if draw(&ui.term, &lines(t, ui.theme, &shown, w, h), h).is_err() {
            return Found::Leave;
        }
        match wait_key(ui, Some(Duration::from_millis(100))) {
            Waited::Key(Key::Escape | Key::Char('q' | 'Q')) => return Found::Back(Vec::new()),
            Waited::Key(Key::Ctrl('c' | 'd')) | Waited::Stop => {
                return Found::Leave;
            }
            Waited::Key(_) | Waited::Mouse(_) | Waited::Timeout | Waited::Redraw => {}
        }
        while let Ok(n) = news.try_recv() {
            match n {
                News::Refused(from, why) => {
                    shown
                        .refused
                        .push(fill(t.host_refused, &[&from, &refusal(&why, t)]));
                }
                News::Met(m) => {
                    let (met, offer) = *m;
                    return Found::Met(Box::new(Meeting { met, offer, me: 0 }));
                }
                News::Failed(why) => {
                    return Found::Back(vec![(fill(t.host_failed, &[&why]), Tone::Bad)]);
                }
            }
        }
    }
}

/// Why a connection was refused, in the player's words.
fn refusal(why: &Refusal, t: &NetWords) -> String {
    match why {
        Refusal::WrongCode => t.refused_wrong_code.to_string(),
        Refusal::Declined(name) => fill(t.refused_declined, &[name]),
        Refusal::Read(e) => super::gone(&e.gone(), t),
        other => other.to_string(),
    }
}

/// The waiting screen in `width`×`height`: the address and the code (never cut: wrapped), the
/// command the other may run instead, the refusals so far (the newest), and the way out, which
/// is always on screen.
fn lines(t: &NetWords, theme: Theme, s: &Shown, width: usize, height: usize) -> Vec<String> {
    let para = |text: &str, tone: Tone| theme.paragraph(text, width, tone);
    let command = format!("new2048 duel --join {} --code {}", s.give, s.code);
    let mut top = [
        para(t.host_title, Tone::Title),
        para(t.host_give, Tone::Label),
        para(&fill(t.host_address, &[&s.give]), Tone::Value),
        para(&fill(t.host_code, &[&s.code]), Tone::Value),
    ]
    .concat();
    let (reach, bound) = s.reach;
    let (listening, keep) = match reach {
        Reach::Everyone => (t.host_everyone, Some(t.host_keep_local)),
        Reach::ThisMachine => (t.host_this_machine, None),
        Reach::OneAddress => (t.host_one_address, Some(t.host_keep_local)),
    };
    top.extend(para(&fill(listening, &[&bound]), Tone::Dim));
    let more = [
        keep.map(|k| para(k, Tone::Dim)).unwrap_or_default(),
        vec![String::new()],
        para(t.host_or_run, Tone::Label),
        para(&command, Tone::Info),
        vec![String::new()],
        para(t.host_waiting, Tone::Info),
    ]
    .concat();
    let cancel = para(t.host_cancel, Tone::Dim);
    // What matters most comes first; the rest only where it fits.
    if top.len() + more.len() + cancel.len() <= height {
        top.extend(more);
    }
    let left = height.saturating_sub(top.len() + cancel.len());
    let refused: Vec<String> = s.refused.iter().flat_map(|r| para(r, Tone::Bad)).collect();
    top.extend(
        refused[refused.len().saturating_sub(left)..]
            .iter()
            .cloned(),
    );
    top.truncate(height.saturating_sub(cancel.len()));
    top.extend(cancel);
    top
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::kit::{EN, ZH, checked};

    /// The waiting screen fits every size down to 40×15 in both languages, with the address,
    /// the code and the way out always on it, and the newest refusal where there is room.
    #[test]
    fn the_waiting_screen_fits_and_keeps_address_code_and_way_out() {
        let s = Shown {
            code: "AB3DEF".into(),
            give: "192.168.100.200:2048".parse().unwrap(),
            reach: (Reach::Everyone, "0.0.0.0:2048".parse().unwrap()),
            refused: vec!["old".into(), "newest refusal".into()],
        };
        for words in [&EN, &ZH] {
            for (w, h) in [(40, 15), (80, 24), (160, 48)] {
                let text = checked(&lines(words.net, Theme::PLAIN, &s, w, h), w, h);
                assert!(text.contains("192.168.100.200:2048"), "{text}");
                assert!(text.contains("AB3DEF"), "{text}");
                assert!(text.contains("Esc"), "{text}");
                assert!(text.contains("newest refusal"), "{text}");
            }
        }
    }
}
