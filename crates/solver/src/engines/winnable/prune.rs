//! What prunes the winnable set's backward growth: pagoda functions that prove a position
//! unreachable from the start.
//!
//! The backward half holds positions that can reach the goal; only those also reachable from
//! the start matter to the set. A position `b` is reachable from the start (every hole but the
//! goal) exactly when its complement can reach the goal, so a pagoda function weighing the
//! complement below the goal proves `b` unreachable, and with it every position that leads
//! back to `b` by undone jumps (each is a parent of an unreachable position). The functions
//! are signed ([`SignedPagoda`]), found by linear programming on the complements of a sample
//! of one backward level, and turned by every symmetry kept: a function refutes a canonical
//! form's complement for that form alone, so each image is another sound test. The few that
//! refute most of the sample are kept.
//!
//! [`StartPrune`] packs them in lanes of a word, each lane a function's weights shifted to be
//! at least 0 (a level's positions all have the same peg count, so the shift moves every
//! position's total alike): one byte-table lookup per eight cells per word. The lanes are 8
//! bits wide (eight functions a word) when every shifted total fits in 7 bits, as the English
//! board's do, 16 otherwise.

use crate::boards::compact::Compact;
use crate::boards::symmetry::Symmetries;
use crate::engines::levels;
use crate::engines::prove::signed::SignedPagoda;

/// Every lane's top bit, for lanes of 8 and of 16 bits.
const HIGH_8: u64 = 0x8080_8080_8080_8080;
const HIGH_16: u64 = 0x8000_8000_8000_8000;
/// Most functions kept: every four cost a lookup per eight cells of each position tested.
/// On the English board 8 take the largest backward level from 2,598,215 positions to
/// 1,399,220; 12 or 16 to 1.34 and 1.29 million, for more lookups on every position.
pub const MAX_FUNCTIONS: usize = 8;
/// Positions of the level sampled to find and rank the functions.
const SAMPLE: usize = 3000;
/// Linear programmes solved at most (each well under a millisecond on 33 cells). On the
/// English board 100 find every function the sample asks for: 200 or 400 keep the same
/// largest level (1,399,220 positions).
const MAX_PROGRAMS: usize = 100;
/// Threads the programmes are solved on (see [`StartPrune::find`]): a number fixed here, not
/// the machine's cores, so that every machine finds the same functions.
const FINDERS: usize = 2;

/// Pagoda functions that prove positions unreachable from the start (see the module docs).
#[derive(Debug)]
pub struct StartPrune {
    /// Bits per lane: 8 or 16.
    width: u32,
    /// Words per table entry.
    words: usize,
    /// Eight-cell stretches of a board.
    chunks: usize,
    /// `tables[(chunk * 256 + byte) * words + w]`: the shifted weights of those eight
    /// cells' pegs under the functions of word `w`, one a lane.
    tables: Vec<u64>,
    /// The functions, as found.
    functions: Vec<SignedPagoda>,
    /// Per function: its weight of the full board less that of the goal (what a reachable
    /// position may weigh at most), and the shift added to each cell's weight.
    room: Vec<(i64, i64)>,
}

impl StartPrune {
    /// Functions found on the complements of a sample of `level` (positions that can reach
    /// `goal`, a one-peg board), over `compact`'s numbering; `None` when none refutes any.
    pub fn find(
        compact: &Compact<u64>,
        sym: &Symmetries<u64>,
        full: u64,
        goal: u64,
        level: &[u64],
    ) -> Option<StartPrune> {
        let stride = (level.len() / SAMPLE).max(1);
        let complements: Vec<u64> = level.iter().step_by(stride).map(|&b| full ^ b).collect();
        // Which of the sample each candidate refutes, one bit a position: the greedy choice
        // below then counts with whole words.
        let words = complements.len().div_ceil(64);
        let refuted_by = |f: &SignedPagoda| {
            let mut mask = vec![0u64; words];
            for (i, &c) in complements.iter().enumerate() {
                mask[i / 64] |= u64::from(f.refutes(c, goal)) << (i % 64);
            }
            mask
        };
        // The programmes on two threads (on one, 8-12 ms of the English board's build with
        // the other core idle; on two, 5-9): each takes every other position of the sample and
        // solves those that no function it found so far refutes, turning each function by
        // every symmetry. Two whatever the cores, and the functions taken in the order of
        // the sample: the same functions on every machine, however the threads run.
        let found = levels::in_parts(FINDERS, FINDERS, |part| {
            let mut mine: Vec<(usize, SignedPagoda, Vec<u64>)> = Vec::new();
            let mut covered = vec![0u64; words];
            let mut programs = 0;
            for i in (part.start..complements.len()).step_by(FINDERS) {
                if programs >= MAX_PROGRAMS / FINDERS {
                    break;
                }
                if covered[i / 64] >> (i % 64) & 1 == 1 {
                    continue;
                }
                programs += 1;
                let Some(f) = SignedPagoda::find(compact, complements[i], goal) else {
                    continue;
                };
                for s in 0..sym.len() {
                    if let Some(g) = f.turned(compact, sym, s) {
                        if !mine.iter().any(|(_, h, _)| *h == g) {
                            let mask = refuted_by(&g);
                            for (c, m) in covered.iter_mut().zip(&mask) {
                                *c |= m;
                            }
                            mine.push((i, g, mask));
                        }
                    }
                }
            }
            mine
        });
        let mut all: Vec<(usize, SignedPagoda, Vec<u64>)> = Vec::new();
        for part in found {
            all.extend(levels::or_resume(part));
        }
        // Stable: a position's turned functions keep their order.
        all.sort_by_key(|f| f.0);
        let mut candidates: Vec<(SignedPagoda, Vec<u64>)> = Vec::new();
        for (_, g, mask) in all {
            if !candidates.iter().any(|(h, _)| *h == g) {
                candidates.push((g, mask));
            }
        }
        // Greedy: each time, the function that refutes most of the sample left (the first
        // found among equals).
        let mut left = vec![u64::MAX; words];
        let mut kept: Vec<SignedPagoda> = Vec::new();
        while kept.len() < MAX_FUNCTIONS {
            let gain =
                |m: &[u64]| -> u32 { m.iter().zip(&left).map(|(m, l)| (m & l).count_ones()).sum() };
            let best = candidates
                .iter()
                .enumerate()
                .map(|(i, (_, m))| (gain(m), std::cmp::Reverse(i)))
                .max();
            let Some((n, std::cmp::Reverse(i))) = best else {
                break;
            };
            if n == 0 {
                break;
            }
            let (f, mask) = candidates.remove(i);
            for (l, m) in left.iter_mut().zip(&mask) {
                *l &= !m;
            }
            kept.push(f);
        }
        StartPrune::new(compact, &kept, full, goal)
    }

    /// `functions` laid out for the test; `None` when there are none, or one's shifted
    /// weights do not fit a lane (it is dropped).
    fn new(
        compact: &Compact<u64>,
        functions: &[SignedPagoda],
        full: u64,
        goal: u64,
    ) -> Option<StartPrune> {
        let n = compact.cells.len();
        let functions: Vec<SignedPagoda> = functions
            .iter()
            .filter(|f| {
                let low = (0..n).map(|i| f.weight(i)).min().unwrap_or(0).min(0);
                (0..n).map(|i| f.weight(i) - low).sum::<i64>() < 0x8000
                    && f.value(full) >= f.value(goal)
            })
            .cloned()
            .collect();
        let shifted: Vec<(Vec<i64>, (i64, i64))> = functions
            .iter()
            .filter_map(|f| {
                let shift = -(0..n).map(|i| f.weight(i)).min()?.min(0);
                let w: Vec<i64> = (0..n).map(|i| f.weight(i) + shift).collect();
                let room = f.value(full) - f.value(goal);
                // A lane's total must stay below its top bit.
                (w.iter().sum::<i64>() < 0x8000 && room >= 0).then_some((w, (room, shift)))
            })
            .collect();
        if shifted.is_empty() {
            return None;
        }
        let narrow = shifted.iter().all(|(w, _)| w.iter().sum::<i64>() < 0x80);
        let width = if narrow { 8 } else { 16 };
        let lanes = (64 / width) as usize;
        let words = shifted.len().div_ceil(lanes);
        let chunks = n.div_ceil(8);
        let mut tables = vec![0u64; chunks * 256 * words];
        for chunk in 0..chunks {
            for byte in 0..256usize {
                for (f, (w, _)) in shifted.iter().enumerate() {
                    let sum: i64 = (0..8)
                        .filter(|b| byte >> b & 1 == 1)
                        .filter_map(|b| w.get(chunk * 8 + b))
                        .sum();
                    tables[(chunk * 256 + byte) * words + f / lanes] |=
                        (sum as u64) << (width as usize * (f % lanes));
                }
            }
        }
        Some(StartPrune {
            functions,
            width,
            words,
            chunks,
            tables,
            room: shifted.into_iter().map(|(_, r)| r).collect(),
        })
    }

    /// The functions in use.
    pub fn functions(&self) -> &[SignedPagoda] {
        &self.functions
    }

    /// What [`StartPrune::keeps`] compares positions of `pegs` pegs with: per word, each
    /// lane's most weight a reachable position may have, plus the lane's top bit. A lane
    /// whose bound passes the lane's range never refutes.
    pub fn limits(&self, pegs: u32) -> Vec<u64> {
        let lanes = (64 / self.width) as usize;
        let top = (1i64 << (self.width - 1)) - 1;
        let mut limits = vec![self.high(); self.words];
        for (f, &(room, shift)) in self.room.iter().enumerate() {
            // Clamped: a bound below 0 still lets a total of 0 through, one past the lane
            // lets every total through; either keeps more, never less.
            let most = (room + shift * i64::from(pegs)).clamp(0, top) as u64;
            limits[f / lanes] += most << (self.width as usize * (f % lanes));
        }
        limits
    }

    /// Every lane's top bit.
    fn high(&self) -> u64 {
        match self.width {
            8 => HIGH_8,
            _ => HIGH_16,
        }
    }

    /// Whether position `b` may be reachable from the start, `limits` being
    /// [`StartPrune::limits`] for its peg count: `false` proves it is not.
    #[inline]
    pub fn keeps(&self, limits: &[u64], b: u64) -> bool {
        let high = self.high();
        let mut ok = true;
        for (w, &limit) in limits.iter().enumerate() {
            let mut sum = 0u64;
            for chunk in 0..self.chunks {
                let byte = (b >> (8 * chunk)) as usize & 0xff;
                sum += self.tables[(chunk * 256 + byte) * self.words + w];
            }
            // A lane's total is below its top bit and its bound below twice that, so no
            // lane borrows from the next: the top bit stays set exactly when the total fits.
            ok &= (limit - sum) & high == high;
        }
        ok
    }

    /// Whether `b` may be reachable from the start (see [`StartPrune::keeps`]).
    pub fn may_be_reached(&self, b: u64) -> bool {
        self.keeps(&self.limits(b.count_ones()), b)
    }

    /// The positions of sorted `level` (all of one peg count) that may be reachable from
    /// the start, in order, on every thread.
    pub fn filter(&self, level: Vec<u64>) -> Vec<u64> {
        let Some(&first) = level.first() else {
            return level;
        };
        let limits = self.limits(first.count_ones());
        let parts = levels::in_parts(level.len(), levels::parts_for(level.len()), |range| {
            level[range]
                .iter()
                .copied()
                .filter(|&b| self.keeps(&limits, b))
                .collect::<Vec<u64>>()
        });
        let mut out = Vec::with_capacity(level.len());
        for part in parts {
            match part {
                Ok(p) => out.extend_from_slice(&p),
                // A thread that panicked kept nothing: keep its stretch whole, unpruned
                // (more positions, never fewer).
                Err(_) => return level,
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pegsol_layout::load::resolve_puzzle;
    use pegsol_rules::{CellSet, Goal};

    #[test]
    fn the_packed_test_keeps_every_position_its_functions_keep_and_drops_some() {
        let p = resolve_puzzle("english").expect("english");
        let shape = p.shape();
        let centre = shape.center().expect("centre");
        let compact = Compact::<u64>::new(shape);
        let sym = Symmetries::keeping_goal(&compact, shape, Goal::At(centre));
        let full = compact.encode(shape.cells());
        let goal = compact.encode(CellSet::single(centre));
        let n = compact.cells.len();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut random = |pegs: usize| {
            let mut b = 0u64;
            while (b.count_ones() as usize) < pegs {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                b |= 1 << (x % n as u64);
            }
            b
        };
        let level: Vec<u64> = (0..3000).map(|_| random(12)).collect();
        let prune = StartPrune::find(&compact, &sym, full, goal, &level).expect("functions");
        assert!(prune.functions().len() > 1);
        let (mut dropped, mut differ, mut all) = (0, 0, 0);
        for pegs in 1..n {
            for _ in 0..400 {
                let b = random(pegs);
                let exact = prune
                    .functions()
                    .iter()
                    .all(|f| f.value(full ^ b) >= f.value(goal));
                let packed = prune.may_be_reached(b);
                // Never drops a position its functions keep: that would be unsound.
                assert!(packed || !exact, "{b:#x}");
                dropped += usize::from(!packed);
                differ += usize::from(packed != exact);
                all += 1;
            }
        }
        assert!(dropped > all / 10, "{dropped} of {all} dropped");
        assert!(
            differ < all / 100,
            "{differ} of {all} kept only by clamping"
        );
    }
}
