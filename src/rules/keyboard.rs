//! Playing with the arrow keys, the same in both front ends: which grid steps an arrow stands
//! for, where the cursor starts, and the hole an arrow moves the cursor to.
//!
//! On the triangular grid Up and Down stand for diagonals: Up for up-left, Down for
//! down-right, the two ends of one line, so Up then Down comes back to the same cell; Shift
//! swaps each for the other diagonal (up-right, down-left). Where the first has no cell (or
//! no legal jump) the other is tried.

use super::{Cell, Grid, Shape};

/// An arrow key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrow {
    /// Up.
    Up,
    /// Down.
    Down,
    /// Left.
    Left,
    /// Right.
    Right,
}

/// The grid steps `arrow` stands for on `grid`, preferred first (see the module docs).
///
/// ```
/// use pegsol::rules::{arrow_steps, Arrow, Grid};
/// assert_eq!(arrow_steps(Grid::Square, Arrow::Up, false), vec![(0, -1)]);
/// // On the triangle, Up and Down are the two ends of one diagonal.
/// let up = arrow_steps(Grid::Triangular, Arrow::Up, false)[0];
/// let down = arrow_steps(Grid::Triangular, Arrow::Down, false)[0];
/// assert_eq!((up.0 + down.0, up.1 + down.1), (0, 0));
/// ```
pub fn arrow_steps(grid: Grid, arrow: Arrow, shift: bool) -> Vec<(i32, i32)> {
    let (plain, other) = match (grid, arrow) {
        (_, Arrow::Left) => return vec![(-1, 0)],
        (_, Arrow::Right) => return vec![(1, 0)],
        (Grid::Square, Arrow::Up) => return vec![(0, -1)],
        (Grid::Square, Arrow::Down) => return vec![(0, 1)],
        // Up-left (-1,-1) and up-right (0,-1); down-right (1,1) and down-left (0,1).
        (Grid::Triangular, Arrow::Up) => ((-1, -1), (0, -1)),
        (Grid::Triangular, Arrow::Down) => ((1, 1), (0, 1)),
    };
    if shift {
        vec![other, plain]
    } else {
        vec![plain, other]
    }
}

/// Where the keyboard cursor starts on `shape`: its centre if it has one, else its first
/// hole.
pub fn start_cell(shape: &Shape) -> Option<Cell> {
    shape.center().or_else(|| shape.cells().iter().next())
}

/// The nearest hole of `shape` from `from` in direction `(dx, dy)`, skipping cells off the
/// board (a board may have gaps).
pub fn walk(shape: &Shape, from: Cell, (dx, dy): (i32, i32)) -> Option<Cell> {
    let mut cell = from;
    loop {
        cell = cell.offset(dx, dy)?;
        if shape.contains(cell) {
            return Some(cell);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::CellSet;

    /// The 15-hole triangle: row y holds x = 0..=y.
    fn triangle() -> Shape {
        let cells: CellSet = (0..5u8)
            .flat_map(|y| (0..=y).map(move |x| Cell { x, y }))
            .collect();
        Shape::new(Grid::Triangular, cells)
    }

    #[test]
    fn up_then_down_comes_back_to_the_same_cell_on_the_triangle() {
        let shape = triangle();
        let plain =
            |arrow, from| walk(&shape, from, arrow_steps(Grid::Triangular, arrow, false)[0]);
        let mut checked = 0;
        for cell in shape.cells().iter() {
            if let Some(up) = plain(Arrow::Up, cell) {
                assert_eq!(plain(Arrow::Down, up), Some(cell), "{cell:?} up to {up:?}");
                checked += 1;
            }
        }
        assert_eq!(
            checked, 10,
            "every cell but the left edge's five has an up-left"
        );
        // c3 up to b2 and back, as the issue's report had it going to b3.
        let c3 = Cell { x: 2, y: 2 };
        assert_eq!(plain(Arrow::Up, c3), Some(Cell { x: 1, y: 1 }));
    }
}
