//! A record's result is a claim; its moves are the proof. Before `replay` shows a record or
//! `review` rates it, the game is replayed from the record's rules, deck and moves, and every
//! figure the record states about its end (outcome, score, cards played or moves, highest card)
//! is compared with the replay's. A record that differs anywhere (a score edited to 9999, a
//! result claimed that the moves never reach) is refused with exit status 2, each differing
//! field named by its name in the file, so the player can see what was changed.
//!
//! Whether a record matches, and which of its fields differ, is the record's own check
//! ([`Finished::mismatch`] and [`Finished::differing`], in the store), the same for both games.
//!
//! A deck file's deck is whatever the file held: nothing can check that it was dealt fairly, so
//! such a game is named a "custom deck" wherever a replay shows how it was dealt
//! ([`deal_words`]), never as if it were a seed's.

use crate::deal::{Deal, deal_text};
use crate::error::Error;
use crate::record::{Finished, Recorded};

/// The refusal of a record whose `fields` differ from its replay as `mismatch` (the record's
/// own account of both) says; `doing` is what was asked (`replay`, `review`), `name` the
/// record's name in messages.
fn refused(doing: &str, name: &str, fields: &[&str], mismatch: &str) -> Error {
    let fields: Vec<String> = fields.iter().map(|f| format!("`{f}`")).collect();
    let which = match fields.as_slice() {
        [] => "result does".to_string(),
        [one] => format!("{one} does"),
        [first @ .., last] => format!("{} and {last} do", first.join(", ")),
    };
    Error::usage(format!(
        "cannot {doing} {name}: its {which} not match its own moves ({mismatch}). A record \
         edited by hand, or written by a version whose engine plays differently, is not {doing}ed"
    ))
}

/// Refuses a one-player record (if there is one: a saved game states no result) whose result
/// differs from `game`, its replay.
pub(crate) fn checked<G: Recorded<Count = N>, P, N: PartialEq>(
    doing: &str,
    name: &str,
    record: Option<&Finished<P, N>>,
    game: &G,
) -> Result<(), Error> {
    match record.and_then(|r| r.mismatch(game).map(|m| (r, m))) {
        Some((r, m)) => Err(refused(doing, name, &r.differing(game), &m)),
        None => Ok(()),
    }
}

/// How a game was dealt, in a replay's title: a deck file's deal is a "custom deck".
pub(crate) fn deal_words(deal: &Deal) -> String {
    match deal {
        Deal::DeckFile { .. } => format!("custom {}", deal_text(deal)),
        Deal::Seed { .. } | Deal::Daily { .. } | Deal::Puzzle { .. } => deal_text(deal),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::engine::{Game, Move};
    use crate::cards::rules::Rules;
    use crate::cards::summary::Ending;
    use crate::deal::GameMeta;
    use crate::record::Record;
    use std::sync::Arc;

    fn recorded() -> (Game, Record) {
        let mut g = Game::with_seed(Arc::new(Rules::default_rules()), 5);
        for c in [0, 1, 1, 2, 0] {
            g.play(Move::Place(c)).unwrap();
        }
        let meta = GameMeta {
            deal: Deal::Seed { seed: 5 },
            started: 1_796_070_830,
            away: 0,
            hints: 0,
        };
        let r = g.record(&meta, meta.started + 60, Some(Ending::Quit), "x".into());
        (g, r)
    }

    #[test]
    fn a_true_record_passes() {
        let (g, r) = recorded();
        assert!(checked("replay", "r.json", Some(&r), &g).is_ok());
        assert!(checked("replay", "a save", None::<&Record>, &g).is_ok());
    }

    #[test]
    fn each_edited_field_is_named() {
        let (g, r) = recorded();
        let score = g.position().score;
        type Edit = fn(&mut Record);
        let edits: [(&str, Edit); 4] = [
            ("its `outcome` does not match", |r| r.outcome = Ending::Won),
            ("its `score` does not match", |r| r.score = 9999),
            ("its `cards_played` does not match", |r| {
                r.count.cards_played = 77;
            }),
            ("its `highest` does not match", |r| r.highest = 2048),
        ];
        for (says, edit) in edits {
            let mut forged = r.clone();
            edit(&mut forged);
            let e = checked("review", "r.json", Some(&forged), &g).unwrap_err();
            assert_eq!(e.code(), 2);
            let text = e.to_string();
            assert!(text.contains("cannot review r.json"), "{text}");
            assert!(text.contains(says), "{text}");
            assert!(text.contains("is not reviewed"), "{text}");
        }
        let mut two = r.clone();
        two.score = score + 1;
        two.highest = 4096;
        let text = checked("replay", "r.json", Some(&two), &g)
            .unwrap_err()
            .to_string();
        assert!(
            text.contains("its `score` and `highest` do not match"),
            "{text}"
        );
    }

    #[test]
    fn a_deck_file_deal_is_a_custom_deck() {
        let deck = Deal::DeckFile {
            path: "/some/where/d.txt".into(),
        };
        assert_eq!(deal_words(&deck), "custom deck d.txt");
        assert_eq!(deal_words(&Deal::Seed { seed: 4 }), "seed 4");
    }
}
