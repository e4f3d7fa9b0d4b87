//! The goal side of the exact solver: every position with few pegs that can still reach the
//! goal, found by playing jumps backwards.
//!
//! A backward jump takes a peg off `to` and puts pegs on `over` and `from`; a position with
//! j + 1 pegs can reach a position P with j pegs exactly when some backward jump from P gives
//! it. Starting from the goal positions, level j holds (as canonical forms) all positions with
//! j pegs that can reach the goal. The forward search then stops as soon as it reaches the last
//! complete level and answers with a lookup: the deepest, bushiest part of the search tree is
//! never searched at all.

use super::compact::{Bits, Compact};
use super::set::BoardSet;
use super::symmetry::Symmetries;
use std::sync::atomic::{AtomicBool, Ordering};

/// Positions with few pegs that can reach the goal, by peg count.
pub struct GoalSide<B> {
    /// `levels[j]`: canonical forms of the winnable positions with `base + j` pegs.
    levels: Vec<BoardSet<B>>,
    base: u32,
}

impl<B: Bits> GoalSide<B> {
    /// Builds the levels from `goals` (canonical forms under `syms`, which must be the
    /// symmetries the caller looks positions up with) (all with `base` pegs) up, stopping before a level would
    /// exceed `max_entries` boards in total or reach `stop_pegs` pegs, or when the system
    /// refuses a level's memory (a memory limit: fewer levels answer less, never wrongly).
    /// Returns `None` as soon as `cancel` is set.
    pub fn build(
        compact: &Compact<B>,
        syms: &Symmetries<B>,
        goals: &[B],
        base: u32,
        stop_pegs: u32,
        max_entries: usize,
        cancel: &AtomicBool,
    ) -> Option<GoalSide<B>> {
        let mut first = BoardSet::with_capacity(goals.len().max(16));
        for &g in goals {
            first.insert(syms.canon(g));
        }
        let mut levels = vec![first];
        let mut total = levels[0].len();
        let to_masks: Vec<B> = compact.jumps.iter().map(|j| j.all ^ j.from_over).collect();
        while base + (levels.len() as u32) < stop_pegs {
            let last = levels.last().map(|l| l.len()).unwrap_or(0);
            // Levels grow by a factor of about ten each; stop before the cap would be hit.
            if total + last.saturating_mul(12) > max_entries {
                break;
            }
            // Sized for the most this level can hold under the check above, so it never
            // rehashes: a rehash of millions of boards would be a pause no cancel can cut.
            let Some(mut next) = BoardSet::try_with_capacity(last.saturating_mul(12).max(16))
            else {
                break;
            };
            let Some(current) = levels.last() else { break };
            for (n, board) in current.iter().enumerate() {
                if n % 4096 == 0 && cancel.load(Ordering::Relaxed) {
                    return None;
                }
                let images = syms.images(board);
                for (j, cj) in compact.jumps.iter().enumerate() {
                    if board & cj.all == to_masks[j] {
                        next.insert(syms.child_canon(&images, j));
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            total += next.len();
            levels.push(next);
        }
        Some(GoalSide { levels, base })
    }

    /// The most pegs a position can have and still be answered by [`GoalSide::wins`].
    pub fn top(&self) -> u32 {
        self.base + self.levels.len() as u32 - 1
    }

    /// The goal positions' peg count.
    pub fn base(&self) -> u32 {
        self.base
    }

    /// Whether a position with `pegs` pegs and canonical form `canon` can reach the goal.
    /// Only meaningful for `pegs` between the goal's peg count and [`GoalSide::top`].
    pub fn wins(&self, pegs: u32, canon: B) -> bool {
        pegs.checked_sub(self.base)
            .and_then(|j| self.levels.get(j as usize))
            .is_some_and(|level| level.contains(canon))
    }

    /// Boards held in all levels.
    pub fn entries(&self) -> usize {
        self.levels.iter().map(|l| l.len()).sum()
    }

    /// Bytes of memory the levels' slots take.
    pub fn bytes(&self) -> usize {
        self.levels.iter().map(|l| l.bytes()).sum()
    }
}
