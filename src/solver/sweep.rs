//! The budget sweep: every layout of a plan, under every budget and algorithm, one run after
//! another, each run's figures as a [`SweepRow`].
//!
//! Owns the plan, the run order, the rows, and the rows' text forms (a Markdown table and CSV,
//! which parses back). No files, no window: the command line writes the texts and charts to
//! files, the app shows the rows live. A sweep runs inside a [`Job`], which gives it the cancel
//! flag (checked between runs and, by the engines, within them) and the stage shown while it
//! works ("run 3 of 36: level-5, classic, budget 1M").

use crate::rules::{Goal, Position};
use crate::solver::engines::{classic, exact};
use crate::solver::services::worker::Job;
use crate::solver::Algorithm;

/// One board of a plan: a name for the tables, its start and its goal.
#[derive(Clone, Debug)]
pub struct SweepLayout {
    /// Shown in the rows (the catalogue key, e.g. `level-5`, or a file's path).
    pub name: String,
    /// The starting position.
    pub start: Position,
    /// What counts as won.
    pub goal: Goal,
}

/// What to run: every layout under every algorithm and budget.
#[derive(Clone, Debug, Default)]
pub struct SweepPlan {
    /// The boards, in order.
    pub layouts: Vec<SweepLayout>,
    /// Expansion budgets (for the exact solver, its cap on expansions).
    pub budgets: Vec<u64>,
    /// The engines.
    pub algorithms: Vec<Algorithm>,
}

/// One run of the plan: which layout (index into [`SweepPlan::layouts`]), engine and budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SweepRun {
    /// Index of the layout in the plan.
    pub layout: usize,
    /// The engine.
    pub algorithm: Algorithm,
    /// The budget.
    pub budget: u64,
}

impl SweepPlan {
    /// The runs in the order they are made: by layout, then algorithm, then budget (the
    /// assignment's table reads level by level, budgets growing).
    pub fn runs(&self) -> Vec<SweepRun> {
        let mut runs = Vec::new();
        for layout in 0..self.layouts.len() {
            for &algorithm in &self.algorithms {
                for &budget in &self.budgets {
                    runs.push(SweepRun {
                        layout,
                        algorithm,
                        budget,
                    });
                }
            }
        }
        runs
    }

    /// A generous estimate of the most memory one classic run of the plan may take (runs
    /// are made one at a time, and each frees its memory before the next starts).
    pub fn classic_estimate_bytes(&self) -> u64 {
        if !self.algorithms.contains(&Algorithm::Classic) {
            return 0;
        }
        let budget = self.budgets.iter().copied().max().unwrap_or(0);
        self.layouts
            .iter()
            .map(|l| classic::estimate_bytes(budget, l.start.shape().cells().len()))
            .max()
            .unwrap_or(0)
    }
}

/// The figures of one run.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepRow {
    /// The layout's name.
    pub layout: String,
    /// Pegs on the board at the start.
    pub pegs_at_start: u32,
    /// The engine.
    pub algorithm: Algorithm,
    /// The budget of expansions.
    pub budget: u64,
    /// Nodes expanded.
    pub expanded: u64,
    /// Nodes generated.
    pub generated: u64,
    /// Jumps in the best line found.
    pub solution_length: usize,
    /// Pegs left at the end of that line.
    pub pegs_left: u32,
    /// Whether no better result exists (the search proved it).
    pub proven_optimal: bool,
    /// Expansions per second, as the assignment prints it (whole number).
    pub expanded_per_second: u64,
    /// Wall time of the run.
    pub seconds: f64,
    /// Peak memory, as the engine's own storage in bytes ("storage MiB" in the outputs), not
    /// the process's resident size: classic, its duplicate set, recent-board cache and stack
    /// at their largest (see [`classic::solve_measured`]); exact, its failure table as
    /// allocated (pages are resident only once touched) plus its goal sides (see
    /// [`exact::ExactSolver::storage_bytes`]). Each run starts from empty tables.
    pub storage_bytes: u64,
}

/// Runs every run of `plan` in order inside `job`, calling `on_row` as each run finishes,
/// and returns the rows. Stops early, without a row for the run it was in, when the job is
/// cancelled.
pub fn run<T: Send>(
    plan: &SweepPlan,
    job: &Job<T>,
    on_row: &mut dyn FnMut(&SweepRow),
) -> Vec<SweepRow> {
    let runs = plan.runs();
    let mut rows = Vec::with_capacity(runs.len());
    for (i, r) in runs.iter().enumerate() {
        if job.cancelled() {
            break;
        }
        let Some(layout) = plan.layouts.get(r.layout) else {
            continue;
        };
        job.stage(format!(
            "run {} of {}: {}, {}, budget {}",
            i + 1,
            runs.len(),
            layout.name,
            r.algorithm.name(),
            budget_label(r.budget)
        ));
        let (outcome, storage) = match r.algorithm {
            Algorithm::Classic => {
                job.control(|c| classic::solve_measured(&layout.start, layout.goal, r.budget, c))
            }
            Algorithm::Exact => {
                // A fresh solver per run: tables kept from an earlier run would make later
                // runs look cheaper than they are.
                let options = exact::Options {
                    budget: Some(r.budget),
                    ..exact::Options::default()
                };
                let mut solver =
                    exact::ExactSolver::new(layout.start.shape(), layout.goal, options);
                let outcome = job.control(|c| solver.solve(&layout.start, c));
                (outcome, solver.storage_bytes())
            }
        };
        if job.cancelled() {
            // The run was cut short: its figures describe the cancel, not the budget.
            break;
        }
        let row = SweepRow {
            layout: layout.name.clone(),
            pegs_at_start: layout.start.peg_count(),
            algorithm: r.algorithm,
            budget: r.budget,
            expanded: outcome.expanded,
            generated: outcome.generated,
            solution_length: outcome.jumps.len(),
            pegs_left: outcome.pegs_left,
            proven_optimal: outcome.proven_optimal,
            expanded_per_second: outcome.expanded_per_second(),
            seconds: outcome.elapsed.as_secs_f64(),
            storage_bytes: storage,
        };
        on_row(&row);
        rows.push(row);
    }
    rows
}

/// A budget as people write it: `10k`, `1.5M`, `1200000` when no suffix is exact.
pub fn budget_label(budget: u64) -> String {
    for (scale, suffix) in [(1_000_000_000u64, "G"), (1_000_000, "M"), (1_000, "k")] {
        if budget >= scale {
            // One decimal at most, and only when it is exact.
            if budget.is_multiple_of(scale) {
                return format!("{}{suffix}", budget / scale);
            }
            if budget.is_multiple_of(scale / 10) {
                return format!(
                    "{}.{}{suffix}",
                    budget / scale,
                    budget % scale / (scale / 10)
                );
            }
        }
    }
    budget.to_string()
}

/// Bytes as MiB with one decimal.
pub fn mib(bytes: u64) -> f64 {
    bytes as f64 / (1u64 << 20) as f64
}

/// A column of the table: for sorting and headers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SweepColumn {
    /// The layout's name.
    Layout,
    /// Pegs at the start.
    PegsAtStart,
    /// The engine.
    Algorithm,
    /// The budget.
    Budget,
    /// Pegs left.
    PegsLeft,
    /// Proven optimal.
    Proven,
    /// Generated nodes.
    Generated,
    /// Expanded nodes.
    Expanded,
    /// Expanded per second.
    ExpandedPerSecond,
    /// Seconds.
    Seconds,
    /// Storage bytes.
    Storage,
    /// Solution length.
    SolutionLength,
}

impl SweepColumn {
    /// Every column, in table order (the assignment's: pegs left, generated, expanded,
    /// expanded/s, time, after what identifies the run).
    pub const ALL: [SweepColumn; 12] = [
        SweepColumn::Layout,
        SweepColumn::PegsAtStart,
        SweepColumn::Algorithm,
        SweepColumn::Budget,
        SweepColumn::PegsLeft,
        SweepColumn::Generated,
        SweepColumn::Expanded,
        SweepColumn::ExpandedPerSecond,
        SweepColumn::Seconds,
        SweepColumn::SolutionLength,
        SweepColumn::Proven,
        SweepColumn::Storage,
    ];

    /// The header text.
    pub fn header(self) -> &'static str {
        match self {
            SweepColumn::Layout => "layout",
            SweepColumn::PegsAtStart => "pegs at start",
            SweepColumn::Algorithm => "algorithm",
            SweepColumn::Budget => "budget",
            SweepColumn::PegsLeft => "pegs left",
            SweepColumn::Proven => "proven",
            SweepColumn::Generated => "generated",
            SweepColumn::Expanded => "expanded",
            SweepColumn::ExpandedPerSecond => "expanded/s",
            SweepColumn::Seconds => "seconds",
            SweepColumn::Storage => "storage MiB",
            SweepColumn::SolutionLength => "solution length",
        }
    }

    /// The cell text for `row`.
    pub fn cell(self, row: &SweepRow) -> String {
        match self {
            SweepColumn::Layout => row.layout.clone(),
            SweepColumn::PegsAtStart => row.pegs_at_start.to_string(),
            SweepColumn::Algorithm => row.algorithm.name().to_string(),
            SweepColumn::Budget => budget_label(row.budget),
            SweepColumn::PegsLeft => row.pegs_left.to_string(),
            SweepColumn::Proven => if row.proven_optimal { "yes" } else { "no" }.to_string(),
            SweepColumn::Generated => row.generated.to_string(),
            SweepColumn::Expanded => row.expanded.to_string(),
            SweepColumn::ExpandedPerSecond => row.expanded_per_second.to_string(),
            SweepColumn::Seconds => format!("{:.4}", row.seconds),
            SweepColumn::Storage => format!("{:.1}", mib(row.storage_bytes)),
            SweepColumn::SolutionLength => row.solution_length.to_string(),
        }
    }

    /// Whether the column is a number (right-aligned in tables).
    pub fn numeric(self) -> bool {
        !matches!(
            self,
            SweepColumn::Layout | SweepColumn::Algorithm | SweepColumn::Proven
        )
    }

    fn compare(self, a: &SweepRow, b: &SweepRow) -> std::cmp::Ordering {
        match self {
            SweepColumn::Layout => a.layout.cmp(&b.layout),
            SweepColumn::PegsAtStart => a.pegs_at_start.cmp(&b.pegs_at_start),
            SweepColumn::Algorithm => a.algorithm.name().cmp(b.algorithm.name()),
            SweepColumn::Budget => a.budget.cmp(&b.budget),
            SweepColumn::PegsLeft => a.pegs_left.cmp(&b.pegs_left),
            SweepColumn::Proven => a.proven_optimal.cmp(&b.proven_optimal),
            SweepColumn::Generated => a.generated.cmp(&b.generated),
            SweepColumn::Expanded => a.expanded.cmp(&b.expanded),
            SweepColumn::ExpandedPerSecond => a.expanded_per_second.cmp(&b.expanded_per_second),
            SweepColumn::Seconds => a.seconds.total_cmp(&b.seconds),
            SweepColumn::Storage => a.storage_bytes.cmp(&b.storage_bytes),
            SweepColumn::SolutionLength => a.solution_length.cmp(&b.solution_length),
        }
    }
}

/// Sorts rows by a column (stable: equal rows keep their run order).
pub fn sort_rows(rows: &mut [SweepRow], column: SweepColumn, ascending: bool) {
    rows.sort_by(|a, b| {
        let o = column.compare(a, b);
        if ascending {
            o
        } else {
            o.reverse()
        }
    });
}

/// The rows as a Markdown table, every column of [`SweepColumn::ALL`].
pub fn markdown(rows: &[SweepRow]) -> String {
    let headers: Vec<&str> = SweepColumn::ALL.iter().map(|c| c.header()).collect();
    let mut out = format!("| {} |\n|", headers.join(" | "));
    for c in SweepColumn::ALL {
        out.push_str(if c.numeric() { "---:|" } else { "---|" });
    }
    out.push('\n');
    for row in rows {
        let cells: Vec<String> = SweepColumn::ALL
            .iter()
            .map(|c| c.cell(row).replace('|', "\\|"))
            .collect();
        out.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
    out
}

/// The CSV header line's fields, in order.
pub const CSV_FIELDS: [&str; 12] = [
    "layout",
    "pegs_at_start",
    "algorithm",
    "budget",
    "expanded",
    "generated",
    "solution_length",
    "pegs_left",
    "proven_optimal",
    "expanded_per_second",
    "seconds",
    "storage_bytes",
];

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The rows as CSV (RFC 4180 quoting), with a header line; exact figures (bytes, not MiB;
/// seconds in full), so [`parse_csv`] gives the same rows back.
pub fn csv(rows: &[SweepRow]) -> String {
    let mut out = CSV_FIELDS.join(",");
    out.push('\n');
    for r in rows {
        let fields = [
            csv_field(&r.layout),
            r.pegs_at_start.to_string(),
            r.algorithm.name().to_string(),
            r.budget.to_string(),
            r.expanded.to_string(),
            r.generated.to_string(),
            r.solution_length.to_string(),
            r.pegs_left.to_string(),
            r.proven_optimal.to_string(),
            r.expanded_per_second.to_string(),
            // `{}` prints the shortest text that parses back to the same f64.
            r.seconds.to_string(),
            r.storage_bytes.to_string(),
        ];
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    out
}

/// Splits CSV text into records of fields (RFC 4180: quoted fields may hold commas, quotes
/// and line breaks).
fn csv_records(text: &str) -> Result<Vec<Vec<String>>, String> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    let mut line = 1;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => {
                if c == '\n' {
                    line += 1;
                }
                field.push(c);
            }
            (false, '"') if field.is_empty() => quoted = true,
            (false, '"') => return Err(format!("line {line}: a quote inside an unquoted field")),
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') => {}
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
                line += 1;
            }
            (false, c) => field.push(c),
        }
    }
    if quoted {
        return Err(format!("line {line}: a quoted field is not closed"));
    }
    if !field.is_empty() || !record.is_empty() {
        record.push(field);
        records.push(record);
    }
    Ok(records)
}

/// Reads rows back from [`csv`]'s text, or says which line and field is wrong.
pub fn parse_csv(text: &str) -> Result<Vec<SweepRow>, String> {
    let records = csv_records(text)?;
    let Some((header, body)) = records.split_first() else {
        return Err("the file is empty".into());
    };
    if header.iter().map(String::as_str).ne(CSV_FIELDS) {
        return Err(format!(
            "line 1: expected the header {}",
            CSV_FIELDS.join(",")
        ));
    }
    let mut rows = Vec::new();
    for (i, rec) in body.iter().enumerate() {
        let line = i + 2;
        if rec.len() != CSV_FIELDS.len() {
            return Err(format!(
                "line {line}: {} fields, expected {}",
                rec.len(),
                CSV_FIELDS.len()
            ));
        }
        fn num<N: std::str::FromStr>(rec: &[String], i: usize, line: usize) -> Result<N, String> {
            rec[i].trim().parse().map_err(|_| {
                format!(
                    "line {line}: {} `{}` is not a number",
                    CSV_FIELDS[i], rec[i]
                )
            })
        }
        let algorithm = match rec[2].trim() {
            "classic" => Algorithm::Classic,
            "exact" => Algorithm::Exact,
            other => return Err(format!("line {line}: unknown algorithm `{other}`")),
        };
        let proven_optimal = match rec[8].trim() {
            "true" => true,
            "false" => false,
            other => {
                return Err(format!(
                    "line {line}: proven_optimal `{other}` is not true or false"
                ))
            }
        };
        rows.push(SweepRow {
            layout: rec[0].clone(),
            pegs_at_start: num(rec, 1, line)?,
            algorithm,
            budget: num(rec, 3, line)?,
            expanded: num(rec, 4, line)?,
            generated: num(rec, 5, line)?,
            solution_length: num(rec, 6, line)?,
            pegs_left: num(rec, 7, line)?,
            proven_optimal,
            expanded_per_second: num(rec, 9, line)?,
            seconds: num(rec, 10, line)?,
            storage_bytes: num(rec, 11, line)?,
        });
    }
    Ok(rows)
}

/// Colours of a chart's lines, in order: the Okabe-Ito colour-blind-safe set (the app's board
/// uses it too), without its yellow, which is too light on white.
pub const SERIES_COLOURS: [(u8, u8, u8); 7] = [
    (0, 114, 178),   // blue
    (230, 159, 0),   // orange
    (0, 158, 115),   // bluish green
    (213, 94, 0),    // vermillion
    (86, 180, 233),  // sky blue
    (204, 121, 167), // reddish purple
    (0, 0, 0),       // black
];

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
    /// Index into [`SERIES_COLOURS`] (modulo its length): series that differ only by engine
    /// share a colour.
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
fn run_name(algorithm: Algorithm, budget: u64, both: bool) -> String {
    if both {
        format!("{} {}", algorithm.name(), budget_label(budget))
    } else {
        format!("budget {}", budget_label(budget))
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
fn by_run(rows: &[SweepRow]) -> Vec<((Algorithm, u64), Vec<&SweepRow>)> {
    let mut groups: Vec<((Algorithm, u64), Vec<&SweepRow>)> = Vec::new();
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

/// The assignment's first plot: pegs left against pegs at the start, one line per budget.
pub fn chart_pegs_vs_start(rows: &[SweepRow]) -> Chart {
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
                dashed: both && algorithm == Algorithm::Exact,
            }
        })
        .collect();
    Chart {
        id: "pegs-vs-start",
        title: "Pegs left against pegs at the start".into(),
        x_label: "pegs at the start".into(),
        y_label: "pegs left".into(),
        x_axis: XAxis::Linear,
        series,
    }
}

/// The assignment's second plot: how the budget changes the pegs left, on the last four
/// layouts of the rows (levels 5-8 in the default sweep); x is log10 of the budget.
pub fn chart_budget_vs_pegs(rows: &[SweepRow]) -> Chart {
    let names = layouts_in_order(rows);
    let last = &names[names.len().saturating_sub(4)..];
    let both = two_engines(rows);
    let mut series = Vec::new();
    for (colour, name) in last.iter().enumerate() {
        let mut engines: Vec<Algorithm> = rows.iter().map(|r| r.algorithm).collect();
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
                dashed: both && algorithm == Algorithm::Exact,
            });
        }
    }
    Chart {
        id: "budget-vs-pegs",
        title: "Pegs left against the budget (last four layouts)".into(),
        x_label: "budget (expansions, log scale)".into(),
        y_label: "pegs left".into(),
        x_axis: XAxis::Log10Budget,
        series,
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
            dashed: both && algorithm == Algorithm::Exact,
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
        series,
    }
}

/// All three charts, in the order the outputs show them.
pub fn charts(rows: &[SweepRow]) -> Vec<Chart> {
    vec![
        chart_pegs_vs_start(rows),
        chart_budget_vs_pegs(rows),
        chart_speed(rows),
    ]
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
            budget_label(10u64.pow(x.round() as u32))
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
    use crate::layout::load::resolve_named_puzzle;
    use crate::solver::services::worker::{Finished, Worker};

    fn plan(levels: &[&str], budgets: &[u64], algorithms: &[Algorithm]) -> SweepPlan {
        SweepPlan {
            layouts: levels
                .iter()
                .map(|l| {
                    let (p, name) = resolve_named_puzzle(l).unwrap();
                    SweepLayout {
                        name,
                        start: p.start,
                        goal: p.goal,
                    }
                })
                .collect(),
            budgets: budgets.to_vec(),
            algorithms: algorithms.to_vec(),
        }
    }

    fn sample_row() -> SweepRow {
        SweepRow {
            layout: "odd, \"name\"".into(),
            pegs_at_start: 36,
            algorithm: Algorithm::Exact,
            budget: 1_500_000,
            expanded: 12,
            generated: 34,
            solution_length: 35,
            pegs_left: 1,
            proven_optimal: true,
            expanded_per_second: 3_263_129,
            seconds: 0.1 + 0.2,
            storage_bytes: 25_165_824,
        }
    }

    #[test]
    fn runs_go_layout_then_algorithm_then_budget() {
        let p = plan(
            &["0", "1"],
            &[10, 20],
            &[Algorithm::Classic, Algorithm::Exact],
        );
        let runs = p.runs();
        assert_eq!(runs.len(), 8);
        assert_eq!(
            runs[..3]
                .iter()
                .map(|r| (r.layout, r.algorithm, r.budget))
                .collect::<Vec<_>>(),
            [
                (0, Algorithm::Classic, 10),
                (0, Algorithm::Classic, 20),
                (0, Algorithm::Exact, 10)
            ]
        );
    }

    #[test]
    fn a_sweep_gives_one_row_per_run_with_the_engines_figures() {
        let p = plan(
            &["0", "5"],
            &[10_000],
            &[Algorithm::Classic, Algorithm::Exact],
        );
        let mut seen = 0;
        let worker = Worker::start("test", move |job| run(&p, job, &mut |_| seen += 1), || {});
        let Finished::Done(rows) = worker.wait() else {
            panic!("the sweep did not finish")
        };
        assert_eq!(rows.len(), 4);
        assert_eq!((rows[0].layout.as_str(), rows[0].pegs_left), ("level-0", 1));
        assert_eq!((rows[0].expanded, rows[0].generated), (2, 2));
        let classic5 = &rows[2];
        assert_eq!((classic5.pegs_at_start, classic5.budget), (36, 10_000));
        assert_eq!(classic5.expanded, 10_000);
        assert!(classic5.storage_bytes > 0);
        let exact5 = &rows[3];
        assert_eq!(exact5.algorithm, Algorithm::Exact);
        // The smallest failure table: 64 Ki slots of 8 bytes.
        assert!(
            exact5.storage_bytes >= 512 << 10,
            "{}",
            exact5.storage_bytes
        );
    }

    #[test]
    fn a_cancelled_sweep_stops_without_a_row_for_the_cut_run() {
        let p = plan(&["6"], &[classic::MAX_BUDGET], &[Algorithm::Classic]);
        let worker = Worker::start("test", move |job| run(&p, job, &mut |_| {}), || {});
        while worker.snapshot().progress.is_none() {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        assert!(worker
            .snapshot()
            .stage
            .is_some_and(|s| s.starts_with("run 1 of 1: level-6, classic")));
        worker.cancel();
        match worker.wait() {
            Finished::Cancelled(rows) => assert!(rows.is_empty()),
            other => panic!("expected Cancelled, got {other:?}"),
        }
    }

    #[test]
    fn csv_round_trips_exactly() {
        let mut other = sample_row();
        other.layout = "level-5".into();
        other.algorithm = Algorithm::Classic;
        other.proven_optimal = false;
        other.seconds = 1.0 / 3.0;
        let rows = vec![sample_row(), other];
        assert_eq!(parse_csv(&csv(&rows)), Ok(rows));
        assert!(parse_csv("").is_err());
        assert!(parse_csv("layout\nx\n").is_err());
        let bad = csv(&[sample_row()]).replace(",35,", ",many,");
        assert!(parse_csv(&bad).unwrap_err().contains("line 2"));
    }

    #[test]
    fn budgets_are_labelled_as_people_write_them() {
        let labels: Vec<String> = [10_000, 100_000, 1_000_000, 1_500_000, 1_234_567, 999, 0]
            .into_iter()
            .map(budget_label)
            .collect();
        assert_eq!(labels, ["10k", "100k", "1M", "1.5M", "1234567", "999", "0"]);
    }

    #[test]
    fn markdown_has_a_header_a_rule_and_a_line_per_row() {
        let text = markdown(&[sample_row()]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[0].starts_with("| layout | pegs at start |"));
        assert!(lines[2].contains("| 1.5M |") && lines[2].contains("| 24.0 |"));
    }

    #[test]
    fn charts_have_a_line_per_budget_and_the_last_four_layouts() {
        let mut rows = Vec::new();
        for (i, name) in ["a", "b", "c", "d", "e"].iter().enumerate() {
            for budget in [10_000, 1_000_000] {
                let mut r = sample_row();
                r.layout = name.to_string();
                r.pegs_at_start = 10 + i as u32;
                r.budget = budget;
                r.algorithm = Algorithm::Classic;
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
    fn sorting_is_by_the_column_and_stable() {
        let mut a = sample_row();
        a.pegs_left = 3;
        let mut b = sample_row();
        b.pegs_left = 1;
        b.layout = "b".into();
        let mut rows = vec![a.clone(), b.clone()];
        sort_rows(&mut rows, SweepColumn::PegsLeft, true);
        assert_eq!(rows[0].layout, "b");
        sort_rows(&mut rows, SweepColumn::PegsLeft, false);
        assert_eq!(rows[0].pegs_left, 3);
    }
}
