//! The command line: every subcommand and option, parsed by clap.
//!
//! Parsing only: turning arguments into values. What each command does lives in its own module;
//! [`crate::app`] connects the two.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::base::utc::{Date, DateError};
use crate::config::RulesChoice;
use crate::error::Error;

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
pub(crate) struct Cli {
    #[command(flatten)]
    pub global: Global,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Options every command takes.
#[derive(Args, Debug, Clone, Default)]
pub(crate) struct Global {
    /// The rules: a preset (default, solitaire, hard) or one of your rule sets (see `new2048
    /// rules --list`); `history` and `stats` show only the games of the rules of this name.
    #[arg(long, global = true, value_name = "NAME", conflicts_with = "config")]
    pub rules: Option<String>,
    /// Read the rules from this TOML file (keys it leaves out keep their default).
    #[arg(long, global = true, value_name = "PATH")]
    pub config: Option<PathBuf>,
    /// Turn colours off (also when `NO_COLOR` is set).
    #[arg(long, global = true)]
    pub no_color: bool,
    /// Language of the screens: en or zh (default: from `LC_ALL` / LANG).
    #[arg(long, global = true, value_name = "LANG")]
    pub lang: Option<String>,
    /// Show moves at once, without animations (also `NEW2048_ANIM=off`, or `animations = false`
    /// in the settings file).
    #[arg(long, global = true)]
    pub no_anim: bool,
    /// How the game is drawn: board (coloured cards) or log (plain timestamped log lines).
    #[arg(long, global = true, value_name = "THEME")]
    pub theme: Option<String>,
    /// Play with the keys only: the terminal is not asked for mouse reports (also `mouse =
    /// false` in the settings file).
    #[arg(long, global = true)]
    pub no_mouse: bool,
}

impl Global {
    pub(crate) fn rules_choice(&self) -> RulesChoice {
        RulesChoice {
            preset: self.rules.clone(),
            config: self.config.clone(),
        }
    }
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    /// Play a game (the default). Reads moves line by line when input is not a terminal.
    Play(PlayArgs),
    /// Print the rules in force and where they came from.
    Rules(RulesArgs),
    /// Watch a bot play on the game screen; any key stops it.
    Autoplay(AutoplayArgs),
    /// List recorded games, newest first.
    History(HistoryArgs),
    /// Games, wins, best and mean score and highest cards, per rules.
    Stats,
    /// List the saved games (every game left unfinished), newest first; or delete one.
    Saved(SavedArgs),
    /// The database of history and saved games: where it is, a backup, an integrity check.
    #[command(subcommand)]
    Data(DataCommand),
    /// Play a recorded game (a file, or game N of history) back: on the game screen on a
    /// terminal, else every move at once.
    Replay(ReplayArgs),
    /// Play the day's deal: the same cards for everyone on this UTC date, with the day's rules
    /// (the default rules) unless --rules or --config asks for others. The first finished play
    /// counts; later ones are practice.
    Daily(DailyArgs),
    /// Solve a puzzle: a short deck with every card known, and as its target the best score any
    /// play of it makes (proven by an exact search).
    Puzzle(PuzzleArgs),
    /// Play classic 2048: slide tiles on a square board.
    Classic(ClassicArgs),
    /// Two players, one terminal: the same deal, turns in order; the longer survivor wins.
    Duel(DuelArgs),
    /// Play many games with a bot and report win rate, scores and speed.
    Simulate(SimulateArgs),
    /// Rate every move of a recorded game against the `best` bot's choice.
    Review(ReviewArgs),
    /// Teach the `best` bot the rules in force by self-play; stores its weights in the data folder.
    Train(TrainArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell) to standard output.
    Completions(CompletionsArgs),
    /// Print the manual page (roff) to standard output.
    Manpage,
}

#[derive(Args, Debug, Clone)]
pub(crate) struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// The two games `simulate --game` and `autoplay --game` play.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum SimGame {
    /// The card game.
    #[default]
    Cards,
    /// Classic 2048.
    Classic,
}

/// The tables a network `train` learns ([`crate::strategy::ntuple::Layout`]).
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TrainLayout {
    /// Per column its last four cards and the four above them; pairs of columns; the board.
    Split,
    /// Split's tables, and per column the four cards across them and the column's shape.
    Whole,
}

#[derive(clap::Subcommand, Debug, Clone)]
pub(crate) enum DataCommand {
    /// Print where the database is.
    Path,
    /// Write a consistent copy of the database to PATH (also while a game is being played).
    Backup {
        /// The new file to write; an existing file is never replaced.
        path: std::path::PathBuf,
    },
    /// Check the database's integrity: exit status 0 when it is sound, else 2 saying what is
    /// wrong.
    Check,
    /// Put a backup (or any new2048 database) in place of the database, after checking it; the
    /// database it replaces is kept beside it. Refused while another window plays.
    Restore {
        /// The backup to restore; it is only read.
        path: std::path::PathBuf,
    },
}

#[derive(Args, Debug, Clone, Default)]
pub(crate) struct SavedArgs {
    /// Print a JSON array instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Delete saved game N (as listed): its game is recorded in history as quit.
    #[arg(long, value_name = "N", conflicts_with = "json")]
    pub delete: Option<usize>,
}

/// Which games `history` shows.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HistoryGame {
    /// Card games (not puzzles).
    Cards,
    /// Puzzles (`new2048 puzzle`).
    Puzzle,
    /// Classic 2048 games.
    Classic,
    /// Duels, of either game.
    Duel,
}

#[derive(Args, Debug, Clone, Default)]
pub(crate) struct HistoryArgs {
    /// Show only the newest N games (of those --game and --rules NAME choose).
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Show only games of this kind: cards, puzzle, classic or duel. With `--rules NAME`, only games
    /// played with rules of that name.
    #[arg(long, value_enum, value_name = "GAME")]
    pub game: Option<HistoryGame>,
    /// Print CSV instead of a table.
    #[arg(long, conflicts_with = "json")]
    pub csv: bool,
    /// Print a JSON array instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Print the whole record of game N (1 is the newest, as listed) for `new2048 replay`.
    #[arg(long, value_name = "N", conflicts_with_all = ["csv", "json", "limit"])]
    pub export: Option<usize>,
}

#[derive(Args, Debug, Clone)]
pub(crate) struct ReplayArgs {
    /// A record written by `new2048 history --export N` (or a saved game), or N: game N of
    /// `new2048 history` (1 is the newest).
    #[arg(value_name = "FILE|N")]
    pub file: PathBuf,
    /// Print the final state as one JSON object, as headless `play --json` does.
    #[arg(long, conflicts_with = "cast")]
    pub json: bool,
    /// Write the replay as a terminal recording (asciicast version 2) to this new file instead
    /// of showing it: `asciinema play FILE` plays it.
    #[arg(long, value_name = "FILE")]
    pub cast: Option<PathBuf>,
    /// With --cast: the recording's size, columns x rows (default: the terminal's, else 80x24).
    #[arg(long, value_name = "WxH", requires = "cast")]
    pub size: Option<String>,
}

#[derive(Args, Debug, Clone, Default)]
pub(crate) struct DailyArgs {
    /// Deal the daily deal of this earlier UTC date (YYYY-MM-DD) instead of today's.
    #[arg(long, value_name = "DATE", value_parser = Date::daily)]
    pub date: Option<Date>,
    /// Headless play: print one JSON object with the result instead of the turns.
    #[arg(long)]
    pub json: bool,
    /// Print the line to share of the date's daily deal (its first finished play: those after
    /// it are practice) instead of playing.
    #[arg(long, conflicts_with = "json")]
    pub share: bool,
}

#[derive(Args, Debug, Clone, Default)]
pub(crate) struct PuzzleArgs {
    /// Deal the puzzle from this seed (a fresh random seed when left out).
    #[arg(long, value_name = "N", conflicts_with = "daily")]
    pub seed: Option<u64>,
    /// The daily puzzle: the same deck for everyone on a UTC date, today's or DATE's
    /// (YYYY-MM-DD), made from the day's rules unless --rules or --config asks for others.
    #[arg(long, value_name = "DATE", num_args = 0..=1, value_parser = Date::daily)]
    pub daily: Option<Option<Date>>,
    /// Print the deck, the target and the solver's line move by move instead of playing. Alone:
    /// of the last puzzle you finished (one begun since and not finished is not spoiled).
    #[arg(long, conflicts_with_all = ["json", "share"])]
    pub solution: bool,
    /// Headless play: print one JSON object with the result instead of the turns.
    #[arg(long)]
    pub json: bool,
    /// With --daily: print the line to share of the date's finished daily puzzle.
    #[arg(long, requires = "daily", conflicts_with = "json")]
    pub share: bool,
}

#[derive(Args, Debug, Clone, Default)]
pub(crate) struct PlayArgs {
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
    /// Headless play: under each board, the best moves and what each gives up against the best
    /// (what the hint key shows on its second press).
    #[arg(long, conflicts_with = "json")]
    pub explain: bool,
    /// Go on with a saved game (same deck, score and undo history): the newest of the rules
    /// in force, or saved game N as `new2048 saved` lists it (of any game).
    #[arg(long, value_name = "N", num_args = 0..=1, conflicts_with_all = ["seed", "deck_file"])]
    pub resume: Option<Option<usize>>,
}

#[derive(Args, Debug, Clone)]
#[command(args_conflicts_with_subcommands = true)]
pub(crate) struct RulesArgs {
    /// Write a commented copy of the default rules to your config file, under a name of your
    /// own (asked on a terminal, else `--name`, else `mine`).
    #[arg(long, conflicts_with_all = ["new", "edit", "list"])]
    pub init: bool,
    /// With --init: the name the rules are shown and recorded under (not a preset's).
    #[arg(long, value_name = "NAME", requires = "init")]
    pub name: Option<String>,
    /// With --init: replace an existing file.
    #[arg(long, requires = "init")]
    pub force: bool,
    /// Make a rule set of your own, NAME, from the default rules (`rules/NAME.toml` in your
    /// config folder; play it with `--rules NAME`), and open it in the editor on a terminal.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["edit", "list"])]
    pub new: Option<String>,
    /// Change your rules file (or your rule set NAME) key by key on a full screen (each value
    /// checked as it is typed, each key explained), save it keeping its comments, or play with
    /// the rules at once.
    #[arg(long, value_name = "NAME", num_args = 0..=1, conflicts_with = "list")]
    pub edit: Option<Option<String>>,
    /// List the presets and your own rule sets, with where each lives.
    #[arg(long)]
    pub list: bool,
    #[command(subcommand)]
    pub action: Option<RulesAction>,
}

#[derive(Subcommand, Debug, Clone)]
pub(crate) enum RulesAction {
    /// Run chain-merge cases against the rules in force (--rules NAME, --config PATH): each case
    /// shown step by step with ok or FAIL; exit status 0 when all pass, 3 when one fails, 2 for a
    /// bad file (1 when the machine failed to read one). A case that states rules of its own
    /// keeps them.
    Test(RulesTestArgs),
}

#[derive(Args, Debug, Clone)]
pub(crate) struct RulesTestArgs {
    /// Files of cases, written as the project's tests/merges.toml, or cases written on one line:
    /// "64 32 16 + 16" (shows the chain), "64 32 16 + 16 = 128, 3 points" (checks it),
    /// "128 64 32 16 8 4 2 + 2 = refused". The project's cases, built in, when left out.
    #[arg(value_name = "FILE|CASE")]
    pub cases: Vec<String>,
}

#[derive(Args, Debug, Clone)]
pub(crate) struct AutoplayArgs {
    /// The bot to watch (see `simulate --help` for the names); the strongest when left out.
    #[arg(long, value_name = "NAME")]
    pub strategy: Option<String>,
    /// Milliseconds between two moves.
    #[arg(long, value_name = "MS", default_value_t = 400)]
    pub delay: u64,
    /// Deal the deck from this seed (a fresh random seed when left out).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Headless: print one JSON object with the result instead of the turns (also without a
    /// terminal, where the whole game is played and printed as headless play prints it).
    #[arg(long)]
    pub json: bool,
    /// Which game: the card game, or classic 2048 (played by `expectimax`).
    #[arg(long, value_enum, default_value_t = SimGame::Cards)]
    pub game: SimGame,
    /// Classic: let the bot think up to MS milliseconds a move, searching deeper as the board
    /// fills (as `simulate --think`). Left out, it searches a fixed 2 or 3 plies.
    #[arg(long, value_name = "MS")]
    pub think: Option<u64>,
    /// Classic: the side of the board, 3 to 8 (default: `classic.size` of the rules, 4).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(3..=8))]
    pub size: Option<u8>,
}

#[derive(Args, Debug, Clone, Default)]
pub(crate) struct ClassicArgs {
    /// Spawn tiles from this seed (a fresh random seed when left out).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// The side of the board, 3 to 8 (default: `classic.size` of the rules, 4).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(3..=8))]
    pub size: Option<u8>,
    /// Headless play: print one JSON object with the result instead of the moves.
    #[arg(long)]
    pub json: bool,
    /// Go on with the saved classic game (same board, score, spawns and undo history).
    #[arg(long, conflicts_with_all = ["seed", "size"])]
    pub resume: bool,
}

// Command-line flags are bools by nature; grouping them into enums would only rename them.
#[allow(clippy::struct_excessive_bools)]
#[derive(Args, Debug, Clone, Default)]
pub(crate) struct DuelArgs {
    /// Duel at classic 2048 instead of the card game.
    #[arg(long)]
    pub classic: bool,
    /// Deal (or spawn) from this seed (a fresh random seed when left out).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// With --classic: the side of the board, 3 to 8 (default: `classic.size` of the rules).
    #[arg(long, value_name = "N", requires = "classic",
          value_parser = clap::value_parser!(u8).range(3..=8))]
    pub size: Option<u8>,
    /// The players' names, first to move first (default: Player 1, Player 2).
    #[arg(long, value_name = "NAME,NAME", value_delimiter = ',')]
    pub names: Vec<String>,
    /// Print one JSON object with the result and both players' final states.
    #[arg(long)]
    pub json: bool,
    /// Go on with the newest saved duel (its game, deal and names; the same player to move).
    #[arg(long, conflicts_with_all = ["classic", "seed", "size", "names"])]
    pub resume: bool,
    /// Host a duel over the network: print a code and an address, and wait on ADDR:PORT
    /// (default 0.0.0.0:2048, every interface; --local: this machine only) for one player to
    /// join; both then play the same deal at once.
    #[arg(long, value_name = "ADDR:PORT", num_args = 0..=1, default_missing_value = "0.0.0.0:2048",
          conflicts_with_all = ["join", "resume", "names"])]
    pub host: Option<String>,
    /// With --host: wait on this machine only (127.0.0.1, port 2048 unless --host gives one):
    /// nobody on the network can join.
    #[arg(long, requires = "host")]
    pub local: bool,
    /// With --host: seconds each player has for each move before losing by time (default 60,
    /// 1 to 3600); the joiner is shown it before agreeing.
    #[arg(long, value_name = "SECS", requires = "host",
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub clock: Option<u64>,
    /// Join the duel a host waits for at ADDR:PORT (with the code it printed, --code).
    #[arg(long, value_name = "ADDR:PORT", requires = "code",
          conflicts_with_all = ["resume", "names", "classic", "seed", "size"])]
    pub join: Option<String>,
    /// With --join: the code the host printed.
    #[arg(long, value_name = "CODE", requires = "join")]
    pub code: Option<String>,
    /// With --host or --join: your name, shown to the other player (default: Player 1 for the
    /// host, Player 2 for the joiner).
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// With --join: agree to the host's rules without being asked.
    #[arg(long)]
    pub yes: bool,
    /// With --host or --join: a bot plays your side (random, greedy, expectimax or best).
    #[arg(long, value_name = "NAME")]
    pub strategy: Option<String>,
    /// With --strategy: milliseconds the bot waits after each move (default 0).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(0..=60000))]
    pub delay: Option<u64>,
}

#[derive(Args, Debug, Clone)]
pub(crate) struct SimulateArgs {
    /// How many games to play (at most 10000000).
    #[arg(long, value_name = "N")]
    pub games: u64,
    /// The bot: random, greedy, expectimax or best (classic: random or expectimax); several,
    /// separated by commas, play the same games and are ranked by the rules' objective (games
    /// won first, then mean score).
    #[arg(long, value_name = "NAME[,NAME...]")]
    pub strategy: String,
    /// Which game: the card game, or classic 2048 (a game ends at `classic.win` or when stuck).
    #[arg(long, value_enum, default_value_t = SimGame::Cards)]
    pub game: SimGame,
    /// Seed of the whole simulation; game i is dealt from a seed derived from it and i.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Classic: go on past the winning tile until stuck, and report how often each tile from the
    /// winning one to 32768 was reached.
    #[arg(long, requires = "game")]
    pub keep_going: bool,
    /// Classic: let `expectimax` think up to MS milliseconds a move, searching deeper as the
    /// board fills (the depth rule of nneonneo's bot), and report the median and slowest time a
    /// move. 0, the default, searches a fixed 2 or 3 plies: the same games on every machine.
    #[arg(long, value_name = "MS", default_value_t = 0)]
    pub think: u64,
    /// Threads playing at once, at most 256 (default: one per core). The results do not depend on it.
    #[arg(long, value_name = "J")]
    pub jobs: Option<usize>,
    /// Print one JSON object instead of the report.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug, Clone)]
pub(crate) struct TrainArgs {
    /// How many self-play games to learn from.
    #[arg(long, value_name = "N", default_value_t = 200_000)]
    pub games: u64,
    /// Threads playing at once, each on its own copy of the weights, merged every 20,000 cards a
    /// job. With 1 (the default) the weights depend only on the seed, the same on every machine;
    /// with more, also on timing.
    #[arg(long, value_name = "J", default_value_t = 1)]
    pub jobs: usize,
    /// Seed of the training: with one job, the same seed gives the same weights.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Cards the self-play player sees: 1, the card in hand (fast), or 2, the hand and the next
    /// card (about five times slower; needs rules showing two cards). The shipped solitaire
    /// weights were learned with 2.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub see: u8,
    /// Go on from the weights `best` plays these rules with (the data folder's, else the shipped
    /// ones) instead of starting from nothing; the games add to theirs. Use another seed than
    /// theirs, or the same games are played again.
    #[arg(long)]
    pub more: bool,
    /// Start every other self-play game from a position `best` reaches: first `best` (with the
    /// weights it uses now) plays N games of these rules on a deck of 3000 cards, and a position
    /// every 8 cards is kept. 0, the default: every game starts from an empty board.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub starts: u64,
    /// With --starts: keep only the positions of the last K cards of the games `best` lost (a
    /// position every 2 cards), so that self-play learns where its choices go wrong.
    #[arg(long, value_name = "K", requires = "starts")]
    pub near_loss: Option<u32>,
    /// TD(λ): each afterstate learns towards a mix of the next 16 cards' outcomes (weighted by
    /// λ per card) instead of the next card's only. 0 is TD(0); the shipped hard weights were
    /// learned with 0.5. From some seeds it never learns (every self-play game lasting about
    /// 42 cards, as random play does, in the curve): then use another seed.
    #[arg(long, value_name = "L", default_value_t = 0.0)]
    pub lambda: f32,
    /// The step size of each correction, above 0 and at most 1 (temporal coherence then slows
    /// each entry down as its errors cancel out). 1, the default, learns from nothing; with
    /// `--more`, 0.1 refines the weights instead of learning them anew (the learning state
    /// is not stored, so every entry starts again at full speed). The shipped hard weights were
    /// refined with 0.1.
    #[arg(long, value_name = "R", default_value_t = 1.0)]
    pub rate: f32,
    /// The tables of the network: whole (the default from nothing) also reads each column across
    /// its tail and its buried cards, and its shape (which part a chain can still take in);
    /// split is the older network, which the shipped default and solitaire weights are. With
    /// `--more` the weights keep theirs unless this says whole: then split weights gain the
    /// whole network's other tables, learned from zero.
    #[arg(long, value_enum, value_name = "TABLES")]
    pub layout: Option<TrainLayout>,
}

#[derive(Args, Debug, Clone)]
pub(crate) struct ReviewArgs {
    /// Game N of `new2048 history` (1 is the newest, the default), or a record file written by
    /// `new2048 history --export N`.
    #[arg(value_name = "N | FILE")]
    pub game: Option<String>,
    /// Print one JSON object: accuracy, every move rated, the biggest mistakes.
    #[arg(long)]
    pub json: bool,
}

/// What a subcommand does with the options every command takes: the screen's (`--no-color`,
/// `--lang`, `--no-anim`, `--theme`, `--no-mouse`) when it draws one, and `--rules` as it uses it
/// (`None`: not at all; `--config` goes with playing or showing rules).
struct Uses {
    screen: bool,
    rules: Option<&'static str>,
    config: bool,
}

/// `--rules` for the commands that play with the rules in force.
const PLAY_RULES: &str = "Play with these rules: a preset (default, solitaire, hard) or one of \
    your rule sets (see `new2048 rules --list`)";

/// Each subcommand's use of the shared options, by name.
fn uses(name: &str) -> Uses {
    let (screen, rules, config) = match name {
        "play" | "autoplay" | "daily" | "classic" | "duel" => (true, Some(PLAY_RULES), true),
        "rules" => (
            true,
            Some(
                "Show (and with --edit NAME, edit) these rules: a preset or one of your rule sets",
            ),
            true,
        ),
        "replay" | "review" => (true, None, false),
        "simulate" | "train" => (
            false,
            Some("The rules the bots play: a preset or one of your rule sets"),
            true,
        ),
        "history" | "stats" => (
            false,
            Some("Only the games played with the rules of this name (as history shows it)"),
            false,
        ),
        _ => (false, None, false),
    };
    Uses {
        screen,
        rules,
        config,
    }
}

/// The command line read from `args`. Clap says its own refusals (and `--help`, `--version`)
/// and exits; a date refused by [`Date::daily`] is said as the program's other refusals are
/// (`new2048: --date: …`, exit status 2), the same words whichever flag took the date.
pub(crate) fn parse(args: Vec<std::ffi::OsString>) -> Result<Cli, Error> {
    use clap::FromArgMatches;
    let refused = |e: clap::Error| -> Error {
        match std::error::Error::source(&e).and_then(|s| s.downcast_ref::<DateError>()) {
            Some(date) => Error::usage(date.to_string()),
            None => e.exit(),
        }
    };
    let matches = command().try_get_matches_from(args).map_err(refused)?;
    Cli::from_arg_matches(&matches).map_err(refused)
}

/// The options every command takes that only screens use.
const SCREEN_OPTIONS: [&str; 5] = ["no_color", "lang", "no_anim", "theme", "no_mouse"];

/// The command line as it is parsed and documented: each subcommand's help lists only the shared
/// options it uses, and says what `--rules` does there (it filters in `history` and `stats`; it
/// is no part of `stats`' or `manpage`'s work to draw a screen). The options are still taken
/// everywhere, so a script that passes one to every command keeps working: a subcommand gets its
/// own copy of each shared option (hidden, or with its own help), which clap then does not
/// propagate over, and the values still land in [`Global`].
pub(crate) fn command() -> clap::Command {
    use clap::CommandFactory;
    let mut cmd = Cli::command();
    let shared: Vec<clap::Arg> = cmd
        .get_arguments()
        .filter(|a| a.is_global_set())
        .cloned()
        .collect();
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in names {
        let u = uses(&name);
        cmd = cmd.mut_subcommand(&name, |mut sub| {
            for a in &shared {
                let id = a.get_id().as_str();
                let shown = match id {
                    "rules" => u.rules.is_some(),
                    "config" => u.config,
                    _ => u.screen || !SCREEN_OPTIONS.contains(&id),
                };
                let own = match (id, u.rules) {
                    ("rules", Some(help)) => a.clone().help(help),
                    _ if shown => continue,
                    _ => a.clone().hide(true),
                };
                sub = sub.arg(own);
            }
            sub
        });
    }
    // `rules test` is nested, so the loop above does not reach it: it draws no screen, and its
    // `--rules` is not the one of `rules`.
    cmd.mut_subcommand("rules", |rules| {
        rules.mut_subcommand("test", |mut test| {
            for a in &shared {
                test = test.arg(match a.get_id().as_str() {
                    "rules" => a.clone().help(
                        "Run the cases that state no rules of their own with these rules: a \
                         preset or one of your rule sets",
                    ),
                    "config" => a.clone(),
                    _ => a.clone().hide(true),
                });
            }
            test
        })
    })
}
