//! Jumps: one peg over its neighbour into the hole beyond, their `x,y-x,y` text form, and
//! why a jump cannot be played.
//!
//! Owns the jump as a value. It depends only on cells, so both a board's shape (its list of
//! geometric jumps) and a position (which of them are legal) can use it.

use super::cellset::{Cell, CellParseError, CellSet};
use std::fmt;

/// One jump: the peg on `from` jumps over the peg on `over` into the empty hole `to`, and the
/// peg on `over` is removed.
///
/// Its stable text form is `x,y-x,y` (from, then to):
/// ```
/// use pegsol_rules::{Cell, Jump};
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
