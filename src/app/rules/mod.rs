//! `new2048 rules`: the rules in force shown as TOML; `--init`, `--new`, `--edit` and `--list`
//! write, edit and list the player's rules files; `rules test` ([`test`]) runs chain-merge
//! cases against a rule set. The rules command and its subcommand share a folder, as they
//! share a name on the command line.

mod test;

use std::io::{self, Write};
use std::path::Path;

use crate::app::cli::{self, Global, RulesArgs};
use crate::app::shared::terminal;
use crate::cards::rules::Rules;
use crate::config;
use crate::error::Error;
use crate::out;
use crate::store::Store;

/// Runs `new2048 rules`.
pub(crate) fn command(global: &Global, args: &RulesArgs) -> Result<(), Error> {
    if let Some(cli::RulesAction::Test(t)) = &args.action {
        return test::command(global, t);
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
            Error::failed("cannot find your config folder; set NEW2048_CONFIG to the file to write")
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
            "wrote the default rules, named `{name}`, to {}; new games use them from now on \
             (each command that does says so; the daily deal keeps the day's rules, and \
             `--rules default` plays the default ones); edit them with `new2048 rules --edit`",
            path.display()
        ))?;
        return Ok(());
    }
    let loaded = config::load(&global.rules_choice())?;
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
    let check = config::own::check_label;
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
        // dialoguer fails only when the terminal cannot be read or written: the machine's.
        .map_err(|e| Error::failed(format!("no name given ({e}); nothing written")))
}

fn init_error(e: config::InitError) -> Error {
    match e {
        config::InitError::Exists(m) => Error::usage(m),
        config::InitError::Write(m) => Error::failed(m),
    }
}

/// `rules --new NAME`: the rule set written from the default rules, then edited on a terminal.
fn new_rule_set(global: &Global, name: &str) -> Result<(), Error> {
    let path = config::own::create(name).map_err(init_error)?;
    // On a terminal the editor opens on it at once, and the line comes after, true of what the
    // file then holds (before, it read as if the rules edited were still the default ones).
    let made = format!(
        "made the rule set `{name}` from a copy of the default rules: {}; play it with \
         `new2048 --rules {name}`",
        path.display()
    );
    if crate::ui::is_interactive() {
        let edited = edit_rules(global, Some(name));
        out::line(made)?;
        return edited;
    }
    out::line(made)?;
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
        None => crate::config::own::own_file(),
        Some(n) => crate::config::own::rule_set_file(n),
    }
    .map_err(|e| Error::said(e, ToString::to_string))?;
    let file = mend_text(file, name)?;
    let ui = terminal(global)?;
    match crate::ui::edit_rules(&ui, file)? {
        crate::ui::Edited::Play(rules) => {
            let mut store = Store::open();
            let (g, m) = crate::ui::fresh_game(&std::sync::Arc::new(rules.clone()));
            let first = crate::ui::GameToPlay::Cards(Box::new(g), m);
            crate::ui::play(&ui, rules, Some(first), &mut store)?;
        }
        crate::ui::Edited::Back(_) | crate::ui::Edited::Stop => {}
    }
    Ok(())
}

/// A rules file that is not TOML, before the editor (which cannot open it): where its text breaks
/// is shown (line, column, caret), and the player chooses the way out: the file opened in their
/// text editor (`$VISUAL`/`$EDITOR`, when set; then read again), or kept aside and started again
/// from the preset it came from, or left as it is (exit status 2, as any bad rules file).
/// Another file goes to the editor as it is.
fn mend_text(
    file: (std::path::PathBuf, String),
    name: Option<&str>,
) -> Result<(std::path::PathBuf, String), Error> {
    use crate::config::mend;
    let (path, mut text) = file;
    while let Some(e) = mend::not_toml(&path, &text) {
        out::note(format_args!("{e}\n"));
        let editor = mend::text_editor();
        let preset = mend::preset_of(&text);
        let mut ways: Vec<String> = editor
            .iter()
            .map(|ed| format!("Open it in {ed}, then come back here"))
            .collect();
        ways.push(format!(
            "Keep it aside (renamed, not deleted) and start again from the {preset} rules"
        ));
        ways.push("Leave it as it is".into());
        let chosen = dialoguer::Select::new()
            .with_prompt("This file is not TOML, so the rules editor cannot open it")
            .items(&ways)
            .default(0)
            .interact_opt()
            .ok()
            .flatten();
        let opened = editor.is_some() && chosen == Some(0);
        let fresh = chosen == Some(ways.len() - 2);
        if opened && let Some(ed) = &editor {
            if let Err(why) = mend::open_in(ed, &path) {
                out::note(format_args!("new2048: {why}"));
            }
        } else if fresh {
            let label = name.map_or_else(|| "mine".to_string(), str::to_string);
            let (preset, aside) = mend::start_again(&path, &text, &label).map_err(Error::failed)?;
            out::line(format_args!(
                "kept the old file as {}; {} holds the {preset} rules again, named `{label}`",
                aside.display(),
                path.display()
            ))?;
        } else {
            return Err(Error::Rules(e));
        }
        text = crate::base::fsread::read_text(&path, crate::base::fsread::Links::Follow, {
            crate::config::paths::CONFIG_FILE_BYTES
        })
        .map_err(|e| Error::said(e, ToString::to_string))?;
    }
    Ok((path, text))
}
