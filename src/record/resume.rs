//! The game in progress, shared by the window and the terminal game.
//!
//! Owns one file, `game.ron` in Pegsol's data folder ([`default_path`]), that both front ends
//! read when they start and write as the game changes, so a game begun in one can be finished
//! in the other; its form ([`Resume`]: a [`SavedGame`] and the [`Source`] it came from); and
//! opening a `LAYOUT` argument that may also be a saved game ([`open`]). Unlike the rest of
//! [`crate::record`] this module touches files, because both front ends need the same answer
//! to "which game, from where": every write goes through
//! [`crate::layout::files::write_atomic`], so a crash never leaves half a game behind.

use super::{Record, RestoreError, SavedGame};
use crate::layout::files::write_atomic;
use crate::layout::load::{read_text, resolve_named_puzzle, LoadError};
use crate::layout::Puzzle;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The file's name inside the data folder.
pub const FILE_NAME: &str = "game.ron";

/// Bump when [`Resume`] changes incompatibly: an older file is then ignored with a message.
pub const VERSION: u32 = 1;

/// Where the game on the board came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    /// A catalogue board, by key (`english`, `level-0`).
    Catalogue(String),
    /// A layout or saved-game file.
    File(PathBuf),
    /// Restored or built some other way (e.g. `--layout` with a level number).
    Other(String),
}

/// The game in progress as `game.ron` holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "PegsolGame")]
pub struct Resume {
    /// [`VERSION`] when written.
    pub version: u32,
    /// The board, its start, the jumps and how many are played.
    pub game: SavedGame,
    /// Where the game came from.
    pub source: Source,
}

impl Resume {
    /// The game `record` on `puzzle`'s board, from `source`.
    pub fn of(puzzle: &Puzzle, record: &Record, source: Source) -> Resume {
        Resume {
            version: VERSION,
            game: record.to_saved(puzzle),
            source,
        }
    }

    /// The file's text: pretty RON, so a person can read which game it is.
    pub fn to_ron(&self) -> Result<String, ron::Error> {
        let config = ron::ser::PrettyConfig::new()
            .struct_names(true)
            .indentor("    ".to_string());
        ron::ser::to_string_pretty(self, config)
    }

    /// Reads the file's text, or says why it is being ignored. `name` names the text in
    /// messages.
    pub fn from_ron(text: &str, name: &str) -> Result<Resume, String> {
        let resume: Resume = ron::Options::default()
            .from_str(text)
            .map_err(|e| format!("{name}: {e}"))?;
        if resume.version != VERSION {
            return Err(format!(
                "{name}: written by another version of Pegsol (game version {}, this one reads {VERSION})",
                resume.version
            ));
        }
        Ok(resume)
    }

    /// Checks the game by replaying it and rebuilds its puzzle and record.
    pub fn restore(&self) -> Result<(Puzzle, Record), RestoreError> {
        self.game.restore()
    }
}

/// Pegsol's data folder, the same one the window's own state lives in: Linux
/// `$XDG_DATA_HOME/pegsol` or `~/.local/share/pegsol`, macOS
/// `~/Library/Application Support/pegsol`, Windows `%APPDATA%\pegsol\data`. `None` where the
/// system names no home.
pub fn data_dir() -> Option<PathBuf> {
    use std::env::var_os;
    if cfg!(windows) {
        return var_os("APPDATA").map(|p| PathBuf::from(p).join("pegsol").join("data"));
    }
    let home = std::env::home_dir();
    if cfg!(target_os = "macos") {
        return home.map(|h| h.join("Library").join("Application Support").join("pegsol"));
    }
    var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| home.map(|h| h.join(".local").join("share")))
        .map(|p| p.join("pegsol"))
}

/// Where the game in progress is kept: [`FILE_NAME`] in [`data_dir`].
pub fn default_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join(FILE_NAME))
}

/// Reads the game in progress from `path`: `Ok(None)` when there is no file, an error naming
/// the file and what is wrong when it cannot be used (the caller says so and starts afresh).
pub fn load(path: &Path) -> Result<Option<Resume>, String> {
    let text = match read_text(path) {
        Ok(text) => text,
        Err(LoadError::Io { error, .. }) if error.kind() == std::io::ErrorKind::NotFound => {
            return Ok(None)
        }
        Err(e) => return Err(e.to_string()),
    };
    let resume = Resume::from_ron(&text.text, &text.input)?;
    // Refuse a game that does not replay now, not when a front end draws it.
    resume
        .restore()
        .map_err(|e| format!("{}: {e}", text.input))?;
    Ok(Some(resume))
}

/// Writes the game in progress to `path` (making its folder if needed), atomically.
pub fn store(path: &Path, resume: &Resume) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("{}: cannot write: {e}", path.display());
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    let text = resume
        .to_ron()
        .map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
    write_atomic(path, text).map_err(fail)
}

/// Opens a `LAYOUT` argument as a game: a file (a saved game, replayed jump by jump, or a
/// board in any format the importers know, both through [`super::open`], as the window opens
/// files), else a level number or a catalogue board.
pub fn open(spec: &str) -> Result<(Puzzle, Record, Source), String> {
    let path = Path::new(spec);
    if path.is_file() {
        let (puzzle, record) = super::open(path).map_err(|e| e.to_string())?.into_parts();
        return Ok((puzzle, record, Source::File(path.to_path_buf())));
    }
    let (puzzle, name) = resolve_named_puzzle(spec).map_err(|e| e.to_string())?;
    let record = Record::new(puzzle.start.clone());
    Ok((puzzle, record, Source::Catalogue(name)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("pegsol-resume-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn a_game_round_trips_through_the_file_with_its_redo_tail() {
        let (puzzle, mut record, source) = open("english").unwrap();
        assert_eq!(source, Source::Catalogue("english".into()));
        record.play("3,1-3,3".parse().unwrap()).unwrap();
        record.play("1,2-3,2".parse().unwrap()).unwrap();
        record.undo();
        let path = scratch("round").join("nested").join(FILE_NAME);
        assert_eq!(load(&path), Ok(None), "no file yet");
        store(&path, &Resume::of(&puzzle, &record, source.clone())).unwrap();
        let back = load(&path).unwrap().unwrap();
        assert_eq!(back.source, source);
        let (_, r) = back.restore().unwrap();
        assert_eq!(r.position(), record.position());
        assert_eq!(r.jumps(), record.jumps());
    }

    #[test]
    fn a_bad_or_foreign_file_is_refused_with_its_name() {
        let dir = scratch("bad");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(FILE_NAME);
        std::fs::write(&path, "PegsolGame(version: 1, game: 3)").unwrap();
        assert!(load(&path).unwrap_err().contains(FILE_NAME));
        let (puzzle, record, source) = open("0").unwrap();
        let mut old = Resume::of(&puzzle, &record, source);
        old.version = 99;
        std::fs::write(&path, old.to_ron().unwrap()).unwrap();
        assert!(load(&path).unwrap_err().contains("another version"));
        // A game whose jump cannot be played is refused at load, naming the jump.
        let mut broken = Resume::of(&puzzle, &record, Source::Other("test".into()));
        broken.game.jumps = vec!["0,0-2,0".into(), "0,0-2,0".into()];
        std::fs::write(&path, broken.to_ron().unwrap()).unwrap();
        assert!(load(&path).unwrap_err().contains("jump"));
    }

    #[test]
    fn open_takes_levels_names_board_files_and_saved_games() {
        let (p, _, s) = open("5").unwrap();
        assert_eq!(
            (p.name.as_str(), s),
            ("Level 5", Source::Catalogue("level-5".into()))
        );
        assert!(open("no-such-board").unwrap_err().contains("no-such-board"));
        let (puzzle, mut record, _) = open("english").unwrap();
        record.play("3,1-3,3".parse().unwrap()).unwrap();
        let dir = scratch("open");
        std::fs::create_dir_all(&dir).unwrap();
        let saved = dir.join("game.pegsol");
        std::fs::write(&saved, record.to_saved(&puzzle).to_ron().unwrap()).unwrap();
        let spec = saved.to_string_lossy().into_owned();
        let (_, r, s) = open(&spec).unwrap();
        assert_eq!(r.position(), record.position());
        assert_eq!(s, Source::File(saved.clone()));
        let board = dir.join("board.txt");
        std::fs::write(&board, "o o . o\n").unwrap();
        let (p, r, s) = open(&board.to_string_lossy()).unwrap();
        assert_eq!((p.start.peg_count(), r.index()), (3, 0));
        assert_eq!(s, Source::File(board));
    }
}
