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

/// Byte-wise lookup tables that map a board through one symmetry in `ceil(n/8)` lookups.
struct SymTable<B> {
    bytes: usize,
    table: Vec<B>,
}

impl<B: Bits> SymTable<B> {
    fn new(perm: &[u32]) -> SymTable<B> {
        let bytes = perm.len().div_ceil(8);
        let mut table = vec![B::ZERO; bytes * 256];
        for byte in 0..bytes {
            for value in 0..256usize {
                let mut out = B::ZERO;
                for bit in 0..8 {
                    let i = byte * 8 + bit;
                    if value >> bit & 1 == 1 && i < perm.len() {
                        out = out | B::bit(perm[i]);
                    }
                }
                table[byte * 256 + value] = out;
            }
        }
        SymTable { bytes, table }
    }

    #[inline]
    fn apply(&self, b: B) -> B {
        let mut out = B::ZERO;
        let mut rest = b;
        for byte in 0..self.bytes {
            out = out | self.table[byte * 256 + (rest.low64() & 0xff) as usize];
            rest = rest.shr(8);
        }
        out
    }
}

fn run<B: Bits>(
    start: &Position,
    goal: Goal,
    control: &mut Control,
) -> Result<Vec<LevelCount>, Stop> {
    let shape = start.shape();
    let compact = Compact::<B>::new(shape);
    let perm_of = |s: &crate::rules::Symmetry| -> Vec<u32> {
        compact
            .cells
            .iter()
            .map(|&c| compact.index(s.apply_cell(c)).unwrap_or(0))
            .collect()
    };
    let keeps = |s: &crate::rules::Symmetry| {
        s.apply(start.pegs()) == start.pegs()
            && match goal {
                Goal::At(c) => s.apply_cell(c) == c,
                Goal::Anywhere => true,
            }
    };
    let group: Vec<SymTable<B>> = shape
        .symmetries()
        .iter()
        .map(|s| SymTable::new(&perm_of(s)))
        .collect();
    let sub: Vec<SymTable<B>> = shape
        .symmetries()
        .iter()
        .filter(|s| keeps(s))
        .map(|s| SymTable::new(&perm_of(s)))
        .collect();
    let canon = |tables: &[SymTable<B>], b: B| tables.iter().map(|t| t.apply(b)).min().unwrap_or(b);
    let goal_board = match goal {
        Goal::At(c) => Some(compact.encode(CellSet::single(c))),
        Goal::Anywhere => None,
    };
    let is_goal = |b: B| match goal_board {
        Some(g) => b == g,
        None => b.count() == 1,
    };

    // Each jump's cells under every symmetry of the subgroup: a child's images are its
    // parent's images with one xor each.
    let g = sub.len().max(1);
    let masks: Vec<B> = compact
        .jumps
        .iter()
        .flat_map(|j| (0..g).map(move |s| (j.all, s)))
        .map(|(all, s)| sub.get(s).map_or(all, |t| t.apply(all)))
        .collect();
    // Calls `f` with each child's canonical form until `f` says stop; says whether it did.
    // The parent's images go in a fixed array: no allocation per position.
    let children_until = |p: B, f: &mut dyn FnMut(B) -> bool| -> bool {
        let mut im = [B::ZERO; 12];
        for (slot, t) in im.iter_mut().zip(&sub) {
            *slot = t.apply(p);
        }
        let im = &im[..sub.len()];
        for j in compact.legal(p).iter() {
            let m = &masks[j * g..][..g];
            let child = im.iter().zip(m).map(|(&a, &b)| a ^ b).min();
            if f(child.unwrap_or(p ^ compact.jumps[j].all)) {
                return true;
            }
        }
        false
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
    let mut levels: Vec<Vec<B>> = vec![vec![canon(&sub, compact.encode(start.pegs()))]];
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
        let mut forms: Vec<B> = boards.iter().map(|&b| canon(&group, b)).collect();
        forms.sort_unstable();
        forms.dedup();
        forms.len() as u64
    };
    let orbit = |b: B| {
        let fixed = sub.iter().filter(|t| t.apply(b) == b).count().max(1);
        (sub.len().max(1) / fixed) as u64
    };
    Ok(levels
        .iter()
        .zip(&winners)
        .enumerate()
        .map(|(n, (level, win))| LevelCount {
            jumps: n as u32,
            positions: level.iter().map(|&b| orbit(b)).sum(),
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
