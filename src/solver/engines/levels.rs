//! Levels of positions as sorted vectors: the bulk operations the counter and the winnable
//! set share.
//!
//! A level (every position with the same number of pegs, one canonical form per symmetry
//! class) is a sorted, duplicate-free `Vec<u64>`. Expanding a level writes every child's
//! canonical form into one vector per thread, which a radix sort and a dedup turn back into
//! a level; membership is a binary search, an intersection a merge. For bulk
//! de-duplication this beats any hash set, whose every insert is a cache miss, and the radix
//! sort beats a comparison sort by several times on these keys (at most 64 bits, usually
//! 33-45 of them used).

use crate::solver::boards::compact::Compact;
use crate::solver::boards::symmetry::Symmetries;
use std::sync::atomic::{AtomicBool, Ordering};

/// Threads for bulk work: every core, at most eight.
pub fn threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8)
}

/// Which way positions are expanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Ordinary jumps: one peg fewer.
    Forward,
    /// Jumps undone: one peg more (a peg at `to`, holes at `from` and `over`).
    Backward,
}

/// Every canonical child (or parent, [`Direction::Backward`]) of the positions of `level`,
/// sorted and without duplicates; `keep` filters them before they are stored. `None` when
/// `cancel` was set.
pub fn expand(
    compact: &Compact<u64>,
    sym: &Symmetries<u64>,
    full: u64,
    level: &[u64],
    direction: Direction,
    keep: &(dyn Fn(u64) -> bool + Sync),
    cancel: &AtomicBool,
) -> Option<Vec<u64>> {
    let threads = threads();
    let chunk = level.len().div_ceil(threads).max(1);
    let bits = 64 - full.leading_zeros();
    let parts: Vec<Vec<u64>> = std::thread::scope(|scope| {
        let handles: Vec<_> = level
            .chunks(chunk)
            .map(|slice| {
                scope.spawn(move || {
                    let mut out = Vec::with_capacity(slice.len() * 8);
                    for (i, &p) in slice.iter().enumerate() {
                        if i % 65_536 == 0 && cancel.load(Ordering::Relaxed) {
                            return Vec::new();
                        }
                        let im = sym.images(p);
                        // Undoing a jump on p is playing it on p's complement.
                        let legal = match direction {
                            Direction::Forward => compact.legal(p),
                            Direction::Backward => compact.legal(full ^ p),
                        };
                        for j in legal.iter() {
                            let c = sym.child_canon(&im, j);
                            if keep(c) {
                                out.push(c);
                            }
                        }
                    }
                    sort_dedup(out, bits)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    });
    if cancel.load(Ordering::Relaxed) {
        return None;
    }
    Some(parts.into_iter().reduce(merge_dedup).unwrap_or_default())
}

/// Sorts `v` (whose values use at most `bits` low bits) and drops duplicates.
pub fn sort_dedup(mut v: Vec<u64>, bits: u32) -> Vec<u64> {
    radix_sort(&mut v, bits);
    v.dedup();
    v.shrink_to_fit();
    v
}

/// Least-significant-digit radix sort on the low `bits` bits, 11 bits a pass. Small
/// vectors go to the standard sort.
pub fn radix_sort(v: &mut Vec<u64>, bits: u32) {
    const DIGIT: u32 = 11;
    if v.len() < 4096 {
        v.sort_unstable();
        return;
    }
    let mut buffer = vec![0u64; v.len()];
    let mut shift = 0;
    let mut src_is_v = true;
    while shift < bits.max(1) {
        let (src, dst): (&[u64], &mut [u64]) = if src_is_v {
            (v.as_slice(), buffer.as_mut_slice())
        } else {
            (buffer.as_slice(), v.as_mut_slice())
        };
        let mut counts = vec![0usize; 1 << DIGIT];
        let mask = (1u64 << DIGIT) - 1;
        for &x in src {
            counts[((x >> shift) & mask) as usize] += 1;
        }
        let mut sum = 0;
        for c in counts.iter_mut() {
            let here = *c;
            *c = sum;
            sum += here;
        }
        for &x in src {
            let d = ((x >> shift) & mask) as usize;
            dst[counts[d]] = x;
            counts[d] += 1;
        }
        src_is_v = !src_is_v;
        shift += DIGIT;
    }
    if !src_is_v {
        std::mem::swap(v, &mut buffer);
    }
}

/// Merges two sorted, duplicate-free vectors into one.
pub fn merge_dedup<B: Ord + Copy>(a: Vec<B>, b: Vec<B>) -> Vec<B> {
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

/// The entries of sorted `a` that are also in sorted `b`.
pub fn intersect(a: &[u64], b: &[u64]) -> Vec<u64> {
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    out
}

/// Whether sorted `level` holds `x`.
#[inline]
pub fn holds(level: &[u64], x: u64) -> bool {
    level.binary_search(&x).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merge_keeps_order_and_drops_shared_entries() {
        assert_eq!(
            merge_dedup(vec![1, 3, 5], vec![2, 3, 6]),
            vec![1, 2, 3, 5, 6]
        );
        assert_eq!(merge_dedup(Vec::<u8>::new(), vec![4]), vec![4]);
    }

    #[test]
    fn radix_sort_agrees_with_the_standard_sort() {
        let mut x: u64 = 0x1234_5678;
        let v: Vec<u64> = (0..20_000)
            .map(|_| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (x >> 20) & ((1 << 37) - 1)
            })
            .collect();
        let mut expect = v.clone();
        expect.sort_unstable();
        expect.dedup();
        assert_eq!(sort_dedup(v, 37), expect);
        assert_eq!(intersect(&[1, 2, 5, 9], &[2, 3, 9]), vec![2, 9]);
    }
}
