//! Text as people and files give it: stripping what a text editor adds (a byte-order mark)
//! and escaping what must not reach a terminal (control characters in messages).
//!
//! Every parser of `layout` and `record` uses these, so a refusal reads the same whatever the
//! format.

use std::borrow::Cow;
use std::fmt;

/// Board files (and pasted board text) larger than this are refused unread: no real board
/// comes near it, and a hostile multi-gigabyte file should not take the program's memory.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// The text without a leading byte-order mark (Windows editors write one; it is not part of
/// the board).
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// `text` with every control character except the line feed written as an escape
/// (`\u{7}`, `\r`, `\t`), so a message quoting a hostile file cannot move the cursor, ring the
/// bell or rewrite the terminal.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| c.is_control() && c != '\n') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() && c != '\n' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A character for a message: itself when printable, else its escape (`\u{1b}`). Display it
/// with `{}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown(pub char);

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_control() {
            write!(f, "{}", self.0.escape_default())
        } else {
            write!(f, "{}", self.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_is_stripped_once() {
        assert_eq!(strip_bom("\u{feff}Layout("), "Layout(");
        assert_eq!(strip_bom("Layout("), "Layout(");
    }

    #[test]
    fn control_characters_are_escaped_but_line_feeds_kept() {
        assert_eq!(escape_controls("a\u{1b}[2Jb\n\r"), "a\\u{1b}[2Jb\n\\r");
        assert!(matches!(escape_controls("plain"), Cow::Borrowed(_)));
        assert_eq!(Shown('\u{7}').to_string(), "\\u{7}");
        assert_eq!(Shown('x').to_string(), "x");
    }
}
