//! Turning a person's gestures on the board into jumps: a click or drop from one hole to
//! another, or an arrow key with a peg selected, becomes a jump to play or the reason it is
//! refused; which arrow a key is (the arrows' grid steps and the cursor's walk are the rules'
//! own, shared with the terminal game: [`pegsol_rules::arrow_steps`]).
//!
//! Owns no state: the board widget calls these with the position it shows.

use super::PlayCommand;
use eframe::egui::Key;
use pegsol_rules::{cell_name, Arrow, Cell, Position};

/// The jump from `from` to `to` as a command: played if legal, or the reason it is not.
pub(super) fn attempt(position: &Position, from: Cell, to: Cell) -> PlayCommand {
    let refused =
        |why: String| PlayCommand::Warn(format!("{} to {}: {why}", cell_name(from), cell_name(to)));
    match position.jump_between(from, to) {
        Ok(jump) => PlayCommand::Play(jump),
        Err(e) => refused(e.in_words()),
    }
}

/// The jump an arrow asks for from `from`, or why there is none (see
/// [`Position::jump_toward`]).
pub(super) fn keyboard_jump(position: &Position, from: Cell, steps: &[(i32, i32)]) -> PlayCommand {
    match position.jump_toward(from, steps) {
        Ok(jump) => PlayCommand::Play(jump),
        Err(refusal) => PlayCommand::Warn(refusal.to_string()),
    }
}

/// The arrow an arrow key is.
pub(super) fn arrow_of(key: Key) -> Arrow {
    match key {
        Key::ArrowUp => Arrow::Up,
        Key::ArrowDown => Arrow::Down,
        Key::ArrowLeft => Arrow::Left,
        _ => Arrow::Right,
    }
}
