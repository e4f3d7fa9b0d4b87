//! A board's symmetric images: the one builder the exact solver, its goal side and the counter
//! all use.
//!
//! A search compares positions by their canonical form (the least of their images under the
//! symmetries that keep the goal), so it needs images fast and often. Two tools make that
//! cheap:
//! - byte tables per symmetry ([`Symmetries::apply`]): a board's image in `ceil(n/8)` lookups,
//!   for the few boards whose images are computed from scratch;
//! - each jump's cells under every symmetry ([`Symmetries::jump_masks`]): a child's images are
//!   its parent's images with one xor each, which is how the engines' inner loops get them.
//!
//! The images are returned in a fixed array ([`Images`]): no allocation per position.

use super::compact::{Bits, Compact};
use pegsol_rules::{Goal, Shape, Symmetry};
use std::ops::Deref;

/// Most symmetries a board can have (the triangular lattice's twelve).
pub const MAX_SYMMETRIES: usize = 12;

/// A board's images under a [`Symmetries`] set (the identity's first), held inline.
#[derive(Clone, Copy, Debug)]
pub struct Images<B> {
    boards: [B; MAX_SYMMETRIES],
    len: usize,
}

impl<B: Bits> Images<B> {
    /// The canonical form: the least image.
    #[inline]
    pub fn canon(&self) -> B {
        self.iter().copied().min().unwrap_or(B::ZERO)
    }
}

impl<B> Deref for Images<B> {
    type Target = [B];
    #[inline]
    fn deref(&self) -> &[B] {
        &self.boards[..self.len]
    }
}

/// One symmetry as byte-wise lookup tables: `tables[byte][value]` is where the bits `value`
/// of byte `byte` of a board go. (One array of 256 a byte, indexed by a `u8`, so the
/// lookups need no bounds checks: these are the engines' innermost loops.)
struct ByteTables<B> {
    tables: Vec<[B; 256]>,
}

impl<B: Bits> ByteTables<B> {
    /// The tables for a permutation of compact indices (`perm[i]`: where bit `i` goes).
    fn new(perm: &[u32]) -> ByteTables<B> {
        let bytes = perm.len().div_ceil(8);
        let mut tables = vec![[B::ZERO; 256]; bytes];
        for (byte, table) in tables.iter_mut().enumerate() {
            for (value, slot) in table.iter_mut().enumerate() {
                let mut out = B::ZERO;
                for bit in 0..8 {
                    let i = byte * 8 + bit;
                    if value >> bit & 1 == 1 && i < perm.len() {
                        out = out | B::bit(perm[i]);
                    }
                }
                *slot = out;
            }
        }
        ByteTables { tables }
    }

    #[inline]
    fn apply(&self, b: B) -> B {
        let mut out = B::ZERO;
        let mut rest = b;
        for table in &self.tables {
            out = out | table[usize::from(rest.low64() as u8)];
            rest = rest.shr(8);
        }
        out
    }
}

/// A set of a shape's symmetries, ready to map compact boards.
pub struct Symmetries<B> {
    /// One per symmetry kept, the identity first; never empty.
    tables: Vec<ByteTables<B>>,
    /// `masks[j * g + s]`: jump `j`'s three cells under symmetry `s`.
    masks: Vec<B>,
}

impl<B: Bits> Symmetries<B> {
    /// The symmetries of `shape` that `keep` accepts, over `compact`'s numbering of its cells.
    /// The identity is always included (a shape lists it first, and it keeps everything).
    pub fn new(
        compact: &Compact<B>,
        shape: &Shape,
        keep: impl Fn(&Symmetry) -> bool,
    ) -> Symmetries<B> {
        let perm_of = |s: &Symmetry| -> Vec<u32> {
            compact
                .cells
                .iter()
                .map(|&c| compact.index(s.apply_cell(c)).unwrap_or(0))
                .collect()
        };
        let mut tables: Vec<ByteTables<B>> = shape
            .symmetries()
            .iter()
            .filter(|s| keep(s))
            .take(MAX_SYMMETRIES)
            .map(|s| ByteTables::new(&perm_of(s)))
            .collect();
        if tables.is_empty() {
            let identity: Vec<u32> = (0..compact.cells.len() as u32).collect();
            tables.push(ByteTables::new(&identity));
        }
        let masks = compact
            .jumps
            .iter()
            .flat_map(|j| tables.iter().map(move |t| t.apply(j.all)))
            .collect();
        Symmetries { tables, masks }
    }

    /// Every symmetry of the shape: "the same position up to symmetry", as the literature
    /// counts.
    pub fn all(compact: &Compact<B>, shape: &Shape) -> Symmetries<B> {
        Symmetries::new(compact, shape, |_| true)
    }

    /// The symmetries that keep `goal`: all of them for one peg anywhere, only those that
    /// leave the cell in place for a finish on a cell. A position failing to end on c says
    /// nothing about its mirror image ending on c, so using the others would make a table of
    /// failures unsound.
    pub fn keeping_goal(compact: &Compact<B>, shape: &Shape, goal: Goal) -> Symmetries<B> {
        Symmetries::new(compact, shape, |s| match goal {
            Goal::At(c) => s.apply_cell(c) == c,
            Goal::Anywhere => true,
        })
    }

    /// The symmetries that keep both `start`'s pegs and `goal`: they map the start's games to
    /// its games and wins to wins, so positions reached from the start (and whatever is
    /// counted of them: reachability, fewest moves, solutions) are the same across a class.
    pub fn keeping_start_and_goal(
        compact: &Compact<B>,
        start: &pegsol_rules::Position,
        goal: Goal,
    ) -> Symmetries<B> {
        let pegs = start.pegs();
        Symmetries::new(compact, start.shape(), |s| {
            s.apply(pegs) == pegs
                && match goal {
                    Goal::At(c) => s.apply_cell(c) == c,
                    Goal::Anywhere => true,
                }
        })
    }

    /// How many symmetries (at least 1: the identity).
    #[inline]
    pub fn len(&self) -> usize {
        self.tables.len()
    }

    /// Always false: the identity is always there. (For clippy's `len` rule.)
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    /// `b` under symmetry `s` (an index below [`Symmetries::len`]).
    #[inline]
    pub fn apply(&self, s: usize, b: B) -> B {
        self.tables.get(s).map_or(b, |t| t.apply(b))
    }

    /// Every image of `b`, the identity's first.
    #[inline]
    pub fn images(&self, b: B) -> Images<B> {
        let mut boards = [B::ZERO; MAX_SYMMETRIES];
        for (slot, t) in boards.iter_mut().zip(&self.tables) {
            *slot = t.apply(b);
        }
        Images {
            boards,
            len: self.tables.len(),
        }
    }

    /// The canonical form of `b`: its least image.
    #[inline]
    pub fn canon(&self, b: B) -> B {
        // Not through `images`: building the array costs more than the minimum. The first
        // table is the identity.
        self.tables[1..].iter().map(|t| t.apply(b)).fold(b, B::min)
    }

    /// Jump `j`'s three cells under every symmetry, in the order of [`Symmetries::images`]:
    /// xor them into a board's images to get the images of the board after the jump.
    #[inline(always)]
    pub fn jump_masks(&self, j: usize) -> &[B] {
        let g = self.tables.len();
        &self.masks[j * g..][..g]
    }

    /// The images of the child made by jump `j` from a board whose images are `parent`.
    #[inline]
    pub fn child_images(&self, parent: &[B], j: usize) -> Images<B> {
        let mut boards = [B::ZERO; MAX_SYMMETRIES];
        let len = parent.len().min(self.tables.len());
        self.write_child_images(parent, j, &mut boards[..len]);
        Images { boards, len }
    }

    /// [`Symmetries::child_images`] into `out` (one slot per symmetry), for inner loops that
    /// keep one buffer for all the children of a board.
    #[inline(always)]
    pub fn write_child_images(&self, parent: &[B], j: usize, out: &mut [B]) {
        for ((slot, &p), &m) in out.iter_mut().zip(parent).zip(self.jump_masks(j)) {
            *slot = p ^ m;
        }
    }

    /// The canonical form of the child made by jump `j` from a board whose images are
    /// `parent`, without building its images.
    #[inline(always)]
    pub fn child_canon(&self, parent: &[B], j: usize) -> B {
        parent
            .iter()
            .zip(self.jump_masks(j))
            .map(|(&p, &m)| p ^ m)
            .min()
            .unwrap_or(B::ZERO)
    }

    /// How many distinct boards `b` stands for under these symmetries (its orbit's size).
    pub fn orbit_size(&self, b: B) -> u64 {
        // The identity (the first table) fixes every board.
        let fixed = 1 + self.tables[1..].iter().filter(|t| t.apply(b) == b).count();
        (self.tables.len() / fixed) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pegsol_layout::catalogue;
    use pegsol_rules::CellSet;

    /// The byte tables agree with the rules' own symmetry on every catalogue board, and jump
    /// masks give the same child images as mapping the child from scratch.
    #[test]
    fn images_agree_with_the_rules_and_with_jump_masks() {
        for e in catalogue::ENTRIES {
            let puzzle = e.layout().unwrap().validate().unwrap();
            let shape = puzzle.shape();
            let compact = Compact::<u128>::new(shape);
            let syms = Symmetries::all(&compact, shape);
            assert_eq!(syms.len(), shape.symmetries().len().max(1), "{}", e.key);
            let pegs = puzzle.start.pegs();
            let board = compact.encode(pegs);
            let images = syms.images(board);
            for (s, sym) in shape.symmetries().iter().enumerate() {
                assert_eq!(
                    compact.decode(images[s]),
                    sym.apply(pegs),
                    "{} {}",
                    e.key,
                    sym.name
                );
            }
            for j in compact.legal(board).iter() {
                let child = board ^ compact.jumps[j].all;
                assert_eq!(
                    &*syms.child_images(&images, j),
                    &*syms.images(child),
                    "{}",
                    e.key
                );
                assert_eq!(syms.child_canon(&images, j), syms.canon(child));
            }
        }
    }

    #[test]
    fn a_finish_cell_keeps_only_the_symmetries_that_fix_it() {
        let puzzle = pegsol_layout::load::resolve_puzzle("english").unwrap();
        let shape = puzzle.shape();
        let compact = Compact::<u64>::new(shape);
        let centre = shape.center().unwrap();
        assert_eq!(
            Symmetries::keeping_goal(&compact, shape, Goal::At(centre)).len(),
            8
        );
        // An arm's end is fixed only by the identity and one mirror.
        let arm = pegsol_rules::Cell { x: 3, y: 0 };
        let syms = Symmetries::keeping_goal(&compact, shape, Goal::At(arm));
        assert_eq!(syms.len(), 2);
        let one = compact.encode(CellSet::single(arm));
        assert_eq!(syms.orbit_size(one), 1);
        assert_eq!(Symmetries::all(&compact, shape).orbit_size(one), 4);
    }
}
