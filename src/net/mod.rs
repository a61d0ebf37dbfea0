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

pub(crate) mod game;
pub(crate) mod handshake;
pub(crate) mod link;
pub(crate) mod proto;
pub(crate) mod session;

use std::io::{self, Write};
use std::sync::mpsc;

use crate::app::cli::{DuelArgs, Global};
use crate::cards::engine::Game;
use crate::cards::rules::Rules;
use crate::classic::ClassicGame;
use crate::duel::Duel;
use crate::error::Error;
use crate::start::fresh_seed;
use crate::store::Store;
use game::{Bot, NetGame};
use handshake::{Met, Offer};
use proto::Kind;
use session::{Event, Session};

/// Whether the command line asks for a duel over the network.
pub(crate) fn wanted(args: &DuelArgs) -> bool {
    args.host.is_some() || args.join.is_some()
}

/// Refuses the network duel's options on a duel at one keyboard, where they would do nothing.
pub(crate) fn refuse_stray(args: &DuelArgs) -> Result<(), Error> {
    let stray = [
        ("--name", args.name.is_some()),
        ("--yes", args.yes),
        ("--strategy", args.strategy.is_some()),
        ("--delay", args.delay.is_some()),
    ];
    match stray.iter().find(|(_, given)| *given) {
        Some((opt, _)) => Err(Error::usage(format!(
            "{opt} is for a duel over the network: add --host or --join ADDR:PORT"
        ))),
        None => Ok(()),
    }
}

/// `duel --host [ADDR:PORT]` or `duel --join ADDR:PORT --code CODE`, played line by line.
pub(crate) fn command(global: &Global, args: &DuelArgs) -> Result<(), Error> {
    let bot = args
        .strategy
        .as_deref()
        .map(|n| Bot::named(n, fresh_seed()))
        .transpose()
        .map_err(|e| Error::usage(e.to_string()))?;
    let delay = std::time::Duration::from_millis(args.delay.unwrap_or(0));
    let mut store = Store::open();
    crate::app::shared::print_warnings(&mut store);
    let (me, met, offer, own) = if let Some(addr) = &args.join {
        let own = own_name(args, "Player 2")?;
        let code = args.code.as_deref().unwrap_or("");
        let (met, offer) = handshake::join(addr, code, &own)?;
        if !agree(&met, &offer, args)? {
            met.link.send(&proto::Msg::Decline);
            met.link.close();
            return Err(Error::usage(
                "you did not agree to the host's rules; no duel",
            ));
        }
        met.link.send(&proto::Msg::Agree);
        (1, met, offer, own)
    } else {
        let own = own_name(args, "Player 1")?;
        let mut rules = crate::app::shared::load_rules(global)?.rules;
        if let Some(n) = args.size {
            rules.classic.size = n;
        }
        let offer = Offer {
            kind: if args.classic {
                Kind::Classic
            } else {
                Kind::Cards
            },
            seed: args.seed.unwrap_or_else(fresh_seed),
            rules,
        };
        let addr = args.host.as_deref().unwrap_or(DEFAULT_HOST);
        let met = handshake::host(addr, &offer, &own, args.json)?;
        (0, met, offer, own)
    };
    let mut names = [own.clone(), own];
    names[1 - me].clone_from(&met.peer);
    // The full screen on a terminal, unless a bot plays or JSON is asked for.
    let on_screen = crate::ui::is_interactive() && !args.json && bot.is_none();
    let plan = Plan {
        me,
        names,
        json: args.json,
        bot: bot.map(|b| (b, delay)),
        screen: on_screen.then_some(global),
    };
    match offer.kind {
        Kind::Cards => play::<Game>(&offer.rules, offer.seed, met, plan, &mut store),
        Kind::Classic => play::<ClassicGame>(&offer.rules, offer.seed, met, plan, &mut store),
    }
}

/// Where `--host` waits when no address is given: every interface, port 2048.
pub(crate) const DEFAULT_HOST: &str = "0.0.0.0:2048";

fn own_name(args: &DuelArgs, default: &str) -> Result<String, Error> {
    match &args.name {
        Some(n) => proto::check_name(n).map_err(|e| Error::usage(format!("--name: {e}"))),
        None => Ok(default.to_string()),
    }
}

/// Shows the joiner the host's offer and asks for its agreement: `--yes`, or a line `y`/`yes`.
fn agree(met: &Met, offer: &Offer, args: &DuelArgs) -> Result<bool, Error> {
    let differs = crate::config::differing_keys(&Rules::default_rules(), &offer.rules);
    let rules = &offer.rules;
    let what = match offer.kind {
        Kind::Cards => format!(
            "a card duel, rules `{}` (hash {})",
            proto::shown(&rules.name),
            rules.hash()
        ),
        Kind::Classic => format!(
            "a classic duel on a {0}x{0} board, rules `{1}`",
            rules.classic.size,
            proto::shown(&rules.name)
        ),
    };
    let mut err = crate::out::stderr();
    writeln!(err, "{} offers {what}, seed {}", met.peer, offer.seed)?;
    if offer.kind == Kind::Cards {
        if differs.is_empty() {
            writeln!(err, "the rules are the default rules")?;
        } else {
            writeln!(
                err,
                "the rules differ from the default rules in: {}",
                differs.join(", ")
            )?;
        }
    }
    if args.yes {
        return Ok(true);
    }
    writeln!(
        err,
        "play with these rules? type y and Enter (anything else: no)"
    )?;
    let answer = crate::headless::lines(io::stdin().lock()).next();
    Ok(
        matches!(answer, Some(Ok(l)) if matches!(l.trim().to_ascii_lowercase().as_str(), "y" | "yes")),
    )
}

/// How this side plays.
struct Plan<'a> {
    me: usize,
    names: [String; 2],
    json: bool,
    bot: Option<(Bot, std::time::Duration)>,
    /// On the full screen, with these options.
    screen: Option<&'a Global>,
}

/// Deals the game on this side and plays the duel to its end.
fn play<G: NetGame + crate::ui::Brief>(
    rules: &Rules,
    seed: u64,
    met: Met,
    plan: Plan,
    store: &mut Store,
) -> Result<(), Error> {
    let sides = Sides {
        me: plan.me,
        names: plan.names,
    };
    let (mut session, rx, tx) = meet::<G>(rules, seed, met, sides, store);
    if plan.json {
        session.out = session::Out::Json;
    }
    if let Some(global) = plan.screen {
        // Made only now: the screens catch Ctrl-C, which must stop a host still waiting.
        let ui = crate::app::shared::terminal(global)?;
        crate::ui::net_duel(&ui, &mut session, &rx)?;
        return session.finish();
    }
    if plan.bot.is_none() {
        read_input(tx);
    }
    session.run(&rx, plan.bot)
}

/// Who plays on which side: `me` 0 the host, 1 the joiner, and both names in that order.
pub(crate) struct Sides {
    pub me: usize,
    pub names: [String; 2],
}

/// The duel `met` begins on this side: the game dealt from `rules` and `seed` for both, what the
/// link hears passed to the receiver (the sender is for the player's own input).
pub(crate) fn meet<'a, G: NetGame>(
    rules: &Rules,
    seed: u64,
    met: Met,
    sides: Sides,
    store: &'a mut Store,
) -> (Session<'a, G>, mpsc::Receiver<Event>, mpsc::Sender<Event>) {
    let (game, meta) = G::deal(rules, seed);
    let mut duel = Duel::new(game.clone(), game);
    duel.network = true;
    let (tx, rx) = mpsc::channel();
    let Met { link, reader, .. } = met;
    link.listen::<Event>(reader, tx.clone(), Event::Heard);
    let session = Session::new(duel, sides.me, sides.names, meta, link, store);
    (session, rx, tx)
}

/// Hands the player's input lines to the duel on a thread of its own (a line too long or not
/// UTF-8 is reported and skipped), then [`Event::InputEnd`].
fn read_input(to: mpsc::Sender<Event>) {
    std::thread::spawn(move || {
        for line in crate::headless::lines(io::stdin().lock()) {
            let e = match line {
                Ok(l) => Event::Line(l),
                Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                    crate::out::note(format_args!("new2048: a line of input: {e}; skipped"));
                    continue;
                }
                Err(_) => break,
            };
            if to.send(e).is_err() {
                return;
            }
        }
        let _ = to.send(Event::InputEnd);
    });
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
