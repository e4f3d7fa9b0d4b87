//! The solver panel's search: running on a background thread, or finished with its report.
//!
//! Owns [`SolveSession`] (a [`Task`] and its last report) and [`SolveReport`] (what a
//! search found, and what it was asked). The panel (`solve.rs`) starts it; `report.rs`
//! draws it.

use super::command::{Objective, SolveRequest};
use super::fewest;
use crate::rules::{Goal, Position};
use crate::solver::engines::moves::MovesOutcome;
use crate::solver::jobs::task::Task;
use crate::solver::jobs::worker::{Finished, Snapshot};
use crate::solver::{search, Outcome};

/// A finished search and what it was asked.
#[derive(Clone, Debug)]
pub struct SolveReport {
    /// What was asked.
    pub request: SolveRequest,
    /// The position the search started from (its jumps play from here).
    pub start: Position,
    /// The finish it aimed for.
    pub goal: Goal,
    /// What it found. A cancelled search keeps what it found so far. For a fewest-moves
    /// search: its jumps and counters (see [`MovesOutcome::to_outcome`]).
    pub outcome: Outcome,
    /// What a fewest-moves search found (its chains, proof and lower bound); `None` for a
    /// fewest-pegs search.
    pub moves: Option<MovesOutcome>,
}

/// What a search answers: what was asked, for what objective, where it starts, the finish
/// it aims for.
type SolveKey = (SolveRequest, Objective, Position, Goal);

/// What a search hands back: the plain outcome and, for fewest moves, the moves outcome.
type Found = (Outcome, Option<MovesOutcome>);

/// The solve in flight, if any, and the last report.
pub struct SolveSession {
    task: Task<SolveKey, Found>,
    report: Option<SolveReport>,
    error: Option<String>,
}

impl Default for SolveSession {
    fn default() -> SolveSession {
        SolveSession {
            task: Task::new("pegsol-solve"),
            report: None,
            error: None,
        }
    }
}

impl SolveSession {
    /// Starts a search of `start` for `goal` with `objective` (a search in flight is
    /// cancelled). `wake` is called when there is news.
    pub fn start(
        &mut self,
        request: SolveRequest,
        objective: Objective,
        start: Position,
        goal: Goal,
        wake: impl Fn() + Send + Sync + 'static,
    ) {
        self.error = None;
        let position = start.clone();
        self.task.start(
            (request, objective, start, goal),
            move |job| job.control(|c| run(&request, objective, &position, goal, c)),
            wake,
        );
    }

    /// Runs a search to its end on this thread (the `--solve` screenshot run).
    pub fn run_blocking(
        &mut self,
        request: SolveRequest,
        objective: Objective,
        start: Position,
        goal: Goal,
    ) {
        let (outcome, moves) =
            crate::solver::uncontrolled(|c| run(&request, objective, &start, goal, c));
        self.task.clear();
        self.error = None;
        self.report = Some(SolveReport {
            request,
            start,
            goal,
            outcome,
            moves,
        });
    }

    /// Asks the search in flight to stop; its partial result arrives as a report.
    pub fn cancel(&mut self) {
        self.task.cancel();
    }

    /// Forgets the search in flight (cancelling it) and the report: a new board.
    pub fn clear(&mut self) {
        *self = SolveSession::default();
    }

    /// Takes in a finished search. Call once a frame; returns whether it finished now.
    pub fn poll(&mut self) -> bool {
        let Some(((request, _, start, goal), finished)) = self.task.poll() else {
            return false;
        };
        match finished {
            Finished::Done((outcome, moves)) | Finished::Cancelled((outcome, moves)) => {
                self.report = Some(SolveReport {
                    request,
                    start,
                    goal,
                    outcome,
                    moves,
                });
            }
            Finished::Failed(text) => self.error = Some(text),
        }
        true
    }

    /// Whether a search is running.
    pub fn is_running(&self) -> bool {
        self.task.is_busy()
    }

    /// The running search's objective, if a search is running.
    pub fn running_objective(&self) -> Option<Objective> {
        self.task.key().map(|(_, objective, _, _)| *objective)
    }

    /// The running search's progress.
    pub fn snapshot(&self) -> Option<Snapshot> {
        self.task.snapshot()
    }

    /// The last finished search.
    pub fn report(&self) -> Option<&SolveReport> {
        self.report.as_ref()
    }

    /// Why the last search failed, if it did.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }
}

/// Runs one search as asked: for the fewest pegs, the engine chosen (a classic search always
/// has a budget: [`search`] gives it the engine's default, [`DEFAULT_BUDGET`], if none was
/// given); for the fewest moves, the fewest-moves engine with the same budget.
fn run(
    request: &SolveRequest,
    objective: Objective,
    start: &Position,
    goal: Goal,
    control: &mut crate::solver::Control,
) -> Found {
    match objective {
        Objective::FewestPegs => (
            search(request.algorithm, start, goal, request.budget, control),
            None,
        ),
        Objective::FewestMoves => {
            let (outcome, moves) = fewest::run(start, goal, request.budget, control);
            (outcome, Some(moves))
        }
    }
}
