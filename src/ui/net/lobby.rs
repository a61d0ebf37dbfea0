//! A duel over the network from the start menu: host or join, play the duel on the menu's own
//! screen, and come back to the menu saying how it ended.
//!
//! The meeting is [`super::host`]'s or [`super::join`]'s; the duel is the command's
//! ([`crate::net::meet`], the same session, saved and recorded as every duel), so a duel begun
//! here and one begun with `duel --host`/`--join` are the same duel to both histories.

use std::sync::Arc;

use crate::cards::engine::Game;
use crate::cards::rules::Rules;
use crate::classic::ClassicGame;
use crate::net::Sides;
use crate::net::game::NetGame;
use crate::net::handshake::{Met, Offer};
use crate::net::proto::Kind;
use crate::store::Store;
use crate::ui::kit::{Tone, fill};
use crate::ui::play::default_names;
use crate::ui::term::Ui;

use super::meeting::{Found, Meeting};
use super::{duel_screen, result_line};
use crate::ui::play::OnScreen;

/// Which side the player takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Way {
    Host,
    Join,
}

/// Hosts or joins a duel over the network (`rules`: the rules in force, which a host offers),
/// plays it, and gives what the menu then says of it; `None` when the player leaves the program.
pub(crate) fn lobby(
    ui: &Ui,
    rules: &Arc<Rules>,
    store: &mut Store,
    way: Way,
) -> Option<Vec<(String, Tone)>> {
    let names = default_names(ui.words);
    let found = match way {
        Way::Host => super::host::host(ui, rules, &names[0]),
        Way::Join => super::join::join(ui, &names[1]),
    };
    let Meeting { met, offer, me } = match found {
        Found::Met(m) => *m,
        Found::Back(notes) => return Some(notes),
        Found::Leave => return None,
    };
    let mut sides = Sides { me, names };
    sides.names[1 - me].clone_from(&met.peer);
    let notes = match offer.kind {
        Kind::Cards => play::<Game>(ui, store, met, &offer, sides),
        Kind::Classic => play::<ClassicGame>(ui, store, met, &offer, sides),
    };
    (!ui.signals.stop()).then_some(notes)
}

/// Plays the duel met to its end on this screen, records it, and says how it ended.
fn play<G: NetGame + OnScreen>(
    ui: &Ui,
    store: &mut Store,
    met: Met,
    offer: &Offer,
    sides: Sides,
) -> Vec<(String, Tone)> {
    let peer = met.peer.clone();
    let (mut s, rx, _own) = crate::net::meet::<G>(offer, met, sides, store);
    let shown = duel_screen(ui, &mut s, &rx);
    s.record();
    let result = result_line(&s, ui.words).unwrap_or_default();
    let mut notes = vec![(fill(ui.words.net.after, &[&peer, &result]), Tone::Info)];
    if let Err(e) = shown {
        notes.push((e.to_string(), Tone::Bad));
    }
    notes.extend(s.store.take_warnings().into_iter().map(|w| (w, Tone::Bad)));
    notes
}
