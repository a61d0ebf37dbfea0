//! Whole games pinned move by move: the engine, the deal and the `random` bot must go on
//! producing exactly these games for these seeds, whatever is done to make them faster.
//!
//! Each preset's games are played twice over: through [`Game`] (what `play --seed` and
//! `autoplay` do: `Position::place`, undo snapshots, the whole deck dealt at the start) and
//! through the simulator (`sim::play_game`: `Position::place_fast`, the deck dealt as it comes
//! into view). The snapshot holds every move and every board of the first, and the totals of
//! a few hundred games of the second, so a change to the merge chain, the legal moves, the
//! dealing or the random choice shows up as a diff.

use std::fmt::Write as _;
use std::sync::Arc;

use new2048::cards::deck::Dealer;
use new2048::cards::engine::{Game, Move};
use new2048::cards::rules::Rules;
use new2048::strategy::sim::{game_seed, play_game};
use new2048::strategy::{Random, play_out};

fn preset(name: &str) -> Rules {
    let text = new2048::config::presets::get(name).expect("a shipped preset");
    Rules::parse(text, name, Some(&Rules::default_rules())).expect("presets parse")
}

/// One game of `rules` dealt from `seed`, the random bot seeded with `seed` too: each move
/// (`1`..`9` a column, `d` a discard) and the board after it, then how it ended.
fn one_game(rules: &Rules, seed: u64) -> String {
    let start = Game::with_seed(Arc::new(rules.clone()), seed);
    let moves = play_out(&start, &Random, seed);
    let mut game = start;
    let mut s = format!("{} seed {seed}:\n", rules.name);
    for mv in moves {
        let card = game.hand().expect("a move has a card");
        let turn = game.play(mv).expect("the bot's moves are legal");
        let board: Vec<String> = game
            .position()
            .columns()
            .iter()
            .map(|c| {
                let cards: Vec<String> = c.cards().iter().map(ToString::to_string).collect();
                cards.join(",")
            })
            .collect();
        let what = match mv {
            Move::Place(c) => (c + 1).to_string(),
            Move::Discard => "d".to_string(),
        };
        writeln!(
            s,
            "  {card} -> {what} +{} [{}]",
            turn.points,
            board.join(" | ")
        )
        .unwrap();
    }
    let p = game.position();
    writeln!(
        s,
        "  {:?} score {} {:?} discards {}",
        game.outcome(),
        p.score,
        p.stats,
        p.discards
    )
    .unwrap();
    s
}

/// The totals of games `0..n` of a simulation seeded with 1, played by the simulator.
fn simulated(rules: &Rules, n: u64) -> String {
    let dealer = Dealer::new(rules);
    let mut deck = Vec::new();
    let (mut won, mut score, mut cards, mut moves, mut highest) = (0, 0, 0, 0, 0);
    for i in 0..n {
        let g = play_game(rules, &dealer, &Random, game_seed(1, i), &mut deck);
        won += u64::from(g.won);
        score += g.score;
        cards += u64::from(g.cards_played);
        moves += u64::from(g.moves);
        highest += g.highest;
    }
    format!(
        "{} simulated {n}: won {won} score {score} cards {cards} moves {moves} highest {highest}\n",
        rules.name
    )
}

#[test]
fn random_games_are_pinned() {
    let mut text = String::new();
    for name in ["default", "hard", "solitaire"] {
        let rules = preset(name);
        for seed in [1, 2] {
            text.push_str(&one_game(&rules, seed));
        }
        text.push_str(&simulated(&rules, 300));
    }
    insta::assert_snapshot!(text);
}
