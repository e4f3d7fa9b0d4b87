//! The solver panel's lower half: the running search's live counters and the last result
//! (in the assignment's terms, or in moves), with what can be done with it.
//!
//! Owns only drawing: it reads the [`SolveSession`] and returns [`PlayCommand`]s.

use super::command::SolveFrom;
use super::command::SolverCommand;
use super::fewest;
use super::session::{SolveReport, SolveSession};
use super::PlayCommand;
use eframe::egui;
use egui::{RichText, Ui};
use pegsol_record::Game;
use pegsol_rules::{capitalise, Goal};
use pegsol_solver::budget::thousands;
use pegsol_solver::engines::moves::MeetStatus;
use pegsol_solver::engines::whole::Status;
use pegsol_solver::system_memory::size_text;
use pegsol_solver::{Engine, Stop};

/// The running search: live counters.
pub(super) fn progress_ui(ui: &mut Ui, session: &SolveSession) {
    if let Some(error) = session.error() {
        ui.colored_label(ui.visuals().error_fg_color, error);
    }
    let Some(snapshot) = session.snapshot() else {
        if session.report().is_none() && session.error().is_none() {
            ui.label(RichText::new("No search yet.").weak());
        }
        return;
    };
    let moves = session.running_engine() == Some(Engine::FewestMoves);
    ui.horizontal(|ui| {
        ui.spinner();
        let text = if moves {
            "Searching for the fewest moves…"
        } else {
            "Searching…"
        };
        ui.label(RichText::new(text).strong());
    });
    let seconds = snapshot.elapsed.as_secs_f64();
    if let Some(prep) = snapshot.progress.and_then(|p| p.preparing) {
        preparing_ui(ui, &prep, seconds);
        return;
    }
    if let Some(meeting) = snapshot.progress.and_then(|p| p.meeting) {
        meeting_ui(ui, &meeting, seconds);
        return;
    }
    egui::Grid::new("progress").num_columns(2).show(ui, |ui| {
        let (expanded, generated, best) = snapshot.progress.map_or((0, 0, None), |p| {
            (p.expanded, p.generated, Some(p.best_pegs))
        });
        row(ui, "Expanded", thousands(expanded));
        row(ui, "Generated", thousands(generated));
        // The moves search reports the pegs of the position it expands, not a best.
        if !moves {
            row(
                ui,
                "Best so far",
                best.map_or("–".into(), |b| format!("{b} pegs")),
            );
        }
        let rate = if seconds > 0.0 {
            (expanded as f64 / seconds) as u64
        } else {
            0
        };
        row(ui, "Expanded/s", thousands(rate));
        row(ui, "Elapsed", format!("{seconds:.1} s"));
    });
}

/// The level engine's work before a fewest-moves search: which level it has made, of how
/// many, and how large, so a wait of minutes on a big board shows it moving.
fn preparing_ui(ui: &mut Ui, prep: &Status, seconds: f64) {
    let doing = match prep.phase {
        "forward" => "Finding every position reachable from the start",
        _ => "Keeping the positions that can still win",
    };
    ui.label(format!("{doing} (the level engine, before the search)"));
    egui::Grid::new("preparing").num_columns(2).show(ui, |ui| {
        row(
            ui,
            "Level",
            format!("after {} of {} jumps", prep.jumps, prep.of),
        );
        row(ui, "Positions in it", thousands(prep.positions));
        row(ui, "Elapsed", format!("{seconds:.1} s"));
    });
}

/// A fewest-moves search meeting in the middle (a board too big for every winnable
/// position): the levels held on each side, the pass under way and how far it is, and the
/// moves every solution is proven to take so far, so a pass of minutes shows both progress
/// and what it has already proved.
fn meeting_ui(ui: &mut Ui, m: &MeetStatus, seconds: f64) {
    let (side, next) = m.growing();
    let doing = capitalise(m.doing());
    if m.beam.is_some() {
        ui.label(
            "Meeting in the middle: the levels filled the memory; a beam now looks for a \
             solution, to set against the moves proven",
        );
    } else {
        ui.label(
            "Meeting in the middle: levels by moves from the start and back from the finishes",
        );
    }
    egui::Grid::new("meeting").num_columns(2).show(ui, |ui| {
        row(
            ui,
            "Levels held",
            format!("forward {}, backward {}", m.forward_moves, m.backward_moves),
        );
        if let Some(beam) = m.beam {
            // Short values: a long one widens the side panel and squeezes the board.
            row(ui, "Beam from", format!("forward level {}", beam.from));
            row(ui, "Beam depth", format!("{} moves on", beam.moves));
            row(
                ui,
                "Beam width",
                format!("{} a level", thousands(beam.width)),
            );
        } else {
            row(ui, &doing, format!("{side} level {next}"));
            let share = m.fraction_done() as f32;
            ui.label("Expanded");
            ui.add(egui::ProgressBar::new(share).text(format!(
                "{} of {}",
                thousands(m.done),
                thousands(m.expanding)
            )));
            ui.end_row();
        }
        row(ui, "Positions held", thousands(m.held));
        row(ui, "Memory", size_text(m.memory));
        row(ui, "Proven", format!("at least {} moves", m.at_least));
        row(ui, "Elapsed", format!("{seconds:.1} s"));
    });
}

fn row(ui: &mut Ui, name: &str, value: String) {
    ui.label(name);
    ui.label(RichText::new(value).monospace());
    ui.end_row();
}

/// The last result, in the assignment's terms, and what can be done with it.
pub(super) fn report_ui(
    ui: &mut Ui,
    report: &SolveReport,
    game: &Game,
    commands: &mut Vec<PlayCommand>,
) {
    let from = match report.request.from {
        SolveFrom::Start => "from the start",
        SolveFrom::Here => "from a position in play",
    };
    if let Some(moves) = &report.moves {
        fewest::report_ui(ui, moves, report.request.budget, from);
    } else {
        pegs_report_ui(ui, report, from);
    }
    buttons_ui(ui, report, game, commands);
}

/// A fewest-pegs result in the assignment's terms.
fn pegs_report_ui(ui: &mut Ui, report: &SolveReport, from: &str) {
    let o = &report.outcome;
    ui.label(RichText::new(format!("Result: {} search {from}", o.engine.name())).strong());
    egui::Grid::new("result").num_columns(2).show(ui, |ui| {
        row(ui, "Expanded", thousands(o.expanded));
        row(ui, "Generated", thousands(o.generated));
        row(ui, "Solution length", o.jumps.len().to_string());
        row(ui, "Pegs left", o.pegs_left.to_string());
        row(ui, "Expanded/s", thousands(o.expanded_per_second()));
        row(ui, "Time", format!("{:.3} s", o.elapsed.as_secs_f64()));
        row(
            ui,
            "Budget",
            report.request.budget.map_or("no limit".into(), thousands),
        );
    });
    let verdict = match (o.proven_optimal, o.won, o.stop) {
        (_, _, Stop::Cancelled) => "Cancelled: the best found so far".to_string(),
        (true, true, _) => "Won: one peg left, the fewest there can be".to_string(),
        (true, false, _) if report.goal == Goal::Anywhere => {
            "Proven optimal: no position with fewer pegs can be reached".to_string()
        }
        (true, false, _) => "Proven: one peg on the finish cell cannot be reached".to_string(),
        (false, _, Stop::Budget) => "Budget exhausted: a larger budget may do better".to_string(),
        _ => o.verdict_text().to_string(),
    };
    let verdict = RichText::new(verdict).strong();
    ui.label(verdict);
}

/// Load solution, Copy stats and Save output.txt.
fn buttons_ui(ui: &mut Ui, report: &SolveReport, game: &Game, commands: &mut Vec<PlayCommand>) {
    let o = &report.outcome;
    ui.horizontal_wrapped(|ui| {
        let loadable = !o.jumps.is_empty() && report.start.shape() == game.puzzle.start.shape();
        if ui
            .add_enabled(loadable, egui::Button::new("Load solution"))
            .on_hover_text("Put these jumps on the timeline after the position they start from")
            .clicked()
        {
            commands.push(PlayCommand::Solver(SolverCommand::LoadSolution));
        }
        if ui.button("Copy stats").clicked() {
            commands.push(PlayCommand::Solver(SolverCommand::CopyStats));
        }
        if ui.button("Save output.txt…").clicked() {
            commands.push(PlayCommand::Solver(SolverCommand::ChooseStatsFile));
        }
    });
}
