//! Counting solutions: how many jump sequences reach the goal from the start, and how many
//! distinct positions those sequences pass through.
//!
//! Not an enumeration of sequences (the English board has about 4 * 10^16 of them) but a
//! dynamic programme over positions (every position reachable from the start or, for a game
//! whose start is its goal turned inside out, only the winnable ones, [`super::winnable`]): the solutions from a position are the sum of the
//! solutions from its children, and a position that cannot win has none. Positions are
//! held by peg count as sorted vectors of canonical forms under the symmetries that keep the
//! start and the goal: a symmetry that keeps both maps solutions to solutions, so every
//! position of a class has as many, and a class needs one count.
//!
//! The counts are exact at any size: each level is counted in the narrowest type (64 bits,
//! 128, arbitrary precision) that a bound taken before it is counted allows.

use super::levels::children::{with_kids, Kids};
use super::levels::ranked::prefetch_at;
use super::levels::step::Stepper;
use super::levels::{in_parts, parts_for, Direction, Halt};
use super::winnable::{self, WinnableSet};
use crate::rules::{CellSet, Goal, Position};
use crate::solver::boards::compact::Compact;
use crate::solver::boards::symmetry::Symmetries;
use crate::solver::{Control, Stop};
use num_bigint::BigUint;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How many ways a start can be solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolutionCount {
    /// Jump sequences from the start that reach the goal.
    pub solutions: BigUint,
    /// Distinct positions (the start and goal included) on at least one solution.
    pub positions: u64,
    /// The same positions counted up to the board's symmetries, as the literature counts.
    pub up_to_symmetry: u64,
    /// Positions the count looked at (canonical forms).
    pub examined: u64,
    /// Wall time.
    pub elapsed: Duration,
}

/// Most positions (canonical forms) held while counting: about 1 GiB at the peak with the
/// level being built and the counts. The English board's 23.5 million fit.
pub const MAX_POSITIONS: u64 = 30_000_000;

/// Why solutions could not be counted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolutionsError {
    /// The board has more than 64 holes.
    #[error("counting solutions needs a board of at most 64 holes; this one has {0}")]
    TooLarge(u32),
    /// More positions than [`MAX_POSITIONS`] can be reached.
    #[error(
        "more than {} positions can be reached from this start: too many to count",
        MAX_POSITIONS
    )]
    TooManyPositions,
    /// The count was cancelled.
    #[error("cancelled")]
    Cancelled,
}

impl From<Stop> for SolutionsError {
    fn from(stop: Stop) -> SolutionsError {
        match stop {
            Stop::Cancelled => SolutionsError::Cancelled,
            _ => SolutionsError::TooManyPositions,
        }
    }
}

/// Counts the solutions of `start` for `goal` (one peg left, anywhere or on a cell), over
/// every position reachable from the start.
pub fn count_solutions(
    start: &Position,
    goal: Goal,
    control: &mut Control,
) -> Result<SolutionCount, SolutionsError> {
    let shape = start.shape();
    let size = shape.cells().len();
    if size > 64 {
        return Err(SolutionsError::TooLarge(size));
    }
    let compact = Compact::<u64>::new(shape);
    let sym = Symmetries::keeping_start_and_goal(&compact, start, goal);
    // A game whose start is its goal turned inside out (the English central game): only the
    // winnable positions, met in the middle, instead of every reachable one.
    if let (true, Goal::At(cell)) = (WinnableSet::applies(shape, start.pegs(), goal), goal) {
        let set = WinnableSet::build(shape, cell, winnable::MAX_ENTRIES, control)?;
        let levels: Vec<Vec<u64>> = (0..=size).map(|k| set.level(k)).collect();
        return over_levels(&compact, &sym, start, goal, &levels, control);
    }
    let levels = reachable_levels(&compact, &sym, start.pegs(), control)?;
    over_levels(&compact, &sym, start, goal, &levels, control)
}

/// Every position reachable from `start`, by peg count (`levels[k]`: sorted canonical forms
/// of k pegs), one [`Stepper::expand`] a level: it squeezes repeats out while it gathers (or
/// sets bits in a dense level), so memory follows the distinct positions, and gives up as
/// soon as they pass [`MAX_POSITIONS`].
fn reachable_levels(
    compact: &Compact<u64>,
    sym: &Symmetries<u64>,
    start: CellSet,
    control: &mut Control,
) -> Result<Vec<Vec<u64>>, SolutionsError> {
    let first = sym.canon(compact.encode(start));
    let top = first.count_ones() as usize;
    let mut levels = vec![Vec::new(); top + 1];
    levels[top] = vec![first];
    let mut held = 1u64;
    let cancel = control.cancel_flag();
    let mut step = Stepper::new(compact, sym, cancel);
    for k in (1..top).rev() {
        let next = step
            .expand(
                &levels[k + 1],
                Direction::Forward,
                false,
                MAX_POSITIONS.saturating_sub(held),
            )
            .map_err(|halt| match halt {
                Halt::Cancelled => SolutionsError::Cancelled,
                Halt::TooMany => SolutionsError::TooManyPositions,
            })?;
        held += next.len() as u64;
        if held > MAX_POSITIONS {
            return Err(SolutionsError::TooManyPositions);
        }
        control.report(held, held, k as u32);
        levels[k] = next;
    }
    Ok(levels)
}

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
pub enum Width {
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
enum Tallies {
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

    fn get(&self, i: usize) -> BigUint {
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
struct Slots {
    table: Vec<(u64, u32)>,
    shift: u32,
}

/// A free entry of [`Slots`] (no level has 2^32 - 1 positions: [`MAX_POSITIONS`] and
/// [`winnable::MAX_ENTRIES`] are far below).
const FREE: u32 = u32::MAX;

impl Slots {
    fn new(level: &[u64]) -> Slots {
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
struct Maker<'a> {
    compact: &'a Compact<u64>,
    sym: &'a Symmetries<u64>,
    kids: Option<Kids>,
    /// Most jumps starting from one cell: a position of k pegs has at most k times as many
    /// legal jumps (and never more than the board has).
    per_cell: u64,
}

impl<'a> Maker<'a> {
    fn new(compact: &'a Compact<u64>, sym: &'a Symmetries<u64>) -> Maker<'a> {
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
struct OnSolutions {
    /// Positions (orbit sizes summed) with a solution.
    positions: u64,
    /// Classes under the whole group with a solution: counted where the level's own
    /// symmetries are the whole group, else their canonical forms, sorted and counted.
    classes: u64,
    canon: Vec<u64>,
}

/// What the counting needs about the board, shared by every level.
struct Board<'a> {
    maker: Maker<'a>,
    sym: &'a Symmetries<u64>,
    /// The whole group, when the level's symmetries are only part of it.
    group: Option<Symmetries<u64>>,
}

/// Counts `level` from the counts of the level below (`below`, whose positions `slots`
/// places), in the narrowest type its bound allows, and what it adds to the positions on a
/// solution. The level's positions are shared out among the threads in consecutive
/// stretches: a count reads only the level below, so the stretches are independent, and
/// joined in order they give the same counts on any number of threads.
fn next_level(
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
        let stretch = &level[range];
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
    });
    let mut here: Vec<T> = Vec::with_capacity(level.len());
    let mut on = OnSolutions::default();
    for part in parts {
        // A stretch's thread that panicked takes the count down with it: the caller's job
        // reports it, where carrying on would print a wrong count.
        let (counts, part_on) = part.unwrap_or_else(|panic| std::panic::resume_unwind(panic))?;
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

/// Counts over given levels of positions (`levels[k]`: sorted canonical forms under `sym`
/// with k pegs, holding at least every position on a solution; others count nothing).
pub fn over_levels(
    compact: &Compact<u64>,
    sym: &Symmetries<u64>,
    start: &Position,
    goal: Goal,
    levels: &[Vec<u64>],
    control: &mut Control,
) -> Result<SolutionCount, SolutionsError> {
    let examined = levels.iter().map(|l| l.len() as u64).sum();
    let start_canon = sym.canon(compact.encode(start.pegs()));
    let goal_canon = compact.goal_board(goal).map(|g| sym.canon(g));
    let group = Symmetries::all(compact, start.shape());
    let board = Board {
        maker: Maker::new(compact, sym),
        sym,
        // A subgroup as large as the group is the group: the levels' classes are its.
        group: (group.len() != sym.len()).then_some(group),
    };
    let cancel = control.cancel_flag();
    // Levels above the start's peg count cannot be on its solutions.
    let top = (start.peg_count() as usize).min(levels.len().saturating_sub(1));
    let mut solutions = BigUint::ZERO;
    let mut positions = 0u64;
    let mut up_to_symmetry = 0u64;
    let mut below = Tallies::U64(Vec::new());
    let mut slots = Slots::new(&[]);
    for (k, level) in levels.iter().enumerate().take(top + 1).skip(1) {
        let (here, on) = if k == 1 {
            // One peg: a solution of no jumps where it is the goal.
            let wins = |p: u64| goal_canon.is_none_or(|g| g == p);
            let ones: Vec<u64> = level.iter().map(|&p| u64::from(wins(p))).collect();
            let mut classes: Vec<u64> = level.iter().copied().filter(|&p| wins(p)).collect();
            let positions = classes.iter().map(|&p| sym.orbit_size(p)).sum();
            if let Some(g) = &board.group {
                classes = classes.iter().map(|&p| g.canon(p)).collect();
            }
            classes.sort_unstable();
            classes.dedup();
            let on = OnSolutions {
                positions,
                classes: classes.len() as u64,
                canon: Vec::new(),
            };
            (Tallies::U64(ones), on)
        } else {
            next_level(&board, k, level, &slots, below, cancel)?
        };
        positions += on.positions;
        up_to_symmetry += on.classes;
        if k == start_canon.count_ones() as usize {
            if let Ok(i) = level.binary_search(&start_canon) {
                solutions = here.get(i);
            }
        }
        if k < top {
            slots = Slots::new(level);
        }
        below = here;
    }
    Ok(SolutionCount {
        solutions,
        positions,
        up_to_symmetry,
        examined,
        elapsed: control.elapsed(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::load::resolve_puzzle;
    use crate::rules::{legal_jumps_of, Shape};
    use crate::solver::uncontrolled;
    use rustc_hash::FxHashMap;

    /// Jump sequences from `pegs` to the goal, by brute force (memoised on the position only,
    /// no symmetry).
    fn brute(
        shape: &Shape,
        pegs: CellSet,
        goal: Goal,
        memo: &mut FxHashMap<CellSet, u128>,
    ) -> u128 {
        if let Some(&n) = memo.get(&pegs) {
            return n;
        }
        if pegs.len() == 1 {
            let n = u128::from(goal.is_won(pegs));
            memo.insert(pegs, n);
            return n;
        }
        let jumps: Vec<_> = legal_jumps_of(shape, pegs).collect();
        let n = jumps
            .into_iter()
            .map(|j| brute(shape, pegs ^ j.cells(), goal, memo))
            .sum();
        memo.insert(pegs, n);
        n
    }

    #[test]
    fn counts_agree_with_brute_force_on_the_small_catalogue_boards() {
        for name in ["triangle", "triangle-21", "level-2", "level-3"] {
            let puzzle = resolve_puzzle(name).expect("a catalogue board");
            for goal in [Goal::Anywhere, puzzle.goal] {
                let out =
                    uncontrolled(|c| count_solutions(&puzzle.start, goal, c)).expect("counted");
                let mut memo = FxHashMap::default();
                let expected = brute(puzzle.start.shape(), puzzle.start.pegs(), goal, &mut memo);
                assert_eq!(out.solutions, BigUint::from(expected), "{name} {goal:?}");
                // Positions on a solution: every position the brute force reached from the
                // start (the start too) with a solution from it.
                let on_solutions = memo.values().filter(|&&n| n > 0).count() as u64;
                assert_eq!(out.positions, on_solutions, "{name} {goal:?}");
            }
        }
    }

    #[test]
    fn the_fifteen_hole_triangle_has_its_published_count() {
        // 29,760 solutions from the top corner to one peg anywhere (Bell, "Solving
        // triangular peg solitaire", Table: 15-hole triangle).
        let puzzle = resolve_puzzle("triangle").expect("the triangle");
        let out =
            uncontrolled(|c| count_solutions(&puzzle.start, Goal::Anywhere, c)).expect("counted");
        assert_eq!(out.solutions, BigUint::from(29_760u32));
    }

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
