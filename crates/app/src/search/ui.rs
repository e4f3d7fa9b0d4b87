//! Drawing the Search view: the controls, the node on the board, the counters the
//! assignment prints, the children and path of the node, the chart, and the comparison.

use super::board::{fate_words, node_board_ui, NodeBoard};
use super::chart::chart_ui;
use super::compare::comparison_ui;
use super::{Engine, SearchCommand, SearchView, FASTEST, SLOWEST};
use crate::command::ShellCommand;
use crate::frame::ViewFrame;
use crate::paint::notice::notice_area_ui;
use crate::paint::palette::Palette;
use crate::paint::steady::{steady_button, steady_label_ui};
use eframe::egui;
use egui::{Key, Modifiers, RichText, Ui};
use pegsol_rules::{pegs_in_words, Jump};
use pegsol_solver::budget::grouped;
use pegsol_solver::engines::classic::Fate;

/// The chart's height, in points.
const CHART_HEIGHT: f32 = 130.0;

impl SearchView {
    /// The whole view for one frame.
    pub fn ui(&mut self, ui: &mut Ui, frame: &ViewFrame<'_>) -> Vec<ShellCommand> {
        let mut commands = keys(ui.ctx(), self.running);
        let engine = self.engine();
        let title = match engine {
            Engine::Classic => "The assignment's search",
            Engine::Exact => "The exact solver's depth-first search",
            Engine::Beam => "The exact solver's beam",
        };
        // The title on its own line: its length changes with the engine, and nothing
        // clickable may follow it and move.
        ui.add(
            egui::Label::new(RichText::new(format!("{title} on {}", self.name)).heading())
                .truncate(),
        );
        ui.horizontal_wrapped(|ui| {
            for e in Engine::ALL {
                if ui
                    .selectable_label(e == engine, e.name())
                    .on_hover_text(e.about())
                    .clicked()
                {
                    commands.push(SearchCommand::SetEngine(e));
                }
            }
            ui.separator();
            let label = ui.label("Budget");
            let mut text = self.budget_text.clone();
            let edit = ui.add(egui::TextEdit::singleline(&mut text).desired_width(110.0));
            edit.labelled_by(label.id);
            if text != self.budget_text {
                commands.push(SearchCommand::SetBudgetText(text));
            }
            if ui
                .button("Restart")
                .on_hover_text("Search again from the start, with this budget")
                .clicked()
            {
                commands.push(SearchCommand::Restart);
            }
        });
        commands.extend(self.controls_ui(ui));
        commands.extend(self.activity_ui(ui));
        let mut dismissed = None;
        if notice_area_ui(ui, frame.notice, None) {
            dismissed = Some(ShellCommand::ClearNotice);
        }
        // The board keeps the size the window gives it; an open comparison goes above it and
        // the view scrolls.
        let room = ui.available_size();
        let board_side = (room.y - CHART_HEIGHT - 40.0).min(room.x * 0.55).max(240.0);
        egui::ScrollArea::vertical()
            .id_salt("search-view")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                if let Some(compared) = &self.compared {
                    let coordinates = frame.settings.coordinates;
                    commands.extend(comparison_ui(ui, compared, &self.start, coordinates));
                }
                ui.horizontal_top(|ui| {
                    let board = NodeBoard {
                        position: &self.node.position,
                        path: &self.node.path,
                        children: &self.node.children,
                        label: self.board_label(),
                        coordinates: frame.settings.coordinates,
                    };
                    node_board_ui(ui, &board, egui::vec2(board_side, board_side));
                    ui.vertical(|ui| {
                        ui.set_max_height(board_side);
                        self.counters_ui(ui);
                        ui.separator();
                        egui::ScrollArea::vertical()
                            .id_salt("search-node")
                            .auto_shrink([false, true])
                            .show(ui, |ui| self.node_ui(ui));
                    });
                });
                chart_ui(ui, &self.history, self.stepper.series(), CHART_HEIGHT);
            });
        let mut out: Vec<ShellCommand> = dismissed.into_iter().collect();
        for command in commands {
            out.extend(self.apply(command));
        }
        if !out.is_empty() {
            ui.ctx().request_repaint();
        }
        out
    }

    /// Step, run or pause, the speed, go to expansion N, compare a trace.
    fn controls_ui(&self, ui: &mut Ui) -> Vec<SearchCommand> {
        let mut commands = Vec::new();
        let stopped = self.stepper.stopped().is_some();
        // While a long "Go to" walks on its thread the search is not here to step.
        let idle = self.going_to().is_none();
        let engine = self.engine();
        let (one, many) = match engine {
            Engine::Beam => ("level", "levels"),
            Engine::Classic | Engine::Exact => ("expansion", "expansions"),
        };
        ui.horizontal_wrapped(|ui| {
            let hover = match engine {
                Engine::Beam => {
                    "Expand every position of the level and keep the most compact \
                                 children (Right arrow)"
                }
                Engine::Classic | Engine::Exact => "Expand one node (Right arrow)",
            };
            if ui
                .add_enabled(idle && !stopped, egui::Button::new("Step"))
                .on_hover_text(hover)
                .clicked()
            {
                commands.push(SearchCommand::Step);
            }
            let (name, command) = if self.running {
                ("Pause", SearchCommand::Pause)
            } else {
                ("Run", SearchCommand::Run)
            };
            let button = steady_button(ui, name, &["Run", "Pause"]);
            if ui
                .add_enabled(idle && (!stopped || self.running), button)
                .on_hover_text("Run or pause at the speed chosen (Space)")
                .clicked()
            {
                commands.push(command);
            }
            let mut speed = self.speed;
            let slider = egui::Slider::new(&mut speed, SLOWEST..=FASTEST)
                .logarithmic(true)
                .integer();
            let slider = ui.add(slider);
            let unit = format!("{many} a second");
            let label = steady_label_ui(ui, &unit, &["expansions a second", "levels a second"]);
            if slider.labelled_by(label.id).changed() {
                commands.push(SearchCommand::SetSpeed(speed));
            }
            ui.separator();
            let go_to = format!("Go to {one}");
            let label = steady_label_ui(ui, &go_to, &["Go to expansion", "Go to level"]);
            let mut text = self.goto_text.clone();
            let edit = ui.add(
                egui::TextEdit::singleline(&mut text)
                    .desired_width(90.0)
                    .hint_text(if engine == Engine::Beam {
                        "e.g. 20"
                    } else {
                        "e.g. 5000"
                    }),
            );
            let edit = edit.labelled_by(label.id);
            if text != self.goto_text {
                commands.push(SearchCommand::SetGotoText(text.clone()));
            }
            let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
            let target = pegsol_solver::budget::parse_budget(&text).ok();
            if (ui
                .add_enabled(idle && target.is_some(), egui::Button::new("Go"))
                .clicked()
                || entered)
                && target.is_some()
            {
                commands.extend(target.map(SearchCommand::GoTo));
            }
            ui.separator();
            if ui
                .button("Compare a trace file…")
                .on_hover_text(
                    "A student's trace, DEPTH PEGS JUMP a line (see the guide's Search view chapter): the first \
                     expansion where it differs from the assignment's search (Classic), and why",
                )
                .clicked()
            {
                commands.push(SearchCommand::ChooseTrace);
            }
        });
        commands
    }

    /// One line kept for what runs on a thread, always there so nothing below moves: a long
    /// "Go to" (how far it has got, and Stop), or a trace being compared.
    fn activity_ui(&self, ui: &mut Ui) -> Vec<SearchCommand> {
        let mut commands = Vec::new();
        let height = ui.spacing().interact_size.y;
        let width = ui.available_width();
        ui.allocate_ui_with_layout(
            egui::vec2(width, height),
            egui::Layout::left_to_right(egui::Align::Center),
            |ui| {
                ui.set_min_size(egui::vec2(width, height));
                if let Some(target) = self.going_to() {
                    let stopping = self.going.is_stopping();
                    if ui
                        .add_enabled(!stopping, egui::Button::new("Stop"))
                        .on_hover_text("Stop here and show the step reached")
                        .clicked()
                    {
                        commands.push(SearchCommand::StopGoing);
                    }
                    ui.spinner();
                    let reached = self.going_reached().unwrap_or(0);
                    let share = reached as f64 / target.max(1) as f64;
                    let line = format!(
                        "Going to {} {}: {} done ({:.0}%){}",
                        self.step_name().to_lowercase(),
                        count_of(target),
                        count_of(reached),
                        100.0 * share.min(1.0),
                        if stopping { ", stopping…" } else { "…" }
                    );
                    ui.add(egui::Label::new(line).truncate());
                } else if self.is_comparing() {
                    ui.spinner();
                    ui.label("Comparing the trace with the search…");
                }
            },
        );
        commands
    }

    /// The board's description for screen readers (and tests).
    fn board_label(&self) -> String {
        match self.node.expansion {
            None => format!("The start, {}", pegs_in_words(self.start.peg_count())),
            Some(e) => format!(
                "{} {}: depth {}, {}",
                self.step_name(),
                e.n,
                e.depth,
                pegs_in_words(e.pegs)
            ),
        }
    }

    /// What a step is called on the node's line: an expansion, or the beam's level.
    fn step_name(&self) -> &'static str {
        match self.engine() {
            Engine::Beam => "Level",
            Engine::Classic | Engine::Exact => "Expansion",
        }
    }

    /// The node shown: its line, its children and its path.
    fn node_ui(&self, ui: &mut Ui) {
        let Some(e) = self.node.expansion else {
            ui.label("Nothing expanded yet: Step or Run to start.");
            return;
        };
        let jump = e.jump.map_or("the start".to_string(), |j| {
            format!("after {}", j.in_words())
        });
        ui.label(
            RichText::new(format!(
                "{} {}: depth {}, {}, {jump}",
                self.step_name(),
                count_of(e.n),
                e.depth,
                pegs_in_words(e.pegs)
            ))
            .strong(),
        );
        if self.engine() == Engine::Exact && !self.node.notes.is_empty() {
            ui.label(RichText::new("Since the last expansion:").small().strong());
        }
        for note in &self.node.notes {
            ui.label(RichText::new(note).small());
        }
        let palette = Palette::for_theme(ui.ctx().theme());
        let kids = &self.node.children;
        let children = match kids.len() {
            1 => "1 child".to_string(),
            n => format!("{n} children"),
        };
        let engine = self.engine();
        ui.label(match engine {
            Engine::Classic => format!("Generated {children} from this node:"),
            Engine::Exact if kids.is_empty() => "No jump from here: it fails at once.".into(),
            Engine::Exact => format!("{children} to try, one at a time, in this order:"),
            Engine::Beam if kids.is_empty() => "The most compact position kept.".into(),
            Engine::Beam => format!("The most compact position kept; {children} next level:"),
        });
        for &(jump, fate) in kids {
            let (words, colour) = fate_words(fate, &palette);
            let words = match (engine, fate) {
                (Engine::Exact | Engine::Beam, Fate::Pushed) => "to try",
                _ => words,
            };
            ui.horizontal(|ui| {
                // The mark's colour, as on the board (a painted dot: no font needed).
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
                ui.painter().circle_filled(rect.center(), 4.5, colour);
                ui.label(format!("{} ({jump}): {words}", jump.in_words()));
            });
        }
        ui.add_space(4.0);
        let path: Vec<String> = self.node.path.iter().map(Jump::to_string).collect();
        ui.label(format!("Path from the start ({} jumps):", path.len()));
        ui.label(RichText::new(path.join(" ")).monospace().small());
    }
}

fn count_of(n: u64) -> String {
    grouped(&n.to_string())
}

/// The view's keys, unless a text field has the keyboard: Space runs or pauses, Right
/// arrow steps.
fn keys(ctx: &egui::Context, running: bool) -> Vec<SearchCommand> {
    if ctx.egui_wants_keyboard_input() {
        return Vec::new();
    }
    // In the order pressed, each press once; Space toggles from the state it finds.
    let mut running = running;
    ctx.input_mut(|i| {
        crate::input::take_in_order(i, |key, modifiers| {
            if !modifiers.matches_logically(Modifiers::NONE) {
                return None;
            }
            match key {
                Key::Space => {
                    running = !running;
                    Some(if running {
                        SearchCommand::Run
                    } else {
                        SearchCommand::Pause
                    })
                }
                Key::ArrowRight => {
                    running = false;
                    Some(SearchCommand::Step)
                }
                _ => None,
            }
        })
    })
}
