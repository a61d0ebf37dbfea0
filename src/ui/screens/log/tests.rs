use std::collections::HashSet;
use std::sync::Arc;

use super::*;
use crate::cards::engine::Move;

const NOW: Stamp = Stamp {
    secs: 1_764_576_000,
    millis: 120,
};

/// Words that would give the disguise away.
const GIVEAWAYS: [&str; 12] = [
    "game", "hint", "keys", "card", "2048", "place", "(y/n", "column", "score", "bomb", "wild",
    "deck",
];

fn game(preset: &str, seed: u64) -> Game {
    Game::with_seed(Arc::new(crate::config::load_preset(preset).unwrap()), seed)
}

/// A game some moves in, each move's event logged as the loop would, and what was drawn after
/// each key at `width` × `height`.
fn played(preset: &str, moves: usize, width: usize, height: usize) -> (Game, Journal, Vec<String>) {
    let mut g = game(preset, 11);
    let mut j = Journal::new(5);
    let mut lines = Vec::new();
    for n in 0..moves as u64 {
        let cols = g.rules().board.columns;
        let e = (0..=cols)
            .map(|c| g.play(Move::Place(c)))
            .find(Result::is_ok)
            .unwrap_or_else(|| g.play(Move::Place(cols)));
        let event = match e {
            Ok(t) => Event::Played(t),
            Err(e) => Event::Refused(e),
        };
        let s = CardLog {
            game: &g,
            best: Some(120),
            cursor: (n as usize) % cols as usize,
            overlay: Overlay::None,
            event: Some((n, event)),
        };
        lines = log_cards(&s, &mut j, NOW, width, height);
        if g.is_over() {
            break;
        }
    }
    (g, j, lines)
}

/// The digits runs of `text`, each whole.
fn numbers(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|n| !n.is_empty())
        .map(String::from)
        .collect()
}

/// Checks what the log look shows at `width`: no line wider, no number cut (every number shown
/// is a whole number of the same log unwrapped), no word that gives it away.
fn check(j: &Journal, width: usize, height: usize) {
    let lines = j.lines(width, height);
    assert!(lines.len() <= height);
    let whole: HashSet<String> = numbers(&j.lines(100_000, 100_000).join("\n"))
        .into_iter()
        .collect();
    for l in &lines {
        assert!(console::measure_text_width(l) <= width, "at {width}: {l}");
        for n in numbers(l) {
            assert!(whole.contains(&n), "at {width}: `{n}` cut in {l}");
        }
        let lower = l.to_lowercase();
        for w in GIVEAWAYS {
            assert!(!lower.contains(w), "at {width}: `{w}` in {l}");
        }
    }
}

#[test]
fn the_card_game_as_a_log() {
    let (_, j, lines) = played("default", 6, 120, 30);
    assert_eq!(
        lines.len(),
        30,
        "the window is full: the service has a history"
    );
    assert!(lines.iter().all(|l| !l.contains('\x1b')));
    insta::assert_snapshot!("log_cards", lines.join("\n"));
    check(&j, 120, 30);
}

#[test]
fn a_move_appends_at_the_bottom_and_scrolls_the_rest_up() {
    let mut g = game("default", 42);
    let mut j = Journal::new(9);
    let draw = |g: &Game, j: &mut Journal, event| {
        let s = CardLog {
            game: g,
            best: None,
            cursor: 0,
            overlay: Overlay::None,
            event,
        };
        log_cards(&s, j, NOW, 80, 24)
    };
    let before = draw(&g, &mut j, None);
    // Drawing the same state again (a resize, a click) adds nothing.
    assert_eq!(draw(&g, &mut j, None), before);
    let t = g.play(Move::Place(0)).unwrap();
    let after = draw(&g, &mut j, Some((0, Event::Played(t))));
    let added = after
        .iter()
        .rev()
        .take_while(|l| !before.contains(l))
        .count();
    assert!(added >= 3, "a move logs what it did: {after:#?}");
    // The old lines moved up by as many as were added, unchanged.
    assert_eq!(&after[..24 - added], &before[added..]);
    assert!(
        after[24 - added..]
            .iter()
            .any(|l| l.contains("shard=1 depth=1/7"))
    );
    // The same refusal twice is logged twice.
    let e = Event::Refused(MoveError::NoSuchColumn {
        column: 9,
        columns: 5,
    });
    draw(&g, &mut j, Some((1, e)));
    let again = draw(&g, &mut j, Some((2, e)));
    let warned = again.iter().filter(|l| l.contains("shard=9")).count();
    assert_eq!(warned, 2, "{again:#?}");
}

#[test]
fn every_width_every_preset_every_overlay() {
    for preset in ["default", "solitaire", "hard"] {
        for over in crate::ui::all_screens::overlays() {
            let (g, mut j, _) = played(preset, 400, 40, 15);
            let hint = Event::Suggested(Some(Move::Place(2)));
            let refused = Event::Refused(MoveError::ColumnFull(3));
            for (n, e) in [(1000, hint), (1001, refused)] {
                let s = CardLog {
                    game: &g,
                    best: None,
                    cursor: 1,
                    overlay: over,
                    event: Some((n, e)),
                };
                log_cards(&s, &mut j, NOW, 40, 15);
            }
            for width in [40, 60, 80, 160] {
                for height in [15, 24, 48] {
                    check(&j, width, height);
                }
            }
        }
    }
}

#[test]
fn the_usage_is_true_for_the_rules_and_shows_whole_at_40_by_15() {
    for preset in ["default", "solitaire", "hard"] {
        let g = game(preset, 3);
        let mut j = Journal::new(1);
        let s = CardLog {
            game: &g,
            best: None,
            cursor: 0,
            overlay: Overlay::Help,
            event: None,
        };
        let lines = log_cards(&s, &mut j, NOW, 40, 15);
        let usage = card_usage(g.rules());
        assert!(usage.len() < 15, "{preset}: {usage:#?}");
        for u in &usage {
            assert!(console::measure_text_width(u) <= 40, "{preset}: {u}");
            assert!(lines.contains(u), "{preset}: `{u}` not shown: {lines:#?}");
        }
        let text = usage.join("\n");
        let rules = g.rules();
        assert_eq!(text.contains("  d "), rules.has_discards(), "{preset}");
        assert_eq!(
            text.contains("evict"),
            rules.weight(Card::BOMB) > 0,
            "{preset}"
        );
        assert_eq!(
            text.contains("any:"),
            rules.weight(Card::WILD) > 0,
            "{preset}"
        );
        assert!(text.contains(&format!("1-{} ", rules.board.columns)));
        check(&j, 40, 15);
    }
}

#[test]
fn the_result_and_its_choices_as_an_operator_prompt() {
    let (g, mut j, _) = played("default", 400, 80, 24);
    assert!(g.is_over());
    let mut draw = |choice| {
        let s = CardLog {
            game: &g,
            best: Some(5),
            cursor: 0,
            overlay: Overlay::Result {
                new_best: true,
                choice,
                undo: true,
            },
            event: None,
        };
        log_cards(&s, &mut j, NOW, 80, 24)
    };
    let first = draw(0);
    assert!(
        first
            .iter()
            .any(|l| l.contains("ERROR") || l.contains("drained"))
    );
    let tail = |lines: &[String]| lines[lines.len() - 2..].join(" ");
    assert!(tail(&first).contains("action=restart"), "{first:#?}");
    let moved = draw(1);
    assert!(tail(&moved).contains("action=rollback"), "{moved:#?}");
    check(&j, 80, 24);
}

#[test]
fn sizes_read_as_a_service_would_write_them() {
    let c = |v| size(Card::from_value(v).unwrap());
    assert_eq!(c(2), "2k");
    assert_eq!(c(512), "512k");
    assert_eq!(c(1024), "1M");
    assert_eq!(c(2048), "2M");
    assert_eq!(size(Card::BOMB), "evict");
    assert_eq!(size(Card::WILD), "any");
    assert_eq!(size_of(1 << 21), "2G");
}

#[test]
fn classic_as_a_log() {
    let mut g = ClassicGame::new(crate::cards::rules::Rules::default_rules().classic, 3);
    let mut j = Journal::new(4);
    let mut lines = log_classic(&g, None, Overlay::None, None, &mut j, NOW, (100, 30));
    for (n, d) in [Dir::Left, Dir::Up, Dir::Right, Dir::Down]
        .into_iter()
        .enumerate()
    {
        let e = if g.play(d).is_some() {
            Slid::Moved(d)
        } else {
            Slid::Stuck(d)
        };
        lines = log_classic(
            &g,
            Some(40),
            Overlay::None,
            Some((n as u64, e)),
            &mut j,
            NOW,
            (100, 30),
        );
    }
    assert!(lines.iter().any(|l| l.contains("rebalanced dir=")));
    insta::assert_snapshot!("log_classic", lines.join("\n"));
    let hint = Some((9, Slid::Suggested(Some(Dir::Up))));
    let help = log_classic(&g, Some(40), Overlay::Help, hint, &mut j, NOW, (40, 15));
    assert!(help.iter().any(|l| l.contains("advise dir=up")));
    assert!(help.iter().any(|l| l.contains("rebalance racks")));
    for width in [40, 60, 80, 160] {
        check(&j, width, 15);
    }
}
