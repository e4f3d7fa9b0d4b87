//! The layout editor's canvas: the board's frame drawn cell by cell, painted with clicks and
//! drags.
//!
//! Follows egui's widget recipe (size, allocate, interact, paint) and the play board's
//! geometry ([`BoardGeometry`]), so a board looks the same in both. Every cell of the frame,
//! on the board or not, gets its own `Id`, response and accessible label ("peg at d4", "empty
//! hole at d4", "off-board at d4") so screen readers and UI tests can find it. It changes
//! nothing itself: it returns [`EditorCommand`]s.

use super::command::PaintCommand;
use super::EditorCommand;
use crate::paint::geometry::{self, BoardGeometry};
use crate::paint::palette::Palette;
use eframe::egui;
use egui::{Color32, Pos2, Rect, Role, Sense, Shape as EShape, Stroke, StrokeKind, Ui, Vec2};
use pegsol_layout::edit::{Board, CellKind};
use pegsol_layout::Finish;
use pegsol_rules::cell_name;
use pegsol_rules::{Cell, CellSet, Grid, Shape};
use pegsol_solver::services::analyze::StartReport;

/// What the canvas shows: read from the editor each frame.
#[derive(Clone, Copy, Debug)]
pub struct CanvasModel<'a> {
    /// The board being edited.
    pub board: &'a Board,
    /// The analysis of single-vacancy starts, when it is up to date.
    pub analysis: Option<&'a [StartReport]>,
    /// The start whose finishes are shown (hovered or clicked with the analysis on).
    pub shown_start: Option<Cell>,
    /// Whether to draw the column letters and row numbers round the frame (View >
    /// Coordinates), named as everywhere else in the window.
    pub coordinates: bool,
}

/// The canvas's own state: the drag in progress and the cell under the pointer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CanvasState {
    /// The last cell a drag painted, so a drag paints each cell once.
    last: Option<Cell>,
    /// The hole under the pointer, if any.
    pub hovered: Option<Cell>,
}

/// The accessible label of a frame cell in the editor.
pub fn cell_label(cell: Cell, kind: CellKind) -> String {
    match kind {
        CellKind::Peg => format!("peg at {}", cell_name(cell)),
        CellKind::Hole => format!("empty hole at {}", cell_name(cell)),
        CellKind::Off => format!("off-board at {}", cell_name(cell)),
    }
}

impl CanvasState {
    /// Shows the canvas filling the space available and returns the paint commands. The
    /// canvas's own state (the drag's last cell, the hovered hole) is its own and changes
    /// here; the board's changes go back as commands for the editor to apply.
    pub fn ui(&mut self, ui: &mut Ui, model: &CanvasModel<'_>) -> Vec<EditorCommand> {
        let mut commands = Vec::new();
        let board = model.board;
        let frame: CellSet = board.frame_cells().collect();

        // Size and allocate.
        let size = ui.available_size().max(Vec2::splat(64.0));
        let (rect, _) = ui.allocate_exact_size(size, Sense::hover());
        let margin = if model.coordinates {
            geometry::COORDINATES_MARGIN
        } else {
            geometry::MARGIN
        };
        let geometry = BoardGeometry::fit_with_margin(board.grid, frame, rect.shrink(8.0), margin);
        let id = ui.make_persistent_id("editor-canvas");

        // Interact: one widget per frame cell.
        let mut responses = Vec::new();
        self.hovered = None;
        for cell in frame.iter() {
            let response = ui.interact(
                geometry.cell_rect(cell),
                id.with(cell.index()),
                Sense::click_and_drag(),
            );
            let label = cell_label(cell, board.kind(cell));
            response.widget_info(|| egui::WidgetInfo::labeled(Role::Button, true, &label));
            if response.hovered() {
                self.hovered = Some(cell);
            }
            if response.clicked() {
                commands.push(EditorCommand::Paint(PaintCommand::Begin(cell)));
                commands.push(EditorCommand::Paint(PaintCommand::End));
            }
            if response.drag_started() {
                commands.push(EditorCommand::Paint(PaintCommand::Begin(cell)));
                self.last = Some(cell);
            }
            if response.dragged() {
                let pointer = response
                    .interact_pointer_pos()
                    .or_else(|| ui.input(|i| i.pointer.latest_pos()));
                if let Some(to) = pointer.and_then(|p| geometry.cell_at(frame, p)) {
                    if self.last != Some(to) {
                        commands.push(EditorCommand::Paint(PaintCommand::StrokeTo(to)));
                        self.last = Some(to);
                    }
                }
            }
            if response.drag_stopped() {
                commands.push(EditorCommand::Paint(PaintCommand::End));
                self.last = None;
            }
            responses.push((cell, response));
        }

        // Paint.
        if ui.is_rect_visible(rect) {
            let palette = Palette::for_theme(ui.ctx().theme());
            paint(ui, model, &geometry, &responses, &palette);
        }
        commands
    }
}

/// Paints the frame, the board, the holes, the pegs, the finish and the analysis.
fn paint(
    ui: &Ui,
    model: &CanvasModel<'_>,
    geometry: &BoardGeometry,
    responses: &[(Cell, egui::Response)],
    palette: &Palette,
) {
    let painter = ui.painter();
    let board = model.board;
    let s = geometry.cell_size();
    let (r_hole, r_peg) = (s * 0.2, s * 0.36);
    paint_board(painter, board, geometry, palette);
    if model.coordinates {
        let frame: CellSet = board.frame_cells().collect();
        geometry::paint_coordinates(painter, geometry, frame, ui.visuals().text_color());
    }
    let finish = match board.finish {
        Finish::Anywhere => None,
        Finish::Center => geometry::centre_cell(&Shape::new(board.grid, board.cells)),
        Finish::Cell { x, y } => Cell::new(i32::from(x), i32::from(y)),
    };
    let report = |c: Cell| model.analysis.and_then(|a| a.iter().find(|r| r.start == c));
    let shown = model.shown_start.and_then(report);
    let faint = ui.visuals().weak_text_color().gamma_multiply(0.6);

    for (cell, response) in responses {
        let (cell, c) = (*cell, geometry.center(*cell));
        match board.kind(cell) {
            CellKind::Off => {
                // A faint dot marks where a hole could be painted.
                painter.circle_stroke(c, r_hole * 0.7, Stroke::new(1.0, faint));
            }
            kind => {
                painter.circle_filled(c, r_hole, palette.hole);
                painter.circle_stroke(c, r_hole, Stroke::new(s * 0.03, palette.hole_rim));
                if kind == CellKind::Peg {
                    paint_peg(painter, c, r_peg, palette);
                }
            }
        }
        if finish == Some(cell) {
            // The play board's cross-hair, so the finish reads the same in both views.
            let stroke = Stroke::new(s * 0.035, palette.finish);
            for d in [Vec2::X, -Vec2::X, Vec2::Y, -Vec2::Y] {
                painter.line_segment([c + d * r_peg * 1.08, c + d * r_peg * 1.3], stroke);
            }
        }
        if let Some(r) = report(cell) {
            // The start with this hole empty: a green ring if it can be won, a dashed amber
            // ring if the budget left it open; nothing if it cannot be won.
            if !r.finishes.is_empty() {
                painter.circle_stroke(c, r_peg * 0.75, Stroke::new(s * 0.07, palette.target));
            } else if !r.unknown.is_empty() {
                dashed_circle(
                    painter,
                    c,
                    r_peg * 0.75,
                    Stroke::new(s * 0.05, palette.selected),
                );
            }
        }
        if let Some(r) = shown {
            if r.finishes.contains(&cell) {
                // A diamond on each finish cell of the start shown.
                let d = s * 0.16;
                painter.add(EShape::convex_polygon(
                    vec![
                        c + Vec2::new(0.0, -d),
                        c + Vec2::new(d, 0.0),
                        c + Vec2::new(0.0, d),
                        c + Vec2::new(-d, 0.0),
                    ],
                    palette.selected,
                    Stroke::new(1.5, palette.text),
                ));
            }
            if r.start == cell {
                painter.rect_stroke(
                    Rect::from_center_size(c, Vec2::splat(s * 0.9)),
                    s * 0.12,
                    Stroke::new(s * 0.05, palette.cursor),
                    StrokeKind::Middle,
                );
            }
        }
        if response.hovered() {
            painter.circle_stroke(c, r_peg + s * 0.04, Stroke::new(1.5, palette.hover));
        }
    }
}

/// The board's shape under its holes, and a thin outline of the whole frame.
fn paint_board(
    painter: &egui::Painter,
    board: &Board,
    geometry: &BoardGeometry,
    palette: &Palette,
) {
    let s = geometry.cell_size();
    painter.rect_stroke(
        geometry.board_rect(),
        4.0,
        Stroke::new(1.0, palette.board_edge.gamma_multiply(0.5)),
        StrokeKind::Inside,
    );
    for (grow, colour) in [(1.5, palette.board_edge), (0.0, palette.board)] {
        for cell in board.cells.iter() {
            let c = geometry.center(cell);
            match board.grid {
                Grid::Triangular => {
                    painter.circle_filled(c, s * 0.62 + grow, colour);
                }
                Grid::Square => {
                    let rect = Rect::from_center_size(c, Vec2::splat(s + 2.0 * grow + 0.5));
                    painter.rect_filled(rect, 0.0, colour);
                }
            }
        }
    }
}

/// A peg: a solid disc with a highlight, as on the play board.
fn paint_peg(painter: &egui::Painter, c: Pos2, r: f32, palette: &Palette) {
    painter.circle_filled(c, r, palette.peg);
    painter.circle_filled(
        c + Vec2::new(-0.32, -0.32) * r,
        r * 0.28,
        palette.peg_shine.gamma_multiply(0.8),
    );
}

/// A circle drawn in twelve dashes: "not decided", set apart from a solid ring by shape.
fn dashed_circle(painter: &egui::Painter, c: Pos2, r: f32, stroke: Stroke) {
    let n = 12;
    for k in 0..n {
        let a0 = std::f32::consts::TAU * (k as f32) / (n as f32);
        let a1 = a0 + std::f32::consts::TAU / (2.0 * n as f32);
        let p = |a: f32| c + Vec2::new(a.cos(), a.sin()) * r;
        painter.line_segment([p(a0), p(a1)], stroke);
    }
}

/// The colour of a verdict line: green for yes, the warning colour for no, plain for open.
pub fn verdict_colour(ui: &Ui, verdict: Option<bool>) -> Color32 {
    match verdict {
        Some(true) => Palette::for_theme(ui.ctx().theme()).target,
        Some(false) => ui.visuals().warn_fg_color,
        None => ui.visuals().text_color(),
    }
}
