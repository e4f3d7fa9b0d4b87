//! The solver panel's search: running on a background thread, or finished with its report.
//!
//! Owns [`SolveSession`] (a [`Task`] and its last report) and [`SolveReport`] (what a
//! search found, and what it was asked). The panel (`solve.rs`) starts it; `report.rs`
//! draws it.

use super::command::SolveRequest;
use pegsol_rules::{Goal, Position};
use pegsol_solver::engines::moves::MovesOutcome;
use pegsol_solver::jobs::task::Task;
use pegsol_solver::jobs::worker::{Finished, Snapshot};
use pegsol_solver::{solve, Engine, Outcome, Solved};

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

/// What a search answers: what was asked (its engine among it), where it starts, the finish
/// it aims for.
type SolveKey = (SolveRequest, Position, Goal);

/// The solve in flight, if any, and the last report.
pub struct SolveSession {
    task: Task<SolveKey, Solved>,
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
    /// Starts a search of `start` for `goal` as `request` asks (a search in flight is
    /// cancelled). `wake` is called when there is news.
    pub fn start(
        &mut self,
        request: SolveRequest,
        start: Position,
        goal: Goal,
        wake: impl Fn() + Send + Sync + 'static,
    ) {
        self.error = None;
        let position = start.clone();
        self.task.start(
            (request, start, goal),
            move |job| job.control(|c| run(&request, &position, goal, c)),
            wake,
        );
    }

    /// Runs a search to its end on this thread (the `--solve` screenshot run).
    pub fn run_blocking(&mut self, request: SolveRequest, start: Position, goal: Goal) {
        let Solved { outcome, moves } =
            pegsol_solver::uncontrolled(|c| run(&request, &start, goal, c));
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
        let Some(((request, start, goal), finished)) = self.task.poll() else {
            return false;
        };
        match finished {
            Finished::Done(Solved { outcome, moves })
            | Finished::Cancelled(Solved { outcome, moves }) => {
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

    /// The running search's engine, if a search is running.
    pub fn running_engine(&self) -> Option<Engine> {
        self.task.key().map(|(request, _, _)| request.engine)
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

/// Runs one search as asked, through the solver's one dispatch ([`solve`]): a classic search
/// always has a budget ([`solve`] gives it the engine's default, [`super::solve::DEFAULT_BUDGET`],
/// if none was given); the fewest-moves search hands back its moves besides.
fn run(
    request: &SolveRequest,
    start: &Position,
    goal: Goal,
    control: &mut pegsol_solver::Control,
) -> Solved {
    solve(request.engine, start, goal, request.budget, control)
}
