//! Opening a file to play: one read of the file (through the layout loader's size and text
//! checks, which never wait on a FIFO), then a saved game, restored by replaying every jump;
//! one of Pegsol's own game files (the game store, or version 1's game in progress), whose
//! game played last it opens; or a board in any format the layout importers know (a layouts
//! table gives its first board).
//!
//! Both front ends and the command line open every file through it, so a bad file is refused
//! with the same message from the menu, a double-click, `--layout`, `pegsol play FILE` or the
//! recent files.

use super::game::{absolute, Game, GameId, Source};
use super::saved::{RestoreError, SavedGame};
use super::store::file::{LegacyGame, StoreFile};
use super::Record;
use pegsol_layout::load::{read_text, resolve_named_puzzle, LoadError};
use pegsol_layout::text::escape_controls;
use pegsol_layout::Puzzle;
use std::path::Path;

/// What a file held: a board to play from its start, or a saved game with its record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opened {
    /// A board (the first of the file).
    Board(Puzzle),
    /// A saved game, restored.
    Game {
        /// The board and its start.
        puzzle: Puzzle,
        /// The jumps played and those that can be redone.
        record: Record,
    },
    /// The game played last in one of Pegsol's own game files, restored, with where it came
    /// from.
    Kept {
        /// The board and its start.
        puzzle: Puzzle,
        /// The jumps played and those that can be redone.
        record: Record,
        /// The board it was played on (a catalogue board, a file).
        source: Source,
    },
}

impl Opened {
    /// The puzzle and a record ready to play: a fresh one for a board.
    pub fn into_parts(self) -> (Puzzle, Record) {
        match self {
            Opened::Board(puzzle) => {
                let record = Record::new(puzzle.start.clone());
                (puzzle, record)
            }
            Opened::Game { puzzle, record } | Opened::Kept { puzzle, record, .. } => {
                (puzzle, record)
            }
        }
    }
}

/// Why a file cannot be opened: it cannot be read or holds no playable board (the layout
/// loader's reasons), or it is a saved game that does not replay.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// Not read, too large, not text, not a board, or a board that cannot be played.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// A saved game that cannot be restored.
    #[error("{}: {error}", escape_controls(input))]
    Game {
        /// The file, as shown in messages.
        input: String,
        /// What is wrong with the game.
        #[source]
        error: RestoreError,
    },
    /// One of Pegsol's own game files that cannot be read, or holds no game.
    #[error("{0}")]
    Kept(String),
}

/// Opens `path`, reading it once: a saved game (RON starting with `SavedGame(`), one of
/// Pegsol's own game files (`PegsolGames(`, `PegsolGame(`), or a board.
pub fn open(path: &Path) -> Result<Opened, OpenError> {
    let text = read_text(path)?;
    if StoreFile::looks_like(&text.text) || LegacyGame::looks_like(&text.text) {
        return open_kept(&text.text, path);
    }
    if SavedGame::looks_like(&text.text) {
        let (puzzle, record) =
            SavedGame::read(&text.text, &text.input).map_err(|error| OpenError::Game {
                input: text.input.clone(),
                error,
            })?;
        return Ok(Opened::Game { puzzle, record });
    }
    Ok(Opened::Board(text.puzzle()?))
}

/// The game played last in a game store's text (or version 1's game in progress).
fn open_kept(text: &str, path: &Path) -> Result<Opened, OpenError> {
    use super::datafile::parse;
    let kept = if LegacyGame::looks_like(text) {
        parse::<LegacyGame>(text, path).map(|g| Some((g.game, g.source)))
    } else {
        parse::<StoreFile>(text, path).map(|store| {
            store
                .last_game()
                .map(|g| (g.game.clone(), g.source.clone()))
        })
    };
    let (saved, source) = kept
        .map_err(|e| OpenError::Kept(e.to_string()))?
        .ok_or_else(|| OpenError::Kept(format!("{}: holds no game", path.display())))?;
    let (puzzle, record) = saved.restore().map_err(|error| OpenError::Game {
        input: path.display().to_string(),
        error,
    })?;
    Ok(Opened::Kept {
        puzzle,
        record,
        source,
    })
}

// A game from a file lives here rather than in `game.rs`: the file is read by `open` above,
// and the game module then needs nothing of this one.
impl Game {
    /// A game from a `LAYOUT` as the command line takes it: a file (a board, or a saved game
    /// with its jumps) if there is one at that path, else a level or a catalogue board.
    pub fn from_spec(spec: &str) -> Result<Game, OpenError> {
        let path = Path::new(spec);
        if std::fs::symlink_metadata(path).is_ok() && !path.is_dir() {
            return Game::from_file(path);
        }
        let (puzzle, name) = resolve_named_puzzle(spec)?;
        Ok(Game::new(puzzle, Source::Catalogue(name)))
    }

    /// Opens a file: a saved game (RON starting with `SavedGame(`, or one of Pegsol's own game
    /// files), or a board in any format the layout importers know (a layouts table gives its
    /// first board). The file is read once, by [`open`].
    pub fn from_file(path: &Path) -> Result<Game, OpenError> {
        let opened = open(path)?;
        let source = match &opened {
            // A game from Pegsol's own files is a game of the board it was played on.
            Opened::Kept { source, .. } => source.clone(),
            _ => Source::File(absolute(path)),
        };
        let (puzzle, record) = opened.into_parts();
        Ok(Game {
            record,
            puzzle,
            source,
            id: GameId::new(),
            replaced: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pegsol_layout::catalogue;
    use pegsol_testkit::scratch::Scratch;

    fn scratch(name: &str) -> Scratch {
        Scratch::new(&format!("open-{name}"))
    }

    #[test]
    fn a_board_and_a_saved_game_open_from_one_read() {
        let dir = scratch("both");
        let board = dir.join("english.ron");
        std::fs::write(&board, catalogue::find("english").unwrap().text).unwrap();
        let Opened::Board(puzzle) = open(&board).unwrap() else {
            panic!("a board file opens as a board")
        };
        let mut record = Record::new(puzzle.start.clone());
        record.play("3,1-3,3".parse().unwrap()).unwrap();
        let game = dir.join("game.ron");
        record.to_saved(&puzzle).save(&game).unwrap();
        let (p2, r2) = open(&game).unwrap().into_parts();
        assert_eq!((p2.start, r2.index()), (puzzle.start, 1));
    }

    #[test]
    fn a_bad_game_file_names_the_file_and_the_jump() {
        let dir = scratch("bad");
        let game = dir.join("bad.pegsol");
        std::fs::write(
            &game,
            "SavedGame(layout: Layout(name: \"t\", rows: [\"o o .\"]), jumps: [\"2,0-0,0\"])",
        )
        .unwrap();
        let e = open(&game).unwrap_err().to_string();
        assert!(e.contains("bad.pegsol") && e.contains("jump 1"), "{e}");
        assert!(matches!(
            open(&dir.join("missing.ron")),
            Err(OpenError::Load(LoadError::Io { .. }))
        ));
    }
}
