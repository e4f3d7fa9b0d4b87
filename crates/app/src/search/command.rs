//! The Search view's command vocabulary, carried out by [`super::SearchView::apply`].

use super::stepper::Engine;
use pegsol_rules::Position;
use std::path::PathBuf;

/// Something for the Search view.
#[derive(Clone, Debug)]
pub enum SearchCommand {
    /// Search this start (the board's name for the title), from the beginning.
    Load(Box<Position>, String),
    /// Play this engine's search instead, from the beginning.
    SetEngine(Engine),
    /// Expand one node (the beam: one level).
    Step,
    /// Run at the chosen speed.
    Run,
    /// Stop running.
    Pause,
    /// Run at this many expansions a second (clamped to [`super::SLOWEST`]..[`super::FASTEST`]).
    SetSpeed(f64),
    /// The text in the "go to expansion" field.
    SetGotoText(String),
    /// Show expansion `n` (running the search there, or again from the start to go back).
    GoTo(u64),
    /// Stop a long "Go to" where it has got to.
    StopGoing,
    /// The text in the budget field.
    SetBudgetText(String),
    /// Start the search again from the start (with the budget in the field).
    Restart,
    /// Ask for a student's trace file to compare.
    ChooseTrace,
    /// Compare the student's trace in this file with the search.
    CompareFile(PathBuf),
    /// Put the comparison away.
    CloseComparison,
}
