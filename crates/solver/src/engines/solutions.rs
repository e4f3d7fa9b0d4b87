//! Counting solutions: how many jump sequences reach the goal from the start, and how many
//! distinct positions those sequences pass through.
//!
//! Not an enumeration of sequences (the English board has about 4 * 10^16 of them) but a
//! dynamic programme over positions (every position reachable from the start or, for a game
//! whose start is its goal turned inside out, only the winnable ones, [`super::winnable`]): the solutions from a position are the sum of the
//! solutions from its children, and a position that cannot win has none. Positions are
//! held by peg count as sorted vectors of canonical forms under the symmetries that keep the
//! start and the goal: a symmetry that keeps both maps solutions to solutions, so every
//! position of a class has as many, and a class needs one count.
//!
//! The counts are exact at any size: 128-bit while they fit, arbitrary precision past that.

use super::levels::step::Stepper;
use super::levels::{in_parts, parts_for, Direction, Halt};
use super::winnable::{self, WinnableSet};
use crate::boards::compact::Compact;
use crate::boards::symmetry::Symmetries;
use crate::{Control, Stop};
use num_bigint::BigUint;
use pegsol_rules::{CellSet, Goal, Position};
use rustc_hash::FxHashMap;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// How many ways a start can be solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolutionCount {
    /// Jump sequences from the start that reach the goal.
    pub solutions: BigUint,
    /// Distinct positions (the start and goal included) on at least one solution.
    pub positions: u64,
    /// The same positions counted up to the board's symmetries, as the literature counts.
    pub up_to_symmetry: u64,
    /// Positions the count looked at (canonical forms).
    pub examined: u64,
    /// Wall time.
    pub elapsed: Duration,
}

/// Most positions (canonical forms) held while counting: about 1 GiB at the peak with the
/// level being built and the counts. The English board's 23.5 million fit.
pub const MAX_POSITIONS: u64 = 30_000_000;

/// Why solutions could not be counted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolutionsError {
    /// The board has more than 64 holes.
    #[error("counting solutions needs a board of at most 64 holes; this one has {0}")]
    TooLarge(u32),
    /// More positions than [`MAX_POSITIONS`] can be reached.
    #[error(
        "more than {} positions can be reached from this start: too many to count",
        MAX_POSITIONS
    )]
    TooManyPositions,
    /// The count was cancelled.
    #[error("cancelled")]
    Cancelled,
}

impl From<Stop> for SolutionsError {
    fn from(stop: Stop) -> SolutionsError {
        match stop {
            Stop::Cancelled => SolutionsError::Cancelled,
            _ => SolutionsError::TooManyPositions,
        }
    }
}

/// Counts the solutions of `start` for `goal` (one peg left, anywhere or on a cell), over
/// every position reachable from the start.
pub fn count_solutions(
    start: &Position,
    goal: Goal,
    control: &mut Control,
) -> Result<SolutionCount, SolutionsError> {
    let shape = start.shape();
    let size = shape.cells().len();
    if size > 64 {
        return Err(SolutionsError::TooLarge(size));
    }
    let compact = Compact::<u64>::new(shape);
    let sym = Symmetries::keeping_start_and_goal(&compact, start, goal);
    // A game whose start is its goal turned inside out (the English central game): only the
    // winnable positions, met in the middle, instead of every reachable one.
    if let (true, Goal::At(cell)) = (WinnableSet::applies(shape, start.pegs(), goal), goal) {
        let set = WinnableSet::build(shape, cell, winnable::MAX_ENTRIES, control)?;
        let levels: Vec<Vec<u64>> = (0..=size).map(|k| set.level(k)).collect();
        return over_levels(&compact, &sym, start, goal, &levels, control);
    }
    let levels = reachable_levels(&compact, &sym, start.pegs(), control)?;
    over_levels(&compact, &sym, start, goal, &levels, control)
}

/// Every position reachable from `start`, by peg count (`levels[k]`: sorted canonical forms
/// of k pegs), one [`Stepper::expand`] a level: it squeezes repeats out while it gathers (or
/// sets bits in a dense level), so memory follows the distinct positions, and gives up as
/// soon as they pass [`MAX_POSITIONS`].
fn reachable_levels(
    compact: &Compact<u64>,
    sym: &Symmetries<u64>,
    start: CellSet,
    control: &mut Control,
) -> Result<Vec<Vec<u64>>, SolutionsError> {
    let first = sym.canon(compact.encode(start));
    let top = first.count_ones() as usize;
    let mut levels = vec![Vec::new(); top + 1];
    levels[top] = vec![first];
    let mut held = 1u64;
    let cancel = control.cancel_flag();
    let mut step = Stepper::new(compact, sym, cancel);
    for k in (1..top).rev() {
        let next = step
            .expand(
                &levels[k + 1],
                Direction::Forward,
                false,
                MAX_POSITIONS.saturating_sub(held),
            )
            .map_err(|halt| match halt {
                Halt::Cancelled => SolutionsError::Cancelled,
                Halt::TooMany => SolutionsError::TooManyPositions,
            })?;
        held += next.len() as u64;
        if held > MAX_POSITIONS {
            return Err(SolutionsError::TooManyPositions);
        }
        control.report(held, held, k as u32);
        levels[k] = next;
    }
    Ok(levels)
}

/// A solution count that may or may not still fit in 128 bits.
trait Tally: Clone {
    fn zero() -> Self;
    fn one() -> Self;
    /// `self + other`, or `None` when it does not fit.
    fn plus(&self, other: &Self) -> Option<Self>;
    fn is_zero(&self) -> bool;
    fn into_big(self) -> BigUint;
}

impl Tally for u128 {
    fn zero() -> u128 {
        0
    }
    fn one() -> u128 {
        1
    }
    fn plus(&self, other: &u128) -> Option<u128> {
        self.checked_add(*other)
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
    fn into_big(self) -> BigUint {
        BigUint::from(self)
    }
}

impl Tally for BigUint {
    fn zero() -> BigUint {
        BigUint::ZERO
    }
    fn one() -> BigUint {
        BigUint::from(1u8)
    }
    fn plus(&self, other: &BigUint) -> Option<BigUint> {
        Some(self + other)
    }
    fn is_zero(&self) -> bool {
        *self == BigUint::ZERO
    }
    fn into_big(self) -> BigUint {
        self
    }
}

/// Counts over given levels of positions (`levels[k]`: sorted canonical forms under `sym`
/// with k pegs, holding at least every position on a solution; others count nothing).
pub fn over_levels(
    compact: &Compact<u64>,
    sym: &Symmetries<u64>,
    start: &Position,
    goal: Goal,
    levels: &[Vec<u64>],
    control: &mut Control,
) -> Result<SolutionCount, SolutionsError> {
    let examined = levels.iter().map(|l| l.len() as u64).sum();
    let start_canon = sym.canon(compact.encode(start.pegs()));
    let counted = match dp::<u128>(compact, sym, goal, levels, start_canon, control)? {
        Some(counted) => counted,
        None => dp::<BigUint>(compact, sym, goal, levels, start_canon, control)?
            .ok_or(SolutionsError::TooManyPositions)?,
    };
    // Positions on a solution: those the levels hold (the start reaches them) that can win,
    // and only up to the start's own peg count.
    let group = Symmetries::all(compact, start.shape());
    let top = start.peg_count() as usize;
    let mut positions = 0u64;
    let mut up_to_symmetry = 0u64;
    for (k, level) in levels.iter().enumerate().take(top + 1) {
        let mut classes = Vec::new();
        for (i, &p) in level.iter().enumerate() {
            if counted.wins[k][i] {
                positions += sym.orbit_size(p);
                classes.push(group.canon(p));
            }
        }
        classes.sort_unstable();
        classes.dedup();
        up_to_symmetry += classes.len() as u64;
    }
    Ok(SolutionCount {
        solutions: counted.start,
        positions,
        up_to_symmetry,
        examined,
        elapsed: control.elapsed(),
    })
}

/// What the dynamic programme found.
struct Counted {
    /// Solutions from the start.
    start: BigUint,
    /// `wins[k][i]`: whether `levels[k][i]` has any solution.
    wins: Vec<Vec<bool>>,
}

/// The dynamic programme in one number type: `Ok(None)` when a count overflows it. Each
/// level's positions are shared out among the threads in consecutive stretches: a position's
/// count reads only the level below, so the stretches are independent, and joined in order
/// they give the same counts on any number of threads.
fn dp<T: Tally + Send + Sync>(
    compact: &Compact<u64>,
    sym: &Symmetries<u64>,
    goal: Goal,
    levels: &[Vec<u64>],
    start_canon: u64,
    control: &mut Control,
) -> Result<Option<Counted>, SolutionsError> {
    let goal_canon = compact.goal_board(goal).map(|g| sym.canon(g));
    let cancel = control.cancel_flag();
    let mut below: Vec<T> = Vec::new();
    let mut wins: Vec<Vec<bool>> = vec![Vec::new(); levels.len()];
    let mut start = BigUint::ZERO;
    for k in 1..levels.len() {
        let level = &levels[k];
        // Where each position of the level below sits: one lookup a child, where a binary
        // search of the level took some twenty.
        let under: FxHashMap<u64, u32> = levels[k - 1]
            .iter()
            .enumerate()
            .map(|(i, &p)| (p, i as u32))
            .collect();
        let under = &under;
        let below_ref = &below;
        let count = |p: u64| -> Option<T> {
            if k == 1 {
                return Some(if goal_canon.is_none_or(|g| g == p) {
                    T::one()
                } else {
                    T::zero()
                });
            }
            let images = sym.images(p);
            let mut total = T::zero();
            for j in compact.legal(p).iter() {
                let child = sym.child_canon(&images, j);
                if let Some(&i) = under.get(&child) {
                    total = total.plus(&below_ref[i as usize])?;
                }
            }
            Some(total)
        };
        let parts = in_parts(level.len(), parts_for(level.len()), |range| {
            let mut out: Vec<T> = Vec::with_capacity(range.len());
            for (n, &p) in level[range].iter().enumerate() {
                if n % 4096 == 0 && cancel.load(Ordering::Relaxed) {
                    return Err(SolutionsError::Cancelled);
                }
                match count(p) {
                    Some(ways) => out.push(ways),
                    None => return Ok(None),
                }
            }
            Ok(Some(out))
        });
        let mut here: Vec<T> = Vec::with_capacity(level.len());
        for part in parts {
            // A stretch's thread that panicked takes the count down with it: the caller's
            // job reports it, where carrying on would print a wrong count.
            match part.unwrap_or_else(|panic| std::panic::resume_unwind(panic))? {
                Some(counts) => here.extend(counts),
                None => return Ok(None),
            }
        }
        if k == start_canon.count_ones() as usize {
            if let Ok(i) = level.binary_search(&start_canon) {
                start = here[i].clone().into_big();
            }
        }
        wins[k] = here.iter().map(|w| !w.is_zero()).collect();
        below = here;
    }
    Ok(Some(Counted { start, wins }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uncontrolled;
    use pegsol_layout::load::resolve_puzzle;
    use pegsol_rules::{legal_jumps_of, Shape};
    use rustc_hash::FxHashMap;

    /// Jump sequences from `pegs` to the goal, by brute force (memoised on the position only,
    /// no symmetry).
    fn brute(
        shape: &Shape,
        pegs: CellSet,
        goal: Goal,
        memo: &mut FxHashMap<CellSet, u128>,
    ) -> u128 {
        if let Some(&n) = memo.get(&pegs) {
            return n;
        }
        if pegs.len() == 1 {
            let n = u128::from(goal.is_won(pegs));
            memo.insert(pegs, n);
            return n;
        }
        let jumps: Vec<_> = legal_jumps_of(shape, pegs).collect();
        let n = jumps
            .into_iter()
            .map(|j| brute(shape, pegs ^ j.cells(), goal, memo))
            .sum();
        memo.insert(pegs, n);
        n
    }

    #[test]
    fn counts_agree_with_brute_force_on_the_small_catalogue_boards() {
        for name in ["triangle", "triangle-21", "level-2", "level-3"] {
            let puzzle = resolve_puzzle(name).expect("a catalogue board");
            for goal in [Goal::Anywhere, puzzle.goal] {
                let out =
                    uncontrolled(|c| count_solutions(&puzzle.start, goal, c)).expect("counted");
                let mut memo = FxHashMap::default();
                let expected = brute(puzzle.start.shape(), puzzle.start.pegs(), goal, &mut memo);
                assert_eq!(out.solutions, BigUint::from(expected), "{name} {goal:?}");
                // Positions on a solution: every position the brute force reached from the
                // start (the start too) with a solution from it.
                let on_solutions = memo.values().filter(|&&n| n > 0).count() as u64;
                assert_eq!(out.positions, on_solutions, "{name} {goal:?}");
            }
        }
    }

    #[test]
    fn the_fifteen_hole_triangle_has_its_published_count() {
        // 29,760 solutions from the top corner to one peg anywhere (Bell, "Solving
        // triangular peg solitaire", Table: 15-hole triangle).
        let puzzle = resolve_puzzle("triangle").expect("the triangle");
        let out =
            uncontrolled(|c| count_solutions(&puzzle.start, Goal::Anywhere, c)).expect("counted");
        assert_eq!(out.solutions, BigUint::from(29_760u32));
    }
}
