//! The command line's standard output and standard error, with every write checked.
//!
//! Owns what happens when a write fails, so that no write can panic (`println!` panics on a
//! closed or full standard output): a reader that went away (`pegsol show english | head -1`,
//! a broken pipe) ends the program quietly with status 0, as ripgrep does; any other failure
//! (a full disk, `> /dev/full`) is reported on standard error with status 2. Messages to
//! standard error never fail the program: if even standard error cannot be written there is
//! no one left to tell.
//!
//! Everything written here goes through [`escape_controls`] last: names and paths are made
//! printable where a command opens its board ([`super::board`]), and this is the guard that
//! no other text from a file (a message quoting it) reaches the terminal as it was.

use super::CliError;
use pegsol_layout::text::escape_controls;
use std::fmt::Display;
use std::io::{ErrorKind, Write};

/// Writes `text` to standard output and flushes it: a closed pipe gives [`CliError::Closed`],
/// another failure [`CliError::Stdout`].
pub fn print(text: &str) -> Result<(), CliError> {
    let text = escape_controls(text);
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(stdout_error)
}

/// [`print()`] with a newline after `text`.
pub fn println(text: impl Display) -> Result<(), CliError> {
    print(&format!("{text}\n"))
}

/// What a failed write to standard output means for the program.
pub fn stdout_error(e: std::io::Error) -> CliError {
    if e.kind() == ErrorKind::BrokenPipe {
        CliError::Closed
    } else {
        CliError::Stdout(e)
    }
}

/// Writes a line to standard error, ignoring a failure (see the module's note).
pub fn note(text: impl Display) {
    let text = text.to_string();
    let _ = writeln!(std::io::stderr().lock(), "{}", escape_controls(&text));
}

/// Writes `text` to standard error as it is (no newline: a progress line redrawn in place),
/// ignoring a failure.
pub fn note_raw(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes()).and_then(|()| err.flush());
}
