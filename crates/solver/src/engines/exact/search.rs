//! One call of the exact solver: the targets it tries (fewest pegs: k = the class bound, then
//! k + 1, ...), the two phases of each (quick, then with a goal side), and the failure tables
//! and goal sides it builds and keeps for later calls.

use super::orderings::{orderings, Ordered};
use super::shared::{lock, Shared};
use super::{Options, QUICK_TABLE_BYTES};
use crate::boards::compact::Compact;
use crate::boards::failtable::{FailTable, HasFailTable};
use crate::boards::goal_side::GoalSide;
use crate::boards::pagodas::{PagodaSet, Pruner};
use crate::boards::symmetry::Symmetries;
use crate::engines::prove;
use crate::{Control, Engine, Finder, Outcome, Stop};
use pegsol_rules::{Cell, CellSet, ClassMasks, Goal, Jump, Position, PositionClass, Shape};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The solver's state for one board and goal, kept between calls.
pub(super) struct Search<B: HasFailTable> {
    pub(super) compact: Compact<B>,
    /// Jump orders the workers take turns with (see [`orderings`]).
    pub(super) orders: Vec<Ordered<B>>,
    /// The symmetries that keep the goal, for canonical forms.
    pub(super) syms: Symmetries<B>,
    pub(super) goal: Goal,
    pub(super) goal_board: Option<B>,
    masks: ClassMasks,
    pub(super) options: Options,
    /// Failure tables by target peg count: "cannot reach k pegs" (or the goal cell).
    tables: HashMap<u32, B::Table>,
    /// The targets whose table is still the quick phase's small one.
    quick_tables: HashSet<u32>,
    /// Goal sides by target peg count and the start's class (`None`: not worth building).
    sides: HashMap<(u32, PositionClass), Option<GoalSide<B>>>,
    /// Pagoda pruners by the set of one-peg finish cells they are for, and whether it is the
    /// strong kind (with each finish cell's own functions) for the long phase.
    pruners: HashMap<(CellSet, bool), Arc<Pruner>>,
    /// The pruners derived (or taken from `pruners`) since the solver last forgot: only
    /// these serve the inline attempt, so that after [`Search::forget`] the solver prunes
    /// exactly as a new one would.
    known_pruners: HashSet<(CellSet, bool)>,
    /// A pruner that never prunes, for targets above one peg.
    no_pruner: Arc<Pruner>,
    /// The beam member's next round for the current target: kept from the quick phase to the
    /// long one, so a beam cut short by the end of the quick phase is not begun again at the
    /// narrowest width (see `beam_member`).
    pub(super) beam_round: AtomicU64,
    /// The start and target `beam_round` belongs to: the same ones asked again (the hint's
    /// turns, each with a larger budget) go on from that round.
    beam_for: Option<(B, u32)>,
}

impl<B: HasFailTable> Search<B> {
    pub(super) fn new(shape: &Shape, goal: Goal, options: Options) -> Search<B> {
        let compact = Compact::<B>::new(shape);
        // A finish on a given cell is only symmetric under the symmetries that keep that cell
        // where it is (see [`Symmetries::keeping_goal`]).
        let syms = Symmetries::keeping_goal(&compact, shape, goal);
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
        let goal_board = compact.goal_board(goal);
        Search {
            compact,
            orders,
            syms,
            goal,
            goal_board,
            masks: ClassMasks::new(shape),
            options,
            tables: HashMap::new(),
            quick_tables: HashSet::new(),
            sides: HashMap::new(),
            pruners: HashMap::new(),
            known_pruners: HashSet::new(),
            no_pruner: Arc::new(Pruner::none()),
            beam_round: AtomicU64::new(0),
            beam_for: None,
        }
    }

    /// Forgets every fact learnt in earlier calls (failure tables, goal sides, the beam's
    /// round), so that the next call answers as a new solver would; keeps only the pagoda
    /// functions derived, which a new solver would derive the same.
    pub(super) fn forget(&mut self) {
        self.tables.clear();
        self.quick_tables.clear();
        self.sides.clear();
        self.known_pruners.clear();
        self.beam_round.store(0, Ordering::Relaxed);
        self.beam_for = None;
    }

    /// Bytes of the failure tables and goal sides held (see `ExactSolver::storage_bytes`).
    pub(super) fn storage_bytes(&self) -> u64 {
        let tables: usize = self.tables.values().map(|t| t.bytes()).sum();
        let sides: usize = self.sides.values().flatten().map(|s| s.bytes()).sum();
        (tables + sides) as u64
    }

    /// One call: solves from `start_position`.
    pub(super) fn run(&mut self, start_position: &Position, control: &mut Control) -> Outcome {
        let shape = start_position.shape();
        let start = self.compact.encode(start_position.pegs());
        let start_pegs = start.count();
        let class = self.masks.class_of(start_position.pegs());
        let finishes = self.masks.possible_finishes(shape, start_position.pegs());
        let mut stop = Stop::Exhausted;
        let mut solution: Option<(Vec<u16>, Option<Finder>)> = None;
        let mut proven = false;
        let mut best: (u32, Vec<u16>, Option<Finder>) = (start_pegs, Vec::new(), None);
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
                solution = Some((Vec::new(), None));
                stop = Stop::Solved;
            }
        }
        for k in targets {
            if start_pegs <= k {
                solution = Some((Vec::new(), None));
                proven = true;
                stop = Stop::Solved;
                break;
            }
            if self.goal == Goal::Anywhere && best.0 <= k {
                // A member already reached k pegs while a smaller target was being proven
                // out of reach: that finish is optimal now.
                solution = Some((best.1.clone(), best.2));
                proven = true;
                stop = Stop::Solved;
                break;
            }
            // Pagoda functions apply to one-peg finishes: on the goal cell, or on any cell the
            // start's class allows.
            let one_peg_finishes = match self.goal {
                Goal::At(c) => Some(CellSet::single(c)),
                Goal::Anywhere if k == 1 => Some(finishes),
                Goal::Anywhere => None,
            };

            // Two phases: a quick search with no goal side settles easy positions in
            // milliseconds; only if it does not is the goal side built (which takes a tenth of
            // a second or more) and the search continued. The failure table carries over.
            let mut why = Stop::Budget;
            let mut found = None;
            // A goal side built by an earlier call (hints, analysis) is used from the start:
            // the quick phase exists only to avoid building one.
            let side_ready = self.sides.contains_key(&(k, class));
            // A new start or target begins at the narrowest beam; the same ones asked again
            // with more budget go on from the round they reached, instead of spending the
            // new budget on the narrow beams that already failed (the hint judge's turns:
            // on the hint bench, level 6's two slowest wins took 0.58-0.79 s before and
            // 0.50-0.67 s after, three runs of each interleaved).
            if self.beam_for != Some((start, k)) {
                self.beam_round.store(0, Ordering::Relaxed);
                self.beam_for = Some((start, k));
            }
            for with_side in [false, true] {
                if side_ready && !with_side {
                    continue;
                }
                // Before a long search for a one-peg finish (the quick phase ran out): the
                // prover's quick look may rule every finish out (signed pagoda functions,
                // both ways; `prove`).
                if with_side
                    && !side_ready
                    && one_peg_finishes.is_some_and(|f| {
                        prove::refuted_finishes(shape, start_position.pegs(), f, control) == f
                    })
                {
                    why = Stop::Exhausted;
                    break;
                }
                let budget_left = self
                    .options
                    .budget
                    .map_or(u64::MAX, |b| b.saturating_sub(expanded));
                let phase_budget = if with_side {
                    budget_left
                } else {
                    budget_left.min(self.options.stages.quick_phase)
                };
                if !self.prepare(k, class, with_side, control.cancel_flag()) {
                    why = Stop::Cancelled;
                    break;
                }
                let failed = self.tables.get(&k).expect("prepared");
                if with_side {
                    // A long search from here on: huge pages pay.
                    failed.advise_huge();
                }
                // Deriving the pagoda functions takes a few milliseconds of linear
                // programming: not done until the inline attempt has failed.
                let pruner = one_peg_finishes
                    .filter(|&f| self.known_pruners.contains(&(f, with_side)))
                    .and_then(|f| self.pruners.get(&(f, with_side)))
                    .unwrap_or(&self.no_pruner)
                    .clone();
                let goal_side = if with_side {
                    self.sides.get(&(k, class)).and_then(Option::as_ref)
                } else {
                    None
                };
                let mut shared = Shared {
                    failed,
                    goal_side,
                    pruner,
                    exhausted: AtomicBool::new(false),
                    expanded: AtomicU64::new(0),
                    generated: AtomicU64::new(0),
                    best_pegs: AtomicU32::new(best.0),
                    best_path: Mutex::new(Vec::new()),
                    solution: Mutex::new(None),
                    best_by: Mutex::new(None),
                    budget: phase_budget,
                    start_pegs,
                    cancel: control.cancel_flag(),
                };
                let inline = if (with_side && !side_ready)
                    || phase_budget == 0
                    || self.options.stages.inline_attempt == 0
                {
                    None
                } else {
                    self.inline_first(start, k, &shared)
                };
                why = match inline {
                    Some(why) => why,
                    None => {
                        if let Some(f) = one_peg_finishes {
                            self.known_pruners.insert((f, with_side));
                            let compact = &self.compact;
                            shared.pruner = self
                                .pruners
                                .entry((f, with_side))
                                .or_insert_with(|| {
                                    // The quick phase's functions take a few milliseconds; the
                                    // long phase's, with each finish's own, a few more.
                                    let set = if with_side {
                                        PagodaSet::for_pruning(shape, f)
                                    } else {
                                        PagodaSet::for_finishes(shape, f)
                                    };
                                    Arc::new(Pruner::new(compact, &set, f))
                                })
                                .clone();
                        }
                        self.search_target(start, k, &shared, control, expanded)
                    }
                };
                expanded += shared.expanded.load(Ordering::Relaxed);
                generated += shared.generated.load(Ordering::Relaxed);
                entries = failed.entries();
                let path = lock(&shared.best_path).clone();
                if start_pegs - (path.len() as u32) < best.0 {
                    best = (start_pegs - path.len() as u32, path, *lock(&shared.best_by));
                }
                found = lock(&shared.solution).take();
                let quick_ran_out = !with_side && why == Stop::Budget && phase_budget < budget_left;
                if found.is_some() || !quick_ran_out {
                    break;
                }
            }
            stop = why;
            if let Some((path, finder)) = found {
                solution = Some((path, Some(finder)));
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
        let (path, found_by) = solution.unwrap_or((best.1, best.2));
        let jumps: Vec<Jump> = path
            .iter()
            .map(|&j| self.compact.jumps[usize::from(j)].jump)
            .collect();
        let mut end = start_position.clone();
        for &j in &jumps {
            end.play_unchecked(j);
        }
        Outcome {
            engine: Engine::Exact,
            pegs_left: end.peg_count(),
            won: self.goal.is_won(end.pegs()),
            jumps,
            proven_optimal: proven,
            stop,
            expanded,
            generated,
            peak_nodes: entries as u64,
            elapsed: control.elapsed(),
            storage_bytes: self.storage_bytes(),
            found_by,
        }
    }

    /// Makes sure the failure table and goal side for target `k` exist. Returns `false` if
    /// cancelled on the way (nothing half-built is kept).
    fn prepare(&mut self, k: u32, class: PositionClass, side: bool, cancel: &AtomicBool) -> bool {
        // The quick phase gets a small table, the long one the full size. A fresh table's
        // pages are faulted in one by one as the search first touches them; for a search of a
        // few thousand positions (one English solution) those faults into a table of hundreds
        // of MiB cost more than the search itself. The quick table's entries are dropped when
        // the full one replaces it: they are few, and the table is lossy anyway.
        if !self.tables.contains_key(&k) || (side && self.quick_tables.remove(&k)) {
            let full = self.options.table_bytes();
            let bytes = if side {
                full
            } else {
                self.quick_tables.insert(k);
                full.min(QUICK_TABLE_BYTES)
            };
            self.tables.insert(k, B::fail_table(bytes));
        }
        if side && !self.sides.contains_key(&(k, class)) {
            let goals = match self.goal_board {
                Some(goal) => Some(vec![goal]),
                None => self.goal_positions(k, class),
            };
            let mut cancelled = false;
            let side = goals.and_then(|goals| {
                let cells = self.compact.cells.len() as u32;
                let side = GoalSide::build(
                    &self.compact,
                    &self.syms,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uncontrolled;
    use pegsol_layout::load::resolve_puzzle;

    /// Level 6's board with every hole full but `holes`.
    fn level_6_less(holes: &[(u8, u8)]) -> Position {
        let puzzle = resolve_puzzle("6").unwrap();
        let shape = puzzle.start.shape().clone();
        let holes: CellSet = holes.iter().map(|&(x, y)| Cell { x, y }).collect();
        Position::new(shape.clone(), shape.cells() - holes).unwrap()
    }

    #[test]
    fn a_start_asked_again_goes_on_from_the_beam_round_it_reached() {
        // Game 7 of the hint bench: no budget here decides it.
        let game_7 = [
            (3, 2),
            (4, 3),
            (5, 3),
            (0, 4),
            (1, 4),
            (4, 4),
            (5, 5),
            (6, 5),
            (4, 6),
        ];
        let first = level_6_less(&game_7);
        let options = Options {
            budget: Some(300_000),
            threads: 1,
            win_only: true,
            ..Options::default()
        };
        let mut search = Search::<u64>::new(first.shape(), Goal::Anywhere, options);
        uncontrolled(|c| search.run(&first, c));
        let reached = search.beam_round.load(Ordering::Relaxed);
        assert!(reached >= 1, "the first call's beam finished no round");
        // Asked again with a budget too small for even the narrowest beam (128 wide, about
        // 4,500 positions here): the round goes on from where it was, not from 0.
        search.options.budget = Some(2_000);
        uncontrolled(|c| search.run(&first, c));
        assert!(search.beam_round.load(Ordering::Relaxed) >= reached);
        // Another start begins again at the narrowest beam.
        let other = level_6_less(&[(4, 4), (4, 5)]);
        uncontrolled(|c| search.run(&other, c));
        assert!(search.beam_round.load(Ordering::Relaxed) < reached);
    }
}
