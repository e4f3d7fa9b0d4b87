//! The layout editor's model: a board being designed, the paint operations on it, mirror
//! painting, unlimited undo and redo, conversion to and from [`Layout`], and the live facts
//! and checks an editor shows while a person paints.
//!
//! Pure: no user interface, no threads, no files. The window's editor (in `src/app`) draws a
//! [`Board`] and turns clicks into calls on an [`Editor`]; everything that changes the board
//! goes through here, so undo and "unsaved changes" are always right.

use super::{render_rows, Finish, Layout, LayoutProblem, Puzzle};
use crate::rules::{Cell, CellSet, Goal, Grid, Shape, MAX_SIDE};
use std::fmt;
use std::sync::Arc;

/// The most undo steps kept: far more than anyone uses, and a board is a few hundred bytes.
pub const MAX_UNDO: usize = 1000;

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

    fn set(&mut self, cell: Cell, kind: CellKind) {
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
    fn triangular_axis(&self) -> Option<i32> {
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
    fn images(&self, cell: Cell, mirror: Mirror, axis: Option<i32>) -> Vec<Cell> {
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
fn frame_cells(width: u8, height: u8) -> impl Iterator<Item = Cell> {
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
                "the start's position class rules out finishing on the finish cell {x},{y}"
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

/// Which text field an edit came from, so typing a word is one undo step, not one per letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Name,
    Description,
    /// The frame size, changed by dragging a number.
    Frame,
}

/// A paint stroke in progress: what it paints, with which mirror, and the triangular axis
/// fixed when it began (so the axis cannot drift while the stroke changes the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stroke {
    kind: CellKind,
    mirror: Mirror,
    axis: Option<i32>,
    /// Whether the stroke has pushed its undo step yet.
    recorded: bool,
}

/// The editor: the board, its undo and redo stacks, the stroke in progress, and the board as
/// last saved (to tell whether there are unsaved changes).
#[derive(Clone, Debug)]
pub struct Editor {
    board: Board,
    undo: Vec<Board>,
    redo: Vec<Board>,
    saved: Option<Board>,
    stroke: Option<Stroke>,
    typing: Option<Field>,
}

impl Editor {
    /// An editor on `board`, which counts as saved (nothing to lose yet).
    pub fn new(board: Board) -> Editor {
        Editor {
            saved: Some(board.clone()),
            board,
            undo: Vec::new(),
            redo: Vec::new(),
            stroke: None,
            typing: None,
        }
    }

    /// An editor on `board` that was never saved (a recovered autosave): it counts as changed.
    pub fn unsaved(board: Board) -> Editor {
        Editor {
            saved: None,
            ..Editor::new(board)
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Whether the board differs from what was last saved or loaded.
    pub fn is_dirty(&self) -> bool {
        self.saved.as_ref() != Some(&self.board)
    }

    /// Records that the board as it is now has been saved.
    pub fn mark_saved(&mut self) {
        self.saved = Some(self.board.clone());
    }

    /// Whether there is something to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is something to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Undoes the last change; `false` if there was none.
    pub fn undo(&mut self) -> bool {
        self.stroke = None;
        self.typing = None;
        match self.undo.pop() {
            Some(previous) => {
                self.redo.push(std::mem::replace(&mut self.board, previous));
                true
            }
            None => false,
        }
    }

    /// Redoes the last change undone; `false` if there was none.
    pub fn redo(&mut self) -> bool {
        self.stroke = None;
        self.typing = None;
        match self.redo.pop() {
            Some(next) => {
                self.undo.push(std::mem::replace(&mut self.board, next));
                true
            }
            None => false,
        }
    }

    /// Applies `f` as one undoable change (nothing is recorded if it changed nothing).
    fn change(&mut self, f: impl FnOnce(&mut Board)) -> bool {
        let before = self.board.clone();
        f(&mut self.board);
        debug_assert!(self.board.pegs.is_subset(self.board.cells));
        if self.board == before {
            return false;
        }
        self.undo.push(before);
        if self.undo.len() > MAX_UNDO {
            self.undo.remove(0);
        }
        self.redo.clear();
        self.typing = None;
        true
    }

    /// Starts a stroke (a click, or the first cell of a drag) on `cell` with `tool`. The
    /// whole stroke is one undo step. Vacancy and Finish act on the click alone.
    pub fn begin_stroke(&mut self, tool: Tool, cell: Cell, mirror: Mirror) {
        self.stroke = None;
        if !self.board.in_frame(cell) {
            return;
        }
        let kind = match tool {
            Tool::Peg => CellKind::Peg,
            Tool::Hole => CellKind::Hole,
            Tool::Off => CellKind::Off,
            Tool::Toggle => match self.board.kind(cell) {
                CellKind::Peg => CellKind::Hole,
                CellKind::Hole | CellKind::Off => CellKind::Peg,
            },
            Tool::Vacancy => {
                self.set_vacancy(cell);
                return;
            }
            Tool::Finish => {
                self.set_finish(Finish::Cell {
                    x: cell.x,
                    y: cell.y,
                });
                return;
            }
        };
        let mut stroke = Stroke {
            kind,
            mirror,
            axis: self.board.triangular_axis(),
            recorded: false,
        };
        stroke.recorded = self.change(|b| {
            for c in b.images(cell, stroke.mirror, stroke.axis) {
                b.set(c, stroke.kind);
            }
        });
        // Later cells of the stroke join this undo step (or push it, if this first cell
        // changed nothing).
        self.stroke = Some(stroke);
    }

    /// Continues the stroke onto `cell` (a drag passing over it).
    pub fn stroke_to(&mut self, cell: Cell) {
        let Some(stroke) = self.stroke else { return };
        let images = self.board.images(cell, stroke.mirror, stroke.axis);
        if images.iter().all(|&c| self.board.kind(c) == stroke.kind) {
            return;
        }
        if stroke.recorded {
            for c in images {
                self.board.set(c, stroke.kind);
            }
            self.redo.clear();
        } else {
            self.change(|b| {
                for c in images {
                    b.set(c, stroke.kind);
                }
            });
            self.stroke = Some(Stroke {
                recorded: true,
                ..stroke
            });
        }
    }

    /// Ends the stroke.
    pub fn end_stroke(&mut self) {
        self.stroke = None;
    }

    /// A click: a stroke of one cell.
    pub fn click(&mut self, tool: Tool, cell: Cell, mirror: Mirror) {
        self.begin_stroke(tool, cell, mirror);
        self.end_stroke();
    }

    /// Fills every empty hole with a peg.
    pub fn fill(&mut self) -> bool {
        self.change(|b| b.pegs = b.cells)
    }

    /// Empties every hole.
    pub fn empty_holes(&mut self) -> bool {
        self.change(|b| b.pegs = CellSet::EMPTY)
    }

    /// Takes every cell off the board, to paint a shape from nothing.
    pub fn clear(&mut self) -> bool {
        self.change(|b| {
            b.cells = CellSet::EMPTY;
            b.pegs = CellSet::EMPTY;
        })
    }

    /// A single-vacancy start: every hole gets a peg except `cell` (which must be a hole).
    pub fn set_vacancy(&mut self, cell: Cell) -> bool {
        if !self.board.cells.contains(cell) {
            return false;
        }
        self.change(|b| b.pegs = b.cells - CellSet::single(cell))
    }

    /// Sets the finish.
    pub fn set_finish(&mut self, finish: Finish) -> bool {
        self.change(|b| b.finish = finish)
    }

    /// Changes the frame to `width` x `height` (clamped to 1..=11), dropping cells outside it.
    /// Consecutive calls (dragging the size) make one undo step.
    pub fn resize(&mut self, width: u8, height: u8) {
        let (w, h) = (width.clamp(1, MAX_SIDE), height.clamp(1, MAX_SIDE));
        self.type_into(Field::Frame, |b| {
            b.width = w;
            b.height = h;
            let inside: CellSet = frame_cells(w, h).collect();
            b.cells &= inside;
            b.pegs &= inside;
        })
    }

    /// Sets the name. Consecutive calls (typing) make one undo step.
    pub fn set_name(&mut self, name: &str) {
        self.type_into(Field::Name, |b| b.name = name.to_string());
    }

    /// Sets the description. Consecutive calls (typing) make one undo step.
    pub fn set_description(&mut self, description: &str) {
        self.type_into(Field::Description, |b| {
            b.description = description.to_string()
        });
    }

    fn type_into(&mut self, field: Field, f: impl FnOnce(&mut Board)) {
        if self.typing == Some(field) {
            f(&mut self.board);
            self.redo.clear();
        } else if self.change(f) {
            self.typing = Some(field);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::catalogue;

    fn c(x: u8, y: u8) -> Cell {
        Cell { x, y }
    }

    fn english() -> Board {
        let layout = catalogue::find("english").unwrap().layout().unwrap();
        Board::from_layout(&layout).unwrap()
    }

    #[test]
    fn a_new_square_board_is_full_but_its_centre() {
        let b = Board::new(Grid::Square, 5, 5);
        assert_eq!(b.cells.len(), 25);
        assert_eq!(b.pegs.len(), 24);
        assert_eq!(b.kind(c(2, 2)), CellKind::Hole);
        assert!(b.facts().puzzle.is_some());
    }

    #[test]
    fn a_new_triangular_board_is_a_triangle() {
        let b = Board::new(Grid::Triangular, 5, 5);
        assert_eq!(b.cells.len(), 15);
        assert_eq!(b.kind(c(0, 0)), CellKind::Hole);
        assert_eq!(b.facts().symmetries.len(), 6);
    }

    #[test]
    fn layouts_round_trip_through_the_board() {
        for e in catalogue::ENTRIES {
            let layout = e.layout().unwrap();
            let board = Board::from_layout(&layout).unwrap();
            let again = Board::from_layout(&board.to_layout()).unwrap();
            assert_eq!(again, board, "{}", e.key);
            assert_eq!(
                board.to_layout().validate().unwrap().start,
                layout.validate().unwrap().start
            );
        }
    }

    #[test]
    fn rows_a_board_cannot_hold_are_refused() {
        let bad = Layout::from_rows("x", &["o x ."]);
        assert!(matches!(
            Board::from_layout(&bad).unwrap_err()[..],
            [LayoutProblem::UnknownCharacter { .. }]
        ));
        let wide = Layout::from_rows("x", &["o o o o o o o o o o o o"]);
        assert!(Board::from_layout(&wide).is_err());
    }

    #[test]
    fn painting_and_undo_redo() {
        let mut e = Editor::new(english());
        assert!(!e.is_dirty());
        e.click(Tool::Off, c(3, 0), Mirror::Off);
        assert_eq!(e.board().kind(c(3, 0)), CellKind::Off);
        assert!(e.is_dirty());
        assert!(e.undo());
        assert_eq!(e.board().kind(c(3, 0)), CellKind::Peg);
        assert!(!e.is_dirty());
        assert!(e.redo());
        assert_eq!(e.board().kind(c(3, 0)), CellKind::Off);
        assert!(!e.redo());
        e.mark_saved();
        assert!(!e.is_dirty());
    }

    #[test]
    fn a_drag_is_one_undo_step() {
        let mut e = Editor::new(Board::new(Grid::Square, 5, 5));
        e.begin_stroke(Tool::Off, c(0, 0), Mirror::Off);
        e.stroke_to(c(1, 0));
        e.stroke_to(c(2, 0));
        e.end_stroke();
        assert_eq!(e.board().cells.len(), 22);
        assert!(e.undo());
        assert_eq!(e.board().cells.len(), 25);
        assert!(!e.can_undo());
    }

    #[test]
    fn a_drag_starting_on_an_unchanged_cell_is_still_one_step() {
        let mut e = Editor::new(Board::new(Grid::Square, 5, 5));
        e.begin_stroke(Tool::Peg, c(0, 0), Mirror::Off); // already a peg
        e.stroke_to(c(2, 2)); // the vacancy
        e.stroke_to(c(3, 3));
        e.end_stroke();
        assert_eq!(e.board().pegs.len(), 25);
        assert!(e.undo());
        assert_eq!(e.board().pegs.len(), 24);
        assert!(!e.can_undo());
    }

    #[test]
    fn toggle_flips_by_the_first_cell() {
        let mut e = Editor::new(Board::new(Grid::Square, 5, 5));
        e.begin_stroke(Tool::Toggle, c(0, 0), Mirror::Off);
        e.stroke_to(c(2, 2)); // a hole: the stroke paints holes
        e.end_stroke();
        assert_eq!(e.board().kind(c(0, 0)), CellKind::Hole);
        assert_eq!(e.board().kind(c(2, 2)), CellKind::Hole);
        e.click(Tool::Toggle, c(2, 2), Mirror::Off);
        assert_eq!(e.board().kind(c(2, 2)), CellKind::Peg);
    }

    #[test]
    fn mirrors_on_the_square_grid() {
        let mut e = Editor::new(Board::new(Grid::Square, 7, 5));
        e.click(Tool::Off, c(0, 0), Mirror::Both);
        for cell in [c(0, 0), c(6, 0), c(0, 4), c(6, 4)] {
            assert_eq!(e.board().kind(cell), CellKind::Off, "{cell}");
        }
        e.click(Tool::Off, c(1, 1), Mirror::LeftRight);
        assert_eq!(e.board().kind(c(5, 1)), CellKind::Off);
        assert_eq!(e.board().kind(c(1, 3)), CellKind::Peg);
        e.click(Tool::Off, c(2, 0), Mirror::TopBottom);
        assert_eq!(e.board().kind(c(2, 4)), CellKind::Off);
    }

    #[test]
    fn the_triangular_mirror_keeps_the_triangle() {
        let mut e = Editor::new(Board::new(Grid::Triangular, 5, 5));
        e.click(Tool::Off, c(0, 4), Mirror::LeftRight);
        assert_eq!(e.board().kind(c(4, 4)), CellKind::Off);
        assert_eq!(
            e.board().facts().symmetries.len(),
            2,
            "still mirror-symmetric"
        );
        // Top-bottom is not offered there, and falls back to left-right.
        assert_eq!(Mirror::available(Grid::Triangular).len(), 2);
    }

    #[test]
    fn fill_clear_vacancy_and_finish() {
        let mut e = Editor::new(english());
        e.fill();
        assert_eq!(e.board().pegs.len(), 33);
        assert!(e
            .board()
            .facts()
            .checks
            .contains(&Check::Layout(LayoutProblem::NoEmptyHole)));
        e.set_vacancy(c(3, 3));
        assert_eq!(e.board().pegs.len(), 32);
        e.click(Tool::Finish, c(3, 3), Mirror::Off);
        assert_eq!(e.board().finish, Finish::Cell { x: 3, y: 3 });
        e.empty_holes();
        assert!(e
            .board()
            .facts()
            .checks
            .contains(&Check::Layout(LayoutProblem::NoPeg)));
        e.clear();
        assert!(e
            .board()
            .facts()
            .checks
            .contains(&Check::Layout(LayoutProblem::NoCells)));
        assert_eq!(e.board().cells.len(), 0);
        // Each was one step: undo all the way back.
        for _ in 0..5 {
            assert!(e.undo());
        }
        assert_eq!(e.board(), &english());
    }

    #[test]
    fn the_class_checks_and_first_jump() {
        // The French board from its centre: no one-peg finish anywhere.
        let french = catalogue::find("french").unwrap().layout().unwrap();
        let mut b = Board::from_layout(&french).unwrap();
        b.pegs = b.cells - CellSet::single(c(3, 3));
        assert!(b.facts().checks.contains(&Check::NoOnePegFinish));
        // The English board from the centre, finishing off the classic cells.
        let mut b = english();
        b.finish = Finish::Cell { x: 3, y: 2 };
        assert!(b
            .facts()
            .checks
            .contains(&Check::FinishRuledOut { x: 3, y: 2 }));
        // Two pegs apart with holes round them: no first jump.
        let l = Layout::from_rows("x", &["o . o . ."]);
        let b = Board::from_layout(&l).unwrap();
        assert!(b.facts().checks.contains(&Check::NoFirstJump));
    }

    #[test]
    fn typing_is_one_undo_step_and_resize_drops_cells() {
        let mut e = Editor::new(english());
        e.set_name("E");
        e.set_name("En");
        e.set_name("Eng");
        assert_eq!(e.board().name, "Eng");
        e.undo();
        assert_eq!(e.board().name, "English");
        e.resize(6, 6);
        e.resize(5, 5);
        assert_eq!((e.board().width, e.board().height), (5, 5));
        assert!(e.board().cells.iter().all(|c| c.x < 5 && c.y < 5));
        assert_eq!(e.board().facts().symmetry_group, "D1: one mirror");
        e.undo();
        assert_eq!(e.board(), &english(), "dragging the size is one step");
    }

    #[test]
    fn group_names() {
        assert!(english().facts().symmetry_group.starts_with("D4"));
    }
}
