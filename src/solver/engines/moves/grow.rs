//! One pass of the meeting ([`super::meet`]) over a side's last level: every move (or move
//! undone) from each of its positions, gathered by each thread into sorted chunks, either
//! kept as the side's next level ([`Search::grow`]) or only looked up in the other side's
//! last level ([`Search::look_through`]), for when that next level cannot be held.
//!
//! Every buffer is asked for fallibly: memory the system refuses ends the pass as
//! [`Grown::Refused`] (the search then answers with what it proved) instead of aborting.

use super::sides::{Levels, Search, Side};
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
    /// the side already holds, on every thread; [`Grown::Full`] past `room` positions.
    pub(super) fn grow(
        &self,
        side: Side,
        held: &Levels,
        before: (u64, u64),
        room: u64,
        control: &mut Control,
    ) -> Grown {
        let levels_of = held.of(side);
        // Positions the threads' sorted runs hold in all, against the room: each thread's
        // alone would let every thread take all of it.
        let holding = AtomicU64::new(0);
        let pass = self.pass(side, held, before, control, Vec::new, |runs, chunk| {
            let before = runs.iter().map(Vec::len).sum::<usize>();
            fold(runs, chunk)?;
            let added = runs
                .iter()
                .map(Vec::len)
                .sum::<usize>()
                .saturating_sub(before) as u64;
            Ok(holding.fetch_add(added, Ordering::Relaxed) + added > room)
        });
        let (states, generated) = match pass {
            Pass::Done(states, generated) => (states, generated),
            Pass::Stopped(_) => return Grown::Full,
            Pass::Cancelled => return Grown::Cancelled,
            Pass::Refused => return Grown::Refused,
        };
        let mut next = Vec::new();
        for runs in states {
            for run in runs.into_iter().rev() {
                let Ok(merged) = levels::try_merge_dedup(run, next) else {
                    return Grown::Refused;
                };
                next = merged;
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
            before,
            control,
            || None,
            |met: &mut Option<u64>, chunk| {
                // Every chunk is looked through, not only up to a first meeting: the least
                // meeting of all is the same on every run, whichever thread meets first.
                if let Some(m) = levels::first_common_sparse(&chunk, other) {
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
    /// level, nine) shows it.
    fn pass<T: Send>(
        &self,
        side: Side,
        held: &Levels,
        before: (u64, u64),
        control: &mut Control,
        init: impl Fn() -> T + Sync,
        sink: impl Fn(&mut T, Vec<u64>) -> Result<bool, NoMemory> + Sync,
    ) -> Pass<T> {
        let last: &[u64] = held.of(side).last().map_or(&[], Vec::as_slice);
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
        let work = |range: std::ops::Range<usize>| -> (T, u64) {
            let mut state = init();
            let mut gathered: Vec<u64> = Vec::new();
            let mut generated = 0u64;
            let mut denied = false;
            let mut seen = FxHashSet::default();
            for (k, &p) in last[range].iter().enumerate() {
                if (k as u64).is_multiple_of(CHECK_EVERY) {
                    if cancel.load(Ordering::Relaxed) || stop.load(Ordering::Relaxed) {
                        return (state, generated);
                    }
                    done.fetch_add(CHECK_EVERY, Ordering::Relaxed);
                }
                let mut keep = |b: u64| {
                    generated += 1;
                    denied = denied || memory::try_grow(&mut gathered, 1).is_err();
                    if !denied {
                        gathered.push(self.board.syms.canon(b));
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
        let parts = levels::parts_for(last.len());
        let results = std::thread::scope(|scope| {
            let running = scope.spawn(|| levels::in_parts(last.len(), parts, work));
            let mut wait = Duration::from_millis(1);
            while !running.is_finished() {
                std::thread::sleep(wait);
                wait = (wait * 2).min(REPORT_PAUSE);
                self.report(control, before, &done, last);
            }
            running.join()
        })
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        self.report(control, before, &done, last);
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

    /// Reports a pass's progress: the positions of `last` expanded so far.
    fn report(&self, control: &mut Control, before: (u64, u64), done: &AtomicU64, last: &[u64]) {
        control.report(
            before.0 + done.load(Ordering::Relaxed),
            before.1,
            last.first().map_or(0, |p| p.count_ones()),
        );
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
}

/// Adds the sorted, duplicate-free `chunk` to `runs`, merging the last two runs while the
/// one before is no more than twice the last: the runs' sizes fall geometrically, so each
/// position is merged a logarithmic number of times, not once per run after it. `Err`
/// where the system refuses the memory a merge needs.
fn fold(runs: &mut Vec<Vec<u64>>, chunk: Vec<u64>) -> Result<(), NoMemory> {
    memory::try_grow(runs, 1)?;
    runs.push(chunk);
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

    #[test]
    fn minus_drops_what_the_other_holds() {
        assert_eq!(minus(vec![1, 3, 5, 7, 9], &[0, 3, 4, 9, 12]), vec![1, 5, 7]);
        assert_eq!(minus(vec![], &[1]), Vec::<u64>::new());
        assert_eq!(minus(vec![2], &[]), vec![2]);
    }

    #[test]
    fn folded_runs_merge_to_the_union() {
        let mut runs = Vec::new();
        for chunk in [vec![5, 9], vec![1, 5], vec![2], vec![9, 10]] {
            fold(&mut runs, chunk).expect("memory for a few words");
        }
        let all = runs
            .into_iter()
            .reduce(levels::merge_dedup)
            .unwrap_or_default();
        assert_eq!(all, vec![1, 2, 5, 9, 10]);
    }
}
