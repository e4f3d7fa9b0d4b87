//! `pegsol count` and `pegsol solutions`: the level counts and the solution counts of a whole
//! board.
//!
//! Boards of at most [`whole::MAX_CELLS`] holes go through the level engine
//! ([`pegsol_solver::engines::whole`]), which holds what the machine's memory allows (taken
//! from the process's limits, or `--memory`) and keeps the rest in a scratch folder
//! (`--scratch DIR`), so the French board completes here; larger boards, and solutions the
//! in-memory engines' winnable set answers faster ([`whole_takes`]), go through the
//! in-memory engines, which refuse, with the figure, what they cannot hold.
//!
//! The level engine's progress (level, positions, memory, disk, time) is the job's stage on
//! the terminal's progress line. Stopped by Ctrl+C, a refusal or a failing disk, `count`
//! still prints the levels it finished (without the winnable column when the way back did
//! not finish) and then says why it stopped.

use super::moves;
use super::output::{note, print, println};
use super::report;
use super::running::run_job;
use super::{finish_goal, resolve_layout, usage, CliError};
use pegsol_layout::Puzzle;
use pegsol_rules::{Cell, CellSet, Goal, Position};
use pegsol_solver::engines::count;
use pegsol_solver::engines::levels::step;
use pegsol_solver::engines::whole::{self, Settings, WholeError};
use pegsol_solver::engines::winnable::WinnableSet;
use pegsol_solver::system_memory::{available_memory, resident_peak, size_text};
use std::ffi::OsStr;
use std::path::PathBuf;

/// How the level engine may use the machine: `--memory` and `--scratch`.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct MachineArgs {
    /// Most memory the level engine may hold, e.g. 8G or 512M (default: three quarters of
    /// what the process's limits and the free memory allow).
    #[arg(long, value_parser = parse_size)]
    pub memory: Option<u64>,
    /// Folder for the level engine's scratch files, the levels memory cannot hold (default:
    /// pegsol/scratch under the cache folder).
    #[arg(long)]
    pub scratch: Option<PathBuf>,
}

impl MachineArgs {
    /// The level engine's settings these arguments ask for.
    pub(super) fn settings(&self) -> Settings {
        Settings {
            memory: self.memory,
            scratch: self.scratch.clone(),
            ..Settings::default()
        }
    }
}

/// A `--memory` that is not a size.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a size (e.g. 8G, 512M, 1000000)")]
pub struct NotASize(String);

/// Parses a size in bytes: a number with an optional K, M, G or T (powers of 1024; `B`,
/// `iB` and `iB`'s lower case accepted after it).
pub fn parse_size(text: &str) -> Result<u64, NotASize> {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    let stripped = lower
        .strip_suffix("ib")
        .or_else(|| lower.strip_suffix('b'))
        .unwrap_or(&lower);
    let (digits, shift) = match stripped.chars().last() {
        Some('k') => (&stripped[..stripped.len() - 1], 10),
        Some('m') => (&stripped[..stripped.len() - 1], 20),
        Some('g') => (&stripped[..stripped.len() - 1], 30),
        Some('t') => (&stripped[..stripped.len() - 1], 40),
        _ => (stripped, 0),
    };
    let bad = || NotASize(t.to_string());
    let n: f64 = digits.trim().parse().map_err(|_| bad())?;
    if !n.is_finite() || n <= 0.0 {
        return Err(bad());
    }
    let bytes = n * (1u64 << shift) as f64;
    if bytes >= u64::MAX as f64 {
        return Err(bad());
    }
    Ok(bytes as u64)
}

/// The board a whole-board command asks about (`pegsol count` and `pegsol solutions`, on one
/// machine or several): the layout, with `--start` applied, its name and `--finish`'s goal.
pub(super) fn whole_board(
    spec: &OsStr,
    start: Option<&str>,
    finish: Option<&str>,
    json: bool,
) -> Result<(Puzzle, String, Goal), CliError> {
    let (puzzle, name) = resolve_layout(spec, json)?;
    let (puzzle, name) = with_start(puzzle, name, start)?;
    let goal = finish_goal(finish, &puzzle)?;
    Ok((puzzle, name, goal))
}

/// `puzzle` started from `--start` (`center` or `X,Y`: every hole full but that one), and
/// its name saying so; as it is without the option.
fn with_start(
    mut puzzle: Puzzle,
    name: String,
    start: Option<&str>,
) -> Result<(Puzzle, String), CliError> {
    let Some(text) = start else {
        return Ok((puzzle, name));
    };
    let shape = puzzle.shape().clone();
    let hole = match text.trim().to_ascii_lowercase().as_str() {
        "center" | "centre" => shape.center().ok_or_else(|| {
            usage(format!(
                "--start center: {} has no centre cell",
                puzzle.name
            ))
        })?,
        other => other
            .parse::<Cell>()
            .map_err(|e| usage(format!("--start: {e}; or use center")))?,
    };
    if !shape.contains(hole) {
        return Err(usage(format!(
            "--start: {hole} is not a hole of {}",
            puzzle.name
        )));
    }
    let pegs = shape.cells() - CellSet::single(hole);
    puzzle.start = Position::new(shape, pegs).ok_or_else(|| {
        usage(format!(
            "--start: {hole} makes no position of {}",
            puzzle.name
        ))
    })?;
    puzzle.name = format!("{} with {hole} empty", puzzle.name);
    Ok((puzzle, format!("{name} with {hole} empty")))
}

/// Memory the process must be free to take for the in-memory engines to run instead of the
/// level engine (their English central game peaks at about 300 MiB).
const IN_MEMORY_ROOM: u64 = 1 << 30;

/// What is asked of the engines: the level counts, or the solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Asked {
    Levels,
    Solutions,
}

/// Whether the level engine counts `puzzle` for `goal`: every board it takes, except, for
/// the solutions, games whose winnable set is met in the middle (a start that is the goal
/// turned inside out, on a board of at most 33 holes, as the English central game) when the
/// process may take [`IN_MEMORY_ROOM`] (the in-memory engines hold every level, and a
/// refused allocation there would abort). Chosen on measured speed and memory, interleaved
/// runs on 2 cores: the level counts of the English central game take the level engine 0.93-0.96
/// of the in-memory engines' time, resident in 52 MiB instead of 282; its solutions are
/// counted over the 1.7 million winnable positions in memory, where the level engine walks
/// all 23 million reachable ones.
fn whole_takes(puzzle: &Puzzle, goal: Goal, asked: Asked) -> bool {
    let shape = puzzle.shape();
    let cells = shape.cells().len();
    let set_applies = asked == Asked::Solutions
        && cells <= step::DENSE_CELLS
        && WinnableSet::applies(shape, puzzle.start.pegs(), goal)
        && available_memory().is_none_or(|a| a >= IN_MEMORY_ROOM);
    cells <= whole::MAX_CELLS && !set_applies
}

/// `pegsol count`.
pub fn count_command(
    spec: &OsStr,
    start: Option<&str>,
    finish: Option<&str>,
    json: bool,
    machine: &MachineArgs,
) -> Result<(), CliError> {
    let (puzzle, name, goal) = whole_board(spec, start, finish, json)?;
    if !whole_takes(&puzzle, goal, Asked::Levels) {
        return count_in_memory(&puzzle, &name, goal, json);
    }
    let start = puzzle.start.clone();
    let settings = machine.settings();
    let ran = run_job("pegsol-count", &format!("counting {name}"), move |job| {
        job.control(|c| {
            whole::count::count(&start, goal, &settings, c.cancel_flag(), &mut |s| {
                job.stage(s.line());
            })
        })
    })?;
    let interrupted = ran.interrupted();
    let counted = ran
        .value()
        .map_err(|e| CliError::Failed(format!("{}: {e}", puzzle.name)))?;
    if !counted.levels.is_empty() {
        if json {
            println(report::count_json(&name, &counted.levels, counted.winnable))?;
        } else {
            print(&report::count_text(
                &puzzle,
                goal,
                &counted.levels,
                counted.winnable,
            ))?;
        }
    }
    match counted.stopped {
        None => Ok(()),
        Some(_) if interrupted => Err(CliError::Interrupted),
        Some(WholeError::Cancelled) => Err(CliError::Interrupted),
        Some(e) => Err(CliError::Failed(format!(
            "{}: {e}{}",
            puzzle.name,
            if counted.levels.is_empty() {
                String::new()
            } else {
                format!(
                    " (the {} levels above were finished first)",
                    counted.levels.len()
                )
            }
        ))),
    }
}

/// `pegsol count` through the in-memory engine, for boards past the level engine.
fn count_in_memory(puzzle: &Puzzle, name: &str, goal: Goal, json: bool) -> Result<(), CliError> {
    let start = puzzle.start.clone();
    let ran = run_job("pegsol-count", &format!("counting {name}"), move |job| {
        job.control(|c| count::count(&start, goal, c))
    })?;
    if ran.interrupted() {
        return Err(CliError::Interrupted);
    }
    let levels = ran
        .value()
        .map_err(|e| CliError::Failed(format!("{}: {e}", puzzle.name)))?;
    if json {
        println(report::count_json(name, &levels, true))
    } else {
        print(&report::count_text(puzzle, goal, &levels, true))
    }
}

/// `pegsol solutions`.
pub fn solutions_command(
    spec: &OsStr,
    start: Option<&str>,
    finish: Option<&str>,
    json: bool,
    machine: &MachineArgs,
) -> Result<(), CliError> {
    let (puzzle, name, goal) = whole_board(spec, start, finish, json)?;
    let what = format!("counting the solutions of {name}");
    if !whole_takes(&puzzle, goal, Asked::Solutions) {
        let ran = run_job("pegsol-solutions", &what, move |job| {
            job.control(|c| moves::count_solutions(&puzzle, &name, goal, json, c))
        })?;
        if ran.interrupted() {
            return Err(CliError::Interrupted);
        }
        return print(&ran.value()?);
    }
    let start = puzzle.start.clone();
    let settings = machine.settings();
    let ran = run_job("pegsol-solutions", &what, move |job| {
        job.control(|c| {
            let cancel = c.cancel_flag();
            whole::solutions::count_solutions(&start, goal, &settings, cancel, &mut |s| {
                job.stage(s.line());
            })
        })
    })?;
    let interrupted = ran.interrupted();
    let found = match ran.value() {
        Ok(found) => found,
        Err(WholeError::Cancelled) => return Err(CliError::Interrupted),
        Err(_) if interrupted => return Err(CliError::Interrupted),
        Err(e) => return Err(CliError::Failed(format!("{}: {e}", puzzle.name))),
    };
    if let Some(count) = &found.count {
        let u = found.usage;
        // The resident peak as the system measured it: the engine's own accounting counts
        // what it reserved (levels sized for the worst case), several times what it touched.
        let held = match resident_peak() {
            Some(peak) => format!("peak {} of memory resident", size_text(peak)),
            None => format!("up to {} of memory reserved", size_text(u.memory_peak)),
        };
        note(format!(
            "level engine: {held} (of {} allowed), {} of scratch disk",
            size_text(u.room),
            size_text(u.disk_peak)
        ));
        return print(&moves::solutions_text(&puzzle, &name, goal, json, count));
    }
    // Stopped: what is finished (the levels made forward) is printed, then why.
    if !found.levels.is_empty() {
        if json {
            println(report::levels_made_json(&name, &found.levels))?;
        } else {
            print(&report::levels_made_text(&puzzle, &found.levels))?;
        }
    }
    match found.stopped {
        Some(_) if interrupted => Err(CliError::Interrupted),
        Some(WholeError::Cancelled) => Err(CliError::Interrupted),
        Some(e) => Err(CliError::Failed(format!(
            "{}: {e} (the solutions were not counted; the {} levels above were made first)",
            puzzle.name,
            found.levels.len()
        ))),
        None => Err(CliError::Failed(format!("{}: no count", puzzle.name))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_with_binary_suffixes_and_refuse_nonsense() {
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("8G"), Ok(8 << 30));
        assert_eq!(parse_size("8GiB"), Ok(8 << 30));
        assert_eq!(parse_size("1.5g"), Ok(3 << 29));
        assert_eq!(parse_size("1000"), Ok(1000));
        assert!(parse_size("lots").is_err());
        assert!(parse_size("-1G").is_err());
        assert!(parse_size("0").is_err());
    }
}
