//! A student's trace file: what their program printed at each expansion, read and checked.
//!
//! One expansion a line, `DEPTH PEGS JUMP` (the jump that made the node in the `x,y-x,y`
//! form, `-` for the start), as the guide's three `printf` lines print it; blank lines and
//! lines starting with `#` are skipped. The assignment's STATS block may follow (`STATS:`,
//! then `Expanded nodes: N`, `Generated nodes: N`, ...): its counts let the comparison see
//! what the lines cannot (children never generated). Each line is checked against the board
//! as it is read: its depth must follow from the lines before (a depth-first search goes one
//! level deeper at a time), its jump must be legal on its parent's board and its pegs must be
//! that board's, so a mistake names its line instead of surfacing as a strange difference.

use pegsol_rules::{CellSet, Jump, JumpParseError, Position};
use rustc_hash::FxHashMap;
use std::io::{BufRead, Read};

/// Longest line read, in bytes: a trace line is a few numbers.
const MAX_LINE: u64 = 4096;
/// The jump code of the start (no jump).
const NO_JUMP: u16 = u16::MAX;

/// Why a trace file cannot be read; every case names its line (counted from 1).
#[derive(Debug, thiserror::Error)]
pub enum TraceError {
    /// The file could not be read.
    #[error("cannot read the trace: {0}")]
    Io(#[from] std::io::Error),
    /// A line is not text.
    #[error("line {0}: not text (UTF-8)")]
    NotText(usize),
    /// A line is too long to be a trace line.
    #[error("line {0}: longer than {MAX_LINE} characters; a trace line is `DEPTH PEGS JUMP`")]
    TooLong(usize),
    /// A line has the wrong number of fields.
    #[error(
        "line {line}: `{text}` has {count} field{s}; a trace line is `DEPTH PEGS JUMP`, e.g. \
         `1 35 5,3-3,3` (`-` as the start's jump)",
        s = if *count == 1 { "" } else { "s" }
    )]
    Fields {
        /// The line.
        line: usize,
        /// Its text.
        text: String,
        /// Fields found.
        count: usize,
    },
    /// A field is not a whole number.
    #[error("line {line}: the {what} `{text}` is not a whole number")]
    Number {
        /// The line.
        line: usize,
        /// Which field: depth or pegs.
        what: &'static str,
        /// Its text.
        text: String,
    },
    /// The jump field is not a jump.
    #[error("line {line}: {source}")]
    Jump {
        /// The line.
        line: usize,
        /// Why.
        source: JumpParseError,
    },
    /// The first expansion is not the start.
    #[error("line {0}: the first expansion must be the start: depth 0 and jump `-`")]
    NotStart(usize),
    /// A second start.
    #[error("line {0}: a second start (depth 0): a trace holds one search")]
    SecondStart(usize),
    /// A node past the start without a jump.
    #[error("line {0}: only the start (depth 0) has `-` as its jump")]
    MissingJump(usize),
    /// A depth that does not follow from the lines before it.
    #[error(
        "line {line}: depth {depth}, but the deepest node expanded so far is at depth \
         {deepest}: depth-first, a node's parent (one less deep) is expanded before it"
    )]
    Orphan {
        /// The line.
        line: usize,
        /// Its depth.
        depth: u32,
        /// The deepest node expanded before it.
        deepest: u32,
    },
    /// A jump that cannot be played on the node's parent.
    #[error("line {line}: the jump {jump} cannot be played on its parent's board: {why}")]
    Illegal {
        /// The line.
        line: usize,
        /// The jump.
        jump: Jump,
        /// Why not, in words.
        why: String,
    },
    /// A peg count that is not the board's.
    #[error("line {line}: says {said} pegs, but the board its path reaches has {board}")]
    Pegs {
        /// The line.
        line: usize,
        /// What the line says.
        said: u32,
        /// What the board has.
        board: u32,
    },
    /// A trace line after the STATS block.
    #[error("line {0}: a trace line after the STATS block")]
    AfterStats(usize),
    /// A line of the STATS block that is not `Name: value`.
    #[error("line {line}: `{text}` in the STATS block is not `Name: value`")]
    Stats {
        /// The line.
        line: usize,
        /// Its text.
        text: String,
    },
    /// No trace lines at all.
    #[error("the file has no trace lines (`DEPTH PEGS JUMP`, one expansion a line)")]
    Empty,
}

/// One expansion of a student's trace, packed (4 bytes: traces run to millions of lines).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Line {
    depth: u8,
    pegs: u8,
    jump: u16,
}

/// A student's trace, read and checked: its expansions and, if the file had one, the STATS
/// block's counts.
#[derive(Clone, Debug)]
pub struct StudentTrace {
    jumps: Vec<Jump>,
    lines: Vec<Line>,
    /// `Expanded nodes` from the STATS block.
    pub expanded: Option<u64>,
    /// `Generated nodes` from the STATS block.
    pub generated: Option<u64>,
}

impl StudentTrace {
    /// Reads a trace of a search from `start`.
    pub fn read(reader: impl BufRead, start: &Position) -> Result<StudentTrace, TraceError> {
        Reader::new(start).read(reader)
    }

    /// Expansions in the trace.
    pub fn len(&self) -> u64 {
        self.lines.len() as u64
    }

    /// Whether the trace has no expansions (never, once read).
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// Expansion `n` (from 1) as [`super::Expansion`].
    pub fn get(&self, n: u64) -> Option<super::Expansion> {
        let line = self.lines.get(usize::try_from(n.checked_sub(1)?).ok()?)?;
        Some(super::Expansion {
            n,
            depth: u32::from(line.depth),
            pegs: u32::from(line.pegs),
            jump: (line.jump != NO_JUMP).then(|| self.jumps[usize::from(line.jump)]),
        })
    }

    /// The expansions in order.
    pub fn iter(&self) -> impl Iterator<Item = super::Expansion> + '_ {
        (1..=self.len()).filter_map(|n| self.get(n))
    }
}

/// Reading state: the board of the last node expanded at each depth.
struct Reader {
    start: Position,
    index: FxHashMap<Jump, u16>,
    jumps: Vec<Jump>,
    boards: Vec<CellSet>,
}

impl Reader {
    fn new(start: &Position) -> Reader {
        let jumps = start.shape().jumps().to_vec();
        let index = jumps
            .iter()
            .enumerate()
            .map(|(i, &j)| (j, i as u16))
            .collect();
        Reader {
            start: start.clone(),
            index,
            jumps,
            boards: Vec::new(),
        }
    }

    fn read(mut self, mut reader: impl BufRead) -> Result<StudentTrace, TraceError> {
        let mut lines = Vec::new();
        let (mut expanded, mut generated, mut in_stats) = (None, None, false);
        let mut buf = Vec::new();
        for number in 1usize.. {
            buf.clear();
            let got = Read::take(&mut reader, MAX_LINE).read_until(b'\n', &mut buf)?;
            if got == 0 {
                break;
            }
            if got as u64 == MAX_LINE && buf.last() != Some(&b'\n') {
                return Err(TraceError::TooLong(number));
            }
            let text = std::str::from_utf8(&buf).map_err(|_| TraceError::NotText(number))?;
            let text = text.trim();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            if text.to_ascii_uppercase().starts_with("STATS") {
                in_stats = true;
                continue;
            }
            if in_stats {
                let (name, value) = stats_line(text).ok_or_else(|| {
                    if text.split_whitespace().count() == 3 {
                        TraceError::AfterStats(number)
                    } else {
                        TraceError::Stats {
                            line: number,
                            text: text.to_string(),
                        }
                    }
                })?;
                match name.as_str() {
                    "expanded nodes" => expanded = value,
                    "generated nodes" => generated = value,
                    _ => {}
                }
                continue;
            }
            lines.push(self.line(number, text)?);
        }
        if lines.is_empty() {
            return Err(TraceError::Empty);
        }
        Ok(StudentTrace {
            jumps: self.jumps,
            lines,
            expanded,
            generated,
        })
    }

    /// Parses and checks one trace line.
    fn line(&mut self, number: usize, text: &str) -> Result<Line, TraceError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 3 {
            return Err(TraceError::Fields {
                line: number,
                text: text.to_string(),
                count: fields.len(),
            });
        }
        let whole = |what: &'static str, t: &str| {
            t.parse::<u32>().map_err(|_| TraceError::Number {
                line: number,
                what,
                text: t.to_string(),
            })
        };
        let depth = whole("depth", fields[0])?;
        let pegs = whole("pegs", fields[1])?;
        let jump = match fields[2] {
            "-" => None,
            t => Some(t.parse::<Jump>().map_err(|source| TraceError::Jump {
                line: number,
                source,
            })?),
        };
        let first = self.boards.is_empty();
        let board = match (depth, jump) {
            (0, None) if first => self.start.pegs(),
            _ if first => return Err(TraceError::NotStart(number)),
            (0, _) => return Err(TraceError::SecondStart(number)),
            (_, None) => return Err(TraceError::MissingJump(number)),
            (d, Some(j)) => {
                let deepest = self.boards.len() as u32 - 1;
                if d > deepest + 1 {
                    return Err(TraceError::Orphan {
                        line: number,
                        depth: d,
                        deepest,
                    });
                }
                let parent = self.boards[d as usize - 1];
                let position = Position::new(self.start.shape().clone(), parent)
                    .unwrap_or_else(|| self.start.clone());
                if let Err(e) = position.check(j) {
                    return Err(TraceError::Illegal {
                        line: number,
                        jump: j,
                        why: e.in_words(),
                    });
                }
                parent ^ j.cells()
            }
        };
        if board.len() != pegs {
            return Err(TraceError::Pegs {
                line: number,
                said: pegs,
                board: board.len(),
            });
        }
        self.boards.truncate(depth as usize);
        self.boards.push(board);
        let jump = match jump {
            // Legal on the board, so one of the shape's jumps.
            Some(j) => self.index.get(&j).copied().unwrap_or(NO_JUMP),
            None => NO_JUMP,
        };
        // Depth and pegs are at most the board's 121 cells: checked by the peg count above.
        Ok(Line {
            depth: depth as u8,
            pegs: pegs as u8,
            jump,
        })
    }
}

/// A STATS line: its name in lower case and its number (commas and spaces between thousands
/// allowed; `None` for a value that is not a whole number, such as the time).
fn stats_line(text: &str) -> Option<(String, Option<u64>)> {
    let (name, value) = text.split_once(':')?;
    let digits: String = value
        .trim()
        .chars()
        .filter(|c| !matches!(c, ',' | ' ' | '\''))
        .collect();
    Some((name.trim().to_ascii_lowercase(), digits.parse().ok()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pegsol_layout::load::resolve_puzzle;

    fn read(text: &str) -> Result<StudentTrace, TraceError> {
        let p = resolve_puzzle("5").unwrap();
        StudentTrace::read(text.as_bytes(), &p.start)
    }

    #[test]
    fn a_good_trace_reads_with_its_stats_block() {
        let t = read(
            "# level 5\n0 36 -\n1 35 6,3-4,3\n\n2 34 6,5-6,3\nSTATS:\n\tExpanded nodes: 3\n\
             \tGenerated nodes: 1,234\n\tTime (seconds): 0.001\n",
        )
        .unwrap();
        assert_eq!(t.len(), 3);
        assert_eq!((t.expanded, t.generated), (Some(3), Some(1234)));
        let second = t.get(2).unwrap();
        assert_eq!((second.depth, second.pegs), (1, 35));
        assert_eq!(second.jump.unwrap().to_string(), "6,3-4,3");
        assert_eq!(t.get(1).unwrap().jump, None);
    }

    #[test]
    fn bad_lines_are_named_with_what_is_wrong() {
        let cases = [
            ("0 36\n", "line 1: `0 36` has 2 fields"),
            (
                "zero 36 -\n",
                "line 1: the depth `zero` is not a whole number",
            ),
            ("0 36 -\n1 35 6,3\n", "line 2: `6,3` is not a jump"),
            (
                "1 35 6,3-4,3\n",
                "line 1: the first expansion must be the start",
            ),
            ("0 36 -\n0 36 -\n", "line 2: a second start"),
            ("0 36 -\n1 35 -\n", "line 2: only the start"),
            (
                "0 36 -\n3 33 6,3-4,3\n",
                "line 2: depth 3, but the deepest node",
            ),
            (
                "0 36 -\n1 35 4,3-6,3\n",
                "line 2: the jump 4,3-6,3 cannot be played",
            ),
            (
                "0 36 -\n1 34 6,3-4,3\n",
                "line 2: says 34 pegs, but the board",
            ),
            ("0 35 -\n", "line 1: says 35 pegs"),
            (
                "0 36 -\nSTATS:\n1 35 6,3-4,3\n",
                "line 3: a trace line after the STATS",
            ),
            (
                "0 36 -\nSTATS:\nnonsense\n",
                "line 3: `nonsense` in the STATS block",
            ),
            ("# nothing\n\n", "the file has no trace lines"),
        ];
        for (text, want) in cases {
            let got = read(text).unwrap_err().to_string();
            assert!(got.starts_with(want), "{text:?}: {got}");
        }
        let long = format!("0 36 -\n{}\n", "1".repeat(5000));
        assert!(read(&long)
            .unwrap_err()
            .to_string()
            .starts_with("line 2: longer than"));
        let p = resolve_puzzle("5").unwrap();
        let bytes: &[u8] = b"0 36 -\n\xff\xfe\n";
        let e = StudentTrace::read(bytes, &p.start).unwrap_err();
        assert_eq!(e.to_string(), "line 2: not text (UTF-8)");
    }
}
