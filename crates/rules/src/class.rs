//! Position classes: the invariant no jump can change.
//!
//! Colour the cells by `(x + y) mod 3`. The three cells of any jump lie on a line, so they have
//! three different colours; a jump takes one peg off two colours and puts one on the third,
//! which flips the parity of all three counts at once. What survives a jump is therefore the
//! parity pattern up to flipping all three: two bits. On the square grid the colouring by
//! `(x - y) mod 3` gives two more bits, so there are 16 classes. On the triangular grid the
//! third direction `(1, 1)` rules the second colouring out (it steps `x - y` by 0), and linear
//! algebra over GF(2) confirms that `(x + y) mod 3` is the only such invariant there: 4 classes.
//!
//! Two positions in different classes can never reach one another, which proves many targets
//! impossible without any search (the French board from its centre, the diamond from its
//! centre).

use super::cellset::{Cell, CellSet};
use super::shape::{Grid, Shape};

/// The class of a set of pegs: a small code equal for any two positions that jumps could join.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PositionClass(u8);

impl PositionClass {
    /// The class as a number (0..16 on the square grid, 0..4 on the triangular grid).
    pub fn code(self) -> u8 {
        self.0
    }
}

/// The colour masks of a shape, to classify many positions quickly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassMasks {
    // sum[k]: cells with (x + y) mod 3 == k; diff[k]: with (x - y) mod 3 == k (square only).
    sum: [CellSet; 3],
    diff: Option<[CellSet; 3]>,
}

impl ClassMasks {
    /// The masks for `shape`.
    pub fn new(shape: &Shape) -> ClassMasks {
        let mut sum = [CellSet::EMPTY; 3];
        let mut diff = [CellSet::EMPTY; 3];
        for c in shape.cells() {
            let (x, y) = (usize::from(c.x), usize::from(c.y));
            sum[(x + y) % 3].insert(c);
            diff[(x + 33 - y) % 3].insert(c);
        }
        ClassMasks {
            sum,
            diff: (shape.grid() == Grid::Square).then_some(diff),
        }
    }

    /// The class of `pegs`.
    #[inline]
    pub fn class_of(&self, pegs: CellSet) -> PositionClass {
        let bits = |m: &[CellSet; 3]| {
            let p = |k: usize| ((pegs & m[k]).len() & 1) as u8;
            // Parities up to flipping all three: compare each with the last.
            (p(0) ^ p(2)) | ((p(1) ^ p(2)) << 1)
        };
        let low = bits(&self.sum);
        let high = self.diff.as_ref().map_or(0, bits);
        PositionClass(low | (high << 2))
    }

    /// The cells where a lone peg would be in the same class as `pegs`: the only cells a game
    /// from `pegs` could possibly end on with one peg. Being in the list is necessary, not
    /// sufficient.
    pub fn possible_finishes(&self, shape: &Shape, pegs: CellSet) -> CellSet {
        let class = self.class_of(pegs);
        shape
            .cells()
            .iter()
            .filter(|&c| self.class_of(CellSet::single(c)) == class)
            .collect()
    }
}

impl Shape {
    /// The position class of `pegs` on this shape.
    pub fn class_of(&self, pegs: CellSet) -> PositionClass {
        ClassMasks::new(self).class_of(pegs)
    }

    /// The cells a one-peg finish from `pegs` could be on, by the position-class test.
    pub fn possible_finishes(&self, pegs: CellSet) -> CellSet {
        ClassMasks::new(self).possible_finishes(self, pegs)
    }

    /// Whether `cell` can be the last peg starting from `pegs`, by the position-class test
    /// alone.
    pub fn can_finish_at(&self, pegs: CellSet, cell: Cell) -> bool {
        self.possible_finishes(pegs).contains(cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;

    fn board(rows: &[&str]) -> (Shape, CellSet) {
        let mut cells = CellSet::EMPTY;
        let mut pegs = CellSet::EMPTY;
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                let c = Cell {
                    x: x as u8,
                    y: y as u8,
                };
                match ch {
                    'o' => {
                        cells.insert(c);
                        pegs.insert(c);
                    }
                    '.' => cells.insert(c),
                    _ => {}
                }
            }
        }
        (Shape::new(Grid::Square, cells), pegs)
    }

    #[test]
    fn french_centre_start_cannot_finish_with_one_peg() {
        let (shape, pegs) = board(&[
            "  ooo  ", " ooooo ", "ooooooo", "ooo.ooo", "ooooooo", " ooooo ", "  ooo  ",
        ]);
        assert!(shape.possible_finishes(pegs).is_empty());
    }

    #[test]
    fn english_centre_start_can_finish_only_on_the_five_classic_cells() {
        let (shape, pegs) = board(&[
            "  ooo  ", "  ooo  ", "ooooooo", "ooo.ooo", "ooooooo", "  ooo  ", "  ooo  ",
        ]);
        let finishes: Vec<Cell> = shape.possible_finishes(pegs).iter().collect();
        let expect = [(3, 0), (0, 3), (3, 3), (6, 3), (3, 6)];
        let mut expect: Vec<Cell> = expect.iter().map(|&(x, y)| Cell { x, y }).collect();
        expect.sort_by_key(|c| c.index());
        assert_eq!(finishes, expect);
    }

    #[test]
    fn diamond_centre_start_cannot_finish_with_one_peg() {
        let (shape, pegs) = board(&[
            "    o    ",
            "   ooo   ",
            "  ooooo  ",
            " ooooooo ",
            "oooo.oooo",
            " ooooooo ",
            "  ooooo  ",
            "   ooo   ",
            "    o    ",
        ]);
        assert!(shape.possible_finishes(pegs).is_empty());
    }
}
