//! Whole games from a deck written out card by card, through `Game`: discards, win, loss, undo,
//! score and counters, plus what a turn reports of its merge steps. Every expected value below is
//! worked out by hand from the rules (docs/rules.md), not copied from a run.
//!
//! The chain-merge cases themselves (a column, a card, what must follow) are data, in
//! `tests/merges.toml`, each its own test in `tests/merges.rs` (`cargo test merges`).

use std::sync::Arc;

use new2048::cards::card::Card;
use new2048::cards::engine::{Clear, Game, Move, MoveError, Outcome, Position};
use new2048::cards::rules::Rules;

/// Cards written the way a deck file writes them: `"64 32 16"`, `"bomb"`, `"wild"`.
fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace()
        .map(|t| t.parse().unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

/// The default rules with some keys changed (a partial rules file).
fn rules(tweaks: &str) -> Rules {
    Rules::parse(tweaks, "test rules", Some(&Rules::default_rules()))
        .unwrap_or_else(|e| panic!("bad test rules: {e}"))
}

#[test]
fn steps_report_both_cards() {
    let r = rules("");
    let mut pos = Position::with_columns(&r, &[&cards("64 32 16")]);
    let t = pos.place(0, cards("16")[0], &r);
    let steps: Vec<String> = t
        .steps()
        .iter()
        .map(|s| format!("{}+{}={}", s.onto, s.card, s.made))
        .collect();
    assert_eq!(steps, ["16+16=32", "32+32=64", "64+64=128"]);
    let mut pos = Position::with_columns(&r, &[&cards("wild")]);
    let t = pos.place(0, cards("8")[0], &r);
    assert_eq!(t.steps().len(), 1);
    assert_eq!(
        (t.steps()[0].onto, t.steps()[0].card),
        (Card::WILD, cards("8")[0])
    );
}

#[test]
fn highest_follows_the_biggest_card() {
    let r = rules("");
    let mut pos = Position::with_columns(&r, &[&cards("64 32 16")]);
    pos.place(0, cards("16")[0], &r);
    assert_eq!(pos.stats.highest, 128);
    pos.place(1, cards("8")[0], &r);
    assert_eq!(pos.stats.highest, 128);
}

// ---- whole games from a written-out deck -------------------------------------------------------

fn game(tweaks: &str, deck: &str) -> Game {
    Game::new(Arc::new(rules(tweaks)), cards(deck).into())
}

/// Makes moves written the way headless play reads them: `"1 2 d"` (columns from 1, `d`
/// discards); each must be legal.
fn play(g: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = match m {
            "d" => Move::Discard,
            n => Move::Place(n.parse::<u8>().unwrap() - 1),
        };
        g.play(mv).unwrap_or_else(|e| panic!("move {m}: {e}"));
    }
}

fn col(g: &Game, i: usize) -> Vec<Card> {
    g.position().columns()[i].cards().to_vec()
}

const ONE_COLUMN_OF_2: &str = "[board]\ncolumns = 1\nheight = 2\n";

const ONE_FULL_MERGE: &str = "[board]\ncolumns = 1\nheight = 2\nmerge_into_full = true\n";
const DISCARDS: &str = "[board]\ncolumns = 1\nheight = 2\n\
                        [discards]\nstart = 1\nper_clear = 2\nmax = 2\n";

/// A whole game on one column: its rules, deck and moves, and how it stands afterwards.
struct GameCase {
    name: &'static str,
    rules: &'static str,
    deck: &'static str,
    moves: &'static str,
    outcome: Option<Outcome>,
    cards_left: usize,
    column: &'static str,
}

#[rustfmt::skip]
const GAMES: &[GameCase] = &[
    GameCase { name: "a card that fits is not a loss", rules: ONE_COLUMN_OF_2, deck: "2 4 8 16", moves: "1",
        outcome: None, cards_left: 3, column: "2" },
    GameCase { name: "loss when the card in hand fits nowhere", rules: ONE_COLUMN_OF_2, deck: "2 4 8 16", moves: "1 1",
        outcome: Some(Outcome::Lost), cards_left: 2, column: "2 4" },
    GameCase { name: "the last card fitting nowhere is a loss, not a win", rules: ONE_COLUMN_OF_2, deck: "2 4 8", moves: "1 1",
        outcome: Some(Outcome::Lost), cards_left: 1, column: "2 4" },
    GameCase { name: "placing the last card wins even on a full board", rules: ONE_COLUMN_OF_2, deck: "2 4", moves: "1 1",
        outcome: Some(Outcome::Won), cards_left: 0, column: "2 4" },
    GameCase { name: "one card before the end", rules: ONE_COLUMN_OF_2, deck: "2 4", moves: "1",
        outcome: None, cards_left: 1, column: "2" },
    GameCase { name: "default: a merging card on a full column is a loss", rules: ONE_COLUMN_OF_2, deck: "2 4 4 16", moves: "1 1",
        outcome: Some(Outcome::Lost), cards_left: 2, column: "2 4" },
    GameCase { name: "merge_into_full: a merging card in hand on a full column is no loss", rules: ONE_FULL_MERGE, deck: "2 4 4 16", moves: "1 1",
        outcome: None, cards_left: 2, column: "2 4" },
    GameCase { name: "merge_into_full: ... it merges, then 16 fits nowhere", rules: ONE_FULL_MERGE, deck: "2 4 4 16", moves: "1 1 1",
        outcome: Some(Outcome::Lost), cards_left: 1, column: "2 8" },
    GameCase { name: "default: a bomb in hand on a full board is a loss", rules: ONE_COLUMN_OF_2, deck: "2 4 bomb 2", moves: "1 1",
        outcome: Some(Outcome::Lost), cards_left: 2, column: "2 4" },
    GameCase { name: "merge_into_full: a bomb empties the full column", rules: ONE_FULL_MERGE, deck: "2 4 bomb 2", moves: "1 1 1",
        outcome: None, cards_left: 1, column: "" },
    GameCase { name: "merge_into_full: ... and the game is won", rules: ONE_FULL_MERGE, deck: "2 4 bomb 2", moves: "1 1 1 1",
        outcome: Some(Outcome::Won), cards_left: 0, column: "2" },
    GameCase { name: "a discard left means not lost", rules: DISCARDS, deck: "2 4 8 16", moves: "1 1",
        outcome: None, cards_left: 2, column: "2 4" },
    GameCase { name: "lost once the discard is used", rules: DISCARDS, deck: "2 4 8 16", moves: "1 1 d",
        outcome: Some(Outcome::Lost), cards_left: 1, column: "2 4" },
    GameCase { name: "throwing the last card away wins", rules: DISCARDS, deck: "2 4 8", moves: "1 1 d",
        outcome: Some(Outcome::Won), cards_left: 0, column: "2 4" },
    GameCase { name: "a discard spent early is gone", rules: DISCARDS, deck: "2 4 8 16 32", moves: "d 1 1",
        outcome: Some(Outcome::Lost), cards_left: 2, column: "4 8" },
];

#[test]
fn win_and_loss_table() {
    let mut failures = Vec::new();
    for case in GAMES {
        let mut g = game(case.rules, case.deck);
        play(&mut g, case.moves);
        let got = (g.outcome(), g.cards_left(), col(&g, 0));
        let want = (case.outcome, case.cards_left, cards(case.column));
        if got != want {
            failures.push(format!("{}: got {got:?}, expected {want:?}", case.name));
        }
        // A finished game takes no move at all; an unfinished one has one.
        let any_legal = g.check(Move::Place(0)).is_ok() || g.check(Move::Discard).is_ok();
        if any_legal == g.is_over() {
            failures.push(format!(
                "{}: over {} but a move is legal: {any_legal}",
                case.name,
                g.is_over()
            ));
        }
        if g.is_over() && g.play(Move::Place(0)) != Err(MoveError::GameOver) {
            failures.push(format!("{}: a move after the end", case.name));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn undo_after_a_loss_reopens_the_game() {
    let mut g = game(ONE_COLUMN_OF_2, "2 4 8 16");
    play(&mut g, "1");
    let before = g.clone();
    play(&mut g, "1");
    assert_eq!(g.outcome(), Some(Outcome::Lost));
    assert!(g.undo());
    assert_eq!(g.outcome(), None);
    assert_eq!(g.position(), before.position());
    assert_eq!(g.hand(), before.hand());
    assert_eq!(g.visible(), before.visible());
    assert_eq!(g.moves(), before.moves());
    assert_eq!(g.undos(), 1);
    assert!(g.undo());
    assert!(!g.undo(), "nothing left to undo");
    assert_eq!(g.position(), &Position::new(g.rules()));
}

#[test]
fn discards_throw_the_card_away_and_run_out() {
    let mut g = game(DISCARDS, "2 4 8 16 32");
    assert_eq!(g.position().discards, 1);
    let t = g.play(Move::Discard).unwrap();
    assert_eq!(t.card, cards("2")[0]);
    assert_eq!((t.points, t.steps().len(), t.cleared), (0, 0, None));
    assert_eq!(g.position().discards, 0);
    assert_eq!(g.position().stats.discarded, 1);
    assert_eq!(g.position().stats.cards_played, 0);
    assert_eq!(g.hand(), Some(cards("4")[0]));
    assert_eq!(g.check(Move::Discard), Err(MoveError::NoDiscards));
    assert_eq!(g.play(Move::Discard), Err(MoveError::NoDiscards));
    play(&mut g, "1 1");
    // 16 fits nowhere and no discard is left.
    assert_eq!(g.outcome(), Some(Outcome::Lost));
}

#[test]
fn clears_give_discards_back_up_to_max() {
    let r = "[board]\ncolumns = 1\n[discards]\nstart = 1\nper_clear = 2\nmax = 2\n";
    let mut g = game(r, "1024 1024 1024 1024 2 2");
    play(&mut g, "1");
    let t = g.play(Move::Place(0)).unwrap();
    assert_eq!(t.cleared, Some(Clear::Value));
    assert_eq!(t.discards_gained, 1, "1 + 2 is capped at max 2");
    assert_eq!(g.position().discards, 2);
    play(&mut g, "d d");
    assert_eq!(g.position().discards, 0);
    assert_eq!(g.play(Move::Discard), Err(MoveError::NoDiscards));
    play(&mut g, "1");
    assert_eq!(g.position().discards, 0);
}

#[test]
fn full_refill_from_empty() {
    let r = "[board]\ncolumns = 1\n[discards]\nstart = 0\nper_clear = 2\nmax = 5\n";
    let mut g = game(r, "1024 1024 1024 1024 2");
    assert_eq!(g.position().discards, 0);
    assert_eq!(g.check(Move::Discard), Err(MoveError::NoDiscards));
    play(&mut g, "1");
    assert_eq!(g.play(Move::Place(0)).unwrap().discards_gained, 2);
    play(&mut g, "1");
    assert_eq!(g.play(Move::Place(0)).unwrap().discards_gained, 2);
    assert_eq!(g.position().discards, 4);
    assert_eq!(g.position().stats.clears, 2);
    assert_eq!(g.position().score, 22);
}

#[test]
fn bombs_give_no_discards_back() {
    let r = "[board]\ncolumns = 1\n[discards]\nstart = 0\nper_clear = 2\nmax = 5\n";
    let mut g = game(r, "8 bomb 2");
    play(&mut g, "1");
    let t = g.play(Move::Place(0)).unwrap();
    assert_eq!((t.cleared, t.discards_gained), (Some(Clear::Bomb), 0));
    assert_eq!(g.position().discards, 0);
}

#[test]
fn whole_game_score_and_counters() {
    // 5 columns: 2 4 4 -> col1: 2, col2: 4+4=8 ... worked out move by move.
    let mut g = game("", "2 4 4 8 bomb 1024 1024 2");
    play(&mut g, "1 2 2 2 1 3 3 4");
    // col1: 2 then bomb -> empty; col2: 4, 4 -> 8, 8 -> 16; col3: 1024+1024 clears; col4: 2.
    assert_eq!(col(&g, 0), Vec::<Card>::new());
    assert_eq!(col(&g, 1), cards("16"));
    assert_eq!(col(&g, 2), Vec::<Card>::new());
    assert_eq!(col(&g, 3), cards("2"));
    let p = g.position();
    assert_eq!(p.score, 2 + 11);
    assert_eq!(
        (
            p.stats.cards_played,
            p.stats.merges,
            p.stats.clears,
            p.stats.bombs
        ),
        (8, 3, 1, 1)
    );
    assert_eq!(p.stats.highest, 2048);
    assert_eq!(g.outcome(), Some(Outcome::Won));
}
