//! One level of the solution count ([`super`]): its counts from those of the level below,
//! in the narrowest number type a bound allows, through a slot table of the level below and
//! the bulk steps' children, and what it adds to the positions on a solution.

use super::SolutionsError;
use crate::boards::compact::Compact;
use crate::boards::symmetry::Symmetries;
use crate::engines::levels::children::{with_kids, Kids};
use crate::engines::levels::ranked::prefetch_at;
use crate::engines::levels::{in_parts, or_resume, parts_for, Direction};
use num_bigint::BigUint;
use std::sync::atomic::{AtomicBool, Ordering};

/// A solution count in one number type. Which type a level uses is chosen before it is
/// counted, from a bound on its counts ([`Width::holding`]): the sums need no overflow check,
/// and the English central game (4 * 10^16 solutions) is counted in 64 bits, whose adds and
/// memory are half those of 128.
trait Tally: Clone + Send + Sync {
    fn zero() -> Self;
    /// `self += other`; the bound the type was chosen by guarantees it fits.
    fn add(&mut self, other: &Self);
    fn is_zero(&self) -> bool;
    fn to_big(&self) -> BigUint;
}

impl Tally for u64 {
    fn zero() -> u64 {
        0
    }
    #[inline(always)]
    fn add(&mut self, other: &u64) {
        *self += *other;
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
    fn to_big(&self) -> BigUint {
        BigUint::from(*self)
    }
}

impl Tally for u128 {
    fn zero() -> u128 {
        0
    }
    #[inline(always)]
    fn add(&mut self, other: &u128) {
        *self += *other;
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
    fn to_big(&self) -> BigUint {
        BigUint::from(*self)
    }
}

impl Tally for BigUint {
    fn zero() -> BigUint {
        BigUint::ZERO
    }
    fn add(&mut self, other: &BigUint) {
        *self += other;
    }
    fn is_zero(&self) -> bool {
        *self == BigUint::ZERO
    }
    fn to_big(&self) -> BigUint {
        self.clone()
    }
}

/// The number types a level's counts can be held in, narrowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Width {
    /// 64 bits.
    U64,
    /// 128 bits.
    U128,
    /// Arbitrary precision.
    Big,
}

impl Width {
    /// The narrowest type that holds every number up to `bound`.
    pub fn holding(bound: &BigUint) -> Width {
        match bound.bits() {
            0..=64 => Width::U64,
            65..=128 => Width::U128,
            _ => Width::Big,
        }
    }
}

/// One level's counts, in the type chosen for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Tallies {
    U64(Vec<u64>),
    U128(Vec<u128>),
    Big(Vec<BigUint>),
}

impl Tallies {
    fn width(&self) -> Width {
        match self {
            Tallies::U64(_) => Width::U64,
            Tallies::U128(_) => Width::U128,
            Tallies::Big(_) => Width::Big,
        }
    }

    /// The largest count.
    fn max(&self) -> BigUint {
        match self {
            Tallies::U64(v) => BigUint::from(v.iter().copied().max().unwrap_or(0)),
            Tallies::U128(v) => BigUint::from(v.iter().copied().max().unwrap_or(0)),
            Tallies::Big(v) => v.iter().max().cloned().unwrap_or_default(),
        }
    }

    pub(super) fn get(&self, i: usize) -> BigUint {
        match self {
            Tallies::U64(v) => v[i].to_big(),
            Tallies::U128(v) => v[i].to_big(),
            Tallies::Big(v) => v[i].clone(),
        }
    }

    /// The same counts in `width` (never narrower than they are held in).
    fn widened(self, width: Width) -> Tallies {
        match (self, width) {
            (Tallies::U64(v), Width::U128) => {
                Tallies::U128(v.into_iter().map(u128::from).collect())
            }
            (Tallies::U64(v), Width::Big) => {
                Tallies::Big(v.into_iter().map(BigUint::from).collect())
            }
            (Tallies::U128(v), Width::Big) => {
                Tallies::Big(v.into_iter().map(BigUint::from).collect())
            }
            (same, _) => same,
        }
    }
}

/// Where each position of a level sits in it: an open-addressed table of (position, slot)
/// built once a level, so that a child costs one probe (usually one cache line) where a
/// binary search of the level took some twenty reads.
pub(super) struct Slots {
    table: Vec<(u64, u32)>,
    shift: u32,
}

/// A free entry of [`Slots`] (no level has 2^32 - 1 positions: [`super::MAX_POSITIONS`] and
/// [`crate::engines::winnable::MAX_ENTRIES`] are far below).
const FREE: u32 = u32::MAX;

impl Slots {
    pub(super) fn new(level: &[u64]) -> Slots {
        // At most half full: probes stay short.
        let bits = (level.len().max(8) * 2)
            .next_power_of_two()
            .trailing_zeros();
        let mut table = vec![(0u64, FREE); 1 << bits];
        let shift = 64 - bits;
        let mask = table.len() - 1;
        for (i, &p) in level.iter().enumerate() {
            let mut h = Self::hash(p, shift);
            while table[h].1 != FREE {
                h = (h + 1) & mask;
            }
            table[h] = (p, i as u32);
        }
        Slots { table, shift }
    }

    #[inline(always)]
    fn hash(p: u64, shift: u32) -> usize {
        (p.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> shift) as usize
    }

    /// Asks the processor to fetch the entry where a look-up of `p` begins.
    #[inline(always)]
    fn prefetch(&self, p: u64) {
        prefetch_at(&self.table[Self::hash(p, self.shift)]);
    }

    /// The slot of `p` in the level, if it is there.
    #[inline(always)]
    fn get(&self, p: u64) -> Option<usize> {
        let mask = self.table.len() - 1;
        let mut h = Self::hash(p, self.shift);
        loop {
            let (key, slot) = self.table[h];
            if slot == FREE {
                return None;
            }
            if key == p {
                return Some(slot as usize);
            }
            h = (h + 1) & mask;
        }
    }
}

/// How the children of a position are made: by jump patterns and fixed-size images where
/// the board allows ([`Kids`]), one legal jump at a time otherwise.
pub(super) struct Maker<'a> {
    compact: &'a Compact<u64>,
    sym: &'a Symmetries<u64>,
    kids: Option<Kids>,
    /// Most jumps starting from one cell: a position of k pegs has at most k times as many
    /// legal jumps (and never more than the board has).
    per_cell: u64,
}

impl<'a> Maker<'a> {
    pub(super) fn new(compact: &'a Compact<u64>, sym: &'a Symmetries<u64>) -> Maker<'a> {
        let mut from = vec![0u64; compact.cells.len()];
        // Jumps by the cells they start from or jump over: a cell's count is at least the
        // jumps starting on it, which is all a bound needs (`from_over` does not say which
        // of its two cells is the start).
        for j in &compact.jumps {
            let cells = j.from_over;
            from[cells.trailing_zeros() as usize] += 1;
            from[63 - cells.leading_zeros() as usize] += 1;
        }
        Maker {
            compact,
            sym,
            kids: Kids::new(compact, sym),
            per_cell: from.into_iter().max().unwrap_or(0),
        }
    }

    /// Most legal jumps of a position of `pegs` pegs.
    fn fan_out(&self, pegs: usize) -> u64 {
        (pegs as u64 * self.per_cell).min(self.compact.jumps.len() as u64)
    }

    /// Calls `f` with the canonical form of the child of every legal jump of `p`.
    #[inline(always)]
    fn each(&self, p: u64, mut f: impl FnMut(u64)) {
        match &self.kids {
            Some(kids) => with_kids!(kids, k => k.each(p, Direction::Forward, &mut f)),
            None => {
                let images = self.sym.images(p);
                for j in self.compact.legal(p).iter() {
                    f(self.sym.child_canon(&images, j));
                }
            }
        }
    }
}

/// What a level adds to the "positions on a solution" figures.
#[derive(Default)]
pub(super) struct OnSolutions {
    /// Positions (orbit sizes summed) with a solution.
    pub(super) positions: u64,
    /// Classes under the whole group with a solution: counted where the level's own
    /// symmetries are the whole group, else their canonical forms, sorted and counted.
    pub(super) classes: u64,
    pub(super) canon: Vec<u64>,
}

/// What the counting needs about the board, shared by every level.
pub(super) struct Board<'a> {
    pub(super) maker: Maker<'a>,
    pub(super) sym: &'a Symmetries<u64>,
    /// The whole group, when the level's symmetries are only part of it.
    pub(super) group: Option<Symmetries<u64>>,
}

/// Counts `level` from the counts of the level below (`below`, whose positions `slots`
/// places), in the narrowest type its bound allows, and what it adds to the positions on a
/// solution. The level's positions are shared out among the threads in consecutive
/// stretches: a count reads only the level below, so the stretches are independent, and
/// joined in order they give the same counts on any number of threads.
pub(super) fn next_level(
    board: &Board,
    pegs: usize,
    level: &[u64],
    slots: &Slots,
    below: Tallies,
    cancel: &AtomicBool,
) -> Result<(Tallies, OnSolutions), SolutionsError> {
    let bound = below.max() * BigUint::from(board.maker.fan_out(pegs));
    let width = Width::holding(&bound).max(below.width());
    Ok(match below.widened(width) {
        Tallies::U64(b) => {
            let (v, on) = counted(board, level, slots, &b, cancel)?;
            (Tallies::U64(v), on)
        }
        Tallies::U128(b) => {
            let (v, on) = counted(board, level, slots, &b, cancel)?;
            (Tallies::U128(v), on)
        }
        Tallies::Big(b) => {
            let (v, on) = counted(board, level, slots, &b, cancel)?;
            (Tallies::Big(v), on)
        }
    })
}

/// [`next_level`] in one number type.
fn counted<T: Tally>(
    board: &Board,
    level: &[u64],
    slots: &Slots,
    below: &[T],
    cancel: &AtomicBool,
) -> Result<(Vec<T>, OnSolutions), SolutionsError> {
    let parts = in_parts(level.len(), parts_for(level.len()), |range| {
        // Compiled for the processor's features too (popcnt, tzcnt in one instruction).
        crate::cpu::fast(
            #[inline(always)]
            || counted_stretch(board, &level[range], slots, below, cancel),
        )
    });
    let mut here: Vec<T> = Vec::with_capacity(level.len());
    let mut on = OnSolutions::default();
    for part in parts {
        // A stretch's thread that panicked takes the count down with it: the caller's job
        // reports it, where carrying on would print a wrong count.
        let (counts, part_on) = or_resume(part)?;
        here.extend(counts);
        on.positions += part_on.positions;
        on.classes += part_on.classes;
        on.canon.extend(part_on.canon);
    }
    if !on.canon.is_empty() {
        on.canon.sort_unstable();
        on.canon.dedup();
        on.classes += on.canon.len() as u64;
        on.canon = Vec::new();
    }
    Ok((here, on))
}

/// One thread's stretch of a level counted (see [`counted`]).
#[inline(always)]
fn counted_stretch<T: Tally>(
    board: &Board,
    stretch: &[u64],
    slots: &Slots,
    below: &[T],
    cancel: &AtomicBool,
) -> Result<(Vec<T>, OnSolutions), SolutionsError> {
    let mut out: Vec<T> = Vec::with_capacity(stretch.len());
    let mut on = OnSolutions::default();
    // A three-stage pipeline, one position a stage: the children of position n are made
    // and their table entries fetched, those of n - 1 looked up and their counts
    // fetched, those of n - 2 summed. Nearly all the time of a count is the two cache
    // misses of each child (its table entry, then its count); started two positions
    // ahead, they overlap the work instead of stalling it.
    let mut kids: [Vec<u64>; 3] = Default::default();
    let mut found: [Vec<u32>; 3] = Default::default();
    for n in 0..stretch.len() + 2 {
        if n % 4096 == 0 && cancel.load(Ordering::Relaxed) {
            return Err(SolutionsError::Cancelled);
        }
        if let Some(&p) = stretch.get(n) {
            let made = &mut kids[n % 3];
            made.clear();
            board.maker.each(p, |child| {
                slots.prefetch(child);
                made.push(child);
            });
        }
        if (1..=stretch.len()).contains(&n) {
            let s = (n - 1) % 3;
            found[s].clear();
            for &child in &kids[s] {
                if let Some(i) = slots.get(child) {
                    prefetch_at(&below[i]);
                    found[s].push(i as u32);
                }
            }
        }
        if n >= 2 {
            let p = stretch[n - 2];
            let mut total = T::zero();
            for &i in &found[(n - 2) % 3] {
                total.add(&below[i as usize]);
            }
            if !total.is_zero() {
                on.positions += board.sym.orbit_size(p);
                match &board.group {
                    None => on.classes += 1,
                    Some(group) => on.canon.push(group.canon(p)),
                }
            }
            out.push(total);
        }
    }
    Ok((out, on))
}

#[cfg(test)]
mod tests {
    use super::super::reachable_levels;
    use super::*;
    use crate::uncontrolled;
    use pegsol_layout::load::resolve_puzzle;
    use pegsol_rules::Goal;

    #[test]
    fn each_level_takes_the_narrowest_type_its_bound_allows() {
        let one = BigUint::from(1u8);
        assert_eq!(Width::holding(&BigUint::ZERO), Width::U64);
        assert_eq!(Width::holding(&BigUint::from(u64::MAX)), Width::U64);
        assert_eq!(
            Width::holding(&(BigUint::from(u64::MAX) + &one)),
            Width::U128
        );
        assert_eq!(Width::holding(&BigUint::from(u128::MAX)), Width::U128);
        assert_eq!(
            Width::holding(&(BigUint::from(u128::MAX) + &one)),
            Width::Big
        );
    }

    /// Counts of the level below just past half of 64 (then 128) bits: every position with
    /// two children in it sums past the type, so the level must be counted wider, exactly.
    #[test]
    fn counts_across_the_64_and_128_bit_limits_take_the_wider_type() {
        let puzzle = resolve_puzzle("triangle").expect("the triangle");
        let shape = puzzle.start.shape();
        let compact = Compact::<u64>::new(shape);
        let sym = Symmetries::keeping_start_and_goal(&compact, &puzzle.start, Goal::Anywhere);
        let levels = uncontrolled(|c| reachable_levels(&compact, &sym, puzzle.start.pegs(), c))
            .expect("levels");
        let board = Board {
            maker: Maker::new(&compact, &sym),
            sym: &sym,
            group: None,
        };
        let cancel = AtomicBool::new(false);
        let k = (2..levels.len())
            .max_by_key(|&k| levels[k].len().min(levels[k - 1].len()))
            .expect("a level");
        let (level, under) = (&levels[k], &levels[k - 1]);
        // How many children of `p` the level below holds, one legal jump at a time.
        let children = |p: u64| -> u64 {
            let images = sym.images(p);
            compact
                .legal(p)
                .iter()
                .filter(|&j| under.binary_search(&sym.child_canon(&images, j)).is_ok())
                .count() as u64
        };
        let narrow = u64::MAX / 2 + 1;
        let wide = u128::MAX / 2 + 1;
        let cases = [
            (
                Tallies::U64(vec![1; under.len()]),
                Width::U64,
                BigUint::from(1u8),
            ),
            (
                Tallies::U64(vec![narrow; under.len()]),
                Width::U128,
                BigUint::from(narrow),
            ),
            (
                Tallies::U128(vec![wide; under.len()]),
                Width::Big,
                BigUint::from(wide),
            ),
        ];
        for (below, width, each) in cases {
            let (here, _) =
                next_level(&board, k, level, &Slots::new(under), below, &cancel).expect("counted");
            assert_eq!(here.width(), width);
            let mut past = false;
            for (i, &p) in level.iter().enumerate() {
                let expected = &each * BigUint::from(children(p));
                past |= Width::holding(&expected) == width && width != Width::U64;
                assert_eq!(here.get(i), expected);
            }
            assert!(
                past || width == Width::U64,
                "some count crosses the narrower limit"
            );
        }
    }
}
