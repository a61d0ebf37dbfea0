//! Which files are the manual: README.md and every Markdown file under docs/. Shared, as this
//! very file, by the lib's test of the manual's command lines (`manual.rs`) and the integration
//! test that runs its examples and follows its links (`tests/integration/commands/docs.rs`).

use std::path::{Path, PathBuf};

/// The manual's files under the project's folder `root`, in a fixed order.
pub(crate) fn manual(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![root.join("README.md")];
    let mut dirs = vec![root.join("docs")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap().map(Result::unwrap) {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "md") {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}
