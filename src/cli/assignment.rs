//! `pegsol <level> AI <budget> [play_solution]`, as the assignment's program takes it.
//!
//! Owns that form's arguments, its run (the classic search with the budget, on a worker with
//! progress and Ctrl+C, see [`super::running`]) and its output: `output.txt` is written first,
//! then the solution is played (if asked) and the STATS block printed, so a closed standard
//! output or a Ctrl+C never loses the result.

use super::output::{print, println};
use super::running::run_job;
use super::{resolve_layout, usage, CliError};
use pegsol_layout::files::write_atomic;
use pegsol_layout::{render_rows, Puzzle};
use pegsol_rules::Position;
use pegsol_solver::budget::parse_budget;
use pegsol_solver::engines::classic;
use pegsol_solver::{Budget, Outcome};
use std::ffi::OsString;

const USAGE: &str = "usage: pegsol <level> AI <budget> [play_solution]\n  \
    <level> is 0-8 or any LAYOUT; <budget> a whole number of expanded nodes, e.g. 1200000";

/// Runs the form; `args` are the process's arguments after the program's name.
pub(super) fn run(args: &[OsString]) -> Result<(), CliError> {
    let bad = |why: &str| usage(format!("{why}\n{USAGE}"));
    let level = &args[0];
    let budget_text = args
        .get(2)
        .ok_or_else(|| bad("missing the budget after `AI`"))?;
    let budget_text = budget_text.to_str().ok_or_else(|| {
        bad(&format!(
            "`{}` is not a budget",
            budget_text.to_string_lossy()
        ))
    })?;
    let budget = parse_budget(budget_text).map_err(|e| bad(&e.to_string()))?;
    let play = match args.get(3).map(|a| a.to_str()) {
        None => false,
        Some(Some("play_solution")) => true,
        Some(_) => {
            let other = args[3].to_string_lossy();
            return Err(bad(&format!("unexpected argument `{other}`")));
        }
    };
    if args.len() > 4 {
        return Err(bad("too many arguments"));
    }
    let (puzzle, name) = resolve_layout(level, true).map_err(|e| bad(&e.to_string()))?;
    Budget(budget).check_memory(&puzzle.start)?;
    let (start, goal) = (puzzle.start.clone(), puzzle.goal);
    let what = format!("{name} AI {}", Budget(budget));
    let ran = run_job("pegsol-classic", &what, move |job| {
        job.control(|c| classic::solve(&start, goal, budget, c))
    })?;
    let interrupted = ran.interrupted();
    let outcome = ran.value();
    let stats = outcome.stats_block();
    // The file first: whatever happens to standard output, the result is kept.
    write_atomic(std::path::Path::new("output.txt"), &stats)
        .map_err(|e| CliError::write("output.txt", e))?;
    let mut stopped = None;
    if play && !interrupted {
        if pegsol_tui::on_a_terminal() {
            let why = format!("the solution of {name} AI {budget}");
            // The board's own name, so `g` there finds the games kept for it.
            let source = level
                .to_str()
                .and_then(|spec| pegsol_record::Game::from_spec(spec).ok())
                .map(|game| game.source);
            stopped = pegsol_tui::watch_solution(puzzle.clone(), source, &outcome.jumps, why)?;
        } else {
            play_solution(&puzzle, &outcome)?;
        }
    }
    // A signal other than SIGINT ends the run at once (the terminal is restored and
    // output.txt written); SIGINT stops the animation as Ctrl+C stops the search.
    match stopped {
        Some(signal) if i32::from(signal) != libc::SIGINT => {
            return Err(CliError::Signal(signal));
        }
        Some(_) => {
            print(&stats)?;
            return Err(CliError::Interrupted);
        }
        None => {}
    }
    print(&stats)?;
    if let Some(why) = classic::out_of_memory_text(&outcome) {
        return Err(CliError::Failed(why));
    }
    if interrupted {
        return Err(CliError::Interrupted);
    }
    Ok(())
}

/// Prints the solution board by board, as text (a terminal gets the animated view instead;
/// this pause is for a terminal on standard output only, with input redirected).
fn play_solution(puzzle: &Puzzle, outcome: &Outcome) -> Result<(), CliError> {
    use std::io::IsTerminal;
    let pause = std::io::stdout().is_terminal();
    let mut position = puzzle.start.clone();
    let draw = |title: &str, p: &Position| {
        let mut text = format!("{title}\n");
        for row in render_rows(p.shape().cells(), p.pegs(), puzzle.frame) {
            text.push_str(&format!("  {}\n", row.trim_end()));
        }
        println(text)
    };
    draw("Start", &position)?;
    for (i, &jump) in outcome.jumps.iter().enumerate() {
        position.play_unchecked(jump);
        draw(
            &format!("Jump {} of {}: {jump}", i + 1, outcome.jumps.len()),
            &position,
        )?;
        if pause {
            std::thread::sleep(std::time::Duration::from_millis(300));
        }
    }
    Ok(())
}
