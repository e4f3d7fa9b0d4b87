//! The sweep's charts as data: series, axes, labels and colours, drawn the same way by the
//! window (live, with egui_plot) and by [`super::png`] (files).
//!
//! The two pegs charts are the classic and exact runs' (a moves run answers another
//! question: how few moves, not how few pegs); the moves runs have a chart of their own, the
//! moves found and the lower bound proven against the budget; the speed chart has every run.

use super::sweep::SweepRow;
use pegsol_solver::Budget;
use pegsol_solver::Engine;

/// How a chart's x axis reads its values.
#[derive(Clone, Debug, PartialEq)]
pub enum XAxis {
    /// Plain numbers.
    Linear,
    /// x is log10 of a budget: ticks at whole powers of ten, labelled `10k`, `1M`, ...
    Log10Budget,
    /// x is an index into these names (one tick per name).
    Categories(Vec<String>),
}

/// One line of points on a chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// The legend's text.
    pub name: String,
    /// The points, in x order.
    pub points: Vec<(f64, f64)>,
    /// Index into [`super::SERIES_COLOURS`] (modulo its length). With one engine, a budget (or a
    /// layout) keeps its colour from chart to chart; with both, every line has a colour of its
    /// own, so the engines differ by colour as well as by the dash.
    pub colour: usize,
    /// Drawn dashed: the exact engine's series when both engines ran.
    pub dashed: bool,
}

/// A chart's data and labels, drawn the same way by the app (live) and the command line (PNG).
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    /// A file-name-safe identifier (`pegs-vs-start`).
    pub id: &'static str,
    /// The title.
    pub title: String,
    /// What x is.
    pub x_label: String,
    /// What y is.
    pub y_label: String,
    /// How x reads.
    pub x_axis: XAxis,
    /// The lines.
    pub series: Vec<Series>,
}

/// The series name for an engine and budget: `classic 1M` (the engine left out when the rows
/// have one engine only).
fn run_name(algorithm: Engine, budget: u64, both: bool) -> String {
    if both {
        format!("{} {}", algorithm.name(), Budget(budget).label())
    } else {
        format!("budget {}", Budget(budget).label())
    }
}

/// The layouts of `rows` in the order they first appear.
pub fn layouts_in_order(rows: &[SweepRow]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for r in rows {
        if !names.contains(&r.layout) {
            names.push(r.layout.clone());
        }
    }
    names
}

/// The budgets of `rows`, smallest first.
fn budgets_in_order(rows: &[SweepRow]) -> Vec<u64> {
    let mut budgets: Vec<u64> = rows.iter().map(|r| r.budget).collect();
    budgets.sort_unstable();
    budgets.dedup();
    budgets
}

/// Where `item` is in `list` (0 if absent).
fn position<T: PartialEq>(list: &[T], item: &T) -> usize {
    list.iter().position(|x| x == item).unwrap_or(0)
}

/// Groups rows by (algorithm, budget), in order of first appearance.
fn by_run(rows: &[SweepRow]) -> Vec<((Engine, u64), Vec<&SweepRow>)> {
    let mut groups: Vec<((Engine, u64), Vec<&SweepRow>)> = Vec::new();
    for r in rows {
        let key = (r.algorithm, r.budget);
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, g)) => g.push(r),
            None => groups.push((key, vec![r])),
        }
    }
    groups.sort_by_key(|((a, b), _)| (a.name(), *b));
    groups
}

fn two_engines(rows: &[SweepRow]) -> bool {
    rows.iter().any(|r| r.algorithm != rows[0].algorithm)
}

/// With both engines, a colour per line (in the order the lines are listed); with one, the
/// colours as chosen.
fn own_colours(mut series: Vec<Series>, both: bool) -> Vec<Series> {
    if both {
        for (i, s) in series.iter_mut().enumerate() {
            s.colour = i;
        }
    }
    series
}

/// The rows of the engines that leave the fewest pegs (not the moves runs).
fn pegs_rows(rows: &[SweepRow]) -> Vec<SweepRow> {
    rows.iter()
        .filter(|r| r.algorithm != Engine::FewestMoves)
        .cloned()
        .collect()
}

/// The assignment's first plot: pegs left against pegs at the start, one line per budget
/// (classic and exact runs).
pub fn chart_pegs_vs_start(rows: &[SweepRow]) -> Chart {
    let rows = &pegs_rows(rows)[..];
    let both = two_engines(rows);
    let budgets = budgets_in_order(rows);
    let series = by_run(rows)
        .into_iter()
        .map(|((algorithm, budget), group)| {
            let mut points: Vec<(f64, f64)> = group
                .iter()
                .map(|r| (f64::from(r.pegs_at_start), f64::from(r.pegs_left)))
                .collect();
            points.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
            Series {
                name: run_name(algorithm, budget, both),
                points,
                colour: position(&budgets, &budget),
                dashed: both && algorithm == Engine::Exact,
            }
        })
        .collect();
    Chart {
        id: "pegs-vs-start",
        title: "Pegs left against pegs at the start".into(),
        x_label: "pegs at the start".into(),
        y_label: "pegs left".into(),
        x_axis: XAxis::Linear,
        series: own_colours(series, both),
    }
}

/// The assignment's second plot: how the budget changes the pegs left, on the last four
/// layouts of the rows (levels 5-8 in the default sweep); x is log10 of the budget (classic
/// and exact runs).
pub fn chart_budget_vs_pegs(rows: &[SweepRow]) -> Chart {
    let rows = &pegs_rows(rows)[..];
    let names = layouts_in_order(rows);
    let last = &names[names.len().saturating_sub(4)..];
    let both = two_engines(rows);
    let mut series = Vec::new();
    for (colour, name) in last.iter().enumerate() {
        let mut engines: Vec<Engine> = rows.iter().map(|r| r.algorithm).collect();
        engines.dedup();
        engines.sort_by_key(|a| a.name());
        engines.dedup();
        for algorithm in engines {
            let mut points: Vec<(f64, f64)> = rows
                .iter()
                .filter(|r| &r.layout == name && r.algorithm == algorithm && r.budget > 0)
                .map(|r| ((r.budget as f64).log10(), f64::from(r.pegs_left)))
                .collect();
            if points.is_empty() {
                continue;
            }
            points.sort_by(|a, b| a.0.total_cmp(&b.0));
            series.push(Series {
                name: if both {
                    format!("{name} {}", algorithm.name())
                } else {
                    name.clone()
                },
                points,
                colour,
                dashed: both && algorithm == Engine::Exact,
            });
        }
    }
    Chart {
        id: "budget-vs-pegs",
        title: "Pegs left against the budget (last four layouts)".into(),
        x_label: "budget (expansions, log scale)".into(),
        y_label: "pegs left".into(),
        x_axis: XAxis::Log10Budget,
        series: own_colours(series, both),
    }
}

/// Expansions per second for each layout, one line per budget.
pub fn chart_speed(rows: &[SweepRow]) -> Chart {
    let names = layouts_in_order(rows);
    let both = two_engines(rows);
    let budgets = budgets_in_order(rows);
    let series = by_run(rows)
        .into_iter()
        .map(|((algorithm, budget), group)| Series {
            name: run_name(algorithm, budget, both),
            colour: position(&budgets, &budget),
            dashed: both && algorithm == Engine::Exact,
            points: names
                .iter()
                .enumerate()
                .filter_map(|(i, n)| {
                    let r = group.iter().find(|r| &r.layout == n)?;
                    Some((i as f64, r.expanded_per_second as f64))
                })
                .collect(),
        })
        .collect();
    Chart {
        id: "speed",
        title: "Expansions per second by layout".into(),
        x_label: "layout".into(),
        y_label: "expanded per second".into(),
        x_axis: XAxis::Categories(names),
        series: own_colours(series, both),
    }
}

/// The moves runs: the moves found (solid) and the moves every solution needs, as proven
/// so far (dashed, in the same colour), against the budget, on the last four layouts with
/// moves runs; where the two lines meet the count is proven. x is log10 of the budget.
pub fn chart_budget_vs_moves(rows: &[SweepRow]) -> Chart {
    let rows: Vec<&SweepRow> = rows
        .iter()
        .filter(|r| r.algorithm == Engine::FewestMoves && r.budget > 0)
        .collect();
    let mut names: Vec<&str> = Vec::new();
    for r in &rows {
        if !names.contains(&r.layout.as_str()) {
            names.push(&r.layout);
        }
    }
    let last = &names[names.len().saturating_sub(4)..];
    let mut series = Vec::new();
    for (colour, &name) in last.iter().enumerate() {
        let line = |figure: fn(&SweepRow) -> Option<u32>| {
            let mut points: Vec<(f64, f64)> = rows
                .iter()
                .filter(|r| r.layout == name)
                .filter_map(|r| Some(((r.budget as f64).log10(), f64::from(figure(r)?))))
                .collect();
            points.sort_by(|a, b| a.0.total_cmp(&b.0));
            points
        };
        for (suffix, dashed, points) in [
            ("", false, line(|r| r.moves)),
            (" lower bound", true, line(|r| r.moves_lower_bound)),
        ] {
            if !points.is_empty() {
                series.push(Series {
                    name: format!("{name}{suffix}"),
                    points,
                    colour,
                    dashed,
                });
            }
        }
    }
    Chart {
        id: "budget-vs-moves",
        title: "Fewest moves against the budget".into(),
        x_label: "budget (expansions, log scale)".into(),
        y_label: "moves".into(),
        x_axis: XAxis::Log10Budget,
        series,
    }
}

/// The charts the rows call for, in the order the outputs show them: the two pegs charts
/// (unless every row is a moves run), the moves chart (when a row is one) and the speed
/// chart.
pub fn charts(rows: &[SweepRow]) -> Vec<Chart> {
    let moves = rows.iter().any(|r| r.algorithm == Engine::FewestMoves);
    let pegs = rows.is_empty() || rows.iter().any(|r| r.algorithm != Engine::FewestMoves);
    let mut out = Vec::new();
    if pegs {
        out.push(chart_pegs_vs_start(rows));
        out.push(chart_budget_vs_pegs(rows));
    }
    if moves {
        out.push(chart_budget_vs_moves(rows));
    }
    out.push(chart_speed(rows));
    out
}

/// The label of a y value: counts as people read them (`250k`, `1.5M`), small values as is.
pub fn y_tick_label(y: f64) -> String {
    let short = |v: f64, suffix: &str| {
        if v.fract().abs() < 1e-9 {
            format!("{v:.0}{suffix}")
        } else {
            format!("{v:.1}{suffix}")
        }
    };
    if y.abs() >= 1e6 {
        short(y / 1e6, "M")
    } else if y.abs() >= 1e4 {
        short(y / 1e3, "k")
    } else {
        short(y, "")
    }
}

/// The label of an x value on a chart's axis: a budget for [`XAxis::Log10Budget`] (only at
/// whole powers of ten), a layout name for [`XAxis::Categories`] (only at whole indices).
pub fn x_tick_label(axis: &XAxis, x: f64) -> String {
    let whole = (x - x.round()).abs() < 1e-6;
    match axis {
        XAxis::Linear => {
            if whole {
                format!("{}", x.round() as i64)
            } else {
                format!("{x:.1}")
            }
        }
        XAxis::Log10Budget if whole && (0.0..=15.0).contains(&x) => {
            Budget(10u64.pow(x.round() as u32)).label()
        }
        XAxis::Categories(names) if whole && x >= 0.0 => {
            names.get(x.round() as usize).cloned().unwrap_or_default()
        }
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sweep::tests::sample_row;

    #[test]
    fn charts_have_a_line_per_budget_and_the_last_four_layouts() {
        let mut rows = Vec::new();
        for (i, name) in ["a", "b", "c", "d", "e"].iter().enumerate() {
            for budget in [10_000, 1_000_000] {
                let mut r = sample_row();
                r.layout = name.to_string();
                r.pegs_at_start = 10 + i as u32;
                r.budget = budget;
                r.algorithm = Engine::Classic;
                rows.push(r);
            }
        }
        let pegs = chart_pegs_vs_start(&rows);
        assert_eq!(pegs.series.len(), 2);
        assert_eq!(pegs.series[0].name, "budget 10k");
        assert_eq!(pegs.series[0].points.len(), 5);
        assert_eq!((pegs.series[1].colour, pegs.series[1].dashed), (1, false));
        let budget = chart_budget_vs_pegs(&rows);
        let names: Vec<&str> = budget.series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["b", "c", "d", "e"]);
        assert_eq!(budget.series[0].points[1].0, 6.0);
        assert_eq!(x_tick_label(&budget.x_axis, 6.0), "1M");
        assert_eq!(x_tick_label(&budget.x_axis, 5.5), "");
        let speed = chart_speed(&rows);
        assert_eq!(x_tick_label(&speed.x_axis, 4.0), "e");
        assert_eq!(y_tick_label(14_000_000.0), "14M");
        assert_eq!(y_tick_label(2_500_000.0), "2.5M");
        assert_eq!(y_tick_label(20_000.0), "20k");
        assert_eq!(y_tick_label(3.0), "3");
    }

    #[test]
    fn moves_runs_have_their_own_chart_and_stay_off_the_pegs_charts() {
        use crate::sweep::tests::sample_moves_row;
        let mut rows = Vec::new();
        for name in ["a", "b"] {
            let mut classic = sample_row();
            classic.layout = name.to_string();
            classic.algorithm = Engine::Classic;
            rows.push(classic);
            for (budget, moves, bound) in [(10, None, 4), (1_000, Some(9), 9)] {
                let mut r = sample_moves_row();
                r.layout = name.to_string();
                r.budget = budget;
                r.moves = moves;
                r.moves_lower_bound = Some(bound);
                rows.push(r);
            }
        }
        let all = charts(&rows);
        let ids: Vec<&str> = all.iter().map(|c| c.id).collect();
        assert_eq!(
            ids,
            [
                "pegs-vs-start",
                "budget-vs-pegs",
                "budget-vs-moves",
                "speed"
            ]
        );
        for chart in &all[..2] {
            assert!(
                chart.series.iter().all(|s| !s.name.contains("moves")),
                "{}",
                chart.id
            );
            let points: usize = chart.series.iter().map(|s| s.points.len()).sum();
            assert_eq!(points, 2, "{}: the classic rows only", chart.id);
        }
        let moves = &all[2];
        let lines: Vec<(&str, bool, usize)> = moves
            .series
            .iter()
            .map(|s| (s.name.as_str(), s.dashed, s.colour))
            .collect();
        assert_eq!(
            lines,
            [
                ("a", false, 0),
                ("a lower bound", true, 0),
                ("b", false, 1),
                ("b lower bound", true, 1)
            ]
        );
        // The count only where one was found; the bound at every budget.
        assert_eq!(moves.series[0].points, [(3.0, 9.0)]);
        assert_eq!(moves.series[1].points, [(1.0, 4.0), (3.0, 9.0)]);
        // Moves runs only: no pegs charts.
        let only: Vec<SweepRow> = rows
            .into_iter()
            .filter(|r| r.algorithm == Engine::FewestMoves)
            .collect();
        let ids: Vec<&str> = charts(&only).iter().map(|c| c.id).collect();
        assert_eq!(ids, ["budget-vs-moves", "speed"]);
        assert_eq!(charts(&[]).len(), 3);
    }

    #[test]
    fn with_both_engines_every_line_has_its_own_distinct_colour_and_exact_is_dashed() {
        use crate::palette::{
            colour_difference, series_colour, MIN_COLOUR_DIFFERENCE, SERIES_COLOURS,
        };
        let mut rows = Vec::new();
        for name in ["a", "b"] {
            for algorithm in [Engine::Classic, Engine::Exact] {
                for budget in [10_000, 100_000, 1_000_000, 1_500_000] {
                    let mut r = sample_row();
                    r.layout = name.to_string();
                    r.algorithm = algorithm;
                    r.budget = budget;
                    rows.push(r);
                }
            }
        }
        for chart in charts(&rows) {
            let mut colours: Vec<usize> = chart.series.iter().map(|s| s.colour).collect();
            let lines = colours.len();
            colours.sort_unstable();
            colours.dedup();
            assert_eq!(
                colours.len(),
                lines,
                "{}: two lines share a colour",
                chart.id
            );
            assert!(lines <= SERIES_COLOURS.len(), "{}: {lines} lines", chart.id);
            for (i, a) in chart.series.iter().enumerate() {
                for b in &chart.series[i + 1..] {
                    let d = colour_difference(series_colour(a.colour), series_colour(b.colour));
                    assert!(
                        d >= MIN_COLOUR_DIFFERENCE,
                        "{}: {} and {} are only {d:.1} apart",
                        chart.id,
                        a.name,
                        b.name
                    );
                }
            }
            for s in &chart.series {
                assert_eq!(s.dashed, s.name.contains("exact"), "{}", s.name);
            }
        }
    }
}
