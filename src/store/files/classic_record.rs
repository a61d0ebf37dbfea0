//! Classic 2048 on disk: the record of a finished classic game and the saved classic game.
//!
//! A classic game is fully described by its rules (board size and winning tile), its seed and its
//! moves: the spawns come from the seeded generator (see [`crate::classic`]), so, as for the card
//! game, a file replays on its own. The rules kept are only the `[classic]` table
//! ([`ClassicRules::to_toml`]) with the rules' name; the hash is of that table, so classic best
//! scores follow the board size and winning tile, not the card rules in force beside them.
//!
//! Moves are one letter each, `u d l r` (up, down, left, right), separated by spaces: the
//! direction's initial rather than the `w a s d` keys, which would make `d` mean right here and
//! discard in a card record.
//!
//! A saved classic game is a save file like any other (see [`super::saved`]); its `game` field
//! says it holds a classic game.

use serde::{Deserialize, Serialize};

use super::format::{FORMAT, GameKind, RecordError};

use super::record::RulesRecord;
use crate::cards::rules::{ClassicRules, Rules};
use crate::cards::summary::Ending;
use crate::classic::{ClassicGame, Dir};
use crate::store::meta::ClassicMeta;
use crate::utc;

/// `"u l l d r"`.
pub(crate) fn encode_dirs(moves: &[Dir]) -> String {
    let letters: Vec<&str> = moves
        .iter()
        .map(|d| match d {
            Dir::Up => "u",
            Dir::Down => "d",
            Dir::Left => "l",
            Dir::Right => "r",
        })
        .collect();
    letters.join(" ")
}

pub(crate) fn decode_dirs(text: &str) -> Result<Vec<Dir>, RecordError> {
    text.split_whitespace()
        .map(|w| match w {
            "u" | "U" => Ok(Dir::Up),
            "d" | "D" => Ok(Dir::Down),
            "l" | "L" => Ok(Dir::Left),
            "r" | "R" => Ok(Dir::Right),
            _ => Err(RecordError::BadSlide(w.chars().take(20).collect())),
        })
        .collect()
}

/// The classic rules' part of a record: the rules' name with the `[classic]` table.
pub(crate) fn rules_record(name: &str, rules: &ClassicRules) -> RulesRecord {
    RulesRecord {
        name: name.to_string(),
        hash: rules.hash(),
        toml: rules.to_toml(),
    }
}

/// The classic rules a record holds, checked against its hash.
pub(crate) fn read_rules(record: &RulesRecord) -> Result<ClassicRules, RecordError> {
    let rules = Rules::parse(
        &record.toml,
        "the rules in the record",
        Some(&Rules::default_rules()),
    )
    .map_err(|e| RecordError::Rules(e.to_string()))?
    .classic;
    record.check_hash(rules.hash())?;
    Ok(rules)
}

/// Replays `moves` (record letters) from `seed`, with `undos` kept.
pub(crate) fn replay(
    rules: ClassicRules,
    seed: u64,
    moves: &str,
    undos: u32,
) -> Result<ClassicGame, RecordError> {
    let dirs = decode_dirs(moves)?;
    let mut game = ClassicGame::replay(rules, seed, &dirs).map_err(|i| {
        RecordError::Invalid(format!(
            "its move {} ({}) changes nothing",
            i + 1,
            dirs[i].as_str()
        ))
    })?;
    game.restore_undos(undos);
    Ok(game)
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
}

impl ClassicPlay {
    pub(crate) fn of(game: &ClassicGame, meta: &ClassicMeta) -> ClassicPlay {
        ClassicPlay {
            started: meta.started,
            seed: game.seed(),
            size: game.rules().size,
            undos: game.undos(),
            moves: encode_dirs(game.moves()),
            rules: rules_record(&meta.rules_name, &game.rules()),
        }
    }

    /// The game rebuilt by replaying every move: same board, score, spawns and undo count.
    pub(crate) fn rebuild(&self) -> Result<(ClassicGame, ClassicMeta), RecordError> {
        let rules = read_rules(&self.rules)?;
        if rules.size != self.size {
            return Err(RecordError::Invalid(format!(
                "its size {} is not the size {} of its rules",
                self.size, rules.size
            )));
        }
        let game = replay(rules, self.seed, &self.moves, self.undos)?;
        let meta = ClassicMeta {
            rules_name: self.rules.name.clone(),
            started: self.started,
        };
        Ok((game, meta))
    }
}

/// A finished classic game in history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ClassicRecord {
    pub format: u32,
    /// Always [`GameKind::Classic`].
    pub game: GameKind,
    /// Unique among all records; also the file's name.
    pub id: String,
    pub outcome: Ending,
    pub score: u64,
    /// How many moves the game lasted.
    pub move_count: usize,
    pub highest: u64,
    #[serde(with = "utc::as_stamp")]
    pub ended: u64,
    /// Wall-clock seconds from the start to the end (time away from a saved game included).
    pub duration_secs: u64,
    #[serde(flatten)]
    pub play: ClassicPlay,
}

impl ClassicRecord {
    /// The record of a game that ended at `ended`; its outcome is [`ClassicGame::ending`].
    pub(crate) fn of(game: &ClassicGame, meta: &ClassicMeta, ended: u64) -> ClassicRecord {
        ClassicRecord {
            format: FORMAT,
            game: GameKind::Classic,
            id: String::new(),
            outcome: game.ending(),
            score: game.score(),
            move_count: game.moves().len(),
            highest: game.board().highest(),
            ended,
            duration_secs: ended.saturating_sub(meta.started),
            play: ClassicPlay::of(game, meta),
        }
    }

    /// Where a replayed game differs from what was recorded, if anywhere.
    pub(crate) fn mismatch(&self, game: &ClassicGame) -> Option<String> {
        let replayed = (
            game.ending(),
            game.score(),
            game.moves().len(),
            game.board().highest(),
        );
        let recorded = (self.outcome, self.score, self.move_count, self.highest);
        (replayed != recorded).then(|| {
            let says = |(o, s, m, h): (Ending, u64, usize, u64)| {
                format!("{} with score {s}, {m} moves, highest {h}", o.as_str())
            };
            format!(
                "the record says {}; replaying its moves gives {}",
                says(recorded),
                says(replayed)
            )
        })
    }
}

/// The classic game in progress, kept after every move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SavedClassic {
    pub format: u32,
    /// Always [`GameKind::Classic`].
    pub game: GameKind,
    /// The game's id (see [`super::saved`]); empty in saves of older versions.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub id: String,
    #[serde(with = "utc::as_stamp")]
    pub saved: u64,
    #[serde(flatten)]
    pub play: ClassicPlay,
}

impl SavedClassic {
    /// The saved game rebuilt, once the file says it holds a classic game.
    pub(crate) fn rebuild(&self) -> Result<(ClassicGame, ClassicMeta), RecordError> {
        if self.game != GameKind::Classic {
            let kind = self.game.as_str();
            return Err(RecordError::Invalid(format!("it holds a {kind} game")));
        }
        self.play.rebuild()
    }
}
