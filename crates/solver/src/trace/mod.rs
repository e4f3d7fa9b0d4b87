//! Watching the assignment's search: the order in which it expands nodes, and where a
//! student's own program expands another.
//!
//! - [`steps`]: [`ClassicTrace`], the classic engine's search stepped one expansion at a time
//!   (what `pegsol trace` streams and the window's Search view plays);
//! - [`beam`]: [`BeamTrace`], the exact solver's beam stepped one level at a time;
//! - [`exact`]: [`ExactTrace`], the exact solver's depth-first search with its failure table,
//!   stepped the same way, for the Search view;
//! - [`student`]: a student's trace file (`DEPTH PEGS JUMP` a line, then optionally the
//!   assignment's STATS block), read and checked line by line;
//! - [`variants`]: the assignment's search with the changes students make to it (scan order,
//!   direction order, duplicate check, budget test, winning test), to name a likely cause;
//! - [`mod@compare`]: the first expansion where a student's trace and the search differ, both
//!   sides' nodes and paths, and the variant that explains the student's trace, if one does.
//!
//! Nothing here knows about a user interface: the command line and the window draw what
//! these return.

pub mod beam;
pub mod compare;
pub mod exact;
pub mod steps;
pub mod student;
pub mod variants;

pub use beam::{BeamCounters, BeamTrace, Level, LevelEnd};
pub use compare::{compare, Cause, Comparison, Difference, DifferenceKind, Side};
pub use exact::{Cut, ExactCounters, ExactResult, ExactTrace};
pub use steps::{ClassicTrace, Counters};
pub use student::{StudentTrace, TraceError};
pub use variants::{Variant, VariantSearch};

use pegsol_rules::Jump;

/// One expansion, as a trace line tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Expansion {
    /// Which expansion, counted from 1 (the start is expansion 1).
    pub n: u64,
    /// Jumps from the start to the node.
    pub depth: u32,
    /// Pegs on the node's board.
    pub pegs: u32,
    /// The jump that made the node (`None` for the start).
    pub jump: Option<Jump>,
}

/// Keeps the path from the start to the node a depth-first trace expands: the node at depth
/// `d` is a child of the last node expanded at depth `d - 1`, so a trace's lines alone give
/// every node's path.
#[derive(Clone, Debug, Default)]
pub struct PathKeeper {
    path: Vec<Jump>,
}

impl PathKeeper {
    /// Takes in the next expansion of a depth-first trace; `false` (and nothing changed) if
    /// its depth is more than one below the deepest path kept, or a node past the start has
    /// no jump.
    pub fn push(&mut self, depth: u32, jump: Option<Jump>) -> bool {
        let d = depth as usize;
        match jump {
            None if d == 0 => {
                self.path.clear();
                true
            }
            Some(j) if d >= 1 && d - 1 <= self.path.len() => {
                self.path.truncate(d - 1);
                self.path.push(j);
                true
            }
            _ => false,
        }
    }

    /// The jumps from the start to the node taken in last.
    pub fn path(&self) -> &[Jump] {
        &self.path
    }
}
