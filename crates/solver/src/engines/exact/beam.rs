//! The portfolio's heuristic member: a beam search that runs beside the complete depth-first
//! workers and often finds a finish long before they do.
//!
//! Every jump removes one peg, so the search goes level by level (one level per peg count)
//! and keeps, per level, only the `width` most compact positions: the fewest borders between
//! a peg and a hole (a tight cluster of pegs can still be cleared; scattered pegs strand).
//! Ties are broken by a hash salted with the run's seed, so each restart (wider, re-seeded)
//! explores other positions.
//!
//! It proves nothing: it never marks anything failed, and the solver never takes "the beam
//! found nothing" as a proof. What it uses to cut positions is only what is proven: the
//! shared failure table, the goal side and the pagoda functions. A finish it finds is a real
//! line of jumps (replayed by the caller), so at the target being proven it is optimal.

use super::lockstep::{Lockstep, Report};
use super::search::Search;
use super::shared::Shared;
use crate::boards::compact::{Bits, Compact};
use crate::boards::failtable::{FailTable, HasFailTable};
use crate::boards::pagodas::Weights;
use crate::Finder;
use rustc_hash::FxHashSet;
use std::sync::atomic::Ordering;

/// The first beam's width; each restart doubles it up to [`MAX_WIDTH`].
pub(crate) const FIRST_WIDTH: usize = 128;
/// The widest beam (about 30 bytes per position kept per level).
pub(crate) const MAX_WIDTH: usize = 1 << 15;

/// A position kept in the current level.
struct Node<B> {
    board: B,
    weights: Weights,
}

/// What leads to a position of a level: its parent in the level above and the jump played.
#[derive(Clone, Copy)]
struct Link {
    parent: u32,
    jump: u16,
}

/// Every pair of neighbouring cells, as compact indices (neighbours are the cells a jump
/// passes from one to the next).
fn neighbour_pairs<B: Bits>(compact: &Compact<B>) -> Vec<(u32, u32)> {
    let mut pairs: Vec<(u32, u32)> = compact
        .jumps
        .iter()
        .flat_map(|cj| {
            let j = cj.jump;
            [(j.from, j.over), (j.over, j.to)]
        })
        .filter_map(|(a, b)| {
            let (a, b) = (compact.index(a)?, compact.index(b)?);
            Some((a.min(b), a.max(b)))
        })
        .collect();
    pairs.sort_unstable();
    pairs.dedup();
    pairs
}

/// What the compactness of a board is measured with: neighbouring pairs, and per count of
/// missing neighbours the cells with at least that many (cells on the board's edge). Shared
/// with the Search view's stepped beam (`solver::trace::beam`), so both score alike.
pub(crate) struct Borders<B> {
    pairs: Vec<(u32, u32)>,
    edges: Vec<B>,
}

impl<B: Bits> Borders<B> {
    /// The borders of `compact`'s board.
    pub(crate) fn new(compact: &Compact<B>) -> Borders<B> {
        let pairs = neighbour_pairs(compact);
        let mut degree = vec![0u32; compact.cells.len()];
        for &(a, b) in &pairs {
            degree[a as usize] += 1;
            degree[b as usize] += 1;
        }
        let most = degree.iter().copied().max().unwrap_or(0);
        let edges = (1..=most)
            .map(|missing| {
                (0..compact.cells.len() as u32)
                    .filter(|&i| most - degree[i as usize] >= missing)
                    .fold(B::ZERO, |m, i| m | B::bit(i))
            })
            .collect();
        Borders { pairs, edges }
    }

    /// The length of the border around the pegs: a peg next to a hole, or next to the edge
    /// of the board, counts one per side. Lower is more compact.
    #[inline]
    pub(crate) fn length(&self, board: B) -> u32 {
        let inside: u32 = self
            .pairs
            .iter()
            .map(|&(a, b)| ((board.shr(a).low64() ^ board.shr(b).low64()) & 1) as u32)
            .sum();
        let edge: u32 = self.edges.iter().map(|&m| (board & m).count()).sum();
        inside + edge
    }
}

/// How one beam ended.
enum Beam {
    /// It reached the target: the line there.
    Found(Vec<u16>),
    /// Every position it kept was a dead end before the target.
    DeadEnd,
    /// The search ended first (another member finished, budget, cancel).
    Stopped,
}

/// The beam member's own state: its counts and best line since it last paused.
struct Member<'l, 's, 'a, B: HasFailTable> {
    steps: &'l Lockstep<'s, 'a, B>,
    m: usize,
    expanded: u64,
    generated: u64,
    slice_left: u64,
    /// The deepest line it offers, not yet handed in.
    best: Option<(Vec<u16>, Finder)>,
}

impl<B: HasFailTable> Member<'_, '_, '_, B> {
    fn take_report(&mut self) -> Report<B> {
        Report {
            expanded: std::mem::take(&mut self.expanded),
            generated: std::mem::take(&mut self.generated),
            best: self.best.take(),
            ..Report::default()
        }
    }

    /// Counts one expansion, pausing first when the slice is used: `false` when the
    /// search is over.
    fn expand(&mut self) -> bool {
        if self.slice_left == 0 {
            let report = self.take_report();
            match self.steps.pause(self.m, report) {
                Some(slice) => self.slice_left = slice,
                None => return false,
            }
        }
        self.slice_left -= 1;
        self.expanded += 1;
        true
    }
}

impl<B: HasFailTable> Search<B> {
    /// The beam member (member `m` of `steps`): beams of doubling width, each with a new
    /// seed, until one finds the target or the search is over (a depth-first member proved
    /// or found it, budget, cancel). Returns its last report.
    pub(super) fn beam_member(
        &self,
        start: B,
        k: u32,
        shared: &Shared<B>,
        steps: &Lockstep<B>,
        m: usize,
    ) -> Report<B> {
        let mut me = Member {
            steps,
            m,
            expanded: 0,
            generated: 0,
            slice_left: 0,
            best: None,
        };
        let Some(slice) = steps.first_slice(m) else {
            return me.take_report();
        };
        me.slice_left = slice;
        let borders = Borders::new(&self.compact);
        loop {
            // Round r has seed r and width FIRST_WIDTH * 2^r (at most MAX_WIDTH). A round
            // stopped by the end of a phase is taken up again by the next phase's beam.
            let seed = self.beam_round.load(Ordering::Relaxed);
            let width = (FIRST_WIDTH << seed.min(16)).min(MAX_WIDTH);
            match self.beam(start, k, shared, &borders, width, seed, &mut me) {
                Beam::Found(path) => {
                    let finder = Finder::Beam {
                        width: width as u32,
                    };
                    let mut report = me.take_report();
                    report.solution = Some((path, finder));
                    return report;
                }
                // Cut short, not failed: the next phase runs this round again.
                Beam::Stopped => return me.take_report(),
                Beam::DeadEnd => {
                    self.beam_round.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
    }

    /// One beam of `width`.
    #[allow(clippy::too_many_arguments)] // The beam's settings and its member's state.
    fn beam(
        &self,
        start: B,
        k: u32,
        shared: &Shared<B>,
        borders: &Borders<B>,
        width: usize,
        seed: u64,
        me: &mut Member<B>,
    ) -> Beam {
        let pruner = &*shared.pruner;
        let salt = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut frontier = vec![Node {
            board: start,
            weights: pruner.weigh(start),
        }];
        let mut links: Vec<Vec<Link>> = Vec::new();
        let mut seen: FxHashSet<B> = FxHashSet::default();
        let mut children: Vec<(u64, B, Weights, Link)> = Vec::new();
        let mut pegs = start.count();
        // The frontier is never empty: a level whose children all fail ends the loop below.
        while pegs > k {
            seen.clear();
            children.clear();
            for (i, node) in frontier.iter().enumerate() {
                if !me.expand() {
                    // The search is over: still offer the deepest level finished.
                    self.offer_deepest(&links, width, start, shared, me);
                    return Beam::Stopped;
                }
                if children.len() >= 4 * width {
                    // Keep memory at a few widths whatever the branching.
                    children.select_nth_unstable_by_key(width, |c| (c.0, c.1));
                    children.truncate(width);
                }
                for j in self.compact.legal(node.board).iter() {
                    me.generated += 1;
                    let link = Link {
                        parent: i as u32,
                        jump: j as u16,
                    };
                    let child = node.board ^ self.compact.jumps[j].all;
                    let weights = pruner.after(&node.weights, j);
                    if pruner.lost(&weights) {
                        continue;
                    }
                    if pegs - 1 <= k {
                        if self.goal_board.is_none_or(|g| g == child) {
                            return Beam::Found(self.beam_path(&links, link, start, shared));
                        }
                        continue;
                    }
                    let canon = self.syms.canon(child);
                    if seen.try_reserve(1).is_err() || children.try_reserve(1).is_err() {
                        // Under a memory limit that refuses the beam room: it ends here,
                        // offering what it has, and the depth-first members go on.
                        self.offer_deepest(&links, width, start, shared, me);
                        return Beam::Stopped;
                    }
                    if !seen.insert(canon) {
                        continue;
                    }
                    if let Some(side) = shared.goal_side {
                        if pegs - 1 <= side.top() {
                            if side.wins(pegs - 1, canon) {
                                return Beam::Found(self.beam_path(&links, link, start, shared));
                            }
                            continue;
                        }
                    }
                    if shared.failed.contains(canon) {
                        continue;
                    }
                    let noise = if seed == 0 {
                        0
                    } else {
                        (canon.hash64() ^ salt).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56
                    };
                    let score = (u64::from(borders.length(child)) << 8) | noise;
                    children.push((score, child, weights, link));
                }
            }
            if children.is_empty() {
                // A dead end for every position kept: the level reached is still the best
                // this beam can offer (on the diamond's tip start, 3 pegs, where the
                // depth-first workers had found 5).
                break;
            }
            if children.len() > width {
                // Ties broken by position too, so the level kept never depends on the
                // order the selection happened to leave them in.
                children.select_nth_unstable_by_key(width, |c| (c.0, c.1));
                children.truncate(width);
            }
            pegs -= 1;
            let mut level = Vec::new();
            let mut next = Vec::new();
            if links.try_reserve(1).is_err()
                || level.try_reserve_exact(children.len()).is_err()
                || next.try_reserve_exact(children.len()).is_err()
            {
                self.offer_deepest(&links, width, start, shared, me);
                return Beam::Stopped;
            }
            level.extend(children.iter().map(|c| c.3));
            links.push(level);
            next.extend(
                children
                    .iter()
                    .map(|&(_, board, weights, _)| Node { board, weights }),
            );
            frontier = next;
        }
        // Nothing reached the target: the deepest level is still the best this beam offers.
        self.offer_deepest(&links, width, start, shared, me);
        Beam::DeadEnd
    }

    /// Offers a position of the deepest level reached as the search's best so
    /// far, through the member's next report (the merge keeps it if it goes deeper than
    /// the best known then).
    fn offer_deepest(
        &self,
        links: &[Vec<Link>],
        width: usize,
        start: B,
        shared: &Shared<B>,
        me: &mut Member<B>,
    ) {
        let Some((last, above)) = links.split_last() else {
            return;
        };
        let path = self.beam_path(above, last[0], start, shared);
        if me.best.as_ref().is_none_or(|(p, _)| path.len() > p.len()) {
            me.best = Some((
                path,
                Finder::Beam {
                    width: width as u32,
                },
            ));
        }
    }

    /// The jumps to the position `link` leads to from the last level of `links`, completed
    /// down to the goal through the goal side when it ends there.
    fn beam_path(&self, links: &[Vec<Link>], link: Link, start: B, shared: &Shared<B>) -> Vec<u16> {
        let mut path = vec![link.jump];
        let mut parent = link.parent;
        for level in links.iter().rev() {
            let l = level[parent as usize];
            path.push(l.jump);
            parent = l.parent;
        }
        path.reverse();
        self.complete(start, &mut path, shared.goal_side);
        path
    }
}

/// What one beam did run alone (see `Search::beam_alone`), for the stepped beam's tests.
#[cfg(test)]
pub(crate) struct BeamAlone {
    /// The line to the target, if the beam found one.
    pub(crate) found: Option<Vec<u16>>,
    /// The deepest line it offered when it dead-ended.
    pub(crate) deepest: Option<Vec<u16>>,
    /// Positions expanded.
    pub(crate) expanded: u64,
    /// Children generated.
    pub(crate) generated: u64,
}

#[cfg(test)]
impl<B: HasFailTable> Search<B> {
    /// One beam of `width` and `seed` from `start` towards `k` pegs, alone: an empty failure
    /// table, no goal side, no pagoda functions, no budget. What `solver::trace::beam`
    /// mirrors; its tests hold it to this.
    pub(super) fn beam_alone(&self, start: B, k: u32, width: usize, seed: u64) -> BeamAlone {
        use crate::boards::pagodas::Pruner;
        use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64};
        use std::sync::{Arc, Mutex};
        let failed = B::fail_table(1 << 20);
        let cancel = AtomicBool::new(false);
        let shared = Shared {
            failed: &failed,
            goal_side: None,
            pruner: Arc::new(Pruner::none()),
            exhausted: AtomicBool::new(false),
            expanded: AtomicU64::new(0),
            generated: AtomicU64::new(0),
            best_pegs: AtomicU32::new(start.count()),
            best_path: Mutex::new(Vec::new()),
            solution: Mutex::new(None),
            best_by: Mutex::new(None),
            budget: u64::MAX,
            start_pegs: start.count(),
            cancel: &cancel,
        };
        let steps = Lockstep::new(&shared, vec![u64::MAX]);
        let mut me = Member {
            steps: &steps,
            m: 0,
            expanded: 0,
            generated: 0,
            slice_left: u64::MAX,
            best: None,
        };
        let borders = Borders::new(&self.compact);
        let beam = self.beam(start, k, &shared, &borders, width, seed, &mut me);
        let (expanded, generated) = (me.expanded, me.generated);
        let deepest = me.best.take().map(|(p, _)| p);
        steps.retire(0, Report::default());
        BeamAlone {
            found: match beam {
                Beam::Found(path) => Some(path),
                _ => None,
            },
            deepest,
            expanded,
            generated,
        }
    }
}
