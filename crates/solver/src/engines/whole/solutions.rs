//! Counting the solutions of a whole board with the level engine: how many jump sequences
//! reach the goal from the start, and how many positions lie on them.
//!
//! The levels are made forward as for counting ([`super::count::forward`]). Back, each
//! level's winners carry their count of solutions: the goal positions one each, and a
//! position above the sum of its children's. The winners above are found first as a set
//! ([`Board::step`], backwards within the level); then every winner c below hands its count
//! to each of its parents p among them ([`Board::step_counts`]).
//!
//! Canonical forms stand for whole orbits, so the hand-over is weighted: the jumps between
//! the orbits of p and c, counted from either side, are as many, |orbit p| times the jumps
//! from p into c's orbit and |orbit c| times the undone jumps from c into p's. So p's count,
//! the sum over its jumps of the count of the child reached, is the sum over c of
//! (undone jumps from c into p's orbit) x |orbit c| x count(c), divided by |orbit p|: each
//! parent receives count(c) x |orbit c| once per undone jump, and the total is divided at
//! the end (exactly: it is a whole number).

use super::count::{forward, goal_winners};
use super::figures::Figures;
use super::level::{ChunkBuf, Level};
use super::{Board, Settings, Status, Usage, WholeError};
use crate::engines::count::LevelCount;
use crate::engines::levels::Direction;
use crate::engines::solutions::SolutionCount;
use num_bigint::BigUint;
use pegsol_rules::{Goal, Position};
use std::sync::atomic::AtomicBool;

/// What a solution count found, and what it used.
#[derive(Debug)]
pub struct WholeSolutions {
    /// The count (its `examined`: positions of every level made), when it finished.
    pub count: Option<SolutionCount>,
    /// The levels made forward: positions by jumps made, exact; their second figure is up
    /// to the symmetries the levels keep only, not the board's every one. What is kept of
    /// a count stopped before the end.
    pub levels: Vec<LevelCount>,
    /// Why it stopped before the count (Ctrl+C, a refusal, a failing disk), if it did.
    pub stopped: Option<WholeError>,
    /// Memory and disk used.
    pub usage: Usage,
}

/// Counts the solutions of `start` for `goal` (see the module docs); `watch` hears after
/// every step. `Err` only when nothing was begun (the board or the memory refused at the
/// start); a count stopped later keeps the levels it made forward.
pub fn count_solutions(
    start: &Position,
    goal: Goal,
    settings: &Settings,
    cancel: &AtomicBool,
    watch: &mut dyn FnMut(&Status),
) -> Result<WholeSolutions, WholeError> {
    let mut board = Board::new(start, goal, settings, cancel)?;
    let mut levels = Vec::new();
    let mut counts = Vec::new();
    // Only the levels are wanted here: their figures are not counted up to symmetry.
    let count = forward(&mut board, start, &mut levels, &mut counts, false, watch)
        .and_then(|()| back(&board, start, goal, levels, watch));
    let (count, stopped) = match count {
        Ok(count) => (Some(count), None),
        Err(e) => (None, Some(e)),
    };
    Ok(WholeSolutions {
        count,
        levels: counts,
        stopped,
        usage: board.usage(),
    })
}

/// The count back from the goal through the forward `levels` (see the module docs).
fn back(
    board: &Board,
    start: &Position,
    goal: Goal,
    mut levels: Vec<Level>,
    watch: &mut dyn FnMut(&Status),
) -> Result<SolutionCount, WholeError> {
    let examined: u64 = levels.iter().map(|l| l.len).sum();
    let of = Board::game_jumps(&levels);
    let start_canon = board.sub.canon(board.compact.encode(start.pegs()));
    let Some(last) = levels.last() else {
        return Err(WholeError::Failed("no levels".into()));
    };
    // The goal positions, one solution each.
    let goals = goal_winners(board, goal, last)?;
    let mut winners = with_count_one(board, &goals)?;
    drop(goals);
    let (mut positions, mut up_to_symmetry) = figures_of(board, &winners)?;
    let mut solutions = BigUint::ZERO;
    while let Some(n) = levels.len().checked_sub(1) {
        if n == 0 || winners.len == 0 {
            if n == 0 {
                solutions = value_of(&winners, start_canon)?;
            }
            break;
        }
        let within = &levels[n - 1];
        if let Some(bytes) = board.dense_bytes(within.pegs, within.class) {
            board.make_room(&mut levels, bytes + (64 << 20), Some(n - 1))?;
        }
        let within = &levels[n - 1];
        let set = board.step(&winners, Direction::Backward, Some(within), &|_, _| {})?;
        let above = board.step_counts(&winners, &set, &|_, _| {})?;
        let (p, u) = figures_of(board, &set)?;
        positions += p;
        up_to_symmetry += u;
        drop(set);
        levels.pop();
        watch(&board.status("solutions", n as u32 - 1, of, above.len));
        winners = above;
    }
    Ok(SolutionCount {
        solutions,
        positions,
        up_to_symmetry,
        examined,
        elapsed: board.elapsed(),
    })
}

/// `level`'s positions with a count of one each.
fn with_count_one(board: &Board, level: &Level) -> Result<Level, WholeError> {
    let ranks = board.ranks_of(level)?;
    let mut w = super::runs::RunWriter::new(true, &board.account, &board.scratch);
    let mut buf = ChunkBuf::default();
    for i in 0..level.chunks() {
        level.read_chunk(i, ranks.as_ref().map(|r| &r.0), &mut buf)?;
        for &k in &buf.keys {
            w.push(k, 1)?;
        }
    }
    Ok(Level {
        pegs: level.pegs,
        class: level.class,
        len: w.len(),
        held: super::level::Held::Runs(w.finish()?),
    })
}

/// The count of `key` in the counted level `level` (0 when it is not there).
fn value_of(level: &Level, key: u64) -> Result<BigUint, WholeError> {
    let mut buf = ChunkBuf::default();
    for i in 0..level.chunks() {
        level.read_chunk(i, None, &mut buf)?;
        if let Ok(at) = buf.keys.binary_search(&key) {
            return Ok(BigUint::from(buf.values.get(at).copied().unwrap_or(0)));
        }
    }
    Ok(BigUint::ZERO)
}

/// A level's positions and its positions up to symmetry.
fn figures_of(board: &Board, level: &Level) -> Result<(u64, u64), WholeError> {
    let figures = Figures::new(board, level)?;
    board.visit_all(level, &|k, _| figures.visit(k))?;
    figures.finish()
}
