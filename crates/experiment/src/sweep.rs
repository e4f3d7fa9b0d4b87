//! The budget sweep: every layout of a plan, under every budget and algorithm, one run after
//! another, each run's figures as a [`SweepRow`].
//!
//! Owns the plan, the run order and the rows; the engines are the solver's ([`Engine`]: the
//! two that leave the fewest pegs, and the fewest-moves search). A sweep runs inside
//! a [`Job`], which gives it the cancel flag (checked between runs and, by the engines, within
//! them) and the stage shown while it works ("run 3 of 36: level-5, classic, budget 1M"). Each
//! run is one [`pegsol_solver::solve`], so a sweep's figures are exactly what `pegsol solve`
//! (with `--fewest-moves` for moves) reports.

use pegsol_rules::{Goal, Position};
use pegsol_solver::engines::{classic, moves};
use pegsol_solver::jobs::worker::Job;
use pegsol_solver::{solve, Budget, Control, Engine};

/// One board of a plan: a name for the tables, its start and its goal.
#[derive(Clone, Debug)]
pub struct SweepLayout {
    /// Shown in the rows (the catalogue key, e.g. `level-5`, or a file's path).
    pub name: String,
    /// The starting position.
    pub start: Position,
    /// What counts as won.
    pub goal: Goal,
}

/// What to run: every layout under every algorithm and budget.
#[derive(Clone, Debug, Default)]
pub struct SweepPlan {
    /// The boards, in order.
    pub layouts: Vec<SweepLayout>,
    /// Expansion budgets (for the exact solver, its cap on expansions).
    pub budgets: Vec<u64>,
    /// The engines (the command line's `--algorithms`).
    pub algorithms: Vec<Engine>,
}

/// One run of the plan: which layout (index into [`SweepPlan::layouts`]), engine and budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SweepRun {
    /// Index of the layout in the plan.
    pub layout: usize,
    /// The engine (the tables' `algorithm` column).
    pub algorithm: Engine,
    /// The budget.
    pub budget: u64,
}

impl SweepPlan {
    /// The runs in the order they are made: by layout, then algorithm, then budget (the
    /// assignment's table reads level by level, budgets growing).
    pub fn runs(&self) -> Vec<SweepRun> {
        let mut runs = Vec::new();
        for layout in 0..self.layouts.len() {
            for &algorithm in &self.algorithms {
                for &budget in &self.budgets {
                    runs.push(SweepRun {
                        layout,
                        algorithm,
                        budget,
                    });
                }
            }
        }
        runs
    }

    /// A generous estimate of the most memory one classic run of the plan may take (runs
    /// are made one at a time, and each frees its memory before the next starts).
    pub fn classic_estimate_bytes(&self) -> u64 {
        if !self.algorithms.contains(&Engine::Classic) {
            return 0;
        }
        let budget = self.budgets.iter().copied().max().unwrap_or(0);
        self.layouts
            .iter()
            .map(|l| classic::estimate_bytes(budget, l.start.shape().cells().len()))
            .max()
            .unwrap_or(0)
    }
}

/// The figures of one run.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepRow {
    /// The layout's name.
    pub layout: String,
    /// Pegs on the board at the start.
    pub pegs_at_start: u32,
    /// The engine (the tables' `algorithm` column).
    pub algorithm: Engine,
    /// The budget of expansions.
    pub budget: u64,
    /// Nodes expanded.
    pub expanded: u64,
    /// Nodes generated.
    pub generated: u64,
    /// Jumps in the best line found (moves: in the solution found, 0 when none was).
    pub solution_length: usize,
    /// Pegs left at the end of that line (moves: 1 when a solution was found, else the pegs
    /// at the start, as no jump was made).
    pub pegs_left: u32,
    /// Whether no better result exists (the search proved it). Moves: the solution found
    /// takes the fewest moves there are, or the goal cannot be reached at all.
    pub proven_optimal: bool,
    /// Expansions per second, as the assignment prints it (whole number).
    pub expanded_per_second: u64,
    /// Wall time of the run.
    pub seconds: f64,
    /// Peak memory, as the engine's own storage in bytes ("storage MiB" in the outputs), not
    /// the process's resident size: [`pegsol_solver::Outcome::storage_bytes`]. Each run
    /// starts from empty tables. Moves: [`moves::MovesOutcome::storage_bytes`].
    pub storage_bytes: u64,
    /// Moves only: the moves (chains of jumps by one peg) of the solution found (`None`:
    /// none found, or not a moves run).
    pub moves: Option<u32>,
    /// Moves only: every solution takes at least this many moves (all fewer were ruled out;
    /// equal to [`SweepRow::moves`] when that is proven). `None` for the other algorithms,
    /// and when the goal was proven out of reach (proven, with no moves).
    pub moves_lower_bound: Option<u32>,
}

/// Runs every run of `plan` in order inside `job`, calling `on_row` as each run finishes,
/// and returns the rows. Stops early, without a row for the run it was in, when the job is
/// cancelled.
pub fn run<T: Send>(
    plan: &SweepPlan,
    job: &Job<T>,
    on_row: &mut dyn FnMut(&SweepRow),
) -> Vec<SweepRow> {
    let runs = plan.runs();
    let mut rows = Vec::with_capacity(runs.len());
    for (i, r) in runs.iter().enumerate() {
        if job.cancelled() {
            break;
        }
        let Some(layout) = plan.layouts.get(r.layout) else {
            continue;
        };
        job.stage(format!(
            "run {} of {}: {}, {}, budget {}",
            i + 1,
            runs.len(),
            layout.name,
            r.algorithm.name(),
            Budget(r.budget).label()
        ));
        // Each run starts from empty tables: tables kept from an earlier run would make
        // later runs look cheaper than they are.
        let row = job.control(|c| run_one(layout, r.algorithm, r.budget, c));
        if job.cancelled() {
            // The run was cut short: its figures describe the cancel, not the budget.
            break;
        }
        on_row(&row);
        rows.push(row);
    }
    rows
}

/// One run: `algorithm` on `layout` with `budget` expansions, as a row.
fn run_one(
    layout: &SweepLayout,
    algorithm: Engine,
    budget: u64,
    control: &mut Control,
) -> SweepRow {
    let pegs_at_start = layout.start.peg_count();
    // The fewest-moves search gives its own outcome besides, read as the others' plus its moves.
    let solved = solve(algorithm, &layout.start, layout.goal, Some(budget), control);
    let (outcome, moves) = (solved.outcome, solved.moves);
    SweepRow {
        layout: layout.name.clone(),
        pegs_at_start,
        algorithm,
        budget,
        expanded: outcome.expanded,
        generated: outcome.generated,
        solution_length: outcome.jumps.len(),
        pegs_left: outcome.pegs_left,
        proven_optimal: outcome.proven_optimal,
        expanded_per_second: outcome.expanded_per_second(),
        seconds: outcome.elapsed.as_secs_f64(),
        storage_bytes: outcome.storage_bytes,
        moves: moves.as_ref().and_then(moves::MovesOutcome::moves),
        // None when the goal was proven out of reach: no solution to bound.
        moves_lower_bound: moves
            .as_ref()
            .and_then(|o| (o.won || !o.proven_optimal).then_some(o.lower_bound)),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use pegsol_layout::load::resolve_named_puzzle;
    use pegsol_solver::jobs::worker::{Finished, Worker};
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};

    fn plan(levels: &[&str], budgets: &[u64], algorithms: &[Engine]) -> SweepPlan {
        SweepPlan {
            layouts: levels
                .iter()
                .map(|l| {
                    let (p, name) = resolve_named_puzzle(l).unwrap();
                    SweepLayout {
                        name,
                        start: p.start,
                        goal: p.goal,
                    }
                })
                .collect(),
            budgets: budgets.to_vec(),
            algorithms: algorithms.to_vec(),
        }
    }

    /// A row with odd text and exact figures, for the text forms' tests.
    pub(crate) fn sample_row() -> SweepRow {
        SweepRow {
            layout: "odd, \"name\"".into(),
            pegs_at_start: 36,
            algorithm: Engine::Exact,
            budget: 1_500_000,
            expanded: 12,
            generated: 34,
            solution_length: 35,
            pegs_left: 1,
            proven_optimal: true,
            expanded_per_second: 3_263_129,
            seconds: 0.1 + 0.2,
            storage_bytes: 25_165_824,
            moves: None,
            moves_lower_bound: None,
        }
    }

    /// A moves row with exact figures, for the text forms' tests.
    pub(crate) fn sample_moves_row() -> SweepRow {
        SweepRow {
            layout: "triangle".into(),
            pegs_at_start: 14,
            algorithm: Engine::FewestMoves,
            budget: 10_000,
            expanded: 1_234,
            generated: 5_678,
            solution_length: 13,
            pegs_left: 1,
            proven_optimal: true,
            expanded_per_second: 800_000,
            seconds: 0.25,
            storage_bytes: 1 << 20,
            moves: Some(9),
            moves_lower_bound: Some(9),
        }
    }

    #[test]
    fn runs_go_layout_then_algorithm_then_budget() {
        let p = plan(&["0", "1"], &[10, 20], &[Engine::Classic, Engine::Exact]);
        let runs = p.runs();
        assert_eq!(runs.len(), 8);
        assert_eq!(
            runs[..3]
                .iter()
                .map(|r| (r.layout, r.algorithm, r.budget))
                .collect::<Vec<_>>(),
            [
                (0, Engine::Classic, 10),
                (0, Engine::Classic, 20),
                (0, Engine::Exact, 10)
            ]
        );
    }

    #[test]
    fn a_sweep_gives_one_row_per_run_with_the_engines_figures() {
        let p = plan(&["0", "5"], &[10_000], &[Engine::Classic, Engine::Exact]);
        // `on_row` sees every row, in order, as each run finishes.
        let seen = Arc::new(Mutex::new(Vec::new()));
        let seen_in_job = seen.clone();
        let worker = Worker::start(
            "test",
            move |job| {
                run(&p, job, &mut |row| {
                    seen_in_job.lock().unwrap().push(row.clone());
                })
            },
            || {},
        );
        let Ok(Finished::Done(rows)) = worker.wait_for(Duration::from_secs(120)) else {
            panic!("the sweep did not finish within two minutes")
        };
        assert_eq!(*seen.lock().unwrap(), rows);
        assert_eq!(rows.len(), 4);
        assert_eq!((rows[0].layout.as_str(), rows[0].pegs_left), ("level-0", 1));
        assert_eq!((rows[0].expanded, rows[0].generated), (2, 2));
        let classic5 = &rows[2];
        assert_eq!((classic5.pegs_at_start, classic5.budget), (36, 10_000));
        assert_eq!(classic5.expanded, 10_000);
        assert!(classic5.storage_bytes > 0);
        let exact5 = &rows[3];
        assert_eq!(exact5.algorithm, Engine::Exact);
        // The smallest failure table: 64 Ki slots of 8 bytes.
        assert!(
            exact5.storage_bytes >= 512 << 10,
            "{}",
            exact5.storage_bytes
        );
    }

    /// Runs `p` to its end on a worker, with a timeout.
    fn sweep(p: SweepPlan) -> Vec<SweepRow> {
        let worker = Worker::start("test", move |job| run(&p, job, &mut |_| {}), || {});
        let Ok(Finished::Done(rows)) = worker.wait_for(Duration::from_secs(120)) else {
            panic!("the sweep did not finish within two minutes")
        };
        rows
    }

    #[test]
    fn moves_rows_give_the_fewest_moves_engines_figures() {
        use pegsol_rules::move_count;
        use pegsol_solver::uncontrolled;
        // The 15-hole triangle, the assignment's first level, and its last (which cannot be
        // won: two pegs are the fewest), at two budgets.
        let p = plan(
            &["triangle", "0", "8"],
            &[1, 10_000_000],
            &[Engine::FewestMoves],
        );
        let layouts = p.layouts.clone();
        let rows = sweep(p);
        assert_eq!(rows.len(), 6);
        for (row, layout) in rows.iter().zip([0, 0, 1, 1, 2, 2].map(|i| &layouts[i])) {
            assert_eq!(row.algorithm, Engine::FewestMoves);
            assert_eq!(row.layout, layout.name);
            let direct = uncontrolled(|c| {
                let options = moves::Options {
                    budget: Some(row.budget),
                    ..moves::Options::default()
                };
                moves::fewest_moves(&layout.start, layout.goal, options, c)
            });
            assert_eq!(row.moves, direct.moves(), "{row:?}");
            assert_eq!(row.proven_optimal, direct.proven_optimal, "{row:?}");
            assert_eq!(row.expanded, direct.expanded, "{row:?}");
            assert_eq!(row.generated, direct.generated, "{row:?}");
            assert_eq!(row.solution_length, direct.jumps().len(), "{row:?}");
            if layout.name == "level-8" {
                // Out of reach, proven: no count, and no bound on solutions there are none of.
                assert!(!direct.won && direct.proven_optimal, "{direct:?}");
                assert_eq!((row.moves, row.moves_lower_bound), (None, None));
                assert_eq!(row.pegs_left, row.pegs_at_start);
            } else {
                assert_eq!(row.moves_lower_bound, Some(direct.lower_bound), "{row:?}");
                assert!(row.storage_bytes > 0, "{row:?}");
            }
        }
        // One expansion finds nothing on the triangle: no moves, a lower bound, the pegs as
        // at the start.
        let cut = &rows[0];
        assert_eq!((cut.moves, cut.proven_optimal), (None, false));
        assert_eq!(cut.pegs_left, cut.pegs_at_start);
        assert!(cut.moves_lower_bound.is_some_and(|b| b >= 1));
        // With room, the answer is found and proven, and its jumps group into that many moves.
        let full = &rows[1];
        assert!(full.proven_optimal && full.pegs_left == 1, "{full:?}");
        let start = &layouts[0].start;
        let direct = uncontrolled(|c| {
            moves::fewest_moves(start, layouts[0].goal, moves::Options::default(), c)
        });
        assert_eq!(full.moves, Some(move_count(&direct.jumps())));
        assert_eq!(full.moves, full.moves_lower_bound);
    }

    #[test]
    fn a_cancelled_sweep_stops_without_a_row_for_the_cut_run() {
        let p = plan(&["6"], &[classic::MAX_BUDGET], &[Engine::Classic]);
        let worker = Worker::start("test", move |job| run(&p, job, &mut |_| {}), || {});
        let deadline = Instant::now() + Duration::from_secs(60);
        while worker.snapshot().progress.is_none() {
            assert!(
                Instant::now() < deadline,
                "the sweep never reported progress"
            );
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(worker
            .snapshot()
            .stage
            .is_some_and(|s| s.starts_with("run 1 of 1: level-6, classic")));
        worker.cancel();
        match worker.wait_for(Duration::from_secs(60)) {
            Ok(Finished::Cancelled(rows)) => assert!(rows.is_empty()),
            Ok(other) => panic!("expected Cancelled, got {other:?}"),
            Err(_) => panic!("the cancelled sweep did not stop within a minute"),
        }
    }
}
