//! Compact boards for the search engines.
//!
//! A search touches hundreds of millions of boards, so it numbers the shape's cells 0..n and
//! stores a board as n bits: a `u64` when the board has at most 64 holes (every classic
//! board), a `u128` otherwise. Jumps become three masks, and playing one is a single xor.

use pegsol_rules::{Cell, CellSet, Goal, Jump, Shape, CELL_COUNT};
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitOr, BitXor, Not};

/// An unsigned integer used as a compact board.
pub trait Bits:
    Copy
    + Eq
    + Ord
    + Hash
    + Default
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
{
    /// No bits set.
    const ZERO: Self;
    /// Bits available.
    const WIDTH: u32;
    /// The board with only bit `i` set.
    fn bit(i: u32) -> Self;
    /// Set bits.
    fn count(self) -> u32;
    /// Index of the lowest set bit.
    fn lowest(self) -> u32;
    /// Clears the lowest set bit.
    fn clear_lowest(self) -> Self;
    /// A well-mixed 64-bit hash (multiplicative, as FxHash).
    fn hash64(self) -> u64;
    /// The low 64 bits.
    fn low64(self) -> u64;
    /// Shifted right by `n` bits.
    fn shr(self, n: u32) -> Self;
}

macro_rules! impl_bits {
    ($t:ty, $width:expr, $hash:expr) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            const WIDTH: u32 = $width;
            #[inline(always)]
            fn bit(i: u32) -> Self {
                1 << i
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn clear_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn hash64(self) -> u64 {
                let f: fn($t) -> u64 = $hash;
                f(self)
            }
            #[inline(always)]
            fn low64(self) -> u64 {
                self as u64
            }
            #[inline(always)]
            fn shr(self, n: u32) -> Self {
                self >> n
            }
        }
    };
}

const MIX: u64 = 0x9E37_79B9_7F4A_7C15;
impl_bits!(u64, 64, |x| (x ^ (x >> 29)).wrapping_mul(MIX));
impl_bits!(u128, 128, |x| {
    let folded = (x as u64) ^ ((x >> 64) as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    (folded ^ (folded >> 29)).wrapping_mul(MIX)
});

/// One jump as masks over compact boards.
#[derive(Clone, Copy, Debug)]
pub struct CJump<B> {
    /// The jumping peg and the peg jumped over.
    pub from_over: B,
    /// All three cells.
    pub all: B,
    /// The jump in board coordinates.
    pub jump: Jump,
}

impl<B: Bits> CJump<B> {
    /// Whether the jump is legal on `board`: pegs on from and over, a hole on to.
    #[inline(always)]
    pub fn legal(&self, board: B) -> bool {
        board & self.all == self.from_over
    }

    /// Its two emptied cells (from and over, in either order) and its filled one, as compact
    /// indices.
    pub fn cells(&self) -> (usize, usize, usize) {
        let a = self.from_over.lowest() as usize;
        let b = self.from_over.clear_lowest().lowest() as usize;
        let c = (self.all ^ self.from_over).lowest() as usize;
        (a, b, c)
    }
}

/// Most jumps any board can have: 121 cells, 6 directions.
pub const MAX_JUMPS: usize = 726;
/// 64-bit words needed for one bit per jump.
pub const JUMP_WORDS: usize = MAX_JUMPS.div_ceil(64);

/// The legal jumps of one board, one bit per jump in the shape's jump order.
#[derive(Clone, Copy, Debug)]
pub struct LegalSet {
    words: [u64; JUMP_WORDS],
    used: usize,
}

impl LegalSet {
    /// The jump indices, in order.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words[..self.used]
            .iter()
            .enumerate()
            .flat_map(|(w, &word)| {
                let mut bits = word;
                std::iter::from_fn(move || {
                    if bits == 0 {
                        return None;
                    }
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    Some(w * 64 + i)
                })
            })
    }

    /// How many jumps are legal.
    pub fn len(&self) -> u32 {
        self.words[..self.used].iter().map(|w| w.count_ones()).sum()
    }

    /// Whether no jump is legal.
    pub fn is_empty(&self) -> bool {
        self.words[..self.used].iter().all(|&w| w == 0)
    }
}

/// The legal jumps of `board` among jumps given as two parallel mask arrays (see
/// [`CJump`]): one bit per jump, in array order. Branch-free over contiguous memory.
#[inline]
pub fn legal_set<B: Bits>(all: &[B], from_over: &[B], board: B) -> LegalSet {
    let mut set = LegalSet {
        words: [0; JUMP_WORDS],
        used: all.len().div_ceil(64),
    };
    for (w, (all, fo)) in all.chunks(64).zip(from_over.chunks(64)).enumerate() {
        let mut word = 0u64;
        for (i, (&a, &f)) in all.iter().zip(fo).enumerate() {
            word |= u64::from(board & a == f) << i;
        }
        set.words[w] = word;
    }
    set
}

/// A shape's cells numbered 0..n in the classic scan order (column outer, row inner), with its
/// jumps as masks.
#[derive(Clone, Debug)]
pub struct Compact<B> {
    /// Compact index -> cell.
    pub cells: Vec<Cell>,
    index_of: Vec<u8>,
    /// Every geometric jump, in the classic order.
    pub jumps: Vec<CJump<B>>,
    // The same masks as two flat arrays: the legality test then runs without branches over
    // contiguous memory, which the compiler turns into tight (often vector) code.
    all: Vec<B>,
    from_over: Vec<B>,
}

impl<B: Bits> Compact<B> {
    /// Numbers `shape`'s cells. The shape must have at most `B::WIDTH` cells.
    pub fn new(shape: &Shape) -> Compact<B> {
        let mut cells: Vec<Cell> = shape.cells().iter().collect();
        cells.sort_by_key(|c| (c.x, c.y));
        assert!(
            cells.len() as u32 <= B::WIDTH,
            "board too large for its bit type"
        );
        let mut index_of = vec![u8::MAX; CELL_COUNT as usize];
        for (i, c) in cells.iter().enumerate() {
            index_of[c.index() as usize] = i as u8;
        }
        let bit = |c: Cell| B::bit(u32::from(index_of[c.index() as usize]));
        let jumps: Vec<CJump<B>> = shape
            .jumps()
            .iter()
            .map(|&jump| CJump {
                from_over: bit(jump.from) | bit(jump.over),
                all: bit(jump.from) | bit(jump.over) | bit(jump.to),
                jump,
            })
            .collect();
        let all = jumps.iter().map(|j: &CJump<B>| j.all).collect();
        let from_over = jumps.iter().map(|j: &CJump<B>| j.from_over).collect();
        Compact {
            cells,
            index_of,
            jumps,
            all,
            from_over,
        }
    }

    /// The legal jumps of `board`, as a bit set over the jump order.
    #[inline]
    pub fn legal(&self, board: B) -> LegalSet {
        legal_set(&self.all, &self.from_over, board)
    }

    /// The compact index of a cell of the shape.
    pub fn index(&self, cell: Cell) -> Option<u32> {
        let i = *self.index_of.get(cell.index() as usize)?;
        (i != u8::MAX).then_some(u32::from(i))
    }

    /// A cell set of the shape as a compact board (cells off the shape are dropped).
    pub fn encode(&self, set: CellSet) -> B {
        set.iter()
            .filter_map(|c| self.index(c))
            .fold(B::ZERO, |b, i| b | B::bit(i))
    }

    /// The board `goal` asks for when it names a cell (one peg there); `None` for a finish
    /// anywhere, which any one-peg board meets.
    pub fn goal_board(&self, goal: Goal) -> Option<B> {
        match goal {
            Goal::At(c) => Some(self.encode(CellSet::single(c))),
            Goal::Anywhere => None,
        }
    }

    /// A compact board back as a cell set.
    pub fn decode(&self, mut board: B) -> CellSet {
        let mut set = CellSet::EMPTY;
        while board != B::ZERO {
            set.insert(self.cells[board.lowest() as usize]);
            board = board.clear_lowest();
        }
        set
    }
}

/// Calls `$body` with the type alias `$b` bound to the narrowest [`Bits`] type that holds a
/// board of `$cells` cells.
#[macro_export]
macro_rules! with_bits {
    ($cells:expr, $b:ident => $body:expr) => {
        if $cells <= 64 {
            type $b = u64;
            $body
        } else {
            type $b = u128;
            $body
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use pegsol_layout::catalogue;

    #[test]
    fn encode_decode_round_trips_on_every_catalogue_board() {
        for e in catalogue::ENTRIES {
            let puzzle = e.layout().unwrap().validate().unwrap();
            let c = Compact::<u128>::new(puzzle.shape());
            let pegs = puzzle.start.pegs();
            assert_eq!(c.decode(c.encode(pegs)), pegs, "{}", e.key);
        }
    }

    #[test]
    fn compact_jump_legality_matches_the_rules() {
        let puzzle = catalogue::find("english")
            .unwrap()
            .layout()
            .unwrap()
            .validate()
            .unwrap();
        let c = Compact::<u64>::new(puzzle.shape());
        let b = c.encode(puzzle.start.pegs());
        let legal: Vec<Jump> = c
            .jumps
            .iter()
            .filter(|j| j.legal(b))
            .map(|j| j.jump)
            .collect();
        assert_eq!(legal, puzzle.start.legal_jumps());
    }
}
