//! The game store's file, `games.ron` in Pegsol's data folder: its form, reading it (and the
//! files of earlier versions it replaces), and the lock that lets running copies of Pegsol
//! share it.
//!
//! Owns [`StoreFile`] (every kept game, each with its board key, revision and when it was last
//! played, and which game was played last), the import of version 1's two files (`game.ron`,
//! the game in progress, and `games.ron` version 1, the other boards' games), and [`Lock`]:
//! an exclusive lock on `games.lock` beside the file, held while a copy of Pegsol reads,
//! merges and writes, and given up on drop.

use super::super::datafile::{self, DataFile, DataFileError, Loaded};
use super::super::game::{BoardKey, GameId, Source};
use super::super::SavedGame;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The store's file name in the data folder.
pub const FILE_NAME: &str = "games.ron";

/// The lock file's name, beside it.
pub const LOCK_NAME: &str = "games.lock";

/// Version 1's file of the game in progress, imported once into the store.
pub const LEGACY_GAME: &str = "game.ron";

/// How long a copy of Pegsol waits for another to finish with the store before it says so
/// (the other holds it only to read, merge and write, a few milliseconds).
pub const LOCK_WAIT: Duration = Duration::from_secs(5);

/// One kept game as the file holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "KeptGame")]
pub struct KeptGame {
    /// The game's identity.
    pub id: GameId,
    /// Where it came from (its board key follows from it).
    pub source: Source,
    /// Bumped by every write of this game: a copy of Pegsol that finds another revision than
    /// the one it last read knows another copy changed the game meanwhile.
    pub revision: u64,
    /// When it was last played (seconds since 1970, UTC).
    pub touched: u64,
    /// The board whose game this one was opened over (a random puzzle's), if any.
    #[serde(default)]
    pub replaced: Option<BoardKey>,
    /// The board, the jumps (the redo tail included) and how many are played.
    pub game: SavedGame,
}

impl KeptGame {
    /// The key of its board.
    pub fn key(&self) -> Option<BoardKey> {
        BoardKey::of(&self.source)
    }
}

/// The store's file: every kept game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "PegsolGames")]
pub struct StoreFile {
    /// [`StoreFile::VERSION`] when written.
    pub version: u32,
    /// The game played last, by any front end or running copy: the one a plain `pegsol`
    /// takes up.
    #[serde(default)]
    pub last: Option<GameId>,
    /// The games.
    #[serde(default)]
    pub games: Vec<KeptGame>,
}

impl DataFile for StoreFile {
    const WHAT: &'static str = "game store";
    const VERSION: u32 = 2;
    /// A game is a few kilobytes: room for thousands.
    const MAX_BYTES: u64 = 16 << 20;
    fn version(&self) -> u32 {
        self.version
    }
}

impl StoreFile {
    /// An empty store of this version.
    pub fn empty() -> StoreFile {
        StoreFile {
            version: Self::VERSION,
            ..StoreFile::default()
        }
    }

    /// The game played last, if it is kept, else the most recently played.
    pub fn last_game(&self) -> Option<&KeptGame> {
        let last = self
            .last
            .and_then(|id| self.games.iter().find(|g| g.id == id));
        last.or_else(|| self.games.iter().max_by_key(|g| g.touched))
    }

    /// Whether `text` is a store file (of any version), by its first word.
    pub fn looks_like(text: &str) -> bool {
        first_word(text) == Some("PegsolGames")
    }
}

/// Version 1's game in progress (`game.ron`, written by both front ends).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "PegsolGame")]
pub struct LegacyGame {
    /// 1.
    pub version: u32,
    /// The game.
    pub game: SavedGame,
    /// Where it came from.
    pub source: Source,
}

impl DataFile for LegacyGame {
    const WHAT: &'static str = "game in progress";
    const VERSION: u32 = 1;
    fn version(&self) -> u32 {
        self.version
    }
}

impl LegacyGame {
    /// Whether `text` is version 1's game in progress, by its first word.
    pub fn looks_like(text: &str) -> bool {
        first_word(text) == Some("PegsolGame")
    }
}

/// Version 1's other boards' games (`games.ron`, written by the window).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "PegsolGames")]
pub struct LegacyShelf {
    /// 1.
    pub version: u32,
    /// The games.
    pub games: Vec<LegacyGame>,
}

impl DataFile for LegacyShelf {
    const WHAT: &'static str = "game store";
    const VERSION: u32 = 1;
    const MAX_BYTES: u64 = StoreFile::MAX_BYTES;
    fn version(&self) -> u32 {
        self.version
    }
}

/// The first word of a RON text (its struct name), past a byte-order mark, blank lines and
/// comments.
fn first_word(text: &str) -> Option<&str> {
    let line = pegsol_layout::text::strip_bom(text)
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with("//"))?;
    let end = line
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(line.len());
    Some(&line[..end])
}

/// What reading the store's file gave: the file (empty when there is none or it could not be
/// read) and what to tell the person.
#[derive(Debug, Default)]
pub struct Read {
    /// The games.
    pub file: StoreFile,
    /// Files set aside, games left out: one line each.
    pub news: Vec<String>,
    /// The file was there but could not be read at all (it was set aside): what a copy of
    /// Pegsol holds in memory is then all there is, and is written again whole.
    pub lost: bool,
}

/// Reads the store at `path` (a version 1 file is read as the games it held); a file that
/// cannot be read is set aside ([`datafile::load`]), a game that does not replay is left out,
/// with the file copied aside first so it is not lost.
pub fn read(path: &Path) -> Read {
    let mut news = Vec::new();
    let text = match datafile::read_text(path, StoreFile::WHAT, StoreFile::MAX_BYTES) {
        Ok(Some(text)) => text,
        Ok(None) => return Read::default_empty(),
        Err(error) => return Read::set_aside(path, error),
    };
    let file = if datafile::version_of(&text) == Some(LegacyShelf::VERSION) {
        datafile::parse::<LegacyShelf>(&text, path).map(|old| StoreFile {
            version: StoreFile::VERSION,
            last: None,
            games: old.games.into_iter().map(imported).collect(),
        })
    } else {
        datafile::parse::<StoreFile>(&text, path)
    };
    let mut file = match file {
        Ok(file) => file,
        Err(error) => return Read::set_aside(path, error),
    };
    news.extend(unique_ids(&mut file.games));
    let before = file.games.len();
    let mut left_out = Vec::new();
    file.games.retain(|kept| match kept.game.restore() {
        Ok(_) => true,
        Err(e) => {
            left_out.push(format!("a game of {}: {e}", kept.game.layout.name));
            false
        }
    });
    if file.games.len() < before && first_time_left_out(path, &text) {
        let kept = datafile::copy_aside(path);
        for what in left_out {
            let error = DataFileError::Content {
                path: path.to_path_buf(),
                message: format!("leaving out {what}"),
            };
            news.push(datafile::aside_notice(&error, kept.as_deref().ok()));
        }
    }
    Read {
        file,
        news,
        lost: false,
    }
}

/// Whether this process meets this text at `path` with games to leave out for the first time:
/// the store is read again before each write, and until the next write the same file would be
/// copied aside again (an identical `broken-DATE-2`) with the same lines said again.
fn first_time_left_out(path: &Path, text: &str) -> bool {
    static MET: std::sync::Mutex<Vec<(PathBuf, u64)>> = std::sync::Mutex::new(Vec::new());
    let seen = (path.to_path_buf(), GameId::of_text(text).0);
    let mut met = MET.lock().unwrap_or_else(|e| e.into_inner());
    if met.contains(&seen) {
        return false;
    }
    met.push(seen);
    true
}

/// Gives every game after the first of an identity a new one, so that no game is ever
/// merged over another (a store merged by hand or synced between machines can hold two games
/// of one identity, and the second then replaced the first in memory and on the next write).
/// The new identity follows from the file alone, so every copy of Pegsol reading it gives the
/// same, and a file read twice gives the same games. Returns a line for each game renamed.
pub fn unique_ids(games: &mut [KeptGame]) -> Vec<String> {
    let mut seen = std::collections::BTreeSet::new();
    let mut said = Vec::new();
    for index in 0..games.len() {
        let id = games[index].id;
        if seen.insert(id) {
            continue;
        }
        let mut salt = 0u64;
        let new = loop {
            let candidate = GameId::of_text(&format!("{} {index} {salt}", id.0));
            // Unused by any game of the file, before or after this one.
            if !seen.contains(&candidate) && games.iter().all(|g| g.id != candidate) {
                break candidate;
            }
            salt += 1;
        };
        seen.insert(new);
        games[index].id = new;
        said.push(format!(
            "Two games in the game store had the same identity: the {} game was given a \
             new one, and both are kept",
            pegsol_layout::text::shown_name(&games[index].game.layout.name)
        ));
    }
    said
}

impl Read {
    fn default_empty() -> Read {
        Read {
            file: StoreFile::empty(),
            news: Vec::new(),
            lost: false,
        }
    }

    fn set_aside(path: &Path, error: DataFileError) -> Read {
        let kept = datafile::set_aside(path).ok();
        Read {
            file: StoreFile::empty(),
            news: vec![datafile::aside_notice(&error, kept.as_deref())],
            lost: true,
        }
    }
}

/// A version 1 game as a kept game (never written; its identity follows from what it holds,
/// so a version 1 file read again gives the same game, not another).
fn imported(old: LegacyGame) -> KeptGame {
    let text = format!("{:?}{:?}", old.source, old.game);
    KeptGame {
        id: GameId::of_text(&text),
        source: old.source,
        revision: 0,
        touched: now(),
        replaced: None,
        game: old.game,
    }
}

/// Reads version 1's game in progress at `path`, if there is one, as a kept game, and moves
/// the file aside (`game.ron.imported-DATE`): the store holds it from now on. A file that
/// cannot be read is set aside as broken, with a line to tell.
pub fn import_legacy(path: &Path) -> (Option<KeptGame>, Option<String>) {
    match datafile::load::<LegacyGame>(path) {
        Loaded::Missing => (None, None),
        loaded @ Loaded::SetAside { .. } => (None, loaded.notice()),
        Loaded::Read(old) => match old.game.restore() {
            Ok(_) => {
                let moved = std::fs::rename(path, imported_name(path));
                let said = moved.err().map(|e| {
                    format!(
                        "{}: imported into {FILE_NAME}, but could not be renamed ({e})",
                        path.display()
                    )
                });
                (Some(imported(old)), said)
            }
            Err(e) => {
                let error = DataFileError::Content {
                    path: path.to_path_buf(),
                    message: e.to_string(),
                };
                let kept = datafile::set_aside(path).ok();
                (None, Some(datafile::aside_notice(&error, kept.as_deref())))
            }
        },
    }
}

fn imported_name(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stamp = datafile::utc_stamp(std::time::SystemTime::now());
    path.with_file_name(format!("{name}.imported-{stamp}"))
}

/// Removes what writes of the store by processes that no longer exist left in `dir`: their
/// temporary files (`.games.ron.tmp-PID-N`, written then renamed over the store; a process
/// killed in between leaves one, megabytes each). Linux only (a process is known dead by
/// its missing `/proc/PID`); elsewhere nothing is removed.
pub fn remove_stale_writes(dir: &Path) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let prefix = format!(".{FILE_NAME}.tmp-");
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(&prefix))
            .and_then(|n| n.split('-').next())
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        let dead = pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists();
        // `DirEntry::file_type` does not follow a link: only a plain file is removed.
        if dead && entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Seconds since 1970 (UTC), for [`KeptGame::touched`].
pub fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Why the store could not be written.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Another copy of Pegsol held the lock longer than [`LOCK_WAIT`].
    #[error("{}: another copy of Pegsol is holding the game store; trying again", .0.display())]
    Busy(PathBuf),
    /// The lock file could not be made or locked.
    #[error("{}: cannot lock the game store: {error}", path.display())]
    Lock {
        /// The lock file.
        path: PathBuf,
        /// What the system said.
        #[source]
        error: std::io::Error,
    },
    /// The file could not be written (it is as it was).
    #[error(transparent)]
    Write(#[from] DataFileError),
}

/// Opens (making it if needed) the lock file at `path` as the store's own file is read: never
/// waiting, and only a regular file. Opening a FIFO for writing waits for a reader (forever:
/// the terminal game froze there with its jump unsaved), and a device or a socket is no
/// lock; each is refused at once, so the game is rescued as when a folder stands there.
fn open_lock_file(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.create(true).truncate(false).write(true);
    pegsol_layout::files::open_regular_with(path, &mut options)
}

/// An exclusive lock on the store, held until dropped.
#[derive(Debug)]
pub struct Lock {
    _file: std::fs::File,
}

impl Lock {
    /// Locks the store whose lock file is `path` (making it and its folder if needed),
    /// waiting at most [`LOCK_WAIT`] for another copy of Pegsol to let go.
    pub fn take(path: &Path) -> Result<Lock, StoreError> {
        let fail = |error| StoreError::Lock {
            path: path.to_path_buf(),
            error,
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(fail)?;
        }
        let file = open_lock_file(path).map_err(fail)?;
        let until = Instant::now() + LOCK_WAIT;
        loop {
            match file.try_lock() {
                Ok(()) => return Ok(Lock { _file: file }),
                Err(std::fs::TryLockError::WouldBlock) if Instant::now() < until => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                Err(std::fs::TryLockError::WouldBlock) => {
                    return Err(StoreError::Busy(path.to_path_buf()))
                }
                Err(std::fs::TryLockError::Error(error)) => return Err(fail(error)),
            }
        }
    }
}
