//! Text as people and files give it: stripping what a text editor adds (a byte-order mark),
//! escaping what must not reach a terminal (control characters in messages), and turning a
//! byte offset into the line and column a person looks for.
//!
//! Every parser of `layout` and `record` uses these, so a refusal reads the same whatever the
//! format.

use std::borrow::Cow;
use std::fmt;

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

/// The 1-based line and column (in characters) of byte offset `at` of `text`. An offset past
/// the end, or inside a character, is clamped to the nearest character before it.
pub fn line_column(text: &str, at: usize) -> (usize, usize) {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |p| p + 1);
    (line, before[line_start..].chars().count() + 1)
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

    #[test]
    fn offsets_become_lines_and_columns_in_characters() {
        let text = "ab\ncé d\n";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 3), (2, 1));
        // `d` is the fourth character of line 2 (é is two bytes).
        assert_eq!(line_column(text, text.find('d').unwrap()), (2, 4));
        assert_eq!(line_column(text, 999), (3, 1));
    }
}
