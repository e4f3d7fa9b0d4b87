//! The layout editor's model: a board being designed, the paint operations on it, mirror
//! painting, unlimited undo and redo, conversion to and from [`Layout`](crate::Layout), and the live facts
//! and checks an editor shows while a person paints.
//!
//! Pure: no user interface, no threads, no files. The window's editor (in `crates/app`) draws a
//! [`Board`] and turns clicks into calls on an [`Editor`]; everything that changes the board
//! goes through here, so undo and "unsaved changes" are always right. The board itself, its
//! paint operations and its facts are in `board`; this file holds the editor around it: undo,
//! redo, strokes and typing.

mod board;

pub use board::{Board, CellKind, Check, Facts, Mirror, Tool};

use crate::Finish;
use board::frame_cells;
use pegsol_rules::{Cell, CellSet, MAX_SIDE};

/// The most undo steps kept: far more than anyone uses, and a board is a few hundred bytes.
pub const MAX_UNDO: usize = 1000;

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
        });
    }

    /// Sets the name. Consecutive calls (typing) make one undo step.
    pub fn set_name(&mut self, name: &str) {
        self.type_into(Field::Name, |b| b.name = name.to_string());
    }

    /// Sets the description. Consecutive calls (typing) make one undo step.
    pub fn set_description(&mut self, description: &str) {
        self.type_into(Field::Description, |b| {
            b.description = description.to_string();
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
mod tests;
