//! The limits a game played here keeps, held against a document from elsewhere: a row of a
//! restored backup, a record or save of an older version's JSON folder, a row `data check`
//! reads. A game this program plays cannot break them, so a document that does was made or
//! edited elsewhere; it is refused with the field named, as an id not of the program's form is.
//!
//! Replaying the moves decides the most: the score, the cards placed or moves, the highest card
//! and the outcome must be those the moves give under the document's rules (the readers replay
//! every record and save before taking it). Held here besides, before any replay:
//!
//! - a card game's scores, and a puzzle's target (which no replay checks), no more than its rules
//!   allow with its deck ([`crate::cards::rules::Rules::most_points`]);
//! - names as they are typed: a player's 1 to [`crate::duel::MAX_NAME`] printable characters,
//!   the rules' 1 to [`crate::config::own::MAX_NAME`], a deck file's path at most [`MAX_PATH`]
//!   bytes;
//! - dates: none later than the clock and a day ([`GRACE_SECS`], for a clock set wrong), and a
//!   game's time played no longer than from its start to its end.

use super::cards::CardPlay;
use super::classic::ClassicPlay;
use super::duel::DuelRecord;
use super::entry::Doc;
use super::format::{Finished, GameKind, RulesRecord, Save};
use crate::base::utc;
use crate::deal::Deal;

/// How far past the clock a document's date may be: a day, for clocks set wrong.
pub(crate) const GRACE_SECS: u64 = 86_400;

/// The longest deck file's path a record names, in bytes (the longest path Linux opens).
pub(crate) const MAX_PATH: usize = 4096;

/// A document held to the limits of a game played here.
pub(crate) trait Within {
    /// Ok when every field is one a game played here could hold as of `now`; else which field
    /// is not, and why, in words.
    fn within(&self, now: u64) -> Result<(), String>;
}

/// What the two games' documents share, for the limits.
trait Play {
    fn rules(&self) -> &RulesRecord;
    fn started(&self) -> u64;
    fn deal(&self) -> Option<&Deal>;
    /// Whether `scores` (none for a save) are points its rules allow.
    fn points(&self, scores: &[u64]) -> Result<(), String>;
}

impl Play for CardPlay {
    fn rules(&self) -> &RulesRecord {
        &self.rules
    }
    fn started(&self) -> u64 {
        self.started
    }
    fn deal(&self) -> Option<&Deal> {
        Some(&self.deal)
    }
    fn points(&self, scores: &[u64]) -> Result<(), String> {
        card_points(&self.rules, &self.deck, &self.deal, scores)
    }
}

impl Play for ClassicPlay {
    fn rules(&self) -> &RulesRecord {
        &self.rules
    }
    fn started(&self) -> u64 {
        self.started
    }
    fn deal(&self) -> Option<&Deal> {
        None
    }
    fn points(&self, _: &[u64]) -> Result<(), String> {
        Ok(())
    }
}

/// The most points a card of `rules` can bring ([`crate::cards::rules::Rules::most_points`] of
/// one card), `None` when they do not read. The rules of the last call are kept with their text:
/// a backup's rows mostly share theirs, and reading them again cost 41 µs a row, a third of the
/// row's replay (measured on a card duel of the default rules, release build).
fn per_card(rules: &RulesRecord) -> Option<u64> {
    thread_local! {
        static LAST: std::cell::RefCell<Option<(String, String, Option<u64>)>> =
            const { std::cell::RefCell::new(None) };
    }
    LAST.with_borrow_mut(|last| match last {
        Some((toml, hash, per)) if *toml == rules.toml && *hash == rules.hash => *per,
        _ => {
            let per = rules.card_rules().ok().map(|r| r.most_points(1));
            *last = Some((rules.toml.clone(), rules.hash.clone(), per));
            per
        }
    })
}

/// A card game's `scores` and its puzzle's target, no more than its rules allow with the cards of
/// its `deck` ([`crate::cards::rules::Rules::most_points`]). Rules that do not read are left to
/// the replay, which says why.
fn card_points(rules: &RulesRecord, deck: &str, deal: &Deal, scores: &[u64]) -> Result<(), String> {
    let Some(per_card) = per_card(rules) else {
        return Ok(());
    };
    let cards = deck.split_whitespace().count();
    let most = per_card.saturating_mul(cards as u64);
    let target = match deal {
        Deal::Puzzle {
            target: Some(t), ..
        } => Some(t.score),
        _ => None,
    };
    let over = |what: &str, n: u64| {
        format!(
            "its {what} {n} is more than its rules allow with its {} (at most {most})",
            crate::cards::text::count(cards, "card")
        )
    };
    if let Some(&s) = scores.iter().find(|&&s| s > most) {
        return Err(over("score", s));
    }
    match target {
        Some(t) if t > most => Err(over("puzzle's target", t)),
        _ => Ok(()),
    }
}

/// A text as a refusal quotes it: cut, escaped, its length said when cut.
fn quoted(text: &str) -> String {
    format!("`{}`", crate::cards::text::excerpt(text))
}

/// The rules' name: 1 to [`crate::config::own::MAX_NAME`] printable characters, not blank (as
/// a rules file's `name` or its file's name).
fn rules_name(rules: &RulesRecord) -> Result<(), String> {
    let (n, max) = (&rules.name, crate::config::own::MAX_NAME);
    if n.trim().is_empty()
        || n.chars().count() > max
        || crate::base::visible::first_hidden(n).is_some()
    {
        return Err(format!(
            "its rules' name {} is not a name rules have (1 to {max} printable characters)",
            quoted(n)
        ));
    }
    Ok(())
}

/// A deck file's path: at most [`MAX_PATH`] bytes.
fn deal(deal: Option<&Deal>) -> Result<(), String> {
    match deal {
        Some(Deal::DeckFile { path }) if path.len() > MAX_PATH => Err(format!(
            "its deck file's path {} is longer than any path ({} bytes; at most {MAX_PATH})",
            quoted(path),
            path.len()
        )),
        _ => Ok(()),
    }
}

/// The date `field` holds, `at`: no later than `now` and [`GRACE_SECS`].
fn date(field: &str, at: u64, now: u64) -> Result<(), String> {
    if at > now.saturating_add(GRACE_SECS) {
        return Err(format!(
            "its `{field}` {} is later than now ({}) and a day: no game here is played in the \
             future",
            utc::stamp(at),
            utc::stamp(now)
        ));
    }
    Ok(())
}

/// A game's start and end, and its time played no longer than from the one to the other.
fn times(started: u64, ended: u64, duration: u64, now: u64) -> Result<(), String> {
    date("started", started, now)?;
    date("ended", ended, now)?;
    let most = ended.saturating_sub(started);
    if duration > most {
        return Err(format!(
            "its `duration_secs` {duration} is longer than from its start to its end ({most} s)"
        ));
    }
    Ok(())
}

impl<P: Play, N> Within for Finished<P, N> {
    fn within(&self, now: u64) -> Result<(), String> {
        rules_name(self.play.rules())?;
        deal(self.play.deal())?;
        times(self.play.started(), self.ended, self.duration_secs, now)?;
        self.play.points(&[self.score])
    }
}

impl<P: Play> Within for Save<P> {
    fn within(&self, now: u64) -> Result<(), String> {
        rules_name(self.play.rules())?;
        deal(self.play.deal())?;
        date("started", self.play.started(), now)?;
        date("saved", self.saved, now)?;
        self.play.points(&[])
    }
}

impl Within for DuelRecord {
    fn within(&self, now: u64) -> Result<(), String> {
        rules_name(&self.rules)?;
        deal(Some(&self.deal))?;
        for (i, p) in self.players.iter().enumerate() {
            crate::duel::check_name(&p.name).map_err(|why| {
                format!(
                    "its player {}'s name {} is not a name a duel takes ({why})",
                    i + 1,
                    quoted(&p.name)
                )
            })?;
        }
        times(self.started, self.ended, self.duration_secs, now)?;
        if self.of == GameKind::Cards {
            let scores = self.players.each_ref().map(|p| p.score);
            card_points(
                &self.rules,
                self.deck.as_deref().unwrap_or(""),
                &self.deal,
                &scores,
            )?;
        }
        Ok(())
    }
}

impl<C: Within, K: Within> Within for Doc<C, K> {
    fn within(&self, now: u64) -> Result<(), String> {
        match self {
            Doc::Cards(c) => c.within(now),
            Doc::Classic(k) => k.within(now),
            Doc::Duel(d) => d.within(now),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Entry, format::to_json};

    const NOW: u64 = 1_800_000_000;

    /// A duel of a fixture, as recorded.
    fn duel() -> DuelRecord {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/json-store/games/20261202T005117Z-9fc8e9cf.json"
        ))
        .unwrap();
        match Entry::decode(&text).unwrap() {
            Entry::Duel(d) => d,
            _ => panic!("a duel"),
        }
    }

    #[test]
    fn a_recorded_duel_is_within_and_each_limit_refuses() {
        let d = duel();
        assert_eq!(d.within(NOW), Ok(()));
        let refused = |edit: &dyn Fn(&mut DuelRecord), says: &str| {
            let mut e = d.clone();
            edit(&mut e);
            let why = e.within(NOW).unwrap_err();
            assert!(why.contains(says), "{why}");
            assert!(why.chars().count() < 300, "{why}");
            // Written and read back, the same document is refused the same way.
            let Entry::Duel(again) = Entry::decode(&to_json(&Entry::Duel(e))).unwrap() else {
                unreachable!()
            };
            assert_eq!(again.within(NOW), Err(why));
        };
        refused(
            &|e| e.players[0].name = "n".repeat(100_001),
            "player 1's name `nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn… (100001 characters)`",
        );
        refused(
            &|e| e.players[1].name = " Bob".into(),
            "player 2's name ` Bob`",
        );
        refused(&|e| e.players[1].name = String::new(), "player 2's name ``");
        refused(&|e| e.rules.name = "r".repeat(41), "its rules' name");
        refused(
            &|e| e.ended = utc::parse_stamp("9999-12-31T00:00:00Z").unwrap(),
            "its `ended` 9999-12-31T00:00:00Z is later than now",
        );
        refused(&|e| e.started = NOW + GRACE_SECS + 1, "its `started`");
        refused(
            &|e| e.players[1].score = 1_000_000,
            "its score 1000000 is more than its rules allow with its 100 cards (at most 1100)",
        );
        refused(
            &|e| e.duration_secs = 1_000_000,
            "its `duration_secs` 1000000 is longer than from its start to its end",
        );
        refused(
            &|e| {
                e.deal = Deal::DeckFile {
                    path: "/".repeat(MAX_PATH + 1),
                }
            },
            "its deck file's path",
        );
        // A day of grace for a clock set wrong; twenty characters are a name.
        let mut e = d.clone();
        e.ended = NOW + GRACE_SECS;
        e.players[0].name = "é".repeat(20);
        assert_eq!(e.within(NOW), Ok(()));
    }

    /// A format character in a typed name is shown escaped when the document is read, and the
    /// name is then held to its length as it shows.
    #[test]
    fn a_bidi_name_reads_escaped() {
        let mut d = duel();
        d.players[0].name = "Ann\u{202e}lla".into();
        let Entry::Duel(read) = Entry::decode(&to_json(&Entry::Duel(d))).unwrap() else {
            unreachable!()
        };
        assert_eq!(read.players[0].name, "Ann\\u{202e}lla");
        assert_eq!(read.within(NOW), Ok(()));
    }
}
