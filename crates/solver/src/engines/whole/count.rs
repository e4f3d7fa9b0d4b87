//! Counting a whole board with the level engine: every position reachable from the start,
//! jump by jump, and how many of each level can still reach the goal.
//!
//! Forward, each level is the children of the one before ([`Board::step`]); every level is
//! kept (in memory while it fits, the oldest moved to disk first) for the way back. Back,
//! the winners of the last level are its positions that are the goal, and the winners of
//! each level above are its positions among the parents of the winners below: one step
//! backwards from the winners, kept within the level (winners are few, so this costs far
//! less than asking of every position whether a child wins).
//!
//! The levels' canonical forms are taken under the symmetries that keep the start and the
//! goal, so the counts of positions follow from orbit sizes and the winners are closed under
//! them; up to symmetry counts use the board's whole group ([`super::figures`]).

use super::figures::Figures;
use super::level::Level;
use super::{Board, Settings, Status, Usage, WholeError};
use crate::engines::count::LevelCount;
use crate::engines::levels::Direction;
use pegsol_rules::{Goal, Position};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// What a count found, finished or not.
#[derive(Debug)]
pub struct WholeCount {
    /// One entry per level counted (its winnable column is 0 until `winnable`).
    pub levels: Vec<LevelCount>,
    /// Whether the winnable column was worked out.
    pub winnable: bool,
    /// Why it stopped before the end (`None`: it finished).
    pub stopped: Option<WholeError>,
    /// Memory and disk used.
    pub usage: Usage,
    /// Wall time.
    pub elapsed: Duration,
}

/// Counts every level from `start` and how many of its positions can still reach `goal`
/// (see the module docs); `watch` hears after every step. Cancelled (or stopped by a
/// refusal or a failing disk) it returns what it finished, with the reason in `stopped`.
pub fn count(
    start: &Position,
    goal: Goal,
    settings: &Settings,
    cancel: &AtomicBool,
    watch: &mut dyn FnMut(&Status),
) -> Result<WholeCount, WholeError> {
    let mut board = Board::new(start, goal, settings, cancel)?;
    let mut out = WholeCount {
        levels: Vec::new(),
        winnable: false,
        stopped: None,
        usage: Usage::default(),
        elapsed: Duration::ZERO,
    };
    let mut levels = Vec::new();
    if let Err(e) = forward(&mut board, start, &mut levels, &mut out.levels, true, watch) {
        out.stopped = Some(e);
    } else if let Err(e) = climb(
        &board,
        goal,
        &mut levels,
        Some(&mut out.levels),
        None,
        watch,
    ) {
        out.stopped = Some(e);
    } else {
        out.winnable = true;
    }
    if !out.winnable {
        for l in out.levels.iter_mut() {
            l.winnable_up_to_symmetry = 0;
        }
    }
    out.usage = board.usage();
    out.elapsed = board.elapsed();
    Ok(out)
}

/// Every level from the start, kept in `levels` (`levels[n]`: n jumps made), their figures in
/// `counts` (its positions, and up to the board's every symmetry, with `up_to_symmetry`;
/// else both figures are its canonical forms, [`Figures::kept_only`], which costs nothing). Where the board prunes forward steps, tests are chosen for
/// each large level's positions, and the children's tests again ([`Board::refresh_prune`]).
pub fn forward(
    board: &mut Board,
    start: &Position,
    levels: &mut Vec<Level>,
    counts: &mut Vec<LevelCount>,
    up_to_symmetry: bool,
    watch: &mut dyn FnMut(&Status),
) -> Result<(), WholeError> {
    let first = board.start_level(start)?;
    let of = first.pegs.saturating_sub(1);
    levels.push(first);
    let mut held = 1u64;
    loop {
        let n = levels.len() - 1;
        board.room_for_next(levels, n)?;
        let source = &levels[n];
        let figures = if up_to_symmetry {
            Figures::new(board, source)?
        } else {
            Figures::kept_only(board, source)
        };
        let next = board.step(source, Direction::Forward, None, &|k, _| figures.visit(k))?;
        let (positions, up_to_symmetry) = figures.finish()?;
        counts.push(LevelCount {
            jumps: n as u32,
            positions,
            up_to_symmetry,
            winnable_up_to_symmetry: 0,
        });
        if next.len == 0 {
            return Ok(());
        }
        watch(&board.status("forward", n as u32 + 1, of, next.len));
        held += next.len;
        if let Some(most) = board.most_positions.filter(|&m| held > m) {
            return Err(WholeError::PastMost { most });
        }
        board.refresh_prune(&next)?;
        levels.push(next);
    }
}

/// Walks up the winners of every level, from the last level's goal positions to the
/// first level (see the module docs), dropping `levels` as they are used: counts each
/// level's winners up to symmetry into `counts`' winnable column when given, and keeps every
/// level's winners in `kept` (`[n]`: n jumps from the first level) when given. Stops at
/// the first level with no winners (none above it wins either): `counts` keeps its zeros
/// there and `kept` is left empty.
pub fn climb(
    board: &Board,
    goal: Goal,
    levels: &mut Vec<Level>,
    mut counts: Option<&mut [LevelCount]>,
    mut kept: Option<&mut Vec<Level>>,
    watch: &mut dyn FnMut(&Status),
) -> Result<(), WholeError> {
    let Some(last) = levels.last() else {
        return Ok(());
    };
    let of = Board::game_jumps(levels);
    let mut winners = goal_winners(board, goal, last)?;
    loop {
        let n = levels.len() - 1;
        if winners.len == 0 {
            if let Some(kept) = kept {
                kept.clear();
            }
            return Ok(());
        }
        let figures = match counts {
            Some(_) => Some(Figures::new(board, &winners)?),
            None => None,
        };
        let visit = |k: &[u64], _: &[u128]| {
            if let Some(f) = &figures {
                f.visit(k);
            }
        };
        let above = if n == 0 {
            if figures.is_some() {
                board.visit_all(&winners, &visit)?;
            }
            None
        } else {
            let within = &levels[n - 1];
            if let Some(bytes) = board.dense_bytes(within.pegs, within.class) {
                board.make_room(levels, bytes + (64 << 20), Some(n - 1))?;
                if let Some(kept) = kept.as_deref_mut() {
                    board.make_room(kept, bytes + (64 << 20), None)?;
                }
            }
            Some(board.step(&winners, Direction::Backward, Some(&levels[n - 1]), &visit)?)
        };
        if let (Some(counts), Some(figures)) = (counts.as_deref_mut(), figures) {
            counts[n].winnable_up_to_symmetry = figures.finish()?.1;
        }
        levels.pop();
        if let Some(kept) = kept.as_deref_mut() {
            kept.push(winners);
        }
        let Some(above) = above else {
            if let Some(kept) = kept {
                kept.reverse();
            }
            return Ok(());
        };
        watch(&board.status("winners", n as u32 - 1, of, above.len));
        winners = above;
    }
}

/// The goal positions of the last level: every one-peg position for one peg anywhere, the
/// goal cell's for a cell (none when the last level is not one peg).
pub fn goal_winners(board: &Board, goal: Goal, last: &Level) -> Result<Level, WholeError> {
    let keys: Vec<u64> = if last.pegs != 1 {
        Vec::new()
    } else {
        let mut all = Vec::new();
        board.read_keys(last, &mut all)?;
        match board.compact.goal_board(goal) {
            None => all,
            Some(g) => {
                let g = board.sub.canon(g);
                all.into_iter().filter(|&k| k == g).collect()
            }
        }
    };
    board.level_of(last.pegs, last.class, &keys)
}
