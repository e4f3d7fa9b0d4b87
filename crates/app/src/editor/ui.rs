//! The editor's look: the status line, the checks panel, the toolbar, the canvas and the
//! prompts.
//!
//! Owns layout only. Every widget reads the [`EditorView`] and pushes [`EditorCommand`]s;
//! [`EditorView::apply`] changes the state, so nothing here writes it.

use super::canvas::{verdict_colour, CanvasModel};
use super::command::{EditFileCommand, PaintCommand, PromptCommand};
use super::{EditorCommand, EditorView, Verdict, CHECK_BUDGET};
use crate::command::ShellCommand;
use crate::frame::ViewFrame;
use crate::paint::notice::notice_line_ui;
use eframe::egui;
use egui::{RichText, Ui};
use pegsol_layout::catalogue;
use pegsol_layout::edit::{Check, Mirror, Tool};
use pegsol_layout::{Finish, LayoutProblem};
use pegsol_rules::cell_name;
use pegsol_rules::{Cell, Grid, MAX_SIDE};

impl EditorView {
    /// The editor's status line and the checks panel on the right, for one frame: call before
    /// the boards panel and the central panel.
    pub fn side_panels_ui(&mut self, ui: &mut Ui, frame: &ViewFrame<'_>) -> Vec<ShellCommand> {
        self.shown = true;
        let mut out: Vec<EditorCommand> = Vec::new();
        let mut dismissed = None;
        let ed = &*self;
        egui::Panel::bottom("editor-status").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(format!("Editing: {}", ed.title()));
                if ed.is_dirty() {
                    ui.separator();
                    ui.label(RichText::new("unsaved changes").strong());
                }
                if let Some(notice) = frame.notice {
                    ui.separator();
                    if notice_line_ui(ui, notice) {
                        dismissed = Some(ShellCommand::ClearNotice);
                    }
                }
            });
        });
        egui::Panel::right("editor-checks")
            .resizable(true)
            .default_size(260.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| checks_ui(ui, ed, &mut out));
            });
        let mut shell = self.apply_all(ui.ctx(), out);
        shell.extend(dismissed);
        shell
    }

    /// The central panel's content: the toolbar, any error, and the canvas.
    pub fn ui(&mut self, ui: &mut Ui, _frame: &ViewFrame<'_>) -> Vec<ShellCommand> {
        let mut out: Vec<EditorCommand> = Vec::new();
        toolbar_ui(ui, self, &mut out);
        if let Some(error) = &self.prompts.error {
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.colored_label(ui.visuals().warn_fg_color, error);
                if ui.button("Dismiss").clicked() {
                    out.push(EditorCommand::Prompts(PromptCommand::DismissError));
                }
            });
        }
        let shown = self.canvas.hovered.or(self.analysis.shown_start);
        let model = CanvasModel {
            board: self.editor.board(),
            analysis: self.analysis.jobs.analysis(),
            shown_start: shown,
            coordinates: _frame.settings.coordinates,
        };
        out.extend(self.canvas.ui(ui, &model));
        self.apply_all(ui.ctx(), out)
    }

    /// The prompts that may show in either view: unsaved changes, and the recovery offer.
    pub fn prompts_ui(&mut self, ctx: &egui::Context) -> Vec<ShellCommand> {
        let mut out = Vec::new();
        prompt_ui(ctx, self, &mut out);
        self.apply_all(ctx, out)
    }
}

/// The unsaved-changes prompt and the recovery offer, as modal windows.
fn prompt_ui(ctx: &egui::Context, ed: &EditorView, out: &mut Vec<EditorCommand>) {
    if let Some(pending) = &ed.prompts.prompt {
        let what = match pending {
            EditorCommand::Prompts(PromptCommand::CloseWindow) => "before closing",
            _ => "before opening another board",
        };
        let modal = egui::Modal::new(egui::Id::unique("editor-unsaved")).show(ctx, |ui| {
            ui.heading("Unsaved changes");
            ui.label(format!(
                "The board “{}” has changes that are not saved. Save them {what}?",
                ed.board().name
            ));
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    out.push(EditorCommand::Prompts(PromptCommand::PromptSave));
                }
                if ui.button("Discard").clicked() {
                    out.push(EditorCommand::Prompts(PromptCommand::PromptDiscard));
                }
                if ui.button("Cancel").clicked() {
                    out.push(EditorCommand::Prompts(PromptCommand::PromptCancel));
                }
            });
        });
        if modal.should_close() && out.is_empty() {
            out.push(EditorCommand::Prompts(PromptCommand::PromptCancel));
        }
    } else if let Some(autosave) = &ed.prompts.recovery {
        egui::Modal::new(egui::Id::unique("editor-recover")).show(ctx, |ui| {
            ui.heading("Recover unsaved board?");
            ui.label(format!(
                "The board “{}” was being edited when Pegsol last stopped, and was not saved.",
                autosave.layout.name
            ));
            ui.horizontal(|ui| {
                if ui.button("Recover").clicked() {
                    out.push(EditorCommand::Prompts(PromptCommand::Recover));
                }
                if ui.button("Discard it").clicked() {
                    out.push(EditorCommand::Prompts(PromptCommand::DiscardRecovery));
                }
            });
        });
    }
}

/// A board side (1 to 11): typed after a click, or dragged at a cell per 12 points (egui's
/// default of a unit per point took 7 to 1 in a 27-point drag).
fn size_value(value: &mut u8) -> egui::DragValue<'_> {
    egui::DragValue::new(value)
        .range(1..=MAX_SIDE)
        .speed(1.0 / 12.0)
        .update_while_editing(false)
}

/// A check in words, naming cells as the board's coordinates and every message in the window
/// do (`c3`); the layout's own texts, which the command line also prints for files, name them
/// `x,y` as the files do.
fn check_in_words(check: &Check) -> String {
    let cell = |x: u8, y: u8| cell_name(Cell { x, y });
    match check {
        Check::FinishRuledOut { x, y } => format!(
            "the start's position class rules out finishing on the finish cell {}",
            cell(*x, *y)
        ),
        Check::Layout(LayoutProblem::FinishNotAHole { x, y }) => {
            format!(
                "the finish cell {} is not a hole of the board",
                cell(*x, *y)
            )
        }
        other => other.to_string(),
    }
}

/// The toolbar above the canvas: files, undo, tools, mirror, name, finish, play.
fn toolbar_ui(ui: &mut Ui, ed: &EditorView, out: &mut Vec<EditorCommand>) {
    let board = ed.editor.board().clone();
    ui.horizontal_wrapped(|ui| {
        // A click on a size (to type it) must not close the popup: only a click outside it,
        // Create, or Escape does.
        let config = egui::containers::menu::MenuConfig::new()
            .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
        egui::containers::menu::MenuButton::new("New board…")
            .config(config)
            .ui(ui, |ui| {
                let (mut grid, mut w, mut h) = ed.form.new_board;
                ui.horizontal(|ui| {
                    ui.selectable_value(&mut grid, Grid::Square, "Square");
                    ui.selectable_value(&mut grid, Grid::Triangular, "Triangular");
                });
                ui.horizontal(|ui| {
                    let label = ui.label("Width");
                    ui.add(size_value(&mut w)).labelled_by(label.id);
                    let label = ui.label("Height");
                    ui.add(size_value(&mut h)).labelled_by(label.id);
                });
                if (grid, w, h) != ed.form.new_board {
                    out.push(EditorCommand::Files(EditFileCommand::SetNewBoard(
                        grid, w, h,
                    )));
                }
                if ui.button("Create").clicked() {
                    out.push(EditorCommand::Files(EditFileCommand::New(grid, w, h)));
                    ui.close();
                }
            });
        ui.menu_button("Start from…", |ui| {
            if ui.button("The position in play").clicked() {
                out.push(EditorCommand::Files(EditFileCommand::EditPosition));
                ui.close();
            }
            ui.separator();
            for entry in catalogue::ENTRIES {
                let name = entry.layout().map(|l| l.name).unwrap_or_default();
                if ui.button(name).clicked() {
                    out.push(EditorCommand::Files(EditFileCommand::FromCatalogue(
                        entry.key.to_string(),
                    )));
                    ui.close();
                }
            }
        });
        if ui.button("Open…").clicked() {
            out.push(EditorCommand::Files(EditFileCommand::ChooseOpen));
        }
        if ui.button("Save").clicked() {
            out.push(EditorCommand::Files(EditFileCommand::Save));
        }
        if ui.button("Save As…").clicked() {
            out.push(EditorCommand::Files(EditFileCommand::ChooseSaveAs));
        }
        ui.separator();
        if ui
            .add_enabled(ed.editor.can_undo(), egui::Button::new("Undo"))
            .clicked()
        {
            out.push(EditorCommand::Undo);
        }
        if ui
            .add_enabled(ed.editor.can_redo(), egui::Button::new("Redo"))
            .clicked()
        {
            out.push(EditorCommand::Redo);
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Tool:");
        for tool in Tool::ALL {
            if ui
                .selectable_label(ed.brush.tool == tool, tool.name())
                .clicked()
            {
                out.push(EditorCommand::Paint(PaintCommand::SetTool(tool)));
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Mirror:");
        for &mirror in Mirror::available(board.grid) {
            if ui
                .selectable_label(ed.brush.mirror == mirror, mirror.name())
                .clicked()
            {
                out.push(EditorCommand::Paint(PaintCommand::SetMirror(mirror)));
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        if ui.button("Fill all holes").clicked() {
            out.push(EditorCommand::Paint(PaintCommand::Fill));
        }
        if ui.button("Empty all holes").clicked() {
            out.push(EditorCommand::Paint(PaintCommand::EmptyHoles));
        }
        if ui.button("Clear board").clicked() {
            out.push(EditorCommand::Paint(PaintCommand::Clear));
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Finish:");
        if ui
            .selectable_label(board.finish == Finish::Anywhere, "Anywhere")
            .clicked()
        {
            out.push(EditorCommand::Paint(PaintCommand::SetFinish(
                Finish::Anywhere,
            )));
        }
        if ui
            .selectable_label(board.finish == Finish::Center, "Centre")
            .clicked()
        {
            out.push(EditorCommand::Paint(PaintCommand::SetFinish(
                Finish::Center,
            )));
        }
        let cell_text = match board.finish {
            Finish::Cell { x, y } => format!("Cell {}", cell_name(Cell { x, y })),
            _ => "A cell…".to_string(),
        };
        let is_cell = matches!(board.finish, Finish::Cell { .. });
        if ui
            .selectable_label(is_cell, cell_text)
            .on_hover_text("Pick the cell with the Finish cell tool")
            .clicked()
        {
            out.push(EditorCommand::Paint(PaintCommand::SetTool(Tool::Finish)));
        }
        ui.separator();
        let (mut w, mut h) = (board.width, board.height);
        let label = ui.label("Frame");
        let wr = ui.add(size_value(&mut w)).labelled_by(label.id);
        ui.label("x");
        let hr = ui.add(size_value(&mut h)).labelled_by(label.id);
        if (wr.changed() || hr.changed()) && (w, h) != (board.width, board.height) {
            out.push(EditorCommand::Paint(PaintCommand::Resize(w, h)));
        }
    });
}

/// Text lines the checks' box holds before it scrolls.
const CHECK_ROWS: f32 = 4.0;

/// The panel beside the canvas: facts, every check, the solver's verdict, and the starts.
fn checks_ui(ui: &mut Ui, ed: &EditorView, out: &mut Vec<EditorCommand>) {
    let facts = &ed.analysis.facts;
    ui.heading("Board");
    egui::Grid::new("editor-names")
        .num_columns(2)
        .show(ui, |ui| {
            if let Some(name) = text_row_ui(ui, "Name", &ed.board().name) {
                out.push(EditorCommand::Paint(PaintCommand::SetName(name)));
            }
            if let Some(text) = text_row_ui(ui, "Description", &ed.board().description) {
                out.push(EditorCommand::Paint(PaintCommand::SetDescription(text)));
            }
        });
    egui::Grid::new("editor-facts").show(ui, |ui| {
        ui.label("Holes");
        ui.label(facts.holes.to_string());
        ui.end_row();
        ui.label("Pegs");
        ui.label(facts.pegs.to_string());
        ui.end_row();
        ui.label("Empty holes");
        ui.label(facts.empty.to_string());
        ui.end_row();
        ui.label("Symmetry");
        ui.label(format!(
            "{} ({} in all)",
            facts.symmetry_group,
            facts.symmetries.len()
        ))
        .on_hover_text(facts.symmetries.join(", "));
        ui.end_row();
        ui.label("Class allows");
        ui.label(format!(
            "{} one-peg finish cell(s)",
            facts.possible_finishes.len()
        ));
        ui.end_row();
    });
    ui.separator();
    ui.heading("Checks");
    // A box of fixed height, scrolling when the checks need more: a check that appears or
    // wraps as the person paints never moves the buttons below.
    let row = ui.text_style_height(&egui::TextStyle::Body);
    let size = egui::vec2(ui.available_width(), CHECK_ROWS * row);
    let layout = egui::Layout::top_down(egui::Align::Min);
    ui.allocate_ui_with_layout(size, layout, |ui| {
        ui.set_min_size(size);
        egui::ScrollArea::vertical()
            .id_salt("editor-check-list")
            .max_height(size.y)
            .auto_shrink([false, false])
            .show(ui, |ui| {
                if facts.checks.is_empty() {
                    ui.label("No problems found.");
                }
                for check in &facts.checks {
                    let mark = if check.blocks_play() {
                        "Cannot play:"
                    } else {
                        "Cannot win:"
                    };
                    let words = check_in_words(check);
                    ui.colored_label(ui.visuals().warn_fg_color, format!("{mark} {words}"));
                }
            });
    });
    ui.separator();
    ui.heading("Can it be won?");
    let target = match facts.puzzle.as_ref().map(|p| p.goal) {
        Some(pegsol_rules::Goal::At(c)) => format!("Target: one peg, on {}", cell_name(c)),
        _ => "Target: one peg, anywhere".to_string(),
    };
    ui.label(target);
    let (text, verdict) = match ed.verdict() {
        None | Some(Verdict::Waiting) => ("Checking soon…".to_string(), None),
        Some(Verdict::Checking) => ("Checking…".to_string(), None),
        Some(Verdict::Winnable) => ("Winnable: the solver found a win.".to_string(), Some(true)),
        Some(Verdict::NotWinnable) => ("Not winnable (proven).".to_string(), Some(false)),
        Some(Verdict::Unknown) => (
            format!(
                "Unknown: not decided within {} million positions.",
                CHECK_BUDGET / 1_000_000
            ),
            None,
        ),
        Some(Verdict::NotPlayable) => ("Not checked: fix the problems first.".to_string(), None),
        Some(Verdict::Failed(e)) => (format!("The check failed: {e}"), Some(false)),
    };
    let checking = matches!(ed.verdict(), Some(Verdict::Checking));
    one_row_ui(ui, |ui| {
        if checking {
            ui.spinner();
        }
        let colour = verdict_colour(ui, verdict);
        ui.add(egui::Label::new(RichText::new(text).color(colour)).truncate());
    });
    counts_ui(ui, ed);
    ui.horizontal(|ui| {
        let playable = facts.puzzle.is_some();
        if ui
            .add_enabled(playable, egui::Button::new("Play this board"))
            .clicked()
        {
            out.push(EditorCommand::Play);
        }
        if ui
            .add_enabled(playable, egui::Button::new("Solve this board"))
            .clicked()
        {
            out.push(EditorCommand::Solve);
        }
    });
    ui.separator();
    paste_ui(ui, ed, out);
    ui.separator();
    ui.heading("Starts");
    ui.label(
        RichText::new(
            "Which single-vacancy starts can be won, and where they can finish \
             (position class first, then the exact solver).",
        )
        .weak(),
    );
    if ed.analysis.jobs.analyzing() {
        ui.horizontal(|ui| {
            ui.spinner();
            let searched = ed.analysis.jobs.analysis_progress();
            ui.label(format!("Analyzing… ({searched} positions)"));
        });
        if ui.button("Cancel analysis").clicked() {
            out.push(EditorCommand::CancelAnalysis);
        }
    } else if ui.button("Analyze starts").clicked() {
        out.push(EditorCommand::Analyze);
    }
    if let Some(e) = ed.analysis.jobs.analysis_failed() {
        ui.label(format!("Analysis stopped: {e}"));
    }
    let Some(reports) = ed.analysis.jobs.analysis() else {
        return;
    };
    let won = reports.iter().filter(|r| !r.finishes.is_empty()).count();
    ui.label(format!(
        "{won} of {} starts can be won (green rings on the board). Hover over a hole, or \
         pick a start below, to see its finish cells (orange diamonds).",
        reports.len()
    ));
    let cells = |v: &[Cell]| {
        v.iter()
            .map(|&c| cell_name(c))
            .collect::<Vec<_>>()
            .join(" ")
    };
    for r in reports {
        let mut text = format!("start {}: ", cell_name(r.start));
        if r.finishes.is_empty() && r.unknown.is_empty() {
            text.push_str("cannot be won");
        } else {
            text.push_str(&cells(&r.finishes));
        }
        if !r.unknown.is_empty() {
            text.push_str(&format!(" (undecided: {})", cells(&r.unknown)));
        }
        let selected = ed.analysis.shown_start == Some(r.start);
        if ui.selectable_label(selected, text).clicked() {
            out.push(EditorCommand::ShowStart((!selected).then_some(r.start)));
        }
    }
}

/// The fewest moves and the number of solutions, as far as the background searches know,
/// with a spinner while they work.
fn counts_ui(ui: &mut Ui, ed: &EditorView) {
    let (moves, solutions) = (ed.fewest_moves(), ed.solutions());
    for (name, text, busy) in [
        ("Fewest moves:", moves.text(), moves.busy()),
        ("Solutions:", solutions.text(), solutions.busy()),
    ] {
        one_row_ui(ui, |ui| {
            ui.label(RichText::new(name).strong());
            if busy {
                ui.spinner();
            }
            ui.add(egui::Label::new(text).truncate());
        });
    }
}

/// One row of the checks panel, always one control high whatever it holds (a spinner, a
/// fact that arrived, a long text cut with the whole of it on hover): a fact arriving never
/// moves the buttons below it.
fn one_row_ui(ui: &mut Ui, add: impl FnOnce(&mut Ui)) {
    let height = ui.spacing().interact_size.y;
    let size = egui::vec2(ui.available_width(), height);
    let layout = egui::Layout::left_to_right(egui::Align::Center);
    ui.allocate_ui_with_layout(size, layout, |ui| {
        ui.set_min_size(size);
        add(ui);
    });
}

/// A labelled one-line text field as a grid row; the new text if it was edited.
fn text_row_ui(ui: &mut Ui, name: &str, text: &str) -> Option<String> {
    let label = ui.label(name);
    let mut text = text.to_string();
    let changed = ui
        .add(egui::TextEdit::singleline(&mut text).desired_width(f32::INFINITY))
        .labelled_by(label.id)
        .changed();
    ui.end_row();
    changed.then_some(text)
}

/// The field to paste a Pegs game ID (or any board text) into, and its button.
fn paste_ui(ui: &mut Ui, ed: &EditorView, out: &mut Vec<EditorCommand>) {
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Paste a game ID");
        let mut paste = ed.form.paste.clone();
        let response = ui
            .add(
                egui::TextEdit::singleline(&mut paste)
                    .hint_text("7x7:OOPPPOO…")
                    .desired_width(150.0),
            )
            .labelled_by(label.id);
        if response.changed() {
            out.push(EditorCommand::Files(EditFileCommand::SetPaste(paste)));
        }
        let enter = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui.button("Open pasted").clicked() || enter {
            out.push(EditorCommand::Files(EditFileCommand::OpenPasted));
        }
    });
}
