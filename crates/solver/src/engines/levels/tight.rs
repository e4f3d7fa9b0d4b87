//! Ranks for the bulk steps' inner loops on boards of at most 33 cells: the two table reads
//! of [`Ranks::rank`] in half the bytes, and no class check per child.
//!
//! [`Ranks::rank`] reads a 4-byte low entry and an 8-byte high one, each holding a class
//! beside its count, so that a board of another class is told apart. On the English board
//! the two tables take 1.25 MiB, more than a core's second-level cache (512 KiB here): the
//! loads of the ranks were the largest stall of a step (29% of the winnable set's filling).
//! A step's children all have their parent's class (a jump's three cells are in the span the
//! class is the quotient by), so the class need only be checked once a parent ([`Classes`]),
//! and the counts fit narrower entries: a low part of 16 bits has at most `C(16, 8)` values
//! of one peg count and class (2 bytes), and a level of at most 33 cells at most `C(33, 16)`
//! boards (4 bytes). The two tables then take 640 KiB.

use super::ranked::{Invariant, Ranks};

/// Most bits of the low part: the low table has `2^LOW` two-byte entries.
const LOW: u32 = 16;

/// Most bits of the high part: the high table has `2^HIGH` four-byte entries.
const HIGH: u32 = MAX_CELLS - LOW;

/// Most cells of a board ranked here: its high part then has at most 17 bits and a level at
/// most `C(33, 16)` boards, under `2^32`.
pub const MAX_CELLS: u32 = 33;

/// The class of a board a byte at a time: `bytes[k][v]` is the class of the board whose
/// byte k is v and every other bit clear (a class is linear, so a board's is the xor of its
/// bytes').
pub struct Classes {
    bytes: Vec<[u8; 256]>,
}

impl Classes {
    /// The classes of boards of `cells` cells (at most 64) under `invariant`.
    pub fn new(cells: u32, invariant: &Invariant) -> Classes {
        let full = if cells >= 64 {
            u64::MAX
        } else {
            (1u64 << cells) - 1
        };
        // Bits past the board's cells are never set on a board: their entries are unused.
        let bytes = (0..cells.div_ceil(8))
            .map(|k| std::array::from_fn(|v| invariant.of((v as u64) << (8 * k) & full)))
            .collect();
        Classes { bytes }
    }

    /// The class of `board` ([`Invariant::of`]).
    #[inline(always)]
    pub fn of(&self, board: u64) -> u8 {
        let mut s = 0;
        for (k, table) in self.bytes.iter().enumerate() {
            s ^= table[(board >> (8 * k)) as usize & 0xff];
        }
        s
    }
}

/// The ranks of one level (see the module docs): exactly [`Ranks::rank`] for the boards of
/// the level's class that it ranks, and meaningless for others (another class, or a board
/// no canonical form can be when the level holds only those), which the caller keeps out.
///
/// The tables have the largest sizes a board ranked here needs (their pages unused by a
/// smaller board are never touched), so that an index masked to the table's size needs no
/// bounds check: a child is ranked at every step of the loops, and the checks (a load of a
/// length, a compare and a branch each) lengthen the loop that waits on the tables' cache
/// misses. Without them, and without those of a jump's slot and of the bitset's prefetch, the
/// English winnable set took 0.96 of its time on an AMD EPYC (Zen 3, 512 KiB of second-level
/// cache a core; 30 runs interleaved).
pub struct Tight {
    /// Bits of the low part.
    bits: u32,
    /// `low[l]`: l's rank among the low values of its peg count and class.
    low: Box<[u16; 1 << LOW]>,
    /// `high[h]`: boards of the level whose high part is below h.
    high: Box<[u32; 1 << HIGH]>,
}

impl Tight {
    /// The low table of the board `ranks` ranks; `None` when the board has more than
    /// [`MAX_CELLS`] cells (or a low part of more than 16 bits).
    pub fn new(ranks: &Ranks) -> Option<Tight> {
        let base = ranks.base();
        let bits = ranks.low_bits();
        if base.cells() > MAX_CELLS || bits > LOW || base.cells().saturating_sub(bits) > HIGH {
            return None;
        }
        let mut low: Box<[u16; 1 << LOW]> = table()?;
        for (entry, r) in low.iter_mut().zip(base.low_ranks()) {
            *entry = r as u16;
        }
        Some(Tight {
            bits,
            low,
            high: table()?,
        })
    }

    /// Makes these the ranks of the level of `ranks` (its high table, narrowed).
    pub fn refill(&mut self, ranks: &Ranks) {
        // The level's size is given last, past the high parts (`counts_below`): not needed.
        for (entry, c) in self.high.iter_mut().zip(ranks.counts_below()) {
            *entry = c as u32;
        }
    }

    /// The rank of `board`, which has the level's peg count and class.
    #[inline(always)]
    pub fn rank(&self, board: u64) -> u64 {
        // Both indices are within their tables (see `new`); the masks say so to the compiler.
        let h = self.high[(board >> self.bits) as usize & ((1 << HIGH) - 1)];
        let l = self.low[(board & ((1 << self.bits) - 1)) as usize & ((1 << LOW) - 1)];
        u64::from(h) + u64::from(l)
    }

    /// Bytes of the two tables.
    pub fn bytes(&self) -> u64 {
        (self.low.len() * 2 + self.high.len() * 4) as u64
    }
}

/// A zeroed table of `N` entries on the heap (`None` if the system will not give it).
fn table<T: Copy + Default, const N: usize>() -> Option<Box<[T; N]>> {
    let mut v = Vec::new();
    v.try_reserve_exact(N).ok()?;
    v.resize(N, T::default());
    v.into_boxed_slice().try_into().ok()
}

#[cfg(test)]
mod tests {
    use super::super::ranked::RankedBits;
    use super::*;

    /// On boards of cells in a row (so that every class and peg count occurs) of 33 cells,
    /// of 20 (a high part of 4 bits in the tables' 17) and of 12 (no high part), the tight
    /// rank of every sampled board of a level's class is its rank, and the classes a byte at
    /// a time are the invariant's.
    #[test]
    fn tight_ranks_are_the_ranks_within_the_class() {
        for cells in [33, 20, 12] {
            tight_ranks_on(cells);
        }
    }

    fn tight_ranks_on(cells: u32) {
        let inv = Invariant::new(cells, (0..cells - 2).map(|i| 0b111u64 << i));
        let classes = Classes::new(cells, &inv);
        let mut bits = RankedBits::new(cells, &inv).expect("small enough");
        let mut tight = Tight::new(bits.ranks()).expect("at most 33 cells");
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        for pegs in [1, 9, 16, 17, 30].into_iter().filter(|&p| p < cells) {
            let sample: Vec<u64> = (0..4000)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    x
                })
                .map(|r| {
                    // A board of `pegs` pegs from the random bits: the first cells they pick.
                    let mut b = 0u64;
                    let mut r = r;
                    let mut i = 0;
                    while b.count_ones() < pegs {
                        let c = (r % u64::from(cells)) as u32;
                        r = r.rotate_left(7) ^ (i * 0x9e37);
                        i += 1;
                        b |= 1 << c;
                    }
                    b
                })
                .collect();
            for class in 0..4u8 {
                bits.begin(pegs, class).expect("small");
                tight.refill(bits.ranks());
                for &b in &sample {
                    assert_eq!(classes.of(b), inv.of(b));
                    if inv.of(b) == class {
                        assert_eq!(Some(tight.rank(b)), bits.rank(b), "{b:#x}");
                    } else {
                        assert_eq!(bits.rank(b), None);
                    }
                }
            }
        }
    }
}
