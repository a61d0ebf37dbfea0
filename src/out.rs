//! Where the commands' lines go, written so that output that cannot be written never panics.
//!
//! `println!` and `eprintln!` panic when their stream is closed or full (`history | head -1`,
//! `play 2>/dev/full`): a crash with exit 101 for what the guide calls success. So every line
//! goes through here instead:
//! - standard output is written with its error returned: a closed pipe becomes
//!   [`Error::Io`](crate::error::Error) with `BrokenPipe`, which stops the command with exit status 0;
//! - standard error is written with its errors dropped: a warning or a message that cannot be
//!   shown changes nothing else (the game goes on, the exit status stays what it was).

use std::fmt;
use std::io::{self, Write};

use crate::error::Error;

/// Writes one line (the text and a newline) on standard output; a closed pipe is an error the
/// caller stops on (exit 0), never a panic.
pub(crate) fn line(text: impl fmt::Display) -> Result<(), Error> {
    let mut out = io::stdout().lock();
    writeln!(out, "{text}")?;
    Ok(out.flush()?)
}

/// Writes one line on standard error, dropping any error: nothing depends on it being seen. A
/// message quotes what a file or a peer holds, and each is escaped where it is quoted; the line
/// is escaped once more as a whole ([`crate::base::visible::escape`]: line breaks kept), so that a
/// quote that was not still shows as what it is.
pub(crate) fn note(text: impl fmt::Display) {
    let text = crate::base::visible::escape(&text.to_string());
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "{text}");
    let _ = err.flush();
}

/// Standard error as a writer whose writes never fail (what could not be written is dropped),
/// for the line-by-line players that report skipped lines as they go.
pub(crate) fn stderr() -> Lenient<io::StderrLock<'static>> {
    Lenient(io::stderr().lock())
}

/// A writer that drops what its inner writer refuses, so a full or closed stream cannot stop
/// the work that writes to it.
pub(crate) struct Lenient<W>(pub(crate) W);

impl<W: Write> Write for Lenient<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let _ = self.0.write_all(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let _ = self.0.flush();
        Ok(())
    }
}

/// Prints the store's messages on the error stream (`new2048: warning: …`), each once.
pub(crate) fn print_warnings(store: &mut crate::store::Store) {
    for w in store.take_warnings() {
        note(format_args!("new2048: warning: {w}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stream that is always full.
    struct Full;

    impl Write for Full {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from(io::ErrorKind::StorageFull))
        }
        fn flush(&mut self) -> io::Result<()> {
            Err(io::Error::from(io::ErrorKind::StorageFull))
        }
    }

    #[test]
    fn a_lenient_writer_never_fails_and_passes_what_it_can() {
        let mut full = Lenient(Full);
        assert!(writeln!(full, "lost").is_ok());
        assert!(full.flush().is_ok());
        let mut kept = Lenient(Vec::new());
        writeln!(kept, "kept").unwrap();
        assert_eq!(kept.0, b"kept\n");
    }
}
