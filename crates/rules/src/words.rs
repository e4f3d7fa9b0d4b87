//! The rules in people's words: cell names as the boards label them (`d4`) and the reasons a
//! jump is refused, shared by the window and the terminal game so both say the same thing.
//! Files and JSON keep the `x,y` form ([`Cell`]'s `Display`); [`CellNames::Xy`] names cells
//! that way in messages too, for a student comparing with the assignment's output.

use super::cellset::Cell;
use super::jump::{Jump, JumpError};
use super::position::Position;

/// `text` with its first letter in capitals, for a sentence or a row's label made from a
/// phrase that also sits inside a line.
///
/// ```
/// use pegsol_rules::capitalise;
/// assert_eq!(capitalise("looking through"), "Looking through");
/// assert_eq!(capitalise(""), "");
/// ```
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A cell as people name it: column letter from `x`, row number from `y`, so the English
/// board's centre (3,3) is `d4`.
///
/// ```
/// use pegsol_rules::{cell_name, Cell};
/// assert_eq!(cell_name(Cell { x: 3, y: 3 }), "d4");
/// ```
pub fn cell_name(cell: Cell) -> String {
    CellNames::Board.cell(cell)
}

/// How messages name cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CellNames {
    /// As the boards label them: column letter, row number from 1 (`d4`).
    #[default]
    Board,
    /// As files, `--json` and the assignment's C code do: `x,y` from 0 (`3,3`).
    Xy,
}

impl CellNames {
    /// The other style.
    pub fn other(self) -> CellNames {
        match self {
            CellNames::Board => CellNames::Xy,
            CellNames::Xy => CellNames::Board,
        }
    }

    /// A cell in this style.
    ///
    /// ```
    /// use pegsol_rules::{Cell, CellNames};
    /// assert_eq!(CellNames::Board.cell(Cell { x: 3, y: 3 }), "d4");
    /// assert_eq!(CellNames::Xy.cell(Cell { x: 3, y: 3 }), "3,3");
    /// ```
    pub fn cell(self, cell: Cell) -> String {
        match self {
            CellNames::Board => format!("{}{}", char::from(b'a' + cell.x), u32::from(cell.y) + 1),
            CellNames::Xy => cell.to_string(),
        }
    }

    /// A jump in this style: "c4 over d4 to e4".
    pub fn jump(self, jump: Jump) -> String {
        format!(
            "{} over {} to {}",
            self.cell(jump.from),
            self.cell(jump.over),
            self.cell(jump.to)
        )
    }

    /// Why a jump is refused, in this style.
    pub fn refusal(self, error: JumpError) -> String {
        match error {
            JumpError::OffBoard(c) => format!("{} is not on the board", self.cell(c)),
            JumpError::NoPeg(c) => format!("there is no peg at {} to jump with", self.cell(c)),
            JumpError::NothingToJumpOver(c) => {
                format!("there is no peg at {} to jump over", self.cell(c))
            }
            JumpError::TargetOccupied(c) => format!("the hole at {} is not empty", self.cell(c)),
            JumpError::NotADirection | JumpError::NotTwoApart { .. } => error.to_string(),
        }
    }

    /// Why no jump goes the way a direction key asks, in this style.
    pub fn direction_refusal(self, refusal: DirectionRefusal) -> String {
        match refusal {
            DirectionRefusal::Edge(c) => format!(
                "{} cannot jump that way: it is the edge of the board",
                self.cell(c)
            ),
            DirectionRefusal::Illegal(c, e) => {
                format!("{} cannot jump that way: {}", self.cell(c), self.refusal(e))
            }
        }
    }
}

/// A number of pegs in words: `1 peg`, `3 pegs`.
///
/// ```
/// use pegsol_rules::pegs_in_words;
/// assert_eq!(pegs_in_words(1), "1 peg");
/// assert_eq!(pegs_in_words(3), "3 pegs");
/// ```
pub fn pegs_in_words(n: u32) -> String {
    if n == 1 {
        "1 peg".into()
    } else {
        format!("{n} pegs")
    }
}

/// A count of jumps in words, with the right plural: "1 jump", "5 jumps".
///
/// ```
/// assert_eq!(pegsol_rules::jumps_in_words(1), "1 jump");
/// assert_eq!(pegsol_rules::jumps_in_words(0), "0 jumps");
/// ```
pub fn jumps_in_words(n: usize) -> String {
    if n == 1 {
        "1 jump".into()
    } else {
        format!("{n} jumps")
    }
}

impl Jump {
    /// The jump as people say it, naming cells as the board labels them.
    ///
    /// ```
    /// use pegsol_rules::{Cell, Jump};
    /// let jump = Jump { from: Cell { x: 2, y: 3 }, over: Cell { x: 3, y: 3 }, to: Cell { x: 4, y: 3 } };
    /// assert_eq!(jump.in_words(), "c4 over d4 to e4");
    /// ```
    pub fn in_words(self) -> String {
        CellNames::Board.jump(self)
    }
}

impl JumpError {
    /// Why the jump is refused, naming cells as the board labels them.
    pub fn in_words(self) -> String {
        CellNames::Board.refusal(self)
    }
}

/// Why no jump goes the way a direction key asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DirectionRefusal {
    /// The board ends before a jump that way could land.
    #[error("{}", CellNames::Board.direction_refusal(*self))]
    Edge(Cell),
    /// The preferred jump that way is illegal, for this reason.
    #[error("{}", CellNames::Board.direction_refusal(*self))]
    Illegal(Cell, JumpError),
}

impl Position {
    /// The jump a direction key asks for from `from`: the first legal one among `steps` (grid
    /// steps, the preferred first: the triangle's Up may mean either upward diagonal), or
    /// why the preferred one is refused.
    pub fn jump_toward(&self, from: Cell, steps: &[(i32, i32)]) -> Result<Jump, DirectionRefusal> {
        let candidates: Vec<Jump> = steps
            .iter()
            .filter_map(|&(dx, dy)| {
                let over = from.offset(dx, dy)?;
                let to = over.offset(dx, dy)?;
                Some(Jump { from, over, to })
            })
            .collect();
        if let Some(&jump) = candidates.iter().find(|j| self.is_legal(**j)) {
            return Ok(jump);
        }
        match candidates.first().map(|&j| self.check(j)) {
            Some(Err(e)) => Err(DirectionRefusal::Illegal(from, e)),
            // No candidate fits the box (or, impossibly, the first is legal after all).
            _ => Err(DirectionRefusal::Edge(from)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CellSet, Grid, Shape};
    use std::sync::Arc;

    #[test]
    fn names_use_letters_for_columns_and_numbers_for_rows() {
        assert_eq!(cell_name(Cell { x: 3, y: 3 }), "d4");
        assert_eq!(cell_name(Cell { x: 0, y: 0 }), "a1");
        assert_eq!(cell_name(Cell { x: 10, y: 10 }), "k11");
    }

    #[test]
    fn a_direction_key_jumps_or_says_why_not() {
        // o o . on one row: right from a1 jumps; left from a1 is the edge; right from b1 has
        // nothing to jump over.
        let row: CellSet = (0..3).map(|x| Cell { x, y: 0 }).collect();
        let shape = Arc::new(Shape::new(Grid::Square, row));
        let pegs = row - CellSet::single(Cell { x: 2, y: 0 });
        let p = Position::new(shape, pegs).unwrap();
        let a1 = Cell { x: 0, y: 0 };
        assert_eq!(
            p.jump_toward(a1, &[(1, 0)]).unwrap().to,
            Cell { x: 2, y: 0 }
        );
        let edge = p.jump_toward(a1, &[(-1, 0)]).unwrap_err();
        assert_eq!(
            edge.to_string(),
            "a1 cannot jump that way: it is the edge of the board"
        );
        let b1 = Cell { x: 1, y: 0 };
        let why = p.jump_toward(b1, &[(1, 0)]).unwrap_err();
        assert!(matches!(
            why,
            DirectionRefusal::Edge(_) | DirectionRefusal::Illegal(..)
        ));
        assert!(
            why.to_string().starts_with("b1 cannot jump that way: "),
            "{why}"
        );
    }
}
