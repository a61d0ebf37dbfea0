//! Runs a parsed command line: loads the rules, picks the front end, maps errors to exit codes.
//!
//! Exit codes: 0 for any finished or quit game, 1 for a failure of the machine (I/O), 2 for bad
//! input (arguments, rules, deck files). A closed output pipe counts as success.

mod autoplay;
pub(crate) mod cli;
mod docs;
mod manual;
#[cfg(test)]
mod manual_files;
mod puzzle;
mod records;
pub(crate) mod replay;
mod review;
mod rules_test;
pub(crate) mod simulate;
mod train;
mod verify;

use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::sync::Arc;

use crate::app::cli::{
    ClassicArgs, Cli, Command, DailyArgs, DuelArgs, Global, PlayArgs, RulesArgs,
};
use crate::cards::card::Card;
use crate::cards::engine::Game;
use crate::cards::rules::Rules;
use crate::cards::summary::Ending;
use crate::classic::ClassicGame;
use crate::config::{self, LoadedRules};
use crate::headless;
use crate::headless::cards::Print;
use crate::record::{GameKind, Recorded};
use crate::start::{
    ClassicMeta, Deal, GameMeta, NewDeal, fresh_seed, start, start_classic, start_daily,
};
use crate::store::{self, InPlay, Resumed, SavedGameInfo, Store};
use crate::utc;

pub(crate) use crate::error::Error;
use crate::out;

/// Runs the command line and returns the exit status.
pub(crate) fn run(cli: Cli) -> i32 {
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
        None => play(&cli.global, &PlayArgs::default()),
        Some(Command::Play(ref a)) => play(&cli.global, a),
        Some(Command::Rules(ref a)) => rules(&cli.global, a),
        Some(Command::History(ref a)) => records::history(&cli.global, a),
        Some(Command::Stats) => records::stats(&cli.global),
        Some(Command::Saved(ref a)) => records::saved(a),
        Some(Command::Data(ref a)) => records::data(a),
        Some(Command::Replay(ref a)) => crate::app::replay::command(&cli.global, a),
        Some(Command::Daily(ref a)) => daily(&cli.global, a),
        Some(Command::Puzzle(ref a)) => puzzle::command(&cli.global, a),
        Some(Command::Classic(ref a)) => classic(&cli.global, a),
        Some(Command::Duel(ref a)) => duel(&cli.global, a),
        Some(Command::Autoplay(ref a)) => autoplay::autoplay(&cli.global, a),
        Some(Command::Simulate(ref a)) => crate::app::simulate::command(&cli.global, a),
        Some(Command::Completions(ref a)) => docs::completions(a.shell),
        Some(Command::Manpage) => docs::manpage(),
        Some(Command::Review(ref a)) => review::command(&cli.global, a),
        Some(Command::Train(ref a)) => train::command(&cli.global, a),
    };
    match result {
        Ok(()) => 0,
        Err(e) if e.code() == 0 => 0,
        Err(e) => {
            out::note(format_args!("new2048: {e}"));
            e.code()
        }
    }
}

/// The rules in force for this run.
pub(crate) fn load_rules(global: &Global) -> Result<LoadedRules, Error> {
    Ok(config::load(&global.rules_choice())?)
}

fn read_deck_file(path: &Path, rules: &Rules) -> Result<Vec<Card>, Error> {
    let limit = crate::config::paths::MAX_FILE_BYTES;
    let text = crate::fsread::read_text(path, crate::fsread::Links::Follow, limit)
        .map_err(|e| Error::usage(format!("cannot read deck file {e}")))?;
    crate::cards::deck::parse_deck(&text, rules)
        .map_err(|e| Error::usage(format!("{}: {e}", path.display())))
}

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

/// Prints the store's messages on the error stream.
pub(crate) fn print_warnings(store: &mut Store) {
    for w in store.take_warnings() {
        out::note(format_args!("new2048: warning: {w}"));
    }
}

/// "There is no saved `what` to resume (where it would be); start one with `new2048 command`".
/// Why `--resume` found no `game` (`what` in words, `rules` the rules it had to be of): the
/// save is open in another window, or there is none; the other saved games follow.
fn nothing_to_resume(
    store: &mut Store,
    game: GameKind,
    what: &str,
    rules: Option<&str>,
    command: &str,
) -> Error {
    let (list, elsewhere) = store.saved_games_here();
    let with = rules.map_or_else(String::new, |r| format!(" with the rules {r}"));
    let why = if elsewhere.contains(&game) {
        format!("this game is open in another window: the saved {what}{with} is played there")
    } else {
        let place = store.dir().map_or_else(
            || "no data folder".to_string(),
            |d| store::path_in(d).display().to_string(),
        );
        format!(
            "there is no saved {what} to resume{with} ({place}); start one with `new2048 {command}`"
        )
    };
    Error::usage(format!("{why}{}", other_saves(&list, None)))
}

fn play(global: &Global, args: &PlayArgs) -> Result<(), Error> {
    let mut store = Store::open();
    let print = Print::of(args.json, args.explain);
    if let Some(n) = args.resume {
        let rules = load_rules(global)?.rules;
        let resumed = resume_saved(&mut store, n, &rules)?;
        return play_resumed(global, resumed, print, &mut store);
    }
    if crate::ui::is_interactive() && !args.json && !args.explain {
        return terminal_game(global, args, &mut store);
    }
    let (game, meta) = new_game_with_meta(load_rules(global)?.rules, args)?;
    play_kept(game, &meta, print, &mut store).map(drop)
}

/// The saved games other than `except`, as a few lines closing a message.
fn other_saves(list: &[SavedGameInfo], except: Option<&str>) -> String {
    let others: Vec<SavedGameInfo> = list
        .iter()
        .filter(|i| Some(i.id.as_str()) != except)
        .cloned()
        .collect();
    if others.is_empty() {
        return String::new();
    }
    format!(
        "\nother saved games (take one up with `new2048 play --resume N`):\n{}",
        records::report::saved_table(&others, records::terminal_width()).trim_end()
    )
}

/// What `play --resume [N]` takes up: saved game `n` as `new2048 saved` lists it, or the newest
/// card game of `rules` (the rules in force).
fn resume_saved(store: &mut Store, n: Option<usize>, rules: &Rules) -> Result<Resumed, Error> {
    let list = store.all_saved_games();
    print_warnings(store);
    let info = if let Some(n) = n {
        n.checked_sub(1).and_then(|i| list.get(i)).ok_or_else(|| {
            Error::usage(format!(
                "there is no saved game {n}; {} saved (1 is the newest){}",
                list.len(),
                other_saves(&list, None)
            ))
        })?
    } else {
        let hash = rules.hash();
        let found = list
            .iter()
            .find(|i| !i.elsewhere && i.game == GameKind::Cards && i.rules_hash == hash);
        let Some(info) = found else {
            let name = rules.name.clone();
            return Err(nothing_to_resume(
                store,
                GameKind::Cards,
                "game",
                Some(&name),
                "play",
            ));
        };
        info
    };
    let resumed = store.resume(&info.id).map_err(|e| {
        Error::usage(format!(
            "saved game {}: {e}{}",
            info.number,
            other_saves(&list, Some(&info.id))
        ))
    });
    print_warnings(store);
    resumed
}

/// Plays a saved game taken up, in whichever mode it was: on the screen on a terminal, else line
/// by line (a duel: see [`duel_kept`]).
fn play_resumed(
    global: &Global,
    resumed: Resumed,
    print: Print,
    store: &mut Store,
) -> Result<(), Error> {
    crate::net::refuse_resume(&resumed).map_err(Error::usage)?;
    let json = print.json();
    let on_screen = crate::ui::is_interactive() && print == Print::Text;
    match resumed {
        // The screens take up any saved game; a card game goes on with its own rules.
        r if on_screen => {
            let ui = terminal(global)?;
            // The menu after it offers the rules in force: a puzzle's are no rules of a game.
            let rules = match &r {
                Resumed::Cards(g, m) if !matches!(m.deal, Deal::Puzzle { .. }) => g.rules().clone(),
                _ => load_rules(global)?.rules,
            };
            crate::ui::play(&ui, rules, Some(crate::ui::Match::Saved(r)), store)?;
            Ok(())
        }
        Resumed::Cards(g, m) => play_kept(*g, &m, print, store).map(drop),
        Resumed::Classic(g, m) => play_classic_kept(*g, &m, json, store),
        Resumed::CardDuel(mut d, m, names) => duel_kept(&mut d, &m, &names, json, store),
        Resumed::ClassicDuel(mut d, m, names) => duel_kept(&mut d, &m, &names, json, store),
    }
}

/// Plays line by line, saving after every move and recording the game at its end (a game quit
/// before any move is not recorded, and its save is dropped); the score it ended with.
fn play_kept(game: Game, meta: &GameMeta, print: Print, store: &mut Store) -> Result<u64, Error> {
    let stdin = io::stdin();
    if stdin.is_terminal() && !print.json() {
        // Typed at a terminal but shown elsewhere (output redirected): say how to play by line.
        out::note(
            "Type a column number and Enter to place the card in hand; d discards, u undoes, q quits.",
        );
    }
    play_kept_from(game, meta, print, store, stdin.lock())
}

/// [`play_kept`] with its moves read from `input`.
fn play_kept_from(
    mut game: Game,
    meta: &GameMeta,
    print: Print,
    store: &mut Store,
    input: impl io::BufRead,
) -> Result<u64, Error> {
    print_warnings(store);
    let mut out = io::stdout().lock();
    let mut err = out::stderr();
    let ending =
        headless::cards::run_with(&mut game, input, &mut out, &mut err, print, &mut |g| {
            store.save(&InPlay::solo(g, meta));
        })?;
    if ending == Ending::Quit && game.moves().is_empty() {
        store.forget(&InPlay::solo(&game, meta));
    } else {
        store.finish(&InPlay::solo(&game, meta), Some(ending), None);
    }
    print_warnings(store);
    Ok(game.position().score)
}

fn daily(global: &Global, args: &DailyArgs) -> Result<(), Error> {
    let (game, meta) = start_daily(load_rules(global)?.rules, args.date.as_deref())?;
    let date = match &meta.deal {
        Deal::Daily { date, .. } => date.clone(),
        _ => utc::date(meta.started),
    };
    if args.share {
        return records::share(game.rules(), &date);
    }
    if crate::ui::is_interactive() && !args.json {
        return play_dealt(global, game.rules().clone(), game, meta);
    }
    if !args.json {
        out::line(format_args!("the daily deal of {date} (UTC)"))?;
    }
    let rules = game.rules().clone();
    let mut store = Store::open();
    play_kept(game, &meta, Print::of(args.json, false), &mut store)?;
    if !args.json
        && let Some(news) = store.daily_news(&rules, &date)
    {
        out::line(format_args!(
            "\nto share: {}",
            crate::ui::share_line(&news.record)
        ))?;
        out::line(format_args!(
            "daily streak {} (best {}); best score of this deal {}",
            crate::cards::text::count(news.streak, "day"),
            crate::cards::text::count(news.best_streak, "day"),
            news.best
        ))?;
    }
    Ok(())
}

/// Asks on the terminal whether `rules --init` may replace the file at `path` (no by default):
/// a question in line mode, where dialoguer's is the right tool (the full-screen game has its own).
/// `None` when it was left (Esc, `q`) or cannot be asked.
fn ask_replace(path: &std::path::Path) -> Option<bool> {
    dialoguer::Confirm::new()
        .with_prompt(format!(
            "{} already exists. Replace it with the default rules? Its edits would be lost",
            path.display()
        ))
        .default(false)
        .interact_opt()
        .ok()
        .flatten()
}

/// The name `rules --init` gives the rules: `--name`, else asked on a terminal, else `mine`;
/// never a preset's (the rules would be shown as that preset's when they are not).
fn init_name(given: Option<&str>) -> Result<String, Error> {
    let check = |name: &str| -> Result<(), String> {
        if config::presets::get(name).is_some() {
            return Err(format!(
                "`{name}` is a shipped preset's name; give your rules a name of their own"
            ));
        }
        let n = name.trim();
        if n.is_empty()
            || n.chars().count() > config::own::MAX_NAME
            || n.chars().any(char::is_control)
        {
            return Err("a name is 1 to 40 printable characters".into());
        }
        Ok(())
    };
    if let Some(name) = given {
        check(name).map_err(|e| Error::usage(format!("--name: {e}")))?;
        return Ok(name.trim().to_string());
    }
    if !crate::ui::is_interactive() {
        return Ok("mine".into());
    }
    dialoguer::Input::<String>::new()
        .with_prompt("A name for your rules (shown in the game, history and stats)")
        .default("mine".into())
        .validate_with(|n: &String| check(n))
        .interact_text()
        .map(|n| n.trim().to_string())
        .map_err(|e| Error::usage(format!("no name given ({e}); nothing written")))
}

fn rules(global: &Global, args: &RulesArgs) -> Result<(), Error> {
    if let Some(cli::RulesAction::Test(t)) = &args.action {
        return rules_test::command(global, t);
    }
    if let Some(name) = &args.new {
        return new_rule_set(global, name);
    }
    if let Some(name) = &args.edit {
        return edit_rules(global, name.as_deref());
    }
    if args.list {
        return list_rules();
    }
    if args.init {
        let path = config::init_target().ok_or_else(|| {
            Error::io("cannot find your config folder; set NEW2048_CONFIG to the file to write")
        })?;
        let mut force = args.force;
        if path.exists() && !force && crate::ui::is_interactive() {
            if ask_replace(&path) != Some(true) {
                out::line(format_args!("kept {}; nothing written", path.display()))?;
                return Ok(());
            }
            force = true;
        }
        if path.exists() && !force {
            return Err(Error::usage(format!(
                "{} already exists; pass --force to replace it with the default rules",
                path.display()
            )));
        }
        let name = init_name(args.name.as_deref())?;
        config::write_init(&path, force, &name).map_err(init_error)?;
        out::line(format_args!(
            "wrote the default rules, named `{name}`, to {}; edit it to change the game \
             (`new2048 rules --edit`)",
            path.display()
        ))?;
        return Ok(());
    }
    let loaded = load_rules(global)?;
    // Written, not printed: a closed pipe (`rules | head`) is an error to stop on, not a panic.
    let mut out = io::stdout().lock();
    writeln!(out, "# rules in force: {}", loaded.rules.name)?;
    writeln!(out, "# from: {}", loaded.source)?;
    writeln!(out, "# hash: {}", loaded.rules.hash())?;
    for note in &loaded.notes {
        writeln!(out, "# note: {note}")?;
    }
    write!(out, "\n{}", loaded.rules.to_toml())?;
    Ok(())
}

fn init_error(e: config::InitError) -> Error {
    match e {
        config::InitError::Exists(m) => Error::usage(m),
        config::InitError::Write(m) => Error::io(m),
    }
}

/// `rules --new NAME`: the rule set written from the default rules, then edited on a terminal.
fn new_rule_set(global: &Global, name: &str) -> Result<(), Error> {
    let path = config::own::create(name).map_err(init_error)?;
    out::line(format_args!(
        "wrote the rule set `{name}` (the default rules) to {}; play it with `new2048 --rules \
         {name}`",
        path.display()
    ))?;
    if crate::ui::is_interactive() {
        return edit_rules(global, Some(name));
    }
    Ok(())
}

/// `rules --list`: the presets, the player's rules file and rule sets, with where each lives.
fn list_rules() -> Result<(), Error> {
    let mut rows: Vec<[String; 3]> = Vec::new();
    for (name, _) in config::presets::ALL {
        let won = crate::strategy::measured::find(name, "best").map_or_else(String::new, |f| {
            format!("; the best bot wins {}%", f.win_percent())
        });
        rows.push([
            name.to_string(),
            format!("built-in preset{won}"),
            format!("--rules {name}"),
        ]);
    }
    let shown = |rules: &Result<Rules, config::parse::RulesError>, path: &Path| match rules {
        Ok(r) => format!("{} (shown as `{}`)", path.display(), r.name),
        Err(e) => format!("{} (cannot be played: {})", path.display(), e.message),
    };
    if let Some(p) = config::init_target().filter(|p| p.is_file()) {
        let read = config::load_file(&p);
        let name = read
            .as_ref()
            .map_or_else(|_| "-".into(), |r| r.name.clone());
        rows.push([
            name,
            shown(&read, &p),
            "(no --rules: your rules file)".into(),
        ]);
    }
    for set in config::own::list() {
        let how = format!("--rules {}", set.name);
        rows.push([set.name.clone(), shown(&set.rules, &set.path), how]);
    }
    let wide = |c: usize| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0);
    let (name_w, how_w) = (wide(0), wide(2));
    let mut out = io::stdout().lock();
    for [name, place, how] in &rows {
        writeln!(out, "{name:<name_w$}  {how:<how_w$}  {place}")?;
    }
    if let Some(dir) = config::own::dir() {
        writeln!(
            out,
            "\nyour rule sets live in {}; make one with `new2048 rules --new NAME`",
            dir.display()
        )?;
    }
    Ok(())
}

/// `rules --edit [NAME]`: the editor on a terminal (on the rule set NAME, else the player's
/// rules file); "play" starts a game with the rules edited.
fn edit_rules(global: &Global, name: Option<&str>) -> Result<(), Error> {
    if !crate::ui::is_interactive() {
        return Err(Error::usage(
            "rules --edit needs a terminal; edit the file by hand, or see `rules --init`",
        ));
    }
    let file = match name {
        None => crate::ui::own_file().map_err(Error::usage)?,
        Some(n) => crate::ui::rule_set_file(n).map_err(Error::usage)?,
    };
    let ui = terminal(global)?;
    match crate::ui::edit_rules(&ui, file).map_err(Error::usage)? {
        crate::ui::Edited::Play(rules) => {
            let mut store = Store::open();
            let (g, m) = crate::ui::fresh_game(&std::sync::Arc::new(rules.clone()));
            let first = crate::ui::Match::Cards(Box::new(g), m);
            crate::ui::play(&ui, rules, Some(first), &mut store)?;
        }
        crate::ui::Edited::Back(_) | crate::ui::Edited::Stop => {}
    }
    Ok(())
}

fn classic(global: &Global, args: &ClassicArgs) -> Result<(), Error> {
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

/// The saved classic game for `classic --resume`, or the message saying there is none.
pub(crate) fn resume_classic(store: &mut Store) -> Result<(ClassicGame, ClassicMeta), Error> {
    let saved = store.resume_newest(GameKind::Classic);
    print_warnings(store);
    match saved {
        Some(Resumed::Classic(g, m)) => Ok((*g, m)),
        _ => Err(nothing_to_resume(
            store,
            GameKind::Classic,
            "classic game",
            None,
            "classic",
        )),
    }
}

/// Classic play line by line, saving after every move and recording the game at its end, as
/// [`play_kept`] does for the card game.
fn play_classic_kept(
    game: ClassicGame,
    meta: &ClassicMeta,
    json: bool,
    store: &mut Store,
) -> Result<(), Error> {
    print_warnings(store);
    if io::stdin().is_terminal() && !json {
        // Typed at a terminal but shown elsewhere (output redirected): say how to play by line.
        out::note("Type w, a, s or d and Enter to slide the tiles; u undoes, q quits.");
    }
    play_classic_kept_from(game, meta, json, store, io::stdin().lock())
}

/// [`play_classic_kept`] with its moves read from `input`.
fn play_classic_kept_from(
    mut game: ClassicGame,
    meta: &ClassicMeta,
    json: bool,
    store: &mut Store,
    input: impl io::BufRead,
) -> Result<(), Error> {
    let mut out = io::stdout().lock();
    let mut err = out::stderr();
    crate::headless::classic::run_with(&mut game, input, &mut out, &mut err, json, &mut |g| {
        store.save(&InPlay::solo(g, meta));
    })?;
    if game.ending() == Ending::Quit && game.moves().is_empty() {
        store.forget(&InPlay::solo(&game, meta));
    } else {
        store.finish(&InPlay::solo(&game, meta), None, None);
    }
    print_warnings(store);
    Ok(())
}

/// The players' names: as given, else `defaults` (`Player 1` and `Player 2`).
fn duel_names(given: &[String], defaults: [String; 2]) -> Result<[String; 2], Error> {
    if given.len() > 2 {
        return Err(Error::usage(format!(
            "--names: a duel has two players, not {}",
            given.len()
        )));
    }
    let mut names = defaults;
    for (slot, name) in names.iter_mut().zip(given) {
        let n = name.trim();
        if n.is_empty() || n.chars().count() > 20 || n.chars().any(char::is_control) {
            return Err(Error::usage(format!(
                "--names: `{}` is not a name (1 to 20 printable characters)",
                crate::cards::text::escape_controls(name)
            )));
        }
        *slot = n.to_string();
    }
    Ok(names)
}

fn duel(global: &Global, args: &DuelArgs) -> Result<(), Error> {
    use crate::duel::Duel;
    if crate::net::wanted(args) {
        return crate::net::command(global, args);
    }
    crate::net::refuse_stray(args)?;
    let mut store = Store::open();
    if args.resume {
        let resumed = store.resume_newest(GameKind::Duel);
        print_warnings(&mut store);
        let resumed = resumed
            .ok_or_else(|| nothing_to_resume(&mut store, GameKind::Duel, "duel", None, "duel"))?;
        return play_resumed(global, resumed, Print::of(args.json, false), &mut store);
    }
    if crate::ui::is_interactive() && !args.json {
        return terminal_duel(global, args);
    }
    let names = duel_names(&args.names, ["Player 1".into(), "Player 2".into()])?;
    print_warnings(&mut store);
    if args.classic {
        let (game, meta) = new_classic(global, args.size, args.seed)?;
        let mut duel = Duel::new(game.clone(), game);
        duel_kept(&mut duel, &meta, &names, args.json, &mut store)
    } else {
        let play = PlayArgs {
            seed: args.seed,
            ..PlayArgs::default()
        };
        let (game, meta) = new_game_with_meta(load_rules(global)?.rules, &play)?;
        let mut duel = Duel::new(game.clone(), game);
        duel_kept(&mut duel, &meta, &names, args.json, &mut store)
    }
}

/// A duel line by line, saved after every move and recorded at its end when any move was made
/// (a duel given up before it began is not kept).
fn duel_kept<G: Recorded + crate::headless::Lines>(
    duel: &mut crate::duel::Duel<G>,
    meta: &G::Meta,
    names: &[String; 2],
    json: bool,
    store: &mut Store,
) -> Result<(), Error> {
    if io::stdin().is_terminal() && !json {
        out::note("Each player in turn types a move and Enter; q gives the duel up.");
    }
    let mut out = io::stdout().lock();
    let mut err = out::stderr();
    let input = io::stdin().lock();
    crate::headless::duel::run(duel, names, input, &mut out, &mut err, json, &mut |d| {
        store.save(&InPlay::duel(d, names, meta));
    })?;
    if duel
        .players
        .iter()
        .any(|p| crate::duel::Playable::survived(p) > 0)
    {
        store.finish(&InPlay::duel(duel, names, meta), None, None);
    }
    print_warnings(store);
    Ok(())
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

/// The full-screen game (see [`crate::ui`]): the deal chosen with `--seed`/`--deck-file`, else
/// the start menu (`--resume` is [`play_resumed`]).
fn terminal_game(global: &Global, args: &PlayArgs, store: &mut Store) -> Result<(), Error> {
    let menu = args.seed.is_none() && args.deck_file.is_none();
    let (rules, broken) = if menu {
        config::for_the_menu(&global.rules_choice())?
    } else {
        (load_rules(global)?.rules, None)
    };
    let first = (!menu)
        .then(|| new_game_with_meta(rules.clone(), args))
        .transpose()?;
    let ui = terminal(global)?;
    let first = first.map(|(g, m)| crate::ui::Match::Cards(Box::new(g), m));
    crate::ui::play_saying(&ui, rules, first, store, broken)?;
    Ok(())
}

/// Full-screen classic 2048: the saved game with `--resume`; else a new one, the saved game
/// being offered first when the command line did not choose the seed or size.
fn terminal_classic(global: &Global, args: &ClassicArgs, store: &mut Store) -> Result<(), Error> {
    use crate::ui::Match;
    let rules = load_rules(global)?.rules;
    let first = if args.resume {
        let (g, m) = resume_classic(store)?;
        Match::Classic(Box::new(g), m)
    } else {
        let (g, m) = new_classic(global, args.size, args.seed)?;
        if args.seed.is_none() && args.size.is_none() {
            Match::ClassicOrSaved(Box::new(g), m)
        } else {
            Match::Classic(Box::new(g), m)
        }
    };
    let ui = terminal(global)?;
    crate::ui::play(&ui, rules, Some(first), store)?;
    Ok(())
}

/// A full-screen duel, the names defaulting to `Player 1`, `Player 2` in the player's language.
fn terminal_duel(global: &Global, args: &DuelArgs) -> Result<(), Error> {
    use crate::ui::{DuelGame, Setup, default_names};
    let ui = terminal(global)?;
    let names = duel_names(&args.names, default_names(ui.words))?;
    let loaded = load_rules(global)?.rules;
    let game = if args.classic {
        let mut classic = loaded.classic;
        if let Some(n) = args.size {
            classic.size = n;
        }
        DuelGame::Classic(classic, loaded.name.clone())
    } else {
        DuelGame::Cards(Arc::new(loaded.clone()))
    };
    let setup = Setup {
        game,
        names,
        seed: args.seed,
    };
    let first = crate::ui::Match::Duel(setup);
    crate::ui::play(&ui, loaded, Some(first), &mut Store::open())?;
    Ok(())
}

/// Plays a card game already dealt (a daily deal, a puzzle) on the full screen, which goes on to
/// the menu if the player asks for it after, with `rules` (those in force, not a puzzle's) there.
fn play_dealt(global: &Global, rules: Rules, game: Game, meta: GameMeta) -> Result<(), Error> {
    let ui = terminal(global)?;
    let first = crate::ui::Match::Cards(Box::new(game), meta);
    crate::ui::play(&ui, rules, Some(first), &mut Store::open())?;
    Ok(())
}
