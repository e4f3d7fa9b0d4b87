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

use super::search::Search;
use super::workers::{lock, Shared};
use crate::solver::boards::compact::{Bits, Compact};
use crate::solver::boards::failtable::{FailTable, HasFailTable};
use crate::solver::boards::pagodas::Weights;
use crate::solver::Finder;
use rustc_hash::FxHashSet;
use std::sync::atomic::Ordering;

/// The first beam's width; each restart doubles it up to [`MAX_WIDTH`].
const FIRST_WIDTH: usize = 128;
/// The widest beam (about 30 bytes per position kept per level).
const MAX_WIDTH: usize = 1 << 15;

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
/// missing neighbours the cells with at least that many (cells on the board's edge).
struct Borders<B> {
    pairs: Vec<(u32, u32)>,
    edges: Vec<B>,
}

impl<B: Bits> Borders<B> {
    fn new(compact: &Compact<B>) -> Borders<B> {
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
    fn length(&self, board: B) -> u32 {
        let inside: u32 = self
            .pairs
            .iter()
            .map(|&(a, b)| ((board.shr(a).low64() ^ board.shr(b).low64()) & 1) as u32)
            .sum();
        let edge: u32 = self.edges.iter().map(|&m| (board & m).count()).sum();
        inside + edge
    }
}

impl<B: HasFailTable> Search<B> {
    /// The beam member: beams of doubling width, each with a new seed, until one finds the
    /// target, or the search stops (a worker proved or found it, budget, cancel).
    pub(super) fn beam_member(&self, start: B, k: u32, shared: &Shared<B>) {
        let borders = Borders::new(&self.compact);
        loop {
            if shared.stop.load(Ordering::Relaxed) {
                return;
            }
            // Round r has seed r and width FIRST_WIDTH * 2^r (at most MAX_WIDTH). A round
            // stopped by the end of a phase is taken up again by the next phase's beam.
            let seed = self.beam_round.load(Ordering::Relaxed);
            let width = (FIRST_WIDTH << seed.min(16)).min(MAX_WIDTH);
            if let Some(path) = self.beam(start, k, shared, &borders, width, seed) {
                let finder = Finder::Beam {
                    width: width as u32,
                };
                lock(&shared.solution).get_or_insert((path, finder));
                shared.stop.store(true, Ordering::Relaxed);
                return;
            }
            if shared.stop.load(Ordering::Relaxed) {
                // Cut short, not failed: the next phase runs this round again.
                return;
            }
            self.beam_round.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// One beam of `width`; the path to the target if it reached it.
    fn beam(
        &self,
        start: B,
        k: u32,
        shared: &Shared<B>,
        borders: &Borders<B>,
        width: usize,
        seed: u64,
    ) -> Option<Vec<u16>> {
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
            if shared.stop.load(Ordering::Relaxed) {
                break;
            }
            if shared.expanded.load(Ordering::Relaxed) >= shared.budget {
                shared.stop.store(true, Ordering::Relaxed);
                break;
            }
            seen.clear();
            children.clear();
            let mut generated = 0u64;
            for (i, node) in frontier.iter().enumerate() {
                if i % 256 == 255 && shared.stop.load(Ordering::Relaxed) {
                    // A wide level on a big board takes a while: stop within it, and
                    // still offer the deepest level finished.
                    self.offer_deepest(&links, pegs, width, start, shared);
                    return None;
                }
                if children.len() >= 4 * width {
                    // Keep memory at a few widths whatever the branching.
                    children.select_nth_unstable_by_key(width, |c| c.0);
                    children.truncate(width);
                }
                for j in self.compact.legal(node.board).iter() {
                    generated += 1;
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
                            return Some(self.beam_path(&links, link, start, shared));
                        }
                        continue;
                    }
                    let canon = self.syms.canon(child);
                    if !seen.insert(canon) {
                        continue;
                    }
                    if let Some(side) = shared.goal_side {
                        if pegs - 1 <= side.top() {
                            if side.wins(pegs - 1, canon) {
                                return Some(self.beam_path(&links, link, start, shared));
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
            shared
                .expanded
                .fetch_add(frontier.len() as u64, Ordering::Relaxed);
            shared.generated.fetch_add(generated, Ordering::Relaxed);
            if children.is_empty() {
                // A dead end for every position kept: the level reached is still the best
                // this beam can offer (on the diamond's tip start, 3 pegs, where the
                // depth-first workers had found 5).
                break;
            }
            if children.len() > width {
                children.select_nth_unstable_by_key(width, |c| c.0);
                children.truncate(width);
            }
            pegs -= 1;
            links.push(children.iter().map(|c| c.3).collect());
            frontier = children
                .iter()
                .map(|&(_, board, weights, _)| Node { board, weights })
                .collect();
        }
        // Nothing reached the target (dead ends, or the search stopped: budget, cancel, or
        // another member finished): the deepest level is still the best this beam offers.
        self.offer_deepest(&links, pegs, width, start, shared);
        None
    }

    /// Offers a position of the deepest level reached (`pegs` pegs) as the search's best so
    /// far, if it goes deeper than the best already offered.
    fn offer_deepest(
        &self,
        links: &[Vec<Link>],
        pegs: u32,
        width: usize,
        start: B,
        shared: &Shared<B>,
    ) {
        let Some((last, above)) = links.split_last() else {
            return;
        };
        let path = self.beam_path(above, last[0], start, shared);
        let mut best = lock(&shared.best_path);
        if path.len() > best.len() {
            *best = path;
            *lock(&shared.best_by) = Some(Finder::Beam {
                width: width as u32,
            });
            shared.best_pegs.fetch_min(pegs, Ordering::Relaxed);
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
