//! Where each cell of a board sits on screen, and the names people use for cells.
//!
//! Owns the mapping between grid cells and screen points for both grids: square cells at
//! `(x, y)`, and the triangular grid drawn equilateral, cell `(x, y)` at `(x - y/2, y·√3/2)` in
//! cell units. The board widget, its hit testing and the keyboard cursor all go through here so
//! they agree on what is where.

use eframe::egui;
use egui::{Pos2, Rect, Vec2};
use pegsol_rules::{Cell, CellSet, Grid};

/// The largest a cell is drawn, in points: on a tiny board (level 0 is one row of four) pegs
/// the size of a fist look silly.
const MAX_CELL: f32 = 96.0;

/// Half a cell of space around the outermost holes, in cell units.
pub const MARGIN: f32 = 0.6;

/// The space around the outermost holes when the coordinates are drawn, in cell units: room
/// for a letter or number beyond the board's edge.
pub const COORDINATES_MARGIN: f32 = 1.2;

/// How far from the nearest hole's centre a coordinate is drawn, in cell units.
const LABEL_OFFSET: f32 = 0.85;

/// A cell's position in cell units on the drawn (not the stored) lattice.
pub fn unit_pos(grid: Grid, cell: Cell) -> Vec2 {
    let (x, y) = (f32::from(cell.x), f32::from(cell.y));
    match grid {
        Grid::Square => Vec2::new(x, y),
        Grid::Triangular => Vec2::new(x - y / 2.0, y * 3f32.sqrt() / 2.0),
    }
}

/// A board fitted into a screen rectangle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardGeometry {
    grid: Grid,
    /// Screen position of the unit-space origin.
    origin: Pos2,
    /// Points per cell unit.
    scale: f32,
    /// The unit-space box of the holes' centres, grown by the margin.
    units: Rect,
}

impl BoardGeometry {
    /// Fits `cells` of `grid` centred in `rect`, as large as fits (up to a cap).
    pub fn fit(grid: Grid, cells: CellSet, rect: Rect) -> BoardGeometry {
        BoardGeometry::fit_with_margin(grid, cells, rect, MARGIN)
    }

    /// Fits `cells` of `grid` centred in `rect` with `margin` cell units of space round the
    /// outermost holes ([`MARGIN`], or [`COORDINATES_MARGIN`] to leave room for coordinates).
    pub fn fit_with_margin(grid: Grid, cells: CellSet, rect: Rect, margin: f32) -> BoardGeometry {
        // With no cells at all a zero box keeps the arithmetic finite.
        let mut units = Rect::from_min_size(Pos2::ZERO, Vec2::ZERO);
        for (i, cell) in cells.iter().enumerate() {
            let p = unit_pos(grid, cell).to_pos2();
            if i == 0 {
                units = Rect::from_min_max(p, p);
            } else {
                units.extend_with(p);
            }
        }
        let units = units.expand(margin);
        let scale = (rect.width() / units.width())
            .min(rect.height() / units.height())
            .clamp(1.0, MAX_CELL);
        let origin = rect.center() - units.center().to_vec2() * scale;
        BoardGeometry {
            grid,
            origin,
            scale,
            units,
        }
    }

    /// Points per cell: the distance between neighbouring holes.
    pub fn cell_size(&self) -> f32 {
        self.scale
    }

    /// The screen rectangle the board occupies (holes plus margin).
    pub fn board_rect(&self) -> Rect {
        Rect::from_min_max(
            self.origin + self.units.min.to_vec2() * self.scale,
            self.origin + self.units.max.to_vec2() * self.scale,
        )
    }

    /// The screen centre of a cell.
    pub fn center(&self, cell: Cell) -> Pos2 {
        self.origin + unit_pos(self.grid, cell) * self.scale
    }

    /// The square a cell's widget covers (its hit area).
    pub fn cell_rect(&self, cell: Cell) -> Rect {
        Rect::from_center_size(self.center(cell), Vec2::splat(self.scale * 0.9))
    }

    /// The cell of `cells` under a screen point, if the point is within half a cell of it.
    pub fn cell_at(&self, cells: CellSet, pos: Pos2) -> Option<Cell> {
        cells
            .iter()
            .map(|c| (c, self.center(c).distance(pos)))
            .filter(|&(_, d)| d <= self.scale * 0.5)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(c, _)| c)
    }
}

/// The board's centre as the finish choices offer it: the middle cell of a square board
/// (its bounding box's centre), and on the triangular grid only the cell at the holes'
/// centroid, where there is one. The 15-hole triangle has none (its centroid lies between
/// holes), so it is offered no centre, rather than a cell at the end of a row.
pub fn centre_cell(shape: &pegsol_rules::Shape) -> Option<pegsol_rules::Cell> {
    match shape.grid() {
        Grid::Square => shape.center(),
        Grid::Triangular => {
            let cells = shape.cells();
            let n = cells.len();
            let (sx, sy) = cells.iter().fold((0u32, 0u32), |(sx, sy), c| {
                (sx + u32::from(c.x), sy + u32::from(c.y))
            });
            if n == 0 || sx % n != 0 || sy % n != 0 {
                return None;
            }
            let cell = Cell::new((sx / n) as i32, (sy / n) as i32)?;
            shape.contains(cell).then_some(cell)
        }
    }
}

/// Draws the coordinates round a board: each column's letter under the board, each row's
/// number to the left of its first hole, exactly as [`pegsol_rules::cell_name`] names cells
/// (`a1` is column a, row 1). On the triangular grid a column runs down and to the left, so
/// its letter sits where the column would continue under the bottom row.
pub fn paint_coordinates(
    painter: &egui::Painter,
    geometry: &BoardGeometry,
    cells: CellSet,
    colour: egui::Color32,
) {
    let Some(bottom) = cells.iter().map(|c| c.y).max() else {
        return;
    };
    let left = cells.iter().map(|c| c.x).min().unwrap_or(0);
    let size = (geometry.cell_size() * 0.3).clamp(9.0, 18.0);
    let font = egui::FontId::proportional(size);
    let at = |x: f32, y: f32| {
        let unit = match geometry.grid {
            Grid::Square => Vec2::new(x, y),
            Grid::Triangular => Vec2::new(x - y / 2.0, y * 3f32.sqrt() / 2.0),
        };
        geometry.origin + unit * geometry.scale
    };
    let mut columns: Vec<u8> = cells.iter().map(|c| c.x).collect();
    columns.sort_unstable();
    columns.dedup();
    for x in columns {
        let p = at(f32::from(x), f32::from(bottom) + LABEL_OFFSET);
        let name = char::from(b'a' + x).to_string();
        painter.text(p, egui::Align2::CENTER_CENTER, name, font.clone(), colour);
    }
    let mut rows: Vec<u8> = cells.iter().map(|c| c.y).collect();
    rows.sort_unstable();
    rows.dedup();
    for y in rows {
        // Square boards line the numbers up in one column; a triangle's rows start in
        // different places, so each number sits by its own row.
        let first = match geometry.grid {
            Grid::Square => left,
            Grid::Triangular => cells
                .iter()
                .filter(|c| c.y == y)
                .map(|c| c.x)
                .min()
                .unwrap_or(0),
        };
        let p = at(f32::from(first) - LABEL_OFFSET, f32::from(y));
        let name = (u32::from(y) + 1).to_string();
        painter.text(p, egui::Align2::CENTER_CENTER, name, font.clone(), colour);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(x: u8, y: u8) -> Cell {
        Cell { x, y }
    }

    #[test]
    fn the_triangle_is_drawn_equilateral() {
        let d = |a: Cell, b: Cell| {
            (unit_pos(Grid::Triangular, a) - unit_pos(Grid::Triangular, b)).length()
        };
        // All six neighbours of (1,1) are one unit away.
        for n in [c(0, 1), c(2, 1), c(0, 0), c(1, 0), c(1, 2), c(2, 2)] {
            assert!((d(c(1, 1), n) - 1.0).abs() < 1e-5, "{n:?}");
        }
    }

    #[test]
    fn fitting_centres_the_board_and_hit_tests_cells() {
        let cells: CellSet = [c(0, 0), c(1, 0), c(2, 0)].into_iter().collect();
        let rect = Rect::from_min_size(Pos2::ZERO, Vec2::new(400.0, 400.0));
        let g = BoardGeometry::fit(Grid::Square, cells, rect);
        assert!((g.center(c(1, 0)) - rect.center()).length() < 1e-3);
        assert_eq!(g.cell_at(cells, g.center(c(2, 0))), Some(c(2, 0)));
        assert_eq!(g.cell_at(cells, Pos2::ZERO), None);
        assert!(rect.contains_rect(g.board_rect()));
    }

    #[test]
    fn the_coordinates_margin_leaves_room_round_the_holes() {
        let cells: CellSet = [c(0, 0), c(1, 0), c(0, 1), c(1, 1)].into_iter().collect();
        // Small enough that neither fit reaches the largest cell size.
        let rect = Rect::from_min_size(Pos2::ZERO, Vec2::new(200.0, 200.0));
        let g = BoardGeometry::fit_with_margin(Grid::Square, cells, rect, COORDINATES_MARGIN);
        // A label LABEL_OFFSET beyond the outermost hole is still inside the rectangle.
        let label = g.center(c(0, 1)) + Vec2::new(0.0, LABEL_OFFSET * g.cell_size());
        assert!(rect.contains(label), "{label:?} in {rect:?}");
        assert!(g.cell_size() < BoardGeometry::fit(Grid::Square, cells, rect).cell_size());
    }
}
