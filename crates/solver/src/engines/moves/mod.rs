//! Fewest moves: a solution with the fewest moves (one peg's chain of jumps counts as one
//! move, as puzzle books count them), found and proven.
//!
//! How it works:
//! - **Breadth-first by moves.** Level k holds every position (as a canonical form under the
//!   symmetries that keep both the start and the goal) first reached after exactly k moves.
//!   Level k + 1 is everything one whole move (any chain of jumps by one peg) away from level
//!   k and not seen before. The first level holding the goal is the fewest moves, and every
//!   smaller count has been ruled out by then, so the answer is proven as soon as it is found.
//!   A position reached again is not searched again (nothing after it takes fewer moves).
//! - **A move's inner positions are not move boundaries.** Within a chain the peg keeps
//!   jumping at no extra cost, so the chain is followed through positions already seen.
//! - **Only positions that can still win are kept**: for a game whose start is its goal
//!   turned inside out (the English central game) the whole winnable set, met in the middle
//!   ([`super::winnable`]), answers for every position; otherwise those with few pegs are
//!   looked up in the exact solver's goal side (every position with few pegs that can reach
//!   the goal, found backwards). A pruned position can never reach the goal, so pruning
//!   never changes the answer.
//! - **Where the winnable positions are too many to have** (Wiegleb's board), the start and
//!   the finishes meet in the middle by moves ([`meet`], one level past memory looked through
//!   by [`grow`]); then a beam finds a solution, the levels a lower bound ([`beam`]).
//! - **The jumps** are rebuilt at the end from the chain of canonical forms: from the actual
//!   start, a chain that reaches the next canonical form is found again, move by move.

use super::whole::WholeError;
use super::winnable::{self, WinnableSet};
pub use meet::meet_in_the_middle;
pub use status::{BeamStatus, MeetStatus};

mod beam;
mod grow;
mod known;
mod meet;
mod packed;
mod pass;
mod sides;
mod status;
mod unmoves;
mod winners;
use crate::boards::compact::{Bits, Compact};
use crate::boards::goal_side::GoalSide;
use crate::boards::symmetry::Symmetries;
use crate::with_bits;
use crate::{Control, Engine, Outcome, Stop};
use pegsol_rules::{Cell, Goal, Jump, Position};
use rustc_hash::FxHashMap;
use std::time::Duration;

/// Options for a fewest-moves search.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Most positions expanded (`None`: no limit but [`MAX_POSITIONS`]).
    pub budget: Option<u64>,
    /// Most positions the goal side may hold.
    pub goal_side_entries: usize,
    /// Most positions held (`None`: as many as the process may hold, [`MAX_POSITIONS`] at
    /// most); past it the search stops as if its budget ran out. A front end running the
    /// search unasked keeps its memory small with it.
    pub max_held: Option<u64>,
    /// Most bytes the search may use (`None`: three quarters of what the process's limits
    /// and the free memory allow when it starts). Given, the answer does not depend on the
    /// machine's free memory: same input, same answer.
    pub memory: Option<u64>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            budget: None,
            goal_side_entries: GOAL_SIDE_ENTRIES,
            max_held: None,
            memory: None,
        }
    }
}

/// Most positions the search holds before it stops with [`Stop::Budget`]: about 1 GiB at
/// the peak ([`BYTES_PER_POSITION`] each), less when the process may use less memory.
pub const MAX_POSITIONS: u64 = 8_000_000;

/// Memory one position held costs at the peak, measured: its map entry and growth, its place
/// in a level, the goal side (French at 10M expansions: 18M positions in 1.87 GB).
const BYTES_PER_POSITION: u64 = 128;

/// The positions this process can hold: [`MAX_POSITIONS`], or what `memory` holds (the
/// search's [`Options::memory`], else half the memory the process may still use).
fn position_cap(memory: Option<u64>) -> u64 {
    memory
        .or_else(|| crate::system_memory::available_memory().map(|bytes| bytes / 2))
        .map_or(MAX_POSITIONS, |bytes| bytes / BYTES_PER_POSITION)
        .min(MAX_POSITIONS)
}

/// Positions in the goal side by default, as the exact solver has it.
const GOAL_SIDE_ENTRIES: usize = 3_000_000;

/// Expansions between two progress reports and cancel checks.
const CHECK_EVERY: u64 = 1024;

/// What a fewest-moves search found.
#[derive(Clone, Debug, PartialEq)]
pub struct MovesOutcome {
    /// The solution, one chain of jumps per move (empty when the start already wins, or when
    /// no solution was found).
    pub chains: Vec<Vec<Jump>>,
    /// Whether the goal is reached by [`MovesOutcome::chains`].
    pub won: bool,
    /// Whether nothing better exists: the chains take the fewest moves there are, or (when
    /// not won) the goal cannot be reached at all.
    pub proven_optimal: bool,
    /// Every solution takes at least this many moves (all fewer were searched and ruled out).
    pub lower_bound: u32,
    /// Why the search stopped.
    pub stop: Stop,
    /// Positions expanded (each one's every move tried).
    pub expanded: u64,
    /// Positions reached at move boundaries, counting repeats.
    pub generated: u64,
    /// Positions held.
    pub held: u64,
    /// Bytes of the search's own storage at its peak (measured at the end of each level):
    /// the map of positions as allocated, the last two levels, the goal side or the whole
    /// winnable set. Not the process's resident size.
    pub storage_bytes: u64,
    /// Wall time.
    pub elapsed: Duration,
}

impl MovesOutcome {
    /// Nothing found yet: the start held, nothing searched.
    fn nothing() -> MovesOutcome {
        MovesOutcome {
            chains: Vec::new(),
            won: false,
            proven_optimal: false,
            lower_bound: 0,
            stop: Stop::Exhausted,
            expanded: 0,
            generated: 0,
            held: 1,
            storage_bytes: 0,
            elapsed: Duration::ZERO,
        }
    }

    /// The moves made (the number of chains), when the goal was reached.
    pub fn moves(&self) -> Option<u32> {
        self.won.then_some(self.chains.len() as u32)
    }

    /// The solution as one list of jumps.
    pub fn jumps(&self) -> Vec<Jump> {
        self.chains.concat()
    }

    /// The result as a plain [`Outcome`] from `start` (jumps, pegs left, counters), as the
    /// other engines give it: for the solver panel and the sweep alike.
    pub fn to_outcome(&self, start: &Position) -> Outcome {
        let jumps = self.jumps();
        Outcome {
            engine: Engine::FewestMoves,
            pegs_left: start.peg_count().saturating_sub(jumps.len() as u32),
            jumps,
            won: self.won,
            proven_optimal: self.proven_optimal,
            stop: self.stop,
            expanded: self.expanded,
            generated: self.generated,
            peak_nodes: self.held,
            elapsed: self.elapsed,
            storage_bytes: self.storage_bytes,
            found_by: None,
        }
    }
}

/// Finds a solution from `start` to `goal` (one peg left: anywhere, or on a cell) with the
/// fewest moves.
pub fn fewest_moves(
    start: &Position,
    goal: Goal,
    options: Options,
    control: &mut Control,
) -> MovesOutcome {
    // Answered without a search: not after the level engine finds no winner (level 8: 38 s).
    if let Some(out) = at_once(start, goal) {
        return finish(out, control);
    }
    let shape = start.shape();
    // The whole winnable set where it can be had: it prunes every lost position, not only
    // those with few pegs. Its canonical forms are under the symmetries that keep the goal,
    // which for such a game also keep the start: the very forms the search makes.
    let winnable: Option<Vec<u64>> = match goal {
        Goal::At(cell) if WinnableSet::applies(shape, start.pegs(), goal) => {
            WinnableSet::build(shape, cell, winnable::MAX_ENTRIES, control)
                .ok()
                .map(|set| {
                    (1..shape.cells().len())
                        .flat_map(|k| set.level(k))
                        .collect()
                })
        }
        _ => match winners::reachable_winners(start, goal, options, control) {
            Ok(all) => Some(all),
            Err(WholeError::Cancelled) => {
                let cancelled = MovesOutcome {
                    stop: Stop::Cancelled,
                    lower_bound: u32::from(start.peg_count() > 1),
                    ..MovesOutcome::nothing()
                };
                return finish(cancelled, control);
            }
            // Too large to have cheaply (or refused): the goal side prunes instead.
            Err(_) => None,
        },
    };
    let cells = shape.cells().len();
    match winnable {
        Some(all) if cells <= known::MAX_CELLS => known::run(start, goal, options, all, control),
        // Too many winnable positions to have: the two ends meet in the middle.
        _ if cells as usize <= meet::MAX_CELLS => meet::run(start, goal, options, control),
        _ => with_bits!(cells, B => run::<B>(start, goal, options, control)),
    }
}

/// What a walk over moves calls for each position it reaches: `(board, canonical form, jump
/// indices so far)`, answering whether to follow the chain on, or stopping the walk (`Err`).
type Visit<'a, B, E> = dyn FnMut(B, B, &[usize]) -> Result<bool, E> + 'a;

/// The board machinery one search needs.
struct Board<B> {
    compact: Compact<B>,
    syms: Symmetries<B>,
    /// `from[i]`: the jumps (indices into `compact.jumps`) that start on compact cell `i`.
    from: Vec<Vec<usize>>,
    /// `to[j]`: the compact cell jump `j` lands on.
    to: Vec<u32>,
    goal: Option<B>,
}

impl<B: Bits> Board<B> {
    fn is_goal(&self, b: B) -> bool {
        match self.goal {
            Some(g) => b == g,
            None => b.count() == 1,
        }
    }

    /// Calls `f(board, canonical form, jumps so far)` for every position one chain of jumps
    /// by the peg on `cell` reaches from `board` (whose symmetry images are `images`); `f`
    /// returns whether to follow the chain on from there, or stops everything (`Err`). A
    /// chain ends because every jump takes a peg off. The images follow each jump with one
    /// xor per symmetry, so canonical forms cost almost nothing.
    fn chains_from<E>(
        &self,
        board: B,
        images: &[B],
        cell: u32,
        path: &mut Vec<usize>,
        f: &mut Visit<'_, B, E>,
    ) -> Result<(), E> {
        for &j in &self.from[cell as usize] {
            let cj = &self.compact.jumps[j];
            if !cj.legal(board) {
                continue;
            }
            let next = board ^ cj.all;
            let next_images = self.syms.child_images(images, j);
            path.push(j);
            if f(next, next_images.canon(), path)? {
                self.chains_from(next, &next_images, self.to[j], path, f)?;
            }
            path.pop();
        }
        Ok(())
    }

    /// Calls `f` for every position one whole move (by any peg) reaches from `board`: each
    /// legal jump (found for all pegs at once) starts a chain.
    fn moves_from<E>(&self, board: B, f: &mut Visit<'_, B, E>) -> Result<(), E> {
        let images = self.syms.images(board);
        let mut path = Vec::new();
        for j in self.compact.legal(board).iter() {
            let next = board ^ self.compact.jumps[j].all;
            let next_images = self.syms.child_images(&images, j);
            path.push(j);
            if f(next, next_images.canon(), &path)? {
                self.chains_from(next, &next_images, self.to[j], &mut path, f)?;
            }
            path.pop();
        }
        Ok(())
    }
}

impl<B: Bits> Board<B> {
    /// The machinery for moves from `start` toward `goal`.
    fn new(start: &Position, goal: Goal) -> Board<B> {
        let compact = Compact::<B>::new(start.shape());
        let syms = Symmetries::keeping_start_and_goal(&compact, start, goal);
        let mut from = vec![Vec::new(); compact.cells.len()];
        let mut to = Vec::with_capacity(compact.jumps.len());
        for (j, cj) in compact.jumps.iter().enumerate() {
            let index = |c: Cell| compact.index(c).unwrap_or(0);
            from[index(cj.jump.from) as usize].push(j);
            to.push(index(cj.jump.to));
        }
        let goal_board = compact.goal_board(goal);
        Board {
            compact,
            syms,
            from,
            to,
            goal: goal_board,
        }
    }

    /// The machinery for moves from `start` toward `goal`, or the finished answer where no
    /// search is needed ([`at_once`]).
    fn begin(start: &Position, goal: Goal, control: &Control) -> Result<Board<B>, MovesOutcome> {
        let board = Board::new(start, goal);
        match at_once(start, goal) {
            Some(out) => Err(finish(out, control)),
            None => Ok(board),
        }
    }
}

/// The answer with no search at all, where there is one: the start already wins, or the
/// position class rules the goal out.
fn at_once(start: &Position, goal: Goal) -> Option<MovesOutcome> {
    let mut out = MovesOutcome::nothing();
    if start.is_won(goal) {
        out.won = true;
        out.proven_optimal = true;
        out.stop = Stop::Solved;
        return Some(out);
    }
    let finishes = start.shape().possible_finishes(start.pegs());
    let class_allows = match goal {
        Goal::At(c) => finishes.contains(c),
        Goal::Anywhere => !finishes.is_empty(),
    };
    (!class_allows || start.peg_count() < 2).then(|| {
        out.proven_optimal = true;
        out
    })
}

/// `out` with the time the search has taken.
fn finish(mut out: MovesOutcome, control: &Control) -> MovesOutcome {
    out.elapsed = control.elapsed();
    out
}

/// The search with the goal side answering "can it win?" for positions with few pegs (see
/// the module docs); [`known::run`] when every winnable position is known.
fn run<B: Bits>(
    start: &Position,
    goal: Goal,
    options: Options,
    control: &mut Control,
) -> MovesOutcome {
    let board = match Board::<B>::begin(start, goal, control) {
        Ok(board) => board,
        Err(answered) => return answered,
    };
    let mut out = MovesOutcome::nothing();
    let start_board = board.compact.encode(start.pegs());
    let goal_board = board.goal;

    // parent[canonical form] = the canonical form of the level before it came from; the
    // goal side answers "can it win?" for positions with few pegs.
    let mut parent: FxHashMap<B, B> = FxHashMap::default();
    let goal_side = {
        let goals: Vec<B> = match goal_board {
            Some(g) => vec![g],
            None => (0..board.compact.cells.len() as u32).map(B::bit).collect(),
        };
        let Some(side) = GoalSide::build(
            &board.compact,
            &board.syms,
            &goals,
            1,
            start.peg_count(),
            options.goal_side_entries,
            control.cancel_flag(),
        ) else {
            out.stop = Stop::Cancelled;
            return finish(out, control);
        };
        Some(side)
    };
    let promising = |b: B, canon: B| -> bool {
        let pegs = b.count();
        goal_side
            .as_ref()
            .is_none_or(|side| pegs > side.top() || side.wins(pegs, canon))
    };

    // What the search holds besides the map and its levels.
    let fixed_bytes = goal_side.as_ref().map_or(0, |side| side.bytes() as u64);
    let storage = |parent: &FxHashMap<B, B>, level: &Vec<B>, next: &Vec<B>| -> u64 {
        // A hashbrown map allocates a slot and a control byte per bucket, with buckets at
        // least 8/7 of its capacity.
        let buckets = (parent.capacity() as u64 * 8).div_ceil(7);
        let vecs = (level.capacity() + next.capacity()) * std::mem::size_of::<B>();
        fixed_bytes + buckets * (std::mem::size_of::<(B, B)>() as u64 + 1) + vecs as u64
    };
    let start_canon = board.syms.canon(start_board);
    parent.insert(start_canon, start_canon);
    let mut reached = 1u64;
    let mut level: Vec<B> = vec![start_canon];
    let budget = options.budget.unwrap_or(u64::MAX);
    let most = position_cap(options.memory);
    let cap = options.max_held.map_or(most, |m| m.min(most));
    let mut found: Option<B> = None;
    let mut moves = 0u32;
    'levels: while !level.is_empty() {
        let mut next = Vec::new();
        for &p in &level {
            if out.expanded >= budget || reached >= cap {
                out.storage_bytes = out.storage_bytes.max(storage(&parent, &level, &next));
                // The positions held now, not at the end of the last whole level.
                out.held = reached;
                out.stop = Stop::Budget;
                out.lower_bound = moves + 1;
                return finish(out, control);
            }
            out.expanded += 1;
            if out.expanded.is_multiple_of(CHECK_EVERY) {
                if control.cancelled() {
                    out.storage_bytes = out.storage_bytes.max(storage(&parent, &level, &next));
                    out.stop = Stop::Cancelled;
                    out.lower_bound = moves + 1;
                    return finish(out, control);
                }
                control.report(out.expanded, out.generated, p.count());
            }
            let result = board.moves_from(p, &mut |b, canon, _| {
                if board.is_goal(b) {
                    parent.insert(canon, p);
                    return Err(canon);
                }
                // One reached before has its moves searched from there, but the chain goes
                // on through it.
                if let std::collections::hash_map::Entry::Vacant(slot) = parent.entry(canon) {
                    if !promising(b, canon) {
                        return Ok(false);
                    }
                    slot.insert(p);
                    next.push(canon);
                    reached += 1;
                }
                out.generated += 1;
                Ok(true)
            });
            if let Err(goal_canon) = result {
                found = Some(goal_canon);
                out.storage_bytes = out.storage_bytes.max(storage(&parent, &level, &next));
                break 'levels;
            }
        }
        out.storage_bytes = out.storage_bytes.max(storage(&parent, &level, &next));
        out.held = reached;
        moves += 1;
        level = next;
    }
    out.lower_bound = moves + 1;
    out.held = reached;
    out.proven_optimal = true;
    let Some(goal_canon) = found else {
        // Every position that can still win was searched: the goal cannot be reached.
        return finish(out, control);
    };
    out.lower_bound = moves + 1;
    out.chains = rebuild(&board, start_board, start_canon, goal_canon, |b| {
        parent.get(&b).copied()
    });
    out.won = !out.chains.is_empty();
    out.stop = Stop::Solved;
    finish(out, control)
}

/// The jumps of a solution, move by move, from the canonical forms its moves pass through
/// (`parent`: the form each was reached from).
fn rebuild<B: Bits>(
    board: &Board<B>,
    start: B,
    start_canon: B,
    goal_canon: B,
    parent: impl Fn(B) -> Option<B>,
) -> Vec<Vec<Jump>> {
    let mut path = vec![goal_canon];
    let mut at = goal_canon;
    while at != start_canon {
        match parent(at) {
            Some(p) => {
                path.push(p);
                at = p;
            }
            None => return Vec::new(),
        }
    }
    path.reverse();
    let mut chains = Vec::new();
    let mut actual = start;
    for &target in &path[1..] {
        let hit = board.moves_from(actual, &mut |b, canon, jumps| {
            if canon == target {
                Err((b, jumps.to_vec()))
            } else {
                Ok(true)
            }
        });
        let Err((b, jumps)) = hit else {
            return Vec::new();
        };
        chains.push(jumps.iter().map(|&j| board.compact.jumps[j].jump).collect());
        actual = b;
    }
    chains
}

#[cfg(test)]
mod tests;
