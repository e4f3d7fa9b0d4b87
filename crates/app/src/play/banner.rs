//! The board's won or stuck banner: a strip under the board (kept all game long, so the
//! board never shrinks under the pointer when it comes) with the praise or the pegs left, and
//! Undo and Restart buttons.

use super::PlayCommand;
use crate::paint::geometry::BoardGeometry;
use crate::paint::palette::Palette;
use eframe::egui;
use egui::{FontId, Pos2, Rect, Stroke, StrokeKind, Ui, Vec2};

/// The height of the won or stuck banner under the board, in points.
pub(super) const BANNER_HEIGHT: f32 = 60.0;

/// How the game on the board stands, as the banner needs it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Ending {
    /// The goal is met.
    pub won: bool,
    /// No jump is left.
    pub stuck: bool,
    /// The pegs on the board.
    pub pegs: u32,
    /// Whether there is a jump to undo.
    pub can_undo: bool,
    /// Whether a win is the player's own (praised), not the solver's line replayed.
    pub praise: bool,
}

/// The won or stuck banner over the bottom of the board, with Undo and Restart when stuck.
pub(super) fn end_banner_ui(
    ui: &mut Ui,
    model: Ending,
    geometry: &BoardGeometry,
    palette: &Palette,
    commands: &mut Vec<PlayCommand>,
) {
    let won = model.won;
    if !won && !model.stuck {
        return;
    }
    let board = geometry.board_rect();
    let height = BANNER_HEIGHT;
    let width = board.width().max(480.0).min(ui.max_rect().width());
    let banner = Rect::from_center_size(
        Pos2::new(board.center().x, board.bottom() + 8.0 + height / 2.0),
        Vec2::new(width, height),
    );
    let painter = ui.painter();
    painter.rect(
        banner,
        8.0,
        palette.banner,
        Stroke::new(1.5, if won { palette.won } else { palette.board_edge }),
        StrokeKind::Inside,
    );
    let (text, detail) = if won {
        // Praise only for the player's own win: a replayed solution is the solver's.
        let (title, detail) = if model.praise {
            ("Solved!", "One peg left: well played.")
        } else {
            ("Solution replayed", "The solver's line, to its last peg.")
        };
        (title.to_string(), detail.to_string())
    } else {
        let n = model.pegs;
        (
            format!("Stuck: {n} pegs left"),
            "No jump is possible.".to_string(),
        )
    };
    let font = FontId::proportional((height * 0.34).clamp(12.0, 22.0));
    let text_at = Pos2::new(banner.left() + 16.0, banner.center().y);
    let button = Vec2::new(120.0, 26.0);
    let restart = Rect::from_min_size(
        Pos2::new(
            banner.right() - 12.0 - button.x,
            banner.center().y - button.y / 2.0,
        ),
        button,
    );
    let undo = restart.translate(Vec2::new(-button.x - 8.0, 0.0));
    // The words take what the buttons leave, cut short rather than run under them.
    let offers_undo = !won && model.can_undo;
    let buttons_left = if offers_undo {
        undo.left()
    } else {
        restart.left()
    };
    let room = (buttons_left - 8.0 - text_at.x).max(0.0);
    let one_line = |text: String, font: FontId| {
        let mut job = egui::text::LayoutJob::simple(text, font, palette.text, room);
        job.wrap.max_rows = 1;
        ui.ctx().fonts_mut(|f| f.layout_job(job))
    };
    let title = one_line(text, font.clone());
    let detail = one_line(detail, FontId::proportional(font.size * 0.7));
    painter.galley(
        text_at - Vec2::new(0.0, title.size().y),
        title,
        palette.text,
    );
    painter.galley(text_at, detail, palette.text);
    if offers_undo && ui.put(undo, egui::Button::new("Undo last jump")).clicked() {
        commands.push(PlayCommand::Undo);
    }
    let again = if won { "Play again" } else { "Start again" };
    if ui.put(restart, egui::Button::new(again)).clicked() {
        commands.push(PlayCommand::Restart);
    }
}
