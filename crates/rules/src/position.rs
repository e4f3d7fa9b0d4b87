//! Positions (a shape and its pegs), and playing jumps in them.

use super::cellset::{Cell, CellSet};
use super::jump::{Jump, JumpError};
use super::shape::Shape;
use std::sync::Arc;

/// What counts as a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Goal {
    /// One peg left, anywhere.
    #[default]
    Anywhere,
    /// One peg left, on this cell.
    At(Cell),
}

impl Goal {
    /// Whether `pegs` is a winning set of pegs.
    #[inline]
    pub fn is_won(self, pegs: CellSet) -> bool {
        match self {
            Goal::Anywhere => pegs.len() == 1,
            Goal::At(cell) => pegs == CellSet::single(cell),
        }
    }
}

/// A position: the board's shape and which of its holes hold pegs.
///
/// ```
/// use pegsol_rules::{Cell, CellSet, Grid, Position, Shape};
/// use std::sync::Arc;
/// // Level 0 of the assignment: o o . o on one row.
/// let cells: CellSet = (3..7).map(|x| Cell { x, y: 3 }).collect();
/// let shape = Arc::new(Shape::new(Grid::Square, cells));
/// let pegs = cells - CellSet::single(Cell { x: 5, y: 3 });
/// let start = Position::new(shape, pegs).unwrap();
/// assert_eq!(start.legal_jumps().len(), 1);
/// let next = start.try_play("3,3-5,3".parse().unwrap()).unwrap();
/// assert_eq!(next.peg_count(), 2);
/// // Bad input is refused with a reason, never a panic.
/// assert!(next.try_play("3,3-5,3".parse().unwrap()).is_err());
/// let last = next.try_play("6,3-4,3".parse().unwrap()).unwrap();
/// assert!(last.is_won(pegsol_rules::Goal::Anywhere));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    shape: Arc<Shape>,
    pegs: CellSet,
}

impl Position {
    /// A position, or `None` if some peg is not on a hole of the shape.
    pub fn new(shape: Arc<Shape>, pegs: CellSet) -> Option<Position> {
        pegs.is_subset(shape.cells())
            .then_some(Position { shape, pegs })
    }

    /// The board's shape.
    pub fn shape(&self) -> &Arc<Shape> {
        &self.shape
    }

    /// The pegs.
    pub fn pegs(&self) -> CellSet {
        self.pegs
    }

    /// The empty holes.
    pub fn holes(&self) -> CellSet {
        self.shape.cells() - self.pegs
    }

    /// How many pegs are left.
    pub fn peg_count(&self) -> u32 {
        self.pegs.len()
    }

    /// The jump from `from` to `to` on this board, or why there is none, in the order a
    /// person would look: the board, the line between them, two holes apart, the peg, the peg
    /// in between, the hole (what a click on one hole and then another asks for).
    pub fn jump_between(&self, from: Cell, to: Cell) -> Result<Jump, JumpError> {
        for cell in [from, to] {
            if !self.shape.contains(cell) {
                return Err(JumpError::OffBoard(cell));
            }
        }
        let ((dx, dy), steps) = self
            .shape
            .grid()
            .line(from, to)
            .ok_or(JumpError::NotADirection)?;
        if steps != 2 {
            return Err(JumpError::NotTwoApart { steps });
        }
        let over = from.offset(dx, dy).ok_or(JumpError::OffBoard(from))?;
        let jump = Jump { from, over, to };
        self.check(jump).map(|()| jump)
    }

    /// Whether `jump` can be played here.
    #[inline]
    pub fn is_legal(&self, jump: Jump) -> bool {
        self.check(jump).is_ok()
    }

    /// Checks a jump, saying what is wrong with it (the first problem found, in the order a
    /// person would look: the board, the direction, the peg, the peg in between, the hole).
    pub fn check(&self, jump: Jump) -> Result<(), JumpError> {
        for cell in [jump.from, jump.over, jump.to] {
            if !self.shape.contains(cell) {
                return Err(JumpError::OffBoard(cell));
            }
        }
        match self.shape.grid().line(jump.from, jump.to) {
            None => return Err(JumpError::NotADirection),
            Some((_, steps)) if steps != 2 => return Err(JumpError::NotTwoApart { steps }),
            Some(((dx, dy), _)) if jump.from.offset(dx, dy) != Some(jump.over) => {
                return Err(JumpError::NotADirection)
            }
            Some(_) => {}
        }
        if !self.pegs.contains(jump.from) {
            return Err(JumpError::NoPeg(jump.from));
        }
        if !self.pegs.contains(jump.over) {
            return Err(JumpError::NothingToJumpOver(jump.over));
        }
        if self.pegs.contains(jump.to) {
            return Err(JumpError::TargetOccupied(jump.to));
        }
        Ok(())
    }

    /// The position after `jump`, or why it cannot be played. Never panics, whatever the input.
    pub fn try_play(&self, jump: Jump) -> Result<Position, JumpError> {
        self.check(jump)?;
        let mut next = self.clone();
        next.play_unchecked(jump);
        Ok(next)
    }

    /// Plays `jump` without checking it (the solvers' hot path). Playing an illegal jump gives
    /// a meaningless position but never undefined behaviour.
    #[inline]
    pub fn play_unchecked(&mut self, jump: Jump) {
        self.pegs ^= jump.cells();
    }

    /// Takes back `jump`, which must be the jump that led here.
    #[inline]
    pub fn unplay_unchecked(&mut self, jump: Jump) {
        self.pegs ^= jump.cells();
    }

    /// Every legal jump, in the classic solver's order (column outer, row inner, directions in
    /// the grid's order).
    pub fn legal_jumps(&self) -> Vec<Jump> {
        legal_jumps_of(&self.shape, self.pegs).collect()
    }

    /// The legal jumps that start at `from`.
    pub fn legal_jumps_from(&self, from: Cell) -> Vec<Jump> {
        legal_jumps_of(&self.shape, self.pegs)
            .filter(|j| j.from == from)
            .collect()
    }

    /// Whether no jump is possible.
    pub fn is_stuck(&self) -> bool {
        legal_jumps_of(&self.shape, self.pegs).next().is_none()
    }

    /// Whether the position wins under `goal`.
    pub fn is_won(&self, goal: Goal) -> bool {
        goal.is_won(self.pegs)
    }
}

/// The legal jumps for `pegs` on `shape`, lazily, in the classic solver's order.
pub fn legal_jumps_of(shape: &Shape, pegs: CellSet) -> impl Iterator<Item = Jump> + '_ {
    shape
        .jumps()
        .iter()
        .copied()
        .filter(move |j| pegs.contains(j.from) && pegs.contains(j.over) && !pegs.contains(j.to))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    fn line_of_four() -> Position {
        let cells: CellSet = (0..4).map(|x| Cell { x, y: 0 }).collect();
        let shape = Arc::new(Shape::new(Grid::Square, cells));
        Position::new(shape, cells - CellSet::single(Cell { x: 2, y: 0 })).unwrap()
    }

    #[test]
    fn try_play_names_each_problem() {
        let p = line_of_four();
        let c = |x, y| Cell { x, y };
        let j = |a: Cell, b: Cell| Jump::between(a, b).unwrap();
        assert_eq!(
            p.check(j(c(0, 0), c(0, 2))),
            Err(JumpError::OffBoard(c(0, 1)))
        );
        assert_eq!(p.check(j(c(2, 0), c(0, 0))), Err(JumpError::NoPeg(c(2, 0))));
        assert_eq!(
            p.check(j(c(3, 0), c(1, 0))),
            Err(JumpError::NothingToJumpOver(c(2, 0)))
        );
        let full = Position::new(p.shape().clone(), p.shape().cells()).unwrap();
        assert_eq!(
            full.check(j(c(0, 0), c(2, 0))),
            Err(JumpError::TargetOccupied(c(2, 0)))
        );
        let long = Jump {
            from: c(0, 0),
            over: c(1, 0),
            to: c(3, 0),
        };
        assert_eq!(p.check(long), Err(JumpError::NotTwoApart { steps: 3 }));
    }

    #[test]
    fn triangular_grid_refuses_the_missing_diagonal() {
        let cells: CellSet = (0..3u8)
            .flat_map(|y| (0..3u8).map(move |x| Cell { x, y }))
            .collect();
        let shape = Arc::new(Shape::new(Grid::Triangular, cells));
        let p = Position::new(shape, cells - CellSet::single(Cell { x: 0, y: 2 })).unwrap();
        // (2,0) -> (0,2) runs along (-1,+1), which is not a triangular direction.
        let j = Jump::between(Cell { x: 2, y: 0 }, Cell { x: 0, y: 2 }).unwrap();
        assert_eq!(p.check(j), Err(JumpError::NotADirection));
        // (2,2) -> (0,0) runs along (-1,-1), which is.
        let p2 = Position::new(
            p.shape().clone(),
            cells - CellSet::single(Cell { x: 0, y: 0 }),
        )
        .unwrap();
        let j2 = Jump::between(Cell { x: 2, y: 2 }, Cell { x: 0, y: 0 }).unwrap();
        assert!(p2.is_legal(j2));
    }

    #[test]
    fn goal_at_a_cell_needs_the_peg_there() {
        let c = Cell { x: 1, y: 1 };
        assert!(Goal::At(c).is_won(CellSet::single(c)));
        assert!(!Goal::At(c).is_won(CellSet::single(Cell { x: 0, y: 1 })));
        assert!(Goal::Anywhere.is_won(CellSet::single(Cell { x: 0, y: 1 })));
    }
}
