//! `pegsol trace LAYOUT [--budget N] [--engine classic|exact|beam] [--json] [--compare FILE]`:
//! the order in which the assignment's search expands nodes, one line per expansion, or where
//! a student's own trace first goes another way; with `--engine exact` the exact solver's
//! depth-first search the same way (its failure table's hits in the last line), with
//! `--engine beam` the exact solver's beam one level a line.
//!
//! Owns the command's arguments and its outputs: the trace streams (a line is written as its
//! node is expanded, through a buffer, so a budget of 100M holds no more than the search's
//! own tables), as JSON objects (`{"n": 2, "depth": 1, "pegs": 35, "jump": "6,3-4,3"}`) or
//! as text for people (cells named as the window names them); a reader that goes away ends
//! it quietly. The stepping and the comparing are [`pegsol_solver::trace`]'s.

use super::output::{print, stdout_error};
use super::{resolve_layout, running, CliError};
use pegsol_layout::{render_rows, Puzzle};
use pegsol_rules::Goal;
use pegsol_rules::{pegs_in_words, Cell, CellSet, Jump};
use pegsol_solver::budget::{grouped, parse_budget};
use pegsol_solver::trace::{compare, ClassicTrace, Comparison, Expansion, Side, StudentTrace};
use pegsol_solver::trace::{BeamTrace, ExactTrace, Level, LevelEnd};
use pegsol_solver::{Budget, Engine, Stop};
use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;

/// The arguments of `pegsol trace`.
#[derive(Clone, Debug, clap::Args)]
pub struct TraceArgs {
    /// The board: a level 0-8, a catalogue name or a layout file.
    pub layout: OsString,
    /// Expanded-node budget, e.g. 1200000, 1.2M, 10k (default 1M, as `solve --algorithm
    /// classic`).
    #[arg(long, value_parser = parse_budget)]
    pub budget: Option<u64>,
    /// The search traced: the assignment's (`classic`), the exact solver's depth-first
    /// search (`exact`, as the window's Search view plays it), or its beam (`beam`, one level
    /// a line).
    #[arg(long, value_enum, default_value_t = TraceEngine::Classic)]
    pub engine: TraceEngine,
    /// One JSON object a line: {"n": 1, "depth": 0, "pegs": 36, "jump": null}.
    #[arg(long, conflicts_with = "compare")]
    pub json: bool,
    /// A student's trace (`DEPTH PEGS JUMP` a line, `-` as the start's jump; see the README):
    /// report the first expansion where it differs from the search, and why.
    #[arg(long, value_name = "FILE")]
    pub compare: Option<PathBuf>,
}

/// The searches `pegsol trace` can follow.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum TraceEngine {
    /// The assignment's budgeted depth-first search.
    Classic,
    /// The exact solver's depth-first search with its failure table (one member, the
    /// assignment's order; fewest pegs anywhere).
    Exact,
    /// The exact solver's beam, one level a line (fewest pegs anywhere).
    Beam,
}

/// Runs `pegsol trace`.
pub fn run(args: TraceArgs) -> Result<(), CliError> {
    let (puzzle, name) = resolve_layout(&args.layout, args.json)?;
    let budget = Budget::resolve(Engine::Classic, args.budget).unwrap_or(1);
    match (args.engine, &args.compare) {
        (TraceEngine::Classic, compare) => {
            Budget(budget).check_memory(&puzzle.start)?;
            match compare {
                Some(path) => compare_command(&puzzle, &name, budget, path),
                None => stream(&puzzle, &name, budget, args.json),
            }
        }
        (_, Some(_)) => Err(CliError::Usage(
            "--compare reads a student's trace of the assignment's search: use it with \
             --engine classic (the default)"
                .into(),
        )),
        (TraceEngine::Exact, None) => stream_exact(&puzzle, &name, budget, args.json),
        (TraceEngine::Beam, None) => stream_beam(&puzzle, &name, budget, args.json),
    }
}

/// Bytes gathered before they are written: whole lines only, so standard output's line
/// buffer passes each chunk straight through instead of copying its tail.
const CHUNK: usize = 1 << 16;

/// Writes `head`, then a line at a time what `line` appends (until it says there is no
/// more), then what `tail` says of the search at its end (told whether Ctrl+C stopped it),
/// through a buffer of whole lines. Ctrl+C stops it between two lines, as `count` stops:
/// every line written whole, then the tail (with `--json`, where there is none, the line
/// `{"interrupted": true, "lines": N}`), then status 130.
fn stream_with<T>(
    trace: &mut T,
    head: Option<String>,
    mut line: impl FnMut(&mut T, &mut Vec<u8>) -> bool,
    tail: impl FnOnce(&T, bool) -> Option<String>,
) -> Result<(), CliError> {
    running::install_handler();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut chunk = Vec::with_capacity(CHUNK + 256);
    if let Some(head) = head {
        chunk.extend_from_slice(head.as_bytes());
    }
    let mut lines: u64 = 0;
    let mut interrupted = false;
    while line(trace, &mut chunk) {
        lines += 1;
        // One atomic load a line: nothing beside formatting the line.
        if running::interrupted() {
            interrupted = true;
            break;
        }
        if chunk.len() >= CHUNK {
            out.write_all(&chunk).map_err(stdout_error)?;
            chunk.clear();
        }
    }
    if interrupted {
        running::printing();
    }
    match tail(trace, interrupted) {
        Some(tail) => chunk.extend_from_slice(tail.as_bytes()),
        None if interrupted => chunk.extend_from_slice(
            format!("{{\"interrupted\": true, \"lines\": {lines}}}\n").as_bytes(),
        ),
        None => {}
    }
    out.write_all(&chunk)
        .and_then(|()| out.flush())
        .map_err(stdout_error)?;
    if interrupted {
        return Err(CliError::Interrupted);
    }
    Ok(())
}

/// The first words of a trace's last line: the search's own reason, or Ctrl+C's.
fn ended(interrupted: bool, why: impl Into<String>) -> String {
    if interrupted {
        "Interrupted (Ctrl+C)".into()
    } else {
        why.into()
    }
}

/// The text form's head for a search that writes one line per expansion.
fn expansions_head(title: &str, name: &str, budget: u64) -> String {
    format!(
        "{title} on {name} (budget {}), one line per expansion:\n{:>9}  {:>5}  {:>4}  jump\n",
        Budget(budget),
        "n",
        "depth",
        "pegs"
    )
}

/// Appends expansion `e` as a JSON or text line.
fn expansion_line(out: &mut Vec<u8>, e: &Expansion, json: bool) {
    if json {
        json_line(out, e);
    } else {
        text_line(out, e);
    }
}

/// `n` with its thousands grouped.
fn count(n: u64) -> String {
    grouped(&n.to_string())
}

/// `pegsol trace --engine exact`: the exact solver's depth-first search, one line per
/// expansion as the classic's, its failure table in the last line.
fn stream_exact(puzzle: &Puzzle, name: &str, budget: u64, json: bool) -> Result<(), CliError> {
    let mut trace = ExactTrace::new(&puzzle.start, Goal::Anywhere, budget);
    let title = "The exact solver's depth-first search";
    let head = (!json).then(|| expansions_head(title, name, budget));
    let line = |t: &mut ExactTrace, out: &mut Vec<u8>| match t.expand() {
        Some(e) => {
            expansion_line(out, &e, json);
            true
        }
        None => false,
    };
    let tail = |t: &ExactTrace, interrupted: bool| {
        (!json).then(|| {
            let c = t.counters();
            let r = t.result();
            let why = ended(
                interrupted,
                match r.stop {
                    Stop::Solved => {
                        format!("Found {}, proven the fewest", pegs_in_words(r.pegs_left))
                    }
                    Stop::Budget => "Stopped at the budget".into(),
                    Stop::Exhausted => "Searched everything".into(),
                    Stop::OutOfMemory => "Ran out of memory".into(),
                    Stop::Cancelled => "Stopped".into(),
                },
            );
            format!(
                "{why}: {} expanded, {} generated, {} failure-table hits, {} failures stored \
                 for {}; best {}.\n",
                count(c.expanded),
                count(c.generated),
                count(c.table_hits),
                count(c.table_entries),
                pegs_in_words(c.target),
                pegs_in_words(c.best_pegs)
            )
        })
    };
    stream_with(&mut trace, head, line, tail)
}

/// `pegsol trace --engine beam`: the exact solver's beam, one line per level.
fn stream_beam(puzzle: &Puzzle, name: &str, budget: u64, json: bool) -> Result<(), CliError> {
    let mut trace = BeamTrace::new(&puzzle.start, Goal::Anywhere, budget);
    let head = (!json).then(|| {
        format!(
            "The exact solver's beam on {name} (budget {}), one line per level:\n{:>6}  {:>5}  \
             {:>4}  {:>8}  {:>9}  {:>10}  {:>6}  end\n",
            Budget(budget),
            "level",
            "round",
            "pegs",
            "expanded",
            "generated",
            "duplicates",
            "kept"
        )
    });
    let line = |t: &mut BeamTrace, out: &mut Vec<u8>| match t.step() {
        Some(level) => {
            level_line(out, &level, json);
            true
        }
        None => false,
    };
    let tail = |t: &BeamTrace, interrupted: bool| {
        (!json).then(|| {
            let c = t.counters();
            let why = ended(
                interrupted,
                match t.stopped() {
                    Some(Stop::Solved) => format!(
                        "Found {} (a line, proven by nothing)",
                        pegs_in_words(c.best_pegs)
                    ),
                    Some(Stop::Budget) => "Stopped at the budget".into(),
                    _ => "Stopped".into(),
                },
            );
            format!(
                "{why}: {} levels in {} rounds, {} expanded, {} generated, {} duplicates; best \
                 {}.\n",
                count(c.levels),
                count(c.round + 1),
                count(c.expanded),
                count(c.generated),
                count(c.duplicates),
                pegs_in_words(c.best_pegs)
            )
        })
    };
    stream_with(&mut trace, head, line, tail)
}

/// One level of the beam: `{"level": 1, "round": 0, "pegs": 36, "expanded": 1, "generated":
/// 4, "duplicates": 0, "kept": 4, "end": "kept"}`, or its text columns.
fn level_line(out: &mut Vec<u8>, l: &Level, json: bool) {
    let end = match l.end {
        LevelEnd::Kept => "kept",
        LevelEnd::DeadEnd => "dead end",
        LevelEnd::Found => "found",
        LevelEnd::Budget => "budget",
    };
    let line = if json {
        format!(
            "{{\"level\": {}, \"round\": {}, \"pegs\": {}, \"expanded\": {}, \"generated\": \
             {}, \"duplicates\": {}, \"kept\": {}, \"end\": \"{end}\"}}\n",
            l.n, l.round, l.pegs, l.expanded, l.generated, l.duplicates, l.kept
        )
    } else {
        format!(
            "{:>6}  {:>5}  {:>4}  {:>8}  {:>9}  {:>10}  {:>6}  {end}\n",
            l.n, l.round, l.pegs, l.expanded, l.generated, l.duplicates, l.kept
        )
    };
    out.extend_from_slice(line.as_bytes());
}

/// Writes the trace line by line as the search expands.
fn stream(puzzle: &Puzzle, name: &str, budget: u64, json: bool) -> Result<(), CliError> {
    let mut trace = ClassicTrace::new(&puzzle.start, budget);
    let head = (!json).then(|| expansions_head("The assignment's search", name, budget));
    let line = |t: &mut ClassicTrace, out: &mut Vec<u8>| match t.expand() {
        Some(e) => {
            expansion_line(out, &e, json);
            true
        }
        None => false,
    };
    stream_with(&mut trace, head, line, |trace, interrupted| {
        if json {
            return None;
        }
        let c = trace.counters();
        let why = ended(
            interrupted,
            match trace.stopped() {
                Some(Stop::Solved) => "Won (a child with one peg was generated)",
                Some(Stop::Budget) => "Stopped at the budget",
                Some(Stop::Exhausted) => "Searched everything",
                Some(Stop::OutOfMemory) => "Ran out of memory",
                Some(Stop::Cancelled) | None => "Stopped",
            },
        );
        Some(format!(
            "{why}: {} expanded, {} generated, {} duplicates; best {}.\n",
            count(c.expanded),
            count(c.generated),
            count(c.duplicates),
            pegs_in_words(c.best_pegs)
        ))
    })
}

/// Appends `n`'s digits.
fn push_number(out: &mut Vec<u8>, n: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

/// Appends `n` right-aligned in `width` columns.
fn push_padded(out: &mut Vec<u8>, n: u64, width: usize) {
    let digits = n.checked_ilog10().unwrap_or(0) as usize + 1;
    out.extend(std::iter::repeat_n(b' ', width.saturating_sub(digits)));
    push_number(out, n);
}

/// Appends a cell as `x,y`.
fn push_xy(out: &mut Vec<u8>, c: Cell) {
    push_number(out, u64::from(c.x));
    out.push(b',');
    push_number(out, u64::from(c.y));
}

/// Appends a cell as the window names it (`d4`).
fn push_name(out: &mut Vec<u8>, c: Cell) {
    out.push(b'a' + c.x);
    push_number(out, u64::from(c.y) + 1);
}

/// `{"n": 2, "depth": 1, "pegs": 35, "jump": "6,3-4,3"}` and a newline.
fn json_line(out: &mut Vec<u8>, e: &Expansion) {
    out.extend_from_slice(b"{\"n\": ");
    push_number(out, e.n);
    out.extend_from_slice(b", \"depth\": ");
    push_number(out, u64::from(e.depth));
    out.extend_from_slice(b", \"pegs\": ");
    push_number(out, u64::from(e.pegs));
    out.extend_from_slice(b", \"jump\": ");
    match e.jump {
        None => out.extend_from_slice(b"null"),
        Some(j) => {
            out.push(b'"');
            push_xy(out, j.from);
            out.push(b'-');
            push_xy(out, j.to);
            out.push(b'"');
        }
    }
    out.extend_from_slice(b"}\n");
}

/// `        2      1    35  g4 over f4 to e4` and a newline.
fn text_line(out: &mut Vec<u8>, e: &Expansion) {
    push_padded(out, e.n, 9);
    out.extend_from_slice(b"  ");
    push_padded(out, u64::from(e.depth), 5);
    out.extend_from_slice(b"  ");
    push_padded(out, u64::from(e.pegs), 4);
    out.extend_from_slice(b"  ");
    match e.jump {
        None => out.extend_from_slice(b"start"),
        Some(j) => {
            push_name(out, j.from);
            out.extend_from_slice(b" over ");
            push_name(out, j.over);
            out.extend_from_slice(b" to ");
            push_name(out, j.to);
        }
    }
    out.push(b'\n');
}

/// `pegsol trace LAYOUT --compare FILE`.
fn compare_command(
    puzzle: &Puzzle,
    name: &str,
    budget: u64,
    path: &std::path::Path,
) -> Result<(), CliError> {
    let trace_error = |source| CliError::Trace {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::open(path).map_err(|e| trace_error(e.into()))?;
    let theirs =
        StudentTrace::read(std::io::BufReader::new(file), &puzzle.start).map_err(trace_error)?;
    let comparison = compare(&puzzle.start, budget, &theirs);
    print(&comparison_text(puzzle, name, budget, &theirs, &comparison))
}

/// The comparison for people: where the traces part, both nodes side by side with their
/// paths, and the likely cause.
pub fn comparison_text(
    puzzle: &Puzzle,
    name: &str,
    budget: u64,
    theirs: &StudentTrace,
    c: &Comparison,
) -> String {
    let count = |n: u64| grouped(&n.to_string());
    let mut text = format!(
        "Your trace ({} expansions) against the assignment's search on {name} (budget {}):\n",
        count(theirs.len()),
        Budget(budget)
    );
    text.push_str(&c.headline(theirs.generated));
    let Some(d) = &c.difference else {
        text.push_str(".\n");
        return text;
    };
    text.push_str(":\n");
    text.push('\n');
    text.push_str(&sides_text(puzzle, d.ours.as_ref(), d.theirs.as_ref()));
    text.push('\n');
    text.push_str(&c.cause_text());
    text.push_str(".\n");
    text
}

/// A board's rows as text (`o` peg, `.` hole), without the frame's empty rows and margin.
fn board_rows(puzzle: &Puzzle, pegs: CellSet) -> Vec<String> {
    let rows: Vec<String> = render_rows(puzzle.shape().cells(), pegs, puzzle.frame)
        .into_iter()
        .map(|r| r.trim_end().to_string())
        .filter(|r| !r.is_empty())
        .collect();
    let margin = rows
        .iter()
        .map(|r| r.len() - r.trim_start().len())
        .min()
        .unwrap_or(0);
    rows.into_iter().map(|r| r[margin..].to_string()).collect()
}

/// A side's path (none for a missing side).
fn path_of(side: Option<&Side>) -> &[Jump] {
    side.map(|s| s.path.as_slice()).unwrap_or_default()
}

/// The two nodes side by side (headings, boards, then each path).
fn sides_text(puzzle: &Puzzle, ours: Option<&Side>, theirs: Option<&Side>) -> String {
    let describe = |s: Option<&Side>| match s {
        None => vec!["(no expansion)".to_string()],
        Some(s) => {
            let e = s.expansion;
            let mut lines = vec![format!(
                "depth {}, {}, {}",
                e.depth,
                pegs_in_words(e.pegs),
                e.jump.map_or("the start".into(), |j| format!("after {j}"))
            )];
            lines.extend(
                board_rows(puzzle, s.pegs)
                    .into_iter()
                    .map(|r| format!("  {r}")),
            );
            lines
        }
    };
    let (left, right) = (describe(ours), describe(theirs));
    let width = left
        .iter()
        .map(|l| l.chars().count())
        .chain([24])
        .max()
        .unwrap_or(24)
        + 4;
    let mut text = format!("{:<width$}{}\n", "The assignment's search", "Your trace");
    for i in 0..left.len().max(right.len()) {
        let l = left.get(i).map_or("", String::as_str);
        let r = right.get(i).map_or("", String::as_str);
        text.push_str(format!("{l:<width$}{r}").trim_end());
        text.push('\n');
    }
    let (a, b) = (path_of(ours), path_of(theirs));
    let shared = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let jumps = |p: &[Jump]| {
        if p.is_empty() {
            "(the start)".to_string()
        } else {
            p.iter().map(Jump::to_string).collect::<Vec<_>>().join(" ")
        }
    };
    text.push_str("\nPath from the start:\n");
    if ours.is_some() {
        text.push_str(&format!("  the search: {}\n", jumps(a)));
    }
    if theirs.is_some() {
        text.push_str(&format!("  yours:      {}\n", jumps(b)));
    }
    if ours.is_some() && theirs.is_some() && a != b {
        text.push_str(&format!(
            "  (the same first {shared} jump{})\n",
            if shared == 1 { "" } else { "s" }
        ));
    }
    text
}
