//! The learned weights beside the database (`weights/ntuple-<hash>.bin`, from `new2048 train`).
//! The bots read only a regular file there (a FIFO once hung every hint) and otherwise play with
//! the shipped weights, silently; so the store names each file it would pass over, once, when it
//! opens.

use std::path::Path;

use crate::strategy::ntuple::WEIGHTS_DIR;

/// What to tell the player about the weights folder of the data folder `dir`: one message per
/// file there that is not a regular file (nothing when the folder is missing or sound).
pub(crate) fn problems(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir.join(WEIGHTS_DIR)) else {
        return Vec::new();
    };
    let mut found: Vec<String> = entries
        .flatten()
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.starts_with("ntuple-") && name.ends_with(".bin")
        })
        // `file_type` does not follow a link: a link is reported as one.
        .filter_map(|e| Some((e.path(), e.file_type().ok()?)))
        .filter(|(_, kind)| !kind.is_file())
        .map(|(path, kind)| {
            format!(
                "{}: it is {}, not a regular file, so the learned weights there are not read and \
                 the hint and the bots use the weights shipped in the program; remove it (and \
                 run `new2048 train` again for weights of your own)",
                crate::cards::text::escape_controls(&path.display().to_string()),
                crate::fsread::kind_of(kind)
            )
        })
        .collect();
    found.sort();
    found
}
