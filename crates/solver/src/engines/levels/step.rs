//! One step from a level of positions to the next: every child (or parent) of a level, or
//! those of them in a given level (the meeting of two searches in the middle).
//!
//! A [`Stepper`] holds what the steps over one board share: its symmetries and, for boards of
//! at most [`DENSE_CELLS`] cells, a dense bitset over each level ([`ranked`]) with its
//! rank tables, built once and reused level after level, and the children's inner loops
//! ([`Children`]). Each step picks the cheaper way:
//! - **dense**: every child's bit is set (each thread prefetches the word of a child a few
//!   children before it sets it, so the cache misses overlap; two threads each write a
//!   bitset of their own, joined after, see [`fill`]), and the set bits read back in order
//!   give the next level sorted, with no sort at all;
//! - **sorted vectors** ([`levels::expand`]): for levels too small for the bitset to pay, for
//!   boards too large to rank, and for a level whose children leave its invariant class
//!   (never for the levels the engines build, which are closed under their symmetries, but
//!   the step does not rely on it).
//!
//! A meeting ([`Stepper::expand_within`]) keeps the children that are in a sorted level
//! `within`: it sets the children's bits and tests `within`'s, or, when the level is larger by
//! half ([`ASK_FROM`]), sets the level's own bits and asks of each position of `within`
//! whether one of its parents is set. A level read inside out has its bits set as stored, in
//! order and with no canonical form to take, and the positions of `within` are asked of
//! turned inside out instead.

use super::children::{with_kids, Children, Kids};
use super::delayed::OwnedSet;
use super::ranked::{self, Invariant, RankedBits};
use super::tight::{self, Classes, Tight};
use super::{self as levels, Direction, Halt};
use crate::boards::compact::Compact;
use crate::boards::symmetry::Symmetries;
use drain::drain;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

mod drain;

/// Largest board (in cells) whose levels are stepped through a dense bitset here: the
/// English board's largest level takes 3.1 MiB; larger boards' levels go to the level
/// engine ([`crate::engines::whole`]), which holds them where they fit.
pub const DENSE_CELLS: u32 = 33;

/// Fewest parents (or positions asked) a step takes through the bitset: readying a level's
/// tables (its size, its high ranks) reads them whole, some 0.3 ms on the English board,
/// where sorting the children of a few thousand positions takes a few microseconds. On the
/// English winnable set 16 of the 30 steps are smaller.
const DENSE_FROM: usize = 4096;

/// How many times larger than `within` (in tenths) a level must be for a meeting to ask from
/// `within`'s side. A set bit is cheaper than a question (a question waits on its word to
/// answer; a write goes on at once): with the English winnable set's middle level (1.4
/// million positions) met with itself by setting its children's bits, rather than asking
/// each pair once from its larger end, the set was built in 0.96 of the time (40 runs
/// interleaved); asking every neighbour, not half, had taken 1.6 times as long as that.
/// Asking pays only when it spares many more children than it asks.
const ASK_FROM: usize = 15;

/// Positions handed to a thread at a time: small enough to keep both cores busy to the end.
const BLOCK: usize = 4096;
/// Steps over the levels of one board (see the module docs).
pub struct Stepper<'a> {
    compact: &'a Compact<u64>,
    sym: &'a Symmetries<u64>,
    full: u64,
    cells: u32,
    cancel: &'a AtomicBool,
    invariant: Invariant,
    /// The rank tables and bitset, once a step has wanted them.
    dense: Option<RankedBits>,
    /// The ranks the inner loops read, for the level `dense` is on.
    tight: Option<Tight>,
    /// Classes of boards, checked once a parent (the children share it).
    classes: Classes,
    /// How the bulk steps make children (`None`: only through sorted vectors).
    kids: Option<Kids>,
    /// Sizes of the levels asked about so far: (pegs, class, bits).
    lens: Vec<(u32, u8, u64)>,
}

impl<'a> Stepper<'a> {
    /// A stepper for the board `compact` numbers, its positions taken as canonical forms
    /// under `sym`; every step stops soon after `cancel` is set.
    pub fn new(
        compact: &'a Compact<u64>,
        sym: &'a Symmetries<u64>,
        cancel: &'a AtomicBool,
    ) -> Stepper<'a> {
        let cells = compact.cells.len() as u32;
        let full = if cells >= 64 {
            u64::MAX
        } else {
            (1u64 << cells) - 1
        };
        let invariant = Invariant::new(cells, compact.jumps.iter().map(|j| j.all));
        Stepper {
            compact,
            sym,
            full,
            cells,
            cancel,
            classes: Classes::new(cells, &invariant),
            invariant,
            dense: None,
            tight: None,
            kids: Kids::new(compact, sym),
            lens: Vec::new(),
        }
    }

    /// The board with a peg on every cell.
    pub fn full(&self) -> u64 {
        self.full
    }

    /// Bytes held by the dense bitset (0 before a step has used it).
    pub fn bytes(&self) -> u64 {
        self.dense.as_ref().map_or(0, RankedBits::bytes)
    }

    /// Readies the bitset for positions of `pegs` pegs in `class` when it pays for a step
    /// whose parents are `parents` positions: the level's words must not outnumber the
    /// children by much, or scanning them costs more than sorting the children.
    fn dense_level(&mut self, pegs: u32, class: u8, parents: usize) -> bool {
        if self.cells > DENSE_CELLS.min(ranked::MAX_CELLS).min(tight::MAX_CELLS)
            || pegs > self.cells
            || self.kids.is_none()
            || parents < DENSE_FROM
        {
            return false;
        }
        if self.dense.is_none() {
            // The levels hold canonical forms only: a bitset over them needs no bit for a
            // board that is no least image.
            self.dense = RankedBits::new_least(self.cells, &self.invariant, self.sym);
            self.tight = self.dense.as_ref().and_then(|d| Tight::new(d.ranks()));
        }
        let (Some(bits), Some(tight)) = (self.dense.as_mut(), self.tight.as_mut()) else {
            return false;
        };
        // A level's size takes a pass over the high table: counted once per level.
        let len = match self.lens.iter().find(|l| (l.0, l.1) == (pegs, class)) {
            Some(l) => l.2,
            None => {
                let len = bits.level_len(pegs, class);
                self.lens.push((pegs, class, len));
                len
            }
        };
        if len / 64 > parents as u64 * 16 {
            return false;
        }
        // A bitset the system will not give is no failure: the sorted vectors do the step.
        if bits.begin(pegs, class).is_err() {
            return false;
        }
        // The second thread's bitset for the fills (see `fill`); without it, the threads
        // share one, set atomically.
        bits.spare_bits();
        tight.refill(bits.ranks());
        true
    }

    /// The first position of `level` as a board (turned inside out with `inside_out`).
    fn first(&self, level: &[u64], inside_out: bool) -> Option<u64> {
        level
            .first()
            .map(|&p| if inside_out { self.full ^ p } else { p })
    }

    /// Every canonical child (parent, [`Direction::Backward`]) of the positions of `level`
    /// (read turned inside out with `inside_out`), sorted and without duplicates;
    /// [`Halt::TooMany`] when more than `limit` are distinct.
    pub fn expand(
        &mut self,
        level: &[u64],
        direction: Direction,
        inside_out: bool,
        limit: u64,
    ) -> Result<Vec<u64>, Halt> {
        self.expand_kept(level, direction, inside_out, limit, &|_: u64| true)
    }

    /// [`Stepper::expand`], keeping only the children `keep` accepts (the limit counts those
    /// kept): the bitset is read out through `keep`, so the children it drops are never
    /// stored.
    pub fn expand_kept(
        &mut self,
        level: &[u64],
        direction: Direction,
        inside_out: bool,
        limit: u64,
        keep: &(impl Fn(u64) -> bool + Sync),
    ) -> Result<Vec<u64>, Halt> {
        let Some(first) = self.first(level, inside_out) else {
            return Ok(Vec::new());
        };
        let pegs = child_pegs(first, direction);
        let class = self.invariant.of(first);
        if self.dense_level(pegs, class, level.len()) {
            let me = &*self;
            let bits = me.dense.as_ref().expect("readied");
            let stray = me.fill_children(bits, level, direction, inside_out);
            if me.cancel.load(Ordering::Relaxed) {
                bits.clear(0, bits.words());
                return Err(Halt::Cancelled);
            }
            if !stray {
                let out = drain(bits, keep);
                if out.len() as u64 > limit {
                    return Err(Halt::TooMany);
                }
                return Ok(out);
            }
            bits.clear(0, bits.words());
        }
        let mut out = levels::expand(
            self.compact,
            self.sym,
            self.full,
            level,
            direction,
            inside_out,
            limit,
            self.cancel,
        )?;
        out.retain(|&b| keep(b));
        Ok(out)
    }

    /// The canonical children (parents, [`Direction::Backward`]) of the positions of `level`
    /// (read turned inside out with `inside_out`) that `within` holds, sorted; `within` must
    /// be sorted.
    pub fn expand_within(
        &mut self,
        level: &[u64],
        direction: Direction,
        inside_out: bool,
        within: &[u64],
    ) -> Result<Vec<u64>, Halt> {
        let Some(first) = self.first(level, inside_out) else {
            return Ok(Vec::new());
        };
        if within.is_empty() {
            return Ok(Vec::new());
        }
        let class = self.invariant.of(first);
        // The level's own bits, asked of from `within`'s side, when the level is much the
        // larger ([`ASK_FROM`]).
        // The bits are those of the level as stored (sorted, so set in order, with no
        // canonical form to take): a position read inside out has a neighbour in `within`
        // exactly when the position of `within` turned inside out has one in the level as
        // stored, a step the other way (undoing a jump on a board is playing it on its
        // complement).
        let stored = level[0];
        let (ask, flip) = if inside_out {
            (direction, true)
        } else {
            (direction.reverse(), false)
        };
        if level.len().saturating_mul(10) > within.len().saturating_mul(ASK_FROM)
            && self.dense_level(stored.count_ones(), self.invariant.of(stored), within.len())
        {
            let found = self.on_dense_bits(
                |bits| self.fill_level(bits, level),
                |bits| self.keep_with_neighbour_in(bits, within, flip, ask),
            )?;
            if let Some(out) = found {
                return Ok(out);
            }
        } else if self.dense_level(child_pegs(first, direction), class, level.len()) {
            let found = self.on_dense_bits(
                |bits| self.fill_children(bits, level, direction, inside_out),
                |bits| self.keep_set(bits, within),
            )?;
            if let Some(out) = found {
                return Ok(out);
            }
        }
        let children = self.expand(level, direction, inside_out, u64::MAX)?;
        Ok(levels::intersect(&children, within))
    }

    /// Sets the readied dense bits with `fill` (which says whether a form fell outside the
    /// ranked class), asks them with `ask` unless one did or the run was cancelled, and
    /// clears them for the next step: `ask`'s answer, or `None` to take the sparse way.
    pub(super) fn on_dense_bits<R>(
        &self,
        fill: impl FnOnce(&RankedBits) -> bool,
        ask: impl FnOnce(&RankedBits) -> Option<R>,
    ) -> Result<Option<R>, Halt> {
        let bits = self.dense.as_ref().expect("readied");
        let stray = fill(bits);
        let out = if stray || self.cancel.load(Ordering::Relaxed) {
            None
        } else {
            ask(bits)
        };
        bits.clear(0, bits.words());
        if self.cancel.load(Ordering::Relaxed) {
            return Err(Halt::Cancelled);
        }
        Ok(out)
    }

    /// Sets the bit of every canonical child of `level`'s positions; whether a child fell
    /// outside the level's class, or there are no [`Children`] (the bits are then
    /// incomplete).
    fn fill_children(
        &self,
        bits: &RankedBits,
        level: &[u64],
        direction: Direction,
        inside_out: bool,
    ) -> bool {
        let Some(kids) = &self.kids else {
            return true;
        };
        with_kids!(kids, k => self.fill_children_with(k, bits, level, direction, inside_out))
    }

    fn fill_children_with<const N: usize>(
        &self,
        kids: &Children<N>,
        bits: &RankedBits,
        level: &[u64],
        direction: Direction,
        inside_out: bool,
    ) -> bool {
        let Some(tight) = &self.tight else {
            return true;
        };
        let class = bits.ranks().class();
        fill(bits, level, self.cancel, |slice, setter| {
            let mut out = false;
            // Compiled for the processor's features too: popcnt and tzcnt in one instruction
            // each, where the baseline counts bits in software.
            crate::cpu::fast(
                #[inline(always)]
                || {
                    for &p in slice {
                        let board = if inside_out { self.full ^ p } else { p };
                        // A jump keeps the class: the children share their parent's.
                        if self.classes.of(board) != class {
                            out = true;
                            continue;
                        }
                        kids.each_fast(board, direction, |c| setter.push(tight.rank(c)));
                    }
                },
            );
            out
        })
    }

    /// Sets the bit of every position of `level` as stored (sorted: the words are written
    /// in order); whether one fell outside the class.
    fn fill_level(&self, bits: &RankedBits, level: &[u64]) -> bool {
        fill(bits, level, self.cancel, |slice, setter| {
            let mut out = false;
            for &p in slice {
                match bits.rank(p) {
                    Some(r) => setter.push(r),
                    None => out = true,
                }
            }
            out
        })
    }

    /// The positions of `within`, in order, with a neighbour (one step `ask`, from the
    /// position turned inside out with `flip`) whose bit is set; `None` without
    /// [`Children`].
    fn keep_with_neighbour_in(
        &self,
        bits: &RankedBits,
        within: &[u64],
        flip: bool,
        ask: Direction,
    ) -> Option<Vec<u64>> {
        let kids = self.kids.as_ref()?;
        Some(with_kids!(kids, k => self.keep_with_neighbour_with(k, bits, within, flip, ask)))
    }

    fn keep_with_neighbour_with<const N: usize>(
        &self,
        kids: &Children<N>,
        bits: &RankedBits,
        within: &[u64],
        flip: bool,
        ask: Direction,
    ) -> Vec<u64> {
        let Some(tight) = &self.tight else {
            return Vec::new();
        };
        let class = bits.ranks().class();
        // A two-stage pipeline: the neighbours of position n are made, ranked and their
        // bitset words fetched while those of n - 2 are tested. Asked one after the other,
        // each neighbour waited on a cache miss (most of the meeting's time); started two
        // positions ahead, they overlap. Every neighbour is made, where asking stopped at the
        // first set one: cheaper than the stalls it saved.
        map_blocks(within, |slice, out| {
            crate::cpu::fast(
                #[inline(always)]
                || {
                    let mut ranked: [Vec<u64>; 3] = Default::default();
                    for n in 0..slice.len() + 2 {
                        if let Some(&w) = slice.get(n) {
                            let here = &mut ranked[n % 3];
                            here.clear();
                            let board = if flip { self.full ^ w } else { w };
                            // Neighbours share the board's class: one of another class has
                            // none in the level.
                            if self.classes.of(board) == class {
                                kids.each_fast(board, ask, |c| {
                                    let r = tight.rank(c);
                                    bits.prefetch(r);
                                    here.push(r);
                                });
                            }
                        }
                        if n >= 2 && ranked[(n - 2) % 3].iter().any(|&r| bits.test(r)) {
                            out.push(slice[n - 2]);
                        }
                    }
                },
            );
        })
    }

    /// The positions of `within`, in order, whose bits are set: `within` is sorted, so its
    /// ranks rise and the words are read in order.
    fn keep_set(&self, bits: &RankedBits, within: &[u64]) -> Option<Vec<u64>> {
        let tight = self.tight.as_ref()?;
        let class = bits.ranks().class();
        Some(map_blocks(within, |slice, out| {
            crate::cpu::fast(
                #[inline(always)]
                || {
                    // Written whether kept or not, the next write over it when not: about
                    // one in five is kept, at random, and a branch on it missed often. The
                    // room is made a block at a time, not for the whole slice at once.
                    for block in slice.chunks(BLOCK) {
                        let mut n = out.len();
                        out.resize(n + block.len(), 0);
                        for &w in block {
                            out[n] = w;
                            let kept = self.classes.of(w) == class && bits.test(tight.rank(w));
                            n += usize::from(kept);
                        }
                        out.truncate(n);
                    }
                },
            );
        }))
    }
}

/// Pegs of a child of `board` in `direction`.
fn child_pegs(board: u64, direction: Direction) -> u32 {
    match direction {
        Direction::Forward => board.count_ones().saturating_sub(1),
        Direction::Backward => board.count_ones() + 1,
    }
}

/// Sets bits of `bits` from `items` in blocks on every thread: `body` pushes each block's
/// ranks into the setter it is given and says whether a board fell outside the level's class
/// (as does the whole fill). On two threads each sets bits in a bitset of its own with plain
/// writes, and the second's is or-ed into the first's after: a shared bitset needs a locked
/// write for each new bit (and a branch on whether the bit was new), and the English winnable
/// set took 0.86 of its time once they were gone.
fn fill(
    bits: &RankedBits,
    items: &[u64],
    cancel: &AtomicBool,
    body: impl Fn(&[u64], &mut OwnedSet) -> bool + Sync,
) -> bool {
    let stray = AtomicBool::new(false);
    // Without the spare bitset (the system would not give it), one thread does the step.
    let own = bits.spare().len() >= bits.words();
    let threads = if own {
        levels::parts_for(items.len())
    } else {
        1
    };
    blocks_by_thread(items, cancel, threads, |thread, slice| {
        let mut setter = match thread {
            0 => OwnedSet::new(bits.bits()),
            _ => OwnedSet::new(bits.spare()),
        };
        let out = body(slice, &mut setter);
        setter.finish();
        if out {
            stray.store(true, Ordering::Relaxed);
        }
    });
    if threads == 2 {
        // On every thread, in stretches (none started for a small level: a thread started
        // and joined costs more than or-ing a few thousand words).
        let words = bits.words();
        let parts = levels::in_parts(words, levels::parts_for(words), |range| {
            bits.merge_spare(range.start, range.end);
        });
        parts.into_iter().for_each(levels::or_resume);
    }
    stray.into_inner()
}

/// Runs `f` over `items` in blocks of [`BLOCK`] on `threads` threads, until `cancel` is
/// set; `f` hears which thread (0 is this one) runs it.
fn blocks_by_thread(
    items: &[u64],
    cancel: &AtomicBool,
    threads: usize,
    f: impl Fn(usize, &[u64]) + Sync,
) {
    let next = AtomicUsize::new(0);
    let work = |thread: usize| {
        while let Some((_, slice)) = take_block(items, &next, BLOCK) {
            if cancel.load(Ordering::Relaxed) {
                return;
            }
            f(thread, slice);
        }
    };
    std::thread::scope(|scope| {
        for t in 1..threads {
            let work = &work;
            scope.spawn(move || work(t));
        }
        work(0);
    });
}

/// The next block of `size` items a thread takes, with its number (blocks are numbered in
/// `items`' order), from the count `next` the threads share; `None` once none is left.
fn take_block<'a>(items: &'a [u64], next: &AtomicUsize, size: usize) -> Option<(usize, &'a [u64])> {
    let block = next.fetch_add(1, Ordering::Relaxed);
    let start = block.saturating_mul(size);
    (start < items.len()).then(|| (block, &items[start..(start + size).min(items.len())]))
}

/// Runs `f` over `items` split among the threads, each writing what it keeps to its own
/// vector, and joins the vectors in `items`' order.
fn map_blocks(items: &[u64], f: impl Fn(&[u64], &mut Vec<u64>) + Sync) -> Vec<u64> {
    let parts = levels::in_parts(items.len(), levels::parts_for(items.len()), |range| {
        let mut out = Vec::new();
        f(&items[range], &mut out);
        out
    });
    join(parts)
}

/// The threads' parts, in order, in the first part's vector: each other part is copied and
/// freed in turn, so the level is held at most once and a part beside it (concatenating
/// into a new vector held it twice, the largest level's 11 MB twice at the build's peak).
/// A part whose thread panicked goes on as a panic ([`levels::or_resume`]).
fn join(parts: Vec<std::thread::Result<Vec<u64>>>) -> Vec<u64> {
    let mut parts = parts.into_iter().map(levels::or_resume);
    let mut out = parts.next().unwrap_or_default();
    for part in parts {
        out.extend_from_slice(&part);
    }
    out
}

#[cfg(test)]
mod tests;
