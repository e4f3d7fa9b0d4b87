//! Turning a person's gestures on the board into jumps: a click or drop from one hole to
//! another, or an arrow key with a peg selected, becomes a jump to play or the reason it is
//! refused; the arrows' grid steps and the cursor's walk.
//!
//! Owns no state: the board widget calls these with the position it shows.

use super::PlayCommand;
use crate::rules::{cell_name, Cell, Grid, Jump, Position};
use eframe::egui::Key;

/// The jump from `from` to `to` as a command: played if legal, or the reason it is not.
pub(super) fn attempt(position: &Position, from: Cell, to: Cell) -> PlayCommand {
    let refused =
        |why: String| PlayCommand::Tell(format!("{} to {}: {why}", cell_name(from), cell_name(to)));
    let Some(jump) = Jump::between(from, to) else {
        return refused("a peg jumps over one neighbour into the hole just beyond it".into());
    };
    match position.check(jump) {
        Ok(()) => PlayCommand::Play(jump),
        Err(e) => refused(e.in_words()),
    }
}

/// The jump an arrow asks for from `from`, or why there is none (see
/// [`Position::jump_toward`]).
pub(super) fn keyboard_jump(position: &Position, from: Cell, steps: &[(i32, i32)]) -> PlayCommand {
    match position.jump_toward(from, steps) {
        Ok(jump) => PlayCommand::Play(jump),
        Err(refusal) => PlayCommand::Tell(refusal.to_string()),
    }
}

/// The grid steps an arrow key stands for, preferred first (see the module docs).
pub(super) fn arrow_steps(grid: Grid, key: Key, shift: bool) -> Vec<(i32, i32)> {
    let (left_hand, right_hand) = match (grid, key) {
        (_, Key::ArrowLeft) => return vec![(-1, 0)],
        (_, Key::ArrowRight) => return vec![(1, 0)],
        (Grid::Square, Key::ArrowUp) => return vec![(0, -1)],
        (Grid::Square, _) => return vec![(0, 1)],
        // Up-left (-1,-1) and up-right (0,-1); down-left (0,1) and down-right (1,1).
        (Grid::Triangular, Key::ArrowUp) => ((-1, -1), (0, -1)),
        (Grid::Triangular, _) => ((0, 1), (1, 1)),
    };
    if shift {
        vec![right_hand, left_hand]
    } else {
        vec![left_hand, right_hand]
    }
}

/// The nearest hole from `from` in direction `(dx, dy)`, skipping off-board cells.
pub(super) fn walk(position: &Position, from: Cell, dx: i32, dy: i32) -> Option<Cell> {
    let mut cell = from;
    loop {
        cell = cell.offset(dx, dy)?;
        if position.shape().contains(cell) {
            return Some(cell);
        }
    }
}

/// Where the keyboard cursor starts: the board's centre if it has one, else the first hole.
pub(super) fn start_cell(position: &Position) -> Option<Cell> {
    let shape = position.shape();
    shape.center().or_else(|| shape.cells().iter().next())
}
