//! The signed pagoda programme solved by a small simplex of its own, for the prover's many
//! calls: a tenth of a general solver's time, most of all where no function exists.
//!
//! The programme: weights `w` in [-1, 1] with `w(a) + w(b) >= w(c)` for every jump (a over b
//! into c), maximising `c·w` where `c` is the goal less the board (peg for peg). Its dual
//! asks for non-negative jump counts `y` that bring the board as close to the goal as they
//! can, in the L1 sense:
//!
//! ```text
//! minimise  Σ u_i + Σ v_i   subject to   -Gᵀy + u - v = c,   y, u, v >= 0
//! ```
//!
//! where column `j` of `-Gᵀ` is jump j's change to a board (-1 on a and b, +1 on c). This form
//! has one row per cell (at most 64) and a feasible basis for free (`u_i` or `v_i` per row,
//! by the sign of `c_i`), so a revised primal simplex with an explicit basis inverse runs
//! without a first phase, and each step costs a pass over the jumps (three entries each) and
//! one rank-one update. Two exits:
//! - the objective reaches 0: jump counts take the board to the goal, no function exists
//!   (the common case, found early, without an optimum);
//! - an optimum above 0: its simplex multipliers are the weights (every reduced cost is at
//!   least 0: `w(a) + w(b) - w(c) >= 0` for the jump columns, `1 - w_i >= 0` and
//!   `1 + w_i >= 0` for the `u` and `v` columns), and `c·w` equals the distance.
//!
//! Floating point, so [`super::signed`] turns the weights into whole numbers and checks them
//! exactly: an error here can only lose a function, never make an unsound one. A run that
//! stalls (degenerate cycling) gives up, and the caller falls back on the general solver.

/// What a run of the simplex concluded.
#[derive(Clone, Debug, PartialEq)]
pub enum Solved {
    /// Some jump counts take the board to the goal: no function exists.
    NoFunction,
    /// The optimal weights, one per cell (`c·w` above 0).
    Weights(Vec<f64>),
    /// Too many steps: no conclusion.
    GaveUp,
}

/// Tolerance for "zero" in the steps.
const EPS: f64 = 1e-9;

/// Optimum below which no function is claimed, by this simplex and by the general solver.
pub const MIN_GAP: f64 = 1e-6;

/// Most steps before giving up: far more than the catalogue's boards need (a few dozen).
const MAX_STEPS: usize = 4000;

/// Column kinds of the dual: a jump's count, or a cell's `u` or `v`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Column {
    Jump(usize),
    Up(usize),
    Down(usize),
}

/// Solves the programme for `cells` cells, the jumps `jumps` (each `(a, b, c)`: from and over
/// emptied, c filled; indices below `cells`) and the objective `c` (goal less board).
pub fn solve(cells: usize, jumps: &[(usize, usize, usize)], c: &[f64]) -> Solved {
    let n = cells;
    if c.len() != n || jumps.iter().any(|&(a, b, t)| a >= n || b >= n || t >= n) {
        return Solved::GaveUp;
    }
    // The basis: one column per row, its inverse (row-major, n x n), and the basic values.
    let mut basis: Vec<Column> = (0..n)
        .map(|i| {
            if c[i] >= 0.0 {
                Column::Up(i)
            } else {
                Column::Down(i)
            }
        })
        .collect();
    let mut inverse = vec![0.0f64; n * n];
    for (i, col) in basis.iter().enumerate() {
        inverse[i * n + i] = match col {
            Column::Down(_) => -1.0,
            _ => 1.0,
        };
    }
    let mut values: Vec<f64> = c.iter().map(|x| x.abs()).collect();
    // Whether each column is basic: the jumps, then the u's, then the v's.
    let m = jumps.len();
    let index = |col: Column| match col {
        Column::Jump(j) => j,
        Column::Up(i) => m + i,
        Column::Down(i) => m + n + i,
    };
    let mut basic = vec![false; m + 2 * n];
    for &col in &basis {
        basic[index(col)] = true;
    }
    let mut pi = vec![0.0f64; n];
    let mut alpha = vec![0.0f64; n];
    for _ in 0..MAX_STEPS {
        let objective: f64 = basis
            .iter()
            .zip(&values)
            .map(|(col, v)| {
                if matches!(col, Column::Jump(_)) {
                    0.0
                } else {
                    *v
                }
            })
            .sum();
        if objective < MIN_GAP {
            return Solved::NoFunction;
        }
        // Multipliers: pi = c_B^T B^-1.
        pi.iter_mut().for_each(|p| *p = 0.0);
        for (r, col) in basis.iter().enumerate() {
            if !matches!(col, Column::Jump(_)) {
                let row = &inverse[r * n..(r + 1) * n];
                for (p, x) in pi.iter_mut().zip(row) {
                    *p += x;
                }
            }
        }
        // Pricing (most negative reduced cost).
        let mut entering = None;
        let mut best = -EPS;
        for (j, &(a, b, t)) in jumps.iter().enumerate() {
            if basic[j] {
                continue;
            }
            let d = pi[a] + pi[b] - pi[t];
            if d < best {
                best = d;
                entering = Some(Column::Jump(j));
            }
        }
        for (i, &p) in pi.iter().enumerate() {
            if 1.0 - p < best && !basic[m + i] {
                best = 1.0 - p;
                entering = Some(Column::Up(i));
            }
            if 1.0 + p < best && !basic[m + n + i] {
                best = 1.0 + p;
                entering = Some(Column::Down(i));
            }
        }
        let Some(q) = entering else {
            // Optimal: the multipliers are the weights.
            return Solved::Weights(pi.clone());
        };
        // alpha = B^-1 A_q.
        let column: [(usize, f64); 3] = match q {
            Column::Jump(j) => {
                let (a, b, t) = jumps[j];
                [(a, -1.0), (b, -1.0), (t, 1.0)]
            }
            Column::Up(i) => [(i, 1.0), (i, 0.0), (i, 0.0)],
            Column::Down(i) => [(i, -1.0), (i, 0.0), (i, 0.0)],
        };
        for (r, a) in alpha.iter_mut().enumerate() {
            let row = &inverse[r * n..(r + 1) * n];
            *a = column.iter().map(|&(k, x)| row[k] * x).sum();
        }
        // Ratio test; ties to the lowest row, for determinism.
        let mut leaving = None;
        let mut ratio = f64::INFINITY;
        for (r, &a) in alpha.iter().enumerate() {
            if a > EPS {
                let t = values[r] / a;
                if t < ratio - EPS {
                    ratio = t;
                    leaving = Some(r);
                }
            }
        }
        let Some(r) = leaving else {
            // Unbounded cannot happen (the objective is at least 0); give up all the same.
            return Solved::GaveUp;
        };
        // Pivot: values, then the inverse's rows.
        let pivot = alpha[r];
        for (k, v) in values.iter_mut().enumerate() {
            if k != r {
                *v -= ratio * alpha[k];
                if *v < 0.0 {
                    *v = 0.0;
                }
            }
        }
        values[r] = ratio;
        let (before, rest) = inverse.split_at_mut(r * n);
        let (pivot_row, after) = rest.split_at_mut(n);
        pivot_row.iter_mut().for_each(|x| *x /= pivot);
        for (k, row) in before
            .chunks_exact_mut(n)
            .chain(after.chunks_exact_mut(n))
            .enumerate()
        {
            let k = if k < r { k } else { k + 1 };
            let f = alpha[k];
            if f != 0.0 {
                for (x, p) in row.iter_mut().zip(pivot_row.iter()) {
                    *x -= f * p;
                }
            }
        }
        basic[index(basis[r])] = false;
        basic[index(q)] = true;
        basis[r] = q;
    }
    Solved::GaveUp
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three cells in a row: a peg on each end cannot become one peg in the middle (a
    /// function exists), but pegs on the first two can become one on the third.
    #[test]
    fn a_line_of_three_cells() {
        let jumps = [(0, 1, 2), (2, 1, 0)];
        // Board {0, 1}, goal {2}: the jump does it.
        assert_eq!(solve(3, &jumps, &[-1.0, -1.0, 1.0]), Solved::NoFunction);
        // Board {0, 2}, goal {1}: nothing jumps into the middle.
        match solve(3, &jumps, &[-1.0, 1.0, -1.0]) {
            Solved::Weights(w) => {
                let gain = -w[0] + w[1] - w[2];
                assert!(gain > MIN_GAP, "weights {w:?}");
                for &(a, b, t) in &jumps {
                    assert!(w[a] + w[b] - w[t] >= -1e-9);
                }
            }
            other => panic!("expected weights, got {other:?}"),
        }
    }
}
