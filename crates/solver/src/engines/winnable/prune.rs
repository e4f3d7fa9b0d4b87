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
//! [`StartPrune`] packs them in 16-bit lanes, four a word, each lane a function's weights
//! shifted to be at least 0 (a level's positions all have the same peg count, so the shift
//! moves every position's total alike): one byte-table lookup per eight cells per word.

use crate::boards::compact::Compact;
use crate::boards::symmetry::Symmetries;
use crate::engines::levels;
use crate::engines::prove::signed::SignedPagoda;

/// Lanes (functions) per word.
const LANES: usize = 4;
/// Every lane's top bit.
const HIGH: u64 = 0x8000_8000_8000_8000;
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

/// Pagoda functions that prove positions unreachable from the start (see the module docs).
pub struct StartPrune {
    /// Words per table entry.
    words: usize,
    /// Eight-cell stretches of a board.
    chunks: usize,
    /// `tables[(chunk * 256 + byte) * words + w]`: the shifted weights of those eight
    /// cells' pegs under the functions of word `w`, one a lane.
    tables: Vec<u64>,
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
        let sample: Vec<u64> = level.iter().step_by(stride).copied().collect();
        let mut candidates: Vec<SignedPagoda> = Vec::new();
        let mut programs = 0;
        for &b in &sample {
            if programs >= MAX_PROGRAMS {
                break;
            }
            if candidates.iter().any(|f| f.refutes(full ^ b, goal)) {
                continue;
            }
            programs += 1;
            let Some(f) = SignedPagoda::find(compact, full ^ b, goal) else {
                continue;
            };
            for s in 0..sym.len() {
                let turned: Vec<i64> = (0..compact.cells.len())
                    .map(|i| f.weight(sym.apply(s, 1u64 << i).trailing_zeros() as usize))
                    .collect();
                if let Some(g) = SignedPagoda::new(compact, turned) {
                    if !candidates.contains(&g) {
                        candidates.push(g);
                    }
                }
            }
        }
        // Greedy: each time, the function that refutes most of the sample left.
        let mut left: Vec<u64> = sample.iter().map(|&b| full ^ b).collect();
        let mut kept: Vec<SignedPagoda> = Vec::new();
        while kept.len() < MAX_FUNCTIONS {
            let best = candidates
                .iter()
                .enumerate()
                .map(|(i, f)| (left.iter().filter(|&&c| f.refutes(c, goal)).count(), i))
                .max_by_key(|&(n, i)| (n, std::cmp::Reverse(i)));
            let Some((n, i)) = best else { break };
            if n == 0 {
                break;
            }
            let f = candidates.swap_remove(i);
            left.retain(|&c| !f.refutes(c, goal));
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
        let shifted: Vec<(Vec<i64>, (i64, i64))> = functions
            .iter()
            .filter_map(|f| {
                let shift = -(0..n).map(|i| f.weight(i)).min()?.min(0);
                let w: Vec<i64> = (0..n).map(|i| f.weight(i) + shift).collect();
                let room = f.value(full) - f.value(goal);
                (w.iter().sum::<i64>() < 0x8000 && room >= 0).then_some((w, (room, shift)))
            })
            .collect();
        if shifted.is_empty() {
            return None;
        }
        let words = shifted.len().div_ceil(LANES);
        let chunks = n.div_ceil(8);
        let mut tables = vec![0u64; chunks * 256 * words];
        for chunk in 0..chunks {
            for byte in 0..256usize {
                for (f, (w, _)) in shifted.iter().enumerate() {
                    let sum: i64 = (0..8)
                        .filter(|b| byte >> b & 1 == 1)
                        .filter_map(|b| w.get(chunk * 8 + b))
                        .sum();
                    tables[(chunk * 256 + byte) * words + f / LANES] |=
                        (sum as u64) << (16 * (f % LANES));
                }
            }
        }
        Some(StartPrune {
            words,
            chunks,
            tables,
            room: shifted.into_iter().map(|(_, r)| r).collect(),
        })
    }

    /// Functions in use.
    pub fn functions(&self) -> usize {
        self.room.len()
    }

    /// What [`StartPrune::keeps`] compares positions of `pegs` pegs with: per word, each
    /// lane's most weight a reachable position may have, plus the lane's top bit. A lane
    /// whose bound passes the lane's range never refutes.
    pub fn limits(&self, pegs: u32) -> Vec<u64> {
        let mut limits = vec![HIGH; self.words];
        for (f, &(room, shift)) in self.room.iter().enumerate() {
            let most = (room + shift * i64::from(pegs)).clamp(0, 0x7fff) as u64;
            limits[f / LANES] += most << (16 * (f % LANES));
        }
        limits
    }

    /// Whether position `b` may be reachable from the start, `limits` being
    /// [`StartPrune::limits`] for its peg count: `false` proves it is not.
    #[inline]
    pub fn keeps(&self, limits: &[u64], b: u64) -> bool {
        let mut ok = true;
        for (w, &limit) in limits.iter().enumerate() {
            let mut sum = 0u64;
            for chunk in 0..self.chunks {
                let byte = (b >> (8 * chunk)) as usize & 0xff;
                sum += self.tables[(chunk * 256 + byte) * self.words + w];
            }
            // A lane's total is below 0x8000 and its bound at most 0xffff, so no lane
            // borrows from the next: the top bit stays set exactly when the total fits.
            ok &= (limit - sum) & HIGH == HIGH;
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
