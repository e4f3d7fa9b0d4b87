//! What prunes a deep proof's forward levels: pagoda functions and the position class,
//! which prove that a position can never end as one peg on the goal.
//!
//! A pagoda function (weights with `w(a) + w(b) >= w(c)` on every jump a over b into c, of
//! either sign: [`SignedPagoda`]) never rises along a jump, so a position `P` can end as one
//! peg on cell `c` only when `f(P) >= f(c)` for every such `f`; and jumps keep a position's
//! class ([`Board::class_of`]), so `c` must lie in the start's class. A child that meets
//! neither test for any cell the goal allows (the goal's cell, or every cell for a finish
//! anywhere) cannot win, nor can anything reached from it: [`GoalPrune`] drops it before it
//! enters its level. Every position that can win still passes (every position on a
//! winning line can win), so the winners of the pruned levels, each level's and with them
//! every first jump's verdict, are exactly those of the unpruned ones. What is lost is the
//! fewest pegs the unpruned levels reach: the last pruned level says nothing about that.
//!
//! The functions are found by linear programming ([`SignedPagoda::find`]) on positions of
//! fixed pseudo-random games from the start, against every allowed finish cell; each is
//! turned by the symmetries the levels' canonical forms are taken under (a canonical form
//! is an image of a real position, and the image of a function refutes the image of what it
//! refutes). The few that refute most of the sample are kept, packed in 16-bit lanes as
//! [`crate::engines::winnable::prune::StartPrune`] packs its own: one byte-table lookup
//! per eight cells a word, then one subtraction a word for each candidate finish.
//!
//! Those functions suit the first levels; the large levels keep positions no game from the
//! start passed through. After each forward level of [`REFRESH_FROM`] positions or more, a
//! sample of its positions ([`level_sample`]) gets linear programmes of its own, and two
//! tests are chosen from what they find ([`GoalPrune::refreshed`], [`GoalPrune::rechosen`]):
//! up to [`MOST_FUNCTIONS`] functions asked once of each of the level's positions before its
//! children are made (a position refuted there makes none), and the [`MAX_FUNCTIONS`] asked
//! of every child, chosen again for the sample's children. A child's test is made from its
//! parent's totals and the jump, in a fixed run of words (every test is laid out in one of
//! two widths, so the compiler packs each into vector registers): 32 functions chosen on
//! children left 24% fewer positions in `level-6-game-13`'s proof than 8 did, for less time.
//! More cost more than they saved (64: 6% fewer positions again, 1.19 of the time).

use super::Board;
use crate::boards::compact::Compact;
use crate::engines::levels::children::Children;
use crate::engines::levels::Direction;
use crate::engines::prove::signed::SignedPagoda;
use pegsol_rules::Goal;
use sample::{candidates, choose, sample};

mod sample;
pub use sample::level_sample;

/// Every lane's top bit (lanes of 16 bits).
const HIGH: u64 = 0x8000_8000_8000_8000;
/// Lanes a word.
const LANES: usize = 4;
/// Words of the tests asked of every child ([`MAX_FUNCTIONS`] functions).
const CHILD_WORDS: usize = MAX_FUNCTIONS / LANES;
/// Words of the most tests chosen for a level ([`MOST_FUNCTIONS`]).
const LEVEL_WORDS: usize = MOST_FUNCTIONS.div_ceil(LANES);
/// Functions asked of every child: chosen on the start's sample, then again on each large
/// level's children. Always held in [`CHILD_WORDS`] words (lanes no function fills pass
/// every test), so a child's test is a fixed run of words the compiler packs into vector
/// registers.
pub const MAX_FUNCTIONS: usize = 32;
/// Functions a level's tests keep however little each adds (past them, only those that
/// rule out one in [`WORTH`] of the sample more).
const SURE_FUNCTIONS: usize = 8;
/// Most functions kept when tests are chosen for a level's positions: past
/// [`SURE_FUNCTIONS`], only those that each rule out at least one in [`WORTH`] of the sample
/// more.
pub const MOST_FUNCTIONS: usize = 64;
/// See [`MOST_FUNCTIONS`].
const WORTH: usize = 500;
/// Fixed pseudo-random games played from the start for the sample.
const GAMES: usize = 64;
/// Positions of the sample at most (taken evenly from the games).
const SAMPLE: usize = 1500;
/// Linear programmes solved at most (each about a millisecond on 45 cells).
const MAX_PROGRAMS: usize = 300;
/// Levels smaller than this do not have the tests chosen again after them.
pub const REFRESH_FROM: u64 = 100_000;
/// Positions of a level sampled when the tests are chosen again for it.
pub const REFRESH_PARENTS: usize = 2000;
/// Children of a level's sample the tests asked of every child are chosen again on (taken
/// evenly).
const CHILD_SAMPLE: usize = 4000;
/// Linear programmes solved at most when the tests are chosen again.
const REFRESH_PROGRAMS: usize = 1000;
/// The linear programmes solved when the tests are chosen again for a level of `len`
/// positions: one for every hundred of them, so that they take a small share of its step,
/// and at most [`REFRESH_PROGRAMS`] (each about a millisecond on 45 cells).
pub fn refresh_programs(len: u64) -> usize {
    (len / 100).clamp(1, REFRESH_PROGRAMS as u64) as usize
}

/// Positions with fewer pegs than this are not sampled: their subtrees are small.
const MIN_PEGS: u32 = 6;

/// Tests that prove a position cannot end as one peg on the goal (see the module docs).
#[derive(Debug)]
pub struct GoalPrune {
    /// Words per table entry: [`CHILD_WORDS`] or [`LEVEL_WORDS`] ([`GoalPrune::new`]).
    words: usize,
    /// Eight-cell stretches of a board.
    chunks: usize,
    /// `tables[(chunk * 256 + byte) * words + w]`: the shifted weights of those eight cells'
    /// pegs under the functions of word `w`, one a lane.
    tables: Vec<u64>,
    /// `limits[pegs][t * words + w]`: each lane's least total a position of `pegs` pegs
    /// needs to reach finish `t` (shifted and clamped to the lane).
    limits: Vec<Vec<u64>>,
    /// The finish cells tested (compact indices): those of the start's class that the goal
    /// allows, less any another one's test makes redundant. Empty: nothing can win.
    finishes: Vec<usize>,
    /// `after[(2 * j) * words..]`: what forward jump j adds to each lane's total (the
    /// landing cell's shifted weight), then `after[(2 * j + 1) * words..]`: what it takes
    /// away (the two emptied cells'), so that a child's totals come from its parent's in a
    /// few words ([`GoalPrune::keeps_after`]).
    after: Vec<u64>,
    /// The functions, as found.
    functions: Vec<SignedPagoda>,
    /// Every finish cell the goal and the class allow (compact indices).
    allowed: Vec<usize>,
}

impl GoalPrune {
    /// The tests for positions reached from `start` (a compact board) finishing as `goal`.
    pub fn find(board: &Board, start: u64, goal: Goal) -> GoalPrune {
        let compact = &board.compact;
        let n = compact.cells.len();
        let class = board.class_of(start);
        let goal_cell = compact
            .goal_board(goal)
            .map(|g| g.trailing_zeros() as usize);
        let allowed: Vec<usize> = (0..n)
            .filter(|&c| goal_cell.is_none_or(|g| g == c))
            .filter(|&c| board.class_of(1u64 << c) == class)
            .collect();
        // The sample's positions are played from the start as it is, and the levels hold
        // canonical forms: the functions are turned by the symmetries those are taken under.
        let sample = sample(compact, start);
        let candidates = candidates(
            compact,
            Some(&board.sub),
            &sample,
            &allowed,
            Vec::new(),
            MAX_PROGRAMS,
        );
        let functions = choose(&candidates, &sample, &allowed, MAX_FUNCTIONS);
        GoalPrune::new(compact, functions, &allowed)
    }

    /// `functions` laid out for the test against the finish cells `allowed` (functions
    /// whose shifted weights do not fit a lane are dropped, and those past
    /// [`MOST_FUNCTIONS`]), in one of the two widths the tests are asked at: [`CHILD_WORDS`]
    /// when they fit, else [`LEVEL_WORDS`]. The lanes no function fills have no weight and
    /// no bound, so they pass every test.
    pub fn new(compact: &Compact<u64>, functions: Vec<SignedPagoda>, allowed: &[usize]) -> Self {
        let n = compact.cells.len();
        let shift_of = |f: &SignedPagoda| -(0..n).map(|i| f.weight(i)).min().unwrap_or(0).min(0);
        let functions: Vec<SignedPagoda> = functions
            .into_iter()
            .filter(|f| (0..n).map(|i| f.weight(i) + shift_of(f)).sum::<i64>() < 0x8000)
            .take(MOST_FUNCTIONS)
            .collect();
        // A finish that passes whenever another passes adds nothing: drop it (of two alike,
        // the later).
        let below = |a: usize, b: usize| functions.iter().all(|f| f.weight(a) <= f.weight(b));
        let finishes: Vec<usize> = allowed
            .iter()
            .enumerate()
            .filter(|&(i, &c)| {
                !allowed
                    .iter()
                    .enumerate()
                    .any(|(j, &d)| d != c && below(d, c) && (!below(c, d) || j < i))
            })
            .map(|(_, &c)| c)
            .collect();
        let words = if functions.len() <= MAX_FUNCTIONS {
            CHILD_WORDS
        } else {
            LEVEL_WORDS
        };
        let chunks = n.div_ceil(8);
        let mut tables = vec![0u64; chunks * 256 * words];
        for chunk in 0..chunks {
            for byte in 0..256usize {
                for (k, f) in functions.iter().enumerate() {
                    let shift = shift_of(f);
                    let sum: i64 = (0..8)
                        .filter(|b| byte >> b & 1 == 1)
                        .filter(|b| chunk * 8 + b < n)
                        .map(|b| f.weight(chunk * 8 + b) + shift)
                        .sum();
                    tables[(chunk * 256 + byte) * words + k / LANES] |=
                        (sum as u64) << (16 * (k % LANES));
                }
            }
        }
        let limits = (0..=n as i64)
            .map(|pegs| {
                let mut l = vec![0u64; finishes.len() * words];
                for (t, &c) in finishes.iter().enumerate() {
                    for (k, f) in functions.iter().enumerate() {
                        // Clamped: below 0 every total passes, at the top bit none does
                        // (every total is below it), as the unclamped bound says.
                        let least = (f.weight(c) + shift_of(f) * pegs).clamp(0, 0x8000) as u64;
                        l[t * words + k / LANES] |= least << (16 * (k % LANES));
                    }
                }
                l
            })
            .collect();
        let mut after = vec![0u64; compact.jumps.len() * 2 * words];
        for (jump, delta) in compact.jumps.iter().zip(after.chunks_exact_mut(2 * words)) {
            let (a, b, to) = jump.cells();
            for (k, f) in functions.iter().enumerate() {
                let w = |c: usize| (f.weight(c) + shift_of(f)) as u64;
                delta[k / LANES] |= w(to) << (16 * (k % LANES));
                delta[words + k / LANES] |= (w(a) + w(b)) << (16 * (k % LANES));
            }
        }
        GoalPrune {
            words,
            chunks,
            tables,
            limits,
            finishes,
            after,
            functions,
            allowed: allowed.to_vec(),
        }
    }

    /// Tests chosen for `positions` (a sample of a level just made, which every test so far
    /// kept), to be asked of each of that level's positions before its children are made:
    /// functions found for the sample positions (at most `programs` linear programmes), with
    /// those in use, the ones that refute most of the sample kept (up to [`MOST_FUNCTIONS`]).
    /// They are asked once a position, not once a child as the tests chosen once are: where
    /// a child is made from several parents, and ten children or so from a position, a test
    /// of many functions on every child cost more than its pruning saved (level 6's game 7:
    /// 29% fewer positions, 1.39x the CPU).
    pub fn refreshed(&self, board: &Board, positions: &[u64], programs: usize) -> GoalPrune {
        let compact = &board.compact;
        // The sample is canonical forms, as the level's positions are: the functions as
        // found fit them. (Their images under the level's symmetries, asked of the sample
        // too, cost `level-6-game-13`'s proof a tenth more time in choosing the tests, for
        // 1% fewer positions.)
        let found = candidates(
            compact,
            None,
            positions,
            &self.allowed,
            self.functions.clone(),
            programs,
        );
        let functions = choose(&found, positions, &self.allowed, MOST_FUNCTIONS);
        GoalPrune::new(compact, functions, &self.allowed)
    }

    /// These tests (asked of every child) chosen again for the children of `positions` (a
    /// level's sample): up to [`MAX_FUNCTIONS`] of those in use and of `more`'s (the tests
    /// chosen for the level's own positions), the ones that refute most of the children.
    /// No programme is solved, and the test of a child costs what it did.
    pub fn rechosen(&self, board: &Board, positions: &[u64], more: &GoalPrune) -> GoalPrune {
        let compact = &board.compact;
        let mut children = Vec::new();
        for &p in positions {
            children.extend(compact.legal(p).iter().map(|j| p ^ compact.jumps[j].all));
        }
        let stride = children.len().div_ceil(CHILD_SAMPLE).max(1);
        let children: Vec<u64> = children.into_iter().step_by(stride).collect();
        let mut pool = self.functions.clone();
        pool.extend(
            more.functions
                .iter()
                .filter(|f| !self.functions.contains(f))
                .cloned(),
        );
        let functions = choose(&pool, &children, &self.allowed, MAX_FUNCTIONS);
        GoalPrune::new(compact, functions, &self.allowed)
    }

    /// The functions in use.
    pub fn functions(&self) -> &[SignedPagoda] {
        &self.functions
    }

    /// The finish cells tested (compact indices).
    pub fn finishes(&self) -> &[usize] {
        &self.finishes
    }

    /// What [`GoalPrune::keeps`] compares positions of `pegs` pegs with.
    pub fn limits(&self, pegs: u32) -> &[u64] {
        self.limits.get(pegs as usize).map_or(&[], |l| &l[..])
    }

    /// Whether `b` may still end as one peg on the goal, `limits` being
    /// [`GoalPrune::limits`] for its peg count: `false` proves it cannot.
    #[inline]
    pub fn keeps(&self, limits: &[u64], b: u64) -> bool {
        self.keeps_hinted(limits, b, &mut 0)
    }

    /// [`GoalPrune::keeps`], trying the finish `hint` first (the one that passed last: one
    /// finish mostly passes for neighbouring positions of a level) and updating it.
    #[inline(always)]
    pub fn keeps_hinted(&self, limits: &[u64], b: u64, hint: &mut usize) -> bool {
        if self.words == CHILD_WORDS {
            self.passes(limits, &self.totals::<CHILD_WORDS>(b), hint)
        } else {
            self.passes(limits, &self.totals::<LEVEL_WORDS>(b), hint)
        }
    }

    /// Each lane's total for `b`, `W` being the tests' width (all zeros at another width,
    /// which [`GoalPrune::passes`] then lets through).
    #[inline(always)]
    pub fn totals<const W: usize>(&self, b: u64) -> [u64; W] {
        let mut sums = [0u64; W];
        if self.words != W {
            return sums;
        }
        // Fixed rows: a vector add a row.
        for chunk in 0..self.chunks {
            let byte = (b >> (8 * chunk)) as usize & 0xff;
            let at = (chunk * 256 + byte) * W;
            if let Some(row) = self.tables.get(at..).and_then(|t| t.first_chunk::<W>()) {
                for (s, &t) in sums.iter_mut().zip(row) {
                    *s += t;
                }
            }
        }
        sums
    }

    /// Whether a position whose [`GoalPrune::totals`] are `sums` passes for some finish
    /// (`limits` for its peg count), trying the finish `hint` first and updating it. Asked
    /// at another width than the tests' own, everything passes: nothing that can win is
    /// ever dropped (the callers ask at the tests' width).
    #[inline(always)]
    fn passes<const W: usize>(&self, limits: &[u64], sums: &[u64; W], hint: &mut usize) -> bool {
        if self.words != W {
            return true;
        }
        // A lane's total is below its top bit and its bound at most the top bit, so
        // `(total | top) - bound` borrows from no other lane, and keeps the top bit exactly
        // when the total reaches the bound. A finish passes when every lane does (no branch
        // a word: most positions tested pass); each finish's bounds are a fixed run of words.
        let passes = |finish: &[u64; W]| {
            let mut all = HIGH;
            for (&s, &l) in sums.iter().zip(finish) {
                all &= (s | HIGH) - l;
            }
            all == HIGH
        };
        let (finishes, _) = limits.as_chunks::<W>();
        if finishes.get(*hint).is_some_and(passes) {
            return true;
        }
        match finishes.iter().position(passes) {
            Some(t) => {
                *hint = t;
                true
            }
            None => false,
        }
    }

    /// [`GoalPrune::keeps_hinted`] for the child forward jump `jump` makes of a position
    /// whose [`GoalPrune::totals`] are `totals` (`limits` for the child's peg count): the
    /// child's totals in a few words from its parent's, not a table row for every eight
    /// cells.
    #[inline(always)]
    pub fn keeps_after<const W: usize>(
        &self,
        limits: &[u64],
        totals: &[u64; W],
        jump: usize,
        hint: &mut usize,
    ) -> bool {
        let Some((add, rest)) = self
            .after
            .get(jump * 2 * W..)
            .filter(|_| self.words == W)
            .and_then(|a| a.split_first_chunk::<W>())
        else {
            return true;
        };
        let Some(take) = rest.first_chunk::<W>() else {
            return true;
        };
        let mut sums = *totals;
        // A lane's total and what the jump adds are each below its top bit (no carry out of
        // the lane), and what it takes away was in the total (no borrow).
        for ((s, &a), &t) in sums.iter_mut().zip(add).zip(take) {
            *s = *s + a - t;
        }
        self.passes(limits, &sums, hint)
    }

    /// Whether `b` may still end as one peg on the goal (see [`GoalPrune::keeps`]).
    pub fn may_win(&self, b: u64) -> bool {
        self.keeps(self.limits(b.count_ones()), b)
    }
}

/// The tests a step asks ([`Board::step_tests`]), each with its bounds.
#[derive(Default)]
pub struct StepTests<'b> {
    /// The tests asked of every child, and their bounds for the children's peg count: made
    /// from the parent's totals, a child's test costs a few words. (A level's own tests,
    /// chosen for the level's positions, refute fewer children than as many functions
    /// chosen on the children.)
    pub child: Option<(&'b GoalPrune, &'b [u64])>,
    /// The tests chosen for the step's own level, and their bounds for its peg count: asked
    /// of every position before its children are made.
    pub level: Option<(&'b GoalPrune, &'b [u64])>,
}

/// The finishes that passed last ([`GoalPrune::keeps_hinted`]), kept by each thread of a step:
/// for the level's own tests ([`StepTests::level`]) and the children's.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hints {
    level: usize,
    child: usize,
}

impl StepTests<'_> {
    /// Calls `f` with the canonical form of every child of `p` that the tests keep (none when
    /// they refute `p` itself). The child tested is the jump played on `p` as held (a
    /// canonical form), before its own canonical form is taken: either is an image of a real
    /// position, so a refutation of either is one of both.
    #[inline(always)]
    pub fn each_child<const N: usize>(
        &self,
        kids: &Children<N>,
        p: u64,
        direction: Direction,
        hints: &mut Hints,
        f: impl FnMut(u64),
    ) {
        if let Some(passes) = self.jump_test(p, hints) {
            kids.each_passing(p, direction, passes, f);
        }
    }

    /// [`StepTests::each_child`] forward from a position of a tagged level, tagged `tag`
    /// ([`Children::each_tagged`]): `f` hears each child kept with its tag.
    #[inline(always)]
    pub fn each_tagged_child<const N: usize>(
        &self,
        kids: &Children<N>,
        p: u64,
        tag: Option<u16>,
        hints: &mut Hints,
        f: impl FnMut(u64, u16),
    ) {
        if let Some(passes) = self.jump_test(p, hints) {
            kids.each_tagged(p, tag, passes, f);
        }
    }

    /// The test of the child a jump (its index) makes of `p`: the children's tests from
    /// `p`'s totals, or none; `None` when the level's own tests refute `p` (it makes no
    /// children).
    #[inline(always)]
    fn jump_test<'h>(
        &'h self,
        p: u64,
        hints: &'h mut Hints,
    ) -> Option<impl FnMut(usize) -> bool + 'h> {
        if let Some((tests, own)) = self.level {
            if !tests.keeps_hinted(own, p, &mut hints.level) {
                return None;
            }
        }
        let child = self
            .child
            .map(|(tests, below)| (tests, below, tests.totals::<CHILD_WORDS>(p)));
        Some(move |j| match &child {
            Some((tests, below, totals)) => tests.keeps_after(below, totals, j, &mut hints.child),
            None => true,
        })
    }
}

#[cfg(test)]
mod tests;
