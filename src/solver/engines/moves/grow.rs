//! One pass of the meeting ([`super::meet`]) over a side's last level: every move (or move
//! undone) from each of its positions, gathered by each thread into sorted chunks, either
//! kept as the side's next level ([`Search::grow`]) or only looked up in the other side's
//! last level ([`Search::look_through`]), for when that next level cannot be held.
//!
//! Every buffer is asked for fallibly: memory the system refuses ends the pass as
//! [`Grown::Refused`] (the search then answers with what it proved) instead of aborting.

use super::packed::{self, Packed};
use super::sides::{Levels, Search, Side};
use super::status::MeetStatus;
use super::CHECK_EVERY;
use crate::solver::engines::levels;
use crate::solver::engines::memory::{self, NoMemory};
use crate::solver::Control;
use rustc_hash::FxHashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// Positions a thread gathers before it sorts them and drops duplicates.
const GATHER: usize = 1 << 22;

/// Longest pause between two progress reports during a pass.
const REPORT_PAUSE: Duration = Duration::from_millis(200);

/// What growing a side gave.
pub(super) enum Grown {
    /// The new level (without what the side held before) and the positions generated on
    /// the way.
    Level(Packed, u64),
    /// Cancelled.
    Cancelled,
    /// More than the search may hold: more positions than its cap (`positions_short`), or
    /// more bytes than its room.
    Full { positions_short: bool },
    /// The system refused memory the search's room allowed (a limit it could not see, or
    /// memory the rest of the machine took meanwhile).
    Refused,
}

/// What a new level may take.
#[derive(Clone, Copy, Debug)]
pub(super) struct Room {
    /// Positions.
    pub(super) positions: u64,
    /// Bytes (`u64::MAX`: not counted).
    pub(super) bytes: u64,
    /// Whether `positions` is the cap the search was given (else a stand-in for memory).
    pub(super) capped: bool,
}

/// What looking through a side's next level found.
pub(super) enum Through {
    /// A position of that next level in the other side's last level: the sides meet there.
    Met(u64),
    /// None: every solution takes one move more than the levels held prove.
    Clear,
    /// Cancelled.
    Cancelled,
    /// The system refused memory.
    Refused,
}

/// How a pass ended.
enum Pass<T> {
    /// Every position was expanded: each thread's state, and the positions generated.
    Done(Vec<T>, u64),
    /// A thread's sink asked every thread to stop.
    Stopped(Vec<T>),
    Cancelled,
    Refused,
}

impl Search<'_> {
    /// The next level of `side`: every move (or move undone) from its last level, less what
    /// the side already holds, on every thread; [`Grown::Full`] past `room` bytes (each
    /// thread's packed runs, and the level merged from them at the end, no larger).
    pub(super) fn grow(
        &self,
        side: Side,
        held: &Levels,
        before: (u64, u64),
        room: Room,
        control: &mut Control,
    ) -> Grown {
        let levels_of = held.of(side);
        // Bytes the threads' packed runs take in all, against the room: each thread's alone
        // would let every thread take all of it. The merged level at the end takes no more
        // than the runs it comes from, so the runs may have half. Positions likewise against
        // the cap.
        let holding = AtomicU64::new(0);
        let counted = AtomicU64::new(0);
        let positions_short = AtomicBool::new(false);
        let pass = self.pass(
            side,
            held,
            false,
            before,
            control,
            Vec::new,
            |runs, chunk| {
                let size = |runs: &Vec<Packed>| -> (u64, u64) {
                    let bytes = runs.iter().map(Packed::bytes).sum();
                    (bytes, runs.iter().map(Packed::len).sum())
                };
                let before = size(runs);
                fold(runs, Packed::from_sorted(&chunk)?)?;
                let after = size(runs);
                let bytes = shift(&holding, before.0, after.0);
                let positions = shift(&counted, before.1, after.1);
                if positions > room.positions {
                    positions_short.store(true, Ordering::Relaxed);
                    return Ok(true);
                }
                Ok(bytes.saturating_mul(2) > room.bytes)
            },
        );
        let (states, generated) = match pass {
            Pass::Done(states, generated) => (states, generated),
            Pass::Stopped(_) => {
                return Grown::Full {
                    positions_short: positions_short.load(Ordering::Relaxed),
                }
            }
            Pass::Cancelled => return Grown::Cancelled,
            Pass::Refused => return Grown::Refused,
        };
        let runs: Vec<Packed> = states.into_iter().flatten().collect();
        match packed::merge_minus(&runs, levels_of) {
            Ok(next) if next.len() > room.positions => Grown::Full {
                positions_short: true,
            },
            Ok(next) => Grown::Level(next, generated),
            Err(_) => Grown::Refused,
        }
    }

    /// Looks through `side`'s next level without holding it: each of its positions is
    /// looked up in the other side's last level. Any position in both ends a solution of
    /// one move more than the levels held rule out, and no fewer can meet (those pairs of
    /// levels were disjoint), so a meeting here is a proven fewest; the least such
    /// position is the one returned.
    pub(super) fn look_through(
        &self,
        side: Side,
        held: &Levels,
        before: (u64, u64),
        control: &mut Control,
    ) -> Through {
        let Some(other) = held.of(side.other()).last() else {
            return Through::Clear;
        };
        let pass = self.pass(
            side,
            held,
            true,
            before,
            control,
            || None,
            |met: &mut Option<u64>, chunk| {
                // Every chunk is looked through, not only up to a first meeting: the least
                // meeting of all is the same on every run, whichever thread meets first.
                if let Some(m) = other.first_of(chunk) {
                    *met = Some(met.map_or(m, |old| old.min(m)));
                }
                Ok(false)
            },
        );
        match pass {
            Pass::Done(found, _) | Pass::Stopped(found) => found
                .into_iter()
                .flatten()
                .min()
                .map_or(Through::Clear, Through::Met),
            Pass::Cancelled => Through::Cancelled,
            Pass::Refused => Through::Refused,
        }
    }

    /// Runs `sink` on every thread's sorted, duplicate-free chunks of the canonical forms one
    /// move (or move undone) from `side`'s last level, each thread with its own state from
    /// `init`; a sink that returns `true` stops every thread. Progress is reported from
    /// this thread meanwhile, so a pass that takes minutes (Wiegleb's thirteenth forward
    /// level, nine) shows it; `looking_through` says which kind of pass it is.
    #[allow(clippy::too_many_arguments)]
    fn pass<T: Send>(
        &self,
        side: Side,
        held: &Levels,
        looking_through: bool,
        before: (u64, u64),
        control: &mut Control,
        init: impl Fn() -> T + Sync,
        sink: impl Fn(&mut T, Vec<u64>) -> Result<bool, NoMemory> + Sync,
    ) -> Pass<T> {
        let empty = Packed::default();
        let last: &Packed = held.of(side).last().unwrap_or(&empty);
        let status = status_of(held, side, looking_through);
        let stop = AtomicBool::new(false);
        let refused = AtomicBool::new(false);
        let done = AtomicU64::new(0);
        let cancel = control.cancel_flag();
        let flush = |state: &mut T, gathered: Vec<u64>| {
            let asked = levels::try_sort_dedup(gathered, self.cells).and_then(|c| sink(state, c));
            match asked {
                Ok(false) => {}
                Ok(true) => stop.store(true, Ordering::Relaxed),
                Err(_) => {
                    refused.store(true, Ordering::Relaxed);
                    stop.store(true, Ordering::Relaxed);
                }
            }
        };
        let work = |blocks: std::ops::Range<usize>| -> (T, u64) {
            let mut state = init();
            let mut gathered: Vec<u64> = Vec::new();
            let mut generated = 0u64;
            let mut denied = false;
            let mut seen = FxHashSet::default();
            for (k, p) in last.iter_blocks(blocks).enumerate() {
                if (k as u64).is_multiple_of(CHECK_EVERY) {
                    if cancel.load(Ordering::Relaxed) || stop.load(Ordering::Relaxed) {
                        return (state, generated);
                    }
                    done.fetch_add(CHECK_EVERY, Ordering::Relaxed);
                }
                // Keeps a canonical form.
                let mut keep = |canon: u64| {
                    generated += 1;
                    denied = denied || memory::try_grow(&mut gathered, 1).is_err();
                    if !denied {
                        gathered.push(canon);
                    }
                };
                match side {
                    Side::Forward => self.forward_from(p, &mut keep),
                    Side::Backward => self.backward_from(p, &mut seen, &mut keep),
                }
                if denied {
                    refused.store(true, Ordering::Relaxed);
                    stop.store(true, Ordering::Relaxed);
                    return (state, generated);
                }
                if gathered.len() >= GATHER {
                    flush(&mut state, std::mem::take(&mut gathered));
                }
            }
            if !stop.load(Ordering::Relaxed) {
                flush(&mut state, gathered);
            }
            (state, generated)
        };
        let parts = levels::parts_for(last.blocks());
        let results = std::thread::scope(|scope| {
            let running = scope.spawn(|| levels::in_parts(last.blocks(), parts, work));
            let mut wait = Duration::from_millis(1);
            while !running.is_finished() {
                std::thread::sleep(wait);
                wait = (wait * 2).min(REPORT_PAUSE);
                report(control, before, &done, &status);
            }
            running.join()
        })
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        report(control, before, &done, &status);
        if cancel.load(Ordering::Relaxed) {
            return Pass::Cancelled;
        }
        if refused.load(Ordering::Relaxed) {
            return Pass::Refused;
        }
        let mut states = Vec::new();
        let mut generated = 0;
        for r in results {
            match r {
                Ok((state, g)) => {
                    states.push(state);
                    generated += g;
                }
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        if stop.load(Ordering::Relaxed) {
            Pass::Stopped(states)
        } else {
            Pass::Done(states, generated)
        }
    }

    /// The canonical form of every position one move from `p` that can still reach a
    /// finish (the moves give it: each jump updates the images by a xor per symmetry, and
    /// the pagoda weights likewise, by the jump's change to each function).
    fn forward_from(&self, p: u64, keep: &mut dyn FnMut(u64)) {
        if !self.pruner.active() {
            let _ = self
                .board
                .moves_from(p, &mut |_, canon, _| -> Result<bool, ()> {
                    keep(canon);
                    Ok(true)
                });
            return;
        }
        // The weights along the chain followed: `[k]` after its first k jumps. A position is
        // met only after the one before it in its chain was kept, so `[jumps - 1]` is there.
        let mut along = vec![self.pruner.weigh(p)];
        let _ = self
            .board
            .moves_from(p, &mut |_, canon, jumps| -> Result<bool, ()> {
                let (Some(&j), Some(before)) = (jumps.last(), along.get(jumps.len() - 1)) else {
                    return Ok(false);
                };
                let weights = self.pruner.after(before, j);
                if self.pruner.lost(&weights) {
                    // Lost, and so is whatever the chain goes on to.
                    return Ok(false);
                }
                along.truncate(jumps.len());
                along.push(weights);
                keep(canon);
                Ok(true)
            });
    }

    /// The canonical form of every position one move undone from `p` that the start can
    /// still become.
    fn backward_from(&self, p: u64, seen: &mut FxHashSet<(u64, u32)>, keep: &mut dyn FnMut(u64)) {
        self.unmoves
            .unmoves_from(&self.board.compact, p, seen, &mut |b| {
                if self.unreachable.proves(b) {
                    // Never reached, and neither is whatever it came from.
                    return false;
                }
                keep(self.board.syms.canon(b));
                true
            });
    }
}

/// The meeting's place before a pass over `side`'s last level, none of it done yet.
fn status_of(held: &Levels, side: Side, looking_through: bool) -> MeetStatus {
    let moves = |levels: &Vec<Packed>| levels.len().saturating_sub(1) as u32;
    let (forward_moves, backward_moves) = (moves(&held.forward), moves(&held.backward));
    MeetStatus {
        forward: side == Side::Forward,
        looking_through,
        forward_moves,
        backward_moves,
        expanding: held.of(side).last().map_or(0, Packed::len),
        done: 0,
        held: held
            .forward
            .iter()
            .chain(&held.backward)
            .map(Packed::len)
            .sum(),
        memory: held.bytes(),
        at_least: forward_moves + backward_moves + 1,
    }
}

/// Reports a pass's progress: `status` with the positions expanded so far (`done`).
fn report(control: &mut Control, before: (u64, u64), done: &AtomicU64, status: &MeetStatus) {
    let done = done.load(Ordering::Relaxed);
    let status = MeetStatus {
        done: done.min(status.expanding),
        ..*status
    };
    control.report_meeting(before.0 + done, before.1, &status);
}

/// Moves the shared `total` from `before` to `after` (one thread's part of it changed) and
/// returns the new total.
fn shift(total: &AtomicU64, before: u64, after: u64) -> u64 {
    if after >= before {
        total.fetch_add(after - before, Ordering::Relaxed) + (after - before)
    } else {
        total.fetch_sub(before - after, Ordering::Relaxed) - (before - after)
    }
}

/// Adds the packed `chunk` to `runs`, merging the last two runs while the one before is no
/// more than twice the last: the runs' sizes fall geometrically, so each position is merged
/// a logarithmic number of times, not once per run after it. `Err` where the system
/// refuses the memory a merge needs.
fn fold(runs: &mut Vec<Packed>, chunk: Packed) -> Result<(), NoMemory> {
    memory::try_grow(runs, 1)?;
    runs.push(chunk);
    while let [.., a, b] = runs.as_slice() {
        if a.len() > 2 * b.len() {
            break;
        }
        let merged = packed::merge_two(&runs[runs.len() - 2], &runs[runs.len() - 1])?;
        runs.truncate(runs.len() - 2);
        runs.push(merged);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folded_runs_merge_to_the_union() {
        let mut runs = Vec::new();
        for chunk in [vec![5, 9], vec![1, 5], vec![2], vec![9, 10]] {
            let chunk = Packed::from_sorted(&chunk).expect("memory for a few words");
            fold(&mut runs, chunk).expect("memory for a few words");
        }
        assert!(runs.len() < 4, "runs of like size merge");
        let all = packed::merge_minus(&runs, &[]).expect("memory");
        assert_eq!(all.iter().collect::<Vec<_>>(), vec![1, 2, 5, 9, 10]);
    }
}
