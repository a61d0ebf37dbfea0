//! Where the program reads and writes files, each overridable so tests never touch a real home.
//!
//! - data (history, saved games): `$NEW2048_DATA_DIR`, else the XDG data dir + `new2048/`;
//! - the user's rules file: `$NEW2048_CONFIG`, else the XDG config dir + `new2048/config.toml`.

use std::path::PathBuf;

/// Environment variable naming the data folder.
pub const DATA_DIR_ENV: &str = "NEW2048_DATA_DIR";
/// Environment variable naming the user's rules file.
pub const CONFIG_ENV: &str = "NEW2048_CONFIG";

fn project_dirs() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("", "", "new2048")
}

fn env_path(var: &str) -> Option<PathBuf> {
    std::env::var_os(var)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

/// The folder for history and saved games; `None` when no home folder can be found.
pub fn data_dir() -> Option<PathBuf> {
    env_path(DATA_DIR_ENV).or_else(|| project_dirs().map(|d| d.data_dir().to_path_buf()))
}

/// The rules file named by `$NEW2048_CONFIG`, if set.
pub fn config_env() -> Option<PathBuf> {
    env_path(CONFIG_ENV)
}

/// The user's own rules file in the XDG config folder (it may not exist).
pub fn user_config_file() -> Option<PathBuf> {
    project_dirs().map(|d| d.config_dir().join("config.toml"))
}

/// The largest file the program reads (decks, records, saves, learned weights): far above any
/// real one (a record of a 1,000,000-card game is a few MB), low enough that a wrong path to a
/// huge file fails at once instead of filling the memory.
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// The largest rules or settings file read: a complete rules file is about 2 KB, so a larger one
/// is the wrong file.
pub const CONFIG_FILE_BYTES: u64 = 1 << 20;
