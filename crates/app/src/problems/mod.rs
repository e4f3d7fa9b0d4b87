//! The Problems window: the named classic problems ([`pegsol_layout::problems`]), each with
//! its board, its pegs, what it asks and a ✔ once solved.
//!
//! Owns the window and the solved marks ([`SolvedMarks`], kept in `problems.ron`). Clicking a
//! problem starts a fresh game of it in the play view (a [`ShellCommand::PlayGame`], as a
//! random puzzle starts) and closes the window, which would cover the board; a jump of the player's that reaches a problem's goal sets its mark
//! (the shell hands every such jump to [`ProblemsView::observe_jump`]). The view changes only
//! its own state, through [`ProblemsView::apply`]; what concerns the rest of the window it
//! returns as [`ShellCommand`]s.

pub mod command;

use crate::command::{apply_each, ShellCommand, Window};
pub use command::ProblemsCommand;
use eframe::egui;
use egui::{RichText, Ui};
use pegsol_layout::catalogue;
use pegsol_layout::problems::{Problem, PROBLEMS};
use pegsol_record::problems::{game_of, problem_of, SolvedMarks};
use pegsol_record::Game;
use std::path::PathBuf;

/// The Problems window and the solved marks.
#[derive(Debug, Default)]
pub struct ProblemsView {
    open: bool,
    marks: SolvedMarks,
}

impl ProblemsView {
    /// A closed window, no problem solved, the marks kept in memory only.
    pub fn new() -> ProblemsView {
        ProblemsView {
            open: false,
            marks: SolvedMarks::new(),
        }
    }

    /// Keeps the marks in the file at `path` from now on, reading what it holds. Returns a
    /// notice when the file could not be read (it is moved aside and the marks start afresh).
    pub fn keep_in(&mut self, path: PathBuf) -> Option<String> {
        let (marks, notice) = SolvedMarks::at(path);
        self.marks = marks;
        notice
    }

    /// The solved marks.
    pub fn marks(&self) -> &SolvedMarks {
        &self.marks
    }

    /// Shows or hides the window. The shell calls this for its [`ShellCommand::Show`].
    pub fn set_open(&mut self, open: bool) {
        self.open = open;
    }

    /// Whether the window is open.
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Takes in the game just after the player made a jump on the board: a problem's goal
    /// reached sets its mark (and says so).
    pub fn observe_jump(&mut self, game: &Game) -> Vec<ShellCommand> {
        let (solved, problem) = self.marks.observe_jump(game);
        let mut out = Vec::new();
        if let Some(p) = solved {
            out.push(ShellCommand::Tell(format!(
                "Problem solved: {} ({} of {} solved)",
                p.name,
                self.marks.count(),
                PROBLEMS.len()
            )));
        }
        out.extend(problem.map(ShellCommand::Warn));
        out
    }

    /// Carries out one command; returns what the rest of the window must do.
    pub fn apply(&mut self, command: ProblemsCommand) -> Vec<ShellCommand> {
        match command {
            ProblemsCommand::Start(key) => match Problem::find(key).map(game_of) {
                // The window closes so that the board is free to play on (Game > Problems…
                // brings the list back).
                Some(Ok(game)) => vec![
                    ShellCommand::PlayGame {
                        game: Box::new(game),
                        solve: false,
                        fresh: true,
                    },
                    ShellCommand::Show(Window::Problems, false),
                ],
                Some(Err(e)) => vec![ShellCommand::Warn(e.to_string())],
                None => vec![ShellCommand::Warn(format!("No problem `{key}`"))],
            },
            ProblemsCommand::Close => {
                self.open = false;
                vec![ShellCommand::Show(Window::Problems, false)]
            }
        }
    }

    /// The window for one frame, if open; `playing` is the game in play (its problem is
    /// marked in the list). Returns what the rest of the window must do.
    pub fn show(&mut self, ctx: &egui::Context, playing: &Game) -> Vec<ShellCommand> {
        if !self.open {
            return Vec::new();
        }
        let mut open = true;
        let mut out = Vec::new();
        let current = problem_of(playing).map(|p| p.key);
        egui::Window::new("Problems")
            .open(&mut open)
            .default_size(egui::vec2(760.0, 480.0))
            .default_pos(egui::pos2(60.0, 60.0))
            .constrain(true)
            .show(ctx, |ui| out = self.ui(ui, current));
        if !open {
            out.extend(self.apply(ProblemsCommand::Close));
        }
        out
    }

    /// The window's content: the list. Applies what the person asked for and returns what
    /// the rest of the window must do.
    pub fn ui(&mut self, ui: &mut Ui, current: Option<&str>) -> Vec<ShellCommand> {
        let commands = self.list_ui(ui, current);
        let ctx = ui.ctx().clone();
        apply_each(&ctx, commands, |c| self.apply(c))
    }

    fn list_ui(&self, ui: &mut Ui, current: Option<&str>) -> Vec<ProblemsCommand> {
        let mut actions = Vec::new();
        ui.label(format!(
            "{} of {} solved. Click a problem to play it: take the pegs down to one, on the \
             hole its goal names.",
            self.marks.count(),
            PROBLEMS.len()
        ));
        ui.separator();
        egui::ScrollArea::vertical()
            .auto_shrink([false, true])
            .show(ui, |ui| {
                for problem in PROBLEMS {
                    self.row_ui(ui, problem, current == Some(problem.key), &mut actions);
                    ui.separator();
                }
            });
        actions
    }

    fn row_ui(
        &self,
        ui: &mut Ui,
        problem: &'static Problem,
        playing: bool,
        actions: &mut Vec<ProblemsCommand>,
    ) {
        let solved = self.marks.is_solved(problem.key);
        let board = catalogue::find(problem.board)
            .and_then(|e| e.layout().ok())
            .map_or_else(|| problem.board.to_string(), |l| l.name);
        // Every column has a fixed width, whether or not there is a mark and whatever was
        // laid out before, so nothing moves under the pointer from one frame to the next.
        ui.horizontal_top(|ui| {
            ui.add_sized(
                egui::vec2(18.0, 18.0),
                egui::Label::new(RichText::new(if solved { "✔" } else { " " }).strong()),
            )
            .on_hover_text(if solved { "Solved" } else { "Not solved yet" });
            let name =
                egui::Button::selectable(playing, problem.name).min_size(egui::vec2(190.0, 20.0));
            if ui.add(name).on_hover_text("Play this problem").clicked() {
                actions.push(ProblemsCommand::Start(problem.key));
            }
            ui.add_sized(
                egui::vec2(130.0, 20.0),
                egui::Label::new(format!("{board}, {} pegs", problem.pegs())),
            );
            ui.add(egui::Label::new(RichText::new(problem.description).weak()).wrap());
        });
    }
}
