//! Levels of positions as sorted vectors: the bulk operations the counter and the winnable
//! set share.
//!
//! A level (every position with the same number of pegs, one canonical form per symmetry
//! class) is a sorted, duplicate-free `Vec<u64>`. Expanding a level writes every child's
//! canonical form into one vector per thread, which a radix sort and a dedup turn back into
//! a level; membership is a binary search, an intersection a merge. For bulk
//! de-duplication this beats any hash set, whose every insert is a cache miss, and the radix
//! sort beats a comparison sort by several times on these keys (at most 64 bits, usually
//! 33-45 of them used). Boards of at most 33 cells do better still with a dense bitset over
//! the level ([`step`], [`ranked`]), which falls back on these.
//!
//! This folder holds the level machinery the level engines share (not an engine itself):
//! these sorted levels and their radix sort ([`radix`]), the bitset steps ([`step`]) over
//! ranked levels ([`ranked`]), whose inner loops rank through narrower tables ([`tight`]) and
//! set bits a fixed distance behind their prefetches ([`delayed`]), and the canonical
//! children those loops make ([`children`]).

pub mod children;
pub mod delayed;
pub mod radix;
pub mod ranked;
pub mod step;
pub mod tight;

use crate::boards::compact::Compact;
use crate::boards::symmetry::Symmetries;
use crate::engines::memory::{try_grow, NoMemory};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

/// Threads for bulk work: every core, at most eight.
pub fn threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8)
}

/// Least work (positions, or words of a bitset) worth a thread of its own: for less,
/// starting and joining the thread costs more than it saves, and on a busy machine a thread
/// started may wait a whole time slice (milliseconds) before it runs.
pub const MIN_PER_THREAD: usize = 4096;

/// How many stretches [`in_parts`] should cut `len` items into: one a thread, each of at
/// least [`MIN_PER_THREAD`] items.
pub fn parts_for(len: usize) -> usize {
    threads().min(len.div_ceil(MIN_PER_THREAD)).max(1)
}

/// Runs `f` on `parts` consecutive stretches of `0..len`, the first on this thread and each
/// other on a thread of its own (none started for one stretch); the results in order, `Err`
/// for a stretch whose thread panicked.
pub fn in_parts<T: Send>(
    len: usize,
    parts: usize,
    f: impl Fn(Range<usize>) -> T + Sync,
) -> Vec<std::thread::Result<T>> {
    let stretch = len.div_ceil(parts.max(1));
    let ranges: Vec<Range<usize>> = (0..parts.max(1))
        .map(|t| (t * stretch).min(len)..((t + 1) * stretch).min(len))
        .collect();
    in_ranges(&ranges, f)
}

/// A part's result from [`in_parts`] or [`in_ranges`]. A part whose thread panicked is a
/// bug, not an answer: its panic goes on from here (read as an empty or cancelled part, it
/// would leave a level silently short, or blame the person for a cancel).
pub fn or_resume<T>(part: std::thread::Result<T>) -> T {
    part.unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// Runs `f` on each of `ranges`, the first on this thread and each other on a thread of its
/// own; the results in order, `Err` for a range whose thread panicked.
pub fn in_ranges<T: Send>(
    ranges: &[Range<usize>],
    f: impl Fn(Range<usize>) -> T + Sync,
) -> Vec<std::thread::Result<T>> {
    match ranges {
        [] => Vec::new(),
        [only] => vec![Ok(f(only.clone()))],
        [first, rest @ ..] => std::thread::scope(|scope| {
            let f = &f;
            let others: Vec<_> = rest
                .iter()
                .map(|r| scope.spawn(move || f(r.clone())))
                .collect();
            let mut out = vec![Ok(f(first.clone()))];
            out.extend(others.into_iter().map(|h| h.join()));
            out
        }),
    }
}

/// Which way positions are expanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Ordinary jumps: one peg fewer.
    Forward,
    /// Jumps undone: one peg more (a peg at `to`, holes at `from` and `over`).
    Backward,
}

impl Direction {
    /// The other way.
    pub fn reverse(self) -> Direction {
        match self {
            Direction::Forward => Direction::Backward,
            Direction::Backward => Direction::Forward,
        }
    }
}

/// Why a step over a level stopped without its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Halt {
    /// The cancel flag was set.
    Cancelled,
    /// The distinct results alone passed the limit given.
    TooMany,
}

/// Children gathered by all threads together before each squeezes its repeats out in place:
/// a level being built holds its distinct children and at most this many repeats (128 MiB of
/// them), however many children it has in all.
pub const GATHER: usize = 1 << 24;

/// Every canonical child (or parent, [`Direction::Backward`]) of the positions of `level`,
/// sorted and without duplicates, through sorted vectors. `full` is the board with every
/// cell; with `inside_out` the level's positions are read turned inside out (`full ^ p`).
///
/// Each thread gathers children and, every [`GATHER`]` / threads` of them, sorts and
/// de-duplicates what it holds in place, so memory follows the distinct children, not all of
/// them; it gives up ([`Halt::TooMany`]) as soon as its distinct children alone pass `limit`,
/// before the memory runs out rather than after.
#[allow(clippy::too_many_arguments)]
pub fn expand(
    compact: &Compact<u64>,
    sym: &Symmetries<u64>,
    full: u64,
    level: &[u64],
    direction: Direction,
    inside_out: bool,
    limit: u64,
    cancel: &AtomicBool,
) -> Result<Vec<u64>, Halt> {
    let parts = parts_for(level.len());
    let bits = 64 - full.leading_zeros();
    let gather = (GATHER / parts).max(1);
    let parts = in_parts(level.len(), parts, |range| {
        let slice = &level[range];
        let mut out = Vec::new();
        let mut squeeze_at = gather;
        for (i, &p) in slice.iter().enumerate() {
            if i % 65_536 == 0 && cancel.load(Ordering::Relaxed) {
                return Err(Halt::Cancelled);
            }
            let board = if inside_out { full ^ p } else { p };
            let im = sym.images(board);
            // Undoing a jump on a board is playing it on its complement.
            let legal = match direction {
                Direction::Forward => compact.legal(board),
                Direction::Backward => compact.legal(full ^ board),
            };
            for j in legal.iter() {
                out.push(sym.child_canon(&im, j));
            }
            if out.len() >= squeeze_at {
                out = sort_dedup(out, bits);
                if out.len() as u64 > limit {
                    return Err(Halt::TooMany);
                }
                squeeze_at = out.len() + gather;
            }
        }
        let out = sort_dedup(out, bits);
        if out.len() as u64 > limit {
            return Err(Halt::TooMany);
        }
        Ok(out)
    });
    if cancel.load(Ordering::Relaxed) {
        return Err(Halt::Cancelled);
    }
    let mut merged = Vec::new();
    for part in parts {
        merged = merge_dedup(merged, or_resume(part)?);
    }
    if merged.len() as u64 > limit {
        return Err(Halt::TooMany);
    }
    Ok(merged)
}

/// Sorts `v` (whose values use at most `bits` low bits) and drops duplicates.
pub fn sort_dedup(mut v: Vec<u64>, bits: u32) -> Vec<u64> {
    radix_sort(&mut v, bits);
    v.dedup();
    v.shrink_to_fit();
    v
}

/// [`sort_dedup`] in place, with `scratch` as the sort's buffer, grown fallibly to `v`'s
/// length: `Err` where the system refuses it, for engines that answer a full memory instead
/// of aborting. Both are kept for the next call, so a buffer reused chunk after chunk is
/// asked of the system once, and its pages are not cleared again each time.
pub fn try_sort_dedup(v: &mut Vec<u64>, scratch: &mut Vec<u64>, bits: u32) -> Result<(), NoMemory> {
    try_grow(scratch, v.len().saturating_sub(scratch.len()))?;
    radix::sort_keys(v, scratch, bits);
    v.dedup();
    Ok(())
}

/// Sorts `v` (whose values use at most `bits` low bits) by radix ([`radix::sort_keys`]).
pub fn radix_sort(v: &mut Vec<u64>, bits: u32) {
    // Zeroed pages from the system, not written: the sort overwrites them.
    let mut tmp = vec![0u64; v.len()];
    radix::sort_keys(v, &mut tmp, bits);
}

/// Merges two sorted, duplicate-free vectors into one.
pub fn merge_dedup<B: Ord + Copy>(a: Vec<B>, b: Vec<B>) -> Vec<B> {
    let out = Vec::with_capacity(a.len() + b.len());
    merge_into(out, a, b)
}

/// `a` and `b` merged into `out`, which has room for both. Without a branch on which is
/// taken: in a merge of two levels' positions that falls at random, and missed often (the
/// winnable set's middle meeting spent 2 ms of one thread on its last merge).
fn merge_into<B: Ord + Copy>(mut out: Vec<B>, a: Vec<B>, b: Vec<B>) -> Vec<B> {
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let (x, y) = (a[i], b[j]);
        let (take_a, take_b) = (x <= y, y <= x);
        out.push(if take_a { x } else { y });
        i += usize::from(take_a);
        j += usize::from(take_b);
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}

/// The entries of sorted `a` that are also in sorted `b`.
pub fn intersect(a: &[u64], b: &[u64]) -> Vec<u64> {
    common(a, b).collect()
}

/// The entries sorted `a` and sorted `b` share, in order, by a merge.
fn common<'a>(a: &'a [u64], b: &'a [u64]) -> impl Iterator<Item = u64> + 'a {
    let (mut i, mut j) = (0, 0);
    std::iter::from_fn(move || {
        while i < a.len() && j < b.len() {
            match a[i].cmp(&b[j]) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
                std::cmp::Ordering::Equal => {
                    i += 1;
                    j += 1;
                    return Some(a[i - 1]);
                }
            }
        }
        None
    })
}

/// Whether sorted `level` holds `x`.
#[inline]
pub fn holds(level: &[u64], x: u64) -> bool {
    level.binary_search(&x).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stretch whose thread panicked is not read as an empty stretch: the panic reaches
    /// the caller (and the worker that reports it), the others' results come through.
    #[test]
    fn a_panicking_part_goes_on_as_a_panic() {
        let parts = in_parts(4, 2, |range| {
            assert!(range.start == 0, "the second stretch fails");
            range.len()
        });
        assert_eq!(parts.len(), 2);
        let mut parts = parts.into_iter();
        assert_eq!(parts.next().map(or_resume), Some(2));
        let second = parts.next().expect("two parts");
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| or_resume(second)));
        assert!(caught.is_err(), "the panic went on");
    }

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
        let (mut sorted, mut scratch) = (v.clone(), Vec::new());
        assert_eq!(try_sort_dedup(&mut sorted, &mut scratch, 37), Ok(()));
        assert_eq!(sorted, expect);
        assert_eq!(sort_dedup(v, 37), expect);
        assert_eq!(intersect(&[1, 2, 5, 9], &[2, 3, 9]), vec![2, 9]);
    }
}
