//! `new2048 duel`: two players, one terminal, the same deal in turns, on the full screen or line
//! by line; `--resume` takes up the saved duel. A duel over the network (`--host`, `--join`, ...)
//! is handed to [`crate::net`] from [`command`].

use std::sync::Arc;

use crate::app::cli::{DuelArgs, Global, PlayArgs};
use crate::app::games::kept::duel_kept;
use crate::app::games::new_game::{new_classic, new_game_with_meta};
use crate::app::games::resume::{nothing_to_resume, play_resumed};
use crate::app::shared::{load_rules, terminal};
use crate::error::Error;
use crate::headless::cards::Print;
use crate::out::print_warnings;
use crate::record::GameKind;
use crate::store::Store;

/// Runs `new2048 duel`.
pub(crate) fn command(global: &Global, args: &DuelArgs) -> Result<(), Error> {
    use crate::duel::Duel;
    if super::net_duel::wanted(args) {
        return super::net_duel::command(global, args);
    }
    super::net_duel::refuse_stray(args)?;
    let mut store = Store::open();
    if args.resume {
        let resumed = store.resume_newest(GameKind::Duel);
        print_warnings(&mut store);
        let resumed = resumed
            .ok_or_else(|| nothing_to_resume(&mut store, GameKind::Duel, "duel", None, "duel"))?;
        return play_resumed(global, resumed, Print::of(args.json, false), &mut store);
    }
    if crate::ui::is_interactive() && !args.json {
        return terminal_duel(global, args);
    }
    let names = duel_names(&args.names, ["Player 1".into(), "Player 2".into()])?;
    print_warnings(&mut store);
    if args.classic {
        let (game, meta) = new_classic(global, args.size, args.seed)?;
        let mut duel = Duel::new(game.clone(), game);
        duel_kept(&mut duel, &meta, &names, args.json, &mut store)
    } else {
        let play = PlayArgs {
            seed: args.seed,
            ..PlayArgs::default()
        };
        let (game, meta) = new_game_with_meta(load_rules(global)?.rules, &play)?;
        let mut duel = Duel::new(game.clone(), game);
        duel_kept(&mut duel, &meta, &names, args.json, &mut store)
    }
}

/// The players' names: as given, else `defaults` (`Player 1` and `Player 2`).
fn duel_names(given: &[String], defaults: [String; 2]) -> Result<[String; 2], Error> {
    if given.len() > 2 {
        return Err(Error::usage(format!(
            "--names: a duel has two players, not {}",
            given.len()
        )));
    }
    let mut names = defaults;
    for (slot, name) in names.iter_mut().zip(given) {
        let n = name.trim();
        if let Err(why) = crate::duel::check_name(n) {
            return Err(Error::usage(format!(
                "--names: `{}` is not a name: {why}",
                crate::base::visible::escape(name)
            )));
        }
        *slot = n.to_string();
    }
    Ok(names)
}

/// A full-screen duel, the names defaulting to `Player 1`, `Player 2` in the player's language.
fn terminal_duel(global: &Global, args: &DuelArgs) -> Result<(), Error> {
    use crate::ui::{DuelGame, Setup, default_names};
    let ui = terminal(global)?;
    let names = duel_names(&args.names, default_names(ui.words))?;
    let loaded = load_rules(global)?.rules;
    let game = if args.classic {
        let mut classic = loaded.classic;
        if let Some(n) = args.size {
            classic.size = n;
        }
        DuelGame::Classic(classic, loaded.name.clone())
    } else {
        DuelGame::Cards(Arc::new(loaded.clone()))
    };
    let setup = Setup {
        game,
        names,
        seed: args.seed,
    };
    let first = crate::ui::GameToPlay::Duel(setup);
    crate::ui::play(&ui, loaded, Some(first), &mut Store::open())?;
    Ok(())
}
