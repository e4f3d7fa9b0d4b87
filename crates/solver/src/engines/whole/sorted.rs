//! The sorted steps of the level engine: children (or parents) gathered in a buffer per
//! thread, sorted by radix, written as runs (to memory while the account lends it, else to
//! disk) and merged into the next level; the counted steps of [`super::solutions`], which
//! carry a count with every position; and counting the distinct images of a level (its
//! positions up to the board's whole group) the same way.

use super::level::{Held, Level, LevelCursor};
use super::merge;
use super::reach::Hints;
use super::runs::{Run, RunWriter};
use super::scratch::Lease;
use super::step::Visit;
use super::{Board, WholeError};
use crate::engines::levels::children::with_kids;
use crate::engines::levels::radix::sort_keys;
use crate::engines::levels::{self, Direction};
use crate::engines::memory::{try_vec, try_vec_huge};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// Least sort buffer a thread is given (keys): below it the runs are too many to merge.
const LEAST_BUFFER: usize = 1 << 16;
/// Most a thread's sort buffer holds (keys, 128 MiB): more only makes each sort slower, and
/// each step's buffers are new memory the system clears page by page (with 2^27 keys a
/// buffer, `level-6-game-13`'s deep proof spent a fifth of its time clearing pages).
const MOST_BUFFER: usize = 1 << 24;

/// A position and its count, as the counted steps sort them (24 bytes, not the 32 a
/// `(u64, u128)` takes).
#[derive(Clone, Copy, Debug)]
struct Counted {
    key: u64,
    lo: u64,
    hi: u64,
}

impl Counted {
    fn new(key: u64, value: u128) -> Counted {
        Counted {
            key,
            lo: value as u64,
            hi: (value >> 64) as u64,
        }
    }

    fn value(self) -> u128 {
        u128::from(self.hi) << 64 | u128::from(self.lo)
    }
}

/// Bits of the hash that picks a child's slot among the recent children (2^16 slots,
/// 512 KiB a thread: within the core's own cache).
const RECENT_BITS: u32 = 16;

/// One thread's children gathered for sorting, and the runs it has written.
struct KeyGather {
    buf: Vec<u64>,
    tmp: Vec<u64>,
    /// The child last gathered in each slot: a child found in its slot repeats one already
    /// in the buffer (or written), so it is dropped before it costs a place in the sort.
    /// No child is the empty board, so zero marks an empty slot.
    recent: Vec<u64>,
    _lease: Lease,
    runs: Vec<Run>,
}

/// The slot of `key` among [`KeyGather::recent`].
#[inline(always)]
fn recent_slot(key: u64) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - RECENT_BITS)) as usize
}

impl Board<'_> {
    /// Sort-buffer keys for each of the step's threads: a share of the free memory (with
    /// room for the radix sort's second buffer), within [`LEAST_BUFFER`]..[`MOST_BUFFER`].
    fn buffer_keys(&self, bytes_per_key: u64) -> usize {
        let threads = levels::threads() as u64;
        let share = self.account.free() / 2 / threads / (bytes_per_key * 2);
        (share as usize).clamp(LEAST_BUFFER, MOST_BUFFER)
    }

    /// [`Board::step`] by sorting.
    pub(super) fn step_sorted(
        &self,
        source: &Level,
        direction: Direction,
        pegs: u32,
        class: u8,
        within: Option<&Level>,
        visit: Visit,
    ) -> Result<Level, WholeError> {
        let src = self.ranks_of(source)?;
        let within_ranks = match within {
            Some(w) if w.bits_in_memory().is_some() => self.ranks_of(w)?,
            _ => None,
        };
        let filtered = within_ranks.is_some();
        let keep = |c: u64| match (within, &within_ranks) {
            (Some(w), Some((r, _))) => w.contains(r, c).unwrap_or(true),
            _ => true,
        };
        // Forward children that cannot reach the goal are dropped before they are gathered,
        // and no child is made of a position the level's own tests refute.
        let tests = self.step_tests(source, direction);
        let cap = self.buffer_keys(8);
        let most_kids = self.compact.jumps.len();
        let bits = self.compact.cells.len() as u32;
        let skipping = self.skipping(direction, within);
        let tag_shift = self.tag_shift(source.len, pegs, class).filter(|_| skipping);
        let flush = |g: &mut KeyGather| match tag_shift {
            Some(shift) => self.flush_tagged(g, bits, shift),
            None => self.flush_keys(g, bits),
        };
        let mut states = self.par_chunks(
            source,
            src.as_ref().map(|r| &r.0),
            || self.key_gather(cap),
            |g, keys, values| {
                visit(keys, values);
                with_kids!(&self.kids, k => {
                    let mut hints = Hints::default();
                    if skipping && (tag_shift.is_some() || !values.is_empty()) {
                        // Each child gathered with its tag in its low bits, when the level
                        // made is tagged (see [`Board::tag_levels`]); the filter then drops
                        // only a repeated pair.
                        let (shift, mask) = tag_shift.map_or((0, 0), |s| (s, u64::MAX));
                        for (i, &p) in keys.iter().enumerate() {
                            if g.buf.len() + most_kids > cap {
                                flush(g)?;
                            }
                            let tag = values.get(i).map(|&t| t as u16);
                            tests.each_tagged_child(k, p, tag, &mut hints, |c, t| {
                                let c = c << shift | u64::from(t) & mask;
                                let slot = &mut g.recent[recent_slot(c)];
                                if *slot != c {
                                    *slot = c;
                                    g.buf.push(c);
                                }
                            });
                        }
                        return Ok(());
                    }
                    for &p in keys {
                        if g.buf.len() + most_kids > cap {
                            flush(g)?;
                        }
                        tests.each_child(k, p, direction, &mut hints, |c| {
                            let slot = &mut g.recent[recent_slot(c)];
                            if *slot != c {
                                *slot = c;
                                if keep(c) {
                                    g.buf.push(c);
                                }
                            }
                        });
                    }
                });
                Ok(())
            },
        )?;
        drop(src);
        flush_all(&mut states, &flush)?;
        let mut runs = Vec::new();
        for g in states.iter_mut() {
            runs.append(&mut g.runs);
        }
        // The buffers go back before the merge wants memory for the level.
        drop(states);
        let within = if filtered { None } else { within };
        // A position made twice keeps the least of its tags: any is true, and the least is
        // the same whatever order the threads made them in.
        self.merge_runs(
            runs,
            pegs,
            class,
            within,
            tag_shift.is_some(),
            |a, b| Some(a.min(b)),
            |_, v| Ok(v),
        )
    }

    /// Whether a step skips the jumps its positions' tags say (see [`Board::tag_levels`]):
    /// a forward step of a board that tags, kept within no level.
    pub(super) fn skipping(&self, direction: Direction, within: Option<&Level>) -> bool {
        self.tagged && direction == Direction::Forward && within.is_none()
    }

    /// Bits a child's tag takes below its canonical form in a skipping step from `parents`
    /// positions to a level of `pegs` pegs in `class`; `None` where the level made is not
    /// tagged. A level a bitset would hold (were the memory free) is not tagged whatever
    /// way it is made: so the levels are the same sets however much memory there is.
    fn tag_shift(&self, parents: u64, pegs: u32, class: u8) -> Option<u32> {
        if self.dense_pays(parents, pegs, class) {
            return None;
        }
        let lines = with_kids!(&self.kids, k => k.lines().len()) as u32;
        let shift = u32::BITS - lines.max(2).saturating_sub(1).leading_zeros();
        (self.compact.cells.len() as u32 + shift <= 64).then_some(shift)
    }

    /// Threads a merge may take: one while memory is short. Each further merging thread
    /// costs address space the account does not see (its writer's growth, its cursors, its
    /// share of the allocator), and under a tight `ulimit -v` two threads merging at once
    /// ran out where one did not; a merge that short of memory is writing to disk anyway.
    fn merge_threads(&self) -> usize {
        const ROOM_FOR_MORE: u64 = 512 << 20;
        if self.account.free() < ROOM_FOR_MORE {
            1
        } else {
            levels::threads()
        }
    }

    /// Merges `runs` (adding counts with `add`) into a level of `pegs` pegs in `class`; with
    /// `within`, only keys it holds; `finish` turns each key's summed count into the level's
    /// (the counted steps divide by the orbit there).
    #[allow(clippy::too_many_arguments)]
    fn merge_runs(
        &self,
        runs: Vec<Run>,
        pegs: u32,
        class: u8,
        within: Option<&Level>,
        values: bool,
        add: impl Fn(u128, u128) -> Option<u128> + Sync,
        finish: impl Fn(u64, u128) -> Result<u128, WholeError> + Sync,
    ) -> Result<Level, WholeError> {
        let threads = self.merge_threads();
        let runs = self.fan_in(runs, threads, values, &add)?;
        // The cursors' blocks, held against the account while they merge, so that the
        // writers move to disk sooner instead of the process growing past its limit.
        let _cursors = self.account.take(
            (runs.len() as u64)
                .saturating_mul(threads as u64)
                .saturating_mul(super::fan_in::CURSOR_BYTES),
        );
        let refs: Vec<&Run> = runs.iter().collect();
        if within.is_none() {
            // Nothing to look up on the way: every thread merges a stretch of the keys.
            let writer = || RunWriter::new(values, &self.account, &self.scratch);
            let merged =
                merge::merge_stretches(&refs, threads, &add, &finish, &writer, self.cancel_flag())?;
            let Some(run) = merged else {
                return Err(WholeError::Overflow);
            };
            if self.cancelled() {
                return Err(WholeError::Cancelled);
            }
            return Ok(Level {
                pegs,
                class,
                len: run.len(),
                held: Held::Runs(run),
            });
        }
        let theirs = match within {
            Some(w) => self.ranks_of(w)?,
            None => None,
        };
        let mut cursor = match within {
            Some(w) => Some(LevelCursor::new(w, theirs.as_ref().map(|r| &r.0))?),
            None => None,
        };
        let mut out = RunWriter::new(values, &self.account, &self.scratch);
        let mut failed: Option<WholeError> = None;
        let mut keep = |k: u64, v: u128| -> Result<(), super::runs::RunError> {
            if failed.is_some() {
                return Ok(());
            }
            if let Some(c) = cursor.as_mut() {
                if !c.seek(k)? {
                    return Ok(());
                }
            }
            match finish(k, v) {
                Ok(v) => out.push(k, v),
                Err(e) => {
                    failed = Some(e);
                    Ok(())
                }
            }
        };
        let whole = merge::merge_each(&refs, &add, &mut keep, self.cancel_flag())?;
        if let Some(e) = failed {
            return Err(e);
        }
        if !whole {
            return Err(WholeError::Overflow);
        }
        if self.cancelled() {
            return Err(WholeError::Cancelled);
        }
        Ok(Level {
            pegs,
            class,
            len: out.len(),
            held: Held::Runs(out.finish()?),
        })
    }

    /// The parents of the winners `source` (each with its count of solutions) that lie in
    /// `within` (the level above, its winners), each with its count: the sum over its
    /// children of theirs. See [`super::solutions`] for why each parent receives its
    /// child's count times the child's orbit, divided by its own.
    pub fn step_counts(
        &self,
        source: &Level,
        within: &Level,
        visit: Visit,
    ) -> Result<Level, WholeError> {
        let pegs = source.pegs + 1;
        let class = source.class;
        let src = self.ranks_of(source)?;
        let within_ranks = if within.bits_in_memory().is_some() {
            self.ranks_of(within)?
        } else {
            None
        };
        let keep = |c: u64| match &within_ranks {
            Some((r, _)) => within.contains(r, c).unwrap_or(true),
            None => true,
        };
        let cap = self.buffer_keys(24);
        let most_kids = self.compact.jumps.len();
        struct Gather {
            buf: Vec<Counted>,
            _lease: Lease,
            runs: Vec<Run>,
        }
        let flush = |g: &mut Gather| -> Result<(), WholeError> {
            if g.buf.is_empty() {
                return Ok(());
            }
            g.buf.sort_unstable_by_key(|c| c.key);
            let mut w = RunWriter::new(true, &self.account, &self.scratch);
            let mut i = 0;
            while i < g.buf.len() {
                let key = g.buf[i].key;
                let mut sum = 0u128;
                while i < g.buf.len() && g.buf[i].key == key {
                    sum = sum
                        .checked_add(g.buf[i].value())
                        .ok_or(WholeError::Overflow)?;
                    i += 1;
                }
                w.push(key, sum)?;
            }
            g.runs.push(w.finish()?);
            g.buf.clear();
            Ok(())
        };
        let mut states = self.par_chunks(
            source,
            src.as_ref().map(|r| &r.0),
            || {
                let lease = self.account.lease(cap as u64 * 24)?;
                Ok(Gather {
                    buf: try_vec_huge(cap)?,
                    _lease: lease,
                    runs: Vec::new(),
                })
            },
            |g, keys, values| {
                visit(keys, values);
                with_kids!(&self.kids, k => {
                    for (&c, &n) in keys.iter().zip(values) {
                        if g.buf.len() + most_kids > cap {
                            flush(g)?;
                        }
                        let weight = n
                            .checked_mul(u128::from(self.sub.orbit_size(c) as u32))
                            .ok_or(WholeError::Overflow)?;
                        k.each(c, Direction::Backward, |p| {
                            if keep(p) {
                                g.buf.push(Counted::new(p, weight));
                            }
                        });
                    }
                });
                Ok(())
            },
        )?;
        drop(src);
        flush_all(&mut states, &flush)?;
        let mut runs = Vec::new();
        for g in states.iter_mut() {
            runs.append(&mut g.runs);
        }
        drop(states);
        self.merge_runs(
            runs,
            pegs,
            class,
            Some(within),
            true,
            |a, b| a.checked_add(b),
            |p, sum| Ok(sum / u128::from(self.sub.orbit_size(p) as u32)),
        )
    }

    /// How many distinct values `map` takes over the positions of `level`: sorted in runs
    /// (to disk past the memory free) and counted as they merge.
    pub fn count_mapped(
        &self,
        level: &Level,
        map: &(dyn Fn(u64) -> u64 + Sync),
    ) -> Result<u64, WholeError> {
        let src = self.ranks_of(level)?;
        let cap = self.buffer_keys(8);
        let bits = self.compact.cells.len() as u32;
        let flush = |g: &mut KeyGather| self.flush_keys(g, bits);
        let mut states = self.par_chunks(
            level,
            src.as_ref().map(|r| &r.0),
            || self.key_gather(cap),
            |g, keys, _| {
                for &p in keys {
                    if g.buf.len() == cap {
                        flush(g)?;
                    }
                    g.buf.push(map(p));
                }
                Ok(())
            },
        )?;
        drop(src);
        flush_all(&mut states, &flush)?;
        let mut runs = Vec::new();
        for g in states.iter_mut() {
            runs.append(&mut g.runs);
        }
        drop(states);
        let refs: Vec<&Run> = runs.iter().collect();
        let mut n = 0u64;
        merge::merge_each(
            &refs,
            &|a, _| Some(a),
            &mut |_, _| -> Result<(), WholeError> {
                n += 1;
                Ok(())
            },
            self.cancel,
        )?;
        if self.cancelled() {
            return Err(WholeError::Cancelled);
        }
        Ok(n)
    }

    /// A sort buffer of `cap` keys (and the radix sort's second), held against the account.
    fn key_gather(&self, cap: usize) -> Result<KeyGather, WholeError> {
        let bytes = cap as u64 * 16 + (8 << RECENT_BITS);
        let lease = self.account.lease(bytes)?;
        let mut recent = try_vec(1 << RECENT_BITS)?;
        recent.resize(1 << RECENT_BITS, 0);
        Ok(KeyGather {
            buf: try_vec_huge(cap)?,
            tmp: try_vec_huge(cap)?,
            recent,
            _lease: lease,
            runs: Vec::new(),
        })
    }

    /// Sorts what `g` gathered (keys of `bits` bits), drops repeats and writes it as a run.
    fn flush_keys(&self, g: &mut KeyGather, bits: u32) -> Result<(), WholeError> {
        if g.buf.is_empty() {
            return Ok(());
        }
        sort_keys(&mut g.buf, &mut g.tmp, bits);
        g.buf.dedup();
        let mut w = RunWriter::new(false, &self.account, &self.scratch);
        for &k in &g.buf {
            w.push(k, 0)?;
        }
        g.runs.push(w.finish()?);
        g.buf.clear();
        Ok(())
    }

    /// [`Board::flush_keys`] for tagged children (`shift` bits of tag below each key): a
    /// position gathered more than once keeps its least tag, written as its run's count.
    fn flush_tagged(&self, g: &mut KeyGather, bits: u32, shift: u32) -> Result<(), WholeError> {
        if g.buf.is_empty() {
            return Ok(());
        }
        sort_keys(&mut g.buf, &mut g.tmp, bits + shift);
        let mut w = RunWriter::new(true, &self.account, &self.scratch);
        let mut last = None;
        for &k in &g.buf {
            let key = k >> shift;
            if last != Some(key) {
                last = Some(key);
                w.push(key, u128::from(k & ((1 << shift) - 1)))?;
            }
        }
        g.runs.push(w.finish()?);
        g.buf.clear();
        Ok(())
    }

    /// The cancel flag.
    pub(super) fn cancel_flag(&self) -> &AtomicBool {
        self.cancel
    }
}

/// Runs `flush` on every thread's gather at once: the last, part-full buffers of a step are
/// sorted and written on every thread, not one after another on the calling one (for a
/// level whose children fit the buffers, that was all of the step's sorting).
fn flush_all<S: Send>(
    states: &mut [S],
    flush: &(dyn Fn(&mut S) -> Result<(), WholeError> + Sync),
) -> Result<(), WholeError> {
    let cells: Vec<Mutex<&mut S>> = states.iter_mut().map(Mutex::new).collect();
    let next = AtomicUsize::new(0);
    let failed: Mutex<Option<WholeError>> = Mutex::new(None);
    let fail = |e: WholeError| {
        failed
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get_or_insert(e);
    };
    let work = || loop {
        let Some(cell) = cells.get(next.fetch_add(1, Ordering::Relaxed)) else {
            return;
        };
        let mut state = cell.lock().unwrap_or_else(|p| p.into_inner());
        if let Err(e) = flush(&mut state) {
            fail(e);
        }
    };
    if super::on_threads("pegsol-flush", cells.len(), &work).contains(&None) {
        fail(WholeError::Failed("a thread panicked".into()));
    }
    match failed.into_inner().unwrap_or_else(|p| p.into_inner()) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}
