//! The command line: batch work without a window.
//!
//! Owns argument parsing (clap; arguments are taken as `OsString`, so a file name that is not
//! UTF-8 is still a file name), the assignment's `pegsol <level> AI <budget> [play_solution]`
//! form, and printing results as text or JSON. Exit status: 0 on success (and when standard
//! output's reader goes away), 2 for bad arguments, a bad layout file or an output that cannot
//! be written (with a message naming what is wrong), 1 for a failed run, 130 for Ctrl+C.

mod assignment;
mod board;
mod cluster;
mod count;
mod error;
pub mod experiment;
mod front_end;
mod generate;
mod hint;
mod moves;
mod output;
mod report;
mod running;
mod trace;

pub use error::CliError;

use clap::builder::TypedValueParser;
use clap::{Parser, Subcommand};
pub use front_end::GuiOptions;
use output::{note, print, println};
use pegsol_layout::load::LoadError;
use pegsol_layout::{render_rows, Puzzle};
use pegsol_rules::{Cell, CellSet, Goal};
use pegsol_solver::budget::parse_budget;
use pegsol_solver::engines::classic;
use pegsol_solver::engines::whole::WholeError;
use pegsol_solver::services::{analyze, meet_pairs};
use pegsol_solver::{search, Budget, Engine};
use running::run_job;
use std::ffi::{OsStr, OsString};
use std::process::ExitCode;

/// What `main` should do after parsing the arguments.
pub enum Launch {
    /// The command line did the work; exit with this code.
    Done(ExitCode),
    /// Open the window.
    Gui(GuiOptions),
    /// Play in the terminal (`pegsol play`, `--terminal`, or no display).
    Terminal(pegsol_tui::TuiOptions),
}

#[derive(Parser, Debug)]
#[command(
    name = "pegsol",
    version,
    about = "Pegsol, a peg solitaire studio: play, design, solve and replay boards.",
    after_help = "With no command, opens the window, or where there is no display (or with\n\
                  --terminal) plays in the terminal, as `pegsol play` does.\n\
                  The assignment's form also works: pegsol <level> AI <budget> [play_solution]\n\
                  LAYOUT is a level number 0-8, a catalogue name (see `pegsol layouts`), or a file\n\
                  (.ron layout, layouts table, plain-text board, or Pegs game ID)."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    gui: GuiOptions,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play in the terminal: a board (level, name, file) or a saved game; with none, the
    /// game in progress.
    Play {
        /// The board or saved game.
        layout: Option<String>,
        /// Colours for a light or dark terminal background (system: as the terminal says,
        /// `COLORFGBG`, else dark).
        #[arg(long, value_name = "THEME", value_parser = ["system", "light", "dark"])]
        theme: Option<String>,
        /// Cell names: board (`d4`) or xy (`3,3`, as the assignment's code, `--json` and
        /// saved games have them); the `x` key switches.
        #[arg(long, value_name = "STYLE", value_parser = ["board", "xy"])]
        coords: Option<String>,
    },
    /// List the built-in boards.
    Layouts,
    /// Print a board in the layouts table's text form.
    Show {
        /// The board.
        layout: OsString,
    },
    /// Solve a board.
    Solve {
        /// The board.
        layout: OsString,
        /// Search engine (`moves`: as --fewest-moves).
        #[arg(long, value_parser = engine_parser(), default_value = Engine::Exact.name())]
        algorithm: Engine,
        /// Expanded-node budget, e.g. 1200000, 1.2M, 10k (default: classic 1M, exact none).
        #[arg(long, value_parser = parse_budget)]
        budget: Option<u64>,
        /// Where the last peg must be: any, center, or X,Y (default: the layout's own).
        #[arg(long)]
        finish: Option<String>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Find the fewest moves (one peg's chain of jumps is one move) instead of the
        /// fewest pegs, and prove it; --budget caps the positions expanded.
        #[arg(long, conflicts_with = "algorithm")]
        fewest_moves: bool,
        /// With --fewest-moves: most memory the search may use, e.g. 8G or 512M (default:
        /// three quarters of what the process's limits and the free memory allow). Given,
        /// the answer does not depend on how much memory is free.
        #[arg(long, value_parser = count::parse_size, requires = "fewest_moves")]
        memory: Option<u64>,
    },
    /// Count the solutions: how many jump sequences reach the goal, and the positions on them.
    Solutions {
        /// The board.
        layout: OsString,
        /// Start with every hole full but this one: center, or X,Y (default: the layout's
        /// own start).
        #[arg(long)]
        start: Option<String>,
        /// The goal: any, center, or X,Y (default: the layout's own).
        #[arg(long)]
        finish: Option<String>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        machine: count::MachineArgs,
        #[command(flatten)]
        cluster: cluster::ClusterArgs,
    },
    /// For every single-vacancy start, list the one-peg finishes that can be reached.
    Analyze {
        /// The board.
        layout: OsString,
        /// Only look at these finishes: any, center, or X,Y.
        #[arg(long)]
        finish: Option<String>,
        /// Expansions allowed per (start, finish) solve (default: 2M); every pair the
        /// solves leave open is then decided by meeting in the middle with the level engine.
        #[arg(long, value_parser = parse_budget)]
        budget: Option<u64>,
        /// Leave the pairs the solves do not decide undecided, instead of meeting in the
        /// middle (which on a big board takes minutes and gigabytes).
        #[arg(long)]
        no_meet: bool,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        machine: count::MachineArgs,
    },
    /// Count the positions reachable after each number of jumps, and how many can still win.
    Count {
        /// The board.
        layout: OsString,
        /// Start with every hole full but this one: center, or X,Y (default: the layout's
        /// own start).
        #[arg(long)]
        start: Option<String>,
        /// The goal for "can still win": any, center, or X,Y (default: the layout's own).
        #[arg(long)]
        finish: Option<String>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        machine: count::MachineArgs,
        #[command(flatten)]
        cluster: cluster::ClusterArgs,
    },
    /// Can the position still be won? Why not? Which jumps keep the goal reachable?
    Hint(hint::HintArgs),
    /// The budget sweep: layouts x budgets x engines, as a table (and CSV, Markdown, charts).
    Experiment(experiment::ExperimentArgs),
    /// The assignment's search one expansion a line, or where a student's trace differs.
    Trace(trace::TraceArgs),
    /// The manual page or a shell's completions, on standard output (for packagers).
    #[command(hide = true)]
    Generate {
        /// man, bash, zsh, fish, elvish or powershell.
        #[arg(value_enum)]
        what: generate::Artefact,
    },
}

/// `--algorithm`'s values are the engines' own names ([`Engine::name`]). (A parser, not
/// `ValueEnum`: the engine is the solver crate's type and the trait clap's.)
fn engine_parser() -> impl clap::builder::TypedValueParser<Value = Engine> {
    clap::builder::PossibleValuesParser::new(
        [Engine::Exact, Engine::Classic, Engine::FewestMoves].map(Engine::name),
    )
    .map(|name| {
        [Engine::Exact, Engine::Classic, Engine::FewestMoves]
            .into_iter()
            .find(|e| e.name() == name)
            .unwrap_or(Engine::Exact)
    })
}

/// A bad argument, with the message shown.
fn usage(message: impl Into<String>) -> CliError {
    CliError::Usage(message.into())
}

/// Parses the process arguments (`std::env::args_os`: any bytes, not only UTF-8) and runs a
/// command, or says to open the window.
pub fn run(args: Vec<OsString>) -> Launch {
    let result = if args.get(2).is_some_and(|a| a == "AI") {
        assignment::run(&args[1..]).map(|()| None)
    } else {
        match Cli::try_parse_from(&args) {
            Ok(cli) => dispatch(cli),
            Err(e) => {
                // clap prints help and version to stdout with status 0, errors with status 2;
                // a closed output is nothing to report.
                let _ = e.print();
                return Launch::Done(ExitCode::from(e.exit_code() as u8));
            }
        }
    };
    match result {
        Ok(Some(launch)) => launch,
        Ok(None) => Launch::Done(ExitCode::SUCCESS),
        Err(CliError::Closed) => Launch::Done(ExitCode::SUCCESS),
        Err(e) => {
            note(format!("pegsol: {e}"));
            Launch::Done(ExitCode::from(e.exit_code()))
        }
    }
}

/// Opens a `LAYOUT` argument for a command (see [`board::open_board`]): the puzzle to work
/// on (a saved game's current position) and where it came from, both printable, after saying
/// on the first line when it is a saved game (on standard error where standard output is for
/// a program: `machine`).
fn resolve_layout(spec: &OsStr, machine: bool) -> Result<(Puzzle, String), CliError> {
    let board = board::open_board(spec)?;
    board.announce(machine)?;
    Ok((board.puzzle, board.name))
}

fn dispatch(cli: Cli) -> Result<Option<Launch>, CliError> {
    let Some(command) = cli.command else {
        return Ok(Some(front_end::front_end(cli.gui)));
    };
    match command {
        Command::Play {
            layout,
            theme,
            coords,
        } => {
            return Ok(Some(Launch::Terminal(front_end::terminal_options(
                layout,
                "terminal game (pegsol play)",
                theme.as_deref(),
                coords.as_deref(),
            ))))
        }
        Command::Layouts => list_layouts(),
        Command::Show { layout } => show(&layout),
        Command::Solve {
            layout,
            algorithm,
            budget,
            finish,
            json,
            fewest_moves,
            memory,
        } => match if fewest_moves {
            Engine::FewestMoves
        } else {
            algorithm
        } {
            Engine::FewestMoves => moves_command(&layout, budget, memory, finish.as_deref(), json),
            engine => solve_command(&layout, engine, budget, finish.as_deref(), json),
        },
        Command::Solutions {
            layout,
            start,
            finish,
            json,
            machine,
            cluster,
        } if cluster.asked() => cluster::solutions_command(
            &layout,
            start.as_deref(),
            finish.as_deref(),
            json,
            &machine,
            &cluster,
        ),
        Command::Solutions {
            layout,
            start,
            finish,
            json,
            machine,
            ..
        } => count::solutions_command(&layout, start.as_deref(), finish.as_deref(), json, &machine),
        Command::Analyze {
            layout,
            finish,
            budget,
            no_meet,
            json,
            machine,
        } => analyze_command(&layout, finish.as_deref(), budget, !no_meet, json, &machine),
        Command::Count {
            layout,
            start,
            finish,
            json,
            machine,
            cluster,
        } if cluster.asked() => cluster::count_command(
            &layout,
            start.as_deref(),
            finish.as_deref(),
            json,
            &machine,
            &cluster,
        ),
        Command::Count {
            layout,
            start,
            finish,
            json,
            machine,
            ..
        } => count::count_command(&layout, start.as_deref(), finish.as_deref(), json, &machine),
        Command::Hint(args) => hint::run(args),
        Command::Experiment(args) => experiment::run(args),
        Command::Trace(args) => trace::run(args),
        Command::Generate { what } => generate::run(what),
    }
    .map(|()| None)
}

fn list_layouts() -> Result<(), CliError> {
    println(format!(
        "{:<12} {:<22} {:>4} {:>5} {:<10} {:>3}  DESCRIPTION",
        "KEY", "NAME", "PEGS", "HOLES", "GRID", "SYM"
    ))?;
    for entry in pegsol_layout::catalogue::ENTRIES {
        let layout = entry.layout().map_err(|e| usage(e.to_string()))?;
        let puzzle = layout
            .validate()
            .map_err(|problems| LoadError::invalid(entry.key, problems))?;
        let shape = puzzle.shape();
        println(format!(
            "{:<12} {:<22} {:>4} {:>5} {:<10} {:>3}  {}",
            entry.key,
            layout.name,
            puzzle.start.peg_count(),
            shape.cells().len(),
            format!("{:?}", shape.grid()),
            shape.symmetries().len(),
            layout.description
        ))?;
    }
    Ok(())
}

fn show(spec: &OsStr) -> Result<(), CliError> {
    let (puzzle, _) = resolve_layout(spec, false)?;
    let mut text = String::new();
    for row in render_rows(puzzle.shape().cells(), puzzle.start.pegs(), puzzle.frame) {
        text.push_str(&row);
        text.push('\n');
    }
    print(&text)
}

/// The goal `--finish` asks for, or the layout's own goal without one.
fn finish_goal(finish: Option<&str>, puzzle: &Puzzle) -> Result<Goal, CliError> {
    finish.map_or(Ok(puzzle.goal), |f| parse_finish(f, puzzle))
}

/// Parses `--finish`: `any`, `center`/`centre`, or `X,Y`.
fn parse_finish(text: &str, puzzle: &Puzzle) -> Result<Goal, CliError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "any" | "anywhere" => Ok(Goal::Anywhere),
        "center" | "centre" => puzzle.shape().center().map(Goal::At).ok_or_else(|| {
            usage(format!(
                "--finish center: {} has no centre cell",
                puzzle.name
            ))
        }),
        other => {
            let cell: Cell = other
                .parse()
                .map_err(|e| usage(format!("--finish: {e}; or use any / center")))?;
            if puzzle.shape().contains(cell) {
                Ok(Goal::At(cell))
            } else {
                Err(usage(format!(
                    "--finish: {cell} is not a hole of {}",
                    puzzle.name
                )))
            }
        }
    }
}

/// Runs one search on a worker (progress on a terminal, Ctrl+C stops it), refusing a classic
/// budget whose worst case does not fit in the memory the process may use.
fn run_solver(
    puzzle: &Puzzle,
    name: &str,
    engine: Engine,
    goal: Goal,
    budget: Option<u64>,
) -> Result<running::Ran<pegsol_solver::Outcome>, CliError> {
    if engine == Engine::Classic {
        if let Some(budget) = budget {
            Budget(budget).check_memory(&puzzle.start)?;
        }
    }
    let start = puzzle.start.clone();
    run_job("pegsol-solve", &format!("solving {name}"), move |job| {
        job.control(|c| search(engine, &start, goal, budget, c))
    })
}

fn solve_command(
    spec: &OsStr,
    engine: Engine,
    budget: Option<u64>,
    finish: Option<&str>,
    json: bool,
) -> Result<(), CliError> {
    let (puzzle, name) = resolve_layout(spec, json)?;
    let goal = finish_goal(finish, &puzzle)?;
    let budget = Budget::resolve(engine, budget);
    let ran = run_solver(&puzzle, &name, engine, goal, budget)?;
    let interrupted = ran.interrupted();
    let outcome = ran.value();
    if json {
        println(report::json(&puzzle, &name, goal, budget, &outcome))?;
    } else {
        print(&report::human(&puzzle, &name, goal, budget, &outcome))?;
    }
    if let Some(why) = classic::out_of_memory_text(&outcome) {
        return Err(CliError::Failed(why));
    }
    if interrupted {
        return Err(CliError::Interrupted);
    }
    Ok(())
}

fn moves_command(
    spec: &OsStr,
    budget: Option<u64>,
    memory: Option<u64>,
    finish: Option<&str>,
    json: bool,
) -> Result<(), CliError> {
    let (puzzle, name) = resolve_layout(spec, json)?;
    let goal = finish_goal(finish, &puzzle)?;
    let what = format!("fewest moves for {name}");
    let ran = run_job("pegsol-moves", &what, move |job| {
        job.control(|c| moves::fewest_moves(&puzzle, &name, goal, budget, memory, json, c))
    })?;
    let interrupted = ran.interrupted();
    // Stopped by Ctrl+C, the search still says what it ruled out; print that as usual.
    print(&ran.value()?)?;
    if interrupted {
        return Err(CliError::Interrupted);
    }
    Ok(())
}

/// Expansions a solve of `analyze` takes before the pair is left to the level engine: the
/// searches decide 72 of the diamond's 100 pairs within it in about two seconds, and more
/// only rarely.
const ANALYZE_SEARCH_BUDGET: u64 = 2_000_000;

fn analyze_command(
    spec: &OsStr,
    finish: Option<&str>,
    budget: Option<u64>,
    meet: bool,
    json: bool,
    machine: &count::MachineArgs,
) -> Result<(), CliError> {
    let (puzzle, name) = resolve_layout(spec, json)?;
    let only = match finish.map(|f| parse_finish(f, &puzzle)).transpose()? {
        Some(Goal::At(c)) => Some(CellSet::single(c)),
        _ => None,
    };
    let shape = puzzle.shape().clone();
    let settings = machine.settings();
    let ran = run_job("pegsol-analyze", &format!("analysing {name}"), move |job| {
        let searched = budget.unwrap_or(ANALYZE_SEARCH_BUDGET);
        let mut reports = job.control(|c| analyze::analyze(&shape, only, Some(searched), c))?;
        let open = reports.iter().any(|r| !r.unknown.is_empty());
        if !meet || !open || job.cancelled() {
            return Some((reports, None));
        }
        let (settled, stopped) = job.control(|c| {
            meet_pairs::settle(
                &shape,
                &mut reports,
                &settings,
                c.cancel_flag(),
                &mut |step| job.stage(step.line()),
            )
        });
        Some((reports, Some((settled, stopped))))
    })?;
    // Interrupted, the job still hands back the table: what the searches and the meet
    // finished is printed below, every pair not decided before the interrupt as undecided.
    let (mut interrupted, done) = match ran {
        running::Ran::Done(done) => (false, done),
        running::Ran::Interrupted(done) => (true, done),
    };
    let Some((reports, met)) = done else {
        return Err(if interrupted {
            CliError::Interrupted
        } else {
            CliError::Failed("analysis cancelled".into())
        });
    };
    match met {
        Some((settled, None)) => note(format!(
            "{settled} start-finish pairs the searches left open decided by meeting in the middle"
        )),
        Some((settled, Some(WholeError::Cancelled))) => {
            // What the searches and the meet finished is printed (the rest as undecided),
            // then the interrupt's status.
            note(format!(
                "{settled} pairs decided by meeting in the middle before the interrupt"
            ));
            interrupted = true;
        }
        Some((settled, Some(why))) => note(format!(
            "meeting in the middle decided {settled} pairs, then stopped: {why}"
        )),
        None if interrupted => {
            note("interrupted (Ctrl+C): the pairs not decided before it are shown as undecided");
        }
        None => {}
    }
    if json {
        println(report::analysis_json(&name, &reports))?;
    } else {
        print(&report::analysis_text(&puzzle, &reports))?;
    }
    if interrupted {
        return Err(CliError::Interrupted);
    }
    Ok(())
}
