//! Runs a parsed command line: loads the rules, picks the front end, maps errors to exit codes.
//!
//! Exit codes: 0 for any finished or quit game, 1 for a failure of the machine (I/O), 2 for bad
//! input (arguments, rules, deck files). A closed output pipe counts as success.

use std::io::{self, IsTerminal};
use std::path::Path;
use std::sync::Arc;

use rand::RngExt;

use crate::card::Card;
use crate::cli::{Cli, Command, Global, PlayArgs, RulesArgs};
use crate::config::{self, LoadedRules};
use crate::engine::Game;
use crate::headless;
use crate::rules::Rules;

/// An error that ends the program, with its exit code.
#[derive(Debug)]
pub struct Failure {
    pub code: i32,
    pub message: String,
}

impl Failure {
    /// Bad input from the user: exit status 2.
    pub fn usage(message: impl Into<String>) -> Self {
        Failure {
            code: 2,
            message: message.into(),
        }
    }

    /// Something failed that the user did not cause: exit status 1.
    pub fn io(message: impl Into<String>) -> Self {
        Failure {
            code: 1,
            message: message.into(),
        }
    }
}

impl From<crate::rules::RulesError> for Failure {
    fn from(e: crate::rules::RulesError) -> Self {
        Failure::usage(format!("bad rules: {e}"))
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::io(e.to_string())
    }
}

/// Runs the command line and returns the exit status.
pub fn run(cli: Cli) -> i32 {
    let result = match cli.command {
        None => play(&cli.global, &PlayArgs::default()),
        Some(Command::Play(ref a)) => play(&cli.global, a),
        Some(Command::Rules(ref a)) => rules(&cli.global, a),
        Some(Command::Simulate(ref a)) => crate::simulate::command(&cli.global, a),
    };
    match result {
        Ok(()) => 0,
        Err(f) if f.code == 1 && f.message.contains("Broken pipe") => 0,
        Err(f) => {
            eprintln!("new2048: {}", f.message);
            f.code
        }
    }
}

/// The rules in force for this run.
pub fn load_rules(global: &Global) -> Result<LoadedRules, Failure> {
    Ok(config::load(&global.rules_choice())?)
}

/// A fresh seed from the operating system, for games the player did not seed.
pub fn fresh_seed() -> u64 {
    rand::rng().random()
}

fn read_deck_file(path: &Path, rules: &Rules) -> Result<Vec<Card>, Failure> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::usage(format!("cannot read deck file {}: {e}", path.display())))?;
    crate::deck::parse_deck(&text, rules)
        .map_err(|e| Failure::usage(format!("{}: {e}", path.display())))
}

/// The game `play` starts: from a deck file, a seed, or a fresh seed.
pub fn new_game(rules: Rules, args: &PlayArgs) -> Result<Game, Failure> {
    let rules = Arc::new(rules);
    Ok(match &args.deck_file {
        Some(p) => {
            let deck = read_deck_file(p, &rules)?;
            Game::new(rules, deck.into())
        }
        None => Game::with_seed(rules, args.seed.unwrap_or_else(fresh_seed)),
    })
}

fn play(global: &Global, args: &PlayArgs) -> Result<(), Failure> {
    let loaded = load_rules(global)?;
    let mut game = new_game(loaded.rules, args)?;
    let stdin = io::stdin();
    if stdin.is_terminal() && !args.json {
        // The full-screen game arrives with the terminal front end; until then, play line by line.
        eprintln!(
            "Type a column number and Enter to place the card in hand; d discards, u undoes, q quits."
        );
    }
    let mut out = io::stdout().lock();
    let mut err = io::stderr().lock();
    headless::run(&mut game, stdin.lock(), &mut out, &mut err, args.json)?;
    Ok(())
}

fn rules(global: &Global, args: &RulesArgs) -> Result<(), Failure> {
    if args.init {
        let path = config::init_target().ok_or_else(|| {
            Failure::io("cannot find your config folder; set NEW2048_CONFIG to the file to write")
        })?;
        config::write_init(&path, args.force).map_err(Failure::usage)?;
        println!(
            "wrote the default rules to {}; edit it to change the game",
            path.display()
        );
        return Ok(());
    }
    let loaded = load_rules(global)?;
    println!("# rules in force: {}", loaded.rules.name);
    println!("# from: {}", loaded.source);
    println!("# hash: {}\n", loaded.rules.hash());
    print!("{}", loaded.rules.to_toml());
    Ok(())
}
