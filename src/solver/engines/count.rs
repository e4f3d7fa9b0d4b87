//! Counting the positions reachable from a start, jump by jump, and how many can still win.
//!
//! A breadth-first enumeration over canonical forms: level n holds every position n jumps from
//! the start, stored once per symmetry class. The classes are taken under the symmetries that
//! fix both the start and the goal (so the reachable set and the winnable set are closed under
//! them, and raw counts follow from orbit sizes); "up to symmetry" counts use the board's whole
//! group, as the literature does. A backward pass over the stored levels then marks which
//! positions can still reach the goal.

use crate::rules::{CellSet, Goal, Position};
use crate::solver::boards::compact::{Bits, Compact};
use crate::solver::boards::set::BoardSet;
use crate::solver::boards::symmetry::Symmetries;
use crate::solver::{Control, Stop};
use crate::with_bits;

/// The figures for one jump count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LevelCount {
    /// Jumps from the start.
    pub jumps: u32,
    /// Distinct positions.
    pub positions: u64,
    /// Distinct positions up to the board's symmetries.
    pub up_to_symmetry: u64,
    /// Of those, how many can still reach the goal.
    pub winnable_up_to_symmetry: u64,
}

/// Most positions (symmetry classes) held before counting gives up: about 3 GiB with the
/// working sets.
pub const MAX_POSITIONS: u64 = 250_000_000;

/// Counts every level, or stops (cancelled, or more than [`MAX_POSITIONS`]) with the reason.
pub fn count(start: &Position, goal: Goal, control: &mut Control) -> Result<Vec<LevelCount>, Stop> {
    let cells = start.shape().cells().len();
    with_bits!(cells, B => run::<B>(start, goal, control))
}

fn run<B: Bits>(
    start: &Position,
    goal: Goal,
    control: &mut Control,
) -> Result<Vec<LevelCount>, Stop> {
    let shape = start.shape();
    let compact = Compact::<B>::new(shape);
    let keeps = |s: &crate::rules::Symmetry| {
        s.apply(start.pegs()) == start.pegs()
            && match goal {
                Goal::At(c) => s.apply_cell(c) == c,
                Goal::Anywhere => true,
            }
    };
    // The whole group for "up to symmetry"; the subgroup that keeps the start and the goal
    // for the levels themselves.
    let group = Symmetries::all(&compact, shape);
    let sub = Symmetries::new(&compact, shape, keeps);
    let goal_board = match goal {
        Goal::At(c) => Some(compact.encode(CellSet::single(c))),
        Goal::Anywhere => None,
    };
    let is_goal = |b: B| match goal_board {
        Some(g) => b == g,
        None => b.count() == 1,
    };

    // Calls `f` with each child's canonical form until `f` says stop; says whether it did.
    // A child's images are its parent's with one xor each (no allocation per position).
    let children_until = |p: B, f: &mut dyn FnMut(B) -> bool| -> bool {
        let im = sub.images(p);
        compact.legal(p).iter().any(|j| f(sub.child_canon(&im, j)))
    };
    let children = |p: B, f: &mut dyn FnMut(B)| {
        children_until(p, &mut |c| {
            f(c);
            false
        });
    };
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);

    // Forward: every level, as sorted vectors of canonical forms under the subgroup. Each
    // thread takes a slice of the level, writes its children out in a row, sorts and dedups
    // them; a merge joins the runs. For bulk de-duplication this beats a hash set, whose every
    // insert is a cache miss.
    let mut levels: Vec<Vec<B>> = vec![vec![sub.canon(compact.encode(start.pegs()))]];
    let mut held = 1u64;
    let cancel = control.cancel_flag();
    while let Some(current) = levels.last() {
        let chunk = current.len().div_ceil(threads).max(1);
        let parts: Vec<Vec<B>> = std::thread::scope(|scope| {
            let handles: Vec<_> = current
                .chunks(chunk)
                .map(|slice| {
                    let children = &children;
                    scope.spawn(move || {
                        let mut out = Vec::with_capacity(slice.len() * 6);
                        for (i, &p) in slice.iter().enumerate() {
                            children(p, &mut |c| out.push(c));
                            if i % 65_536 == 0 && cancel.load(std::sync::atomic::Ordering::Relaxed)
                            {
                                break;
                            }
                        }
                        out.sort_unstable();
                        out.dedup();
                        out
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_default())
                .collect()
        });
        if control.cancelled() {
            return Err(Stop::Cancelled);
        }
        let next: Vec<B> = parts.into_iter().reduce(merge_dedup).unwrap_or_default();
        control.report(
            held,
            held + next.len() as u64,
            current.first().map_or(0, |b| b.count()),
        );
        if next.is_empty() {
            break;
        }
        held += next.len() as u64;
        if held > MAX_POSITIONS {
            return Err(Stop::Budget);
        }
        levels.push(next);
    }

    // Backward: which positions of each level can still reach the goal. The winners of a
    // level are few, so their set stays in cache while the level below is checked.
    let mut winners: Vec<Vec<B>> = vec![Vec::new(); levels.len()];
    let mut below: Option<BoardSet<B>> = None;
    for n in (0..levels.len()).rev() {
        let win: Vec<B> = levels[n]
            .iter()
            .copied()
            .filter(|&p| {
                if is_goal(p) {
                    return true;
                }
                let Some(w) = &below else { return false };
                children_until(p, &mut |c| w.contains(c))
            })
            .collect();
        let mut set = BoardSet::with_capacity(win.len().max(16));
        for &b in &win {
            set.insert(b);
        }
        below = Some(set);
        winners[n] = win;
        if control.cancelled() {
            return Err(Stop::Cancelled);
        }
    }

    let distinct_under_group = |boards: &[B]| {
        let mut forms: Vec<B> = boards.iter().map(|&b| group.canon(b)).collect();
        forms.sort_unstable();
        forms.dedup();
        forms.len() as u64
    };
    Ok(levels
        .iter()
        .zip(&winners)
        .enumerate()
        .map(|(n, (level, win))| LevelCount {
            jumps: n as u32,
            positions: level.iter().map(|&b| sub.orbit_size(b)).sum(),
            up_to_symmetry: distinct_under_group(level),
            winnable_up_to_symmetry: distinct_under_group(win),
        })
        .collect())
}

/// Merges two sorted, duplicate-free vectors into one.
fn merge_dedup<B: Ord + Copy>(a: Vec<B>, b: Vec<B>) -> Vec<B> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => {
                out.push(a[i]);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                out.push(b[j]);
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}

#[cfg(test)]
mod tests {
    use super::merge_dedup;

    #[test]
    fn merge_keeps_order_and_drops_shared_entries() {
        assert_eq!(
            merge_dedup(vec![1, 3, 5], vec![2, 3, 6]),
            vec![1, 2, 3, 5, 6]
        );
        assert_eq!(merge_dedup(Vec::<u8>::new(), vec![4]), vec![4]);
    }
}
