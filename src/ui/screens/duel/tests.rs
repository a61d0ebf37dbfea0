//! Snapshots of the duel screen with colours off, in both languages, for both games, and checks
//! that hold for every terminal size.

use crate::ui::kit::Canvas;
use std::sync::Arc;

use super::*;
use crate::cards::engine::{Game, Move};
use crate::cards::rules::{ClassicRules, Rules};
use crate::classic::{ClassicGame, Dir};
use crate::ui::kit::{Lang, any_overlay, checked, or_too_small};

const LANGS: [(Lang, &str); 2] = [(Lang::En, "en"), (Lang::Zh, "zh")];

fn names() -> [String; 2] {
    ["Ann".to_string(), "Bob".to_string()]
}

fn classic_duel(size: u8, seed: u64) -> Duel<ClassicGame> {
    let g = ClassicGame::new(ClassicRules { size, win: 2048 }, seed);
    Duel::new(g.clone(), g)
}

fn card_duel(seed: u64) -> Duel<Game> {
    let g = Game::with_seed(Arc::new(Rules::default_rules()), seed);
    Duel::new(g.clone(), g)
}

fn screen<'a, G>(
    duel: &'a Duel<G>,
    names: &'a [String; 2],
    notes: &'a [Note],
) -> DuelScreen<'a, G> {
    DuelScreen {
        duel,
        names,
        cursors: [2, 2],
        notes,
        overlay: Overlay::None,
        prompt_line: false,
        asking: false,
        gave_up: None,
    }
}

fn show<G: DuelBoard>(s: &DuelScreen<G>, lang: Lang, w: usize, h: usize) -> String {
    let words = lang.words();
    let canvas = Canvas::new(words, Theme::PLAIN, w, h);
    let lines = or_too_small(lay_out_duel(s, canvas), canvas);
    checked(&lines, w, h)
}

/// The player to move makes their first move (in the order of `Dir::ALL`) that changes the board.
fn first_move(d: &mut Duel<ClassicGame>) {
    let g = d.current().unwrap();
    let dir = Dir::ALL
        .into_iter()
        .find(|&x| g.board().slide(x).is_some())
        .unwrap();
    g.play(dir).unwrap();
    d.next_turn();
}

/// The lines of the board area, each cut into its left and right halves at `at`.
fn halves(text: &str, at: usize) -> (String, String) {
    let (mut left, mut right) = (String::new(), String::new());
    for line in text.lines() {
        let chars: Vec<char> = line.chars().collect();
        let cut = at.min(chars.len());
        left.extend(&chars[..cut]);
        left.push('\n');
        right.extend(&chars[cut..]);
        right.push('\n');
    }
    (left, right)
}

#[test]
fn classic_duel_side_by_side_and_the_turn_passes() {
    let n = names();
    for (lang, name) in LANGS {
        let mut d = classic_duel(4, 3);
        let before = show(&screen(&d, &n, &[]), lang, 80, 24);
        insta::assert_snapshot!(format!("duel_classic_start_{name}"), before);
        assert_eq!(d.to_move(), Some(0));
        first_move(&mut d);
        assert_eq!(d.to_move(), Some(1));
        let after = show(&screen(&d, &n, &[]), lang, 80, 24);
        insta::assert_snapshot!(format!("duel_classic_moved_{name}"), after);
        // Only the left board (the first player's) changed. The screen is centred: find its
        // left edge and top line from the title.
        let title = before.lines().position(|l| l.contains("new2048")).unwrap();
        let left = before.lines().nth(title).unwrap().find("new2048").unwrap() - 2;
        let (bl, br) = halves(&before, 38 + left);
        let (al, ar) = halves(&after, 38 + left);
        let board = |s: &str| {
            s.lines()
                .skip(6 + title)
                .take(7)
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_ne!(board(&bl), board(&al), "{after}");
        assert_eq!(board(&br), board(&ar), "{after}");
    }
}

#[test]
fn whose_turn_is_marked() {
    let n = names();
    let mut d = classic_duel(4, 3);
    let text = show(&screen(&d, &n, &[]), Lang::En, 80, 24);
    assert!(
        text.contains("Ann to move") && text.contains("▶ Ann"),
        "{text}"
    );
    assert!(!text.contains("▶ Bob"), "{text}");
    d.current()
        .unwrap()
        .play(Dir::Left)
        .or_else(|| d.current().unwrap().play(Dir::Right));
    d.next_turn();
    let text = show(&screen(&d, &n, &[]), Lang::En, 80, 24);
    assert!(
        text.contains("Bob to move") && text.contains("▶ Bob"),
        "{text}"
    );
    assert!(!text.contains("▶ Ann"), "{text}");
}

#[test]
fn card_duel_screen() {
    let n = names();
    for (lang, name) in LANGS {
        let mut d = card_duel(42);
        d.current().unwrap().play(Move::Place(0)).unwrap();
        d.next_turn();
        let notes = [Note::new("Ann: 4 on column 1", Tone::Player1)];
        let text = show(&screen(&d, &n, &notes), lang, 80, 24);
        insta::assert_snapshot!(format!("duel_cards_{name}"), text);
    }
}

#[test]
fn narrow_shows_the_player_to_move_and_the_other_small() {
    let n = names();
    let mut d = card_duel(42);
    d.current().unwrap().play(Move::Place(0)).unwrap();
    d.next_turn();
    for (lang, name) in LANGS {
        let text = show(&screen(&d, &n, &[]), lang, 40, 24);
        // One board (Bob's, whose turn it is): one row of column numbers.
        assert_eq!(text.matches("0/7").count(), 5, "{text}");
        assert!(text.contains("▶ Bob") && text.contains("Ann"), "{text}");
        insta::assert_snapshot!(format!("duel_cards_40x24_{name}"), text);
    }
}

#[test]
fn result() {
    let n = names();
    let mut d = classic_duel(3, 5);
    while d.to_move().is_some() {
        first_move(&mut d);
    }
    for (lang, name) in LANGS {
        let mut s = screen(&d, &n, &[]);
        s.overlay = Overlay::result(false);
        s.prompt_line = true;
        insta::assert_snapshot!(format!("duel_result_{name}"), show(&s, lang, 80, 24));
    }
}

#[test]
fn help() {
    let n = names();
    let d = card_duel(42);
    for (lang, name) in LANGS {
        let mut s = screen(&d, &n, &[]);
        s.overlay = Overlay::Help;
        insta::assert_snapshot!(format!("duel_help_{name}"), show(&s, lang, 80, 24));
    }
}

proptest::proptest! {
    /// Any classic duel position at any size, any terminal, either language: never a panic,
    /// never a line too many or too wide.
    #[test]
    fn any_duel_any_size(
        size in 3u8..=8,
        seed in 0u64..500,
        moves in proptest::collection::vec(0usize..4, 0..80),
        w in 1usize..160,
        h in 1usize..50,
        zh in proptest::bool::ANY,
        overlay in 0u8..3,
    ) {
        let n = names();
        let mut d = classic_duel(size, seed);
        for m in moves {
            let Some(g) = d.current() else { break };
            if g.play(Dir::ALL[m]).is_some() {
                d.next_turn();
            }
        }
        let mut s = screen(&d, &n, &[]);
        s.overlay = any_overlay(overlay, false);
        let lang = if zh { Lang::Zh } else { Lang::En };
        show(&s, lang, w, h);
    }
}

/// A click on a card duel lands where the card game's would: on the columns of the player to
/// move, as the duel draws them (side by side or that board alone, at every size), and on their
/// card in hand; the other player's board takes no clicks.
#[test]
fn clicks_land_on_the_columns_of_the_player_to_move() {
    let n = names();
    let words = Lang::En.words();
    let mut checked = 0;
    for preset in ["default", "solitaire"] {
        let rules = Arc::new(crate::config::load_preset(preset).unwrap());
        let g = Game::with_seed(rules, 42);
        let mut d = Duel::new(g.clone(), g);
        for mover in 0..2 {
            if mover == 1 {
                d.current().unwrap().play(Move::Place(0)).unwrap();
                d.next_turn();
            }
            let count = d.players[mover].columns();
            let s = screen(&d, &n, &[]);
            for (w, h) in [(40, 15), (60, 20), (80, 24), (120, 40), (160, 48)] {
                let lines = lay_out_duel(&s, Canvas::new(words, Theme::PLAIN, w, h)).unwrap();
                let at = duel_columns_at(&s, Canvas::new(words, Theme::PLAIN, w, h)).unwrap();
                let text = lines.join("\n");
                // The numbers row of the player to move is the one with the highlight, `>3<`.
                let row = lines.iter().position(|l| l.contains(">3<")).unwrap();
                let line: Vec<char> = lines[row].chars().collect();
                let mut hit = vec![false; count];
                let mut missed = 0;
                for (x, c) in line.iter().enumerate() {
                    let Some(digit) = c.to_digit(10) else {
                        continue;
                    };
                    match at.at(x, row) {
                        Some(col) => {
                            assert_eq!(col, digit as usize - 1, "{preset} {w}×{h} x {x}\n{text}");
                            hit[col] = true;
                        }
                        None => missed += 1,
                    }
                }
                assert!(hit.iter().all(|&h| h), "{preset} {w}×{h}: {hit:?}\n{text}");
                // Side by side, the other board's numbers are on the same row and take nothing.
                let side_by_side = lines[row].matches('1').count() == 2;
                assert_eq!(missed > 0, side_by_side, "{preset} {w}×{h}\n{text}");
                // The card in hand of the player to move (the second "Hand" when Bob's board
                // is on the right), and not the other's.
                let (hy, hands) = lines
                    .iter()
                    .enumerate()
                    .find_map(|(y, l)| {
                        let xs: Vec<usize> = l
                            .match_indices(words.hand)
                            .map(|(b, _)| l[..b].chars().count())
                            .collect();
                        (!xs.is_empty()).then_some((y, xs))
                    })
                    .unwrap();
                let mine = if hands.len() == 2 {
                    hands[mover]
                } else {
                    hands[0]
                };
                assert!(at.on_hand(mine, hy), "{preset} {w}×{h}\n{text}");
                if hands.len() == 2 {
                    assert!(!at.on_hand(hands[1 - mover], hy), "{preset} {w}×{h}");
                }
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 20);
}

/// At 40×15 a card duel under the default and hard rules is drawn whole (one board, the other
/// player in a line, the keys on one line ending with the help's), not paged, in both languages
/// and with the default names; solitaire's taller columns page, the board first.
#[test]
fn a_card_duel_fits_40x15() {
    for preset in ["default", "hard", "solitaire"] {
        let rules = Arc::new(crate::config::load_preset(preset).unwrap());
        let g = Game::with_seed(rules, 42);
        let d = Duel::new(g.clone(), g);
        for (lang, _) in LANGS {
            let words = lang.words();
            let n = [1, 2].map(|i| crate::ui::kit::fill(words.player, &[&i]));
            let lines = lay_out_duel(
                &screen(&d, &n, &[]),
                Canvas::new(words, Theme::PLAIN, 40, 15),
            )
            .unwrap();
            let text = lines.join("\n");
            if preset == "solitaire" {
                assert!(lines.len() > 15, "{text}");
                continue;
            }
            assert!(lines.len() <= 15, "{preset}: {} lines\n{text}", lines.len());
            let help = words.duel_footer_cards.rsplit("  ").next().unwrap();
            assert!(lines.last().unwrap().ends_with(help), "{text}");
        }
    }
}

/// The give-up question leaves the boards where they were: only the keys' lines change (at
/// 80×24 both boards moved down a row).
#[test]
fn a_question_leaves_the_boards_where_they_were() {
    let d = card_duel(42);
    let n = names();
    for (w, h) in [(40, 15), (80, 24), (160, 48)] {
        let mut s = screen(&d, &n, &[]);
        let plain = show(&s, Lang::En, w, h);
        (s.prompt_line, s.asking) = (true, true);
        let asked = show(&s, Lang::En, w, h);
        let (plain, asked): (Vec<&str>, Vec<&str>) =
            (plain.lines().collect(), asked.lines().collect());
        assert_eq!(plain.len(), asked.len(), "{w}x{h}");
        for (i, (p, a)) in plain.iter().zip(&asked).enumerate() {
            assert!(
                p == a || p.contains("give up"),
                "{w}x{h}: line {i} moved: {p:?} / {a:?}"
            );
        }
    }
}

/// A card duel both players played to the end of the deck, move for move alike: a draw.
fn drawn_card_duel() -> Duel<Game> {
    let mut rules = Rules::default_rules();
    rules.deck.size = 30;
    let g = Game::with_seed(Arc::new(rules), 42);
    let mut d = Duel::new(g.clone(), g);
    while let Some(i) = d.to_move() {
        let game = d.current().unwrap();
        let mv = crate::strategy::hint(game).unwrap_or(Move::Discard);
        if game.play(mv).is_err() {
            break;
        }
        let _ = i;
        d.next_turn();
    }
    d
}

/// At 40×15 a duel's result is wrapped, never cut (`A draw: both survived 100 turns and sc`),
/// and players who played their whole deck are said to have, not `(game over)`.
#[test]
fn a_duel_result_at_40x15_is_whole_and_a_played_deck_is_no_game_over() {
    let d = drawn_card_duel();
    assert_eq!(d.result(), Some(DuelResult::Draw));
    for (lang, name) in LANGS {
        let words = lang.words();
        let n = [1, 2].map(|i| fill(words.player, &[&i]));
        let mut s = screen(&d, &n, &[]);
        s.overlay = Overlay::result(false);
        let shown = show(&s, lang, 40, 15);
        let head = fill(words.duel_draw, &[&30, &d.players[0].score()]);
        let bare = |t: &str| t.split_whitespace().collect::<String>();
        assert!(bare(&shown).contains(&bare(&head)), "{head} in\n{shown}");
        assert!(!shown.contains(words.game_over_mark), "{shown}");
        assert!(shown.contains(words.deck_played_mark), "{shown}");
        insta::assert_snapshot!(format!("duel_drawn_40x15_{name}"), shown);
    }
}

/// A duel given up after a move shows its result: who gave up, and that the other wins, with
/// the result's choices (it printed a line and left).
#[test]
fn a_duel_given_up_shows_the_winner() {
    let mut d = card_duel(42);
    for c in [0, 1, 2] {
        let _ = d.current().unwrap().play(Move::Place(c));
        d.next_turn();
    }
    for (lang, name) in LANGS {
        let words = lang.words();
        let n = [1, 2].map(|i| fill(words.player, &[&i]));
        let mut s = screen(&d, &n, &[]);
        s.overlay = Overlay::result(false);
        s.gave_up = d.to_move();
        assert_eq!(s.gave_up, Some(1));
        let head = fill(words.duel_gave_up_head, &[&n[1], &n[0]]);
        for (w, h) in [(40, 15), (80, 24), (160, 48)] {
            let shown = show(&s, lang, w, h);
            assert!(shown.contains(&head), "{w}×{h}: {shown}");
            assert!(!shown.contains('▶'), "no one is to move: {shown}");
            assert!(shown.contains(words.choices[2]), "{shown}");
        }
        insta::assert_snapshot!(
            format!("duel_given_up_40x15_{name}"),
            show(&s, lang, 40, 15)
        );
    }
}
