//! Printing search results: the assignment's STATS block, a human summary, and JSON.

use crate::layout::Puzzle;
use crate::solver::{Outcome, Stop};

/// The STATS block exactly as the assignment prints it and writes to `output.txt`.
pub fn stats_block(o: &Outcome) -> String {
    format!(
        "STATS:\nExpanded nodes: {}\nGenerated nodes: {}\nSolution Length: {}\n\
         Number of Pegs Left: {}\nExpanded/seconds: {}\nTime (seconds): {:.6}\n",
        o.expanded,
        o.generated,
        o.jumps.len(),
        o.pegs_left,
        o.expanded_per_second(),
        o.elapsed.as_secs_f64()
    )
}

fn verdict(o: &Outcome) -> &'static str {
    match (o.won, o.proven_optimal, o.stop) {
        (_, _, Stop::Cancelled) => "cancelled",
        (true, _, _) => "won",
        (false, true, _) => "proven optimal: no position with fewer pegs can be reached",
        (false, false, Stop::Budget) => "budget exhausted",
        (false, false, _) => "not won",
    }
}

/// A person's summary: what was solved, the STATS block, the verdict and the jumps.
pub fn human(puzzle: &Puzzle, source: &str, budget: Option<u64>, o: &Outcome) -> String {
    let budget = budget.map_or("no limit".to_string(), |b| b.to_string());
    let jumps: Vec<String> = o.jumps.iter().map(|j| j.to_string()).collect();
    format!(
        "{} ({source}), {} search, budget {budget}\n{}Result: {} pegs left, {}\nJumps: {}\n",
        puzzle.name,
        o.algorithm.name(),
        stats_block(o),
        o.pegs_left,
        verdict(o),
        if jumps.is_empty() {
            "(none)".to_string()
        } else {
            jumps.join(" ")
        }
    )
}

/// One JSON object with the fields the issues list.
pub fn json(source: &str, budget: Option<u64>, o: &Outcome) -> String {
    let value = serde_json::json!({
        "layout": source,
        "algorithm": o.algorithm.name(),
        "budget": budget,
        "expanded": o.expanded,
        "generated": o.generated,
        "solution_length": o.jumps.len(),
        "pegs_left": o.pegs_left,
        "won": o.won,
        "proven_optimal": o.proven_optimal,
        "stop": o.stop,
        "seconds": o.elapsed.as_secs_f64(),
        "peak_nodes": o.peak_nodes,
        "jumps": o.jumps.iter().map(|j| j.to_string()).collect::<Vec<_>>(),
    });
    value.to_string()
}
