//! `new2048 classic`: classic 2048 on the full screen or line by line; `--resume` takes up the
//! saved classic game.

use crate::app::cli::{ClassicArgs, Global};
use crate::app::games::kept::play_classic_kept;
use crate::app::games::new_game::new_classic;
use crate::app::games::resume::resume_classic;
use crate::app::shared::{load_rules, terminal};
use crate::error::Error;
use crate::store::Store;

/// Runs `new2048 classic`.
pub(crate) fn command(global: &Global, args: &ClassicArgs) -> Result<(), Error> {
    let mut store = Store::open();
    if crate::ui::is_interactive() && !args.json {
        return terminal_classic(global, args, &mut store);
    }
    let (game, meta) = if args.resume {
        resume_classic(&mut store)?
    } else {
        new_classic(global, args.size, args.seed)?
    };
    play_classic_kept(game, &meta, args.json, &mut store)
}

/// Full-screen classic 2048: the saved game with `--resume`; else a new one, the saved game
/// being offered first when the command line did not choose the seed or size.
fn terminal_classic(global: &Global, args: &ClassicArgs, store: &mut Store) -> Result<(), Error> {
    use crate::ui::GameToPlay;
    let rules = load_rules(global)?.rules;
    let first = if args.resume {
        let (g, m) = resume_classic(store)?;
        GameToPlay::Classic(Box::new(g), m)
    } else {
        let (g, m) = new_classic(global, args.size, args.seed)?;
        if args.seed.is_none() && args.size.is_none() {
            GameToPlay::ClassicOrSaved(Box::new(g), m)
        } else {
            GameToPlay::Classic(Box::new(g), m)
        }
    };
    let ui = terminal(global)?;
    crate::ui::play(&ui, rules, Some(first), store)?;
    Ok(())
}
