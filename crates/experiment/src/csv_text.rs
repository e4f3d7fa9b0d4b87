//! The sweep's rows as CSV (RFC 4180), and read back.

use super::sweep::SweepRow;
use pegsol_solver::Engine;

/// Why a text is not the sweep's CSV: the line (1 is the header) and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CsvError {
    /// No header line.
    #[error("the file is empty")]
    Empty,
    /// The header is not [`CSV_FIELDS`] (nor the first twelve of them, as written before the
    /// moves columns were added).
    #[error("line 1: expected the header {}", CSV_FIELDS.join(","))]
    Header,
    /// A quote in the middle of an unquoted field.
    #[error("line {line}: a quote inside an unquoted field")]
    StrayQuote {
        /// The line.
        line: usize,
    },
    /// The text ends inside a quoted field.
    #[error("line {line}: a quoted field is not closed")]
    OpenQuote {
        /// The line.
        line: usize,
    },
    /// A record with too few or too many fields.
    #[error("line {line}: {found} fields, expected {expected}")]
    FieldCount {
        /// The line.
        line: usize,
        /// Fields found.
        found: usize,
        /// Fields the header has.
        expected: usize,
    },
    /// A field that should hold a number or a known word does not.
    #[error("line {line}: {field} `{text}` {expected}")]
    BadField {
        /// The line.
        line: usize,
        /// The field's name.
        field: &'static str,
        /// What it holds.
        text: String,
        /// What it should be.
        expected: &'static str,
    },
}

/// The CSV header line's fields, in order. The last two, for the moves algorithm, came later:
/// they were added at the end, so a reader of the first twelve columns reads every row as
/// before, and they are empty in the rows of the other algorithms.
pub const CSV_FIELDS: [&str; 14] = [
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
    "moves",
    "moves_lower_bound",
];

/// The fields of the CSV written before the moves columns: [`parse_csv`] reads it too.
const OLD_FIELDS: usize = 12;

/// An optional count as a CSV field: empty when there is none.
fn optional(n: Option<u32>) -> String {
    n.map_or(String::new(), |n| n.to_string())
}

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
            optional(r.moves),
            optional(r.moves_lower_bound),
        ];
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    out
}

/// Splits CSV text into records of fields (RFC 4180: quoted fields may hold commas, quotes
/// and line breaks).
fn csv_records(text: &str) -> Result<Vec<Vec<String>>, CsvError> {
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
            (false, '"') => return Err(CsvError::StrayQuote { line }),
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
        return Err(CsvError::OpenQuote { line });
    }
    if !field.is_empty() || !record.is_empty() {
        record.push(field);
        records.push(record);
    }
    Ok(records)
}

/// Reads rows back from [`csv`]'s text, or says which line and field is wrong.
pub fn parse_csv(text: &str) -> Result<Vec<SweepRow>, CsvError> {
    let records = csv_records(text)?;
    let Some((header, body)) = records.split_first() else {
        return Err(CsvError::Empty);
    };
    let fields = header.len();
    if (fields != CSV_FIELDS.len() && fields != OLD_FIELDS)
        || header
            .iter()
            .map(String::as_str)
            .ne(CSV_FIELDS[..fields].iter().copied())
    {
        return Err(CsvError::Header);
    }
    let mut rows = Vec::new();
    for (i, rec) in body.iter().enumerate() {
        let line = i + 2;
        if rec.len() != fields {
            return Err(CsvError::FieldCount {
                line,
                found: rec.len(),
                expected: fields,
            });
        }
        fn num<N: std::str::FromStr>(rec: &[String], i: usize, line: usize) -> Result<N, CsvError> {
            rec[i].trim().parse().map_err(|_| CsvError::BadField {
                line,
                field: CSV_FIELDS[i],
                text: rec[i].clone(),
                expected: "is not a number",
            })
        }
        fn maybe(rec: &[String], i: usize, line: usize) -> Result<Option<u32>, CsvError> {
            match rec.get(i).map(|f| f.trim()) {
                None | Some("") => Ok(None),
                Some(_) => num(rec, i, line).map(Some),
            }
        }
        let Some(algorithm) = Engine::ALL.into_iter().find(|a| a.name() == rec[2].trim()) else {
            return Err(CsvError::BadField {
                line,
                field: CSV_FIELDS[2],
                text: rec[2].clone(),
                expected: "is not an algorithm (classic, exact or moves)",
            });
        };
        let proven_optimal = match rec[8].trim() {
            "true" => true,
            "false" => false,
            other => {
                return Err(CsvError::BadField {
                    line,
                    field: CSV_FIELDS[8],
                    text: other.to_string(),
                    expected: "is not true or false",
                })
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
            moves: maybe(rec, 12, line)?,
            moves_lower_bound: maybe(rec, 13, line)?,
        });
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sweep::tests::{sample_moves_row, sample_row};

    #[test]
    fn csv_round_trips_exactly() {
        let mut other = sample_row();
        other.layout = "level-5".into();
        other.algorithm = Engine::Classic;
        other.proven_optimal = false;
        other.seconds = 1.0 / 3.0;
        let mut unfinished = sample_moves_row();
        unfinished.moves = None;
        unfinished.moves_lower_bound = Some(7);
        let rows = vec![sample_row(), other, sample_moves_row(), unfinished];
        assert_eq!(parse_csv(&csv(&rows)), Ok(rows));
        assert!(parse_csv("").is_err());
        assert!(parse_csv("layout\nx\n").is_err());
        let bad = csv(&[sample_row()]).replace(",35,", ",many,");
        assert!(parse_csv(&bad).unwrap_err().to_string().contains("line 2"));
        assert!(matches!(
            parse_csv(&bad),
            Err(CsvError::BadField { line: 2, .. })
        ));
        let bad_moves = csv(&[sample_moves_row()]).replace(",9,9\n", ",9,nine\n");
        assert!(matches!(
            parse_csv(&bad_moves),
            Err(CsvError::BadField {
                line: 2,
                field: "moves_lower_bound",
                ..
            })
        ));
    }

    #[test]
    fn the_moves_columns_come_last_and_are_empty_for_the_other_engines() {
        let text = csv(&[sample_row(), sample_moves_row()]);
        let lines: Vec<&str> = text.lines().collect();
        // The old twelve columns first, in their order; then the two new ones.
        assert!(lines[0].starts_with(
            "layout,pegs_at_start,algorithm,budget,expanded,generated,solution_length,\
             pegs_left,proven_optimal,expanded_per_second,seconds,storage_bytes,"
        ));
        assert!(lines[0].ends_with(",storage_bytes,moves,moves_lower_bound"));
        assert!(lines[1].ends_with(",25165824,,"), "{}", lines[1]);
        assert!(
            lines[2].starts_with("triangle,14,moves,10000,1234,5678,13,1,true,800000,0.25,"),
            "{}",
            lines[2]
        );
        assert!(lines[2].ends_with(",1048576,9,9"), "{}", lines[2]);
    }

    #[test]
    fn csv_written_before_the_moves_columns_still_reads() {
        let old_header = CSV_FIELDS[..OLD_FIELDS].join(",");
        let row = sample_row();
        let new = csv(std::slice::from_ref(&row));
        let old_line = new.lines().nth(1).unwrap().strip_suffix(",,").unwrap();
        let old = format!("{old_header}\n{old_line}\n");
        assert_eq!(parse_csv(&old), Ok(vec![row]));
        // A header of thirteen fields is neither.
        let thirteen = format!("{},moves\n", old_header);
        assert_eq!(parse_csv(&thirteen), Err(CsvError::Header));
    }
}
