//! The advisor's state on the status line: "Winnable", "Not winnable", "Unknown", or while
//! the quick answer left the position open, "Still thinking… (N positions)" with a Stop
//! button; and View > Hint effort, how long it thinks.
//!
//! Owns the status line's advisor part and the effort menu. The words are
//! [`Advice`]'s, which the terminal game shows too.

use super::PlayCommand;
use eframe::egui::{self, Ui};
use pegsol_solver::budget::Budget;
use pegsol_solver::services::advice::Advice;
use pegsol_solver::services::hint::EFFORTS;

/// A word on each of [`EFFORTS`], for the menu: the time at most, at the 1.1M positions a
/// second measured on level 6's hardest undecided position (150M in 137 s).
const EFFORT_WORDS: [&str; 5] = [
    "the quick answer only",
    "up to about 30 s",
    "up to about 2 minutes, the default",
    "up to about 10 minutes",
    "up to about 40 minutes",
];

/// The advisor's part of the status line: the word (coloured by what it means, a word so
/// it reads without colour), a line saying more, and while thinking a Stop button (X).
/// Returns the command to stop when it is clicked.
pub fn advice_ui(ui: &mut Ui, advice: Option<&Advice>) -> Option<PlayCommand> {
    let visuals = ui.visuals();
    let advice = advice.cloned().unwrap_or(Advice::Checking);
    let colour = match &advice {
        Advice::Lost { .. } => visuals.warn_fg_color,
        Advice::Failed { .. } => visuals.error_fg_color,
        Advice::Winnable { .. } => visuals.text_color(),
        _ => visuals.weak_text_color(),
    };
    let thinking = matches!(advice, Advice::Thinking { .. });
    match advice.detail(false) {
        // "Still thinking… (N positions)" says it all.
        Some(detail) if thinking => {
            ui.colored_label(colour, detail)
                .on_hover_text(advice.meaning());
        }
        detail => {
            ui.colored_label(colour, advice.word(false))
                .on_hover_text(advice.meaning());
            if let Some(detail) = detail {
                ui.label(egui::RichText::new(detail).weak());
            }
        }
    }
    (thinking
        && ui
            .small_button("Stop")
            .on_hover_text("Stop thinking (X): the position stays undecided")
            .clicked())
    .then_some(PlayCommand::StopThinking)
}

/// The View menu's Hint effort choices; returns the effort picked, if one was.
pub fn effort_menu_ui(ui: &mut Ui, effort: u64) -> Option<u64> {
    let mut picked = None;
    ui.menu_button("Hint effort", |ui| {
        ui.label(
            egui::RichText::new(
                "Positions the hint may examine before it\nsays \"unknown\" (times on 2 cores)",
            )
            .weak(),
        );
        for (&positions, words) in EFFORTS.iter().zip(EFFORT_WORDS) {
            let text = format!("{} positions ({words})", Budget(positions));
            if ui.radio(effort == positions, text).clicked() {
                picked = Some(positions);
            }
        }
    });
    picked
}
