//! Regression tests of classic 2048: slides and merges in every direction, spawns, win and loss.

use new2048::cards::rules::ClassicRules;
use new2048::classic::{Board, ClassicGame, Dir};

const RULES: ClassicRules = ClassicRules { size: 4, win: 2048 };

fn slide(rows: &[&[u64]], dir: Dir) -> Option<(Vec<Vec<u64>>, u64)> {
    Board::from_rows(rows)
        .slide(dir)
        .map(|(b, p)| (b.rows(), p))
}

/// (board, direction, expected board, expected points)
type Case<'a> = (&'a [&'a [u64]], Dir, &'a [&'a [u64]], u64);

#[test]
fn slides_and_merges_in_every_direction() {
    let cases: &[Case] = &[
        // The two rows, moved left.
        (
            &[&[2, 2, 2, 2], &[4, 4, 8, 0], &[0, 0, 0, 0], &[0, 0, 0, 0]],
            Dir::Left,
            &[&[4, 4, 0, 0], &[8, 8, 0, 0], &[0, 0, 0, 0], &[0, 0, 0, 0]],
            16,
        ),
        // Mirrored: moved right, the tiles nearest the wall merge first.
        (
            &[&[2, 2, 2, 2], &[0, 8, 4, 4], &[2, 2, 2, 0], &[0, 0, 0, 0]],
            Dir::Right,
            &[&[0, 0, 4, 4], &[0, 0, 8, 8], &[0, 0, 2, 4], &[0, 0, 0, 0]],
            20,
        ),
        // Columns: up and down.
        (
            &[&[2, 4, 0, 8], &[2, 4, 0, 0], &[2, 0, 0, 8], &[2, 8, 2, 8]],
            Dir::Up,
            &[&[4, 8, 2, 16], &[4, 8, 0, 8], &[0, 0, 0, 0], &[0, 0, 0, 0]],
            32,
        ),
        (
            &[&[2, 4, 0, 8], &[2, 4, 0, 0], &[2, 0, 0, 8], &[2, 8, 2, 8]],
            Dir::Down,
            &[&[0, 0, 0, 0], &[0, 0, 0, 0], &[4, 8, 0, 8], &[4, 8, 2, 16]],
            32,
        ),
        // A merged tile does not merge again in the same move.
        (
            &[&[4, 2, 2, 0], &[0; 4], &[0; 4], &[0; 4]],
            Dir::Left,
            &[&[4, 4, 0, 0], &[0; 4], &[0; 4], &[0; 4]],
            4,
        ),
        // Gaps close before merging.
        (
            &[&[2, 0, 0, 2], &[0; 4], &[0; 4], &[0; 4]],
            Dir::Left,
            &[&[4, 0, 0, 0], &[0; 4], &[0; 4], &[0; 4]],
            4,
        ),
    ];
    for (i, (start, dir, want, points)) in cases.iter().enumerate() {
        let (got, p) = slide(start, *dir).unwrap_or_else(|| panic!("case {i}: no move"));
        let want: Vec<Vec<u64>> = want.iter().map(|r| r.to_vec()).collect();
        assert_eq!(got, want, "case {i} {dir:?}");
        assert_eq!(p, *points, "case {i} points");
    }
}

#[test]
fn a_move_that_changes_nothing_is_no_move() {
    let packed: &[&[u64]] = &[&[2, 4, 0, 0], &[8, 0, 0, 0], &[0; 4], &[0; 4]];
    assert!(slide(packed, Dir::Left).is_none());
    assert!(slide(packed, Dir::Up).is_none());
    assert!(slide(packed, Dir::Right).is_some());
}

#[test]
fn full_board_with_no_move_is_lost() {
    let stuck = Board::from_rows(&[&[2, 4, 2, 4], &[4, 2, 4, 2], &[2, 4, 2, 4], &[4, 2, 4, 2]]);
    assert!(!stuck.has_move());
    assert!(Dir::ALL.iter().all(|&d| stuck.slide(d).is_none()));
    let one_merge = Board::from_rows(&[&[2, 4, 2, 4], &[4, 2, 4, 2], &[2, 4, 2, 4], &[4, 2, 8, 8]]);
    assert!(one_merge.has_move());
    assert!(one_merge.slide(Dir::Up).is_none());
    assert!(one_merge.slide(Dir::Left).is_some());
}

#[test]
fn spawns_follow_the_rules() {
    let (mut twos, mut fours) = (0, 0);
    for seed in 0..300 {
        let mut g = ClassicGame::new(RULES, seed);
        for _ in 0..20 {
            let before = *g.board();
            let Some(d) = Dir::ALL.into_iter().find(|&d| before.slide(d).is_some()) else {
                break;
            };
            let (slid, _) = before.slide(d).unwrap();
            let s = g.play(d).unwrap();
            let ((r, c), v) = s.spawn.expect("a move that changes the board spawns");
            assert_eq!(slid.get(r, c), 0, "spawned on an occupied cell");
            assert_eq!(g.board().count_empty(), slid.count_empty() - 1);
            match v {
                2 => twos += 1,
                4 => fours += 1,
                other => panic!("spawned {other}"),
            }
        }
    }
    let share = f64::from(fours) / f64::from(twos + fours);
    assert!((0.07..0.13).contains(&share), "4s are {share:.3} of spawns");
}

#[test]
fn same_seed_same_moves_same_spawns() {
    let moves = [
        Dir::Left,
        Dir::Up,
        Dir::Right,
        Dir::Down,
        Dir::Left,
        Dir::Up,
    ];
    let play = |seed| {
        let mut g = ClassicGame::new(RULES, seed);
        for d in moves {
            g.play(d);
        }
        (*g.board(), g.score())
    };
    assert_eq!(play(7), play(7));
    assert_ne!(play(7), play(8));
}

#[test]
fn reaching_the_win_tile_is_announced_once_and_play_goes_on() {
    let rules = ClassicRules { size: 4, win: 8 };
    let mut g = ClassicGame::new(rules, 1);
    let mut announced = 0;
    for _ in 0..400 {
        let Some(d) = new2048::classic::bot::best_move(g.board()) else {
            break;
        };
        if g.play(d).unwrap().reached_win {
            announced += 1;
        }
        if g.moves().len() > 40 {
            break;
        }
    }
    assert_eq!(announced, 1);
    assert!(g.won());
    assert!(g.moves().len() > 10, "play went on after the win");
}

#[test]
fn replay_reproduces_the_game() {
    let mut g = ClassicGame::new(RULES, 21);
    for _ in 0..50 {
        let Some(d) = new2048::classic::bot::best_move(g.board()) else {
            break;
        };
        g.play(d);
    }
    let again = ClassicGame::replay(RULES, 21, g.moves()).unwrap();
    assert_eq!(again.board(), g.board());
    assert_eq!(again.score(), g.score());
}
