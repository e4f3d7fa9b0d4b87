//! Pagoda pruning for the level engine's forward steps when it decides a position
//! ([`super::decide`]): a child that a pagoda function proves cannot reach the goal is not
//! kept, so neither it nor anything only it leads to is ever held.
//!
//! Sound for deciding: a winner is never cut (a pagoda function never rises along a game, so a
//! position that can finish weighs at least its finish), and every position on a winning line
//! is a winner. The levels' positions are canonical forms under symmetries that keep the start
//! and the goal; a form wins exactly when the position it stands for does, so a function may
//! judge the form. For a finish anywhere the finishes weighed are the cells the start's class
//! allows and their images under those symmetries.
//!
//! What it changes: the levels hold fewer positions, so the count of positions is of those
//! kept, and a lost position's fewest pegs is no longer known (a cut line might have left
//! fewer pegs than any kept one).

use crate::rules::{CellSet, Goal, Position};
use crate::solver::boards::compact::Compact;
use crate::solver::boards::pagodas::{PagodaSet, Pruner, Weights, MAX_FUNCTIONS};
use crate::solver::boards::symmetry::Symmetries;
use std::sync::atomic::{AtomicU64, Ordering};

/// The pagoda functions for one decision, weighed a byte of the board at a time.
pub struct Prune {
    /// Per byte of a compact board (cells 8i..8i+8), the weights of each of its 256 values.
    tables: Vec<[Weights; 256]>,
    pruner: Pruner,
    /// Positions cut so far.
    cut: AtomicU64,
}

impl Prune {
    /// The functions for reaching `goal` from `start` on `compact`'s board, whose levels take
    /// canonical forms under `sub`; `None` when no function helps (a board or finish with no
    /// pagoda function that weighs the finish above nothing).
    pub fn new(
        compact: &Compact<u64>,
        sub: &Symmetries<u64>,
        start: &Position,
        goal: Goal,
    ) -> Option<Prune> {
        let shape = start.shape();
        let finishes = match goal {
            Goal::At(cell) => CellSet::single(cell),
            Goal::Anywhere => {
                let own = compact.encode(shape.possible_finishes(start.pegs()));
                let images = (0..sub.len()).fold(own, |all, s| all | sub.apply(s, own));
                compact.decode(images)
            }
        };
        let pagodas = PagodaSet::for_pruning(shape, finishes);
        let pruner = Pruner::new(compact, &pagodas, finishes);
        if !pruner.active() {
            return None;
        }
        let bytes = compact.cells.len().div_ceil(8);
        let tables = (0..bytes)
            .map(|b| {
                let mut table = [[0u32; MAX_FUNCTIONS]; 256];
                for (value, row) in table.iter_mut().enumerate() {
                    for bit in 0..8 {
                        if value & (1 << bit) != 0 {
                            let w = pruner.cell_weights(8 * b + bit);
                            for (t, x) in row.iter_mut().zip(w) {
                                *t += x;
                            }
                        }
                    }
                }
                table
            })
            .collect();
        Some(Prune {
            tables,
            pruner,
            cut: AtomicU64::new(0),
        })
    }

    /// The functions in use.
    pub fn functions(&self) -> usize {
        self.pruner.functions()
    }

    /// The weights of `board` under every function.
    #[inline(always)]
    fn weigh(&self, board: u64) -> Weights {
        let mut w = [0u32; MAX_FUNCTIONS];
        for (i, table) in self.tables.iter().enumerate() {
            let row = &table[((board >> (8 * i)) & 0xff) as usize];
            for (t, x) in w.iter_mut().zip(row) {
                *t += x;
            }
        }
        w
    }

    /// Whether `board` is proven unable to reach the goal.
    #[inline(always)]
    pub fn lost(&self, board: u64) -> bool {
        self.pruner.lost(&self.weigh(board))
    }

    /// Adds `n` to the positions cut.
    pub fn count_cut(&self, n: u64) {
        if n > 0 {
            self.cut.fetch_add(n, Ordering::Relaxed);
        }
    }

    /// Children cut so far (a child reached from several parents is counted each time).
    pub fn cut(&self) -> u64 {
        self.cut.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::catalogue;

    /// The byte tables weigh as the pruner does from scratch, and what they call lost the
    /// pruner calls lost.
    #[test]
    fn byte_tables_weigh_every_board_as_the_pruner_does() {
        let puzzle = catalogue::find("english")
            .unwrap()
            .layout()
            .unwrap()
            .validate()
            .unwrap();
        let shape = puzzle.shape();
        let compact = Compact::<u64>::new(shape);
        let sub = Symmetries::keeping_start_and_goal(&compact, &puzzle.start, Goal::Anywhere);
        let prune = Prune::new(&compact, &sub, &puzzle.start, Goal::Anywhere).unwrap();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut lost = 0;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Sparse boards too, where the far cells decide.
            let board = x & (x >> 29) & ((1u64 << 33) - 1);
            let from_scratch = prune.pruner.weigh(board);
            assert_eq!(prune.weigh(board), from_scratch);
            assert_eq!(prune.lost(board), prune.pruner.lost(&from_scratch));
            lost += u32::from(prune.lost(board));
        }
        assert!(lost > 0, "no random board of 33 holes was proven lost");
    }
}
