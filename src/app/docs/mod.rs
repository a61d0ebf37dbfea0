//! What a Rust CLI user expects beside `--help`: shell completions and a manual page, both
//! generated from the same clap definition as the parser, so they can never drift from it.
//!
//! Install them with (see the README):
//! `new2048 completions bash > ~/.local/share/bash-completion/completions/new2048` and
//! `new2048 manpage > ~/.local/share/man/man1/new2048.1`.
//!
//! Beside them, the manual's own test ([`manual`]: every `new2048 …` line of the README and
//! docs/ is one this parser takes), here because it holds the written manual to the same clap
//! definition the generated ones come from.

mod manual;
#[cfg(test)]
mod manual_files;

use std::io::{self, Write};

use clap_complete::Shell;

use crate::error::Error;

/// Writes the completion script for `shell` to standard output.
pub(crate) fn completions(shell: Shell) -> Result<(), Error> {
    // Made in memory first: clap_complete panics when its writer fails, which a reader that
    // stops early (`| head -1`) makes standard output do.
    let mut script = Vec::new();
    clap_complete::generate(
        shell,
        &mut crate::app::cli::command(),
        "new2048",
        &mut script,
    );
    print(&script)
}

/// Writes the manual page (roff, section 1) to standard output.
pub(crate) fn manpage() -> Result<(), Error> {
    let mut page = Vec::new();
    clap_mangen::Man::new(crate::app::cli::command()).render(&mut page)?;
    print(&page)
}

/// Writes `bytes` to standard output; a reader gone ([`Error`] maps a broken pipe to success).
fn print(bytes: &[u8]) -> Result<(), Error> {
    let mut out = io::stdout().lock();
    out.write_all(bytes)?;
    out.flush()?;
    Ok(())
}
