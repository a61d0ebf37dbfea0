//! Snapshots of the classic screen with colours off, in both languages, and checks that hold
//! for every board size and terminal size: no line wider than the terminal, no more lines.

use super::*;
use crate::cards::rules::ClassicRules;
use crate::classic::Dir;
use crate::ui::kit::Canvas;
use crate::ui::kit::{Lang, any_overlay, checked, or_too_small, same_layout};
use crate::ui::play::slide_note;

const LANGS: [(Lang, &str); 2] = [(Lang::En, "en"), (Lang::Zh, "zh")];

fn game(size: u8, seed: u64) -> ClassicGame {
    ClassicGame::new(ClassicRules { size, win: 2048 }, seed)
}

fn screen<'a>(game: &'a ClassicGame, notes: &'a [Note]) -> ClassicScreen<'a> {
    ClassicScreen {
        best: Some(120),
        notes,
        ..ClassicScreen::of(game)
    }
}

fn render(s: &ClassicScreen, canvas: Canvas) -> Vec<String> {
    or_too_small(lay_out_classic(s, canvas), canvas)
}

fn fits(s: &ClassicScreen, words: &'static Words, w: usize, h: usize) -> bool {
    lay_out_classic(s, Canvas::new(words, Theme::PLAIN, w, h)).is_ok()
}

fn show(s: &ClassicScreen, lang: Lang, w: usize, h: usize) -> String {
    checked(
        &render(s, Canvas::new(lang.words(), Theme::PLAIN, w, h)),
        w,
        h,
    )
}

/// Plays the directions in turn (skipping those that change nothing) until the game is over.
fn play_out(g: &mut ClassicGame) {
    while !g.is_over() {
        for d in Dir::ALL {
            g.play(d);
        }
    }
}

#[test]
fn start() {
    let g = game(4, 7);
    for (lang, name) in LANGS {
        let text = show(&screen(&g, &[]), lang, 80, 24);
        // Tall tiles at 80×24: the two starting tiles, bracketed on their middle row only.
        assert_eq!(text.matches(']').count(), 2, "{text}");
        insta::assert_snapshot!(format!("classic_start_{name}"), text);
    }
}

#[test]
fn a_move_and_a_move_that_changes_nothing() {
    for (lang, name) in LANGS {
        let words = lang.words();
        let mut g = game(4, 7);
        let notes = slide_note(&mut g, Dir::Left, words).unwrap();
        insta::assert_snapshot!(
            format!("classic_moved_{name}"),
            show(&screen(&g, &notes), lang, 80, 24)
        );
        // Slide left until every tile is packed to the left: then left changes nothing.
        while g.board().slide(Dir::Left).is_some() {
            g.play(Dir::Left);
        }
        let before = *g.board();
        let refused = slide_note(&mut g, Dir::Left, words).unwrap_err();
        assert_eq!(*g.board(), before);
        assert_eq!(refused.tone, Tone::Bad);
        let text = show(&screen(&g, std::slice::from_ref(&refused)), lang, 80, 24);
        assert!(text.contains(&refused.text), "{text}");
    }
}

#[test]
fn the_win_banner_and_the_result() {
    // A 3×3 game to 8: reached quickly, then played out.
    let mut g = ClassicGame::new(ClassicRules { size: 3, win: 8 }, 1);
    let mut banner = None;
    while banner.is_none() {
        for d in Dir::ALL {
            if let Ok(notes) = slide_note(&mut g, d, Lang::En.words())
                && notes.len() == 2
            {
                banner = Some(notes);
                break;
            }
        }
    }
    let banner = banner.unwrap();
    let text = show(&screen(&g, &banner), Lang::En, 80, 24);
    assert!(text.contains("You made 8! You win."), "{text}");
    assert!(text.contains("★ 8"), "the win stays marked: {text}");
    assert!(
        !g.is_over(),
        "making the winning tile does not end the game"
    );
    play_out(&mut g);
    for (lang, name) in LANGS {
        let mut s = screen(&g, &[]);
        s.overlay = Overlay::result(true);
        s.prompt_line = true;
        insta::assert_snapshot!(format!("classic_result_{name}"), show(&s, lang, 80, 24));
    }
}

#[test]
fn a_lost_game_says_so() {
    let mut g = game(3, 4);
    play_out(&mut g);
    assert!(!g.won());
    let mut s = screen(&g, &[]);
    s.overlay = Overlay::result(false);
    let text = show(&s, Lang::En, 80, 24);
    assert!(text.contains("Game over: no tile can move."), "{text}");
    assert!(!text.contains("New best"), "{text}");
}

#[test]
fn help() {
    let g = game(4, 7);
    for (lang, name) in LANGS {
        let mut s = screen(&g, &[]);
        s.overlay = Overlay::Help;
        insta::assert_snapshot!(format!("classic_help_{name}"), show(&s, lang, 80, 24));
    }
}

#[test]
fn narrow_and_too_small() {
    let g = game(4, 7);
    for (lang, name) in LANGS {
        let s = screen(&g, &[]);
        insta::assert_snapshot!(format!("classic_40x16_{name}"), show(&s, lang, 40, 16));
        let small = show(&s, lang, 20, 8);
        assert!(
            small.contains("×8。") || small.contains("×8."),
            "the size that fits: {small}"
        );
        assert!(
            !small.contains("wasd"),
            "no game in a too-small terminal: {small}"
        );
        insta::assert_snapshot!(format!("classic_too_small_{name}"), small);
    }
}

#[test]
fn every_board_size_fits_80_by_24() {
    for size in 3..=8 {
        let g = game(size, 3);
        for (lang, _) in LANGS {
            assert!(
                fits(&screen(&g, &[]), lang.words(), 80, 24),
                "{size}×{size}"
            );
        }
    }
}

#[test]
fn colours_keep_the_layout() {
    let mut g = game(4, 7);
    let notes = slide_note(&mut g, Dir::Left, Lang::En.words()).unwrap();
    let s = screen(&g, &notes);
    let plain = render(&s, Canvas::new(Lang::En.words(), Theme::PLAIN, 80, 24));
    let colour = render(
        &s,
        Canvas::new(Lang::En.words(), Theme { color: true }, 80, 24),
    );
    same_layout(&plain, &colour);
}

proptest::proptest! {
    /// Any board size, any position, any terminal size, either language, any overlay: the
    /// screen never panics and never spills out of the terminal.
    #[test]
    fn any_position_any_size(
        size in 3u8..=8,
        seed in 0u64..1000,
        moves in proptest::collection::vec(0usize..4, 0..200),
        w in 1usize..160,
        h in 1usize..50,
        zh in proptest::bool::ANY,
        overlay in 0u8..3,
    ) {
        let mut g = game(size, seed);
        for m in moves {
            g.play(Dir::ALL[m]);
        }
        let mut s = screen(&g, &[]);
        s.overlay = any_overlay(overlay, seed % 2 == 0);
        let lang = if zh { Lang::Zh } else { Lang::En };
        show(&s, lang, w, h);
    }
}

/// The result with par and accuracy from the classic bot (worked out here as the result screen
/// has them worked out in the background), under the figures at 80×24, and still whole at
/// 40×15, where the board makes room for them.
#[test]
fn result_with_par_and_accuracy() {
    use crate::strategy::classic_review;
    use crate::ui::play::{Accuracy, Help, Pending, items};
    let mut g = ClassicGame::new(ClassicRules { size: 3, win: 64 }, 2);
    // Always up first: a poor way to play, so the review finds mistakes.
    play_out(&mut g);
    let review = classic_review::review(&g, true);
    let par = review.par.expect("par was asked for").score;
    let accuracy = Accuracy::of_classic(&review);
    assert!(accuracy.share < 1.0 && accuracy.mistake.is_some());
    for (lang, name) in LANGS {
        let words = lang.words();
        let insight = items(
            words,
            (g.score(), Help::NONE),
            &Pending::Ready(par),
            &Pending::Ready(accuracy.clone()),
        );
        assert_eq!(insight.len(), 3, "par, accuracy, the biggest mistake");
        let mut s = screen(&g, &[]);
        s.overlay = Overlay::result(false);
        s.insight = &insight;
        let wide = show(&s, lang, 80, 24);
        for line in &insight {
            assert!(wide.contains(line.as_str()), "{line} in {wide}");
        }
        insta::assert_snapshot!(format!("classic_result_par_{name}"), wide);
        let narrow = show(&s, lang, 40, 15);
        assert!(narrow.contains(&insight[0]), "{narrow}");
        assert!(narrow.contains(&insight[1]), "{narrow}");
        assert!(narrow.contains(words.classic_lost), "{narrow}");
    }
}

/// A question (quit, restart) leaves the board where it was: only the keys' lines change (the
/// board moved sideways at 80×24 and its tiles shrank at 40×15). A replay's bar, the other
/// prompt, is laid out as before.
#[test]
fn a_question_leaves_the_board_where_it_was() {
    let g = game(4, 42);
    for (w, h) in [(40, 15), (80, 24), (160, 48)] {
        let mut s = screen(&g, &[]);
        let plain = show(&s, Lang::En, w, h);
        s.prompt_line = true;
        s.asking = true;
        let asked = show(&s, Lang::En, w, h);
        let (plain, asked): (Vec<&str>, Vec<&str>) =
            (plain.lines().collect(), asked.lines().collect());
        assert_eq!(plain.len(), asked.len(), "{w}x{h}");
        let keys = |l: &str| l.contains("slide") || l.contains("help") || l.contains("quit");
        for (i, (p, a)) in plain.iter().zip(&asked).enumerate() {
            assert!(p == a || keys(p), "{w}x{h}: line {i} moved: {p:?} / {a:?}");
        }
    }
}
