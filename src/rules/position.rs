//! Positions (a shape and its pegs), jumps, and playing them.

use super::cellset::{Cell, CellParseError, CellSet};
use super::shape::Shape;
use std::fmt;
use std::sync::Arc;

/// One jump: the peg on `from` jumps over the peg on `over` into the empty hole `to`, and the
/// peg on `over` is removed.
///
/// Its stable text form is `x,y-x,y` (from, then to):
/// ```
/// use pegsol::rules::{Cell, Jump};
/// let j: Jump = "3,1-3,3".parse().unwrap();
/// assert_eq!(j.over, Cell { x: 3, y: 2 });
/// assert_eq!(j.to_string(), "3,1-3,3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Jump {
    /// Where the jumping peg starts.
    pub from: Cell,
    /// The peg jumped over (removed).
    pub over: Cell,
    /// Where the jumping peg lands.
    pub to: Cell,
}

impl Jump {
    /// The jump from `from` to `to`, if they are two steps apart along a straight line (the
    /// grid decides later whether that line is a jump direction).
    pub fn between(from: Cell, to: Cell) -> Option<Jump> {
        let (dx, dy) = (
            i32::from(to.x) - i32::from(from.x),
            i32::from(to.y) - i32::from(from.y),
        );
        if dx % 2 != 0 || dy % 2 != 0 || (dx == 0 && dy == 0) {
            return None;
        }
        let over = from.offset(dx / 2, dy / 2)?;
        Some(Jump { from, over, to })
    }

    /// The three cells as a set.
    pub fn cells(self) -> CellSet {
        CellSet::single(self.from) | CellSet::single(self.over) | CellSet::single(self.to)
    }
}

impl fmt::Display for Jump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// Why a text is not a jump.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JumpParseError {
    /// No `-` between the two cells.
    #[error("`{0}` is not a jump: expected `x,y-x,y` (from, then to)")]
    Form(String),
    /// One of the cells is malformed.
    #[error(transparent)]
    Cell(#[from] CellParseError),
    /// The cells are not two steps apart along a line.
    #[error("`{0}` is not a jump: from and to must be two cells apart in a straight line")]
    Distance(String),
}

impl std::str::FromStr for Jump {
    type Err = JumpParseError;

    fn from_str(s: &str) -> Result<Jump, JumpParseError> {
        let text = s.trim();
        // A `-` may also be a minus sign (`-1,3-1,3`), so every `-` with text on both sides is
        // tried as the separator: the first whose sides are both cells wins; otherwise the
        // error names the first side that is not a cell (never an empty text).
        let mut first_error = None;
        for (i, _) in text.match_indices('-') {
            let (from, to) = (&text[..i], &text[i + 1..]);
            if from.trim().is_empty() || to.trim().is_empty() {
                continue;
            }
            match (from.parse::<Cell>(), to.parse::<Cell>()) {
                (Ok(from), Ok(to)) => {
                    return Jump::between(from, to)
                        .ok_or_else(|| JumpParseError::Distance(s.to_string()))
                }
                (Err(e), _) | (_, Err(e)) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        Err(first_error.map_or_else(|| JumpParseError::Form(s.to_string()), JumpParseError::Cell))
    }
}

/// Why a jump cannot be played in a position. Every case names the cell at fault, so a front
/// end can tell a person exactly what went wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JumpError {
    /// A cell of the jump is not a hole of the board.
    #[error("{0} is not on the board")]
    OffBoard(Cell),
    /// From and to are not on one line along the grid's directions (or the cell jumped over
    /// is not on that line).
    #[error("pegs cannot jump in that direction on this grid")]
    NotADirection,
    /// From and to are on one line, but not two holes apart, as a jump's ends are.
    #[error("the hole is {steps} holes along, not 2: a peg jumps over its neighbour into the hole just beyond")]
    NotTwoApart {
        /// How many steps along the line `to` is from `from`.
        steps: u32,
    },
    /// No peg on the starting cell.
    #[error("there is no peg at {0} to jump with")]
    NoPeg(Cell),
    /// No peg in between to jump over.
    #[error("there is no peg at {0} to jump over")]
    NothingToJumpOver(Cell),
    /// The landing hole is taken.
    #[error("the hole at {0} is not empty")]
    TargetOccupied(Cell),
}

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
/// use pegsol::rules::{Cell, CellSet, Grid, Position, Shape};
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
/// assert!(last.is_won(pegsol::rules::Goal::Anywhere));
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
    use crate::rules::Grid;

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
    fn jump_text_rejects_malformed_input() {
        assert!(matches!(
            "1,1".parse::<Jump>(),
            Err(JumpParseError::Form(_))
        ));
        assert!(matches!(
            "1,1-2,1".parse::<Jump>(),
            Err(JumpParseError::Distance(_))
        ));
        assert!(matches!(
            "a-2,1".parse::<Jump>(),
            Err(JumpParseError::Cell(_))
        ));
        assert!(matches!(
            "3,1-".parse::<Jump>(),
            Err(JumpParseError::Form(_))
        ));
    }

    #[test]
    fn a_negative_cell_in_jump_text_is_named_not_an_empty_one() {
        let e = "-1,3-1,3".parse::<Jump>().unwrap_err().to_string();
        assert!(e.starts_with("`-1,3` is not a cell"), "{e}");
        let e = "1,3--1,3".parse::<Jump>().unwrap_err().to_string();
        assert!(e.starts_with("`-1,3` is not a cell"), "{e}");
        assert_eq!(
            "1,3-3,3".parse::<Jump>().map(|j| j.to_string()),
            Ok("1,3-3,3".into())
        );
    }

    #[test]
    fn goal_at_a_cell_needs_the_peg_there() {
        let c = Cell { x: 1, y: 1 };
        assert!(Goal::At(c).is_won(CellSet::single(c)));
        assert!(!Goal::At(c).is_won(CellSet::single(Cell { x: 0, y: 1 })));
        assert!(Goal::Anywhere.is_won(CellSet::single(Cell { x: 0, y: 1 })));
    }
}
