//! Printing search results: the assignment's STATS block, a human summary, and JSON.

use pegsol_layout::Puzzle;
use pegsol_rules::{Cell, Goal};
use pegsol_solver::engines::count::LevelCount;
use pegsol_solver::services::analyze::StartReport;
use pegsol_solver::{Outcome, Stop};

/// A person's summary: what was solved, the STATS block, the verdict and the jumps.
pub fn human(
    puzzle: &Puzzle,
    source: &str,
    goal: Goal,
    budget: Option<u64>,
    o: &Outcome,
) -> String {
    let budget = budget.map_or("no limit".to_string(), |b| b.to_string());
    let jumps: Vec<String> = o.jumps.iter().map(|j| j.to_string()).collect();
    format!(
        "{} ({source}), {} search, budget {budget}\n{}Result: {}\nJumps: {}\n",
        puzzle.name,
        o.engine.name(),
        o.stats_block(),
        verdict(puzzle, goal, o),
        if jumps.is_empty() {
            "(none)".to_string()
        } else {
            jumps.join(" ")
        }
    )
}

/// The result line: pegs left and the verdict, or, when a complete search shows that the
/// finish cell can never hold the last peg, that and why (the pegs left would mislead: they
/// are those of the start, on the way to a finish that does not exist).
fn verdict(puzzle: &Puzzle, goal: Goal, o: &Outcome) -> String {
    match goal {
        Goal::At(cell) if finish_unreachable(o) => {
            let (shape, pegs) = (puzzle.start.shape(), puzzle.start.pegs());
            let why = if shape.can_finish_at(pegs, cell) {
                "no sequence of jumps leaves one peg there (a complete search proved it)"
                    .to_string()
            } else {
                let cells: Vec<Cell> = shape.possible_finishes(pegs).iter().collect();
                format!(
                    "by the position-class test, a last peg can only be on {}",
                    if cells.is_empty() {
                        "no cell".to_string()
                    } else {
                        cells_text(&cells).join(" ")
                    }
                )
            };
            format!("the finish {cell} cannot be reached from this start: {why}")
        }
        _ if o.stop == Stop::Cancelled => {
            format!("{} pegs left, stopped: the best found so far", o.pegs_left)
        }
        _ => format!("{} pegs left, {}", o.pegs_left, o.verdict_text()),
    }
}

/// Whether the search proved that its finish cell cannot be reached.
fn finish_unreachable(o: &Outcome) -> bool {
    !o.won && o.proven_optimal && o.stop != Stop::Cancelled
}

/// One JSON object with the fields the issues list, plus the finish asked for and, when a
/// complete search proved it unreachable, `"finish_reachable": false`. A finish the position
/// class rules out is refused before any search: its `pegs_left` is `null` and
/// `proven_optimal` false (the start's count, "proven", once stood there).
pub fn json(puzzle: &Puzzle, source: &str, goal: Goal, budget: Option<u64>, o: &Outcome) -> String {
    let finish = match goal {
        Goal::Anywhere => "any".to_string(),
        Goal::At(c) => c.to_string(),
    };
    let mut value = serde_json::json!({
        "layout": source,
        "algorithm": o.engine.name(),
        "budget": budget,
        "finish": finish,
        "expanded": o.expanded,
        "generated": o.generated,
        "solution_length": o.jumps.len(),
        "pegs_left": o.pegs_left,
        "won": o.won,
        "proven_optimal": o.proven_optimal,
        "stop": o.stop,
        "seconds": o.elapsed.as_secs_f64(),
        "peak_nodes": o.peak_nodes,
        // Which member of the exact solver's portfolio found the jumps, in words (`null`:
        // the classic engine, or nothing needed searching).
        "found_by": o.found_by.map(|f| f.to_string()),
        "jumps": o.jumps.iter().map(|j| j.to_string()).collect::<Vec<_>>(),
    });
    if let Goal::At(cell) = goal {
        if finish_unreachable(o) {
            value["finish_reachable"] = serde_json::json!(false);
            if !puzzle
                .start
                .shape()
                .can_finish_at(puzzle.start.pegs(), cell)
            {
                value["pegs_left"] = serde_json::Value::Null;
                value["proven_optimal"] = serde_json::json!(false);
            }
        }
    }
    value.to_string()
}

fn cells_text(cells: &[Cell]) -> Vec<String> {
    cells.iter().map(|c| c.to_string()).collect()
}

/// `analyze --json`: `{"layout":..., "starts":[{"start":"x,y","finishes":[...]}]}`, plus the
/// finishes the budget left undecided, if any.
pub fn analysis_json(source: &str, reports: &[StartReport]) -> String {
    let starts: Vec<serde_json::Value> = reports
        .iter()
        .map(|r| {
            let mut v = serde_json::json!({
                "start": r.start.to_string(),
                "finishes": cells_text(&r.finishes),
            });
            if !r.unknown.is_empty() {
                v["unknown"] = serde_json::json!(cells_text(&r.unknown));
            }
            v
        })
        .collect();
    serde_json::json!({ "layout": source, "starts": starts }).to_string()
}

/// A person's table of the analysis.
pub fn analysis_text(puzzle: &Puzzle, reports: &[StartReport]) -> String {
    let mut out = format!(
        "{}: one-peg finishes from each single-vacancy start\n",
        puzzle.name
    );
    let solvable = reports.iter().filter(|r| !r.finishes.is_empty()).count();
    for r in reports {
        let finishes = if r.finishes.is_empty() {
            "none".to_string()
        } else {
            cells_text(&r.finishes).join(" ")
        };
        out.push_str(&format!("  start {:<6} -> {finishes}", r.start.to_string()));
        if !r.unknown.is_empty() {
            out.push_str(&format!(
                "  (undecided: {})",
                cells_text(&r.unknown).join(" ")
            ));
        }
        out.push('\n');
    }
    out.push_str(&format!(
        "{solvable} of {} starts can be won\n",
        reports.len()
    ));
    out
}

/// `count --json`: `{"layout":..., "by_jumps":[{"jumps":0,"positions":1,...}, ...]}`; without
/// `winnable` (the way back did not finish) each level's `winnable_up_to_symmetry` is `null`.
pub fn count_json(source: &str, levels: &[LevelCount], winnable: bool) -> String {
    if winnable {
        return serde_json::json!({ "layout": source, "by_jumps": levels }).to_string();
    }
    let by_jumps: Vec<_> = levels
        .iter()
        .map(|l| {
            serde_json::json!({
                "jumps": l.jumps,
                "positions": l.positions,
                "up_to_symmetry": l.up_to_symmetry,
                "winnable_up_to_symmetry": null,
            })
        })
        .collect();
    serde_json::json!({ "layout": source, "by_jumps": by_jumps }).to_string()
}

/// A person's table of the counts, with totals; without `winnable` (the way back did not
/// finish) the winnable column shows `-`.
pub fn count_text(puzzle: &Puzzle, goal: Goal, levels: &[LevelCount], winnable: bool) -> String {
    let target = match goal {
        Goal::Anywhere => "one peg anywhere".to_string(),
        Goal::At(c) => format!("one peg at {c}"),
    };
    let mut out = format!(
        "{}: positions by jumps made (winnable: can still reach {target})\n{:>5} {:>14} {:>16} {:>12}\n",
        puzzle.name, "jumps", "positions", "up to symmetry", "winnable"
    );
    let won = |n: u64| if winnable { n.to_string() } else { "-".into() };
    for l in levels {
        out.push_str(&format!(
            "{:>5} {:>14} {:>16} {:>12}\n",
            l.jumps,
            l.positions,
            l.up_to_symmetry,
            won(l.winnable_up_to_symmetry)
        ));
    }
    let sum = |f: fn(&LevelCount) -> u64| levels.iter().map(f).sum::<u64>();
    out.push_str(&format!(
        "total {:>14} {:>16} {:>12}\n",
        sum(|l| l.positions),
        sum(|l| l.up_to_symmetry),
        won(sum(|l| l.winnable_up_to_symmetry))
    ));
    out
}

/// What a solution count that stopped before the end keeps: the positions of each level it
/// made forward (exact; the solutions were not counted).
pub fn levels_made_text(puzzle: &Puzzle, levels: &[LevelCount]) -> String {
    let mut out = format!(
        "{}: positions by jumps made before the count of solutions stopped\n{:>5} {:>14}\n",
        puzzle.name, "jumps", "positions"
    );
    for l in levels {
        out.push_str(&format!("{:>5} {:>14}\n", l.jumps, l.positions));
    }
    let total: u64 = levels.iter().map(|l| l.positions).sum();
    out.push_str(&format!("total {total:>14}\n"));
    out
}

/// [`levels_made_text`] as one JSON object: `solutions` is null.
pub fn levels_made_json(source: &str, levels: &[LevelCount]) -> String {
    let by_jumps: Vec<_> = levels
        .iter()
        .map(|l| serde_json::json!({ "jumps": l.jumps, "positions": l.positions }))
        .collect();
    serde_json::json!({ "layout": source, "solutions": null, "by_jumps": by_jumps }).to_string()
}
