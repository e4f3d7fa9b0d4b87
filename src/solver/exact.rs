//! Pegsol's exact solver: the fewest pegs that can remain (or a finish on a given cell), found
//! and proven.
//!
//! How it works:
//! - **Position classes** first: a finish cell in another class than the start is impossible
//!   with no search at all, and a start whose class has no single-cell finish cannot end with
//!   one peg, so the search starts at two.
//! - **Iterative targets**: for "fewest pegs", it asks "can k pegs be reached?" for k = the
//!   class bound, then k + 1, ...; the first yes is optimal because every smaller k was
//!   searched exhaustively.
//! - **Depth-first search with a failure table**: a position whose every continuation failed is
//!   stored by its canonical form under the board's symmetries, so neither it nor any mirror
//!   image is searched again. The symmetric images of the current board are kept up to date
//!   with one xor per symmetry per jump, so canonical forms cost almost nothing.
//! - **Move ordering**: jumps that clear pegs far from the middle come first, which finds
//!   classic solutions almost at once.
//! - **Threads**: the positions a few jumps from the start are shared out between worker
//!   threads, which share the failure table; the calling thread only watches the budget, the
//!   cancel flag and reports progress.

use super::compact::{legal_set, Bits, Compact};
use super::failtable::{FailTable, HasFailTable};
use super::{Algorithm, Control, Outcome, Stop};
use crate::rules::{ClassMasks, Goal, Jump, Position};
use crate::with_bits;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Options for one exact search.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Maximum positions expanded, over all targets and threads (`None`: no limit).
    pub budget: Option<u64>,
    /// Worker threads (`0`: one per core).
    pub threads: usize,
}

/// Memory for the failure table when the budget is unlimited.
pub const DEFAULT_TABLE_BYTES: usize = 512 << 20;

impl Options {
    /// The failure table's size: enough for the budget, at most [`DEFAULT_TABLE_BYTES`].
    fn table_bytes(&self) -> usize {
        let wanted = self
            .budget
            .map_or(DEFAULT_TABLE_BYTES as u64, |b| b.saturating_mul(16));
        wanted.clamp(1 << 20, DEFAULT_TABLE_BYTES as u64) as usize
    }
}

/// Solves `start` for `goal`: the fewest pegs for [`Goal::Anywhere`], a finish on the cell for
/// [`Goal::At`].
pub fn solve(start: &Position, goal: Goal, options: Options, control: &mut Control) -> Outcome {
    let cells = start.shape().cells().len();
    with_bits!(cells, B => Search::<B>::new(start, goal, options).run(control))
}

/// Whether `goal` can still be reached from `start`, within `budget` expansions: `Some(true)`
/// with a winning line, `Some(false)` if proven impossible, `None` if the budget ran out.
pub fn winnable(
    start: &Position,
    goal: Goal,
    budget: Option<u64>,
    control: &mut Control,
) -> (Option<bool>, Outcome) {
    let outcome = solve(start, goal, Options { budget, threads: 0 }, control);
    let verdict = if outcome.won {
        Some(true)
    } else if outcome.proven_optimal {
        Some(false)
    } else {
        None
    };
    (verdict, outcome)
}

struct Shared<B> {
    failed: Box<dyn FailTable<B>>,
    stop: AtomicBool,
    expanded: AtomicU64,
    generated: AtomicU64,
    best_pegs: AtomicU32,
    best_path: Mutex<Vec<u16>>,
    solution: Mutex<Option<Vec<u16>>>,
    exhausted: AtomicBool,
    budget: u64,
}

struct Search<B> {
    compact: Compact<B>,
    /// Jump orders the workers take turns with (see [`orderings`]).
    orders: Vec<Ordered<B>>,
    /// `sym_masks[j * g + s]`: jump `j`'s cells under symmetry `s`.
    sym_masks: Vec<B>,
    /// `sym_cells[s][i]`: where cell `i` goes under symmetry `s`.
    sym_cells: Vec<Vec<u32>>,
    g: usize,
    start: B,
    goal: Goal,
    goal_board: Option<B>,
    options: Options,
    start_position: Position,
}

impl<B: HasFailTable> Search<B> {
    fn new(start: &Position, goal: Goal, options: Options) -> Search<B> {
        let shape = start.shape();
        let compact = Compact::<B>::new(shape);
        let syms = shape.symmetries();
        let sym_cells: Vec<Vec<u32>> = syms
            .iter()
            .map(|s| {
                compact
                    .cells
                    .iter()
                    .map(|&c| compact.index(s.apply_cell(c)).unwrap_or(0))
                    .collect()
            })
            .collect();
        let g = syms.len().max(1);
        let map = |b: B, s: usize| -> B {
            let mut out = B::ZERO;
            let mut rest = b;
            while rest != B::ZERO {
                out = out | B::bit(sym_cells[s][rest.lowest() as usize]);
                rest = rest.clear_lowest();
            }
            out
        };
        let mut sym_masks = Vec::with_capacity(compact.jumps.len() * g);
        for j in &compact.jumps {
            for s in 0..g {
                sym_masks.push(if syms.is_empty() {
                    j.all
                } else {
                    map(j.all, s)
                });
            }
        }
        let orders = orderings(&compact)
            .into_iter()
            .map(|jumps| Ordered {
                all: jumps
                    .iter()
                    .map(|&j| compact.jumps[usize::from(j)].all)
                    .collect(),
                from_over: jumps
                    .iter()
                    .map(|&j| compact.jumps[usize::from(j)].from_over)
                    .collect(),
                jumps,
            })
            .collect();
        let goal_board = match goal {
            Goal::At(c) => Some(compact.encode(crate::rules::CellSet::single(c))),
            Goal::Anywhere => None,
        };
        Search {
            start: compact.encode(start.pegs()),
            compact,
            orders,
            sym_masks,
            sym_cells,
            g,
            goal,
            goal_board,
            options,
            start_position: start.clone(),
        }
    }

    fn images_of(&self, b: B) -> Vec<B> {
        (0..self.g)
            .map(|s| {
                if self.sym_cells.is_empty() {
                    return b;
                }
                let mut out = B::ZERO;
                let mut rest = b;
                while rest != B::ZERO {
                    out = out | B::bit(self.sym_cells[s][rest.lowest() as usize]);
                    rest = rest.clear_lowest();
                }
                out
            })
            .collect()
    }

    fn run(&self, control: &mut Control) -> Outcome {
        let shape = self.start_position.shape();
        let masks = ClassMasks::new(shape);
        let start_pegs = self.start.count();
        let finishes = masks.possible_finishes(shape, self.start_position.pegs());
        let budget = self.options.budget.unwrap_or(u64::MAX);
        let mut shared = Shared::<B> {
            failed: B::fail_table(self.options.table_bytes()),
            stop: AtomicBool::new(false),
            expanded: AtomicU64::new(0),
            generated: AtomicU64::new(0),
            best_pegs: AtomicU32::new(start_pegs),
            best_path: Mutex::new(Vec::new()),
            solution: Mutex::new(None),
            exhausted: AtomicBool::new(false),
            budget,
        };
        let mut stop = Stop::Exhausted;
        let mut solution: Option<Vec<u16>> = None;
        let mut proven = false;
        match self.goal {
            Goal::At(cell) => {
                if finishes.contains(cell) {
                    let (found, why) = self.search_target(1, &shared, control);
                    stop = why;
                    if found.is_some() {
                        solution = found;
                        proven = true;
                    } else {
                        proven = why == Stop::Exhausted;
                    }
                } else {
                    // The position class rules the cell out: proven without search.
                    proven = true;
                }
            }
            Goal::Anywhere => {
                let mut k = if finishes.is_empty() { 2 } else { 1 };
                loop {
                    if k >= start_pegs {
                        // Nothing fewer than the start can be reached (or the start is it).
                        solution = Some(Vec::new());
                        proven = true;
                        stop = Stop::Solved;
                        break;
                    }
                    if k > 1 {
                        // Failures to reach k - 1 pegs say nothing about k: start afresh.
                        shared.failed = B::fail_table(self.options.table_bytes());
                    }
                    let (found, why) = self.search_target(k, &shared, control);
                    stop = why;
                    if found.is_some() {
                        solution = found;
                        proven = true;
                        break;
                    }
                    if why != Stop::Exhausted {
                        break;
                    }
                    k += 1;
                }
            }
        }
        if proven && stop == Stop::Exhausted && solution.is_some() {
            stop = Stop::Solved;
        }
        let path = solution.unwrap_or_else(|| lock(&shared.best_path).clone());
        let jumps: Vec<Jump> = path
            .iter()
            .map(|&j| self.compact.jumps[usize::from(j)].jump)
            .collect();
        let mut end = self.start_position.clone();
        for &j in &jumps {
            end.play_unchecked(j);
        }
        let table = shared.failed.entries();
        Outcome {
            algorithm: Algorithm::Exact,
            pegs_left: end.peg_count(),
            won: self.goal.is_won(end.pegs()),
            jumps,
            proven_optimal: proven,
            stop,
            expanded: shared.expanded.load(Ordering::Relaxed),
            generated: shared.generated.load(Ordering::Relaxed),
            peak_nodes: table as u64,
            elapsed: control.elapsed(),
        }
    }

    /// Searches for a position with `k` pegs (the goal board when the goal is a cell).
    /// Returns the path if found, and why the search ended.
    fn search_target(
        &self,
        k: u32,
        shared: &Shared<B>,
        control: &mut Control,
    ) -> (Option<Vec<u16>>, Stop) {
        let threads = match self.options.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        shared.exhausted.store(false, Ordering::Relaxed);
        let done = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|w| {
                    std::thread::Builder::new()
                        .name("pegsol-exact".into())
                        .stack_size(64 << 20)
                        .spawn_scoped(scope, move || self.worker(w, threads, k, shared))
                })
                .collect();
            // The calling thread watches: progress, cancel, and the end of the workers.
            loop {
                let finished = workers
                    .iter()
                    .all(|w| w.as_ref().map_or(true, |h| h.is_finished()));
                control.report(
                    shared.expanded.load(Ordering::Relaxed),
                    shared.generated.load(Ordering::Relaxed),
                    shared.best_pegs.load(Ordering::Relaxed),
                );
                if finished {
                    break;
                }
                if control.cancelled() {
                    done.store(true, Ordering::Relaxed);
                    shared.stop.store(true, Ordering::Relaxed);
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            for w in workers.into_iter().flatten() {
                // A worker that panicked has already stopped; its result is simply lost and
                // the search reports what the others found.
                let _ = w.join();
            }
        });
        let found = lock(&shared.solution).take();
        let why = if found.is_some() {
            Stop::Solved
        } else if done.load(Ordering::Relaxed) {
            Stop::Cancelled
        } else if shared.exhausted.load(Ordering::Relaxed) {
            Stop::Exhausted
        } else {
            Stop::Budget
        };
        shared.stop.store(false, Ordering::Relaxed);
        (found, why)
    }

    /// One worker: tries its share of the orderings with budgets that double on every
    /// attempt (restarts), until the target is found, proven unreachable, or stopped. The
    /// failure table outlives each attempt, so a restart never redoes a proven failure.
    fn worker(&self, w: usize, threads: usize, k: u32, shared: &Shared<B>) {
        let mut local = Local {
            expanded: 0,
            generated: 0,
            path: Vec::new(),
            best: shared.best_pegs.load(Ordering::Relaxed),
            order: 0,
            attempt_left: 0,
        };
        let images = self.images_of(self.start);
        for attempt in 0usize.. {
            local.order = (w + attempt * threads) % self.orders.len();
            local.attempt_left = FIRST_ATTEMPT.saturating_mul(1 << attempt.min(40));
            local.path.clear();
            match self.dfs(self.start, &images, k, shared, &mut local) {
                Verdict::Found => {
                    *lock(&shared.solution) = Some(local.path.clone());
                    shared.stop.store(true, Ordering::Relaxed);
                    break;
                }
                Verdict::Failed => {
                    shared.exhausted.store(true, Ordering::Relaxed);
                    shared.stop.store(true, Ordering::Relaxed);
                    break;
                }
                Verdict::Aborted => break,
                Verdict::Restart => {}
            }
        }
        local.flush(shared);
    }

    fn dfs(
        &self,
        board: B,
        images: &[B],
        k: u32,
        shared: &Shared<B>,
        local: &mut Local,
    ) -> Verdict {
        let pegs = board.count();
        if pegs < local.best {
            local.best = pegs;
            shared.best_pegs.fetch_min(pegs, Ordering::Relaxed);
            // Fewer pegs means a longer path: every jump removes one.
            let mut best = lock(&shared.best_path);
            if local.path.len() > best.len() {
                best.clone_from(&local.path);
            }
        }
        if pegs <= k {
            return match self.goal_board {
                Some(goal) if board != goal => Verdict::Failed,
                _ => Verdict::Found,
            };
        }
        // Positions a few jumps from the target have tiny subtrees: searching them again is
        // cheaper than a table lookup that misses the cache.
        let use_table = pegs > k + NEAR_TARGET;
        let canon = images.iter().copied().min().unwrap_or(board);
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
        // At most 12 symmetries (the triangular lattice's): a fixed array, no allocation.
        let mut storage = [B::ZERO; 12];
        let child_images = &mut storage[..self.g];
        let order = &self.orders[local.order];
        let legal = legal_set(&order.all, &order.from_over, board);
        if pegs - 1 > k + NEAR_TARGET {
            // Start every child's table fetch now so the misses overlap.
            for i in legal.iter() {
                let j = usize::from(order.jumps[i]);
                let masks = &self.sym_masks[j * self.g..][..self.g];
                let canon = images.iter().zip(masks).map(|(&a, &m)| a ^ m).min();
                shared.failed.prefetch(canon.unwrap_or(board));
            }
        }
        for i in legal.iter() {
            let j = order.jumps[i];
            let cj = &self.compact.jumps[usize::from(j)];
            local.generated += 1;
            let masks = &self.sym_masks[usize::from(j) * self.g..][..self.g];
            for ((c, &i), &m) in child_images.iter_mut().zip(images).zip(masks) {
                *c = i ^ m;
            }
            local.path.push(j);
            let verdict = self.dfs(board ^ cj.all, child_images, k, shared, local);
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

/// One jump order, with its masks laid out in that order for [`legal_set`].
struct Ordered<B> {
    jumps: Vec<u16>,
    all: Vec<B>,
    from_over: Vec<B>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    /// The target was reached; `path` leads there.
    Found,
    /// Proven: the target cannot be reached from here.
    Failed,
    /// The search was stopped (budget, cancel, or another worker finished).
    Aborted,
    /// This attempt used its share; try again with another ordering and a larger share.
    Restart,
}

/// Within this many pegs of the target, positions skip the failure table.
const NEAR_TARGET: u32 = 3;

/// Expansions allowed to a worker's first attempt; each later attempt doubles it.
const FIRST_ATTEMPT: u64 = 20_000;

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

/// Expansions between two flushes of a worker's counters (and budget and stop checks).
const FLUSH_EVERY: u64 = 1024;

impl Local {
    fn flush<B>(&mut self, shared: &Shared<B>) {
        shared.expanded.fetch_add(self.expanded, Ordering::Relaxed);
        shared
            .generated
            .fetch_add(self.generated, Ordering::Relaxed);
        self.expanded = 0;
        self.generated = 0;
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A worker that panicked while holding a lock leaves valid data behind (every update is a
    // single insert), so the search carries on with it.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The jump orders the workers take turns with. No single order suits every board: the
/// assignment's own order (the reverse of the scan, as its stack pops) finds the English and
/// French solutions almost at once but is slow on the asymmetric board, where clearing the
/// outside first wins. Trying several, with restarts, is robust.
fn orderings<B: Bits>(compact: &Compact<B>) -> Vec<Vec<u16>> {
    let (cx, cy) = centroid(&compact.cells);
    let dist = |c: crate::rules::Cell| {
        let (dx, dy) = (f64::from(c.x) - cx, f64::from(c.y) - cy);
        dx * dx + dy * dy
    };
    let by = |score: &dyn Fn(Jump) -> f64| {
        let mut order: Vec<u16> = (0..compact.jumps.len() as u16).collect();
        order.sort_by(|&a, &b| {
            let (a, b) = (
                compact.jumps[usize::from(a)].jump,
                compact.jumps[usize::from(b)].jump,
            );
            score(a).total_cmp(&score(b))
        });
        order
    };
    let scan_reversed: Vec<u16> = (0..compact.jumps.len() as u16).rev().collect();
    vec![
        scan_reversed,
        // Clear pegs far from the middle first, landing towards it.
        by(&|j| -(dist(j.from) + dist(j.over)) + 0.5 * dist(j.to)),
        // Move pegs inward the most.
        by(&|j| dist(j.to) - dist(j.from)),
        // Land as close to the middle as possible.
        by(&|j| dist(j.to)),
    ]
}

fn centroid(cells: &[crate::rules::Cell]) -> (f64, f64) {
    let n = cells.len().max(1) as f64;
    let sx: f64 = cells.iter().map(|c| f64::from(c.x)).sum();
    let sy: f64 = cells.iter().map(|c| f64::from(c.y)).sum();
    (sx / n, sy / n)
}
