//! The RON layout format, and the error type every text format of boards reports with.
//!
//! ```ron
//! Layout(
//!     name: "English",
//!     description: "The 33-hole cross, centre empty.",   // optional
//!     grid: Square,                                      // optional: Square or Triangular
//!     rows: [
//!         "    o o o    ",
//!         "o o o . o o o",
//!     ],
//!     finish: Anywhere,                                  // optional: Anywhere, Center, Cell(x: 3, y: 3)
//! )
//! ```

use super::files::{write_atomic, SaveError};
use super::text::{escape_controls, strip_bom};
use super::Layout;
use std::path::Path;

/// A text that is not a board: where (the input, 1-based line and column) and what was
/// expected. Control characters in the input's name or the message are escaped when shown.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{}:{line}:{column}: {}",
    escape_controls(input),
    escape_controls(message)
)]
pub struct FileError {
    /// The file's path, or a name such as `<pasted text>`.
    pub input: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong, as a person would say it.
    pub message: String,
}

impl FileError {
    /// The error for `input` at `line`, `column`.
    pub fn new(input: &str, line: usize, column: usize, message: impl Into<String>) -> FileError {
        FileError {
            input: input.to_string(),
            line,
            column,
            message: message.into(),
        }
    }
}

/// The RON reader every Pegsol file format uses: plain values are accepted where an option is
/// expected (`current: 2` as well as `current: Some(2)`), as a person writing a file by hand
/// would expect.
pub fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// Where a RON error points: ron's span starts at the whitespace before the offending token
/// and ends at the token itself, which is where a person should look.
pub fn ron_place(e: &ron::error::SpannedError) -> (usize, usize) {
    (e.span.end.line.max(1), e.span.end.col.max(1))
}

/// Reads one layout from RON text (a leading byte-order mark is skipped). `input` names the
/// text in errors.
pub fn from_ron(text: &str, input: &str) -> Result<Layout, FileError> {
    ron_options()
        .from_str::<Layout>(strip_bom(text))
        .map_err(|e| {
            let (line, column) = ron_place(&e);
            FileError::new(input, line, column, ron_message(&e.code))
        })
}

fn ron_message(code: &ron::Error) -> String {
    match code {
        ron::Error::Eof => "the file ends too early: expected the rest of `Layout(...)`".into(),
        ron::Error::MissingStructField { field, .. } => {
            format!("`Layout(...)` needs a `{field}` field")
        }
        other => format!("{other} (expected a layout: `Layout(name: \"...\", rows: [...], ...)`)"),
    }
}

/// The pretty-printing every Pegsol RON file uses: struct names, four-space indents, so a
/// layout's rows read like the board.
pub fn ron_pretty() -> ron::ser::PrettyConfig {
    ron::ser::PrettyConfig::new()
        .struct_names(true)
        .indentor("    ".to_string())
}

/// Writes a layout as pretty RON, one row per line, so the rows read like the board.
pub fn to_ron(layout: &Layout) -> Result<String, ron::Error> {
    ron::ser::to_string_pretty(layout, ron_pretty())
}

/// Saves `layout` to `path` as a RON layout, atomically (see [`write_atomic`]).
pub fn save(path: &Path, layout: &Layout) -> Result<(), SaveError> {
    save_ron(path, layout)
}

/// Saves `value` to `path` as pretty RON, atomically: the one way boards and saved games
/// reach the disk, so both fail the same way (encoding, or writing) and name the path.
pub fn save_ron(path: &Path, value: &impl serde::Serialize) -> Result<(), SaveError> {
    let text =
        ron::ser::to_string_pretty(value, ron_pretty()).map_err(|error| SaveError::Encode {
            path: path.to_path_buf(),
            error,
        })?;
    write_atomic(path, text).map_err(|error| SaveError::Write {
        path: path.to_path_buf(),
        error,
    })
}

/// The byte offset in RON `text` of each character of each row of the first `rows: [...]`
/// list, so board problems found after parsing can be pointed at in the file. Empty when the
/// text has no such list (it was not read from this text).
pub fn ron_row_offsets(text: &str) -> Vec<Vec<usize>> {
    let mut scan = Scanner { text, at: 0 };
    let mut rows = Vec::new();
    if scan.find_rows_list().is_none() {
        return rows;
    }
    loop {
        scan.skip_blank();
        match scan.peek() {
            Some(',') => scan.at += 1,
            Some('"' | 'r') => match scan.string_literal() {
                Some(chars) => rows.push(chars),
                None => return rows,
            },
            _ => return rows,
        }
    }
}

/// Just enough of RON to find string literals: comments, strings and raw strings skipped.
struct Scanner<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Scanner<'a> {
    fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    /// Skips whitespace and comments.
    fn skip_blank(&mut self) {
        loop {
            let rest = self.rest();
            let trimmed = rest.trim_start();
            self.at += rest.len() - trimmed.len();
            if trimmed.starts_with("//") {
                self.at += trimmed.find('\n').unwrap_or(trimmed.len());
            } else if let Some(body) = trimmed.strip_prefix("/*") {
                self.at += 2 + body.find("*/").map_or(body.len(), |p| p + 2);
            } else {
                return;
            }
        }
    }

    /// Moves past `rows`, `:` and `[` of the first `rows` field outside strings and comments.
    fn find_rows_list(&mut self) -> Option<()> {
        loop {
            self.skip_blank();
            let c = self.peek()?;
            if c == '"' || (c == 'r' && matches!(self.rest()[1..].chars().next(), Some('"' | '#')))
            {
                self.string_literal()?;
            } else if c.is_alphanumeric() || c == '_' {
                let word_len = self
                    .rest()
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(self.rest().len());
                let is_rows = &self.rest()[..word_len] == "rows";
                self.at += word_len;
                if is_rows {
                    self.skip_blank();
                    if self.peek() == Some(':') {
                        self.at += 1;
                        self.skip_blank();
                        if self.peek() == Some('[') {
                            self.at += 1;
                            return Some(());
                        }
                    }
                }
            } else {
                self.at += c.len_utf8();
            }
        }
    }

    /// Reads a string literal at the cursor (plain or raw) and returns the byte offset of each
    /// character it stands for (an escape sequence is one character, at its backslash).
    fn string_literal(&mut self) -> Option<Vec<usize>> {
        let mut offsets = Vec::new();
        if let Some(raw) = self.rest().strip_prefix('r') {
            let hashes = raw.len() - raw.trim_start_matches('#').len();
            let open = 1 + hashes;
            if !self.rest()[open..].starts_with('"') {
                return None;
            }
            let close = format!("\"{}", "#".repeat(hashes));
            let body_start = self.at + open + 1;
            let body_len = self.text[body_start..].find(&close)?;
            offsets.extend(
                self.text[body_start..body_start + body_len]
                    .char_indices()
                    .map(|(i, _)| body_start + i),
            );
            self.at = body_start + body_len + close.len();
            return Some(offsets);
        }
        if self.peek() != Some('"') {
            return None;
        }
        self.at += 1;
        let mut chars = self.rest().char_indices().map(|(i, c)| (i + self.at, c));
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.at = i + 1;
                    return Some(offsets);
                }
                '\\' if ["\n", "\r\n"]
                    .iter()
                    .any(|end| self.text[i + 1..].starts_with(end)) =>
                {
                    // A line continuation, as RON reads it: the backslash, the line feed
                    // and the white space after it stand for no character at all.
                    while chars
                        .clone()
                        .next()
                        .is_some_and(|(_, c)| matches!(c, ' ' | '\t' | '\n' | '\r'))
                    {
                        chars.next();
                    }
                }
                '\\' => {
                    offsets.push(i);
                    match chars.next()?.1 {
                        'u' => {
                            for (_, c) in chars.by_ref() {
                                if c == '}' {
                                    break;
                                }
                            }
                        }
                        'x' => {
                            chars.next();
                            chars.next();
                        }
                        _ => {}
                    }
                }
                _ => offsets.push(i),
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Finish;
    use pegsol_rules::Grid;

    const ENGLISH: &str = r#"Layout(
    name: "English",
    description: "The 33-hole cross, centre empty.",   // optional
    grid: Square,                                      // optional: Square (default) or Triangular
    rows: [
        "    o o o    ",
        "    o o o    ",
        "o o o o o o o",
        "o o o . o o o",
        "o o o o o o o",
        "    o o o    ",
        "    o o o    ",
    ],
    finish: Anywhere,                                  // optional: Anywhere (default), Center, Cell(x: 3, y: 3)
)"#;

    #[test]
    fn hand_written_example_from_the_spec_loads() {
        let l = from_ron(ENGLISH, "english.ron").unwrap();
        assert_eq!(l.rows.len(), 7);
        assert_eq!(l.grid, Grid::Square);
        assert_eq!(l.validate().unwrap().start.peg_count(), 32);
    }

    #[test]
    fn optional_fields_default() {
        let l = from_ron(r#"Layout(name: "t", rows: ["o o ."])"#, "t").unwrap();
        assert_eq!((l.grid, l.finish), (Grid::Square, Finish::Anywhere));
        let l = from_ron(
            r#"Layout(name: "t", rows: ["o o ."], finish: Cell(x: 2, y: 0))"#,
            "t",
        )
        .unwrap();
        assert_eq!(l.finish, Finish::Cell { x: 2, y: 0 });
    }

    #[test]
    fn written_ron_reads_back_identical() {
        let l = from_ron(ENGLISH, "e").unwrap();
        assert_eq!(from_ron(&to_ron(&l).unwrap(), "again").unwrap(), l);
    }

    #[test]
    fn truncated_file_reports_line_and_column() {
        let cut = &ENGLISH[..ENGLISH.find("o o o . o").unwrap()];
        let e = from_ron(cut, "cut.ron").unwrap_err();
        assert_eq!(e.input, "cut.ron");
        assert!(e.line >= 8, "{e}");
        assert!(e.to_string().starts_with("cut.ron:"), "{e}");
    }

    #[test]
    fn wrong_type_reports_where() {
        let e = from_ron("Layout(name: 3, rows: [])", "w.ron").unwrap_err();
        assert_eq!((e.line, e.column), (1, 14), "{e}");
    }

    #[test]
    fn missing_rows_names_the_field() {
        let e = from_ron("Layout(name: \"x\")", "m.ron").unwrap_err();
        assert!(e.message.contains("rows"), "{e}");
    }

    #[test]
    fn a_line_continuation_in_a_row_is_no_character() {
        // `\` then a line feed and indentation: RON reads "o x" from the second row, so the
        // `x` is character 2 and must be found on the file's third line.
        let text = "Layout(name: \"t\", rows: [\"o o\", \"o\\\n   x\"])";
        let rows = ron_row_offsets(text);
        let second: String = rows[1].iter().map(|&at| &text[at..=at]).collect();
        assert_eq!(second, "ox");
        let parsed = from_ron(text, "t.ron").unwrap();
        assert_eq!(parsed.rows[1], "ox");
    }
}
