//! What a person can ask the editor for, and what the editor can say about a board.
//!
//! Owns [`EditorCommand`], which the editor's widgets return and [`super::EditorView::apply`]
//! carries out, and [`Verdict`], the background check's answer.

use pegsol_layout::edit::{Board, Mirror, Tool};
use pegsol_layout::Finish;
use pegsol_rules::{Cell, Grid};
use std::path::PathBuf;

/// Something a person asked the editor for. [`super::EditorView::apply`] carries it out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditorCommand {
    /// Undo the last change.
    Undo,
    /// Redo the last change undone.
    Redo,
    /// Analyse every single-vacancy start.
    Analyze,
    /// Stop the analysis.
    CancelAnalysis,
    /// Show the finishes of this start.
    ShowStart(Option<Cell>),
    /// Play the board.
    Play,
    /// Play the board and solve it.
    Solve,
    /// Painting the board and setting what it is (name, finish, size).
    Paint(PaintCommand),
    /// New boards, files and the pasted text.
    Files(EditFileCommand),
    /// The editor's questions and messages: unsaved changes, recovery, an error.
    Prompts(PromptCommand),
}

/// Painting the board and setting what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PaintCommand {
    /// Start a stroke (a click or a drag) on a cell with the current tool.
    Begin(Cell),
    /// Continue the stroke onto a cell.
    StrokeTo(Cell),
    /// End the stroke.
    End,
    /// Choose the tool.
    SetTool(Tool),
    /// Choose the mirror.
    SetMirror(Mirror),
    /// Fill every hole with a peg.
    Fill,
    /// Empty every hole.
    EmptyHoles,
    /// Take every cell off the board.
    Clear,
    /// Set the finish.
    SetFinish(Finish),
    /// Set the name.
    SetName(String),
    /// Set the description.
    SetDescription(String),
    /// Change the frame's size.
    Resize(u8, u8),
}

/// New boards, opening, pasting and saving.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditFileCommand {
    /// The New board menu's grid and size, as chosen so far.
    SetNewBoard(Grid, u8, u8),
    /// A new board (asks first if there are unsaved changes).
    New(Grid, u8, u8),
    /// Start from a catalogue board (asks first).
    FromCatalogue(String),
    /// Start from the position in play (asks first).
    EditPosition,
    /// Open a board file (asks first).
    Open(PathBuf),
    /// Open the pasted text (asks first).
    OpenPasted,
    /// Replace the board with this one, read from this file if any (asks first if there are
    /// unsaved changes; the commands that read boards end here).
    Load(Box<Board>, Option<PathBuf>),
    /// Set the text of the paste field.
    SetPaste(String),
    /// Save to the board's file (or ask where, if it has none or is not a RON file).
    Save,
    /// Save to this path.
    SaveAs(PathBuf),
    /// Ask for a file to open (a dialog).
    ChooseOpen,
    /// Ask where to save (a dialog).
    ChooseSaveAs,
}

/// The editor's questions: unsaved changes on closing or replacing, the recovery offer, an error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PromptCommand {
    /// Close the window (asks first).
    CloseWindow,
    /// The prompt's answer: save, then carry on.
    PromptSave,
    /// The prompt's answer: drop the changes, then carry on.
    PromptDiscard,
    /// The prompt's answer: do nothing.
    PromptCancel,
    /// Take the autosaved board back.
    Recover,
    /// Drop the autosaved board.
    DiscardRecovery,
    /// Hide the error box.
    DismissError,
}

impl EditorCommand {
    /// Whether the command replaces the board, so unsaved changes need a prompt first.
    pub(super) fn replaces_board(&self) -> bool {
        matches!(
            self,
            EditorCommand::Files(EditFileCommand::Load(..))
                | EditorCommand::Prompts(PromptCommand::CloseWindow)
        )
    }
}

/// The exact solver's verdict on the board as it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The board changed a moment ago; the check starts when it stays put.
    Waiting,
    /// The search is running.
    Checking,
    /// A win was found.
    Winnable,
    /// Proven impossible.
    NotWinnable,
    /// The budget ran out first.
    Unknown,
    /// The board cannot be played, so there is nothing to check.
    NotPlayable,
    /// The search failed (a bug): the message.
    Failed(String),
}
