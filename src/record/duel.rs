//! A duel's document: the shared deal kept once (the rules, the `deal`, a card duel's deck), each
//! player's name, moves, undos, score, survival, highest and ending, and the [`DuelResult`] (null:
//! given up; a network duel lost by leaving, time, a lost connection or a broken protocol says
//! so in its `forfeit`). Its save is the same document with no result; it resumes with the same player to
//! move ([`DuelRecord::resume`]).

use serde::{Deserialize, Serialize};

use super::format::RulesRecord;
use super::format::{FORMAT, GameKind, RecordError};
use super::recorded::Recorded;
use crate::base::utc;
use crate::cards::summary::Ending;
use crate::deal::Deal;
use crate::duel::{Duel, DuelResult};

/// One player of a duel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct DuelPlayer {
    pub name: String,
    pub outcome: Ending,
    pub score: u64,
    /// Cards placed or discarded (card game), moves (classic): what decides a duel first.
    pub survived: u64,
    pub highest: u64,
    pub undos: u32,
    pub moves: String,
}

impl DuelPlayer {
    /// `name`'s player of `game`; `moves`: with its moves written out (else left empty).
    pub(crate) fn of<G: Recorded>(name: &str, game: &G, moves: bool) -> DuelPlayer {
        DuelPlayer {
            name: name.to_string(),
            outcome: game.ending(),
            score: game.score(),
            survived: game.survived(),
            highest: game.highest(),
            undos: game.undo_count(),
            moves: if moves {
                game.moves_text()
            } else {
                String::new()
            },
        }
    }
}

/// A duel in history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct DuelRecord {
    pub format: u32,
    /// Always [`GameKind::Duel`].
    pub game: GameKind,
    pub id: String,
    /// The game the duel was played in: cards or classic.
    pub of: GameKind,
    /// `null` when the duel was given up before it was decided.
    pub result: Option<DuelResult>,
    #[serde(with = "utc::as_stamp")]
    pub started: u64,
    #[serde(with = "utc::as_stamp")]
    pub ended: u64,
    pub duration_secs: u64,
    pub rules: RulesRecord,
    /// How the shared deal was made (a classic duel's is its seed).
    pub deal: Deal,
    /// The dealt deck (card duels only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<String>,
    pub players: [DuelPlayer; 2],
    /// Played over the network, both at once (`duel --host`/`--join`): its moves are not in
    /// turns, and its save is never taken up at one keyboard.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub network: bool,
}

impl DuelRecord {
    /// The record of `duel` as of `ended` (decided, given up, or saved); `whole`: with its rules,
    /// deck and moves, which a save's head leaves out (kept beside it, they would cost every
    /// move).
    pub(crate) fn of<G: Recorded>(
        duel: &Duel<G>,
        meta: &G::Meta,
        names: &[String; 2],
        ended: u64,
        id: String,
        whole: bool,
    ) -> DuelRecord {
        let (g, started) = (&duel.players[0], G::started(meta));
        DuelRecord {
            format: FORMAT,
            game: GameKind::Duel,
            id,
            of: G::KIND,
            result: duel.result(),
            started,
            ended,
            duration_secs: ended.saturating_sub(started),
            rules: if whole {
                g.rules_of(meta)
            } else {
                RulesRecord::default()
            },
            deal: g.deal_of(meta),
            deck: whole.then(|| g.deck_text()).flatten(),
            // A save's head leaves the moves out: not even written out, so that it costs the same
            // at every move.
            players: [0, 1].map(|i| DuelPlayer::of(&names[i], &duel.players[i], whole)),
            network: duel.network,
        }
    }

    /// Both players' games rebuilt from the shared deal and their moves.
    pub(crate) fn rebuild<G: Recorded>(&self) -> Result<Duel<G>, RecordError> {
        let start = G::dealt(&self.rules, &self.deal, self.deck.as_deref())?;
        let [a, b] = self
            .players
            .clone()
            .map(|p| start.clone().play_all(&p.moves, p.undos));
        let mut duel = Duel::new(a?, b?);
        duel.network = self.network;
        duel.forfeit = self.result.and_then(DuelResult::forfeited);
        Ok(duel)
    }

    /// The duel in progress this save holds, with the same player to move.
    /// A network duel's comes back as it stood, both games rebuilt on their own (marked
    /// [`Duel::network`], so that it is recorded, never played on against someone else).
    pub(crate) fn resume<G: Recorded>(&self) -> Result<(Duel<G>, G::Meta), RecordError> {
        if self.network {
            let duel = self.rebuild()?;
            return Ok((duel, G::meta(&self.rules, &self.deal, self.started)));
        }
        let start = G::dealt(&self.rules, &self.deal, self.deck.as_deref())?;
        let [a, b] = self.players.clone().map(|p| G::parse_all(&p.moves));
        let duel = interleave(Duel::new(start.clone(), start), [a?, b?])?;
        Ok((duel, G::meta(&self.rules, &self.deal, self.started)))
    }

    /// Where the replayed `duel` differs from what was recorded, if anywhere.
    pub(crate) fn mismatch<G: Recorded>(&self, duel: &Duel<G>) -> Option<String> {
        let names = self.names();
        let replayed = [0, 1].map(|i| DuelPlayer::of(&names[i], &duel.players[i], true));
        if let Some(i) = (0..2).find(|&i| replayed[i] != self.players[i]) {
            let (r, p) = (&self.players[i], &replayed[i]);
            return Some(format!(
                "the record says {} {} with score {} after {}; replaying their moves gives {} \
                 with score {} after {}",
                r.name,
                r.outcome.as_str(),
                r.score,
                r.survived,
                p.outcome.as_str(),
                p.score,
                p.survived
            ));
        }
        let said = |result| crate::duel::result_text(result, &names);
        (duel.result() != self.result).then(|| {
            format!(
                "the record says {}; replaying both games gives {}",
                said(self.result),
                said(duel.result())
            )
        })
    }

    /// The players' names.
    pub(crate) fn names(&self) -> [String; 2] {
        [0, 1].map(|i| self.players[i].name.clone())
    }
}

/// Plays both players' `moves` on `duel` in turn order, as [`Duel`] hands the turn over.
fn interleave<G: Recorded>(
    mut duel: Duel<G>,
    moves: [Vec<G::Move>; 2],
) -> Result<Duel<G>, RecordError> {
    let mut next = [0usize; 2];
    for _ in 0..moves[0].len() + moves[1].len() {
        let Some(i) = duel.to_move() else {
            return Err(RecordError::Invalid(
                "it has moves after the duel was decided".into(),
            ));
        };
        let Some(&m) = moves[i].get(next[i]) else {
            return Err(RecordError::Invalid(format!(
                "player {} is to move but has no move left while the other has",
                i + 1
            )));
        };
        next[i] += 1;
        if let Some(g) = duel.current() {
            g.play_one(m, next[i])?;
        }
        duel.next_turn();
    }
    Ok(duel)
}
