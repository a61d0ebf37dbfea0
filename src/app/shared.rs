//! What every command shares, whatever its kind: the rules in force (`--rules`, `--config`) and
//! the full screen set up from the global options. The commands import these from here, a
//! sibling of theirs, so that nothing calls up into the dispatcher (`app/mod.rs`). (The store's
//! warnings are printed by [`crate::out::print_warnings`], below the network duel's session.)

use crate::app::cli::Global;
use crate::config::{self, LoadedRules};
use crate::error::Error;

/// The rules in force for this run. Rules that come from the player's rules file (the one
/// `rules --init` writes), not asked for on the command line, are said once on standard error:
/// a file written once changes every command after it, and a command should not do so unseen.
/// (`rules` and `rules test` say where their rules come from themselves: [`config::load`].)
pub(crate) fn load_rules(global: &Global) -> Result<LoadedRules, Error> {
    let loaded = config::load(&global.rules_choice())?;
    if let Some(line) = from_the_file(&loaded) {
        static SAID: std::sync::Once = std::sync::Once::new();
        SAID.call_once(|| crate::out::note(line));
    }
    Ok(loaded)
}

/// The line that says `loaded` comes from the player's rules file, if it does and holds other
/// rules than the default ones (a file that changes nothing needs no word).
fn from_the_file(loaded: &LoadedRules) -> Option<String> {
    let (config::RulesSource::User(path) | config::RulesSource::Env(path)) = &loaded.source else {
        return None;
    };
    if loaded.rules.hash() == crate::cards::rules::Rules::default_rules().hash() {
        return None;
    }
    Some(format!(
        "new2048: with your rules `{}` from {} (new games use them; `--rules default` plays \
         the default rules)",
        crate::base::visible::escape(&loaded.rules.name),
        path.display()
    ))
}

/// The rules of the day's deals (`daily`, `puzzle --daily`): their own, the same for everyone
/// ([`crate::deal::day_rules`]), unless `--rules` or `--config` asks for others. The rules
/// file a player keeps is for their own games: it does not change which deal is the day's.
pub(crate) fn day_rules(global: &Global) -> Result<crate::cards::rules::Rules, Error> {
    if global.rules.is_some() || global.config.is_some() {
        return Ok(load_rules(global)?.rules);
    }
    Ok(crate::deal::day_rules())
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
    .map_err(|e| Error::said(e, ToString::to_string))
}
