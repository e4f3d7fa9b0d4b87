//! The Experiments window: the assignment's budget sweep, live.
//!
//! Owns the window's choices (catalogue boards, budgets, engines), the sweep's [`Task`]
//! (started here, polled once a frame, cancelled on Cancel or when the view is dropped), the
//! rows as they arrive, the table's sort order, the live charts ([`charts`], egui_plot, from
//! the same chart data the command line draws), and copying and exporting the results.
//! Exports go through [`export()`], which takes a path, so tests never open a dialog; the
//! PNGs are drawn by the command line's plotters code, so both give the same files.
//!
//! The view changes only its own state, through [`ExperimentsView::apply`]; what concerns the
//! rest of the app (closing, a notice) it returns as [`ShellCommand`]s.

pub mod command;

pub mod charts;
pub mod export;
pub mod table;

pub use command::ExperimentsCommand;
pub use export::{export, ExportError, ExportKind};

use crate::app::command::{apply_each, ShellCommand, Window};
use crate::app::command::{DialogKind, FileRequest};
use crate::experiment::{self as sweep, sort_rows, SweepColumn, SweepLayout, SweepPlan, SweepRow};
use crate::experiment::{check_memory, parse_budgets, ExperimentError, DEFAULT_BUDGETS};
use crate::layout::catalogue;
use crate::solver::jobs::task::Task;
use crate::solver::jobs::worker::Finished;
use crate::solver::Engine;
use eframe::egui;
use egui::{RichText, Ui};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// A sweep being run: what the job shares with the window.
struct Running {
    /// Rows pushed by the job as each run ends, read every frame.
    live: Arc<Mutex<Vec<SweepRow>>>,
    /// How many runs the plan has.
    total: usize,
}

/// Why the window's choices make no sweep to run.
#[derive(Debug, thiserror::Error)]
pub enum PlanError {
    /// A board ticked is not in the catalogue.
    #[error("{0}: not in the catalogue")]
    NotInCatalogue(String),
    /// A catalogue board's file does not read (the catalogue's tests make sure none fails).
    #[error(transparent)]
    Unreadable(#[from] crate::layout::FileError),
    /// A catalogue board reads but cannot be played.
    #[error("{0}: the catalogue board is invalid")]
    Invalid(String),
    /// No board ticked.
    #[error("Choose at least one board")]
    NoBoard,
    /// No algorithm ticked.
    #[error("Choose at least one algorithm")]
    NoEngine,
    /// The budgets do not read, or the plan needs more memory than there is.
    #[error(transparent)]
    Sweep(#[from] ExperimentError),
}

/// The Experiments window.
pub struct ExperimentsView {
    open: bool,
    /// Catalogue boards: key, and whether it is in the sweep.
    boards: Vec<(&'static str, bool)>,
    /// The budgets as typed (parsed on Run).
    budgets: String,
    /// The algorithms ticked, in [`Engine::ALL`]'s order.
    algorithms: [bool; 3],
    /// The sweep's job, keyed by the sweep's number (each Run is a new question).
    task: Task<u64, Vec<SweepRow>>,
    /// How many sweeps were started.
    sweeps: u64,
    running: Option<Running>,
    rows: Vec<SweepRow>,
    sort: Option<(SweepColumn, bool)>,
    /// The chart shown where the window is too narrow for all three.
    chart: usize,
    /// The last result or problem, in words.
    status: Option<String>,
    /// Whether the window was given its size since it last opened (it opens fitted to the
    /// screen every time, whatever egui remembers from another run or another screen).
    fitted: bool,
}

impl Default for ExperimentsView {
    fn default() -> ExperimentsView {
        ExperimentsView::new()
    }
}

/// Where the window opens on a screen (the app's content) `screen`: below the menu bar, as
/// wide and tall as the screen leaves, up to 1600 by 1000 points (the table and the charts
/// share its height, the charts its width).
pub fn fitted_rect(screen: egui::Rect) -> egui::Rect {
    let min = screen.min + egui::vec2(12.0, 28.0);
    let size = egui::vec2(
        (screen.width() - 24.0).clamp(360.0, 1600.0),
        (screen.height() - 28.0 - 16.0).clamp(300.0, 1000.0),
    );
    egui::Rect::from_min_size(min, size)
}

/// Whether a catalogue key is one of the assignment's levels 0-8.
fn is_level(key: &str) -> bool {
    key.starts_with("level-")
}

impl ExperimentsView {
    /// A closed window with the assignment's choices: levels 0-8, budgets 10k, 100k, 1M,
    /// 1.5M, the classic engine.
    pub fn new() -> ExperimentsView {
        ExperimentsView {
            open: false,
            boards: catalogue::ENTRIES
                .iter()
                .map(|e| (e.key, is_level(e.key)))
                .collect(),
            budgets: DEFAULT_BUDGETS.replace(',', ", "),
            algorithms: [true, false, false],
            task: Task::new("pegsol-sweep"),
            sweeps: 0,
            running: None,
            rows: Vec::new(),
            sort: None,
            chart: 0,
            status: None,
            fitted: false,
        }
    }

    /// Shows or hides the window (a running sweep goes on either way). The shell calls this
    /// for its [`ShellCommand::Show`].
    pub fn set_open(&mut self, open: bool) {
        if open && !self.open {
            self.fitted = false;
        }
        self.open = open;
    }

    /// Whether the window is shown.
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Whether a sweep is running.
    pub fn is_running(&self) -> bool {
        self.task.is_busy()
    }

    /// The rows so far (all of them once the sweep ends), in run order.
    pub fn rows(&self) -> &[SweepRow] {
        &self.rows
    }

    /// The last result or problem, in words.
    pub fn status(&self) -> Option<&str> {
        self.status.as_deref()
    }

    /// The plan the window's choices make, or what is wrong with them.
    pub fn plan(&self) -> Result<SweepPlan, PlanError> {
        let mut layouts = Vec::new();
        for (key, _) in self.boards.iter().filter(|(_, on)| *on) {
            let puzzle = catalogue::find(key)
                .ok_or_else(|| PlanError::NotInCatalogue(key.to_string()))?
                .layout()?
                .validate()
                .map_err(|_| PlanError::Invalid(key.to_string()))?;
            layouts.push(SweepLayout {
                name: key.to_string(),
                start: puzzle.start,
                goal: puzzle.goal,
            });
        }
        if layouts.is_empty() {
            return Err(PlanError::NoBoard);
        }
        let budgets = parse_budgets(&self.budgets)?;
        let algorithms: Vec<Engine> = Engine::ALL
            .into_iter()
            .zip(self.algorithms)
            .filter_map(|(a, on)| on.then_some(a))
            .collect();
        if algorithms.is_empty() {
            return Err(PlanError::NoEngine);
        }
        Ok(SweepPlan {
            layouts,
            budgets,
            algorithms,
        })
    }

    /// The commands that start a sweep small enough to finish in well under a second:
    /// levels 0-8 at 10k and 100k, classic (for `--screenshot --experiments` and tests).
    pub fn small_sweep() -> Vec<ExperimentsCommand> {
        vec![
            ExperimentsCommand::ChooseLevels(true),
            ExperimentsCommand::SetBudgets("10k, 100k".into()),
            ExperimentsCommand::ChooseAlgorithm(Engine::Classic, true),
            ExperimentsCommand::ChooseAlgorithm(Engine::Exact, false),
            ExperimentsCommand::ChooseAlgorithm(Engine::FewestMoves, false),
            ExperimentsCommand::Run,
        ]
    }

    /// Carries out one command: the only place the view's state changes. Returns what the
    /// rest of the window must do.
    pub fn apply(&mut self, ctx: &egui::Context, command: ExperimentsCommand) -> Vec<ShellCommand> {
        match command {
            ExperimentsCommand::Choose(key, on) => {
                if let Some(b) = self.boards.iter_mut().find(|(k, _)| *k == key) {
                    b.1 = on;
                }
            }
            ExperimentsCommand::ChooseLevels(on) => {
                for (key, chosen) in &mut self.boards {
                    *chosen = on && is_level(key);
                }
            }
            ExperimentsCommand::SetBudgets(text) => self.budgets = text,
            ExperimentsCommand::ChooseAlgorithm(algorithm, on) => {
                if let Some(i) = Engine::ALL.iter().position(|&a| a == algorithm) {
                    self.algorithms[i] = on;
                }
            }
            ExperimentsCommand::Run => self.start(ctx),
            ExperimentsCommand::Cancel => self.task.cancel(),
            ExperimentsCommand::Sort(column) => {
                self.sort = match self.sort {
                    Some((c, ascending)) if c == column => Some((c, !ascending)),
                    _ => Some((column, true)),
                };
            }
            ExperimentsCommand::Copy(kind) => {
                let text = match kind {
                    ExportKind::Csv => sweep::csv(&self.rows),
                    _ => sweep::markdown(&self.rows),
                };
                ctx.copy_text(text);
                self.status = Some(format!("Copied {} rows", self.rows.len()));
            }
            ExperimentsCommand::ChooseExport(kind) => {
                use ExperimentsCommand::Export;
                type Then = fn(PathBuf) -> ShellCommand;
                let title = "Export the experiment";
                let request = match kind {
                    ExportKind::Csv => {
                        let then: Then = |p| ShellCommand::Experiments(Export(ExportKind::Csv, p));
                        FileRequest::new(DialogKind::Save, title, then)
                            .filter("CSV", &["csv"])
                            .file_name("experiment.csv")
                    }
                    ExportKind::Markdown => {
                        let then: Then =
                            |p| ShellCommand::Experiments(Export(ExportKind::Markdown, p));
                        FileRequest::new(DialogKind::Save, title, then)
                            .filter("Markdown", &["md"])
                            .file_name("experiment.md")
                    }
                    ExportKind::Png => {
                        let then: Then = |p| ShellCommand::Experiments(Export(ExportKind::Png, p));
                        FileRequest::new(DialogKind::Folder, title, then)
                    }
                };
                return vec![ShellCommand::ChooseFile(request)];
            }
            ExperimentsCommand::ShowChart(i) => self.chart = i,
            ExperimentsCommand::Export(kind, path) => {
                let (said, done) = match export(&self.rows, kind, &path) {
                    Ok(said) => (said, true),
                    Err(e) => (format!("Not exported: {e}"), false),
                };
                self.status = Some(said.clone());
                return vec![if done {
                    ShellCommand::Tell(said)
                } else {
                    ShellCommand::Warn(said)
                }];
            }
        }
        Vec::new()
    }

    /// Starts the sweep the choices make (or says what is wrong with them).
    fn start(&mut self, ctx: &egui::Context) {
        if self.task.is_busy() {
            return;
        }
        let plan = match self
            .plan()
            .and_then(|p| check_memory(&p).map(|()| p).map_err(PlanError::from))
        {
            Ok(plan) => plan,
            Err(e) => {
                self.status = Some(e.to_string());
                return;
            }
        };
        let live = Arc::new(Mutex::new(Vec::new()));
        let rows_out = live.clone();
        let total = plan.runs().len();
        let repaint = ctx.clone();
        self.sweeps += 1;
        self.task.start(
            self.sweeps,
            move |job| {
                sweep::run(&plan, job, &mut |row| {
                    if let Ok(mut rows) = rows_out.lock() {
                        rows.push(row.clone());
                    }
                })
            },
            move || repaint.request_repaint(),
        );
        self.rows.clear();
        self.status = None;
        self.running = Some(Running { live, total });
    }

    /// Takes the rows that arrived and the sweep's end, once a frame.
    fn poll(&mut self) {
        let Some(running) = &self.running else {
            return;
        };
        if let Ok(rows) = running.live.lock() {
            if rows.len() != self.rows.len() {
                self.rows.clone_from(&rows);
            }
        }
        let seconds = self
            .task
            .snapshot()
            .map_or(0.0, |s| s.elapsed.as_secs_f64());
        let Some((_, finished)) = self.task.poll() else {
            return;
        };
        let total = running.total;
        self.status = Some(match finished {
            Finished::Done(rows) => {
                self.rows = rows;
                format!("{} runs in {seconds:.1} s", self.rows.len())
            }
            Finished::Cancelled(rows) => {
                self.rows = rows;
                format!("Cancelled after {} of {total} runs", self.rows.len())
            }
            Finished::Failed(why) => why,
        });
        self.running = None;
    }

    /// The window for one frame, if open (the sweep's news is taken in either way). Returns
    /// what the rest of the window must do.
    pub fn show(&mut self, ctx: &egui::Context) -> Vec<ShellCommand> {
        self.poll();
        let mut out = Vec::new();
        if !self.open {
            return out;
        }
        let mut open = true;
        let rect = fitted_rect(ctx.content_rect());
        let window = egui::Window::new("Experiments")
            .open(&mut open)
            .constrain(true)
            .vscroll(false);
        // On the frame it opens, the window takes the rect that fits the screen (egui would
        // otherwise bring back the size it had in another run, on another screen); after that
        // the person moves and resizes it as they like.
        let window = if self.fitted {
            window.default_rect(rect)
        } else {
            self.fitted = true;
            window.fixed_rect(rect)
        };
        window.show(ctx, |ui| out = self.ui(ui));
        if !open {
            out.push(ShellCommand::Show(Window::Experiments, false));
        }
        out
    }

    /// The window's content: choices, progress, table and charts. Applies what the person
    /// asked for and returns what the rest of the window must do.
    pub fn ui(&mut self, ui: &mut Ui) -> Vec<ShellCommand> {
        let commands = self.contents_ui(ui);
        let ctx = ui.ctx().clone();
        apply_each(&ctx, commands, |c| self.apply(&ctx, c))
    }

    fn contents_ui(&self, ui: &mut Ui) -> Vec<ExperimentsCommand> {
        let mut actions = Vec::new();
        self.choices_ui(ui, &mut actions);
        ui.separator();
        self.progress_ui(ui, &mut actions);
        ui.separator();
        self.table_toolbar_ui(ui, &mut actions);
        // The table and the charts share what is left down to the window's (or the screen's)
        // bottom, less the footnote under the table: the table 55%, the charts the rest.
        let bottom = ui
            .available_rect_before_wrap()
            .bottom()
            .min(ui.ctx().content_rect().bottom() - 8.0);
        let left = bottom - ui.cursor().top() - 34.0;
        // The table keeps a header and four rows while the charts keep 120 points.
        let table_height = (left * 0.55).max(136.0f32.min(left - 120.0)).max(110.0);
        let mut rows = self.rows.clone();
        if let Some((column, ascending)) = self.sort {
            sort_rows(&mut rows, column, ascending);
        }
        table::table_ui(ui, &rows, self.sort, table_height, &mut actions);
        let moves = rows.iter().any(|r| r.algorithm == Engine::FewestMoves);
        ui.label(
            RichText::new(if moves {
                "storage MiB: the engine's own tables, not the process's memory. A move is \
                 one peg's chain of jumps; lower bound: no solution takes fewer moves"
            } else {
                "storage MiB: the engine's own tables (classic: duplicate set, recent-board \
                 cache and stack; exact: failure table as allocated and goal sides), not the \
                 process's memory"
            })
            .small()
            .weak(),
        );
        ui.separator();
        let charts_height = (bottom - ui.cursor().top()).max(120.0);
        charts::charts_ui(ui, &self.rows, self.chart, charts_height, &mut actions);
        actions
    }

    fn choices_ui(&self, ui: &mut Ui, actions: &mut Vec<ExperimentsCommand>) {
        let idle = !self.task.is_busy();
        ui.add_enabled_ui(idle, |ui| {
            // One line for the buttons, the budgets and the engines; the boards below it.
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new("Boards").strong());
                if ui.small_button("Levels 0-8").clicked() {
                    actions.push(ExperimentsCommand::ChooseLevels(true));
                }
                if ui.small_button("None").clicked() {
                    actions.push(ExperimentsCommand::ChooseLevels(false));
                }
                ui.separator();
                let label = ui.label(RichText::new("Budgets").strong());
                let mut text = self.budgets.clone();
                let edit = ui
                    .add(egui::TextEdit::singleline(&mut text).desired_width(180.0))
                    .labelled_by(label.id)
                    .on_hover_text("Expanded-node budgets, comma-separated: 10k, 1.5M, 2000000");
                if edit.changed() {
                    actions.push(ExperimentsCommand::SetBudgets(text));
                }
                ui.separator();
                ui.label(RichText::new("Engines").strong());
                for (algorithm, chosen) in Engine::ALL.into_iter().zip(self.algorithms) {
                    let mut on = chosen;
                    let hover = match algorithm {
                        Engine::Classic => "The assignment's depth-first search",
                        Engine::Exact => "The exact solver, its expansions capped at each budget",
                        Engine::FewestMoves => {
                            "The fewest moves (a peg's chain of jumps is one move), its \
                             expansions capped at each budget: the table gains the moves \
                             found and the lower bound proven"
                        }
                    };
                    if ui
                        .checkbox(&mut on, algorithm.name())
                        .on_hover_text(hover)
                        .changed()
                    {
                        actions.push(ExperimentsCommand::ChooseAlgorithm(algorithm, on));
                    }
                }
            });
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing.x = 6.0;
                for &(key, chosen) in &self.boards {
                    let mut on = chosen;
                    if ui.checkbox(&mut on, key).changed() {
                        actions.push(ExperimentsCommand::Choose(key, on));
                    }
                }
            });
        });
    }

    fn progress_ui(&self, ui: &mut Ui, actions: &mut Vec<ExperimentsCommand>) {
        ui.horizontal(|ui| match &self.running {
            None if !self.task.is_busy() => {
                if ui.button("Run").clicked() {
                    actions.push(ExperimentsCommand::Run);
                }
                if let Some(status) = &self.status {
                    ui.label(status);
                } else if let Ok(plan) = self.plan() {
                    ui.label(
                        RichText::new(format!(
                            "{} runs; the largest classic run may take up to {:.0} MiB",
                            plan.runs().len(),
                            sweep::mib(plan.classic_estimate_bytes())
                        ))
                        .weak(),
                    );
                }
            }
            running => {
                let total = running.as_ref().map_or(1, |r| r.total);
                let cancelling = self.task.is_cancelling();
                if ui
                    .add_enabled(!cancelling, egui::Button::new("Cancel"))
                    .clicked()
                {
                    actions.push(ExperimentsCommand::Cancel);
                }
                let snapshot = self.task.snapshot().unwrap_or_default();
                let done = self.rows.len();
                let stage = snapshot.stage.unwrap_or_else(|| "starting".into());
                let expanded = snapshot.progress.map_or(0, |p| p.expanded);
                let text = if cancelling {
                    "Cancelling…".to_string()
                } else {
                    format!("{stage}: {} expanded", crate::solver::Budget(expanded))
                };
                ui.add(
                    egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                        .text(text)
                        .animate(true),
                );
            }
        });
    }

    fn table_toolbar_ui(&self, ui: &mut Ui, actions: &mut Vec<ExperimentsCommand>) {
        let has_rows = !self.rows.is_empty();
        ui.horizontal(|ui| {
            ui.label(RichText::new("Results").strong());
            ui.add_enabled_ui(has_rows, |ui| {
                if ui.button("Copy as Markdown").clicked() {
                    actions.push(ExperimentsCommand::Copy(ExportKind::Markdown));
                }
                if ui.button("Copy as CSV").clicked() {
                    actions.push(ExperimentsCommand::Copy(ExportKind::Csv));
                }
                ui.separator();
                if ui.button("Export CSV…").clicked() {
                    actions.push(ExperimentsCommand::ChooseExport(ExportKind::Csv));
                }
                if ui.button("Export Markdown…").clicked() {
                    actions.push(ExperimentsCommand::ChooseExport(ExportKind::Markdown));
                }
                if ui.button("Export charts (PNG)…").clicked() {
                    actions.push(ExperimentsCommand::ChooseExport(ExportKind::Png));
                }
            });
        });
    }
}
