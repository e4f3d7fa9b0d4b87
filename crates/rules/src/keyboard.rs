//! Playing with the arrow keys, the same in both front ends: which grid steps an arrow stands
//! for, where the cursor starts, and the hole an arrow moves the cursor to.
//!
//! On the triangular grid Up and Down stand for diagonals: Up for up-left, Down for
//! down-right, the two ends of one line, so Up then Down comes back to the same cell; Shift
//! swaps each for the other diagonal (up-right, down-left). Where the first has no cell (or
//! no legal jump) the other is tried, and [`CursorTrail`] makes the opposite arrow take
//! such a move back.

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
/// use pegsol_rules::{arrow_steps, Arrow, Grid};
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

impl Arrow {
    /// The arrow that points back.
    pub fn opposite(self) -> Arrow {
        match self {
            Arrow::Up => Arrow::Down,
            Arrow::Down => Arrow::Up,
            Arrow::Left => Arrow::Right,
            Arrow::Right => Arrow::Left,
        }
    }
}

/// The keyboard cursor's last move when it took its arrow's second choice, so the opposite
/// arrow takes it back: on the triangle an arrow whose first diagonal leaves the board takes
/// the other (from the left edge's a3, Up goes up-right to a2), and Down from there must go
/// back down-left to a3, not down-right to b3 as it would from a2 otherwise. (A move along
/// its arrow's first choice needs nothing: the opposite arrow's first choice is its
/// reverse, and Shift keeps choosing the other diagonal.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CursorTrail {
    /// The last move, if it took a second choice: its arrow, the grid step and the cell it
    /// ended on.
    last: Option<(Arrow, (i32, i32), Cell)>,
}

impl CursorTrail {
    /// The hole `arrow` moves the cursor to from `from` on `shape` (`shift`: the other
    /// diagonal first, as [`arrow_steps`]), or `None` where there is none. Right after a
    /// second-choice move that ended on `from`, the opposite arrow retraces its step first.
    pub fn step(&mut self, shape: &Shape, from: Cell, arrow: Arrow, shift: bool) -> Option<Cell> {
        let mut steps = arrow_steps(shape.grid(), arrow, shift);
        if let Some((last, (dx, dy), at)) = self.last {
            let back = (-dx, -dy);
            if at == from && last == arrow.opposite() && steps.contains(&back) {
                steps.retain(|&s| s != back);
                steps.insert(0, back);
            }
        }
        let first = steps[0];
        let (cell, step) = steps
            .iter()
            .find_map(|&s| walk(shape, from, s).map(|cell| (cell, s)))?;
        self.last = (step != first).then_some((arrow, step, cell));
        Some(cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CellSet;

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

    #[test]
    fn the_opposite_arrow_takes_the_cursor_back_on_the_triangle_edge() {
        let shape = triangle();
        // From every cell, every arrow and then its opposite comes back (where the first
        // moved at all), Shift or not.
        for from in shape.cells().iter() {
            for arrow in [Arrow::Up, Arrow::Down, Arrow::Left, Arrow::Right] {
                for shift in [false, true] {
                    let mut trail = CursorTrail::default();
                    let Some(to) = trail.step(&shape, from, arrow, shift) else {
                        continue;
                    };
                    let back = trail.step(&shape, to, arrow.opposite(), shift);
                    assert_eq!(
                        back,
                        Some(from),
                        "{from:?} {arrow:?} to {to:?}, shift {shift}"
                    );
                }
            }
        }
        // a3, Up (up-left is off the board: up-right to a2), Down: a3 again, not b3.
        let (a3, a2) = (Cell { x: 0, y: 2 }, Cell { x: 0, y: 1 });
        let mut trail = CursorTrail::default();
        assert_eq!(trail.step(&shape, a3, Arrow::Up, false), Some(a2));
        assert_eq!(trail.step(&shape, a2, Arrow::Down, false), Some(a3));
        // Shift still picks the other diagonal after a first-choice move: b2, Up (up-left
        // to a1), Shift+Down is down-left to a2.
        let (a1, b2) = (Cell { x: 0, y: 0 }, Cell { x: 1, y: 1 });
        let mut trail = CursorTrail::default();
        assert_eq!(trail.step(&shape, b2, Arrow::Up, false), Some(a1));
        assert_eq!(trail.step(&shape, a1, Arrow::Down, true), Some(a2));
        // With no move before, Down from a2 is down-right, as always.
        let mut fresh = CursorTrail::default();
        assert_eq!(
            fresh.step(&shape, a2, Arrow::Down, false),
            Some(Cell { x: 1, y: 2 })
        );
    }
}
