//! The command line: batch work without a window.
//!
//! Owns argument parsing (clap), the assignment's `pegsol <level> AI <budget> [play_solution]`
//! form, and printing results as text or JSON. Exit status: 0 on success, 2 for bad arguments
//! or a bad layout file (with a message naming what is wrong), 1 for a failed run.

mod error;
pub mod experiment;
mod hint;
mod moves;
mod report;

pub use error::CliError;

use crate::layout::files::write_atomic;
use crate::layout::load::{resolve_named_puzzle, resolve_puzzle, LoadError};
use crate::layout::{render_rows, Puzzle};
use crate::rules::{Cell, CellSet, Goal, Position};
use crate::solver::budget::parse_budget;
use crate::solver::engines::{classic, count};
use crate::solver::services::analyze;
use crate::solver::{search, uncontrolled, Algorithm, Budget, Outcome};
use clap::{Parser, Subcommand, ValueEnum};
use std::io::Write;
use std::process::ExitCode;

/// What `main` should do after parsing the arguments.
pub enum Launch {
    /// The command line did the work; exit with this code.
    Done(ExitCode),
    /// Open the window.
    Gui(GuiOptions),
    /// Play in the terminal (`pegsol play`, `--terminal`, or no display).
    Terminal(crate::tui::TuiOptions),
}

/// Options for opening the window (see `pegsol --help`).
#[derive(Clone, Debug, Default, clap::Args)]
pub struct GuiOptions {
    /// Write a PNG of the window to this path and exit.
    #[arg(long, value_name = "PATH")]
    pub screenshot: Option<std::path::PathBuf>,
    /// Board to open (level 0-8, catalogue name, or file).
    #[arg(long, value_name = "LAYOUT")]
    pub layout: Option<String>,
    /// Window size for the screenshot, e.g. 1200x800.
    #[arg(long, value_name = "WxH")]
    pub size: Option<String>,
    /// Solve the board (exact, no limit) before the screenshot and load the solution.
    #[arg(long, requires = "screenshot")]
    pub solve: bool,
    /// With --solve: move the timeline to jump N.
    #[arg(long, value_name = "N", requires = "solve")]
    pub step: Option<usize>,
    /// Open the layout editor (with --layout's board, or the English board).
    #[arg(long)]
    pub editor: bool,
    /// Open the Experiments window (with --screenshot: run levels 0-8 at 10k and 100k to the
    /// end first).
    #[arg(long)]
    pub experiments: bool,
    /// A layout or saved game to open (what a double-click passes).
    #[arg(value_name = "FILE")]
    pub file: Option<std::path::PathBuf>,
    /// Play in this terminal instead of opening the window (the default where there is no
    /// display).
    #[arg(long, conflicts_with_all = ["screenshot", "editor", "experiments"])]
    pub terminal: bool,
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
    },
    /// List the built-in boards.
    Layouts,
    /// Print a board in the layouts table's text form.
    Show {
        /// The board.
        layout: String,
    },
    /// Solve a board.
    Solve {
        /// The board.
        layout: String,
        /// Search engine.
        #[arg(long, value_enum, default_value_t = AlgorithmArg::Exact)]
        algorithm: AlgorithmArg,
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
    },
    /// Count the solutions: how many jump sequences reach the goal, and the positions on them.
    Solutions {
        /// The board.
        layout: String,
        /// The goal: any, center, or X,Y (default: the layout's own).
        #[arg(long)]
        finish: Option<String>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// For every single-vacancy start, list the one-peg finishes that can be reached.
    Analyze {
        /// The board.
        layout: String,
        /// Only look at these finishes: any, center, or X,Y.
        #[arg(long)]
        finish: Option<String>,
        /// Expansions allowed per (start, finish) solve (default: no limit).
        #[arg(long, value_parser = parse_budget)]
        budget: Option<u64>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Count the positions reachable after each number of jumps, and how many can still win.
    Count {
        /// The board.
        layout: String,
        /// The goal for "can still win": any, center, or X,Y (default: the layout's own).
        #[arg(long)]
        finish: Option<String>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Can the position still be won? Why not? Which jumps keep the goal reachable?
    Hint(hint::HintArgs),
    /// The budget sweep: layouts x budgets x engines, as a table (and CSV, Markdown, charts).
    Experiment(experiment::ExperimentArgs),
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum AlgorithmArg {
    Exact,
    Classic,
}

impl From<AlgorithmArg> for Algorithm {
    fn from(a: AlgorithmArg) -> Algorithm {
        match a {
            AlgorithmArg::Exact => Algorithm::Exact,
            AlgorithmArg::Classic => Algorithm::Classic,
        }
    }
}

/// A bad argument, with the message shown.
fn usage(message: impl Into<String>) -> CliError {
    CliError::Usage(message.into())
}

/// Parses the process arguments and runs a command, or says to open the window.
pub fn run(args: Vec<String>) -> Launch {
    let result = if args.get(2).is_some_and(|a| a == "AI") {
        assignment_form(&args[1..]).map(|()| None)
    } else {
        match Cli::try_parse_from(&args) {
            Ok(cli) => dispatch(cli),
            Err(e) => {
                // clap prints help and version to stdout with status 0, errors with status 2.
                let _ = e.print();
                return Launch::Done(ExitCode::from(e.exit_code() as u8));
            }
        }
    };
    match result {
        Ok(Some(launch)) => launch,
        Ok(None) => Launch::Done(ExitCode::SUCCESS),
        Err(e) => {
            eprintln!("pegsol: {e}");
            Launch::Done(ExitCode::from(e.exit_code()))
        }
    }
}

fn dispatch(cli: Cli) -> Result<Option<Launch>, CliError> {
    let Some(command) = cli.command else {
        return Ok(Some(front_end(cli.gui)));
    };
    match command {
        Command::Play { layout } => {
            return Ok(Some(Launch::Terminal(crate::tui::TuiOptions {
                layout,
                why: "terminal game (pegsol play)".into(),
            })))
        }
        Command::Layouts => list_layouts(),
        Command::Show { layout } => show(&layout),
        Command::Solve {
            layout,
            algorithm: _,
            budget,
            finish,
            json,
            fewest_moves: true,
        } => moves_command(&layout, budget, finish.as_deref(), json),
        Command::Solve {
            layout,
            algorithm,
            budget,
            finish,
            json,
            fewest_moves: false,
        } => solve_command(&layout, algorithm.into(), budget, finish.as_deref(), json),
        Command::Solutions {
            layout,
            finish,
            json,
        } => solutions_command(&layout, finish.as_deref(), json),
        Command::Analyze {
            layout,
            finish,
            budget,
            json,
        } => analyze_command(&layout, finish.as_deref(), budget, json),
        Command::Count {
            layout,
            finish,
            json,
        } => count_command(&layout, finish.as_deref(), json),
        Command::Hint(args) => hint::run(args),
        Command::Experiment(args) => experiment::run(args),
    }
    .map(|()| None)
}

/// `pegsol [LAYOUT]`: the window where a display exists, the terminal game where none does
/// (on a terminal) or with `--terminal`, saying which and why on standard error's first line.
fn front_end(mut gui: GuiOptions) -> Launch {
    // `pegsol 5`, `pegsol english`: a catalogue board rather than a file of that name.
    if let Some(file) = &gui.file {
        let name = file.to_string_lossy().into_owned();
        if gui.layout.is_none() && !file.exists() && crate::layout::catalogue::find(&name).is_some()
        {
            gui.layout = Some(name);
            gui.file = None;
        }
    }
    let spec = || {
        gui.file
            .as_ref()
            .map(|f| f.to_string_lossy().into_owned())
            .or_else(|| gui.layout.clone())
    };
    if gui.terminal {
        eprintln!("pegsol: playing in the terminal (--terminal)");
        return Launch::Terminal(crate::tui::TuiOptions {
            layout: spec(),
            why: "terminal game (--terminal)".into(),
        });
    }
    if gui.screenshot.is_none() && !gui.editor && !gui.experiments {
        use std::io::IsTerminal;
        match crate::tui::display(|k| std::env::var(k).ok()) {
            Err(why) if crate::tui::on_a_terminal() => {
                eprintln!("pegsol: {why}: playing in the terminal");
                return Launch::Terminal(crate::tui::TuiOptions {
                    layout: spec(),
                    why: format!("terminal game ({why})"),
                });
            }
            Ok(display) if std::io::stderr().is_terminal() => eprintln!(
                "pegsol: opening the window on {display} (--terminal plays in this terminal)"
            ),
            _ => {}
        }
    }
    Launch::Gui(gui)
}

fn list_layouts() -> Result<(), CliError> {
    println!(
        "{:<12} {:<22} {:>4} {:>5} {:<10} {:>3}  DESCRIPTION",
        "KEY", "NAME", "PEGS", "HOLES", "GRID", "SYM"
    );
    for entry in crate::layout::catalogue::ENTRIES {
        let layout = entry.layout().map_err(|e| usage(e.to_string()))?;
        let puzzle = layout
            .validate()
            .map_err(|problems| LoadError::invalid(entry.key, problems))?;
        let shape = puzzle.shape();
        println!(
            "{:<12} {:<22} {:>4} {:>5} {:<10} {:>3}  {}",
            entry.key,
            layout.name,
            puzzle.start.peg_count(),
            shape.cells().len(),
            format!("{:?}", shape.grid()),
            shape.symmetries().len(),
            layout.description
        );
    }
    Ok(())
}

fn show(spec: &str) -> Result<(), CliError> {
    let puzzle = resolve_puzzle(spec)?;
    for row in render_rows(puzzle.shape().cells(), puzzle.start.pegs(), puzzle.frame) {
        println!("{row}");
    }
    Ok(())
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

fn run_solver(
    puzzle: &Puzzle,
    algorithm: Algorithm,
    goal: Goal,
    budget: Option<u64>,
) -> Result<Outcome, CliError> {
    if algorithm == Algorithm::Classic {
        if let Some(budget) = budget {
            Budget(budget).check_memory(&puzzle.start)?;
        }
    }
    Ok(uncontrolled(|c| {
        search(algorithm, &puzzle.start, goal, budget, c)
    }))
}

fn solve_command(
    spec: &str,
    algorithm: Algorithm,
    budget: Option<u64>,
    finish: Option<&str>,
    json: bool,
) -> Result<(), CliError> {
    let (puzzle, name) = resolve_named_puzzle(spec)?;
    let goal = match finish {
        Some(f) => parse_finish(f, &puzzle)?,
        None => puzzle.goal,
    };
    let budget = Budget::resolve(algorithm, budget);
    let outcome = run_solver(&puzzle, algorithm, goal, budget)?;
    if json {
        println!("{}", report::json(&name, budget, &outcome));
    } else {
        print!("{}", report::human(&puzzle, &name, budget, &outcome));
    }
    Ok(())
}

fn moves_command(
    spec: &str,
    budget: Option<u64>,
    finish: Option<&str>,
    json: bool,
) -> Result<(), CliError> {
    let (puzzle, name) = resolve_named_puzzle(spec)?;
    let goal = match finish {
        Some(f) => parse_finish(f, &puzzle)?,
        None => puzzle.goal,
    };
    let text = uncontrolled(|c| moves::fewest_moves(&puzzle, &name, goal, budget, json, c))?;
    print!("{text}");
    if json {
        println!();
    }
    Ok(())
}

fn solutions_command(spec: &str, finish: Option<&str>, json: bool) -> Result<(), CliError> {
    let (puzzle, name) = resolve_named_puzzle(spec)?;
    let goal = match finish {
        Some(f) => parse_finish(f, &puzzle)?,
        None => puzzle.goal,
    };
    let text = uncontrolled(|c| moves::count_solutions(&puzzle, &name, goal, json, c))?;
    print!("{text}");
    if json {
        println!();
    }
    Ok(())
}

fn analyze_command(
    spec: &str,
    finish: Option<&str>,
    budget: Option<u64>,
    json: bool,
) -> Result<(), CliError> {
    let (puzzle, name) = resolve_named_puzzle(spec)?;
    let only = match finish.map(|f| parse_finish(f, &puzzle)).transpose()? {
        Some(Goal::At(c)) => Some(CellSet::single(c)),
        _ => None,
    };
    let reports = uncontrolled(|c| analyze::analyze(puzzle.shape(), only, budget, c))
        .ok_or_else(|| CliError::Failed("analysis cancelled".into()))?;
    if json {
        println!("{}", report::analysis_json(&name, &reports));
    } else {
        print!("{}", report::analysis_text(&puzzle, &reports));
    }
    Ok(())
}

fn count_command(spec: &str, finish: Option<&str>, json: bool) -> Result<(), CliError> {
    let (puzzle, name) = resolve_named_puzzle(spec)?;
    let goal = match finish {
        Some(f) => parse_finish(f, &puzzle)?,
        None => puzzle.goal,
    };
    let levels = uncontrolled(|c| count::count(&puzzle.start, goal, c))
        .map_err(|e| CliError::Failed(format!("{}: {e}", puzzle.name)))?;
    if json {
        println!("{}", report::count_json(&name, &levels));
    } else {
        print!("{}", report::count_text(&puzzle, goal, &levels));
    }
    Ok(())
}

/// `pegsol <level> AI <budget> [play_solution]`, as the assignment's program takes it.
fn assignment_form(args: &[String]) -> Result<(), CliError> {
    const USAGE: &str = "usage: pegsol <level> AI <budget> [play_solution]\n  \
        <level> is 0-8 or any LAYOUT; <budget> a whole number of expanded nodes, e.g. 1200000";
    let bad = |why: &str| usage(format!("{why}\n{USAGE}"));
    let level = &args[0];
    let budget_text = args
        .get(2)
        .ok_or_else(|| bad("missing the budget after `AI`"))?;
    let budget = parse_budget(budget_text).map_err(|e| bad(&e.to_string()))?;
    let play = match args.get(3).map(String::as_str) {
        None => false,
        Some("play_solution") => true,
        Some(other) => return Err(bad(&format!("unexpected argument `{other}`"))),
    };
    if args.len() > 4 {
        return Err(bad("too many arguments"));
    }
    let puzzle = resolve_puzzle(level).map_err(|e| bad(&e.to_string()))?;
    Budget(budget).check_memory(&puzzle.start)?;
    let outcome = uncontrolled(|c| classic::solve(&puzzle.start, puzzle.goal, budget, c));
    if play {
        if crate::tui::on_a_terminal() {
            let why = format!("the solution of {level} AI {budget}");
            crate::tui::watch_solution(puzzle.clone(), &outcome.jumps, why)
                .map_err(CliError::Failed)?;
        } else {
            play_solution(&puzzle, &outcome);
        }
    }
    let stats = outcome.stats_block();
    print!("{stats}");
    write_atomic(std::path::Path::new("output.txt"), &stats)
        .map_err(|e| CliError::write("output.txt", e))?;
    Ok(())
}

/// Prints the solution board by board, as text (a terminal gets the animated view instead;
/// this pause is for a terminal on standard output only, with input redirected).
fn play_solution(puzzle: &Puzzle, outcome: &Outcome) {
    use std::io::IsTerminal;
    let pause = std::io::stdout().is_terminal();
    let mut position = puzzle.start.clone();
    let mut out = std::io::stdout().lock();
    let draw = |out: &mut dyn Write, title: &str, p: &Position| {
        let _ = writeln!(out, "{title}");
        for row in render_rows(p.shape().cells(), p.pegs(), puzzle.frame) {
            let _ = writeln!(out, "  {}", row.trim_end());
        }
        let _ = writeln!(out);
    };
    draw(&mut out, "Start", &position);
    for (i, &jump) in outcome.jumps.iter().enumerate() {
        position.play_unchecked(jump);
        draw(
            &mut out,
            &format!("Jump {} of {}: {jump}", i + 1, outcome.jumps.len()),
            &position,
        );
        if pause {
            let _ = out.flush();
            std::thread::sleep(std::time::Duration::from_millis(300));
        }
    }
}
