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
use crate::app::command::ShellCommand;
use crate::app::frame::ViewFrame;
use crate::solver::services::advice::Advice;
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
            animate: frame.settings.animate,
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

/// Lines the notice area holds: a longer message is cut at the second line, whole on hover.
const NOTICE_ROWS: usize = 2;

/// The notice area above the board: always [`NOTICE_ROWS`] lines high and the panel's width,
/// whatever the message, so a message never moves the board or its buttons. A message of
/// information is in the strong text colour (neutral), a refusal or problem in the warning
/// colour, with a × at the right to dismiss it (the space is kept when there is none).
/// With no message, `summary` (View > Show winning jumps: how many jumps keep the goal in
/// reach) takes the area, in the neutral colour.
fn notice_ui(
    ui: &mut egui::Ui,
    frame: &ViewFrame<'_>,
    summary: Option<&str>,
) -> Option<ShellCommand> {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let row = ui.ctx().fonts_mut(|f| f.row_height(&font));
    let size = egui::vec2(ui.available_width(), row * NOTICE_ROWS as f32);
    let (whole, response) = ui.allocate_exact_size(size, egui::Sense::hover());
    let (rect, close) = whole.split_left_right_at_x(whole.right() - DISMISS_WIDTH);
    let text = frame.notice.map(|n| n.text.as_str()).or(summary)?;
    let mut dismissed = false;
    if frame.notice.is_some() {
        let button = egui::Button::new("×").small();
        let close = egui::Rect::from_min_size(close.left_top(), egui::vec2(DISMISS_WIDTH, row));
        // A child ui: `put` would move the layout's cursor back up to the button's row.
        let mut child = ui.new_child(egui::UiBuilder::new().max_rect(close));
        dismissed = child
            .add(button)
            .on_hover_text("Dismiss this message")
            .clicked();
    }
    let problem = frame.notice.is_some_and(|n| n.problem);
    let colour = crate::app::paint::notice::notice_colour(ui, problem);
    let mut job = egui::text::LayoutJob::simple(text.to_string(), font, colour, rect.width());
    job.wrap.max_rows = NOTICE_ROWS;
    let galley = ui.ctx().fonts_mut(|f| f.layout_job(job));
    let cut = galley.elided;
    ui.painter().galley(rect.left_top(), galley, colour);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, text));
    if cut {
        response.on_hover_text(text);
    }
    dismissed.then_some(ShellCommand::ClearNotice)
}

/// The width kept at the notice area's right for its ×.
const DISMISS_WIDTH: f32 = 22.0;
