//! `pegsol experiment`: the assignment's budget sweep from the command line.
//!
//! Owns the command's arguments (`--layouts`, `--budgets`, `--algorithms`, `--csv`,
//! `--markdown`, `--plots`), running the sweep on a worker thread with progress on standard
//! error (Ctrl+C stops it with status 130), and writing the table and charts (each file atomically). The sweep, its text forms
//! and its charts are [`pegsol_experiment`]'s.

use super::output::{note, note_raw, print};
use super::{running, CliError};
use pegsol_experiment as experiment;
use pegsol_experiment::{
    parse_algorithms, parse_budgets, parse_layouts, SweepLayout, SweepPlan, SweepRow,
    DEFAULT_BUDGETS, DEFAULT_LAYOUTS,
};
use pegsol_layout::files::write_atomic;
use pegsol_layout::load::resolve_named_puzzle;
use pegsol_solver::jobs::worker::{Finished, Worker};
use pegsol_solver::{Budget, Engine};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Arguments of `pegsol experiment`.
#[derive(clap::Args, Debug)]
pub struct ExperimentArgs {
    /// Boards: levels as a range (0-8), or a comma-separated list of levels, ranges,
    /// catalogue names and files (0-4,english,my.ron).
    #[arg(long, default_value = DEFAULT_LAYOUTS)]
    pub layouts: String,
    /// Budgets of expanded nodes, comma-separated (write large ones as 1500000 or 1.5M, not
    /// 1,500,000).
    #[arg(long, default_value = DEFAULT_BUDGETS)]
    pub budgets: String,
    /// Algorithms, comma-separated: classic, exact (the fewest pegs; exact's budget caps its
    /// expansions), moves (the fewest moves, a peg's chain of jumps counting as one move; the
    /// budget caps its expansions; the table gains the columns moves and moves lower bound).
    #[arg(long, default_value = "classic")]
    pub algorithms: String,
    /// Also write the table as CSV to this file.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Also write the table as Markdown to this file.
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<PathBuf>,
    /// Write the charts as PNG files into this folder.
    #[arg(long, value_name = "DIR")]
    pub plots: Option<PathBuf>,
}

/// Builds the plan from the arguments, resolving every layout.
fn plan(args: &ExperimentArgs) -> Result<SweepPlan, CliError> {
    let mut layouts = Vec::new();
    for spec in parse_layouts(&args.layouts)? {
        let (puzzle, name) = resolve_named_puzzle(&spec)?;
        layouts.push(SweepLayout {
            // Shown in the table, the progress lines and the charts: printable.
            name: pegsol_layout::text::printable(&name).into_owned(),
            start: puzzle.start,
            goal: puzzle.goal,
        });
    }
    Ok(SweepPlan {
        layouts,
        budgets: parse_budgets(&args.budgets)?,
        algorithms: parse_algorithms(&args.algorithms)?,
    })
}

/// Writes `text` to `path` atomically and says so on standard error.
fn write_file(path: &PathBuf, text: &str) -> Result<(), CliError> {
    write_atomic(path, text).map_err(|e| CliError::write(path, e))?;
    note(format!("wrote {}", path.display()));
    Ok(())
}

/// Runs `pegsol experiment`.
pub(super) fn run(args: ExperimentArgs) -> Result<(), CliError> {
    let plan = plan(&args)?;
    experiment::check_memory(&plan)?;
    let total = plan.runs().len();
    // On a terminal, a live line with the run and its expansions is redrawn in place.
    let live = std::io::stderr().is_terminal();
    let clear = if live { "\r\x1b[2K" } else { "" };
    let started = Instant::now();
    let done = Arc::new(Mutex::new(0usize));
    let done_in_job = done.clone();
    let worker = Worker::start(
        "pegsol-sweep",
        move |job| {
            experiment::run(&plan, job, &mut |row: &SweepRow| {
                let mut n = done_in_job.lock().unwrap_or_else(|e| e.into_inner());
                *n += 1;
                // One line per finished run: a log that also reads well in a file.
                let found = match (row.algorithm, row.moves, row.moves_lower_bound) {
                    (Engine::FewestMoves, Some(m), _) if row.proven_optimal => {
                        format!("moves {m} (proven)")
                    }
                    (Engine::FewestMoves, Some(m), _) => format!("moves {m} (not proven)"),
                    (Engine::FewestMoves, None, Some(b)) => {
                        format!("no solution found, at least {b} moves")
                    }
                    (Engine::FewestMoves, None, None) => {
                        "the goal cannot be reached (proven)".to_string()
                    }
                    _ => format!("pegs left {}", row.pegs_left),
                };
                // The terminal's own escape goes raw; the line, which names a board, through
                // `note`'s guard.
                note_raw(clear);
                note(format!(
                    "[{}/{total}] {} {} {}: {found}, expanded {}, {:.3} s",
                    *n,
                    row.layout,
                    row.algorithm.name(),
                    Budget(row.budget).label(),
                    row.expanded,
                    row.seconds
                ));
            })
        },
        || {},
    );
    // Ctrl+C stops the sweep (status 130); the runs finished so far are kept (below).
    running::install_handler();
    while !worker.is_finished() {
        std::thread::sleep(Duration::from_millis(200));
        if running::interrupted() {
            worker.cancel();
        }
        if live {
            let s = worker.snapshot();
            if let Some(stage) = s.stage {
                let expanded = s.progress.map_or(0, |p| p.expanded);
                note_raw(&format!("\r\x1b[2K{stage}: {expanded} expanded"));
            }
        }
    }
    // Interrupted, the runs finished so far are still written and printed (then status 130):
    // a long sweep stopped late in the evening keeps what it measured.
    let (rows, interrupted) = match worker.wait() {
        Finished::Done(rows) => (rows, false),
        Finished::Cancelled(rows) => (rows, true),
        Finished::Failed(why) => return Err(CliError::Failed(why)),
    };
    if live {
        note_raw("\r\x1b[2K");
    }
    note(format!(
        "{} runs in {:.1} s",
        rows.len(),
        started.elapsed().as_secs_f64()
    ));
    if interrupted {
        note(format!(
            "interrupted: the {} of {total} runs that finished are kept below",
            rows.len()
        ));
    }
    let table = experiment::markdown(&rows);
    // The files first: a closed standard output does not lose them.
    if let Some(path) = &args.csv {
        write_file(path, &experiment::csv(&rows))?;
    }
    if let Some(path) = &args.markdown {
        write_file(path, &table)?;
    }
    if let Some(dir) = &args.plots {
        let written = experiment::write_charts(&rows, dir)?;
        for path in written {
            note(format!("wrote {}", path.display()));
        }
    }
    print(&table)?;
    if interrupted {
        return Err(CliError::Interrupted);
    }
    Ok(())
}
