//! The message line: what a notice is (information or a problem), how long it stays, and
//! how a view shows it with its ×.
//!
//! Owns the notice rules, so every view shows the same two styles: information in the
//! neutral text colour, a refusal or a problem in the warning colour. Short information goes
//! after [`NOTICE_SECONDS`]; problems and long explanations stay until dismissed, replaced,
//! or (on the board) a jump is played.

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
    /// `text` shown at `now`, a `problem` or information. A problem stays, and so does
    /// information longer than a line (an explanation needs time to read).
    pub fn new(text: String, problem: bool, now: f64) -> Notice {
        let stays = problem || text.chars().count() > LONG_NOTICE_CHARS;
        Notice {
            text,
            until: (!stays).then_some(now + NOTICE_SECONDS),
            problem,
        }
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

/// A notice on one line with its × (dismiss); whether the × was clicked.
pub fn notice_line_ui(ui: &mut egui::Ui, notice: &Notice) -> bool {
    let dismiss = ui
        .small_button("×")
        .on_hover_text("Dismiss this message")
        .clicked();
    ui.colored_label(notice_colour(ui, notice.problem), &notice.text);
    dismiss
}
