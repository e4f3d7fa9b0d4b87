//! The Search view's counters: what each engine counts, live, and a line on where the search
//! stands (running, paused, or why it stopped, in that engine's terms).

use super::{SearchView, Shown};
use eframe::egui;
use egui::{RichText, Ui};
use pegsol_rules::pegs_in_words;
use pegsol_solver::budget::grouped;
use pegsol_solver::Stop;

/// `n` with its thousands grouped.
fn count(n: u64) -> String {
    grouped(&n.to_string())
}

impl SearchView {
    /// The counters of the engine shown (the assignment's for the classic; the failure
    /// table's for the exact search; the level and width for the beam) and the state line.
    pub(super) fn counters_ui(&self, ui: &mut Ui) {
        let shown = self.counters();
        let rows: Vec<(&str, String)> = match shown {
            Shown::Classic(c) => vec![
                ("Expanded", count(c.expanded)),
                ("Generated", count(c.generated)),
                ("Duplicates", count(c.duplicates)),
                ("Stack size", count(c.stack as u64)),
                ("Best so far", pegs_in_words(c.best_pegs)),
            ],
            Shown::Exact(c) => vec![
                ("Target", pegs_in_words(c.target)),
                ("Expanded", count(c.expanded)),
                ("Generated", count(c.generated)),
                ("Failure-table hits", count(c.table_hits)),
                ("Failures stored", count(c.table_entries)),
                ("Depth", count(u64::from(c.depth))),
                ("Best so far", pegs_in_words(c.best_pegs)),
            ],
            Shown::Beam(c) => vec![
                ("Target", pegs_in_words(c.target)),
                ("Level", count(c.levels)),
                ("Round", count(c.round)),
                ("Width", count(c.width as u64)),
                ("Kept", count(c.kept as u64)),
                ("Expanded", count(c.expanded)),
                ("Generated", count(c.generated)),
                ("Duplicates", count(c.duplicates)),
                ("Best so far", pegs_in_words(c.best_pegs)),
            ],
        };
        egui::Grid::new("search-counters")
            .num_columns(2)
            .spacing([16.0, 2.0])
            .show(ui, |ui| {
                for (name, value) in rows {
                    ui.label(name);
                    ui.label(RichText::new(value).strong().monospace());
                    ui.end_row();
                }
            });
        let budget = count(self.budget);
        let state = match (self.stepper.stopped(), shown) {
            (Some(Stop::Solved), Shown::Classic(_)) => {
                "Won: a child with one peg was generated.".to_string()
            }
            (Some(Stop::Solved), Shown::Exact(c)) => format!(
                "Found {} and proven the fewest: every smaller target was searched out.",
                pegs_in_words(c.best_pegs)
            ),
            (Some(Stop::Solved), Shown::Beam(c)) => format!(
                "Found {} at level {}: a line, but the beam proves nothing.",
                pegs_in_words(c.best_pegs),
                count(c.levels)
            ),
            (Some(Stop::Budget), _) => format!("Stopped at the budget ({budget})."),
            (Some(Stop::Exhausted), Shown::Classic(_)) => {
                "Searched everything: the stack is empty.".into()
            }
            (Some(Stop::Exhausted), _) => "Searched everything: the goal is out of reach.".into(),
            (Some(Stop::OutOfMemory), _) => "Out of memory.".into(),
            (Some(Stop::Cancelled), _) => "Stopped.".into(),
            (None, _) if self.going_to().is_some() => "Going on: see the line above.".into(),
            (None, _) if self.running => {
                format!(
                    "Running at {} {} a second.",
                    count(self.speed as u64),
                    self.engine().steps()
                )
            }
            (None, _) => "Paused.".into(),
        };
        ui.label(RichText::new(state).weak());
    }
}
