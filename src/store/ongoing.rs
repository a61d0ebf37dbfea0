//! One game in progress, whichever of the four kinds (a card or classic game, a duel of either):
//! what saving, listing and recording it need, written once over [`Side`], so the store has one
//! code path for all of them.

use serde_json::Value;

use crate::cards::engine::Game;
use crate::cards::summary::Ending;
use crate::classic::ClassicGame;
use crate::duel::{Duel, Playable};
use crate::store::api::{PlayerInfo, Resumed, SavedGameInfo};
use crate::store::files::duel_record::{DuelRecord, Shared};
use crate::store::files::entry::Entry;
use crate::store::files::format::{GameKind, RulesRecord};
use crate::store::files::side::Side;
use crate::store::meta::Deal;

/// A game's moves as the save keeps them: one small code per move, per player (a solo game's
/// are player 0's); [`Ongoing::word`] writes a code in the records' notation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Moves {
    pub codes: [Vec<u16>; 2],
}

/// One player's game, or a duel with the players' names.
pub(crate) enum Play<'a, G> {
    Solo(&'a G),
    Duel(&'a Duel<G>, &'a [String; 2]),
}

/// A game in progress, borrowed, with its metadata.
pub(crate) struct View<'a, G: Side>(pub Play<'a, G>, pub &'a G::Meta);

/// A game in progress of any kind, as the store handles it.
pub(crate) trait Ongoing {
    fn kind(&self) -> GameKind;
    /// What identifies the game while it is played: what does not change in play (its mode,
    /// start, deal and rules), so the screens need not carry its id.
    fn key(&self) -> String;
    fn started(&self) -> u64;
    fn rules(&self) -> RulesRecord;
    fn deal(&self) -> Deal;
    /// The dealt cards, where the deck came from a file (a seed deals the others again).
    fn deck_file_cards(&self) -> Option<String>;
    /// Its moves as the save keeps them.
    fn moves(&self) -> Moves;
    /// How a move's code is written in its records.
    fn word(&self) -> fn(u16) -> String;
    /// The save's document as of `saved`, less its moves, rules and deck (see [`Side::head`]).
    fn head(&self, saved: u64) -> Value;
    /// What the list of saved games shows of it.
    fn info(&self, id: &str, saved: u64) -> SavedGameInfo;
    /// Its record, as it ended at `ended` (a card game `ending` as its screen says).
    fn record(&self, id: String, ended: u64, ending: Option<Ending>) -> Entry;
    /// The score the best scores count (none for a duel or a deck file's deal).
    fn best_score(&self) -> Option<u64>;
}

fn player<G: Playable>(name: &str, p: &G) -> PlayerInfo {
    PlayerInfo {
        name: name.to_string(),
        score: p.score(),
        played: p.survived(),
    }
}

impl<G: Side> View<'_, G>
where
    G::Record: Into<Entry>,
{
    /// The game it is played at (a duel's first player's).
    fn game(&self) -> &G {
        match self.0 {
            Play::Solo(g) => g,
            Play::Duel(d, _) => &d.players[0],
        }
    }
}

impl<G: Side> Ongoing for View<'_, G>
where
    G::Record: Into<Entry>,
{
    fn kind(&self) -> GameKind {
        match self.0 {
            Play::Solo(_) => G::KIND,
            Play::Duel(..) => GameKind::Duel,
        }
    }

    fn key(&self) -> String {
        let deal = serde_json::to_string(&self.deal()).unwrap_or_default();
        let (started, hash) = (self.started(), self.rules().hash);
        let key = format!("{} {started} {deal} {hash}", G::KIND.as_str());
        match self.0 {
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
        let codes = match self.0 {
            Play::Solo(g) => [g.codes(), Vec::new()],
            Play::Duel(d, _) => d.players.each_ref().map(G::codes),
        };
        Moves { codes }
    }

    fn word(&self) -> fn(u16) -> String {
        G::word
    }

    fn head(&self, saved: u64) -> Value {
        let Play::Duel(d, names) = self.0 else {
            return self.game().head(self.1, saved);
        };
        let shared = Shared {
            of: G::KIND,
            started: self.started(),
            rules: RulesRecord::default(),
            deal: self.deal(),
            deck: None,
        };
        let record = DuelRecord::build(d, names, shared, saved, String::new());
        let mut v = serde_json::to_value(record).expect("a duel always serializes");
        if let Some(map) = v.as_object_mut() {
            map.remove("rules");
            map.remove("deck");
        }
        if let Some(Value::Array(players)) = v.get_mut("players") {
            for p in players {
                p["moves"] = Value::String(String::new());
            }
        }
        v
    }

    fn info(&self, id: &str, saved: u64) -> SavedGameInfo {
        let (g, meta, rules) = (self.game(), self.1, self.rules());
        let players = match self.0 {
            Play::Solo(g) => vec![player("", g)],
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
            players: match self.0 {
                Play::Solo(_) => Vec::new(),
                Play::Duel(..) => players,
            },
            elsewhere: false,
        }
    }

    fn record(&self, id: String, ended: u64, ending: Option<Ending>) -> Entry {
        match self.0 {
            Play::Solo(g) => g.record(self.1, ended, ending, id).into(),
            Play::Duel(d, names) => Entry::Duel(DuelRecord::of(d, self.1, names, ended, id)),
        }
    }

    fn best_score(&self) -> Option<u64> {
        match (self.0, self.deal()) {
            (Play::Duel(..), _) | (_, Deal::DeckFile { .. }) => None,
            (Play::Solo(g), _) => Some(g.score()),
        }
    }
}

impl<G> Clone for Play<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for Play<'_, G> {}

impl Resumed {
    /// The game, borrowed as the store handles games in progress.
    pub(crate) fn view(&self) -> Box<dyn Ongoing + '_> {
        match self {
            Resumed::Cards(g, m) => Box::new(View::<Game>(Play::Solo(g), m)),
            Resumed::Classic(g, m) => Box::new(View::<ClassicGame>(Play::Solo(g), m)),
            Resumed::CardDuel(d, m, n) => Box::new(View::<Game>(Play::Duel(d, n), m)),
            Resumed::ClassicDuel(d, m, n) => Box::new(View::<ClassicGame>(Play::Duel(d, n), m)),
        }
    }
}
