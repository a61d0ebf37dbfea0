//! The command line: every subcommand and option, parsed by clap.
//!
//! Parsing only: turning arguments into values. What each command does lives in its own module;
//! [`crate::app`] connects the two.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::config::RulesChoice;

#[derive(Parser, Debug)]
#[command(
    name = "new2048",
    version,
    about = "The new 2048: 2048 played with cards stacked in columns",
    long_about = "The new 2048: 2048 played with cards stacked in columns.\n\n\
        Run without a command to play. Put each card at the bottom of a column; equal cards merge \
        up the column, 2048 clears it, a bomb clears it too. Place the whole deck to win.",
    after_help = "Rules come from --rules/--config, then $NEW2048_CONFIG, then your config file \
        (see `new2048 rules`), then the built-in default. Data (history, saves) lives in \
        $NEW2048_DATA_DIR or your data folder."
)]
pub struct Cli {
    #[command(flatten)]
    pub global: Global,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Options every command takes.
#[derive(Args, Debug, Clone, Default)]
pub struct Global {
    /// Play a shipped rules preset: default, solitaire or hard.
    #[arg(long, global = true, value_name = "NAME", conflicts_with = "config")]
    pub rules: Option<String>,
    /// Read the rules from this TOML file (keys it leaves out keep their default).
    #[arg(long, global = true, value_name = "PATH")]
    pub config: Option<PathBuf>,
    /// Turn colours off (also when NO_COLOR is set).
    #[arg(long, global = true)]
    pub no_color: bool,
    /// Language of the screens: en or zh (default: from LC_ALL / LANG).
    #[arg(long, global = true, value_name = "LANG")]
    pub lang: Option<String>,
}

impl Global {
    pub fn rules_choice(&self) -> RulesChoice {
        RulesChoice {
            preset: self.rules.clone(),
            config: self.config.clone(),
        }
    }
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play a game (the default). Reads moves line by line when input is not a terminal.
    Play(PlayArgs),
    /// Print the rules in force and where they came from.
    Rules(RulesArgs),
    /// Play many games with a bot and report win rate, scores and speed.
    Simulate(SimulateArgs),
}

#[derive(Args, Debug, Clone, Default)]
pub struct PlayArgs {
    /// Deal the deck from this seed (a fresh random seed when left out).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Play exactly the cards in this file (powers of two, `bomb`, `wild`, separated by spaces or
    /// commas); its length is the deck size.
    #[arg(long, value_name = "PATH", conflicts_with = "seed")]
    pub deck_file: Option<PathBuf>,
    /// Headless play: print one JSON object with the result instead of the turns.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug, Clone)]
pub struct RulesArgs {
    /// Write a commented copy of the default rules to your config file.
    #[arg(long)]
    pub init: bool,
    /// With --init: replace an existing file.
    #[arg(long, requires = "init")]
    pub force: bool,
}

#[derive(Args, Debug, Clone)]
pub struct SimulateArgs {
    /// How many games to play.
    #[arg(long, value_name = "N")]
    pub games: u64,
    /// The bot: random, greedy or expectimax.
    #[arg(long, value_name = "NAME")]
    pub strategy: String,
    /// Seed of the whole simulation; game i is dealt from a seed derived from it and i.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Threads playing at once (default: one per core). The results do not depend on it.
    #[arg(long, value_name = "J")]
    pub jobs: Option<usize>,
    /// Print one JSON object instead of the report.
    #[arg(long)]
    pub json: bool,
}
