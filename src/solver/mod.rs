//! Search engines and what they report.
//!
//! - [`classic`]: the assignment's budgeted depth-first search, reproduced node for node.
//! - [`exact`]: Pegsol's own solver, which finds the fewest pegs (or a finish on a given cell)
//!   and proves it.
//!
//! Both take a [`Control`] (cancel flag and progress callback) so a worker thread can run them
//! and a front end can stop them; neither knows about any user interface.

pub mod advisor;
pub mod analyze;
pub mod backward;
pub mod classic;
pub mod compact;
pub mod count;
pub mod exact;
pub mod failtable;
pub mod sweep;
pub mod table;
pub mod task;
pub mod worker;

use crate::rules::Jump;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Which engine.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum Algorithm {
    /// Pegsol's exact solver (the default).
    #[default]
    Exact,
    /// The assignment's budgeted depth-first search.
    Classic,
}

impl Algorithm {
    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Exact => "exact",
            Algorithm::Classic => "classic",
        }
    }
}

/// A snapshot of a running search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Nodes expanded so far.
    pub expanded: u64,
    /// Nodes generated so far.
    pub generated: u64,
    /// Fewest pegs seen so far.
    pub best_pegs: u32,
    /// Time since the search started.
    pub elapsed: Duration,
}

/// Why a search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stop {
    /// It reached its goal (a win for the classic search; a proven optimum for the exact one).
    Solved,
    /// It explored everything there was to explore.
    Exhausted,
    /// It used its budget of expansions.
    Budget,
    /// It was cancelled.
    Cancelled,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The engine.
    pub algorithm: Algorithm,
    /// The jumps from the start to the best position found.
    pub jumps: Vec<Jump>,
    /// Pegs left after those jumps.
    pub pegs_left: u32,
    /// Whether the best position wins (one peg; on the finish cell if one is required).
    pub won: bool,
    /// Whether no better result exists (the search was complete).
    pub proven_optimal: bool,
    /// Why it stopped.
    pub stop: Stop,
    /// Nodes expanded.
    pub expanded: u64,
    /// Nodes generated.
    pub generated: u64,
    /// Most nodes held at once (classic: boards kept; exact: table entries).
    pub peak_nodes: u64,
    /// Wall time.
    pub elapsed: Duration,
}

impl Outcome {
    /// Expansions per second, as the assignment prints it (whole number).
    pub fn expanded_per_second(&self) -> u64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 {
            (self.expanded as f64 / s) as u64
        } else {
            0
        }
    }
}

/// How a caller steers a running search: a cancel flag and a progress callback.
pub struct Control<'a> {
    cancel: &'a AtomicBool,
    on_progress: &'a mut (dyn FnMut(&Progress) + Send),
    started: Instant,
}

/// Expansions between two progress reports / cancel checks: about a millisecond of work.
pub const REPORT_EVERY: u64 = 4096;

impl<'a> Control<'a> {
    /// A control reading `cancel` and reporting to `on_progress`.
    pub fn new(cancel: &'a AtomicBool, on_progress: &'a mut (dyn FnMut(&Progress) + Send)) -> Self {
        Control {
            cancel,
            on_progress,
            started: Instant::now(),
        }
    }

    /// Whether the caller asked the search to stop.
    #[inline]
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Time since the control was made.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Reports progress.
    pub fn report(&mut self, expanded: u64, generated: u64, best_pegs: u32) {
        let p = Progress {
            expanded,
            generated,
            best_pegs,
            elapsed: self.started.elapsed(),
        };
        (self.on_progress)(&p);
    }

    /// The cancel flag, for engines that share it with helper threads.
    pub fn cancel_flag(&self) -> &'a AtomicBool {
        self.cancel
    }
}

/// Runs `algorithm` from `start` for `goal`: the classic search with `budget` expansions
/// (`None`: as many as it can address), or the exact solver with `budget` as its cap (`None`:
/// no limit). Callers choose their own default classic budget.
pub fn search(
    algorithm: Algorithm,
    start: &crate::rules::Position,
    goal: crate::rules::Goal,
    budget: Option<u64>,
    control: &mut Control,
) -> Outcome {
    match algorithm {
        Algorithm::Classic => {
            classic::solve(start, goal, budget.unwrap_or(classic::MAX_BUDGET), control)
        }
        Algorithm::Exact => exact::solve(
            start,
            goal,
            exact::Options {
                budget,
                ..exact::Options::default()
            },
            control,
        ),
    }
}

/// Runs `f` with a control that is never cancelled and ignores progress: for tests and the
/// command line's quiet paths.
pub fn uncontrolled<T>(f: impl FnOnce(&mut Control) -> T) -> T {
    let cancel = AtomicBool::new(false);
    let mut ignore = |_: &Progress| {};
    let mut control = Control::new(&cancel, &mut ignore);
    f(&mut control)
}
