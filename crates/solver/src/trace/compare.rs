//! Comparing a student's trace with the assignment's search: the first expansion where they
//! differ, the node and path on each side, and the likely cause.
//!
//! The cause is found by running the variants students make of the search
//! ([`super::variants`]) against the student's trace: a variant that expands the student's
//! nodes, line for line, from the start to the end of the trace (or well past the
//! difference), and generates as many children as the STATS block says, names it. The budget
//! is the one exception: a trace that agrees to the end of the shorter side only says the two
//! ran with different budgets, which needs no search to tell.

use super::student::StudentTrace;
use super::variants::{Duplicates, Scan, Variant, VariantSearch};
use super::{ClassicTrace, Counters, Expansion, PathKeeper};
use crate::Stop;
use pegsol_rules::{CellSet, Jump, Position};

/// Expansions past the difference that a variant must match to name the cause (when the
/// trace goes on that long): enough that no other change could match them by chance.
const CONFIRM: u64 = 20_000;

/// One side's node at the difference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    /// The expansion as its trace line tells it.
    pub expansion: Expansion,
    /// The jumps from the start to the node.
    pub path: Vec<Jump>,
    /// The node's board.
    pub pegs: CellSet,
}

/// How the two traces part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DifferenceKind {
    /// Both expand a node here, but not the same one.
    Node,
    /// The student's trace ends before this expansion; the search goes on.
    TheirsEnded,
    /// The search stopped before this expansion (why); the student's trace goes on.
    OursEnded(Stop),
    /// Every line agrees, but the STATS block counts other children generated.
    Generated {
        /// The search's count.
        ours: u64,
        /// The STATS block's.
        theirs: u64,
    },
}

/// The first difference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The expansion where the traces part (for [`DifferenceKind::Generated`], the last).
    pub n: u64,
    /// How.
    pub kind: DifferenceKind,
    /// The search's node there, if it expands one.
    pub ours: Option<Side>,
    /// The student's node there, if the trace has one.
    pub theirs: Option<Side>,
}

/// A likely cause of the difference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cause {
    /// The scan over the cells has rows outer.
    ScanOrder,
    /// The directions at a cell come in another order (theirs, by name).
    DirectionOrder(Vec<&'static str>),
    /// Both: rows outer, and the directions in this order.
    ScanAndDirectionOrder(Vec<&'static str>),
    /// No duplicate check: every child is pushed.
    NoDuplicateCheck,
    /// Duplicates checked up to the board's symmetries.
    DuplicatesUpToSymmetry,
    /// The budget tested before the last node's children are generated.
    BudgetBeforeChildren,
    /// One expansion past the budget: a test with `>` instead of `>=`.
    BudgetOffByOne,
    /// The same search run with another budget (the student's trace has this many lines).
    OtherBudget(u64),
    /// The win tested when a node with one peg is expanded.
    WinAtExpansion,
}

impl std::fmt::Display for Cause {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let order = |names: &[&str]| names.join(", ");
        match self {
            Cause::ScanOrder => write!(
                f,
                "a different scan order: your search scans rows outer (for y, then for x); the \
                 assignment scans columns outer (for x, then for y)"
            ),
            Cause::DirectionOrder(names) => write!(
                f,
                "a different direction order: your search tries {} at each cell; the \
                 assignment tries left, right, up, down",
                order(names)
            ),
            Cause::ScanAndDirectionOrder(names) => write!(
                f,
                "a different scan order and direction order: your search scans rows outer \
                 (for y, then for x) and tries {} at each cell; the assignment scans columns \
                 outer and tries left, right, up, down",
                order(names)
            ),
            Cause::NoDuplicateCheck => write!(
                f,
                "a different duplicate check: your search pushes children whose board it has \
                 seen before; the assignment pushes a child only if its board is new"
            ),
            Cause::DuplicatesUpToSymmetry => write!(
                f,
                "a different duplicate check: your search drops a child whose board is a \
                 rotation or reflection of one seen before; the assignment drops only the \
                 same board"
            ),
            Cause::BudgetOffByOne => write!(
                f,
                "the budget test: your search expands one node more than the budget (a test \
                 with > where the assignment stops when expanded >= budget)"
            ),
            Cause::BudgetBeforeChildren => write!(
                f,
                "the budget test placed before expanding: your search stops before generating \
                 the last node's children; the assignment tests the budget after them"
            ),
            Cause::OtherBudget(lines) => write!(
                f,
                "another budget: your trace agrees with the search to its end, {} \
                 expansions; give pegsol the budget your program ran with (--budget)",
                crate::budget::grouped(&lines.to_string())
            ),
            Cause::WinAtExpansion => write!(
                f,
                "the winning test placed at expansion: your search stops when it expands a \
                 node with one peg; the assignment stops as soon as it generates one"
            ),
        }
    }
}

/// The comparison of a student's trace with the search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// Expansions that agree before the difference (all of them if there is none).
    pub agreed: u64,
    /// The first difference, if any.
    pub difference: Option<Difference>,
    /// The likely cause, if one can be named.
    pub cause: Option<Cause>,
    /// The search's counters at its end, or at the difference.
    pub ours: Counters,
}

impl Comparison {
    /// What the comparison found, in one sentence without its full stop: "they agree on the
    /// first 1 expansions and differ at expansion 2". `generated` is the student's STATS
    /// count, if they gave one.
    pub fn headline(&self, generated: Option<u64>) -> String {
        let count = |n: u64| crate::budget::grouped(&n.to_string());
        let Some(d) = &self.difference else {
            let same = generated.map_or(String::new(), |g| {
                format!(", and the same {} generated", count(g))
            });
            return format!(
                "they agree: the same {} expansions, in the same order{same}",
                count(self.agreed)
            );
        };
        match d.kind {
            DifferenceKind::Node => format!(
                "they agree on the first {} expansions and differ at expansion {}",
                count(self.agreed),
                count(d.n)
            ),
            DifferenceKind::TheirsEnded => format!(
                "they agree on all {} expansions of your trace, but the search goes on: it \
                 expands node {}",
                count(self.agreed),
                count(d.n)
            ),
            DifferenceKind::OursEnded(stop) => format!(
                "they agree on the first {} expansions; then the search stops ({}), but your \
                 trace goes on with expansion {}",
                count(self.agreed),
                stop_words(stop),
                count(d.n)
            ),
            DifferenceKind::Generated { ours, theirs } => format!(
                "every expansion agrees, but your STATS count {} generated and the search {}: \
                 the difference is in the children of the last expansion, {}",
                count(theirs),
                count(ours),
                count(d.n)
            ),
        }
    }

    /// The likely cause in a sentence without its full stop, or that none can be named.
    pub fn cause_text(&self) -> String {
        match &self.cause {
            Some(cause) => format!("Likely cause: {cause}"),
            None => "No likely cause named: none of the usual changes (scan order, direction \
                     order, duplicate check, budget test, winning test) explains your trace"
                .into(),
        }
    }
}

/// Why the search stopped, in words.
fn stop_words(stop: Stop) -> &'static str {
    match stop {
        Stop::Solved => "won: a child with one peg was generated",
        Stop::Budget => "the budget is used",
        Stop::Exhausted => "nothing is left on the stack",
        Stop::OutOfMemory => "out of memory",
        Stop::Cancelled => "stopped",
    }
}

/// Compares `theirs`, a trace of a search from `start`, with the assignment's search from it
/// with a budget of `budget` expansions.
pub fn compare(start: &Position, budget: u64, theirs: &StudentTrace) -> Comparison {
    let mut ours = ClassicTrace::new(start, budget);
    let (mut our_path, mut their_path) = (PathKeeper::default(), PathKeeper::default());
    let side = |e: Expansion, keeper: &mut PathKeeper| {
        keeper.push(e.depth, e.jump);
        let path = keeper.path().to_vec();
        let mut p = start.clone();
        for &j in &path {
            p.play_unchecked(j);
        }
        Side {
            expansion: e,
            path,
            pegs: p.pegs(),
        }
    };
    let mut n = 0;
    let difference = loop {
        n += 1;
        let (o, t) = (ours.expand(), theirs.get(n));
        let kind = match (o, t) {
            (Some(o), Some(t)) if o == t => {
                our_path.push(o.depth, o.jump);
                their_path.push(t.depth, t.jump);
                continue;
            }
            (Some(_), Some(_)) => DifferenceKind::Node,
            (Some(_), None) => DifferenceKind::TheirsEnded,
            (None, Some(_)) => DifferenceKind::OursEnded(ours.stopped().unwrap_or(Stop::Budget)),
            (None, None) => {
                n -= 1;
                let generated = ours.counters().generated;
                match theirs.generated {
                    Some(g) if g != generated => DifferenceKind::Generated {
                        ours: generated,
                        theirs: g,
                    },
                    _ => break None,
                }
            }
        };
        let (o, t) = match kind {
            // The last node, on both sides alike.
            DifferenceKind::Generated { .. } => {
                let last = theirs.get(n);
                (last, last)
            }
            _ => (o, t),
        };
        break Some(Difference {
            n,
            kind,
            ours: o.map(|o| side(o, &mut our_path.clone())),
            theirs: t.map(|t| side(t, &mut their_path.clone())),
        });
    };
    let agreed = match &difference {
        Some(d) if !matches!(d.kind, DifferenceKind::Generated { .. }) => d.n - 1,
        _ => n,
    };
    let cause = difference
        .as_ref()
        .and_then(|d| name_cause(start, budget, theirs, d));
    Comparison {
        agreed,
        difference,
        cause,
        ours: ours.counters(),
    }
}

/// The cause of `difference`, if one can be named.
fn name_cause(
    start: &Position,
    budget: u64,
    theirs: &StudentTrace,
    difference: &Difference,
) -> Option<Cause> {
    match difference.kind {
        DifferenceKind::OursEnded(Stop::Budget) if theirs.len() == budget + 1 => {
            return Some(Cause::BudgetOffByOne)
        }
        _ => {}
    }
    let candidates = candidates(start);
    if let Some(cause) = candidates
        .into_iter()
        .find(|(variant, _)| explains(start, budget, variant, theirs, difference.n))
        .map(|(_, cause)| cause)
    {
        return Some(cause);
    }
    match difference.kind {
        // Agreed to the end of the shorter side: another budget.
        DifferenceKind::OursEnded(Stop::Budget) | DifferenceKind::TheirsEnded => {
            Some(Cause::OtherBudget(theirs.len()))
        }
        _ => None,
    }
}

/// The variants tried, each with the cause it names, most likely first.
fn candidates(start: &Position) -> Vec<(Variant, Cause)> {
    let grid = start.shape().grid();
    let names = grid.directions();
    let base = Variant::assignment(names.len());
    let mut out = vec![(
        Variant {
            scan: Scan::Rows,
            ..base.clone()
        },
        Cause::ScanOrder,
    )];
    // Every order of the square's four directions; the triangle's 720 are not tried.
    let orders = if names.len() == 4 {
        permutations(4)
    } else {
        Vec::new()
    };
    for scan in [Scan::Columns, Scan::Rows] {
        for order in orders
            .iter()
            .filter(|o| o.iter().enumerate().any(|(i, &d)| i != d))
        {
            let named: Vec<&'static str> = order.iter().map(|&d| names[d].name).collect();
            let cause = match scan {
                Scan::Columns => Cause::DirectionOrder(named),
                Scan::Rows => Cause::ScanAndDirectionOrder(named),
            };
            out.push((
                Variant {
                    scan,
                    directions: order.clone(),
                    ..base.clone()
                },
                cause,
            ));
        }
    }
    out.push((
        Variant {
            duplicates: Duplicates::Unchecked,
            ..base.clone()
        },
        Cause::NoDuplicateCheck,
    ));
    out.push((
        Variant {
            duplicates: Duplicates::UpToSymmetry,
            ..base.clone()
        },
        Cause::DuplicatesUpToSymmetry,
    ));
    out.push((
        Variant {
            budget_before_children: true,
            ..base.clone()
        },
        Cause::BudgetBeforeChildren,
    ));
    out.push((
        Variant {
            win_at_expansion: true,
            ..base
        },
        Cause::WinAtExpansion,
    ));
    out
}

/// Every order of `0..n`.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for rest in permutations(n - 1) {
        for i in 0..=rest.len() {
            let mut p = rest.clone();
            p.insert(i, n - 1);
            out.push(p);
        }
    }
    out.sort();
    out
}

/// Whether `variant`'s search expands the student's nodes line for line, from the start to
/// the end of the trace or [`CONFIRM`] expansions past `difference`, and (having matched the
/// whole trace) stops where it ends with as many children generated as its STATS say.
fn explains(
    start: &Position,
    budget: u64,
    variant: &Variant,
    theirs: &StudentTrace,
    difference: u64,
) -> bool {
    let mut search = VariantSearch::new(start, budget, variant.clone());
    let last = theirs.len().min(difference.saturating_add(CONFIRM));
    for n in 1..=last {
        if search.expand() != theirs.get(n) {
            return false;
        }
    }
    if last < theirs.len() {
        return true;
    }
    search.expand().is_none() && theirs.generated.is_none_or(|g| g == search.generated())
}
