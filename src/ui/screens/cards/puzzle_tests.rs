//! A puzzle's screens (colours off, both languages): its target and reach beside the score, its
//! whole deck on the screen at every size, its result judged by the target, its help.

use crate::ui::kit::Canvas;
use std::sync::Arc;

use super::*;
use crate::cards::engine::Game;
use crate::cards::rules::Rules;
use crate::deal::puzzle::Target;
use crate::ui::kit::{Lang, checked};

const LANGS: [(Lang, &str); 2] = [(Lang::En, "en"), (Lang::Zh, "zh")];

/// The puzzle of seed 8 (the one a new player tried), after `moves`.
fn puzzle(moves: &[u8]) -> Game {
    let rules = crate::deal::puzzle::rules_of(&Rules::default_rules());
    let mut g = Game::with_seed(Arc::new(rules), 8);
    for &m in moves {
        g.play(Move::Place(m)).unwrap();
    }
    g
}

fn screen(game: &Game, goal: Goal, overlay: Overlay) -> Screen<'_> {
    Screen {
        best: Some(13),
        cursor: Some(2),
        overlay,
        played_secs: Some(61),
        goal: Some(goal),
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

const TARGET: Target = Target {
    score: 12,
    proven: true,
};

/// Every card of the deck not yet played is on the screen, in order, at every size: the hand,
/// the next nine, then the rest (`Then: …`); the target and the reach stand where the best score
/// of other deals stood.
#[test]
fn the_whole_deck_and_the_target_at_every_size() {
    let g = puzzle(&[0, 0, 1]);
    let goal = Goal {
        target: Some(TARGET),
        reach: Some(11),
    };
    let s = screen(&g, goal, Overlay::None);
    for (lang, name) in LANGS {
        let words = lang.words();
        for (w, h) in [(40, 15), (80, 24), (160, 48)] {
            let shown = show(&s, lang, w, h);
            assert!(!shown.contains('…'), "{shown}");
            assert!(!shown.contains(words.best), "{shown}");
            assert!(shown.contains(&format!("{} 12", words.target)), "{shown}");
            assert!(shown.contains(&format!("{} 11", words.reach)), "{shown}");
            // The rest of the deck after those in view, on a line of its own.
            let rest: Vec<String> = g.deck()[g.moves().len() + g.visible().len()..]
                .iter()
                .map(|&c| words.card(c))
                .collect();
            assert!(shown.contains(&rest.join(" ")), "{shown}");
            if w == 160 {
                // The panel beside the board holds the hand and every next card (its own test).
                continue;
            }
            // The cards left, read from the hand on: every one, in the deck's order.
            let from = shown.find(words.hand).unwrap_or_else(|| panic!("{shown}"));
            let read: Vec<&str> = shown[from..]
                .split(|c: char| c.is_whitespace() || c == '[' || c == ']')
                .filter(|t| g.deck().iter().any(|&c| words.card(c) == *t))
                .collect();
            let left: Vec<String> = g.deck()[g.moves().len()..]
                .iter()
                .map(|&c| words.card(c))
                .collect();
            assert_eq!(read, left, "{w}x{h} {name}:\n{shown}");
            if (w, h) == (40, 15) {
                insta::assert_snapshot!(format!("puzzle_40x15_{name}"), shown);
            }
        }
    }
}

/// The target is said from the first card: `…` until the search has it; no reach before it.
#[test]
fn the_target_while_it_is_searched() {
    let g = puzzle(&[]);
    let s = screen(&g, Goal::default(), Overlay::None);
    let shown = show(&s, Lang::En, 80, 24);
    assert!(shown.contains("Target …"), "{shown}");
    assert!(!shown.contains("Reach"), "{shown}");
}

/// The result's headline is the verdict: solved when the target is reached, beaten above a
/// best known one, short by so many points below it; never "You won" for a deck played out
/// short of the target, nor "First game under these rules".
#[test]
fn the_result_is_judged_by_the_target() {
    let line = [0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 1, 2, 1, 1, 0, 2, 0, 2, 0, 0];
    let solved = puzzle(&line);
    assert_eq!(solved.position().score, 12);
    let short = puzzle(&[0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1, 2, 3, 4]);
    assert!(short.outcome().is_some() && short.position().score < 12);
    let result = Overlay::Result {
        new_best: false,
        choice: 0,
        undo: false,
    };
    for (lang, name) in LANGS {
        let words = lang.words();
        let goal = Goal {
            target: Some(TARGET),
            reach: None,
        };
        let won = show(&screen(&solved, goal, result), lang, 40, 15);
        assert!(won.contains(&fill(words.puzzle_solved, &[&12])), "{won}");
        let n = 12 - short.position().score;
        let lost = show(&screen(&short, goal, result), lang, 40, 15);
        let want = fill(words.puzzle_short, &[&n, &short.position().score, &12]);
        assert!(lost.contains(&want), "{lost}");
        for shown in [&won, &lost] {
            assert!(!shown.contains(words.won), "{shown}");
            assert!(!shown.contains(words.first_game), "{shown}");
        }
        let known = Goal {
            target: Some(Target {
                score: 11,
                proven: false,
            }),
            reach: None,
        };
        let beaten = show(&screen(&solved, known, result), lang, 80, 24);
        assert!(
            beaten.contains(&fill(words.puzzle_beaten, &[&12, &11])),
            "{beaten}"
        );
        insta::assert_snapshot!(format!("puzzle_solved_40x15_{name}"), won);
        insta::assert_snapshot!(format!("puzzle_short_40x15_{name}"), lost);
    }
}

/// `?` in a puzzle says what its goal is, with the target.
#[test]
fn the_help_says_the_goal() {
    let g = puzzle(&[]);
    let goal = Goal {
        target: Some(TARGET),
        reach: Some(12),
    };
    for (lang, _) in LANGS {
        let words = lang.words();
        let canvas = Canvas::new(words, Theme::PLAIN, 80, 24);
        let lines = lay_out_cards(&screen(&g, goal, Overlay::Help), canvas).unwrap();
        let text = lines
            .join(" ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let first = fill(words.help_puzzle_end, &[&12]);
        let start: String = first.chars().take(8).collect();
        assert!(text.contains(&start), "{text}");
        assert!(!text.contains(words.help_end), "{text}");
    }
}
