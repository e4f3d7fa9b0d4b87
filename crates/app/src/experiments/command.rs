//! The Experiments window's command vocabulary, carried out by
//! [`super::ExperimentsView::apply`].

use super::export::ExportKind;
use pegsol_experiment::SweepColumn;
use pegsol_solver::Engine;
use std::path::PathBuf;

/// Something a person asked the Experiments window for. [`super::ExperimentsView::apply`] carries
/// it out.
#[derive(Clone, Debug, PartialEq)]
pub enum ExperimentsCommand {
    /// Tick or untick a catalogue board (by key).
    Choose(&'static str, bool),
    /// Choose exactly levels 0-8, or no board.
    ChooseLevels(bool),
    /// The budgets as typed (parsed on Run, so a half-typed list is no error yet).
    SetBudgets(String),
    /// Tick or untick an algorithm (classic, exact, moves).
    ChooseAlgorithm(Engine, bool),
    /// Start the sweep.
    Run,
    /// Stop it.
    Cancel,
    /// Sort the table by a column (clicking the same column again reverses it).
    Sort(SweepColumn),
    /// Copy the table to the clipboard, as Markdown or CSV.
    Copy(ExportKind),
    /// Ask where to export (a dialog), then export.
    ChooseExport(ExportKind),
    /// Export to this path.
    Export(ExportKind, PathBuf),
    /// Show this chart (numbered as `sweep::charts` lists them) where the window is too
    /// narrow for all of them.
    ShowChart(usize),
}
