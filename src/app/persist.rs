//! What the window remembers between runs: the game in progress, where it came from, the
//! recent files and the settings.
//!
//! Owns the persisted form and its versioning. eframe stores it (as RON text under its app
//! key) and restores the window's size and place itself; a state file that is corrupt or from
//! another version is ignored with a line on standard error, never a crash.

use super::game::Source;
use super::play::solve::SolverPanel;
use super::Settings;
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
