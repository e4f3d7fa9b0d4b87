//! `pegsol experiment`: the assignment's budget sweep from the command line.
//!
//! Owns the command's arguments (`--layouts`, `--budgets`, `--algorithms`, `--csv`,
//! `--markdown`, `--plots`), running the sweep on a worker thread with progress on standard
//! error, and writing the table and charts. The sweep itself is
//! [`crate::solver::sweep`]; the charts are [`super::charts`].

use super::{available_memory, gib, parse_budget, Failure};
use crate::layout::load::resolve_named_puzzle;
use crate::solver::services::worker::{Finished, Worker};
use crate::solver::sweep::{self, SweepLayout, SweepPlan, SweepRow};
use crate::solver::Algorithm;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The assignment's levels.
pub const DEFAULT_LAYOUTS: &str = "0-8";
/// The assignment's budgets.
pub const DEFAULT_BUDGETS: &str = "10k,100k,1M,1.5M";

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
    /// Engines, comma-separated: classic, exact (exact's budget caps its expansions).
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

/// Splits a `--layouts` value into LAYOUT arguments: `a-b` with two numbers is the levels a
/// to b; anything else is one LAYOUT (so `level-5` and `triangle-21` stay whole).
pub fn parse_layouts(text: &str) -> Result<Vec<String>, String> {
    let mut specs = Vec::new();
    for item in text.split(',').map(str::trim) {
        if item.is_empty() {
            return Err(format!("--layouts `{text}`: an empty item"));
        }
        let range = item.split_once('-').and_then(|(a, b)| {
            Some((a.trim().parse::<u32>().ok()?, b.trim().parse::<u32>().ok()?))
        });
        match range {
            Some((a, b)) if a <= b => specs.extend((a..=b).map(|n| n.to_string())),
            Some((a, b)) => {
                return Err(format!(
                    "--layouts: the range {a}-{b} runs backwards; write {b}-{a}"
                ))
            }
            None => specs.push(item.to_string()),
        }
    }
    Ok(specs)
}

/// Parses a `--budgets` value: budgets as [`parse_budget`] reads them, separated by commas.
pub fn parse_budgets(text: &str) -> Result<Vec<u64>, String> {
    text.split(',')
        .map(|b| parse_budget(b).map_err(|e| format!("--budgets: {e}")))
        .collect()
}

/// Parses an `--algorithms` value.
pub fn parse_algorithms(text: &str) -> Result<Vec<Algorithm>, String> {
    text.split(',')
        .map(|a| match a.trim().to_ascii_lowercase().as_str() {
            "classic" => Ok(Algorithm::Classic),
            "exact" => Ok(Algorithm::Exact),
            other => Err(format!(
                "--algorithms: `{other}` is not an engine (classic or exact)"
            )),
        })
        .collect()
}

/// Builds the plan from the arguments, resolving every layout.
fn plan(args: &ExperimentArgs) -> Result<SweepPlan, Failure> {
    let mut layouts = Vec::new();
    for spec in parse_layouts(&args.layouts).map_err(Failure::usage)? {
        let (puzzle, name) = resolve_named_puzzle(&spec)?;
        layouts.push(SweepLayout {
            name,
            start: puzzle.start,
            goal: puzzle.goal,
        });
    }
    Ok(SweepPlan {
        layouts,
        budgets: parse_budgets(&args.budgets).map_err(Failure::usage)?,
        algorithms: parse_algorithms(&args.algorithms).map_err(Failure::usage)?,
    })
}

/// Refuses a plan whose largest classic run may need more memory than this machine has
/// available (the window asks the same before it runs a sweep).
pub fn check_memory(plan: &SweepPlan) -> Result<(), String> {
    let need = plan.classic_estimate_bytes();
    match available_memory() {
        Some(available) if need > available => Err(format!(
            "the largest classic run may need up to {:.1} GiB of memory, but only {:.1} GiB \
             is available; choose smaller budgets",
            gib(need),
            gib(available)
        )),
        _ => Ok(()),
    }
}

fn write_file(path: &PathBuf, text: &str) -> Result<(), Failure> {
    std::fs::write(path, text).map_err(|e| Failure {
        code: 1,
        message: format!("{}: cannot write: {e}", path.display()),
    })?;
    eprintln!("wrote {}", path.display());
    Ok(())
}

/// Runs `pegsol experiment`.
pub(super) fn run(args: ExperimentArgs) -> Result<(), Failure> {
    let plan = plan(&args)?;
    check_memory(&plan).map_err(Failure::usage)?;
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
            sweep::run(&plan, job, &mut |row: &SweepRow| {
                let mut n = done_in_job.lock().unwrap_or_else(|e| e.into_inner());
                *n += 1;
                // One line per finished run: a log that also reads well in a file.
                eprintln!(
                    "{clear}[{}/{total}] {} {} {}: pegs left {}, expanded {}, {:.3} s",
                    *n,
                    row.layout,
                    row.algorithm.name(),
                    sweep::budget_label(row.budget),
                    row.pegs_left,
                    row.expanded,
                    row.seconds
                );
            })
        },
        || {},
    );
    while !worker.is_finished() {
        std::thread::sleep(Duration::from_millis(200));
        if live {
            let s = worker.snapshot();
            if let Some(stage) = s.stage {
                let expanded = s.progress.map_or(0, |p| p.expanded);
                eprint!("\r\x1b[2K{stage}: {expanded} expanded");
                let _ = std::io::stderr().flush();
            }
        }
    }
    let rows = match worker.wait() {
        Finished::Done(rows) => rows,
        Finished::Cancelled(_) => {
            return Err(Failure {
                code: 1,
                message: "the sweep was cancelled".into(),
            })
        }
        Finished::Failed(why) => {
            return Err(Failure {
                code: 1,
                message: why,
            })
        }
    };
    if live {
        eprint!("\r\x1b[2K");
    }
    eprintln!(
        "{} runs in {:.1} s",
        rows.len(),
        started.elapsed().as_secs_f64()
    );
    let table = sweep::markdown(&rows);
    print!("{table}");
    if let Some(path) = &args.csv {
        write_file(path, &sweep::csv(&rows))?;
    }
    if let Some(path) = &args.markdown {
        write_file(path, &table)?;
    }
    if let Some(dir) = &args.plots {
        let written =
            super::charts::write_all(&rows, dir).map_err(|message| Failure { code: 1, message })?;
        for path in written {
            eprintln!("wrote {}", path.display());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_take_ranges_and_lists() {
        assert_eq!(
            parse_layouts("0-8").unwrap(),
            ["0", "1", "2", "3", "4", "5", "6", "7", "8"]
        );
        assert_eq!(
            parse_layouts("0-2, english,level-5,triangle-21,7").unwrap(),
            ["0", "1", "2", "english", "level-5", "triangle-21", "7"]
        );
        assert_eq!(parse_layouts("4").unwrap(), ["4"]);
        assert!(parse_layouts("8-0").unwrap_err().contains("backwards"));
        assert!(parse_layouts("1,,2").is_err());
        assert!(parse_layouts("").is_err());
    }

    #[test]
    fn budgets_and_algorithms_parse_as_lists() {
        assert_eq!(
            parse_budgets(DEFAULT_BUDGETS).unwrap(),
            [10_000, 100_000, 1_000_000, 1_500_000]
        );
        assert_eq!(parse_budgets("1_500_000").unwrap(), [1_500_000]);
        assert!(parse_budgets("10k,lots").unwrap_err().contains("lots"));
        assert_eq!(
            parse_algorithms("classic, Exact").unwrap(),
            [Algorithm::Classic, Algorithm::Exact]
        );
        assert!(parse_algorithms("bfs").is_err());
    }
}
