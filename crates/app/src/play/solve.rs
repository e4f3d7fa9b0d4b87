//! The solver panel: choose an engine, a budget, a finish and whether to find the fewest
//! moves; solve from the start or from the position in play on a background thread; read the
//! result in the assignment's terms (or in moves, see [`super::fewest`]).
//!
//! Owns the panel's form ([`SolverPanel`]; its form in the settings file, today's and
//! before engines were one word, is `saved_form.rs`'s); the running or finished search it
//! shows is the [`SolveSession`] (in `session.rs`). The panel only returns [`PlayCommand`]s,
//! its own form's changes included; the play view applies them.

use super::command::SolverCommand;
use super::command::{PlayCommand, SolveFrom, SolveRequest};
use super::session::{SolveReport, SolveSession};
use eframe::egui;
use egui::{RichText, Ui};
use pegsol_record::session::presets;
use pegsol_record::Game;
use pegsol_rules::cell_name;
use pegsol_rules::Goal;
use pegsol_solver::budget::thousands;
use pegsol_solver::budget::{parse_budget, BudgetError};
use pegsol_solver::{Budget, Engine};

/// The classic search's budget until a person picks one: the engine's one default (the play
/// session's presets say it, for the terminal game too).
pub const DEFAULT_BUDGET: u64 = Budget::CLASSIC_DEFAULT.0;

/// The panel's form: the engine, the fewest-pegs engine the radio buttons show, the budget
/// text and "no limit" (remembered between runs, see `saved_form.rs`; a budget text that no
/// longer parses is shown with its reason, as if typed).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(from = "super::saved_form::Read", into = "super::saved_form::Written")]
pub struct SolverPanel {
    /// The engine the next solve runs.
    pub(super) engine: Engine,
    /// Exact or classic: the radio buttons' choice, kept while "Fewest moves" is ticked so
    /// that unticking it goes back to it.
    pub(super) fewest_pegs: Engine,
    pub(super) budget_text: String,
    pub(super) no_limit: bool,
}

impl Default for SolverPanel {
    fn default() -> SolverPanel {
        SolverPanel {
            engine: Engine::Exact,
            fewest_pegs: Engine::Exact,
            budget_text: thousands(DEFAULT_BUDGET),
            no_limit: true,
        }
    }
}

/// Why the panel's budget cannot start a search.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BudgetRefusal {
    /// The text is not a budget.
    #[error(transparent)]
    NotABudget(#[from] BudgetError),
    /// A budget of nothing.
    #[error("a budget of 0 expands nothing: choose at least 1")]
    Zero,
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
    pub fn set(&mut self, engine: Engine, budget: Option<u64>) {
        self.set_engine(engine);
        self.no_limit = budget.is_none();
        if let Some(b) = budget {
            self.budget_text = thousands(b);
        }
    }

    /// Whether the budget may be "no limit" ([`Engine::may_be_unlimited`]).
    fn may_be_unlimited(&self) -> bool {
        self.engine.may_be_unlimited()
    }

    /// The engine the next solve runs.
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// The fewest-pegs engine (exact or classic) the radio buttons show: the engine itself,
    /// or, while "Fewest moves" is ticked, the one unticking it goes back to.
    pub fn fewest_pegs_engine(&self) -> Engine {
        self.fewest_pegs
    }

    /// The request the form describes, or what is wrong with the budget.
    pub fn request(&self, from: SolveFrom) -> Result<SolveRequest, BudgetRefusal> {
        let budget = if self.may_be_unlimited() && self.no_limit {
            None
        } else {
            match parse_budget(&self.budget_text)? {
                0 => return Err(BudgetRefusal::Zero),
                b => Some(b),
            }
        };
        Ok(SolveRequest {
            engine: self.engine,
            budget,
            from,
        })
    }

    /// Sets the engine; a fewest-pegs one is also what the radio buttons show from now on.
    pub fn set_engine(&mut self, engine: Engine) {
        self.engine = engine;
        if engine.fewest_pegs() {
            self.fewest_pegs = engine;
        }
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
            super::report::progress_ui(ui, model.session);
            if let Some(report) = model.session.report() {
                ui.separator();
                super::report::report_ui(ui, report, model.game, &mut commands);
            }
        });
        commands
    }

    fn form_ui(&self, ui: &mut Ui, model: &SolverModel<'_>, commands: &mut Vec<PlayCommand>) {
        ui.label(RichText::new("Algorithm").strong());
        let mut pegs = self.fewest_pegs;
        let moves = self.engine == Engine::FewestMoves;
        ui.add_enabled_ui(!moves, |ui| {
            ui.horizontal(|ui| {
                ui.radio_value(&mut pegs, Engine::Exact, "Exact")
                    .on_hover_text("Pegsol's solver: the fewest pegs, proven");
                ui.radio_value(&mut pegs, Engine::Classic, "Classic")
                    .on_hover_text("The assignment's budgeted depth-first search");
            });
        })
        .response
        .on_disabled_hover_text("Fewest moves has its own engine");
        if pegs != self.fewest_pegs {
            commands.push(PlayCommand::Solver(SolverCommand::SetEngine(pegs)));
        }

        ui.add_space(4.0);
        let label = ui.label(RichText::new("Budget (expanded nodes)").strong());
        let unlimited_ok = self.may_be_unlimited();
        // Always there, greyed out for the classic search: a checkbox that came and went
        // with the engine moved the budget field and the Solve buttons under the pointer.
        let mut no_limit = self.no_limit && unlimited_ok;
        let checkbox = ui
            .add_enabled(unlimited_ok, egui::Checkbox::new(&mut no_limit, "No limit"))
            .on_disabled_hover_text("The classic search always has a budget");
        if checkbox.changed() {
            commands.push(PlayCommand::Solver(SolverCommand::SetNoLimit(no_limit)));
        }
        let limited = !(unlimited_ok && self.no_limit);
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
                // The play session's classic presets (the terminal game's too), whichever
                // engine: the same buttons for both, so switching engines moves nothing.
                for value in presets::CLASSIC_BUDGETS.iter().flatten() {
                    if ui.button(presets::budget_words(Some(*value))).clicked() {
                        text = thousands(*value);
                    }
                }
            });
            if text != self.budget_text {
                commands.push(PlayCommand::Solver(SolverCommand::SetBudgetText(text)));
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
        let center = crate::paint::geometry::centre_cell(game.puzzle.start.shape());
        if ui
            .radio(goal == Goal::Anywhere, "One peg, anywhere")
            .clicked()
        {
            commands.push(PlayCommand::SetGoal(Goal::Anywhere));
        }
        // Always there, greyed out on a board with no centre: a choice that came and went
        // with the board moved the Solve buttons under the pointer.
        let text = center.map_or("One peg in the centre".to_string(), |c| {
            format!("One peg in the centre ({})", cell_name(c))
        });
        let chosen = center.is_some_and(|c| goal == Goal::At(c));
        let radio = ui
            .add_enabled(center.is_some(), egui::RadioButton::new(chosen, text))
            .on_disabled_hover_text("This board has no centre hole");
        if let (true, Some(c)) = (radio.clicked(), center) {
            commands.push(PlayCommand::SetGoal(Goal::At(c)));
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
        let mut fewest_moves = moves;
        if ui
            .checkbox(&mut fewest_moves, "Fewest moves")
            .on_hover_text(
                "Find a win with the fewest moves (a peg's chain of jumps is one move) and \
                 prove that no win takes fewer",
            )
            .changed()
        {
            commands.push(PlayCommand::Solver(SolverCommand::SetEngine(
                if fewest_moves {
                    Engine::FewestMoves
                } else {
                    self.fewest_pegs
                },
            )));
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
                    commands.push(PlayCommand::Solver(SolverCommand::SolveFrom(from)));
                }
            }
            if ui
                .add_enabled(
                    model.session.is_running(),
                    egui::Button::new("Cancel solve"),
                )
                .clicked()
            {
                commands.push(PlayCommand::Solver(SolverCommand::CancelSolve));
            }
        });
    }
}

/// The text Copy stats and Save output.txt produce: the assignment's STATS block.
pub fn stats_text(report: &SolveReport) -> String {
    report.outcome.stats_block()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_refuses_a_bad_or_zero_budget_with_a_reason() {
        let mut panel = SolverPanel::default();
        panel.set(Engine::Classic, Some(10));
        panel.budget_text = "lots".into();
        assert!(panel.request(SolveFrom::Start).is_err());
        panel.budget_text = "0".into();
        assert!(panel.request(SolveFrom::Start).is_err());
        panel.budget_text = "1.2M".into();
        assert_eq!(
            panel.request(SolveFrom::Here).map(|r| r.budget),
            Ok(Some(1_200_000))
        );
        panel.set(Engine::Exact, None);
        assert_eq!(panel.request(SolveFrom::Start).map(|r| r.budget), Ok(None));
    }
}
