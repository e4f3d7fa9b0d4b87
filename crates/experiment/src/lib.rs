//! Experiments: the assignment's budget sweep, its table, CSV and Markdown, and its charts,
//! for the command line (`pegsol experiment`) and the window's Experiments view alike.
//!
//! - `sweep`: the plan (layouts x algorithms x budgets), the run order and the rows; each run
//!   is one [`pegsol_solver::search`] (classic, exact) or one fewest-moves search (moves).
//! - `table`: the rows' columns, sorting and Markdown.
//! - `csv_text`: the rows as CSV and back.
//! - `chart`: the three charts as data (series, axes, labels, colours).
//! - `palette`: the series colours and markers, and where tick labels go.
//! - `png`: the charts drawn as PNG files with plotters (`png_text`: their text).
//!
//! This file holds the defaults both front ends start from and the readers of their lists
//! (layouts, budgets, engines), and the memory check of a whole plan. Everything is re-exported
//! here: callers write `experiment::run`, `experiment::csv`, `experiment::SweepPlan`.
//! Experiment sits above the solver and the layouts and below the front ends: it never names
//! `cli` or `app`.

mod chart;
mod csv_text;
mod palette;
mod png;
mod png_text;
mod sweep;
mod table;

pub use chart::{
    chart_budget_vs_pegs, chart_pegs_vs_start, chart_speed, charts, layouts_in_order, x_tick_label,
    y_tick_label, Chart, Series, XAxis,
};
pub use csv_text::{csv, parse_csv, CsvError, CSV_FIELDS};
pub use palette::{
    colour_difference, contrast, label_step, marker_for, series_colour, ticks, Marker,
    MIN_COLOUR_DIFFERENCE, SERIES_COLOURS,
};
pub use png::{render_png, write_charts, ChartError, SIZE as CHART_SIZE};
pub use sweep::{run, SweepLayout, SweepPlan, SweepRow, SweepRun};
pub use table::{markdown, mib, sort_rows, SweepColumn};

use pegsol_solver::budget::BudgetError;
use pegsol_solver::system_memory::{available_memory, size_text};
use pegsol_solver::{Budget, Engine};

/// The assignment's levels.
pub const DEFAULT_LAYOUTS: &str = "0-8";
/// The assignment's budgets.
pub const DEFAULT_BUDGETS: &str = "10k,100k,1M,1.5M";

/// Why a sweep's lists cannot be read, or its plan should not run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExperimentError {
    /// Two commas in a row, or nothing at all.
    #[error("--layouts `{0}`: an empty item")]
    EmptyLayout(String),
    /// A range such as `8-0`.
    #[error("--layouts: the range {0}-{1} runs backwards; write {1}-{0}")]
    BackwardRange(u32, u32),
    /// A budget of the list is not a budget.
    #[error("--budgets: {0}")]
    Budget(#[source] BudgetError),
    /// An engine of the list is not known.
    #[error("--algorithms: `{0}` is not an algorithm (classic, exact or moves)")]
    UnknownEngine(String),
    /// The plan's largest classic run may not fit in memory.
    #[error(
        "the largest classic run may need up to {} of memory, but only {} is available; \
         choose smaller budgets",
        size_text(*need),
        size_text(*available)
    )]
    TooMuchMemory {
        /// Bytes the largest run may take.
        need: u64,
        /// Bytes available.
        available: u64,
    },
}

/// Splits a `--layouts` value into LAYOUT arguments: `a-b` with two numbers is the levels a
/// to b; anything else is one LAYOUT (so `level-5` and `triangle-21` stay whole).
pub fn parse_layouts(text: &str) -> Result<Vec<String>, ExperimentError> {
    let mut specs = Vec::new();
    for item in text.split(',').map(str::trim) {
        if item.is_empty() {
            return Err(ExperimentError::EmptyLayout(text.to_string()));
        }
        let range = item.split_once('-').and_then(|(a, b)| {
            Some((a.trim().parse::<u32>().ok()?, b.trim().parse::<u32>().ok()?))
        });
        match range {
            Some((a, b)) if a <= b => specs.extend((a..=b).map(|n| n.to_string())),
            Some((a, b)) => return Err(ExperimentError::BackwardRange(a, b)),
            None => specs.push(item.to_string()),
        }
    }
    Ok(specs)
}

/// Parses a budget list: budgets as [`Budget`] reads them, separated by commas (so write
/// large ones as `1500000` or `1.5M`, not `1,500,000`).
pub fn parse_budgets(text: &str) -> Result<Vec<u64>, ExperimentError> {
    text.split(',')
        .map(|b| {
            b.parse::<Budget>()
                .map(Budget::nodes)
                .map_err(ExperimentError::Budget)
        })
        .collect()
}

/// Parses an algorithm list: `classic`, `exact`, `moves` (any case), separated by commas.
pub fn parse_algorithms(text: &str) -> Result<Vec<Engine>, ExperimentError> {
    text.split(',')
        .map(|a| {
            Engine::from_name(a).ok_or_else(|| ExperimentError::UnknownEngine(a.trim().to_string()))
        })
        .collect()
}

/// Refuses a plan whose largest classic run may need more memory than this machine has
/// available (runs are made one at a time, each freeing its memory before the next).
pub fn check_memory(plan: &SweepPlan) -> Result<(), ExperimentError> {
    let need = plan.classic_estimate_bytes();
    match available_memory() {
        Some(available) if need > available => {
            Err(ExperimentError::TooMuchMemory { need, available })
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error;

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
        assert!(parse_layouts("8-0")
            .unwrap_err()
            .to_string()
            .contains("backwards"));
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
        let bad = parse_budgets("10k,lots").unwrap_err();
        assert!(bad.to_string().contains("lots"));
        // The budget's own error stays reachable as the cause.
        assert!(bad.source().is_some_and(|s| s.to_string().contains("lots")));
        assert_eq!(
            parse_algorithms("classic, Exact").unwrap(),
            [Engine::Classic, Engine::Exact]
        );
        assert_eq!(
            parse_algorithms("exact,moves").unwrap(),
            [Engine::Exact, Engine::FewestMoves]
        );
        assert!(parse_algorithms("bfs").is_err());
        assert!(parse_algorithms("moves,").is_err());
    }

    #[test]
    fn a_refusal_for_memory_names_sizes_below_a_gib_in_mib_not_as_zero_gib() {
        let text = ExperimentError::TooMuchMemory {
            need: 300 << 20,
            available: 20 << 20,
        }
        .to_string();
        assert!(text.contains("up to 300 MiB"), "{text}");
        assert!(text.contains("only 20 MiB is available"), "{text}");
        assert!(!text.contains("0.0 GiB"), "{text}");
    }
}
