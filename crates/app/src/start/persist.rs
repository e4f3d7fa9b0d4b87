//! What the window remembers between runs besides the games: the View settings, the solver
//! panel's form and the recent files, in `settings.ron` in Pegsol's data folder.
//!
//! Owns the settings' form, its version and the import of version 1's copy. The file is read
//! and written through [`pegsol_record::datafile`] like every file of Pegsol's own (atomic,
//! size-capped, a file that cannot be read kept aside with a notice), never through eframe's
//! `app.ron`, which eframe writes in place and a full disk can cut short. eframe keeps only
//! egui's memory and the window's size and place there. The games are the game store's
//! ([`pegsol_record::store`]).

use crate::frame::Settings;
use crate::play::solve::SolverPanel;
use pegsol_record::datafile::{self, DataFile};
use pegsol_record::{SavedGame, Source};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The file's name in the data folder.
pub const FILE_NAME: &str = "settings.ron";

/// Bump when the form changes incompatibly: an old file is then kept aside, not misread.
pub const VERSION: u32 = 2;

/// The window's settings as `settings.ron` holds them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename = "PegsolSettings")]
pub struct PersistedState {
    /// [`VERSION`] when written.
    pub version: u32,
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

impl DataFile for PersistedState {
    const WHAT: &'static str = "window settings";
    const VERSION: u32 = VERSION;
    fn version(&self) -> u32 {
        self.version
    }
}

impl Default for PersistedState {
    fn default() -> PersistedState {
        PersistedState {
            version: VERSION,
            recent: Vec::new(),
            settings: Settings::default(),
            solver: SolverPanel::default(),
        }
    }
}

impl PersistedState {
    /// The settings as RON text, as the file holds them.
    pub fn to_ron(&self) -> String {
        // Plain data always serialises; an empty string reads back as an error.
        ron::ser::to_string_pretty(self, pegsol_layout::format::ron_pretty()).unwrap_or_default()
    }

    /// Reads the settings from RON text, or says why they cannot be used (the error names
    /// the file as [`FILE_NAME`]).
    pub fn from_ron(text: &str) -> Result<PersistedState, datafile::DataFileError> {
        datafile::parse::<PersistedState>(text, Path::new(FILE_NAME))
    }
}

/// Reads the settings at `path`: the settings (version 1's `legacy` copy when there is no
/// file yet), whether the file held them (so an unchanged file is not written again), and
/// what to tell when the file could not be read (it is kept aside, see
/// [`datafile::load`]).
pub fn load(
    path: &Path,
    legacy: Option<PersistedState>,
) -> (Option<PersistedState>, bool, Option<String>) {
    let loaded = datafile::load::<PersistedState>(path);
    let notice = loaded.notice();
    match loaded {
        datafile::Loaded::Read(state) => (Some(state), true, notice),
        _ => (legacy, false, notice),
    }
}

/// Version 1's state, which eframe kept in `app.ron` under its app key: read once for its
/// settings and recent files (and its game, should the game store have none of its board).
#[derive(Clone, Debug, Deserialize)]
#[serde(rename = "PegsolState")]
pub struct LegacyState {
    /// 1.
    pub version: u32,
    /// The game in play then.
    #[serde(default)]
    pub game: Option<SavedGame>,
    /// Where it came from.
    #[serde(default)]
    pub source: Option<Source>,
    /// Recent files.
    #[serde(default)]
    pub recent: Vec<PathBuf>,
    /// The View settings.
    #[serde(default)]
    pub settings: Settings,
    /// The solver panel's form.
    #[serde(default)]
    pub solver: SolverPanel,
}

impl LegacyState {
    /// Reads version 1's state from eframe's text; `None` if it is not that.
    pub fn from_ron(text: &str) -> Option<LegacyState> {
        let state: LegacyState = pegsol_layout::format::ron_options().from_str(text).ok()?;
        (state.version == 1).then_some(state)
    }

    /// Its settings, in this version's form.
    pub fn settings(&self) -> PersistedState {
        PersistedState {
            version: VERSION,
            recent: self.recent.clone(),
            settings: self.settings,
            solver: self.solver.clone(),
        }
    }
}
