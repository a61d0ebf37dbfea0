//! Every screen at the sizes players use (40×15, 60×20, 80×24, 160×48), in both languages,
//! under each preset, with colour and without: no line wider than the window, and every line
//! reachable (a screen taller than the window is paged through as the player would, and a
//! "too small" message, which hides the screen, fails). Each screen's own tests look closer;
//! this one makes sure none is forgotten.

use crate::ui::kit::Canvas;
use std::sync::Arc;

use crate::cards::engine::{Game, Move};
use crate::classic::{ClassicGame, Dir};
use crate::duel::Duel;
use crate::ui::kit::{Journal, Lang, Note, Overlay, Stamp, Theme, Tone, Words, checked, fill};
use crate::ui::screens::{
    CardLog, ClassicScreen, DuelScreen, Event, Player, Screen, lay_out_cards, lay_out_classic,
    lay_out_duel, log_cards, log_classic,
};
use crate::ui::widgets::{Item, List, list_lines};

const SIZES: [(usize, usize); 4] = [(40, 15), (60, 20), (80, 24), (160, 48)];
const THEMES: [Theme; 2] = [Theme::PLAIN, Theme { color: true }];
const PRESETS: [&str; 3] = ["default", "solitaire", "hard"];
const STAMP: Stamp = Stamp {
    secs: 1_764_576_000,
    millis: 120,
};

/// What the help, the game and the result cover, in turn.
pub(super) fn overlays() -> [Overlay; 4] {
    [
        Overlay::None,
        Overlay::Help,
        Overlay::result(true),
        Overlay::Result {
            new_best: false,
            choice: 1,
            undo: true,
        },
    ]
}

thread_local! {
    /// The screens that did not fit, said at the end all at once.
    static FAILED: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Checks one screen laid out for `w` × `h`: it fits (no "too small") and [`checked`] passes.
fn fits(what: &str, laid: Result<Vec<String>, (usize, usize)>, w: usize, h: usize) {
    let failed = match laid {
        Ok(lines) => std::panic::catch_unwind(|| checked(&lines, w, h))
            .err()
            .map(|_| format!("{what} at {w}×{h} does not fit")),
        Err(need) => Some(format!("{what} at {w}×{h} is too small, needs {need:?}")),
    };
    if let Some(f) = failed {
        FAILED.with(|v| v.borrow_mut().push(f));
    }
}

/// A card game some moves in (the first column that takes each card), or played to its end.
fn card_game(preset: &str, to_end: bool) -> Game {
    let rules = crate::config::load_preset(preset).unwrap();
    let mut g = Game::with_seed(Arc::new(rules), 11);
    let moves = if to_end { usize::MAX } else { 25 };
    for _ in 0..moves {
        if g.is_over() {
            break;
        }
        let n = g.rules().board.columns;
        if !(0..n).any(|c| g.play(Move::Place(c)).is_ok()) && g.play(Move::Discard).is_err() {
            break;
        }
    }
    g
}

fn classic_game(to_end: bool) -> ClassicGame {
    let mut g = ClassicGame::new(crate::cards::rules::Rules::default_rules().classic, 5);
    let mut left = if to_end { usize::MAX } else { 30 };
    while !g.is_over() && left > 0 {
        for d in Dir::ALL {
            g.play(d);
        }
        left -= 1;
    }
    g
}

fn notes(words: &Words) -> Vec<Note> {
    vec![
        Note::new(fill(words.unknown_key, &[&"`%`"]), Tone::Bad),
        Note::new("64 → 128 → 256  +448", Tone::Good),
    ]
}

#[test]
fn every_screen_fits_every_size() {
    for lang in [Lang::En, Lang::Zh] {
        let words = lang.words();
        let news = notes(words);
        let insight = vec![
            "Par 1450: you scored 95% of it".to_string(),
            "Biggest mistake: move 21 (column 4 instead of 2)".to_string(),
        ];
        for theme in THEMES {
            for (w, h) in SIZES {
                card_screens(words, theme, (w, h), &news, &insight);
                for over in overlays() {
                    let g = classic_game(matches!(over, Overlay::Result { .. }));
                    let s = ClassicScreen {
                        notes: &news,
                        overlay: over,
                        insight: &insight,
                        ..ClassicScreen::of(&g)
                    };
                    let what = format!("classic {over:?} ({})", words.help_title);
                    fits(
                        &what,
                        lay_out_classic(&s, Canvas::new(words, theme, w, h)),
                        w,
                        h,
                    );
                    let mut j = Journal::new(1);
                    let slid = Some((1, crate::ui::screens::Slid::Suggested(Some(Dir::Up))));
                    let lines = log_classic(&g, None, over, slid, &mut j, STAMP, (w, h));
                    fits(&format!("classic log {over:?}"), Ok(lines), w, h);
                    let d = Duel::new(g.clone(), classic_game(false));
                    let names = ["Ann".to_string(), "Bob".to_string()];
                    let s = DuelScreen {
                        duel: &d,
                        names: &names,
                        cursors: [0, 0],
                        notes: &news,
                        overlay: over,
                        prompt_line: false,
                        asking: false,
                        gave_up: None,
                    };
                    let what = format!("classic duel {over:?} ({})", words.help_title);
                    fits(
                        &what,
                        lay_out_duel(&s, Canvas::new(words, theme, w, h)),
                        w,
                        h,
                    );
                }
                menus(words, theme, w, h);
                // What the boss key shows over a screen that is not a game.
                let mut j = Journal::new(2);
                j.boot(STAMP);
                fits("boss cover", Ok(j.lines(w, h)), w, h);
            }
        }
    }
    let failed = FAILED.with(std::cell::RefCell::take);
    assert!(failed.is_empty(), "{} screens:\n{failed:#?}", failed.len());
    // The ended games really ended (the result screens above show an end).
    for preset in PRESETS {
        assert!(card_game(preset, true).is_over(), "{preset}");
    }
    assert!(classic_game(true).is_over());
}

/// The card game's screens under each preset: the game, its help and result, a replay or
/// review (the bot's view), the log look (in English in both languages), a duel.
fn card_screens(
    words: &'static Words,
    theme: Theme,
    (w, h): (usize, usize),
    news: &[Note],
    insight: &[String],
) {
    for preset in PRESETS {
        for over in overlays() {
            let ended = matches!(over, Overlay::Result { .. });
            let g = card_game(preset, ended);
            // The game, its help and result; a replay or review (the bot's view).
            for player in [Player::Human, Player::Bot] {
                let s = Screen {
                    best: Some(120),
                    cursor: Some(1),
                    hint: Some(Move::Place(0)),
                    tag: Some(words.daily.to_string()),
                    notes: news,
                    overlay: over,
                    player,
                    fresh: Some(0),
                    played_secs: Some(4000),
                    insight,
                    ..Screen::of(&g)
                };
                let what = format!("{preset} cards {over:?} {player:?} ({})", words.help_title);
                fits(
                    &what,
                    lay_out_cards(&s, Canvas::new(words, theme, w, h)),
                    w,
                    h,
                );
            }
            // The log look.
            let s = CardLog {
                game: &g,
                best: None,
                cursor: 0,
                overlay: over,
                event: g.moves().last().map(|&m| (1, Event::Suggested(Some(m)))),
            };
            let what = format!("{preset} log {over:?} ({})", words.help_title);
            let mut j = Journal::new(1);
            fits(&what, Ok(log_cards(&s, &mut j, STAMP, w, h)), w, h);
            // A card duel.
            let d = Duel::new(g.clone(), card_game(preset, false));
            let names = ["Ann".to_string(), "Bob".to_string()];
            let s = DuelScreen {
                duel: &d,
                names: &names,
                cursors: [0, 2],
                notes: news,
                overlay: over,
                prompt_line: false,
                asking: false,
                gave_up: matches!(over, Overlay::Result { .. }).then_some(1),
            };
            let what = format!("{preset} duel {over:?} ({})", words.help_title);
            fits(
                &what,
                lay_out_duel(&s, Canvas::new(words, theme, w, h)),
                w,
                h,
            );
        }
    }
}

/// The start menu with many saved games, and the rules picker, as the menu draws them.
fn menus(words: &Words, theme: Theme, w: usize, h: usize) {
    let head = vec![
        theme.paint(&format!("  {}", words.title), Tone::Title),
        String::new(),
        theme.paint(&format!("? {}", words.menu_prompt), Tone::Value),
    ];
    let mut items = vec![Item::new(words.menu_new)];
    items.extend((0..8).map(|i| Item::new(fill(words.menu_saved_item, &[&format!("#{i}")]))));
    items.push(Item::new(fill(words.menu_rules, &[&"solitaire"])));
    items.push(Item::new(words.menu_quit));
    let deletable: Vec<bool> = (0..items.len()).map(|i| (1..9).contains(&i)).collect();
    for selected in [0, 5, items.len() - 1] {
        let l = List {
            head: &head,
            items: &items,
            deletable: &deletable,
            keys: words.menu_keys,
        };
        let lines = list_lines(&l, selected, theme, w, h);
        fits(&format!("menu {selected}"), Ok(lines.clone()), w, h);
        // The highlighted item is always on screen.
        let shown = console::strip_ansi_codes(&lines.join("\n")).to_string();
        assert!(shown.contains("> "), "menu at {w}×{h}: {shown}");
    }
}
