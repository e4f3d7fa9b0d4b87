//! The invariant class of a board (the position class of the peg solitaire literature, cut
//! to [`STATE_BITS`] bits): a jump keeps it, so a level's positions share their parent's,
//! and the rank tables count boards a class at a time.

use super::STATE_BITS;

/// The span of a board's jumps over GF(2) (each jump's three cells a vector): two boards
/// are in the same position class exactly when their difference lies in it, since a jump
/// flips its three cells and nothing else.
#[derive(Clone, Debug)]
pub struct JumpSpan {
    /// Fully reduced echelon form: (pivot bit, vector); a pivot appears in its vector alone.
    basis: Vec<(u32, u64)>,
}

impl JumpSpan {
    /// The span of `jumps` (each mask one jump's three cells).
    pub fn new(jumps: impl IntoIterator<Item = u64>) -> JumpSpan {
        let mut basis: Vec<(u32, u64)> = Vec::new();
        for v in jumps {
            let v = reduce(&basis, v);
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
        JumpSpan { basis }
    }

    /// Whether `a` and `b` are in the same position class (the whole class, not cut to
    /// [`STATE_BITS`] bits as [`Invariant`] is).
    ///
    /// ```
    /// use pegsol_solver::engines::levels::ranked::JumpSpan;
    /// // A row of three cells and its one jump: pegs on the first two cells and a peg on the
    /// // third differ by the jump's three cells; a peg on the first and one on the third
    /// // differ by two cells, which no sum of jumps makes.
    /// let span = JumpSpan::new([0b111]);
    /// assert!(span.same_class(0b011, 0b100));
    /// assert!(!span.same_class(0b001, 0b100));
    /// ```
    pub fn same_class(&self, a: u64, b: u64) -> bool {
        reduce(&self.basis, a ^ b) == 0
    }
}

/// `v` less every basis vector whose pivot it holds: zero exactly when `v` lies in the span.
fn reduce(basis: &[(u32, u64)], mut v: u64) -> u64 {
    for &(p, b) in basis {
        if v >> p & 1 == 1 {
            v ^= b;
        }
    }
    v
}

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
        let JumpSpan { basis } = JumpSpan::new(jumps);
        let pivots = basis.iter().fold(0u64, |m, &(p, _)| m | 1 << p);
        // The quotient's coordinates: the cells that are not pivots, in order.
        let free: Vec<u32> = (0..cells).filter(|&i| pivots >> i & 1 == 0).collect();
        let labels = (0..cells)
            .map(|i| {
                // Reduce the unit vector of cell i; what is left lies on the free cells.
                let v = reduce(&basis, 1u64 << i);
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
