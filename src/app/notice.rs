//! The message line: what a notice is (information or a problem), how long it stays, and
//! how a view shows it with its ×.
//!
//! Owns the notice rules, so every view shows the same two styles: information in the
//! neutral text colour, a refusal or a problem in the warning colour. Short information goes
//! after [`NOTICE_SECONDS`]; problems and long explanations stay until dismissed, replaced,
//! or (on the board) a jump is played.

use super::shell::{ShellCommand, ViewFrame};
use eframe::egui;

/// How long a short piece of information stays on screen, in seconds (problems and long
/// explanations stay until dismissed).
const NOTICE_SECONDS: f64 = 8.0;
/// Information longer than this (about a line) stays until dismissed.
const LONG_NOTICE_CHARS: usize = 90;

/// A message on screen, until a time.
#[derive(Clone, Debug)]
pub struct Notice {
    /// What it says.
    pub text: String,
    /// When a short piece of information goes; `None`: it stays until dismissed, replaced,
    /// or (on the board) a jump is played.
    pub until: Option<f64>,
    /// A refusal or a problem (the warning colour), not information.
    pub problem: bool,
}

impl Notice {
    /// A notice from `command` shown at `now`, or `None` if it is not one. A problem stays,
    /// and so does information longer than a line (an explanation needs time to read).
    pub fn from_command(command: &ShellCommand, now: f64) -> Option<Notice> {
        let (text, problem) = match command {
            ShellCommand::Tell(text) => (text, false),
            ShellCommand::Warn(text) => (text, true),
            _ => return None,
        };
        let stays = problem || text.chars().count() > LONG_NOTICE_CHARS;
        Some(Notice {
            text: text.clone(),
            until: (!stays).then_some(now + NOTICE_SECONDS),
            problem,
        })
    }
}

/// The colour of a notice: the warning colour for a problem, else the strong text colour.
pub fn notice_colour(ui: &egui::Ui, problem: bool) -> egui::Color32 {
    if problem {
        ui.visuals().warn_fg_color
    } else {
        ui.visuals().strong_text_color()
    }
}

/// A notice on one line with its × (dismiss); returns the command the × asks for.
pub fn notice_line_ui(ui: &mut egui::Ui, frame: &ViewFrame<'_>) -> Option<ShellCommand> {
    let text = frame.notice?;
    let dismiss = ui
        .small_button("×")
        .on_hover_text("Dismiss this message")
        .clicked();
    ui.colored_label(notice_colour(ui, frame.notice_problem), text);
    dismiss.then_some(ShellCommand::ClearNotice)
}
