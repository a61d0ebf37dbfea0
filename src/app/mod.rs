//! Runs a parsed command line: hands it to the command's module, maps errors to exit codes.
//!
//! Exit codes: 0 for any finished or quit game, 1 for a failure of the machine (I/O), 2 for bad
//! input (arguments, rules, deck files). A closed output pipe counts as success.
//!
//! This file dispatches and chooses the exit code; it plays nothing. The folder is sorted by
//! kind, so that where a command lives says what it is:
//! - `cli`: the command line; `shared`: what every command shares (the rules in force, the
//!   store's warnings, the screen), imported as a sibling so that no command calls up into here;
//! - `games/`: the commands that play (play, daily, puzzle, classic, duel, autoplay) and what
//!   only they share (the deal, `--resume`, a game kept in the store);
//! - `records/`: the data commands (history, stats, saved, data); `replay` and `review` look back
//!   at one recorded game (`verify` checks it for both);
//! - `rules/`: `rules` and `rules test`; `simulate`, `train`: the bots' research; `docs/`:
//!   completions, the manual page and the manual's own test.

pub(crate) mod cli;
mod docs;
mod games;
mod records;
pub(crate) mod replay;
mod review;
mod rules;
pub(crate) mod shared;
pub(crate) mod simulate;
mod train;
mod verify;

use std::ffi::OsString;

use crate::app::cli::{Cli, Command, PlayArgs};
use crate::config;
use crate::error::Error;
use crate::out;

/// Reads the command line `args` and runs it; the exit status.
pub(crate) fn main(args: Vec<OsString>) -> i32 {
    match cli::parse(args) {
        Ok(cli) => run(cli),
        Err(e) => status(Err(e)),
    }
}

/// Runs the command line and returns the exit status.
fn run(cli: Cli) -> i32 {
    // A bad --lang is refused whatever the command, also where nothing is shown in a language
    // (headless play): it was ignored there without a word.
    let lang = crate::ui::Lang::choose(cli.global.lang.as_deref()).map_err(Error::usage);
    // The games on the screen, in the log look, go by the service's name from the start.
    if lang.is_ok()
        && matches!(
            cli.command,
            None | Some(
                Command::Play(_)
                    | Command::Daily(_)
                    | Command::Classic(_)
                    | Command::Duel(_)
                    | Command::Autoplay(_)
            )
        )
    {
        crate::ui::start_as_service(cli.global.no_anim, cli.global.theme.as_deref());
    }
    // An unknown `--rules` name stops every command (`history` and `stats` check it against
    // the recorded games too, once they have opened the store).
    let named = match (&cli.global.rules, &cli.command) {
        (_, Some(Command::History(_) | Command::Stats)) | (None, _) => Ok(()),
        (Some(name), _) => config::check_rules_name(name, &[]).map_err(Error::from),
    };
    let result = match cli.command {
        _ if lang.is_err() => lang.map(drop),
        _ if named.is_err() => named,
        None => games::play::command(&cli.global, &PlayArgs::default()),
        Some(Command::Play(ref a)) => games::play::command(&cli.global, a),
        Some(Command::Rules(ref a)) => rules::command(&cli.global, a),
        Some(Command::History(ref a)) => records::history(&cli.global, a),
        Some(Command::Stats) => records::stats(&cli.global),
        Some(Command::Saved(ref a)) => records::saved(a),
        Some(Command::Data(ref a)) => records::data(a),
        Some(Command::Replay(ref a)) => replay::command(&cli.global, a),
        Some(Command::Daily(ref a)) => games::daily::command(&cli.global, a),
        Some(Command::Puzzle(ref a)) => games::puzzle::command(&cli.global, a),
        Some(Command::Classic(ref a)) => games::classic::command(&cli.global, a),
        Some(Command::Duel(ref a)) => games::duel::command(&cli.global, a),
        Some(Command::Autoplay(ref a)) => games::autoplay::command(&cli.global, a),
        Some(Command::Simulate(ref a)) => simulate::command(&cli.global, a),
        Some(Command::Completions(ref a)) => docs::completions(a.shell),
        Some(Command::Manpage) => docs::manpage(),
        Some(Command::Review(ref a)) => review::command(&cli.global, a),
        Some(Command::Train(ref a)) => train::command(&cli.global, a),
    };
    status(result)
}

/// The exit status of a command's `result`, its error said on the error stream.
fn status(result: Result<(), Error>) -> i32 {
    match result {
        Ok(()) => 0,
        Err(e) if e.code() == 0 => 0,
        Err(e) => {
            out::note(format_args!("new2048: {e}"));
            e.code()
        }
    }
}
