//! Classic 2048's documents, as the card game's (see [`super::cards`]): a classic game replays
//! from its rules (the `[classic]` table with the rules' name, hashed alone, so classic bests follow
//! the board and the winning tile), its seed and its moves, one letter each (`u d l r`: the
//! direction's initial, not the `w a s d` keys, whose `d` would be a card record's discard).

use serde::{Deserialize, Serialize};

use super::entry::Entry;
use super::format::{FORMAT, Finished, GameKind, RecordError, RulesRecord, Save};
use super::recorded::Recorded;
use crate::base::utc;
use crate::cards::rules::Rules;
use crate::classic::{ClassicGame, Dir};
use crate::deal::{ClassicMeta, Deal};

impl Recorded for ClassicGame {
    type Move = Dir;
    type Meta = ClassicMeta;
    type Play = ClassicPlay;
    type Count = MoveCount;
    const KIND: GameKind = GameKind::Classic;
    const FORMAT: u32 = FORMAT;
    const COUNTED: [&'static str; 2] = ["moves", "move_count"];

    fn count(&self) -> MoveCount {
        let move_count = self.moves().len();
        MoveCount { move_count }
    }

    fn counted(count: &MoveCount) -> u64 {
        count.move_count as u64
    }

    fn play_of(&self, meta: &ClassicMeta) -> ClassicPlay {
        ClassicPlay {
            started: meta.started,
            seed: self.seed(),
            size: self.rules().size,
            undos: self.undos(),
            moves: self.moves_text(),
            rules: self.rules_of(meta),
            away_secs: meta.away,
        }
    }

    /// Its place in [`Dir::ALL`].
    fn code(d: &Dir) -> u16 {
        Dir::ALL.iter().position(|x| x == d).unwrap_or(0) as u16
    }

    fn word(code: u16) -> String {
        ["u", "d", "l", "r"][usize::from(code) % 4].to_string()
    }

    fn parse(w: &str) -> Result<Dir, RecordError> {
        match w {
            "u" | "U" => Ok(Dir::Up),
            "d" | "D" => Ok(Dir::Down),
            "l" | "L" => Ok(Dir::Left),
            "r" | "R" => Ok(Dir::Right),
            _ => Err(RecordError::BadSlide(w.chars().take(20).collect())),
        }
    }

    fn play_one(&mut self, d: Dir, number: usize) -> Result<(), RecordError> {
        self.play(d).map(drop).ok_or_else(|| {
            RecordError::Invalid(format!(
                "its move {number} ({}) changes nothing",
                d.as_str()
            ))
        })
    }

    fn moves(&self) -> &[Dir] {
        ClassicGame::moves(self)
    }

    fn keep_undos(&mut self, undos: u32) {
        self.restore_undos(undos);
    }

    fn dealt(record: &RulesRecord, deal: &Deal, _: Option<&str>) -> Result<Self, RecordError> {
        let rules = Rules::parse(
            &record.toml,
            "the rules in the record",
            Some(&Rules::default_rules()),
        )
        .map_err(|e| RecordError::Rules(e.to_string()))?
        .classic;
        record.check_hash(rules.hash())?;
        match deal {
            Deal::Seed { seed } => Ok(ClassicGame::new(rules, *seed)),
            _ => Err(RecordError::Invalid(
                "a classic duel's `deal` must be a seed".into(),
            )),
        }
    }

    fn rules_of(&self, meta: &ClassicMeta) -> RulesRecord {
        // The rules' name with the `[classic]` table, hashed alone.
        let rules = self.rules();
        RulesRecord {
            name: meta.rules_name.clone(),
            hash: rules.hash(),
            toml: rules.to_toml(),
        }
    }

    fn deal_of(&self, _: &ClassicMeta) -> Deal {
        Deal::Seed { seed: self.seed() }
    }

    fn deck_text(&self) -> Option<String> {
        None
    }

    fn started(meta: &ClassicMeta) -> u64 {
        meta.started
    }

    fn away(meta: &ClassicMeta) -> u64 {
        meta.away
    }

    fn meta(rules: &RulesRecord, _: &Deal, started: u64) -> ClassicMeta {
        ClassicMeta {
            rules_name: rules.name.clone(),
            started,
            away: 0,
        }
    }

    fn deal_shown(&self, _: &ClassicMeta) -> String {
        let n = self.rules().size;
        format!("{n}x{n} seed {}", self.seed())
    }

    fn entry(record: ClassicRecord) -> Entry {
        Entry::Classic(record)
    }

    const SAME_CARDS: bool = false;

    fn duel_deal(rules: &Rules, seed: u64) -> (ClassicGame, ClassicMeta) {
        let (mut g, meta) = crate::deal::start_classic(rules.classic, &rules.name, Some(seed));
        g.without_undo();
        (g, meta)
    }

    fn head(&self, meta: &ClassicMeta, saved: u64) -> serde_json::Value {
        let mut head = serde_json::json!({
            "format": FORMAT,
            "game": GameKind::Classic,
            "saved": utc::stamp(saved),
            "started": utc::stamp(meta.started),
            "seed": self.seed(),
            "size": self.rules().size,
            "undos": self.undos(),
        });
        if meta.away > 0 {
            head["away_secs"] = meta.away.into();
        }
        head
    }
}

/// A classic game as played so far: enough to rebuild it exactly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ClassicPlay {
    #[serde(with = "utc::as_stamp")]
    pub started: u64,
    pub seed: u64,
    /// The side of the board (also in the rules; here for people and tables).
    pub size: u8,
    pub undos: u32,
    /// The moves that made the position (undone ones removed): `u d l r`, separated by spaces.
    pub moves: String,
    pub rules: RulesRecord,
    /// Seconds the game sat saved between its sittings (none in one sitting, and in the records
    /// of older versions).
    #[serde(default, skip_serializing_if = "crate::record::is_zero")]
    pub away_secs: u64,
}

impl ClassicPlay {
    /// The game rebuilt by replaying every move: same board, score, spawns and undo count.
    pub(crate) fn rebuild(&self) -> Result<(ClassicGame, ClassicMeta), RecordError> {
        let deal = Deal::Seed { seed: self.seed };
        let game = ClassicGame::dealt(&self.rules, &deal, None)?;
        let size = game.rules().size;
        if size != self.size {
            return Err(RecordError::Invalid(format!(
                "its size {} is not the size {size} of its rules",
                self.size
            )));
        }
        let mut meta = ClassicGame::meta(&self.rules, &deal, self.started);
        meta.away = self.away_secs;
        Ok((game.play_all(&self.moves, self.undos)?, meta))
    }
}

/// A classic record's count: the moves the game lasted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct MoveCount {
    pub move_count: usize,
}

/// A finished classic game in history.
pub(crate) type ClassicRecord = Finished<ClassicPlay, MoveCount>;

/// The classic game in progress, kept after every move.
pub(crate) type SavedClassic = Save<ClassicPlay>;
