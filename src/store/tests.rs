//! What only the store's own tests can reach (tests/integration drives the rest through the
//! binary): no data folder at all, and what only the game screens show (a new best, the clock
//! stopped).

use std::sync::Arc;

use super::*;
use crate::cards::engine::Move;
use crate::store::api::ResumeError;
use crate::store::meta::Deal;

fn game(seed: u64) -> (Game, GameMeta) {
    let g = Game::with_seed(Arc::new(Rules::default_rules()), seed);
    let meta = GameMeta {
        deal: Deal::Seed { seed },
        started: utc::now(),
    };
    (g, meta)
}

fn at(dir: &tempfile::TempDir) -> Store {
    Store::at(Some(dir.path().to_path_buf()))
}

impl Store {
    /// The newest saved card game no other window plays, claimed for this process.
    fn saved(&mut self) -> Option<(Game, GameMeta)> {
        self.resume_newest(
            |i| i.game == GameKind::Cards,
            |r| match r {
                Resumed::Cards(g, m) => Ok((*g, m)),
                other => Err(other),
            },
        )
    }

    fn entries(&self) -> Vec<Recap> {
        self.summaries(&history::Filter::default())
    }
}

fn classic(seed: u64, moves: usize) -> (ClassicGame, ClassicMeta) {
    use crate::classic::Dir;
    let rules = Rules::default_rules().classic;
    let mut g = ClassicGame::new(rules, seed);
    for d in Dir::ALL.into_iter().cycle().take(4 * moves) {
        if g.moves().len() == moves {
            break;
        }
        g.play(d);
    }
    let meta = ClassicMeta {
        rules_name: "default".into(),
        started: utc::now(),
    };
    (g, meta)
}

#[test]
fn no_folder_keeps_nothing_and_says_so_once() {
    let mut s = Store::at(None);
    let (g, meta) = game(1);
    s.save(&g, &meta);
    assert!(!s.finish(&g, &meta, Ending::Quit));
    assert!(s.saved().is_none());
    assert!(s.saved_games().is_empty());
    assert!(matches!(s.resume("x"), Err(ResumeError::NoFolder)));
    assert_eq!(s.take_warnings().len(), 1);
    assert!(s.take_warnings().is_empty());
}

/// A game is recorded as ending when its clock stopped (the result screen's time), not when the
/// result screen was left; the stop is used once, so the next game ends when it is recorded.
#[test]
fn recorded_when_the_clock_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = at(&dir);
    let (mut g, mut meta) = game(3);
    meta.started = utc::now() - 500;
    g.play(Move::Place(0)).unwrap();
    s.clock_stopped(Some(meta.started + 112));
    s.finish(&g, &meta, Ending::Quit);
    let (mut next, next_meta) = game(4);
    next.play(Move::Place(0)).unwrap();
    s.finish(&next, &next_meta, Ending::Quit);
    let h = s.entries();
    let first = h.iter().find(|r| r.ended == meta.started + 112).unwrap();
    assert_eq!(
        first.duration_secs, 112,
        "the time the result screen showed"
    );
    let second = h.iter().find(|r| r.ended != meta.started + 112).unwrap();
    assert!(second.ended >= next_meta.started && second.duration_secs < 100);
}

/// What only the game screens show: whether a finished game's score is a new best (of its own
/// kind of game only).
#[test]
fn a_new_best_is_of_its_own_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = at(&dir);
    let (mut a, a_meta) = game(9);
    let (mut b, b_meta) = game(10);
    for c in [0, 1] {
        a.play(Move::Place(c)).unwrap();
    }
    b.play(Move::Place(0)).unwrap();
    assert_eq!(s.finish(&b, &b_meta, Ending::Quit), b.position().score > 0);
    let new_best = s.finish(&a, &a_meta, Ending::Quit);
    assert_eq!(new_best, a.position().score > b.position().score);
    let best = a.position().score.max(b.position().score);
    assert_eq!(s.best(&Rules::default_rules()), Some(best));
    let (g, meta) = classic(5, 6);
    let rules = g.rules();
    assert_eq!(
        s.classic_best(&rules),
        None,
        "a card best is no classic best"
    );
    assert_eq!(s.finish_classic(&g, &meta), g.score() > 0);
    let (weaker, weaker_meta) = classic(6, 1);
    assert!(weaker.score() < g.score());
    assert!(!s.finish_classic(&weaker, &weaker_meta));
    assert_eq!(at(&dir).classic_best(&rules), Some(g.score()));
    assert_eq!(s.classic_best(&ClassicRules { size: 5, ..rules }), None);
    // An id that is no save's, however it is spelt, is not found.
    assert!(matches!(s.resume("../lock"), Err(ResumeError::NotFound(_))));
    assert!(s.take_warnings().is_empty());
}
