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
//! - **tags** ([`Lines`]): a deep proof's positions remember a line of the jump that made
//!   them, and a position skips the jumps that commute with it from a lower orbit (a
//!   mask a word, before anything of the child is made); a child's own tag is read off the
//!   symmetry that gave its least image.

use super::Direction;
use crate::boards::compact::Compact;
use crate::boards::symmetry::Symmetries;
pub use lines::Lines;

mod lines;

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
/// word, not one a pattern.) The tables by slot have a word's 64 entries, so that a slot
/// needs no bounds check.
struct Word<const N: usize> {
    parts: Vec<Part>,
    /// `masks[slot]`: the three cells of the jump at that slot under every symmetry, padded
    /// with the identity's.
    masks: Box<[[u64; N]; 64]>,
    /// `ids[slot]`: the jump at that slot (its index in the compact board's jumps).
    ids: [u16; 64],
    /// `lines[slot]`: the line ([`Lines`]) of the jump at that slot under every symmetry,
    /// padded with the identity's: a child's tag, once its least image is known.
    lines: Box<[[u16; N]; 64]>,
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
    /// The board's lines and their orbits.
    lines: Lines,
    /// `after[tag * words + w]`: the slots of word w whose jumps a position tagged `tag`
    /// skips ([`Lines::skips`]).
    after: Vec<u64>,
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
        let lines = Lines::new(compact, sym);
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
                            masks: Box::new([[0; N]; 64]),
                            ids: [0; 64],
                            lines: Box::new([[0; N]; 64]),
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
                let id = p.ids[from as usize];
                word.masks[slot] = masks[usize::from(id)];
                word.ids[slot] = id;
                for s in 0..N {
                    word.lines[slot][s] = lines.of_cells(word.masks[slot][s])?;
                }
            }
            word.parts.push(Part {
                over: p.over,
                to: p.to,
                froms: p.froms,
                place: shifts(-o),
            });
        }
        let mut after = Vec::with_capacity(lines.len() * words.len());
        for tag in 0..lines.len() as u16 {
            for (used, w) in &words {
                let mut skipped = 0;
                let mut rest = *used;
                while rest != 0 {
                    let slot = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    // Slot's own line: its image under the identity (the first symmetry).
                    if lines.skips(tag, w.lines[slot][0]) {
                        skipped |= 1 << slot;
                    }
                }
                after.push(skipped);
            }
        }
        Some(Children {
            full,
            words: words.into_iter().map(|(_, w)| w).collect(),
            bytes,
            lines,
            after,
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
        self.any_with::<false, false>(board, direction, &[], jump_passes, |c, _| {
            f(c);
            false
        });
    }

    /// [`Children::each_passing`] forward from a position of a tagged level ([`Lines`]):
    /// the jumps a position tagged `tag` skips are not made (none when `tag` is `None`), and
    /// `f` hears each child's canonical form with the child's own tag (the line of the jump
    /// that made it, as the canonical form sees it).
    #[inline(always)]
    pub fn each_tagged(
        &self,
        board: u64,
        tag: Option<u16>,
        jump_passes: impl FnMut(usize) -> bool,
        mut f: impl FnMut(u64, u16),
    ) {
        let after = tag.map_or(&[][..], |t| self.after(t));
        self.any_with::<false, true>(board, Direction::Forward, after, jump_passes, |c, t| {
            f(c, t);
            false
        });
    }

    /// The slots of each word a position tagged `tag` skips (none for a tag past the
    /// board's lines).
    fn after(&self, tag: u16) -> &[u64] {
        let words = self.words.len();
        self.after
            .get(usize::from(tag) * words..)
            .and_then(|a| a.get(..words))
            .unwrap_or(&[])
    }

    /// The board's lines and their orbits.
    pub fn lines(&self) -> &Lines {
        &self.lines
    }

    /// [`Children::each`] for a loop compiled by [`crate::cpu::fast`]: the least image taken
    /// as a packed minimum of signed integers, one instruction a pair of vectors with
    /// AVX-512 and a compare and a blend with AVX2, where the baseline (no packed compare
    /// of 64-bit integers before SSE 4.2) does better with doubles.
    #[inline(always)]
    pub fn each_fast(&self, board: u64, direction: Direction, mut f: impl FnMut(u64)) {
        self.any_with::<true, false>(
            board,
            direction,
            &[],
            |_| true,
            |c, _| {
                f(c);
                false
            },
        );
    }

    /// Whether `f` holds for the canonical form of a child of `board` (parent, with
    /// [`Direction::Backward`]): `f` is called child after child until it does.
    #[inline(always)]
    pub fn any(&self, board: u64, direction: Direction, mut f: impl FnMut(u64) -> bool) -> bool {
        self.any_with::<false, false>(board, direction, &[], |_| true, |c, _| f(c))
    }

    /// [`Children::any`], the least image taken over integers (`INT`, see
    /// [`Children::each_fast`]) or doubles, of the children whose jump `jump_passes` lets
    /// through and whose slot `skip` (a mask a word, or empty) leaves; with `TAG`, `f`
    /// hears each child's tag too (else 0).
    #[inline(always)]
    fn any_with<const INT: bool, const TAG: bool>(
        &self,
        board: u64,
        direction: Direction,
        skip: &[u64],
        mut jump_passes: impl FnMut(usize) -> bool,
        mut f: impl FnMut(u64, u16) -> bool,
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
        for (i, w) in self.words.iter().enumerate() {
            let mut legal = 0;
            for p in &w.parts {
                let froms = pegs & shift(pegs, p.over) & shift(holes, p.to) & p.froms;
                legal |= shift(froms, p.place);
            }
            if let Some(&s) = skip.get(i) {
                legal &= !s;
            }
            while legal != 0 {
                // Below 64 (`legal` is not 0): the mask says so to the compiler.
                let slot = legal.trailing_zeros() as usize & 63;
                legal &= legal - 1;
                if !jump_passes(usize::from(w.ids[slot])) {
                    continue;
                }
                let child = if INT {
                    least_int(&im, &w.masks[slot])
                } else {
                    least(&im, &w.masks[slot])
                };
                let tag = if TAG {
                    let held = if INT { child } else { child | EXP };
                    w.lines[slot][lane(&im, &w.masks[slot], held)]
                } else {
                    0
                };
                if f(child, tag) {
                    return true;
                }
            }
        }
        false
    }
}

/// The first symmetry whose image of the child (`im` with the jump's `masks` flipped) is
/// `least`, its canonical form as `im` holds boards.
#[inline(always)]
fn lane<const N: usize>(im: &[u64; N], masks: &[u64; N], least: u64) -> usize {
    let mut lane = 0;
    for s in (0..N).rev() {
        if im[s] ^ masks[s] == least {
            lane = s;
        }
    }
    lane
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
mod tests;
