//! Fewest moves met in the middle, for boards whose every winnable position is too many to
//! have (Wiegleb's 45 holes, the 7x9 cross): levels by moves from the start and back from
//! the finishes, until a position is in both.
//!
//! How it works (Bell's calculation by moves, forward and backward):
//! - **Forward** level k: every canonical form first reached after exactly k moves from the
//!   start. **Backward** level k: every canonical form from which a finish (the goal cell,
//!   or for a finish anywhere each cell the start's position class allows) is first reached
//!   in exactly k moves; a backward move is one peg's chain of jumps undone, last jump first.
//! - **The side with the smaller last level grows** by one level, which is then intersected
//!   with every level of the other side. Before that, every pair of levels `(i, j)` held
//!   was disjoint, so no solution takes `i + j` moves or fewer for any such pair: the first
//!   position in both sides, with the least sum, is a solution with the fewest moves there
//!   are, found and proven at once. A side that stops growing has every position it can
//!   reach: then the goal cannot be reached at all.
//! - **Pruning**: forward, the pagoda functions of the finishes (a position lighter than
//!   every finish can reach none); backward, signed pagoda functions found by linear
//!   programming for positions the start cannot become (a position heavier than the start
//!   under a function is never reached from it; Bell prunes his backward levels with one
//!   such "resource count").
//! - **Levels are packed** ([`super::packed`]: the gaps between sorted positions, under four
//!   bytes a position on Wiegleb's board where a word took eight): a new level is gathered
//!   by each thread, sorted, packed into runs, and the runs merged into the level with what
//!   earlier levels of its side hold taken out, in one pass.
//! - **The jumps** are found again at the end: from the meeting position back to the start
//!   through the forward levels (a move undone into the level before), and on to a finish
//!   through the backward levels.
//!
//! When its budget runs out first, it stops with the proven lower bound (every pair of
//! levels held was disjoint). When what it may hold runs out first, [`super::beam`] also
//! looks for a solution from the forward levels into the backward ones: not proven the
//! fewest, unless it takes no more moves than the bound.

use super::grow::{Grown, Partial, Room, Through};
use super::packed::Packed;
use super::sides::{Levels, Search, Side};
use super::status::MeetStatus;
use super::unmoves::{Unmoves, Unreachable};
use super::{finish, rebuild, Board, MovesOutcome, Options};
use crate::boards::pagodas::{PagodaSet, Pruner};
use crate::engines::memory::NoMemory;
use crate::{Control, Stop};
use pegsol_rules::{CellSet, Goal, Position};
use rustc_hash::FxHashMap;

/// Most holes this search takes: positions are 64-bit words.
pub const MAX_CELLS: usize = 64;

/// Fewest moves by meeting in the middle (this module), the search [`super::fewest_moves`] runs on a
/// board of up to 64 holes whose winnable positions are too many to have: levels by moves
/// from the start and back from the finishes; past its budget or what it may hold, the best
/// solution a beam finds, with the proven lower bound. Public so tests can hold it to a
/// brute-force search on boards [`super::fewest_moves`] would solve another way.
pub fn meet_in_the_middle(
    start: &Position,
    goal: Goal,
    options: Options,
    control: &mut Control,
) -> MovesOutcome {
    if start.shape().cells().len() as usize > MAX_CELLS {
        return super::fewest_moves(start, goal, options, control);
    }
    run(start, goal, options, control)
}

/// Expansions the exact solver may spend on [`last_resort`]'s solution.
const LAST_RESORT_BUDGET: u64 = 10_000_000;

/// Meets the two sides (see the module docs). Boards of at most [`MAX_CELLS`] holes.
pub fn run(start: &Position, goal: Goal, options: Options, control: &mut Control) -> MovesOutcome {
    let out = meet(start, goal, options, control);
    last_resort(start, goal, options, out, control)
}

/// When the memory or the cap stopped the meeting and the beams found no solution (Wiegleb
/// under 150-400 MB: their few positions were all dead ends), the exact solver's winning
/// line, counted in moves, within what is left of the budget: a solution, not proven the
/// fewest unless it takes no more moves than the bound. Same start, same line: the exact
/// solver's members run in lockstep.
fn last_resort(
    start: &Position,
    goal: Goal,
    options: Options,
    mut out: MovesOutcome,
    control: &mut Control,
) -> MovesOutcome {
    let budget = options.budget.unwrap_or(u64::MAX);
    if out.won
        || out.proven_optimal
        || control.cancelled()
        || !matches!(out.stop, Stop::OutOfMemory | Stop::Budget)
        || out.expanded >= budget
    {
        return out;
    }
    let exact = crate::engines::exact::Options {
        budget: Some(LAST_RESORT_BUDGET.min(budget - out.expanded)),
        win_only: true,
        ..Default::default()
    };
    let line = crate::engines::exact::solve(start, goal, exact, control);
    out.expanded = out.expanded.saturating_add(line.expanded);
    out.generated = out.generated.saturating_add(line.generated);
    if line.won {
        out.chains = pegsol_rules::chains(&line.jumps)
            .into_iter()
            .map(<[pegsol_rules::Jump]>::to_vec)
            .collect();
        out.won = true;
        out.proven_optimal = out.chains.len() as u32 <= out.lower_bound;
    }
    finish(out, control)
}

/// The meeting itself, then the beams (see the module docs).
fn meet(start: &Position, goal: Goal, options: Options, control: &mut Control) -> MovesOutcome {
    let board = match Board::<u64>::begin(start, goal, control) {
        Ok(board) => board,
        Err(answered) => return answered,
    };
    let mut search = Search::new(&board, start, goal, options);
    let mut out = MovesOutcome::nothing();
    let Ok(mut held) = search.first_levels(start, goal) else {
        out.stop = Stop::OutOfMemory;
        return finish(out, control);
    };
    let cap = options.max_held.unwrap_or(u64::MAX).max(2);
    out.held = 1 + held.backward[0].len();
    loop {
        let (f, b) = (held.forward.len() - 1, held.backward.len() - 1);
        // Every pair of levels held is disjoint: no solution takes f + b moves or fewer.
        out.lower_bound = (f + b + 1) as u32;
        let room = room(out.held, held.bytes(), cap, search.memory);
        // What stops it when the next level does not fit: the cap it was given, where that is
        // what leaves no room for the positions, else memory.
        let stop_for = |positions_short: bool| {
            if positions_short && room.capped {
                Stop::Budget
            } else {
                Stop::OutOfMemory
            }
        };
        // The side with the smaller last level grows, if its next level looks like fitting;
        // else the other, if that one does.
        let smaller = if held.forward[f].len() <= held.backward[b].len() {
            Side::Forward
        } else {
            Side::Backward
        };
        let affordable = |side: Side| {
            let last = held.of(side).last().map_or(0, Packed::len);
            out.expanded.saturating_add(last) <= search.budget
        };
        let fits = |side: Side| {
            let (positions, bytes) = held.likely_next(side);
            affordable(side) && positions <= room.positions && bytes <= room.bytes
        };
        let side = match [smaller, smaller.other()].into_iter().find(|&s| fits(s)) {
            Some(side) if room.positions > 0 => side,
            _ => {
                if !affordable(Side::Forward) && !affordable(Side::Backward) {
                    // The budget is spent: the beam's work would overspend it.
                    out.stop = Stop::Budget;
                    return finish(out, control);
                }
                out.stop = stop_for(held.likely_next(smaller).0 > room.positions);
                return search.beyond(out, &mut held, None, control);
            }
        };
        let last = held.of(side).last().map_or(0, Packed::len);
        let before = (out.expanded, out.generated);
        let grown = search.grow(side, &held, before, room, control);
        let (next, generated) = match grown {
            Grown::Level(next, generated) => (next, generated),
            Grown::Cancelled => {
                out.stop = Stop::Cancelled;
                return finish(out, control);
            }
            Grown::Full {
                positions_short,
                partial,
            } => {
                out.stop = stop_for(positions_short);
                return search.beyond(out, &mut held, Some(partial), control);
            }
            Grown::Refused(partial) => {
                // The level was refused, not what looking through takes (a thread's chunk
                // at a time): the look-through may still prove one move more.
                out.stop = Stop::OutOfMemory;
                return search.beyond(out, &mut held, Some(partial), control);
            }
        };
        out.expanded += last;
        out.generated += generated;
        out.held += next.len();
        out.storage_bytes = out.storage_bytes.max(held.bytes() + next.bytes());
        if next.is_empty() {
            // One side has every position it can reach, and none is on the other side.
            out.proven_optimal = true;
            out.stop = Stop::Exhausted;
            return finish(out, control);
        }
        let others = held.of(side.other());
        let meeting = others
            .iter()
            .enumerate()
            .find_map(|(j, level)| next.first_common(level).map(|m| (j, m)));
        if side == Side::Backward {
            search.unreachable.learn(&board.compact, &next);
        }
        match side {
            Side::Forward => held.forward.push(next),
            Side::Backward => held.backward.push(next),
        }
        if let Some((j, m)) = meeting {
            let (f, b) = match side {
                Side::Forward => (held.forward.len() - 1, j),
                Side::Backward => (j, held.backward.len() - 1),
            };
            out.lower_bound = (f + b) as u32;
            out.proven_optimal = true;
            out.stop = Stop::Solved;
            let path = search.path(&held, f, b, m);
            out.chains = chains_along(&board, search.start, &path);
            out.won = !out.chains.is_empty();
            return finish(out, control);
        }
    }
}

/// The cells a game from `start` may finish on for `goal`.
fn finishes_of(start: &Position, goal: Goal) -> CellSet {
    match goal {
        Goal::At(c) => CellSet::single(c),
        Goal::Anywhere => start.shape().possible_finishes(start.pegs()),
    }
}

/// Room for the next level when `held` positions are held in `held_bytes`: at most `cap`
/// positions in all, and in bytes what the memory the search may use (`memory`: by
/// default three quarters of what the process could use at the start, [`usable`]) leaves
/// after the levels held; without a figure for the memory,
/// [`super::MAX_POSITIONS`] positions in all and no count of bytes.
fn room(held: u64, held_bytes: u64, cap: u64, memory: Option<u64>) -> Room {
    match memory {
        Some(bytes) => Room {
            positions: cap.saturating_sub(held),
            bytes: bytes.saturating_sub(held_bytes),
            capped: true,
        },
        None => Room {
            positions: cap.min(super::MAX_POSITIONS).saturating_sub(held),
            bytes: u64::MAX,
            capped: cap <= super::MAX_POSITIONS,
        },
    }
}

/// Of the memory free at the start, what the search may use: three quarters, leaving some
/// for the rest of the process (each thread's gathering buffers, the beam) and for an
/// estimate that falls short. The levels are counted in the bytes they take, and a merge
/// asks for its whole result at once, so the count is close.
fn usable(bytes: u64) -> u64 {
    bytes / 4 * 3
}

impl<'a> Search<'a> {
    /// The search's fixed parts for `start` and `goal` on `board`: the finishes' pagoda
    /// functions forward, what the start cannot become backward, and the memory it may use
    /// (`options.memory`, else [`usable`] of what is free now).
    fn new(board: &'a Board<u64>, start: &Position, goal: Goal, options: Options) -> Search<'a> {
        let shape = start.shape();
        let finishes = finishes_of(start, goal);
        let start_board = board.compact.encode(start.pegs());
        let pagodas = PagodaSet::for_pruning(shape, finishes);
        Search {
            pruner: Pruner::new(&board.compact, &pagodas, finishes),
            unmoves: Unmoves::new(&board.compact),
            unreachable: Unreachable::new(start_board),
            cells: board.compact.cells.len() as u32,
            board,
            start: start_board,
            memory: options
                .memory
                .or_else(|| crate::system_memory::available_memory().map(usable)),
            budget: options.budget.unwrap_or(u64::MAX),
        }
    }

    /// Each side's first level: the start forward, the finishes backward.
    fn first_levels(&self, start: &Position, goal: Goal) -> Result<Levels, NoMemory> {
        let board = self.board;
        let mut ends: Vec<u64> = finishes_of(start, goal)
            .iter()
            .filter_map(|c| board.compact.index(c))
            .map(|i| board.syms.canon(1u64 << i))
            .collect();
        ends.sort_unstable();
        ends.dedup();
        Ok(Levels {
            forward: vec![Packed::from_sorted(&[board.syms.canon(self.start)])?],
            backward: vec![Packed::from_sorted(&ends)?],
        })
    }

    /// `out`, stopped before the sides met because no next level can be held: one more
    /// level looked through, not held (the smaller side's, if the budget allows it), which
    /// either meets the other side, a proven fewest, or proves one move more; short of a
    /// meeting, the beam's solution. `partial`: what a grow that stopped part-way made,
    /// which the look-through takes up where it is of the same level.
    fn beyond(
        &self,
        mut out: MovesOutcome,
        held: &mut Levels,
        partial: Option<Partial>,
        control: &mut Control,
    ) -> MovesOutcome {
        let cost = |held: &Levels, side: Side| held.of(side).last().map_or(0, Packed::len);
        let side = if cost(held, Side::Forward) <= cost(held, Side::Backward) {
            Side::Forward
        } else {
            Side::Backward
        };
        if out.expanded.saturating_add(cost(held, side)) <= self.budget {
            let before = (out.expanded, out.generated);
            let spare = self.spare(held);
            match self.look_through(side, held, before, partial, spare, control) {
                Through::Met(m) => {
                    let Ok(met) = Packed::from_sorted(&[m]) else {
                        out.stop = Stop::OutOfMemory;
                        return finish(out, control);
                    };
                    match side {
                        Side::Forward => held.forward.push(met),
                        Side::Backward => held.backward.push(met),
                    }
                    let (f, b) = (held.forward.len() - 1, held.backward.len() - 1);
                    out.expanded += cost(held, side);
                    out.lower_bound = (f + b) as u32;
                    out.proven_optimal = true;
                    out.stop = Stop::Solved;
                    let path = self.path(held, f, b, m);
                    out.chains = chains_along(self.board, self.start, &path);
                    out.won = !out.chains.is_empty();
                    return finish(out, control);
                }
                Through::Clear => {
                    out.expanded += cost(held, side);
                    out.lower_bound += 1;
                }
                Through::Cancelled => {
                    out.stop = Stop::Cancelled;
                    return finish(out, control);
                }
                Through::Refused => out.stop = Stop::OutOfMemory,
            }
        }
        self.with_beam(out, held, control)
    }

    /// Bytes the search may still use beside the levels `held` (`u64::MAX`: not known).
    fn spare(&self, held: &Levels) -> u64 {
        self.memory
            .map_or(u64::MAX, |bytes| bytes.saturating_sub(held.bytes()))
    }

    /// `out` (stopped at its limit before the sides met) with the shortest solution
    /// [`super::beam`] finds into the backward levels, from the last forward level and from
    /// the start: proven the fewest if it takes no more than the lower bound.
    fn with_beam(
        &self,
        mut out: MovesOutcome,
        held: &Levels,
        control: &mut Control,
    ) -> MovesOutcome {
        // The beam's width from what the levels leave of the memory the search may use.
        let width = super::beam::width_for(self.spare(held));
        let last = held.forward.len().saturating_sub(1);
        let mut origins = vec![last];
        if last > 0 {
            origins.push(0);
        }
        for origin in origins {
            if out.proven_optimal || control.cancelled() {
                break;
            }
            let status = MeetStatus {
                at_least: out.lower_bound,
                ..super::pass::status_of(held, Side::Forward, false)
            };
            let progress = (out.expanded, status);
            let Some(path) = super::beam::solution(self, held, origin, width, progress, control)
            else {
                continue;
            };
            let chains = chains_along(self.board, self.start, &path);
            if !chains.is_empty() && (!out.won || chains.len() < out.chains.len()) {
                out.chains = chains;
                out.won = true;
                out.proven_optimal = out.chains.len() as u32 <= out.lower_bound;
            }
        }
        finish(out, control)
    }

    /// The canonical forms a solution passes through, start to finish, meeting at `m`
    /// (forward level `f`, backward level `b`); empty if the levels do not lead through it.
    fn path(&self, held: &Levels, f: usize, b: usize, m: u64) -> Vec<u64> {
        let mut path = self.back_to_start(held, f, m);
        let on = self.on_to_finish(held, b, m);
        if path.is_empty() || on.is_empty() {
            return Vec::new();
        }
        path.extend_from_slice(&on[1..]);
        path
    }
}

/// The chains of a solution from the actual start along `path` (canonical forms, start's
/// first); empty when the path is.
pub(super) fn chains_along(
    board: &Board<u64>,
    start: u64,
    path: &[u64],
) -> Vec<Vec<pegsol_rules::Jump>> {
    let (Some(&first), Some(&last)) = (path.first(), path.last()) else {
        return Vec::new();
    };
    let parent: FxHashMap<u64, u64> = path.windows(2).map(|w| (w[1], w[0])).collect();
    rebuild(board, start, first, last, |b| parent.get(&b).copied())
}

#[cfg(test)]
mod tests;
