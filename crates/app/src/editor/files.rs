//! The layout editor's files: opening boards in any format, saving RON layouts, pasted game
//! IDs, and the autosave of the edit in progress.
//!
//! Owns file access for the editor and its error ([`EditorFileError`]). Every function takes
//! a path or a text (the dialogs live in the editor's view, so tests never open one) and its
//! error says what a person can act on: the file, and for text that is not a board the line,
//! column and what was expected; the system's or the reader's own error stays its source.

use pegsol_layout::edit::Board;
use pegsol_layout::files::SaveError;
use pegsol_layout::import::parse_any;
use pegsol_layout::load::{problem_list, read_text, LoadError, PlacedProblem};
use pegsol_layout::{FileError, Layout, LayoutProblem};
use pegsol_record::datafile::{self, DataFile, DataFileError};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The autosave's file name in the app's data folder.
pub const AUTOSAVE_FILE: &str = "editor-autosave.ron";

/// Why the editor cannot open, read, save or autosave a board. Each message names the file
/// (or the pasted text) and what is wrong.
#[derive(Debug, thiserror::Error)]
pub enum EditorFileError {
    /// The file could not be read, or is not a board (the error names the file, and the line
    /// and column where the text goes wrong).
    #[error(transparent)]
    Load(#[from] LoadError),
    /// A text that is not a board: where and what.
    #[error(transparent)]
    Syntax(#[from] FileError),
    /// A pasted text with nothing in it.
    #[error("{input}: nothing to read: paste a game ID such as `7x7:OOPPPOO...`")]
    Empty {
        /// Where the text came from (`<pasted text>`).
        input: String,
    },
    /// A text that reads but holds no board.
    #[error("{input}: no board in the text")]
    NoBoard {
        /// Where the text came from.
        input: String,
    },
    /// A board the editor cannot take: every problem, placed in its file where it says.
    #[error(
        "{input}: this board cannot be edited (a board is at most 11x11 cells of `o`, `.` \
         and spaces):{}",
        problem_list(problems)
    )]
    CannotEdit {
        /// The file, board or text.
        input: String,
        /// What is wrong with it.
        problems: Vec<PlacedProblem>,
    },
    /// The board could not be saved.
    #[error(transparent)]
    Save(#[from] SaveError),
    /// The autosave could not be read or written.
    #[error(transparent)]
    DataFile(#[from] DataFileError),
}

impl EditorFileError {
    /// A board from `input` that the editor cannot take, for `problems` with no place.
    fn cannot_edit(input: &str, problems: Vec<LayoutProblem>) -> EditorFileError {
        EditorFileError::CannotEdit {
            input: input.to_string(),
            problems: problems.into_iter().map(PlacedProblem::unplaced).collect(),
        }
    }
}

/// Opens a board file (RON layout, layouts table, C header, plain text or Pegs game ID; a
/// table gives its first board) as an editable board.
pub fn open_board(path: &Path) -> Result<Board, EditorFileError> {
    let text = read_text(path)?;
    let layout = text.first_layout()?;
    Board::from_layout(&layout).map_err(|problems| {
        // Placed in the file as the command line places them (`file:line:column`).
        match text.invalid(problems) {
            LoadError::Invalid { input, problems } => {
                EditorFileError::CannotEdit { input, problems }
            }
            other => other.into(),
        }
    })
}

/// Reads a pasted text (a Pegs game ID, or any board text) as an editable board.
pub fn board_from_text(text: &str, source: &str) -> Result<Board, EditorFileError> {
    if text.trim().is_empty() {
        return Err(EditorFileError::Empty {
            input: source.to_string(),
        });
    }
    let layout = parse_any(text.trim(), source)?
        .into_iter()
        .next()
        .ok_or_else(|| EditorFileError::NoBoard {
            input: source.to_string(),
        })?;
    board_of(&layout, source)
}

/// The editable board of a layout read from `source`, or every reason it cannot be one.
pub(super) fn board_of(layout: &Layout, source: &str) -> Result<Board, EditorFileError> {
    Board::from_layout(layout).map_err(|problems| EditorFileError::cannot_edit(source, problems))
}

/// Writes `layout` to `path` as a RON layout. Writes a temporary file next to it first and
/// renames it over the old one, so a full disk or a crash never leaves half a board.
pub fn save_layout(path: &Path, layout: &Layout) -> Result<(), EditorFileError> {
    Ok(pegsol_layout::format::save(path, layout)?)
}

/// The edit in progress as the autosave keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "EditorAutosave")]
pub struct Autosave {
    /// [`Autosave::VERSION`] when written (version 1's files have none and read as 1).
    #[serde(default = "first_version")]
    pub version: u32,
    /// The board, as a layout.
    pub layout: Layout,
    /// The file it was opened from or last saved to, if any.
    #[serde(default)]
    pub path: Option<PathBuf>,
}

fn first_version() -> u32 {
    1
}

impl DataFile for Autosave {
    const WHAT: &'static str = "editor autosave";
    const VERSION: u32 = 1;
    fn version(&self) -> u32 {
        self.version
    }
}

impl Autosave {
    /// The autosave of `board`, last saved at `path`.
    pub fn of(board: &Board, path: Option<&Path>) -> Autosave {
        Autosave {
            version: <Autosave as DataFile>::VERSION,
            layout: board.to_layout(),
            path: path.map(Path::to_path_buf),
        }
    }

    /// The board it holds.
    pub fn board(&self) -> Result<Board, EditorFileError> {
        board_of(&self.layout, "the autosaved board")
    }
}

/// Writes the autosave (creating the folder if needed), atomically.
pub fn write_autosave(path: &Path, autosave: &Autosave) -> Result<(), EditorFileError> {
    Ok(datafile::store(path, autosave)?)
}

/// Reads the autosave without touching it: `Ok(None)` when there is none, an error when it
/// is unreadable or holds a board that cannot be edited (naming the file).
pub fn read_autosave(path: &Path) -> Result<Option<Autosave>, EditorFileError> {
    let Some(autosave) = datafile::read::<Autosave>(path)? else {
        return Ok(None);
    };
    // Checked now, so a recovery offer is never made for a board that cannot be loaded.
    autosave.board().map_err(|e| DataFileError::Content {
        path: path.to_path_buf(),
        message: e.to_string(),
    })?;
    Ok(Some(autosave))
}

/// Removes the autosave (after a save, a discard, or a recovery declined).
pub fn clear_autosave(path: &Path) {
    if let Err(e) = std::fs::remove_file(path) {
        if e.kind() != std::io::ErrorKind::NotFound {
            eprintln!("pegsol: cannot remove the autosave {}: {e}", path.display());
        }
    }
}

/// Least seconds between two autosaves while a person keeps editing.
const AUTOSAVE_EVERY: f64 = 2.0;

/// Keeps the autosave file in step with the edit in progress: written at most every
/// `AUTOSAVE_EVERY` (2) seconds while there are unsaved changes, removed once there are none.
#[derive(Debug, Default)]
pub struct Autosaver {
    /// The file, once attached (a screenshot run and tests without one never write).
    path: Option<PathBuf>,
    /// The board last written.
    written: Option<Board>,
    /// When it was written (egui time).
    last: Option<f64>,
    /// Why the last write failed, until it is shown (see [`Autosaver::take_failure`]).
    failure: Option<String>,
}

impl Autosaver {
    /// Autosaves to `path` from now on.
    pub fn attach(&mut self, path: PathBuf) {
        self.path = Some(path);
    }

    /// Once a frame: writes `board` if it has unsaved changes that are not written yet and
    /// the last write is long enough ago, removes the file once the changes are saved or
    /// dropped. Returns how long to wait before a write that is due later.
    pub fn tick(
        &mut self,
        board: &Board,
        dirty: bool,
        file: Option<&Path>,
        now: f64,
    ) -> Option<f64> {
        let path = self.path.as_ref()?;
        if !dirty {
            if self.written.take().is_some() {
                clear_autosave(path);
            }
            return None;
        }
        if self.written.as_ref() == Some(board) {
            return None;
        }
        let wait = self.last.map_or(0.0, |t| t + AUTOSAVE_EVERY - now);
        if wait > 0.0 {
            return Some(wait);
        }
        self.write(board, file);
        self.last = Some(now);
        None
    }

    /// Writes `board` now (for tests and before a risky step).
    pub fn write(&mut self, board: &Board, file: Option<&Path>) {
        let Some(path) = &self.path else { return };
        if let Err(e) = write_autosave(path, &Autosave::of(board, file)) {
            eprintln!("pegsol: cannot autosave the board: {e}");
            self.failure = Some(e.to_string());
        }
        self.written = Some(board.clone());
    }

    /// Why the last autosave failed, once: the window shows it, not only standard error.
    pub fn take_failure(&mut self) -> Option<String> {
        self.failure.take()
    }

    /// Removes the autosave (the board was saved, or its changes dropped).
    pub fn clear(&mut self) {
        if let Some(path) = &self.path {
            clear_autosave(path);
        }
        self.written = None;
    }

    /// Reads a board left in the file by a run that crashed or was killed. An autosave that
    /// cannot be read is moved aside (never overwritten by the next autosave), and why is
    /// kept for the window to show ([`Autosaver::take_failure`]) and said on standard error.
    pub fn leftover(&mut self) -> Option<Autosave> {
        let path = self.path.clone()?;
        let error = match datafile::read::<Autosave>(&path) {
            Ok(found) => match found.as_ref().map(Autosave::board) {
                None | Some(Ok(_)) => return found,
                Some(Err(e)) => DataFileError::Content {
                    path: path.clone(),
                    message: e.to_string(),
                },
            },
            Err(error) => error,
        };
        let kept = datafile::set_aside(&path).ok();
        let notice = datafile::aside_notice(&error, kept.as_deref());
        eprintln!("pegsol: {notice}");
        self.failure = Some(notice);
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pegsol_layout::catalogue;
    use pegsol_testkit::scratch::Scratch;

    fn dir(name: &str) -> Scratch {
        Scratch::new(&format!("editor-files-{name}"))
    }

    #[test]
    fn saving_leaves_no_temporary_file_and_reads_back() {
        let d = dir("save");
        let layout = catalogue::find("french").unwrap().layout().unwrap();
        let board = Board::from_layout(&layout).unwrap();
        let path = d.join("f.ron");
        save_layout(&path, &board.to_layout()).unwrap();
        save_layout(&path, &board.to_layout()).unwrap();
        assert_eq!(open_board(&path).unwrap(), board);
        let names: Vec<_> = std::fs::read_dir(&d).unwrap().flatten().collect();
        assert_eq!(names.len(), 1, "no .tmp left behind");
        assert!(save_layout(&d.join("missing").join("x.ron"), &layout).is_err());
    }

    #[test]
    fn other_formats_open_too() {
        let d = dir("formats");
        let table = d.join("seed.txt");
        std::fs::write(&table, "layout 0\n|o o . |\nlayout 1\n|. o o|\n").unwrap();
        let b = open_board(&table).unwrap();
        assert_eq!((b.name.as_str(), b.pegs.len()), ("Level 0", 2));
        let id = d.join("id.txt");
        std::fs::write(&id, "3x1:PPH\n").unwrap();
        assert_eq!(open_board(&id).unwrap().pegs.len(), 2);
        let plain = d.join("plain.txt");
        std::fs::write(&plain, "# Tiny\noo.\n").unwrap();
        assert_eq!(open_board(&plain).unwrap().name, "Tiny");
        assert!(board_from_text("   ", "<pasted>").is_err());
        assert!(open_board(&d.join("nope.ron")).is_err());
    }

    #[test]
    fn editor_file_errors_name_the_file_and_keep_their_cause() {
        use std::error::Error;
        let d = dir("errors");
        // A file that is not there is the loader's error, naming the file.
        let missing = d.join("nope.ron");
        let e = open_board(&missing).expect_err("no such file");
        assert!(matches!(e, EditorFileError::Load(_)), "{e:?}");
        assert!(e.to_string().contains("nope.ron"), "{e}");
        // A save into a folder that is not there: the write's error is the cause.
        let layout = catalogue::find("french").unwrap().layout().unwrap();
        let e = save_layout(&d.join("missing").join("x.ron"), &layout).expect_err("no folder");
        assert!(matches!(e, EditorFileError::Save(_)), "{e:?}");
        assert!(e.source().is_some(), "{e}");
        assert!(e.to_string().contains("x.ron"), "{e}");
        // A pasted text that is not a board says where the text goes wrong.
        let e = board_from_text("7x7:QQQ", "<pasted text>").expect_err("not a game ID");
        assert!(e.to_string().starts_with("<pasted text>"), "{e}");
        let e = board_from_text("  ", "<pasted text>").expect_err("nothing");
        assert!(matches!(e, EditorFileError::Empty { .. }), "{e:?}");
    }

    #[test]
    fn the_autosave_round_trips_and_a_broken_one_is_an_error() {
        let d = dir("autosave");
        let path = d.join("sub").join(AUTOSAVE_FILE);
        assert_eq!(read_autosave(&path).unwrap(), None);
        let board = Board::new(pegsol_rules::Grid::Triangular, 6, 6);
        let a = Autosave::of(&board, Some(Path::new("/x/y.ron")));
        write_autosave(&path, &a).unwrap();
        let back = read_autosave(&path).unwrap().unwrap();
        assert_eq!(back, a);
        assert_eq!(back.board().unwrap(), board);
        std::fs::write(&path, "EditorAutosave(").unwrap();
        assert!(read_autosave(&path).is_err());
        clear_autosave(&path);
        clear_autosave(&path);
        assert!(!path.exists());
    }
}
