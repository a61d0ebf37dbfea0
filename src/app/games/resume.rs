//! `--resume`: which saved game it takes up (`play --resume [N]`, `classic --resume`, `duel
//! --resume`), the message when there is none (with the other saved games to choose from), and
//! the game taken up played in the mode it was saved in. One place, so that every command
//! finds and refuses a save alike.

use crate::app::cli::Global;
use crate::app::games::kept::{duel_kept, play_classic_kept, play_kept};
use crate::app::records;
use crate::app::shared::{load_rules, terminal};
use crate::cards::rules::Rules;
use crate::classic::ClassicGame;
use crate::deal::{ClassicMeta, Deal};
use crate::error::Error;
use crate::headless::cards::Print;
use crate::out::print_warnings;
use crate::record::GameKind;
use crate::store::{self, Resumed, SavedGameInfo, Store};

/// What `play --resume [N]` takes up: saved game `n` as `new2048 saved` lists it, or the newest
/// card game of `rules` (the rules in force).
pub(crate) fn resume_saved(
    store: &mut Store,
    n: Option<usize>,
    rules: &Rules,
) -> Result<Resumed, Error> {
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
        Error::said(e, |e| {
            format!(
                "saved game {}: {e}{}",
                info.number,
                other_saves(&list, Some(&info.id))
            )
        })
    });
    print_warnings(store);
    resumed
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

/// "There is no saved `what` to resume (where it would be); start one with `new2048 command`".
/// Why `--resume` found no `game` (`what` in words, `rules` the rules it had to be of): the
/// save is open in another window, or there is none; the other saved games follow.
pub(crate) fn nothing_to_resume(
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

/// Plays a saved game taken up, in whichever mode it was: on the screen on a terminal, else line
/// by line (a duel: see [`duel_kept`]).
pub(crate) fn play_resumed(
    global: &Global,
    resumed: Resumed,
    print: Print,
    store: &mut Store,
) -> Result<(), Error> {
    crate::net::refuse_resume(&resumed).map_err(|e| Error::usage(e.to_string()))?;
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
            crate::ui::play(&ui, rules, Some(crate::ui::GameToPlay::Saved(r)), store)?;
            Ok(())
        }
        Resumed::Cards(g, m) => play_kept(*g, &m, print, store).map(drop),
        Resumed::Classic(g, m) => play_classic_kept(*g, &m, json, store),
        Resumed::CardDuel(mut d, m, names) => duel_kept(&mut d, &m, &names, json, store),
        Resumed::ClassicDuel(mut d, m, names) => duel_kept(&mut d, &m, &names, json, store),
    }
}
