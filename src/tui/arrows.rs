//! Where the arrows go on each grid: the cursor's first cell, the grid steps Up and Down
//! stand for (both diagonals on the triangle), and the jump an arrow asks for or why there is
//! none.

use crate::layout::Puzzle;
use crate::rules::{Cell, Grid, Jump, Position};

/// Where the cursor starts on a board: its centre, else its first hole.
pub(super) fn home_cell(puzzle: &Puzzle) -> Cell {
    let shape = puzzle.shape();
    shape
        .center()
        .or_else(|| shape.cells().iter().next())
        .unwrap_or(Cell { x: 0, y: 0 })
}

/// The grid steps Up or Down stands for, preferred first: straight up or down on the square
/// grid; on the triangular grid the left-hand diagonal then the right-hand one (Shift: the
/// right-hand one first), as in the window.
pub(super) fn arrow_steps(grid: Grid, up: bool, shift: bool) -> Vec<(i32, i32)> {
    let (left_hand, right_hand) = match (grid, up) {
        (Grid::Square, true) => return vec![(0, -1)],
        (Grid::Square, false) => return vec![(0, 1)],
        // Up-left (-1,-1) and up-right (0,-1); down-left (0,1) and down-right (1,1).
        (Grid::Triangular, true) => ((-1, -1), (0, -1)),
        (Grid::Triangular, false) => ((0, 1), (1, 1)),
    };
    if shift {
        vec![right_hand, left_hand]
    } else {
        vec![left_hand, right_hand]
    }
}

/// The jump an arrow asks for from `from`, or why there is none, in words.
pub(super) fn keyboard_jump(
    position: &Position,
    from: Cell,
    steps: &[(i32, i32)],
) -> Result<Jump, String> {
    position
        .jump_toward(from, steps)
        .map_err(|refusal| refusal.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Game;
    use crate::rules::Grid;

    fn start(spec: &str) -> Position {
        Game::from_spec(spec).expect("catalogue board").puzzle.start
    }

    #[test]
    fn up_and_down_stand_for_both_diagonals_on_the_triangle_shift_first_the_right_hand_one() {
        assert_eq!(arrow_steps(Grid::Square, true, true), vec![(0, -1)]);
        assert_eq!(
            arrow_steps(Grid::Triangular, true, false),
            vec![(-1, -1), (0, -1)]
        );
        assert_eq!(
            arrow_steps(Grid::Triangular, true, true),
            vec![(0, -1), (-1, -1)]
        );
        assert_eq!(
            arrow_steps(Grid::Triangular, false, false),
            vec![(0, 1), (1, 1)]
        );
        assert_eq!(
            arrow_steps(Grid::Triangular, false, true),
            vec![(1, 1), (0, 1)]
        );
    }

    #[test]
    fn an_arrow_jump_takes_the_first_legal_direction_or_names_what_is_wrong() {
        let triangle = start("triangle");
        let from = Cell { x: 2, y: 2 };
        // Up-right from (2,2) leaves the board; up-left into the empty apex is legal, so
        // Shift+Up (up-right first) still jumps up-left.
        let steps = arrow_steps(Grid::Triangular, true, true);
        assert_eq!(
            keyboard_jump(&triangle, from, &steps),
            Ok("2,2-0,0".parse().expect("jump"))
        );
        let english = start("english");
        let d2 = Cell { x: 3, y: 1 };
        assert_eq!(
            keyboard_jump(&english, d2, &[(-1, 0)]),
            Err("d2 cannot jump that way: b2 is not on the board".into())
        );
        assert_eq!(
            keyboard_jump(&english, Cell { x: 0, y: 2 }, &[(-1, 0)]),
            Err("a3 cannot jump that way: it is the edge of the board".into())
        );
        assert_eq!(
            keyboard_jump(&english, Cell { x: 3, y: 4 }, &[(0, 1)]),
            Err("d5 cannot jump that way: the hole at d7 is not empty".into())
        );
    }
}
