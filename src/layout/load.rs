//! Resolving a `LAYOUT` argument (a level number, a catalogue name, or a file in any format
//! [`super::import`] knows) and reading board files safely.

use super::format::FileError;
use super::import::parse_any;
use super::{catalogue, Layout, LayoutProblem, Puzzle};
use std::fmt;
use std::path::Path;

/// Board files larger than this are refused unread: no real board comes near it, and a
/// hostile multi-gigabyte file should not take the program's memory.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// Why a layout could not be had.
#[derive(Debug)]
pub enum LoadError {
    /// Not a level, not in the catalogue, and no such file.
    Unknown(String),
    /// The file could not be read.
    Io {
        /// The path.
        path: String,
        /// What the system said.
        error: std::io::Error,
    },
    /// The file was read but is not a board: where and what.
    Syntax(FileError),
    /// The board was read but is not playable: every problem.
    Invalid {
        /// Where it came from.
        source: String,
        /// What is wrong.
        problems: Vec<LayoutProblem>,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Unknown(spec) => write!(
                f,
                "`{spec}` is not a level (0-8), a catalogue board (see `pegsol layouts`) or a file"
            ),
            LoadError::Io { path, error } => write!(f, "{path}: cannot read: {error}"),
            LoadError::Syntax(e) => write!(f, "{e}"),
            LoadError::Invalid { source, problems } => {
                write!(f, "{source}: the board cannot be played:")?;
                for p in problems {
                    write!(f, "\n  - {p}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for LoadError {}

impl From<FileError> for LoadError {
    fn from(e: FileError) -> LoadError {
        LoadError::Syntax(e)
    }
}

/// Turns raw file bytes into text, or says where the first byte that is not UTF-8 text is.
pub fn decode(bytes: &[u8], source: &str) -> Result<String, FileError> {
    match std::str::from_utf8(bytes) {
        Ok(text) if !text.contains('\0') => Ok(text.to_string()),
        result => {
            let at = match result {
                Err(e) => e.valid_up_to(),
                Ok(text) => text.find('\0').unwrap_or(0),
            };
            let before = &bytes[..at];
            let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
            let column = at
                - before
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |p| p + 1)
                + 1;
            Err(FileError {
                source: source.to_string(),
                line,
                column,
                message: "this is not a text file (a board file is plain text)".into(),
            })
        }
    }
}

/// Reads every board in a file (a layouts table holds several; other formats one).
pub fn load_file(path: &Path) -> Result<Vec<Layout>, LoadError> {
    let name = path.display().to_string();
    let io = |error| LoadError::Io {
        path: name.clone(),
        error,
    };
    let size = std::fs::metadata(path).map_err(io)?.len();
    if size > MAX_FILE_BYTES {
        return Err(LoadError::Syntax(FileError {
            source: name.clone(),
            line: 1,
            column: 1,
            message: format!("the file is {size} bytes; a board file is at most {MAX_FILE_BYTES}"),
        }));
    }
    let bytes = std::fs::read(path).map_err(io)?;
    let text = decode(&bytes, &name)?;
    let is_ron = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("ron"));
    if is_ron {
        return Ok(vec![super::format::from_ron(&text, &name)?]);
    }
    Ok(parse_any(&text, &name)?)
}

/// Resolves a `LAYOUT` argument: a level number `0`-`8`, a catalogue key or name, or a path.
/// A file holding several boards (a layouts table) gives its first. Returns the layout and a
/// name for where it came from.
pub fn resolve(spec: &str) -> Result<(Layout, String), LoadError> {
    let path = Path::new(spec);
    if path.is_file() {
        let layouts = load_file(path)?;
        let first = layouts.into_iter().next().ok_or_else(|| {
            LoadError::Syntax(FileError {
                source: spec.to_string(),
                line: 1,
                column: 1,
                message: "the file holds no board".into(),
            })
        })?;
        return Ok((first, spec.to_string()));
    }
    let entry = catalogue::find(spec).ok_or_else(|| LoadError::Unknown(spec.to_string()))?;
    Ok((entry.layout()?, entry.key.to_string()))
}

/// Resolves a `LAYOUT` argument and validates it.
pub fn resolve_puzzle(spec: &str) -> Result<Puzzle, LoadError> {
    resolve_named_puzzle(spec).map(|(puzzle, _)| puzzle)
}

/// Resolves a `LAYOUT` argument and validates it, keeping the name of where it came from (the
/// catalogue key or the path) for reports.
pub fn resolve_named_puzzle(spec: &str) -> Result<(Puzzle, String), LoadError> {
    let (layout, source) = resolve(spec)?;
    match layout.validate() {
        Ok(puzzle) => Ok((puzzle, source)),
        Err(problems) => Err(LoadError::Invalid { source, problems }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_bytes_are_reported_with_their_position() {
        let e = decode(b"Layout(\n  \xff\xfe", "bin").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
        let e = decode(b"ab\0", "nul").unwrap_err();
        assert_eq!((e.line, e.column), (1, 3));
    }

    #[test]
    fn resolve_knows_levels_and_names() {
        assert_eq!(resolve("5").unwrap().1, "level-5");
        assert_eq!(resolve("english").unwrap().0.name, "English");
        assert!(matches!(
            resolve("no-such-board"),
            Err(LoadError::Unknown(_))
        ));
    }
}
