//! `new2048 duel --host [ADDR:PORT]` and `new2048 duel --join ADDR:PORT --code CODE`: the
//! command that meets the other side ([`crate::net::handshake`]), asks the joiner to agree to the
//! host's rules, and plays the duel ([`crate::net::session`]) on the full screen or line by line,
//! a bot taking this side with `--strategy`. Here, not in `net/`, because it reads the command
//! line, the rules in force and the terminal: `net/` stays below the screens and the commands.

use std::io::{self, Write};
use std::sync::mpsc;

use crate::app::cli::{DuelArgs, Global};
use crate::app::shared::{load_rules, terminal};
use crate::cards::engine::Game;
use crate::classic::ClassicGame;
use crate::deal::fresh_seed;
use crate::error::Error;
use crate::headless::Bot;
use crate::net::game::NetGame;
use crate::net::handshake::{self, AGREE_WITHIN, ANSWER_WITHIN, DEFAULT_CLOCK, Met, Offer};
use crate::net::proto::{self, Kind};
use crate::net::session::{self, Event};
use crate::net::{DEFAULT_HOST, LOCAL_HOST, Sides, meet};
use crate::out::print_warnings;
use crate::store::Store;

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
    print_warnings(&mut store);
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
        let mut rules = load_rules(global)?.rules;
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
            clock: args.clock.unwrap_or(DEFAULT_CLOCK),
            rules,
        };
        let addr = host_address(args)?;
        let met = handshake::host(&addr, &offer, &own, args.json)?;
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
        Kind::Cards => play::<Game>(&offer, met, plan, &mut store),
        Kind::Classic => play::<ClassicGame>(&offer, met, plan, &mut store),
    }
}

/// Where the host waits: `--host ADDR:PORT`, every interface by default, or with `--local` this
/// machine only (on the port given, if one is).
fn host_address(args: &DuelArgs) -> Result<String, Error> {
    let given = args.host.as_deref().unwrap_or(DEFAULT_HOST);
    if !args.local {
        return Ok(given.to_string());
    }
    let port = match given.parse::<std::net::SocketAddr>() {
        Ok(a) if a.ip().is_unspecified() || a.ip().is_loopback() => a.port(),
        _ => {
            return Err(Error::usage(format!(
                "--local waits on this machine only: give no address with it, or a port like \
                 --host 127.0.0.1:2049 (not {})",
                proto::shown(given)
            )));
        }
    };
    let local: std::net::SocketAddr = LOCAL_HOST
        .parse()
        .map_err(|_| Error::usage("the local address is not an address"))?;
    Ok(std::net::SocketAddr::new(local.ip(), port).to_string())
}

fn own_name(args: &DuelArgs, default: &str) -> Result<String, Error> {
    match &args.name {
        Some(n) => proto::check_name(n).map_err(|e| Error::usage(format!("--name: {e}"))),
        None => Ok(default.to_string()),
    }
}

/// Shows the joiner the host's offer and asks for its agreement: `--yes`, or a line `y`/`yes`.
fn agree(met: &Met, offer: &Offer, args: &DuelArgs) -> Result<bool, Error> {
    let differs = offer.changes();
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
            writeln!(err, "the rules differ from the default rules:")?;
            for (key, value, default) in &differs {
                writeln!(err, "  {key} {value} (default {default})")?;
            }
        }
    }
    writeln!(
        err,
        "each player has {} s for each move: a player who takes longer loses by time; leaving \
         loses the duel too",
        offer.clock
    )?;
    if args.yes {
        return Ok(true);
    }
    writeln!(
        err,
        "play with these rules? type y and Enter within {} s (anything else: no)",
        AGREE_WITHIN.as_secs()
    )?;
    // Read on a thread of its own, so that no answer in time is a no.
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let answer = crate::headless::lines(io::stdin().lock()).next();
        let _ = tx.send(matches!(answer, Some(Ok(l)) if matches!(l.trim().to_ascii_lowercase().as_str(), "y" | "yes")));
    });
    Ok(rx.recv_timeout(ANSWER_WITHIN).unwrap_or(false))
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
fn play<G: NetGame + crate::ui::OnScreen>(
    offer: &Offer,
    met: Met,
    plan: Plan,
    store: &mut Store,
) -> Result<(), Error> {
    let sides = Sides {
        me: plan.me,
        names: plan.names,
    };
    let (mut session, rx, tx) = meet::<G>(offer, met, sides, store);
    if plan.json {
        session.out = session::Out::Json;
    }
    if let Some(global) = plan.screen {
        // Made only now: the screens catch Ctrl-C, which must stop a host still waiting.
        let ui = terminal(global)?;
        crate::ui::net_duel(&ui, &mut session, &rx)?;
        return session.finish();
    }
    if plan.bot.is_none() {
        read_input(tx.clone());
    }
    // Ctrl-C or a kill leaves the duel (lost, recorded) instead of ending the process mid-way.
    on_signals(tx);
    session.run(&rx, plan.bot)
}

/// Hands a stop signal (SIGINT, SIGTERM, SIGHUP) to the duel as [`Event::Signal`]; a second one
/// ends the process as the signal would have.
fn on_signals(to: mpsc::Sender<Event>) {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        std::thread::spawn(move || {
            let mut seen = false;
            for sig in signals.forever() {
                if seen || to.send(Event::Signal).is_err() {
                    let _ = signal_hook::low_level::emulate_default_handler(sig);
                    std::process::exit(128 + sig);
                }
                seen = true;
            }
        });
    }
    // Windows has no signal iterator: the flags of SIGINT (Ctrl-C) and SIGTERM are looked at
    // ten times a second instead.
    #[cfg(not(unix))]
    {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicBool, Ordering};
        let flag = Arc::new(AtomicBool::new(false));
        for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
            if signal_hook::flag::register(sig, Arc::clone(&flag)).is_err() {
                return;
            }
        }
        std::thread::spawn(move || {
            let mut seen = false;
            loop {
                std::thread::sleep(std::time::Duration::from_millis(100));
                if flag.swap(false, Ordering::SeqCst) {
                    if seen || to.send(Event::Signal).is_err() {
                        std::process::exit(130);
                    }
                    seen = true;
                }
            }
        });
    }
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
