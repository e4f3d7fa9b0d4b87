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
    ctx.input_mut(|i| {
        let mut commands = Vec::new();
        // Shift+Left/Right step a whole move; looked at first, as the plain pattern below
        // would match them too.
        for (key, command) in [
            (
                Key::ArrowLeft,
                PlayCommand::Timeline(TimelineCommand::MoveBack),
            ),
            (
                Key::ArrowRight,
                PlayCommand::Timeline(TimelineCommand::MoveForward),
            ),
        ] {
            if i.consume_key(Modifiers::SHIFT, key) {
                commands.push(command);
            }
        }
        for (key, command) in [
            (
                Key::ArrowLeft,
                PlayCommand::Timeline(TimelineCommand::StepBack),
            ),
            (
                Key::ArrowRight,
                PlayCommand::Timeline(TimelineCommand::StepForward),
            ),
            (
                Key::Space,
                PlayCommand::Timeline(TimelineCommand::TogglePlay),
            ),
            (Key::Home, PlayCommand::Timeline(TimelineCommand::Goto(0))),
            (
                Key::End,
                PlayCommand::Timeline(TimelineCommand::Goto(usize::MAX)),
            ),
        ] {
            if i.consume_key(Modifiers::NONE, key) {
                commands.push(command);
            }
        }
        if i.consume_key(Modifiers::NONE, Key::Escape) {
            commands.push(PlayCommand::Timeline(TimelineCommand::HandBackKeys));
        }
        commands
    })
}
