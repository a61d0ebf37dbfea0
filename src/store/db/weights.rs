//! The learned weights beside the database (`weights/ntuple-<hash>.bin`, written by `new2048
//! train`), looked at for what the bots would pass over in silence.
//!
//! The bots read a weights file only if it is a regular file (through [`crate::fsread`], links
//! refused), and otherwise play with the weights shipped in the program: a FIFO put there once
//! hung every hint. That is right for play, but the player who trained weights would never learn
//! why they are not used. So the store, which reports what is wrong in the data folder, names
//! each such file once, when it opens.

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
