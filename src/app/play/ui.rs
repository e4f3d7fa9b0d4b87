//! The play view's look: the status line, the timeline and the solver panel at the window's
//! edges, and in the middle the board's name, the notice line and the board.
//!
//! Owns layout only: the widgets return [`super::PlayCommand`]s, which [`PlayView::apply`] carries
//! out.

use super::board::BoardModel;
use super::solve::SolverModel;
use super::{timeline, PlayView};
use crate::app::keys;
use crate::app::panels;
use crate::app::shell::{ShellCommand, ViewFrame};
use eframe::egui;

impl PlayView {
    /// The panels at the window's edges: the status line, the timeline and (if shown) the
    /// solver panel. Call before the boards panel and the central panel.
    pub fn side_panels_ui(
        &mut self,
        ui: &mut egui::Ui,
        frame: &ViewFrame<'_>,
    ) -> Vec<ShellCommand> {
        let ctx = ui.ctx().clone();
        let mut commands = keys::timeline_shortcuts(&ctx, self.replay_keys);
        let verdict = self.verdict();
        let game = &self.game;
        egui::Panel::bottom("status").show(ui, |ui| panels::status_ui(ui, game, verdict));
        egui::Panel::bottom("timeline").show(ui, |ui| {
            ui.add_space(4.0);
            commands.extend(timeline::timeline_ui(ui, game, &self.playback));
        });
        if frame.settings.show_solver {
            let model = SolverModel {
                game,
                session: &self.solve,
                picking_finish: self.picking_finish,
            };
            egui::Panel::right("solver")
                .resizable(true)
                .default_size(250.0)
                .show(ui, |ui| {
                    commands.extend(self.solver_panel.ui(ui, &model));
                });
        }
        self.apply_all(&ctx, commands)
    }

    /// The central panel's content: the board's name, the notice line and the board.
    pub fn ui(&mut self, ui: &mut egui::Ui, frame: &ViewFrame<'_>) -> Vec<ShellCommand> {
        let mut out = Vec::new();
        let show_jumps = frame.settings.show_winning_jumps;
        self.show_winning_jumps(show_jumps);
        let game = &self.game;
        ui.horizontal(|ui| {
            if ui.button("Edit this position").clicked() {
                out.push(ShellCommand::EditPosition);
            }
            ui.heading(&game.puzzle.name);
            // Truncated (full text on hover): a long description must not widen the panel
            // past the window, or the board is centred off-screen.
            ui.add(
                egui::Label::new(egui::RichText::new(&game.puzzle.description).weak()).truncate(),
            );
        });
        // A fixed-height line for the notice, so the board does not jump when one appears.
        let line = ui.text_style_height(&egui::TextStyle::Body);
        let size = egui::vec2(ui.available_width(), line);
        let layout = egui::Layout::left_to_right(egui::Align::Center);
        ui.allocate_ui_with_layout(size, layout, |ui| {
            ui.set_min_size(size);
            if let Some(text) = frame.notice {
                ui.colored_label(ui.visuals().warn_fg_color, text);
            } else if let Some(jumps) = self.jump_verdicts().filter(|_| show_jumps) {
                ui.label(super::hints::summary(jumps));
            }
        });
        let model = BoardModel {
            position: game.record.position(),
            goal: game.puzzle.goal,
            can_undo: game.record.can_undo(),
            animate: frame.settings.animate,
            hint: self.hint(),
            picking_finish: self.picking_finish,
            overlay: self.overlay(show_jumps),
        };
        let commands = self.board.ui(ui, &model);
        out.extend(self.apply_all(ui.ctx(), commands));
        out
    }
}
