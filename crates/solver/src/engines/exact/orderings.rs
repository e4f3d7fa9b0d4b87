//! The jump orders the exact solver's workers take turns with.

use crate::boards::compact::{Bits, Compact};
use pegsol_rules::{Cell, Jump};

/// One jump order, with its masks laid out in that order for [`crate::boards::compact::legal_set`].
pub(super) struct Ordered<B> {
    pub(super) jumps: Vec<u16>,
    pub(super) all: Vec<B>,
    pub(super) from_over: Vec<B>,
}

/// The jump orders the workers take turns with. No single order suits every board: the
/// assignment's own order (the reverse of the scan, as its stack pops) finds the English and
/// French solutions almost at once but is slow on the asymmetric board, where clearing the
/// outside first wins. Trying several, with restarts, is robust.
pub(super) fn orderings<B: Bits>(compact: &Compact<B>) -> Vec<Vec<u16>> {
    let (cx, cy) = centroid(&compact.cells);
    let dist = |c: Cell| {
        let (dx, dy) = (f64::from(c.x) - cx, f64::from(c.y) - cy);
        dx * dx + dy * dy
    };
    let by = |score: &dyn Fn(Jump) -> f64| {
        let mut order: Vec<u16> = (0..compact.jumps.len() as u16).collect();
        order.sort_by(|&a, &b| {
            let (a, b) = (
                compact.jumps[usize::from(a)].jump,
                compact.jumps[usize::from(b)].jump,
            );
            score(a).total_cmp(&score(b))
        });
        order
    };
    let scan_reversed: Vec<u16> = (0..compact.jumps.len() as u16).rev().collect();
    vec![
        scan_reversed,
        // Clear pegs far from the middle first, landing towards it.
        by(&|j| -(dist(j.from) + dist(j.over)) + 0.5 * dist(j.to)),
        // Move pegs inward the most.
        by(&|j| dist(j.to) - dist(j.from)),
        // Land as close to the middle as possible.
        by(&|j| dist(j.to)),
    ]
}

fn centroid(cells: &[Cell]) -> (f64, f64) {
    let n = cells.len().max(1) as f64;
    let sx: f64 = cells.iter().map(|c| f64::from(c.x)).sum();
    let sy: f64 = cells.iter().map(|c| f64::from(c.y)).sum();
    (sx / n, sy / n)
}
