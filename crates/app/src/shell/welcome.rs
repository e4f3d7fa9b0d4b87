//! The welcome window: how to play, where things are, in a few lines.
//!
//! Owns the window's text and layout only. It is shown once, on the first run (the app
//! decides when, from the remembered [`super::Settings::welcomed`]); closing it in any way
//! returns [`ShellCommand::Show`]`(Window::Welcome, false)`, which the app records so it does not come back
//! at the next start. Help > Welcome shows it again.

use crate::command::{ShellCommand, Window};
use eframe::egui;
use egui::RichText;

/// The window's title (also what tests and screen readers find it by).
pub const TITLE: &str = "Welcome to Pegsol";

/// The label of the button that closes the window.
pub const CLOSE: &str = "Start playing";

/// What the window says, one paragraph per entry: a bold lead and the rest.
const LINES: &[(&str, &str)] = &[
    (
        "The game. ",
        "Jump a peg over a neighbouring peg into an empty hole; the peg jumped over is \
         removed. Finish with one peg left to win.",
    ),
    (
        "Mouse. ",
        "Click a peg, then the hole to jump into (the holes it can reach are marked), or \
         drag the peg onto the hole.",
    ),
    (
        "Keyboard. ",
        "Arrows move the cursor; Enter or Space picks up the peg under it; an arrow then \
         jumps that way. U undoes, R restarts (undoable too).",
    ),
    (
        "Boards. ",
        "Pick one in the Boards panel (left), or open a board or saved game with File > \
         Open (.pegsol files open with a double-click too).",
    ),
    (
        "Solver. ",
        "Stuck, or curious? H shows a jump that keeps the game winnable, and the status \
         line says whether it still is. The Solver panel (right) finds the best finish \
         from the start or from the position in front of you; Load solution puts it on \
         the timeline under the board, to step through or autoplay.",
    ),
    (
        "Editor. ",
        "Design your own boards in the Editor tab (top right): paint holes and pegs, see \
         at once whether the board can be won, and save it.",
    ),
    (
        "Experiments. ",
        "Tools > Experiments runs the assignment's budget sweep and draws its charts.",
    ),
    (
        "Help. ",
        "The Help menu lists every keyboard shortcut and brings this window back \
         (Help > Welcome).",
    ),
];

/// The welcome window, when `open`. Returns [`ShellCommand::Show`]`(Window::Welcome, false)` when it is
/// closed (its button or its close box), `None` otherwise.
pub fn welcome_window_ui(ctx: &egui::Context, open: bool) -> Option<ShellCommand> {
    if !open {
        return None;
    }
    let mut still_open = true;
    let mut close = false;
    egui::Window::new(TITLE)
        .open(&mut still_open)
        .collapsible(false)
        .resizable(false)
        .default_width(440.0)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            ui.set_max_width(440.0);
            for (lead, rest) in LINES {
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing.x = 0.0;
                    ui.label(RichText::new(*lead).strong());
                    ui.label(*rest);
                });
                ui.add_space(4.0);
            }
            ui.separator();
            ui.horizontal(|ui| {
                if ui.button(CLOSE).clicked() {
                    close = true;
                }
                ui.label(RichText::new("Shown once; Help > Welcome brings it back.").weak());
            });
        });
    (close || !still_open).then_some(ShellCommand::Show(Window::Welcome, false))
}
