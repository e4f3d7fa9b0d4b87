//! Board shapes: the grid, the set of cells, the jumps the geometry allows, and the symmetries
//! that map the shape onto itself.

use super::cellset::{Cell, CellSet, MAX_SIDE};
use super::jump::Jump;
use serde::{Deserialize, Serialize};

/// The lattice a board lives on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Grid {
    /// Square cells; pegs jump orthogonally (4 directions).
    #[default]
    Square,
    /// Triangular lattice; row `y` holds cells `x = 0..`, and the neighbours of `(x, y)` are
    /// `(x±1, y)`, `(x, y±1)`, `(x+1, y+1)` and `(x-1, y-1)` (6 directions). Drawn with row `y`
    /// shifted left by `y/2`, the 15-hole triangle (rows of 1..5 cells) is equilateral.
    Triangular,
}

/// A jump direction: the step from the jumping peg to the peg it jumps over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Direction {
    /// Column step.
    pub dx: i8,
    /// Row step.
    pub dy: i8,
    /// Name as a person sees it on screen.
    pub name: &'static str,
}

/// Square directions in the assignment's order: Left, Right, Up, Down.
pub const SQUARE_DIRECTIONS: [Direction; 4] = [
    Direction {
        dx: -1,
        dy: 0,
        name: "left",
    },
    Direction {
        dx: 1,
        dy: 0,
        name: "right",
    },
    Direction {
        dx: 0,
        dy: -1,
        name: "up",
    },
    Direction {
        dx: 0,
        dy: 1,
        name: "down",
    },
];

/// Triangular directions, in the order the classic solver tries them: the two along the row
/// (Left, Right), then the two upward (Up-left `(-1,-1)`, Up-right `(0,-1)`), then the two
/// downward (Down-left `(0,1)`, Down-right `(1,1)`): the square order with "up" and "down"
/// each split left before right, as drawn on screen.
pub const TRIANGULAR_DIRECTIONS: [Direction; 6] = [
    Direction {
        dx: -1,
        dy: 0,
        name: "left",
    },
    Direction {
        dx: 1,
        dy: 0,
        name: "right",
    },
    Direction {
        dx: -1,
        dy: -1,
        name: "up-left",
    },
    Direction {
        dx: 0,
        dy: -1,
        name: "up-right",
    },
    Direction {
        dx: 0,
        dy: 1,
        name: "down-left",
    },
    Direction {
        dx: 1,
        dy: 1,
        name: "down-right",
    },
];

impl Grid {
    /// The line from `from` to `to` along one of the grid's directions: the step and how
    /// many steps `to` is along; `None` when they are not on such a line (or are one cell).
    ///
    /// ```
    /// use pegsol_rules::{Cell, Grid};
    /// let (a1, e1) = (Cell { x: 0, y: 0 }, Cell { x: 4, y: 0 });
    /// assert_eq!(Grid::Square.line(a1, e1), Some(((1, 0), 4)));
    /// assert_eq!(Grid::Square.line(a1, Cell { x: 1, y: 2 }), None);
    /// ```
    pub fn line(self, from: Cell, to: Cell) -> Option<((i32, i32), u32)> {
        let (dx, dy) = (
            i32::from(to.x) - i32::from(from.x),
            i32::from(to.y) - i32::from(from.y),
        );
        self.directions().iter().find_map(|d| {
            let (sx, sy) = (i32::from(d.dx), i32::from(d.dy));
            let steps = if sx != 0 { dx / sx } else { dy / sy };
            let on_line = steps > 0 && sx * steps == dx && sy * steps == dy;
            on_line.then(|| ((sx, sy), steps.unsigned_abs()))
        })
    }

    /// The jump directions of this grid, in the classic solver's order.
    pub fn directions(self) -> &'static [Direction] {
        match self {
            Grid::Square => &SQUARE_DIRECTIONS,
            Grid::Triangular => &TRIANGULAR_DIRECTIONS,
        }
    }

    /// The linear maps of the lattice's point group, as `(name, [a, b, c, d])` for
    /// `(x, y) -> (a x + b y, c x + d y)`: the 8 symmetries of the square, or the 12 of the
    /// triangular lattice (a shape keeps those that map it onto itself: the 15-hole triangle
    /// keeps 6, a hexagon all 12).
    fn point_group(self) -> Vec<(&'static str, [i32; 4])> {
        match self {
            Grid::Square => vec![
                ("identity", [1, 0, 0, 1]),
                ("rotate 90", [0, -1, 1, 0]),
                ("rotate 180", [-1, 0, 0, -1]),
                ("rotate 270", [0, 1, -1, 0]),
                ("mirror left-right", [-1, 0, 0, 1]),
                ("mirror top-bottom", [1, 0, 0, -1]),
                ("mirror diagonal", [0, 1, 1, 0]),
                ("mirror anti-diagonal", [0, -1, -1, 0]),
            ],
            Grid::Triangular => {
                // R turns 60 degrees: (1,0) -> (1,1) -> (0,1) -> (-1,0); F swaps x and y, the
                // mirror through the (1,1) axis.
                const NAMES: [&str; 12] = [
                    "identity",
                    "rotate 60",
                    "rotate 120",
                    "rotate 180",
                    "rotate 240",
                    "rotate 300",
                    "mirror 0",
                    "mirror 1",
                    "mirror 2",
                    "mirror 3",
                    "mirror 4",
                    "mirror 5",
                ];
                let mul = |p: [i32; 4], q: [i32; 4]| {
                    [
                        p[0] * q[0] + p[1] * q[2],
                        p[0] * q[1] + p[1] * q[3],
                        p[2] * q[0] + p[3] * q[2],
                        p[2] * q[1] + p[3] * q[3],
                    ]
                };
                let rot = [1, -1, 1, 0];
                let flip = [0, 1, 1, 0];
                let mut maps = Vec::with_capacity(12);
                let mut r = [1, 0, 0, 1];
                for name in &NAMES[..6] {
                    maps.push((*name, r));
                    r = mul(rot, r);
                }
                for (k, name) in NAMES[6..].iter().enumerate() {
                    let m = maps[k].1;
                    maps.push((*name, mul(m, flip)));
                }
                maps
            }
        }
    }
}

/// A symmetry of a shape: a permutation of its cells that maps every jump to a jump.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// Human name, e.g. "rotate 90" or "mirror left-right".
    pub name: &'static str,
    /// `map[i]` is the bit index the cell with bit index `i` goes to (only cells of the shape
    /// are meaningful).
    map: Vec<u8>,
}

impl Symmetry {
    /// The image of one cell.
    pub fn apply_cell(&self, cell: Cell) -> Cell {
        Cell::from_index(u32::from(self.map[cell.index() as usize]))
    }

    /// The image of a set of cells of the shape.
    pub fn apply(&self, set: CellSet) -> CellSet {
        let mut out = 0u128;
        for cell in set {
            out |= 1u128 << self.map[cell.index() as usize];
        }
        CellSet(out)
    }
}

/// A board shape: which cells exist on which grid. Immutable once built; the jumps and the
/// symmetry group are worked out once here.
///
/// ```
/// use pegsol_rules::{Grid, Shape, CellSet, Cell};
/// // The 15-hole triangle: row y holds x = 0..=y.
/// let cells: CellSet = (0..5u8).flat_map(|y| (0..=y).map(move |x| Cell { x, y })).collect();
/// let triangle = Shape::new(Grid::Triangular, cells);
/// assert_eq!(triangle.cells().len(), 15);
/// assert_eq!(triangle.symmetries().len(), 6);
/// assert_eq!(triangle.jumps().len(), 36);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    grid: Grid,
    cells: CellSet,
    width: u8,
    height: u8,
    jumps: Vec<Jump>,
    symmetries: Vec<Symmetry>,
}

impl Shape {
    /// Builds a shape from its cells (any subset of the 11x11 box).
    pub fn new(grid: Grid, cells: CellSet) -> Shape {
        let (width, height) = match cells.bounds() {
            Some((_, _, x1, y1)) => (x1 + 1, y1 + 1),
            None => (0, 0),
        };
        let jumps = geometric_jumps(grid, cells, width, height);
        let symmetries = symmetry_group(grid, cells);
        Shape {
            grid,
            cells,
            width,
            height,
            jumps,
            symmetries,
        }
    }

    /// The grid.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// The board's cells (holes, whether or not they hold a peg).
    pub fn cells(&self) -> CellSet {
        self.cells
    }

    /// Columns from 0 to the rightmost cell.
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Rows from 0 to the lowest cell.
    pub fn height(&self) -> u8 {
        self.height
    }

    /// Whether `cell` is a hole of the board.
    pub fn contains(&self, cell: Cell) -> bool {
        self.cells.contains(cell)
    }

    /// Every jump the geometry allows (from, over and to all on the board), in the classic
    /// solver's order: column `x` outer, row `y` inner, then the grid's directions in order.
    pub fn jumps(&self) -> &[Jump] {
        &self.jumps
    }

    /// The symmetries of the shape (identity first).
    pub fn symmetries(&self) -> &[Symmetry] {
        &self.symmetries
    }

    /// The canonical form of a set of pegs under the shape's symmetries: the smallest image.
    /// Two positions are equivalent under symmetry exactly when their canonical forms are equal.
    pub fn canonical(&self, pegs: CellSet) -> CellSet {
        self.symmetries
            .iter()
            .map(|s| s.apply(pegs))
            .min()
            .unwrap_or(pegs)
    }

    /// The centre cell: the centre of the shape's bounding box when that is a cell of the
    /// board, else the centroid of the cells when that is a cell; `None` for shapes with no
    /// middle cell (the 15-hole triangle, boards of even width).
    pub fn center(&self) -> Option<Cell> {
        let (x0, y0, x1, y1) = self.cells.bounds()?;
        let by_box = if (x0 + x1) % 2 == 0 && (y0 + y1) % 2 == 0 {
            Cell::new(i32::from(x0 + x1) / 2, i32::from(y0 + y1) / 2)
        } else {
            None
        };
        // On the triangular grid the bounding box of (x, y) is skewed, so the centroid is the
        // honest middle; on the square grid the box centre is what people call the centre.
        let n = self.cells.len() as i32;
        let (sx, sy) = self.cells.iter().fold((0i32, 0i32), |(sx, sy), c| {
            (sx + i32::from(c.x), sy + i32::from(c.y))
        });
        let by_centroid = if sx % n == 0 && sy % n == 0 {
            Cell::new(sx / n, sy / n)
        } else {
            None
        };
        let candidates = match self.grid {
            Grid::Square => [by_box, by_centroid],
            Grid::Triangular => [by_centroid, by_box],
        };
        candidates.into_iter().flatten().find(|&c| self.contains(c))
    }
}

fn geometric_jumps(grid: Grid, cells: CellSet, width: u8, height: u8) -> Vec<Jump> {
    let mut jumps = Vec::new();
    for x in 0..width {
        for y in 0..height {
            let from = Cell { x, y };
            if !cells.contains(from) {
                continue;
            }
            for d in grid.directions() {
                let (dx, dy) = (i32::from(d.dx), i32::from(d.dy));
                let (Some(over), Some(to)) = (from.offset(dx, dy), from.offset(2 * dx, 2 * dy))
                else {
                    continue;
                };
                if cells.contains(over) && cells.contains(to) {
                    jumps.push(Jump { from, over, to });
                }
            }
        }
    }
    jumps
}

fn symmetry_group(grid: Grid, cells: CellSet) -> Vec<Symmetry> {
    let Some((x0, y0, _, _)) = cells.bounds() else {
        return Vec::new();
    };
    let mut group = Vec::new();
    for (name, [a, b, c, d]) in grid.point_group() {
        let image: Vec<(i32, i32)> = cells
            .iter()
            .map(|p| {
                let (x, y) = (i32::from(p.x), i32::from(p.y));
                (a * x + b * y, c * x + d * y)
            })
            .collect();
        // A symmetry of the shape is a point-group map followed by the one translation that
        // puts the image's bounding box back where the shape's is.
        let min_x = image.iter().map(|p| p.0).min().unwrap_or(0);
        let min_y = image.iter().map(|p| p.1).min().unwrap_or(0);
        let (tx, ty) = (i32::from(x0) - min_x, i32::from(y0) - min_y);
        let mut map = vec![0u8; usize::from(MAX_SIDE) * usize::from(MAX_SIDE)];
        let mut ok = true;
        for (p, (x, y)) in cells.iter().zip(&image) {
            match Cell::new(x + tx, y + ty) {
                Some(q) if cells.contains(q) => map[p.index() as usize] = q.index() as u8,
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        if ok {
            group.push(Symmetry { name, map });
        }
    }
    group
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(rows: &[&str]) -> Shape {
        let cells = rows
            .iter()
            .enumerate()
            .flat_map(|(y, row)| {
                row.chars()
                    .enumerate()
                    .filter(|(_, ch)| *ch != ' ')
                    .map(move |(x, _)| Cell {
                        x: x as u8,
                        y: y as u8,
                    })
            })
            .collect();
        Shape::new(Grid::Square, cells)
    }

    #[test]
    fn english_cross_has_all_eight_symmetries_and_76_jumps() {
        let english = square(&[
            "  ###  ", "  ###  ", "#######", "#######", "#######", "  ###  ", "  ###  ",
        ]);
        assert_eq!(english.cells().len(), 33);
        assert_eq!(english.symmetries().len(), 8);
        assert_eq!(english.jumps().len(), 76);
        assert_eq!(english.center(), Some(Cell { x: 3, y: 3 }));
    }

    #[test]
    fn rectangle_keeps_four_symmetries() {
        let rect = square(&["###", "###"]);
        assert_eq!(rect.symmetries().len(), 4);
        assert_eq!(rect.center(), None);
    }

    #[test]
    fn every_symmetry_maps_jumps_to_jumps() {
        let asym = square(&[
            "  ###   ", "  ###   ", "  ###   ", "########", "########", "########", "  ###   ",
            "  ###   ",
        ]);
        let tri_cells: CellSet = (0..6u8)
            .flat_map(|y| (0..=y).map(move |x| Cell { x, y }))
            .collect();
        let tri = Shape::new(Grid::Triangular, tri_cells);
        for shape in [&asym, &tri] {
            for s in shape.symmetries() {
                for j in shape.jumps() {
                    let image = Jump {
                        from: s.apply_cell(j.from),
                        over: s.apply_cell(j.over),
                        to: s.apply_cell(j.to),
                    };
                    assert!(shape.jumps().contains(&image), "{} breaks {j}", s.name);
                }
            }
        }
        assert_eq!(asym.symmetries().len(), 2);
        assert_eq!(tri.symmetries().len(), 6);
    }

    #[test]
    fn hexagon_keeps_all_twelve_triangular_symmetries() {
        // Side 4: row y has x from max(0, y-3) to min(6, y+3).
        let cells: CellSet = (0..7u8)
            .flat_map(|y| (y.saturating_sub(3)..=(y + 3).min(6)).map(move |x| Cell { x, y }))
            .collect();
        let hex = Shape::new(Grid::Triangular, cells);
        assert_eq!(hex.cells().len(), 37);
        assert_eq!(hex.symmetries().len(), 12);
        assert_eq!(hex.center(), Some(Cell { x: 3, y: 3 }));
    }
}
