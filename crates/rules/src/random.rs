//! Random puzzles that are always solvable: start from one peg and play jumps backwards.
//!
//! A backward jump takes the peg on `c`, with holes on `b` and `a` beside it in a line, and puts
//! pegs on `a` and `b` instead: undoing the forward jump `a` over `b` into `c`. Every position
//! made that way can be played forward, jump by jump, back to the single peg it grew from, so
//! the puzzle has at least one solution: the walk reversed. The seed decides everything, so
//! a puzzle can be shared as its seed and made again anywhere.

use super::cellset::{Cell, CellSet};
use super::jump::Jump;
use super::position::Position;
use super::shape::Shape;
use std::sync::Arc;

/// A generated puzzle: the start, the finish cell it grew from, and one solution.
#[derive(Clone, Debug, PartialEq)]
pub struct RandomPuzzle {
    /// The start position (`pegs` pegs).
    pub start: Position,
    /// The cell the last peg of the known solution ends on.
    pub finish: Cell,
    /// A solution: from `start`, these jumps leave one peg on `finish`.
    pub solution: Vec<Jump>,
    /// The seed that made it.
    pub seed: u64,
}

/// A small, fast, reproducible generator (SplitMix64): the same seed gives the same puzzle
/// on every machine and in every version that keeps this function.
#[derive(Clone, Debug)]
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (which must be above 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// How many walks from different finish cells are tried before giving up: a walk can run
/// into a dead end (no backward jump left) before it has enough pegs.
const ATTEMPTS: usize = 200;

/// A puzzle on `shape` with `pegs` pegs, made from `seed`: `None` when `pegs` is 0 or more than
/// the board's cells less one, or when no walk reaches that many pegs (a board too cramped
/// for backward jumps, such as a single row that has run out of room).
///
/// ```
/// use pegsol_rules::{random_puzzle, Cell, CellSet, Goal, Grid, Shape};
/// use std::sync::Arc;
/// let cells: CellSet = (0..7).flat_map(|y| (0..7).map(move |x| Cell { x, y })).collect();
/// let shape = Arc::new(Shape::new(Grid::Square, cells));
/// let puzzle = random_puzzle(&shape, 12, 42).unwrap();
/// assert_eq!(puzzle.start.peg_count(), 12);
/// let mut p = puzzle.start.clone();
/// for &jump in &puzzle.solution {
///     p = p.try_play(jump).unwrap();
/// }
/// assert!(p.is_won(Goal::At(puzzle.finish)));
/// // The same seed, the same puzzle.
/// assert_eq!(random_puzzle(&shape, 12, 42), Some(puzzle));
/// ```
pub fn random_puzzle(shape: &Arc<Shape>, pegs: u32, seed: u64) -> Option<RandomPuzzle> {
    let cells: Vec<Cell> = shape.cells().iter().collect();
    if pegs == 0 || pegs as usize >= cells.len() {
        return None;
    }
    let mut rng = SplitMix(seed);
    for _ in 0..ATTEMPTS {
        let finish = cells[rng.below(cells.len())];
        if let Some((start, solution)) = walk_back(shape, finish, pegs, &mut rng) {
            return Some(RandomPuzzle {
                start: Position::new(shape.clone(), start)?,
                finish,
                solution,
                seed,
            });
        }
    }
    None
}

/// Backward jumps from a lone peg on `finish` until `pegs` pegs stand; the forward solution is
/// the walk reversed. `None` at a dead end.
fn walk_back(
    shape: &Shape,
    finish: Cell,
    pegs: u32,
    rng: &mut SplitMix,
) -> Option<(CellSet, Vec<Jump>)> {
    let mut set = CellSet::single(finish);
    let mut walk = Vec::new();
    while set.len() < pegs {
        let backward: Vec<Jump> = shape
            .jumps()
            .iter()
            .filter(|j| set.contains(j.to) && !set.contains(j.from) && !set.contains(j.over))
            .copied()
            .collect();
        if backward.is_empty() {
            return None;
        }
        let jump = backward[rng.below(backward.len())];
        set.remove(jump.to);
        set.insert(jump.from);
        set.insert(jump.over);
        walk.push(jump);
    }
    walk.reverse();
    Some((set, walk))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Goal, Grid};

    fn square(side: u8) -> Arc<Shape> {
        let cells: CellSet = (0..side)
            .flat_map(|y| (0..side).map(move |x| Cell { x, y }))
            .collect();
        Arc::new(Shape::new(Grid::Square, cells))
    }

    fn triangle(rows: u8) -> Arc<Shape> {
        let cells: CellSet = (0..rows)
            .flat_map(|y| (0..=y).map(move |x| Cell { x, y }))
            .collect();
        Arc::new(Shape::new(Grid::Triangular, cells))
    }

    #[test]
    fn every_puzzle_replays_its_solution_to_its_finish_on_both_grids() {
        for shape in [square(7), triangle(5)] {
            let most = shape.cells().len() - 1;
            let mut made = 0;
            for pegs in 1..=most {
                for seed in 0..5 {
                    let Some(p) = random_puzzle(&shape, pegs, seed) else {
                        continue;
                    };
                    assert_eq!(p.start.peg_count(), pegs);
                    assert_eq!(p.solution.len() as u32, pegs - 1);
                    let mut pos = p.start.clone();
                    for &jump in &p.solution {
                        pos = pos.try_play(jump).expect("the solution is legal");
                    }
                    assert!(pos.is_won(Goal::At(p.finish)));
                    made += 1;
                }
            }
            // Most sizes are reachable; a cramped board may miss only the fullest ones.
            assert!(made >= 5 * (most as usize / 2), "only {made} puzzles made");
        }
    }

    #[test]
    fn seeds_differ_and_repeat() {
        let shape = square(7);
        let a = random_puzzle(&shape, 20, 1).unwrap();
        assert_eq!(random_puzzle(&shape, 20, 1).unwrap(), a);
        let others = (2..10).filter_map(|s| random_puzzle(&shape, 20, s));
        assert!(others.into_iter().any(|b| b.start != a.start));
    }

    #[test]
    fn impossible_sizes_are_refused() {
        let shape = triangle(5);
        assert_eq!(random_puzzle(&shape, 0, 1), None);
        assert_eq!(random_puzzle(&shape, 15, 1), None);
    }
}
