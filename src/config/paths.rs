//! Where the program reads and writes files, each overridable so tests never touch a real home.
//!
//! - data (history, saved games): `$NEW2048_DATA_DIR`, else the XDG data dir + `new2048/`;
//! - the user's rules file: `$NEW2048_CONFIG`, else the XDG config dir + `new2048/config.toml`.

use std::io::{self, Read};
use std::path::{Path, PathBuf};

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

/// The largest file the program reads (rules, decks, records, saves): far above any real one (a
/// record of a 1,000,000-card game is a few MB), low enough that `/dev/zero` or a wrong path to a
/// huge file fails at once instead of filling the memory.
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// Reads a whole file, refusing one larger than [`MAX_FILE_BYTES`].
pub fn read_bytes(path: &Path) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!("it is larger than {} MB", MAX_FILE_BYTES >> 20),
        ));
    }
    Ok(bytes)
}

/// [`read_bytes`] as UTF-8 text.
pub fn read_text(path: &Path) -> io::Result<String> {
    String::from_utf8(read_bytes(path)?).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })
}
