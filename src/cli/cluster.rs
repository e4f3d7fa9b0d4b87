//! `pegsol count LAYOUT --cluster HOSTS --process I`: the level engine's count shared out
//! among processes on many machines ([`pegsol_cluster`]), and `--estimate`, the sizing of a
//! board before it is run.
//!
//! Every process runs the same command with its own `--process`; process 0 prints what
//! `pegsol count LAYOUT` prints, the others print nothing on standard output. Progress goes
//! to standard error when it is a terminal.

use super::count::{whole_board, MachineArgs};
use super::moves;
use super::output::{note, print, println};
use super::report;
use super::CliError;
use num_bigint::BigUint;
use pegsol_cluster::estimate::{self, Projection};
use pegsol_cluster::{Cluster, Job};
use pegsol_layout::Puzzle;
use pegsol_rules::Goal;
use pegsol_solver::engines::solutions::SolutionCount;
use pegsol_solver::engines::whole::{self, scratch};
use std::ffi::OsStr;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How a count is shared out among processes: `--cluster`, `--process`, `--workers`,
/// `--resume`; and `--estimate`.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct ClusterArgs {
    /// Count on many processes: a file with one host:port a line, process 0 first (each
    /// port open to TCP, and to UDP for the heartbeats). Run the same command on every
    /// machine, each with its own --process.
    #[arg(long, value_name = "HOSTS")]
    pub cluster: Option<PathBuf>,
    /// With --cluster: this process's index (its line of the hosts file, from 0).
    #[arg(long, requires = "cluster")]
    pub process: Option<usize>,
    /// With --cluster: worker threads of each process (the same on every machine).
    #[arg(long, requires = "cluster", default_value_t = 1)]
    pub workers: usize,
    /// With --cluster: restart from the last level every process finished (their level
    /// files in the scratch folder), after a process was lost.
    #[arg(long, requires = "cluster")]
    pub resume: bool,
    /// Count the first levels (at most a minute, or --estimate-seconds) and project from
    /// their growth the whole count's positions, largest level, disk, memory and time.
    #[arg(long, conflicts_with = "cluster")]
    pub estimate: bool,
    /// With --estimate: seconds the first levels may take.
    #[arg(long, requires = "estimate", default_value_t = 60)]
    pub estimate_seconds: u64,
    /// With --estimate: count at most this many levels (the projection then depends on
    /// nothing but the board).
    #[arg(long, requires = "estimate")]
    pub estimate_levels: Option<u32>,
}

impl ClusterArgs {
    /// Whether these arguments ask for something other than the one-machine count.
    pub fn asked(&self) -> bool {
        self.cluster.is_some() || self.estimate
    }
}

/// `pegsol count` with `--cluster` or `--estimate`.
pub fn count_command(
    spec: &OsStr,
    start: Option<&str>,
    finish: Option<&str>,
    json: bool,
    machine: &MachineArgs,
    args: &ClusterArgs,
) -> Result<(), CliError> {
    let (puzzle, name, goal) = whole_board(spec, start, finish, json)?;
    count_cluster(&puzzle, &name, goal, json, machine, args)
}

/// `pegsol solutions` with `--cluster`: process 0 prints what `pegsol solutions` prints.
pub fn solutions_command(
    spec: &OsStr,
    start: Option<&str>,
    finish: Option<&str>,
    json: bool,
    machine: &MachineArgs,
    args: &ClusterArgs,
) -> Result<(), CliError> {
    if args.estimate {
        return Err(CliError::Usage(
            "--estimate sizes `pegsol count`; the solutions make the same levels forward".into(),
        ));
    }
    let (puzzle, name, goal) = whole_board(spec, start, finish, json)?;
    let began = Instant::now();
    let (cluster, job, watch) = prepare(&puzzle, &name, goal, machine, args)?;
    let found = pegsol_cluster::solutions(&cluster, job, watch)
        .map_err(|e| CliError::Failed(format!("{}: {e}", puzzle.name)))?;
    let Some(found) = found else {
        return Ok(());
    };
    let count = SolutionCount {
        solutions: BigUint::from(found.solutions),
        positions: found.positions,
        up_to_symmetry: found.up_to_symmetry,
        examined: found.examined,
        elapsed: began.elapsed(),
    };
    print(&moves::solutions_text(&puzzle, &name, goal, json, &count))
}

/// The cluster count of `puzzle` (named `name` in the output) for `goal`.
fn count_cluster(
    puzzle: &Puzzle,
    name: &str,
    goal: Goal,
    json: bool,
    machine: &MachineArgs,
    args: &ClusterArgs,
) -> Result<(), CliError> {
    if args.estimate {
        return estimate_command(puzzle, name, goal, json, machine, args);
    }
    let (cluster, job, watch) = prepare(puzzle, name, goal, machine, args)?;
    let levels = pegsol_cluster::count(&cluster, job, watch)
        .map_err(|e| CliError::Failed(format!("{}: {e}", puzzle.name)))?;
    let Some(levels) = levels else {
        return Ok(());
    };
    if json {
        println(report::count_json(name, &levels, true))
    } else {
        print(&report::count_text(puzzle, goal, &levels, true))
    }
}

/// The cluster, the job and the progress line of a `--cluster` run of `puzzle`.
fn prepare(
    puzzle: &Puzzle,
    name: &str,
    goal: Goal,
    machine: &MachineArgs,
    args: &ClusterArgs,
) -> Result<(Cluster, Job, Option<Arc<pegsol_cluster::Watch>>), CliError> {
    let Some(hosts) = &args.cluster else {
        return Err(CliError::Usage("--cluster HOSTS is needed".into()));
    };
    let cells = puzzle.shape().cells().len();
    if cells > whole::MAX_CELLS {
        return Err(CliError::Usage(format!(
            "--cluster: {} has {cells} holes; the level engine takes at most {}",
            puzzle.name,
            whole::MAX_CELLS
        )));
    }
    let process = args.process.ok_or_else(|| {
        CliError::Usage(
            "--cluster needs --process I (this machine's line of the hosts file, from 0)".into(),
        )
    })?;
    let cluster = Cluster::from_file(hosts, process, args.workers)
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let job = Job {
        start: puzzle.start.clone(),
        goal,
        what: format!("{name}|{:?}|{goal:?}", puzzle.start.pegs()),
        scratch: machine
            .scratch
            .clone()
            .unwrap_or_else(scratch::default_parent),
        resume: args.resume,
        cancel: super::running::cancel_flag(),
    };
    // Where a resumed run starts is said always; the progress of each level only on a
    // terminal.
    let me = cluster.process;
    let terminal = std::io::stderr().is_terminal();
    let watch: Arc<pegsol_cluster::Watch> = Arc::new(move |line: String| {
        if terminal || line.starts_with("resuming") {
            note(format!("process {me}: {line}"));
        }
    });
    let watch = Some(watch);
    Ok((cluster, job, watch))
}

/// `count --estimate`: the first levels counted on this machine, and the projection.
fn estimate_command(
    puzzle: &Puzzle,
    name: &str,
    goal: Goal,
    json: bool,
    machine: &MachineArgs,
    args: &ClusterArgs,
) -> Result<(), CliError> {
    let limit = Duration::from_secs(args.estimate_seconds.max(1));
    let projection = estimate::estimate(
        &puzzle.start,
        goal,
        &machine.settings(),
        limit,
        args.estimate_levels,
    )
    .map_err(|e| CliError::Failed(format!("{}: {e}", puzzle.name)))?;
    if json {
        println(estimate_json(name, &projection))
    } else {
        print(&estimate::text(&puzzle.name, &projection))
    }
}

/// The projection as one JSON object.
fn estimate_json(name: &str, p: &Projection) -> String {
    serde_json::json!({
        "layout": name,
        "counted": p.counted.iter().map(|l| serde_json::json!({
            "jumps": l.jumps,
            "positions": l.positions,
            "up_to_symmetry": l.up_to_symmetry,
        })).collect::<Vec<_>>(),
        "complete": p.complete,
        "counted_seconds": p.counted_seconds,
        "levels": p.levels,
        "positions": p.positions,
        "largest_level": p.largest,
        "largest_level_jumps": p.largest_at,
        "disk_bytes": p.disk_bytes,
        "memory_bytes": p.memory_bytes,
        "cpu_hours": p.cpu_hours,
    })
    .to_string()
}
