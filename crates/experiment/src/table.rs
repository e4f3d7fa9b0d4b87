//! The sweep's rows as a table: its columns (headers, cells, sorting) and its Markdown form.
//! The two moves columns are shown only when the rows have a moves run.

use super::sweep::SweepRow;
use pegsol_solver::Budget;
use pegsol_solver::Engine;

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
    /// Moves of the solution found (moves runs only).
    Moves,
    /// The proven lower bound on the moves (moves runs only).
    MovesLowerBound,
}

impl SweepColumn {
    /// Every column, in table order (the assignment's: pegs left, generated, expanded,
    /// expanded/s, time, after what identifies the run; the moves columns last, as in CSV).
    pub const ALL: [SweepColumn; 14] = [
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
        SweepColumn::Moves,
        SweepColumn::MovesLowerBound,
    ];

    /// The columns a table of `rows` shows: all of them when a row is a moves run, else all
    /// but the two moves columns (which would be empty).
    pub fn shown(rows: &[SweepRow]) -> Vec<SweepColumn> {
        let moves = rows.iter().any(|r| r.algorithm == Engine::FewestMoves);
        SweepColumn::ALL
            .into_iter()
            .filter(|c| moves || !c.moves_only())
            .collect()
    }

    /// Whether the column is one of the moves runs' own.
    pub fn moves_only(self) -> bool {
        matches!(self, SweepColumn::Moves | SweepColumn::MovesLowerBound)
    }

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
            SweepColumn::Moves => "moves",
            SweepColumn::MovesLowerBound => "moves lower bound",
        }
    }

    /// The cell text for `row`.
    pub fn cell(self, row: &SweepRow) -> String {
        match self {
            SweepColumn::Layout => row.layout.clone(),
            SweepColumn::PegsAtStart => row.pegs_at_start.to_string(),
            SweepColumn::Algorithm => row.algorithm.name().to_string(),
            SweepColumn::Budget => Budget(row.budget).label(),
            SweepColumn::PegsLeft => row.pegs_left.to_string(),
            SweepColumn::Proven => if row.proven_optimal { "yes" } else { "no" }.to_string(),
            SweepColumn::Generated => row.generated.to_string(),
            SweepColumn::Expanded => row.expanded.to_string(),
            SweepColumn::ExpandedPerSecond => row.expanded_per_second.to_string(),
            SweepColumn::Seconds => format!("{:.4}", row.seconds),
            SweepColumn::Storage => format!("{:.1}", mib(row.storage_bytes)),
            SweepColumn::SolutionLength => row.solution_length.to_string(),
            SweepColumn::Moves => row.moves.map_or(String::new(), |m| m.to_string()),
            SweepColumn::MovesLowerBound => row
                .moves_lower_bound
                .map_or(String::new(), |m| m.to_string()),
        }
    }

    /// The cell text as a person reads it on screen: counts with thousands separators
    /// (`12,316,650`); everything else as [`SweepColumn::cell`] (which files keep plain).
    pub fn display(self, row: &SweepRow) -> String {
        let grouped = |n: u64| Budget(n).to_string();
        match self {
            SweepColumn::Generated => grouped(row.generated),
            SweepColumn::Expanded => grouped(row.expanded),
            SweepColumn::ExpandedPerSecond => grouped(row.expanded_per_second),
            SweepColumn::SolutionLength => grouped(row.solution_length as u64),
            _ => self.cell(row),
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
            // Rows without a figure sort before those with one.
            SweepColumn::Moves => a.moves.cmp(&b.moves),
            SweepColumn::MovesLowerBound => a.moves_lower_bound.cmp(&b.moves_lower_bound),
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

/// The rows as a Markdown table, the columns of [`SweepColumn::shown`].
pub fn markdown(rows: &[SweepRow]) -> String {
    let columns = SweepColumn::shown(rows);
    let headers: Vec<&str> = columns.iter().map(|c| c.header()).collect();
    let mut out = format!("| {} |\n|", headers.join(" | "));
    for &c in &columns {
        out.push_str(if c.numeric() { "---:|" } else { "---|" });
    }
    out.push('\n');
    for row in rows {
        let cells: Vec<String> = columns
            .iter()
            .map(|c| c.cell(row).replace('|', "\\|"))
            .collect();
        out.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sweep::tests::{sample_moves_row, sample_row};

    #[test]
    fn markdown_has_a_header_a_rule_and_a_line_per_row() {
        let text = markdown(&[sample_row()]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[0].starts_with("| layout | pegs at start |"));
        assert!(lines[2].contains("| 1.5M |") && lines[2].contains("| 24.0 |"));
        // No moves run: no moves columns.
        assert!(
            lines[0].ends_with("| proven | storage MiB |"),
            "{}",
            lines[0]
        );
        assert_eq!(lines[1].matches('|').count(), 13);
    }

    #[test]
    fn with_a_moves_run_the_table_gains_the_moves_columns() {
        let mut unfinished = sample_moves_row();
        unfinished.moves = None;
        unfinished.moves_lower_bound = Some(7);
        unfinished.proven_optimal = false;
        let text = markdown(&[sample_row(), sample_moves_row(), unfinished]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 5);
        assert!(
            lines[0].ends_with("| storage MiB | moves | moves lower bound |"),
            "{}",
            lines[0]
        );
        assert_eq!(lines[1].matches('|').count(), 15);
        // The other engines' rows leave them empty; a moves row gives its count and bound.
        assert!(lines[2].ends_with("| 24.0 |  |  |"), "{}", lines[2]);
        assert!(
            lines[3].starts_with("| triangle | 14 | moves | 10k | 1 |"),
            "{}",
            lines[3]
        );
        assert!(lines[3].ends_with("| yes | 1.0 | 9 | 9 |"), "{}", lines[3]);
        assert!(lines[4].ends_with("| no | 1.0 |  | 7 |"), "{}", lines[4]);
        // Sorting by moves puts the rows without a count first.
        let mut rows = vec![sample_moves_row(), sample_row()];
        sort_rows(&mut rows, SweepColumn::Moves, true);
        assert_eq!(rows[0].algorithm, Engine::Exact);
    }

    #[test]
    fn big_counts_are_shown_with_separators_and_written_without() {
        let mut row = sample_row();
        row.expanded = 12_316_650;
        row.expanded_per_second = 999;
        assert_eq!(SweepColumn::Expanded.display(&row), "12,316,650");
        assert_eq!(SweepColumn::Expanded.cell(&row), "12316650");
        assert_eq!(SweepColumn::ExpandedPerSecond.display(&row), "999");
        assert_eq!(
            SweepColumn::Budget.display(&row),
            SweepColumn::Budget.cell(&row)
        );
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
