//! What crosses views: the shell's command set, the View settings, and what every view is
//! given each frame.
//!
//! Owns [`ShellCommand`] (as rerun's `SystemCommand`: tell the person something, open a
//! file in the view shown, play this board, edit this position, switch view, quit, show a
//! window), which the views return and [`super::PegsolApp::apply`] carries out in one place;
//! the [`Settings`] it remembers; and [`pick_path`], which tells a cancel of the desktop's
//! file dialog from a desktop with no dialog service (see [`super::dialog`]).

use super::dialog::FileRequest;
use super::editor::EditorCommand;
use super::experiments::ExperimentsCommand;
use super::palette::ThemeChoice;
use super::play::PlayCommand;
use super::random::RandomCommand;
use super::search::SearchCommand;
use crate::record::Game;
use eframe::egui;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// Which view the window shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// Play a board.
    #[default]
    Play,
    /// Design a board.
    Editor,
    /// Watch the assignment's search on the board in play.
    Search,
}

/// A window or panel the shell shows or hides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Window {
    /// The boards panel on the left.
    Picker,
    /// The play view's solver panel.
    Solver,
    /// The keyboard help.
    Help,
    /// The about window.
    About,
    /// The welcome window (hiding it records that it has been seen).
    Welcome,
    /// The Experiments window (the budget sweep).
    Experiments,
    /// The Problems window (the named classic problems).
    Problems,
}

/// Something for the window as a whole, or for whichever view is shown. Views return these;
/// [`super::PegsolApp::apply`] carries them out.
#[derive(Clone, Debug)]
pub enum ShellCommand {
    /// Show information: something done or worth knowing ("Board saved to …", a hint), in
    /// the neutral text colour. A short one goes after a while; a long one (an explanation
    /// a person needs time to read) stays until dismissed or replaced.
    Tell(String),
    /// Show a refusal or a problem ("cannot jump there", "Not saved: …"), in the warning
    /// colour. It stays until dismissed, replaced, or the person plays a jump.
    Warn(String),
    /// Ask for a file (the desktop's dialog, or the built-in one where there is none) and
    /// run the request's command with it.
    ChooseFile(FileRequest),
    /// Take the message off the screen (the person did something else).
    ClearNotice,
    /// Add a file to the recent files.
    Remember(PathBuf),
    /// Undo, in the view shown.
    Undo,
    /// Redo, in the view shown.
    Redo,
    /// Ask for a file to open, in the view shown (a dialog).
    ChooseFileToOpen,
    /// Save, in the view shown (the play view asks where; the editor saves in place).
    Save,
    /// Open a board or game file in the view shown.
    OpenFile(PathBuf),
    /// Open a catalogue board in the view shown.
    OpenCatalogue(String),
    /// Play this board in the play view and show it (its kept game, if the game store has
    /// one); with `solve`, also solve it from the start as the solver panel's form says
    /// (showing the panel).
    PlayGame {
        /// A fresh game of the board.
        game: Box<Game>,
        /// Whether to solve it at once.
        solve: bool,
        /// Whether the person asked for something new (a random puzzle): undo at its start
        /// goes back to the game it was opened over.
        fresh: bool,
    },
    /// Open the position in play in the editor.
    EditPosition,
    /// Show the play view, the editor or the Search view (which then searches the board in
    /// play).
    SetMode(Mode),
    /// Close the window.
    Quit,
    /// Switch jump animation on or off.
    SetAnimate(bool),
    /// Show or hide every legal jump's verdict on the board.
    SetShowWinningJumps(bool),
    /// How many positions a hint may examine before it says "unknown" (View > Hint effort).
    SetHintEffort(u64),
    /// Draw the coordinates round the board (and the editor's canvas), or not.
    SetCoordinates(bool),
    /// Choose the theme.
    SetTheme(ThemeChoice),
    /// Show or hide a window or panel.
    Show(Window, bool),
    /// Something for the play view.
    Play(PlayCommand),
    /// Something for the editor.
    Editor(EditorCommand),
    /// Something for the Experiments window.
    Experiments(ExperimentsCommand),
    /// Something for the Search view.
    Search(SearchCommand),
    /// The player made a jump on the board (not a replay or a redo): for the statistics.
    PlayerJumped,
    /// Open the New random puzzle window on the board shown (in play, or in the editor).
    NewRandomPuzzle,
    /// Something for the New random puzzle window.
    Random(RandomCommand),
}

/// The View settings, remembered between runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Whether jumps animate.
    pub animate: bool,
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
            theme: ThemeChoice::System,
            show_picker: true,
            show_solver: true,
            welcomed: false,
            show_winning_jumps: false,
            coordinates: true,
            hint_effort: crate::solver::services::hint::DEFAULT_EFFORT,
        }
    }
}

/// What the shell lends every view for a frame.
#[derive(Clone, Copy, Debug)]
pub struct ViewFrame<'a> {
    /// The View settings.
    pub settings: &'a Settings,
    /// The message on screen, if any (each view shows it in its own place, in the colour
    /// its kind asks for).
    pub notice: Option<&'a super::notice::Notice>,
    /// Whether a text field had the keyboard when the frame began: a key that ended the
    /// typing (Enter) is the field's, never a shortcut or the board's.
    pub typing: bool,
    /// The game's clock (from the player's first jump), if the game is the player's own.
    pub clock: Option<super::stats::GameClock>,
    /// The player's figures on this board (won, fewest pegs, best time), if any.
    pub board_stats: Option<super::stats::BoardStats>,
}

/// Applies a view's `commands` in order with its `apply`, collecting what they hand back to
/// the shell; asks for a repaint if there were any, since the frame just painted shows the
/// old state.
pub fn apply_each<C>(
    ctx: &egui::Context,
    commands: Vec<C>,
    apply: impl FnMut(C) -> Vec<ShellCommand>,
) -> Vec<ShellCommand> {
    if !commands.is_empty() {
        ctx.request_repaint();
    }
    commands.into_iter().flat_map(apply).collect()
}

/// What a file dialog gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Picked {
    /// The path a person chose.
    Path(PathBuf),
    /// A person cancelled.
    Cancelled,
    /// The dialog came back at once with nothing: there is no dialog service on this desktop
    /// (no portal, no zenity), which deserves a hint rather than silence.
    NoDialog,
}

/// Runs a file dialog and tells a cancel from a missing dialog service: a person takes longer
/// than 300 ms to cancel.
pub fn pick_path(dialog: impl FnOnce() -> Option<PathBuf>) -> Picked {
    let asked = std::time::Instant::now();
    match dialog() {
        Some(path) => Picked::Path(path),
        None if asked.elapsed() < std::time::Duration::from_millis(300) => Picked::NoDialog,
        None => Picked::Cancelled,
    }
}
