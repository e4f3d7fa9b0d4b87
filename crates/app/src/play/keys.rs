//! The timeline's keys while it has the arrows: consumed by the play view before the board
//! reads its own.

use super::command::PlayCommand;
use super::command::TimelineCommand;
use eframe::egui;
use egui::{Context, Key, Modifiers};

/// The timeline's keys while it has the arrows (`replay`): Left/Right step a jump,
/// Shift+Left/Right a move (a peg's whole chain), Space plays or
/// pauses, Home/End jump to the ends, Escape hands the arrows back to the board. They are
/// consumed here, before the board reads its keys.
pub fn timeline_shortcuts(ctx: &Context, replay: bool) -> Vec<PlayCommand> {
    if !replay || ctx.egui_wants_keyboard_input() {
        return Vec::new();
    }
    // In the order pressed, each press once (two Rights in one frame step twice).
    ctx.input_mut(|i| {
        crate::input::take_in_order(i, |key, modifiers| {
            let timeline = |command| Some(PlayCommand::Timeline(command));
            // Shift+Left/Right step a whole move; looked at first, as the plain pattern
            // below would match them too.
            if modifiers.matches_logically(Modifiers::SHIFT) {
                match key {
                    Key::ArrowLeft => return timeline(TimelineCommand::MoveBack),
                    Key::ArrowRight => return timeline(TimelineCommand::MoveForward),
                    _ => {}
                }
            }
            if !modifiers.matches_logically(Modifiers::NONE) {
                return None;
            }
            match key {
                Key::ArrowLeft => timeline(TimelineCommand::StepBack),
                Key::ArrowRight => timeline(TimelineCommand::StepForward),
                Key::Space => timeline(TimelineCommand::TogglePlay),
                Key::Home => timeline(TimelineCommand::Goto(0)),
                Key::End => timeline(TimelineCommand::Goto(usize::MAX)),
                Key::Escape => timeline(TimelineCommand::HandBackKeys),
                _ => None,
            }
        })
    })
}
