//! Levels of canonical forms only: the high parts no least image can have, left out of the
//! ranks, so that a bitset over a level of canonical forms needs fewer bits.
//!
//! Every level the steps build holds canonical forms (a board's least image under the
//! symmetries kept). Under a symmetry, the top bits of a board's image that are images of
//! the board's high bits are known from the high part alone. When those bits of an image
//! are less than the board's own top bits, the image is less than the board whatever its low
//! part, so no board with that high part is a least image and the level needs no bit for it.
//! On the English board, with its eight symmetries, a level then takes 0.36 of the bits (the
//! largest, of 16 pegs, 3.1 MiB instead of 8.7).

use super::RankBase;
use crate::boards::symmetry::Symmetries;

/// The class marking a high part no least image has: its group is empty in every level, and
/// [`super::Ranks::rank`] gives no rank for a board with it (the class never matches).
pub(super) const NOT_LEAST: u8 = u8::MAX;

impl RankBase {
    /// Leaves out of every level the boards whose high part no least image under `sym` can
    /// have (see the module docs). From here on only canonical forms under `sym` may be
    /// ranked: [`super::Ranks::rank`] refuses a board with a high part left out, and the
    /// unchecked ranks of [`super::super::tight`] would give it another board's.
    pub fn keep_least(&mut self, sym: &Symmetries<u64>) {
        let (cells, low) = (self.cells, self.low);
        // For each symmetry: how many of an image's top bits are images of high bits, and
        // its image of a high part a byte at a time (three reads instead of the eight of a
        // whole board's image; 2^17 high parts on the English board).
        let bytes = (cells - low).div_ceil(8);
        let tables: Vec<(u32, Vec<[u64; 256]>)> = (1..sym.len())
            .filter_map(|s| {
                let from_high = (low..cells).fold(0u64, |m, c| m | sym.apply(s, 1 << c));
                let top = (from_high << (64 - cells)).leading_ones().min(cells - low);
                let table = (0..bytes)
                    .map(|k| std::array::from_fn(|v| sym.apply(s, (v as u64) << (low + 8 * k))))
                    .collect();
                (top > 0).then_some((top, table))
            })
            .collect();
        for (h, class) in self.high_class.iter_mut().enumerate() {
            let board = (h as u64) << low;
            let below = tables.iter().any(|(top, bytes)| {
                let image = bytes
                    .iter()
                    .enumerate()
                    .fold(0, |m, (k, t)| m | t[(h >> (8 * k)) & 0xff]);
                let shift = cells - top;
                image >> shift < board >> shift
            });
            if below {
                *class = NOT_LEAST;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Invariant, RankedBits};
    use crate::boards::compact::Compact;
    use crate::boards::symmetry::Symmetries;
    use pegsol_layout::catalogue;
    use pegsol_rules::Goal;

    /// On the English board, ranked as canonical forms under its eight symmetries: every
    /// canonical form of a level's class has a rank, in the boards' order, below the level's
    /// size; a board left out is no canonical form; the level needs fewer bits than all its
    /// boards; and the bits drain back the canonical forms set.
    #[test]
    fn least_ranks_keep_every_canonical_form_in_order() {
        let entry = catalogue::ENTRIES
            .iter()
            .find(|e| e.key == "english")
            .expect("the English board");
        let puzzle = entry.layout().expect("layout").validate().expect("valid");
        let shape = puzzle.shape();
        let compact = Compact::<u64>::new(shape);
        let goal = shape.center().expect("a centre");
        let sym = Symmetries::keeping_goal(&compact, shape, Goal::At(goal));
        assert_eq!(sym.len(), 8);
        let cells = compact.cells.len() as u32;
        let inv = Invariant::new(cells, compact.jumps.iter().map(|j| j.all));
        let plain = RankedBits::new(cells, &inv).expect("small enough");
        let mut bits = RankedBits::new_least(cells, &inv, &sym).expect("small enough");
        let pegs = 5;
        let class =
            inv.of(
                compact.encode(shape.cells()) ^ compact.encode(pegsol_rules::CellSet::single(goal))
            );
        // Every board of 5 pegs on 33 cells, in order (each the next with as many bits).
        let mut boards = Vec::new();
        let mut b: u64 = (1 << pegs) - 1;
        while b < 1 << cells {
            if inv.of(b) == class {
                boards.push(b);
            }
            let t = b | (b - 1);
            b = (t + 1) | (((!t & (t + 1)) - 1) >> (b.trailing_zeros() + 1));
        }
        bits.begin(pegs, class).expect("small");
        let len = bits.level_len(pegs, class);
        assert!(len < plain.level_len(pegs, class), "{len}");
        // The largest level (16 pegs) in 0.36 of the bits.
        let (least16, all16) = (bits.level_len(16, class), plain.level_len(16, class));
        assert!(least16 * 100 < all16 * 37, "{least16} of {all16}");
        let (mut last, mut canonical, mut left_out) = (None, Vec::new(), 0);
        for &b in &boards {
            let is_canonical = sym.canon(b) == b;
            match bits.rank(b) {
                Some(r) => {
                    assert!(last < Some(r) && r < len, "{b:#x}");
                    last = Some(r);
                    if is_canonical {
                        canonical.push(b);
                    }
                }
                None => {
                    assert!(!is_canonical, "{b:#x} is canonical but has no rank");
                    left_out += 1;
                }
            }
        }
        // A canonical form stands for at most eight boards.
        assert!(left_out > 0 && canonical.len() * 8 >= boards.len());
        for &b in &canonical {
            bits.set(bits.rank(b).expect("ranked"));
        }
        let words = bits.words();
        assert_eq!(bits.drain(0, words), canonical);
    }
}
