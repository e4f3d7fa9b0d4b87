//! The game in play, as both front ends hold it: a board (the puzzle), its record, where it
//! came from, and the one key its board is known by.
//!
//! Owns [`Game`], [`Source`] and [`BoardKey`], and making a game from what a person names: a
//! catalogue board, a level, or a file (a board in any format, or a saved game, read once
//! through [`fn@super::open`]). The game store ([`super::store`]) keeps games by their
//! [`BoardKey`], the statistics count by it too, so a board is one board whichever way it was
//! opened.

use super::saved::{RestoreError, SaveError};
use super::{Record, SavedGame};
use pegsol_layout::{catalogue, FileError, Puzzle};
use pegsol_rules::jumps_in_words;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};

/// Where the game on the board came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    /// A catalogue board, by key (`english`, `level-0`).
    Catalogue(String),
    /// A layout or saved-game file (its absolute path, when it could be had).
    File(PathBuf),
    /// Made some other way, named (a random puzzle, a board from the editor).
    Other(String),
}

/// The one key a board's games and figures are kept under: `catalogue:english`,
/// `file:/home/ann/cross.ron`, or `other:NAME` for a board made another way (a random
/// puzzle's name holds its board, pegs and seed). A file's key is its absolute path, so a
/// file opened from two folders, or by a double-click, is one board.
///
/// ```
/// use pegsol_record::{BoardKey, Source};
/// let key = BoardKey::of(&Source::Catalogue("english".into())).unwrap();
/// assert_eq!(key.to_string(), "catalogue:english");
/// assert_eq!(key.catalogue(), Some("english"));
/// assert_eq!(BoardKey::of(&Source::Other(String::new())), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(from = "String", into = "String")]
pub struct BoardKey(String);

impl From<String> for BoardKey {
    fn from(text: String) -> BoardKey {
        BoardKey::parse(&text)
    }
}

impl From<BoardKey> for String {
    fn from(key: BoardKey) -> String {
        key.0
    }
}

impl BoardKey {
    /// The key of the board `source` names; `None` for a game that came from nowhere to go
    /// back to (an unnamed board).
    pub fn of(source: &Source) -> Option<BoardKey> {
        match source {
            Source::Catalogue(key) => Some(BoardKey(format!("catalogue:{key}"))),
            Source::File(path) => Some(BoardKey(format!("file:{}", absolute(path).display()))),
            Source::Other(name) if !name.is_empty() => Some(BoardKey(format!("other:{name}"))),
            Source::Other(_) => None,
        }
    }

    /// A key as written in a file. A bare catalogue key (`english`, as the statistics of
    /// earlier versions wrote them) is read as `catalogue:english`.
    pub fn parse(text: &str) -> BoardKey {
        if ["catalogue:", "file:", "other:"]
            .iter()
            .any(|p| text.starts_with(p))
        {
            BoardKey(text.to_string())
        } else {
            BoardKey(format!("catalogue:{text}"))
        }
    }

    /// The catalogue key, for a catalogue board.
    pub fn catalogue(&self) -> Option<&str> {
        self.0.strip_prefix("catalogue:")
    }

    /// Whether the board is a catalogue board or a file: the boards a person can open again
    /// by name (and that keep statistics).
    pub fn is_named_board(&self) -> bool {
        self.0.starts_with("catalogue:") || self.0.starts_with("file:")
    }
}

impl fmt::Display for BoardKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// `path` made absolute without touching the file system more than needed: the canonical
/// path when the file exists (symbolic links and `..` resolved), else joined to the current
/// folder.
pub fn absolute(path: &Path) -> PathBuf {
    std::fs::canonicalize(path)
        .or_else(|_| std::path::absolute(path))
        .unwrap_or_else(|_| path.to_path_buf())
}

/// A game's identity in the game store, unique across runs and running copies of Pegsol, so
/// two copies playing the same board are told apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameId(pub u64);

impl GameId {
    /// A new identity: the time, this process and a counter, mixed.
    pub fn new() -> GameId {
        use std::hash::{BuildHasher, Hasher};
        use std::sync::atomic::{AtomicU64, Ordering};
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        // The std hasher's keys are random per process: mixed with the rest, identities of
        // two processes started in the same nanosecond still differ.
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u128(nanos);
        hasher.write_u32(std::process::id());
        hasher.write_u64(NEXT.fetch_add(1, Ordering::Relaxed));
        GameId(hasher.finish())
    }
}

impl GameId {
    /// The identity of a game from a file of version 1, which had none: the same for the
    /// same text on every read (FNV-1a), so a file read twice gives the same games.
    pub fn of_text(text: &str) -> GameId {
        let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        GameId(hash)
    }
}

impl Default for GameId {
    fn default() -> GameId {
        GameId::new()
    }
}

/// A game: the board, its record and where it came from.
#[derive(Clone, Debug)]
pub struct Game {
    /// The board, its start and its goal.
    pub puzzle: Puzzle,
    /// The jumps and the undo history.
    pub record: Record,
    /// Where it came from.
    pub source: Source,
    /// Its identity in the game store.
    pub id: GameId,
    /// The game this one was opened over when the person asked for something new (a random
    /// puzzle): undo at this game's start goes back to it.
    pub replaced: Option<BoardKey>,
}

impl Game {
    /// A fresh game of `puzzle`.
    pub fn new(puzzle: Puzzle, source: Source) -> Game {
        Game {
            record: Record::new(puzzle.start.clone()),
            puzzle,
            source,
            id: GameId::new(),
            replaced: None,
        }
    }

    /// The game a random puzzle makes on the board named `board` (its `frame` as the board's
    /// layout has it): a board of its own, named after the board, its pegs and its seed, so
    /// the same puzzle is one board whichever way it was made.
    pub fn random(board: &str, frame: (u8, u8), puzzle: &pegsol_rules::RandomPuzzle) -> Game {
        let pegs = puzzle.start.peg_count();
        let name = format!("{board} (random, {pegs} pegs, seed {})", puzzle.seed);
        let game_puzzle = Puzzle {
            name: name.clone(),
            description: format!(
                "A random start on {board}: {pegs} pegs, made by backward jumps from one peg \
                 (seed {})",
                puzzle.seed
            ),
            start: puzzle.start.clone(),
            goal: pegsol_rules::Goal::Anywhere,
            frame,
        };
        Game::new(game_puzzle, Source::Other(name))
    }

    /// A fresh game of a catalogue board (`english`, `level-0`, `0`, or a board's name).
    pub fn from_catalogue(key: &str) -> Result<Game, CatalogueError> {
        let entry = catalogue::find(key).ok_or_else(|| CatalogueError::Unknown(key.to_string()))?;
        let layout = entry.layout().map_err(|error| CatalogueError::Unreadable {
            key: entry.key,
            error,
        })?;
        let puzzle = layout
            .validate()
            .map_err(|problems| CatalogueError::Unplayable {
                key: entry.key,
                problems: problems.len(),
            })?;
        Ok(Game::new(puzzle, Source::Catalogue(entry.key.to_string())))
    }

    /// Rebuilds a game from its saved form (checked by replaying every jump).
    pub fn from_saved(saved: &SavedGame, source: Source) -> Result<Game, RestoreError> {
        let (puzzle, record) = saved.restore()?;
        Ok(Game {
            puzzle,
            record,
            source,
            id: GameId::new(),
            replaced: None,
        })
    }

    /// Whether undo does anything: a step to take back, or, at the start of a game opened
    /// over another (a random puzzle), going back to that game.
    pub fn can_undo(&self) -> bool {
        self.record.can_undo() || self.replaced.is_some()
    }

    /// The key its board is kept under.
    pub fn key(&self) -> Option<BoardKey> {
        BoardKey::of(&self.source)
    }

    /// The game as a saved game.
    pub fn to_saved(&self) -> SavedGame {
        self.record.to_saved(&self.puzzle)
    }

    /// Writes the game to `path` as a RON saved game, atomically.
    pub fn save_to(&self, path: &Path) -> Result<(), SaveError> {
        self.to_saved().save(path)
    }

    /// The window title's board part: the board's name, and the file's name for a file.
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

    /// The game in a few words for a message: "your English game (5 jumps played)".
    pub fn in_words(&self) -> String {
        let played = self.record.index();
        let total = self.record.jumps().len();
        let jumps = match (played, total) {
            (0, 0) => "not begun".to_string(),
            (p, t) if p == t => format!("{} played", jumps_in_words(p)),
            (p, t) => format!("jump {p} of {t}"),
        };
        format!("your {} game ({jumps})", self.puzzle.name)
    }
}

/// Why a catalogue board cannot be started.
#[derive(Debug, thiserror::Error)]
pub enum CatalogueError {
    /// No board of the catalogue has this key or name.
    #[error("`{0}` is not a board of the catalogue")]
    Unknown(String),
    /// The board's embedded file does not read (the catalogue's tests make sure none fails).
    #[error("catalogue board {key}: {error}")]
    Unreadable {
        /// The board's key.
        key: &'static str,
        /// What is wrong with its file.
        #[source]
        error: FileError,
    },
    /// The board reads but cannot be played.
    #[error("catalogue board {key}: {problems} problem(s)")]
    Unplayable {
        /// The board's key.
        key: &'static str,
        /// How many problems its validation found.
        problems: usize,
    },
}
