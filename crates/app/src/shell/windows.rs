//! The shell's small windows: the keyboard help and the about window.

use super::keys;
use crate::command::{ShellCommand, Window};
use eframe::egui;
use egui::{RichText, Ui};

/// A small fixed window of the shell's (`window` names it), shown while `open`, with `body`
/// inside. Returns a command to close it when its close button is used.
fn shell_window_ui(
    ctx: &egui::Context,
    window: Window,
    title: &str,
    open: bool,
    body: impl FnOnce(&mut Ui),
) -> Option<ShellCommand> {
    let mut still_open = open;
    egui::Window::new(title)
        .open(&mut still_open)
        .resizable(false)
        .collapsible(false)
        .show(ctx, body);
    (still_open != open).then_some(ShellCommand::Show(window, still_open))
}

/// The keyboard help window. Returns a command to close it when its close button is used.
pub fn help_window_ui(ctx: &egui::Context, open: bool) -> Option<ShellCommand> {
    shell_window_ui(ctx, Window::Help, "Keyboard shortcuts", open, |ui| {
        egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
            for (keys, what) in keys::HELP {
                ui.label(RichText::new(*keys).monospace());
                ui.label(*what);
                ui.end_row();
            }
        });
    })
}

/// The about window. Returns a command to close it when its close button is used.
pub fn about_window_ui(ctx: &egui::Context, open: bool) -> Option<ShellCommand> {
    shell_window_ui(ctx, Window::About, "About Pegsol", open, |ui| {
        ui.label(format!("Pegsol {}", env!("CARGO_PKG_VERSION")));
        ui.label(env!("CARGO_PKG_DESCRIPTION"));
    })
}
