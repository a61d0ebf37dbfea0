//! The store as the screens use it: saving, resuming, finishing, the bests, the list of saved
//! games, a full disk, and the import of an older version's JSON folder.

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

    fn rows(&self, sql: &str) -> i64 {
        self.db().unwrap().query_row(sql, [], |r| r.get(0)).unwrap()
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
fn save_resume_finish() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = at(&dir);
    assert!(s.take_warnings().is_empty());
    assert_eq!(s.saved().map(|(g, _)| g.moves().len()), None);
    let (mut g, meta) = game(9);
    g.play(Move::Place(0)).unwrap();
    g.play(Move::Place(1)).unwrap();
    s.save(&g, &meta);
    // This process plays it: another one neither takes it up nor deletes it.
    let mut other = at(&dir);
    assert!(other.saved_games().is_empty());
    assert_eq!(other.all_saved_games().len(), 1, "listed, marked elsewhere");
    assert!(other.all_saved_games()[0].elsewhere);
    assert!(other.saved().is_none());
    let id = s.saved_games()[0].id.clone();
    assert!(matches!(other.resume(&id), Err(ResumeError::Elsewhere)));
    assert!(matches!(
        other.delete_saved(&id),
        Err(ResumeError::Elsewhere)
    ));
    s.release();
    let (back, back_meta) = other.saved().unwrap();
    assert_eq!(back.position(), g.position());
    assert_eq!(back_meta, meta);
    drop(other);

    // Another game finishing leaves this save alone; this one finishing drops it.
    let (mut next, next_meta) = game(10);
    next.play(Move::Place(0)).unwrap();
    let mut s = at(&dir);
    s.finish(&next, &next_meta, Ending::Quit);
    let (g, meta) = s.saved().unwrap();
    let new_best = s.finish(&g, &meta, Ending::Quit);
    assert!(s.saved().is_none());
    assert_eq!(s.rows("SELECT count(*) FROM saves"), 0);
    assert_eq!(s.rows("SELECT count(*) FROM save_moves"), 0);
    let history = s.entries();
    assert_eq!(history.len(), 2);
    assert!(
        history.iter().any(|r| r.id == id),
        "the record keeps the game's id"
    );
    assert_eq!(new_best, g.position().score > next.position().score);
    let best = g.position().score.max(next.position().score);
    assert_eq!(s.best(&Rules::default_rules()), Some(best));
    assert!(s.take_warnings().is_empty());
    // The record reads back whole, its deck dealt again from the seed.
    let Entry::Cards(r) = s.record(&id).unwrap() else {
        panic!("a card record")
    };
    assert_eq!(r.play.deck, crate::cards::text::cards(g.deck()));
    assert!(entry::replays_as_recorded(&Entry::Cards(r)).is_ok());
}

#[test]
fn a_move_adds_a_row_and_an_undo_takes_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = at(&dir);
    let (mut g, meta) = game(5);
    for c in [0, 1, 2] {
        g.play(Move::Place(c)).unwrap();
        s.save(&g, &meta);
    }
    assert_eq!(s.rows("SELECT count(*) FROM save_moves"), 3);
    g.undo();
    g.play(Move::Place(4)).unwrap();
    s.save(&g, &meta);
    assert_eq!(s.rows("SELECT count(*) FROM save_moves"), 3);
    let last: String = s
        .db()
        .unwrap()
        .query_row(
            "SELECT move FROM save_moves ORDER BY n DESC LIMIT 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(last, "5");
    s.release();
    let (back, _) = at(&dir).saved().unwrap();
    assert_eq!(back.position(), g.position());
    assert_eq!(back.undos(), 1);
}

#[test]
fn every_interrupted_game_is_listed_newest_first() {
    let dir = tempfile::tempdir().unwrap();
    let (mut a, a_meta) = game(11);
    let (mut b, b_meta) = game(12);
    let (mut first, mut second) = (at(&dir), at(&dir));
    // Two processes playing at once, moves interleaved.
    for col in 0..3 {
        a.play(Move::Place(col)).unwrap();
        first.save(&a, &a_meta);
        b.play(Move::Place(col)).unwrap();
        second.save(&b, &b_meta);
    }
    let (c, c_meta) = classic(4, 3);
    second.save_classic(&c, &c_meta);
    drop((first, second));
    let mut s = at(&dir);
    let list = s.saved_games();
    assert_eq!(list.len(), 3, "{list:?}");
    assert!(list.windows(2).all(|w| w[0].saved >= w[1].saved));
    let card = list.iter().find(|i| i.game == GameKind::Cards).unwrap();
    assert_eq!((card.rules.as_str(), card.played), ("default", 3));
    let cl = list.iter().find(|i| i.game == GameKind::Classic).unwrap();
    assert_eq!(
        (cl.score, cl.played, cl.deal.as_str()),
        (c.score(), 3, "4x4 seed 4")
    );
    // Deleting records the game as quit and removes its save.
    s.delete_saved(&cl.id).unwrap();
    assert_eq!(s.saved_games().len(), 2);
    assert_eq!(s.entries().len(), 1);
    assert!(matches!(s.resume(&cl.id), Err(ResumeError::NotFound(_))));
    assert!(matches!(s.resume("../lock"), Err(ResumeError::NotFound(_))));
}

#[test]
fn a_full_disk_keeps_the_game_saved_and_says_only_what_happened() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = at(&dir);
    let (mut g, meta) = game(22);
    g.play(Move::Place(0)).unwrap();
    s.save(&g, &meta);
    db::schema::faults::fail_writes(true);
    g.play(Move::Place(1)).unwrap();
    s.save(&g, &meta);
    g.play(Move::Place(2)).unwrap();
    s.save(&g, &meta);
    let w = s.take_warnings();
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(
        w[0].contains("full") && w[0].contains("tried again"),
        "{w:?}"
    );
    // The game cannot be recorded in the database: its record is kept as a file for the next
    // start, which adds it and removes the save behind it.
    assert!(!s.finish(&g, &meta, Ending::Quit));
    let w = s.take_warnings();
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(
        w[0].contains("cannot record the game") && w[0].contains("goes into history at the next"),
        "{w:?}"
    );
    db::schema::faults::fail_writes(false);
    let mut s = at(&dir);
    assert!(s.take_warnings()[0].contains("imported 1 recorded game"));
    assert_eq!(s.entries().len(), 1, "recorded once, with its last move");
    assert_eq!(s.entries()[0].played, 3);
    assert!(s.saved().is_none(), "and no longer saved");
    let (mut back, meta) = game(24);
    back.play(Move::Place(0)).unwrap();
    s.save(&back, &meta);
    // Saving works again: said once, and the save has every move from then on.
    db::schema::faults::fail_writes(true);
    back.play(Move::Place(3)).unwrap();
    s.save(&back, &meta);
    db::schema::faults::fail_writes(false);
    back.play(Move::Place(4)).unwrap();
    s.save(&back, &meta);
    let w = s.take_warnings();
    assert_eq!(w.len(), 2, "{w:?}");
    assert!(w[1].contains("saving works again"), "{w:?}");
    s.release();
    let (again, _) = at(&dir).saved().unwrap();
    assert_eq!(again.moves().len(), 3, "the save has every move");
}

#[test]
fn deleting_a_save_while_the_disk_is_full_keeps_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = at(&dir);
    let (mut g, meta) = game(23);
    g.play(Move::Place(0)).unwrap();
    s.save(&g, &meta);
    s.release();
    let id = s.saved_games()[0].id.clone();
    db::schema::faults::fail_writes(true);
    let e = s.delete_saved(&id).unwrap_err();
    db::schema::faults::fail_writes(false);
    // Not deleted: the save stays, and the record kept aside is added at the next start, which
    // then removes the save.
    assert!(e.to_string().contains("next start"), "{e}");
    assert_eq!(s.saved_games().len(), 1);
    assert!(s.entries().is_empty());
    let mut s = at(&dir);
    assert_eq!((s.saved_games().len(), s.entries().len()), (0, 1));
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

#[test]
fn classic_saves_and_bests_are_kept_apart_from_card_games() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = at(&dir);
    let (mut card, card_meta) = game(3);
    card.play(Move::Place(0)).unwrap();
    s.save(&card, &card_meta);
    let (g, meta) = classic(5, 6);
    s.save_classic(&g, &meta);
    assert_eq!(s.saved().map(|(g, _)| g.moves().len()), Some(1));
    let (back, back_meta) = s.saved_classic().unwrap();
    assert_eq!((back.board(), back.score()), (g.board(), g.score()));
    assert_eq!(back_meta, meta);

    let rules = g.rules();
    assert_eq!(s.classic_best(&rules), None);
    assert_eq!(s.finish_classic(&g, &meta), g.score() > 0);
    assert!(s.saved_classic().is_none(), "finishing drops its own save");
    assert!(s.saved().is_some(), "and leaves the card game's");
    assert_eq!(s.classic_best(&rules), Some(g.score()));
    // A card best is not a classic best, nor the other way round.
    assert_eq!(s.best(&Rules::default_rules()), None);
    let (weaker, weaker_meta) = classic(6, 1);
    assert!(weaker.score() < g.score());
    assert!(!s.finish_classic(&weaker, &weaker_meta));
    let bigger = ClassicRules { size: 5, ..rules };
    assert_eq!(s.classic_best(&bigger), None);
    // Read again from history by a new store.
    let again = at(&dir);
    assert_eq!(again.classic_best(&rules), Some(g.score()));
    assert_eq!(again.entries().len(), 2);

    // Forgetting a game quit before it counted drops its save.
    let (other, other_meta) = classic(7, 2);
    s.save_classic(&other, &other_meta);
    assert!(s.saved_classic().is_some());
    s.forget_classic(&other, &other_meta);
    assert!(s.saved_classic().is_none());
    assert!(s.take_warnings().is_empty());
}

#[test]
fn a_forged_best_is_not_believed_and_a_deck_file_game_is_no_best() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = at(&dir);
    let (mut g, meta) = game(40);
    for c in [0, 0, 1, 1, 2, 2, 3] {
        let _ = g.play(Move::Place(c));
    }
    s.finish(&g, &meta, Ending::Quit);
    let real = g.position().score;
    // A game dealt from a deck file, however high, is a custom deck: not a best.
    let deck: Vec<_> =
        std::iter::repeat_n(crate::cards::card::Card::from_value(64).unwrap(), 100).collect();
    let mut custom = Game::new(Arc::new(Rules::default_rules()), deck.into());
    custom.play(Move::Place(0)).unwrap();
    let custom_meta = GameMeta {
        deal: Deal::DeckFile {
            path: "big.txt".into(),
        },
        started: utc::now(),
    };
    assert!(!s.finish(&custom, &custom_meta, Ending::Quit));
    let s = at(&dir);
    assert_eq!(s.best(&Rules::default_rules()), Some(real));
    // A score edited in the database is replayed and left out.
    s.db()
        .unwrap()
        .execute("UPDATE games SET score = 99999 WHERE deck IS NULL", [])
        .unwrap();
    let mut s = at(&dir);
    assert_eq!(s.best(&Rules::default_rules()), None);
    let w = s.take_warnings();
    assert!(w[0].contains("left out of the best scores"), "{w:?}");
    let stats = s.stats().unwrap();
    assert!(stats.cards.iter().all(|r| r.best == 0), "{:?}", stats.cards);
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

/// What the start menu says of a preset: games, wins, the wins in a row from the latest, the best.
#[test]
fn played_counts_games_wins_and_the_streak() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = at(&dir);
    let rules = Rules::default_rules();
    assert_eq!(s.played(&rules), Played::default());
    let mut scores = Vec::new();
    for (seed, ending) in [
        (1, Ending::Won),
        (2, Ending::Lost),
        (3, Ending::Won),
        (4, Ending::Won),
    ] {
        let (mut g, mut meta) = game(seed);
        g.play(Move::Place(0)).unwrap();
        g.play(Move::Place(0)).unwrap();
        // Each game ends a second after the one before, so the latest is known.
        meta.started = 1_000 + seed;
        s.clock_stopped(Some(2_000 + seed));
        s.finish(&g, &meta, ending);
        scores.push(g.position().score);
    }
    let p = s.played(&rules);
    assert_eq!((p.games, p.wins, p.streak), (4, 3, 2));
    assert_eq!(p.win_percent(), 75);
    assert_eq!(p.best, scores.iter().copied().max());
    let other = crate::config::load_preset("hard").unwrap();
    assert_eq!(s.played(&other).games, 0);
}
