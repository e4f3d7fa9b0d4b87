//! The prover: decides whether a position can end as one peg on a given cell, and proves the
//! answer, on boards where the exact solver's search cannot.
//!
//! It is a depth-first search like the exact solver's, with two differences that make it a
//! prover rather than a finder:
//! - **Signed pagoda functions** ([`signed`]), found as it goes: at a position no function
//!   found so far refutes, a linear programme looks for one that does (weights of either
//!   sign, as strong as any linear argument can be), and every function found prunes the
//!   rest of the search. On the 41-hole diamond these settle starts that the classical,
//!   non-negative functions leave open, often after a jump or two.
//! - **A lossless failure set**: positions proven unable to reach the goal are kept exactly
//!   (canonical forms under the symmetries that fix the finish cell), never overwritten, so
//!   an exhausted search is a proof.
//!
//! A [`Prover`] serves one board and one finish cell, and keeps its functions and failures
//! between calls: they are facts about positions and the finish, whatever the start. So
//! board analysis keeps one prover per finish cell.

pub mod signed;
mod simplex;

use crate::boards::compact::{Bits, Compact};
use crate::boards::set::BoardSet;
use crate::boards::symmetry::Symmetries;
use crate::Control;
use pegsol_rules::{Cell, CellSet, Jump, Shape};
use signed::SignedPagoda;

/// Most signed functions a prover keeps: each costs eight lookups per position tested. When
/// full, a new one replaces the one that has refuted least lately. 64 rather than 256: on
/// level 7's hardest lost middle game the backward proof took 1.3 s with 64, 2.3 s with 256
/// (a position no function refutes is tested against all of them), and `analyze diamond`
/// decides as many pairs.
pub const MAX_FUNCTIONS: usize = 64;

/// Most positions the failure set holds (8 bytes each, at most 3/4 full: 16 MiB at most),
/// so that board analysis can keep a prover per finish cell. Beyond it, failures are no
/// longer stored (still sound, only slower).
pub const MAX_FAILED: usize = 1 << 20;

/// Linear programmes a long search ([`Limits::long`]) may solve before it has expanded
/// anything (see [`Limits::free`]). Few: a programme costs most of a millisecond on a 45-hole
/// board, as much as a thousand expansions, and only one in ten or so finds a function; on
/// the lost middle games of the 45-hole boards 8 free programmes prove in 15-350 ms what 400
/// took 0.3-1.2 s for (measured with the hint judge's backward proofs).
const FREE_PROGRAMS: u64 = 8;

/// After the free programmes, one more for every this many expansions (512 rather than 256:
/// level 7's hardest backward proof 1.27 s instead of 1.63 s).
const EXPANSIONS_PER_PROGRAM: u64 = 512;

/// Positions with fewer pegs than this are searched, not argued about: their subtrees are
/// small.
const MIN_PEGS_FOR_PROGRAM: u32 = 7;

/// How much work one call may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Positions expanded at most.
    pub expansions: u64,
    /// Linear programmes solved at most.
    pub programs: u64,
    /// Programmes allowed before anything is expanded; beyond them, one per
    /// [`EXPANSIONS_PER_PROGRAM`] expansions.
    pub free: u64,
}

impl Limits {
    /// A quick look, a few milliseconds: enough to settle a position that one function
    /// refutes after a jump or two (the diamond's tip starts), cheap enough to try first.
    pub const QUICK: Limits = Limits {
        expansions: 256,
        programs: 16,
        free: 16,
    };

    /// A glance, a millisecond or two: a position that one function refutes at once or
    /// after a jump (the diamond's tip starts). For board analysis, which asks it of every
    /// pair, winnable ones included.
    pub const GLANCE: Limits = Limits {
        expansions: 32,
        programs: 4,
        free: 4,
    };

    /// A long search of `expansions` positions, with programmes at the usual rate.
    pub fn long(expansions: u64) -> Limits {
        Limits {
            expansions,
            programs: u64::MAX,
            free: FREE_PROGRAMS,
        }
    }
}

/// The answer for one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The finish can be reached: these jumps, from the position, end with one peg on it.
    Reachable(Vec<Jump>),
    /// Proven: no sequence of jumps ends with one peg on the finish cell.
    Unreachable,
    /// The budget ran out (or the search was cancelled) first.
    Unknown,
}

/// What one call did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The answer.
    pub verdict: Verdict,
    /// Positions expanded (their jumps tried).
    pub expanded: u64,
    /// Linear programmes solved in this call.
    pub programs: u64,
    /// Signed functions the prover holds after the call.
    pub functions: usize,
}

/// Which cells of `finishes` `pegs` (on `shape`) is proven never to end on as one peg,
/// each looked at quickly ([`Limits::QUICK`]) both ways: forward to the finish, and (the game
/// played backwards on the complement) from the board less the finish cell to the
/// position's complement. A few tens of milliseconds per cell; for the exact solver, before
/// it settles into a long search for a one-peg finish.
pub fn refuted_finishes(
    shape: &Shape,
    pegs: CellSet,
    finishes: CellSet,
    control: &mut Control,
) -> CellSet {
    let mut refuted = CellSet::EMPTY;
    let holes = shape.cells() - pegs;
    for f in finishes {
        let forward =
            Prover::new(shape, f).map(|mut p| p.decide(pegs, Limits::QUICK, control).verdict);
        let mut lost = forward == Some(Verdict::Unreachable);
        if !lost && !holes.is_empty() {
            let backward = Prover::for_goal(shape, holes).map(|mut p| {
                p.decide(shape.cells() - CellSet::single(f), Limits::QUICK, control)
                    .verdict
            });
            lost = backward == Some(Verdict::Unreachable);
        }
        if lost {
            refuted.insert(f);
        }
        if control.cancelled() {
            break;
        }
    }
    refuted
}

/// A prover for one board and one goal (see the module docs).
pub struct Prover {
    compact: Compact<u64>,
    syms: Symmetries<u64>,
    goal: u64,
    goal_pegs: u32,
    /// The signed functions, one per slot (at most [`MAX_FUNCTIONS`]).
    pagodas: Vec<SignedPagoda>,
    /// Each slot's weight of the goal; `i32::MIN` for an empty slot, which refutes nothing.
    goal_values: Values,
    /// `deltas[j][slot]`: how much jump `j` changes the slot's total (0 or less). A child's
    /// totals are its parent's plus one row, added slot by slot in a loop the compiler
    /// vectorises: a few nanoseconds where weighing each child afresh took eight lookups per
    /// function.
    deltas: Vec<Values>,
    /// Refutations per slot since the last function was kept, halved at each: the slot with
    /// the fewest is the one a new function replaces when all are taken.
    hits: [u32; MAX_FUNCTIONS],
    /// Bumped whenever a function is kept, so that totals computed before it are recomputed.
    generation: u64,
    failed: BoardSet<u64>,
}

/// A position's total under each slot's function. 32 bits rather than 64: a child's totals
/// are copied and added at every node, and half the width is half the traffic (level 7's
/// hardest backward proof: see docs/performance.md). Only functions whose every total fits are kept
/// ([`fits_values`]).
type Values = [i32; MAX_FUNCTIONS];

/// Whether every board's total under `p` fits a [`Values`] slot: the weights' absolute sum
/// does.
fn fits_values(p: &SignedPagoda) -> bool {
    (0..p.len())
        .try_fold(0i64, |sum, i| sum.checked_add(p.weight(i).checked_abs()?))
        .is_some_and(|sum| sum <= i64::from(i32::MAX))
}

/// One call's counters and limits.
struct Run<'c, 'a> {
    limits: Limits,
    expanded: u64,
    programs: u64,
    control: &'c mut Control<'a>,
    stopped: bool,
}

impl Prover {
    /// A prover for a finish on `finish` of `shape`; `None` when the board has more than 64
    /// holes (the prover's boards are 64-bit) or the cell is not on it.
    pub fn new(shape: &Shape, finish: Cell) -> Option<Prover> {
        if !shape.contains(finish) {
            return None;
        }
        Prover::for_goal(shape, CellSet::single(finish))
    }

    /// A prover for reaching exactly the pegs `goal` (not empty, on the board): a one-peg
    /// finish, or, for the game played backwards, a whole start turned inside out.
    pub fn for_goal(shape: &Shape, goal: CellSet) -> Option<Prover> {
        if shape.cells().len() > 64 || goal.is_empty() || !goal.is_subset(shape.cells()) {
            return None;
        }
        let compact = Compact::<u64>::new(shape);
        // Failures are facts about reaching the goal: only symmetries that keep it apply.
        let syms = Symmetries::new(&compact, shape, |s| s.apply(goal) == goal);
        let goal_pegs = goal.len();
        let goal = compact.encode(goal);
        Some(Prover {
            deltas: vec![[0; MAX_FUNCTIONS]; compact.jumps.len()],
            compact,
            syms,
            goal,
            goal_pegs,
            pagodas: Vec::new(),
            goal_values: [i32::MIN; MAX_FUNCTIONS],
            hits: [0; MAX_FUNCTIONS],
            generation: 0,
            failed: BoardSet::try_with_capacity(1 << 16)
                .unwrap_or_else(|| BoardSet::with_capacity(16)),
        })
    }

    /// Signed functions found so far, those that refuted most lately first.
    pub fn functions(&self) -> Vec<SignedPagoda> {
        let mut order: Vec<usize> = (0..self.pagodas.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(self.hits[i]));
        order.into_iter().map(|i| self.pagodas[i].clone()).collect()
    }

    /// Takes in functions found by another prover on the same board (see
    /// [`Prover::functions`]), in their order, until [`MAX_FUNCTIONS`] are held. Sound for any
    /// goal: a signed function is a fact about the board's jumps (no jump raises its total),
    /// so it refutes, for this prover's goal, every position weighing less than the goal.
    /// The caller keeps functions per board: those of another board are unsound here (only
    /// a different cell count is caught, and ignored).
    pub fn adopt_functions(&mut self, functions: &[SignedPagoda]) {
        for p in functions {
            if self.pagodas.len() >= MAX_FUNCTIONS {
                break;
            }
            if p.len() == self.compact.cells.len() && !self.pagodas.contains(p) {
                self.keep(p.clone());
            }
        }
    }

    /// Bytes of the failure set.
    pub fn storage_bytes(&self) -> u64 {
        self.failed.bytes() as u64
    }

    /// Decides whether `pegs` can end as one peg on the finish cell, within `limits`. A
    /// winning line is replayed before it is returned.
    pub fn decide(&mut self, pegs: CellSet, limits: Limits, control: &mut Control) -> Report {
        let board = self.compact.encode(pegs);
        let mut run = Run {
            limits,
            expanded: 0,
            programs: 0,
            control,
            stopped: false,
        };
        let mut path = Vec::new();
        let verdict = match self.dfs(board, &mut run, &mut path) {
            true => {
                path.reverse();
                if self.replays(board, &path) {
                    Verdict::Reachable(path)
                } else {
                    // Never claim a win that does not replay (it cannot happen; say unknown).
                    Verdict::Unknown
                }
            }
            false if run.stopped => Verdict::Unknown,
            false => Verdict::Unreachable,
        };
        Report {
            verdict,
            expanded: run.expanded,
            programs: run.programs,
            functions: self.pagodas.len(),
        }
    }

    /// Whether `path` is legal jump after jump from `board` and ends on the goal.
    fn replays(&self, mut board: u64, path: &[Jump]) -> bool {
        for jump in path {
            let Some(j) = self.compact.jumps.iter().find(|j| j.jump == *jump) else {
                return false;
            };
            if !j.legal(board) {
                return false;
            }
            board ^= j.all;
        }
        board == self.goal
    }

    /// Every slot's total for `board`, weighed afresh.
    fn values_of(&self, board: u64) -> Values {
        let mut v = [0; MAX_FUNCTIONS];
        for (slot, p) in v.iter_mut().zip(&self.pagodas) {
            // Fits: only functions that pass `fits_values` are kept.
            *slot = p.value(board) as i32;
        }
        v
    }

    /// Whether a function refutes the position whose totals are `values` (it weighs less
    /// than the goal); the function that does is credited with a hit.
    #[inline]
    fn refuted(&mut self, values: &Values) -> bool {
        let mut any = false;
        for (v, g) in values.iter().zip(&self.goal_values) {
            any |= v < g;
        }
        if any {
            if let Some(i) = values
                .iter()
                .zip(&self.goal_values)
                .position(|(v, g)| v < g)
            {
                self.hits[i] = self.hits[i].saturating_add(1);
            }
        }
        any
    }

    /// Keeps a new function, in a free slot or in place of the one with the fewest hits.
    fn keep(&mut self, p: SignedPagoda) {
        if !fits_values(&p) {
            return;
        }
        let slot = if self.pagodas.len() < MAX_FUNCTIONS {
            self.pagodas.push(p);
            self.pagodas.len() - 1
        } else {
            let slot = (0..MAX_FUNCTIONS)
                .min_by_key(|&i| self.hits[i])
                .unwrap_or(MAX_FUNCTIONS - 1);
            self.pagodas[slot] = p;
            slot
        };
        for h in &mut self.hits {
            *h /= 2;
        }
        self.hits[slot] = 0;
        let p = &self.pagodas[slot];
        self.goal_values[slot] = p.value(self.goal) as i32;
        for (row, j) in self.deltas.iter_mut().zip(&self.compact.jumps) {
            row[slot] = p.jump_change(j) as i32;
        }
        self.generation += 1;
    }

    /// Whether a programme may be tried now (see [`FREE_PROGRAMS`]).
    fn may_program(&self, pegs: u32, run: &Run) -> bool {
        pegs >= MIN_PEGS_FOR_PROGRAM
            && run.programs < run.limits.programs
            && run.programs <= run.limits.free + run.expanded / EXPANSIONS_PER_PROGRAM
    }

    /// True when `board` reaches the goal (the jumps pushed onto `path`, last first); false
    /// when it cannot, or when the run stopped (`run.stopped`).
    fn dfs(&mut self, board: u64, run: &mut Run, path: &mut Vec<Jump>) -> bool {
        let values = self.values_of(board);
        self.dfs_with(board, &values, run, path)
    }

    /// [`Prover::dfs`] given `board`'s totals under the functions of the current generation.
    fn dfs_with(
        &mut self,
        board: u64,
        values: &Values,
        run: &mut Run,
        path: &mut Vec<Jump>,
    ) -> bool {
        if board == self.goal {
            return true;
        }
        let pegs = board.count();
        if pegs <= self.goal_pegs || self.refuted(values) {
            return false;
        }
        let canon = self.syms.canon(board);
        if self.failed.contains(canon) {
            return false;
        }
        if self.may_program(pegs, run) {
            run.programs += 1;
            if let Some(p) = SignedPagoda::find(&self.compact, board, self.goal) {
                self.keep(p);
                return false;
            }
        }
        if run.expanded >= run.limits.expansions {
            run.stopped = true;
            return false;
        }
        run.expanded += 1;
        if run.expanded.is_multiple_of(1024) {
            run.control.report(run.expanded, 0, pegs);
            if run.control.cancelled() {
                run.stopped = true;
                return false;
            }
        }
        let mut generation = self.generation;
        let mut own = *values;
        for j in self.compact.legal(board).iter() {
            // A function kept below this position changes every total: weigh afresh.
            if generation != self.generation {
                own = self.values_of(board);
                generation = self.generation;
            }
            let jump = self.compact.jumps[j];
            let child = board ^ jump.all;
            let mut next = own;
            for (v, d) in next.iter_mut().zip(&self.deltas[j]) {
                *v += d;
            }
            if self.dfs_with(child, &next, run, path) {
                path.push(jump.jump);
                return true;
            }
            if run.stopped {
                return false;
            }
        }
        if self.failed.len() < MAX_FAILED {
            // A cache: under a memory limit that refuses it more room, forgetting costs
            // only a repeated search.
            let _ = self.failed.try_insert(canon);
        }
        false
    }
}
