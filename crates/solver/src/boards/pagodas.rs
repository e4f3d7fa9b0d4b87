//! A board's pagoda functions for one goal, and the same weights as per-jump deltas over
//! compact boards so a search keeps them up to date with one subtraction per jump.
//!
//! A pagoda function (see [`Pagoda`]) never rises along a game, so a position whose weight is
//! below the lightest finish's can never finish: the exact solver prunes it, and the hints can
//! name the function (with its weights) as the reason a position is lost.
//!
//! Which functions? The useful ones are those that prove lost the positions a search really
//! meets. [`PagodaSet::for_finishes`] plays fixed pseudo-random games on the board, and for
//! each position reached that no function found so far refutes, asks linear programming for a
//! function that does ([`Pagoda::find_refutation`]); each one found is checked exactly by
//! [`Pagoda::new`]. The games are seeded, so the set is the same on every run.

use super::compact::{Bits, Compact};
use pegsol_rules::{Cell, CellSet, Goal, Pagoda, Shape};

/// Most functions a set holds: each costs the search one subtraction and one comparison per
/// jump, and beyond a handful new ones refute few positions the others miss.
pub const MAX_PAGODAS: usize = 8;

/// Linear programs tried at most while building a set on a board of up to 48 holes (each
/// takes about a millisecond on a 45-hole board); bigger boards get proportionally fewer, as
/// each program costs more and the set is built where no cancel can reach.
const MAX_PROGRAMS: usize = 40;

/// The pagoda functions derived for one board and one set of finish cells.
pub struct PagodaSet;

impl PagodaSet {
    /// Pagoda functions that each give every cell of `finishes` a weight above 0, at most
    /// [`MAX_PAGODAS`], found from the positions of fixed pseudo-random games (see the module
    /// docs). Empty when `finishes` is empty or no function with a positive finish exists
    /// (some boards have none for some cells). Every function is sound: checked against every
    /// jump of `shape`.
    pub fn for_finishes(shape: &Shape, finishes: CellSet) -> Vec<Pagoda> {
        let mut found: Vec<Pagoda> = Vec::new();
        if finishes.is_empty() || !finishes.is_subset(shape.cells()) {
            return found;
        }
        let cells: Vec<Cell> = shape.cells().iter().collect();
        let n = cells.len();
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |below: usize| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            (rng % below.max(1) as u64) as usize
        };
        let max_programs = (MAX_PROGRAMS * 48 / n.max(48)).max(4);
        let mut programs = 0;
        // First the classical kind: pegs gathered in one corner, far from the finishes, with
        // no weight to get back (the far cells first, where pegs strand).
        let (fx, fy) = centroid(finishes);
        let far = |c: Cell| (f64::from(c.x) - fx).powi(2) + (f64::from(c.y) - fy).powi(2);
        let mut by_distance = cells.clone();
        by_distance.sort_by(|&a, &b| far(b).total_cmp(&far(a)));
        for &corner in by_distance.iter().take(max_programs / 2) {
            let near = |c: Cell| {
                (i32::from(c.x) - i32::from(corner.x)).abs()
                    + (i32::from(c.y) - i32::from(corner.y)).abs()
                    <= 1
            };
            let pegs: CellSet = cells.iter().copied().filter(|&c| near(c)).collect();
            if found.len() >= MAX_PAGODAS / 2 || found.iter().any(|p| p.refutes(pegs, finishes)) {
                continue;
            }
            programs += 1;
            if let Some(p) = Pagoda::find_refutation(shape, pegs, finishes) {
                if !found.contains(&p) {
                    found.push(p);
                }
            }
        }
        'games: for game in 0..4 * max_programs {
            // A game from a single vacancy, stopped somewhere between a half and a tenth of
            // the board full: where a search spends its time.
            let mut pegs = shape.cells() - CellSet::single(cells[next(n)]);
            let stop_at = (n / 10 + next(n / 2 + 1)).max(2) as u32;
            while pegs.len() > stop_at {
                let jumps: Vec<_> = pegsol_rules::legal_jumps_of(shape, pegs).collect();
                if jumps.is_empty() {
                    break;
                }
                let j = jumps[next(jumps.len())];
                pegs = (pegs - j.cells()) | CellSet::single(j.to);
            }
            if found.iter().any(|p| p.refutes(pegs, finishes)) {
                continue;
            }
            programs += 1;
            if let Some(p) = Pagoda::find_refutation(shape, pegs, finishes) {
                if p.least_finish(finishes).is_some_and(|l| l > 0) && !found.contains(&p) {
                    found.push(p);
                }
            }
            if found.len() >= MAX_PAGODAS || programs >= max_programs || game > 4 * n {
                break 'games;
            }
        }
        found
    }

    /// The functions for `goal` from a position with pegs `pegs`: for a finish on a cell, that
    /// cell alone; for a finish anywhere, the cells the position's class allows.
    pub fn for_goal(shape: &Shape, goal: Goal, pegs: CellSet) -> Vec<Pagoda> {
        let finishes = match goal {
            Goal::At(c) => CellSet::single(c),
            Goal::Anywhere => shape.possible_finishes(pegs),
        };
        PagodaSet::for_finishes(shape, finishes)
    }
}

/// The mean position of `cells`.
fn centroid(cells: CellSet) -> (f64, f64) {
    let n = f64::from(cells.len().max(1));
    let sx: f64 = cells.iter().map(|c| f64::from(c.x)).sum();
    let sy: f64 = cells.iter().map(|c| f64::from(c.y)).sum();
    (sx / n, sy / n)
}

/// Most functions a [`Pruner`] uses: a combined set and a few per finish cell.
pub const MAX_FUNCTIONS: usize = 16;

/// Most finish cells a [`Pruner`] tests one by one; with more, it tests only the lightest.
const MAX_ROWS: usize = 8;

/// Pagoda functions laid out for a search over compact boards: what each jump takes off each
/// function, and what each finish cell weighs under each. A position is lost when, for every
/// finish cell, some function weighs it below that cell: each finish is out of reach, perhaps
/// each for a different reason. Unused slots weigh nothing and never prune.
#[derive(Clone, Debug)]
pub struct Pruner {
    /// Per cell (compact index), its weight under each function.
    weights: Vec<Weights>,
    /// Per jump (compact jump index), per function: `w(from) + w(over) - w(to)`, never below
    /// 0 for a pagoda function.
    deltas: Vec<Weights>,
    /// Per finish cell (or one row: the lightest finish under each function), its weight under
    /// each function; 0 where a function cannot rule that cell out.
    rows: Vec<Weights>,
    /// Functions in use.
    used: usize,
}

/// A position's weight under each function of a [`Pruner`].
pub type Weights = [u32; MAX_FUNCTIONS];

impl PagodaSet {
    /// The functions for a one-peg finish on any cell of `finishes`, for a [`Pruner`]: the
    /// set for all of them together ([`PagodaSet::for_finishes`]) and, when there are a few
    /// finish cells, the first functions of each cell's own set (a function for one cell is
    /// far stronger than one that must weigh every finish), at most [`MAX_FUNCTIONS`].
    pub fn for_pruning(shape: &Shape, finishes: CellSet) -> Vec<Pagoda> {
        let mut all = PagodaSet::for_finishes(shape, finishes);
        let count = finishes.len() as usize;
        if count > 1 && count <= MAX_ROWS {
            all.truncate(MAX_FUNCTIONS / 2);
            let each = ((MAX_FUNCTIONS - all.len()) / count).max(1);
            for f in finishes {
                for p in PagodaSet::for_finishes(shape, CellSet::single(f))
                    .into_iter()
                    .take(each)
                {
                    if !all.contains(&p) {
                        all.push(p);
                    }
                }
            }
        }
        all.truncate(MAX_FUNCTIONS);
        all
    }
}

impl Pruner {
    /// `pagodas` (at most [`MAX_FUNCTIONS`] are used) over `compact`'s cells and jumps, for a
    /// one-peg finish on a cell of `finishes`.
    pub fn new<B: Bits>(compact: &Compact<B>, pagodas: &[Pagoda], finishes: CellSet) -> Pruner {
        let pagodas: Vec<&Pagoda> = pagodas
            .iter()
            .filter(|p| finishes.iter().any(|f| p.weight(f) > 0))
            .take(MAX_FUNCTIONS)
            .collect();
        let row = |cells: &[Cell]| {
            let mut r = [0u32; MAX_FUNCTIONS];
            for (i, p) in pagodas.iter().enumerate() {
                r[i] = cells.iter().map(|&c| p.weight(c)).min().unwrap_or(0);
            }
            r
        };
        let cells: Vec<Cell> = finishes.iter().collect();
        let rows = if pagodas.is_empty() {
            Vec::new()
        } else if cells.len() <= MAX_ROWS {
            cells.iter().map(|&c| row(&[c])).collect()
        } else {
            vec![row(&cells)]
        };
        let weights: Vec<Weights> = compact
            .cells
            .iter()
            .map(|&c| {
                let mut w = [0u32; MAX_FUNCTIONS];
                for (i, p) in pagodas.iter().enumerate() {
                    w[i] = p.weight(c);
                }
                w
            })
            .collect();
        let deltas = compact
            .jumps
            .iter()
            .map(|cj| {
                let mut d = [0u32; MAX_FUNCTIONS];
                for (i, p) in pagodas.iter().enumerate() {
                    let (a, b, c) = (cj.jump.from, cj.jump.over, cj.jump.to);
                    // Checked by `Pagoda::new`: a jump never raises the weight.
                    d[i] = (p.weight(a) + p.weight(b)).saturating_sub(p.weight(c));
                }
                d
            })
            .collect();
        Pruner {
            weights,
            deltas,
            rows,
            used: pagodas.len(),
        }
    }

    /// A pruner that never prunes.
    pub fn none() -> Pruner {
        Pruner {
            weights: Vec::new(),
            deltas: Vec::new(),
            rows: Vec::new(),
            used: 0,
        }
    }

    /// Whether any function is in use.
    #[inline(always)]
    pub fn active(&self) -> bool {
        self.used > 0
    }

    /// Functions in use.
    pub fn functions(&self) -> usize {
        self.used
    }

    /// The weights of `board` under every function, computed from scratch.
    pub fn weigh<B: Bits>(&self, mut board: B) -> Weights {
        let mut total = [0u32; MAX_FUNCTIONS];
        while board != B::ZERO {
            if let Some(w) = self.weights.get(board.lowest() as usize) {
                for i in 0..MAX_FUNCTIONS {
                    total[i] += w[i];
                }
            }
            board = board.clear_lowest();
        }
        total
    }

    /// The weights after compact jump `j` from a position weighing `weights`.
    #[inline(always)]
    pub fn after(&self, weights: &Weights, j: usize) -> Weights {
        let Some(d) = self.deltas.get(j) else {
            return *weights;
        };
        let mut out = [0u32; MAX_FUNCTIONS];
        for i in 0..MAX_FUNCTIONS {
            out[i] = weights[i].wrapping_sub(d[i]);
        }
        out
    }

    /// Whether a position weighing `weights` is proven lost: every finish cell weighs more
    /// than the position under some function.
    #[inline(always)]
    pub fn lost(&self, weights: &Weights) -> bool {
        if self.rows.is_empty() {
            return false;
        }
        self.rows.iter().all(|row| {
            let mut below = false;
            for i in 0..MAX_FUNCTIONS {
                below |= weights[i] < row[i];
            }
            below
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pegsol_layout::catalogue;

    #[test]
    fn the_set_for_the_english_centre_is_sound_and_prunes_a_lost_position() {
        let puzzle = catalogue::find("english")
            .unwrap()
            .layout()
            .unwrap()
            .validate()
            .unwrap();
        let shape = puzzle.shape();
        let centre = shape.center().unwrap();
        let set = PagodaSet::for_pruning(shape, CellSet::single(centre));
        assert!(!set.is_empty());
        let compact = Compact::<u64>::new(shape);
        let pruner = Pruner::new(&compact, &set, CellSet::single(centre));
        // The start is not lost; weights kept by deltas equal weights from scratch.
        let start = compact.encode(puzzle.start.pegs());
        let w = pruner.weigh(start);
        assert!(!pruner.lost(&w));
        let j = compact.legal(start).iter().next().unwrap();
        let child = start ^ compact.jumps[j].all;
        assert_eq!(pruner.after(&w, j), pruner.weigh(child));
        // Two pegs on the top arm's far end cannot finish in the centre... unless the
        // functions say so: whichever they call lost must be lost, and one of them does.
        let pegs = CellSet::single(Cell { x: 2, y: 0 }) | CellSet::single(Cell { x: 4, y: 0 });
        assert!(pruner.lost(&pruner.weigh(compact.encode(pegs))));
    }
}
