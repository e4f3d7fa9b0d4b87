//! What a search reports: why it stopped ([`Stop`]) and what it found ([`Outcome`]), with the
//! assignment's STATS block and a verdict in words, which the command line and the window
//! both show.

use super::Engine;
use pegsol_rules::Jump;
use std::time::Duration;

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
    /// Its tables could not grow within the memory the process may use; what it found so far
    /// is kept.
    OutOfMemory,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The engine.
    pub engine: Engine,
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
    /// Bytes of the engine's own storage at the end of the search, its peak but for brief
    /// growth spurts: classic, its duplicate set, recent-board cache and stack (see
    /// [`crate::engines::classic::solve`]); exact, its failure tables as allocated (pages are resident only
    /// once touched) and its goal sides, including any kept from earlier calls of the same
    /// solver (see
    /// [`crate::engines::exact::ExactSolver::storage_bytes`]).
    pub storage_bytes: u64,
    /// Which member of the exact solver's portfolio found the jumps when they reach the goal
    /// or the proven best (`None`: the classic engine, or nothing needed searching).
    pub found_by: Option<Finder>,
}

/// A member of the exact solver's portfolio: who found a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Finder {
    /// The complete depth-first search (with its goal side), which also proves.
    DepthFirst,
    /// A beam search keeping the `width` most promising positions per peg count; it proves
    /// nothing, but a finish it finds at the bound being proven is optimal.
    Beam {
        /// Positions kept per peg count.
        width: u32,
    },
}

impl std::fmt::Display for Finder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Finder::DepthFirst => write!(f, "depth-first search"),
            Finder::Beam { width } => write!(f, "beam search (width {width})"),
        }
    }
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

    /// The STATS block exactly as the assignment prints it and writes to `output.txt`.
    pub fn stats_block(&self) -> String {
        format!(
            "STATS:\nExpanded nodes: {}\nGenerated nodes: {}\nSolution Length: {}\n\
             Number of Pegs Left: {}\nExpanded/seconds: {}\nTime (seconds): {:.6}\n",
            self.expanded,
            self.generated,
            self.jumps.len(),
            self.pegs_left,
            self.expanded_per_second(),
            self.elapsed.as_secs_f64()
        )
    }

    /// How the search ended, in words: won, proven optimal, budget exhausted, cancelled.
    pub fn verdict_text(&self) -> &'static str {
        match (self.won, self.proven_optimal, self.stop) {
            (_, _, Stop::Cancelled) => "cancelled",
            (_, _, Stop::OutOfMemory) => {
                "out of memory: the best found before the tables were full"
            }
            (true, _, _) => "won",
            (false, true, _) => "proven optimal: no position with fewer pegs can be reached",
            (false, false, Stop::Budget) => "budget exhausted",
            (false, false, _) => "not won",
        }
    }
}
