//! What a game is besides its engine state (how it was dealt, when it started), which its save and
//! record keep (a new game gets it in `crate::start`).

/// How a game was dealt, kept with it so history can show it and replays can re-deal it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub(crate) enum Deal {
    /// From a seed.
    Seed { seed: u64 },
    /// The daily deal of a UTC date (`YYYY-MM-DD`).
    Daily { date: String, seed: u64 },
    /// Exactly the cards of a deck file.
    DeckFile { path: String },
}

/// `seed 42`, `daily 2026-11-29`, `deck FILE`.
pub(crate) fn deal_text(deal: &Deal) -> String {
    match deal {
        Deal::Seed { seed } => format!("seed {seed}"),
        Deal::Daily { date, .. } => format!("daily {date}"),
        Deal::DeckFile { path } => {
            let name = std::path::Path::new(path)
                .file_name()
                .map_or_else(|| path.clone(), |n| n.to_string_lossy().into_owned());
            format!("deck {name}")
        }
    }
}

/// Facts about a game that the engine does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GameMeta {
    pub deal: Deal,
    /// Seconds since the Unix epoch when the game started.
    pub started: u64,
}

/// Facts about a classic game that the game does not hold (its seed and rules it does).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ClassicMeta {
    /// The name of the rules in force (`default`...), shown in history.
    pub rules_name: String,
    /// Seconds since the Unix epoch when the game started.
    pub started: u64,
}
