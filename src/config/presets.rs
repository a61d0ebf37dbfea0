//! The rule presets shipped in `config/`, embedded in the binary so it runs from anywhere.

/// `config/default.toml`: the rules of the original program.
pub const DEFAULT: &str = include_str!("../../config/default.toml");
/// `config/solitaire.toml`: plays like the "2048 Solitaire" apps.
pub const SOLITAIRE: &str = include_str!("../../config/solitaire.toml");
/// `config/hard.toml`: for strong players and bots.
pub const HARD: &str = include_str!("../../config/hard.toml");

/// Every preset by the name `--rules NAME` takes.
pub const ALL: [(&str, &str); 3] = [
    ("default", DEFAULT),
    ("solitaire", SOLITAIRE),
    ("hard", HARD),
];

/// The text of the preset with this name.
pub fn get(name: &str) -> Option<&'static str> {
    ALL.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// The preset names, for messages: `default, solitaire, hard`.
pub fn names() -> String {
    ALL.map(|(n, _)| n).join(", ")
}
