//! Board analysis for puzzle designers: for every single-vacancy start, which single-peg
//! finishes can be reached.
//!
//! Starts related by a symmetry of the board have related answers, so only one start per
//! symmetry class is solved and the others are mapped; and a pair (start hole, finish) has
//! the same answer as (finish, start hole), by playing the game backwards on the complement,
//! so each pair decided settles its mirror pair without a search.
//!
//! Each pair goes through two stages, each kept per finish cell for all starts (what they
//! learn, positions that cannot end on that cell, holds whatever the start):
//! 1. the prover's glance ([`Prover`] with [`Limits::GLANCE`]): signed pagoda functions
//!    settle in a millisecond or two pairs no classical argument does (the diamond's tips);
//! 2. the [`ExactSolver`] (its beam search finds most winning lines at once; before its long
//!    phase it also asks the prover about the game played backwards).
//!
//! A third stage, the prover's own long search, decided nothing more on the diamond at 2M
//! expansions a pair and took two minutes longer, so it is not run.

use crate::engines::exact::{verdict, ExactSolver, Options, Stages};
use crate::engines::prove::{Limits, Prover, Verdict};
use crate::Control;
use pegsol_rules::{Cell, CellSet, Goal, Position, Shape};
use std::collections::HashMap;
use std::sync::Arc;

/// Memory for each finish cell's failure table (a board has at most a handful of finishes
/// per start class, and each solve here is small).
pub const ANALYZE_TABLE_BYTES: usize = 64 << 20;

/// The answer for one start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartReport {
    /// The empty hole at the start.
    pub start: Cell,
    /// Finish cells proven reachable (with one peg left).
    pub finishes: Vec<Cell>,
    /// Finish cells the budget could not decide.
    pub unknown: Vec<Cell>,
}

/// Analyses every single-vacancy start of `shape`. `only` restricts the finish cells looked
/// at (e.g. the centre); `budget` caps each solve. Cancelled, it stops searching and returns
/// what it decided so far, every pair it did not decide listed as unknown (a table stopped
/// by Ctrl+C still says what it found). Returns `None` only where the table cannot be made
/// at all.
pub fn analyze(
    shape: &Arc<Shape>,
    only: Option<CellSet>,
    budget: Option<u64>,
    control: &mut Control,
) -> Option<Vec<StartReport>> {
    let cells = shape.cells();
    let mut solvers: HashMap<Cell, ExactSolver> = HashMap::new();
    let mut provers: HashMap<Cell, Option<Prover>> = HashMap::new();
    let mut reports: HashMap<Cell, StartReport> = HashMap::new();
    // Decided pairs: (empty hole at the start, finish cell) -> reachable. A game from the
    // board less `s` to a lone peg on `f`, played backwards on the complement, is a game from
    // the board less `f` to a lone peg on `s`: each pair decides its mirror pair too.
    let mut decided: HashMap<(Cell, Cell), bool> = HashMap::new();
    // Set when cancelled: from then on only pairs already decided are answered.
    let mut stopped = false;
    for hole in cells {
        if reports.contains_key(&hole) {
            continue;
        }
        let Some(start) = Position::new(shape.clone(), cells - CellSet::single(hole)) else {
            continue;
        };
        let candidates = shape.possible_finishes(start.pegs()) & only.unwrap_or(cells);
        let (mut finishes, mut unknown) = (Vec::new(), Vec::new());
        for c in candidates {
            if let Some(&reachable) = decided.get(&(c, hole)) {
                if reachable {
                    finishes.push(c);
                }
                continue;
            }
            if stopped {
                unknown.push(c);
                continue;
            }
            let prover = provers.entry(c).or_insert_with(|| Prover::new(shape, c));
            let mut decided_here = prove(prover, start.pegs(), Limits::GLANCE, control);
            if decided_here.is_none() {
                let solver = solvers.entry(c).or_insert_with(|| {
                    ExactSolver::new(
                        shape,
                        Goal::At(c),
                        Options {
                            budget,
                            threads: 0,
                            // One solver per finish cell: keep each table modest.
                            table_bytes: ANALYZE_TABLE_BYTES,
                            win_only: false,
                            stages: Stages::default(),
                            beam: true,
                        },
                    )
                });
                decided_here = verdict(&solver.solve(&start, control));
            }
            if control.cancelled() {
                // What a cancelled search said is not an answer.
                stopped = true;
                unknown.push(c);
                continue;
            }
            match decided_here {
                Some(true) => finishes.push(c),
                Some(false) => {}
                None => unknown.push(c),
            }
            if let Some(reachable) = decided_here {
                for s in shape.symmetries() {
                    decided.insert((s.apply_cell(hole), s.apply_cell(c)), reachable);
                }
            }
        }
        // Every symmetric image of this start gets the mapped answer, through the symmetries
        // that keep the set of finishes asked about (all of them when nothing is restricted).
        for s in shape.symmetries() {
            if only.is_some_and(|o| s.apply(o) != o) {
                continue;
            }
            let image = s.apply_cell(hole);
            let map = |v: &[Cell]| {
                let mut m: Vec<Cell> = v.iter().map(|&c| s.apply_cell(c)).collect();
                m.sort_by_key(|c| (c.y, c.x));
                m
            };
            reports.entry(image).or_insert_with(|| StartReport {
                start: image,
                finishes: map(&finishes),
                unknown: map(&unknown),
            });
        }
    }
    let mut list: Vec<StartReport> = reports.into_values().collect();
    list.sort_by_key(|r| (r.start.y, r.start.x));
    Some(list)
}

/// The prover's answer for `pegs` within `limits` (`None`: undecided, or no prover for this
/// board).
fn prove(
    prover: &mut Option<Prover>,
    pegs: CellSet,
    limits: Limits,
    control: &mut Control,
) -> Option<bool> {
    match prover.as_mut()?.decide(pegs, limits, control).verdict {
        Verdict::Reachable(_) => Some(true),
        Verdict::Unreachable => Some(false),
        Verdict::Unknown => None,
    }
}
