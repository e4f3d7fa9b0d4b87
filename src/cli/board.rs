//! A `LAYOUT` argument opened for a command: a level or a catalogue board by its name, or a
//! file through [`mod@pegsol_record::open`] (the one way in for every front end), so a board file
//! is a board and a saved game is its current position.
//!
//! Owns what the commands show of where a board came from: the board's name and the path,
//! made printable here ([`shown_name`], [`printable`]) before any report, progress line or
//! message can quote them, and the line saying a saved game was opened.

use super::output::{note, println};
use super::CliError;
use pegsol_layout::load::{resolve_named_puzzle, LoadError};
use pegsol_layout::text::{printable, shown_name};
use pegsol_layout::Puzzle;
use pegsol_record::{open, Opened, Record};
use pegsol_rules::pegs_in_words;
use std::ffi::OsStr;
use std::path::Path;

/// A board ready for a command.
pub(super) struct Board {
    /// The board, its start the position to work on (a saved game's current one), its name
    /// printable and capped for display.
    pub puzzle: Puzzle,
    /// Where it came from, printable: the catalogue key or the path.
    pub name: String,
    /// For a saved game, the line that says so: "Saved game: English, jump 5 of 9 (27
    /// pegs)".
    pub saved: Option<String>,
}

/// Opens `spec`: a file if there is one at that path (a board, a saved game, or the game
/// played last in one of Pegsol's own game files), else a level or a catalogue board. A
/// name that is not UTF-8 can only be a file, and is named lossily (`caf\u{FFFD}.ron`).
pub(super) fn open_board(spec: &OsStr) -> Result<Board, CliError> {
    let path = Path::new(spec);
    if !path.is_file() {
        if let Some(text) = spec.to_str() {
            let (puzzle, key) = resolve_named_puzzle(text)?;
            return Ok(Board::new(puzzle, &key, None));
        }
        if path.exists() {
            return Err(LoadError::NotAFile(path.to_path_buf()).into());
        }
        // Nothing there: the loader's own refusal names the file.
    }
    let name = path.display().to_string();
    Ok(match open(path)? {
        Opened::Board(puzzle) => Board::new(puzzle, &name, None),
        Opened::Game { puzzle, record } => at_position(puzzle, &name, &record, "Saved game"),
        Opened::Kept { puzzle, record, .. } => {
            at_position(puzzle, &name, &record, "The game played last in this file")
        }
    })
}

/// A saved game's board with its start moved to the game's current position.
fn at_position(mut puzzle: Puzzle, name: &str, record: &Record, what: &str) -> Board {
    puzzle.start = record.position().clone();
    let (played, total) = (record.index(), record.jumps().len());
    let at = if total == 0 {
        "at its start".to_string()
    } else {
        format!("jump {played} of {total}")
    };
    let saved = format!(
        "{what}: {}, {at} ({})",
        shown_name(&puzzle.name),
        pegs_in_words(puzzle.start.peg_count())
    );
    Board::new(puzzle, name, Some(saved))
}

impl Board {
    /// The board with its name and `name` made printable.
    fn new(mut puzzle: Puzzle, name: &str, saved: Option<String>) -> Board {
        puzzle.name = shown_name(&puzzle.name).into_owned();
        Board {
            puzzle,
            name: printable(name).into_owned(),
            saved,
        }
    }

    /// Says a saved game was opened, first: on standard output's first line, or, where
    /// standard output is for a program (`machine`: JSON, the assignment's block), on
    /// standard error.
    pub fn announce(&self, machine: bool) -> Result<(), CliError> {
        match &self.saved {
            Some(line) if machine => {
                note(line);
                Ok(())
            }
            Some(line) => println(line),
            None => Ok(()),
        }
    }
}
