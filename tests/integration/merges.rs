//! Regression table of chain merges, clears, bombs, wild cards, full columns and scoring, driven
//! through the public API (`Position::with_columns`, `Position::check`, `Position::place`), plus
//! discards, win, loss and undo through `Game` with a deck written out card by card.
//!
//! Every expected value below is worked out by hand from RULES.md, not copied from a run.

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

const FULL_MERGE: &str = "[board]\nmerge_into_full = true\n";
const VALUE: &str = "[scoring]\nper_merge = 0\nmerged_value = true\n";
const VALUE_AND_MERGE: &str = "[scoring]\nper_merge = 5\nmerged_value = true\n";
const NO_BONUS: &str = "[scoring]\nclear_bonus = 0\n";
const BIG_BONUS: &str = "[scoring]\nclear_bonus = 100\nmerged_value = true\n";
/// Only 2s (and bombs) can be dealt, a column clears at 4, and holds one card.
const TINY: &str = "[deck.weights]\n4 = 0\n8 = 0\n16 = 0\n32 = 0\n64 = 0\n\
                    [board]\nclear_value = 4\nheight = 1\n";
const TINY_FULL: &str = "[deck.weights]\n4 = 0\n8 = 0\n16 = 0\n32 = 0\n64 = 0\n\
                         [board]\nclear_value = 4\nheight = 1\nmerge_into_full = true\n";
const CLEAR_64: &str = "[deck.weights]\n64 = 0\n[board]\nclear_value = 64\n";

/// What a placement should do.
enum Expect {
    /// The column afterwards (top first), the points, the cards each merge step made, the clear.
    Placed {
        column: &'static str,
        points: u64,
        made: &'static str,
        clear: Option<Clear>,
    },
    /// The move is refused and the position stays as it was.
    Refused(MoveError),
}
use Expect::*;

struct Case {
    name: &'static str,
    rules: &'static str,
    /// Column 1 (the one played on) and, when given, column 2 (left alone), top first.
    columns: [&'static str; 2],
    /// 1-based column played on.
    col: u8,
    card: &'static str,
    expect: Expect,
}

const FULL7: &str = "128 64 32 16 8 4 2";

#[rustfmt::skip]
const CASES: &[Case] = &[
    // --- plain placements and the RULES.md chains ---
    Case { name: "card on an empty column", rules: "", columns: ["", "8"], col: 1, card: "2",
        expect: Placed { column: "2", points: 0, made: "", clear: None } },
    Case { name: "unequal card stacks", rules: "", columns: ["2", ""], col: 1, card: "4",
        expect: Placed { column: "2 4", points: 0, made: "", clear: None } },
    Case { name: "64,32,16 + 16 = 128 (RULES.md)", rules: "", columns: ["64 32 16", ""], col: 1, card: "16",
        expect: Placed { column: "128", points: 3, made: "32 64 128", clear: None } },
    Case { name: "8,4 + 4 = 8,8 then 16 (RULES.md)", rules: "", columns: ["8 4", ""], col: 1, card: "4",
        expect: Placed { column: "16", points: 2, made: "8 16", clear: None } },
    Case { name: "4,8 + 4 stops at once (RULES.md)", rules: "", columns: ["4 8", ""], col: 1, card: "4",
        expect: Placed { column: "4 8 4", points: 0, made: "", clear: None } },
    Case { name: "chain stops under an unequal card", rules: "", columns: ["2 4 16 8 4", ""], col: 1, card: "4",
        expect: Placed { column: "2 4 32", points: 3, made: "8 16 32", clear: None } },
    Case { name: "one merge, no chain", rules: "", columns: ["16 2", ""], col: 1, card: "2",
        expect: Placed { column: "16 4", points: 1, made: "4", clear: None } },
    Case { name: "merge on the second column only", rules: "", columns: ["2", "2"], col: 2, card: "2",
        expect: Placed { column: "4", points: 1, made: "4", clear: None } },
    // --- clears ---
    Case { name: "chain reaching 2048 clears with the bonus", rules: "", columns: ["1024 512 256 128 64 32", ""], col: 1, card: "32",
        expect: Placed { column: "", points: 6 + 10, made: "64 128 256 512 1024 2048", clear: Some(Clear::Value) } },
    Case { name: "1024 + 1024 clears", rules: "", columns: ["1024", ""], col: 1, card: "1024",
        expect: Placed { column: "", points: 11, made: "2048", clear: Some(Clear::Value) } },
    Case { name: "a clear empties the cards above the chain too", rules: "", columns: ["2 1024 512", ""], col: 1, card: "512",
        expect: Placed { column: "", points: 12, made: "1024 2048", clear: Some(Clear::Value) } },
    Case { name: "clear_value 64", rules: CLEAR_64, columns: ["2 32 16 8", ""], col: 1, card: "8",
        expect: Placed { column: "", points: 13, made: "16 32 64", clear: Some(Clear::Value) } },
    Case { name: "clear_value 4, height 1: a 2 on the empty column", rules: TINY, columns: ["", "2"], col: 1, card: "2",
        expect: Placed { column: "2", points: 0, made: "", clear: None } },
    Case { name: "clear_value 4, height 1: default refuses the merging 2", rules: TINY, columns: ["2", ""], col: 1, card: "2",
        expect: Refused(MoveError::ColumnFull(1)) },
    Case { name: "clear_value 4, height 1, merge_into_full: 2 + 2 clears", rules: TINY_FULL, columns: ["2", ""], col: 1, card: "2",
        expect: Placed { column: "", points: 11, made: "4", clear: Some(Clear::Value) } },
    // --- bombs ---
    Case { name: "bomb on an empty column", rules: "", columns: ["", "2"], col: 1, card: "bomb",
        expect: Placed { column: "", points: 0, made: "", clear: Some(Clear::Bomb) } },
    Case { name: "bomb on a column", rules: "", columns: ["2 4 8", ""], col: 1, card: "bomb",
        expect: Placed { column: "", points: 0, made: "", clear: Some(Clear::Bomb) } },
    Case { name: "bomb scores nothing even with value scoring", rules: BIG_BONUS, columns: ["1024 512", ""], col: 1, card: "bomb",
        expect: Placed { column: "", points: 0, made: "", clear: Some(Clear::Bomb) } },
    Case { name: "default: bomb refused on a full column", rules: "", columns: [FULL7, ""], col: 1, card: "bomb",
        expect: Refused(MoveError::ColumnFull(1)) },
    Case { name: "merge_into_full: bomb on a full column", rules: FULL_MERGE, columns: [FULL7, ""], col: 1, card: "bomb",
        expect: Placed { column: "", points: 0, made: "", clear: Some(Clear::Bomb) } },
    // --- full columns ---
    Case { name: "default: full column refuses an unequal card", rules: "", columns: [FULL7, ""], col: 1, card: "4",
        expect: Refused(MoveError::ColumnFull(1)) },
    Case { name: "default: full column refuses even a merging card", rules: "", columns: [FULL7, ""], col: 1, card: "2",
        expect: Refused(MoveError::ColumnFull(1)) },
    Case { name: "default: full column refuses a wild card", rules: "", columns: [FULL7, ""], col: 1, card: "wild",
        expect: Refused(MoveError::ColumnFull(1)) },
    Case { name: "merge_into_full: merging card chains down a full column", rules: FULL_MERGE, columns: [FULL7, ""], col: 1, card: "2",
        expect: Placed { column: "256", points: 7, made: "4 8 16 32 64 128 256", clear: None } },
    Case { name: "merge_into_full: full column still refuses an unequal card", rules: FULL_MERGE, columns: [FULL7, ""], col: 1, card: "4",
        expect: Refused(MoveError::ColumnFull(1)) },
    Case { name: "merge_into_full: wild on a full column", rules: FULL_MERGE, columns: ["2 4 8 16 32 64 128", ""], col: 1, card: "wild",
        expect: Placed { column: "2 4 8 16 32 64 256", points: 1, made: "256", clear: None } },
    Case { name: "height 1: full column refuses", rules: TINY, columns: ["2", ""], col: 1, card: "bomb",
        expect: Refused(MoveError::ColumnFull(1)) },
    Case { name: "height 1, merge_into_full: wild on a lone wild", rules: TINY_FULL, columns: ["wild", ""], col: 1, card: "wild",
        expect: Placed { column: "wild", points: 1, made: "wild", clear: None } },
    Case { name: "height 1, merge_into_full: card on a lone wild clears at 4", rules: TINY_FULL, columns: ["wild", ""], col: 1, card: "2",
        expect: Placed { column: "", points: 11, made: "4", clear: Some(Clear::Value) } },
    Case { name: "no such column", rules: "", columns: ["", ""], col: 6, card: "2",
        expect: Refused(MoveError::NoSuchColumn { column: 6, columns: 5 }) },
    // --- wild cards ---
    Case { name: "wild on a tail counts as the tail and chains", rules: "", columns: ["8 4", ""], col: 1, card: "wild",
        expect: Placed { column: "16", points: 2, made: "8 16", clear: None } },
    Case { name: "wild on an empty column waits", rules: "", columns: ["", ""], col: 1, card: "wild",
        expect: Placed { column: "wild", points: 0, made: "", clear: None } },
    Case { name: "card on a waiting wild doubles", rules: "", columns: ["wild", ""], col: 1, card: "8",
        expect: Placed { column: "16", points: 1, made: "16", clear: None } },
    Case { name: "wild on wild makes one wild, one merge step", rules: "", columns: ["wild", ""], col: 1, card: "wild",
        expect: Placed { column: "wild", points: 1, made: "wild", clear: None } },
    Case { name: "wild on wild scores no value", rules: VALUE_AND_MERGE, columns: ["wild", ""], col: 1, card: "wild",
        expect: Placed { column: "wild", points: 5, made: "wild", clear: None } },
    Case { name: "wild on 1024 clears", rules: "", columns: ["1024", ""], col: 1, card: "wild",
        expect: Placed { column: "", points: 11, made: "2048", clear: Some(Clear::Value) } },
    Case { name: "1024 on a waiting wild clears", rules: "", columns: ["wild", ""], col: 1, card: "1024",
        expect: Placed { column: "", points: 11, made: "2048", clear: Some(Clear::Value) } },
    // --- scoring options ---
    Case { name: "merged_value: each step scores what it made", rules: VALUE, columns: ["64 32 16", ""], col: 1, card: "16",
        expect: Placed { column: "128", points: 32 + 64 + 128, made: "32 64 128", clear: None } },
    Case { name: "per_merge and merged_value add up", rules: VALUE_AND_MERGE, columns: ["64 32 16", ""], col: 1, card: "16",
        expect: Placed { column: "128", points: 3 * 5 + 32 + 64 + 128, made: "32 64 128", clear: None } },
    Case { name: "merged_value on a wild merge scores the value made", rules: VALUE, columns: ["8", ""], col: 1, card: "wild",
        expect: Placed { column: "16", points: 16, made: "16", clear: None } },
    Case { name: "clear_bonus 0", rules: NO_BONUS, columns: ["1024", ""], col: 1, card: "1024",
        expect: Placed { column: "", points: 1, made: "2048", clear: Some(Clear::Value) } },
    Case { name: "clear_bonus 100 with merged_value", rules: BIG_BONUS, columns: ["1024 512", ""], col: 1, card: "512",
        expect: Placed { column: "", points: 2 + 1024 + 2048 + 100, made: "1024 2048", clear: Some(Clear::Value) } },
];

#[test]
fn merge_table() {
    let mut failures = Vec::new();
    for case in CASES {
        let r = rules(case.rules);
        let start: Vec<Vec<Card>> = case.columns.iter().map(|c| cards(c)).collect();
        let refs: Vec<&[Card]> = start.iter().map(Vec::as_slice).collect();
        let mut pos = Position::with_columns(&r, &refs);
        let before = pos;
        let card = cards(case.card)[0];
        let col = case.col - 1;
        let checked = pos.check(Move::Place(col), card, &r);
        let got = match (&case.expect, checked) {
            (Refused(want), Err(e)) if *want == e => {
                assert_eq!(
                    pos, before,
                    "{}: a refused move changed the position",
                    case.name
                );
                continue;
            }
            (Refused(want), other) => format!("expected refusal {want:?}, got {other:?}"),
            (Placed { .. }, Err(e)) => format!("refused: {e}"),
            (
                Placed {
                    column,
                    points,
                    made,
                    clear,
                },
                Ok(()),
            ) => {
                let turn = pos.place(col as usize, card, &r);
                let made_now: Vec<Card> = turn.steps().iter().map(|s| s.made).collect();
                let mut problems = Vec::new();
                if pos.columns()[col as usize].cards() != cards(column).as_slice() {
                    problems.push(format!(
                        "column {:?}, expected {column:?}",
                        pos.columns()[col as usize].cards()
                    ));
                }
                if turn.points != *points || pos.score != before.score + points {
                    problems.push(format!("points {}, expected {points}", turn.points));
                }
                if made_now != cards(made) {
                    problems.push(format!("steps made {made_now:?}, expected {made:?}"));
                }
                if turn.cleared != *clear {
                    problems.push(format!("clear {:?}, expected {clear:?}", turn.cleared));
                }
                // The other column is never touched.
                let other = 1 - col as usize;
                if pos.columns()[other] != before.columns()[other] {
                    problems.push("the other column changed".into());
                }
                if pos.stats.merges != made_now.len() as u32 || pos.stats.cards_played != 1 {
                    problems.push(format!("stats {:?}", pos.stats));
                }
                let value_clears = u32::from(*clear == Some(Clear::Value));
                let bombs = u32::from(*clear == Some(Clear::Bomb));
                if pos.stats.clears != value_clears || pos.stats.bombs != bombs {
                    problems.push(format!("clears/bombs {:?}", pos.stats));
                }
                // Each step's card met the tail and made the next card.
                for w in turn.steps().windows(2) {
                    if w[1].card != w[0].made {
                        problems.push(format!("steps do not chain: {:?}", turn.steps()));
                    }
                }
                if problems.is_empty() {
                    continue;
                }
                problems.join("; ")
            }
        };
        failures.push(format!("{}: {got}", case.name));
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn the_table_covers_the_cases_issue_2_asks_for() {
    // A guard against the table being thinned out by accident.
    assert!(CASES.len() >= 35, "{}", CASES.len());
    let bombs_on_full = CASES
        .iter()
        .filter(|c| c.card == "bomb" && c.columns[0] == FULL7)
        .count();
    assert_eq!(bombs_on_full, 2);
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
