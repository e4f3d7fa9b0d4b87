//! The solver panel's "Fewest moves" result in words.
//!
//! Owns the lines the panel shows for a run of the fewest-moves engine
//! ([`pegsol_solver::Engine::FewestMoves`], run by the solve session like any engine; its
//! outcome is also read as a plain [`pegsol_solver::Outcome`], so Load solution, Copy stats
//! and Save output.txt work as for any solve). A move is one peg's chain of jumps
//! (`crates/rules/src/moves.rs`).

use eframe::egui::{self, RichText, Ui};
use pegsol_solver::engines::moves::MovesOutcome;
use pegsol_solver::Stop;

/// The result in one line: "18 moves (proven fewest)", "20 moves (not proven; at least
/// 15)", "None found within the budget; at least 15 moves", …
pub fn verdict(m: &MovesOutcome) -> String {
    let plural = |n: u32| if n == 1 { "move" } else { "moves" };
    match (m.moves(), m.proven_optimal, m.stop) {
        (Some(0), _, _) => "The start already wins: 0 moves".into(),
        (Some(n), true, _) => format!("{n} {} (proven fewest)", plural(n)),
        (Some(n), false, _) => {
            format!("{n} {} (not proven; at least {})", plural(n), m.lower_bound)
        }
        (None, true, _) => "Proven: the finish cannot be reached from here".into(),
        (None, false, Stop::Cancelled) => format!(
            "Cancelled: none found; at least {} {}",
            m.lower_bound,
            plural(m.lower_bound)
        ),
        (None, false, _) => format!(
            "None found within the budget; at least {} {}",
            m.lower_bound,
            plural(m.lower_bound)
        ),
    }
}

/// The result's figures and verdict in the panel.
pub fn report_ui(ui: &mut Ui, m: &MovesOutcome, budget: Option<u64>, from: &str) {
    use pegsol_solver::budget::thousands;
    ui.label(RichText::new(format!("Result: fewest-moves search {from}")).strong());
    egui::Grid::new("moves-result")
        .num_columns(2)
        .show(ui, |ui| {
            let row = |ui: &mut Ui, name: &str, value: String| {
                ui.label(name);
                ui.label(RichText::new(value).monospace());
                ui.end_row();
            };
            row(ui, "Moves", m.moves().map_or("–".into(), |n| n.to_string()));
            row(ui, "Jumps", m.jumps().len().to_string());
            row(ui, "At least", format!("{} moves", m.lower_bound));
            row(ui, "Expanded", thousands(m.expanded));
            row(ui, "Generated", thousands(m.generated));
            row(ui, "Positions held", thousands(m.held));
            row(ui, "Time", format!("{:.3} s", m.elapsed.as_secs_f64()));
            row(ui, "Budget", budget.map_or("no limit".into(), thousands));
        });
    ui.label(RichText::new(verdict(m)).strong());
}

#[cfg(test)]
mod tests {
    use super::*;
    use pegsol_rules::Jump;
    use std::time::Duration;

    fn outcome(chains: Vec<Vec<Jump>>, won: bool, proven: bool, stop: Stop) -> MovesOutcome {
        MovesOutcome {
            chains,
            won,
            proven_optimal: proven,
            lower_bound: 15,
            stop,
            expanded: 10,
            generated: 20,
            held: 5,
            storage_bytes: 40,
            elapsed: Duration::from_millis(3),
        }
    }

    #[test]
    fn the_verdict_says_proven_not_proven_or_none_with_the_lower_bound() {
        let j: Jump = "3,1-3,3".parse().expect("a jump");
        let won = outcome(vec![vec![j]; 18], true, true, Stop::Solved);
        assert_eq!(verdict(&won), "18 moves (proven fewest)");
        let unproven = outcome(vec![vec![j]; 20], true, false, Stop::Budget);
        assert_eq!(verdict(&unproven), "20 moves (not proven; at least 15)");
        let none = outcome(Vec::new(), false, false, Stop::Budget);
        assert_eq!(
            verdict(&none),
            "None found within the budget; at least 15 moves"
        );
        let lost = outcome(Vec::new(), false, true, Stop::Exhausted);
        assert!(verdict(&lost).contains("cannot be reached"));
    }
}
