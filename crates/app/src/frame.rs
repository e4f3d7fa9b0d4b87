//! What the shell lends every view: the View settings, remembered between runs, and
//! [`ViewFrame`], what a view is given each frame.

use super::paint::notice::Notice;
use super::paint::palette::ThemeChoice;
use pegsol_record::stats::{BoardStats, GameClock};
use serde::{Deserialize, Serialize};

/// The View settings, remembered between runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Whether jumps animate.
    pub animate: bool,
    /// View > Reduce motion: nothing moves on its own, whatever `animate` says: no jump
    /// slides (played, replayed or autoplayed), and egui's own fades and smooth scrolling
    /// are off.
    pub reduce_motion: bool,
    /// Light, dark, or the system's choice.
    pub theme: ThemeChoice,
    /// Whether the boards panel is shown.
    pub show_picker: bool,
    /// Whether the solver panel is shown.
    pub show_solver: bool,
    /// Whether the welcome window has been seen (and closed): then it is not shown at start.
    pub welcomed: bool,
    /// Whether every legal jump is drawn green or red by whether it keeps the goal reachable
    /// (off by default: help only for those who want it).
    pub show_winning_jumps: bool,
    /// Whether the board has its column letters and row numbers round it.
    pub coordinates: bool,
    /// Positions a hint may examine, thinking on, before it says "unknown" (View > Hint
    /// effort).
    pub hint_effort: u64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            animate: true,
            reduce_motion: false,
            theme: ThemeChoice::System,
            show_picker: true,
            show_solver: true,
            welcomed: false,
            show_winning_jumps: false,
            coordinates: true,
            hint_effort: pegsol_solver::services::hint::DEFAULT_EFFORT,
        }
    }
}

impl Settings {
    /// Whether a jump slides on the board: "Animate jumps" on and "Reduce motion" off.
    pub fn animates_jumps(&self) -> bool {
        self.animate && !self.reduce_motion
    }
}

/// What the shell lends every view for a frame.
#[derive(Clone, Copy, Debug)]
pub struct ViewFrame<'a> {
    /// The View settings.
    pub settings: &'a Settings,
    /// The message on screen, if any (each view shows it in its own place, in the colour
    /// its kind asks for).
    pub notice: Option<&'a Notice>,
    /// Whether a text field had the keyboard when the frame began: a key that ended the
    /// typing (Enter) is the field's, never a shortcut or the board's.
    pub typing: bool,
    /// The game's clock (from the player's first jump), if the game is the player's own.
    pub clock: Option<GameClock>,
    /// The player's figures on this board (won, fewest pegs, best time), if any.
    pub board_stats: Option<BoardStats>,
}
