//! A board's canonical children as the bulk steps' inner loops make them ([`super::step`]):
//! the legal jumps found a pattern at a time, the child's canonical form over fixed-size
//! arrays of images.
//!
//! The steps of the English board's levels make tens of millions of children, so what each
//! costs is most of a step:
//! - **jump patterns**: jumps whose jumped-over and landing cells lie the same distances (in
//!   the compact numbering) from their starting cell share a pattern; one pattern's legal
//!   starting cells are a few shifts and ands of the whole board, instead of one test per
//!   jump. The English board's 76 jumps fall into 12 patterns, and the patterns are packed
//!   side by side into 64-bit words, so that one loop a word takes the legal jumps (the end
//!   of each loop over a few random bits is a mispredicted branch).
//! - **fixed-size images**: a board's images and each jump's images under the symmetries
//!   are held in arrays of a length known when compiled (the group padded with the
//!   identity, which leaves every least image as it is), so the least image of a child is
//!   straight-line code.

use super::Direction;
use crate::boards::compact::Compact;
use crate::boards::symmetry::Symmetries;

/// Jumps sharing one pattern of distances from their starting cell.
#[derive(Clone, Debug)]
struct Pattern {
    /// Shifts that bring the jumped-over cell's bit onto the starting cell's (one is 0).
    over: (u32, u32),
    /// The same for the landing cell.
    to: (u32, u32),
    /// Starting cells of the pattern's jumps.
    froms: u64,
    /// `ids[i]`: the jump starting on cell i, for the cells of `froms`.
    ids: [u16; 64],
}

/// Patterns packed side by side into one 64-bit word: the legal starting cells of each
/// part, shifted to its place, make one mask of the word's legal jumps, whose bits one loop
/// takes in turn. (The end of a loop over a few random bits is a mispredicted branch: one a
/// word, not one a pattern.)
struct Word<const N: usize> {
    parts: Vec<Part>,
    /// `masks[slot]`: the three cells of the jump at that slot under every symmetry, padded
    /// with the identity's.
    masks: Vec<[u64; N]>,
    /// `ids[slot]`: the jump at that slot (its index in the compact board's jumps).
    ids: Vec<u16>,
}

/// One pattern in a [`Word`].
struct Part {
    over: (u32, u32),
    to: (u32, u32),
    froms: u64,
    /// The shifts that bring a starting cell's bit to the jump's slot in the word.
    place: (u32, u32),
}

/// `mask` moved by `o` bits (up for positive), when none falls off a 64-bit word.
fn moved(mask: u64, o: i64) -> Option<u64> {
    let (low, high) = (
        i64::from(mask.trailing_zeros()),
        i64::from(63 - mask.leading_zeros()),
    );
    if low + o < 0 || high + o > 63 {
        return None;
    }
    Some(shift(mask, shifts(-o)))
}

/// Bit i of the result is bit i + `d` of `x` (`d` as a pair of right and left shifts).
#[inline(always)]
fn shift(x: u64, (right, left): (u32, u32)) -> u64 {
    (x >> right) << left
}

/// The pair of shifts for a distance from a starting cell.
fn shifts(d: i64) -> (u32, u32) {
    if d >= 0 {
        (d as u32, 0)
    } else {
        (0, (-d) as u32)
    }
}

/// Exponent bits that make a board below `2^52` the bits of the double `2^52 + board`:
/// such doubles order as their boards do, so the least of several images is a packed
/// minimum of doubles, which even the oldest x86-64 has (there is no packed minimum of
/// 64-bit integers before AVX-512).
const EXP: u64 = 0x4330_0000_0000_0000;

/// Most cells of a board whose children are made here: a board must stay below `2^52`.
pub const MAX_CELLS: u32 = 52;

/// A board's jumps as patterns and its symmetries as `N` images (see the module docs).
pub struct Children<const N: usize> {
    full: u64,
    words: Vec<Word<N>>,
    /// `bytes[k * 256 + v]`: the images of the board whose byte k is v and every other bit
    /// clear, padded with the board itself: a board's images are the or of its bytes' (one
    /// cache line of images a byte when `N` is 8).
    bytes: Vec<[u64; N]>,
}

impl<const N: usize> Children<N> {
    /// The patterns and masks of the board `compact` numbers, under `sym`; `None` when `sym`
    /// has more than `N` symmetries or the board more than [`MAX_CELLS`] cells.
    pub fn new(compact: &Compact<u64>, sym: &Symmetries<u64>) -> Option<Children<N>> {
        let cells = compact.cells.len() as u32;
        if sym.len() > N || cells > MAX_CELLS {
            return None;
        }
        let full = (1u64 << cells) - 1;
        let mut patterns: Vec<Pattern> = Vec::new();
        // `masks[j]`: jump j's three cells under every symmetry, padded with the identity's.
        let mut masks: Vec<[u64; N]> = Vec::with_capacity(compact.jumps.len());
        for (id, j) in compact.jumps.iter().enumerate() {
            let all = j.all;
            let from_over = j.from_over;
            let to = (all ^ from_over).trailing_zeros();
            // Of the two pegs, the starting cell is the one not next to the landing cell:
            // the jumped-over cell lies between them, so it is the one nearer in index too.
            let (a, b) = (from_over.trailing_zeros(), 63 - from_over.leading_zeros());
            let (from, over) = if a.abs_diff(to) > b.abs_diff(to) {
                (a, b)
            } else {
                (b, a)
            };
            let d_over = shifts(i64::from(over) - i64::from(from));
            let d_to = shifts(i64::from(to) - i64::from(from));
            let index = match patterns
                .iter()
                .position(|p| p.over == d_over && p.to == d_to)
            {
                Some(i) => i,
                None => {
                    patterns.push(Pattern {
                        over: d_over,
                        to: d_to,
                        froms: 0,
                        ids: [0; 64],
                    });
                    patterns.len() - 1
                }
            };
            let p = &mut patterns[index];
            p.froms |= 1 << from;
            p.ids[from as usize] = id as u16;
            let images = sym.jump_masks(id);
            masks.push(std::array::from_fn(|s| {
                images.get(s).copied().unwrap_or(all)
            }));
        }
        let bytes = (0..cells.div_ceil(8) as usize * 256)
            .map(|i| {
                let b = ((i % 256) as u64) << (i / 256 * 8) & full;
                std::array::from_fn(|s| if s < sym.len() { sym.apply(s, b) } else { b })
            })
            .collect();
        // First fit, the patterns with the most jumps first.
        patterns.sort_by_key(|p| std::cmp::Reverse(p.froms.count_ones()));
        let mut words: Vec<(u64, Word<N>)> = Vec::new();
        for p in &patterns {
            let fits = |used: u64| {
                (-63..=63).find_map(|o| moved(p.froms, o).filter(|m| m & used == 0).map(|m| (o, m)))
            };
            let (w, o, m) = match words
                .iter()
                .enumerate()
                .find_map(|(w, (used, _))| fits(*used).map(|(o, m)| (w, o, m)))
            {
                Some(found) => found,
                None => {
                    words.push((
                        0,
                        Word {
                            parts: Vec::new(),
                            masks: vec![[0; N]; 64],
                            ids: vec![0; 64],
                        },
                    ));
                    let (o, m) = fits(0)?;
                    (words.len() - 1, o, m)
                }
            };
            let (used, word) = &mut words[w];
            *used |= m;
            let mut rest = p.froms;
            while rest != 0 {
                let from = rest.trailing_zeros();
                rest &= rest - 1;
                let slot = (i64::from(from) + o) as usize;
                word.masks[slot] = masks[usize::from(p.ids[from as usize])];
                word.ids[slot] = p.ids[from as usize];
            }
            word.parts.push(Part {
                over: p.over,
                to: p.to,
                froms: p.froms,
                place: shifts(-o),
            });
        }
        Some(Children {
            full,
            words: words.into_iter().map(|(_, w)| w).collect(),
            bytes,
        })
    }

    /// `board`'s images, padded to `N` with the board itself.
    #[inline(always)]
    pub fn images(&self, board: u64) -> [u64; N] {
        let mut im = [0; N];
        for (k, chunk) in self.bytes.chunks_exact(256).enumerate() {
            let byte = &chunk[(board >> (8 * k) & 0xff) as usize];
            for s in 0..N {
                im[s] |= byte[s];
            }
        }
        im
    }

    /// Calls `f` with the canonical form of every child of `board` (parent, with
    /// [`Direction::Backward`]), in no particular order.
    #[inline(always)]
    pub fn each(&self, board: u64, direction: Direction, mut f: impl FnMut(u64)) {
        self.any(board, direction, |c| {
            f(c);
            false
        });
    }

    /// [`Children::each`] for the children whose jump `jump_passes` lets through (called
    /// with the jump's index among the compact board's jumps, before the child's canonical
    /// form is made: a child a test on the jump rules out costs no images).
    #[inline(always)]
    pub fn each_passing(
        &self,
        board: u64,
        direction: Direction,
        jump_passes: impl FnMut(usize) -> bool,
        mut f: impl FnMut(u64),
    ) {
        self.any_with::<false>(board, direction, jump_passes, |c| {
            f(c);
            false
        });
    }

    /// [`Children::each`] for a loop compiled by [`crate::cpu::fast`]: the least image taken
    /// as a packed minimum of signed integers, one instruction a pair of vectors with
    /// AVX-512 and a compare and a blend with AVX2, where the baseline (no packed compare
    /// of 64-bit integers before SSE 4.2) does better with doubles.
    #[inline(always)]
    pub fn each_fast(&self, board: u64, direction: Direction, mut f: impl FnMut(u64)) {
        self.any_with::<true>(
            board,
            direction,
            |_| true,
            |c| {
                f(c);
                false
            },
        );
    }

    /// Whether `f` holds for the canonical form of a child of `board` (parent, with
    /// [`Direction::Backward`]): `f` is called child after child until it does.
    #[inline(always)]
    pub fn any(&self, board: u64, direction: Direction, f: impl FnMut(u64) -> bool) -> bool {
        self.any_with::<false>(board, direction, |_| true, f)
    }

    /// [`Children::any`], the least image taken over integers (`INT`, see
    /// [`Children::each_fast`]) or doubles, of the children whose jump `jump_passes` lets
    /// through.
    #[inline(always)]
    fn any_with<const INT: bool>(
        &self,
        board: u64,
        direction: Direction,
        mut jump_passes: impl FnMut(usize) -> bool,
        mut f: impl FnMut(u64) -> bool,
    ) -> bool {
        let mut im = self.images(board);
        if !INT {
            for i in im.iter_mut() {
                *i |= EXP;
            }
        }
        // Undoing a jump on a board is playing it on its complement.
        let pegs = match direction {
            Direction::Forward => board,
            Direction::Backward => self.full ^ board,
        };
        let holes = self.full ^ pegs;
        for w in &self.words {
            let mut legal = 0;
            for p in &w.parts {
                let froms = pegs & shift(pegs, p.over) & shift(holes, p.to) & p.froms;
                legal |= shift(froms, p.place);
            }
            while legal != 0 {
                let slot = legal.trailing_zeros() as usize;
                legal &= legal - 1;
                if !jump_passes(usize::from(w.ids[slot])) {
                    continue;
                }
                let child = if INT {
                    least_int(&im, &w.masks[slot])
                } else {
                    least(&im, &w.masks[slot])
                };
                if f(child) {
                    return true;
                }
            }
        }
        false
    }
}

/// The least of the images `im` (with [`EXP`]) with the jump's `masks` flipped: the child's
/// canonical form.
#[inline(always)]
fn least<const N: usize>(im: &[u64; N], masks: &[u64; N]) -> u64 {
    let c: [f64; N] = std::array::from_fn(|s| f64::from_bits(im[s] ^ masks[s]));
    halving(c, |a, b| if b < a { b } else { a }).to_bits() ^ EXP
}

/// [`least`] over integers, for images without [`EXP`]: boards below `2^63` order as signed
/// integers as they do unsigned.
#[inline(always)]
fn least_int<const N: usize>(im: &[u64; N], masks: &[u64; N]) -> u64 {
    let c: [i64; N] = std::array::from_fn(|s| (im[s] ^ masks[s]) as i64);
    halving(c, i64::min) as u64
}

/// The least of `c` by `min`, halving in a tree: pairs of lanes, which the compiler packs.
#[inline(always)]
fn halving<T: Copy, const N: usize>(mut c: [T; N], min: impl Fn(T, T) -> T) -> T {
    let mut n = N;
    while n > 1 {
        let half = n / 2;
        for s in 0..half {
            c[s] = min(c[s], c[s + half]);
        }
        if n % 2 == 1 {
            c[0] = min(c[0], c[n - 1]);
        }
        n = half;
    }
    c[0]
}

/// A board's [`Children`], for as many symmetries as it has (a group padded to the next
/// length compiled).
pub enum Kids {
    /// Groups of at most two.
    Two(Children<2>),
    /// At most four.
    Four(Children<4>),
    /// At most eight.
    Eight(Children<8>),
    /// At most twelve.
    Twelve(Children<12>),
}

impl Kids {
    /// The children of the board `compact` numbers under `sym`; `None` past [`MAX_CELLS`]
    /// cells or twelve symmetries.
    pub fn new(compact: &Compact<u64>, sym: &Symmetries<u64>) -> Option<Kids> {
        Some(match sym.len() {
            0..=2 => Kids::Two(Children::new(compact, sym)?),
            3..=4 => Kids::Four(Children::new(compact, sym)?),
            5..=8 => Kids::Eight(Children::new(compact, sym)?),
            _ => Kids::Twelve(Children::new(compact, sym)?),
        })
    }
}

/// Runs `$body` with `$k` bound to the [`Children`] inside a [`Kids`].
macro_rules! with_kids {
    ($kids:expr, $k:ident => $body:expr) => {
        match $kids {
            $crate::engines::levels::children::Kids::Two($k) => $body,
            $crate::engines::levels::children::Kids::Four($k) => $body,
            $crate::engines::levels::children::Kids::Eight($k) => $body,
            $crate::engines::levels::children::Kids::Twelve($k) => $body,
        }
    };
}
pub(crate) use with_kids;

#[cfg(test)]
mod tests {
    use super::*;
    use pegsol_layout::catalogue;
    use pegsol_rules::Goal;

    /// Walks a few jumps down from `board`, checking that the children (and parents) made
    /// by patterns and fixed-size images are the legal jumps' canonical ones.
    fn check<const N: usize>(compact: &Compact<u64>, sym: &Symmetries<u64>, mut board: u64) {
        let kids = Children::<N>::new(compact, sym).expect("fits");
        for step in 0..6 {
            for direction in [Direction::Forward, Direction::Backward] {
                let legal = match direction {
                    Direction::Forward => compact.legal(board),
                    Direction::Backward => compact.legal(kids.full ^ board),
                };
                let mut expect: Vec<u64> = legal
                    .iter()
                    .map(|j| sym.canon(board ^ compact.jumps[j].all))
                    .collect();
                let mut got = Vec::new();
                kids.each(board, direction, |c| got.push(c));
                // And as the bitset steps run it: over integers, compiled for the processor.
                let mut fast = Vec::new();
                crate::cpu::fast(
                    #[inline(always)]
                    || kids.each_fast(board, direction, |c| fast.push(c)),
                );
                // And only the children of the jumps a test lets through, told the jump's
                // index: here the jumps of odd index.
                let mut expect_odd: Vec<u64> = legal
                    .iter()
                    .filter(|j| j % 2 == 1)
                    .map(|j| sym.canon(board ^ compact.jumps[j].all))
                    .collect();
                let mut odd = Vec::new();
                kids.each_passing(board, direction, |j| j % 2 == 1, |c| odd.push(c));
                expect.sort_unstable();
                got.sort_unstable();
                fast.sort_unstable();
                expect_odd.sort_unstable();
                odd.sort_unstable();
                assert_eq!(got, expect, "step {step}");
                assert_eq!(fast, expect, "step {step}, {:?}", crate::cpu::level());
                assert_eq!(odd, expect_odd, "step {step}");
            }
            let Some(j) = compact.legal(board).iter().nth(step) else {
                break;
            };
            board ^= compact.jumps[j].all;
        }
    }

    /// On every catalogue board small enough, under all its symmetries and under the few
    /// that keep one corner cell (padded with the identity).
    #[test]
    fn children_agree_with_the_legal_jumps() {
        let mut boards = 0;
        for e in catalogue::ENTRIES {
            let puzzle = e.layout().unwrap().validate().unwrap();
            let shape = puzzle.shape();
            if shape.cells().len() > MAX_CELLS {
                continue;
            }
            boards += 1;
            let compact = Compact::<u64>::new(shape);
            let board = compact.encode(puzzle.start.pegs());
            check::<12>(&compact, &Symmetries::all(&compact, shape), board);
            let corner = compact.cells[0];
            let few = Symmetries::keeping_goal(&compact, shape, Goal::At(corner));
            assert!(few.len() < 8, "{}", e.key);
            check::<8>(&compact, &few, board);
        }
        assert!(boards > 5, "{boards}");
    }
}
