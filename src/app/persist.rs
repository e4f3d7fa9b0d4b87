//! What the window remembers between runs: the game in progress, where it came from, the
//! games of the other boards, the recent files and the settings.
//!
//! Owns the persisted form and its versioning. eframe stores it (as RON text under its app
//! key) and restores the window's size and place itself; a state file that is corrupt or from
//! another version is ignored with a line on standard error, never a crash. The games are
//! kept in Pegsol's own files, which the window writes itself so that a failure can be shown
//! ([`SharedGame`]): the game in progress in the file the terminal game shares (which wins
//! over eframe's copy, so a game can be started in one front end and finished in the other),
//! and the game of every other board played in `games.ron` next to it ([`GAMES_FILE`]).

use super::game::Source;
use super::play::solve::SolverPanel;
use super::Settings;
use crate::record::resume::{self, Resume};
use crate::record::SavedGame;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Bump when the persisted form changes incompatibly: an old file is then ignored.
pub const VERSION: u32 = 1;

/// The persisted state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename = "PegsolState")]
pub struct PersistedState {
    /// [`VERSION`] when written.
    pub version: u32,
    /// The game in progress.
    pub game: Option<SavedGame>,
    /// Where the game came from.
    pub source: Option<Source>,
    /// Recently opened or saved files, newest first.
    #[serde(default)]
    pub recent: Vec<PathBuf>,
    /// The View settings.
    #[serde(default)]
    pub settings: Settings,
    /// The solver panel's engine and budget.
    #[serde(default)]
    pub solver: SolverPanel,
    /// The games of the other boards, as put aside when another board was opened. Kept in
    /// [`GAMES_FILE`], not in eframe's state, so that writing them can fail visibly.
    #[serde(skip)]
    pub shelf: Vec<Resume>,
}

/// The file of the other boards' games, next to the shared game.
pub const GAMES_FILE: &str = "games.ron";

/// Bump when [`Shelf`] changes incompatibly: an older file is then ignored with a message.
pub const SHELF_VERSION: u32 = 1;

/// The games of the other boards as [`GAMES_FILE`] holds them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "PegsolGames")]
pub struct Shelf {
    /// [`SHELF_VERSION`] when written.
    pub version: u32,
    /// One game per board, each with where it came from.
    pub games: Vec<Resume>,
}

impl Shelf {
    /// Reads the file: `Ok(None)` when there is none; an error naming the file otherwise.
    /// A game that no longer replays is left out with a line on standard error.
    pub fn load(path: &Path) -> Result<Option<Shelf>, String> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("{}: {e}", path.display())),
        };
        let mut shelf: Shelf = ron::Options::default()
            .from_str(&text)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if shelf.version != SHELF_VERSION {
            return Err(format!(
                "{}: written by another version of Pegsol (version {}, this one reads {SHELF_VERSION})",
                path.display(),
                shelf.version
            ));
        }
        shelf.games.retain(|game| match game.restore() {
            Ok(_) => true,
            Err(e) => {
                eprintln!("pegsol: {}: leaving out a game: {e}", path.display());
                false
            }
        });
        Ok(Some(shelf))
    }

    /// Writes the file (making its folder if needed), atomically.
    pub fn store(&self, path: &Path) -> Result<(), String> {
        let fail = |e: &dyn std::fmt::Display| format!("{}: cannot write: {e}", path.display());
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| fail(&e))?;
        }
        let config = ron::ser::PrettyConfig::new().struct_names(true);
        let text = ron::ser::to_string_pretty(self, config).map_err(|e| fail(&e))?;
        crate::layout::files::write_atomic(path, text).map_err(|e| fail(&e))
    }
}

impl PersistedState {
    /// The state as RON text.
    pub fn to_ron(&self) -> String {
        // Plain data always serialises; an empty string is read back as "nothing saved".
        ron::to_string(self).unwrap_or_default()
    }

    /// Reads the state, or says why it is being ignored.
    pub fn from_ron(text: &str) -> Result<PersistedState, String> {
        let state: PersistedState = ron::from_str(text).map_err(|e| e.to_string())?;
        if state.version != VERSION {
            return Err(format!(
                "saved by another version of Pegsol (state version {}, this one reads {VERSION})",
                state.version
            ));
        }
        Ok(state)
    }
}

/// The games as Pegsol's own files keep them: the game in progress as shared with the
/// terminal game (`game.ron`, see [`crate::record::resume`]) and the other boards' games
/// ([`GAMES_FILE`] in the same folder). Read when the window starts; written when the games
/// changed since (so a game played in the terminal meanwhile is not overwritten by a window
/// that was only left open), and the outcome returned, so the window can say when a game
/// could not be kept. With no path (tests, screenshots) it does nothing.
#[derive(Debug, Default)]
pub struct SharedGame {
    path: Option<PathBuf>,
    /// The game as last read or written.
    last: Option<Resume>,
    /// The other boards' games as last read or written.
    last_shelf: Option<Vec<Resume>>,
}

impl SharedGame {
    /// The shared game at `path` (normally [`resume::default_path`]), the other boards'
    /// games next to it.
    pub fn at(path: Option<PathBuf>) -> SharedGame {
        SharedGame {
            path,
            last: None,
            last_shelf: None,
        }
    }

    /// Where the games are written (the shared game's file), if anywhere.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The other boards' games' file.
    fn shelf_path(&self) -> Option<PathBuf> {
        Some(self.path.as_ref()?.with_file_name(GAMES_FILE))
    }

    /// `state` with the shared game in place of eframe's copy (both front ends write the
    /// shared one, so it is the newer) and the other boards' games; a file that cannot be
    /// used is reported and left out.
    pub fn load_into(&mut self, state: Option<PersistedState>) -> Option<PersistedState> {
        let path = self.path.as_ref()?.clone();
        let shared = match resume::load(&path) {
            Ok(shared) => shared,
            Err(e) => {
                eprintln!("pegsol: ignoring the game in progress: {e}");
                None
            }
        };
        let shelf = match self.shelf_path().map(|p| Shelf::load(&p)) {
            Some(Ok(shelf)) => shelf,
            Some(Err(e)) => {
                eprintln!("pegsol: ignoring the other boards' games: {e}");
                None
            }
            None => None,
        };
        if shared.is_none() && shelf.is_none() {
            return state;
        }
        let mut state = state.unwrap_or(PersistedState {
            version: VERSION,
            game: None,
            source: None,
            recent: Vec::new(),
            settings: Settings::default(),
            solver: SolverPanel::default(),
            shelf: Vec::new(),
        });
        if let Some(shared) = shared {
            state.game = Some(shared.game.clone());
            state.source = Some(shared.source.clone());
            self.last = Some(shared);
        }
        if let Some(shelf) = shelf {
            state.shelf = shelf.games.clone();
            self.last_shelf = Some(shelf.games);
        }
        Some(state)
    }

    /// Writes `state`'s games to the files if they changed since last read or written, or
    /// says why they could not be written (then they count as not written: the next call
    /// tries again).
    pub fn save(&mut self, state: &PersistedState) -> Result<(), String> {
        let Some(path) = self.path.clone() else {
            return Ok(());
        };
        if let (Some(game), Some(source)) = (&state.game, &state.source) {
            let now = Resume {
                version: resume::VERSION,
                game: game.clone(),
                source: source.clone(),
            };
            if self.last.as_ref() != Some(&now) {
                resume::store(&path, &now)?;
                self.last = Some(now);
            }
        }
        if self.last_shelf.as_deref().unwrap_or(&[]) != state.shelf.as_slice() {
            if let Some(shelf_path) = self.shelf_path() {
                let shelf = Shelf {
                    version: SHELF_VERSION,
                    games: state.shelf.clone(),
                };
                shelf.store(&shelf_path)?;
            }
            self.last_shelf = Some(state.shelf.clone());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::resume::Source;

    #[test]
    fn the_shared_game_wins_and_is_written_only_when_it_changed() {
        let dir = std::env::temp_dir().join(format!("pegsol-shared-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join(resume::FILE_NAME);
        let (puzzle, mut record, source) = resume::open("english").expect("english");
        record
            .play("3,1-3,3".parse().expect("jump"))
            .expect("legal");
        resume::store(&path, &Resume::of(&puzzle, &record, source.clone())).expect("write");

        let mut shared = SharedGame::at(Some(path.clone()));
        let state = shared
            .load_into(None)
            .expect("a state from the shared game alone");
        assert_eq!(state.game.as_ref().map(|g| g.jumps.len()), Some(1));
        assert_eq!(state.source, Some(source));
        // Unchanged: not written again (a window left open does not overwrite the terminal's).
        std::fs::remove_file(&path).expect("remove");
        shared.save(&state).expect("nothing to write");
        assert!(!path.exists());
        // Changed: written.
        record
            .play("1,2-3,2".parse().expect("jump"))
            .expect("legal");
        let changed = PersistedState {
            game: Some(record.to_saved(&puzzle)),
            source: Some(Source::Other("test".into())),
            ..state
        };
        shared.save(&changed).expect("writes");
        let back = resume::load(&path).expect("readable").expect("written");
        assert_eq!(back.game.jumps.len(), 2);
    }
}
