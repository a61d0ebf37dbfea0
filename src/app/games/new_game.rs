//! The new game a command deals from its options: a card game from `--seed` or `--deck-file`,
//! a classic game of the rules in force with `--size`. Shared by `play`, `duel` and `autoplay`,
//! so that the same options deal the same game whichever command reads them.

use std::path::Path;
use std::sync::Arc;

use crate::app::cli::{Global, PlayArgs};
use crate::app::shared::load_rules;
use crate::cards::card::Card;
use crate::cards::engine::Game;
use crate::cards::rules::Rules;
use crate::classic::ClassicGame;
use crate::deal::{ClassicMeta, GameMeta, NewDeal, start, start_classic};
use crate::error::Error;

/// The game `play` starts (from a deck file, a seed, or a fresh seed), with how it was dealt and
/// when it started, for the store.
pub(crate) fn new_game_with_meta(rules: Rules, args: &PlayArgs) -> Result<(Game, GameMeta), Error> {
    let how = match &args.deck_file {
        Some(p) => NewDeal::DeckFile {
            cards: read_deck_file(p, &rules)?,
            path: p.display().to_string(),
        },
        None => NewDeal::Seed(args.seed),
    };
    Ok(start(Arc::new(rules), how))
}

fn read_deck_file(path: &Path, rules: &Rules) -> Result<Vec<Card>, Error> {
    let limit = crate::config::paths::MAX_FILE_BYTES;
    let text = crate::base::fsread::read_text(path, crate::base::fsread::Links::Follow, limit)
        .map_err(|e| Error::said(e, |e| format!("cannot read deck file {e}")))?;
    crate::cards::deck::parse_deck(&text, rules)
        .map_err(|e| Error::usage(format!("{}: {e}", path.display())))
}

/// A new classic game: the rules in force (`size` overriding their board side), from `seed` or
/// a fresh one.
pub(crate) fn new_classic(
    global: &Global,
    size: Option<u8>,
    seed: Option<u64>,
) -> Result<(ClassicGame, ClassicMeta), Error> {
    let loaded = load_rules(global)?.rules;
    let mut rules = loaded.classic;
    if let Some(n) = size {
        rules.size = n;
    }
    let (game, meta) = start_classic(rules, &loaded.name, seed);
    Ok((game, meta))
}
