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
//! - **Meet in the middle**: a backward search from the goal ([`GoalSide`]) lists every position
//!   with few pegs that can still win; the forward search stops there with a lookup.
//! - **Depth-first search with a failure table**: a position whose every continuation failed is
//!   stored by its canonical form under the symmetries that keep the goal, so neither it nor
//!   any mirror image is searched again. The symmetric images of the current board are kept up
//!   to date with one xor per symmetry per jump, so canonical forms cost almost nothing.
//! - **Threads and orderings**: every core runs a worker; each worker takes its turn with
//!   several jump orderings under doubling budgets (restarts), all sharing the failure table,
//!   because no single ordering suits every board. The calling thread only watches the budget
//!   and the cancel flag and reports progress.
//!
//! An [`ExactSolver`] keeps its failure tables and goal sides between calls: they are facts
//! about the board and the goal, not about the start, so hints, "still winnable?" checks and
//! board analysis get faster as they go.

use crate::rules::{Cell, CellSet, ClassMasks, Goal, Jump, Position, PositionClass, Shape};
use crate::solver::boards::compact::{legal_set, Bits, Compact};
use crate::solver::boards::failtable::{FailTable, HasFailTable};
use crate::solver::boards::goal_side::{GoalSide, Symmetries};
use crate::solver::{Algorithm, Control, Outcome, Stop};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Options for an exact solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Maximum positions expanded per call, over all targets and threads (`None`: no limit).
    pub budget: Option<u64>,
    /// Worker threads (`0`: one per core).
    pub threads: usize,
    /// Most memory for each failure table, in bytes (`0`: [`DEFAULT_TABLE_BYTES`]).
    pub table_bytes: usize,
    /// Answer only "can the goal be reached?": for [`Goal::Anywhere`] only one peg is
    /// sought, and when that is exhausted the outcome is marked proven (the goal is proven
    /// out of reach) without going on to find the fewest pegs. For hints and "still
    /// winnable?", where the fewest pegs of a lost position are not wanted.
    pub win_only: bool,
}

/// Memory for one failure table when the budget is unlimited.
pub const DEFAULT_TABLE_BYTES: usize = 512 << 20;

/// Expansions the inline attempt on the calling thread may use before workers start.
const INLINE_ATTEMPT: u64 = 5_000;

/// Expansions the quick first phase may use before the goal side is built.
const QUICK_PHASE: u64 = 100_000;

/// Most positions a goal side may hold (about 8 bytes each, twice over while it grows).
const GOAL_SIDE_ENTRIES: usize = 3_000_000;

/// Within this many pegs of the target, positions skip the failure table: their subtrees are
/// tiny, and searching them again is cheaper than a lookup that misses the cache.
const NEAR_TARGET: u32 = 3;

/// Expansions allowed to a worker's first attempt; each later attempt doubles it.
const FIRST_ATTEMPT: u64 = 20_000;

/// Expansions between two flushes of a worker's counters (and budget and stop checks).
const FLUSH_EVERY: u64 = 1024;

impl Options {
    /// The failure table's size: enough for the budget, at most [`DEFAULT_TABLE_BYTES`].
    fn table_bytes(&self) -> usize {
        let cap = match self.table_bytes {
            0 => DEFAULT_TABLE_BYTES,
            n => n,
        } as u64;
        let wanted = self.budget.map_or(cap, |b| b.saturating_mul(16));
        wanted.clamp(1 << 20, cap.max(1 << 20)) as usize
    }

    fn goal_side_entries(&self) -> usize {
        self.budget.map_or(GOAL_SIDE_ENTRIES, |b| {
            (b / 4).min(GOAL_SIDE_ENTRIES as u64) as usize
        })
    }
}

/// An exact solver for one board and goal, reusable across starting positions.
pub struct ExactSolver {
    inner: Inner,
}

enum Inner {
    Narrow(Box<Search<u64>>),
    Wide(Box<Search<u128>>),
}

impl ExactSolver {
    /// A solver for `goal` on `shape`.
    pub fn new(shape: &Shape, goal: Goal, options: Options) -> ExactSolver {
        let inner = if shape.cells().len() <= 64 {
            Inner::Narrow(Box::new(Search::new(shape, goal, options)))
        } else {
            Inner::Wide(Box::new(Search::new(shape, goal, options)))
        };
        ExactSolver { inner }
    }

    /// Changes the budget for later calls.
    pub fn set_budget(&mut self, budget: Option<u64>) {
        match &mut self.inner {
            Inner::Narrow(s) => s.options.budget = budget,
            Inner::Wide(s) => s.options.budget = budget,
        }
    }

    /// Bytes allocated for the solver's own tables: its failure tables (allocated size; the
    /// lossy table's pages count even before they are touched) and its goal sides. Not
    /// counted: worker stacks, the jump lists, the process itself. The tables are kept
    /// between calls, so after one call on a fresh solver this is that call's storage.
    pub fn storage_bytes(&self) -> u64 {
        match &self.inner {
            Inner::Narrow(s) => s.storage_bytes(),
            Inner::Wide(s) => s.storage_bytes(),
        }
    }

    /// Solves from `start` (which must be on this solver's shape).
    pub fn solve(&mut self, start: &Position, control: &mut Control) -> Outcome {
        match &mut self.inner {
            Inner::Narrow(s) => s.run(start, control),
            Inner::Wide(s) => s.run(start, control),
        }
    }
}

/// Solves `start` for `goal`: the fewest pegs for [`Goal::Anywhere`], a finish on the cell for
/// [`Goal::At`].
pub fn solve(start: &Position, goal: Goal, options: Options, control: &mut Control) -> Outcome {
    ExactSolver::new(start.shape(), goal, options).solve(start, control)
}

/// Whether `goal` can still be reached from `start`, within `budget` expansions: `Some(true)`
/// with a winning line, `Some(false)` if proven impossible, `None` if the budget ran out.
pub fn winnable(
    start: &Position,
    goal: Goal,
    budget: Option<u64>,
    control: &mut Control,
) -> (Option<bool>, Outcome) {
    let outcome = solve(
        start,
        goal,
        Options {
            budget,
            ..Options::default()
        },
        control,
    );
    (verdict(&outcome), outcome)
}

/// `Some(true)` won, `Some(false)` proven impossible, `None` unknown.
pub fn verdict(outcome: &Outcome) -> Option<bool> {
    if outcome.won {
        Some(true)
    } else if outcome.proven_optimal {
        Some(false)
    } else {
        None
    }
}

/// What the workers of one search share.
struct Shared<'a, B> {
    failed: &'a dyn FailTable<B>,
    goal_side: Option<&'a GoalSide<B>>,
    stop: AtomicBool,
    exhausted: AtomicBool,
    expanded: AtomicU64,
    generated: AtomicU64,
    best_pegs: AtomicU32,
    best_path: Mutex<Vec<u16>>,
    solution: Mutex<Option<Vec<u16>>>,
    budget: u64,
}

/// One jump order, with its masks laid out in that order for [`legal_set`].
struct Ordered<B> {
    jumps: Vec<u16>,
    all: Vec<B>,
    from_over: Vec<B>,
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
    goal: Goal,
    goal_board: Option<B>,
    masks: ClassMasks,
    options: Options,
    /// Failure tables by target peg count: "cannot reach k pegs" (or the goal cell).
    tables: HashMap<u32, Box<dyn FailTable<B>>>,
    /// Goal sides by target peg count and the start's class (`None`: not worth building).
    sides: HashMap<(u32, PositionClass), Option<GoalSide<B>>>,
}

impl<B: HasFailTable> Search<B> {
    fn new(shape: &Shape, goal: Goal, options: Options) -> Search<B> {
        let compact = Compact::<B>::new(shape);
        // A finish on a given cell is only symmetric under the symmetries that keep that cell
        // where it is: a position failing to end on c says nothing about its mirror image
        // ending on c. Using the others would make the failure table unsound.
        let sym_cells: Vec<Vec<u32>> = shape
            .symmetries()
            .iter()
            .filter(|s| match goal {
                Goal::At(c) => s.apply_cell(c) == c,
                Goal::Anywhere => true,
            })
            .map(|s| {
                compact
                    .cells
                    .iter()
                    .map(|&c| compact.index(s.apply_cell(c)).unwrap_or(0))
                    .collect()
            })
            .collect();
        let g = sym_cells.len().max(1);
        let image = |b: B, s: usize| -> B { permute(b, sym_cells.get(s).map(Vec::as_slice)) };
        let sym_masks = compact
            .jumps
            .iter()
            .flat_map(|j| (0..g).map(move |s| (j.all, s)))
            .map(|(all, s)| image(all, s))
            .collect();
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
            Goal::At(c) => Some(compact.encode(CellSet::single(c))),
            Goal::Anywhere => None,
        };
        Search {
            compact,
            orders,
            sym_masks,
            sym_cells,
            g,
            goal,
            goal_board,
            masks: ClassMasks::new(shape),
            options,
            tables: HashMap::new(),
            sides: HashMap::new(),
        }
    }

    fn storage_bytes(&self) -> u64 {
        let tables: usize = self.tables.values().map(|t| t.bytes()).sum();
        let sides: usize = self.sides.values().flatten().map(|s| s.bytes()).sum();
        (tables + sides) as u64
    }

    fn images_of(&self, b: B) -> Vec<B> {
        (0..self.g)
            .map(|s| permute(b, self.sym_cells.get(s).map(Vec::as_slice)))
            .collect()
    }

    fn canon(&self, b: B) -> B {
        self.images_of(b).into_iter().min().unwrap_or(b)
    }

    fn run(&mut self, start_position: &Position, control: &mut Control) -> Outcome {
        let shape = start_position.shape();
        let start = self.compact.encode(start_position.pegs());
        let start_pegs = start.count();
        let class = self.masks.class_of(start_position.pegs());
        let finishes = self.masks.possible_finishes(shape, start_position.pegs());
        let mut stop = Stop::Exhausted;
        let mut solution: Option<Vec<u16>> = None;
        let mut proven = false;
        let mut best = (start_pegs, Vec::new());
        let (mut expanded, mut generated, mut entries) = (0u64, 0u64, 0usize);
        let targets: Vec<u32> = match self.goal {
            // The position class rules the cell out: proven without search.
            Goal::At(c) if !finishes.contains(c) => Vec::new(),
            Goal::At(_) => vec![1],
            Goal::Anywhere if self.options.win_only && start_pegs > 1 => {
                if finishes.is_empty() {
                    Vec::new()
                } else {
                    vec![1]
                }
            }
            Goal::Anywhere => {
                let first = if finishes.is_empty() { 2 } else { 1 };
                (first..=start_pegs.max(first)).collect()
            }
        };
        if targets.is_empty() {
            proven = true;
            if (self.goal == Goal::Anywhere && !self.options.win_only)
                || self.goal.is_won(start_position.pegs())
            {
                // Nothing fewer than the start can be reached, or the start is the goal.
                solution = Some(Vec::new());
                stop = Stop::Solved;
            }
        }
        for k in targets {
            if start_pegs <= k {
                solution = Some(Vec::new());
                proven = true;
                stop = Stop::Solved;
                break;
            }
            // Two phases: a quick search with no goal side settles easy positions in
            // milliseconds; only if it does not is the goal side built (which takes a tenth of
            // a second or more) and the search continued. The failure table carries over.
            let mut why = Stop::Budget;
            let mut found = None;
            // A goal side built by an earlier call (hints, analysis) is used from the start:
            // the quick phase exists only to avoid building one.
            let side_ready = self.sides.contains_key(&(k, class));
            for with_side in [false, true] {
                if side_ready && !with_side {
                    continue;
                }
                let budget_left = self
                    .options
                    .budget
                    .map_or(u64::MAX, |b| b.saturating_sub(expanded));
                let phase_budget = if with_side {
                    budget_left
                } else {
                    budget_left.min(QUICK_PHASE)
                };
                if !self.prepare(k, class, with_side, control.cancel_flag()) {
                    why = Stop::Cancelled;
                    break;
                }
                let failed = &**self.tables.get(&k).expect("prepared");
                let goal_side = if with_side {
                    self.sides.get(&(k, class)).and_then(Option::as_ref)
                } else {
                    None
                };
                let shared = Shared {
                    failed,
                    goal_side,
                    stop: AtomicBool::new(phase_budget == 0),
                    exhausted: AtomicBool::new(false),
                    expanded: AtomicU64::new(0),
                    generated: AtomicU64::new(0),
                    best_pegs: AtomicU32::new(best.0),
                    best_path: Mutex::new(Vec::new()),
                    solution: Mutex::new(None),
                    budget: phase_budget,
                };
                let inline = if (with_side && !side_ready) || phase_budget == 0 {
                    None
                } else {
                    self.inline_first(start, k, &shared)
                };
                why = match inline {
                    Some(why) => why,
                    None => self.search_target(start, k, &shared, control, expanded),
                };
                expanded += shared.expanded.load(Ordering::Relaxed);
                generated += shared.generated.load(Ordering::Relaxed);
                entries = failed.entries();
                let path = lock(&shared.best_path).clone();
                if start_pegs - (path.len() as u32) < best.0 {
                    best = (start_pegs - path.len() as u32, path);
                }
                found = lock(&shared.solution).take();
                let quick_ran_out = !with_side && why == Stop::Budget && phase_budget < budget_left;
                if found.is_some() || !quick_ran_out {
                    break;
                }
            }
            stop = why;
            if let Some(found) = found {
                solution = Some(found);
                proven = true;
                break;
            }
            if why != Stop::Exhausted {
                break;
            }
            if self.goal != Goal::Anywhere || self.options.win_only {
                proven = true;
            }
        }
        if proven && solution.is_some() {
            stop = Stop::Solved;
        }
        let path = solution.unwrap_or(best.1);
        let jumps: Vec<Jump> = path
            .iter()
            .map(|&j| self.compact.jumps[usize::from(j)].jump)
            .collect();
        let mut end = start_position.clone();
        for &j in &jumps {
            end.play_unchecked(j);
        }
        Outcome {
            algorithm: Algorithm::Exact,
            pegs_left: end.peg_count(),
            won: self.goal.is_won(end.pegs()),
            jumps,
            proven_optimal: proven,
            stop,
            expanded,
            generated,
            peak_nodes: entries as u64,
            elapsed: control.elapsed(),
        }
    }

    /// Makes sure the failure table and goal side for target `k` exist. Returns `false` if
    /// cancelled on the way (nothing half-built is kept).
    fn prepare(&mut self, k: u32, class: PositionClass, side: bool, cancel: &AtomicBool) -> bool {
        if !self.tables.contains_key(&k) {
            self.tables
                .insert(k, B::fail_table(self.options.table_bytes()));
        }
        if side && !self.sides.contains_key(&(k, class)) {
            let goals = match self.goal_board {
                Some(goal) => Some(vec![goal]),
                None => self.goal_positions(k, class),
            };
            let mut cancelled = false;
            let side = goals.and_then(|goals| {
                let images = |b: B| self.images_of(b);
                let syms = Symmetries {
                    g: self.g,
                    masks: &self.sym_masks,
                    images: &images,
                };
                let cells = self.compact.cells.len() as u32;
                let side = GoalSide::build(
                    &self.compact,
                    &syms,
                    &goals,
                    k,
                    cells,
                    self.options.goal_side_entries(),
                    cancel,
                );
                cancelled = side.is_none();
                side.filter(|side| side.top() > k)
            });
            if cancelled {
                return false;
            }
            self.sides.insert((k, class), side);
        }
        true
    }

    /// The goal positions for "reach k pegs anywhere": every k-peg position in the start's
    /// position class, when there are few enough to list.
    fn goal_positions(&self, k: u32, class: PositionClass) -> Option<Vec<B>> {
        const MAX_GOALS: u64 = 200_000;
        let n = self.compact.cells.len() as u64;
        if u64::from(k) > n {
            return None;
        }
        let count = (0..u64::from(k))
            .try_fold(1u64, |acc, i| acc.checked_mul(n - i).map(|v| v / (i + 1)))?;
        if count > MAX_GOALS {
            return None;
        }
        let mut goals = Vec::new();
        let mut pick: Vec<Cell> = Vec::with_capacity(k as usize);
        combinations(
            &self.compact.cells,
            k as usize,
            0,
            &mut pick,
            &mut |cells| {
                let set: CellSet = cells.iter().copied().collect();
                if self.masks.class_of(set) == class {
                    goals.push(self.compact.encode(set));
                }
            },
        );
        Some(goals)
    }

    /// Searches for a position with `k` pegs (the goal board when the goal is a cell), and
    /// says why it ended.
    fn search_target(
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
            let workers: Vec<_> = (0..threads)
                .map(|w| {
                    std::thread::Builder::new()
                        .name("pegsol-exact".into())
                        .stack_size(64 << 20)
                        .spawn_scoped(scope, move || self.worker(start, w, threads, k, shared))
                })
                .collect();
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
    fn inline_first(&self, start: B, k: u32, shared: &Shared<B>) -> Option<Stop> {
        let mut local = Local::new(shared, 0, INLINE_ATTEMPT);
        let verdict = self.attempt(start, &self.images_of(start), k, shared, &mut local);
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
        k: u32,
        shared: &Shared<B>,
        local: &mut Local,
    ) -> Verdict {
        local.path.clear();
        let verdict = self.dfs(start, images, k, shared, local);
        match verdict {
            Verdict::Found => {
                let mut path = local.path.clone();
                self.complete(start, &mut path, shared);
                *lock(&shared.solution) = Some(path);
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
        let images = self.images_of(start);
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
                local.attempt_left = FIRST_ATTEMPT.saturating_mul(1 << attempt.min(40));
            }
            if self.attempt(start, &images, k, shared, &mut local) != Verdict::Restart {
                break;
            }
        }
        local.flush(shared);
    }

    /// Extends a path that ends on a position the goal side says wins, down to the goal.
    fn complete(&self, start: B, path: &mut Vec<u16>, shared: &Shared<B>) {
        let Some(side) = shared.goal_side else { return };
        let mut board = path
            .iter()
            .fold(start, |b, &j| b ^ self.compact.jumps[usize::from(j)].all);
        while board.count() > side.base() {
            let pegs = board.count();
            let next = self.compact.legal(board).iter().find(|&j| {
                let child = board ^ self.compact.jumps[j].all;
                side.wins(pegs - 1, self.canon(child))
            });
            let Some(j) = next else { break };
            path.push(j as u16);
            board = board ^ self.compact.jumps[j].all;
        }
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
                let masks = &self.sym_masks[j * self.g..][..self.g];
                let child = images.iter().zip(masks).map(|(&a, &m)| a ^ m).min();
                shared.failed.prefetch(child.unwrap_or(board));
            }
        }
        // At most 12 symmetries (the triangular lattice's): a fixed array, no allocation.
        let mut storage = [B::ZERO; 12];
        let child_images = &mut storage[..self.g];
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

/// A board through a cell permutation (`None`: the identity).
fn permute<B: Bits>(b: B, perm: Option<&[u32]>) -> B {
    let Some(perm) = perm else { return b };
    let mut out = B::ZERO;
    let mut rest = b;
    while rest != B::ZERO {
        out = out | B::bit(perm[rest.lowest() as usize]);
        rest = rest.clear_lowest();
    }
    out
}

fn combinations(
    cells: &[Cell],
    k: usize,
    from: usize,
    pick: &mut Vec<Cell>,
    f: &mut dyn FnMut(&[Cell]),
) {
    if pick.len() == k {
        f(pick);
        return;
    }
    for i in from..cells.len() {
        pick.push(cells[i]);
        combinations(cells, k, i + 1, pick, f);
        pick.pop();
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
    fn new<B>(shared: &Shared<B>, order: usize, attempt_left: u64) -> Local {
        Local {
            expanded: 0,
            generated: 0,
            path: Vec::new(),
            best: shared.best_pegs.load(Ordering::Relaxed),
            order,
            attempt_left,
        }
    }

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
    // single assignment), so the search carries on with it.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The jump orders the workers take turns with. No single order suits every board: the
/// assignment's own order (the reverse of the scan, as its stack pops) finds the English and
/// French solutions almost at once but is slow on the asymmetric board, where clearing the
/// outside first wins. Trying several, with restarts, is robust.
fn orderings<B: Bits>(compact: &Compact<B>) -> Vec<Vec<u16>> {
    let (cx, cy) = centroid(&compact.cells);
    let dist = |c: Cell| {
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

fn centroid(cells: &[Cell]) -> (f64, f64) {
    let n = cells.len().max(1) as f64;
    let sx: f64 = cells.iter().map(|c| f64::from(c.x)).sum();
    let sy: f64 = cells.iter().map(|c| f64::from(c.y)).sum();
    (sx / n, sy / n)
}
