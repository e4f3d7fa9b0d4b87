//! A dense bitset over one level of positions: every board with k pegs in one invariant
//! class, each given its own bit by a rank, for the bulk steps of [`super`].
//!
//! Deduplicating a level's children by sorting costs several passes over every child (the
//! English board's largest levels have ten times as many children as distinct positions);
//! setting one bit per child and reading the set bits back in order costs one random write
//! per child and one sequential scan, and the scan gives the level sorted.
//!
//! Three things make the bitset small enough to scan:
//! - **rank by peg count**: a level's boards all have k pegs, so only the `C(n, k)` patterns of
//!   k bits need a bit, not `2^n`;
//! - **rank within the invariant class**: a jump flips three cells, so every linear map over
//!   GF(2) that sends each jump's three cells to zero is unchanged by jumps (Conway's position
//!   classes are such maps). The board's jumps span a subspace; the quotient by it is the
//!   invariant, computed here by elimination for any board, and every position a level's
//!   positions can reach shares their class. The English board has four such bits: 1/16 of the
//!   patterns, 8.7 MiB for its largest level instead of 139 MiB;
//! - **canonical forms only** (for the steps' levels, [`RankBase::keep_least`]): a high part
//!   no least image under the symmetries can have gets no bits, 3.1 MiB for that level.
//!
//! The rank is two table reads and an add (as feschber/peg-solitaire does): the board's low
//! bits (16, or more on boards of over 37 cells, so that the high part has at most 21) index
//! a table of "how many low values below this one share its peg count and class"
//! ([`RankBase`], one per board), its high bits a table of "how many boards of this level
//! have a smaller high part" ([`Ranks`], one per level), whose entries also hold the class
//! the low part must have, so
//! that a rank reads each table once (they are too large for the nearest caches, and a step
//! ranks every child). Ranks keep the boards' order, so reading the bits back in rank order
//! gives the level sorted.

use crate::boards::symmetry::Symmetries;
use crate::engines::memory::{NoMemory, Zeroed};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

mod bits;
mod invariant;
mod least;
pub use bits::{count_ones, prefetch, prefetch_at, set_bit, set_own_bit, test_bit};
pub use invariant::{Invariant, JumpSpan};
use least::NOT_LEAST;

/// Most invariant bits used: the tables hold `(LOW + 2) * 2^STATE_BITS` groups.
const STATE_BITS: u32 = 6;
/// Most high bits: a level's high table has at most `2^HIGH + 1` entries (16 MiB).
const HIGH: u32 = 21;
/// Fewest low bits ranked by the fixed table.
const LOW: u32 = 16;
/// Largest board (in cells) ranked: its low table then has `2^24` entries.
pub const MAX_CELLS: u32 = 45;
/// Bits of a high-table entry that hold the count of boards before it (the rest hold the
/// class the low part must have).
const CUM_BITS: u32 = 56;
const CUM: u64 = (1 << CUM_BITS) - 1;
/// Bits of a low-table entry that hold the rank within its group (the rest hold its class).
const INFO_BITS: u32 = 24;
const INFO: u32 = (1 << INFO_BITS) - 1;

/// The tables every level of one board shares: the low part's rank within its peg count and
/// class, and the class of each high part.
pub struct RankBase {
    cells: u32,
    low: u32,
    /// `low_info[l]`: l's rank among the low values of its peg count and class (low
    /// [`INFO_BITS`] bits) and its class (the bits above).
    low_info: Vec<u32>,
    /// `low_start[pegs << STATE_BITS | class]`..the next: where that group's values start in
    /// `low_values`, ascending.
    low_start: Vec<u32>,
    low_values: Vec<u32>,
    /// The class of each high part (the board shifted right by `low`).
    high_class: Vec<u8>,
}

impl RankBase {
    /// The tables for boards of `cells` cells (at most [`MAX_CELLS`]) with the invariant
    /// `invariant`; `None` for a larger board.
    pub fn new(cells: u32, invariant: &Invariant) -> Option<RankBase> {
        if cells > MAX_CELLS {
            return None;
        }
        let low = cells.saturating_sub(HIGH).max(LOW).min(cells);
        let high = cells - low;
        let low_class = invariant.of_each(low, 0)?;
        let groups = ((low as usize) + 2) << STATE_BITS;
        let mut count = vec![0u32; groups];
        let mut low_info = Vec::new();
        low_info.try_reserve_exact(1 << low).ok()?;
        let group = |l: u64, s: u8| ((l.count_ones() as usize) << STATE_BITS) | s as usize;
        for l in 0..1u64 << low {
            let s = low_class[l as usize];
            let g = group(l, s);
            low_info.push(count[g] | u32::from(s) << INFO_BITS);
            count[g] += 1;
        }
        let mut low_start = vec![0u32; groups + 1];
        for g in 0..groups {
            low_start[g + 1] = low_start[g] + count[g];
        }
        let mut low_values = Vec::new();
        low_values.try_reserve_exact(1 << low).ok()?;
        low_values.resize(1 << low, 0u32);
        let mut fill = low_start.clone();
        for (l, info) in low_info.iter().enumerate() {
            let g = group(l as u64, (info >> INFO_BITS) as u8);
            low_values[fill[g] as usize] = l as u32;
            fill[g] += 1;
        }
        let high_class = invariant.of_each(high, low)?;
        Some(RankBase {
            cells,
            low,
            low_info,
            low_start,
            low_values,
            high_class,
        })
    }

    /// Bytes its tables take.
    pub fn bytes(&self) -> u64 {
        (self.low_info.capacity() * 4
            + self.low_start.capacity() * 4
            + self.low_values.capacity() * 4
            + self.high_class.capacity()) as u64
    }

    /// Cells of the board.
    pub fn cells(&self) -> u32 {
        self.cells
    }

    #[inline(always)]
    fn group_len(&self, pegs: u32, class: u8, h: usize) -> u64 {
        let used = h.count_ones();
        if used > pegs || pegs - used > self.low || self.high_class[h] == NOT_LEAST {
            return 0;
        }
        let g = (((pegs - used) as usize) << STATE_BITS) | (class ^ self.high_class[h]) as usize;
        u64::from(self.low_start[g + 1] - self.low_start[g])
    }

    /// How many boards of `pegs` pegs in `class` there are: the bits a level of them needs.
    pub fn level_len(&self, pegs: u32, class: u8) -> u64 {
        crate::cpu::fast(
            #[inline(always)]
            || {
                (0..self.high_class.len())
                    .map(|h| self.group_len(pegs, class, h))
                    .sum()
            },
        )
    }

    /// Bytes of a [`Ranks`] for this board.
    pub fn ranks_bytes(&self) -> u64 {
        (self.high_class.len() as u64 + 1) * 8
    }

    /// Each low value's rank among the low values of its peg count and class, in order of
    /// the values (for [`super::tight`]).
    pub fn low_ranks(&self) -> impl Iterator<Item = u32> + '_ {
        self.low_info.iter().map(|&i| i & INFO)
    }
}

/// The ranks of one level: boards of one peg count in one class, numbered in order.
pub struct Ranks {
    base: Arc<RankBase>,
    low: u32,
    pegs: u32,
    class: u8,
    len: u64,
    /// `high[h]`: boards of the level whose high part is below h (low [`CUM_BITS`] bits) and
    /// the class h's low part must have (the bits above); one more entry holds the level's
    /// size.
    high: Vec<u64>,
}

impl Ranks {
    /// The ranks of boards of `pegs` pegs in `class`.
    pub fn new(base: &Arc<RankBase>, pegs: u32, class: u8) -> Result<Ranks, NoMemory> {
        let mut ranks = Ranks {
            base: base.clone(),
            low: base.low,
            pegs,
            class,
            len: 0,
            high: Vec::new(),
        };
        ranks.refill(pegs, class)?;
        Ok(ranks)
    }

    /// Makes these the ranks of another level (reusing the table).
    pub fn refill(&mut self, pegs: u32, class: u8) -> Result<(), NoMemory> {
        let base = &*self.base;
        let n = base.high_class.len();
        if self.high.len() != n + 1 {
            self.high.clear();
            self.high.try_reserve_exact(n + 1).map_err(|_| NoMemory {
                bytes: (n as u64 + 1) * 8,
            })?;
            self.high.resize(n + 1, 0);
        }
        let high = &mut self.high;
        // Compiled for the processor's features: a count of bits is one instruction there,
        // some twenty in the baseline's software (a pass over the table a level).
        let sum = crate::cpu::fast(
            #[inline(always)]
            || {
                let mut sum = 0u64;
                for (h, entry) in high[..n].iter_mut().enumerate() {
                    *entry = sum | u64::from(class ^ base.high_class[h]) << CUM_BITS;
                    sum += base.group_len(pegs, class, h);
                }
                sum
            },
        );
        self.high[n] = sum;
        self.pegs = pegs;
        self.class = class;
        self.len = sum;
        Ok(())
    }

    /// The board's tables.
    pub fn base(&self) -> &RankBase {
        &self.base
    }

    /// Bits of a board's low part.
    pub fn low_bits(&self) -> u32 {
        self.low
    }

    /// For each high part, how many boards of the level have a smaller one, and the
    /// level's size last (for [`super::tight`]).
    pub fn counts_below(&self) -> impl Iterator<Item = u64> + '_ {
        self.high.iter().map(|&h| h & CUM)
    }

    /// Bytes of the two tables a rank reads (the board's low table and this level's high
    /// one).
    pub fn table_bytes(&self) -> u64 {
        (self.base.low_info.len() * 4 + self.high.len() * 8) as u64
    }

    /// Boards in the level: the bits a bitset over it needs.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the level has no boards at all.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Words of a bitset over the level.
    pub fn words(&self) -> usize {
        self.len.div_ceil(64) as usize
    }

    /// Peg count of the level.
    pub fn pegs(&self) -> u32 {
        self.pegs
    }

    /// Class of the level.
    pub fn class(&self) -> u8 {
        self.class
    }

    /// Asks the processor to fetch the table entries [`Ranks::rank`] reads for `board`, ahead
    /// of ranking it: over a large board the high table is far larger than the caches.
    #[inline(always)]
    pub fn prefetch(&self, board: u64) {
        if let Some(h) = self.high.get((board >> self.low) as usize) {
            prefetch_at(h);
        }
        if let Some(l) = self
            .base
            .low_info
            .get((board & ((1 << self.low) - 1)) as usize)
        {
            prefetch_at(l);
        }
    }

    /// The rank of `board` (which has the level's peg count) in the level, or `None` when it
    /// is of another class.
    #[inline(always)]
    pub fn rank(&self, board: u64) -> Option<u64> {
        let high = self.high[(board >> self.low) as usize];
        let info = self.base.low_info[(board & ((1 << self.low) - 1)) as usize];
        debug_assert_eq!(board.count_ones(), self.pegs);
        if u64::from(info >> INFO_BITS) != high >> CUM_BITS {
            return None;
        }
        Some((high & CUM) + u64::from(info & INFO))
    }

    /// The boards whose bits are set in `bits`, the words `from..from + bits.len()` of a
    /// bitset over the level, appended to `out` in order.
    pub fn unrank_words(&self, from: usize, bits: &[u64], out: &mut Vec<u64>) {
        self.unrank_each(from, bits.len(), |w| bits[w], |b| out.push(b));
    }

    /// Calls `f` with the board of every set bit of words `from..from + count`, in order;
    /// `word(i)` is word `from + i`.
    #[inline(always)]
    pub fn unrank_each(
        &self,
        from: usize,
        count: usize,
        word: impl Fn(usize) -> u64,
        mut f: impl FnMut(u64),
    ) {
        let base = &*self.base;
        let low = self.low;
        let first = from as u64 * 64;
        let cum = |h: usize| self.high[h] & CUM;
        // The high part of the first rank: the last h whose count so far is at most it.
        let last = base.high_class.len();
        let mut h = self.high[..last].partition_point(|&c| c & CUM <= first);
        h = h.saturating_sub(1);
        // What a rank of high part h adds to find its low part: `low_start` of h's group,
        // less the ranks before h (recomputed only when h changes).
        let offset = |h: usize| {
            let g = (((self.pegs - h.count_ones()) as usize) << STATE_BITS)
                | (self.class ^ base.high_class[h]) as usize;
            i64::from(base.low_start[g]) - cum(h) as i64
        };
        // Worked out at the first set bit (h may be past the last high part before it).
        let (mut add, mut next) = (0i64, 0u64);
        for i in 0..count {
            let mut bits = word(i);
            while bits != 0 {
                let rank = (from + i) as u64 * 64 + u64::from(bits.trailing_zeros());
                bits &= bits - 1;
                if rank >= next {
                    while cum(h + 1) <= rank {
                        h += 1;
                    }
                    add = offset(h);
                    next = cum(h + 1);
                }
                let l = (rank as i64 + add) as usize;
                f((h as u64) << low | u64::from(base.low_values[l]));
            }
        }
    }
}

/// Ranks of one level and a bitset over them, for [`super::step`]'s steps, shared by its
/// threads: bits are set atomically, or, on two threads, each thread sets bits in a bitset
/// of its own (the second in a spare one, or-ed in after). The bitsets are reused level
/// after level.
pub struct RankedBits {
    ranks: Ranks,
    words: Vec<AtomicU64>,
    /// A second bitset, written by the second thread of a fill alone, then or-ed into
    /// `words`.
    spare: Vec<AtomicU64>,
}

impl RankedBits {
    /// The tables for boards of `cells` cells (at most [`MAX_CELLS`]) with the invariant
    /// `invariant`; `None` for a larger board, or when the tables cannot be allocated.
    pub fn new(cells: u32, invariant: &Invariant) -> Option<RankedBits> {
        Self::with_base(RankBase::new(cells, invariant)?)
    }

    /// [`RankedBits::new`] for levels of canonical forms under `sym` only: the boards no
    /// least image can be are left out of every level ([`RankBase::keep_least`]).
    pub fn new_least(
        cells: u32,
        invariant: &Invariant,
        sym: &Symmetries<u64>,
    ) -> Option<RankedBits> {
        let mut base = RankBase::new(cells, invariant)?;
        base.keep_least(sym);
        Self::with_base(base)
    }

    fn with_base(base: RankBase) -> Option<RankedBits> {
        let base = Arc::new(base);
        let ranks = Ranks::new(&base, 0, 0).ok()?;
        Some(RankedBits {
            ranks,
            words: Vec::new(),
            spare: Vec::new(),
        })
    }

    /// How many boards of `pegs` pegs in `class` there are: the bits a level of them needs.
    pub fn level_len(&self, pegs: u32, class: u8) -> u64 {
        self.ranks.base.level_len(pegs, class)
    }

    /// Starts a level: boards of `pegs` pegs in `class`. The bitset must be empty (every
    /// level is drained or cleared before the next); it grows to the level's size, or, when
    /// that memory cannot be had, [`NoMemory`] and the bitset is left as it was.
    pub fn begin(&mut self, pegs: u32, class: u8) -> Result<(), NoMemory> {
        self.ranks.refill(pegs, class)?;
        let words = self.ranks.words();
        if self.words.len() < words {
            let more = words - self.words.len();
            self.words.try_reserve_exact(more).map_err(|_| NoMemory {
                bytes: words as u64 * 8,
            })?;
            self.words.resize_with(words, || AtomicU64::new(0));
        }
        Ok(())
    }

    /// The rank of `board` (which has the level's peg count) in the level, or `None` when it
    /// is of another class.
    #[inline(always)]
    pub fn rank(&self, board: u64) -> Option<u64> {
        self.ranks.rank(board)
    }

    /// The ranks of the current level.
    pub fn ranks(&self) -> &Ranks {
        &self.ranks
    }

    /// Asks the processor to fetch the word of `rank` ahead of a [`RankedBits::set`] or
    /// [`RankedBits::test`] on it.
    #[inline(always)]
    pub fn prefetch(&self, rank: u64) {
        prefetch(&self.words, rank);
    }

    /// Sets the bit of `rank`.
    #[inline(always)]
    pub fn set(&self, rank: u64) {
        set_bit(&self.words, rank);
    }

    /// Whether the bit of `rank` is set.
    #[inline(always)]
    pub fn test(&self, rank: u64) -> bool {
        test_bit(&self.words, rank)
    }

    /// Words of the current level.
    pub fn words(&self) -> usize {
        self.ranks.words()
    }

    /// The boards whose bits are set among words `from..to` of the level, ascending, and
    /// those words cleared.
    pub fn drain(&self, from: usize, to: usize) -> Vec<u64> {
        self.drain_kept(from, to, |_| true)
    }

    /// [`RankedBits::drain`], keeping only the boards `keep` accepts: a level pruned as it
    /// is read out never holds the positions it drops.
    pub fn drain_kept(&self, from: usize, to: usize, keep: impl Fn(u64) -> bool) -> Vec<u64> {
        let mut out = Vec::new();
        self.drain_each(from, to, |b| {
            if keep(b) {
                out.push(b);
            }
        });
        out
    }

    /// Calls `f` with the board of every set bit among words `from..to`, ascending, and
    /// clears those words.
    #[inline(always)]
    pub fn drain_each(&self, from: usize, to: usize, f: impl FnMut(u64)) {
        // No thread sets bits while the level is drained: a load and a store, not an atomic
        // swap, clear each word.
        let words = &self.words[from..to];
        self.ranks.unrank_each(
            from,
            to - from,
            |i| {
                let w = words[i].load(Ordering::Relaxed);
                if w != 0 {
                    words[i].store(0, Ordering::Relaxed);
                }
                w
            },
            f,
        );
    }

    /// Set bits in words `from..to`.
    pub fn count_set(&self, from: usize, to: usize) -> u64 {
        count_ones(&self.words[from..to])
    }

    /// Clears words `from..to` of the level.
    pub fn clear(&self, from: usize, to: usize) {
        for w in &self.words[from..to] {
            w.store(0, Ordering::Relaxed);
        }
    }

    /// Bytes held by the bitset and the spare one.
    pub fn bytes(&self) -> u64 {
        (self.words.len() + self.spare.len()) as u64 * 8
    }

    /// The bitset's words.
    pub fn bits(&self) -> &[AtomicU64] {
        &self.words
    }

    /// Grows the spare bitset (for a fill's second thread) to the level's words; where the
    /// memory cannot be had it stays shorter, and the threads share one bitset.
    pub fn spare_bits(&mut self) {
        let words = self.words.len();
        let more = words.saturating_sub(self.spare.len());
        if more > 0 && self.spare.try_reserve_exact(more).is_ok() {
            self.spare.resize_with(words, || AtomicU64::new(0));
        }
    }

    /// The spare bitset (empty until [`RankedBits::spare_bits`]).
    pub fn spare(&self) -> &[AtomicU64] {
        &self.spare
    }

    /// Ors the spare bitset's words `from..to` into the bitset, clearing them (no thread
    /// writes either meanwhile).
    pub fn merge_spare(&self, from: usize, to: usize) {
        for (w, s) in self.words[from..to].iter().zip(&self.spare[from..to]) {
            let v = s.load(Ordering::Relaxed);
            if v != 0 {
                s.store(0, Ordering::Relaxed);
                w.store(w.load(Ordering::Relaxed) | v, Ordering::Relaxed);
            }
        }
    }
}

/// A bitset over one level held in memory from the system ([`Zeroed`]), for the level
/// engines: set by many threads at once.
pub type LevelBits = Zeroed<AtomicU64>;

#[cfg(test)]
mod tests;
