//! What only the store's own tests can reach (tests/integration drives the rest through the
//! binary): no data folder at all, the clock a screen stopped used for one record only, and an id
//! that names no save.

use std::sync::Arc;

use super::*;
use crate::cards::engine::{Game, Move};
use crate::cards::summary::Ending;
use crate::deal::{Deal, GameMeta, puzzle};
use crate::store::api::ResumeError;

fn game(seed: u64) -> (Game, GameMeta) {
    let g = Game::with_seed(Arc::new(Rules::default_rules()), seed);
    let meta = GameMeta {
        deal: Deal::Seed { seed },
        started: utc::now(),
        away: 0,
        hints: 0,
    };
    (g, meta)
}

fn at(dir: &tempfile::TempDir) -> Store {
    Store::at(Some(dir.path().to_path_buf()))
}

impl Store {
    fn entries(&self) -> Vec<Recap> {
        self.summaries(&history::Filter::default())
    }
}

#[test]
fn no_folder_keeps_nothing_and_says_so_once() {
    let mut s = Store::at(None);
    let (g, meta) = game(1);
    s.save(&InPlay::solo(&g, &meta));
    assert!(!s.finish(&InPlay::solo(&g, &meta), Some(Ending::Quit), None));
    assert!(s.resume_newest(GameKind::Cards).is_none());
    assert!(s.saved_games().is_empty());
    assert!(matches!(s.resume("x"), Err(ResumeError::NoFolder)));
    assert_eq!(s.take_warnings().len(), 1);
    assert!(s.take_warnings().is_empty());
}

/// A game is recorded as ending when its clock stopped (the result screen's time), not when the
/// result screen was left; the next game, given no stop, ends when it is recorded.
#[test]
fn recorded_when_the_clock_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = at(&dir);
    let (mut g, mut meta) = game(3);
    meta.started = utc::now() - 500;
    g.play(Move::Place(0)).unwrap();
    s.finish(
        &InPlay::solo(&g, &meta),
        Some(Ending::Quit),
        Some(meta.started + 112),
    );
    let (mut next, next_meta) = game(4);
    next.play(Move::Place(0)).unwrap();
    s.finish(&InPlay::solo(&next, &next_meta), Some(Ending::Quit), None);
    let h = s.entries();
    let first = h.iter().find(|r| r.ended == meta.started + 112).unwrap();
    assert_eq!(
        first.duration_secs, 112,
        "the time the result screen showed"
    );
    let second = h.iter().find(|r| r.ended != meta.started + 112).unwrap();
    assert!(second.ended >= next_meta.started && second.duration_secs < 100);
    // An id that is no save's is not found; one not of the program's form names no file.
    assert!(matches!(
        s.resume("20261201T075600Z-1a2b3c4d"),
        Err(ResumeError::NotFound(_))
    ));
    assert!(
        matches!(s.resume("../lock"), Err(ResumeError::Unusable(m)) if m.contains("not of the form"))
    );
    assert!(!dir.path().join("lock.lock").exists());
}

/// Time played is the time the game was played, not the time it sat saved: a game played for a
/// minute, left saved for 5000 s, then taken up and ended at once counts its minute (it counted
/// the time away too: 263 s for a game played in about 40), also after a second sitting.
#[test]
fn time_played_leaves_out_the_time_a_game_sat_saved() {
    let dir = tempfile::tempdir().unwrap();
    let (mut g, mut meta) = game(5);
    meta.started = utc::now() - 5060;
    g.play(Move::Place(0)).unwrap();
    let mut s = at(&dir);
    s.save(&InPlay::solo(&g, &meta));
    drop(s);
    // Saved 5000 s ago, a minute after it started.
    let db = rusqlite::Connection::open(path_in(dir.path())).unwrap();
    db.execute(
        "UPDATE saves SET saved = saved - 5000, head = json_set(head, '$.saved', \
         strftime('%Y-%m-%dT%H:%M:%SZ', unixepoch(head ->> '$.saved') - 5000, 'unixepoch'))",
        [],
    )
    .unwrap();
    drop(db);
    let mut s = at(&dir);
    let id = s.saved_games()[0].id.clone();
    let resumed = s.resume(&id);
    let Ok(Resumed::Cards(mut g, meta)) = resumed else {
        panic!("the save is taken up: {:?}", resumed.err());
    };
    assert!((4999..=5005).contains(&meta.away), "{}", meta.away);
    g.play(Move::Place(1)).unwrap();
    s.save(&InPlay::solo(&*g, &meta));
    // A second sitting keeps the time away of the first.
    drop(s);
    let mut s = at(&dir);
    let Ok(Resumed::Cards(g, meta)) = s.resume(&id) else {
        panic!("the save is taken up again");
    };
    assert!(meta.away >= 4999, "{}", meta.away);
    s.finish(&InPlay::solo(&*g, &meta), Some(Ending::Quit), None);
    let played = s.entries()[0].duration_secs;
    assert!((60..=66).contains(&played), "{played} s played");
}

/// A game restarted is recorded as restarted (its record still replays to what it says), and
/// the win rate counts only games played to their end: one game won and one restarted after
/// three moves is one game played, all won (the menu said "2 played, 50% won").
#[test]
fn a_restart_is_recorded_as_such_and_no_game_a_win_rate_counts() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = at(&dir);
    let mut rules = Rules::default_rules();
    rules.deck.size = 3;
    let rules = Arc::new(rules);
    let meta = game(1).1;
    let mut won = Game::with_seed(Arc::clone(&rules), 7);
    for c in [0, 1, 2] {
        won.play(Move::Place(c)).unwrap();
    }
    assert_eq!(Ending::of(&won), Ending::Won);
    s.finish(&InPlay::solo(&won, &meta), None, None);
    let mut left = Game::with_seed(Arc::clone(&rules), 8);
    left.play(Move::Place(0)).unwrap();
    s.finish(&InPlay::solo(&left, &meta), Some(Ending::Restarted), None);
    let played = s.played(&rules);
    assert_eq!((played.games, played.wins, played.streak), (1, 1, 1));
    let rows = s.entries();
    assert_eq!(rows[0].outcome, Ending::Restarted);
    assert_eq!(rows[0].outcome.as_str(), "restarted");
    // Its record reads back and agrees with its moves.
    let record = s.record(&rows[0].id).unwrap();
    assert!(matches!(record, crate::record::Entry::Cards(_)));
    let tally = s.stats().unwrap();
    let cards = &tally.cards[0];
    assert_eq!((cards.games, cards.ended, cards.wins), (2, 1, 1));
    assert_eq!(cards.left_out, 0, "the restarted game verifies");
}

/// A daily deal finished twice: the second play is practice, which stays in history marked so
/// but counts in neither the menu's record of the rules nor `stats`' figures per rules, nor in
/// the rules' best.
#[test]
fn practice_counts_in_no_record_of_the_rules() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = at(&dir);
    let mut rules = Rules::default_rules();
    rules.deck.size = 30;
    let date = utc::Date::daily(&utc::date(utc::now())).unwrap();
    let greedy = crate::strategy::Greedy;
    let mut scores = Vec::new();
    for bot in [None, Some(&greedy)] {
        let (mut g, meta) = crate::deal::start_daily(rules.clone(), Some(date));
        // First every card on the first column that takes it; then, knowing the deck, better.
        let moves = match bot {
            Some(b) => crate::strategy::play_out(&g, b, 1),
            None => Vec::new(),
        };
        for m in moves {
            g.play(m).unwrap();
        }
        while !g.is_over() {
            let n = g.rules().board.columns;
            if !(0..n).any(|c| g.play(Move::Place(c)).is_ok()) {
                break;
            }
        }
        scores.push(g.position().score);
        s.finish(&InPlay::solo(&g, &meta), None, None);
    }
    let rows = s.entries();
    assert_eq!(rows.len(), 2, "both plays stay in history");
    assert!(
        rows[0].practice && !rows[1].practice,
        "the newest is practice"
    );
    let played = s.played(&rules);
    assert_eq!(played.games, 1, "{played:?}");
    let tally = s.stats().unwrap();
    let cards = &tally.cards[0];
    assert_eq!((cards.games, cards.ended, cards.left_out), (1, 1, 0));
    assert_eq!(cards.total_score, scores[0]);
    assert!(
        scores[1] > scores[0],
        "the practice scored more: {scores:?}"
    );
    assert_eq!(played.best, Some(scores[0]), "{scores:?}");
    // Nor in the deal's own best: the first attempt's, as its line to share.
    let deal_best = s.daily_best(&rules, &utc::date(utc::now()));
    assert_eq!(deal_best, Some(scores[0]), "{scores:?}");
}

/// A puzzle saved before its target came and after it is one saved game, not two.
#[test]
fn the_target_found_in_play_keeps_one_save() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = at(&dir);
    let (mut game, mut meta) = puzzle::start(&Rules::default_rules(), Some(8), None);
    game.play(Move::Place(0)).unwrap();
    store.save(&InPlay::solo(&game, &meta));
    puzzle::keep_target(&mut meta.deal, puzzle::Target::of(&puzzle::target(&game)));
    game.play(Move::Place(0)).unwrap();
    store.save(&InPlay::solo(&game, &meta));
    assert_eq!(store.saved_games().len(), 1);
    assert_eq!(puzzle::target_of(&meta.deal).map(|t| t.score), Some(12));
}
