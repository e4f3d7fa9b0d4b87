//! Resolving a `LAYOUT` argument (a level number, a catalogue name, or a file in any format
//! [`super::import`] knows) and reading board files safely: once, within a size limit, and
//! with every refusal naming the file and, where the file says, the line and column.

use super::format::{ron_row_offsets, FileError};
use super::import::{detect, first_board_row_starts, parse_any, Format};
use super::text::{escape_controls, strip_bom};
use super::{catalogue, Layout, LayoutProblem, Puzzle};
use pegsol_rules::MAX_SIDE;
use std::path::{Path, PathBuf};

pub use super::text::MAX_FILE_BYTES;

/// Why a layout could not be had.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// Not a level, not in the catalogue, and no such file.
    #[error(
        "`{}` is not a level (0-8), a catalogue board (see `pegsol layouts`) or a file",
        escape_controls(.0)
    )]
    Unknown(String),
    /// The path exists but is a folder (or another thing that is not a file).
    #[error("{}: not a file: a board is a level (0-8), a catalogue name or a file", shown(.0))]
    NotAFile(PathBuf),
    /// The file could not be read.
    #[error("{}: cannot read: {error}", shown(path))]
    Io {
        /// The path.
        path: PathBuf,
        /// What the system said.
        #[source]
        error: std::io::Error,
    },
    /// The file is larger than any board or game file ([`MAX_FILE_BYTES`]).
    #[error(
        "{}: the file is {size} bytes; a board or game file is at most {MAX_FILE_BYTES}",
        shown(path)
    )]
    TooLarge {
        /// The path.
        path: PathBuf,
        /// Its size in bytes.
        size: u64,
    },
    /// The file was read but is not a board: where and what.
    #[error(transparent)]
    Syntax(#[from] FileError),
    /// The board was read but is not playable: every problem, with its place in the file
    /// where the file says.
    #[error(
        "{}: the board cannot be played:{}",
        escape_controls(input),
        problem_list(problems)
    )]
    Invalid {
        /// Where it came from (a path or a catalogue key).
        input: String,
        /// What is wrong.
        problems: Vec<PlacedProblem>,
    },
}

impl LoadError {
    /// The error for a board from `input` that has `problems`, none of them placed in a file
    /// (a catalogue board, or a board built in memory).
    pub fn invalid(input: &str, problems: Vec<LayoutProblem>) -> LoadError {
        LoadError::Invalid {
            input: input.to_string(),
            problems: problems.into_iter().map(PlacedProblem::unplaced).collect(),
        }
    }
}

/// A path for a message, its control characters escaped.
fn shown(path: &Path) -> String {
    escape_controls(&path.display().to_string()).into_owned()
}

/// Problems as an indented list, one per line.
pub fn problem_list(problems: &[PlacedProblem]) -> String {
    problems.iter().map(|p| format!("\n  - {p}")).collect()
}

/// A layout problem and, when the board was read from a text that says, where in that text
/// (`file:line:column`) the row or character at fault is.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{problem}", place_prefix(.place))]
pub struct PlacedProblem {
    /// What is wrong.
    pub problem: LayoutProblem,
    /// Where: the input, 1-based line and column.
    pub place: Option<(String, usize, usize)>,
}

fn place_prefix(place: &Option<(String, usize, usize)>) -> String {
    match place {
        Some((input, line, column)) => format!("{}:{line}:{column}: ", escape_controls(input)),
        None => String::new(),
    }
}

impl PlacedProblem {
    /// A problem with no place in a file.
    pub fn unplaced(problem: LayoutProblem) -> PlacedProblem {
        PlacedProblem {
            problem,
            place: None,
        }
    }
}

/// The row and character index a problem is about, if it is about one.
fn row_and_index(problem: &LayoutProblem) -> Option<(usize, usize)> {
    match *problem {
        LayoutProblem::UnknownCharacter { y, index, .. }
        | LayoutProblem::MisplacedCharacter { y, index, .. } => Some((y, index)),
        LayoutProblem::TooWide { y, x } => Some((y, 2 * x)),
        LayoutProblem::TooManyRows { .. } => Some((usize::from(MAX_SIDE), 0)),
        _ => None,
    }
}

/// Places each problem of the board read from RON `text` (a layout or a saved game) at its
/// row and character in the text, where the problem names one. The text is scanned once
/// whatever the number of problems.
pub fn place_in_ron(input: &str, text: &str, problems: Vec<LayoutProblem>) -> Vec<PlacedProblem> {
    let rows = ron_row_offsets(text);
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let place_of = |at: usize| {
        let line = line_starts.partition_point(|&start| start <= at);
        let start = line_starts[line - 1];
        let column = text.get(start..at).map_or(1, |s| s.chars().count() + 1);
        (input.to_string(), line, column)
    };
    problems
        .into_iter()
        .map(|problem| {
            let place = row_and_index(&problem).and_then(|(y, index)| {
                let row = rows.get(y)?;
                row.get(index).or(row.first()).map(|&at| place_of(at))
            });
            PlacedProblem { problem, place }
        })
        .collect()
}

/// Places each problem of the first board of a layouts table or C header `text` at its row
/// and character, where the problem names one and the row is the file's text as written.
pub fn place_in_rows(input: &str, text: &str, problems: Vec<LayoutProblem>) -> Vec<PlacedProblem> {
    let starts = first_board_row_starts(text);
    problems
        .into_iter()
        .map(|problem| {
            let place = row_and_index(&problem).and_then(|(y, index)| {
                let (line, column) = (*starts.get(y)?)?;
                Some((input.to_string(), line, column + index))
            });
            PlacedProblem { problem, place }
        })
        .collect()
}

/// Turns raw file bytes into text, or says where the first byte that is not UTF-8 text is.
pub fn decode(bytes: &[u8], input: &str) -> Result<String, FileError> {
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
            Err(FileError::new(
                input,
                line,
                column,
                "this is not a text file (a board file is plain text)",
            ))
        }
    }
}

/// A board or game file read once: its name for messages, its text (without a byte-order
/// mark) and whether its name says RON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardText {
    /// The path as shown in messages.
    pub input: String,
    /// The file's text.
    pub text: String,
    /// Whether the file is named `*.ron` (read as RON whatever it looks like).
    pub ron: bool,
}

/// Reads a board or game file once: refused unread when over [`MAX_FILE_BYTES`], and refused
/// with the place of the first bad byte when it is not text.
pub fn read_text(path: &Path) -> Result<BoardText, LoadError> {
    let input = path.display().to_string();
    let io = |error| LoadError::Io {
        path: path.to_path_buf(),
        error,
    };
    let file = crate::files::open_regular(path).map_err(io)?;
    let size = file.metadata().map_err(io)?.len();
    if size > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge {
            path: path.to_path_buf(),
            size,
        });
    }
    let mut bytes = Vec::with_capacity(size as usize);
    // `take` keeps the limit even when the file grows between the size check and the read.
    std::io::Read::read_to_end(
        &mut std::io::Read::take(file, MAX_FILE_BYTES + 1),
        &mut bytes,
    )
    .map_err(io)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge {
            path: path.to_path_buf(),
            size: bytes.len() as u64,
        });
    }
    let text = decode(&bytes, &input)?;
    let ron = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("ron"));
    Ok(BoardText {
        input,
        text: strip_bom(&text).to_string(),
        ron,
    })
}

impl BoardText {
    /// Whether the text is read as RON (by its name or by its look).
    pub fn is_ron(&self) -> bool {
        self.ron || detect(&self.text) == Format::Ron
    }

    /// Every board in the text (a layouts table holds several; other formats one).
    pub fn layouts(&self) -> Result<Vec<Layout>, FileError> {
        if self.ron {
            return Ok(vec![super::format::from_ron(&self.text, &self.input)?]);
        }
        parse_any(&self.text, &self.input)
    }

    /// The first board in the text.
    pub fn first_layout(&self) -> Result<Layout, LoadError> {
        self.layouts()?.into_iter().next().ok_or_else(|| {
            LoadError::Syntax(FileError::new(&self.input, 1, 1, "the file holds no board"))
        })
    }

    /// The error for the board read from this text having `problems`, each placed in the
    /// text where it can be (RON, a layouts table, a C header; the other formats refuse bad
    /// characters while reading, with their place).
    pub fn invalid(&self, problems: Vec<LayoutProblem>) -> LoadError {
        let problems = if self.is_ron() {
            place_in_ron(&self.input, &self.text, problems)
        } else {
            place_in_rows(&self.input, &self.text, problems)
        };
        LoadError::Invalid {
            input: self.input.clone(),
            problems,
        }
    }

    /// The first board, checked: ready to play.
    pub fn puzzle(&self) -> Result<Puzzle, LoadError> {
        self.first_layout()?
            .validate()
            .map_err(|problems| self.invalid(problems))
    }
}

/// Reads every board in a file (a layouts table holds several; other formats one).
pub fn load_file(path: &Path) -> Result<Vec<Layout>, LoadError> {
    Ok(read_text(path)?.layouts()?)
}

/// What a `LAYOUT` argument names: a file read once, or a catalogue entry.
enum Resolved {
    File(BoardText),
    Catalogue(&'static catalogue::Entry),
}

fn resolve_spec(spec: &str) -> Result<Resolved, LoadError> {
    let path = Path::new(spec);
    if path.is_file() {
        return Ok(Resolved::File(read_text(path)?));
    }
    if let Some(entry) = catalogue::find(spec) {
        return Ok(Resolved::Catalogue(entry));
    }
    if path.exists() {
        return Err(LoadError::NotAFile(path.to_path_buf()));
    }
    Err(LoadError::Unknown(spec.to_string()))
}

/// Resolves a `LAYOUT` argument: a level number `0`-`8`, a catalogue key or name, or a path.
/// A file holding several boards (a layouts table) gives its first. Returns the layout and a
/// name for where it came from.
pub fn resolve(spec: &str) -> Result<(Layout, String), LoadError> {
    match resolve_spec(spec)? {
        Resolved::File(text) => Ok((text.first_layout()?, spec.to_string())),
        Resolved::Catalogue(entry) => Ok((entry.layout()?, entry.key.to_string())),
    }
}

/// Resolves a `LAYOUT` argument and validates it.
pub fn resolve_puzzle(spec: &str) -> Result<Puzzle, LoadError> {
    resolve_named_puzzle(spec).map(|(puzzle, _)| puzzle)
}

/// Resolves a `LAYOUT` argument and validates it, keeping the name of where it came from (the
/// catalogue key or the path) for reports. A board problem in a file names its line and
/// column.
pub fn resolve_named_puzzle(spec: &str) -> Result<(Puzzle, String), LoadError> {
    match resolve_spec(spec)? {
        Resolved::File(text) => Ok((text.puzzle()?, spec.to_string())),
        Resolved::Catalogue(entry) => {
            let layout = entry.layout()?;
            let puzzle = layout
                .validate()
                .map_err(|problems| LoadError::invalid(entry.key, problems))?;
            Ok((puzzle, entry.key.to_string()))
        }
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

    fn scratch(name: &str) -> pegsol_testkit::scratch::Scratch {
        pegsol_testkit::scratch::Scratch::new(&format!("load-{name}"))
    }

    #[test]
    fn a_board_problem_in_a_ron_file_names_its_line_and_column() {
        let dir = scratch("place");
        let path = dir.join("bad.ron");
        std::fs::write(
            &path,
            "Layout(\n    name: \"t\",\n    rows: [\n        \"o o .\",\n        \"o x .\",\n    ],\n)\n",
        )
        .unwrap();
        let spec = path.to_str().unwrap();
        let e = resolve_named_puzzle(spec).unwrap_err();
        let LoadError::Invalid { problems, .. } = &e else {
            panic!("{e}")
        };
        assert_eq!(problems[0].place, Some((spec.to_string(), 5, 12)), "{e}");
        assert!(
            e.to_string()
                .contains(&format!("{spec}:5:12: row 1, character 2")),
            "{e}"
        );
    }

    #[test]
    fn a_folder_is_not_called_a_level() {
        let dir = scratch("folder");
        let e = resolve(dir.to_str().unwrap()).unwrap_err();
        assert!(matches!(e, LoadError::NotAFile(_)), "{e}");
    }

    #[test]
    fn read_errors_keep_their_cause_as_source() {
        use std::error::Error;
        let e = read_text(Path::new("/no/such/board.ron")).unwrap_err();
        assert!(matches!(e, LoadError::Io { .. }), "{e}");
        assert!(e.source().is_some());
    }

    #[test]
    fn a_file_over_the_limit_is_refused_unread() {
        let dir = scratch("big");
        let path = dir.join("big.txt");
        std::fs::write(&path, vec![b'o'; MAX_FILE_BYTES as usize + 1]).unwrap();
        assert!(matches!(read_text(&path), Err(LoadError::TooLarge { .. })));
    }

    #[test]
    fn a_ron_file_with_a_byte_order_mark_and_crlf_loads() {
        let dir = scratch("bom");
        let path = dir.join("bom.ron");
        std::fs::write(
            &path,
            "\u{feff}Layout(\r\n  name: \"t\",\r\n  rows: [\"o o .\"],\r\n)\r\n",
        )
        .unwrap();
        let layouts = load_file(&path).unwrap();
        assert_eq!(layouts[0].rows, vec!["o o ."]);
    }

    #[test]
    fn a_board_problem_in_a_layouts_table_or_c_header_names_its_line_and_column() {
        let table = "# levels\nlayout 0\n  |o o . |\n  |o x . |\n";
        let problems = vec![LayoutProblem::UnknownCharacter {
            y: 1,
            index: 2,
            ch: 'x',
        }];
        let placed = place_in_rows("t.txt", table, problems.clone());
        assert_eq!(placed[0].place, Some(("t.txt".to_string(), 4, 6)));
        let header = "char c[1][2][6] = {\n  { \"o o .\",\n    \"o x .\" },\n};\n";
        let placed = place_in_rows("layouts.h", header, problems);
        assert_eq!(placed[0].place, Some(("layouts.h".to_string(), 3, 8)));
    }
}
