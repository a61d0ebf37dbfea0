use std::sync::Arc;

use super::*;
use crate::cards::rules::Rules;
use crate::classic::ClassicGame;
use crate::duel::Playable;
use crate::strategy::review::Loss;
use crate::ui::kit::{Canvas, EN, Theme, ZH, checked};

/// A card game of seed 42 with a few moves: a chain, a bomb.
fn cards() -> Game {
    let mut g = Game::with_seed(Arc::new(Rules::default_rules()), 42);
    for c in [0, 0, 1, 2, 2, 3, 0, 4] {
        let _ = g.play(Move::Place(c));
    }
    g
}

fn classic() -> ClassicGame {
    let mut g = ClassicGame::new(Rules::default_rules().classic, 7);
    for d in crate::classic::Dir::ALL.into_iter().cycle().take(12) {
        g.play(d);
    }
    g
}

fn text(reel: &dyn Recording, p: Playback, words: &'static Words, w: usize, h: usize) -> String {
    checked(
        &frame(reel, p, Canvas::new(words, Theme::PLAIN, w, h)),
        w,
        h,
    )
}

fn at(step: usize) -> Playback {
    Playback {
        step,
        ..Playback::START
    }
}

#[test]
fn card_replay_frames() {
    let reel = Solo::new(cards(), None);
    insta::assert_snapshot!("cards_start", text(&reel, at(0), &EN, 80, 24));
    insta::assert_snapshot!("cards_step_3", text(&reel, at(3), &EN, 80, 24));
    let end = Playback {
        step: reel.len(),
        playing: false,
        speed: 4,
    };
    insta::assert_snapshot!("cards_end_zh", text(&reel, end, &ZH, 80, 24));
    insta::assert_snapshot!("cards_small", text(&reel, at(3), &EN, 40, 15));
}

#[test]
fn classic_and_duel_frames() {
    insta::assert_snapshot!(
        "classic_step_5",
        text(&Solo::new(classic(), None), at(5), &EN, 80, 24)
    );
    let g = cards();
    let mut duel = Duel::new(g.restart(), g.restart());
    for c in [0, 1, 0, 2, 3, 3] {
        let _ = duel.current().unwrap().play(Move::Place(c));
        duel.next_turn();
    }
    let names = ["Ann".to_string(), "Bob".to_string()];
    let reel = Duet::new(duel, names);
    assert_eq!(reel.len(), 6);
    insta::assert_snapshot!("duel_step_3", text(&reel, at(3), &EN, 100, 30));
}

/// Stepping is a pure function of the step: `←` after `→ →` is exactly one `→`, and the keys
/// never step past either end.
#[test]
fn stepping_back_and_forth() {
    let reel = Solo::new(cards(), None);
    let len = reel.len();
    let right = Key::ArrowRight;
    let left = Key::ArrowLeft;
    let one = Playback::START.key(&right, len).unwrap();
    let back = one
        .key(&right, len)
        .and_then(|p| p.key(&left, len))
        .unwrap();
    assert_eq!(back, one);
    assert_eq!(
        text(&reel, back, &EN, 80, 24),
        text(&reel, one, &EN, 80, 24)
    );
    assert_ne!(
        text(&reel, one, &EN, 80, 24),
        text(&reel, Playback::START, &EN, 80, 24)
    );
    assert_eq!(Playback::START.key(&left, len), Some(Playback::START));
    let end = Playback::START.key(&Key::End, len).unwrap();
    assert_eq!(end.step, len);
    assert_eq!(end.key(&right, len).unwrap().step, len);
    assert_eq!(end.key(&Key::Home, len).unwrap().step, 0);
    // Play from the end starts again; a tick steps; the last tick pauses.
    let playing = end.key(&Key::Char(' '), len).unwrap();
    assert_eq!((playing.step, playing.playing), (0, true));
    let mut p = playing;
    for _ in 0..len {
        p = p.tick(len);
    }
    assert_eq!((p.step, p.playing), (len, false));
    // Speeds stop at both ends.
    let mut fast = Playback::START;
    for _ in 0..20 {
        fast = fast.key(&Key::Char('+'), len).unwrap();
    }
    assert_eq!(fast.speed, SPEEDS.len() - 1);
    assert_eq!(
        fast.key(&Key::Char('-'), len).unwrap().speed,
        SPEEDS.len() - 2
    );
    for k in [Key::Char('q'), Key::Escape, Key::Ctrl('c'), Key::Ctrl('d')] {
        assert_eq!(Playback::START.key(&k, len), None);
    }
}

/// Every frame of a replay fits every size from 40×15 to 240×80 (or says the window is too
/// small), in both languages.
#[test]
fn frames_fit_every_size() {
    let reel = Solo::new(cards(), None);
    let duel = {
        let g = classic();
        Duet::new(
            Duel::new(g.restart(), g.restart()),
            ["A".into(), "B".into()],
        )
    };
    for (w, h) in [(40, 15), (60, 20), (80, 24), (120, 40), (240, 80), (20, 8)] {
        for words in [&EN, &ZH] {
            for step in [0, 3, reel.len()] {
                checked(
                    &frame(&reel, at(step), Canvas::new(words, Theme::PLAIN, w, h)),
                    w,
                    h,
                );
            }
            checked(
                &frame(&duel, at(0), Canvas::new(words, Theme::PLAIN, w, h)),
                w,
                h,
            );
        }
    }
}

#[test]
fn the_progress_bar() {
    assert_eq!(progress(0, 10, 10), "╸─────────");
    assert_eq!(progress(5, 10, 10), "━━━━━╸────");
    assert_eq!(progress(10, 10, 10), "━━━━━━━━━━");
    // A recording without moves is at its end.
    assert_eq!(progress(0, 0, 4), "━━━━");
}

/// A card game of `size` cards played to its end (the first column that takes each card).
fn ended_with(size: u32) -> Game {
    let mut rules = Rules::default_rules();
    rules.deck.size = size;
    let mut g = Game::with_seed(Arc::new(rules), 11);
    while !g.is_over() {
        let n = g.rules().board.columns;
        if !(0..n).any(|c| g.play(Move::Place(c)).is_ok()) {
            break;
        }
    }
    g
}

/// The default rules' 100 cards played to a loss.
fn ended() -> Game {
    ended_with(100)
}

/// Where the column numbers are drawn on a frame: the row and each number's display column.
fn numbers(lines: &[String]) -> (usize, Vec<usize>) {
    let row = lines
        .iter()
        .rposition(|l| l.chars().filter(char::is_ascii_digit).eq("12345".chars()))
        .unwrap_or_else(|| panic!("no numbers row:\n{}", lines.join("\n")));
    let at = lines[row]
        .char_indices()
        .filter(|(_, c)| c.is_ascii_digit())
        .map(|(i, _)| lines[row][..i].chars().count())
        .collect();
    (row, at)
}

/// The board keeps its place from the first step to the last, where the outcome is said: no
/// column moves at the last move, in both languages and in a replay as in a review, lost or won
/// (where the hand and the next cards run out: it moved 3 columns then once).
#[test]
fn the_board_does_not_move_at_the_last_step() {
    let (lost, won) = (ended(), ended_with(5));
    assert_eq!(won.ending(), Ending::Won);
    let reels: [(Box<dyn Recording>, usize); 4] = [
        (Box::new(Solo::new(lost.clone(), None)), lost.move_count()),
        (
            Box::new(Annotated::reviewed(lost.clone(), &[], 0.0, None)),
            lost.move_count(),
        ),
        (Box::new(Solo::new(won.clone(), None)), won.move_count()),
        (
            Box::new(Annotated::reviewed(won.clone(), &[], 0.0, None)),
            won.move_count(),
        ),
    ];
    for (reel, len) in &reels {
        let len = *len;
        for words in [&EN, &ZH] {
            for (w, h) in [(40, 15), (60, 20), (80, 24), (160, 48)] {
                let place = |step| {
                    numbers(&frame(
                        reel.as_ref(),
                        at(step),
                        Canvas::new(words, Theme::PLAIN, w, h),
                    ))
                };
                let first = place(0);
                for step in [1, len / 2, len - 1, len] {
                    let tag = reel.tag(words);
                    assert_eq!(place(step), first, "{tag} {w}×{h} step {step} of {len}");
                }
            }
        }
    }
}

/// A review says so in its title and its status line; a replay says replay.
#[test]
fn a_review_is_called_a_review() {
    let g = ended();
    let review = text(
        &Annotated::reviewed(g.clone(), &[], 0.0, None),
        at(1),
        &EN,
        80,
        24,
    );
    assert!(review.contains("review"), "{review}");
    assert!(!review.contains("replay"), "{review}");
    let replay = text(&Solo::new(g, None), at(1), &EN, 80, 24);
    assert!(
        replay.contains("replay") && !replay.contains("review"),
        "{replay}"
    );
}

/// A replay and a review say the best score under the game's rules in their header, as play
/// does (they said `Best -` though the best was 85).
#[test]
fn replays_and_reviews_say_the_best() {
    let g = cards();
    let replay = text(&Solo::new(g.clone(), Some(85)), at(1), &EN, 80, 24);
    assert!(replay.contains("Best 85"), "{replay}");
    let review = text(
        &Annotated::reviewed(g, &[], 0.0, Some(85)),
        at(1),
        &EN,
        80,
        24,
    );
    assert!(review.contains("Best 85"), "{review}");
}

/// The moves of [`cards`] rated: move 4 (and 7) a mistake, the others accurate.
fn rated(g: &Game) -> Vec<Rated> {
    g.moves()
        .iter()
        .enumerate()
        .map(|(i, &played)| {
            let bad = i == 3 || i == 6;
            Rated {
                n: i + 1,
                best: if bad { Move::Place(4) } else { played },
                played,
                value_played: 0.0,
                value_best: if bad { 9.0 } else { 0.0 },
                loss: if bad { 9.0 } else { 0.0 },
                points_lost: None,
                win_chance_lost: None,
                note: if bad { Loss::Points(9.0) } else { Loss::Best },
            }
        })
        .collect()
}

/// A review shows each move on the position it is played from: opened before the mistake (as
/// the result screen opens it), it says which move, rates it and highlights the better one;
/// it opened one move late, on the board after the mistake.
#[test]
fn a_review_stands_before_the_move_it_rates() {
    let g = cards();
    let reel = Annotated::reviewed(g.clone(), &rated(&g), 0.5, None);
    assert_eq!(reel.marks(), &[3, 6]);
    let before = text(&reel, at(3), &EN, 80, 24);
    assert!(before.contains("before move 4 of 8"), "{before}");
    assert!(
        before.contains("move 4: column 3 (-9.0 points expected); column 5 was better"),
        "{before}"
    );
    // The board is the one before move 4: as a replay shows it after 3 moves.
    let replay = text(&Solo::new(g.clone(), None), at(3), &EN, 80, 24);
    let board = |t: &str| {
        t.lines()
            .skip(2)
            .take(8)
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(board(&before), board(&replay));
    // The better move is highlighted, where the replay highlights the one played.
    assert!(before.contains(">5<") && replay.contains(">3<"), "{before}");
    assert!(before.contains("n/N next/previous mistake"), "{before}");
    let zh = text(&reel, at(3), &ZH, 80, 24);
    assert!(zh.contains("第 4 步之前，共 8 步"), "{zh}");
    // A small window's one-line status names the same move.
    let small = text(&reel, at(3), &EN, 40, 15);
    assert!(small.contains("❚❚ 4/8 ") && small.contains("nN"), "{small}");
    // At the end: the last move's place, the outcome.
    let end = text(&reel, at(8), &EN, 80, 24);
    assert!(end.contains("move 8 of 8"), "{end}");
}

/// Under `--lang zh` a review's notes are Chinese, the loss and the moves too (they were the
/// review's English under the Chinese screen): a mistake before it is played, then an accurate
/// move.
#[test]
fn a_reviews_notes_are_in_the_players_language() {
    let g = cards();
    let reel = Annotated::reviewed(g.clone(), &rated(&g), 0.5, None);
    let mistake = text(&reel, at(3), &ZH, 80, 24);
    assert!(
        mistake.contains("第 4 步：第 3 列（预期得分 -9.0）；第 5 列更好"),
        "{mistake}"
    );
    insta::assert_snapshot!("review_mistake_zh", mistake);
    let accurate = text(&reel, at(4), &ZH, 80, 24);
    assert!(accurate.contains("第 5 步：第 3 列，准确"), "{accurate}");
    for t in [&mistake, &accurate] {
        for english in ["move", "column", "points", "better", "accurate"] {
            assert!(!t.contains(english), "{english}: {t}");
        }
    }
}

/// `n` goes to the next mistake, `N` to the one before; past the last (or before the first)
/// they do nothing, and other keys are left to the replay's own.
#[test]
fn n_and_shift_n_jump_between_mistakes() {
    let marks = [3, 6];
    let key = |p: Playback, c: char| jump(&marks, p, &Key::Char(c)).map(|p| p.step);
    assert_eq!(key(at(0), 'n'), Some(3));
    assert_eq!(key(at(3), 'n'), Some(6));
    assert_eq!(key(at(6), 'n'), None);
    assert_eq!(key(at(7), 'N'), Some(6));
    assert_eq!(key(at(6), 'N'), Some(3));
    assert_eq!(key(at(3), 'N'), None);
    let playing = Playback {
        playing: true,
        ..at(0)
    };
    assert_eq!(
        jump(&marks, playing, &Key::Char('n')).map(|p| p.playing),
        Some(false)
    );
    assert_eq!(jump(&marks, at(0), &Key::ArrowRight), None);
    assert_eq!(jump(&[], at(0), &Key::Char('n')), None);
}
