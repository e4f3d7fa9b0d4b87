//! The assignment's budgeted depth-first search ("classic"), reproduced node for node.
//!
//! The semantics are those of COMP20003's `find_solution`:
//! - an explicit stack; popping a node expands it (the root counts);
//! - a popped node with fewer pegs than the best so far is saved as the solution;
//! - children are generated scanning column `x` outer, row `y` inner, then the grid's
//!   directions in order (square: Left, Right, Up, Down; triangular: see
//!   [`pegsol_rules::TRIANGULAR_DIRECTIONS`]); every legal jump counts as generated;
//! - a child with one peg is saved and ends the search (one peg anywhere: the assignment's
//!   `won`; a finish cell, if the layout sets one, is only checked in the result);
//! - a child whose board was never seen (one global set, never cleared) is pushed;
//! - after the children, the search stops if `expanded >= budget`.
//!
//! What differs is only how it is stored: a node is not a 100-byte struct but a board on the
//! stack and, once expanded, 6 bytes (parent index and jump) in an arena; the duplicate set
//! holds bare compact boards. That is what lets level 6 finish in well under a gigabyte.
//!
//! The search is a [`Search`] that expands one node per [`Search::step`], shown to a
//! [`Watch`]er: [`solve`] runs it to the end with [`Unwatched`] (whose hooks compile to
//! nothing), `pegsol trace` and the window's Search view step it and look
//! ([`crate::trace`]).

use crate::boards::compact::{Bits, Compact};
use crate::boards::set::BoardSet;
use crate::system_memory::{available_memory, size_text};
use crate::with_bits;
use crate::Budget;
use crate::{Control, Engine, Outcome, Stop, REPORT_EVERY};
use pegsol_rules::{CellSet, Goal, Jump, Position};
use std::time::Duration;

/// Largest budget accepted: far beyond any memory, but keeps the arithmetic honest.
pub const MAX_BUDGET: u64 = 1 << 40;

/// Bytes the search needs per expansion, measured on levels 5-7 (the classic search's memory
/// in docs/performance.md): about one new board kept per expansion, in a set that is between
/// 3/8 and 3/4 full (11-21 bytes a board), and twice that while the set doubles.
pub const BYTES_PER_EXPANSION: u64 = 48;

/// A generous estimate of the memory a search with `budget` expansions may take, in bytes,
/// for boards of `cells` holes (boards over 64 holes take 16-byte keys).
pub fn estimate_bytes(budget: u64, cells: u32) -> u64 {
    let per = if cells <= 64 {
        BYTES_PER_EXPANSION
    } else {
        2 * BYTES_PER_EXPANSION
    };
    budget.saturating_mul(per)
}

/// Runs the classic search from `start` with a budget of expanded nodes. The outcome's
/// storage is the bytes the search's own storage took at the end: the duplicate set's slots,
/// the cache of recent boards and the stack's capacity. These only grow during a search, so
/// this is their peak, except for the moment the duplicate set doubles (old and new slots
/// both live: up to 1.5 times the set's share). Not counted: the solution path, allocator
/// overhead, the process itself.
pub fn solve(start: &Position, goal: Goal, budget: u64, control: &mut Control) -> Outcome {
    let cells = start.shape().cells().len();
    with_bits!(cells, B => run::<B>(start, goal, budget, control))
}

fn run<B: Bits>(start: &Position, goal: Goal, budget: u64, control: &mut Control) -> Outcome {
    let mut search = Search::<B>::new(start, budget);
    // The loop compiled for the processor's features too (popcnt for the peg counts).
    crate::cpu::fast(
        #[inline(always)]
        || loop {
            if search.step(&mut Unwatched).is_some() {
                break;
            }
            if search.expanded.is_multiple_of(REPORT_EVERY) {
                control.report(search.expanded, search.generated, search.best);
                if control.cancelled() {
                    search.stop = Some(Stop::Cancelled);
                    break;
                }
            }
        },
    );
    control.report(search.expanded, search.generated, search.best);
    search.outcome(start, goal, control.elapsed())
}

/// What became of a child the search generated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// It has one peg: the search saves it and stops.
    Won,
    /// Its board was seen before: it is dropped.
    Duplicate,
    /// Its board is new: it is remembered and pushed.
    Pushed,
}

/// What a watcher of the search is shown: every expansion and every child generated. The
/// methods do nothing by default and the search is generic over its watcher, so the engine
/// compiled with [`Unwatched`] has no hooks left in it (see [`crate::trace`]).
pub trait Watch<B> {
    /// Node `n` (counted from 1) is being expanded: its board and the jumps (indices into
    /// [`Search::jumps`]) from the start to it.
    #[inline(always)]
    fn expanding(&mut self, _n: u64, _board: B, _path: &[u16]) {}

    /// The node being expanded generated a child with jump `jump`, and this became of it.
    /// Children come in the scan order, except that a duplicate caught by the cache of
    /// recent boards is told before the children that need the big set.
    #[inline(always)]
    fn generated(&mut self, _jump: u16, _fate: Fate) {}
}

/// The watcher that looks at nothing: the plain engine.
pub struct Unwatched;

impl<B> Watch<B> for Unwatched {}

/// Slots in the cache of recently seen boards: 512 KiB of `u64`s, which stays in L2.
const RECENT_SLOTS: usize = 1 << 16;

/// The classic search as a state that expands one node at a time ([`Search::step`]): the
/// engine runs it to the end, a trace or the window's Search view one expansion at a time.
pub struct Search<B: Bits> {
    compact: Compact<B>,
    /// A stack entry is a board, its depth and the jump (index into `compact.jumps`) that made
    /// it. No node is kept after it is expanded: in this depth-first order, when a node of
    /// depth d is popped, the last node expanded at each depth below d is its ancestor, so
    /// `path[..d]` always holds the jumps from the root to the node being expanded.
    stack: Vec<(B, u16, u16)>,
    path: Vec<u16>,
    seen: BoardSet<B>,
    /// Most duplicates are transpositions found a few nodes later, so a small direct-mapped
    /// cache of recently seen boards answers most lookups without touching the big set. It
    /// only ever holds boards that are in `seen`, so a hit is always a true duplicate.
    recent: Vec<B>,
    fresh: Vec<(B, u16)>,
    best: u32,
    best_path: Vec<u16>,
    expanded: u64,
    generated: u64,
    budget: u64,
    stop: Option<Stop>,
    /// Bytes asked for when memory ran out (kept in the outcome's storage figure).
    storage_wanted: u64,
    /// The set size whose next table was already had once (asked for once per doubling).
    probed: usize,
}

impl<B: Bits> Search<B> {
    /// A search from `start` that stops after `budget` expansions. `start` must have at most
    /// `B::WIDTH` holes (see [`with_bits!`](crate::with_bits)).
    pub fn new(start: &Position, budget: u64) -> Search<B> {
        let compact = Compact::<B>::new(start.shape());
        let root = compact.encode(start.pegs());
        Search {
            compact,
            stack: vec![(root, 0, 0)],
            path: Vec::new(),
            seen: BoardSet::<B>::with_capacity(1 << 16),
            recent: std::iter::repeat_n(B::ZERO, RECENT_SLOTS).collect(),
            fresh: Vec::with_capacity(64),
            best: root.count(),
            best_path: Vec::new(),
            expanded: 0,
            generated: 0,
            budget,
            stop: None,
            storage_wanted: 0,
            probed: 0,
        }
    }

    #[inline(always)]
    fn recent_slot(b: B) -> usize {
        (b.hash64().rotate_left(23) as usize) & (RECENT_SLOTS - 1)
    }

    /// Expands the next node, showing it and its children to `watch`; once the search has
    /// stopped (now or before), why.
    #[inline(always)]
    pub fn step(&mut self, watch: &mut impl Watch<B>) -> Option<Stop> {
        if self.stop.is_some() {
            return self.stop;
        }
        let Some((board, depth, jump)) = self.stack.pop() else {
            self.stop = Some(Stop::Exhausted);
            return self.stop;
        };
        let path = &mut self.path;
        path.truncate(usize::from(depth));
        if depth > 0 {
            path[usize::from(depth) - 1] = jump;
        }
        self.expanded += 1;
        watch.expanding(self.expanded, board, path);
        let pegs = board.count();
        if pegs < self.best {
            self.best = pegs;
            self.best_path.clone_from(path);
        }
        self.fresh.clear();
        for j in self.compact.legal(board).iter() {
            let child = board ^ self.compact.jumps[j].all;
            self.generated += 1;
            if pegs - 1 == 1 {
                watch.generated(j as u16, Fate::Won);
                self.best = 1;
                self.best_path.clone_from(path);
                self.best_path.push(j as u16);
                self.stop = Some(Stop::Solved);
                return self.stop;
            }
            if self.recent[Self::recent_slot(child)] != child {
                self.seen.prefetch(child);
                self.fresh.push((child, j as u16));
            } else {
                watch.generated(j as u16, Fate::Duplicate);
            }
        }
        // The set doubles when it passes three quarters full, and the stack grows: both are
        // asked for first, fallibly, so that a process limit (`ulimit -v`, a cgroup) ends the
        // search with what it found instead of aborting it.
        if let Err(need) = room_for(
            &self.seen,
            &mut self.stack,
            self.fresh.len(),
            &mut self.probed,
        ) {
            self.storage_wanted = need;
            self.stop = Some(Stop::OutOfMemory);
            return self.stop;
        }
        // Inserting after all prefetches lets the memory fetches overlap; the order of
        // inserts and pushes is still the scan order.
        for &(child, j) in &self.fresh {
            self.recent[Self::recent_slot(child)] = child;
            if self.seen.insert(child) {
                watch.generated(j, Fate::Pushed);
                self.stack.push((child, depth + 1, j));
                if path.len() <= usize::from(depth) {
                    path.resize(usize::from(depth) + 1, 0);
                }
            } else {
                watch.generated(j, Fate::Duplicate);
            }
        }
        if self.expanded >= self.budget {
            self.stop = Some(Stop::Budget);
        }
        self.stop
    }

    /// Nodes expanded so far.
    pub fn expanded(&self) -> u64 {
        self.expanded
    }

    /// Nodes generated so far.
    pub fn generated(&self) -> u64 {
        self.generated
    }

    /// The fewest pegs seen so far (a won child counts).
    pub fn best_pegs(&self) -> u32 {
        self.best
    }

    /// Nodes waiting on the stack.
    pub fn stack_len(&self) -> usize {
        self.stack.len()
    }

    /// Why the search stopped, once it has.
    pub fn stopped(&self) -> Option<Stop> {
        self.stop
    }

    /// Every geometric jump of the board, in the scan order: the paths and children the
    /// watcher is shown index this list.
    pub fn jumps(&self) -> impl ExactSizeIterator<Item = Jump> + '_ {
        self.compact.jumps.iter().map(|j| j.jump)
    }

    /// A compact board (as the watcher is shown it) as its pegs.
    pub fn pegs_of(&self, board: B) -> CellSet {
        self.compact.decode(board)
    }

    /// The jumps from the start to the best node found so far.
    pub fn best_jumps(&self) -> Vec<Jump> {
        self.best_path
            .iter()
            .map(|&j| self.compact.jumps[usize::from(j)].jump)
            .collect()
    }

    /// What the search found, as the engine reports it.
    pub fn outcome(&self, start: &Position, goal: Goal, elapsed: Duration) -> Outcome {
        let jumps = self.best_jumps();
        let mut end = start.clone();
        for &j in &jumps {
            end.play_unchecked(j);
        }
        let stop = self.stop.unwrap_or(Stop::Cancelled);
        let won = goal.is_won(end.pegs());
        let proven_optimal = goal == Goal::Anywhere && (self.best == 1 || stop == Stop::Exhausted);
        let storage = self.seen.bytes()
            + self.recent.len() * std::mem::size_of::<B>()
            + self.stack.capacity() * std::mem::size_of::<(B, u16, u16)>();
        Outcome {
            engine: Engine::Classic,
            pegs_left: end.peg_count(),
            jumps,
            won,
            proven_optimal,
            stop,
            expanded: self.expanded,
            generated: self.generated,
            peak_nodes: self.seen.len() as u64 + 1,
            elapsed,
            storage_bytes: (storage as u64).max(self.storage_wanted / 2),
            found_by: None,
        }
    }
}

/// Makes sure that inserting `more` boards into `seen` and pushing them on `stack` will not
/// need memory that cannot be had: tries to allocate the set's next table (and the stack's
/// next growth) and gives it back, once per size of the set (`probed` remembers it: children
/// that turn out to be duplicates leave the set below its threshold, and asking again at
/// every expansion would cost a map and unmap each). On failure, the bytes asked for.
fn room_for<B: Bits>(
    seen: &BoardSet<B>,
    stack: &mut Vec<(B, u16, u16)>,
    more: usize,
    probed: &mut usize,
) -> Result<(), u64> {
    if stack.capacity() - stack.len() < more {
        let grow = stack.capacity().max(more);
        stack
            .try_reserve(grow)
            .map_err(|_| (grow * std::mem::size_of::<(B, u16, u16)>()) as u64)?;
    }
    let slots = seen.bytes() / std::mem::size_of::<B>();
    // The set doubles past 6/8 full (`MAX_LOAD_EIGHTHS` in boards/set.rs).
    if *probed != slots && (seen.len() + more) * 8 > slots * 6 {
        let next = slots * 2;
        let mut probe: Vec<B> = Vec::new();
        probe
            .try_reserve_exact(next)
            .map_err(|_| (next * std::mem::size_of::<B>()) as u64)?;
        *probed = slots;
    }
    Ok(())
}

/// For a search that stopped because memory ran out: what it needed and what the process may
/// use, in words ("needs 2.0 GiB more, the process may use 0.6 GiB"). `None` for any other
/// outcome. The set doubles, so the allocation that failed was about twice the storage.
pub fn out_of_memory_text(outcome: &Outcome) -> Option<String> {
    if outcome.stop != Stop::OutOfMemory {
        return None;
    }
    let limit = match available_memory() {
        Some(bytes) => size_text(bytes),
        None => "no more".to_string(),
    };
    if outcome.engine != Engine::Classic {
        // The exact solver sizes its tables to the room it has; what it can be refused is
        // the threads (their stacks) or a goal side's level.
        return Some(format!(
            "the search ran out of memory after {} expansions: the system refused the memory \
             its worker threads needed (the process may take only {limit} more); the result \
             above is the best found until then",
            outcome.expanded
        ));
    }
    let need = outcome.storage_bytes.saturating_mul(2);
    Some(format!(
        "the search ran out of memory after {} expansions: its tables hold {} and \
         growing them needs about {} more, but the process may take only {limit} more; \
         the result above is the best found until then",
        outcome.expanded,
        size_text(outcome.storage_bytes),
        size_text(need)
    ))
}

/// Why a classic search with a given budget should not start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MemoryError {
    /// Past what the engine addresses.
    #[error("budget {budget} is too large: the classic search addresses at most {max} expansions")]
    TooLarge {
        /// The budget asked for.
        budget: u64,
        /// The engine's limit ([`MAX_BUDGET`]).
        max: u64,
    },
    /// Its worst case is larger than the memory available.
    #[error(
        "budget {budget} may need up to {} of memory, but the process may take only {} more \
         (the least of the free memory, its `ulimit -v` and its cgroup's limit); choose a \
         smaller budget",
        size_text(*need),
        size_text(*available)
    )]
    TooMuchMemory {
        /// The budget asked for.
        budget: u64,
        /// Bytes its worst case may take.
        need: u64,
        /// Bytes the process may still take ([`available_memory`]).
        available: u64,
    },
}

/// The classic engine knows its own memory model: the budget asks it.
impl Budget {
    /// Refuses a classic search from `start` with this budget if it is past what the engine
    /// addresses, or if its worst case would not fit in the memory available now.
    pub fn check_memory(self, start: &Position) -> Result<(), MemoryError> {
        let budget = self.0;
        if budget > MAX_BUDGET {
            return Err(MemoryError::TooLarge {
                budget,
                max: MAX_BUDGET,
            });
        }
        let need = estimate_bytes(budget, start.shape().cells().len());
        match available_memory() {
            Some(available) if need > available => Err(MemoryError::TooMuchMemory {
                budget,
                need,
                available,
            }),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uncontrolled;
    use pegsol_layout::load::resolve_puzzle;

    fn run_level(level: &str, budget: u64) -> Outcome {
        let p = resolve_puzzle(level).unwrap();
        uncontrolled(|c| solve(&p.start, p.goal, budget, c))
    }

    #[test]
    fn level_0_counted_by_hand() {
        // o o . o on row 3 (x = 3, 4, 6). Root: only (3,3) Right is legal (generated 1).
        // Pop it (two pegs, saved): (5,3) Left leaves one peg (generated 2): won.
        let o = run_level("0", 100);
        assert_eq!(
            (o.expanded, o.generated, o.jumps.len(), o.pegs_left),
            (2, 2, 2, 1)
        );
        assert!(o.won && o.stop == Stop::Solved);
    }

    #[test]
    fn level_1_counted_by_hand() {
        // Root: (3,3) Right. Then (4,5) Up. Then (5,3) Left wins: three expansions, each with
        // exactly one legal jump.
        let o = run_level("1", 100);
        assert_eq!(
            (o.expanded, o.generated, o.jumps.len(), o.pegs_left),
            (3, 3, 3, 1)
        );
        let text: Vec<String> = o.jumps.iter().map(|j| j.to_string()).collect();
        assert_eq!(text, ["3,3-5,3", "4,5-4,3", "5,3-3,3"]);
    }

    #[test]
    fn budgets_zero_and_one_expand_only_the_root() {
        for budget in [0, 1] {
            let o = run_level("5", budget);
            assert_eq!(o.expanded, 1);
            assert_eq!(o.stop, Stop::Budget);
            // The root of level 5 has four legal jumps, all generated.
            assert_eq!(o.generated, 4);
            assert_eq!((o.jumps.len(), o.pegs_left), (0, 36));
        }
    }
}

#[cfg(test)]
mod assignment {
    use super::*;
    use crate::uncontrolled;
    use pegsol_layout::load::resolve_puzzle;

    #[test]
    fn assignment_example_level_5_budget_1_2m_gives_the_published_counts() {
        let p = resolve_puzzle("5").unwrap();
        let o = uncontrolled(|c| solve(&p.start, p.goal, 1_200_000, c));
        assert_eq!(
            (o.expanded, o.generated, o.jumps.len(), o.pegs_left),
            (1_090_275, 4_898_609, 35, 1)
        );
    }

    #[test]
    fn a_budget_past_the_engine_is_refused() {
        let start = pegsol_layout::load::resolve_puzzle("5").unwrap().start;
        assert!(matches!(
            Budget(MAX_BUDGET + 1).check_memory(&start),
            Err(MemoryError::TooLarge { .. })
        ));
        assert_eq!(Budget(10_000).check_memory(&start), Ok(()));
    }
}
