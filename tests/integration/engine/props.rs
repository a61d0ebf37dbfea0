//! Property tests: random valid rules, random decks and random move sequences (undo included)
//! must keep the invariants of docs/rules.md, undo must restore exactly, and a game must be a pure
//! function of its rules, seed and moves.

use std::sync::Arc;

use new2048::cards::card::Card;
use new2048::cards::engine::{Clear, Game, Move, Outcome};
use new2048::cards::rules::Rules;

use crate::common::{RulesSpec, rules_spec};
use proptest::prelude::*;

/// A player's action: a column (taken modulo the column count), discard or undo. Columns are
/// drawn more often, so games go deep.
#[derive(Debug, Clone, Copy)]
enum Action {
    Place(u8),
    Discard,
    Undo,
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        12 => (0u8..9).prop_map(Action::Place),
        1 => Just(Action::Discard),
        1 => Just(Action::Undo),
    ]
}

/// Everything a player can observe about a game, to compare two games exactly.
#[derive(Debug, PartialEq)]
struct Seen {
    position: new2048::cards::engine::Position,
    hand: Option<Card>,
    visible: Vec<Card>,
    cards_left: usize,
    outcome: Option<Outcome>,
    moves: Vec<Move>,
}

fn seen(g: &Game) -> Seen {
    Seen {
        position: *g.position(),
        hand: g.hand(),
        visible: g.visible().to_vec(),
        cards_left: g.cards_left(),
        outcome: g.outcome(),
        moves: g.moves().to_vec(),
    }
}

/// The invariants of docs/rules.md, and what the outcome must mean.
fn check_invariants(g: &Game) -> Result<(), TestCaseError> {
    let r = g.rules();
    let p = g.position();
    prop_assert_eq!(p.columns().len(), r.board.columns as usize);
    for (i, c) in p.columns().iter().enumerate() {
        let cards = c.cards();
        prop_assert!(
            cards.len() <= r.board.height as usize,
            "column {} over its height: {:?}",
            i,
            cards
        );
        if let [.., a, b] = cards {
            prop_assert!(a != b, "column {} ends in two equal cards: {:?}", i, cards);
        }
        for &card in cards {
            prop_assert!(!card.is_bomb(), "a bomb stays in column {}: {:?}", i, cards);
            prop_assert!(
                card.is_wild() || card < r.board.clear_value,
                "column {} holds clear_value or more: {:?}",
                i,
                cards
            );
            // A wild card merges with whatever lands on it or it lands on: it is always alone.
            prop_assert!(
                !card.is_wild() || cards.len() == 1,
                "a wild card shares column {}: {:?}",
                i,
                cards
            );
        }
    }
    prop_assert!(p.discards <= r.discards.max);
    // What a restored record is held to (`record::limits`) holds for every game played.
    prop_assert!(
        p.score <= r.most_points(g.deck().len()),
        "score {}",
        p.score
    );
    prop_assert!(p.stats.cards_played as usize <= g.deck().len());
    prop_assert_eq!(
        p.stats.cards_played as usize + p.stats.discarded as usize,
        g.moves().len()
    );
    prop_assert_eq!(g.cards_left() + g.moves().len(), g.deck().len());
    match g.outcome() {
        Some(Outcome::Won) => prop_assert_eq!(g.cards_left(), 0),
        Some(Outcome::Lost) => {
            prop_assert!(g.hand().is_some());
            prop_assert_eq!(p.discards, 0);
            let hand = g.hand().unwrap();
            for c in 0..r.board.columns {
                prop_assert!(p.check(Move::Place(c), hand, r).is_err());
            }
        }
        None => {
            let hand = g.hand();
            prop_assert!(hand.is_some());
            let hand = hand.unwrap();
            let any = p.discards > 0
                || (0..r.board.columns).any(|c| p.check(Move::Place(c), hand, r).is_ok());
            prop_assert!(any, "game not over but no move is legal");
        }
    }
    Ok(())
}

/// The chain-merge rules of docs/rules.md written as plainly as possible, to check the engine against:
/// the card goes at the tail; while the last two cards merge (equal, or one of them wild) they
/// become one card of twice the value (wild on wild stays wild); making `clear_value` empties the
/// column; a bomb empties it too. Returns the points, the card each step made and the clear.
fn model_place(column: &mut Vec<Card>, card: Card, r: &Rules) -> (u64, Vec<Card>, Option<Clear>) {
    if card.is_bomb() {
        column.clear();
        return (0, Vec::new(), Some(Clear::Bomb));
    }
    let (mut points, mut made) = (0, Vec::new());
    column.push(card);
    while let [.., above, tail] = column[..] {
        let value = match (above.value(), tail.value()) {
            (None, None) => None,
            (Some(v), None) | (None, Some(v)) => Some(2 * v),
            (Some(a), Some(b)) if a == b => Some(2 * a),
            _ => break,
        };
        column.truncate(column.len() - 2);
        let new = value.map_or(Card::WILD, |v| Card::from_value(v).unwrap());
        made.push(new);
        points += r.scoring.per_merge;
        if r.scoring.merged_value {
            points += value.unwrap_or(0);
        }
        if new == r.board.clear_value {
            column.clear();
            return (points + r.scoring.clear_bonus, made, Some(Clear::Value));
        }
        column.push(new);
    }
    (points, made, None)
}

/// Plays `actions` on `g`, checking every step; returns the turns' total points and merges.
fn play_checked(g: &mut Game, actions: &[Action]) -> Result<(), TestCaseError> {
    let mut history: Vec<Game> = Vec::new();
    let mut points = 0u64;
    let mut merges = 0u32;
    let mut totals: Vec<(u64, u32)> = Vec::new();
    check_invariants(g)?;
    for &a in actions {
        let before = seen(g);
        match a {
            Action::Undo => {
                let undone = g.undo();
                prop_assert_eq!(undone, !history.is_empty());
                if let Some(prev) = history.pop() {
                    prop_assert_eq!(seen(g), seen(&prev), "undo did not restore exactly");
                    (points, merges) = totals.pop().unwrap();
                } else {
                    prop_assert_eq!(seen(g), before);
                }
            }
            Action::Place(_) | Action::Discard => {
                let mv = match a {
                    Action::Place(c) => Move::Place(c % g.rules().board.columns),
                    _ => Move::Discard,
                };
                let snapshot = g.clone();
                let legal = g.check(mv);
                match g.play(mv) {
                    Ok(turn) => {
                        prop_assert!(legal.is_ok());
                        prop_assert_eq!(turn.mv, mv);
                        prop_assert_eq!(Some(turn.card), before.hand);
                        if let Move::Place(c) = mv {
                            let c = c as usize;
                            let mut column = snapshot.position().columns()[c].cards().to_vec();
                            let model = model_place(&mut column, turn.card, g.rules());
                            let made: Vec<Card> = turn.steps().iter().map(|s| s.made).collect();
                            prop_assert_eq!(g.position().columns()[c].cards(), &column[..]);
                            prop_assert_eq!((turn.points, made, turn.cleared), model);
                        }
                        history.push(snapshot);
                        totals.push((points, merges));
                        points += turn.points;
                        merges += turn.steps().len() as u32;
                    }
                    Err(e) => {
                        prop_assert_eq!(legal, Err(e));
                        prop_assert_eq!(seen(g), before, "a refused move changed the game");
                    }
                }
            }
        }
        check_invariants(g)?;
        prop_assert_eq!(g.position().score, points);
        prop_assert_eq!(g.position().stats.merges, merges);
    }
    // Undo everything that is left, one move at a time.
    while let Some(prev) = history.pop() {
        prop_assert!(g.undo());
        prop_assert_eq!(seen(g), seen(&prev));
    }
    prop_assert!(!g.undo());
    prop_assert_eq!(g.moves().len(), 0);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_rules(
        spec in rules_spec(),
        seed in any::<u64>(),
        actions in prop::collection::vec(action(), 0..150),
    ) {
        let rules = Arc::new(spec.rules());
        let mut g = Game::with_seed(rules, seed);
        play_checked(&mut g, &actions)?;
    }

    #[test]
    fn written_out_decks_keep_the_rules(
        spec in rules_spec(),
        deck in prop::collection::vec(
            prop_oneof![(1u8..=11).prop_map(Card::from_exponent), Just(Card::BOMB), Just(Card::WILD)],
            1..80,
        ),
        actions in prop::collection::vec(action(), 0..120),
    ) {
        let rules = spec.rules();
        // A deck file may hold any card below clear_value, whatever the weights.
        let deck: Vec<Card> = deck
            .into_iter()
            .filter(|c| !c.is_number() || *c < rules.board.clear_value)
            .collect();
        prop_assume!(!deck.is_empty());
        let mut g = Game::new(Arc::new(rules), deck.into());
        play_checked(&mut g, &actions)?;
    }

    #[test]
    fn same_seed_same_game_and_replay_reproduces_it(
        spec in rules_spec(),
        seed in any::<u64>(),
        actions in prop::collection::vec(action(), 0..100),
    ) {
        let rules = Arc::new(spec.rules());
        let mut a = Game::with_seed(rules.clone(), seed);
        let mut b = Game::with_seed(Arc::new(spec.rules()), seed);
        prop_assert_eq!(&a.deck()[..], &b.deck()[..]);
        prop_assert_eq!(a.deck().len(), rules.deck.size as usize);
        for &act in &actions {
            match act {
                Action::Undo => prop_assert_eq!(a.undo(), b.undo()),
                Action::Place(c) => {
                    let mv = Move::Place(c % rules.board.columns);
                    prop_assert_eq!(a.play(mv), b.play(mv));
                }
                Action::Discard => prop_assert_eq!(a.play(Move::Discard), b.play(Move::Discard)),
            }
            prop_assert_eq!(seen(&a), seen(&b));
        }
        let replayed = Game::replay(rules, a.deck().clone(), a.moves());
        prop_assert!(replayed.is_ok());
        let replayed = replayed.unwrap();
        prop_assert_eq!(seen(&replayed), seen(&a));
    }

    #[test]
    fn dealt_cards_follow_the_weights(spec in rules_spec(), seed in any::<u64>()) {
        let rules = spec.rules();
        let deck = new2048::cards::deck::deal(&rules, seed);
        prop_assert_eq!(deck.len(), rules.deck.size as usize);
        for c in deck {
            prop_assert!(rules.weight(c) > 0, "{} dealt with weight 0", c);
        }
    }
}

#[test]
fn the_generator_reaches_interesting_rules() {
    // Guards the generator itself: the rules it writes must parse, including the fallback deck.
    let spec = RulesSpec {
        columns: 1,
        height: 1,
        clear_exp: 2,
        weights: vec![0; 11],
        bomb: 0,
        wild: 0,
        merge_into_full: false,
        start: 0,
        per_clear: 0,
        extra_max: 0,
        per_merge: 0,
        merged_value: false,
        clear_bonus: 0,
        lookahead: 1,
        size: 1,
    };
    let r = spec.rules();
    assert_eq!(r.weight(Card::from_exponent(1)), 1);
    assert_eq!(r.board.clear_value.value(), Some(4));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Whatever a player writes in a rules file, reading it never panics, and an error can be
    /// shown with its place.
    #[test]
    fn any_rules_text_is_read_without_panic(
        lines in prop::collection::vec(
            prop_oneof![
                Just("[deck]".to_string()),
                Just("[board]".to_string()),
                Just("[deck.weights]".to_string()),
                Just("[discards]".to_string()),
                Just("[scoring]".to_string()),
                "[a-z_.]{1,16} = -?[0-9]{1,12}",
                "(size|lookahead|columns|height|clear_value|start|max|per_clear|per_merge|bomb|wild|2|4|2048) = -?[0-9]{1,11}",
                "(merge_into_full|merged_value) = (true|false|1|\"x\")",
                "name = \"[^\"\\\\]{0,50}\"",
                "\\PC{0,20}",
            ],
            0..12,
        ),
    ) {
        let text = lines.join("\n");
        let base = Rules::default_rules();
        match Rules::parse(&text, "fuzz.toml", Some(&base)) {
            Ok(r) => {
                // Good rules print as a file that reads back the same.
                let again = Rules::parse(&r.to_toml(), "printed", None);
                prop_assert_eq!(again.as_ref(), Ok(&r));
            }
            Err(e) => {
                let shown = e.to_string();
                prop_assert!(shown.starts_with("fuzz.toml"), "{}", shown);
            }
        }
    }
}
