//! The terminal's side of the arrow keys (the grid steps they stand for are the rules' own,
//! [`pegsol_rules::arrow_steps`], shared with the window): the cursor's first cell. The jump
//! an arrow asks for, or why there is none, is the rules' [`Position::jump_toward`], said in
//! the game's cell names ([`pegsol_rules::CellNames::direction_refusal`]); tested here.

use pegsol_layout::Puzzle;
#[cfg(doc)]
use pegsol_rules::Position;
use pegsol_rules::{start_cell, Cell};

/// Where the cursor starts on a board: its centre, else its first hole.
pub(super) fn home_cell(puzzle: &Puzzle) -> Cell {
    start_cell(puzzle.shape()).unwrap_or(Cell { x: 0, y: 0 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use pegsol_record::Game;
    use pegsol_rules::{CellNames, Grid, Jump, Position};

    fn start(spec: &str) -> Position {
        Game::from_spec(spec).expect("catalogue board").puzzle.start
    }

    #[test]
    fn an_arrow_jump_takes_the_first_legal_direction_or_names_what_is_wrong() {
        // The jump an arrow asks for, or why there is none as the game says it.
        let keyboard_jump = |p: &Position, from: Cell, steps: &[(i32, i32)], names: CellNames| {
            p.jump_toward(from, steps)
                .map_err(|refusal| names.direction_refusal(refusal))
        };
        let triangle = start("triangle");
        let from = Cell { x: 2, y: 2 };
        // Up-right from (2,2) leaves the board; up-left into the empty apex is legal, so
        // Shift+Up (up-right first) still jumps up-left.
        let steps = pegsol_rules::arrow_steps(Grid::Triangular, pegsol_rules::Arrow::Up, true);
        assert_eq!(
            keyboard_jump(&triangle, from, &steps, CellNames::Board),
            Ok("2,2-0,0".parse::<Jump>().expect("jump"))
        );
        let english = start("english");
        let d2 = Cell { x: 3, y: 1 };
        assert_eq!(
            keyboard_jump(&english, d2, &[(-1, 0)], CellNames::Board),
            Err("d2 cannot jump that way: b2 is not on the board".into())
        );
        assert_eq!(
            keyboard_jump(&english, Cell { x: 0, y: 2 }, &[(-1, 0)], CellNames::Board),
            Err("a3 cannot jump that way: it is the edge of the board".into())
        );
        assert_eq!(
            keyboard_jump(&english, Cell { x: 3, y: 4 }, &[(0, 1)], CellNames::Xy),
            Err("3,4 cannot jump that way: the hole at 3,6 is not empty".into())
        );
    }
}
