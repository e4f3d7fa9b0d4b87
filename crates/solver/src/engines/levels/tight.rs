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

/// Most bits of the low part: the low table has at most `2^LOW` two-byte entries.
const LOW: u32 = 16;

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
pub struct Tight {
    /// Bits of the low part.
    bits: u32,
    /// `low[l]`: l's rank among the low values of its peg count and class.
    low: Vec<u16>,
    /// `high[h]`: boards of the level whose high part is below h.
    high: Vec<u32>,
}

impl Tight {
    /// The low table of the board `ranks` ranks; `None` when the board has more than
    /// [`MAX_CELLS`] cells (or a low part of more than 16 bits).
    pub fn new(ranks: &Ranks) -> Option<Tight> {
        let base = ranks.base();
        if base.cells() > MAX_CELLS || ranks.low_bits() > LOW {
            return None;
        }
        let low = base.low_ranks().map(|r| r as u16).collect();
        Some(Tight {
            bits: ranks.low_bits(),
            low,
            high: Vec::new(),
        })
    }

    /// Makes these the ranks of the level of `ranks` (its high table, narrowed).
    pub fn refill(&mut self, ranks: &Ranks) {
        self.high.clear();
        self.high.extend(ranks.counts_below().map(|c| c as u32));
    }

    /// The rank of `board`, which has the level's peg count and class.
    #[inline(always)]
    pub fn rank(&self, board: u64) -> u64 {
        let h = self.high[(board >> self.bits) as usize];
        let l = self.low[(board & ((1 << self.bits) - 1)) as usize];
        u64::from(h) + u64::from(l)
    }

    /// Bytes of the two tables.
    pub fn bytes(&self) -> u64 {
        (self.low.capacity() * 2 + self.high.capacity() * 4) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::super::ranked::RankedBits;
    use super::*;

    /// On a 33-cell board (cells in a row, so that every class and peg count occurs), the
    /// tight rank of every sampled board of a level's class is its rank, and the classes a
    /// byte at a time are the invariant's.
    #[test]
    fn tight_ranks_are_the_ranks_within_the_class() {
        let cells = 33;
        let inv = Invariant::new(cells, (0..cells - 2).map(|i| 0b111u64 << i));
        let classes = Classes::new(cells, &inv);
        let mut bits = RankedBits::new(cells, &inv).expect("small enough");
        let mut tight = Tight::new(bits.ranks()).expect("33 cells");
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        for pegs in [1, 9, 16, 17, 30] {
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
