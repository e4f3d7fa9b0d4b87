//! The solver panel: choose an engine, a budget and a finish; solve from the start or from
//! the position in play on a background thread; read the result in the assignment's terms.
//!
//! Owns the panel's form ([`SolverPanel`]) and the running or finished search
//! ([`SolveSession`], a [`Task`] and its report). The panel only returns [`PlayCommand`]s,
//! its own form's changes included; the play view applies them.

use super::PlayCommand;
use crate::app::game::Game;
use crate::rules::cell_name;
use crate::rules::{Goal, Position};
use crate::solver::budget::parse_budget;
use crate::solver::services::task::Task;
use crate::solver::services::worker::{Finished, Snapshot};
use crate::solver::{search, Algorithm, Budget, Outcome, Stop};
use eframe::egui;
use egui::{RichText, Ui};

/// The budget presets the assignment's experiments use.
pub const PRESETS: [(u64, &str); 4] = [
    (10_000, "10k"),
    (100_000, "100k"),
    (1_000_000, "1M"),
    (1_500_000, "1.5M"),
];

/// The classic search's budget until a person picks one: the engine's one default.
pub const DEFAULT_BUDGET: u64 = Budget::CLASSIC_DEFAULT.0;

/// Where a solve starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveFrom {
    /// The board's start position.
    Start,
    /// The position on the board now.
    Here,
}

/// What a person asked to solve: engine, budget (`None`: no limit, exact only) and start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveRequest {
    /// The engine.
    pub algorithm: Algorithm,
    /// Expansions allowed; `None` for no limit.
    pub budget: Option<u64>,
    /// Where the search starts.
    pub from: SolveFrom,
}

/// A finished search and what it was asked.
#[derive(Clone, Debug)]
pub struct SolveReport {
    /// What was asked.
    pub request: SolveRequest,
    /// The position the search started from (its jumps play from here).
    pub start: Position,
    /// The finish it aimed for.
    pub goal: Goal,
    /// What it found. A cancelled search keeps what it found so far.
    pub outcome: Outcome,
}

/// What a search answers: what was asked, where it starts, the finish it aims for.
type SolveKey = (SolveRequest, Position, Goal);

/// The solve in flight, if any, and the last report.
pub struct SolveSession {
    task: Task<SolveKey, Outcome>,
    report: Option<SolveReport>,
    error: Option<String>,
}

impl Default for SolveSession {
    fn default() -> SolveSession {
        SolveSession {
            task: Task::new("pegsol-solve"),
            report: None,
            error: None,
        }
    }
}

impl SolveSession {
    /// Starts a search of `start` for `goal` (a search in flight is cancelled). `wake` is
    /// called when there is news.
    pub fn start(
        &mut self,
        request: SolveRequest,
        start: Position,
        goal: Goal,
        wake: impl Fn() + Send + Sync + 'static,
    ) {
        self.error = None;
        let position = start.clone();
        self.task.start(
            (request, start, goal),
            move |job| job.control(|c| run(&request, &position, goal, c)),
            wake,
        );
    }

    /// Runs a search to its end on this thread (the `--solve` screenshot run).
    pub fn run_blocking(&mut self, request: SolveRequest, start: Position, goal: Goal) {
        let outcome = crate::solver::uncontrolled(|c| run(&request, &start, goal, c));
        self.task.clear();
        self.error = None;
        self.report = Some(SolveReport {
            request,
            start,
            goal,
            outcome,
        });
    }

    /// Asks the search in flight to stop; its partial result arrives as a report.
    pub fn cancel(&mut self) {
        self.task.cancel();
    }

    /// Forgets the search in flight (cancelling it) and the report: a new board.
    pub fn clear(&mut self) {
        *self = SolveSession::default();
    }

    /// Takes in a finished search. Call once a frame; returns whether it finished now.
    pub fn poll(&mut self) -> bool {
        let Some(((request, start, goal), finished)) = self.task.poll() else {
            return false;
        };
        match finished {
            Finished::Done(outcome) | Finished::Cancelled(outcome) => {
                self.report = Some(SolveReport {
                    request,
                    start,
                    goal,
                    outcome,
                });
            }
            Finished::Failed(text) => self.error = Some(text),
        }
        true
    }

    /// Whether a search is running.
    pub fn is_running(&self) -> bool {
        self.task.is_busy()
    }

    /// The running search's progress.
    pub fn snapshot(&self) -> Option<Snapshot> {
        self.task.snapshot()
    }

    /// The last finished search.
    pub fn report(&self) -> Option<&SolveReport> {
        self.report.as_ref()
    }

    /// Why the last search failed, if it did.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }
}

/// Runs one search as asked (a classic search always has a budget: [`search`] gives it the
/// engine's default, [`DEFAULT_BUDGET`], if none was given).
fn run(
    request: &SolveRequest,
    start: &Position,
    goal: Goal,
    control: &mut crate::solver::Control,
) -> Outcome {
    search(request.algorithm, start, goal, request.budget, control)
}

/// `1234567` as `1,234,567`.
pub fn thousands(n: u64) -> String {
    Budget(n).to_string()
}

/// The panel's form: engine, budget text and "no limit" (remembered between runs; a budget
/// text that no longer parses is shown with its reason, as if typed).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct SolverPanel {
    algorithm: Algorithm,
    budget_text: String,
    no_limit: bool,
}

impl Default for SolverPanel {
    fn default() -> SolverPanel {
        SolverPanel {
            algorithm: Algorithm::Exact,
            budget_text: thousands(DEFAULT_BUDGET),
            no_limit: true,
        }
    }
}

/// What the panel reads each frame.
pub struct SolverModel<'a> {
    /// The game (its board, position and finish).
    pub game: &'a Game,
    /// The search in flight and the last report.
    pub session: &'a SolveSession,
    /// Whether the next board click picks the finish cell.
    pub picking_finish: bool,
}

impl SolverPanel {
    /// Sets the form (for tests and the `--solve` run).
    pub fn set(&mut self, algorithm: Algorithm, budget: Option<u64>) {
        self.algorithm = algorithm;
        self.no_limit = budget.is_none();
        if let Some(b) = budget {
            self.budget_text = thousands(b);
        }
    }

    /// The request the form describes, or what is wrong with the budget.
    pub fn request(&self, from: SolveFrom) -> Result<SolveRequest, String> {
        let budget = if self.algorithm == Algorithm::Exact && self.no_limit {
            None
        } else {
            match parse_budget(&self.budget_text).map_err(|e| e.to_string())? {
                0 => return Err("a budget of 0 expands nothing: choose at least 1".into()),
                b => Some(b),
            }
        };
        Ok(SolveRequest {
            algorithm: self.algorithm,
            budget,
            from,
        })
    }

    /// Sets the engine.
    pub fn set_algorithm(&mut self, algorithm: Algorithm) {
        self.algorithm = algorithm;
    }

    /// Sets "no limit" (exact only).
    pub fn set_no_limit(&mut self, no_limit: bool) {
        self.no_limit = no_limit;
    }

    /// Sets the budget as typed.
    pub fn set_budget_text(&mut self, text: String) {
        self.budget_text = text;
    }

    /// Shows the panel and returns what the person asked for.
    pub fn ui(&self, ui: &mut Ui, model: &SolverModel<'_>) -> Vec<PlayCommand> {
        let mut commands = Vec::new();
        ui.heading("Solver");
        egui::ScrollArea::vertical().show(ui, |ui| {
            self.form_ui(ui, model, &mut commands);
            ui.separator();
            progress_ui(ui, model.session);
            if let Some(report) = model.session.report() {
                ui.separator();
                report_ui(ui, report, model.game, &mut commands);
            }
        });
        commands
    }

    fn form_ui(&self, ui: &mut Ui, model: &SolverModel<'_>, commands: &mut Vec<PlayCommand>) {
        ui.label(RichText::new("Algorithm").strong());
        let mut algorithm = self.algorithm;
        ui.horizontal(|ui| {
            ui.radio_value(&mut algorithm, Algorithm::Exact, "Exact")
                .on_hover_text("Pegsol's solver: the fewest pegs, proven");
            ui.radio_value(&mut algorithm, Algorithm::Classic, "Classic")
                .on_hover_text("The assignment's budgeted depth-first search");
        });
        if algorithm != self.algorithm {
            commands.push(PlayCommand::SetAlgorithm(algorithm));
        }

        ui.add_space(4.0);
        let label = ui.label(RichText::new("Budget (expanded nodes)").strong());
        let exact = self.algorithm == Algorithm::Exact;
        if exact {
            let mut no_limit = self.no_limit;
            if ui.checkbox(&mut no_limit, "No limit").changed() {
                commands.push(PlayCommand::SetNoLimit(no_limit));
            }
        }
        let limited = !(exact && self.no_limit);
        ui.add_enabled_ui(limited, |ui| {
            let mut text = self.budget_text.clone();
            let edit = ui.add(
                egui::TextEdit::singleline(&mut text)
                    .desired_width(140.0)
                    .hint_text("e.g. 1,200,000 or 1.2M"),
            );
            let edit = edit.labelled_by(label.id);
            let parsed = parse_budget(&text).map_err(|e| e.to_string());
            if edit.lost_focus() {
                // Show the separators once the person is done typing.
                if let Ok(b) = parsed {
                    text = thousands(b);
                }
            }
            ui.horizontal_wrapped(|ui| {
                for (value, name) in PRESETS {
                    if ui.button(name).clicked() {
                        text = thousands(value);
                    }
                }
            });
            if text != self.budget_text {
                commands.push(PlayCommand::SetBudgetText(text));
            }
            // One line, always there: a long refusal is cut (whole on hover), so it never
            // pushes the finish choices and the Solve buttons down under the pointer.
            let (text, colour) = match (&parsed, limited) {
                (_, false) => (String::new(), ui.visuals().weak_text_color()),
                (Ok(b), true) => (
                    format!("= {} nodes", thousands(*b)),
                    ui.visuals().weak_text_color(),
                ),
                (Err(e), true) => (e.clone(), ui.visuals().error_fg_color),
            };
            let line = ui.add(egui::Label::new(RichText::new(&text).color(colour)).truncate());
            if parsed.is_err() {
                line.on_hover_text(text);
            }
        });

        ui.add_space(4.0);
        ui.label(RichText::new("Finish").strong());
        let game = model.game;
        let goal = game.puzzle.goal;
        // Only a centre the board has is offered (see `centre_cell`): none on the 15-hole
        // triangle, whose middle lies between holes.
        let center = crate::app::geometry::centre_cell(game.puzzle.start.shape());
        if ui
            .radio(goal == Goal::Anywhere, "One peg, anywhere")
            .clicked()
        {
            commands.push(PlayCommand::SetGoal(Goal::Anywhere));
        }
        if let Some(c) = center {
            let text = format!("One peg in the centre ({})", cell_name(c));
            if ui.radio(goal == Goal::At(c), text).clicked() {
                commands.push(PlayCommand::SetGoal(Goal::At(c)));
            }
        }
        let other_cell = match goal {
            Goal::At(c) if Some(c) != center => Some(c),
            _ => None,
        };
        let pick_text = match (model.picking_finish, other_cell) {
            (true, _) => "Click a hole on the board…".to_string(),
            (false, Some(c)) => format!("One peg on {}", cell_name(c)),
            (false, None) => "One peg on a cell I pick".to_string(),
        };
        if ui
            .radio(other_cell.is_some() || model.picking_finish, pick_text)
            .clicked()
        {
            commands.push(PlayCommand::PickFinish(!model.picking_finish));
        }

        ui.add_space(6.0);
        ui.horizontal_wrapped(|ui| {
            for (from, text, hover) in [
                (
                    SolveFrom::Start,
                    "Solve from start",
                    "Solve the board from its start position",
                ),
                (
                    SolveFrom::Here,
                    "Solve from here",
                    "Solve from the position on the board now",
                ),
            ] {
                if ui.button(text).on_hover_text(hover).clicked() {
                    commands.push(PlayCommand::SolveFrom(from));
                }
            }
            if ui
                .add_enabled(
                    model.session.is_running(),
                    egui::Button::new("Cancel solve"),
                )
                .clicked()
            {
                commands.push(PlayCommand::CancelSolve);
            }
        });
    }
}

/// The running search: live counters.
fn progress_ui(ui: &mut Ui, session: &SolveSession) {
    if let Some(error) = session.error() {
        ui.colored_label(ui.visuals().error_fg_color, error);
    }
    let Some(snapshot) = session.snapshot() else {
        if session.report().is_none() && session.error().is_none() {
            ui.label(RichText::new("No search yet.").weak());
        }
        return;
    };
    ui.horizontal(|ui| {
        ui.spinner();
        ui.label(RichText::new("Searching…").strong());
    });
    let seconds = snapshot.elapsed.as_secs_f64();
    egui::Grid::new("progress").num_columns(2).show(ui, |ui| {
        let (expanded, generated, best) = snapshot.progress.map_or((0, 0, None), |p| {
            (p.expanded, p.generated, Some(p.best_pegs))
        });
        row(ui, "Expanded", thousands(expanded));
        row(ui, "Generated", thousands(generated));
        row(
            ui,
            "Best so far",
            best.map_or("–".into(), |b| format!("{b} pegs")),
        );
        let rate = if seconds > 0.0 {
            (expanded as f64 / seconds) as u64
        } else {
            0
        };
        row(ui, "Expanded/s", thousands(rate));
        row(ui, "Elapsed", format!("{seconds:.1} s"));
    });
}

fn row(ui: &mut Ui, name: &str, value: String) {
    ui.label(name);
    ui.label(RichText::new(value).monospace());
    ui.end_row();
}

/// The last result, in the assignment's terms, and what can be done with it.
fn report_ui(ui: &mut Ui, report: &SolveReport, game: &Game, commands: &mut Vec<PlayCommand>) {
    let o = &report.outcome;
    let from = match report.request.from {
        SolveFrom::Start => "from the start",
        SolveFrom::Here => "from a position in play",
    };
    ui.label(RichText::new(format!("Result: {} search {from}", o.algorithm.name())).strong());
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
        (true, true, _) => "Proven optimal: won".to_string(),
        (true, false, _) if report.goal == Goal::Anywhere => {
            "Proven optimal: no position with fewer pegs can be reached".to_string()
        }
        (true, false, _) => "Proven: one peg on the finish cell cannot be reached".to_string(),
        (false, _, Stop::Budget) => "Budget exhausted: a larger budget may do better".to_string(),
        _ => o.verdict_text().to_string(),
    };
    let verdict = RichText::new(verdict).strong();
    ui.label(verdict);
    ui.horizontal_wrapped(|ui| {
        let loadable = !o.jumps.is_empty() && report.start.shape() == game.puzzle.start.shape();
        if ui
            .add_enabled(loadable, egui::Button::new("Load solution"))
            .on_hover_text("Put these jumps on the timeline after the position they start from")
            .clicked()
        {
            commands.push(PlayCommand::LoadSolution);
        }
        if ui.button("Copy stats").clicked() {
            commands.push(PlayCommand::CopyStats);
        }
        if ui.button("Save output.txt…").clicked() {
            commands.push(PlayCommand::ChooseStatsFile);
        }
    });
}

/// The text Copy stats and Save output.txt produce: the assignment's STATS block.
pub fn stats_text(report: &SolveReport) -> String {
    report.outcome.stats_block()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1_090_275), "1,090,275");
    }

    #[test]
    fn the_form_refuses_a_bad_or_zero_budget_with_a_reason() {
        let mut panel = SolverPanel::default();
        panel.set(Algorithm::Classic, Some(10));
        panel.budget_text = "lots".into();
        assert!(panel.request(SolveFrom::Start).is_err());
        panel.budget_text = "0".into();
        assert!(panel.request(SolveFrom::Start).is_err());
        panel.budget_text = "1.2M".into();
        assert_eq!(
            panel.request(SolveFrom::Here).map(|r| r.budget),
            Ok(Some(1_200_000))
        );
        panel.set(Algorithm::Exact, None);
        assert_eq!(panel.request(SolveFrom::Start).map(|r| r.budget), Ok(None));
    }
}
