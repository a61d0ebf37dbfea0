//! The integration tests, as one binary (one link instead of eight): each module drives the
//! library or the built `new2048` from the outside, and [`common`] holds what they share.

mod cast;
mod classic;
mod cli;
mod common;
mod daily;
mod docs;
mod faults;
mod games;
mod kept;
mod learned;
mod mending;
mod menu_loop;
mod net;
mod output;
mod pinned;
mod props;
mod puzzle;
mod records;
mod rules_names;
mod seen;
mod setups;
mod simulate;
mod store;
mod strategy;
mod tui;
mod untrusted;
