//! A dense bitset over one level of positions: every board with k pegs in one invariant
//! class, each given its own bit by a rank, for the bulk steps of [`super::levels`].
//!
//! Deduplicating a level's children by sorting costs several passes over every child (the
//! English board's largest levels have ten times as many children as distinct positions);
//! setting one bit per child and reading the set bits back in order costs one random write
//! per child and one sequential scan, and the scan gives the level sorted.
//!
//! Two things make the bitset small enough to scan:
//! - **rank by peg count**: a level's boards all have k pegs, so only the `C(n, k)` patterns of
//!   k bits need a bit, not `2^n`;
//! - **rank within the invariant class**: a jump flips three cells, so every linear map over
//!   GF(2) that sends each jump's three cells to zero is unchanged by jumps (Conway's position
//!   classes are such maps). The board's jumps span a subspace; the quotient by it is the
//!   invariant, computed here by elimination for any board, and every position a level's
//!   positions can reach shares their class. The English board has four such bits: 1/16 of the
//!   patterns, 8.7 MiB for its largest level instead of 139 MiB.
//!
//! The rank is two table reads and an add (as feschber/peg-solitaire does): the board's low
//! 16 bits index a table of "how many 16-bit values below this one share its peg count and
//! class", its high bits a table of "how many boards of this level have a smaller high part"
//! (rebuilt for each level), whose entries also hold the class the low part must have, so
//! that a rank reads each table once (they are too large for the nearest caches, and a step
//! ranks every child). Ranks keep the boards' order, so reading the bits back in rank order
//! gives the level sorted.

use std::sync::atomic::{AtomicU64, Ordering};

/// Low bits ranked by the fixed table.
const LOW: u32 = 16;
/// Most invariant bits used: the tables hold `17 * 2^STATE_BITS` lists.
const STATE_BITS: u32 = 6;
/// Largest board (in cells) ranked: its high table then has at most `2^17` entries, and every
/// rank fits 32 bits.
pub const MAX_CELLS: u32 = 33;

/// The invariant class of boards as a linear map: `labels[i]` is cell i's contribution.
#[derive(Clone, Debug)]
pub struct Invariant {
    labels: Vec<u8>,
}

impl Invariant {
    /// The invariant of a board of `cells` cells whose jumps cover the cells `jumps` (each mask
    /// one jump's three cells): the quotient of GF(2)^cells by the span of the jumps, cut to
    /// its first [`STATE_BITS`] coordinates (any part of an invariant is one too).
    pub fn new(cells: u32, jumps: impl IntoIterator<Item = u64>) -> Invariant {
        // Fully reduced echelon form: (pivot bit, vector); a pivot appears in its vector alone.
        let mut basis: Vec<(u32, u64)> = Vec::new();
        for mut v in jumps {
            for &(p, b) in &basis {
                if v >> p & 1 == 1 {
                    v ^= b;
                }
            }
            if v == 0 {
                continue;
            }
            let p = v.trailing_zeros();
            for (_, b) in basis.iter_mut() {
                if *b >> p & 1 == 1 {
                    *b ^= v;
                }
            }
            basis.push((p, v));
        }
        let pivots = basis.iter().fold(0u64, |m, &(p, _)| m | 1 << p);
        // The quotient's coordinates: the cells that are not pivots, in order.
        let free: Vec<u32> = (0..cells).filter(|&i| pivots >> i & 1 == 0).collect();
        let labels = (0..cells)
            .map(|i| {
                // Reduce the unit vector of cell i; what is left lies on the free cells.
                let mut v = 1u64 << i;
                for &(p, b) in &basis {
                    if v >> p & 1 == 1 {
                        v ^= b;
                    }
                }
                free.iter()
                    .take(STATE_BITS as usize)
                    .enumerate()
                    .fold(0u8, |s, (k, &f)| s | (((v >> f & 1) as u8) << k))
            })
            .collect();
        Invariant { labels }
    }

    /// The class of `board`.
    pub fn of(&self, board: u64) -> u8 {
        let mut s = 0;
        let mut rest = board;
        while rest != 0 {
            s ^= self.labels[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        s
    }
}

/// Ranks of one level (peg count and class) and the bitset over them. Shared by the threads
/// of a step: bits are set atomically.
pub struct RankedBits {
    cells: u32,
    /// `low_info[l]`: l's rank among the 16-bit values of its peg count and class (low 16
    /// bits) and its class (bits 16..24).
    low_info: Vec<u32>,
    /// `low_start[pegs << STATE_BITS | class]`..the next: where that group's values start in
    /// `low_values`, ascending.
    low_start: Vec<u32>,
    low_values: Vec<u16>,
    /// The class of each high part (the board shifted right by 16).
    high_class: Vec<u8>,
    /// For the current level: boards of the level whose high part is below h.
    high_cum: Vec<u32>,
    /// For the current level, what a rank reads of each high part in one load: its
    /// `high_cum` (low 32 bits) and the class its low part must have (bits 32..40).
    high: Vec<u64>,
    pegs: u32,
    class: u8,
    /// Bits of the current level.
    len: u64,
    words: Vec<AtomicU64>,
}

impl RankedBits {
    /// The tables for boards of `cells` cells (at most [`MAX_CELLS`]) with the invariant
    /// `invariant`; `None` for a larger board.
    pub fn new(cells: u32, invariant: &Invariant) -> Option<RankedBits> {
        if cells > MAX_CELLS {
            return None;
        }
        let low = LOW.min(cells);
        let high = cells - low;
        let class_of = |x: u64, shift: u32| invariant.of(x << shift);
        let groups = ((low as usize) + 2) << STATE_BITS;
        let mut count = vec![0u32; groups];
        let mut low_info = Vec::with_capacity(1 << low);
        for l in 0..1u64 << low {
            let s = class_of(l, 0);
            let g = ((l.count_ones() as usize) << STATE_BITS) | s as usize;
            low_info.push(count[g] | u32::from(s) << 16);
            count[g] += 1;
        }
        let mut low_start = vec![0u32; groups + 1];
        for g in 0..groups {
            low_start[g + 1] = low_start[g] + count[g];
        }
        let mut low_values = vec![0u16; 1 << low];
        let mut fill = low_start.clone();
        for l in 0..1u64 << low {
            let g = ((l.count_ones() as usize) << STATE_BITS) | class_of(l, 0) as usize;
            low_values[fill[g] as usize] = l as u16;
            fill[g] += 1;
        }
        let high_class = (0..1u64 << high).map(|h| class_of(h, low)).collect();
        Some(RankedBits {
            cells,
            low_info,
            low_start,
            low_values,
            high_class,
            high_cum: vec![0; (1 << high) + 1],
            high: vec![0; 1 << high],
            pegs: 0,
            class: 0,
            len: 0,
            words: Vec::new(),
        })
    }

    #[inline(always)]
    fn low_bits(&self) -> u32 {
        LOW.min(self.cells)
    }

    /// How many boards of `pegs` pegs in `class` there are: the bits a level of them needs.
    pub fn level_len(&self, pegs: u32, class: u8) -> u64 {
        let low = self.low_bits();
        (0..self.high_class.len())
            .map(|h| self.group_len(low, pegs, class, h))
            .sum()
    }

    fn group_len(&self, low: u32, pegs: u32, class: u8, h: usize) -> u64 {
        let used = h.count_ones();
        if used > pegs || pegs - used > low {
            return 0;
        }
        let g = (((pegs - used) as usize) << STATE_BITS) | (class ^ self.high_class[h]) as usize;
        u64::from(self.low_start[g + 1] - self.low_start[g])
    }

    /// Starts a level: boards of `pegs` pegs in `class`. The bitset must be empty (every
    /// level is drained or cleared before the next); it grows to the level's size.
    pub fn begin(&mut self, pegs: u32, class: u8) {
        let low = self.low_bits();
        let mut sum = 0u64;
        for h in 0..self.high_class.len() {
            self.high_cum[h] = sum as u32;
            self.high[h] = sum | u64::from(class ^ self.high_class[h]) << 32;
            sum += self.group_len(low, pegs, class, h);
        }
        let last = self.high_class.len();
        self.high_cum[last] = sum as u32;
        self.pegs = pegs;
        self.class = class;
        self.len = sum;
        let words = sum.div_ceil(64) as usize;
        if self.words.len() < words {
            self.words.resize_with(words, || AtomicU64::new(0));
        }
    }

    /// The rank of `board` (which has the level's peg count) in the level, or `None` when it
    /// is of another class.
    #[inline(always)]
    pub fn rank(&self, board: u64) -> Option<u64> {
        let low = self.low_bits();
        let high = self.high[(board >> low) as usize];
        let info = self.low_info[(board & ((1 << low) - 1)) as usize];
        debug_assert_eq!(board.count_ones(), self.pegs);
        if (info >> 16) as u8 != (high >> 32) as u8 {
            return None;
        }
        Some((high & 0xffff_ffff) + u64::from(info & 0xffff))
    }

    /// Asks the processor to fetch the word of `rank` ahead of a [`RankedBits::set`] or
    /// [`RankedBits::test`] on it.
    #[inline(always)]
    pub fn prefetch(&self, rank: u64) {
        #[cfg(target_arch = "x86_64")]
        if let Some(w) = self.words.get((rank >> 6) as usize) {
            // SAFETY: SSE is part of every x86-64, and a prefetch is a hint that never
            // faults; the address is a word of this bitset anyway.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    w as *const AtomicU64 as *const i8,
                );
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = rank;
    }

    /// Sets the bit of `rank`.
    #[inline(always)]
    pub fn set(&self, rank: u64) {
        let w = &self.words[(rank >> 6) as usize];
        let bit = 1u64 << (rank & 63);
        // Most children repeat: a plain load spares the locked write for them.
        if w.load(Ordering::Relaxed) & bit == 0 {
            w.fetch_or(bit, Ordering::Relaxed);
        }
    }

    /// Whether the bit of `rank` is set.
    #[inline(always)]
    pub fn test(&self, rank: u64) -> bool {
        self.words[(rank >> 6) as usize].load(Ordering::Relaxed) >> (rank & 63) & 1 == 1
    }

    /// Words of the current level.
    pub fn words(&self) -> usize {
        self.len.div_ceil(64) as usize
    }

    /// The boards whose bits are set among words `from..to` of the level, ascending, and
    /// those words cleared.
    pub fn drain(&self, from: usize, to: usize) -> Vec<u64> {
        let low = self.low_bits();
        let first = from as u64 * 64;
        // The high part of the first rank: the last h whose count so far is at most it.
        let mut h = self.high_cum.partition_point(|&c| u64::from(c) <= first);
        h = h.saturating_sub(1);
        // What a rank of high part h adds to find its low part: `low_start` of h's group,
        // less the ranks before h (recomputed only when h changes).
        let offset = |h: usize| {
            let g = (((self.pegs - h.count_ones()) as usize) << STATE_BITS)
                | (self.class ^ self.high_class[h]) as usize;
            i64::from(self.low_start[g]) - i64::from(self.high_cum[h])
        };
        // Worked out at the first set bit (h may be past the last high part before it).
        let (mut base, mut next) = (0, 0);
        let mut out = Vec::new();
        for (w, word) in self.words[from..to].iter().enumerate() {
            // No thread sets bits while the level is drained: a load and a store, not an
            // atomic swap, clear the word.
            let mut bits = word.load(Ordering::Relaxed);
            if bits == 0 {
                continue;
            }
            word.store(0, Ordering::Relaxed);
            while bits != 0 {
                let rank = (from + w) as u64 * 64 + u64::from(bits.trailing_zeros());
                bits &= bits - 1;
                if rank >= next {
                    while u64::from(self.high_cum[h + 1]) <= rank {
                        h += 1;
                    }
                    base = offset(h);
                    next = u64::from(self.high_cum[h + 1]);
                }
                let i = (rank as i64 + base) as usize;
                out.push((h as u64) << low | u64::from(self.low_values[i]));
            }
        }
        out
    }

    /// Clears words `from..to` of the level.
    pub fn clear(&self, from: usize, to: usize) {
        for w in &self.words[from..to] {
            w.store(0, Ordering::Relaxed);
        }
    }

    /// Bytes held by the bitset.
    pub fn bytes(&self) -> u64 {
        self.words.len() as u64 * 8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On a 20-cell "board" whose jumps are every run of three cells in a row: ranks are
    /// dense, keep the order, and drain gives back what was set.
    #[test]
    fn ranks_are_dense_ordered_and_drain_back() {
        let cells = 20;
        let jumps: Vec<u64> = (0..cells - 2).map(|i| 0b111u64 << i).collect();
        let inv = Invariant::new(cells, jumps.iter().copied());
        // Runs of three in a line leave two invariant bits.
        for &j in &jumps {
            assert_eq!(inv.of(j), 0);
        }
        let mut bits = RankedBits::new(cells, &inv).expect("small enough");
        let pegs = 7;
        let class = inv.of(0b1111111);
        let boards: Vec<u64> = (0u64..1 << cells)
            .filter(|b| b.count_ones() == pegs && inv.of(*b) == class)
            .collect();
        assert_eq!(bits.level_len(pegs, class), boards.len() as u64);
        bits.begin(pegs, class);
        for (i, &b) in boards.iter().enumerate() {
            assert_eq!(bits.rank(b), Some(i as u64));
        }
        let other = (0u64..1 << cells)
            .find(|b| b.count_ones() == pegs && inv.of(*b) != class)
            .expect("another class");
        assert_eq!(bits.rank(other), None);
        let some: Vec<u64> = boards.iter().copied().step_by(7).collect();
        for &b in some.iter().rev() {
            bits.set(bits.rank(b).expect("in class"));
        }
        assert!(bits.test(bits.rank(some[1]).expect("in class")));
        let n = bits.words();
        let mut back = bits.drain(0, n / 2);
        back.extend(bits.drain(n / 2, n));
        assert_eq!(back, some);
        assert!(bits.drain(0, n).is_empty());
        // A stretch past the last rank (an empty level's, or an empty thread's share).
        assert!(bits.drain(n, n).is_empty());
    }
}
