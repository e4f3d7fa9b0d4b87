//! The winnable set of a board whose start is its goal turned inside out: every position,
//! reachable from the start, that can still finish with one peg on the goal cell.
//!
//! The English board's classic game (every hole full but the centre, one peg to end in the
//! centre) is such a game: its start is the complement of its goal. Undoing a jump on a
//! position is playing it on the complement, so "can reach the goal in n jumps" and
//! "reachable from the start in n jumps" are the same set, turned inside out. That gives a
//! meeting in the middle with only one half to search (as feschber/peg-solitaire does):
//! - **backward** from the goal, by undone jumps, up to the middle peg count m: `B_k`, every
//!   position of k pegs that can reach the goal (exactly, reachable from the start or not);
//! - the level above the middle is reachable-from-start, which is `B` turned inside out, so
//!   **forward** from there, each level intersected with `B`, gives the winnable positions
//!   `W_k` of k <= m pegs;
//! - the levels above the middle are `W` turned inside out.
//!
//! The backward growth is pruned ([`prune`]): once a level is large enough, pagoda functions
//! drop the positions they prove unreachable from the start, from it and every level after.
//! Those are exactly the positions the forward half would drop, and their parents are
//! unreachable too, so the winnable positions are the same. Only [`WinnableSet::judge`] sees
//! the difference: a pruned position, asked about, is decided by a search down to positions
//! the set knows.
//!
//! Levels are sorted vectors of canonical forms under the symmetries that keep the goal
//! cell (see [`super::levels`]). The set answers "can this position still win?" at once: for
//! a position of at most m pegs exactly, for one of more pegs when it is reachable from the
//! start (any game played from the start), and gives a winning line by walking down it.

pub mod prune;

use super::levels::step::Stepper;
use super::levels::{self, Direction, Halt};
use crate::boards::compact::Compact;
use crate::boards::symmetry::Symmetries;
use crate::{Control, Stop};
use pegsol_rules::{legal_jumps_of, Cell, CellSet, Goal, Jump, Shape};
use prune::StartPrune;
use rustc_hash::FxHashSet;

/// Most positions (canonical forms) a build may hold before it gives up: about 1 GiB of
/// levels and working vectors. The English board needs about 8 million.
pub const MAX_ENTRIES: u64 = 60_000_000;

/// Largest board (in holes) whose set the front ends build unasked: the English board's 33
/// take a few seconds and about 500 MB at the peak; larger boards' sets grow too fast.
pub const PRACTICAL_HOLES: u32 = 33;

/// Size of the first backward level whose positions are sampled for the pruning functions
/// (see [`Pruning`]): on the English board the level of 12 pegs (229,614 positions). Sampled
/// at the level of 10 pegs (31,312), the functions found prune less: the largest level kept
/// 1.45 million positions instead of 1.40.
pub const PRUNE_FROM: usize = 100_000;

/// Backward levels whose samples are searched for pruning functions at most.
const MAX_TRIES: u32 = 3;

/// Positions a judgement of a pruned position may search at most before it answers "unknown".
const JUDGE_SEARCH: usize = 200_000;

/// Whether the backward growth is pruned by pagoda functions ([`prune`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pruning {
    /// Never: every level holds every position that can reach the goal.
    Off,
    /// From the first backward level of at least this many positions.
    From(usize),
}

/// The winnable set of one board and goal cell (see the module docs).
pub struct WinnableSet {
    shape: Shape,
    cells: CellSet,
    goal: Cell,
    compact: Compact<u64>,
    sym: Symmetries<u64>,
    full: u64,
    /// Cells on the board.
    size: u32,
    /// The middle peg count: levels up to it are stored.
    middle: u32,
    /// `backward[k]`: canonical positions of k pegs that can reach the goal; from
    /// `pruned_from` pegs, only those `prune` keeps.
    backward: Vec<Vec<u64>>,
    /// The functions that pruned the backward levels, if any did.
    prune: Option<StartPrune>,
    /// The first pruned level (`u32::MAX` when none is).
    pruned_from: u32,
    /// `winnable[k]`: those that are also reachable from the start.
    winnable: Vec<Vec<u64>>,
}

impl WinnableSet {
    /// Whether the set can be built for this game: the start is every hole but the goal
    /// cell, and the board has at most 64 holes.
    pub fn applies(shape: &Shape, start: CellSet, goal: Goal) -> bool {
        match goal {
            Goal::At(c) => {
                shape.cells().len() <= 64
                    && shape.cells().len() >= 3
                    && shape.contains(c)
                    && start == shape.cells() - CellSet::single(c)
            }
            Goal::Anywhere => false,
        }
    }

    /// Builds the set for finishing on `goal` from every hole but `goal` (see
    /// [`WinnableSet::applies`]), pruned from [`PRUNE_FROM`]. Stops when cancelled, or with
    /// [`Stop::Budget`] past `max_entries` positions held.
    pub fn build(
        shape: &Shape,
        goal: Cell,
        max_entries: u64,
        control: &mut Control,
    ) -> Result<WinnableSet, Stop> {
        Self::build_with(shape, goal, max_entries, Pruning::From(PRUNE_FROM), control)
    }

    /// [`WinnableSet::build`] with the pruning given: the same set, the same judgements
    /// (the tests compare them).
    pub fn build_with(
        shape: &Shape,
        goal: Cell,
        max_entries: u64,
        pruning: Pruning,
        control: &mut Control,
    ) -> Result<WinnableSet, Stop> {
        let start = shape.cells() - CellSet::single(goal);
        if !Self::applies(shape, start, Goal::At(goal)) {
            return Err(Stop::Exhausted);
        }
        let compact = Compact::<u64>::new(shape);
        let sym = Symmetries::keeping_goal(&compact, shape, Goal::At(goal));
        let full = compact.encode(shape.cells());
        let size = shape.cells().len();
        let pegs = size - 1;
        let middle = pegs.div_ceil(2);
        let cancel = control.cancel_flag();
        let goal_board = compact.encode(CellSet::single(goal));
        let mut prune: Option<StartPrune> = None;
        let mut pruned_from = u32::MAX;
        let mut tries = 0;
        let (backward, winnable) = {
            let mut step = Stepper::new(&compact, &sym, cancel);
            let stopped = |halt| match halt {
                Halt::Cancelled => Stop::Cancelled,
                Halt::TooMany => Stop::Budget,
            };
            let mut held = 1u64;
            let mut backward: Vec<Vec<u64>> = vec![Vec::new(); middle as usize + 1];
            backward[1] = vec![sym.canon(compact.encode(CellSet::single(goal)))];
            for k in 1..middle as usize {
                let limit = max_entries.saturating_sub(held);
                // Once found, the functions prune each level as the bitset is read out.
                let mut next = match &prune {
                    Some(p) => {
                        let limits = p.limits(k as u32 + 1);
                        let keep = |b: u64| p.keeps(&limits, b);
                        step.expand_kept(&backward[k], Direction::Backward, false, limit, &keep)
                    }
                    None => step.expand(&backward[k], Direction::Backward, false, limit),
                }
                .map_err(stopped)?;
                if let Pruning::From(at) = pruning {
                    // Sought on a few levels at most: a larger level's sample may give
                    // functions a smaller one did not (on the small boards), but a board
                    // that gives none is not asked level after level.
                    if prune.is_none() && tries < MAX_TRIES && next.len() >= at {
                        tries += 1;
                        prune = StartPrune::find(&compact, &sym, full, goal_board, &next);
                        pruned_from = k as u32 + 1;
                        if let Some(p) = &prune {
                            next = p.filter(next);
                        }
                    }
                }
                held += next.len() as u64;
                if held > max_entries {
                    return Err(Stop::Budget);
                }
                backward[k + 1] = next;
            }
            // The level just above the middle, reachable from the start: B turned inside
            // out, read as such by the first forward step.
            let above = (size - middle - 1) as usize;
            let mut winnable: Vec<Vec<u64>> = vec![Vec::new(); middle as usize + 1];
            for k in (1..=middle as usize).rev() {
                winnable[k] = if k + 1 == size as usize - above {
                    // The first forward step, from the level above the middle
                    // (`backward[above]` read inside out); on an odd board that is the
                    // middle itself (`above == k`), which then meets itself.
                    step.expand_within(&backward[above], Direction::Forward, true, &backward[k])
                } else {
                    step.expand_within(&winnable[k + 1], Direction::Forward, false, &backward[k])
                }
                .map_err(stopped)?;
            }
            (backward, winnable)
        };
        let prune_found = prune.is_some();
        Ok(WinnableSet {
            shape: shape.clone(),
            cells: shape.cells(),
            goal,
            compact,
            sym,
            full,
            size,
            middle,
            backward,
            prune,
            pruned_from: if prune_found { pruned_from } else { u32::MAX },
            winnable,
        })
    }

    /// Whether the set was built for `shape`.
    pub fn fits(&self, shape: &Shape) -> bool {
        self.shape == *shape
    }

    /// The goal cell.
    pub fn goal(&self) -> Cell {
        self.goal
    }

    /// Positions held (canonical forms, both halves): what a "lost" answer from this set
    /// rests on.
    pub fn explored(&self) -> u64 {
        self.backward.iter().map(|l| l.len() as u64).sum::<u64>()
            + self.winnable.iter().map(|l| l.len() as u64).sum::<u64>()
    }

    /// Winnable positions with `pegs` pegs, as canonical forms under the goal's symmetries
    /// (empty outside 1..board size - 1).
    pub fn level(&self, pegs: u32) -> Vec<u64> {
        if pegs == 0 || pegs >= self.size {
            return Vec::new();
        }
        if pegs <= self.middle {
            return self.winnable[pegs as usize].clone();
        }
        let below = &self.winnable[(self.size - pegs) as usize];
        levels::sort_dedup(
            below
                .iter()
                .map(|&w| self.sym.canon(self.full ^ w))
                .collect(),
            self.size,
        )
    }

    /// Winnable positions with `pegs` pegs, counted up to every symmetry of `shape` (the
    /// literature's count).
    pub fn count_up_to_symmetry(&self, shape: &Shape, pegs: u32) -> u64 {
        let group = Symmetries::all(&self.compact, shape);
        let level = self.level(pegs);
        if group.len() == self.sym.len() {
            return level.len() as u64;
        }
        levels::sort_dedup(level.iter().map(|&b| group.canon(b)).collect(), self.size).len() as u64
    }

    /// All winnable positions, reachable from the start, as canonical forms.
    pub fn len(&self) -> u64 {
        let low: u64 = self.winnable.iter().map(|l| l.len() as u64).sum();
        // Levels above the middle are those below turned inside out.
        let high: u64 = (self.middle + 1..self.size)
            .map(|k| self.winnable[(self.size - k) as usize].len() as u64)
            .sum();
        low + high
    }

    /// Whether the set is empty (the goal cannot be reached from the start at all).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether `pegs` can still finish on the goal: `Some(answer)` when the set knows (every
    /// position of at most the middle count of pegs; one of more pegs when it is reachable
    /// from the start), `None` otherwise.
    pub fn judge(&self, pegs: CellSet) -> Option<bool> {
        if !pegs.is_subset(self.cells) {
            return None;
        }
        self.judge_bits(self.compact.encode(pegs))
    }

    /// [`WinnableSet::judge`] for a board already numbered as `Compact::<u64>::new` numbers
    /// the shape's cells: for engines that hold boards that way (no decoding per position).
    pub fn judge_bits(&self, b: u64) -> Option<bool> {
        let k = b.count_ones();
        if k == 0 {
            return Some(false);
        }
        if k <= self.middle {
            return self.can_reach_goal(b, &mut FxHashSet::default(), &mut 0);
        }
        if k >= self.size {
            return None;
        }
        // Above the middle: reachable from the start when its complement can reach the goal.
        let j = (self.size - k) as usize;
        let inside_out = self.sym.canon(self.full ^ b);
        if !levels::holds(&self.backward[j], inside_out) {
            // A complement pruned from its level: the position cannot reach the goal (its
            // complement is unreachable from the start), but whether the start reaches it
            // (the complement reaches the goal) takes a search, as for any pruned position.
            if !self.pruned(inside_out) {
                return None;
            }
            let reached = self.can_reach_goal(inside_out, &mut FxHashSet::default(), &mut 0);
            return reached?.then_some(false);
        }
        Some(levels::holds(&self.winnable[j], inside_out))
    }

    /// Whether `b`'s level was pruned and the functions drop `b`.
    fn pruned(&self, b: u64) -> bool {
        b.count_ones() >= self.pruned_from
            && self.prune.as_ref().is_some_and(|p| !p.may_be_reached(b))
    }

    /// Whether `b` (at most the middle count of pegs, at least 1) can reach the goal: a
    /// position its level holds can, one its level would hold but does not cannot, and one
    /// pruned from its level can when one of its children can. `seen` holds the pruned
    /// positions (canonical) found lost so far, `searched` counts those tried; `None` past
    /// [`JUDGE_SEARCH`] of them.
    fn can_reach_goal(
        &self,
        b: u64,
        seen: &mut FxHashSet<u64>,
        searched: &mut usize,
    ) -> Option<bool> {
        let k = b.count_ones() as usize;
        let canon = self.sym.canon(b);
        if levels::holds(&self.backward[k], canon) {
            return Some(true);
        }
        if !self.pruned(canon) || seen.contains(&canon) {
            return Some(false);
        }
        *searched += 1;
        if *searched > JUDGE_SEARCH {
            return None;
        }
        for j in self.compact.legal(b).iter() {
            let child = b ^ self.compact.jumps[j].all;
            if self.can_reach_goal(child, seen, searched)? {
                return Some(true);
            }
        }
        seen.insert(canon);
        Some(false)
    }

    /// A winning line from `pegs`, when the set knows it is winnable.
    pub fn line(&self, shape: &Shape, pegs: CellSet) -> Option<Vec<Jump>> {
        if self.judge(pegs) != Some(true) {
            return None;
        }
        let goal = Goal::At(self.goal);
        let mut here = pegs;
        let mut line = Vec::new();
        while !goal.is_won(here) {
            let next = legal_jumps_of(shape, here).find(|j| {
                let child = here ^ j.cells();
                goal.is_won(child) || self.judge(child) == Some(true)
            })?;
            here ^= next.cells();
            line.push(next);
        }
        Some(line)
    }
}
