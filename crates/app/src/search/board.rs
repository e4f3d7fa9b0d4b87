//! The Search view's board: a node of the search drawn with the path that led to it and the
//! children it generated.
//!
//! Owns the painting only, in the board's palette (colour-blind safe, and every mark also
//! differs in shape): the node's pegs and holes; its path from the start as lines from each
//! jump's peg to where it landed, fainter the older they are, the last jump with a ring; and
//! each child generated as an arrow along its jump, solid with a filled dot when pushed,
//! thin with a hollow ring when dropped as a duplicate, thick with a double ring when it wins.

use crate::paint::geometry::{self, BoardGeometry};
use crate::paint::palette::Palette;
use eframe::egui;
use egui::{Color32, Response, Sense, Stroke, Ui, Vec2};
use pegsol_rules::{Jump, Position};
use pegsol_solver::engines::classic::Fate;

/// What the board shows.
pub struct NodeBoard<'a> {
    /// The node's board.
    pub position: &'a Position,
    /// The jumps from the start to it.
    pub path: &'a [Jump],
    /// The children it generated, and what became of each.
    pub children: &'a [(Jump, Fate)],
    /// What a screen reader says of it.
    pub label: String,
    /// Whether to draw the column letters and row numbers.
    pub coordinates: bool,
}

/// Draws `board` in a box of `size`.
pub fn node_board_ui(ui: &mut Ui, board: &NodeBoard<'_>, size: Vec2) -> Response {
    let (rect, response) = ui.allocate_exact_size(size, Sense::hover());
    let label = board.label.clone();
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &label));
    if !ui.is_rect_visible(rect) {
        return response;
    }
    let shape = board.position.shape();
    let cells = shape.cells();
    let margin = if board.coordinates {
        geometry::COORDINATES_MARGIN
    } else {
        geometry::MARGIN
    };
    let g = BoardGeometry::fit_with_margin(shape.grid(), cells, rect, margin);
    let palette = Palette::for_theme(ui.ctx().theme());
    let painter = ui.painter_at(rect);
    let s = g.cell_size();
    for (grow, colour) in [(s * 0.05, palette.board_edge), (0.0, palette.board)] {
        for c in cells.iter() {
            painter.circle_filled(g.center(c), s * 0.62 + grow, colour);
        }
    }
    let pegs = board.position.pegs();
    for c in cells.iter() {
        let at = g.center(c);
        if pegs.contains(c) {
            painter.circle_filled(at, s * 0.34, palette.peg);
            painter.circle_filled(at - Vec2::splat(s * 0.1), s * 0.09, palette.peg_shine);
        } else {
            painter.circle_filled(at, s * 0.2, palette.hole);
            painter.circle_stroke(at, s * 0.2, Stroke::new(s * 0.03, palette.hole_rim));
        }
    }
    // The path: oldest faintest.
    let n = board.path.len();
    for (i, jump) in board.path.iter().enumerate() {
        let strength = 0.25 + 0.65 * (i + 1) as f32 / n as f32;
        let colour = palette.selected.gamma_multiply(strength);
        let (from, to) = (g.center(jump.from), g.center(jump.to));
        painter.line_segment([from, to], Stroke::new(s * 0.05, colour));
        painter.circle_filled(from, s * 0.06, colour);
        if i + 1 == n {
            painter.circle_stroke(to, s * 0.42, Stroke::new(s * 0.07, palette.selected));
        }
    }
    for &(jump, fate) in board.children {
        let (from, to) = (g.center(jump.from), g.center(jump.to));
        let (colour, width) = match fate {
            Fate::Pushed => (palette.target, s * 0.06),
            Fate::Duplicate => (palette.hole_rim, s * 0.03),
            Fate::Won => (palette.won, s * 0.09),
        };
        let arrow = (to - from) * 0.8;
        painter.arrow(from + (to - from) * 0.1, arrow, Stroke::new(width, colour));
        match fate {
            Fate::Pushed => {
                painter.circle_filled(to, s * 0.1, colour);
            }
            Fate::Duplicate => {
                painter.circle_stroke(to, s * 0.14, Stroke::new(width, colour));
            }
            Fate::Won => {
                painter.circle_stroke(to, s * 0.42, Stroke::new(width * 0.6, colour));
                painter.circle_stroke(to, s * 0.5, Stroke::new(width * 0.4, colour));
            }
        }
    }
    if board.coordinates {
        geometry::paint_coordinates(&painter, &g, cells, palette.text);
    }
    response
}

/// A fate in words, and the colour its mark takes on the board.
pub fn fate_words(fate: Fate, palette: &Palette) -> (&'static str, Color32) {
    match fate {
        Fate::Pushed => ("new: pushed", palette.target),
        Fate::Duplicate => ("seen before: dropped", palette.hole_rim),
        Fate::Won => ("one peg: won", palette.won),
    }
}
