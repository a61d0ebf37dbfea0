//! Snapshots of the rendered screen with colours off, in both languages, plus checks that hold
//! for every size: no line wider than the terminal, no more lines than it has.

use crate::ui::kit::Canvas;
use std::sync::Arc;

use super::*;
use crate::cards::engine::Game;
use crate::cards::rules::Rules;
use crate::ui::kit::{Cell, Lang, Mark, any_overlay, checked, same_layout, to_text};
use crate::ui::play::describe;

fn cards(list: &str) -> Vec<Card> {
    list.split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect()
}

fn game_with(rules: Rules, deck: &str, moves: &[u8]) -> (Game, Vec<Note>, Lang) {
    let mut g = Game::new(Arc::new(rules), cards(deck).into());
    let mut last = None;
    for &m in moves {
        last = Some(g.play(Move::Place(m)).unwrap());
    }
    let notes = last
        .map(|t| describe(&t, Lang::En.words()))
        .unwrap_or_default();
    (g, notes, Lang::En)
}

fn screen<'a>(game: &'a Game, notes: &'a [Note]) -> Screen<'a> {
    Screen {
        best: Some(120),
        cursor: Some(2),
        notes,
        played_secs: Some(272),
        ..Screen::of(game)
    }
}

fn show(s: &Screen, lang: Lang, w: usize, h: usize) -> String {
    checked(
        &render(s, Canvas::new(lang.words(), Theme::PLAIN, w, h)),
        w,
        h,
    )
}

const LANGS: [(Lang, &str); 2] = [(Lang::En, "en"), (Lang::Zh, "zh")];

#[test]
fn start() {
    let g = Game::with_seed(Arc::new(Rules::default_rules()), 42);
    for (lang, name) in LANGS {
        insta::assert_snapshot!(
            format!("start_{name}"),
            show(&screen(&g, &[]), lang, 80, 24)
        );
    }
}

#[test]
fn chain_message() {
    let (mut g2, _, _) = game_with(Rules::default_rules(), "64 32 16 16 2 4 8 bomb", &[0, 0, 0]);
    let turn = g2.play(Move::Place(0)).unwrap();
    assert_eq!(turn.steps().len(), 3);
    for (lang, name) in LANGS {
        let notes = describe(&turn, lang.words());
        let text = show(&screen(&g2, &notes), lang, 80, 24);
        assert!(text.contains("→"), "{text}");
        insta::assert_snapshot!(format!("chain_{name}"), text);
    }
}

#[test]
fn full_column_and_hint() {
    let (g, notes, _) = game_with(
        Rules::default_rules(),
        "2 4 2 4 2 4 2 8 8 16 32",
        &[0, 0, 0, 0, 0, 0, 0],
    );
    for (lang, name) in LANGS {
        let mut s = screen(&g, &notes);
        s.cursor = Some(0);
        s.hint = Some(Move::Place(3));
        let text = show(&s, lang, 80, 24);
        insta::assert_snapshot!(format!("full_{name}"), text);
    }
    // The full column is marked, the others are not.
    let text = show(&screen(&g, &notes), Lang::En, 80, 24);
    assert_eq!(text.matches("FULL").count(), 1, "{text}");
    assert!(text.contains("7/7"));
}

#[test]
fn narrow_and_too_small() {
    let g = Game::with_seed(Arc::new(Rules::default_rules()), 42);
    for (lang, name) in LANGS {
        let s = screen(&g, &[]);
        insta::assert_snapshot!(format!("narrow_40x15_{name}"), show(&s, lang, 40, 15));
        insta::assert_snapshot!(format!("narrow_30x16_{name}"), show(&s, lang, 30, 16));
        let small = show(&s, lang, 30, 10);
        assert!(!small.contains("0/7"), "{small}");
        insta::assert_snapshot!(format!("too_small_30x10_{name}"), small);
    }
}

/// At 40×15 the footer keeps every key (undo and hint were dropped), one word each, in both
/// languages, also with discards, and the size the game asks for is not raised by it: a window
/// of 30 columns still plays, with the keys alone.
#[test]
fn a_narrow_footer_keeps_every_key() {
    for preset in ["default", "solitaire"] {
        let rules = crate::config::load_preset(preset).unwrap();
        let g = Game::with_seed(Arc::new(rules), 42);
        for (lang, _) in LANGS {
            let words = lang.words();
            let text = show(&screen(&g, &[]), lang, 40, 15);
            let foot = text.lines().last().unwrap_or_default();
            let n = g.rules().board.columns;
            let mut keys = vec![format!("1-{n}"), "u ".into(), "h ".into(), "r ".into()];
            keys.extend(["q ", "? "].map(String::from));
            if preset == "solitaire" {
                keys.push("d ".into());
            }
            for k in &keys {
                assert!(
                    foot.contains(k.as_str()),
                    "{k:?} at 40×15 ({preset}): {text}"
                );
            }
            let undo = words.footer_short.split("  ").nth(1).unwrap_or_default();
            if preset == "default" {
                assert!(foot.contains(undo), "{undo} said: {text}");
            }
            let narrow = show(&screen(&g, &[]), lang, 30, 16);
            let bare = if preset == "solitaire" {
                "u h r d q ?"
            } else {
                "u h r q ?"
            };
            assert!(narrow.contains(&format!("1-{n} {bare}")), "{narrow}");
        }
    }
}

#[test]
fn result_screen() {
    let (g, notes, _) = game_with(Rules::default_rules(), "64 64 2 2", &[0, 0, 1, 1]);
    assert!(g.is_over());
    for (lang, name) in LANGS {
        let mut s = screen(&g, &notes);
        s.overlay = Overlay::result(true);
        s.prompt_line = true;
        s.best = Some(2);
        insta::assert_snapshot!(format!("result_{name}"), show(&s, lang, 80, 24));
    }
}

/// The result with par and accuracy under its figures, wide and narrow: a line too long for the
/// window goes on under itself.
#[test]
fn result_with_par_and_accuracy() {
    use crate::ui::play::{Accuracy, Better, Help, Pending, items};
    let (g, notes, _) = game_with(Rules::default_rules(), "64 64 2 2", &[0, 0, 1, 1]);
    let review = Pending::Ready(Accuracy {
        share: 0.75,
        mistake: Some((3, Better::Column("2".to_string()))),
        moves: Vec::new(),
        tolerance: 0.0,
    });
    for (lang, name) in LANGS {
        let insight = items(lang.words(), (2, Help::NONE), &Pending::Ready(5), &review);
        let mut s = screen(&g, &notes);
        s.overlay = Overlay::result(false);
        s.insight = &insight;
        let wide = show(&s, lang, 80, 24);
        assert!(wide.contains(&insight[1]), "{wide}");
        insta::assert_snapshot!(format!("result_insight_{name}"), wide);
        insta::assert_snapshot!(
            format!("result_insight_40x15_{name}"),
            show(&s, lang, 40, 15)
        );
    }
}

#[test]
fn beating_the_best_score_shows_at_once() {
    let (g, notes, _) = game_with(Rules::default_rules(), "64 32 16 16 2", &[0, 0, 0, 0]);
    let mut s = screen(&g, &notes);
    s.best = Some(2);
    assert!(show(&s, Lang::En, 80, 24).contains("Score 3    Best 2    Cards left 1    New best!"));
    s.best = Some(3);
    assert!(!show(&s, Lang::En, 80, 24).contains("New best!"));
}

#[test]
fn help_screen() {
    let g = Game::with_seed(Arc::new(Rules::default_rules()), 42);
    for (lang, name) in LANGS {
        let mut s = screen(&g, &[]);
        s.overlay = Overlay::Help;
        insta::assert_snapshot!(format!("help_{name}"), show(&s, lang, 80, 24));
    }
    // Other rules, other lines: wild cards, merging into a full column, discards.
    let g = Game::with_seed(
        Arc::new(crate::config::load_preset("solitaire").unwrap()),
        42,
    );
    let mut s = screen(&g, &[]);
    s.overlay = Overlay::Help;
    let text = show(&s, Lang::En, 80, 30);
    let en = Lang::En.words();
    assert!(!text.contains(en.help_bomb), "{text}");
    assert!(text.contains(en.help_wild) && text.contains(en.help_full_merge[2]));
    // Solitaire scores only the card a merge makes and nothing for a clear, deals no bombs.
    for untrue in ["0 for each merge", "+0 points", "bomb"] {
        assert!(!text.contains(untrue), "{untrue}: {text}");
    }
    assert!(text.contains(&en.help_score_card[..30]), "{text}");
    insta::assert_snapshot!("help_solitaire_en", text);
}

#[test]
fn every_size_and_preset_fits() {
    for preset in ["default", "solitaire", "hard"] {
        let rules = crate::config::load_preset(preset).unwrap();
        let g = Game::with_seed(Arc::new(rules), 7);
        for lang in [Lang::En, Lang::Zh] {
            for w in [1, 10, 25, 40, 60, 80, 120] {
                for h in [1, 5, 12, 15, 24, 40] {
                    show(&screen(&g, &[]), lang, w, h);
                }
            }
        }
    }
}

#[test]
fn colours_keep_the_layout() {
    let (g, notes, _) = game_with(Rules::default_rules(), "64 32 16 16 bomb 2", &[0, 0, 0, 0]);
    let s = screen(&g, &notes);
    let plain = render(&s, Canvas::new(Lang::En.words(), Theme::PLAIN, 80, 24));
    let colour = render(
        &s,
        Canvas::new(Lang::En.words(), Theme { color: true }, 80, 24),
    );
    same_layout(&plain, &colour);
}

proptest::proptest! {
    /// Any position of any preset, at any size, in either language, with any highlight or hint:
    /// the screen never panics and never spills out of the terminal.
    #[test]
    fn any_position_any_size(
        preset in 0usize..3,
        seed in 0u64..1000,
        moves in proptest::collection::vec(0u8..9, 0..120),
        cursor in 0usize..9,
        hint in proptest::option::of(0u8..9),
        w in 1usize..250,
        h in 1usize..90,
        zh in proptest::bool::ANY,
        overlay in 0u8..3,
    ) {
        let name = ["default", "solitaire", "hard"][preset];
        let rules = crate::config::load_preset(name).unwrap();
        let mut g = Game::with_seed(Arc::new(rules), seed);
        let mut notes = Vec::new();
        for m in moves {
            let mv = if m == 8 { Move::Discard } else { Move::Place(m) };
            if let Ok(t) = g.play(mv) {
                notes = describe(&t, Lang::En.words());
            }
        }
        let mut s = screen(&g, &notes);
        s.cursor = Some(cursor);
        s.hint = hint.map(Move::Place);
        s.overlay = any_overlay(overlay, seed % 2 == 0);
        let lang = if zh { Lang::Zh } else { Lang::En };
        show(&s, lang, w, h);
    }
}

#[test]
fn help_keys_wrap_under_their_text() {
    let lines = key_lines("←/→ 回车     移动高亮，回车把牌放到高亮的列", 40);
    assert_eq!(
        lines,
        vec![
            // 高亮 kept whole (it was broken as 高 / 亮).
            "  ←/→ 回车     移动高亮，回车把牌放到".to_string(),
            "               高亮的列".to_string()
        ]
    );
}

/// The columns a click is tested against are where the screen draws them, at every size: the
/// number under each column is drawn inside its range, the gaps belong to no column, and rows
/// above the board to none.
#[test]
fn columns_are_hit_where_they_are_drawn() {
    let g = Game::with_seed(Arc::new(Rules::default_rules()), 42);
    let s = screen(&g, &[]);
    let words = Lang::En.words();
    for (w, h) in [(40, 15), (60, 20), (80, 24), (120, 40), (200, 60)] {
        let lines = lay_out_cards(&s, Canvas::new(words, Theme::PLAIN, w, h)).unwrap();
        let at = columns_at(&s, Canvas::new(words, Theme::PLAIN, w, h)).unwrap();
        let row = lines.iter().position(|l| l.contains(">3<")).unwrap();
        let line: Vec<char> = lines[row].chars().collect();
        for (x, c) in line.iter().enumerate() {
            if let Some(d) = c.to_digit(10) {
                assert_eq!(at.at(x, row), Some(d as usize - 1), "{w}×{h} x {x}");
                assert_eq!(at.at(x, row.saturating_sub(1)), Some(d as usize - 1));
            }
        }
        assert_eq!(at.at(0, row), None, "{w}×{h}: the margin");
        let title = lines.iter().position(|l| l.contains("new2048"));
        assert!(title.is_none_or(|t| (0..w).all(|x| at.at(x, t).is_none())));
        let hits: Vec<usize> = (0..w).filter_map(|x| at.at(x, row)).collect();
        assert_eq!(hits.first(), Some(&0));
        assert_eq!(hits.last(), Some(&4));
        assert!(hits.windows(2).all(|p| p[0] <= p[1]));
    }
}

/// At 40×15 the help is taller than the window: paged with Page Down it reads to its end (the last
/// rule and the way back), under every preset and in both languages, and its first page says
/// there is more.
#[test]
fn help_pages_to_its_end_in_a_small_window() {
    use crate::ui::kit::{page, reachable};
    for preset in ["default", "solitaire", "hard"] {
        let g = Game::with_seed(Arc::new(crate::config::load_preset(preset).unwrap()), 7);
        for (lang, _) in LANGS {
            let words = lang.words();
            let mut s = screen(&g, &[]);
            s.overlay = Overlay::Help;
            let all = render(&s, Canvas::new(words, Theme::PLAIN, 40, 15));
            assert!(all.len() > 15, "{preset}: the help fits, nothing to page");
            assert!(reachable(&all, 40, 15), "{preset}");
            let text = to_text(&all);
            assert!(
                text.contains(words.help_end.split_at(6).0),
                "{preset}: {text}"
            );
            assert!(text.contains(words.help_back), "{preset}: {text}");
            let (first, top) = page(
                all.clone(),
                0,
                Canvas::new(words, Theme::PLAIN, 40, 15),
                true,
            );
            assert_eq!((first.len(), top), (15, 0));
            assert!(first[14].starts_with('↓'), "{first:?}");
            // Past the end the window stops at the last full page, which says so.
            let (last, top) = page(
                all.clone(),
                1000,
                Canvas::new(words, Theme::PLAIN, 40, 15),
                true,
            );
            assert_eq!(top, all.len() - 14);
            assert!(last[13].contains(words.help_back.split_at(6).0), "{last:?}");
        }
    }
}

/// Under the default rules (no discards) no help lists a discard key or columns
/// past the last: the card screen's, the duel screen's and the log look's all list keys
/// through one filter.
#[test]
fn help_lists_only_the_keys_of_the_rules() {
    let rules = Rules::default_rules();
    assert!(!rules.has_discards());
    for (lang, _) in LANGS {
        let words = lang.words();
        for keys in [words.help_keys, words.duel_help_keys_cards] {
            let listed: Vec<String> = rules_keys(keys, &rules).collect();
            assert_eq!(listed.len(), keys.len() - 1, "{listed:?}");
            assert!(listed.iter().all(|k| !k.starts_with("d ")), "{listed:?}");
            let columns = format!("1 … {} ", rules.board.columns);
            assert!(listed[0].starts_with(&columns), "{listed:?}");
        }
        let solitaire = crate::config::load_preset("solitaire").unwrap();
        assert_eq!(
            rules_keys(words.help_keys, &solitaire).count(),
            words.help_keys.len()
        );
    }
}

/// The result's best: the first game under the rules says so (no `Best -`), a new best says
/// what it beat, any other shows the best.
#[test]
fn result_says_first_game_and_what_a_new_best_beat() {
    let (mut g, _, _) = game_with(Rules::default_rules(), "2 2 4 8 16", &[]);
    while !g.is_over() && g.play(Move::Place(0)).is_ok() {}
    for (best, new_best, says, not) in [
        (None, true, "First game under these rules", "Best -"),
        (Some(2), true, "New best! (was 2)", "Best 2"),
        (Some(5000), false, "Best 5000", "New best"),
    ] {
        let mut s = screen(&g, &[]);
        s.best = best;
        s.overlay = Overlay::result(new_best);
        let text = show(&s, Lang::En, 80, 24);
        assert!(text.contains(says) && !text.contains(not), "{says}: {text}");
    }
    // A daily deal's best is of its cards: the first game of a deal is not the first game
    // under the rules (it said so after seven games of them).
    let mut s = screen(&g, &[]);
    (s.best, s.daily, s.overlay) = (None, true, Overlay::result(true));
    let text = show(&s, Lang::En, 80, 24);
    assert!(text.contains("First game of this deal"), "{text}");
    assert!(!text.contains("under these rules"), "{text}");
}

/// The card in hand is hit where the screen draws it, at every size (in the panel beside the
/// board or on the line under it), and never where a column is.
#[test]
fn the_hand_is_hit_where_it_is_drawn() {
    let words = Lang::En.words();
    let mut checked = 0;
    for preset in ["default", "solitaire"] {
        let g = Game::with_seed(Arc::new(crate::config::load_preset(preset).unwrap()), 42);
        let s = screen(&g, &[]);
        for (w, h) in [(40, 15), (60, 20), (80, 24), (120, 40), (200, 60)] {
            let Ok(lines) = lay_out_cards(&s, Canvas::new(words, Theme::PLAIN, w, h)) else {
                continue;
            };
            let at = columns_at(&s, Canvas::new(words, Theme::PLAIN, w, h)).unwrap();
            let (row, col) = lines
                .iter()
                .enumerate()
                .find_map(|(y, l)| l.find(words.hand).map(|b| (y, l[..b].chars().count())))
                .unwrap();
            let label = words.hand.chars().count();
            assert!(
                at.on_hand(col, row),
                "{preset} {w}×{h} {col},{row} {at:?}\n{}",
                lines.join("\n")
            );
            assert!(at.on_hand(col + label - 1, row), "{preset} {w}×{h}");
            assert!(!at.on_hand(0, row), "{preset} {w}×{h}: the margin");
            assert!(!at.on_hand(col, 0), "{preset} {w}×{h}: the title");
            for y in 0..h {
                for x in 0..w {
                    assert!(
                        !(at.on_hand(x, y) && at.at(x, y).is_some()),
                        "{preset} {w}×{h}: {x},{y} is a column and the hand"
                    );
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= 8, "only {checked} layouts fit");
}

/// A move's frames show the hand, the next cards and the cards left as they were before the
/// move: they change with the board when the move has played out, not before it.
#[test]
fn frames_show_the_hand_before_the_move() {
    let (g, _, _) = game_with(Rules::default_rules(), "2 4 8 16 32", &[0]);
    let frame = Frame {
        col: 0,
        cells: vec![Cell {
            card: Some(cards("2")[0]),
            mark: Mark::Fresh,
        }],
        float: None,
        score: 0,
        ms: 10,
        before: Some((cards("2 4 8"), 5)),
    };
    let mut s = screen(&g, &[]);
    let after = show(&s, Lang::En, 80, 24);
    assert!(after.contains("Cards left 4"), "{after}");
    s.frame = Some(&frame);
    let during = show(&s, Lang::En, 80, 24);
    assert!(during.contains("Cards left 5"), "{during}");
    let hand = |t: &str| {
        t.lines()
            .skip_while(|l| !l.contains("Hand"))
            .nth(1)
            .map(String::from)
    };
    assert_ne!(hand(&during), hand(&after), "{during}\n{after}");
    assert!(hand(&during).unwrap().contains(" 2 "), "{during}");
}

/// A question (the quit and restart questions take the last line) leaves the board where it
/// was: only the keys' line changes (at 80×24 the whole board moved down a row).
#[test]
fn a_question_leaves_the_board_where_it_was() {
    let g = Game::with_seed(Arc::new(Rules::default_rules()), 42);
    for (w, h) in [(40, 15), (80, 24), (160, 48)] {
        let mut s = screen(&g, &[]);
        let plain = show(&s, Lang::En, w, h);
        s.prompt_line = true;
        let asked = show(&s, Lang::En, w, h);
        let (plain, asked): (Vec<&str>, Vec<&str>) =
            (plain.lines().collect(), asked.lines().collect());
        assert_eq!(plain.len(), asked.len(), "{w}x{h}");
        let differ: Vec<usize> = (0..plain.len()).filter(|&i| plain[i] != asked[i]).collect();
        assert!(
            differ.iter().all(|&i| plain[i].contains("q quit")),
            "{w}x{h}: lines {differ:?} moved:\n{}\n---\n{}",
            plain.join("\n"),
            asked.join("\n")
        );
    }
}

/// The explained hint takes the news's and the footer's rows: at 40×15 the best move and the
/// next each keep a whole row, in both languages, and wider screens show all three on one.
#[test]
fn explained_hint_fits() {
    use crate::strategy::review::Loss;
    let g = Game::with_seed(Arc::new(Rules::default_rules()), 42);
    let advice = [
        (Move::Place(1), Loss::Best),
        (Move::Place(3), Loss::Points(3.1)),
        (Move::Discard, Loss::WinChance(0.12)),
    ];
    for (lang, name) in LANGS {
        let items = lang.words().explanation(&advice);
        let mut s = screen(&g, &[]);
        s.hint = Some(Move::Place(1));
        s.explained = &items;
        let small = show(&s, lang, 40, 15);
        assert!(
            small.contains(&items[0]) && small.contains(&items[1]),
            "{small}"
        );
        let wide = show(&s, lang, 160, 48);
        assert!(wide.contains(&items.join(" · ")), "{wide}");
        insta::assert_snapshot!(format!("explained_40x15_{name}"), small);
    }
}

/// At 40×15 the explanation has two rows, as the README says: the best two moves, and a third
/// beside them when it fits (it showed three where the README said two). Screens in both
/// languages.
#[test]
fn explained_hint_at_40x15_is_as_the_readme_says() {
    use crate::strategy::review::Loss;
    let readme = include_str!("../../../../README.md");
    assert!(
        readme
            .contains("at 40×15 on two rows: the best two, and the third beside them when it fits"),
        "the README says what the screen does"
    );
    let mut g = Game::with_seed(Arc::new(Rules::default_rules()), 42);
    for c in [0, 1, 4] {
        g.play(Move::Place(c)).unwrap();
    }
    let short = [
        (Move::Place(4), Loss::Best),
        (Move::Place(2), Loss::AsGood),
        (Move::Place(0), Loss::WinChance(0.001)),
    ];
    let long = [
        (Move::Place(1), Loss::Best),
        (Move::Place(3), Loss::Points(3.1)),
        (Move::Discard, Loss::WinChance(0.12)),
    ];
    for (lang, name) in LANGS {
        for (advice, which) in [(&short, "short"), (&long, "long")] {
            let items = lang.words().explanation(advice);
            let mut s = screen(&g, &[]);
            s.hint = Some(Move::Place(4));
            s.explained = &items;
            let small = show(&s, lang, 40, 15);
            let rows: Vec<&str> = small
                .lines()
                .filter(|l| items.iter().any(|i| l.contains(i.as_str())))
                .collect();
            assert_eq!(rows.len(), 2, "{small}");
            let shown = items.iter().filter(|i| small.contains(i.as_str())).count();
            // The best two always; the third only beside them, never on a row of its own.
            assert!(shown >= 2, "{small}");
            if shown == 3 {
                assert!(
                    rows[0].contains(" · ") || rows[1].contains(" · "),
                    "{small}"
                );
            }
            if which == "short" && lang == Lang::En {
                assert_eq!(shown, 3, "{small}");
            }
            insta::assert_snapshot!(format!("explained_40x15_{which}_{name}"), small);
        }
    }
}

/// Ten cards in view (a puzzle's) do not fit the hand line at 40 columns with the board's faces:
/// every one of them is still shown, whole and in order, narrower (once a 16 was cut to a 1,
/// then five of them were left for a `…`).
#[test]
fn a_hand_line_too_short_for_its_cards_shows_them_all() {
    let mut rules = Rules::default_rules();
    rules.deck.lookahead = 10;
    let g = Game::with_seed(Arc::new(rules), 3);
    let s = screen(&g, &[]);
    for (lang, _) in LANGS {
        let words = lang.words();
        for (w, h) in [(40, 15), (30, 16), (60, 20)] {
            let shown = show(&s, lang, w, h);
            assert!(!shown.contains('…'), "{shown}");
            let at = shown.find(words.next).unwrap_or_else(|| panic!("{shown}"));
            let after = &shown[at + words.next.len()..];
            let faces: Vec<&str> = after
                .split(|c: char| c.is_whitespace() || c == '[' || c == ']')
                .filter(|t| !t.is_empty())
                .take(g.visible().len() - 1)
                .collect();
            let want: Vec<String> = g.visible()[1..].iter().map(|&c| words.card(c)).collect();
            assert_eq!(faces, want, "{shown}");
        }
    }
}

/// Par of the deal, once known, is in view during play beside the best score (the score to
/// beat, as a puzzle shows its target), in both languages and down to 40 columns.
#[test]
fn par_is_in_view_during_play() {
    let g = Game::with_seed(Arc::new(Rules::default_rules()), 42);
    for (lang, w, h) in [(Lang::En, 80, 24), (Lang::Zh, 80, 24), (Lang::En, 40, 15)] {
        let unknown = show(&screen(&g, &[]), lang, w, h);
        let par = lang.words().par;
        assert!(!unknown.contains(par), "{unknown}");
        let known = Screen {
            par: Some(57),
            ..screen(&g, &[])
        };
        let shown = show(&known, lang, w, h);
        assert!(shown.contains(&format!("{par} 57")), "{shown}");
    }
}
