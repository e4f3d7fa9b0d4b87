//! "Solve from here" in the terminal: choosing the engine and budget, and the search running
//! on its own thread while the keys keep working.
//!
//! Owns the search in flight ([`Solving`]); the solve prompt picks a [`SolvePlan`] (an engine
//! and a budget from the play session's presets, with the arrow keys, so no text has to be
//! typed or parsed).
//! The search is the window's: [`pegsol_solver::search`] on a [`Worker`].

use pegsol_rules::{Goal, Position};
use pegsol_solver::budget::rounded;
use pegsol_solver::jobs::worker::{Finished, Worker};
use pegsol_solver::{search, Outcome};

/// The engine and budget the next solve will use: the play session's presets, the window's
/// too.
pub use pegsol_record::session::presets::SolvePlan;

/// A search running from a position on the board.
pub struct Solving {
    /// The plan it runs.
    pub plan: SolvePlan,
    /// The position it started from: its answer is loaded only if the board still shows it.
    pub from: Position,
    worker: Worker<Outcome>,
}

impl Solving {
    /// Starts `plan` from `from` for `goal` on a background thread.
    pub fn start(plan: SolvePlan, from: Position, goal: Goal) -> Solving {
        let start = from.clone();
        let worker = Worker::start(
            "pegsol-tui-solve",
            move |job| job.control(|c| search(plan.engine, &start, goal, plan.budget(), c)),
            // The event loop polls several times a second; nothing to wake.
            || {},
        );
        Solving { plan, from, worker }
    }

    /// Progress in words: expansions so far and the time taken.
    pub fn progress(&self) -> String {
        let snap = self.worker.snapshot();
        if let Some(prep) = snap.progress.and_then(|p| p.preparing_line()) {
            return prep;
        }
        if let Some(meeting) = snap.progress.and_then(|p| p.meeting_line()) {
            return format!("{meeting}, {:.1} s", snap.elapsed.as_secs_f64());
        }
        let expanded = snap.progress.map_or(0, |p| p.expanded);
        format!(
            "{} expanded, {:.1} s",
            rounded(expanded),
            snap.elapsed.as_secs_f64()
        )
    }

    /// Asks the search to stop; it reports what it found so far.
    pub fn cancel(&self) {
        self.worker.cancel();
    }

    /// The result, once the search has ended.
    pub fn take_finished(&mut self) -> Option<Finished<Outcome>> {
        self.worker.take_finished()
    }
}
