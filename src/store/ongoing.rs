//! One game in progress, whichever of the four kinds (a card or classic game, a duel of either):
//! what saving, listing and recording it need, so the store has one code path for all of them.

use serde_json::{Value, json};

use crate::cards::engine::Game;
use crate::cards::summary::Ending;
use crate::classic::ClassicGame;
use crate::duel::{Duel, Playable};
use crate::store::api::{PlayerInfo, Resumed, SavedGameInfo};
use crate::store::files::classic_record::{ClassicRecord, dir_code, dir_word, rules_record};
use crate::store::files::duel_record::{DuelRecord, Shared};
use crate::store::files::entry::Entry;
use crate::store::files::format::{CARDS_FORMAT, FORMAT, GameKind};
use crate::store::files::record::{Record, RulesRecord, card_code, card_word};
use crate::store::files::summary::deal_text;
use crate::store::meta::{ClassicMeta, Deal, GameMeta};
use crate::utc;

/// A game's moves as the save keeps them: one small code per move, per player (a solo game's
/// are player 0's); [`Ongoing::word`] writes a code in the records' notation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Moves {
    pub codes: [Vec<u16>; 2],
}

/// A game in progress, borrowed.
#[derive(Clone, Copy)]
pub(crate) enum Ongoing<'a> {
    Cards(&'a Game, &'a GameMeta),
    Classic(&'a ClassicGame, &'a ClassicMeta),
    CardDuel(&'a Duel<Game>, &'a GameMeta, &'a [String; 2]),
    ClassicDuel(&'a Duel<ClassicGame>, &'a ClassicMeta, &'a [String; 2]),
}

fn player<G: Playable>(name: &str, p: &G) -> PlayerInfo {
    PlayerInfo {
        name: name.to_string(),
        score: p.score(),
        played: p.survived(),
    }
}

/// Both players of a duel, in turn order.
fn both<G: Playable>(d: &Duel<G>, names: &[String; 2]) -> Vec<PlayerInfo> {
    vec![
        player(&names[0], &d.players[0]),
        player(&names[1], &d.players[1]),
    ]
}

/// The game a game in progress is played at (a duel's first player's), with its metadata.
#[derive(Clone, Copy)]
enum Side<'a> {
    Cards(&'a Game, &'a GameMeta),
    Classic(&'a ClassicGame, &'a ClassicMeta),
}

impl<'a> Ongoing<'a> {
    fn side(self) -> Side<'a> {
        match self {
            Ongoing::Cards(g, m) => Side::Cards(g, m),
            Ongoing::CardDuel(d, m, _) => Side::Cards(&d.players[0], m),
            Ongoing::Classic(g, m) => Side::Classic(g, m),
            Ongoing::ClassicDuel(d, m, _) => Side::Classic(&d.players[0], m),
        }
    }

    /// Which game this is.
    pub(crate) fn kind(self) -> GameKind {
        match self {
            Ongoing::Cards(..) => GameKind::Cards,
            Ongoing::Classic(..) => GameKind::Classic,
            Ongoing::CardDuel(..) | Ongoing::ClassicDuel(..) => GameKind::Duel,
        }
    }

    /// What identifies the game while it is played: what does not change in play (its mode,
    /// start, deal and rules), so the screens need not carry its id.
    pub(crate) fn key(self) -> String {
        let key = match self.side() {
            Side::Cards(g, m) => {
                let deal = serde_json::to_string(&m.deal).unwrap_or_default();
                format!("cards {} {deal} {}", m.started, g.rules().hash())
            }
            Side::Classic(g, m) => {
                let hash = g.rules().hash();
                format!("classic {} {} {hash}", m.started, g.seed())
            }
        };
        match self.kind() {
            GameKind::Duel => format!("duel {key}"),
            _ => key,
        }
    }

    pub(crate) fn started(self) -> u64 {
        match self.side() {
            Side::Cards(_, m) => m.started,
            Side::Classic(_, m) => m.started,
        }
    }

    pub(crate) fn rules(self) -> RulesRecord {
        match self.side() {
            Side::Cards(g, _) => RulesRecord::of(g.rules()),
            Side::Classic(g, m) => rules_record(&m.rules_name, &g.rules()),
        }
    }

    pub(crate) fn deal(self) -> Deal {
        match self.side() {
            Side::Cards(_, m) => m.deal.clone(),
            Side::Classic(g, _) => Deal::Seed { seed: g.seed() },
        }
    }

    /// The dealt cards, where the deck came from a file (a seed deals the others again).
    pub(crate) fn deck_file_cards(self) -> Option<String> {
        match self.side() {
            Side::Cards(g, m) if matches!(m.deal, Deal::DeckFile { .. }) => {
                Some(crate::cards::text::cards(g.deck()))
            }
            _ => None,
        }
    }

    /// Its moves as the save keeps them.
    pub(crate) fn moves(self) -> Moves {
        let codes = match self {
            Ongoing::Cards(g, _) => [g.moves().iter().map(card_code).collect(), Vec::new()],
            Ongoing::Classic(g, _) => [g.moves().iter().map(dir_code).collect(), Vec::new()],
            Ongoing::CardDuel(d, _, _) => d
                .players
                .each_ref()
                .map(|g| g.moves().iter().map(card_code).collect()),
            Ongoing::ClassicDuel(d, _, _) => d
                .players
                .each_ref()
                .map(|g| g.moves().iter().map(dir_code).collect()),
        };
        Moves { codes }
    }

    /// How a move's code is written in its records.
    pub(crate) fn word(self) -> fn(u16) -> String {
        match self.side() {
            Side::Cards(..) => card_word,
            Side::Classic(..) => dir_word,
        }
    }

    /// The save's document as of `saved`, less its moves, rules and deck: built from the game's
    /// few numbers, never from its deck or moves, so it costs the same at every move.
    pub(crate) fn head(self, saved: u64) -> Value {
        let stamp = utc::stamp;
        let duel = |d: DuelRecord| {
            let mut v = serde_json::to_value(d).expect("a duel always serializes");
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
        };
        let shared = |of, started| Shared {
            of,
            started,
            rules: RulesRecord::default(),
            deal: self.deal(),
            deck: None,
        };
        match self {
            Ongoing::Cards(g, m) => json!({
                "format": CARDS_FORMAT,
                "saved": stamp(saved),
                "started": stamp(m.started),
                "deal": m.deal,
                "undos": g.undos(),
            }),
            Ongoing::Classic(g, m) => json!({
                "format": FORMAT,
                "game": GameKind::Classic,
                "saved": stamp(saved),
                "started": stamp(m.started),
                "seed": g.seed(),
                "size": g.rules().size,
                "undos": g.undos(),
            }),
            Ongoing::CardDuel(d, m, n) => {
                let s = shared(GameKind::Cards, m.started);
                duel(DuelRecord::build(d, n, s, saved, String::new()))
            }
            Ongoing::ClassicDuel(d, m, n) => {
                let s = shared(GameKind::Classic, m.started);
                duel(DuelRecord::build(d, n, s, saved, String::new()))
            }
        }
    }

    /// What the list of saved games shows of it.
    pub(crate) fn info(self, id: &str, saved: u64) -> SavedGameInfo {
        let (of, rules, hash, deal) = match self.side() {
            Side::Cards(g, m) => {
                let (r, deal) = (g.rules(), deal_text(&m.deal));
                (GameKind::Cards, r.name.clone(), r.hash(), deal)
            }
            Side::Classic(g, m) => {
                let (n, hash) = (g.rules().size, g.rules().hash());
                let deal = format!("{n}x{n} seed {}", g.seed());
                (GameKind::Classic, m.rules_name.clone(), hash, deal)
            }
        };
        let players = match self {
            Ongoing::Cards(g, _) => vec![player("", g)],
            Ongoing::Classic(g, _) => vec![player("", g)],
            Ongoing::CardDuel(d, _, names) => both(d, names),
            Ongoing::ClassicDuel(d, _, names) => both(d, names),
        };
        let game = self.kind();
        SavedGameInfo {
            number: 0,
            id: id.to_string(),
            game,
            of,
            rules,
            rules_hash: hash,
            deal,
            score: players.iter().fold(0, |s, p| s.saturating_add(p.score)),
            played: players.iter().map(|p| p.played).sum(),
            saved,
            players: if game == GameKind::Duel {
                players
            } else {
                Vec::new()
            },
            elsewhere: false,
        }
    }

    /// Its record, as it ended at `ended` (a card game `ending` as its screen says).
    pub(crate) fn record(self, id: String, ended: u64, ending: Option<Ending>) -> Entry {
        match self {
            Ongoing::Cards(g, m) => {
                let ending = ending.unwrap_or_else(|| Ending::of(g));
                Entry::Cards(Record::of(g, m, ending, ended, id))
            }
            Ongoing::Classic(g, m) => Entry::Classic(ClassicRecord::of(g, m, ended, id)),
            Ongoing::CardDuel(d, m, n) => Entry::Duel(DuelRecord::of_cards(d, m, n, ended, id)),
            Ongoing::ClassicDuel(d, m, n) => {
                Entry::Duel(DuelRecord::of_classic(d, m, n, ended, id))
            }
        }
    }
}

impl Resumed {
    /// The game, borrowed as the store handles games in progress.
    pub(crate) fn view(&self) -> Ongoing<'_> {
        match self {
            Resumed::Cards(g, m) => Ongoing::Cards(g, m),
            Resumed::Classic(g, m) => Ongoing::Classic(g, m),
            Resumed::CardDuel(d, m, n) => Ongoing::CardDuel(d, m, n),
            Resumed::ClassicDuel(d, m, n) => Ongoing::ClassicDuel(d, m, n),
        }
    }
}
