//! Cells and the bitboard cell set.
//!
//! Every board in Pegsol fits an 11x11 box, so a set of cells is one `u128`: bit `y * 11 + x`
//! stands for the cell at column `x`, row `y`. Set algebra is then a handful of machine
//! instructions, which is what the solvers' hot loops need.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

/// The widest and tallest board, in cells.
pub const MAX_SIDE: u8 = 11;

/// Number of bit positions a [`CellSet`] can hold (`MAX_SIDE * MAX_SIDE`).
pub const CELL_COUNT: u32 = (MAX_SIDE as u32) * (MAX_SIDE as u32);

const ALL_BITS: u128 = (1u128 << CELL_COUNT) - 1;

/// A cell of the 11x11 box: column `x`, row `y`, both 0-based.
///
/// Its text form is `x,y`, the form jumps use (`"3,1-3,3"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Cell {
    /// Column, 0 on the left.
    pub x: u8,
    /// Row, 0 at the top.
    pub y: u8,
}

impl Cell {
    /// The cell at column `x`, row `y`, or `None` when it lies outside the 11x11 box.
    pub fn new(x: i32, y: i32) -> Option<Cell> {
        let side = i32::from(MAX_SIDE);
        if (0..side).contains(&x) && (0..side).contains(&y) {
            Some(Cell {
                x: x as u8,
                y: y as u8,
            })
        } else {
            None
        }
    }

    /// The cell's bit index in a [`CellSet`].
    #[inline]
    pub fn index(self) -> u32 {
        u32::from(self.y) * u32::from(MAX_SIDE) + u32::from(self.x)
    }

    /// The cell with bit index `index` (which must be below [`CELL_COUNT`]).
    #[inline]
    pub fn from_index(index: u32) -> Cell {
        debug_assert!(index < CELL_COUNT);
        Cell {
            x: (index % u32::from(MAX_SIDE)) as u8,
            y: (index / u32::from(MAX_SIDE)) as u8,
        }
    }

    /// The cell `(dx, dy)` away, if it is inside the box.
    pub fn offset(self, dx: i32, dy: i32) -> Option<Cell> {
        Cell::new(i32::from(self.x) + dx, i32::from(self.y) + dy)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// Why a text is not a cell.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a cell: expected `x,y` with x and y from 0 to 10")]
pub struct CellParseError {
    /// The text that failed to parse.
    pub text: String,
}

impl std::str::FromStr for Cell {
    type Err = CellParseError;

    fn from_str(s: &str) -> Result<Cell, CellParseError> {
        let err = || CellParseError {
            text: s.to_string(),
        };
        let (x, y) = s.trim().split_once(',').ok_or_else(err)?;
        let x: i32 = x.trim().parse().map_err(|_| err())?;
        let y: i32 = y.trim().parse().map_err(|_| err())?;
        Cell::new(x, y).ok_or_else(err)
    }
}

/// A set of cells of the 11x11 box, as a bitboard.
///
/// Set operators work as on sets: `&` intersection, `|` union, `^` symmetric difference,
/// `-` difference, `!` complement within the box.
///
/// ```
/// use pegsol_rules::{Cell, CellSet};
/// let row: CellSet = (0..3).map(|x| Cell { x, y: 0 }).collect();
/// let col: CellSet = (0..2).map(|y| Cell { x: 1, y }).collect();
/// assert_eq!((row & col).len(), 1);
/// assert_eq!((row | col).len(), 4);
/// // Display draws the set over its bounding box, top row first.
/// assert_eq!((row | col).to_string(), "o o o\n. o .\n");
/// assert_eq!((row - col).to_string(), "o . o\n");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct CellSet(pub u128);

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet(0);
    /// Every cell of the 11x11 box.
    pub const ALL: CellSet = CellSet(ALL_BITS);

    /// The set holding just `cell`.
    #[inline]
    pub fn single(cell: Cell) -> CellSet {
        CellSet(1u128 << cell.index())
    }

    /// Whether `cell` is in the set.
    #[inline]
    pub fn contains(self, cell: Cell) -> bool {
        self.0 >> cell.index() & 1 == 1
    }

    /// Adds `cell`.
    #[inline]
    pub fn insert(&mut self, cell: Cell) {
        self.0 |= 1u128 << cell.index();
    }

    /// Removes `cell`.
    #[inline]
    pub fn remove(&mut self, cell: Cell) {
        self.0 &= !(1u128 << cell.index());
    }

    /// Number of cells in the set.
    #[inline]
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every cell of `self` is in `other`.
    #[inline]
    pub fn is_subset(self, other: CellSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The cells in increasing bit order (row by row, left to right).
    pub fn iter(self) -> CellIter {
        CellIter(self.0)
    }

    /// The smallest box `(min_x, min_y, max_x, max_y)` holding the set, or `None` if empty.
    pub fn bounds(self) -> Option<(u8, u8, u8, u8)> {
        let mut it = self.iter();
        let first = it.next()?;
        let init = (first.x, first.y, first.x, first.y);
        Some(it.fold(init, |(x0, y0, x1, y1), c| {
            (x0.min(c.x), y0.min(c.y), x1.max(c.x), y1.max(c.y))
        }))
    }
}

/// Iterator over the cells of a [`CellSet`].
#[derive(Clone, Debug)]
pub struct CellIter(u128);

impl Iterator for CellIter {
    type Item = Cell;

    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Cell::from_index(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CellIter {}

impl IntoIterator for CellSet {
    type Item = Cell;
    type IntoIter = CellIter;
    fn into_iter(self) -> CellIter {
        self.iter()
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> CellSet {
        let mut set = CellSet::EMPTY;
        for cell in iter {
            set.insert(cell);
        }
        set
    }
}

macro_rules! set_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for CellSet {
            type Output = CellSet;
            #[inline]
            fn $method(self, rhs: CellSet) -> CellSet {
                CellSet(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for CellSet {
            #[inline]
            fn $assign_method(&mut self, rhs: CellSet) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

set_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
set_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for CellSet {
    type Output = CellSet;
    #[inline]
    fn sub(self, rhs: CellSet) -> CellSet {
        CellSet(self.0 & !rhs.0)
    }
}

impl Not for CellSet {
    type Output = CellSet;
    /// The complement within the 11x11 box.
    #[inline]
    fn not(self) -> CellSet {
        CellSet(!self.0 & ALL_BITS)
    }
}

impl fmt::Display for CellSet {
    /// Draws the set over the box from (0,0) to its furthest cell: `o` in the set, `.` not,
    /// cells separated by one space as in the layouts table.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some((_, _, max_x, max_y)) = self.bounds() else {
            return Ok(());
        };
        for y in 0..=max_y {
            let row: Vec<&str> = (0..=max_x)
                .map(|x| {
                    if self.contains(Cell { x, y }) {
                        "o"
                    } else {
                        "."
                    }
                })
                .collect();
            writeln!(f, "{}", row.join(" "))?;
        }
        Ok(())
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_index_round_trips_over_the_whole_box() {
        for i in 0..CELL_COUNT {
            assert_eq!(Cell::from_index(i).index(), i);
        }
    }

    #[test]
    fn complement_stays_inside_the_box() {
        assert_eq!((!CellSet::EMPTY).len(), CELL_COUNT);
        assert_eq!(!CellSet::ALL, CellSet::EMPTY);
    }

    #[test]
    fn cell_parses_its_text_form_and_rejects_outside_the_box() {
        assert_eq!("3,4".parse::<Cell>(), Ok(Cell { x: 3, y: 4 }));
        assert!("11,0".parse::<Cell>().is_err());
        assert!("-1,0".parse::<Cell>().is_err());
        assert!("3;4".parse::<Cell>().is_err());
    }

    #[test]
    fn bounds_cover_every_member() {
        let set: CellSet = [Cell { x: 4, y: 1 }, Cell { x: 2, y: 7 }]
            .into_iter()
            .collect();
        assert_eq!(set.bounds(), Some((2, 1, 4, 7)));
        assert_eq!(CellSet::EMPTY.bounds(), None);
    }
}
