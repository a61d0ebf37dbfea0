//! The start menu and its sub-menus.
//!
//! The menus are lists of our own (`ui::widgets::list`): the start menu lists the newest
//! saved games first (through [`crate::store::Store::saved_games`]: take one up, or delete it after a
//! question; three, fewer in a short window, so its height is bounded however many games were
//! quit), then "More saved games" when there are more (the whole list, scrolled, each one
//! taken up or deleted there), then a new game of each preset and of the player's own rules, each
//! with the player's record with them ([`crate::store::Store::played`]), then the other games.
//! After easy wins, the next harder preset is suggested in one line with a key that starts it:
//! harder means a lower share of games won by the best bot, as measured in
//! [`crate::strategy::measured`] (the one source of those figures). Its questions are
//! `ui::widgets::confirm`'s.
//!
//! Its rows of saved games are `saved`, the presets offered and suggested `challenge`, the rules
//! sub-menu and the way into the rules editor `rules`.

mod challenge;
mod rules;
mod saved;

use challenge::{Offer, offer_item, offers, rules_label, suggestion};
pub(crate) use rules::unplayable;
use rules::{Broken, broken_sets, change_rules, mend};
use saved::{ago, label, refused, saved_items};
#[cfg(test)]
mod tests;

use std::sync::Arc;

use crate::base::utc;
use crate::cards::engine::Game;
use crate::cards::rules::{ClassicRules, Rules};
use crate::deal::GameMeta;
use crate::record::GameKind;
use crate::store::SavedGameInfo;
use crate::store::{Resumed, Store};

use crate::ui::kit::{Tone, Words, cut_words, fill, plural, wrap};
use crate::ui::play::{DuelGame, GameToPlay, Setup, default_names};
use crate::ui::play::{confirm, pick};
use crate::ui::term::Ui;
use crate::ui::widgets::{Item, List, Picked, column};

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
    head_of(ui.words, ui.theme, width)
}

/// [`head`] in `width` columns.
fn head_of(words: &Words, theme: crate::ui::kit::Theme, width: usize) -> Vec<String> {
    let tagline = format!("  {}", cut_words(words.tagline, width.saturating_sub(2)));
    vec![
        theme.paint(&format!("  {}", words.title), Tone::Title),
        theme.paint(&tagline, Tone::Label),
        String::new(),
    ]
}

/// The lines above a menu's list in `width` columns: [`head`], `notes` in their tones
/// (wrapped, not cut: the line to share of a daily deal must be whole), the question.
fn top_of(
    words: &Words,
    theme: crate::ui::kit::Theme,
    notes: &[(String, Tone)],
    question: &str,
    width: usize,
) -> Vec<String> {
    let mut top = head_of(words, theme, width);
    for (n, tone) in notes {
        for l in n.lines() {
            top.extend(theme.paragraph(l, width, *tone));
        }
    }
    top.push(theme.paint(&format!("? {question}"), Tone::Value));
    top
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
    let (width, _) = super::term::size(&ui.term);
    // The notes wrapped as wide as the list and the tagline, so the menu is centred as a block.
    let tagline = console::measure_text_width(ui.words.tagline) + 2;
    let block = column(items, keys, width).max(tagline).min(width);
    let top = top_of(ui.words, ui.theme, notes, question, block);
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

impl<T> Sub<T> {
    /// The choice made into another.
    fn map<U>(self, f: impl FnOnce(T) -> U) -> Sub<U> {
        match self {
            Sub::Chose(t) => Sub::Chose(f(t)),
            Sub::Back => Sub::Back,
            Sub::Leave => Sub::Leave,
        }
    }
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
    crate::deal::start(Arc::clone(rules), crate::deal::NewDeal::Seed(None))
}

/// A new classic game of `rules` (from the rules file `name`) from a fresh seed.
pub(crate) fn fresh_classic(rules: ClassicRules, name: &str) -> GameToPlay {
    let (game, meta) = crate::deal::start_classic(rules, name, None);
    GameToPlay::Classic(Box::new(game), meta)
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
pub(crate) fn saved_classic(ui: &Ui, store: &mut Store) -> Resume {
    let Some(Resumed::Classic(g, m)) = store.resume_newest(GameKind::Classic) else {
        return Resume::Fresh;
    };
    let moves = plural(ui.words.menu_played_moves, g.moves().len() as u64);
    let question = fill(ui.words.resume_classic, &[&g.score(), &moves]);
    offer(ui, "", &question, || Some(Resumed::Classic(g, m)))
}

/// A new card game whose deal (a seed, a daily deal) and rules a saved game has: offers to take
/// that save up rather than start a second copy of it. A game already begun is not asked about.
pub(crate) fn saved_deal(ui: &Ui, store: &mut Store, game: &Game, meta: &GameMeta) -> Resume {
    if !game.moves().is_empty() {
        return Resume::Fresh;
    }
    let deal = crate::deal::deal_text(&meta.deal);
    let hash = game.rules().hash();
    let Some(saved) = store.saved_games().into_iter().find(|i| {
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
        store.resume(&saved.id).ok()
    })
}

/// How many saved games the start menu lists before "More saved games", where the window has
/// room (see [`saves_shown`]).
const NEWEST: usize = 3;

/// How many of `saved` saved games the start menu lists when `room` lines are left for its
/// items and `others` items are not saves: the newest [`NEWEST`], fewer in a short window so
/// that the new games stay in view, never none. The menu's height is bounded however many games
/// were quit.
fn saves_shown(saved: usize, others: usize, room: usize) -> usize {
    let rows = |shown: usize| shown + usize::from(saved > shown);
    let mut shown = saved.min(NEWEST);
    while shown > 1 && others + rows(shown) > room {
        shown -= 1;
    }
    shown
}

/// What the start menu lists, gathered by [`menu_now`] (the words it is said in apart): a new
/// kind of entry is a field here, its default in [`Listed::of`], and its lines in
/// [`menu_items`].
#[derive(Clone, Copy)]
struct Listed<'a> {
    /// The saved games, newest first.
    saved: &'a [SavedGameInfo],
    /// How many of them are listed before "More saved games" ([`saves_shown`]).
    newest: usize,
    /// The rules offered for a new game.
    offers: &'a [Offer],
    /// The offer `t` starts (harder rules suggested after easy wins).
    suggested: Option<usize>,
    /// The player's rule sets that cannot be played (Enter opens one in the editor).
    broken: &'a [Broken],
    /// The rules in force, and their name as the rules item says it.
    rules: &'a Rules,
    rules_label: &'a str,
    now: u64,
    /// The best score of today's deal with these rules, once it was played.
    daily_best: Option<u64>,
}

impl<'a> Listed<'a> {
    /// The menu of `rules` (named `rules_label`) at `now` and nothing else: no saved game, no
    /// offer, no suggestion, no broken rule set, today's deal not played.
    fn of(rules: &'a Rules, rules_label: &'a str, now: u64) -> Listed<'a> {
        Listed {
            saved: &[],
            newest: NEWEST,
            offers: &[],
            suggested: None,
            broken: &[],
            rules,
            rules_label,
            now,
            daily_best: None,
        }
    }
}

/// The start menu's items: the newest saved games (and "More saved games" when there are
/// more), a new game of each offer (the one suggested started by `t`), the rule sets to mend,
/// classic 2048, a duel, the daily deal, a puzzle, the rules and quit.
fn menu_items(words: &Words, listed: &Listed) -> Vec<(Item, Choice)> {
    let &Listed {
        saved,
        newest,
        offers,
        suggested,
        broken,
        rules,
        rules_label,
        now,
        daily_best,
    } = listed;
    let mut items: Vec<(Item, Choice)> = saved_items(saved, words, now)
        .into_iter()
        .take(newest)
        .enumerate()
        .map(|(i, item)| (item, Choice::Resume(i)))
        .collect();
    if saved.len() > newest {
        let more = fill(words.menu_more_saved, &[&(saved.len() - newest)]);
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
    // A rule set that cannot be played is not hidden: it is listed, marked, and Enter opens it
    // in the editor.
    for (k, b) in broken.iter().enumerate() {
        let item = both(
            fill(words.menu_mend, &[&b.name, &b.why]),
            fill(words.menu_mend_short, &[&b.name]),
        );
        items.push((item, Choice::Mend(k)));
    }
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
        both(
            fill(words.menu_puzzle, &[&crate::deal::puzzle::CARDS]),
            words.menu_puzzle_short.into(),
        ),
        Choice::Puzzle,
    ));
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
    store: &mut Store,
    info: &SavedGameInfo,
    now: u64,
) -> Result<Option<(String, Tone)>, ()> {
    let words = ui.words;
    let question = fill(words.menu_delete, &[&label(info, words, now)]);
    title(ui);
    if confirm(ui, &question, false, || title(ui)) == Some(true) {
        return Ok(Some(match store.delete_saved(&info.id) {
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
fn all_saved(ui: &Ui, store: &mut Store, notes: &mut Vec<(String, Tone)>) -> Sub<Resumed> {
    let words = ui.words;
    let mut said: Vec<(String, Tone)> = Vec::new();
    let mut at = 0;
    loop {
        let saved = store.saved_games();
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
            Picked::Item(i) => match store.resume(&saved[i].id) {
                Ok(r) => return Sub::Chose(r),
                Err(e) => said.push((refused(&e, words), Tone::Bad)),
            },
            Picked::Delete(i) => match delete_saved(ui, store, &saved[i], now) {
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
    asked: bool,
    store: &mut Store,
    notes: &mut Vec<(String, Tone)>,
    now: u64,
) -> MenuNow {
    let words = ui.words;
    let (saved, elsewhere) = store.saved_games_here();
    let elsewhere = elsewhere.len();
    if elsewhere > 0 {
        notes.push((
            plural(words.menu_open_elsewhere, elsewhere as u64),
            Tone::Info,
        ));
    }
    let played = store.daily_best(&daily_rules(rules, asked), &utc::date(now));
    let offers = offers(ui, rules, store);
    let broken = broken_sets();
    let suggested = suggestion(words, &offers);
    if let Some((line, _)) = &suggested {
        notes.push((line.clone(), Tone::Good));
    }
    let label = rules_label(rules, ui);
    let mut listed = Listed {
        saved: &saved,
        offers: &offers,
        suggested: suggested.map(|(_, k)| k),
        broken: &broken,
        daily_best: played,
        ..Listed::of(rules, &label, now)
    };
    // The lines around the items: the head with the notes and the question, a blank line and
    // the keys (two lines at most).
    let (width, height) = super::term::size(&ui.term);
    let around = top_of(words, ui.theme, notes, words.menu_prompt, width).len() + 3;
    let others = menu_items(
        words,
        &Listed {
            saved: &[],
            ..listed
        },
    )
    .len();
    let room = height.saturating_sub(around);
    listed.newest = saves_shown(saved.len(), others, room);
    let items = menu_items(words, &listed);
    for w in store.take_warnings() {
        notes.push((w, Tone::Bad));
    }
    MenuNow {
        saved,
        offers,
        broken,
        items,
    }
}

/// What the start menu shows now (see [`menu_now`]).
struct MenuNow {
    saved: Vec<SavedGameInfo>,
    offers: Vec<Offer>,
    broken: Vec<Broken>,
    items: Vec<(Item, Choice)>,
}

/// The rules the menu's daily deal is played with: the day's, the same for everyone, unless the
/// command line asked for rules (`asked`), which are then `rules`.
fn daily_rules(rules: &Rules, asked: bool) -> Rules {
    if asked {
        rules.clone()
    } else {
        crate::deal::day_rules()
    }
}

/// The item highlighted first. The newest game in progress, listed first, is what a returning
/// player most likely wants: it is highlighted first (when there is one), else a new game of the
/// rules in force; back from a sub-menu, the item that led there is. Rules the command line
/// asked for (`asked`) are what the player wants: the newest save of them, else a new game of
/// them, never another game's save.
fn highlighted(
    items: &[(Item, Choice)],
    offers: &[Offer],
    saved: &[SavedGameInfo],
    rules: &Rules,
    (asked, back): (bool, Option<Choice>),
) -> usize {
    let hash = rules.hash();
    let current = offers.iter().position(|o| o.rules.hash() == hash);
    let new_game = current.and_then(|k| items.iter().position(|(_, c)| *c == Choice::New(k)));
    let of_these = saved
        .iter()
        .position(|s| s.game == GameKind::Cards && s.rules_hash == hash)
        .and_then(|n| items.iter().position(|(_, c)| *c == Choice::Resume(n)));
    let first = match (asked, saved.is_empty()) {
        (true, _) => of_these.or(new_game),
        (false, true) => new_game,
        (false, false) => None,
    };
    items
        .iter()
        .position(|(_, c)| Some(*c) == back)
        .or(first)
        .unwrap_or(0)
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
    store: &mut Store,
    news: &[(String, Tone)],
    asked: bool,
) -> Option<GameToPlay> {
    let mut notes: Vec<(String, Tone)> = news.to_vec();
    // The item chosen last time round (a sub-menu left, a saved game refused).
    let mut back: Option<Choice> = None;
    loop {
        let now = utc::now();
        let shown = menu_now(ui, rules, asked, store, &mut notes, now);
        let picked = pick_at_menu(ui, &shown, rules, &notes, (asked, back));
        notes.clear();
        let choice = match picked {
            Picked::Item(i) => shown.items[i].1,
            Picked::Delete(i) => {
                if let Choice::Resume(n) = shown.items[i].1 {
                    match delete_saved(ui, store, &shown.saved[n], now) {
                        Ok(note) => notes.extend(note),
                        Err(()) => return None,
                    }
                }
                continue;
            }
            Picked::Back | Picked::Stop => Choice::Quit,
        };
        match follow(ui, choice, shown, (rules, store, &mut notes), asked) {
            Went::Play(m) => return Some(m),
            Went::Menu => back = Some(choice),
            Went::Leave => return None,
        }
    }
}

/// The start menu `shown` drawn, the item highlighted first as [`highlighted`] says, until the
/// player picks.
fn pick_at_menu(
    ui: &Ui,
    shown: &MenuNow,
    rules: &Rules,
    notes: &[(String, Tone)],
    (asked, back): (bool, Option<Choice>),
) -> Picked {
    let words = ui.words;
    let MenuNow {
        saved,
        offers,
        items,
        ..
    } = shown;
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
    let default = highlighted(items, offers, saved, rules, (asked, back));
    select(
        ui,
        notes,
        words.menu_prompt,
        &labels,
        &deletable,
        keys,
        default,
    )
}

/// What a choice at the start menu led to.
enum Went {
    /// A game to play.
    Play(GameToPlay),
    /// Back to the menu (a sub-menu left, a saved game refused: said in the notes).
    Menu,
    /// Leave the program.
    Leave,
}

impl From<Sub<GameToPlay>> for Went {
    fn from(sub: Sub<GameToPlay>) -> Went {
        match sub {
            Sub::Chose(m) => Went::Play(m),
            Sub::Back => Went::Menu,
            Sub::Leave => Went::Leave,
        }
    }
}

/// Follows `choice` made at the menu `shown`: a game to play, a sub-menu (the saved games, the
/// duels, the rules, the mending of a rule set) and what came of it, or leaving. What is to be
/// said above the menu next time goes in `notes`; a new game of other rules puts them in force.
fn follow(
    ui: &Ui,
    choice: Choice,
    shown: MenuNow,
    (rules, store, notes): (&mut Arc<Rules>, &mut Store, &mut Vec<(String, Tone)>),
    asked: bool,
) -> Went {
    let cards = |(g, m): (Game, GameMeta)| Went::Play(GameToPlay::Cards(Box::new(g), m));
    match choice {
        Choice::New(k) => match shown.offers.into_iter().nth(k) {
            Some(offer) => {
                *rules = Arc::new(offer.rules);
                cards(fresh_game(rules))
            }
            None => Went::Leave,
        },
        Choice::Resume(n) => match store.resume(&shown.saved[n].id) {
            Ok(r) => Went::Play(GameToPlay::Saved(r)),
            Err(e) => {
                notes.push((refused(&e, ui.words), Tone::Bad));
                Went::Menu
            }
        },
        Choice::More => all_saved(ui, store, notes).map(GameToPlay::Saved).into(),
        // A saved classic game is offered first, as `new2048 classic` does: a new one each
        // time would leave one more save behind at every quit.
        Choice::Classic => {
            let (game, meta) = crate::deal::start_classic(rules.classic, &rules.name, None);
            Went::Play(GameToPlay::ClassicOrSaved(Box::new(game), meta))
        }
        Choice::Duel => match pick_duel(ui, rules) {
            Sub::Chose(DuelPick::Net(way)) => match crate::ui::net::lobby(ui, rules, store, way) {
                Some(said) => {
                    notes.extend(said);
                    Went::Menu
                }
                None => Went::Leave,
            },
            Sub::Chose(DuelPick::Here(m)) => Went::Play(m),
            Sub::Back => Went::Menu,
            Sub::Leave => Went::Leave,
        },
        Choice::Daily => cards(crate::deal::start_daily(daily_rules(rules, asked), None)),
        Choice::Puzzle => cards(crate::deal::puzzle::start(rules, None, None)),
        Choice::Mend(k) => mend(ui, rules, notes, shown.broken.get(k)).into(),
        Choice::Rules => change_rules(ui, rules, notes).into(),
        Choice::Quit => Went::Leave,
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
    Puzzle,
    /// The rule set that cannot be played at this place, to open in the editor.
    Mend(usize),
    Rules,
    Quit,
}

/// A duel at one terminal (at which game), or over the network (hosted or joined).
enum DuelPick {
    /// The duel at one terminal, to play.
    Here(GameToPlay),
    Net(crate::ui::net::Way),
}

/// Which duel to play.
fn pick_duel(ui: &Ui, rules: &Arc<Rules>) -> Sub<DuelPick> {
    use crate::ui::net::Way;
    let words = ui.words;
    let items = [
        Item::new(words.duel_cards),
        Item::new(words.duel_classic),
        Item::forms(vec![
            words.net.host_item.into(),
            words.net.host_item_short.into(),
        ]),
        Item::forms(vec![
            words.net.join_item.into(),
            words.net.join_item_short.into(),
        ]),
    ];
    match select_sub(ui, words.duel_prompt, &items, 0) {
        Sub::Chose(n @ (0 | 1)) => Sub::Chose(DuelPick::Here(GameToPlay::Duel(Setup {
            game: if n == 0 {
                DuelGame::Cards(Arc::clone(rules))
            } else {
                DuelGame::Classic(rules.classic, rules.name.clone())
            },
            names: default_names(words),
            seed: None,
        }))),
        Sub::Chose(2) => Sub::Chose(DuelPick::Net(Way::Host)),
        Sub::Chose(_) => Sub::Chose(DuelPick::Net(Way::Join)),
        Sub::Back => Sub::Back,
        Sub::Leave => Sub::Leave,
    }
}
