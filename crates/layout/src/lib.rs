//! Layouts: the editable description of a board and its start, as people write it.
//!
//! A [`Layout`] may be wrong in any number of ways (it is what a person is typing or what a
//! file says); [`Layout::validate`] turns it into a [`Puzzle`] (a starting [`Position`] and a
//! [`Goal`]) or lists *every* problem with it, so an editor can show them all at once.
//!
//! This module also owns the editor's model ([`edit`]), the RON file format ([`mod@format`]), the
//! importers for other board formats ([`import`]), the built-in catalogue ([`catalogue`]),
//! resolving the `LAYOUT` argument of the command line and reading board files once ([`load`]),
//! writing every file atomically ([`files`]), the named classic problems ([`problems`]), and
//! the text handling every parser shares ([`text`]: byte-order marks, escaping).

pub mod catalogue;
pub mod edit;
pub mod files;
pub mod format;
pub mod import;
pub mod load;
pub mod problems;
pub mod text;

use pegsol_rules::{Cell, CellSet, Goal, Grid, Position, Shape, MAX_SIDE};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub use files::SaveError;
pub use format::FileError;
pub use load::{resolve, LoadError, PlacedProblem};

/// Where the last peg has to be for a win, as a layout states it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Finish {
    /// One peg left anywhere.
    #[default]
    Anywhere,
    /// One peg left on the board's centre cell (see [`Shape::center`]).
    Center,
    /// One peg left on this cell.
    Cell {
        /// Column.
        x: u8,
        /// Row.
        y: u8,
    },
}

/// An editable board description: what a RON file holds and what the editor edits.
///
/// Cell `x` of row `y` is the character at index `2x` of `rows[y]`: `o` a peg, `.` an empty
/// hole, a space off the board. This is the assignment's layouts table format, so a row copied
/// from the table pastes in unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Layout", deny_unknown_fields)]
pub struct Layout {
    /// Human title.
    pub name: String,
    /// One line saying what the board is.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// The lattice.
    #[serde(default)]
    pub grid: Grid,
    /// The rows, top first.
    pub rows: Vec<String>,
    /// The win condition.
    #[serde(default)]
    pub finish: Finish,
}

/// One thing wrong with a layout. Positions are 0-based: `y` is the row, `index` the character
/// index in the row string, `x` the cell column (`index / 2`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LayoutProblem {
    /// The layout has no cells at all.
    #[error("the board has no holes: add some `o` or `.` cells")]
    NoCells,
    /// No peg to play with.
    #[error("the board has no peg: put at least one `o` on it")]
    NoPeg,
    /// Every hole holds a peg, so nothing can ever jump.
    #[error("the board has no empty hole: make at least one cell `.`")]
    NoEmptyHole,
    /// More than 11 rows.
    #[error("the board has {rows} rows; at most {MAX_SIDE} are allowed")]
    TooManyRows {
        /// How many rows there are.
        rows: usize,
    },
    /// A cell (or any character but a space) beyond column 10.
    #[error("row {y} has a cell at column {x}; columns go from 0 to {}", MAX_SIDE - 1)]
    TooWide {
        /// The row.
        y: usize,
        /// The column of the offending cell.
        x: usize,
    },
    /// A character that is not `o`, `.` or a space where a cell goes.
    #[error(
        "row {y}, character {index}: `{}` is not a cell (use `o` peg, `.` hole, space off-board)",
        text::Shown(*.ch)
    )]
    UnknownCharacter {
        /// The row.
        y: usize,
        /// Character index in the row.
        index: usize,
        /// The character.
        ch: char,
    },
    /// Something other than a space between two cells.
    #[error(
        "row {y}, character {index}: `{}` sits between two cells; odd positions must be spaces",
        text::Shown(*.ch)
    )]
    MisplacedCharacter {
        /// The row.
        y: usize,
        /// Character index in the row.
        index: usize,
        /// The character.
        ch: char,
    },
    /// The finish cell is off the board.
    #[error("the finish cell {x},{y} is not a hole of the board")]
    FinishNotAHole {
        /// Column.
        x: u8,
        /// Row.
        y: u8,
    },
    /// `finish: Center` on a board without a centre cell.
    #[error("the finish is the centre, but this board has no centre cell")]
    NoCenter,
}

/// A valid layout: ready to play or solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Human title.
    pub name: String,
    /// One line saying what the board is.
    pub description: String,
    /// The starting position.
    pub start: Position,
    /// The win condition, with `Center` resolved to its cell.
    pub goal: Goal,
    /// The layout's own box (columns, rows), which may be larger than the shape's: levels 0-8
    /// keep the table's 9x9 grid.
    pub frame: (u8, u8),
}

impl Puzzle {
    /// The shape.
    pub fn shape(&self) -> &Arc<Shape> {
        self.start.shape()
    }

    /// A layout describing `pegs` on this puzzle's board, keeping its name, frame and finish:
    /// what "Edit this position" and saved games store.
    pub fn layout_for(&self, pegs: CellSet) -> Layout {
        let finish = match self.goal {
            Goal::Anywhere => Finish::Anywhere,
            Goal::At(c) if Some(c) == self.shape().center() => Finish::Center,
            Goal::At(c) => Finish::Cell { x: c.x, y: c.y },
        };
        Layout {
            name: self.name.clone(),
            description: self.description.clone(),
            grid: self.shape().grid(),
            rows: render_rows(self.shape().cells(), pegs, self.frame),
            finish,
        }
    }
}

/// Renders cells and pegs as table rows over a `(width, height)` frame: each cell's character
/// followed by one space, so a 9-wide frame gives the table's 18-character rows.
pub fn render_rows(cells: CellSet, pegs: CellSet, frame: (u8, u8)) -> Vec<String> {
    (0..frame.1)
        .map(|y| {
            let mut row = String::with_capacity(2 * usize::from(frame.0));
            for x in 0..frame.0 {
                let c = Cell { x, y };
                row.push(if pegs.contains(c) {
                    'o'
                } else if cells.contains(c) {
                    '.'
                } else {
                    ' '
                });
                row.push(' ');
            }
            row
        })
        .collect()
}

impl Layout {
    /// A layout from table rows with the default grid and finish.
    pub fn from_rows(name: &str, rows: &[&str]) -> Layout {
        Layout {
            name: name.to_string(),
            description: String::new(),
            grid: Grid::Square,
            rows: rows.iter().map(|r| r.to_string()).collect(),
            finish: Finish::Anywhere,
        }
    }

    /// The cells and pegs the rows describe, ignoring anything out of range, plus every problem
    /// found in the rows themselves.
    pub fn cells_and_pegs(&self) -> (CellSet, CellSet, Vec<LayoutProblem>) {
        let mut problems = Vec::new();
        let (mut cells, mut pegs) = (CellSet::EMPTY, CellSet::EMPTY);
        if self.rows.len() > usize::from(MAX_SIDE) {
            problems.push(LayoutProblem::TooManyRows {
                rows: self.rows.len(),
            });
        }
        // Rows and characters past the 11x11 box cannot be cells: the rows beyond it are one
        // `TooManyRows`, and a row's tail one `TooWide`, so a hostile file with a million
        // characters yields a few hundred problems at most, not millions.
        let side = usize::from(MAX_SIDE);
        for (y, row) in self.rows.iter().enumerate().take(side) {
            for (index, ch) in row.chars().enumerate() {
                if index >= 2 * side {
                    if ch != ' ' {
                        problems.push(LayoutProblem::TooWide { y, x: index / 2 });
                        break;
                    }
                    continue;
                }
                if index % 2 == 1 {
                    if ch != ' ' {
                        problems.push(LayoutProblem::MisplacedCharacter { y, index, ch });
                    }
                    continue;
                }
                let x = index / 2;
                let is_peg = match ch {
                    'o' => true,
                    '.' => false,
                    ' ' => continue,
                    _ => {
                        problems.push(LayoutProblem::UnknownCharacter { y, index, ch });
                        continue;
                    }
                };
                // Within the box (checked above), so always a cell.
                let Some(cell) = Cell::new(x as i32, y as i32) else {
                    continue;
                };
                cells.insert(cell);
                if is_peg {
                    pegs.insert(cell);
                }
            }
        }
        (cells, pegs, problems)
    }

    /// The layout's frame: (widest row in cells, number of rows), capped at 11x11.
    pub fn frame(&self) -> (u8, u8) {
        let width = self
            .rows
            .iter()
            // Trailing spaces count: the table's rows are 18 characters, a 9-cell frame.
            .map(|r| r.chars().count().div_ceil(2))
            .max()
            .unwrap_or(0);
        let side = usize::from(MAX_SIDE);
        (width.min(side) as u8, self.rows.len().min(side) as u8)
    }

    /// Checks the layout and builds its puzzle, or lists every problem found.
    pub fn validate(&self) -> Result<Puzzle, Vec<LayoutProblem>> {
        let (cells, pegs, mut problems) = self.cells_and_pegs();
        if cells.is_empty() {
            problems.push(LayoutProblem::NoCells);
        } else {
            if pegs.is_empty() {
                problems.push(LayoutProblem::NoPeg);
            }
            if pegs == cells {
                problems.push(LayoutProblem::NoEmptyHole);
            }
        }
        let shape = Arc::new(Shape::new(self.grid, cells));
        let goal = match self.finish {
            Finish::Anywhere => Some(Goal::Anywhere),
            Finish::Center => match shape.center() {
                Some(c) => Some(Goal::At(c)),
                None => {
                    if !cells.is_empty() {
                        problems.push(LayoutProblem::NoCenter);
                    }
                    None
                }
            },
            Finish::Cell { x, y } => match Cell::new(i32::from(x), i32::from(y)) {
                Some(c) if cells.contains(c) => Some(Goal::At(c)),
                _ => {
                    problems.push(LayoutProblem::FinishNotAHole { x, y });
                    None
                }
            },
        };
        match (goal, problems.is_empty()) {
            (Some(goal), true) => Ok(Puzzle {
                name: self.name.clone(),
                description: self.description.clone(),
                // Cannot fail: every peg was inserted into `cells` too.
                start: Position::new(shape, pegs).ok_or_else(Vec::new)?,
                goal,
                frame: self.frame(),
            }),
            _ => Err(problems),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(layout: &Layout) -> Vec<LayoutProblem> {
        layout.validate().err().unwrap_or_default()
    }

    #[test]
    fn empty_layout_reports_no_cells() {
        assert_eq!(
            problems(&Layout::from_rows("x", &[])),
            vec![LayoutProblem::NoCells]
        );
    }

    #[test]
    fn all_holes_reports_no_peg() {
        assert_eq!(
            problems(&Layout::from_rows("x", &[". . ."])),
            vec![LayoutProblem::NoPeg]
        );
    }

    #[test]
    fn all_pegs_reports_no_empty_hole() {
        assert_eq!(
            problems(&Layout::from_rows("x", &["o o o"])),
            vec![LayoutProblem::NoEmptyHole]
        );
    }

    #[test]
    fn twelve_rows_report_too_many_rows() {
        let rows = ["o ."; 12];
        assert_eq!(
            problems(&Layout::from_rows("x", &rows)),
            vec![LayoutProblem::TooManyRows { rows: 12 }]
        );
    }

    #[test]
    fn twelve_columns_report_too_wide_once_per_row() {
        let row = "o . o . o . o . o . o . o . o";
        assert_eq!(
            problems(&Layout::from_rows("x", &[row])),
            vec![LayoutProblem::TooWide { y: 0, x: 11 }]
        );
    }

    #[test]
    fn unknown_character_is_reported_with_row_and_index() {
        assert_eq!(
            problems(&Layout::from_rows("x", &["o . o", "o x ."])),
            vec![LayoutProblem::UnknownCharacter {
                y: 1,
                index: 2,
                ch: 'x'
            }]
        );
    }

    #[test]
    fn character_between_cells_is_reported_as_misplaced() {
        assert_eq!(
            problems(&Layout::from_rows("x", &["o.o ."])),
            vec![LayoutProblem::MisplacedCharacter {
                y: 0,
                index: 1,
                ch: '.'
            }]
        );
    }

    #[test]
    fn finish_off_the_board_is_reported() {
        let mut l = Layout::from_rows("x", &["o o ."]);
        l.finish = Finish::Cell { x: 5, y: 0 };
        assert_eq!(
            problems(&l),
            vec![LayoutProblem::FinishNotAHole { x: 5, y: 0 }]
        );
    }

    #[test]
    fn centre_finish_without_a_centre_cell_is_reported() {
        let mut l = Layout::from_rows("x", &["o o . o"]);
        l.finish = Finish::Center;
        assert_eq!(problems(&l), vec![LayoutProblem::NoCenter]);
    }

    #[test]
    fn every_problem_is_listed_at_once() {
        let mut l = Layout::from_rows("x", &[". ? .", ". . .x"]);
        l.finish = Finish::Cell { x: 9, y: 9 };
        let p = problems(&l);
        assert!(p.contains(&LayoutProblem::NoPeg));
        assert!(p
            .iter()
            .any(|p| matches!(p, LayoutProblem::UnknownCharacter { ch: '?', .. })));
        assert!(p
            .iter()
            .any(|p| matches!(p, LayoutProblem::MisplacedCharacter { ch: 'x', .. })));
        assert!(p.contains(&LayoutProblem::FinishNotAHole { x: 9, y: 9 }));
    }

    #[test]
    fn valid_layout_keeps_its_frame_and_resolves_the_centre() {
        let l = Layout::from_rows("x", &["      ", "  o o . o ", ""]);
        let p = l.validate().unwrap();
        assert_eq!(p.frame, (5, 3));
        assert_eq!(p.start.peg_count(), 3);
        let mut cross = Layout::from_rows("x", &["  o  ", "o . o", "  o  "]);
        cross.finish = Finish::Center;
        assert_eq!(
            cross.validate().unwrap().goal,
            Goal::At(Cell { x: 1, y: 1 })
        );
    }

    #[test]
    fn layout_for_renders_the_table_rows_back() {
        let l = Layout::from_rows("x", &["o o . ", "  o   "]);
        let p = l.validate().unwrap();
        assert_eq!(p.layout_for(p.start.pegs()).rows, l.rows);
    }
}
