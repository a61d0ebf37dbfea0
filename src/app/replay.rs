//! `new2048 replay FILE`: plays a recorded game back from its own rules, deck and moves.
//!
//! On a terminal it shows the game's own screen, stepped with the arrows or played at a chosen
//! speed ([`crate::ui::replay`]); otherwise (a pipe, a file) it prints every move and the board
//! after it, as headless play does, and `--json` prints only the final state in the form
//! headless play uses ([`Summary`]). A record also says how the game ended: a replay that ends
//! differently (a file edited by hand, or an engine that changed) is reported and exits with
//! status 2, which is what makes a recorded game a check on the engine.
//!
//! Classic records (and a saved classic game) replay the same way, `--json` printing
//! [`ClassicSummary`]. A duel record replays both players' games from the shared deal, in turn
//! order, and checks both, and the result, against the record; without a terminal it prints
//! each move and both boards as a headless duel does, and `--json` prints what `duel --json`
//! prints.

use std::io::{self, Write};
use std::path::Path;

use crate::app::cli::{Global, ReplayArgs};
use crate::app::shared::terminal;
use crate::app::verify;
use crate::base::utc;
use crate::cards::engine::Game;
use crate::cards::summary::Summary;
use crate::classic::text::ClassicSummary;
use crate::duel::{Duel, turn_order};
use crate::error::Error;
use crate::headless::Lines;
use crate::headless::duel::{boards, result_lines, whose_turn};
use crate::out::print_warnings;
use crate::record::{
    CardPlay, ClassicPlay, ClassicRecord, DuelRecord, Entry, GameKind, Record, RecordError,
    SavedClassic, SavedGame, decode,
};
use crate::store::Store;
use crate::ui::{Duet, OnScreen, Solo, Ui};

/// Reads a record (or a saved game) from its text and rebuilds its game.
pub(crate) fn load(name: &str, text: &str) -> Result<(Game, Option<Record>, CardPlay), Error> {
    let (play, rec) = match decode::<Record>(text) {
        Ok(r) => (r.play.clone(), Some(r)),
        Err(RecordError::Invalid(first)) => match decode::<SavedGame>(text) {
            Ok(s) => (s.play, None),
            Err(_) => return Err(bad(name, &first)),
        },
        Err(e) => return Err(bad(name, &e)),
    };
    let (game, _) = play.rebuild().map_err(|e| bad(name, &e))?;
    Ok((game, rec, play))
}

fn bad(name: &str, e: &dyn std::fmt::Display) -> Error {
    Error::usage(format!("cannot replay {name}: {e}"))
}

/// Where a replay is shown: the game screen (on a terminal, without `--json`), or text.
enum Out {
    Screen(Ui),
    Text {
        json: bool,
    },
    /// A recording written to a new file.
    Cast(Box<Cast>),
}

/// Where and how `replay --cast` records.
struct Cast {
    path: std::path::PathBuf,
    setup: crate::ui::CastSetup,
    words: &'static crate::ui::Words,
    theme: crate::ui::Theme,
}

/// Runs `new2048 replay`: on the screen, as text, or recorded with `--cast`.
pub(crate) fn command(global: &Global, args: &ReplayArgs) -> Result<(), Error> {
    let Some(path) = &args.cast else {
        return run(global, &args.file, args.json);
    };
    let (width, height) = match &args.size {
        Some(s) => size_of(s)?,
        None => console::Term::stdout()
            .size_checked()
            .map_or((80, 24), |(h, w)| (usize::from(w), usize::from(h))),
    };
    if path.exists() || path.is_symlink() {
        return Err(Error::usage(format!(
            "--cast: {} exists already; give the name of a new file",
            path.display()
        )));
    }
    let lang = crate::ui::Lang::choose(global.lang.as_deref()).map_err(Error::usage)?;
    let (name, text) = source(&args.file)?;
    let cast = Cast {
        path: path.clone(),
        setup: crate::ui::CastSetup {
            width,
            height,
            timestamp: utc::now(),
            title: format!("new2048 replay of {name}"),
        },
        words: lang.words(),
        theme: crate::ui::Theme::choose(global.no_color),
    };
    let out = Out::Cast(Box::new(cast));
    let name = name.as_str();
    match held(&text) {
        Contents::Classic(c) => run_classic(name, &c.0, c.1, &out),
        Contents::Duel(_) => Err(Error::usage(format!(
            "{name} is a duel: only one player's game (a card game or classic 2048) can be cast              for now; `new2048 replay {name}` shows it"
        ))),
        Contents::Cards => run_cards(name, &text, &out),
        Contents::Bad(e) => Err(bad(name, &e)),
    }
}

/// `--size 80x24`: columns and rows, each from 10 to 1000.
fn size_of(s: &str) -> Result<(usize, usize), Error> {
    let bad = || {
        Error::usage(format!(
            "--size: `{}` is not a size like 80x24 (columns x rows, 10 to 1000 each)",
            crate::base::visible::escape(s)
        ))
    };
    let (w, h) = s.trim().split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let n = |t: &str| {
        t.trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (10..=1000).contains(n))
    };
    Ok((n(w).ok_or_else(bad)?, n(h).ok_or_else(bad)?))
}

/// What `replay` was given: a file, or (a number that names no file) game N of history, numbered
/// as `history` lists them. Its name for messages, and its text.
pub(crate) fn source(arg: &Path) -> Result<(String, String), Error> {
    if !arg.exists()
        && let Some(n) = arg.to_str().and_then(|s| s.trim().parse::<usize>().ok())
    {
        let mut store = Store::open();
        let all = store.summaries(&crate::store::Filter {
            limit: Some(n),
            ..Default::default()
        });
        print_warnings(&mut store);
        let found = n.checked_sub(1).and_then(|i| all.get(i)).ok_or_else(|| {
            if store.read_partly() {
                return Error::Failed(format!(
                    "there is no game {n} among the {} of history that read (1 is the newest; \
                     the others are damaged, see above)",
                    all.len()
                ));
            }
            Error::usage(format!(
                "there is no game {n} in history, which holds {} (1 is the newest; see `new2048 \
                 history`)",
                store.count()
            ))
        })?;
        let text = store
            .record_text(&found.id)
            .map_err(|e| Error::said(e, |e| format!("cannot replay game {n}: {e}")))?;
        return Ok((format!("game {n}"), text));
    }
    let name = arg.display().to_string();
    let limit = crate::config::paths::MAX_FILE_BYTES;
    let text = crate::base::fsread::read_text(arg, crate::base::fsread::Links::Follow, limit)
        .map_err(|e| Error::said(e, |e| format!("cannot replay {e}")))?;
    Ok((name, text))
}

/// Runs the `replay` command: a card game, a classic game or a duel, whichever the file (or
/// game of history) holds.
pub(crate) fn run(global: &Global, arg: &Path, json: bool) -> Result<(), Error> {
    let (name, text) = source(arg)?;
    let out = if !json && crate::ui::is_interactive() {
        Out::Screen(terminal(global)?)
    } else {
        Out::Text { json }
    };
    let name = name.as_str();
    match held(&text) {
        Contents::Classic(c) => run_classic(name, &c.0, c.1, &out),
        Contents::Duel(d) => run_duel(name, &d, &out),
        Contents::Cards => run_cards(name, &text, &out),
        Contents::Bad(e) => Err(bad(name, &e)),
    }
}

/// What a record's (or a save's) text holds.
pub(crate) enum Contents {
    Classic(Box<(ClassicPlay, Option<ClassicRecord>)>),
    Duel(Box<DuelRecord>),
    /// A card game, or a text that is no record at all ([`load`] says which).
    Cards,
    Bad(RecordError),
}

/// Tells a classic game (a record or a save) and a duel from a card game.
pub(crate) fn held(text: &str) -> Contents {
    match Entry::decode(text) {
        Ok(Entry::Classic(r)) => Contents::Classic(Box::new((r.play.clone(), Some(r)))),
        Ok(Entry::Duel(d)) => Contents::Duel(Box::new(d)),
        Ok(Entry::Cards(_)) => Contents::Cards,
        Err(first) => {
            if let Ok(s) = decode::<SavedClassic>(text)
                && s.game == Some(GameKind::Classic)
            {
                return Contents::Classic(Box::new((s.play, None)));
            }
            if matches!(first, RecordError::Invalid(_)) {
                Contents::Cards
            } else {
                Contents::Bad(first)
            }
        }
    }
}

fn run_cards(name: &str, text: &str, out: &Out) -> Result<(), Error> {
    let (game, record, play) = load(name, text)?;
    verify::checked("replay", name, record.as_ref(), &game)?;
    if let Out::Text { json: true } = out {
        writeln!(io::stdout(), "{}", Summary::of(&game).to_json())?;
    } else {
        let title = format!(
            "replay of {}: {} rules, {}, {}",
            name,
            play.rules.name,
            verify::deal_words(&play.deal),
            crate::cards::text::count(game.moves().len(), "move")
        );
        // A recording draws what the screen does, the best score included (it said `Best -`).
        let best = matches!(out, Out::Screen(_) | Out::Cast(_))
            .then(|| best_of(GameKind::Cards, &game.rules().hash()))
            .flatten();
        show(out, &title, game, best)?;
    }
    Ok(())
}

fn run_classic(
    name: &str,
    play: &ClassicPlay,
    record: Option<ClassicRecord>,
    out: &Out,
) -> Result<(), Error> {
    let (game, _) = play.rebuild().map_err(|e| bad(name, &e))?;
    verify::checked("replay", name, record.as_ref(), &game)?;
    if let Out::Text { json: true } = out {
        let s = serde_json::to_string(&ClassicSummary::of(&game)).expect("serializes");
        writeln!(io::stdout(), "{s}")?;
    } else {
        let title = format!(
            "replay of {}: classic {1}x{1}, {2} rules, seed {3}, {4}",
            name,
            play.size,
            play.rules.name,
            play.seed,
            crate::cards::text::count(game.moves().len(), "move")
        );
        let best = matches!(out, Out::Screen(_) | Out::Cast(_))
            .then(|| best_of(GameKind::Classic, &game.rules().hash()))
            .flatten();
        show(out, &title, game, best)?;
    }
    Ok(())
}

fn run_duel(name: &str, record: &DuelRecord, out: &Out) -> Result<(), Error> {
    let names = record.names();
    let title = format!(
        "replay of {}: a {} duel, {} rules, {}",
        name,
        record.of.as_str(),
        record.rules.name,
        verify::deal_words(&record.deal)
    );
    // Checked before it is shown, as a single game's record is.
    let refused = |m: String| Error::usage(format!("cannot replay {name}: {m}"));
    if record.of == GameKind::Classic {
        let duel: Duel<crate::classic::ClassicGame> =
            record.rebuild().map_err(|e| bad(name, &e))?;
        record.mismatch(&duel).map_or(Ok(()), |m| Err(refused(m)))?;
        show_duel(out, &title, duel, names)?;
    } else {
        let duel: Duel<Game> = record.rebuild().map_err(|e| bad(name, &e))?;
        record.mismatch(&duel).map_or(Ok(()), |m| Err(refused(m)))?;
        show_duel(out, &title, duel, names)?;
    }
    Ok(())
}

/// Shows a duel that ended as `ended`: on the screen, as every move and both boards, or (`--json`)
/// as the result and both players' final states.
fn show_duel<G: OnScreen + Lines>(
    out: &Out,
    title: &str,
    ended: Duel<G>,
    names: [String; 2],
) -> io::Result<()> {
    let mut stdout = io::stdout().lock();
    match out {
        Out::Text { json: true } => {
            let players = [ended.players[0].summary(), ended.players[1].summary()];
            let j =
                serde_json::json!({"result": ended.result(), "names": names, "players": players});
            writeln!(stdout, "{j}")
        }
        Out::Text { json: false } => {
            writeln!(stdout, "{title}")?;
            let [a, b] = &ended.players;
            let mut duel = Duel::new(a.restart(), b.restart());
            writeln!(
                stdout,
                "{}\n{}",
                whose_turn(&duel, &names),
                boards(&duel, &names)
            )?;
            let mut made = [0; 2];
            for (n, i) in turn_order(&ended.players).into_iter().enumerate() {
                let said = ended.players[i].replay_move(&mut duel.players[i], made[i]);
                made[i] += 1;
                duel.next_turn();
                writeln!(
                    stdout,
                    "\n{:>4}. {}: {said}\n{}\n{}",
                    n + 1,
                    names[i],
                    whose_turn(&duel, &names),
                    boards(&duel, &names)
                )?;
            }
            write!(stdout, "\n{}", result_lines(&ended, &names))
        }
        // `command` refuses to cast a duel before it is read.
        Out::Cast(_) => Ok(()),
        Out::Screen(ui) => {
            let result = crate::duel::result_text(ended.result(), &names);
            crate::ui::replay(ui, &Duet::new(ended, names))?;
            writeln!(stdout, "{title}\nresult: {result}")
        }
    }
}

/// The best score recorded of `game` under the rules hashed `hash`, for a replay's header.
pub(crate) fn best_of(game: GameKind, hash: &str) -> Option<u64> {
    let mut store = crate::store::Store::open();
    let best = store.checked_best(game, hash, None);
    print_warnings(&mut store);
    best
}

/// Shows a game that ended as `game`: on the screen (with `best`, the best score under its
/// rules), or as every move and the board after it, as headless play prints them; then the
/// result line.
fn show<G: OnScreen + Lines>(out: &Out, title: &str, game: G, best: Option<u64>) -> io::Result<()> {
    let mut stdout = io::stdout().lock();
    if let Out::Cast(c) = out {
        let result = game.result_line();
        let text = crate::ui::cast(Solo::new(game, best), c.words, c.theme, &c.setup);
        write_new(&c.path, &text)?;
        return writeln!(
            stdout,
            "{title}\n{result}\nrecorded at {}x{} to {}: play it with `asciinema play {}`",
            c.setup.width,
            c.setup.height,
            c.path.display(),
            c.path.display()
        );
    }
    if let Out::Screen(ui) = out {
        let result = game.result_line();
        crate::ui::replay(ui, &Solo::new(game, best))?;
        return writeln!(stdout, "{title}\n{result}");
    }
    writeln!(stdout, "{title}")?;
    let mut g = game.restart();
    writeln!(stdout, "{}", g.view_text())?;
    for i in 0..game.move_count() {
        let said = game.replay_move(&mut g, i);
        writeln!(stdout, "\n{:>4}. {said}\n{}", i + 1, g.view_text())?;
    }
    writeln!(stdout, "\n{}", game.result_line())
}

/// Writes `text` to the new file `path`: never over a file that is there (one made meanwhile
/// included), and whole or not at all (a file left half-written is removed).
/// An error names the file and what to do (the system's words alone, "Read-only file system",
/// did not say which file).
fn write_new(path: &Path, text: &str) -> io::Result<()> {
    let named = |e: io::Error| {
        io::Error::new(
            e.kind(),
            format!(
                "--cast: cannot write the recording {}: {e}; give a file in a folder you can \
                 write to, on a disk with room for it ({} bytes)",
                crate::base::visible::escape(&path.display().to_string()),
                text.len()
            ),
        )
    };
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(named)?;
    if let Err(e) = f.write_all(text.as_bytes()).and_then(|()| f.sync_all()) {
        drop(f);
        let _ = std::fs::remove_file(path);
        return Err(named(e));
    }
    Ok(())
}
