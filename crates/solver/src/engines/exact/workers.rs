//! The exact solver's depth-first members: a fixed number of them (not one per core), each on
//! its own thread, take turns with several jump orderings under doubling budgets (restarts),
//! all sharing the failure table and the goal side, in lockstep with the beam
//! (`lockstep.rs`); the calling thread reports progress. An inline attempt on the calling
//! thread answers easy positions before any thread starts.

use super::lockstep::{Lockstep, Report};
use super::search::Search;
use super::shared::{lock, Shared};
use super::{BEAM_SLICE, DEPTH_FIRST_MEMBERS, NEAR_TARGET, SLICE};
use crate::boards::compact::legal_set;
use crate::boards::failtable::{FailTable, HasFailTable};
use crate::boards::goal_side::GoalSide;
use crate::boards::pagodas::Weights;
use crate::boards::symmetry::MAX_SYMMETRIES;
use crate::{Control, Finder, Stop};
use rustc_hash::FxHashSet;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// Stack of a member's thread. The depth-first recursion takes one frame per jump, at most
/// one per hole (a frame is 344-568 bytes in the release build's `dfs`; at most 128 holes:
/// some 80 KiB), so this is many times what it needs; it stays small because under an
/// address-space limit every thread's stack counts in full.
const MEMBER_STACK_BYTES: usize = 2 << 20;

impl<B: HasFailTable> Search<B> {
    /// The depth-first members of the portfolio: the options' number, or
    /// [`DEPTH_FIRST_MEMBERS`]; never the machine's number of cores, so that the answer is
    /// the same on every machine.
    fn depth_first_members(&self) -> usize {
        match self.options.threads {
            0 => DEPTH_FIRST_MEMBERS,
            n => n,
        }
    }

    /// Searches for target `k` with every member of the portfolio in lockstep (see
    /// `lockstep.rs`), each on its own thread, until one finds it, one proves it out of
    /// reach, the budget is used, or the caller cancels; says why it ended. The calling
    /// thread reports progress (`before`: expansions of earlier phases).
    pub(super) fn search_target(
        &self,
        start: B,
        k: u32,
        shared: &Shared<B>,
        control: &mut Control,
        before: u64,
    ) -> Stop {
        let members = self.depth_first_members();
        let mut slices = vec![SLICE; members];
        if self.options.beam {
            slices.push(BEAM_SLICE);
        }
        let steps = Lockstep::new(shared, slices);
        let steps = &steps;
        let mut refused = 0;
        std::thread::scope(|scope| {
            let mut handles = Vec::new();
            for m in 0..members + usize::from(self.options.beam) {
                if m == members && refused == members {
                    // The beam alone never proves and, with no budget, never ends.
                    steps.retire(m, Report::default());
                    continue;
                }
                let spawned = std::thread::Builder::new()
                    .name(
                        if m < members {
                            "pegsol-exact"
                        } else {
                            "pegsol-beam"
                        }
                        .into(),
                    )
                    .stack_size(MEMBER_STACK_BYTES)
                    .spawn_scoped(scope, move || {
                        // A member that panics still leaves the rounds, so the others
                        // never wait for it.
                        let guard = Retire { steps, m };
                        let report = if m < members {
                            self.worker(start, m, members, k, shared, steps)
                        } else {
                            // The portfolio's heuristic member: it finds, never proves.
                            self.beam_member(start, k, shared, steps, m)
                        };
                        std::mem::forget(guard);
                        steps.retire(m, report);
                    });
                match spawned {
                    Ok(handle) => handles.push(handle),
                    Err(_) => {
                        // The system refused the thread (its stack, under a memory limit):
                        // the others search without it.
                        steps.retire(m, Report::default());
                        if m < members {
                            refused += 1;
                        }
                    }
                }
            }
            // The calling thread watches: progress, and the end of the members.
            loop {
                let finished = handles.iter().all(|h| h.is_finished());
                control.report(
                    before + shared.expanded.load(Ordering::Relaxed),
                    shared.generated.load(Ordering::Relaxed),
                    shared.best_pegs.load(Ordering::Relaxed),
                );
                if finished {
                    break;
                }
                std::thread::sleep(Duration::from_millis(2));
            }
            for h in handles {
                // A member that panicked has stopped; the others' results stand.
                let _ = h.join();
            }
        });
        if lock(&shared.solution).is_some() {
            Stop::Solved
        } else if shared.exhausted.load(Ordering::Relaxed) {
            Stop::Exhausted
        } else if control.cancelled() && shared.left() > 0 {
            Stop::Cancelled
        } else if refused == members {
            // No depth-first member could start: what ended the search was the memory,
            // not the budget.
            Stop::OutOfMemory
        } else {
            Stop::Budget
        }
    }

    /// A short search on the calling thread before any member starts: easy positions (the
    /// English board from its centre needs about 2,300 expansions) are answered in well under
    /// a millisecond, without the cost of starting threads. `None` if it did not settle.
    pub(super) fn inline_first(&self, start: B, k: u32, shared: &Shared<B>) -> Option<Stop> {
        let attempt = self.options.stages.inline_attempt;
        let steps = Lockstep::new(shared, vec![attempt]);
        let mut local = Local::new(shared, 0, 0, attempt);
        let verdict = match steps.first_slice(0) {
            Some(slice) => {
                local.slice_left = slice;
                let weights = shared.pruner.weigh(start);
                self.attempt(
                    start,
                    &self.syms.images(start),
                    &weights,
                    k,
                    shared,
                    &steps,
                    &mut local,
                )
            }
            None => Verdict::Aborted,
        };
        steps.retire(0, local.report(verdict));
        match verdict {
            Verdict::Found => Some(Stop::Solved),
            Verdict::Failed => Some(Stop::Exhausted),
            Verdict::Aborted => Some(Stop::Budget),
            Verdict::Restart => None,
        }
    }

    /// One depth-first attempt from `start` with `local`'s ordering; a find is completed
    /// down to the goal and kept in `local` as the solution.
    #[allow(clippy::too_many_arguments)] // The search's state, as the recursion takes it.
    fn attempt(
        &self,
        start: B,
        images: &[B],
        weights: &Weights,
        k: u32,
        shared: &Shared<B>,
        steps: &Lockstep<B>,
        local: &mut Local<B>,
    ) -> Verdict {
        local.path.clear();
        let verdict = if shared.pruner.lost(weights) {
            // The start itself weighs less than every finish.
            Verdict::Failed
        } else if shared.pruner.active() {
            self.dfs::<true>(
                start,
                start.count(),
                images,
                weights,
                k,
                shared,
                steps,
                local,
            )
        } else {
            self.dfs::<false>(
                start,
                start.count(),
                images,
                weights,
                k,
                shared,
                steps,
                local,
            )
        };
        if verdict == Verdict::Found {
            let mut path = local.path.clone();
            self.complete(start, &mut path, shared.goal_side);
            local.solution = Some(path);
        }
        verdict
    }

    /// One member: tries its share of the orderings with budgets that double on every
    /// attempt (restarts), until the target is found, proven unreachable, or the search is
    /// over. The failure table outlives each attempt, so a restart never redoes a proven
    /// failure. Returns its last report.
    fn worker(
        &self,
        start: B,
        w: usize,
        members: usize,
        k: u32,
        shared: &Shared<B>,
        steps: &Lockstep<B>,
    ) -> Report<B> {
        let mut local = Local::new(shared, w, 0, 0);
        let Some(slice) = steps.first_slice(w) else {
            return local.report(Verdict::Aborted);
        };
        local.slice_left = slice;
        let images = self.syms.images(start);
        let weights = shared.pruner.weigh(start);
        let mut verdict = Verdict::Aborted;
        for attempt in 0usize.. {
            if members > 1 && w == 0 {
                // With company, one member keeps the assignment's own order for good: it is
                // the best single order on most classic boards, and restarts only slow it.
                local.order = 0;
                local.attempt_left = u64::MAX;
            } else {
                let others = if members > 1 {
                    self.orders.len() - 1
                } else {
                    self.orders.len()
                };
                let first = self.orders.len() - others;
                let peers = if members > 1 { members - 1 } else { 1 };
                let w = if members > 1 { w - 1 } else { w };
                local.order = first + (w + attempt * peers) % others;
                local.attempt_left = self
                    .options
                    .stages
                    .first_attempt
                    .max(1)
                    .saturating_mul(1 << attempt.min(40));
            }
            verdict = self.attempt(start, &images, &weights, k, shared, steps, &mut local);
            if verdict != Verdict::Restart {
                break;
            }
        }
        local.report(verdict)
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
        steps: &Lockstep<B>,
        local: &mut Local<B>,
    ) -> Verdict {
        // `pegs` is passed down (one less per jump) rather than counted: no population count
        // in the inner loop, which baseline x86-64 (no `popcnt`) would do in software.
        if pegs < local.best {
            local.best = pegs;
            // Fewer pegs means a longer path: every jump removes one.
            local.best_path.clone_from(&local.path);
            local.best_new = true;
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
        if use_table && local.known_failed(shared, canon) {
            return Verdict::Failed;
        }
        if local.attempt_left == 0 {
            return Verdict::Restart;
        }
        if local.slice_left == 0 {
            match steps.pause(local.member, local.take_report()) {
                Some(slice) => local.resume(shared, slice),
                None => return Verdict::Aborted,
            }
        }
        local.slice_left -= 1;
        local.attempt_left -= 1;
        local.expanded += 1;
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
                steps,
                local,
            );
            if verdict != Verdict::Failed {
                return verdict;
            }
            local.path.pop();
        }
        if use_table {
            local.failed(canon);
        }
        Verdict::Failed
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// The target was reached (or the goal side says it will be); `path` leads there.
    Found,
    /// Proven: the target cannot be reached from here.
    Failed,
    /// The search is over (budget, cancel, or another member finished).
    Aborted,
    /// This attempt used its share; try again with another ordering and a larger share.
    Restart,
}

/// A depth-first member's own state: its counts, line and failures since it last paused.
pub(super) struct Local<B> {
    /// Its index among the members.
    member: usize,
    /// Expansions and generations not yet handed in.
    expanded: u64,
    generated: u64,
    /// Expansions left in its slice of this round.
    slice_left: u64,
    path: Vec<u16>,
    /// Fewest pegs it knows of (its own, or any member's as of the last round).
    best: u32,
    /// Its line to `best`, when it found that itself since it last paused (`best_new`).
    best_path: Vec<u16>,
    best_new: bool,
    /// The line to the target, once found.
    solution: Option<Vec<u16>>,
    /// Index of the ordering this attempt uses.
    order: usize,
    /// Expansions left in this attempt.
    attempt_left: u64,
    /// The failures it found this round: read by it alone until the round's end.
    overlay: FxHashSet<B>,
    /// The same, in the order found, for the merge.
    found_failed: Vec<B>,
}

impl<B: HasFailTable> Local<B> {
    fn new(shared: &Shared<B>, member: usize, order: usize, attempt_left: u64) -> Local<B> {
        Local {
            member,
            expanded: 0,
            generated: 0,
            slice_left: 0,
            path: Vec::new(),
            best: shared.best_pegs.load(Ordering::Relaxed),
            best_path: Vec::new(),
            best_new: false,
            solution: None,
            order,
            attempt_left,
            overlay: FxHashSet::default(),
            found_failed: Vec::new(),
        }
    }

    /// Whether `canon` is known to fail: found so by this member this round, or by anyone
    /// in an earlier round.
    #[inline]
    fn known_failed(&self, shared: &Shared<B>, canon: B) -> bool {
        (!self.overlay.is_empty() && self.overlay.contains(&canon)) || shared.failed.contains(canon)
    }

    /// Records that `canon` fails.
    #[inline]
    fn failed(&mut self, canon: B) {
        // Failures are a cache: under a memory limit that refuses them room, one not
        // recorded is only searched again, where an infallible insert would abort.
        if self.overlay.try_reserve(1).is_err() || self.found_failed.try_reserve(1).is_err() {
            return;
        }
        if self.overlay.insert(canon) {
            self.found_failed.push(canon);
        }
    }

    /// What it found since it last paused, handed in at a pause; its overlay is emptied
    /// (the merge puts those failures in the shared table).
    fn take_report(&mut self) -> Report<B> {
        self.overlay.clear();
        Report {
            expanded: std::mem::take(&mut self.expanded),
            generated: std::mem::take(&mut self.generated),
            failed: std::mem::take(&mut self.found_failed),
            best: std::mem::take(&mut self.best_new)
                .then(|| (self.best_path.clone(), Finder::DepthFirst)),
            solution: None,
            exhausted: false,
        }
    }

    /// After a pause: a new slice, and the fewest pegs any member reached so far.
    fn resume(&mut self, shared: &Shared<B>, slice: u64) {
        self.slice_left = slice;
        self.best = self.best.min(shared.best_pegs.load(Ordering::Relaxed));
    }

    /// Its last report, when its search ended with `verdict`.
    fn report(&mut self, verdict: Verdict) -> Report<B> {
        let mut report = self.take_report();
        report.solution = self.solution.take().map(|p| (p, Finder::DepthFirst));
        report.exhausted = verdict == Verdict::Failed;
        report
    }
}

/// Retires a member whose thread unwinds (a panic), so the others do not wait for it.
struct Retire<'l, 's, 'a, B: HasFailTable> {
    steps: &'l Lockstep<'s, 'a, B>,
    m: usize,
}

impl<B: HasFailTable> Drop for Retire<'_, '_, '_, B> {
    fn drop(&mut self) {
        self.steps.retire(self.m, Report::default());
    }
}
