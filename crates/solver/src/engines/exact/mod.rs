//! Pegsol's exact solver: the fewest pegs that can remain (or a finish on a given cell), found
//! and proven.
//!
//! How it works:
//! - **Position classes** first: a finish cell in another class than the start is impossible
//!   with no search at all, and a start whose class has no single-cell finish cannot end with
//!   one peg, so the search starts at two.
//! - **Iterative targets**: for "fewest pegs", it asks "can k pegs be reached?" for k = the
//!   class bound, then k + 1, ...; the first yes is optimal because every smaller k was
//!   searched exhaustively.
//! - **Meet in the middle**: a backward search from the goal ([`crate::boards::goal_side::GoalSide`]) lists every position
//!   with few pegs that can still win; the forward search stops there with a lookup.
//! - **Depth-first search with a failure table**: a position whose every continuation failed is
//!   stored by its canonical form under the symmetries that keep the goal, so neither it nor
//!   any mirror image is searched again. The symmetric images of the current board are kept up
//!   to date with one xor per symmetry per jump, so canonical forms cost almost nothing.
//! - **Pagoda functions** ([`crate::boards::pagodas`]): for a one-peg finish, a
//!   handful of pagoda functions are kept up to date with one subtraction per jump, and a
//!   position that weighs less than every finish is cut as lost.
//! - **A portfolio**: beside the depth-first workers, a beam search (`beam.rs`) keeps the
//!   most compact positions per peg count and often finds a finish at once; it proves
//!   nothing, but a finish at the target being tried is optimal, because every smaller target
//!   was proven out of reach by the complete search. [`Outcome::found_by`] says who found it.
//! - **Members and orderings**: a fixed number of depth-first members (not one per core),
//!   each taking its turn with several jump orderings under doubling budgets (restarts), all
//!   sharing the failure table, because no single ordering suits every board. The calling
//!   thread only reports progress.
//! - **Lockstep** (`lockstep.rs`): the members run in rounds of a fixed number of expansions
//!   and share what they found only between rounds, in member order, so the outcome (the
//!   line, the verdict, the expansions) depends only on the start, the goal, the budget and
//!   the options, never on timing or load; and the budget is handed out in slices, so
//!   `expanded` never exceeds it.
//!
//! An [`ExactSolver`] keeps its failure tables and goal sides between calls: they are facts
//! about the board and the goal, not about the start, so hints, "still winnable?" checks and
//! board analysis get faster as they go.
//!
//! The code is in six files: this one (the solver's options and entry points),
//! `search.rs` (targets, phases, tables and goal sides for one call), `workers.rs` (the
//! threads and the depth-first search they run), `lockstep.rs` (their rounds), `beam.rs` (the
//! heuristic member) and `orderings.rs` (the jump orders).

mod beam;
mod lockstep;
mod orderings;
mod search;
mod shared;
mod workers;

pub(crate) use beam::{Borders, FIRST_WIDTH, MAX_WIDTH};

use crate::{Control, Outcome};
use pegsol_rules::{Goal, Position, Shape};
use search::Search;

/// Options for an exact solver.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Maximum positions expanded per call, over all targets and threads (`None`: no limit).
    pub budget: Option<u64>,
    /// Depth-first members of the portfolio, each on its own thread (`0`:
    /// [`DEPTH_FIRST_MEMBERS`]). A fixed number, never the machine's cores: the members run in
    /// lockstep, so the same start, goal, budget and options give the same outcome on every
    /// machine and under any load.
    pub threads: usize,
    /// Most memory for each failure table, in bytes (`0`: [`DEFAULT_TABLE_BYTES`]).
    pub table_bytes: usize,
    /// Answer only "can the goal be reached?": for [`Goal::Anywhere`] only one peg is
    /// sought, and when that is exhausted the outcome is marked proven (the goal is proven
    /// out of reach) without going on to find the fewest pegs. For hints and "still
    /// winnable?", where the fewest pegs of a lost position are not wanted.
    pub win_only: bool,
    /// How much work each stage of a call may do before the next begins.
    pub stages: Stages,
    /// Whether the portfolio's heuristic member (a beam search beside the depth-first
    /// workers, one more thread) runs. It only ever finds, never proves, so turning it off
    /// changes speed, not answers. On by default.
    pub beam: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            budget: None,
            threads: 0,
            table_bytes: 0,
            win_only: false,
            stages: Stages::default(),
            beam: true,
        }
    }
}

/// How much work each stage of a call may do before the next begins: the inline attempt on
/// the calling thread, the quick phase without a goal side, a worker's first attempt before
/// it restarts with another ordering. The defaults suit every board; tests shrink them so
/// that even small boards go through worker threads, restarts and the goal side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stages {
    /// Expansions the inline attempt may use before workers start (`0`: no inline attempt).
    pub inline_attempt: u64,
    /// Expansions the quick first phase may use before the goal side is built (checked
    /// every thousand or so expansions of each worker; `0`: build the goal side at once).
    pub quick_phase: u64,
    /// Expansions a worker's first attempt may use; each later attempt doubles it.
    pub first_attempt: u64,
    /// Most positions a goal side may hold (a budget lowers it further: a quarter of the
    /// budget at most).
    pub goal_side_entries: usize,
}

impl Default for Stages {
    fn default() -> Stages {
        Stages {
            inline_attempt: INLINE_ATTEMPT,
            quick_phase: QUICK_PHASE,
            first_attempt: FIRST_ATTEMPT,
            goal_side_entries: GOAL_SIDE_ENTRIES,
        }
    }
}

/// Memory for one failure table when the budget is unlimited.
pub const DEFAULT_TABLE_BYTES: usize = 512 << 20;

/// Expansions the inline attempt on the calling thread may use before workers start.
const INLINE_ATTEMPT: u64 = 5_000;

/// Expansions the quick first phase may use before the goal side is built.
const QUICK_PHASE: u64 = 400_000;

/// Memory for the quick phase's failure table (see `Search::prepare`): about 16 bytes per
/// expansion of [`QUICK_PHASE`].
const QUICK_TABLE_BYTES: usize = 2 << 20;

/// Most positions a goal side may hold (about 8 bytes each, twice over while it grows).
const GOAL_SIDE_ENTRIES: usize = 3_000_000;

/// Within this many pegs of the target, positions skip the failure table: their subtrees are
/// tiny, and searching them again is cheaper than a lookup that misses the cache.
pub(crate) const NEAR_TARGET: u32 = 3;

/// Expansions allowed to a worker's first attempt; each later attempt doubles it.
const FIRST_ATTEMPT: u64 = 20_000;

/// Expansions of a depth-first member per round of the lockstep (`lockstep.rs`): a few
/// milliseconds, so a cancel is seen at once and a search that ends mid-round wastes little.
const SLICE: u64 = 1 << 13;

/// Expansions of the beam member per round: a beam expansion generates, weighs and scores
/// every child, about four times a depth-first expansion's work (measured with `perf` on the
/// diamond's tip start), so that its slice takes about as long as the others' and nobody
/// waits long at the end of a round; it also keeps the beam's share of the processor what it
/// was when it ran freely beside two depth-first workers (a third).
const BEAM_SLICE: u64 = 1 << 11;

/// Depth-first members of the portfolio when the options do not say (`threads: 0`): one
/// keeps the assignment's order, one takes turns with the others.
pub const DEPTH_FIRST_MEMBERS: usize = 2;

impl Options {
    /// The failure table's size: enough for the budget, at most [`DEFAULT_TABLE_BYTES`] (or
    /// the size asked for), and at most a quarter of the memory the system has available (a
    /// call may hold a table per target peg count).
    fn table_bytes(&self) -> usize {
        let cap = match self.table_bytes {
            0 => DEFAULT_TABLE_BYTES,
            n => n,
        } as u64;
        let cap = crate::system_memory::available_memory().map_or(cap, |a| cap.min(a / 4));
        let wanted = self.budget.map_or(cap, |b| b.saturating_mul(16));
        wanted.clamp(1 << 20, cap.max(1 << 20)) as usize
    }

    fn goal_side_entries(&self) -> usize {
        let cap = self.stages.goal_side_entries;
        self.budget
            .map_or(cap, |b| (b / 4).min(cap as u64) as usize)
    }
}

/// An exact solver for one board and goal, reusable across starting positions.
pub struct ExactSolver {
    inner: Inner,
}

enum Inner {
    Narrow(Box<Search<u64>>),
    Wide(Box<Search<u128>>),
}

impl ExactSolver {
    /// A solver for `goal` on `shape`.
    pub fn new(shape: &Shape, goal: Goal, options: Options) -> ExactSolver {
        let inner = if shape.cells().len() <= 64 {
            Inner::Narrow(Box::new(Search::new(shape, goal, options)))
        } else {
            Inner::Wide(Box::new(Search::new(shape, goal, options)))
        };
        ExactSolver { inner }
    }

    /// Changes the budget for later calls.
    pub fn set_budget(&mut self, budget: Option<u64>) {
        match &mut self.inner {
            Inner::Narrow(s) => s.options.budget = budget,
            Inner::Wide(s) => s.options.budget = budget,
        }
    }

    /// Forgets what earlier calls learnt (failure tables, goal sides), so that the next call
    /// answers exactly as a new solver would, only sooner (the pagoda functions it derived
    /// are kept: a new solver would derive the same). For the hint judge, whose answers must
    /// not depend on the questions asked before.
    pub fn forget(&mut self) {
        match &mut self.inner {
            Inner::Narrow(s) => s.forget(),
            Inner::Wide(s) => s.forget(),
        }
    }

    /// Bytes allocated for the solver's own tables: its failure tables (allocated size; the
    /// lossy table's pages count even before they are touched) and its goal sides. Not
    /// counted: worker stacks, the jump lists, the process itself. The tables are kept
    /// between calls, so after one call on a fresh solver this is that call's storage.
    pub fn storage_bytes(&self) -> u64 {
        match &self.inner {
            Inner::Narrow(s) => s.storage_bytes(),
            Inner::Wide(s) => s.storage_bytes(),
        }
    }

    /// Solves from `start` (which must be on this solver's shape).
    pub fn solve(&mut self, start: &Position, control: &mut Control) -> Outcome {
        match &mut self.inner {
            Inner::Narrow(s) => s.run(start, control),
            Inner::Wide(s) => s.run(start, control),
        }
    }
}

impl ExactSolver {
    /// One beam of the portfolio's beam member run alone from `start` towards `k` pegs
    /// (width `width`, seed `seed`; see `beam.rs`), as jumps: for the tests of the Search
    /// view's stepped beam (`solver::trace::beam`), which must not drift from it.
    #[cfg(test)]
    pub(crate) fn beam_alone(
        &self,
        start: &Position,
        k: u32,
        width: usize,
        seed: u64,
    ) -> beam::BeamAlone {
        match &self.inner {
            Inner::Narrow(s) => s.beam_alone(s.compact.encode(start.pegs()), k, width, seed),
            Inner::Wide(s) => s.beam_alone(s.compact.encode(start.pegs()), k, width, seed),
        }
    }

    /// The jumps of a line of compact jump indices (the engine's own numbering).
    #[cfg(test)]
    pub(crate) fn jumps_of(&self, line: &[u16]) -> Vec<pegsol_rules::Jump> {
        let jump = |j: u16| match &self.inner {
            Inner::Narrow(s) => s.compact.jumps[usize::from(j)].jump,
            Inner::Wide(s) => s.compact.jumps[usize::from(j)].jump,
        };
        line.iter().map(|&j| jump(j)).collect()
    }
}

/// Solves `start` for `goal`: the fewest pegs for [`Goal::Anywhere`], a finish on the cell for
/// [`Goal::At`].
pub fn solve(start: &Position, goal: Goal, options: Options, control: &mut Control) -> Outcome {
    ExactSolver::new(start.shape(), goal, options).solve(start, control)
}

/// Whether `goal` can still be reached from `start`, within `budget` expansions: `Some(true)`
/// with a winning line, `Some(false)` if proven impossible, `None` if the budget ran out.
pub fn winnable(
    start: &Position,
    goal: Goal,
    budget: Option<u64>,
    control: &mut Control,
) -> (Option<bool>, Outcome) {
    let outcome = solve(
        start,
        goal,
        Options {
            budget,
            ..Options::default()
        },
        control,
    );
    (verdict(&outcome), outcome)
}

/// `Some(true)` won, `Some(false)` proven impossible, `None` unknown.
pub fn verdict(outcome: &Outcome) -> Option<bool> {
    if outcome.won {
        Some(true)
    } else if outcome.proven_optimal {
        Some(false)
    } else {
        None
    }
}
