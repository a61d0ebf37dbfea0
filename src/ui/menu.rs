//! The start menu and its sub-menus.
//!
//! The menus are lists of our own ([`super::widgets::list`]): the start menu lists the newest
//! saved games first (through [`crate::store::SavedGames`]: take one up, or delete it after a
//! question), then "More saved games" when there are more (the whole list, scrolled, each one
//! taken up or deleted there), then a new game of each preset and of the player's own rules, each
//! with the player's record with them ([`crate::store::Keeper::played`]), then the other games.
//! After easy wins, the next harder preset is suggested in one line with a key that starts it:
//! harder means a lower share of games won by the best bot, as measured in
//! [`crate::strategy::measured`] (the one source of those figures). Its questions are
//! [`crate::ui::widgets::confirm`]'s.

use std::sync::Arc;

use crate::cards::engine::Game;
use crate::cards::rules::{ClassicRules, Rules};
use crate::config;
use crate::config::presets;
use crate::store::{GameKind, GameMeta, Keepers, Played, Resumed};
use crate::store::{ResumeError, SavedGameInfo};
use crate::utc;

use crate::ui::editor::Edited;
use crate::ui::kit::{Tone, Words, cut_words, fill, plural, wrap};
use crate::ui::play::{DuelGame, Match, Setup, default_names};
use crate::ui::play::{confirm, pick};
use crate::ui::term::Ui;
use crate::ui::widgets::{Item, List, Picked};

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

/// What the player makes of a saved game offered instead of a new one.
pub(crate) enum Resume {
    /// Take the saved game up.
    Saved(Resumed),
    /// A new game: there is no save, or the player said no.
    Fresh,
    /// A signal came: leave the program.
    Leave,
}

/// Asks `question` under the title and `about` (wrapped, so it is whole in a narrow window):
/// yes (the default) takes the save up with `take`.
fn offer(ui: &Ui, about: &str, question: &str, take: impl FnOnce() -> Option<Resumed>) -> Resume {
    let draw = || {
        title(ui);
        let (width, _) = super::term::size(&ui.term);
        for l in wrap(about, width.saturating_sub(2).max(1)) {
            let _ = ui.term.write_line(&format!("  {l}"));
        }
    };
    draw();
    let answer = confirm(ui, question, true, draw);
    if ui.signals.stop() {
        return Resume::Leave;
    }
    match answer {
        Some(true) => take().map_or(Resume::Fresh, Resume::Saved),
        _ => Resume::Fresh,
    }
}

/// Offers the saved classic game, when there is one.
pub(crate) fn saved_classic(ui: &Ui, keeper: &mut dyn Keepers) -> Resume {
    let Some((g, m)) = keeper.saved_classic() else {
        return Resume::Fresh;
    };
    let question = fill(ui.words.resume_classic, &[&g.score(), &g.moves().len()]);
    offer(ui, "", &question, || Some(Resumed::Classic(Box::new(g), m)))
}

/// A new card game whose deal (a seed, a daily deal) and rules a saved game has: offers to take
/// that save up rather than start a second copy of it. A game already begun is not asked about.
pub(crate) fn saved_deal(
    ui: &Ui,
    keeper: &mut dyn Keepers,
    game: &Game,
    meta: &GameMeta,
) -> Resume {
    if !game.moves().is_empty() {
        return Resume::Fresh;
    }
    let deal = crate::store::deal_text(&meta.deal);
    let hash = game.rules().hash();
    let Some(saved) = keeper.saved_games().into_iter().find(|i| {
        i.game == GameKind::Cards && i.played > 0 && i.deal == deal && i.rules_hash == hash
    }) else {
        return Resume::Fresh;
    };
    let words = ui.words;
    let about = fill(
        words.resume_deal,
        &[
            &ago(words, saved.saved, utc::now()),
            &saved.score,
            &plural(words.menu_played_cards, saved.played),
        ],
    );
    offer(ui, &about, words.resume_deal_ask, || {
        keeper.resume(&saved.id).ok()
    })
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

/// A saved game's texts in the menu, longest first: the whole [`label`] after "Resume:", then
/// shorter and shorter ones that still say what it is, its rules, its length and when it was
/// played (its score too, but in the shortest), so that saves stay told apart at 40 columns.
fn saved_forms(info: &SavedGameInfo, words: &Words, now: u64) -> Vec<String> {
    let long = label(info, words, now);
    let side = info.deal.split(['x', ' ']).next().unwrap_or("?");
    let kind = match (info.game, info.of) {
        (GameKind::Duel, GameKind::Classic) => {
            format!("{} {side}×{side}", words.menu_mode_duel_short)
        }
        (GameKind::Duel, _) => words.menu_mode_duel_short.to_string(),
        (GameKind::Classic, _) => format!("{side}×{side}"),
        (GameKind::Cards, _) => words.menu_mode_cards_short.to_string(),
    };
    let played = plural(
        match info.of {
            GameKind::Classic if info.game == GameKind::Classic => words.menu_played_moves,
            _ if info.game == GameKind::Duel => words.menu_played_turns,
            _ => words.menu_played_cards,
        },
        info.played,
    );
    let score = if info.players.is_empty() {
        info.score.to_string()
    } else {
        info.score_text()
    };
    let when = ago_short(words, info.saved, now);
    let parts: Vec<&str> = long.split(" · ").collect();
    let part = |i: usize| parts.get(i).copied().unwrap_or("");
    vec![
        fill(words.menu_saved_item, &[&long]),
        fill(
            words.menu_saved_item,
            &[&[part(0), part(1), &info.rules, part(3), part(4)].join(" · ")],
        ),
        [kind.as_str(), &info.rules, &score, &played, &when].join(" · "),
        [kind.as_str(), &info.rules, &played, &when].join(" · "),
    ]
}

/// The items of `saved` (as listed, newest first): where two would read the same in a form,
/// that form says their deal too, and their place in the list if even that is the same (two
/// copies of one deal), so no two rows ever look alike. The shortest form, made for 40
/// columns, has no room for a deal: it says the place alone.
fn saved_items(saved: &[SavedGameInfo], words: &Words, now: u64) -> Vec<Item> {
    let mut forms: Vec<Vec<String>> = saved.iter().map(|i| saved_forms(i, words, now)).collect();
    let deal: &dyn Fn(&SavedGameInfo) -> String = &|i| i.deal.clone();
    let place: &dyn Fn(&SavedGameInfo) -> String = &|i| format!("#{}", i.number);
    let n = forms.first().map_or(0, Vec::len);
    for k in 0..n {
        let tells = if k + 1 == n {
            vec![place]
        } else {
            vec![deal, place]
        };
        for tell in tells {
            let same: Vec<bool> = (0..forms.len())
                .map(|i| (0..forms.len()).any(|j| j != i && forms[j][k] == forms[i][k]))
                .collect();
            for (i, _) in same.iter().enumerate().filter(|(_, s)| **s) {
                let t = tell(&saved[i]);
                forms[i][k] = format!("{} · {t}", forms[i][k]);
            }
        }
    }
    forms.into_iter().map(Item::forms).collect()
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

/// [`ago`] in fewer columns: `now`, `5m`, `3h`, `1d` (yesterday), else the month and day.
fn ago_short(words: &Words, then: u64, now: u64) -> String {
    let secs = now.saturating_sub(then);
    let day = utc::date(then);
    let [just, min, hours, yesterday] = words.ago_short;
    match secs {
        0..60 => just.to_string(),
        60..3600 => fill(min, &[&(secs / 60)]),
        _ if day == utc::date(now) => fill(hours, &[&(secs / 3600)]),
        _ if day == utc::date(now.saturating_sub(86_400)) => yesterday.to_string(),
        _ => day.get(5..).unwrap_or(&day).to_string(),
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

/// How many saved games the start menu lists before "More saved games".
const NEWEST: usize = 3;

/// Rules a new game can be started with from the start menu, and the player's record with them.
struct Offer {
    /// As the menu names them: a preset's name, `your rules (my.toml)`.
    name: String,
    rules: Rules,
    /// One of the shipped presets (whose difficulty was measured).
    preset: bool,
    played: Played,
}

/// The rules the start menu offers a new game of: the presets, easiest first (the best bot's
/// share of games won, from [`crate::strategy::measured`], highest first), then the rules in
/// force when they are the player's own, then the player's rules file when it holds other
/// rules; each with what history says of the player's games with them.
fn offers(ui: &Ui, rules: &Rules, keeper: &dyn Keepers) -> Vec<Offer> {
    let mut all: Vec<(String, Rules, bool)> = presets_by_ease()
        .into_iter()
        .filter_map(|name| {
            config::load_preset(name)
                .ok()
                .map(|r| (name.to_string(), r, true))
        })
        .collect();
    let own = own_rules_file().and_then(|p| config::load_file(&p).ok());
    for r in std::iter::once(rules.clone()).chain(own) {
        if all.iter().all(|(_, o, _)| o.hash() != r.hash()) {
            all.push((rules_label(&r, ui), r, false));
        }
    }
    all.into_iter()
        .map(|(name, rules, preset)| Offer {
            played: keeper.played(&rules),
            name,
            rules,
            preset,
        })
        .collect()
}

/// The presets, easiest first: by the share of games the best bot wins with them, as measured.
fn presets_by_ease() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = presets::ALL.iter().map(|(n, _)| *n).collect();
    let won = |n: &str| {
        crate::strategy::measured::find(n, "best")
            .map_or(0, crate::strategy::measured::Figure::win_percent)
    };
    names.sort_by_key(|n| std::cmp::Reverse(won(n)));
    names
}

/// The line that suggests harder rules, and which of `offers` it suggests: after easy wins with
/// a preset (three wins in a row, or at least 70% of five games or more won), the next harder
/// preset the player has not also found easy. `None` before easy wins, or once the hardest is.
fn suggestion(words: &Words, offers: &[Offer]) -> Option<(String, usize)> {
    let easy = |p: &Played| p.streak >= 3 || (p.games >= 5 && p.win_percent() >= 70);
    let presets = offers.iter().take_while(|o| o.preset).count();
    let mastered = (0..presets).rev().find(|&i| easy(&offers[i].played))?;
    let next = mastered + 1;
    if next >= presets {
        return None;
    }
    let (o, n) = (&offers[mastered], &offers[next].name);
    let line = if o.played.streak >= 3 {
        fill(words.menu_try_streak, &[&o.name, &o.played.streak, n])
    } else {
        fill(words.menu_try_rate, &[&o.name, &o.played.win_percent(), n])
    };
    Some((line, next))
}

/// A new game of `offer` as the menu lists it: `New game: hard · best 120 · 5 played, 40% won`,
/// shorter in narrower windows; `not played yet` when history has none.
fn offer_item(words: &Words, offer: &Offer) -> Item {
    let new = fill(words.preset_item, &[&words.menu_new, &offer.name]);
    let p = offer.played;
    let records = if p.games == 0 {
        vec![words.menu_not_played.to_string(); 2]
    } else {
        let best = p.best.unwrap_or(0);
        vec![
            fill(words.menu_record, &[&best, &p.games, &p.win_percent()]),
            fill(words.menu_record_short, &[&best, &p.win_percent()]),
        ]
    };
    Item::forms(vec![
        format!("{new} · {}", records[0]),
        format!("{new} · {}", records[1]),
        format!("{} · {}", offer.name, records[1]),
        new,
    ])
}

/// The start menu's items: the newest saved games (and "More saved games" when there are
/// more), a new game of each of `offers` (the one `suggested` started by `t`), classic 2048, a
/// duel, the daily deal, the rules (named `rules_label`) and quit. `daily_best` is the best
/// score of today's deal with these rules, once it was played.
#[allow(clippy::too_many_arguments)]
fn menu_items(
    words: &Words,
    saved: &[SavedGameInfo],
    offers: &[Offer],
    suggested: Option<usize>,
    rules: &Rules,
    rules_label: &str,
    now: u64,
    daily_best: Option<u64>,
) -> Vec<(Item, Choice)> {
    let mut items: Vec<(Item, Choice)> = saved_items(saved, words, now)
        .into_iter()
        .take(NEWEST)
        .enumerate()
        .map(|(i, item)| (item, Choice::Resume(i)))
        .collect();
    if saved.len() > NEWEST {
        let more = fill(words.menu_more_saved, &[&(saved.len() - NEWEST)]);
        items.push((Item::new(more), Choice::More));
    }
    for (k, o) in offers.iter().enumerate() {
        let item = offer_item(words, o);
        let item = if suggested == Some(k) {
            item.with_key('t')
        } else {
            item
        };
        items.push((item, Choice::New(k)));
    }
    let both = |long: String, short: String| Item::forms(vec![long, short]);
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

/// Asks whether to delete saved game `info`, and deletes it on yes: what to say of it, or
/// `Err` when a signal came meanwhile.
fn delete_saved(
    ui: &Ui,
    keeper: &mut dyn Keepers,
    info: &SavedGameInfo,
    now: u64,
) -> Result<Option<(String, Tone)>, ()> {
    let words = ui.words;
    let question = fill(words.menu_delete, &[&label(info, words, now)]);
    title(ui);
    if confirm(ui, &question, false, || title(ui)) == Some(true) {
        return Ok(Some(match keeper.delete_saved(&info.id) {
            Ok(()) => (words.menu_deleted.to_string(), Tone::Info),
            Err(e) => (refused(&e, words), Tone::Bad),
        }));
    }
    if ui.signals.stop() {
        return Err(());
    }
    Ok(None)
}

/// Every saved game, newest first, scrolled when they do not fit: one taken up, or deleted
/// (after a question, then the list again). Back to the menu with `q`, or once none is left.
fn all_saved(ui: &Ui, keeper: &mut dyn Keepers, notes: &mut Vec<(String, Tone)>) -> Sub<Resumed> {
    let words = ui.words;
    let mut said: Vec<(String, Tone)> = Vec::new();
    let mut at = 0;
    loop {
        let saved = keeper.saved_games();
        if saved.is_empty() {
            notes.append(&mut said);
            return Sub::Back;
        }
        let now = utc::now();
        let items = saved_items(&saved, words, now);
        let question = fill(words.saved_prompt, &[&saved.len()]);
        let deletable = vec![true; items.len()];
        let picked = select(
            ui,
            &said,
            &question,
            &items,
            &deletable,
            words.saved_keys,
            at,
        );
        said.clear();
        match picked {
            Picked::Item(i) => match keeper.resume(&saved[i].id) {
                Ok(r) => return Sub::Chose(r),
                Err(e) => said.push((refused(&e, words), Tone::Bad)),
            },
            Picked::Delete(i) => match delete_saved(ui, keeper, &saved[i], now) {
                Ok(note) => {
                    said.extend(note);
                    at = i;
                }
                Err(()) => return Sub::Leave,
            },
            Picked::Back => {
                notes.append(&mut said);
                return Sub::Back;
            }
            Picked::Stop => return Sub::Leave,
        }
    }
}

/// What the start menu shows now: the saved games, the rules offered and the items, with what
/// is said above them added to `notes` (saves open elsewhere, the suggestion, the warnings).
fn menu_now(
    ui: &Ui,
    rules: &Rules,
    keeper: &mut dyn Keepers,
    notes: &mut Vec<(String, Tone)>,
    now: u64,
) -> (Vec<SavedGameInfo>, Vec<Offer>, Vec<(Item, Choice)>) {
    let words = ui.words;
    let saved = keeper.saved_games();
    let elsewhere = keeper.open_elsewhere();
    if elsewhere > 0 {
        notes.push((
            plural(words.menu_open_elsewhere, elsewhere as u64),
            Tone::Info,
        ));
    }
    let played = keeper.daily_best(rules, &utc::date(now));
    let offers = offers(ui, rules, keeper);
    let suggested = suggestion(words, &offers);
    if let Some((line, _)) = &suggested {
        notes.push((line.clone(), Tone::Good));
    }
    let items = menu_items(
        words,
        &saved,
        &offers,
        suggested.map(|(_, k)| k),
        rules,
        &rules_label(rules, ui),
        now,
        played,
    );
    for w in keeper.take_warnings() {
        notes.push((w, Tone::Bad));
    }
    (saved, offers, items)
}

/// The start menu: the newest saved games (to resume or delete) and more of them, then a new
/// game of each preset and of the player's own rules with the player's record with them, then
/// classic 2048, a duel, the daily deal, the rules in force and quit. After easy wins, a line
/// suggests harder rules (`t` starts them). Changing the rules comes back to the menu with the
/// new rules in force, as does a new game of other rules. `news` (a game just left saved, a
/// daily deal's result) is said above the question. `None` to leave.
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
        let now = utc::now();
        let (saved, offers, items) = menu_now(ui, rules, keeper, &mut notes, now);
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
        // wants: it is highlighted first, else a new game of the rules in force; back from a
        // sub-menu, the item that led there is.
        let current = offers
            .iter()
            .position(|o| o.rules.hash() == rules.hash())
            .filter(|_| saved.is_empty());
        let default = items
            .iter()
            .position(|(_, c)| Some(*c) == back)
            .or_else(|| current.and_then(|k| items.iter().position(|(_, c)| *c == Choice::New(k))))
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
                    match delete_saved(ui, keeper, &saved[n], now) {
                        Ok(note) => notes.extend(note),
                        Err(()) => return None,
                    }
                    continue;
                }
                _ => continue,
            },
            Picked::Back | Picked::Stop => Choice::Quit,
        };
        match choice {
            Choice::New(k) => {
                let offer = offers.into_iter().nth(k)?;
                *rules = Arc::new(offer.rules);
                let (g, m) = fresh_game(rules);
                return Some(Match::Cards(Box::new(g), m));
            }
            Choice::Resume(n) => match keeper.resume(&saved[n].id) {
                Ok(r) => return Some(Match::Saved(r)),
                Err(e) => notes.push((refused(&e, words), Tone::Bad)),
            },
            Choice::More => match all_saved(ui, keeper, &mut notes) {
                Sub::Chose(r) => return Some(Match::Saved(r)),
                Sub::Back => {}
                Sub::Leave => return None,
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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    /// The saved game at this place in the list.
    Resume(usize),
    /// Every saved game.
    More,
    /// A new game of the rules offered at this place.
    New(usize),
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
        let item = &saved_items(std::slice::from_ref(&duel), &EN, now)[0];
        assert_eq!(
            item.text(200),
            "Resume: classic duel · 5 min ago · solitaire rules · Ann 12 : Bob 9 · 1 turn"
        );
        assert_eq!(
            item.text(72),
            "Resume: classic duel · 5 min ago · solitaire · Ann 12 : Bob 9 · 1 turn"
        );
        assert_eq!(
            item.text(60),
            "duel 4×4 · solitaire · Ann 12 : Bob 9 · 1 turn · 5m"
        );
        assert_eq!(item.text(40), "duel 4×4 · solitaire · 1 turn · 5m");
    }

    /// At 40 columns (and wider), in both languages, saves of every kind read apart: what
    /// they are, their rules, their length and when they were played; two saves alike in all of
    /// that say their deal, two copies of one deal their place in the list.
    #[test]
    fn saved_rows_are_told_apart() {
        use GameKind::{Cards, Classic, Duel};
        let now = utc::parse_stamp("2026-12-01T12:00:00Z").unwrap();
        let mut all = vec![
            info(Cards, Cards, "seed 42", &[]),
            info(Cards, Cards, "seed 43", &[]),
            info(Cards, Cards, "seed 43", &[]),
            info(Classic, Classic, "4x4 seed 7", &[]),
            info(Classic, Classic, "4x4 seed 8", &[]),
            info(Duel, Cards, "seed 5", &[("Ann", 1), ("Bob", 2)]),
            info(Cards, Cards, "daily 2026-12-01", &[]),
        ];
        all[1].saved -= 3 * 3600;
        all[6].rules = "default".into();
        for (i, s) in all.iter_mut().enumerate() {
            s.number = i + 1;
        }
        for words in [&EN, &ZH] {
            let items = saved_items(&all, words, now);
            for width in [40, 60, 80, 160] {
                let texts: Vec<String> = items.iter().map(|i| i.text(width)).collect();
                for (i, t) in texts.iter().enumerate() {
                    assert!(console::measure_text_width(t) <= width - 2, "{t}");
                    assert!(!t.contains('…'), "cut at {width}: {t}");
                    for u in &texts[i + 1..] {
                        assert_ne!(t, u, "two rows alike at {width}: {texts:#?}");
                    }
                }
            }
        }
        let texts: Vec<String> = saved_items(&all, &EN, now)
            .iter()
            .map(|i| i.text(40))
            .collect();
        assert_eq!(texts[0], "cards · solitaire · 1 card · 5m · #1");
        assert_eq!(texts[1], "cards · solitaire · 120 · 1 card · 3h");
        assert_eq!(texts[2], "cards · solitaire · 1 card · 5m · #3");
        assert_eq!(texts[3], "4×4 · solitaire · 1 move · 5m · #4");
        // Wider, the deal tells them apart.
        let wide = saved_items(&all, &EN, now)[3].text(60);
        assert_eq!(wide, "4×4 · solitaire · 120 · 1 move · 5m · 4x4 seed 7");
    }

    fn offer(name: &str, preset: bool, games: u32, wins: u32, streak: u32) -> Offer {
        Offer {
            name: name.into(),
            rules: Rules::default_rules(),
            preset,
            played: Played {
                games,
                wins,
                streak,
                best: (games > 0).then_some(321),
            },
        }
    }

    /// Three saves at most, then "More saved games"; a new game of each rules offered, with the
    /// player's record, `t` on the one suggested.
    #[test]
    fn the_menu_lists_three_saves_and_the_presets_with_a_record() {
        let now = utc::parse_stamp("2026-12-01T12:00:00Z").unwrap();
        let saved: Vec<SavedGameInfo> = (0..5)
            .map(|i| {
                let mut s = info(GameKind::Cards, GameKind::Cards, &format!("seed {i}"), &[]);
                s.number = i + 1;
                s
            })
            .collect();
        let offers = [
            offer("default", true, 4, 3, 3),
            offer("hard", true, 0, 0, 0),
        ];
        let rules = Rules::default_rules();
        let items = menu_items(&EN, &saved, &offers, Some(1), &rules, "default", now, None);
        let choices: Vec<Choice> = items.iter().map(|(_, c)| *c).collect();
        assert_eq!(
            &choices[..6],
            &[
                Choice::Resume(0),
                Choice::Resume(1),
                Choice::Resume(2),
                Choice::More,
                Choice::New(0),
                Choice::New(1),
            ]
        );
        assert_eq!(items[3].0.text(80), "More saved games (2)");
        assert_eq!(
            items[4].0.text(80),
            "New game: default · best 321 · 4 played, 75% won"
        );
        assert_eq!(
            items[4].0.text(40),
            "New game: default · best 321 · 75% won"
        );
        assert_eq!(items[4].0.text(36), "default · best 321 · 75% won");
        assert_eq!(items[5].0.text(80), "New game: hard · not played yet");
        assert_eq!(items[5].0, offer_item(&EN, &offers[1]).with_key('t'));
        let few = menu_items(
            &ZH,
            &saved[..3],
            &offers,
            None,
            &rules,
            "default",
            now,
            None,
        );
        assert!(!few.iter().any(|(_, c)| *c == Choice::More));
        assert_eq!(
            few[3].0.text(80),
            "新游戏：default · 最高 321 · 玩了 4 局，胜率 75%"
        );
    }

    /// Easy wins with a preset suggest the next harder one; the hardest, or rules of the
    /// player's own, suggest nothing; nor do a few wins.
    #[test]
    fn easy_wins_suggest_harder_rules() {
        let fresh = || offer("hard", true, 0, 0, 0);
        let own = offer("your rules (my)", false, 9, 9, 9);
        let streak = [offer("default", true, 3, 3, 3), fresh(), own];
        let (line, k) = suggestion(&EN, &streak).unwrap();
        assert_eq!(k, 1);
        assert_eq!(
            line,
            "On default you won 3 in a row: try hard next (press t)."
        );
        let rate = [offer("default", true, 10, 8, 0), fresh()];
        let (line, _) = suggestion(&ZH, &rate).unwrap();
        assert_eq!(
            line,
            "default 规则下你的胜率是 80%：下一步试试 hard（按 t 开始）。"
        );
        assert!(suggestion(&EN, &[offer("default", true, 4, 2, 2), fresh()]).is_none());
        assert!(suggestion(&EN, &[offer("default", true, 3, 3, 3)]).is_none());
        // Harder rules found easy too: the one after them is suggested.
        let both = [
            offer("default", true, 3, 3, 3),
            offer("hard", true, 3, 3, 3),
            offer("solitaire", true, 0, 0, 0),
        ];
        assert_eq!(suggestion(&EN, &both).unwrap().1, 2);
        // The presets are offered easiest first, as the bots measured them.
        assert_eq!(presets_by_ease(), ["default", "hard", "solitaire"]);
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
        assert_eq!(ago_short(&EN, now - 300, now), "5m");
        assert_eq!(ago_short(&EN, now - 3 * 86_400, now), "11-28");
        assert_eq!(ago_short(&ZH, now - 3 * 3600, now), "3小时");
    }
}
