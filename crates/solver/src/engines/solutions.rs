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
//! The counts are exact at any size: each level is counted in the narrowest type (64 bits,
//! 128, arbitrary precision) that a bound taken before it is counted allows.

mod layers;

use super::levels::step::Stepper;
use super::levels::{Direction, Halt};
use super::winnable::{self, WinnableSet};
use crate::boards::compact::Compact;
use crate::boards::symmetry::Symmetries;
use crate::{Control, Stop};
use layers::{next_level, Board, Maker, OnSolutions, Slots, Tallies};
use num_bigint::BigUint;
use pegsol_rules::{CellSet, Goal, Position};
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
        // The levels up to the one above the middle: those above are these inside out.
        let above = size - (size - 1).div_ceil(2);
        let levels: Vec<Vec<u64>> = (0..=above).map(|k| set.level(k)).collect();
        // The backward half (most of the set's memory) is not read by the count.
        drop(set);
        return over_halves(&compact, &sym, start, goal, &levels, control);
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
    // Levels above the start's peg count cannot be on its solutions.
    let top = (start.peg_count() as usize).min(levels.len().saturating_sub(1));
    let at = start_canon.count_ones() as usize;
    let walk = walk(compact, sym, start, goal, levels, top, at, control)?;
    let solutions = match &walk.kept {
        Some(here) if at <= top => levels[at]
            .binary_search(&start_canon)
            .map_or(BigUint::ZERO, |i| here.get(i)),
        _ => BigUint::ZERO,
    };
    Ok(SolutionCount {
        solutions,
        positions: walk.on.iter().map(|o| o.0).sum(),
        up_to_symmetry: walk.on.iter().map(|o| o.1).sum(),
        examined,
        elapsed: control.elapsed(),
    })
}

/// What [`walk`] found: per level (from 0), the positions on a solution and their classes
/// up to every symmetry; the counts of the level asked to keep, and of the last level.
struct Walk {
    on: Vec<(u64, u64)>,
    kept: Option<Tallies>,
    last: Tallies,
}

/// The counts of levels 1 to `top` of `levels`, each from the level below (see
/// [`over_levels`]); the counts of level `keep` are kept.
#[allow(clippy::too_many_arguments)]
fn walk(
    compact: &Compact<u64>,
    sym: &Symmetries<u64>,
    start: &Position,
    goal: Goal,
    levels: &[Vec<u64>],
    top: usize,
    keep: usize,
    control: &mut Control,
) -> Result<Walk, SolutionsError> {
    let goal_canon = compact.goal_board(goal).map(|g| sym.canon(g));
    let group = Symmetries::all(compact, start.shape());
    let board = Board {
        maker: Maker::new(compact, sym),
        sym,
        // A subgroup as large as the group is the group: the levels' classes are its.
        group: (group.len() != sym.len()).then_some(group),
    };
    let cancel = control.cancel_flag();
    let mut on_levels = vec![(0, 0); top + 1];
    let mut kept = None;
    let mut below = Tallies::U64(Vec::new());
    let mut slots = Slots::new(&[]);
    for (k, level) in levels.iter().enumerate().take(top + 1).skip(1) {
        let (here, on) = if k == 1 {
            // One peg: a solution of no jumps where it is the goal.
            let wins = |p: u64| goal_canon.is_none_or(|g| g == p);
            let ones: Vec<u64> = level.iter().map(|&p| u64::from(wins(p))).collect();
            let mut classes: Vec<u64> = level.iter().copied().filter(|&p| wins(p)).collect();
            let positions = classes.iter().map(|&p| sym.orbit_size(p)).sum();
            if let Some(g) = &board.group {
                classes = classes.iter().map(|&p| g.canon(p)).collect();
            }
            classes.sort_unstable();
            classes.dedup();
            let on = OnSolutions {
                positions,
                classes: classes.len() as u64,
                canon: Vec::new(),
            };
            (Tallies::U64(ones), on)
        } else {
            next_level(&board, k, level, &slots, below, cancel)?
        };
        on_levels[k] = (on.positions, on.classes);
        if k == keep {
            kept = Some(here.clone());
        }
        if k < top {
            slots = Slots::new(level);
        }
        below = here;
    }
    Ok(Walk {
        on: on_levels,
        kept,
        last: below,
    })
}

/// Counts the solutions of a game whose start is its goal turned inside out over its
/// winnable positions (`levels[k]`, k up to the level above the middle), meeting in the
/// middle: every solution passes through one position `p` of the middle level, and the
/// jump sequences from the start to `p`, played backwards on the positions turned inside
/// out, are those from `full ^ p` to the goal. So the count is the sum over the middle of
/// (solutions from `p`) times (solutions from `full ^ p`), and only the levels up to the
/// one above the middle are counted (on the English board 1.07 million positions of the
/// 1.68 million). The levels above are the ones below turned inside out, with the same
/// positions on solutions.
fn over_halves(
    compact: &Compact<u64>,
    sym: &Symmetries<u64>,
    start: &Position,
    goal: Goal,
    levels: &[Vec<u64>],
    control: &mut Control,
) -> Result<SolutionCount, SolutionsError> {
    let size = start.shape().cells().len() as usize;
    let middle = (size - 1).div_ceil(2);
    let above = size - middle;
    let full = compact.encode(start.shape().cells());
    let walk = walk(compact, sym, start, goal, levels, above, middle, control)?;
    let empty = (Tallies::U64(Vec::new()), Vec::new());
    let (mid, mid_level) = match (&walk.kept, levels.get(middle)) {
        (Some(t), Some(l)) => (t, l),
        _ => (&empty.0, &empty.1),
    };
    let top_level = levels.get(above).unwrap_or(&empty.1);
    let mut solutions = BigUint::ZERO;
    // Products summed in 128 bits, carried into the big sum where they could overflow.
    let mut sum = 0u128;
    for (i, &p) in mid_level.iter().enumerate() {
        let Ok(j) = top_level.binary_search(&sym.canon(full ^ p)) else {
            continue;
        };
        let orbit = sym.orbit_size(p);
        let (down, up) = (mid.get(i), walk.last.get(j));
        let narrow = match (u64::try_from(&down), u64::try_from(&up)) {
            (Ok(d), Ok(u)) => (u128::from(d) * u128::from(u))
                .checked_mul(u128::from(orbit))
                .and_then(|x| sum.checked_add(x)),
            _ => None,
        };
        match narrow {
            Some(x) => sum = x,
            None => solutions += down * up * BigUint::from(orbit),
        }
    }
    solutions += BigUint::from(sum);
    // Above the middle's partner, level k holds level size - k turned inside out.
    let on = |k: usize| -> (u64, u64) {
        if k <= above {
            walk.on.get(k).copied().unwrap_or((0, 0))
        } else {
            walk.on.get(size - k).copied().unwrap_or((0, 0))
        }
    };
    let len = |k: usize| -> u64 {
        let k = if k <= above { k } else { size - k };
        levels.get(k).map_or(0, |l| l.len() as u64)
    };
    let top = start.peg_count() as usize;
    Ok(SolutionCount {
        solutions,
        positions: (1..=top).map(|k| on(k).0).sum(),
        up_to_symmetry: (1..=top).map(|k| on(k).1).sum(),
        examined: (1..size).map(len).sum(),
        elapsed: control.elapsed(),
    })
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

    /// On every catalogue board of at most 33 cells whose centre game has a winnable set,
    /// the count met in the middle is the count over every level of the set.
    #[test]
    fn the_count_met_in_the_middle_is_the_count_over_every_level() {
        let mut boards = 0;
        for e in pegsol_layout::catalogue::ENTRIES {
            let puzzle = e.layout().expect("layout").validate().expect("valid");
            let shape = puzzle.start.shape().clone();
            let cells = shape.cells().len();
            let Some(centre) = shape.center() else {
                continue;
            };
            let goal = Goal::At(centre);
            let pegs = shape.cells() - CellSet::single(centre);
            if cells > 33 || !WinnableSet::applies(&shape, pegs, goal) {
                continue;
            }
            let start = Position::new(shape.clone(), pegs).expect("on the board");
            let met = uncontrolled(|c| count_solutions(&start, goal, c)).expect("counted");
            let compact = Compact::<u64>::new(&shape);
            let sym = Symmetries::keeping_start_and_goal(&compact, &start, goal);
            let set =
                uncontrolled(|c| WinnableSet::build(&shape, centre, u64::MAX, c)).expect("built");
            let levels: Vec<Vec<u64>> = (0..=cells).map(|k| set.level(k)).collect();
            let every = uncontrolled(|c| over_levels(&compact, &sym, &start, goal, &levels, c))
                .expect("counted");
            let figures = |n: &SolutionCount| {
                (
                    n.solutions.clone(),
                    n.positions,
                    n.up_to_symmetry,
                    n.examined,
                )
            };
            assert_eq!(figures(&met), figures(&every), "{}", e.key);
            boards += 1;
        }
        assert!(boards >= 3, "{boards}");
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
