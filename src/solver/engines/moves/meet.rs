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
//! - **Levels are sorted vectors**: a new level is gathered by each thread, sorted, merged,
//!   and what earlier levels of its side hold is taken out, all by merging.
//! - **The jumps** are found again at the end: from the meeting position back to the start
//!   through the forward levels (a move undone into the level before), and on to a finish
//!   through the backward levels.
//!
//! When its budget runs out first, it stops with the proven lower bound (every pair of
//! levels held was disjoint). When what it may hold runs out first, [`super::beam`] also
//! looks for a solution from the forward levels into the backward ones: not proven the
//! fewest, unless it takes no more moves than the bound.

use super::sides::{Levels, Search, Side};
use super::unmoves::{Unmoves, Unreachable};
use super::{finish, rebuild, Board, MovesOutcome, Options, CHECK_EVERY};
use crate::rules::{CellSet, Goal, Position};
use crate::solver::boards::pagodas::{PagodaSet, Pruner};
use crate::solver::engines::levels;
use crate::solver::engines::memory::{self, NoMemory};
use crate::solver::{Control, Stop};
use rustc_hash::{FxHashMap, FxHashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// Most holes this search takes: positions are 64-bit words.
pub const MAX_CELLS: usize = 64;

/// Bytes a position of a level being made costs at the peak: its word in a thread's sorted
/// runs, the merge of the runs into one, and the sort's buffer.
const BYTES_PER_POSITION: u64 = 24;

/// Bytes a position of a level held costs: its word.
const BYTES_PER_HELD: u64 = 8;

/// Positions a thread gathers before it sorts them and drops duplicates.
const GATHER: usize = 1 << 22;

/// Longest pause between two progress reports while a level grows.
const REPORT_PAUSE: Duration = Duration::from_millis(200);

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

/// Meets the two sides (see the module docs). Boards of at most [`MAX_CELLS`] holes.
pub fn run(start: &Position, goal: Goal, options: Options, control: &mut Control) -> MovesOutcome {
    let board = match Board::<u64>::begin(start, goal, control) {
        Ok(board) => board,
        Err(answered) => return answered,
    };
    let shape = start.shape();
    let finishes = match goal {
        Goal::At(c) => CellSet::single(c),
        Goal::Anywhere => shape.possible_finishes(start.pegs()),
    };
    let start_board = board.compact.encode(start.pegs());
    let pagodas = PagodaSet::for_pruning(shape, finishes);
    let mut search = Search {
        pruner: Pruner::new(&board.compact, &pagodas, finishes),
        unmoves: Unmoves::new(&board.compact),
        unreachable: Unreachable::new(start_board),
        cells: board.compact.cells.len() as u32,
        board: &board,
    };
    let mut out = MovesOutcome::nothing();
    let start_canon = board.syms.canon(start_board);
    let mut ends: Vec<u64> = finishes
        .iter()
        .filter_map(|c| board.compact.index(c))
        .map(|i| board.syms.canon(1u64 << i))
        .collect();
    ends.sort_unstable();
    ends.dedup();
    let mut held = Levels {
        forward: vec![vec![start_canon]],
        backward: vec![ends],
    };
    let cap = options.max_held.unwrap_or(u64::MAX).max(2);
    let memory = crate::solver::system_memory::available_memory();
    let budget = options.budget.unwrap_or(u64::MAX);
    out.held = 1 + held.backward[0].len() as u64;
    loop {
        let (f, b) = (held.forward.len() - 1, held.backward.len() - 1);
        // Every pair of levels held is disjoint: no solution takes f + b moves or fewer.
        out.lower_bound = (f + b + 1) as u32;
        let room = room(out.held, cap, memory);
        // What stops it when the next level does not fit: memory, or the cap it was given.
        let full = if room < cap.saturating_sub(out.held) {
            Stop::OutOfMemory
        } else {
            Stop::Budget
        };
        // The side with the smaller last level grows, if its next level looks like fitting;
        // else the other, if that one does.
        let smaller = if held.forward[f].len() <= held.backward[b].len() {
            Side::Forward
        } else {
            Side::Backward
        };
        let affordable = |side: Side| {
            let last = held.of(side).last().map_or(0, Vec::len) as u64;
            out.expanded.saturating_add(last) <= budget
        };
        let fits = |side: Side| affordable(side) && held.likely_next(side) <= room;
        let side = match [smaller, smaller.other()].into_iter().find(|&s| fits(s)) {
            Some(side) if room > 0 => side,
            _ => {
                if !affordable(Side::Forward) && !affordable(Side::Backward) {
                    // The budget is spent: the beam's work would overspend it.
                    out.stop = Stop::Budget;
                    return finish(out, control);
                }
                out.stop = full;
                return search.with_beam(out, &held, start_board, memory, control);
            }
        };
        let last = held.of(side).last().map_or(0, Vec::len);
        let before = (out.expanded, out.generated);
        let grown = search.grow(side, &held, before, room, control);
        let (next, generated) = match grown {
            Grown::Level(next, generated) => (next, generated),
            Grown::Cancelled => {
                out.stop = Stop::Cancelled;
                return finish(out, control);
            }
            Grown::Full => {
                out.stop = full;
                return search.with_beam(out, &held, start_board, memory, control);
            }
            Grown::Refused => {
                out.stop = Stop::OutOfMemory;
                return search.with_beam(out, &held, start_board, memory, control);
            }
        };
        out.expanded += last as u64;
        out.generated += generated;
        out.held += next.len() as u64;
        out.storage_bytes = out.storage_bytes.max(out.held * 8);
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
            .find_map(|(j, level)| levels::first_common(&next, level).map(|m| (j, m)));
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
            out.chains = chains_along(&board, start_board, &path);
            out.won = !out.chains.is_empty();
            return finish(out, control);
        }
    }
}

/// Room for the next level, in positions, when `held` are held: at most `cap` in all, and
/// what three fifths of the memory the process could use at the start (`memory`) leaves after the levels
/// held ([`BYTES_PER_HELD`] each), at [`BYTES_PER_POSITION`] a new one; without a figure for
/// the memory, [`super::MAX_POSITIONS`] in all.
fn room(held: u64, cap: u64, memory: Option<u64>) -> u64 {
    let by_memory = memory.map_or(super::MAX_POSITIONS.saturating_sub(held), |bytes| {
        usable(bytes).saturating_sub(held * BYTES_PER_HELD) / BYTES_PER_POSITION
    });
    cap.saturating_sub(held).min(by_memory)
}

/// Of the memory free at the start, what the search may use: three fifths, leaving some for
/// the rest of the process and for an estimate that falls short.
fn usable(bytes: u64) -> u64 {
    bytes / 5 * 3
}

/// What growing a side gave.
enum Grown {
    /// The new level (sorted, without what the side held before) and the positions
    /// generated on the way.
    Level(Vec<u64>, u64),
    /// Cancelled.
    Cancelled,
    /// More than the search may hold.
    Full,
    /// The system refused memory the search's room allowed (a limit it could not see, or
    /// memory the rest of the machine took meanwhile).
    Refused,
}

impl Search<'_> {
    /// `out` (stopped at its limit before the sides met) with the shortest solution
    /// [`super::beam`] finds into the backward levels: proven the fewest if it takes no more
    /// than the lower bound.
    fn with_beam(
        &self,
        mut out: MovesOutcome,
        held: &Levels,
        start: u64,
        memory: Option<u64>,
        control: &mut Control,
    ) -> MovesOutcome {
        // The beam's width from what the levels leave of the memory the search may use.
        let spare = memory.map_or(u64::MAX, |bytes| {
            usable(bytes).saturating_sub(out.held * BYTES_PER_HELD)
        });
        let width = super::beam::width_for(spare);
        if let Some(path) = super::beam::solution(self, held, width, control) {
            out.chains = chains_along(self.board, start, &path);
            out.won = !out.chains.is_empty();
            out.proven_optimal = out.won && out.chains.len() as u32 <= out.lower_bound;
        }
        finish(out, control)
    }

    /// The next level of `side`: every move (or move undone) from its last level, less what
    /// the side already holds, on every thread.
    fn grow(
        &self,
        side: Side,
        held: &Levels,
        before: (u64, u64),
        room: u64,
        control: &mut Control,
    ) -> Grown {
        let levels_of = held.of(side);
        let Some(last) = levels_of.last() else {
            return Grown::Full;
        };
        let stop = AtomicBool::new(false);
        let full = AtomicBool::new(false);
        let done = AtomicU64::new(0);
        let cancel = control.cancel_flag();
        let parts = levels::parts_for(last.len());
        let room = room.min(usize::MAX as u64);
        // Positions the threads' sorted runs hold in all, against the room: each thread's
        // alone would let every thread take all of it.
        let holding = AtomicU64::new(0);
        // Whether the system refused memory the room allowed.
        let refused = AtomicBool::new(false);
        let work = |range: std::ops::Range<usize>| -> Result<(Vec<u64>, u64), NoMemory> {
            let mut runs: Vec<Vec<u64>> = Vec::new();
            let mut gathered: Vec<u64> = Vec::new();
            let mut generated = 0u64;
            let mut denied: Option<NoMemory> = None;
            let mut seen = FxHashSet::default();
            let gather = |runs: &mut Vec<Vec<u64>>, gathered: Vec<u64>| {
                let before = runs.iter().map(Vec::len).sum::<usize>();
                fold(runs, gathered, self.cells).inspect_err(|_| {
                    refused.store(true, Ordering::Relaxed);
                    full.store(true, Ordering::Relaxed);
                })?;
                let after = runs.iter().map(Vec::len).sum::<usize>();
                let now = holding.fetch_add(after.saturating_sub(before) as u64, Ordering::Relaxed);
                if now + (after.saturating_sub(before) as u64) > room {
                    full.store(true, Ordering::Relaxed);
                }
                Ok::<(), NoMemory>(())
            };
            for (k, &p) in last[range].iter().enumerate() {
                if (k as u64).is_multiple_of(CHECK_EVERY) {
                    if cancel.load(Ordering::Relaxed) || full.load(Ordering::Relaxed) {
                        stop.store(true, Ordering::Relaxed);
                        break;
                    }
                    done.fetch_add(CHECK_EVERY, Ordering::Relaxed);
                }
                let mut keep = |b: u64| {
                    generated += 1;
                    if denied.is_none() {
                        match memory::try_grow(&mut gathered, 1) {
                            Ok(()) => gathered.push(self.board.syms.canon(b)),
                            Err(e) => denied = Some(e),
                        }
                    }
                };
                match side {
                    Side::Forward => self.forward_from(p, &mut keep),
                    Side::Backward => self.backward_from(p, &mut seen, &mut keep),
                }
                if let Some(e) = denied {
                    refused.store(true, Ordering::Relaxed);
                    full.store(true, Ordering::Relaxed);
                    return Err(e);
                }
                if gathered.len() >= GATHER {
                    gather(&mut runs, std::mem::take(&mut gathered))?;
                }
            }
            gather(&mut runs, gathered)?;
            let mut merged = Vec::new();
            for run in runs.into_iter().rev() {
                merged = levels::try_merge_dedup(run, merged)
                    .inspect_err(|_| refused.store(true, Ordering::Relaxed))?;
            }
            Ok((merged, generated))
        };
        // The parts run on threads of their own while this one reports their progress, so
        // a level that takes minutes (Wiegleb's thirteenth forward, nine) shows it.
        let results = std::thread::scope(|scope| {
            let running = scope.spawn(|| levels::in_parts(last.len(), parts, work));
            let mut wait = Duration::from_millis(1);
            while !running.is_finished() {
                std::thread::sleep(wait);
                wait = (wait * 2).min(REPORT_PAUSE);
                control.report(
                    before.0 + done.load(Ordering::Relaxed),
                    before.1,
                    last.first().map_or(0, |p| p.count_ones()),
                );
            }
            running.join()
        })
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        control.report(
            before.0 + done.load(Ordering::Relaxed),
            before.1,
            last.first().map_or(0, |p| p.count_ones()),
        );
        if cancel.load(Ordering::Relaxed) {
            return Grown::Cancelled;
        }
        if refused.load(Ordering::Relaxed) {
            return Grown::Refused;
        }
        if full.load(Ordering::Relaxed) || stop.load(Ordering::Relaxed) {
            return Grown::Full;
        }
        let mut next = Vec::new();
        let mut generated = 0;
        for r in results {
            match r {
                Ok(Ok((part, g))) => {
                    let Ok(merged) = levels::try_merge_dedup(next, part) else {
                        return Grown::Refused;
                    };
                    next = merged;
                    generated += g;
                }
                Ok(Err(_)) => return Grown::Refused,
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        for earlier in levels_of {
            next = minus(next, earlier);
        }
        if next.len() as u64 > room {
            return Grown::Full;
        }
        Grown::Level(next, generated)
    }

    /// Every position one move from `p` that can still reach a finish.
    fn forward_from(&self, p: u64, keep: &mut dyn FnMut(u64)) {
        let _ = self
            .board
            .moves_from(p, &mut |b, _, _| -> Result<bool, ()> {
                if self.lost(b) {
                    // Lost, and so is whatever the chain goes on to.
                    return Ok(false);
                }
                keep(b);
                Ok(true)
            });
    }

    /// Every position one move undone from `p` that the start can still become.
    fn backward_from(&self, p: u64, seen: &mut FxHashSet<(u64, u32)>, keep: &mut dyn FnMut(u64)) {
        self.unmoves
            .unmoves_from(&self.board.compact, p, seen, &mut |b| {
                if self.unreachable.proves(b) {
                    // Never reached, and neither is whatever it came from.
                    return false;
                }
                keep(b);
                true
            });
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
) -> Vec<Vec<crate::rules::Jump>> {
    let (Some(&first), Some(&last)) = (path.first(), path.last()) else {
        return Vec::new();
    };
    let parent: FxHashMap<u64, u64> = path.windows(2).map(|w| (w[1], w[0])).collect();
    rebuild(board, start, first, last, |b| parent.get(&b).copied())
}

/// Adds the sorted, duplicate-free form of `gathered` to `runs`, merging the last two runs
/// while the one before is no more than twice the last: the runs' sizes fall geometrically,
/// so each position is merged a logarithmic number of times, not once per run after it.
/// `Err` where the system refuses the memory a sort or a merge needs.
fn fold(runs: &mut Vec<Vec<u64>>, gathered: Vec<u64>, cells: u32) -> Result<(), NoMemory> {
    memory::try_grow(runs, 1)?;
    runs.push(levels::try_sort_dedup(gathered, cells)?);
    while let [.., a, b] = runs.as_slice() {
        if a.len() > 2 * b.len() {
            break;
        }
        let (Some(b), Some(a)) = (runs.pop(), runs.pop()) else {
            break;
        };
        runs.push(levels::try_merge_dedup(a, b)?);
    }
    Ok(())
}

/// Sorted `a` without what sorted `b` holds.
fn minus(a: Vec<u64>, b: &[u64]) -> Vec<u64> {
    let mut j = 0;
    let mut out = a;
    out.retain(|&x| {
        while j < b.len() && b[j] < x {
            j += 1;
        }
        !(j < b.len() && b[j] == x)
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::catalogue;
    use crate::solver::uncontrolled;

    fn start_of(name: &str) -> Position {
        catalogue::find(name)
            .and_then(|e| e.layout().ok())
            .and_then(|l| l.validate().ok())
            .map(|p| p.start)
            .expect("a catalogue board")
    }

    fn meet(start: &Position, goal: Goal) -> MovesOutcome {
        uncontrolled(|c| run(start, goal, Options::default(), c))
    }

    #[test]
    fn minus_drops_what_the_other_holds() {
        assert_eq!(minus(vec![1, 3, 5, 7, 9], &[0, 3, 4, 9, 12]), vec![1, 5, 7]);
        assert_eq!(minus(vec![], &[1]), Vec::<u64>::new());
        assert_eq!(minus(vec![2], &[]), vec![2]);
    }

    #[test]
    fn undone_moves_are_the_moves_that_lead_back() {
        // Every move from a position, undone, gives the position back: on the triangle's
        // every position a few moves in.
        let start = start_of("triangle");
        let board = Board::<u64>::new(&start, Goal::Anywhere);
        let unmoves = Unmoves::new(&board.compact);
        let mut seen = FxHashSet::default();
        let p = board.compact.encode(start.pegs());
        let mut children = Vec::new();
        let _ = board.moves_from(p, &mut |b, _, _| -> Result<bool, ()> {
            children.push(b);
            Ok(true)
        });
        assert!(!children.is_empty());
        for c in children {
            let mut back = Vec::new();
            unmoves.unmoves_from(&board.compact, c, &mut seen, &mut |b| {
                back.push(b);
                true
            });
            assert!(back.contains(&p), "a move undone leads back");
        }
    }

    #[test]
    fn the_english_central_game_meets_at_its_known_eighteen_moves() {
        let start = start_of("english");
        let centre = crate::rules::Cell { x: 3, y: 3 };
        let out = meet(&start, Goal::At(centre));
        assert!(out.won && out.proven_optimal, "{out:?}");
        assert_eq!(out.moves(), Some(18));
        let mut p = start.clone();
        for &j in &out.jumps() {
            p = p.try_play(j).expect("every jump is legal");
        }
        assert!(p.is_won(Goal::At(centre)));
        assert_eq!(crate::rules::move_count(&out.jumps()), 18);
    }
}
