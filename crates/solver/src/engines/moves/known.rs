//! The fewest-moves search when every position that can still win is known (the whole
//! winnable set, or the level engine's reachable winners), on every core.
//!
//! The map holds every winnable canonical form from the start, so a probe answers both "can it
//! win?" and "was it reached?", and the map never grows: the threads share it read-only but
//! for each slot's parent, an atomic word. A level is expanded by all threads at once, a chunk
//! of positions at a time. A slot reached in this level takes the least parent that reaches
//! it (compare-and-swap), so the parents, and the solution rebuilt from them, do not depend
//! on which thread came first; the next level is sorted, so neither does the order the
//! levels are read in, nor where a budget cuts one.

use super::{finish, rebuild, Board, MovesOutcome, Options, CHECK_EVERY};
use crate::engines::levels;
use crate::{Control, Stop};
use pegsol_rules::{Goal, Position};
use rustc_hash::FxHashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

/// Most holes of a board this search takes: a slot keeps its parent in the low bits and the
/// level that reached it in the bits above.
pub const MAX_CELLS: u32 = 52;

/// A slot not reached yet.
const UNSEEN: u64 = u64::MAX;

/// Positions a thread takes from a level at a time.
const CHUNK: usize = 1024;

/// A slot's word for a position reached at `level` from `parent`.
fn word(level: u32, parent: u64) -> u64 {
    (u64::from(level) << MAX_CELLS) | parent
}

/// The parent in a slot's word.
fn parent_of(word: u64) -> u64 {
    word & ((1 << MAX_CELLS) - 1)
}

/// The level in a slot's word.
fn level_of(word: u64) -> u32 {
    (word >> MAX_CELLS) as u32
}

/// What expanding (part of) a level found.
#[derive(Default)]
struct Expanded {
    /// Positions first reached, unsorted.
    next: Vec<u64>,
    /// The least (goal, parent) reached.
    goal: Option<(u64, u64)>,
    generated: u64,
}

/// Finds a solution with the fewest moves, keeping only the canonical forms in `winnable`
/// (under the symmetries that keep `start` and `goal`; at most [`MAX_CELLS`] holes).
pub fn run(
    start: &Position,
    goal: Goal,
    options: Options,
    winnable: Vec<u64>,
    control: &mut Control,
) -> MovesOutcome {
    let board = match Board::<u64>::begin(start, goal, control) {
        Ok(board) => board,
        Err(answered) => return answered,
    };
    let mut out = MovesOutcome::nothing();
    let mut slots: FxHashMap<u64, AtomicU64> = FxHashMap::default();
    if slots.try_reserve(winnable.len() + 1).is_err() {
        out.stop = Stop::Budget;
        out.lower_bound = 1;
        return finish(out, control);
    }
    for &w in &winnable {
        slots.insert(w, AtomicU64::new(UNSEEN));
    }
    // The map has them now: the list's memory goes back (1.4 GB on French).
    drop(winnable);
    let start_board = board.compact.encode(start.pegs());
    let start_canon = board.syms.canon(start_board);
    slots.insert(start_canon, AtomicU64::new(word(0, start_canon)));
    let storage = |level: &Vec<u64>| -> u64 {
        // A hashbrown map allocates a slot and a control byte per bucket, with buckets at
        // least 8/7 of its capacity.
        let buckets = (slots.capacity() as u64 * 8).div_ceil(7);
        buckets * (16 + 1) + (level.capacity() * 8) as u64
    };
    let budget = options.budget.unwrap_or(u64::MAX);
    let mut level = vec![start_canon];
    let mut moves = 0u32;
    out.held = 1;
    while !level.is_empty() {
        // A budget cuts a level at a fixed place: its first positions, in sorted order.
        let room = budget.saturating_sub(out.expanded);
        let cut = (level.len() as u64) > room;
        let part = &level[..level.len().min(room as usize)];
        let before = (out.expanded, out.generated);
        let expanded = expand(&board, &slots, part, moves + 1, before, control);
        out.expanded += part.len() as u64;
        out.storage_bytes = out.storage_bytes.max(storage(&level));
        let Some(found) = expanded else {
            out.stop = Stop::Cancelled;
            out.lower_bound = moves + 1;
            return finish(out, control);
        };
        out.generated += found.generated;
        if let Some((goal_canon, parent)) = found.goal {
            // Every level before this one was searched whole: no fewer moves win.
            out.lower_bound = moves + 1;
            out.proven_optimal = true;
            let parent_of_form = |b: u64| {
                if b == goal_canon {
                    Some(parent)
                } else {
                    slots
                        .get(&b)
                        .map(|s| s.load(Ordering::Relaxed))
                        .filter(|&w| w != UNSEEN)
                        .map(parent_of)
                }
            };
            out.chains = rebuild(&board, start_board, start_canon, goal_canon, parent_of_form);
            out.won = !out.chains.is_empty();
            out.stop = Stop::Solved;
            return finish(out, control);
        }
        if cut {
            out.stop = Stop::Budget;
            out.lower_bound = moves + 1;
            return finish(out, control);
        }
        let mut next = found.next;
        next.sort_unstable();
        out.held += next.len() as u64;
        level = next;
        moves += 1;
    }
    // Every position that can still win was searched: the goal cannot be reached.
    out.lower_bound = moves + 1;
    out.proven_optimal = true;
    finish(out, control)
}

/// Expands `level` on every thread: each position's every move, marking the slots reached
/// as reached at `depth` (see the module docs); progress goes to `control` counted on from
/// the positions `before` expanded and generated in earlier levels. `None` when cancelled.
fn expand(
    board: &Board<u64>,
    slots: &FxHashMap<u64, AtomicU64>,
    level: &[u64],
    depth: u32,
    before: (u64, u64),
    control: &mut Control,
) -> Option<Expanded> {
    let taken = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let cancel = control.cancel_flag();
    let results: Mutex<Vec<Expanded>> = Mutex::new(Vec::new());
    let chunks = level.len().div_ceil(CHUNK);
    let work = |report: &mut dyn FnMut(u64, u32)| {
        let mut mine = Expanded::default();
        loop {
            if stop.load(Ordering::Relaxed) || cancel.load(Ordering::Relaxed) {
                stop.store(true, Ordering::Relaxed);
                break;
            }
            let i = taken.fetch_add(1, Ordering::Relaxed) as usize;
            if i >= chunks {
                break;
            }
            let part = &level[i * CHUNK..((i + 1) * CHUNK).min(level.len())];
            for &p in part {
                expand_one(board, slots, p, depth, &mut mine);
            }
            let d = done.fetch_add(part.len() as u64, Ordering::Relaxed) + part.len() as u64;
            report(d, part[0].count_ones());
        }
        results.lock().unwrap_or_else(|e| e.into_inner()).push(mine);
    };
    let threads = levels::threads().min(chunks).max(1);
    std::thread::scope(|scope| {
        for t in 1..threads {
            let work = &work;
            // A thread that cannot start leaves its share to the others.
            let _ = std::thread::Builder::new()
                .name(format!("pegsol-moves-{t}"))
                .spawn_scoped(scope, move || work(&mut |_, _| {}));
        }
        let mut last = 0;
        work(&mut |d, pegs| {
            if d >= last + CHECK_EVERY * 64 {
                last = d;
                control.report(before.0 + d, before.1, pegs);
            }
        });
    });
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let mut all = Expanded::default();
    for r in results.into_inner().unwrap_or_else(|e| e.into_inner()) {
        all.next.extend(r.next);
        all.generated += r.generated;
        all.goal = match (all.goal, r.goal) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    }
    Some(all)
}

/// Every move from `p`: the slots it reaches that no earlier level reached take `p` as their
/// parent if it is the least yet; the first to reach one lists it in `out.next`.
fn expand_one(
    board: &Board<u64>,
    slots: &FxHashMap<u64, AtomicU64>,
    p: u64,
    depth: u32,
    out: &mut Expanded,
) {
    let mine = word(depth, p);
    let _ = board.moves_from(p, &mut |b, canon, _| -> Result<bool, ()> {
        if board.is_goal(b) {
            let g = (canon, p);
            out.goal = Some(out.goal.map_or(g, |h| h.min(g)));
            return Ok(false);
        }
        let Some(slot) = slots.get(&canon) else {
            // Not winnable: lost, and so is whatever the chain goes on to.
            return Ok(false);
        };
        out.generated += 1;
        let mut seen = slot.load(Ordering::Relaxed);
        loop {
            if seen != UNSEEN && level_of(seen) != depth {
                // Reached at an earlier level: its moves are searched from there, but the
                // chain goes on through it.
                break;
            }
            if seen <= mine {
                break;
            }
            match slot.compare_exchange_weak(seen, mine, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => {
                    if seen == UNSEEN {
                        out.next.push(canon);
                    }
                    break;
                }
                Err(now) => seen = now,
            }
        }
        Ok(true)
    });
}
