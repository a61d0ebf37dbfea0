//! `new2048 play` (and `new2048` alone): the full-screen game on a terminal (the start menu, or
//! the deal the options chose), else play line by line; `--resume` takes up a saved game.

use crate::app::cli::{Global, PlayArgs};
use crate::app::games::kept::play_kept;
use crate::app::games::new_game::new_game_with_meta;
use crate::app::games::resume::{play_resumed, resume_saved};
use crate::app::shared::{load_rules, terminal};
use crate::config;
use crate::error::Error;
use crate::headless::cards::Print;
use crate::store::Store;

/// Runs `new2048 play`.
pub(crate) fn command(global: &Global, args: &PlayArgs) -> Result<(), Error> {
    let mut store = Store::open();
    let print = Print::of(args.json, args.explain);
    if let Some(n) = args.resume {
        let rules = load_rules(global)?.rules;
        let resumed = resume_saved(&mut store, n, &rules)?;
        return play_resumed(global, resumed, print, &mut store);
    }
    if crate::ui::is_interactive() && !args.json && !args.explain {
        return terminal_game(global, args, &mut store);
    }
    let (game, meta) = new_game_with_meta(load_rules(global)?.rules, args)?;
    play_kept(game, &meta, print, &mut store).map(drop)
}

/// The full-screen game (see [`crate::ui`]): the deal chosen with `--seed`/`--deck-file`, else
/// the start menu (`--resume` is [`play_resumed`]).
fn terminal_game(global: &Global, args: &PlayArgs, store: &mut Store) -> Result<(), Error> {
    let menu = args.seed.is_none() && args.deck_file.is_none();
    let (rules, broken) = if menu {
        config::for_the_menu(&global.rules_choice())?
    } else {
        (load_rules(global)?.rules, None)
    };
    let first = (!menu)
        .then(|| new_game_with_meta(rules.clone(), args))
        .transpose()?;
    let ui = terminal(global)?;
    let first = first.map(|(g, m)| crate::ui::GameToPlay::Cards(Box::new(g), m));
    let opening = crate::ui::Opening {
        broken,
        asked: global.rules.is_some() || global.config.is_some(),
    };
    crate::ui::play_saying(&ui, rules, first, store, opening)?;
    Ok(())
}
