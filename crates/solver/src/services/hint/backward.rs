//! Lost middle games proven on the game played backwards, for the hint judge.
//!
//! A lone peg on a finish, turned inside out (every cell but the finish), never becomes the
//! position turned inside out: then the position never ends on that finish. Played
//! backwards, a lost middle game has few pegs to place and the prover's signed pagoda
//! functions cut it short; forwards it is a search of billions.
//!
//! [`BackwardProof`] does this by turns for the judge: its prover keeps its failures and
//! functions from one turn to the next, and a finish refuted in one turn is not looked at
//! again, so a longer turn takes up where the shorter one stopped rather than starting over.

use super::Reason;
use crate::engines::prove::signed::SignedPagoda;
use crate::engines::prove::{Limits, Prover, Verdict};
use crate::Control;
use pegsol_rules::{Cell, CellSet, Shape};

/// Expansions the prover may use on each finish cell in [`backward_proof`].
const PROVER_EXPANSIONS: u64 = 20_000;

/// The backward proof of one position over several turns (see the module docs).
pub struct BackwardProof {
    prover: Prover,
    cells: CellSet,
    /// Finishes not refuted yet; the one that held out last comes first.
    open: Vec<Cell>,
    /// Positions expanded over all turns.
    positions: u64,
}

impl BackwardProof {
    /// A proof that `pegs` (on `shape`) reaches none of `finishes`, to be attempted by turns,
    /// starting with `functions` (signed functions found before on the same board). `None`
    /// when the prover cannot take the board, or there is nothing to prove.
    pub fn new(
        shape: &Shape,
        pegs: CellSet,
        finishes: CellSet,
        functions: &[SignedPagoda],
    ) -> Option<BackwardProof> {
        let holes = shape.cells() - pegs;
        if holes.is_empty() || finishes.is_empty() {
            return None;
        }
        let mut prover = Prover::for_goal(shape, holes)?;
        prover.adopt_functions(functions);
        Some(BackwardProof {
            prover,
            cells: shape.cells(),
            open: finishes.iter().collect(),
            positions: 0,
        })
    }

    /// One turn within `limits` per finish: the reason once every finish is refuted; `None`
    /// as soon as one is not (reachable, or not decided within the limits).
    pub fn turn(&mut self, limits: Limits, control: &mut Control) -> Option<Reason> {
        self.turn_within(limits, u64::MAX, control)
    }

    /// [`BackwardProof::turn`], examining at most `most` positions in all (the last finish
    /// tried gets what is left of them). Progress is reported as positions examined over
    /// every turn.
    pub fn turn_within(
        &mut self,
        limits: Limits,
        most: u64,
        control: &mut Control,
    ) -> Option<Reason> {
        let before = self.positions;
        while let Some(&f) = self.open.first() {
            let left = most.saturating_sub(self.positions - before);
            if left == 0 {
                return None;
            }
            let limits = Limits {
                expansions: limits.expansions.min(left),
                ..limits
            };
            let goal = self.cells - CellSet::single(f);
            let report =
                control.with_offset(self.positions, |c| self.prover.decide(goal, limits, c));
            self.positions += report.expanded;
            if report.verdict != Verdict::Unreachable {
                return None;
            }
            self.open.remove(0);
        }
        Some(Reason::Search {
            positions: self.positions.max(1),
        })
    }

    /// Positions examined over every turn so far.
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// The prover's signed functions, those that refuted most lately first: for the next
    /// proof on the same board.
    pub fn functions(&self) -> Vec<SignedPagoda> {
        self.prover.functions()
    }
}

/// A proof that `pegs` reaches none of `finishes` by the game played backwards (see the
/// module docs), within [`PROVER_EXPANSIONS`] per finish. `None` as soon as one finish is not
/// refuted.
pub fn backward_proof(
    shape: &Shape,
    pegs: CellSet,
    finishes: CellSet,
    control: &mut Control,
) -> Option<Reason> {
    let limits = Limits::long(PROVER_EXPANSIONS);
    backward_proof_with(shape, pegs, finishes, limits, &mut Vec::new(), control)
}

/// [`backward_proof`] within `limits` per finish, starting with `functions` (signed functions
/// found before on the same board) and leaving in it the prover's functions afterwards.
pub fn backward_proof_with(
    shape: &Shape,
    pegs: CellSet,
    finishes: CellSet,
    limits: Limits,
    functions: &mut Vec<SignedPagoda>,
    control: &mut Control,
) -> Option<Reason> {
    let mut proof = BackwardProof::new(shape, pegs, finishes, functions)?;
    let reason = proof.turn(limits, control);
    *functions = proof.functions();
    reason
}
