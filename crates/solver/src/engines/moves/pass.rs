//! The threaded pass the meeting's grows and look-throughs ([`super::grow`]) share: every
//! move (or move undone) from each position of a side's last level, gathered by each thread
//! into sorted chunks for a sink.
//!
//! Same input, same answer: each thread expands a fixed stretch of the level (the same on
//! every run) and gathers into buffers whose size is set by the room, asked of the system
//! once a pass; the sink's state is the thread's own, so what a sink decides never depends
//! on how the threads' work interleaves.

use super::packed::Packed;
use super::sides::{Levels, Search, Side};
use super::status::MeetStatus;
use super::CHECK_EVERY;
use crate::engines::levels;
use crate::engines::memory::{self, NoMemory};
use crate::Control;
use rustc_hash::FxHashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// Most positions a thread gathers before it sorts them and drops duplicates.
const GATHER: usize = 1 << 22;

/// Fewest positions a thread gathers at a time, however tight the room.
const LEAST_GATHER: usize = 1 << 14;

/// Room in a thread's gathering buffer past [`Plan::gather`]: the children of the position
/// that fills it (one position's moves number in the hundreds at most).
const SLACK: usize = 1 << 12;

/// Longest pause between two progress reports during a pass.
const REPORT_PAUSE: Duration = Duration::from_millis(200);

/// Which pass, over which side, with what buffers, from where.
#[derive(Clone, Copy)]
pub(super) struct Plan<'a> {
    pub(super) side: Side,
    /// Whether the pass only looks its positions up (else it keeps them).
    pub(super) looking_through: bool,
    /// Positions each thread gathers before it sorts them.
    pub(super) gather: usize,
    /// Positions already done at the start of each thread's stretch (by its first block):
    /// a look-through going on from a grow stopped part-way.
    pub(super) skip: &'a [(usize, u64)],
}

/// One thread's part of a pass.
pub(super) struct Part<T> {
    /// Its stretch's first block.
    pub(super) first_block: usize,
    /// What its sink kept.
    pub(super) state: T,
    /// Positions it generated.
    pub(super) generated: u64,
    /// Positions of its stretch whose every child went to the sink.
    pub(super) flushed: u64,
}

/// How a pass ended.
pub(super) enum Pass<T> {
    /// Every position was expanded.
    Done(Vec<Part<T>>),
    /// A thread's sink asked every thread to stop.
    Stopped(Vec<Part<T>>),
    Cancelled,
    /// The system refused memory; what each thread had.
    Refused(Vec<Part<T>>),
}

/// The threads a pass over `level` runs on (its stretches: the same on every run).
pub(super) fn parts_of(level: &Packed) -> usize {
    levels::parts_for(level.blocks())
}

/// Positions each of `parts` threads gathers at a time when a pass may take `bytes`: at most
/// an eighth of them for the gathering buffers (each thread's and its sort's), so a tight
/// memory limit leaves the rest to the level.
pub(super) fn gather_for(bytes: u64, parts: usize) -> usize {
    let per_thread = bytes / 8 / parts.max(1) as u64;
    let positions = per_thread / 16;
    usize::try_from(positions)
        .unwrap_or(GATHER)
        .clamp(LEAST_GATHER, GATHER)
}

/// Bytes the gathering buffers of `parts` threads take, `gather` positions each.
pub(super) fn buffers(parts: usize, gather: usize) -> u64 {
    (parts as u64) * ((gather + SLACK) as u64) * 16
}

impl Search<'_> {
    /// Runs `sink` on every thread's sorted, duplicate-free chunks of the canonical forms one
    /// move (or move undone) from `plan.side`'s last level, each thread with its own state
    /// from `init` and its own fixed stretch of the level; a sink that returns `true` stops
    /// every thread. Progress is reported from this thread meanwhile, so a pass that takes
    /// minutes (Wiegleb's thirteenth forward level, nine) shows it.
    pub(super) fn pass<T: Send>(
        &self,
        plan: Plan<'_>,
        held: &Levels,
        before: (u64, u64),
        control: &mut Control,
        init: impl Fn() -> T + Sync,
        sink: impl Fn(&mut T, &[u64]) -> Result<bool, NoMemory> + Sync,
    ) -> Pass<T> {
        let empty = Packed::default();
        let last: &Packed = held.of(plan.side).last().unwrap_or(&empty);
        let status = status_of(held, plan.side, plan.looking_through);
        let stop = AtomicBool::new(false);
        let refused = AtomicBool::new(false);
        let done = AtomicU64::new(plan.skip.iter().map(|&(_, n)| n).sum());
        let cancel = control.cancel_flag();
        let refuse = || {
            refused.store(true, Ordering::Relaxed);
            stop.store(true, Ordering::Relaxed);
        };
        // Sorts a thread's gathered positions, drops duplicates and hands them to the sink,
        // `scratch` the sort's buffer; both are kept for the next chunk (asked of the system
        // once a pass, not once a chunk).
        let flush = |state: &mut T, gathered: &mut Vec<u64>, scratch: &mut Vec<u64>| {
            levels::try_sort_dedup(gathered, scratch, self.cells)?;
            let asked = sink(state, gathered);
            gathered.clear();
            asked
        };
        let work = |blocks: std::ops::Range<usize>| -> Part<T> {
            let skip = plan
                .skip
                .iter()
                .find(|&&(b, _)| b == blocks.start)
                .map_or(0, |&(_, n)| n);
            let mut part = Part {
                first_block: blocks.start,
                state: init(),
                generated: 0,
                flushed: skip,
            };
            let (Ok(mut gathered), Ok(mut scratch)) = (
                memory::try_vec::<u64>(plan.gather + SLACK),
                memory::try_vec::<u64>(plan.gather + SLACK),
            ) else {
                refuse();
                return part;
            };
            let mut generated = 0u64;
            let mut denied = false;
            let mut seen = FxHashSet::default();
            let mut upto = skip;
            'stretch: {
                for (k, p) in last.iter_blocks(blocks).enumerate().skip(skip as usize) {
                    if (k as u64).is_multiple_of(CHECK_EVERY) {
                        if cancel.load(Ordering::Relaxed) || stop.load(Ordering::Relaxed) {
                            break 'stretch;
                        }
                        done.fetch_add(CHECK_EVERY, Ordering::Relaxed);
                    }
                    // Keeps a canonical form.
                    let mut keep = |canon: u64| {
                        generated += 1;
                        if gathered.len() == gathered.capacity() {
                            denied = denied || memory::try_grow(&mut gathered, 1).is_err();
                        }
                        if !denied {
                            gathered.push(canon);
                        }
                    };
                    match plan.side {
                        Side::Forward => self.forward_from(p, &mut keep),
                        Side::Backward => self.backward_from(p, &mut seen, &mut keep),
                    }
                    if denied {
                        refuse();
                        break 'stretch;
                    }
                    upto = k as u64 + 1;
                    if gathered.len() >= plan.gather {
                        match flush(&mut part.state, &mut gathered, &mut scratch) {
                            Ok(stop_all) => {
                                part.flushed = upto;
                                if stop_all {
                                    stop.store(true, Ordering::Relaxed);
                                    break 'stretch;
                                }
                            }
                            Err(_) => {
                                refuse();
                                break 'stretch;
                            }
                        }
                    }
                }
                if gathered.is_empty() {
                    part.flushed = upto;
                } else if !stop.load(Ordering::Relaxed) {
                    match flush(&mut part.state, &mut gathered, &mut scratch) {
                        Ok(stop_all) => {
                            part.flushed = upto;
                            if stop_all {
                                stop.store(true, Ordering::Relaxed);
                            }
                        }
                        Err(_) => refuse(),
                    }
                }
            }
            part.generated = generated;
            part
        };
        let parts = parts_of(last);
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
        let parts: Vec<_> = results.into_iter().map(levels::or_resume).collect();
        if !stop.load(Ordering::Relaxed) && !cancel.load(Ordering::Relaxed) {
            // Every position expanded: the count kept a thousand at a time (and from where
            // a pass going on from a stopped grow began) falls a little short of it.
            done.store(last.len(), Ordering::Relaxed);
        }
        report(control, before, &done, &status);
        if cancel.load(Ordering::Relaxed) {
            Pass::Cancelled
        } else if refused.load(Ordering::Relaxed) {
            Pass::Refused(parts)
        } else if stop.load(Ordering::Relaxed) {
            Pass::Stopped(parts)
        } else {
            Pass::Done(parts)
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
                let (Some(&j), Some(before)) = (
                    jumps.last(),
                    jumps.len().checked_sub(1).and_then(|k| along.get(k)),
                ) else {
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
pub(super) fn status_of(held: &Levels, side: Side, looking_through: bool) -> MeetStatus {
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
        beam: None,
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
