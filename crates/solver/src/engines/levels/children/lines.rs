//! A board's lines (three cells in a row: the cells of a jump, in either direction),
//! numbered, and their orbits under the symmetries the canonical forms are taken under: what
//! a level's positions remember of the jump that made them, so that a forward step makes
//! the grandchildren of two commuting jumps in one order, not both (see [`Lines`]).

use crate::boards::compact::Compact;
use crate::boards::symmetry::Symmetries;
use rustc_hash::FxHashMap;

/// A board's lines and their orbits.
///
/// Each position of a tagged level carries a **tag**: a line whose jump, undone, gives an
/// image of a position of the level before. A step skips the jump `b` from a position tagged
/// `t` when `b`'s cells miss `t`'s and `b`'s line lies in a lower orbit than `t`'s
/// ([`Lines::skips`]).
///
/// Nothing that can win is lost. Take a position `g` that the step could make and that can
/// win, and among the pairs (a position of the step's level, a jump from it) that make an
/// image of `g`, one whose jump's orbit is highest: the jump `b` from the position `c`,
/// tagged `t`. Were `b` skipped, `c` is `p` after `t` for an image `p` of a position of the
/// level before, and `b` and `t` share no cell, so `p` after `b` is a position `c'` and `c'`
/// after `t` is `g`. `c'` can win (`g` can), so its canonical form is in the step's level
/// (no test refutes a position that can win), and that form's image of `t` makes an image
/// of `g`: a pair whose orbit, `t`'s, is higher than `b`'s, against the choice. Orbits, not
/// line numbers, because `c'` is held as its canonical form, which sees `t` turned by a
/// symmetry; an orbit is the same seen from any image. Without pruning every reachable
/// position can win in this sense (read "is reachable"), so an unpruned level is every
/// reachable position, as before.
#[derive(Clone, Debug)]
pub struct Lines {
    /// Each line's three cells, by number.
    cells: Vec<u64>,
    /// Each line's orbit: the least number among its images.
    orbit: Vec<u16>,
    /// A line's number from its cells.
    index: FxHashMap<u64, u16>,
}

impl Lines {
    /// The lines of the board `compact` numbers (numbered in the order of its jumps) and
    /// their orbits under `sym`.
    pub fn new(compact: &Compact<u64>, sym: &Symmetries<u64>) -> Lines {
        let mut cells = Vec::new();
        let mut index = FxHashMap::default();
        for j in &compact.jumps {
            index.entry(j.all).or_insert_with(|| {
                cells.push(j.all);
                (cells.len() - 1) as u16
            });
        }
        // A jump's cells under a symmetry are another jump's: the images of a line are lines.
        let orbit = (0..compact.jumps.len())
            .map(|j| {
                let line = index[&compact.jumps[j].all];
                let least = sym
                    .jump_masks(j)
                    .iter()
                    .filter_map(|m| index.get(m))
                    .fold(line, |a, &b| a.min(b));
                (line, least)
            })
            .fold(vec![u16::MAX; cells.len()], |mut orbit, (line, least)| {
                orbit[usize::from(line)] = orbit[usize::from(line)].min(least);
                orbit
            });
        Lines {
            cells,
            orbit,
            index,
        }
    }

    /// Lines on the board.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the board has no lines (no jumps).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Line `line`'s three cells.
    pub fn cells(&self, line: u16) -> u64 {
        self.cells[usize::from(line)]
    }

    /// Line `line`'s orbit: the least line among its images.
    pub fn orbit(&self, line: u16) -> u16 {
        self.orbit[usize::from(line)]
    }

    /// The line whose cells are `cells` (a jump's, under some symmetry).
    pub fn of_cells(&self, cells: u64) -> Option<u16> {
        self.index.get(&cells).copied()
    }

    /// Whether a position tagged `tag` skips a jump along `line`: the two share no cell and
    /// `line`'s orbit is the lower (see [`Lines`]).
    pub fn skips(&self, tag: u16, line: u16) -> bool {
        let (t, l) = (usize::from(tag), usize::from(line));
        self.cells[t] & self.cells[l] == 0 && self.orbit[l] < self.orbit[t]
    }
}
