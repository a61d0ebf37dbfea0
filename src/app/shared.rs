//! What every command shares, whatever its kind: the rules in force (`--rules`, `--config`),
//! the store's warnings printed on the error stream, and the full screen set up from the global
//! options. The commands (and the network duel, [`crate::net`]) import these from here, a
//! sibling of theirs, so that nothing calls up into the dispatcher (`app/mod.rs`).

use crate::app::cli::Global;
use crate::config::{self, LoadedRules};
use crate::error::Error;
use crate::out;
use crate::store::Store;

/// The rules in force for this run.
pub(crate) fn load_rules(global: &Global) -> Result<LoadedRules, Error> {
    Ok(config::load(&global.rules_choice())?)
}

/// Prints the store's messages on the error stream.
pub(crate) fn print_warnings(store: &mut Store) {
    for w in store.take_warnings() {
        out::note(format_args!("new2048: warning: {w}"));
    }
}

/// The terminal screens' colours, language and signal handling, from the global options.
pub(crate) fn terminal(global: &Global) -> Result<crate::ui::Ui, Error> {
    crate::ui::Ui::new(crate::ui::Display {
        no_color: global.no_color,
        lang: global.lang.as_deref(),
        no_anim: global.no_anim,
        theme: global.theme.as_deref(),
        no_mouse: global.no_mouse,
    })
    .map_err(Error::usage)
}
