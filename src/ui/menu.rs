//! The dialoguer prompts: the start menu and every yes/no question.
//!
//! All prompts draw on the game's own terminal handle (stdout), never on stderr, because
//! dialoguer refuses to run when its terminal is not a tty and a player may well redirect stderr.
//! A prompt that fails or is left with Esc counts as "no" / "quit": answering a question must
//! never crash the game.

use std::sync::Arc;

use dialoguer::{Confirm, Select};

use crate::cards::engine::Game;
use crate::cards::rules::{ClassicRules, Rules};
use crate::classic::ClassicGame;
use crate::config;
use crate::config::presets;
use crate::store::keeper::{ClassicMeta, Deal, GameMeta, Keepers};
use crate::store::utc;

use super::duel::{DuelGame, Setup, default_names};
use super::i18n::fill;
use super::theme::Tone;
use super::{Match, Ui};

/// Runs a dialoguer prompt until it is answered or left. A resize interrupts the prompt's key
/// read and console then raises SIGINT as for Ctrl-C: that interrupt is forgiven, the screen
/// behind the prompt is redrawn at the new size and the prompt shown again.
fn prompt<T>(
    ui: &Ui,
    mut redraw: impl FnMut(),
    mut ask: impl FnMut() -> dialoguer::Result<Option<T>>,
) -> Option<T> {
    if ui.signals.take_resize() {
        redraw();
    }
    let answer = loop {
        // A Ctrl-C typed while the screen was drawn has already been turned into SIGINT (and the
        // typed keys dropped): asking now would wait for a key that never comes.
        if ui.signals.stop() {
            break None;
        }
        match ask() {
            Ok(v) => break v,
            Err(_) if ui.signals.take_resize() => {
                ui.signals.forgive_interrupt();
                if ui.signals.stop() {
                    break None;
                }
                redraw();
            }
            Err(_) => break None,
        }
    };
    let _ = ui.term.hide_cursor();
    answer
}

/// Asks a yes/no question where the cursor is; `None` when it was left (Esc, q, Ctrl-C, an
/// error). `redraw` draws the screen behind the question again after a resize.
pub(crate) fn confirm(
    ui: &Ui,
    question: &str,
    default: bool,
    redraw: impl FnMut(),
) -> Option<bool> {
    let t = ui.theme.dialog(ui.words);
    // The question, its keys and the answer on one line: a wrapped prompt would scroll the
    // screen behind it (at 40 columns, the score off the top).
    let (width, _) = super::term::size(&ui.term);
    let keys = console::measure_text_width(ui.words.yes_no_keys)
        + console::measure_text_width(ui.words.yes).max(console::measure_text_width(ui.words.no));
    let question = fit_words(question, width.saturating_sub(keys + 5).max(8));
    prompt(ui, redraw, || {
        Confirm::with_theme(&t)
            .with_prompt(&question)
            .default(default)
            .report(false)
            .interact_on_opt(&ui.term)
    })
}

/// The game's name and tagline on a clear screen, above a menu or a question.
fn title(ui: &Ui) {
    let _ = ui.term.clear_screen();
    let _ = ui.term.write_line(
        &ui.theme
            .paint(&format!("  {}", ui.words.title), Tone::Title),
    );
    let (width, _) = super::term::size(&ui.term);
    let tagline = super::theme::fit(&format!("  {}", ui.words.tagline), width);
    let _ = ui.term.write_line(&ui.theme.paint(&tagline, Tone::Label));
    let _ = ui.term.write_line("");
}

/// `text` in at most `width` columns, cut between words with `…` when it is longer, so a narrow
/// terminal never breaks a word in two (`boa` / `rd)`).
fn fit_words(text: &str, width: usize) -> String {
    if console::measure_text_width(text) <= width {
        return text.to_string();
    }
    let mut out = String::new();
    for word in text.split(' ') {
        let next = if out.is_empty() {
            word.to_string()
        } else {
            format!("{out} {word}")
        };
        if console::measure_text_width(&next) + 1 > width {
            break;
        }
        out = next;
    }
    if out.is_empty() {
        // One long word (or Chinese text without spaces): cut it.
        out = super::theme::fit(text, width.saturating_sub(1));
    }
    format!("{}…", out.trim_end_matches([',', ' ', '(', ':']))
}

/// A list to choose from under a title; `None` when it was left.
/// A themed menu; `default` is the item highlighted first. Items are cut between words to the
/// terminal's width (less dialoguer's marker), so none wraps.
fn select(ui: &Ui, question: &str, items: &[String], default: usize) -> Option<usize> {
    let t = ui.theme.dialog(ui.words);
    let (width, _) = super::term::size(&ui.term);
    let items: Vec<String> = items
        .iter()
        .map(|i| fit_words(i, width.saturating_sub(3).max(8)))
        .collect();
    let question = fit_words(question, width.saturating_sub(6).max(8));
    let (items, question) = (&items[..], question.as_str());
    title(ui);
    prompt(
        ui,
        || title(ui),
        || {
            Select::with_theme(&t)
                .with_prompt(question)
                .items(items)
                .default(default)
                .report(false)
                .interact_on_opt(&ui.term)
        },
    )
}

/// A new game of `rules` from a fresh seed.
pub(crate) fn fresh_game(rules: &Arc<Rules>) -> (Game, GameMeta) {
    let seed = crate::store::keeper::fresh_seed();
    (
        Game::with_seed(Arc::clone(rules), seed),
        GameMeta {
            deal: Deal::Seed { seed },
            started: utc::now(),
        },
    )
}

/// A new classic game of `rules` (from the rules file `name`) from a fresh seed.
pub(crate) fn fresh_classic(rules: ClassicRules, name: &str) -> Match {
    let game = ClassicGame::new(rules, crate::store::keeper::fresh_seed());
    let meta = ClassicMeta {
        rules_name: name.to_string(),
        started: utc::now(),
    };
    Match::Classic(Box::new(game), meta)
}

/// Offers the saved classic game, when there is one: `Some(Some(saved))` to resume it,
/// `Some(None)` for a new game (no save, or the player said no), `None` when a signal came.
pub(crate) fn saved_classic(
    ui: &Ui,
    keeper: &mut dyn Keepers,
) -> Option<Option<(ClassicGame, ClassicMeta)>> {
    let Some((g, m)) = keeper.saved_classic() else {
        return Some(None);
    };
    let question = fill(ui.words.resume_classic, &[&g.score(), &g.moves().len()]);
    title(ui);
    let answer = confirm(ui, &question, true, || title(ui));
    if ui.signals.stop() {
        return None;
    }
    Some((answer == Some(true)).then_some((g, m)))
}

/// The start menu: new game, resume (when a game is saved), classic 2048 (and resuming it),
/// a duel, the daily deal, the rules preset, quit. Changing the rules comes back to the menu
/// with the new rules in force. `None` to leave.
pub(crate) fn start(ui: &Ui, rules: &mut Arc<Rules>, keeper: &mut dyn Keepers) -> Option<Match> {
    let words = ui.words;
    let mut saved = keeper.saved();
    let mut saved_classic = keeper.saved_classic();
    loop {
        let mut items: Vec<(String, Choice)> = vec![(words.menu_new.to_string(), Choice::New)];
        if let Some((g, _)) = &saved {
            let p = g.position();
            items.push((
                fill(words.menu_resume, &[&p.score, &p.stats.cards_played]),
                Choice::Resume,
            ));
        }
        let side = rules.classic.size;
        items.push((fill(words.menu_classic, &[&side, &side]), Choice::Classic));
        if let Some((g, _)) = &saved_classic {
            items.push((
                fill(words.menu_classic_resume, &[&g.score(), &g.moves().len()]),
                Choice::ResumeClassic,
            ));
        }
        items.push((words.menu_duel.to_string(), Choice::Duel));
        let today = utc::date(utc::now());
        items.push((fill(words.menu_daily, &[&today]), Choice::Daily));
        items.push((
            fill(words.menu_rules, &[&rules_label(rules, ui)]),
            Choice::Rules,
        ));
        items.push((words.menu_quit.to_string(), Choice::Quit));
        let mut prompt = words.menu_prompt.to_string();
        for w in keeper.take_warnings() {
            prompt = format!("{w}\n{prompt}");
        }
        let labels: Vec<String> = items.iter().map(|(s, _)| s.clone()).collect();
        // A game in progress is what a returning player most likely wants: highlight it first.
        let default = items
            .iter()
            .position(|(_, c)| *c == Choice::Resume)
            .unwrap_or(0);
        let choice = match select(ui, &prompt, &labels, default) {
            Some(i) => items[i].1,
            None => Choice::Quit,
        };
        match choice {
            Choice::New => {
                let (g, m) = fresh_game(rules);
                return Some(Match::Cards(Box::new(g), m));
            }
            Choice::Resume => {
                if let Some((g, m)) = saved.take() {
                    return Some(Match::Cards(Box::new(g), m));
                }
            }
            Choice::Classic => return Some(fresh_classic(rules.classic, &rules.name)),
            Choice::ResumeClassic => {
                if let Some((g, m)) = saved_classic.take() {
                    return Some(Match::Classic(Box::new(g), m));
                }
            }
            Choice::Duel => {
                if let Some(game) = pick_duel(ui, rules) {
                    let names = default_names(words);
                    return Some(Match::Duel(Setup {
                        game,
                        names,
                        seed: None,
                    }));
                }
            }
            Choice::Daily => {
                // Today's deal cannot fail: only a date given by hand can be wrong.
                if let Ok((g, m)) = crate::store::keeper::daily_game(Rules::clone(rules), None) {
                    return Some(Match::Cards(Box::new(g), m));
                }
            }
            Choice::Rules => {
                if let Some(r) = pick_preset(ui) {
                    *rules = Arc::new(r);
                }
            }
            Choice::Quit => return None,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Choice {
    New,
    Resume,
    Classic,
    ResumeClassic,
    Duel,
    Daily,
    Rules,
    Quit,
}

/// Which game to duel at; `None` when the question was left (back to the menu).
fn pick_duel(ui: &Ui, rules: &Arc<Rules>) -> Option<DuelGame> {
    let words = ui.words;
    let items = [words.duel_cards.to_string(), words.duel_classic.to_string()];
    match select(ui, words.duel_prompt, &items, 0)? {
        0 => Some(DuelGame::Cards(Arc::clone(rules))),
        _ => Some(DuelGame::Classic(rules.classic, rules.name.clone())),
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

/// The rules submenu: each preset with a line on what it changes and how hard it is, then the
/// player's own rules file when there is one. A file that has become unreadable or wrong since
/// the game started is not offered.
fn pick_preset(ui: &Ui) -> Option<Rules> {
    let words = ui.words;
    let mut items: Vec<String> = presets::ALL
        .iter()
        .enumerate()
        .map(|(i, (n, _))| match words.preset_lines.get(i) {
            Some(line) => format!("{n}: {line}"),
            None => (*n).to_string(),
        })
        .collect();
    let own = own_rules_file().and_then(|p| config::load_file(&p).ok().map(|r| (p, r)));
    if let Some((p, _)) = &own {
        items.push(format!("{}: {}", words.your_rules, p.display()));
    }
    let i = select(ui, words.preset_prompt, &items, 0)?;
    match presets::ALL.get(i) {
        Some((name, _)) => config::load_preset(name).ok(),
        None => own.map(|(_, r)| r),
    }
}

#[cfg(test)]
mod tests {
    use super::fit_words;

    #[test]
    fn menu_items_are_cut_between_words() {
        let item = "Resume the saved game (score 12, cards played: 30)";
        let cut = fit_words(item, 37);
        assert_eq!(cut, "Resume the saved game (score 12…");
        assert!(console::measure_text_width(&cut) <= 37);
        assert_eq!(fit_words("New game", 37), "New game");
        // Chinese has no spaces: cut by width, wide characters whole.
        let zh = fit_words("继续保存的牌局（得分 0，已出 3 张牌）", 20);
        assert!(console::measure_text_width(&zh) <= 20, "{zh}");
        assert!(zh.ends_with('…'));
    }
}
