//! The exact solver's threads: every core runs a worker; each takes its turn with several jump
//! orderings under doubling budgets (restarts), all sharing the failure table and the goal
//! side; the calling thread watches the budget and the cancel flag and reports progress. An
//! inline attempt on the calling thread answers easy positions before any thread starts.

use super::search::Search;
use super::{FLUSH_EVERY, NEAR_TARGET};
use crate::solver::boards::compact::legal_set;
use crate::solver::boards::failtable::{FailTable, HasFailTable};
use crate::solver::boards::goal_side::GoalSide;
use crate::solver::boards::pagodas::{Pruner, Weights};
use crate::solver::boards::symmetry::MAX_SYMMETRIES;
use crate::solver::{Control, Finder, Stop};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What the workers of one search share.
pub(super) struct Shared<'a, B: HasFailTable> {
    pub(super) failed: &'a B::Table,
    pub(super) goal_side: Option<&'a GoalSide<B>>,
    /// Pagoda functions for this target (inactive when none apply).
    pub(super) pruner: Arc<Pruner>,
    pub(super) stop: AtomicBool,
    pub(super) exhausted: AtomicBool,
    pub(super) expanded: AtomicU64,
    pub(super) generated: AtomicU64,
    pub(super) best_pegs: AtomicU32,
    pub(super) best_path: Mutex<Vec<u16>>,
    /// The solution and the member that found it.
    pub(super) solution: Mutex<Option<(Vec<u16>, Finder)>>,
    /// Who found `best_path`.
    pub(super) best_by: Mutex<Option<Finder>>,
    pub(super) budget: u64,
}

impl<B: HasFailTable> Search<B> {
    /// says why it ended.
    pub(super) fn search_target(
        &self,
        start: B,
        k: u32,
        shared: &Shared<B>,
        control: &mut Control,
        before: u64,
    ) -> Stop {
        let threads = match self.options.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        let cancelled = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let mut workers: Vec<_> = (0..threads)
                .map(|w| {
                    std::thread::Builder::new()
                        .name("pegsol-exact".into())
                        .stack_size(64 << 20)
                        .spawn_scoped(scope, move || self.worker(start, w, threads, k, shared))
                })
                .collect();
            if self.options.beam {
                // The portfolio's heuristic member: it finds, never proves (see `beam.rs`).
                workers.push(
                    std::thread::Builder::new()
                        .name("pegsol-beam".into())
                        .spawn_scoped(scope, move || self.beam_member(start, k, shared)),
                );
            }
            // The calling thread watches: progress, cancel, and the end of the workers.
            loop {
                let finished = workers
                    .iter()
                    .all(|w| w.as_ref().map_or(true, |h| h.is_finished()));
                control.report(
                    before + shared.expanded.load(Ordering::Relaxed),
                    shared.generated.load(Ordering::Relaxed),
                    shared.best_pegs.load(Ordering::Relaxed),
                );
                if finished {
                    break;
                }
                if control.cancelled() {
                    cancelled.store(true, Ordering::Relaxed);
                    shared.stop.store(true, Ordering::Relaxed);
                }
                std::thread::sleep(Duration::from_millis(2));
            }
            for w in workers.into_iter().flatten() {
                // A worker that panicked has stopped; the others' results stand.
                let _ = w.join();
            }
        });
        if lock(&shared.solution).is_some() {
            Stop::Solved
        } else if cancelled.load(Ordering::Relaxed) {
            Stop::Cancelled
        } else if shared.exhausted.load(Ordering::Relaxed) {
            Stop::Exhausted
        } else {
            Stop::Budget
        }
    }

    /// A short search on the calling thread before any worker starts: easy positions (the
    /// English board from its centre needs about 2,300 expansions) are answered in well under
    /// a millisecond, without the cost of starting threads. `None` if it did not settle.
    pub(super) fn inline_first(&self, start: B, k: u32, shared: &Shared<B>) -> Option<Stop> {
        let mut local = Local::new(shared, 0, self.options.stages.inline_attempt);
        let weights = shared.pruner.weigh(start);
        let verdict = self.attempt(
            start,
            &self.syms.images(start),
            &weights,
            k,
            shared,
            &mut local,
        );
        local.flush(shared);
        match verdict {
            Verdict::Found => Some(Stop::Solved),
            Verdict::Failed => Some(Stop::Exhausted),
            Verdict::Aborted => Some(Stop::Budget),
            Verdict::Restart => None,
        }
    }

    /// One depth-first attempt from `start` with `local`'s ordering and share. A find is
    /// completed down to the goal and posted as the solution; a find or a proof of failure
    /// tells every other worker to stop.
    fn attempt(
        &self,
        start: B,
        images: &[B],
        weights: &Weights,
        k: u32,
        shared: &Shared<B>,
        local: &mut Local,
    ) -> Verdict {
        local.path.clear();
        let verdict = if shared.pruner.lost(weights) {
            // The start itself weighs less than every finish.
            Verdict::Failed
        } else if shared.pruner.active() {
            self.dfs::<true>(start, start.count(), images, weights, k, shared, local)
        } else {
            self.dfs::<false>(start, start.count(), images, weights, k, shared, local)
        };
        match verdict {
            Verdict::Found => {
                let mut path = local.path.clone();
                self.complete(start, &mut path, shared.goal_side);
                lock(&shared.solution).get_or_insert((path, Finder::DepthFirst));
            }
            Verdict::Failed => shared.exhausted.store(true, Ordering::Relaxed),
            Verdict::Aborted | Verdict::Restart => return verdict,
        }
        shared.stop.store(true, Ordering::Relaxed);
        verdict
    }

    /// One worker: tries its share of the orderings with budgets that double on every
    /// attempt (restarts), until the target is found, proven unreachable, or stopped. The
    /// failure table outlives each attempt, so a restart never redoes a proven failure.
    fn worker(&self, start: B, w: usize, threads: usize, k: u32, shared: &Shared<B>) {
        let mut local = Local::new(shared, 0, 0);
        let images = self.syms.images(start);
        let weights = shared.pruner.weigh(start);
        for attempt in 0usize.. {
            if shared.stop.load(Ordering::Relaxed) {
                break;
            }
            if threads > 1 && w == 0 {
                // With company, one worker keeps the assignment's own order for good: it is
                // the best single order on most classic boards, and restarts only slow it.
                local.order = 0;
                local.attempt_left = u64::MAX;
            } else {
                let others = if threads > 1 {
                    self.orders.len() - 1
                } else {
                    self.orders.len()
                };
                let first = self.orders.len() - others;
                let peers = if threads > 1 { threads - 1 } else { 1 };
                let w = if threads > 1 { w - 1 } else { w };
                local.order = first + (w + attempt * peers) % others;
                local.attempt_left = self
                    .options
                    .stages
                    .first_attempt
                    .max(1)
                    .saturating_mul(1 << attempt.min(40));
            }
            if self.attempt(start, &images, &weights, k, shared, &mut local) != Verdict::Restart {
                break;
            }
        }
        local.flush(shared);
    }

    /// Extends a path that ends on a position the goal side says wins, down to the goal.
    pub(super) fn complete(&self, start: B, path: &mut Vec<u16>, side: Option<&GoalSide<B>>) {
        let Some(side) = side else { return };
        let mut board = path
            .iter()
            .fold(start, |b, &j| b ^ self.compact.jumps[usize::from(j)].all);
        while board.count() > side.base() {
            let pegs = board.count();
            let next = self.compact.legal(board).iter().find(|&j| {
                let child = board ^ self.compact.jumps[j].all;
                side.wins(pegs - 1, self.syms.canon(child))
            });
            let Some(j) = next else { break };
            path.push(j as u16);
            board = board ^ self.compact.jumps[j].all;
        }
    }

    /// The complete search. `PRUNE`: whether pagoda functions apply (a separate copy of the
    /// loop, so the common case without them pays nothing).
    #[allow(clippy::too_many_arguments)] // The recursion's state, passed in registers.
    fn dfs<const PRUNE: bool>(
        &self,
        board: B,
        pegs: u32,
        images: &[B],
        weights: &Weights,
        k: u32,
        shared: &Shared<B>,
        local: &mut Local,
    ) -> Verdict {
        // `pegs` is passed down (one less per jump) rather than counted: no population count
        // in the inner loop, which baseline x86-64 (no `popcnt`) would do in software.
        if pegs < local.best {
            local.best = pegs;
            shared.best_pegs.fetch_min(pegs, Ordering::Relaxed);
            // Fewer pegs means a longer path: every jump removes one.
            let mut best = lock(&shared.best_path);
            if local.path.len() > best.len() {
                best.clone_from(&local.path);
                *lock(&shared.best_by) = Some(Finder::DepthFirst);
            }
        }
        if pegs <= k {
            return match self.goal_board {
                Some(goal) if board != goal => Verdict::Failed,
                _ => Verdict::Found,
            };
        }
        let canon = images.iter().copied().min().unwrap_or(board);
        if let Some(side) = shared.goal_side {
            if pegs <= side.top() {
                return if side.wins(pegs, canon) {
                    Verdict::Found
                } else {
                    Verdict::Failed
                };
            }
        }
        let use_table = pegs > k + NEAR_TARGET;
        if use_table && shared.failed.contains(canon) {
            return Verdict::Failed;
        }
        local.expanded += 1;
        local.attempt_left = local.attempt_left.saturating_sub(1);
        if local.attempt_left == 0 {
            return Verdict::Restart;
        }
        if local.expanded >= FLUSH_EVERY {
            local.flush(shared);
            if shared.stop.load(Ordering::Relaxed)
                || shared.expanded.load(Ordering::Relaxed) >= shared.budget
            {
                shared.stop.store(true, Ordering::Relaxed);
                return Verdict::Aborted;
            }
        }
        let order = &self.orders[local.order];
        let legal = legal_set(&order.all, &order.from_over, board);
        if pegs - 1 > k + NEAR_TARGET {
            // Start every child's table fetch now so the misses overlap.
            for i in legal.iter() {
                let j = usize::from(order.jumps[i]);
                shared.failed.prefetch(self.syms.child_canon(images, j));
            }
        }
        // The children's images are the parent's with one xor each, in one fixed array.
        let mut storage = [B::ZERO; MAX_SYMMETRIES];
        let child_images = &mut storage[..images.len()];
        for i in legal.iter() {
            let j = order.jumps[i];
            let cj = &self.compact.jumps[usize::from(j)];
            local.generated += 1;
            // A child a pagoda function proves lost is a failure like any other.
            let child_weights = if PRUNE {
                let w = shared.pruner.after(weights, usize::from(j));
                if shared.pruner.lost(&w) {
                    continue;
                }
                w
            } else {
                *weights
            };
            self.syms
                .write_child_images(images, usize::from(j), child_images);
            local.path.push(j);
            let verdict = self.dfs::<PRUNE>(
                board ^ cj.all,
                pegs - 1,
                child_images,
                &child_weights,
                k,
                shared,
                local,
            );
            if verdict != Verdict::Failed {
                return verdict;
            }
            local.path.pop();
        }
        if use_table {
            shared.failed.insert(canon);
        }
        Verdict::Failed
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    /// The target was reached (or the goal side says it will be); `path` leads there.
    Found,
    /// Proven: the target cannot be reached from here.
    Failed,
    /// The search was stopped (budget, cancel, or another worker finished).
    Aborted,
    /// This attempt used its share; try again with another ordering and a larger share.
    Restart,
}

struct Local {
    /// Expansions and generations not yet added to the shared counters.
    expanded: u64,
    generated: u64,
    path: Vec<u16>,
    best: u32,
    /// Index of the ordering this attempt uses.
    order: usize,
    /// Expansions left in this attempt.
    attempt_left: u64,
}

impl Local {
    fn new<B: HasFailTable>(shared: &Shared<B>, order: usize, attempt_left: u64) -> Local {
        Local {
            expanded: 0,
            generated: 0,
            path: Vec::new(),
            best: shared.best_pegs.load(Ordering::Relaxed),
            order,
            attempt_left,
        }
    }

    fn flush<B: HasFailTable>(&mut self, shared: &Shared<B>) {
        shared.expanded.fetch_add(self.expanded, Ordering::Relaxed);
        shared
            .generated
            .fetch_add(self.generated, Ordering::Relaxed);
        self.expanded = 0;
        self.generated = 0;
    }
}

pub(super) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A worker that panicked while holding a lock leaves valid data behind (every update is a
    // single assignment), so the search carries on with it.
    m.lock().unwrap_or_else(|e| e.into_inner())
}
