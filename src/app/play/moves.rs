//! Turning a person's gestures on the board into jumps: a click or drop from one hole to
//! another, or an arrow key with a peg selected, becomes a jump to play or the reason it is
//! refused; the arrows' grid steps and the cursor's walk.
//!
//! Owns no state: the board widget calls these with the position it shows.

use super::PlayCommand;
use crate::app::geometry::cell_name;
use crate::rules::{Cell, Grid, Jump, JumpError, Position};
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
        Err(e) => refused(reason(e)),
    }
}

/// Why a jump is illegal, naming cells the way the board labels them.
pub fn reason(error: JumpError) -> String {
    match error {
        JumpError::OffBoard(c) => format!("{} is not on the board", cell_name(c)),
        JumpError::NoPeg(c) => format!("there is no peg at {} to jump with", cell_name(c)),
        JumpError::NothingToJumpOver(c) => {
            format!("there is no peg at {} to jump over", cell_name(c))
        }
        JumpError::TargetOccupied(c) => format!("the hole at {} is not empty", cell_name(c)),
        JumpError::NotADirection => error.to_string(),
    }
}

/// The jump an arrow asks for from `from`: the first legal one among the candidate
/// directions, or the reason the preferred one is illegal.
pub(super) fn keyboard_jump(position: &Position, from: Cell, steps: &[(i32, i32)]) -> PlayCommand {
    let candidates: Vec<Jump> = steps
        .iter()
        .filter_map(|&(dx, dy)| {
            let over = from.offset(dx, dy)?;
            let to = over.offset(dx, dy)?;
            Some(Jump { from, over, to })
        })
        .collect();
    if let Some(j) = candidates.iter().find(|j| position.is_legal(**j)) {
        return PlayCommand::Play(*j);
    }
    match candidates.first() {
        Some(j) => match position.check(*j) {
            Ok(()) => PlayCommand::Play(*j),
            Err(e) => PlayCommand::Tell(format!(
                "{} cannot jump that way: {}",
                cell_name(from),
                reason(e)
            )),
        },
        None => PlayCommand::Tell(format!(
            "{} cannot jump that way: it is the edge of the board",
            cell_name(from)
        )),
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
