//! One game in progress, whichever of the four kinds (a card or classic game, a duel of either):
//! what saving, listing and recording it need, written once over [`Recorded`], so the store has one
//! code path for all of them.

use serde_json::Value;

use crate::cards::engine::Game;
use crate::cards::summary::Ending;
use crate::classic::ClassicGame;
use crate::deal::Deal;
use crate::duel::{Duel, Playable};
use crate::record::{DuelRecord, Entry, GameKind, Recorded, RulesRecord};
use crate::store::api::{Moves, Ongoing, PlayerInfo, Resumed, SavedGameInfo};

/// One player's game, or a duel with the players' names.
pub(crate) enum Play<'a, G> {
    Solo(&'a G),
    Duel(&'a Duel<G>, &'a [String; 2]),
}

/// A game in progress, borrowed, with its metadata: what the screens hand the store.
pub(crate) struct InPlay<'a, G: Recorded>(pub Play<'a, G>, pub &'a G::Meta);

impl<'a, G: Recorded> InPlay<'a, G> {
    pub(crate) fn solo(game: &'a G, meta: &'a G::Meta) -> Self {
        InPlay(Play::Solo(game), meta)
    }

    pub(crate) fn duel(duel: &'a Duel<G>, names: &'a [String; 2], meta: &'a G::Meta) -> Self {
        InPlay(Play::Duel(duel, names), meta)
    }
}

fn player<G: Playable>(name: &str, p: &G) -> PlayerInfo {
    PlayerInfo {
        name: name.to_string(),
        score: p.score(),
        played: p.survived(),
    }
}

impl<G: Recorded> InPlay<'_, G> {
    /// The game it is played at (a duel's first player's).
    fn game(&self) -> &G {
        match &self.0 {
            Play::Solo(g) => g,
            Play::Duel(d, _) => &d.players[0],
        }
    }
}

impl<G: Recorded> Ongoing for InPlay<'_, G> {
    fn kind(&self) -> GameKind {
        match &self.0 {
            Play::Solo(_) => G::KIND,
            Play::Duel(..) => GameKind::Duel,
        }
    }

    fn key(&self) -> String {
        let mut deal = self.deal();
        // A puzzle's target is found while it is played: no part of what identifies the game
        // (a save keyed by it was written twice, before the target came and after).
        if let Deal::Puzzle { target, .. } = &mut deal {
            *target = None;
        }
        let deal = serde_json::to_string(&deal).unwrap_or_default();
        let (started, hash) = (self.started(), self.rules().hash);
        let key = format!("{} {started} {deal} {hash}", G::KIND.as_str());
        match &self.0 {
            Play::Solo(_) => key,
            Play::Duel(..) => format!("duel {key}"),
        }
    }

    fn started(&self) -> u64 {
        G::started(self.1)
    }

    fn rules(&self) -> RulesRecord {
        self.game().rules_of(self.1)
    }

    fn deal(&self) -> Deal {
        self.game().deal_of(self.1)
    }

    fn deck_file_cards(&self) -> Option<String> {
        match self.deal() {
            Deal::DeckFile { .. } => self.game().deck_text(),
            _ => None,
        }
    }

    fn moves(&self) -> Moves {
        let codes = match &self.0 {
            Play::Solo(g) => [g.codes(), Vec::new()],
            Play::Duel(d, _) => d.players.each_ref().map(G::codes),
        };
        Moves {
            codes,
            undos: self.undos(),
        }
    }

    fn move_counts(&self) -> [usize; 2] {
        match &self.0 {
            Play::Solo(g) => [g.move_count(), 0],
            Play::Duel(d, _) => d.players.each_ref().map(Playable::move_count),
        }
    }

    fn undos(&self) -> [u32; 2] {
        match &self.0 {
            Play::Solo(g) => [g.undo_count(), 0],
            Play::Duel(d, _) => d.players.each_ref().map(Playable::undo_count),
        }
    }

    fn codes_from(&self, p: usize, from: usize) -> Vec<u16> {
        let game = match (&self.0, p) {
            (Play::Solo(g), 0) => *g,
            (Play::Duel(d, _), 0 | 1) => &d.players[p],
            _ => return Vec::new(),
        };
        let moves = G::moves(game);
        moves[from.min(moves.len())..].iter().map(G::code).collect()
    }

    fn word(&self) -> fn(u16) -> String {
        G::word
    }

    fn head(&self, saved: u64) -> Value {
        let Play::Duel(d, names) = self.0 else {
            return self.game().head(self.1, saved);
        };
        // Its rules left empty: the rules kept beside it fill them in when it is read.
        let record = DuelRecord::of(d, self.1, names, saved, String::new(), false);
        serde_json::to_value(record).expect("a duel always serializes")
    }

    fn info(&self, id: &str, saved: u64) -> SavedGameInfo {
        let (g, meta, rules) = (self.game(), self.1, self.rules());
        let players = match &self.0 {
            Play::Solo(g) => vec![player("", *g)],
            Play::Duel(d, names) => vec![
                player(&names[0], &d.players[0]),
                player(&names[1], &d.players[1]),
            ],
        };
        SavedGameInfo {
            number: 0,
            id: id.to_string(),
            game: self.kind(),
            of: G::KIND,
            rules: rules.name,
            rules_hash: rules.hash,
            deal: g.deal_shown(meta),
            score: players.iter().fold(0, |s, p| s.saturating_add(p.score)),
            played: players.iter().map(|p| p.played).sum(),
            saved,
            players: match &self.0 {
                Play::Solo(_) => Vec::new(),
                Play::Duel(..) => players,
            },
            elsewhere: false,
        }
    }

    fn record(&self, id: String, ended: u64, ending: Option<Ending>) -> Entry {
        match &self.0 {
            Play::Solo(g) => G::entry(g.record(self.1, ended, ending, id)),
            Play::Duel(d, names) => Entry::Duel(DuelRecord::of(d, self.1, names, ended, id, true)),
        }
    }

    fn best_score(&self) -> Option<u64> {
        match (&self.0, self.deal()) {
            (Play::Duel(..), _) | (_, Deal::DeckFile { .. }) => None,
            (Play::Solo(g), _) => Some(g.score()),
        }
    }
}

impl Resumed {
    /// The game, borrowed as the store handles games in progress.
    pub(crate) fn view(&self) -> Box<dyn Ongoing + '_> {
        match self {
            Resumed::Cards(g, m) => Box::new(InPlay::<Game>::solo(g, m)),
            Resumed::Classic(g, m) => Box::new(InPlay::<ClassicGame>::solo(g, m)),
            Resumed::CardDuel(d, m, n) => Box::new(InPlay::<Game>::duel(d, n, m)),
            Resumed::ClassicDuel(d, m, n) => Box::new(InPlay::<ClassicGame>::duel(d, n, m)),
        }
    }
}
