//! Pagoda functions: a weight on each cell of a board such that no jump raises the total
//! weight of the pegs.
//!
//! For every jump of peg `a` over `b` into `c`, a pagoda function has `w(a) + w(b) >= w(c)`:
//! the jump takes away `w(a) + w(b)` and adds `w(c)`, so the pegs' total weight never goes up.
//! A position whose total is below the goal's can therefore never reach the goal, whatever
//! is played: that is a proof of a lost position a person can check by adding up numbers,
//! and the weights can be drawn on the holes to show it.
//!
//! [`Pagoda::new`] checks a hand-made function against every jump of a shape;
//! [`Pagoda::find_refutation`] looks for one that proves a given position lost, by linear
//! programming over the shape's jumps (maximise the goal's weight minus the position's,
//! with weights between 0 and 1), then turns the optimum into whole numbers and checks it
//! again exactly, so a rounding error can never make an unsound proof.

use super::cellset::{Cell, CellSet, CELL_COUNT};
use super::jump::Jump;
use super::shape::Shape;
use std::fmt;

/// A pagoda function on one shape: whole-number weights, checked against every jump.
///
/// ```
/// use pegsol_rules::{Cell, CellSet, Grid, Pagoda, Shape};
/// // One row of five holes: a b c d e.
/// let row: CellSet = (0..5).map(|x| Cell { x, y: 0 }).collect();
/// let shape = Shape::new(Grid::Square, row);
/// // Weights 1 1 2 1 1: every jump into the centre removes 1 + 1, so none raises the total.
/// let end = |x| Cell { x, y: 0 };
/// let p = Pagoda::new(&shape, [(end(0), 1), (end(1), 1), (end(2), 2), (end(3), 1), (end(4), 1)]);
/// assert!(p.is_ok());
/// // Weight on the middle alone is not: a over b into c would raise 0 + 0 to 1.
/// assert!(Pagoda::new(&shape, [(end(2), 1)]).is_err());
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Pagoda {
    weights: Box<[u32; CELL_COUNT as usize]>,
    cells: CellSet,
}

/// Why weights are not a pagoda function of a shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PagodaError {
    /// A weight is given to a cell that is not on the board.
    #[error("cell {0} is not on the board")]
    OffBoard(Cell),
    /// This jump raises the total weight: `w(from) + w(over) < w(to)`.
    #[error("the jump {0} raises the weight")]
    RaisedBy(Jump),
}

impl Pagoda {
    /// The pagoda function with these weights (cells not named weigh 0), or the first cell
    /// off the board or jump that breaks the rule.
    pub fn new(
        shape: &Shape,
        weights: impl IntoIterator<Item = (Cell, u32)>,
    ) -> Result<Pagoda, PagodaError> {
        let mut table = Box::new([0u32; CELL_COUNT as usize]);
        for (cell, weight) in weights {
            if !shape.contains(cell) {
                return Err(PagodaError::OffBoard(cell));
            }
            table[cell.index() as usize] = weight;
        }
        let pagoda = Pagoda {
            weights: table,
            cells: shape.cells(),
        };
        match shape.jumps().iter().find(|j| !pagoda.allows(**j)) {
            Some(&jump) => Err(PagodaError::RaisedBy(jump)),
            None => Ok(pagoda),
        }
    }

    /// Whether `jump` keeps the rule: what it removes weighs at least what it adds.
    fn allows(&self, jump: Jump) -> bool {
        u64::from(self.weight(jump.from)) + u64::from(self.weight(jump.over))
            >= u64::from(self.weight(jump.to))
    }

    /// The weight of `cell` (0 off the board).
    pub fn weight(&self, cell: Cell) -> u32 {
        self.weights[cell.index() as usize]
    }

    /// The total weight of `pegs`.
    pub fn value(&self, pegs: CellSet) -> u64 {
        (pegs & self.cells)
            .iter()
            .map(|c| u64::from(self.weight(c)))
            .sum()
    }

    /// The cells with a weight above 0, with their weights: what a window draws.
    pub fn weights(&self) -> impl Iterator<Item = (Cell, u32)> + '_ {
        self.cells
            .iter()
            .map(|c| (c, self.weight(c)))
            .filter(|&(_, w)| w > 0)
    }

    /// The least total a finish on one of `finishes` has: a position below it can reach none
    /// of them. `None` when `finishes` is empty.
    pub fn least_finish(&self, finishes: CellSet) -> Option<u64> {
        finishes.iter().map(|c| u64::from(self.weight(c))).min()
    }

    /// Whether these weights prove that `pegs` can never end with one peg on any cell of
    /// `finishes`: the pegs weigh less than the lightest finish. (An empty `finishes` is
    /// lost for another reason, and not proved here.)
    pub fn refutes(&self, pegs: CellSet, finishes: CellSet) -> bool {
        self.least_finish(finishes)
            .is_some_and(|least| self.value(pegs) < least)
    }

    /// A pagoda function that proves `pegs` (on `shape`) can reach no one-peg finish on a cell
    /// of `finishes`, if linear programming finds one; `None` when none exists (or the solver
    /// gave no answer it could verify). The result is checked exactly before it is returned.
    pub fn find_refutation(shape: &Shape, pegs: CellSet, finishes: CellSet) -> Option<Pagoda> {
        let cost = |c: Cell| if pegs.contains(c) { 1.0 } else { 0.0 };
        let pagoda = Pagoda::maximise(shape, finishes, cost)?;
        pagoda.refutes(pegs, finishes).then_some(pagoda)
    }

    /// The pagoda function that maximises the lightest finish's weight minus
    /// `sum(cost(c) * w(c))` over the cells, with weights between 0 and 1, by linear
    /// programming; `None` when the optimum is not above 0 (no finish would weigh more than
    /// the cost allows) or could not be turned into checked whole numbers. Costs pick which
    /// cells should stay light: a cost of 1 on a position's pegs gives
    /// [`Pagoda::find_refutation`]; costs high around one region give a function that proves
    /// lost the positions whose pegs gather there.
    pub fn maximise(
        shape: &Shape,
        finishes: CellSet,
        cost: impl Fn(Cell) -> f64,
    ) -> Option<Pagoda> {
        if finishes.is_empty() || !finishes.is_subset(shape.cells()) {
            return None;
        }
        let weights = lp_maximise(shape, finishes, &cost)?;
        // Weights are in [0, 1]: a negative whole number cannot be a weight, and is refused.
        let values: Vec<f64> = weights.iter().map(|&(_, w)| w).collect();
        let whole = whole_numbers(&values, 360)?
            .into_iter()
            .zip(&weights)
            .map(|(w, &(cell, _))| Some((cell, u32::try_from(w).ok()?)))
            .collect::<Option<Vec<_>>>()?;
        let pagoda = Pagoda::new(shape, whole).ok()?;
        pagoda
            .least_finish(finishes)
            .is_some_and(|l| l > 0)
            .then_some(pagoda)
    }
}

/// Solves: maximise `t - sum(cost(c) * w(c))` subject to `w(a) + w(b) >= w(c)` for every
/// jump, `t <= w(f)` for every finish `f`, and `0 <= w <= 1`. Returns the weights when the
/// optimum is clearly positive.
fn lp_maximise(
    shape: &Shape,
    finishes: CellSet,
    cost: &dyn Fn(Cell) -> f64,
) -> Option<Vec<(Cell, f64)>> {
    use microlp::{ComparisonOp, OptimizationDirection, Problem};
    let mut problem = Problem::new(OptimizationDirection::Maximize);
    let cells: Vec<Cell> = shape.cells().iter().collect();
    let mut var = vec![None; CELL_COUNT as usize];
    for &cell in &cells {
        var[cell.index() as usize] = Some(problem.add_var(-cost(cell), (0.0, 1.0)));
    }
    let of = |cell: Cell| var[cell.index() as usize];
    let least = problem.add_var(1.0, (0.0, 1.0));
    for jump in shape.jumps() {
        let (a, b, c) = (of(jump.from)?, of(jump.over)?, of(jump.to)?);
        problem.add_constraint([(a, 1.0), (b, 1.0), (c, -1.0)], ComparisonOp::Ge, 0.0);
    }
    for finish in finishes {
        problem.add_constraint([(least, 1.0), (of(finish)?, -1.0)], ComparisonOp::Le, 0.0);
    }
    let solution = problem.solve().ok()?.into_solution().ok()?;
    if solution.objective() < 1e-6 {
        return None;
    }
    Some(
        cells
            .iter()
            .filter_map(|&c| Some((c, solution.var_value(of(c)?))))
            .collect(),
    )
}

/// An LP's weights as whole numbers: the smallest denominator (up to `most`) that makes
/// every weight whole within round-off. An optimal vertex of a pagoda LP has small rational
/// coordinates; anything else is given up (`None`) rather than guessed. The one rounding of
/// every pagoda search (this module's and the prover's signed functions); the result is
/// checked exactly afterwards by whoever uses it.
pub fn whole_numbers(weights: &[f64], most: i64) -> Option<Vec<i64>> {
    (1..=most).find_map(|d| {
        let df = d as f64;
        weights
            .iter()
            .map(|&w| {
                let scaled = (w * df).round();
                ((w * df - scaled).abs() < 1e-6).then_some(scaled as i64)
            })
            .collect()
    })
}

impl fmt::Debug for Pagoda {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pagoda {{ {self} }}")
    }
}

/// The weights drawn as the board: one column per cell, `.` for a weight of 0, blank off the
/// board.
impl fmt::Display for Pagoda {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some((x0, y0, x1, y1)) = self.cells.bounds() else {
            return Ok(());
        };
        let width = self.weights().map(|(_, w)| w.to_string().len()).max();
        let width = width.unwrap_or(1);
        for y in y0..=y1 {
            if y > y0 {
                writeln!(f)?;
            }
            let mut line = String::new();
            for x in x0..=x1 {
                let cell = Cell { x, y };
                let text = match self.weight(cell) {
                    _ if !self.cells.contains(cell) => String::new(),
                    0 => ".".to_string(),
                    w => w.to_string(),
                };
                line.push_str(&format!("{text:>width$} "));
            }
            write!(f, "{}", line.trim_end())?;
        }
        Ok(())
    }
}
