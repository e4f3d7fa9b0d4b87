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

use super::Layout;
use std::fmt;

/// A text that is not a board: where (source, 1-based line and column) and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    /// The file's path, or a name such as `<pasted text>`.
    pub source: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong, as a person would say it.
    pub message: String,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.source, self.line, self.column, self.message
        )
    }
}

impl std::error::Error for FileError {}

/// Reads one layout from RON text. `source` names the text in errors.
pub fn from_ron(text: &str, source: &str) -> Result<Layout, FileError> {
    ron::Options::default()
        .from_str::<Layout>(text)
        .map_err(|e| FileError {
            source: source.to_string(),
            // ron's span starts at the whitespace before the offending token and ends at the
            // token itself, which is where a person should look.
            line: e.span.end.line.max(1),
            column: e.span.end.col.max(1),
            message: ron_message(&e.code),
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

/// Writes a layout as pretty RON, one row per line, so the rows read like the board.
pub fn to_ron(layout: &Layout) -> String {
    let config = ron::ser::PrettyConfig::new()
        .struct_names(true)
        .indentor("    ".to_string());
    // Serialising these plain strings and enums cannot fail; fall back to the Debug form
    // rather than panic if a future ron ever disagrees.
    ron::ser::to_string_pretty(layout, config).unwrap_or_else(|e| format!("// {e}\n{layout:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Finish;
    use crate::rules::Grid;

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
        assert_eq!(from_ron(&to_ron(&l), "again").unwrap(), l);
    }

    #[test]
    fn truncated_file_reports_line_and_column() {
        let cut = &ENGLISH[..ENGLISH.find("o o o . o").unwrap()];
        let e = from_ron(cut, "cut.ron").unwrap_err();
        assert_eq!(e.source, "cut.ron");
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
}
