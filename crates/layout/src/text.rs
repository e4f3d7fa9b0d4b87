//! Text as people and files give it: stripping what a text editor adds (a byte-order mark)
//! and escaping what must not reach a terminal (control characters in messages, names and
//! paths).
//!
//! Every parser of `layout` and `record` uses these, so a refusal reads the same whatever the
//! format; and every front end shows a board's name or a file's path through [`printable`]
//! or [`shown_name`], so no text from a file (an OSC 52 clipboard write, a screen clear, a
//! C1 `CSI`) reaches a terminal as it was.

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

/// `text` as it may be printed on one line: every control character (C0, DEL and C1, the
/// line feed too, since a name or a path is one line of a report) written as its escape
/// (`\u{1b}`, `\n`), everything else as it is. For paths and other text shown whole.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        push_printable(&mut out, c);
    }
    Cow::Owned(out)
}

/// Most characters a board's name takes where it is shown ([`shown_name`]): a name from a
/// file can be a megabyte long, and a title line wrapped a thousand times over makes a
/// screen (and the terminal game's every redraw) useless.
pub const SHOWN_NAME_CHARS: usize = 80;

/// A board's name as it may be shown: [`printable`], and cut to [`SHOWN_NAME_CHARS`]
/// characters with an ellipsis when longer (an escape is never cut in half). Looks at no
/// more of `name` than it shows, so a name of any length costs the same.
pub fn shown_name(name: &str) -> Cow<'_, str> {
    shown_cut(name, SHOWN_NAME_CHARS)
}

/// Most characters a message that may quote names (`Resumed your NAME game`) takes on a
/// terminal screen ([`shown_message`]): a few lines at any width.
pub const SHOWN_MESSAGE_CHARS: usize = 400;

/// A message as a screen shows it: [`printable`], cut to [`SHOWN_MESSAGE_CHARS`] characters
/// with an ellipsis when longer, so a message quoting a megabyte-long name (made where the
/// name is not cut) is not wrapped into thousands of lines on every redraw.
pub fn shown_message(text: &str) -> Cow<'_, str> {
    shown_cut(text, SHOWN_MESSAGE_CHARS)
}

/// `text` printable and cut to `most` characters with an ellipsis (see [`shown_name`]).
fn shown_cut(text: &str, most: usize) -> Cow<'_, str> {
    let plain = |c: char| !c.is_control();
    // The common case, a short plain text, is shown as it is without a copy.
    if text.chars().take(most + 1).count() <= most && text.chars().all(plain) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(most * 2);
    let mut shown = 0;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let mut piece = String::new();
        push_printable(&mut piece, c);
        let width = piece.chars().count();
        // The last character may take the ellipsis's place only when it ends the text.
        let room = if chars.peek().is_some() {
            most - 1
        } else {
            most
        };
        if shown + width > room {
            out.push('\u{2026}');
            return Cow::Owned(out);
        }
        out.push_str(&piece);
        shown += width;
    }
    Cow::Owned(out)
}

/// Appends `c`, or its escape when it is a control character.
fn push_printable(out: &mut String, c: char) {
    if c.is_control() {
        out.extend(c.escape_default());
    } else {
        out.push(c);
    }
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

    /// Every C0 character, DEL and every C1 character.
    fn controls() -> impl Iterator<Item = char> {
        (0u32..0x20)
            .chain(0x7f..0xa0)
            .map(|n| char::from_u32(n).unwrap())
    }

    #[test]
    fn every_c0_c1_and_del_character_is_escaped_in_a_name_or_path() {
        for c in controls() {
            let text = format!("a{c}b");
            let shown = printable(&text);
            assert!(!shown.chars().any(char::is_control), "{c:?}: {shown:?}");
            assert!(shown.starts_with('a') && shown.ends_with('b'), "{shown:?}");
            let name = shown_name(&text);
            assert!(!name.chars().any(char::is_control), "{c:?}: {name:?}");
        }
        assert_eq!(
            printable("\u{1b}]52;c;SGVsbG8=\u{7}\u{1b}[2J"),
            "\\u{1b}]52;c;SGVsbG8=\\u{7}\\u{1b}[2J"
        );
        assert_eq!(printable("two\nlines"), "two\\nlines");
        assert!(matches!(printable("English"), Cow::Borrowed(_)));
    }

    #[test]
    fn a_long_name_is_cut_to_eighty_characters_with_an_ellipsis() {
        assert!(matches!(shown_name("English"), Cow::Borrowed(_)));
        let exact = "x".repeat(SHOWN_NAME_CHARS);
        assert_eq!(shown_name(&exact), exact);
        let long = "y".repeat(1 << 20);
        let shown = shown_name(&long);
        assert_eq!(shown.chars().count(), SHOWN_NAME_CHARS);
        assert!(shown.ends_with('\u{2026}'), "{shown}");
        // An escape is never cut in half: a name of escapes stops before the one that does
        // not fit.
        let escapes = "\u{1b}".repeat(100);
        let shown = shown_name(&escapes);
        assert!(shown.chars().count() <= SHOWN_NAME_CHARS, "{shown}");
        assert!(shown.ends_with("\\u{1b}\u{2026}"), "{shown}");
        let message = format!("Resumed your {} game", "z".repeat(1_000_000));
        assert_eq!(shown_message(&message).chars().count(), SHOWN_MESSAGE_CHARS);
    }
}
