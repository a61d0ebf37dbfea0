//! Duels across two terminals: `new2048 duel --host` and `new2048 duel --join ADDR --code CODE`.
//!
//! The turn-taking duel ([`crate::duel`]) shares one keyboard; here each player has their own
//! process, and the two race the same deal at once. Only the standard library's TCP is used, and
//! the host's own process is the only server. What travels is described in [`proto`]: the rules
//! (as the text of a rules file, parsed and checked by the joiner as any rules file), the seed,
//! the invite code, the names, and each move as a word. Each side replays the other's moves on
//! its own engine, so a modified client cannot claim a score its moves do not give.
//!
//! - [`proto`]: the messages, their limits and checks;
//! - [`link`]: one connection, with timeouts and a heartbeat;
//! - [`handshake`]: meeting (code, offer, agreement);
//! - [`game`]: what each game needs for it (the deal, move words, the bot);
//! - [`session`]: the duel itself, saved and recorded as every duel is.
//!
//! The command that reads the command line and takes the terminal for it is
//! `app/games/net_duel.rs`; the start menu's host and join screens are `ui/net/`.

pub(crate) mod game;
pub(crate) mod handshake;
pub(crate) mod link;
pub(crate) mod proto;
pub(crate) mod session;

use std::sync::mpsc;

use crate::duel::Duel;
use crate::store::Store;
use game::NetGame;
use handshake::{Met, Offer};
use session::{Event, Session};

/// Where `--host` waits when no address is given: every interface, port 2048.
pub(crate) const DEFAULT_HOST: &str = "0.0.0.0:2048";
/// Where `--host --local` waits: this machine only, port 2048.
pub(crate) const LOCAL_HOST: &str = "127.0.0.1:2048";

/// Who plays on which side: `me` 0 the host, 1 the joiner, and both names in that order.
pub(crate) struct Sides {
    pub me: usize,
    pub names: [String; 2],
}

/// The duel `met` begins on this side: the game of `offer` dealt for both, what the link hears
/// passed to the receiver (the sender is for the player's own input).
pub(crate) fn meet<'a, G: NetGame>(
    offer: &Offer,
    met: Met,
    sides: Sides,
    store: &'a mut Store,
) -> (Session<'a, G>, mpsc::Receiver<Event>, mpsc::Sender<Event>) {
    let (game, meta) = G::duel_deal(&offer.rules, offer.seed);
    let mut duel = Duel::new(game.clone(), game.clone());
    duel.network = true;
    let (tx, rx) = mpsc::channel();
    let Met { link, reader, .. } = met;
    link.listen::<Event>(reader, tx.clone(), Event::Heard);
    let clock = std::time::Duration::from_secs(offer.clock);
    let mut session = Session::new(duel, (sides.me, sides.names), meta, link, clock, store);
    session.shown_peer = Some(game);
    (session, rx, tx)
}

/// Refuses to take up a saved network duel at one keyboard: its other player is not here.
pub(crate) fn refuse_resume(r: &crate::store::Resumed) -> Result<(), NotHere> {
    use crate::store::Resumed;
    let names = match r {
        Resumed::CardDuel(d, _, n) if d.network => n,
        Resumed::ClassicDuel(d, _, n) if d.network => n,
        _ => return Ok(()),
    };
    Err(NotHere {
        names: names.clone(),
    })
}

/// A saved network duel cannot be resumed here: the two players' names.
#[derive(Debug)]
pub(crate) struct NotHere {
    pub names: [String; 2],
}

impl std::fmt::Display for NotHere {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "this duel ({} against {}) was played over the network: it cannot be resumed \
             against someone else; deleting it (`x` in the start menu, `new2048 saved --delete \
             N`) records it as it stood",
            self.names[0], self.names[1]
        )
    }
}
