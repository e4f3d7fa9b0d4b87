//! The play view's look: the status line, the timeline and the solver panel at the window's
//! edges, and in the middle the board's name, the notice line and the board.
//!
//! Owns layout only: the widgets return [`super::PlayCommand`]s, which [`PlayView::apply`] carries
//! out.

use super::board::BoardModel;
use super::keys;
use super::solve::SolverModel;
use super::status;
use super::{timeline, PlayView};
use crate::command::ShellCommand;
use crate::frame::ViewFrame;
use crate::paint::notice::notice_area_ui;
use eframe::egui;
use pegsol_solver::services::advice::Advice;

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
        let advice = self.advice();
        let game = self.session.game();
        let unknown = matches!(advice, Some(Advice::Unknown { .. }));
        let deep = self
            .deep
            .show(game.record.position(), game.puzzle.goal, unknown);
        let stop = egui::Panel::bottom("status")
            .show(ui, |ui| {
                status::status_ui(
                    ui,
                    game,
                    advice.as_ref(),
                    &deep,
                    frame.clock,
                    frame.board_stats,
                )
            })
            .inner;
        commands.extend(stop);
        egui::Panel::bottom("timeline").show(ui, |ui| {
            ui.add_space(4.0);
            commands.extend(timeline::timeline_ui(ui, game, &self.session.replay()));
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
        let game = self.session.game();
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
        // With no notice to show, the line says how many jumps keep the goal in reach.
        let summary = self
            .jump_verdicts()
            .filter(|_| show_jumps)
            .map(super::hints::summary);
        out.extend(notice_ui(ui, frame, summary.as_deref()));
        let chain = self.next_chain();
        // The board widget changes its own state as the person handles it; the model reads
        // the rest of the view, so the widget is lent out for the frame.
        let mut board = std::mem::take(&mut self.board);
        let model = BoardModel {
            position: game.record.position(),
            goal: game.puzzle.goal,
            can_undo: game.can_undo(),
            animate: frame.settings.animates_jumps(),
            hint: self.hint(),
            chain: chain.as_deref(),
            picking_finish: self.picking_finish,
            overlay: self.overlay(show_jumps),
            praise: self.won_by_player(),
            coordinates: frame.settings.coordinates,
            typing: frame.typing,
        };
        let commands = board.ui(ui, &model);
        self.board = board;
        out.extend(self.apply_all(ui.ctx(), commands));
        out
    }
}

/// The notice area above the board (see [`notice_area_ui`]): with no message, `summary`
/// (View > Show winning jumps: how many jumps keep the goal in reach) takes it.
fn notice_ui(
    ui: &mut egui::Ui,
    frame: &ViewFrame<'_>,
    summary: Option<&str>,
) -> Option<ShellCommand> {
    notice_area_ui(ui, frame.notice, summary).then_some(ShellCommand::ClearNotice)
}
