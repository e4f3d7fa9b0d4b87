//! The play view's command vocabulary: what its widgets, the keys and the shell ask of it,
//! carried out in one place, [`super::PlayView::apply`], and what a solve is asked (its
//! engine, budget and start).

use pegsol_record::{Game, GameId};
use pegsol_rules::{Goal, Jump};
use pegsol_solver::Engine;
use std::path::PathBuf;

/// Something a person asked the play view for. [`super::PlayView::apply`] carries it out.
#[derive(Clone, Debug)]
pub enum PlayCommand {
    /// Play a jump (the view has checked it; the record checks again).
    Play(Jump),
    /// Undo the last step.
    Undo,
    /// Redo the last step undone.
    Redo,
    /// Back to the start (undoable).
    Restart,
    /// A new game on this board: back to the start, undoable like a restart.
    NewGame,
    /// Warn the person: why a move was refused.
    Warn(String),
    /// Change the finish the game, the solver and the hints aim for.
    SetGoal(Goal),
    /// Make the next board click pick the finish cell (or stop picking).
    PickFinish(bool),
    /// Show a jump that keeps the finish reachable.
    Hint,
    /// Judge every legal jump, for the board to colour (View > Show winning jumps), or not.
    ColourJumps(bool),
    /// Positions a hint may examine, thinking on, before it says "unknown".
    SetHintEffort(u64),
    /// Stop thinking on the hint for the position on the board (its answer stays
    /// undecided).
    StopThinking,
    /// Decide the position on the board exhaustively, in the background ("Think it
    /// through", once the hint says unknown).
    ThinkItThrough,
    /// Stop thinking it through.
    StopThinkingItThrough,
    /// Something for the timeline (replaying the game's jumps).
    Timeline(TimelineCommand),
    /// Something for the solver panel and its search.
    Solver(SolverCommand),
    /// Opening and saving games and boards.
    Files(FileCommand),
}

/// Moving along the game's jumps on the timeline, and its playback.
#[derive(Clone, Debug)]
pub enum TimelineCommand {
    /// Move the timeline to this many jumps from the start.
    Goto(usize),
    /// One jump back on the timeline.
    StepBack,
    /// One jump forward on the timeline.
    StepForward,
    /// One move (a peg's chain of jumps) back on the timeline.
    MoveBack,
    /// One move forward on the timeline.
    MoveForward,
    /// Play or pause the timeline.
    TogglePlay,
    /// Playback speed, as an index into [`super::timeline::SPEEDS`].
    SetSpeed(usize),
    /// Give the arrows back to the board (Escape while the timeline has them).
    HandBackKeys,
}

/// The solver panel's form, its search and the result.
#[derive(Clone, Debug)]
pub enum SolverCommand {
    /// Solve as the solver panel's form says, from here or from the start.
    SolveFrom(SolveFrom),
    /// Start a search (a search in flight is cancelled).
    Solve(SolveRequest),
    /// Stop the search in flight (its partial result is kept).
    CancelSolve,
    /// Put the last solution on the timeline after the position it starts from.
    LoadSolution,
    /// Copy the last result's STATS block to the clipboard.
    CopyStats,
    /// Ask where to save the STATS block (a dialog).
    ChooseStatsFile,
    /// Save the STATS block to a file (the assignment's `output.txt`).
    SaveStats(PathBuf),
    /// The solver panel's engine: exact or classic (the radio buttons), or the fewest-moves
    /// search (the "Fewest moves" box; unticked, the panel goes back to its fewest-pegs
    /// engine, see [`super::solve::SolverPanel::fewest_pegs_engine`]).
    SetEngine(Engine),
    /// The solver panel's "no limit" (exact only).
    SetNoLimit(bool),
    /// The solver panel's budget, as typed.
    SetBudgetText(String),
}

/// Opening a board or game (through the game store) and saving the game.
#[derive(Clone, Debug)]
pub enum FileCommand {
    /// Open this board: its kept game if it has one, else this fresh game (a search, a hint
    /// and a replay of the old board are dropped; the old game itself goes back into the
    /// game store, to come back when its board is opened again).
    Open(Box<Game>),
    /// Open this game as something new the person asked for (a random puzzle): as `Open`,
    /// and undo at its start goes back to the game it was opened over.
    OpenNew(Box<Game>),
    /// Play another game kept for this board (Game > Other games of this board).
    SwitchTo(GameId),
    /// Open a catalogue board by key: its kept game, if it has one, else a new game.
    OpenCatalogue(String),
    /// Open a layout or saved-game file: the game kept for it, if any, else the file.
    OpenFile(PathBuf),
    /// Save the game to a file.
    SaveGame(PathBuf),
    /// Ask for a file to open (a dialog).
    ChooseFileToOpen,
    /// Ask where to save the game (a dialog).
    ChooseFileToSave,
}

/// Where a solve starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveFrom {
    /// The board's start position.
    Start,
    /// The position on the board now.
    Here,
}

/// What a person asked to solve: engine, budget (`None`: no limit, not for classic) and
/// start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveRequest {
    /// The engine: the fewest pegs (exact, classic) or the fewest moves.
    pub engine: Engine,
    /// Expansions allowed; `None` for no limit.
    pub budget: Option<u64>,
    /// Where the search starts.
    pub from: SolveFrom,
}
