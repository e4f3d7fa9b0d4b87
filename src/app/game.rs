//! The game the window is playing: the puzzle, its record, and where it came from; opening
//! boards and saved games, and saving.
//!
//! Owns file access for the window. Every function takes a path (the file dialogs live in the
//! app, so tests never open one) and returns a message a person can act on instead of
//! panicking on a bad file.

use crate::layout::{catalogue, Puzzle};
use crate::record::{Record, SavedGame};
use std::path::Path;

// Where the board on screen came from: shared with the terminal game, which saves the same
// game in progress.
pub use crate::record::resume::Source;

/// A game in the window.
#[derive(Clone, Debug)]
pub struct Game {
    /// The board, its start and its goal.
    pub puzzle: Puzzle,
    /// The jumps and the undo history.
    pub record: Record,
    /// Where it came from.
    pub source: Source,
}

impl Game {
    /// A fresh game of `puzzle`.
    pub fn new(puzzle: Puzzle, source: Source) -> Game {
        Game {
            record: Record::new(puzzle.start.clone()),
            puzzle,
            source,
        }
    }

    /// A fresh game of a catalogue board (`english`, `level-0`, `0`, or a board's name).
    pub fn from_catalogue(key: &str) -> Result<Game, String> {
        let entry = catalogue::find(key)
            .ok_or_else(|| format!("`{key}` is not a board of the catalogue"))?;
        let layout = entry.layout().map_err(|e| e.to_string())?;
        let puzzle = layout
            .validate()
            .map_err(|problems| format!("{}: {} problem(s)", entry.key, problems.len()))?;
        Ok(Game::new(puzzle, Source::Catalogue(entry.key.to_string())))
    }

    /// A game from a `--layout` argument: a catalogue board or any board file.
    pub fn from_spec(spec: &str) -> Result<Game, String> {
        if Path::new(spec).is_file() {
            return Game::from_file(Path::new(spec));
        }
        Game::from_catalogue(spec)
    }

    /// Opens a file: a saved game (RON starting with `SavedGame(`), or a board in any format
    /// the layout importers know (a layouts table gives its first board). The file is read
    /// once, by [`fn@crate::record::open`].
    pub fn from_file(path: &Path) -> Result<Game, String> {
        let (puzzle, record) = crate::record::open(path)
            .map_err(|e| e.to_string())?
            .into_parts();
        Ok(Game {
            puzzle,
            record,
            source: Source::File(path.to_path_buf()),
        })
    }

    /// The game as a saved game.
    pub fn to_saved(&self) -> SavedGame {
        self.record.to_saved(&self.puzzle)
    }

    /// Writes the game to `path` as a RON saved game, atomically.
    pub fn save_to(&self, path: &Path) -> Result<(), String> {
        self.to_saved().save(path).map_err(|e| e.to_string())
    }

    /// Rebuilds a game from its saved form (for the window's persisted state).
    pub fn from_saved(saved: &SavedGame, source: Source) -> Result<Game, String> {
        let (puzzle, record) = saved.restore().map_err(|e| e.to_string())?;
        Ok(Game {
            puzzle,
            record,
            source,
        })
    }

    /// The window title's board part.
    pub fn title(&self) -> String {
        match &self.source {
            Source::File(path) => format!(
                "{} ({})",
                self.puzzle.name,
                path.file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default()
            ),
            _ => self.puzzle.name.clone(),
        }
    }
}
