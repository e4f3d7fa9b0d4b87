//! The two sides of a meeting by moves ([`super::meet`]) and what both the meeting and the
//! beam ([`super::beam`]) read of them: the levels held, the search's fixed parts, and the
//! paths through the levels from the start and on to a finish.

use super::packed::Packed;
use super::unmoves::{Unmoves, Unreachable};
use super::Board;
use crate::boards::pagodas::Pruner;
use rustc_hash::FxHashSet;

/// The two sides' levels, as far as they were built.
pub struct Levels {
    /// `forward[k]`: the canonical forms first reached after k moves.
    pub forward: Vec<Packed>,
    /// `backward[k]`: the canonical forms that reach a finish in k moves and no fewer.
    pub backward: Vec<Packed>,
}

/// Which way a level grows.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Side {
    Forward,
    Backward,
}

impl Side {
    pub(super) fn other(self) -> Side {
        match self {
            Side::Forward => Side::Backward,
            Side::Backward => Side::Forward,
        }
    }
}

impl Levels {
    /// One side's levels.
    pub(super) fn of(&self, side: Side) -> &Vec<Packed> {
        match side {
            Side::Forward => &self.forward,
            Side::Backward => &self.backward,
        }
    }

    /// About how many positions `side`'s next level holds, and the bytes making it takes at
    /// its peak. Its positions: the last level's times the growth from the level before,
    /// less a quarter (the growth falls level by level: on Wiegleb's board forward 5.6, 5.0,
    /// 4.4, 3.7, backward 17, 10, 6.8). Its bytes: those positions packed as tightly as the
    /// last level, twice (the threads' runs, and the level merged from them). Only decides
    /// whether to try: a level that does not fit after all stops the search as full.
    pub(super) fn likely_next(&self, side: Side) -> (u64, u64) {
        match self.of(side).as_slice() {
            [.., before, last] if !before.is_empty() => {
                let growth = last.len() as f64 / before.len() as f64;
                let positions = last.len() as f64 * growth * 0.75;
                let per_position = last.bytes() as f64 / last.len().max(1) as f64;
                (positions as u64, (positions * per_position * 2.0) as u64)
            }
            _ => (0, 0),
        }
    }

    /// Bytes every level held takes.
    pub(super) fn bytes(&self) -> u64 {
        self.forward
            .iter()
            .chain(&self.backward)
            .map(Packed::bytes)
            .sum()
    }
}

/// The search's fixed parts.
pub(super) struct Search<'a> {
    pub(super) board: &'a Board<u64>,
    pub(super) unmoves: Unmoves,
    pub(super) pruner: Pruner,
    pub(super) unreachable: Unreachable,
    pub(super) cells: u32,
    /// The start, as a word.
    pub(super) start: u64,
    /// Bytes the search may use (`None`: not known).
    pub(super) memory: Option<u64>,
    /// Most positions it may expand.
    pub(super) budget: u64,
}

impl Search<'_> {
    /// Whether the finishes' pagoda functions prove `board` lost.
    pub(super) fn lost(&self, board: u64) -> bool {
        self.pruner.active() && self.pruner.lost(&self.pruner.weigh(board))
    }

    /// Every cell of the board, as a word.
    pub(super) fn full(&self) -> u64 {
        self.unmoves.full
    }

    /// The canonical forms from the start to `m` (in forward level `f`), one a move, found
    /// through the forward levels by undoing moves; empty if there is none.
    pub(super) fn back_to_start(&self, held: &Levels, f: usize, m: u64) -> Vec<u64> {
        let mut seen = FxHashSet::default();
        let mut back = walk(&held.forward, f, m, |at, level| {
            let mut found = None;
            self.unmoves
                .unmoves_from(&self.board.compact, at, &mut seen, &mut |x| {
                    let canon = self.board.syms.canon(x);
                    if found.is_none() && level.contains(canon) {
                        found = Some(canon);
                    }
                    found.is_none()
                });
            found
        });
        back.reverse();
        back
    }

    /// The canonical forms from `m` (in backward level `b`) to a finish, one a move, found
    /// through the backward levels; empty if there is none.
    pub(super) fn on_to_finish(&self, held: &Levels, b: usize, m: u64) -> Vec<u64> {
        walk(&held.backward, b, m, |at, level| {
            let mut found = None;
            let _ = self
                .board
                .moves_from(at, &mut |_, canon, _| -> Result<bool, ()> {
                    if level.contains(canon) {
                        found = Some(canon);
                        return Err(());
                    }
                    Ok(true)
                });
            found
        })
    }
}

/// `m` and the forms `step` finds from it, one in each of `levels[depth - 1]`, ...,
/// `levels[0]` in turn (`step(at, level)`: a form of `level` one move from `at`); empty
/// when a step finds none.
fn walk(
    levels: &[Packed],
    depth: usize,
    m: u64,
    mut step: impl FnMut(u64, &Packed) -> Option<u64>,
) -> Vec<u64> {
    let mut path = vec![m];
    let mut at = m;
    for k in (0..depth).rev() {
        let Some(next) = levels.get(k).and_then(|level| step(at, level)) else {
            return Vec::new();
        };
        path.push(next);
        at = next;
    }
    path
}
