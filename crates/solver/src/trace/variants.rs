//! The assignment's search with the changes students make to it, to tell which one a
//! student's trace follows.
//!
//! A [`Variant`] is the assignment's search ([`Variant::assignment`]) with some of these
//! changed: the scan order (rows outer instead of columns), the order of the directions at a
//! cell, the duplicate check (none, or up to the board's symmetries), where the budget is
//! tested (before the children are generated instead of after), and where the win is tested
//! (when a node is expanded instead of when it is generated). [`VariantSearch`] runs one,
//! plainly (cell sets and a hash set: it only has to keep up with a student's trace, not with
//! the classic engine); with no change it expands exactly the engine's nodes, which a test
//! checks.

use super::Expansion;
use crate::Stop;
use pegsol_rules::{CellSet, Jump, Position, Shape};
use rustc_hash::FxHashSet;
use std::sync::Arc;

/// Which loop is outside in the scan over the cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scan {
    /// Column `x` outer, row `y` inner: the assignment's.
    Columns,
    /// Row `y` outer, column `x` inner.
    Rows,
}

/// Which children are dropped as duplicates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Duplicates {
    /// A board seen before (the assignment's).
    Seen,
    /// None: every child is pushed.
    Unchecked,
    /// A board equal to one seen before up to the board's symmetries.
    UpToSymmetry,
}

/// A variant of the assignment's search.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    /// The scan over the cells.
    pub scan: Scan,
    /// The directions at a cell, as indices into the grid's directions in the assignment's
    /// order (square: Left, Right, Up, Down); the assignment's is `0, 1, 2, ...`.
    pub directions: Vec<usize>,
    /// The duplicate check.
    pub duplicates: Duplicates,
    /// Whether the budget is tested right after a node is popped and counted, before its
    /// children are generated (the assignment tests it after them).
    pub budget_before_children: bool,
    /// Whether the win is tested when a node with one peg is expanded (the assignment tests
    /// each child as it is generated and stops at once).
    pub win_at_expansion: bool,
}

impl Variant {
    /// The assignment's search, on a grid with `directions` directions.
    pub fn assignment(directions: usize) -> Variant {
        Variant {
            scan: Scan::Columns,
            directions: (0..directions).collect(),
            duplicates: Duplicates::Seen,
            budget_before_children: false,
            win_at_expansion: false,
        }
    }

    /// Whether the directions are in the assignment's order.
    pub fn assignment_directions(&self) -> bool {
        self.directions.iter().enumerate().all(|(i, &d)| i == d)
    }
}

/// A variant's search, one expansion at a time.
pub struct VariantSearch {
    shape: Arc<Shape>,
    jumps: Vec<Jump>,
    all: Vec<CellSet>,
    variant: Variant,
    budget: u64,
    /// Board, depth, jump (index into `jumps`; `u16::MAX` for the start).
    stack: Vec<(CellSet, u32, u16)>,
    seen: FxHashSet<CellSet>,
    expanded: u64,
    generated: u64,
    stop: Option<Stop>,
}

impl VariantSearch {
    /// `variant`'s search from `start` with a budget of `budget` expansions.
    pub fn new(start: &Position, budget: u64, variant: Variant) -> VariantSearch {
        let shape = start.shape().clone();
        let directions = shape.grid().directions();
        let rank = |j: &Jump| {
            let (dx, dy) = (
                i32::from(j.over.x) - i32::from(j.from.x),
                i32::from(j.over.y) - i32::from(j.from.y),
            );
            let d = directions
                .iter()
                .position(|d| i32::from(d.dx) == dx && i32::from(d.dy) == dy)
                .unwrap_or(usize::MAX);
            variant
                .directions
                .iter()
                .position(|&v| v == d)
                .unwrap_or(usize::MAX)
        };
        let mut jumps = shape.jumps().to_vec();
        jumps.sort_by_key(|j| {
            let (x, y) = (j.from.x, j.from.y);
            let cell = match variant.scan {
                Scan::Columns => (x, y),
                Scan::Rows => (y, x),
            };
            (cell, rank(j))
        });
        let all = jumps.iter().map(|j| j.cells()).collect();
        VariantSearch {
            shape,
            jumps,
            all,
            variant,
            budget,
            stack: vec![(start.pegs(), 0, u16::MAX)],
            seen: FxHashSet::default(),
            expanded: 0,
            generated: 0,
            stop: None,
        }
    }

    /// Children generated so far.
    pub fn generated(&self) -> u64 {
        self.generated
    }

    /// Why the search stopped, once it has.
    pub fn stopped(&self) -> Option<Stop> {
        self.stop
    }

    fn key(&self, board: CellSet) -> CellSet {
        match self.variant.duplicates {
            Duplicates::UpToSymmetry => self.shape.canonical(board),
            _ => board,
        }
    }

    /// Expands the next node and says which it was; `None` once the search has stopped.
    pub fn expand(&mut self) -> Option<Expansion> {
        if self.stop.is_some() {
            return None;
        }
        let Some((board, depth, jump)) = self.stack.pop() else {
            self.stop = Some(Stop::Exhausted);
            return None;
        };
        self.expanded += 1;
        let pegs = board.len();
        let expansion = Expansion {
            n: self.expanded,
            depth,
            pegs,
            jump: self.jumps.get(usize::from(jump)).copied(),
        };
        if self.variant.win_at_expansion && pegs == 1 {
            self.stop = Some(Stop::Solved);
            return Some(expansion);
        }
        if self.variant.budget_before_children && self.expanded >= self.budget {
            self.stop = Some(Stop::Budget);
            return Some(expansion);
        }
        for (i, j) in self.jumps.iter().enumerate() {
            let cells = self.all[i];
            if board & cells != CellSet::single(j.from) | CellSet::single(j.over) {
                continue;
            }
            let child = board ^ cells;
            self.generated += 1;
            if !self.variant.win_at_expansion && pegs - 1 == 1 {
                self.stop = Some(Stop::Solved);
                return Some(expansion);
            }
            let fresh = match self.variant.duplicates {
                Duplicates::Unchecked => true,
                _ => self.seen.insert(self.key(child)),
            };
            if fresh {
                self.stack.push((child, depth + 1, i as u16));
            }
        }
        if self.expanded >= self.budget {
            self.stop = Some(Stop::Budget);
        }
        Some(expansion)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::ClassicTrace;
    use pegsol_layout::load::resolve_puzzle;

    #[test]
    fn the_assignment_variant_expands_the_engines_nodes_on_every_level() {
        for level in ["0", "1", "2", "3", "4", "5", "6", "7", "8", "triangle"] {
            let p = resolve_puzzle(level).unwrap();
            let budget = 20_000;
            let variant = Variant::assignment(p.shape().grid().directions().len());
            let mut plain = VariantSearch::new(&p.start, budget, variant);
            let mut engine = ClassicTrace::new(&p.start, budget);
            loop {
                let (a, b) = (plain.expand(), engine.expand());
                assert_eq!(a, b, "level {level}");
                if a.is_none() {
                    break;
                }
            }
            assert_eq!(plain.generated(), engine.counters().generated, "{level}");
            assert_eq!(plain.stopped(), engine.stopped(), "{level}");
        }
    }

    #[test]
    fn rows_outer_scan_changes_the_second_expansion_on_level_5() {
        // The start's four jumps are pushed in another order, so another is popped first.
        let p = resolve_puzzle("5").unwrap();
        let mut rows = VariantSearch::new(
            &p.start,
            10,
            Variant {
                scan: Scan::Rows,
                ..Variant::assignment(4)
            },
        );
        let mut engine = ClassicTrace::new(&p.start, 10);
        assert_eq!(rows.expand(), engine.expand());
        assert_ne!(rows.expand(), engine.expand());
    }
}
