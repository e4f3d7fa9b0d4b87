//! `pegsol solve --fewest-moves` and `pegsol solutions`: what the command line prints for the
//! fewest-moves engine and the solution counter, for people and as JSON.

use super::error::CliError;
use pegsol_layout::Puzzle;
use pegsol_rules::{cell_name, Goal};
use pegsol_solver::budget::{grouped, thousands};
use pegsol_solver::engines::moves::{self, MovesOutcome};
use pegsol_solver::engines::solutions::{self, SolutionCount, SolutionsError};
use pegsol_solver::Control;

/// The goal in words, for the summaries.
fn goal_words(goal: Goal, puzzle: &Puzzle) -> String {
    match goal {
        Goal::Anywhere => "one peg anywhere".into(),
        Goal::At(c) if Some(c) == puzzle.shape().center() => {
            format!("one peg in the centre ({})", cell_name(c))
        }
        Goal::At(c) => format!("one peg on {}", cell_name(c)),
    }
}

/// Runs the fewest-moves search and returns what to print.
pub fn fewest_moves(
    puzzle: &Puzzle,
    source: &str,
    goal: Goal,
    budget: Option<u64>,
    memory: Option<u64>,
    json: bool,
    control: &mut Control,
) -> Result<String, CliError> {
    let options = moves::Options {
        budget,
        memory,
        ..moves::Options::default()
    };
    let out = moves::fewest_moves(&puzzle.start, goal, options, control);
    Ok(if json {
        moves_json(source, goal, budget, &out)
    } else {
        moves_human(puzzle, source, goal, &out)
    })
}

fn moves_human(puzzle: &Puzzle, source: &str, goal: Goal, o: &MovesOutcome) -> String {
    let mut text = format!(
        "{} ({source}), fewest moves to {}\n",
        puzzle.name,
        goal_words(goal, puzzle)
    );
    let verdict = match (o.moves(), o.proven_optimal) {
        (Some(0), _) => "the start already wins: 0 moves".to_string(),
        (Some(m), true) => format!(
            "{m} moves ({} jumps), proven: no solution takes fewer moves",
            o.jumps().len()
        ),
        (Some(m), false) if o.lower_bound > 1 => format!(
            "{m} moves ({} jumps), not proven ({}): every solution takes at least {} moves",
            o.jumps().len(),
            stop_words(o.stop),
            o.lower_bound
        ),
        (Some(m), false) => format!("{m} moves ({} jumps), not proven", o.jumps().len()),
        (None, true) => "the goal cannot be reached from this start".to_string(),
        (None, false) => format!(
            "no solution found ({}); every solution takes at least {} moves",
            stop_words(o.stop),
            o.lower_bound
        ),
    };
    text.push_str(&format!("Result: {verdict}\n"));
    for (i, chain) in o.chains.iter().enumerate() {
        let steps: Vec<String> = chain.iter().map(|j| j.to_string()).collect();
        text.push_str(&format!("{:>3}. {}\n", i + 1, steps.join(" ")));
    }
    text.push_str(&format!(
        "Positions expanded: {}, held: {}, time: {:.3} s\n",
        thousands(o.expanded),
        thousands(o.held),
        o.elapsed.as_secs_f64()
    ));
    text
}

/// Why a search by moves stopped short of its answer, in words.
fn stop_words(stop: pegsol_solver::Stop) -> &'static str {
    match stop {
        pegsol_solver::Stop::Cancelled => "cancelled",
        pegsol_solver::Stop::OutOfMemory => "memory full",
        _ => "budget exhausted",
    }
}

fn moves_json(source: &str, goal: Goal, budget: Option<u64>, o: &MovesOutcome) -> String {
    let chains: Vec<Vec<String>> = o
        .chains
        .iter()
        .map(|c| c.iter().map(|j| j.to_string()).collect())
        .collect();
    serde_json::json!({
        "layout": source,
        "algorithm": "fewest-moves",
        "finish": match goal { Goal::Anywhere => "any".to_string(), Goal::At(c) => c.to_string() },
        "budget": budget,
        "won": o.won,
        "moves": o.moves(),
        "solution_length": o.jumps().len(),
        "chains": chains,
        "jumps": o.jumps().iter().map(|j| j.to_string()).collect::<Vec<_>>(),
        "proven_optimal": o.proven_optimal,
        "lower_bound": o.lower_bound,
        "stop": o.stop,
        "expanded": o.expanded,
        "generated": o.generated,
        "seconds": o.elapsed.as_secs_f64(),
    })
    .to_string()
}

/// Counts the solutions and returns what to print.
pub fn count_solutions(
    puzzle: &Puzzle,
    source: &str,
    goal: Goal,
    json: bool,
    control: &mut Control,
) -> Result<String, CliError> {
    let count = solutions::count_solutions(&puzzle.start, goal, control).map_err(|e| match e {
        SolutionsError::Cancelled => CliError::Failed("counting cancelled".into()),
        other => CliError::Failed(format!("{}: {other}", puzzle.name)),
    })?;
    Ok(solutions_text(puzzle, source, goal, json, &count))
}

/// What `pegsol solutions` prints for `count`: one JSON object, or lines for people.
pub fn solutions_text(
    puzzle: &Puzzle,
    source: &str,
    goal: Goal,
    json: bool,
    count: &SolutionCount,
) -> String {
    if json {
        solutions_json(source, goal, count)
    } else {
        solutions_human(puzzle, source, goal, count)
    }
}

fn solutions_human(puzzle: &Puzzle, source: &str, goal: Goal, c: &SolutionCount) -> String {
    format!(
        "{} ({source}), goal: {}\nSolutions (jump sequences): {}\nPositions on a solution: {} \
         ({} up to symmetry)\nPositions examined: {}, time: {:.3} s\n",
        puzzle.name,
        goal_words(goal, puzzle),
        grouped(&c.solutions.to_string()),
        grouped(&c.positions.to_string()),
        grouped(&c.up_to_symmetry.to_string()),
        thousands(c.examined),
        c.elapsed.as_secs_f64()
    )
}

fn solutions_json(source: &str, goal: Goal, c: &SolutionCount) -> String {
    serde_json::json!({
        "layout": source,
        "finish": match goal { Goal::Anywhere => "any".to_string(), Goal::At(c) => c.to_string() },
        // A string: the count can pass 2^53, where JSON readers lose digits.
        "solutions": c.solutions.to_string(),
        "positions": c.positions,
        "positions_up_to_symmetry": c.up_to_symmetry,
        "examined": c.examined,
        "seconds": c.elapsed.as_secs_f64(),
    })
    .to_string()
}
