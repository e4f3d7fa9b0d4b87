//! The board being designed: its frame of cells, the paint and mirror operations on it,
//! conversion to and from [`Layout`], and the live facts and checks (holes, pegs, symmetry,
//! position class, every problem) an editor shows while a person paints.
//!
//! Pure: no user interface, no threads, no files.

use crate::{render_rows, Finish, Layout, LayoutProblem, Puzzle};
use pegsol_rules::{Cell, CellSet, Goal, Grid, Shape, MAX_SIDE};
use std::fmt;
use std::sync::Arc;

/// What a cell of the frame is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellKind {
    /// Not part of the board.
    Off,
    /// An empty hole.
    Hole,
    /// A hole with a peg in it.
    Peg,
}

/// What a click or a drag on the canvas does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Tool {
    /// Put a peg (making the cell a hole of the board if it was not).
    #[default]
    Peg,
    /// Make an empty hole.
    Hole,
    /// Take the cell off the board.
    Off,
    /// Flip peg and hole; an off-board cell gets a peg. The first cell of a drag decides what
    /// the whole drag paints, as in any paint program.
    Toggle,
    /// Fill every hole with a peg except the one clicked: a single-vacancy start.
    Vacancy,
    /// Make the clicked cell the finish cell.
    Finish,
}

impl Tool {
    /// Every tool, in toolbar order.
    pub const ALL: [Tool; 6] = [
        Tool::Peg,
        Tool::Hole,
        Tool::Off,
        Tool::Toggle,
        Tool::Vacancy,
        Tool::Finish,
    ];

    /// The tool's name on its button.
    pub fn name(self) -> &'static str {
        match self {
            Tool::Peg => "Peg",
            Tool::Hole => "Hole",
            Tool::Off => "Off-board",
            Tool::Toggle => "Toggle",
            Tool::Vacancy => "Start vacancy",
            Tool::Finish => "Finish cell",
        }
    }
}

/// Mirror painting: every paint is repeated on the mirror images of the cell.
///
/// On the square grid the axes are the frame's middle column and middle row. On the
/// triangular grid only the left-right mirror is offered: the vertical axis of the board as
/// drawn (the middle of its holes' extent; the apex column of a new triangle), mapping
/// `(x, y)` to `(k + y - x, y)`. A horizontal axis would turn a triangle upside down, which is
/// not a board of the same lattice orientation people design, so it is left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Mirror {
    /// Paint one cell.
    #[default]
    Off,
    /// Mirror across the vertical axis.
    LeftRight,
    /// Mirror across the horizontal axis (square grid only).
    TopBottom,
    /// Both axes: four cells at once (square grid only).
    Both,
}

impl Mirror {
    /// The mirrors that mean something on `grid`.
    pub fn available(grid: Grid) -> &'static [Mirror] {
        match grid {
            Grid::Square => &[
                Mirror::Off,
                Mirror::LeftRight,
                Mirror::TopBottom,
                Mirror::Both,
            ],
            Grid::Triangular => &[Mirror::Off, Mirror::LeftRight],
        }
    }

    /// The mirror's name on its button.
    pub fn name(self) -> &'static str {
        match self {
            Mirror::Off => "No mirror",
            Mirror::LeftRight => "Left-right",
            Mirror::TopBottom => "Top-bottom",
            Mirror::Both => "Both axes",
        }
    }
}

/// A board being designed: a frame of cells, each off-board, a hole or a peg, plus the
/// layout's name, description and finish.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Human title.
    pub name: String,
    /// One line saying what the board is.
    pub description: String,
    /// The lattice.
    pub grid: Grid,
    /// Columns of the frame (1..=11).
    pub width: u8,
    /// Rows of the frame (1..=11).
    pub height: u8,
    /// The holes (with or without a peg).
    pub cells: CellSet,
    /// The pegs (always a subset of `cells`).
    pub pegs: CellSet,
    /// The win condition.
    pub finish: Finish,
}

impl Board {
    /// A new board filling a `width` x `height` frame (clamped to 1..=11): every cell a peg on
    /// the square grid, the triangle `x <= y` on the triangular grid, with one vacancy (the
    /// centre, or the triangle's apex) so it is a playable start from the first moment.
    pub fn new(grid: Grid, width: u8, height: u8) -> Board {
        let (width, height) = (width.clamp(1, MAX_SIDE), height.clamp(1, MAX_SIDE));
        let cells: CellSet = frame_cells(width, height)
            .filter(|c| grid == Grid::Square || c.x <= c.y)
            .collect();
        let shape = Shape::new(grid, cells);
        let vacancy = match grid {
            Grid::Square => shape.center().or_else(|| cells.iter().next()),
            Grid::Triangular => cells.iter().next(),
        };
        let pegs = vacancy.map_or(cells, |v| cells - CellSet::single(v));
        Board {
            name: "New board".into(),
            description: String::new(),
            grid,
            width,
            height,
            cells,
            pegs,
            finish: Finish::Anywhere,
        }
    }

    /// The board a layout describes. Fails, listing the problems, when the rows hold
    /// something a board cannot (unknown characters, more than 11x11 cells): the editor
    /// shows those and keeps what it had, rather than silently dropping parts of a file.
    pub fn from_layout(layout: &Layout) -> Result<Board, Vec<LayoutProblem>> {
        let (cells, pegs, problems) = layout.cells_and_pegs();
        if !problems.is_empty() {
            return Err(problems);
        }
        let (width, height) = layout.frame();
        Ok(Board {
            name: layout.name.clone(),
            description: layout.description.clone(),
            grid: layout.grid,
            width: width.max(1),
            height: height.max(1),
            cells,
            pegs,
            finish: layout.finish,
        })
    }

    /// The layout to save: the table's rows over the frame.
    pub fn to_layout(&self) -> Layout {
        Layout {
            name: self.name.clone(),
            description: self.description.clone(),
            grid: self.grid,
            rows: render_rows(self.cells, self.pegs, (self.width, self.height)),
            finish: self.finish,
        }
    }

    /// Every cell of the frame, row by row.
    pub fn frame_cells(&self) -> impl Iterator<Item = Cell> {
        frame_cells(self.width, self.height)
    }

    /// What `cell` is.
    pub fn kind(&self, cell: Cell) -> CellKind {
        if self.pegs.contains(cell) {
            CellKind::Peg
        } else if self.cells.contains(cell) {
            CellKind::Hole
        } else {
            CellKind::Off
        }
    }

    /// Whether `cell` lies in the frame.
    pub fn in_frame(&self, cell: Cell) -> bool {
        cell.x < self.width && cell.y < self.height
    }

    pub(super) fn set(&mut self, cell: Cell, kind: CellKind) {
        if !self.in_frame(cell) {
            return;
        }
        self.cells.remove(cell);
        self.pegs.remove(cell);
        match kind {
            CellKind::Off => {}
            CellKind::Hole => self.cells.insert(cell),
            CellKind::Peg => {
                self.cells.insert(cell);
                self.pegs.insert(cell);
            }
        }
    }

    /// The shape of the board's holes.
    pub fn shape(&self) -> Shape {
        Shape::new(self.grid, self.cells)
    }

    /// The triangular grid's left-right axis constant `k` (images are `(k + y - x, y)`), or
    /// `None` when the holes' extent has no lattice axis (its middle falls between cells).
    pub(super) fn triangular_axis(&self) -> Option<i32> {
        // Twice the drawn column, 2x - y, keeps the arithmetic in integers.
        let doubled: Vec<i32> = self
            .cells
            .iter()
            .map(|c| 2 * i32::from(c.x) - i32::from(c.y))
            .collect();
        let (Some(lo), Some(hi)) = (doubled.iter().min(), doubled.iter().max()) else {
            return Some(0);
        };
        let sum = lo + hi;
        (sum % 2 == 0).then_some(sum / 2)
    }

    /// `cell` and its mirror images in the frame (no repeats), for painting with `mirror`.
    /// `axis` is the triangular axis fixed at the start of a stroke.
    pub(super) fn images(&self, cell: Cell, mirror: Mirror, axis: Option<i32>) -> Vec<Cell> {
        let (x, y) = (i32::from(cell.x), i32::from(cell.y));
        let (w, h) = (i32::from(self.width), i32::from(self.height));
        let points: Vec<(i32, i32)> = match (self.grid, mirror) {
            (_, Mirror::Off) => vec![(x, y)],
            (Grid::Square, Mirror::LeftRight) => vec![(x, y), (w - 1 - x, y)],
            (Grid::Square, Mirror::TopBottom) => vec![(x, y), (x, h - 1 - y)],
            (Grid::Square, Mirror::Both) => vec![
                (x, y),
                (w - 1 - x, y),
                (x, h - 1 - y),
                (w - 1 - x, h - 1 - y),
            ],
            // Only the left-right mirror keeps a triangular board's orientation (see
            // [`Mirror`]); the others fall back to it.
            (Grid::Triangular, _) => match axis {
                Some(k) => vec![(x, y), (k + y - x, y)],
                None => vec![(x, y)],
            },
        };
        let mut out: Vec<Cell> = Vec::with_capacity(points.len());
        for (x, y) in points {
            if let Some(c) = Cell::new(x, y).filter(|c| self.in_frame(*c)) {
                if !out.contains(&c) {
                    out.push(c);
                }
            }
        }
        out
    }

    /// The key of everything the solver's verdict depends on.
    pub fn puzzle_key(&self) -> (Grid, CellSet, CellSet, Finish) {
        (self.grid, self.cells, self.pegs, self.finish)
    }

    /// The key of everything a start analysis depends on (the holes, not the pegs).
    pub fn shape_key(&self) -> (Grid, CellSet) {
        (self.grid, self.cells)
    }

    /// The live facts and every check, for the panel beside the canvas.
    pub fn facts(&self) -> Facts {
        let layout = self.to_layout();
        let validated = layout.validate();
        let shape = Arc::new(self.shape());
        let symmetries: Vec<&'static str> = shape.symmetries().iter().map(|s| s.name).collect();
        let possible = if self.pegs.is_empty() {
            CellSet::EMPTY
        } else {
            shape.possible_finishes(self.pegs)
        };
        let mut checks: Vec<Check> = Vec::new();
        let puzzle = match validated {
            Ok(p) => Some(p),
            Err(problems) => {
                checks.extend(problems.into_iter().map(Check::Layout));
                None
            }
        };
        if let Some(p) = &puzzle {
            if p.start.peg_count() > 1 && p.start.legal_jumps().is_empty() {
                checks.push(Check::NoFirstJump);
            }
            if possible.is_empty() {
                checks.push(Check::NoOnePegFinish);
            } else if let Goal::At(c) = p.goal {
                if !possible.contains(c) {
                    checks.push(Check::FinishRuledOut { x: c.x, y: c.y });
                }
            }
        }
        Facts {
            holes: self.cells.len(),
            pegs: self.pegs.len(),
            empty: (self.cells - self.pegs).len(),
            symmetry_group: group_name(&symmetries),
            symmetries,
            possible_finishes: possible,
            checks,
            puzzle,
        }
    }
}

/// Every cell of a `width` x `height` frame, row by row.
pub(super) fn frame_cells(width: u8, height: u8) -> impl Iterator<Item = Cell> {
    (0..height).flat_map(move |y| (0..width).map(move |x| Cell { x, y }))
}

/// The usual name of a symmetry group from its members' names: `C_n` for `n` rotations
/// alone, `D_n` for `n` rotations with `n` mirrors.
fn group_name(names: &[&str]) -> String {
    let mirrors = names.iter().filter(|n| n.starts_with("mirror")).count();
    let rotations = names.len() - mirrors;
    match (rotations, mirrors) {
        (1, 0) => "none (C1)".to_string(),
        (r, 0) => format!("C{r}: rotations only"),
        (1, 1) => "D1: one mirror".to_string(),
        (r, _) => format!("D{r}: {r} rotations and {r} mirrors"),
    }
}

/// One thing the editor warns about. Layout problems make the board unplayable; the others
/// say it can be played but never won as asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// A problem [`Layout::validate`] found.
    Layout(LayoutProblem),
    /// No peg can jump at the start.
    NoFirstJump,
    /// The start's position class has no single-cell finish at all.
    NoOnePegFinish,
    /// The finish cell is in another position class than the start.
    FinishRuledOut {
        /// Column.
        x: u8,
        /// Row.
        y: u8,
    },
}

impl Check {
    /// Whether the board cannot be played at all (rather than not won).
    pub fn blocks_play(&self) -> bool {
        matches!(self, Check::Layout(_))
    }
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Check::Layout(p) => write!(f, "{p}"),
            Check::NoFirstJump => write!(f, "no peg can jump at the start: there is no first move"),
            Check::NoOnePegFinish => write!(
                f,
                "the start's position class rules out finishing with one peg anywhere"
            ),
            Check::FinishRuledOut { x, y } => write!(
                f,
                "the start's position class rules out finishing on the finish cell {}",
                pegsol_rules::cell_name(pegsol_rules::Cell { x: *x, y: *y })
            ),
        }
    }
}

/// What the editor shows about the board as it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    /// Holes of the board (with or without a peg).
    pub holes: u32,
    /// Pegs.
    pub pegs: u32,
    /// Empty holes.
    pub empty: u32,
    /// The symmetry group's name, e.g. "D4: 4 rotations and 4 mirrors".
    pub symmetry_group: String,
    /// The names of the symmetries, identity first.
    pub symmetries: Vec<&'static str>,
    /// Cells a one-peg finish could be on, by the position class alone.
    pub possible_finishes: CellSet,
    /// Every problem and warning.
    pub checks: Vec<Check>,
    /// The playable puzzle, when there is no layout problem.
    pub puzzle: Option<Puzzle>,
}
