//! The integration tests, as one binary (one link instead of many): each module drives the
//! library or the built `new2048` from the outside, and [`common`] holds what they share.
//!
//! The files sit in four folders by what they look at: `engine/` (the games and bots as a
//! library: whole games, properties, pinned games, classic, strategies), `commands/` (the
//! binary's commands and their output), `storage/` (the data folder: the store, records,
//! backups, damage and attacks) and `screen/` (the full-screen game through a real terminal).
//! Each module keeps its own name (`#[path]`), so a test's name says what it tests, not where
//! its file sits. `house` holds the limits of the sources and of the release binary, `layers`
//! the floors of the code.

mod common;
mod house;
mod layers;

#[path = "engine/classic.rs"]
mod classic;
#[path = "engine/games.rs"]
mod games;
#[path = "engine/pinned.rs"]
mod pinned;
#[path = "engine/props.rs"]
mod props;
#[path = "engine/strategy.rs"]
mod strategy;

#[path = "commands/cast.rs"]
mod cast;
#[path = "commands/cli.rs"]
mod cli;
#[path = "commands/daily.rs"]
mod daily;
#[path = "commands/docs.rs"]
mod docs;
#[path = "commands/learned.rs"]
mod learned;
#[path = "commands/net.rs"]
mod net;
#[path = "commands/output.rs"]
mod output;
#[path = "commands/puzzle.rs"]
mod puzzle;
#[path = "commands/rules_names.rs"]
mod rules_names;
#[path = "commands/simulate.rs"]
mod simulate;

#[path = "storage/disguised.rs"]
mod disguised;
#[path = "storage/faults.rs"]
mod faults;
#[path = "storage/kept.rs"]
mod kept;
#[path = "storage/mending.rs"]
mod mending;
#[path = "storage/records.rs"]
mod records;
// Every home there is reached through a symbolic link, which Windows makes only for an
// administrator or in developer mode.
#[cfg(unix)]
#[path = "storage/setups.rs"]
mod setups;
#[path = "storage/store.rs"]
mod store;
#[path = "storage/untrusted.rs"]
mod untrusted;

// The screen tests run the game in a pseudo-terminal (rexpect), which only Unix has.
#[cfg(unix)]
#[path = "screen/menu_loop.rs"]
mod menu_loop;
#[cfg(unix)]
#[path = "screen/seen.rs"]
mod seen;
#[cfg(unix)]
#[path = "screen/tui.rs"]
mod tui;
