//! The backward side's machinery for [`super::meet`]: moves undone (one peg's chain of
//! jumps taken back, last jump first), and the positions the start can never become.

use super::packed::Packed;
use crate::boards::compact::Compact;
use crate::engines::prove::signed::SignedPagoda;
use rustc_hash::FxHashSet;

/// Linear programmes tried on each new backward level (on positions spread evenly through
/// it, so the same ones on every run).
const PROGRAMS_PER_LEVEL: usize = 24;

/// Signed functions the backward side learns at most.
const MOST_FUNCTIONS: usize = 8;

/// The reverse-move machinery: which jumps land on each cell.
pub(super) struct Unmoves {
    /// `into[i]`: the jumps (compact indices) that land on compact cell `i`.
    into: Vec<Vec<usize>>,
    /// `from[j]`: the compact cell jump `j` starts on.
    from: Vec<u32>,
    pub(super) full: u64,
}

impl Unmoves {
    pub(super) fn new(compact: &Compact<u64>) -> Unmoves {
        let n = compact.cells.len();
        let mut into = vec![Vec::new(); n];
        let mut from = Vec::with_capacity(compact.jumps.len());
        for (j, cj) in compact.jumps.iter().enumerate() {
            let index = |c| compact.index(c).unwrap_or(0);
            into[index(cj.jump.to) as usize].push(j);
            from.push(index(cj.jump.from));
        }
        let full = if n >= 64 { u64::MAX } else { (1 << n) - 1 };
        Unmoves { into, from, full }
    }

    /// Calls `f(board)` for every position one move undone reaches from `board`: a peg's
    /// chain of jumps taken back, last jump first (the peg goes back over each cell it took,
    /// which gets its peg back). `f` answers whether to follow the chain on. `seen` keeps the
    /// chain from visiting a (board, peg) twice, which on a sparse board saves most of the
    /// work.
    pub(super) fn unmoves_from(
        &self,
        compact: &Compact<u64>,
        board: u64,
        seen: &mut FxHashSet<(u64, u32)>,
        f: &mut dyn FnMut(u64) -> bool,
    ) {
        seen.clear();
        let mut stack: Vec<(u64, u32)> = Vec::new();
        let mut pegs = board;
        while pegs != 0 {
            let cell = pegs.trailing_zeros();
            pegs &= pegs - 1;
            self.push_unjumps(compact, board, cell, &mut stack);
        }
        while let Some((b, cell)) = stack.pop() {
            if seen.insert((b, cell)) && f(b) {
                self.push_unjumps(compact, b, cell, &mut stack);
            }
        }
    }

    /// Pushes every jump that can be undone from `board` by the peg on `cell`.
    fn push_unjumps(
        &self,
        compact: &Compact<u64>,
        board: u64,
        cell: u32,
        stack: &mut Vec<(u64, u32)>,
    ) {
        let holes = self.full & !board;
        for &j in &self.into[cell as usize] {
            // Undoing a jump is the jump itself on the board turned inside out.
            if compact.jumps[j].legal(holes) {
                stack.push((board ^ compact.jumps[j].all, self.from[j]));
            }
        }
    }
}

/// Positions the start can never become, by signed pagoda functions learnt as the backward
/// side grows.
pub(super) struct Unreachable {
    functions: Vec<(SignedPagoda, i64)>,
    start: u64,
    start_pegs: u32,
}

impl Unreachable {
    pub(super) fn new(start: u64) -> Unreachable {
        Unreachable {
            functions: Vec::new(),
            start,
            start_pegs: start.count_ones(),
        }
    }

    /// Whether `board` is never reached from the start.
    #[inline]
    pub(super) fn proves(&self, board: u64) -> bool {
        let pegs = board.count_ones();
        if pegs > self.start_pegs || (pegs == self.start_pegs && board != self.start) {
            return true;
        }
        self.functions.iter().any(|(f, top)| f.value(board) > *top)
    }

    /// Asks linear programming about a few positions of a new backward level that no
    /// function rules out yet; keeps each function that rules one out.
    pub(super) fn learn(&mut self, compact: &Compact<u64>, level: &Packed) {
        if self.functions.len() >= MOST_FUNCTIONS || level.is_empty() {
            return;
        }
        let step = (level.len() as usize / PROGRAMS_PER_LEVEL).max(1);
        for p in level.iter().step_by(step).take(PROGRAMS_PER_LEVEL) {
            if self.functions.len() >= MOST_FUNCTIONS {
                return;
            }
            if self.proves(p) {
                continue;
            }
            if let Some(f) = SignedPagoda::find(compact, self.start, p) {
                let top = f.value(self.start);
                self.functions.push((f, top));
            }
        }
    }
}
