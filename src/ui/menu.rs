//! The start menu and its sub-menus.
//!
//! The menus are lists of our own ([`super::widgets::list`]): the start menu lists the saved games
//! first (through [`crate::store::SavedGames`]: take one up, or delete it after a
//! question), then what can be started. Its questions are [`crate::ui::widgets::confirm`]'s.

use std::sync::Arc;

use crate::cards::engine::Game;
use crate::cards::rules::{ClassicRules, Rules};
use crate::classic::ClassicGame;
use crate::config;
use crate::config::presets;
use crate::store::{ClassicMeta, GameKind, GameMeta, Keepers};
use crate::store::{ResumeError, SavedGameInfo};
use crate::utc;

use crate::ui::editor::Edited;
use crate::ui::kit::{Tone, Words, cut_words, fill, plural, wrap};
use crate::ui::play::{DuelGame, Match, Setup, default_names};
use crate::ui::term::Ui;
use crate::ui::widgets::{Item, List, Picked, confirm, pick};

/// The game's name and tagline on a clear screen, above a question.
fn title(ui: &Ui) {
    let _ = ui.term.clear_screen();
    for line in head(ui) {
        let _ = ui.term.write_line(&line);
    }
}

/// The game's name, its tagline and a blank line: the top of every menu.
fn head(ui: &Ui) -> Vec<String> {
    let (width, _) = super::term::size(&ui.term);
    let tagline = format!("  {}", cut_words(ui.words.tagline, width.saturating_sub(2)));
    vec![
        ui.theme
            .paint(&format!("  {}", ui.words.title), Tone::Title),
        ui.theme.paint(&tagline, Tone::Label),
        String::new(),
    ]
}

/// A list to choose from under the title and `question` (and `notes` above it, in their tone).
fn select(
    ui: &Ui,
    notes: &[(String, Tone)],
    question: &str,
    items: &[Item],
    deletable: &[bool],
    keys: &str,
    default: usize,
) -> Picked {
    let mut top = head(ui);
    // Notes are wrapped, not cut: the line to share of a daily deal must be whole.
    let (width, _) = super::term::size(&ui.term);
    for (n, tone) in notes {
        for l in n
            .lines()
            .flat_map(|l| wrap(l, width.saturating_sub(2).max(1)))
        {
            top.push(ui.theme.paint(&format!("  {l}"), *tone));
        }
    }
    top.push(ui.theme.paint(&format!("? {question}"), Tone::Value));
    let list = List {
        head: &top,
        items,
        deletable,
        keys,
    };
    let _ = ui.term.clear_screen();
    pick(ui, &list, default)
}

/// What a sub-menu gave.
#[derive(Debug, PartialEq, Eq)]
enum Sub<T> {
    Chose(T),
    /// Back to the start menu.
    Back,
    /// Leave the program (Ctrl-C, Ctrl-D, a signal).
    Leave,
}

/// A sub-menu's choice, by its place in `items`; `default` is the item highlighted first.
fn select_sub(ui: &Ui, question: &str, items: &[Item], default: usize) -> Sub<usize> {
    match select(ui, &[], question, items, &[], ui.words.list_keys, default) {
        Picked::Item(i) => Sub::Chose(i),
        Picked::Back | Picked::Delete(_) => Sub::Back,
        Picked::Stop => Sub::Leave,
    }
}

/// A new game of `rules` from a fresh seed.
pub(crate) fn fresh_game(rules: &Arc<Rules>) -> (Game, GameMeta) {
    crate::store::start(Arc::clone(rules), crate::store::NewDeal::Seed(None))
}

/// A new classic game of `rules` (from the rules file `name`) from a fresh seed.
pub(crate) fn fresh_classic(rules: ClassicRules, name: &str) -> Match {
    let (game, meta) = crate::store::start_classic(rules, name, None);
    Match::Classic(Box::new(game), meta)
}

/// What the player makes of a saved classic game.
pub(crate) enum Resume {
    /// Take the saved game up.
    Saved(Box<ClassicGame>, ClassicMeta),
    /// A new game: there is no save, or the player said no.
    Fresh,
    /// A signal came: leave the program.
    Leave,
}

/// Offers the saved classic game, when there is one.
pub(crate) fn saved_classic(ui: &Ui, keeper: &mut dyn Keepers) -> Resume {
    let Some((g, m)) = keeper.saved_classic() else {
        return Resume::Fresh;
    };
    let question = fill(ui.words.resume_classic, &[&g.score(), &g.moves().len()]);
    title(ui);
    let answer = confirm(ui, &question, true, || title(ui));
    if ui.signals.stop() {
        return Resume::Leave;
    }
    if answer == Some(true) {
        Resume::Saved(Box::new(g), m)
    } else {
        Resume::Fresh
    }
}

/// A saved game as the start menu describes it: what it is (card game, classic 4×4, card duel),
/// when it was last played, its rules, score (each player's, in a duel) and cards or moves
/// (turns, in a duel).
fn label(info: &SavedGameInfo, words: &Words, now: u64) -> String {
    // A duel's scores are each player's, after their name (`Ann 12 : Bob 9`).
    let (mode, played, score) = match (info.game, info.of) {
        (GameKind::Duel, GameKind::Classic) => (
            words.menu_mode_duel_classic.to_string(),
            words.menu_played_turns,
            info.score_text(),
        ),
        (GameKind::Duel, _) => (
            words.menu_mode_duel_cards.to_string(),
            words.menu_played_turns,
            info.score_text(),
        ),
        (GameKind::Classic, _) => {
            // The list says a classic game's board in its deal: `4x4 seed 7`.
            let side = info.deal.split(['x', ' ']).next().unwrap_or("?");
            (
                fill(words.menu_mode_classic, &[&side, &side]),
                words.menu_played_moves,
                fill(words.menu_saved_score, &[&info.score]),
            )
        }
        (GameKind::Cards, _) => (
            words.menu_mode_cards.to_string(),
            words.menu_played_cards,
            fill(words.menu_saved_score, &[&info.score]),
        ),
    };
    let parts = [
        mode,
        ago(words, info.saved, now),
        fill(words.menu_saved_rules, &[&info.rules]),
        score,
        plural(played, info.played),
    ];
    parts.join(" · ")
}

/// A saved game's item in the menu; in narrower windows, what it is, when and its score, then
/// what it is and its score.
fn saved_item(info: &SavedGameInfo, words: &Words, now: u64) -> Item {
    let long = label(info, words, now);
    let parts: Vec<&str> = long.split(" · ").collect();
    let part = |i: usize| parts.get(i).copied().unwrap_or("");
    let forms = [
        long.clone(),
        [part(0), part(1), part(3)].join(" · "),
        [part(0), part(3)].join(" · "),
    ];
    Item::forms(
        forms
            .iter()
            .map(|f| fill(words.menu_saved_item, &[f]))
            .collect(),
    )
}

/// Why a saved game could not be taken up or deleted, in the player's words where the store's
/// reason is one a player meets in play (another window has it, it is gone).
fn refused(e: &ResumeError, words: &Words) -> String {
    match e {
        ResumeError::Elsewhere => words.menu_elsewhere.to_string(),
        ResumeError::NotFound(_) => words.menu_gone.to_string(),
        other => other.to_string(),
    }
}

/// How long ago `then` was, in a few words: `just now`, `5 min ago`, `3 h ago`, `yesterday`,
/// else the date.
fn ago(words: &Words, then: u64, now: u64) -> String {
    let secs = now.saturating_sub(then);
    let day = utc::date(then);
    match secs {
        0..60 => words.ago_now.to_string(),
        60..3600 => fill(words.ago_min, &[&(secs / 60)]),
        _ if day == utc::date(now) => fill(words.ago_hours, &[&(secs / 3600)]),
        _ if day == utc::date(now.saturating_sub(86_400)) => words.ago_yesterday.to_string(),
        _ => day,
    }
}

/// The start menu's items: the saved games, then a new game, classic 2048, a duel, the daily
/// deal, the rules (named `rules_label`) and quit.
/// `daily_best` is the best score of today's deal with these rules, once it was played.
fn menu_items(
    words: &Words,
    saved: &[SavedGameInfo],
    rules: &Rules,
    rules_label: &str,
    now: u64,
    daily_best: Option<u64>,
) -> Vec<(Item, Choice)> {
    let mut items: Vec<(Item, Choice)> = saved
        .iter()
        .enumerate()
        .map(|(i, e)| (saved_item(e, words, now), Choice::Resume(i)))
        .collect();
    let both = |long: String, short: String| Item::forms(vec![long, short]);
    items.push((Item::new(words.menu_new), Choice::New));
    let side = rules.classic.size;
    items.push((
        both(
            fill(words.menu_classic, &[&side, &side]),
            fill(words.menu_classic_short, &[&side, &side]),
        ),
        Choice::Classic,
    ));
    items.push((
        both(words.menu_duel.into(), words.menu_duel_short.into()),
        Choice::Duel,
    ));
    let today = utc::date(now);
    let daily = match daily_best {
        Some(best) => both(
            fill(words.menu_daily_played, &[&today, &best]),
            fill(words.menu_daily_played_short, &[&today, &best]),
        ),
        None => both(
            fill(words.menu_daily, &[&today]),
            fill(words.menu_daily_short, &[&today]),
        ),
    };
    items.push((daily, Choice::Daily));
    items.push((
        Item::new(fill(words.menu_rules, &[&rules_label])),
        Choice::Rules,
    ));
    items.push((Item::new(words.menu_quit), Choice::Quit));
    items
}

/// The start menu: the saved games (newest first, to resume or delete), then a new game,
/// classic 2048, a duel, the daily deal, the rules preset and quit. Changing the rules comes
/// back to the menu with the new rules in force. `news` (a game just left saved, a daily deal's
/// result) is said above the question. `None` to leave.
pub(crate) fn start(
    ui: &Ui,
    rules: &mut Arc<Rules>,
    keeper: &mut dyn Keepers,
    news: &[(String, Tone)],
) -> Option<Match> {
    let words = ui.words;
    let mut notes: Vec<(String, Tone)> = news.to_vec();
    // The item chosen last time round (a sub-menu left, a saved game refused).
    let mut back: Option<Choice> = None;
    loop {
        let saved = keeper.saved_games();
        let elsewhere = keeper.open_elsewhere();
        if elsewhere > 0 {
            notes.push((
                plural(words.menu_open_elsewhere, elsewhere as u64),
                Tone::Info,
            ));
        }
        let now = utc::now();
        let played = keeper.daily_best(rules, &utc::date(now));
        let items = menu_items(words, &saved, rules, &rules_label(rules, ui), now, played);
        for w in keeper.take_warnings() {
            notes.push((w, Tone::Bad));
        }
        let labels: Vec<Item> = items.iter().map(|(s, _)| s.clone()).collect();
        let deletable: Vec<bool> = items
            .iter()
            .map(|(_, c)| matches!(c, Choice::Resume(_)))
            .collect();
        let keys = if saved.is_empty() {
            words.list_keys_quit
        } else {
            words.menu_keys
        };
        // The newest game in progress, listed first, is what a returning player most likely
        // wants: it is highlighted first; back from a sub-menu, the item that led there is.
        let default = items
            .iter()
            .position(|(_, c)| Some(*c) == back)
            .unwrap_or(0);
        let picked = select(
            ui,
            &notes,
            words.menu_prompt,
            &labels,
            &deletable,
            keys,
            default,
        );
        notes.clear();
        let choice = match picked {
            Picked::Item(i) => items[i].1,
            Picked::Delete(i) => match items[i].1 {
                Choice::Resume(n) => {
                    let question = fill(words.menu_delete, &[&label(&saved[n], words, now)]);
                    title(ui);
                    if confirm(ui, &question, false, || title(ui)) == Some(true) {
                        notes.push(match keeper.delete_saved(&saved[n].id) {
                            Ok(()) => (words.menu_deleted.to_string(), Tone::Info),
                            Err(e) => (refused(&e, words), Tone::Bad),
                        });
                    } else if ui.signals.stop() {
                        return None;
                    }
                    continue;
                }
                _ => continue,
            },
            Picked::Back | Picked::Stop => Choice::Quit,
        };
        match choice {
            Choice::New => {
                let (g, m) = fresh_game(rules);
                return Some(Match::Cards(Box::new(g), m));
            }
            Choice::Resume(n) => match keeper.resume(&saved[n].id) {
                Ok(r) => return Some(Match::Saved(r)),
                Err(e) => notes.push((refused(&e, words), Tone::Bad)),
            },
            Choice::Classic => return Some(fresh_classic(rules.classic, &rules.name)),
            Choice::Duel => match pick_duel(ui, rules) {
                Sub::Chose(game) => {
                    let names = default_names(words);
                    return Some(Match::Duel(Setup {
                        game,
                        names,
                        seed: None,
                    }));
                }
                Sub::Back => {}
                Sub::Leave => return None,
            },
            Choice::Daily => {
                // Today's deal cannot fail: only a date given by hand can be wrong.
                if let Ok((g, m)) = crate::store::start_daily(Rules::clone(rules), None) {
                    return Some(Match::Cards(Box::new(g), m));
                }
            }
            Choice::Rules => match change_rules(ui, rules, &mut notes) {
                Sub::Chose(m) => return Some(m),
                Sub::Back => {}
                Sub::Leave => return None,
            },
            Choice::Quit => return None,
        }
        back = Some(choice);
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Choice {
    /// The saved game at this place in the list.
    Resume(usize),
    New,
    Classic,
    Duel,
    Daily,
    Rules,
    Quit,
}

/// Which game to duel at.
fn pick_duel(ui: &Ui, rules: &Arc<Rules>) -> Sub<DuelGame> {
    let words = ui.words;
    let items = [Item::new(words.duel_cards), Item::new(words.duel_classic)];
    match select_sub(ui, words.duel_prompt, &items, 0) {
        Sub::Chose(0) => Sub::Chose(DuelGame::Cards(Arc::clone(rules))),
        Sub::Chose(_) => Sub::Chose(DuelGame::Classic(rules.classic, rules.name.clone())),
        Sub::Back => Sub::Back,
        Sub::Leave => Sub::Leave,
    }
}

/// How the menu names the rules in force: a preset by its name, a player's own file (known by
/// its file name, see [`config::file_label`]) as `your rules (my.toml)`.
fn rules_label(rules: &Rules, ui: &Ui) -> String {
    if presets::get(&rules.name).is_some() {
        rules.name.clone()
    } else {
        format!("{} ({})", ui.words.your_rules, rules.name)
    }
}

/// The player's own rules file, when there is one: `$NEW2048_CONFIG`, else the config folder's.
fn own_rules_file() -> Option<std::path::PathBuf> {
    config::paths::config_env()
        .or_else(config::paths::user_config_file)
        .filter(|p| p.is_file())
}

/// The rules sub-menu: each preset with a line on what it changes and how hard it is (cut
/// between words in a narrow window), then the player's own rules file when there is one. A file that has
/// become unreadable or wrong since the game started is not offered. The rules in force
/// (`current`) are highlighted first; a choice whose rules cannot be loaded goes back to the menu.
/// The rules sub-menu: a preset or the player's file put in force (back to the menu), or the
/// editor, which may start a game at once.
fn change_rules(ui: &Ui, rules: &mut Arc<Rules>, notes: &mut Vec<(String, Tone)>) -> Sub<Match> {
    match pick_preset(ui, rules) {
        Sub::Chose(Some(r)) => {
            *rules = Arc::new(r);
            Sub::Back
        }
        Sub::Chose(None) => edit_own(ui, rules, notes),
        Sub::Back => Sub::Back,
        Sub::Leave => Sub::Leave,
    }
}

/// The rules editor on the player's own file: a game with the rules edited ("play"), or back
/// to the menu with the rules last saved in force (a file that cannot be read is said in
/// `notes`).
fn edit_own(ui: &Ui, rules: &mut Arc<Rules>, notes: &mut Vec<(String, Tone)>) -> Sub<Match> {
    let edited =
        super::editor::own_file().and_then(|(path, text)| super::editor::edit(ui, &path, &text));
    match edited {
        Ok(Edited::Play(r)) => {
            *rules = Arc::new(r);
            let (g, m) = fresh_game(rules);
            Sub::Chose(Match::Cards(Box::new(g), m))
        }
        Ok(Edited::Back(saved)) => {
            if let Some(r) = saved {
                *rules = Arc::new(r);
            }
            Sub::Back
        }
        Ok(Edited::Stop) => Sub::Leave,
        Err(e) => {
            notes.push((e, Tone::Bad));
            Sub::Back
        }
    }
}

/// The rules sub-menu: a preset, the player's own file, or `None` for the editor.
fn pick_preset(ui: &Ui, current: &Rules) -> Sub<Option<Rules>> {
    let words = ui.words;
    let mut items: Vec<Item> = presets::ALL
        .iter()
        .enumerate()
        .map(|(i, (n, _))| match words.preset_lines.get(i) {
            Some(line) => {
                let [wins, score] = crate::strategy::measured::picker(n);
                Item::new(fill(words.preset_item, &[n, &fill(line, &[&wins, &score])]))
            }
            None => Item::new(*n),
        })
        .collect();
    let own = own_rules_file().and_then(|p| config::load_file(&p).ok().map(|r| (p, r)));
    if let Some((p, _)) = &own {
        let file = p.file_name().map_or_else(
            || p.display().to_string(),
            |f| f.to_string_lossy().into_owned(),
        );
        items.push(Item::forms(vec![
            fill(words.preset_item, &[&words.your_rules, &p.display()]),
            format!("{} ({file})", words.your_rules),
        ]));
    }
    items.push(Item::new(words.edit_rules));
    let now = presets::ALL
        .iter()
        .position(|(n, _)| *n == current.name)
        .or(own.as_ref().map(|_| presets::ALL.len()));
    let i = match select_sub(ui, words.preset_prompt, &items, now.unwrap_or(0)) {
        Sub::Chose(i) => i,
        Sub::Back => return Sub::Back,
        Sub::Leave => return Sub::Leave,
    };
    if i + 1 == items.len() {
        return Sub::Chose(None);
    }
    let loaded = match presets::ALL.get(i) {
        Some((name, _)) => config::load_preset(name).ok(),
        None => own.map(|(_, r)| r),
    };
    loaded.map_or(Sub::Back, |r| Sub::Chose(Some(r)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::kit::{EN, ZH};

    fn info(game: GameKind, of: GameKind, deal: &str, players: &[(&str, u64)]) -> SavedGameInfo {
        use crate::store::PlayerInfo;
        SavedGameInfo {
            number: 1,
            id: "x".into(),
            game,
            of,
            rules: "solitaire".into(),
            rules_hash: String::new(),
            deal: deal.into(),
            score: 120,
            played: 1,
            saved: utc::parse_stamp("2026-12-01T11:55:00Z").unwrap(),
            players: players
                .iter()
                .map(|&(name, score)| PlayerInfo {
                    name: name.into(),
                    score,
                    played: 1,
                })
                .collect(),
            elsewhere: false,
        }
    }

    /// Each kind of saved game says what it is, when, its rules, score and length; narrower
    /// forms keep what it is, when and the score, then what it is and the score.
    #[test]
    fn saved_game_labels() {
        use GameKind::{Cards, Classic, Duel};
        let now = utc::parse_stamp("2026-12-01T12:00:00Z").unwrap();
        let cards = info(Cards, Cards, "seed 42", &[]);
        assert_eq!(
            label(&cards, &EN, now),
            "card game · 5 min ago · solitaire rules · score 120 · 1 card"
        );
        let classic = info(Classic, Classic, "5x5 seed 7", &[]);
        assert_eq!(
            label(&classic, &EN, now),
            "classic 5×5 · 5 min ago · solitaire rules · score 120 · 1 move"
        );
        let duel = info(Duel, Classic, "4x4 seed 7", &[("Ann", 12), ("Bob", 9)]);
        assert_eq!(
            label(&duel, &ZH, now),
            "经典对决 · 5 分钟前 · solitaire 规则 · Ann 12 : Bob 9 · 1 回合"
        );
        let item = saved_item(&duel, &EN, now);
        assert_eq!(
            item.text(200),
            "Resume: classic duel · 5 min ago · solitaire rules · Ann 12 : Bob 9 · 1 turn"
        );
        assert_eq!(
            item.text(60),
            "Resume: classic duel · 5 min ago · Ann 12 : Bob 9"
        );
        assert_eq!(item.text(40), "Resume: classic duel · Ann 12 : Bob 9");
    }

    #[test]
    fn how_long_ago() {
        let now = utc::parse_stamp("2026-12-01T12:00:00Z").unwrap();
        assert_eq!(ago(&EN, now - 5, now), "just now");
        assert_eq!(ago(&EN, now - 300, now), "5 min ago");
        assert_eq!(ago(&EN, now - 3 * 3600, now), "3 h ago");
        assert_eq!(ago(&EN, now - 20 * 3600, now), "yesterday");
        assert_eq!(ago(&EN, now - 3 * 86_400, now), "2026-11-28");
        assert_eq!(ago(&ZH, now - 300, now), "5 分钟前");
        // A clock set back (a save from the future) is "just now", not a panic.
        assert_eq!(ago(&EN, now + 100, now), "just now");
    }
}
