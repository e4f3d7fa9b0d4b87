//! "Solve from here" in the terminal: choosing the engine and budget, and the search running
//! on its own thread while the keys keep working.
//!
//! Owns the solve prompt ([`SolvePlan`]: an engine and a budget picked from presets with the
//! arrow keys, so no text has to be typed or parsed) and the search in flight ([`Solving`]).
//! The search is the window's: [`crate::solver::search`] on a [`Worker`].

use crate::rules::{Goal, Position};
use crate::solver::budget::rounded;
use crate::solver::engines::classic;
use crate::solver::jobs::worker::{Finished, Worker};
use crate::solver::{search, Engine, Outcome};

/// The exact solver's budgets, smallest first; `None` is no limit (it always ends, but the
/// big boards can take minutes).
const EXACT_BUDGETS: [Option<u64>; 5] = [
    Some(100_000),
    Some(1_000_000),
    Some(10_000_000),
    Some(100_000_000),
    None,
];

/// The classic search's budgets: the assignment's sweep and its 1.2M, capped at 10M so the
/// duplicate set stays well under a gigabyte.
const CLASSIC_BUDGETS: [Option<u64>; 5] = [
    Some(10_000),
    Some(100_000),
    Some(1_000_000),
    Some(1_200_000),
    Some(10_000_000),
];

/// The engine and budget the next solve will use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolvePlan {
    /// The engine: exact or classic (the terminal game asks for the fewest pegs).
    pub engine: Engine,
    /// Index into the engine's budget presets.
    budget_index: usize,
}

impl Default for SolvePlan {
    /// Exact with 10M expansions: every classic board but the hardest in a few seconds.
    fn default() -> SolvePlan {
        SolvePlan {
            engine: Engine::Exact,
            budget_index: 2,
        }
    }
}

impl SolvePlan {
    fn presets(self) -> &'static [Option<u64>] {
        match self.engine {
            Engine::Classic => &CLASSIC_BUDGETS,
            Engine::Exact | Engine::FewestMoves => &EXACT_BUDGETS,
        }
    }

    /// The budget in expansions (`None`: no limit).
    pub fn budget(self) -> Option<u64> {
        let presets = self.presets();
        presets[self.budget_index.min(presets.len() - 1)]
    }

    /// Switches engine, keeping the budget's place in the list.
    pub fn toggle_engine(&mut self) {
        self.engine = match self.engine {
            Engine::Exact | Engine::FewestMoves => Engine::Classic,
            Engine::Classic => Engine::Exact,
        };
    }

    /// The next larger (`up`) or smaller budget preset, stopping at the ends.
    pub fn step_budget(&mut self, up: bool) {
        let last = self.presets().len() - 1;
        self.budget_index = if up {
            (self.budget_index + 1).min(last)
        } else {
            self.budget_index.saturating_sub(1)
        };
    }

    /// The plan in words, for the prompt: engine, budget, and for the classic search the
    /// memory its worst case may need on a board of `cells` holes.
    pub fn describe(self, cells: u32) -> String {
        let budget = self.budget().map_or("no limit".to_string(), rounded);
        match self.engine {
            Engine::Exact | Engine::FewestMoves => format!("{}, budget {budget}", self.engine),
            Engine::Classic => {
                let bytes = classic::estimate_bytes(self.budget().unwrap_or(0), cells);
                // A small budget's worst case is under a MiB: never "up to 0 MiB".
                let memory = match bytes >> 20 {
                    0 => "under 1 MiB".to_string(),
                    mib => format!("up to {mib} MiB"),
                };
                format!("classic, budget {budget} ({memory})")
            }
        }
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_step_within_the_presets_and_survive_an_engine_switch() {
        let mut plan = SolvePlan::default();
        assert_eq!(plan.budget(), Some(10_000_000));
        for _ in 0..9 {
            plan.step_budget(true);
        }
        assert_eq!(
            plan.budget(),
            None,
            "the exact solver may run without a limit"
        );
        plan.toggle_engine();
        assert_eq!(
            plan.budget(),
            Some(10_000_000),
            "classic always has a budget"
        );
        for _ in 0..9 {
            plan.step_budget(false);
        }
        assert_eq!(plan.budget(), Some(10_000));
        assert_eq!(
            plan.describe(33),
            "classic, budget 10k (under 1 MiB)",
            "never 0 MiB"
        );
        for _ in 0..9 {
            plan.step_budget(true);
        }
        assert!(
            plan.describe(33).contains("(up to "),
            "{}",
            plan.describe(33)
        );
    }
}
