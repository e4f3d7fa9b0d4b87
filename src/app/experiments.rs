//! The Experiments window: the assignment's budget sweep, live.
//!
//! Owns the window's choices (catalogue boards, budgets, engines), the sweep's [`Worker`]
//! (started here, polled once a frame, cancelled on Cancel or when the view is dropped), the
//! rows as they arrive, the table's sort order, the live charts (egui_plot, from the same
//! [`Chart`] data the command line draws), and copying and exporting the results. Exports go
//! through [`export`], which takes a path, so tests never open a dialog; the PNGs are drawn by
//! the plotters code of [`crate::experiment`], so both give the same files.
//!
//! The view changes only its own state, through [`ExperimentsView::act`]; what concerns the
//! rest of the app (closing, a notice) it returns as [`Command`]s.

use super::Command;
use crate::experiment::{
    self, check_memory, parse_budgets, sort_rows, x_tick_label, y_tick_label, Chart, SweepColumn,
    SweepLayout, SweepPlan, SweepRow, XAxis, DEFAULT_BUDGETS, SERIES_COLOURS,
};
use crate::layout::catalogue;
use crate::solver::services::worker::{Finished, Worker};
use crate::solver::Algorithm;
use eframe::egui;
use egui::{Color32, RichText, Ui};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// What a file export writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportKind {
    /// The table as CSV.
    Csv,
    /// The table as Markdown.
    Markdown,
    /// The three charts as PNG files in a folder.
    Png,
}

/// Writes the rows as `kind` to `path` (a file for CSV and Markdown, a folder for PNG) and
/// says what was written.
pub fn export(rows: &[SweepRow], kind: ExportKind, path: &Path) -> Result<String, String> {
    let write = |text: String| {
        std::fs::write(path, text).map_err(|e| format!("{}: cannot write: {e}", path.display()))
    };
    match kind {
        ExportKind::Csv => write(experiment::csv(rows)),
        ExportKind::Markdown => write(experiment::markdown(rows)),
        ExportKind::Png => {
            let written = experiment::write_charts(rows, path).map_err(|e| e.to_string())?;
            return Ok(format!(
                "Wrote {} charts to {}",
                written.len(),
                path.display()
            ));
        }
    }?;
    Ok(format!("Wrote {}", path.display()))
}

/// Something a person did in the window.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Tick or untick a catalogue board (by key).
    Choose(&'static str, bool),
    /// Choose exactly levels 0-8, or no board.
    ChooseLevels(bool),
    /// The budgets as typed (parsed on Run, so a half-typed list is no error yet).
    SetBudgets(String),
    /// Tick or untick an engine.
    ChooseAlgorithm(Algorithm, bool),
    /// Start the sweep.
    Run,
    /// Stop it.
    Cancel,
    /// Sort the table by a column (clicking the same column again reverses it).
    Sort(SweepColumn),
    /// Copy the table to the clipboard, as Markdown or CSV.
    Copy(ExportKind),
    /// Ask where to export (a dialog), then export.
    ChooseExport(ExportKind),
    /// Export to this path.
    Export(ExportKind, PathBuf),
}

/// A sweep being run.
struct Running {
    worker: Worker<Vec<SweepRow>>,
    /// Rows pushed by the job as each run ends, read every frame.
    live: Arc<Mutex<Vec<SweepRow>>>,
    total: usize,
}

/// The Experiments window.
pub struct ExperimentsView {
    open: bool,
    /// Catalogue boards: key, and whether it is in the sweep.
    boards: Vec<(&'static str, bool)>,
    /// The budgets as typed (parsed on Run).
    budgets: String,
    classic: bool,
    exact: bool,
    running: Option<Running>,
    rows: Vec<SweepRow>,
    sort: Option<(SweepColumn, bool)>,
    /// The last result or problem, in words.
    status: Option<String>,
}

impl Default for ExperimentsView {
    fn default() -> ExperimentsView {
        ExperimentsView::new()
    }
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
            classic: true,
            exact: false,
            running: None,
            rows: Vec::new(),
            sort: None,
            status: None,
        }
    }

    /// Shows or hides the window (a running sweep goes on either way).
    pub fn set_open(&mut self, open: bool) {
        self.open = open;
    }

    /// Whether the window is shown.
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Whether a sweep is running.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
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
    pub fn plan(&self) -> Result<SweepPlan, String> {
        let mut layouts = Vec::new();
        for (key, _) in self.boards.iter().filter(|(_, on)| *on) {
            let puzzle = catalogue::find(key)
                .ok_or_else(|| format!("{key}: not in the catalogue"))?
                .layout()
                .map_err(|e| e.to_string())?
                .validate()
                .map_err(|_| format!("{key}: the catalogue board is invalid"))?;
            layouts.push(SweepLayout {
                name: key.to_string(),
                start: puzzle.start,
                goal: puzzle.goal,
            });
        }
        if layouts.is_empty() {
            return Err("Choose at least one board".into());
        }
        let budgets = parse_budgets(&self.budgets).map_err(|e| e.to_string())?;
        let algorithms: Vec<Algorithm> = [
            (self.classic, Algorithm::Classic),
            (self.exact, Algorithm::Exact),
        ]
        .into_iter()
        .filter_map(|(on, a)| on.then_some(a))
        .collect();
        if algorithms.is_empty() {
            return Err("Choose at least one engine".into());
        }
        Ok(SweepPlan {
            layouts,
            budgets,
            algorithms,
        })
    }

    /// Starts a sweep small enough to finish in well under a second: levels 0-8 at 10k and
    /// 100k, classic (for `--screenshot --experiments` and tests).
    pub fn start_small_sweep(&mut self, ctx: &egui::Context) {
        self.act(ctx, Action::ChooseLevels(true));
        self.act(ctx, Action::SetBudgets("10k, 100k".into()));
        self.act(ctx, Action::ChooseAlgorithm(Algorithm::Classic, true));
        self.act(ctx, Action::ChooseAlgorithm(Algorithm::Exact, false));
        self.act(ctx, Action::Run);
    }

    /// Carries out one action. The only place the view's state changes.
    pub fn act(&mut self, ctx: &egui::Context, action: Action) -> Vec<Command> {
        match action {
            Action::Choose(key, on) => {
                if let Some(b) = self.boards.iter_mut().find(|(k, _)| *k == key) {
                    b.1 = on;
                }
            }
            Action::ChooseLevels(on) => {
                for (key, chosen) in &mut self.boards {
                    *chosen = on && is_level(key);
                }
            }
            Action::SetBudgets(text) => self.budgets = text,
            Action::ChooseAlgorithm(Algorithm::Classic, on) => self.classic = on,
            Action::ChooseAlgorithm(Algorithm::Exact, on) => self.exact = on,
            Action::Run => self.start(ctx),
            Action::Cancel => {
                if let Some(r) = &self.running {
                    r.worker.cancel();
                }
            }
            Action::Sort(column) => {
                self.sort = match self.sort {
                    Some((c, ascending)) if c == column => Some((c, !ascending)),
                    _ => Some((column, true)),
                };
            }
            Action::Copy(kind) => {
                let text = match kind {
                    ExportKind::Csv => experiment::csv(&self.rows),
                    _ => experiment::markdown(&self.rows),
                };
                ctx.copy_text(text);
                self.status = Some(format!("Copied {} rows", self.rows.len()));
            }
            Action::ChooseExport(kind) => {
                let picked = super::pick_path(|| {
                    let dialog = rfd::FileDialog::new().set_title("Export the experiment");
                    match kind {
                        ExportKind::Csv => dialog
                            .add_filter("CSV", &["csv"])
                            .set_file_name("experiment.csv")
                            .save_file(),
                        ExportKind::Markdown => dialog
                            .add_filter("Markdown", &["md"])
                            .set_file_name("experiment.md")
                            .save_file(),
                        ExportKind::Png => dialog.pick_folder(),
                    }
                });
                return match picked {
                    super::Picked::Path(path) => self.act(ctx, Action::Export(kind, path)),
                    super::Picked::NoDialog => {
                        vec![Command::Tell(
                            "No file dialog is available on this desktop (it needs the \
                             desktop portal or zenity): `pegsol experiment --csv FILE \
                             --markdown FILE --plots DIR` writes the same files"
                                .into(),
                        )]
                    }
                    super::Picked::Cancelled => Vec::new(),
                };
            }
            Action::Export(kind, path) => {
                let said = export(&self.rows, kind, &path).unwrap_or_else(|e| e);
                self.status = Some(said.clone());
                return vec![Command::Tell(said)];
            }
        }
        Vec::new()
    }

    /// Starts the sweep the choices make (or says what is wrong with them).
    fn start(&mut self, ctx: &egui::Context) {
        if self.running.is_some() {
            return;
        }
        let plan = match self
            .plan()
            .and_then(|p| check_memory(&p).map(|()| p).map_err(|e| e.to_string()))
        {
            Ok(plan) => plan,
            Err(e) => {
                self.status = Some(e);
                return;
            }
        };
        let live = Arc::new(Mutex::new(Vec::new()));
        let rows_out = live.clone();
        let total = plan.runs().len();
        let repaint = ctx.clone();
        let worker = Worker::start(
            "pegsol-sweep",
            move |job| {
                experiment::run(&plan, job, &mut |row| {
                    if let Ok(mut rows) = rows_out.lock() {
                        rows.push(row.clone());
                    }
                })
            },
            move || repaint.request_repaint(),
        );
        self.rows.clear();
        self.status = None;
        self.running = Some(Running {
            worker,
            live,
            total,
        });
    }

    /// Takes the rows that arrived and the sweep's end, once a frame.
    fn poll(&mut self) {
        let Some(running) = &mut self.running else {
            return;
        };
        if let Ok(rows) = running.live.lock() {
            if rows.len() != self.rows.len() {
                self.rows.clone_from(&rows);
            }
        }
        let Some(finished) = running.worker.take_finished() else {
            return;
        };
        let seconds = running.worker.snapshot().elapsed.as_secs_f64();
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

    /// The window for one frame, if open. Returns what the app must do.
    pub fn ui(&mut self, ctx: &egui::Context) -> Vec<Command> {
        self.poll();
        let mut commands = Vec::new();
        if !self.open {
            return commands;
        }
        let mut open = true;
        let mut actions = Vec::new();
        egui::Window::new("Experiments")
            .open(&mut open)
            .default_size([1000.0, 700.0])
            .vscroll(true)
            .show(ctx, |ui| actions = self.window_ui(ui));
        if !open {
            commands.push(Command::ShowExperiments(false));
        }
        for action in actions {
            commands.extend(self.act(ctx, action));
        }
        commands
    }

    fn window_ui(&self, ui: &mut Ui) -> Vec<Action> {
        let mut actions = Vec::new();
        self.choices_ui(ui, &mut actions);
        ui.separator();
        self.progress_ui(ui, &mut actions);
        ui.separator();
        self.table_ui(ui, &mut actions);
        ui.separator();
        charts_ui(ui, &self.rows);
        actions
    }

    fn choices_ui(&self, ui: &mut Ui, actions: &mut Vec<Action>) {
        let idle = self.running.is_none();
        ui.add_enabled_ui(idle, |ui| {
            ui.horizontal(|ui| {
                ui.label(RichText::new("Boards").strong());
                if ui.small_button("Levels 0-8").clicked() {
                    actions.push(Action::ChooseLevels(true));
                }
                if ui.small_button("None").clicked() {
                    actions.push(Action::ChooseLevels(false));
                }
            });
            ui.horizontal_wrapped(|ui| {
                for &(key, chosen) in &self.boards {
                    let mut on = chosen;
                    if ui.checkbox(&mut on, key).changed() {
                        actions.push(Action::Choose(key, on));
                    }
                }
            });
            ui.horizontal(|ui| {
                let label = ui.label(RichText::new("Budgets").strong());
                let mut text = self.budgets.clone();
                let edit = ui
                    .add(egui::TextEdit::singleline(&mut text).desired_width(220.0))
                    .labelled_by(label.id)
                    .on_hover_text("Expanded-node budgets, comma-separated: 10k, 1.5M, 2000000");
                if edit.changed() {
                    actions.push(Action::SetBudgets(text));
                }
                ui.separator();
                ui.label(RichText::new("Engines").strong());
                let mut classic = self.classic;
                if ui.checkbox(&mut classic, "classic").changed() {
                    actions.push(Action::ChooseAlgorithm(Algorithm::Classic, classic));
                }
                let mut exact = self.exact;
                if ui
                    .checkbox(&mut exact, "exact")
                    .on_hover_text("The exact solver, its expansions capped at each budget")
                    .changed()
                {
                    actions.push(Action::ChooseAlgorithm(Algorithm::Exact, exact));
                }
            });
        });
    }

    fn progress_ui(&self, ui: &mut Ui, actions: &mut Vec<Action>) {
        ui.horizontal(|ui| match &self.running {
            None => {
                if ui.button("Run").clicked() {
                    actions.push(Action::Run);
                }
                if let Some(status) = &self.status {
                    ui.label(status);
                } else if let Ok(plan) = self.plan() {
                    ui.label(
                        RichText::new(format!(
                            "{} runs; the largest classic run may take up to {:.0} MiB",
                            plan.runs().len(),
                            experiment::mib(plan.classic_estimate_bytes())
                        ))
                        .weak(),
                    );
                }
            }
            Some(running) => {
                let cancelling = running.worker.is_cancelling();
                if ui
                    .add_enabled(!cancelling, egui::Button::new("Cancel"))
                    .clicked()
                {
                    actions.push(Action::Cancel);
                }
                let snapshot = running.worker.snapshot();
                let done = self.rows.len();
                let stage = snapshot.stage.unwrap_or_else(|| "starting".into());
                let expanded = snapshot.progress.map_or(0, |p| p.expanded);
                let text = if cancelling {
                    "Cancelling…".to_string()
                } else {
                    format!("{stage}: {expanded} expanded")
                };
                ui.add(
                    egui::ProgressBar::new(done as f32 / running.total.max(1) as f32)
                        .text(text)
                        .animate(true),
                );
            }
        });
    }

    fn table_ui(&self, ui: &mut Ui, actions: &mut Vec<Action>) {
        let has_rows = !self.rows.is_empty();
        ui.horizontal(|ui| {
            ui.label(RichText::new("Results").strong());
            ui.add_enabled_ui(has_rows, |ui| {
                if ui.button("Copy as Markdown").clicked() {
                    actions.push(Action::Copy(ExportKind::Markdown));
                }
                if ui.button("Copy as CSV").clicked() {
                    actions.push(Action::Copy(ExportKind::Csv));
                }
                ui.separator();
                if ui.button("Export CSV…").clicked() {
                    actions.push(Action::ChooseExport(ExportKind::Csv));
                }
                if ui.button("Export Markdown…").clicked() {
                    actions.push(Action::ChooseExport(ExportKind::Markdown));
                }
                if ui.button("Export charts (PNG)…").clicked() {
                    actions.push(Action::ChooseExport(ExportKind::Png));
                }
            });
        });
        let mut rows = self.rows.clone();
        if let Some((column, ascending)) = self.sort {
            sort_rows(&mut rows, column, ascending);
        }
        egui::ScrollArea::both()
            .id_salt("experiment-table")
            .max_height(190.0)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                egui::Grid::new("experiment-rows")
                    .striped(true)
                    .min_col_width(40.0)
                    .show(ui, |ui| {
                        for column in SweepColumn::ALL {
                            let arrow = match self.sort {
                                Some((c, true)) if c == column => " ^",
                                Some((c, false)) if c == column => " v",
                                _ => "",
                            };
                            if ui
                                .add(
                                    egui::Button::new(
                                        RichText::new(format!("{}{arrow}", column.header()))
                                            .strong(),
                                    )
                                    .frame(false),
                                )
                                .on_hover_text("Sort by this column (again: reverse)")
                                .clicked()
                            {
                                actions.push(Action::Sort(column));
                            }
                        }
                        ui.end_row();
                        for row in &rows {
                            for column in SweepColumn::ALL {
                                let text = column.cell(row);
                                if column.numeric() {
                                    ui.with_layout(
                                        egui::Layout::right_to_left(egui::Align::Center),
                                        |ui| ui.label(text),
                                    );
                                } else {
                                    ui.label(text);
                                }
                            }
                            ui.end_row();
                        }
                    });
                if rows.is_empty() {
                    ui.label(
                        RichText::new("No results yet: choose boards and budgets, then Run.")
                            .weak(),
                    );
                }
            });
        ui.label(
            RichText::new(
                "storage MiB: the engine's own tables (classic: duplicate set, recent-board \
                 cache and stack; exact: failure table as allocated and goal sides), not the \
                 process's memory",
            )
            .small()
            .weak(),
        );
    }
}

/// A series colour as egui wants it.
fn colour(i: usize) -> Color32 {
    let (r, g, b) = SERIES_COLOURS[i % SERIES_COLOURS.len()];
    Color32::from_rgb(r, g, b)
}

/// The three charts side by side, drawn from the rows so far.
fn charts_ui(ui: &mut Ui, rows: &[SweepRow]) {
    let charts = experiment::charts(rows);
    let width = ((ui.available_width() - 16.0) / charts.len() as f32).max(200.0);
    ui.horizontal_top(|ui| {
        for chart in &charts {
            ui.vertical(|ui| {
                ui.set_width(width);
                ui.label(RichText::new(&chart.title).strong());
                chart_ui(ui, chart, width);
            });
        }
    });
}

/// One chart with egui_plot: log budget axis labelled with budgets, layouts by name.
fn chart_ui(ui: &mut Ui, chart: &Chart, width: f32) {
    let axis = chart.x_axis.clone();
    // Where the lines leave room: pegs left fall as the budget grows (top right is free);
    // the other charts rise to the right (top left is free).
    let legend_corner = match chart.x_axis {
        XAxis::Log10Budget => egui_plot::Corner::RightTop,
        _ => egui_plot::Corner::LeftTop,
    };
    let mut plot = egui_plot::Plot::new(chart.id)
        .width(width)
        .height(210.0)
        .legend(egui_plot::Legend::default().position(legend_corner))
        .x_axis_label(chart.x_label.as_str())
        .y_axis_label(chart.y_label.as_str())
        // Levels are named by number: nine names must fit under a third of the window.
        .x_axis_formatter(move |mark, _| {
            let label = x_tick_label(&axis, mark.value);
            label
                .strip_prefix("level-")
                .map(str::to_string)
                .unwrap_or(label)
        })
        .y_axis_formatter(|mark, _| y_tick_label(mark.value))
        .include_y(0.0)
        .allow_scroll(false);
    if !matches!(chart.x_axis, XAxis::Linear) {
        // Marks at whole numbers only: a category each, a power of ten each.
        plot = plot.x_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 5.0, 10.0]));
    }
    if let XAxis::Categories(names) = &chart.x_axis {
        plot = plot.include_x(-0.5).include_x(names.len() as f64 - 0.5);
    }
    plot.show(ui, |plot_ui| {
        for series in &chart.series {
            let points: Vec<[f64; 2]> = series.points.iter().map(|&(x, y)| [x, y]).collect();
            let style = if series.dashed {
                egui_plot::LineStyle::dashed_loose()
            } else {
                egui_plot::LineStyle::Solid
            };
            plot_ui.line(
                egui_plot::Line::new(series.name.as_str(), points.clone())
                    .color(colour(series.colour))
                    .style(style)
                    .width(2.0),
            );
            plot_ui.points(
                egui_plot::Points::new(series.name.as_str(), points)
                    .color(colour(series.colour))
                    .radius(3.0)
                    .filled(true),
            );
        }
    });
}
