//! `new2048 autoplay`: watch a bot play, the card game (any strategy) or classic 2048 (its
//! expectimax bot, thinking within `--think` milliseconds a move as `simulate --think` does).
//!
//! On a terminal the bot plays on the game screen and nothing is kept: it is not the player's
//! game. Without one (or with `--json`) the whole game is played first and then printed as
//! headless play prints it, its moves fed in as input lines, so it is saved and recorded like any
//! game and its output is the same as a player typing those moves.

use std::sync::Arc;
use std::time::Duration;

use crate::app::cli::{AutoplayArgs, Global, PlayArgs, SimGame};
use crate::cards::engine::Game;
use crate::cards::rules::Rules;
use crate::classic::{ClassicGame, bot};
use crate::headless::cards::Print;
use crate::record::{GameKind, Recorded};
use crate::store::Store;

use crate::app::games::kept::{play_classic_kept_from, play_kept_from};
use crate::app::games::new_game::{new_classic, new_game_with_meta};
use crate::app::shared::{load_rules, terminal};
use crate::deal::fresh_seed;
use crate::error::Error;
use crate::out::print_warnings;

/// `new2048 autoplay`.
pub(crate) fn command(global: &Global, args: &AutoplayArgs) -> Result<(), Error> {
    if args.game == SimGame::Classic {
        return autoplay_classic(global, args);
    }
    if args.think.is_some() || args.size.is_some() {
        return Err(Error::usage(
            "--think and --size are for classic 2048: add --game classic",
        ));
    }
    let name = args.strategy.clone().unwrap_or_else(|| {
        crate::strategy::NAMES
            .last()
            .copied()
            .unwrap_or("greedy")
            .to_string()
    });
    let bot = crate::strategy::by_name(&name).ok_or_else(|| {
        Error::usage(format!(
            "there is no strategy `{name}`; choose one of: {}",
            crate::strategy::NAMES.join(", ")
        ))
    })?;
    let rules = load_rules(global)?.rules;
    if !crate::ui::is_interactive() || args.json {
        return autoplay_headless(rules, args, &*bot);
    }
    let ui = terminal(global)?;
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let game = Game::with_seed(Arc::new(rules), seed);
    let mut store = Store::open();
    let best = store.checked_best(GameKind::Cards, &game.rules().hash(), None);
    print_warnings(&mut store);
    let delay = Duration::from_millis(args.delay);
    crate::ui::autoplay(&ui, game, bot, seed, delay, best)?;
    Ok(())
}

/// `autoplay` without a terminal (or with `--json`): the bot plays the whole game, which is then
/// printed as headless play prints it (its moves fed as input lines), saved as it goes and
/// recorded like any game.
fn autoplay_headless(
    rules: Rules,
    args: &AutoplayArgs,
    bot: &dyn crate::strategy::Strategy,
) -> Result<(), Error> {
    let play = PlayArgs {
        seed: args.seed,
        ..PlayArgs::default()
    };
    let (game, meta) = new_game_with_meta(rules, &play)?;
    let moves = crate::strategy::play_out(&game, bot, args.seed.unwrap_or(0));
    let input: String = moves
        .iter()
        .map(|m| <Game as Recorded>::word(<Game as Recorded>::code(m)) + "\n")
        .collect();
    play_kept_from(
        game,
        &meta,
        Print::of(args.json, false),
        &mut Store::open(),
        input.as_bytes(),
    )
    .map(drop)
}

/// `autoplay --game classic`: the classic bot, thinking as `--think` allows.
fn autoplay_classic(global: &Global, args: &AutoplayArgs) -> Result<(), Error> {
    if args.strategy.as_deref().is_some_and(|s| s != "expectimax") {
        return Err(Error::usage(
            "classic 2048 is played by `expectimax` only: leave --strategy out",
        ));
    }
    let think = match args.think.unwrap_or(0) {
        0 => bot::Think::Fixed,
        ms => bot::Think::Within(Duration::from_millis(ms)),
    };
    let (game, meta) = new_classic(global, args.size, args.seed)?;
    let mut store = Store::open();
    if !crate::ui::is_interactive() || args.json {
        let input: String = classic_moves(&game, think)
            .iter()
            .map(|d| format!("{}\n", d.as_str()))
            .collect();
        return play_classic_kept_from(game, &meta, args.json, &mut store, input.as_bytes());
    }
    let ui = terminal(global)?;
    let best = store.checked_best(GameKind::Classic, &game.rules().hash(), None);
    print_warnings(&mut store);
    let delay = Duration::from_millis(args.delay);
    crate::ui::autoplay_classic(&ui, game, think, delay, best)?;
    Ok(())
}

/// The moves the classic bot makes from `game` to its end.
fn classic_moves(game: &ClassicGame, think: bot::Think) -> Vec<crate::classic::Dir> {
    let mut g = game.clone();
    let mut moves = Vec::new();
    while let Some(d) = bot::best_move_with(g.board(), think) {
        if g.play(d).is_none() {
            break;
        }
        moves.push(d);
    }
    moves
}
