//! The meeting of a level with itself turned inside out, asked in one orientation.
//!
//! The winnable set meets its two halves at the middle level of an odd board: the positions
//! of `B` (which can reach the goal) with a neighbour (a child of the position turned inside
//! out) in `B` itself. The relation is symmetric: `c` is a canonical child of `full ^ w`
//! exactly when `w` is one of `full ^ c` (a symmetry that keeps the goal keeps the full
//! board, and the jump played one way is undone the other). So each pair is asked once,
//! from its larger end: a position asks only about its neighbours no larger than itself,
//! and a pair found keeps both ends. Half the ranks and bit tests of asking every
//! neighbour of every position.

use super::{child_pegs, take_block, Children, Direction, Halt, RankedBits, Stepper};
use crate::engines::levels::{self, in_parts, parts_for};
use std::sync::atomic::AtomicUsize;

/// Smaller ends gathered by a thread before it first squeezes their repeats out.
const SQUEEZE: usize = 1 << 16;
/// Positions a thread takes at a time: small enough that both finish together.
const MEET_BLOCK: usize = 8192;

impl Stepper<'_> {
    /// The positions of sorted `level` with a neighbour in `level`: a canonical child
    /// (parent, [`Direction::Backward`]) of the position turned inside out, which
    /// [`Stepper::expand_within`]`(level, direction, true, level)` gives too, sorted.
    pub fn meet_itself(&mut self, level: &[u64], direction: Direction) -> Result<Vec<u64>, Halt> {
        let Some(&stored) = level.first() else {
            return Ok(Vec::new());
        };
        let pegs = stored.count_ones();
        // The neighbours have the level's own peg count only when the board's cells are
        // twice it plus one; otherwise no position meets the level.
        if child_pegs(self.full ^ stored, direction) != pegs {
            return Ok(Vec::new());
        }
        if self.dense_level(pegs, self.invariant.of(stored), level.len()) {
            let found = self.on_dense_bits(
                |bits| self.fill_level(bits, level),
                |bits| {
                    self.kids.as_ref().and_then(|kids| {
                        crate::engines::levels::children::with_kids!(
                            kids, k => self.pairs_within(k, bits, level, direction))
                    })
                },
            )?;
            if let Some(out) = found {
                return Ok(out);
            }
        }
        self.expand_within(level, direction, true, level)
    }

    /// The positions of `level` (whose bits are set) with a neighbour in it, each pair
    /// asked from its larger end; `None` without the tight ranks.
    fn pairs_within<const N: usize>(
        &self,
        kids: &Children<N>,
        bits: &RankedBits,
        level: &[u64],
        direction: Direction,
    ) -> Option<Vec<u64>> {
        let tight = self.tight.as_ref()?;
        let class = bits.ranks().class();
        let bits_used = 64 - self.full.leading_zeros();
        // The work is uneven: a position asks only about neighbours no larger than itself,
        // so the level's later (larger) positions ask far more than its first ones. Cut in
        // halves, one thread worked alone for the last 40% of the step (the English middle
        // level, 1.4 million positions); the threads now take blocks in turn, and the
        // blocks' kept positions are put back in order.
        let next = AtomicUsize::new(0);
        let threads = parts_for(level.len());
        let parts = in_parts(threads, threads, |_| {
            // `kept`: positions found from their own side, by block; `also`: the smaller
            // ends of the pairs found, in no order.
            let (mut kept, mut also) = (Vec::new(), Vec::new());
            let mut squeeze_at = SQUEEZE;
            while let Some((block, slice)) = take_block(level, &next, MEET_BLOCK) {
                let mut found_here = Vec::new();
                crate::cpu::fast(
                    #[inline(always)]
                    || {
                        // The neighbours of position n are ranked and their words fetched
                        // while those of n - 2 are tested (as in `keep_with_neighbour_with`).
                        let mut asked: [Vec<(u64, u64)>; 3] = Default::default();
                        for n in 0..slice.len() + 2 {
                            if let Some(&w) = slice.get(n) {
                                let here = &mut asked[n % 3];
                                here.clear();
                                let board = self.full ^ w;
                                // Neighbours share the board's class: one of another class
                                // has none in the level.
                                if self.classes.of(board) == class {
                                    kids.each_fast(board, direction, |c| {
                                        if c <= w {
                                            let r = tight.rank(c);
                                            bits.prefetch(r);
                                            here.push((r, c));
                                        }
                                    });
                                }
                            }
                            if n >= 2 {
                                let mut found = false;
                                for &(r, c) in &asked[(n - 2) % 3] {
                                    if bits.test(r) {
                                        found = true;
                                        also.push(c);
                                    }
                                }
                                if found {
                                    found_here.push(slice[n - 2]);
                                }
                                // An end is found from every larger neighbour of it: its
                                // repeats squeezed out as they gather, memory follows the
                                // ends.
                                if also.len() >= squeeze_at {
                                    also = levels::sort_dedup(std::mem::take(&mut also), bits_used);
                                    squeeze_at = (2 * also.len()).max(SQUEEZE);
                                }
                            }
                        }
                    },
                );
                kept.push((block, found_here));
            }
            // Squeezed here, on every thread, so that what is left to one thread after is a
            // merge (sorting the threads' ends on one took some 10 ms of the meeting).
            (kept, levels::sort_dedup(also, bits_used))
        });
        let (mut blocks, mut also) = (Vec::new(), Vec::new());
        for part in parts {
            let (k, a) = part.ok()?;
            blocks.extend(k);
            also = levels::merge_dedup(also, a);
        }
        blocks.sort_unstable_by_key(|b| b.0);
        let kept: Vec<u64> = blocks.into_iter().flat_map(|b| b.1).collect();
        Some(levels::merge_dedup(kept, also))
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{centre_games, CentreGame};
    use super::*;
    use std::sync::atomic::AtomicBool;

    /// On odd boards, a level of positions that can reach the goal (and a sparse sample of
    /// it, so that some positions lack a neighbour) meets itself as the two-sided meeting
    /// says.
    #[test]
    fn the_one_sided_meeting_gives_the_two_sided_one() {
        let (mut boards, mut met) = (0, 0);
        for game in centre_games(|cells| cells % 2 == 1 && cells <= 33) {
            let CentreGame {
                key,
                cells,
                compact,
                sym,
                goal,
            } = game;
            boards += 1;
            let cancel = AtomicBool::new(false);
            let mut step = Stepper::new(&compact, &sym, &cancel);
            let mut level = vec![goal];
            for _ in 1..cells / 2 {
                level = step
                    .expand(&level, Direction::Backward, false, u64::MAX)
                    .expect("grown");
            }
            for sample in [level.clone(), level.iter().copied().step_by(3).collect()] {
                let two = step
                    .expand_within(&sample, Direction::Forward, true, &sample)
                    .expect("met");
                let one = step.meet_itself(&sample, Direction::Forward).expect("met");
                met += usize::from(!one.is_empty());
                assert_eq!(one, two, "{key}");
            }
        }
        // Some boards' middles meet nowhere (their game cannot be won); the English one does.
        assert!(boards >= 3 && met >= 2, "{boards} boards, {met} met");
    }
}
