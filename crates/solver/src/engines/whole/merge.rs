//! Merging sorted runs into one: key by key through a heap of cursors ([`merge_each`]), or
//! on every thread at once ([`merge_stretches`]): the keys are cut into stretches at the
//! runs' block boundaries, each thread merges the next free stretch into a run of its own,
//! and the stretches are joined in order ([`Run::concat`], nothing copied). A step's merge
//! was the one part of it that ran on a single core: about a third of a sorted step's wall
//! time on two cores.

use super::runs::{Cursor, Run, RunError, RunWriter};
use super::WholeError;
use std::cmp::Reverse;
use std::collections::binary_heap::{BinaryHeap, PeekMut};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// Stretches a parallel merge cuts the keys into for each thread: enough that a thread
/// taking the next free one keeps every thread busy to the end.
const STRETCHES_PER_THREAD: usize = 8;

/// Keys below which a merge stays on one thread (the stretches' set-up would cost more).
const PARALLEL_LEAST: u64 = 1 << 20;

/// Adds two counts; `None` when the sum does not fit.
pub type Add<'a> = &'a (dyn Fn(u128, u128) -> Option<u128> + Sync);

/// Merges sorted runs into `out`, adding the counts of a key found in several (`None` from
/// `add`: the sum does not fit, and the merge stops with `Ok(false)`).
pub fn merge(
    runs: &[&Run],
    out: &mut RunWriter,
    add: impl Fn(u128, u128) -> Option<u128> + Sync,
    cancel: &AtomicBool,
) -> Result<bool, RunError> {
    merge_each(runs, &add, &mut |k, v| out.push(k, v), cancel)
}

/// Merges sorted runs, calling `f` with each key once, ascending, and its counts added with
/// `add`; `Ok(false)` when a sum does not fit (the merge stops there). Stops early, with
/// `Ok(true)`, when `cancel` is set (the caller checks it).
pub fn merge_each<E: From<RunError>>(
    runs: &[&Run],
    add: Add,
    f: &mut dyn FnMut(u64, u128) -> Result<(), E>,
    cancel: &AtomicBool,
) -> Result<bool, E> {
    merge_range(runs, 0, None, add, f, cancel)
}

/// [`merge_each`] over the keys from `from` (included) to `to` (excluded; `None`: to the
/// end).
fn merge_range<E: From<RunError>>(
    runs: &[&Run],
    from: u64,
    to: Option<u64>,
    add: Add,
    f: &mut dyn FnMut(u64, u128) -> Result<(), E>,
    cancel: &AtomicBool,
) -> Result<bool, E> {
    let below = |k: u64| to.is_none_or(|t| k < t);
    let mut cursors = Vec::with_capacity(runs.len());
    for r in runs {
        cursors.push(Cursor::new_at(r, from)?);
    }
    let mut n = 0u64;
    if let [one] = cursors.as_mut_slice() {
        // One run: no heap.
        while let Some((k, v)) = one.peek().filter(|&(k, _)| below(k)) {
            f(k, v)?;
            one.advance()?;
            n += 1;
            if n.is_multiple_of(65_536) && cancel.load(Ordering::Relaxed) {
                return Ok(true);
            }
        }
        return Ok(true);
    }
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> = cursors
        .iter()
        .enumerate()
        .filter_map(|(i, c)| {
            c.peek()
                .filter(|&(k, _)| below(k))
                .map(|(k, _)| Reverse((k, i)))
        })
        .collect();
    let mut current: Option<(u64, u128)> = None;
    while let Some(mut top) = heap.peek_mut() {
        let Reverse((key, i)) = *top;
        let (_, value) = cursors[i].peek().unwrap_or((key, 0));
        current = match current {
            Some((k, v)) if k == key => match add(v, value) {
                Some(sum) => Some((k, sum)),
                None => return Ok(false),
            },
            Some((k, v)) => {
                f(k, v)?;
                Some((key, value))
            }
            None => Some((key, value)),
        };
        cursors[i].advance()?;
        // The cursor's next key replaces it at the top (one sift instead of a pop and a
        // push), or it leaves the heap at the end of its run or of the stretch.
        match cursors[i].peek() {
            Some((k, _)) if below(k) => *top = Reverse((k, i)),
            _ => {
                PeekMut::pop(top);
            }
        }
        n += 1;
        if n.is_multiple_of(65_536) && cancel.load(Ordering::Relaxed) {
            return Ok(true);
        }
    }
    if let Some((k, v)) = current {
        f(k, v)?;
    }
    Ok(true)
}

/// Where a merge of `runs` on `threads` threads cuts the keys: the first keys of stretches
/// after the first (which starts at 0), ascending and distinct, taken among the runs'
/// block starts so that each stretch holds about as many keys.
fn cuts(runs: &[&Run], threads: usize) -> Vec<u64> {
    let total: u64 = runs.iter().map(|r| r.len()).sum();
    if threads < 2 || total < PARALLEL_LEAST {
        return Vec::new();
    }
    let mut firsts: Vec<u64> = runs
        .iter()
        .flat_map(|r| (0..r.blocks()).map(|i| r.block_first(i)))
        .collect();
    firsts.sort_unstable();
    let stretches = threads * STRETCHES_PER_THREAD;
    let mut cuts: Vec<u64> = (1..stretches)
        .map(|s| firsts[s * firsts.len() / stretches])
        .filter(|&k| k > 0)
        .collect();
    cuts.dedup();
    cuts
}

/// Merges `runs` on `threads` threads into one run (see the module docs): each key once,
/// ascending, its counts added with `add` and then passed through `each` (which may refuse
/// with an error); `writer` makes each stretch's writer. `Ok(None)` when a sum does not
/// fit. A cancel stops every thread soon; the caller checks it.
pub fn merge_stretches(
    runs: &[&Run],
    threads: usize,
    add: Add,
    each: &(dyn Fn(u64, u128) -> Result<u128, WholeError> + Sync),
    writer: &(dyn Fn() -> RunWriter + Sync),
    cancel: &AtomicBool,
) -> Result<Option<Run>, WholeError> {
    let cuts = cuts(runs, threads);
    let stretches = cuts.len() + 1;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let overflow = AtomicBool::new(false);
    let failed: Mutex<Option<WholeError>> = Mutex::new(None);
    let done: Mutex<Vec<Option<Run>>> = Mutex::new((0..stretches).map(|_| None).collect());
    let lock_failed = || failed.lock().unwrap_or_else(|p| p.into_inner());
    let run = || loop {
        if stop.load(Ordering::Relaxed) || cancel.load(Ordering::Relaxed) {
            return;
        }
        let s = next.fetch_add(1, Ordering::Relaxed);
        if s >= stretches {
            return;
        }
        let from = if s == 0 { 0 } else { cuts[s - 1] };
        let to = cuts.get(s).copied();
        let mut out = writer();
        let merged = merge_range(
            runs,
            from,
            to,
            add,
            &mut |k, v| -> Result<(), WholeError> { Ok(out.push(k, each(k, v)?)?) },
            cancel,
        )
        .and_then(|whole| Ok((whole, out.finish()?)));
        match merged {
            Ok((true, part)) => {
                done.lock().unwrap_or_else(|p| p.into_inner())[s] = Some(part);
            }
            Ok((false, _)) => {
                overflow.store(true, Ordering::Relaxed);
                stop.store(true, Ordering::Relaxed);
            }
            Err(e) => {
                lock_failed().get_or_insert(e);
                stop.store(true, Ordering::Relaxed);
            }
        }
    };
    let threads = threads.clamp(1, stretches);
    if super::on_threads("pegsol-merge", threads, &run).contains(&None) {
        lock_failed().get_or_insert(WholeError::Failed("a merge thread panicked".into()));
    }
    if let Some(e) = failed.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    if overflow.into_inner() {
        return Ok(None);
    }
    let parts: Vec<Run> = done
        .into_inner()
        .unwrap_or_else(|p| p.into_inner())
        .into_iter()
        .flatten()
        .collect();
    Ok(Some(Run::concat(parts)))
}

#[cfg(test)]
mod tests {
    use super::super::runs::tests::{all, scratch};
    use super::super::scratch::Account;
    use super::*;
    use crate::engines::memory::Room;

    #[test]
    fn merging_adds_the_counts_of_shared_keys() {
        let (_dir, scratch) = scratch("runs-merging");
        let account = Account::new(Room::fixed(64 << 20));
        let make = |pairs: &[(u64, u128)]| {
            let mut w = RunWriter::new(true, &account, &scratch);
            for &(k, v) in pairs {
                w.push(k, v).expect("written");
            }
            w.finish().expect("finished")
        };
        let a = make(&[(1, 1), (5, 2), (9, 3)]);
        let mut b = make(&[(5, 10), (6, 1)]);
        b.spill(&scratch).expect("spilled");
        let mut out = RunWriter::new(true, &account, &scratch);
        let cancel = AtomicBool::new(false);
        assert!(merge(&[&a, &b], &mut out, |x, y| x.checked_add(y), &cancel).expect("merged"));
        let run = out.finish().expect("finished");
        assert_eq!(all(&run), vec![(1, 1), (5, 12), (6, 1), (9, 3)]);
        // A sum past 128 bits stops the merge.
        let big = make(&[(5, u128::MAX)]);
        let mut out = RunWriter::new(true, &account, &scratch);
        assert!(!merge(&[&big, &b], &mut out, |x, y| x.checked_add(y), &cancel).expect("ran"));
    }

    #[test]
    fn merging_on_every_thread_gives_the_one_thread_merge() {
        let (_dir, scratch) = scratch("runs-merging-stretches");
        let account = Account::new(Room::fixed(256 << 20));
        // Five runs over 2^21 keys, overlapping, one of them on disk, with counts.
        let mut x: u64 = 7;
        let runs: Vec<Run> = (0..5)
            .map(|r| {
                let mut keys: Vec<u64> = (0..600_000)
                    .map(|_| {
                        x = x
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        x >> 43
                    })
                    .collect();
                keys.sort_unstable();
                keys.dedup();
                let mut w = RunWriter::new(true, &account, &scratch);
                for &k in &keys {
                    w.push(k, u128::from(k % 5 + r)).expect("written");
                }
                let mut run = w.finish().expect("finished");
                if r == 2 {
                    run.spill(&scratch).expect("spilled");
                }
                run
            })
            .collect();
        let refs: Vec<&Run> = runs.iter().collect();
        let add = |a: u128, b: u128| a.checked_add(b);
        let cancel = AtomicBool::new(false);
        let mut one = RunWriter::new(true, &account, &scratch);
        assert!(merge(&refs, &mut one, add, &cancel).expect("merged"));
        let expect = all(&one.finish().expect("finished"));
        let writer = || RunWriter::new(true, &account, &scratch);
        for threads in [1, 2, 3, 8] {
            assert!(threads == 1 || !cuts(&refs, threads).is_empty());
            let run = merge_stretches(&refs, threads, &add, &|_, v| Ok(v * 2), &writer, &cancel)
                .expect("merged")
                .expect("no overflow");
            let got = all(&run);
            assert_eq!(got.len(), expect.len(), "{threads} threads");
            assert!(got
                .iter()
                .zip(&expect)
                .all(|(&(k, v), &(ek, ev))| k == ek && v == ev * 2));
            assert_eq!(run.len(), expect.len() as u64);
            // Every block reads back whole, and a cursor can start anywhere.
            let from = expect[expect.len() / 3].0;
            let mut c = Cursor::new_at(&run, from).expect("readable");
            assert_eq!(c.peek().map(|p| p.0), Some(from));
            c.advance().expect("readable");
            assert_eq!(c.peek().map(|p| p.0), Some(expect[expect.len() / 3 + 1].0));
        }
    }
}
