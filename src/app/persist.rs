//! What the window remembers between runs: the game in progress, where it came from, the
//! recent files and the settings.
//!
//! Owns the persisted form and its versioning. eframe stores it (as RON text under its app
//! key) and restores the window's size and place itself; a state file that is corrupt or from
//! another version is ignored with a line on standard error, never a crash. The game in
//! progress is also kept in the file the terminal game shares ([`SharedGame`]), which wins
//! over eframe's copy, so a game can be started in one front end and finished in the other.

use super::game::Source;
use super::play::solve::SolverPanel;
use super::Settings;
use crate::record::resume::{self, Resume};
use crate::record::SavedGame;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

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

/// The game in progress as shared with the terminal game (`game.ron`, see
/// [`crate::record::resume`]): read when the window starts, written when the window saves and
/// its game changed since, so a game played in the terminal meanwhile is not overwritten by a
/// window that was only left open. With no path (tests, screenshots) it does nothing.
#[derive(Debug, Default)]
pub struct SharedGame {
    path: Option<PathBuf>,
    /// The game as last read or written.
    last: Option<Resume>,
}

impl SharedGame {
    /// The shared game at `path` (normally [`resume::default_path`]).
    pub fn at(path: Option<PathBuf>) -> SharedGame {
        SharedGame { path, last: None }
    }

    /// `state` with the shared game in place of eframe's copy (both front ends write the
    /// shared one, so it is the newer); a shared file that cannot be used is reported and
    /// left out.
    pub fn load_into(&mut self, state: Option<PersistedState>) -> Option<PersistedState> {
        let path = self.path.as_ref()?.clone();
        let shared = match resume::load(&path) {
            Ok(Some(shared)) => shared,
            Ok(None) => return state,
            Err(e) => {
                eprintln!("pegsol: ignoring the game in progress: {e}");
                return state;
            }
        };
        let mut state = state.unwrap_or(PersistedState {
            version: VERSION,
            game: None,
            source: None,
            recent: Vec::new(),
            settings: Settings::default(),
            solver: SolverPanel::default(),
        });
        state.game = Some(shared.game.clone());
        state.source = Some(shared.source.clone());
        self.last = Some(shared);
        Some(state)
    }

    /// Writes `state`'s game to the shared file if it changed since last read or written.
    pub fn save(&mut self, state: &PersistedState) {
        let (Some(path), Some(game), Some(source)) = (&self.path, &state.game, &state.source)
        else {
            return;
        };
        let now = Resume {
            version: resume::VERSION,
            game: game.clone(),
            source: source.clone(),
        };
        if self.last.as_ref() == Some(&now) {
            return;
        }
        if let Err(e) = resume::store(path, &now) {
            eprintln!("pegsol: {e}");
        }
        self.last = Some(now);
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
        shared.save(&state);
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
        shared.save(&changed);
        let back = resume::load(&path).expect("readable").expect("written");
        assert_eq!(back.game.jumps.len(), 2);
    }
}
