//! The invariant class of a board (the position class of the peg solitaire literature, cut
//! to [`STATE_BITS`] bits): a jump keeps it, so a level's positions share their parent's,
//! and the rank tables count boards a class at a time.

use super::STATE_BITS;

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

    /// The class of every `x << shift` for `x` below `2^bits`, in order of `x`: each from
    /// one with a bit fewer, a lookup apiece (the ranks' tables take the class of every
    /// value of their parts, 196,608 on the English board, which [`Invariant::of`] took a
    /// bit at a time in some 4 ms).
    /// `None` when the table cannot be allocated.
    pub fn of_each(&self, bits: u32, shift: u32) -> Option<Vec<u8>> {
        let mut table = Vec::new();
        table.try_reserve_exact(1 << bits).ok()?;
        table.resize(1 << bits, 0u8);
        for x in 1..table.len() {
            let cell = x.trailing_zeros() + shift;
            // Cells past the board's have no label: they are never set on a board.
            let label = self.labels.get(cell as usize).copied().unwrap_or(0);
            table[x] = table[x & (x - 1)] ^ label;
        }
        Some(table)
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
