//! The exact search held against brute force, and its limits.

use proptest::prelude::*;

use super::*;
use crate::cards::deck::deal;

/// The best score of `deck` by trying every order of play, for tests of [`solve`] on short
/// decks: every legal move of every card, nothing merged or pruned.
fn brute_force(rules: &Rules, deck: &[Card]) -> u64 {
    fn go(pos: &Position, deck: &[Card], rules: &Rules) -> u64 {
        let Some((&card, rest)) = deck.split_first() else {
            return pos.score;
        };
        let mut best = pos.score;
        for mv in moves(pos, card, rules) {
            let mut p = *pos;
            p.apply(mv, card, rules);
            best = best.max(go(&p, rest, rules));
        }
        best
    }
    go(&Position::new(rules), deck, rules)
}

fn rules(preset: &str, edit: impl Fn(&mut Rules)) -> Rules {
    let text = crate::config::presets::get(preset).expect("a shipped preset");
    let mut r = Rules::parse(text, preset, Some(&Rules::default_rules())).expect("parses");
    edit(&mut r);
    r
}

fn card(v: u64) -> Card {
    Card::from_value(v).expect("a card")
}

/// The line's moves are legal and score what the solution says.
fn check_line(rules: &Rules, deck: &[Card], s: &Solution) {
    let mut pos = Position::new(rules);
    for (&mv, &card) in s.moves.iter().zip(deck) {
        pos.check(mv, card, rules).expect("a legal move");
        pos.apply(mv, card, rules);
    }
    assert_eq!(pos.score, s.score);
    if s.moves.len() < deck.len() {
        assert!(
            !pos.has_move(deck[s.moves.len()], rules),
            "a line ends lost"
        );
    }
}

/// Exact search and brute force agree on every deck, on boards where games are lost, bombs
/// and clears happen, and where discards and merges into full columns are moves.
#[test]
fn exact_search_equals_brute_force() {
    let cases: Vec<(Rules, usize, u64)> = vec![
        (rules("default", |_| {}), 8, 12),
        (
            rules("default", |r| {
                r.board.columns = 3;
                r.board.height = 3;
            }),
            12,
            12,
        ),
        (
            rules("default", |r| {
                r.board.columns = 2;
                r.board.height = 4;
                r.board.clear_value = card(32);
            }),
            12,
            12,
        ),
        (
            rules("solitaire", |r| {
                r.board.columns = 3;
                r.board.height = 3;
            }),
            10,
            8,
        ),
    ];
    for (rules, longest, deals) in cases {
        for seed in 0..deals {
            let mut r = rules.clone();
            r.deck.size = longest as u32;
            let full = deal(&r, seed);
            for len in (longest - 3)..=longest {
                let deck = &full[..len];
                let s = solve(&rules, deck);
                assert!(s.proven);
                assert_eq!(
                    s.score,
                    brute_force(&rules, deck),
                    "{} seed {seed} length {len}",
                    rules.name
                );
                check_line(&rules, deck, &s);
            }
        }
    }
}

/// The rules a property test draws: small boards of every kind, with bombs, wild cards,
/// discards given back by clears, merges into full columns, low clear values, and each way of
/// scoring.
fn any_rules() -> impl Strategy<Value = Rules> {
    (
        (1u8..=3, 1u8..=4, 2u32..=6, any::<bool>()),
        (0u32..=6, 0u32..=6, 0u32..=6),
        (0u32..=2, 0u32..=2, 0u32..=2),
        (0u64..=3, any::<bool>(), 0u64..=20),
    )
        .prop_map(
            |(
                (columns, height, clear, full),
                (bomb, wild, small),
                (start, per_clear, extra),
                (per_merge, merged_value, clear_bonus),
            )| {
                let mut r = Rules::default_rules();
                r.name = "property".into();
                r.board.columns = columns;
                r.board.height = height;
                r.board.clear_value = Card::from_exponent(clear as u8);
                r.board.merge_into_full = full;
                let mut weights: Vec<(Card, u32)> = (1..clear)
                    .map(|e| {
                        (
                            Card::from_exponent(e as u8),
                            if e <= 2 { 3 + small } else { 2 },
                        )
                    })
                    .collect();
                weights.push((Card::BOMB, bomb));
                weights.push((Card::WILD, wild));
                r.deck.weights = weights;
                r.discards.start = start;
                r.discards.per_clear = per_clear;
                r.discards.max = start + extra;
                r.scoring.per_merge = per_merge;
                r.scoring.merged_value = merged_value;
                r.scoring.clear_bonus = clear_bonus;
                r
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// On any small rules and any short deck, the proof equals brute force and its line plays.
    #[test]
    fn every_proof_equals_brute_force(rules in any_rules(), seed in any::<u64>(), len in 1usize..=8) {
        let mut r = rules.clone();
        r.deck.size = len as u32;
        let deck = deal(&r, seed);
        let s = solve(&rules, &deck);
        prop_assert!(s.proven);
        prop_assert_eq!(s.score, brute_force(&rules, &deck));
        check_line(&rules, &deck, &s);
    }
}

/// Out of budget, the answer is a beam's, said to be unproven, and still a real line.
#[test]
fn a_search_out_of_budget_gives_the_beams_line() {
    let rules = Rules::default_rules();
    let deck = deal(&rules, 3)[..14].to_vec();
    let s = solve_within(&rules, &deck, Budget(1));
    check_line(&rules, &deck, &s);
    let exact = solve(&rules, &deck);
    assert!(exact.proven && exact.score >= s.score);
}

/// A watch that cancels stops the solve with no answer; one that does not is told the
/// positions searched against the budget.
#[test]
fn a_watch_follows_and_cancels() {
    let rules = Rules::default_rules();
    let deck = deal(&rules, 149)[..20].to_vec();
    let start = Position::new(&rules);
    let told = std::cell::Cell::new((0u64, 0u64));
    let progress = |n, of| told.set((n, of));
    let stop = Watch {
        cancel: &|| true,
        progress: &progress,
    };
    assert_eq!(
        solve_watched(&rules, &start, &deck, Budget(EXACT_BUDGET), Some(&stop)),
        None
    );
    let go = Watch {
        cancel: &|| false,
        progress: &progress,
    };
    let s = solve_watched(&rules, &start, &deck, Budget(EXACT_BUDGET), Some(&go)).expect("runs");
    assert_eq!(s, solve(&rules, &deck));
    let (n, of) = told.get();
    assert!(n > 0 && n <= of && of == EXACT_BUDGET as u64, "{n} of {of}");
}

#[test]
fn shapes_ignore_column_order_and_score() {
    let r = Rules::default_rules();
    let a = Position::with_columns(&r, &[&[card(2)], &[], &[card(4), card(8)]]);
    let b = Position::with_columns(&r, &[&[card(4), card(8)], &[card(2)]]);
    assert_eq!(shape(&a), shape(&b));
    let d = Position::with_columns(&r, &[&[card(8), card(4)], &[card(2)]]);
    assert_ne!(shape(&a), shape(&d));
}

/// Keys merge boards that differ only in dead cards (by value, and for this deck), never boards
/// that differ in a card that can still merge.
#[test]
fn keys_merge_dead_cards_only() {
    let r = Rules::default_rules();
    let deck = [card(2), card(4), card(2)];
    let canon = canon::Canon::new(&r, &Position::new(&r), &deck);
    let key = |cols: &[&[Card]]| -> [u64; 2] {
        let p = Position::with_columns(&r, cols);
        canon.key(&canon.view(&p, 0), p.discards, 0)
    };
    // The 4 and the 16 under a 32 and an 8 can never merge: only how many they are counts.
    assert_eq!(
        key(&[&[card(4), card(32), card(8)]]),
        key(&[&[card(16), card(32), card(8)]])
    );
    // A 32 over an 8 with 8 points of cards to come: dead; over a 2 it is dead too. But a 4 over
    // a 2 can still take the 2 to come.
    assert_eq!(key(&[&[card(32), card(8)]]), key(&[&[card(64), card(8)]]));
    assert_ne!(key(&[&[card(4), card(2)]]), key(&[&[card(8), card(2)]]));
    // The tail itself: a 16 with 8 points to come can never merge; a 4 can.
    assert_eq!(key(&[&[card(16)]]), key(&[&[card(32)]]));
    assert_ne!(key(&[&[card(4)]]), key(&[&[card(8)]]));
    // A wild card to come can double any tail.
    let wild = [Card::WILD];
    let canon = canon::Canon::new(&r, &Position::new(&r), &wild);
    let p = |c| Position::with_columns(&r, &[&[card(c)]]);
    let k = |p: &Position| -> [u64; 2] { canon.key(&canon.view(p, 0), 0, 0) };
    assert_ne!(k(&p(16)), k(&p(32)));
}

/// The table keeps to its cap: full, it learns no new key, and says so.
#[test]
fn the_table_never_passes_its_cap() {
    let cap = 200_000;
    let mut t = table::Table::<2>::new(cap);
    let mut kept = 0;
    for n in 1..100_000u64 {
        if t.put(&[n, 1], n) {
            kept += 1;
        }
        assert!(t.bytes() <= cap);
    }
    assert_eq!(t.len(), kept);
    assert!(kept > 1000 && kept < 100_000);
    assert_eq!(t.get(&[1, 1]), Some(1));
    assert!(t.put(&[1, 1], 7));
    assert_eq!(t.get(&[1, 1]), Some(7));
}
