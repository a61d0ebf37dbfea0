//! The frames of a move, checked without a clock: their content as snapshots of the rendered
//! screen, the pace squeezed into the budget, and frames that always lead to the final position.

use crate::ui::kit::Canvas;
use std::sync::Arc;

use super::*;
use crate::cards::engine::Game;
use crate::config::load_preset;
use crate::ui::kit::{Lang, Theme, checked};
use crate::ui::screens::{Screen, render};

fn deck(list: &str) -> Arc<[Card]> {
    list.split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect::<Vec<_>>()
        .into()
}

/// A seven-step chain to 2048 into a full column (`merge_into_full`), as a player would build it.
fn chain_game() -> (Game, Position, Turn) {
    let mut rules = Rules::default_rules();
    rules.board.merge_into_full = true;
    let mut g = Game::new(Arc::new(rules), deck("1024 512 256 128 64 32 16 16 2 4 8"));
    for _ in 0..7 {
        g.play(Move::Place(0)).unwrap();
    }
    let before = *g.position();
    let turn = g.play(Move::Place(0)).unwrap();
    (g, before, turn)
}

/// The game screen of `g` with `frame` drawn over it (the first column highlighted).
fn screen_of<'a>(g: &'a Game, frame: Option<&'a Frame>) -> Screen<'a> {
    Screen {
        cursor: Some(0),
        frame,
        ..Screen::of(g)
    }
}

fn frame_screen(g: &Game, f: &Frame, w: usize, h: usize) -> String {
    let s = screen_of(g, Some(f));
    checked(
        &render(&s, Canvas::new(Lang::En.words(), Theme::PLAIN, w, h)),
        w,
        h,
    )
}

#[test]
fn a_chain_to_2048_merges_step_by_step_then_flashes() {
    let (g, before, turn) = chain_game();
    assert_eq!(turn.steps().len(), 7);
    assert_eq!(turn.points, 17);
    let frames = card_frames(g.rules(), &before, &turn, g.position());
    // Landing, a meeting and a result per step, three flashes and the empty column.
    assert_eq!(frames.len(), 1 + 2 * 7 + 4);
    // The floating points count up to the move's points, the clear bonus last.
    let floats: Vec<u64> = frames.iter().filter_map(|f| f.float).collect();
    assert!(floats.windows(2).all(|w| w[0] <= w[1]), "{floats:?}");
    assert_eq!(floats.last(), Some(&17));
    assert!(frames.last().unwrap().cells.is_empty());
    for (i, f) in frames.iter().enumerate() {
        assert!(f.cells.len() <= 7, "frame {i} overflows the column");
    }
    let shown: Vec<String> = [0, 1, 2, 14, 15, 18]
        .iter()
        .map(|&i| format!("frame {i}\n{}", frame_screen(&g, &frames[i], 80, 24)))
        .collect();
    insta::assert_snapshot!("chain_frames", shown.join("\n"));
}

#[test]
fn a_card_drops_then_a_bomb_blasts() {
    let rules = Arc::new(Rules::default_rules());
    let mut g = Game::new(Arc::clone(&rules), deck("2 4 bomb 8"));
    let before = *g.position();
    let turn = g.play(Move::Place(2)).unwrap();
    let drop = card_frames(&rules, &before, &turn, g.position());
    // From the bottom of the well to the tail: two frames on the way, the tail is the final screen.
    assert_eq!(drop.len(), 2);
    assert_eq!(drop[0].cells.len(), 7);
    assert_eq!(drop[0].cells[6].mark, Mark::Fresh);
    g.play(Move::Place(2)).unwrap();
    let before = *g.position();
    let turn = g.play(Move::Place(2)).unwrap();
    let blast = card_frames(&rules, &before, &turn, g.position());
    assert!(
        blast
            .iter()
            .any(|f| f.cells.iter().any(|c| c.mark == Mark::Blast))
    );
    let text = frame_screen(&g, blast.last().unwrap(), 80, 24);
    insta::assert_snapshot!("bomb_blast", text);
}

#[test]
fn discards_and_mismatches_have_no_frames() {
    let rules = Arc::new(load_preset("solitaire").unwrap());
    let mut g = Game::with_seed(Arc::clone(&rules), 3);
    let before = *g.position();
    let turn = g.play(Move::Discard).unwrap();
    assert!(card_frames(&rules, &before, &turn, g.position()).is_empty());
    // A turn that does not lead to the position shown gives no frames rather than a lie.
    let before = *g.position();
    let turn = g.play(Move::Place(0)).unwrap();
    assert!(!card_frames(&rules, &before, &turn, g.position()).is_empty());
    let later = *g.position();
    assert!(card_frames(&rules, &later, &turn, g.position()).is_empty());
}

#[test]
fn the_pace_fits_the_budget_and_off_is_off() {
    let lengths = [30, 45, 45, 45, 45, 45, 45, 45, 45, 55, 55, 55, 55];
    let t = timing(&lengths, Motion::NORMAL);
    let total: Duration = t.iter().sum();
    assert!(
        total <= Duration::from_millis(MOVE_BUDGET_MS + 13),
        "{total:?}"
    );
    assert!(timing(&lengths, Motion::OFF).is_empty());
    let short = timing(&[30, 45], Motion { pace: Some(50) });
    assert_eq!(
        short,
        vec![Duration::from_millis(15), Duration::from_millis(22)]
    );
}

#[test]
fn classic_tiles_slide_merge_and_pop_in() {
    let before = Board::from_rows(&[&[0, 2, 0, 2], &[4, 0, 0, 4], &[0, 0, 0, 8], &[0, 0, 0, 0]]);
    let (slid, _) = before.slide(Dir::Left).unwrap();
    let mut after = slid;
    after.set(3, 3, 1);
    let frames = classic_frames(&before, Dir::Left, &after, Some((3, 3)));
    assert_eq!(frames.len(), 3);
    // Halfway: the 8 from column 3 is at column 2; merged tiles lit; the new tile last.
    assert_eq!(frames[0].cells[2][2].0, 3);
    assert_eq!(frames[1].cells[0][0], (2, Mark::Fresh));
    assert_eq!(frames[1].cells[3][3].0, 0);
    assert_eq!(frames[2].cells[3][3], (1, Mark::Fresh));
    let mut text = String::new();
    for f in &frames {
        let tiles = crate::ui::screens::Tiles::all(&before)[2];
        for row in crate::ui::screens::grid_cells(&f.cells, Theme::PLAIN, tiles) {
            text.push_str(row.trim_end());
            text.push('\n');
        }
        text.push_str(&format!("({} ms)\n", f.ms));
    }
    insta::assert_snapshot!("classic_slide", text);
}

#[test]
fn line_moves_follow_the_rules_of_2048() {
    // 2 2 2 2 → 4 4: the first pair merges first.
    let (moves, merged) = line_moves(&[1, 1, 1, 1]);
    assert_eq!(moves, vec![(0, 0, 1), (1, 0, 1), (2, 1, 1), (3, 1, 1)]);
    assert_eq!(merged, vec![0, 1]);
    let (moves, merged) = line_moves(&[0, 2, 0, 2]);
    assert_eq!(moves, vec![(1, 0, 2), (3, 0, 2)]);
    assert_eq!(merged, vec![0]);
}

const WIDTHS: [usize; 9] = [40, 50, 60, 79, 100, 120, 160, 200, 240];
const HEIGHTS: [usize; 7] = [15, 20, 24, 30, 48, 60, 80];

/// Every frame of a chain, a drop and a blast, and of a classic slide, in both languages, with
/// and without colour, at every size from 40×15 to 240×80: no line wider than the terminal, no
/// more lines than it has.
#[test]
fn no_frame_draws_outside_the_terminal() {
    let (g, before, turn) = chain_game();
    let mut cases = vec![(
        g.clone(),
        card_frames(g.rules(), &before, &turn, g.position()),
    )];
    let rules = Arc::new(Rules::default_rules());
    let mut b = Game::new(Arc::clone(&rules), deck("2 bomb 8"));
    let before = *b.position();
    let t = b.play(Move::Place(4)).unwrap();
    cases.push((b.clone(), card_frames(&rules, &before, &t, b.position())));
    let before = *b.position();
    let t = b.play(Move::Place(4)).unwrap();
    cases.push((b.clone(), card_frames(&rules, &before, &t, b.position())));
    let board = Board::from_rows(&[&[2, 2, 4, 0], &[0, 0, 0, 0], &[8, 0, 8, 0], &[0, 0, 0, 2]]);
    let (slid, _) = board.slide(Dir::Left).unwrap();
    let mut after = slid;
    after.set(1, 1, 1);
    let grids = classic_frames(&board, Dir::Left, &after, Some((1, 1)));
    let classic = crate::classic::ClassicGame::new(Rules::default_rules().classic, 9);
    let looks = [
        (Lang::En, Theme::PLAIN),
        (Lang::Zh, Theme::PLAIN),
        (Lang::En, Theme { color: true }),
    ];
    for (lang, theme) in looks {
        {
            for w in WIDTHS {
                for h in HEIGHTS {
                    for (g, frames) in &cases {
                        assert!(!frames.is_empty());
                        for f in frames {
                            let mut s = screen_of(g, Some(f));
                            s.fresh = Some(0);
                            checked(&render(&s, Canvas::new(lang.words(), theme, w, h)), w, h);
                        }
                    }
                    for f in &grids {
                        let s = crate::ui::screens::ClassicScreen {
                            frame: Some(f),
                            ..crate::ui::screens::ClassicScreen::of(&classic)
                        };
                        let canvas = Canvas::new(lang.words(), theme, w, h);
                        let laid = crate::ui::screens::lay_out_classic(&s, canvas);
                        let lines = crate::ui::kit::or_too_small(laid, canvas);
                        checked(&lines, w, h);
                    }
                }
            }
        }
    }
}

/// At 160×48 the board is at least 1.6 times as wide as at 80×24, and taller.
#[test]
fn the_board_grows_with_the_window() {
    let g = Game::with_seed(Arc::new(Rules::default_rules()), 42);
    let width_of = |w: usize, h: usize| {
        let lines = render(
            &screen_of(&g, None),
            Canvas::new(Lang::En.words(), Theme::PLAIN, w, h),
        );
        // The board's width: from the first column's number to the last one's.
        let numbers = lines
            .iter()
            .find(|l| l.contains(">1<") || l.trim_start().starts_with("1 "))
            .unwrap();
        let first = numbers.find('1').unwrap();
        let last = numbers.rfind('5').unwrap();
        (last - first, lines.len())
    };
    let (small, _) = width_of(80, 24);
    let (large, rows) = width_of(160, 48);
    assert!(large * 10 >= small * 16, "{small} → {large}");
    assert!(rows > 30, "{rows} lines at 160×48");
}
