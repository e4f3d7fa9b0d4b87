//! One step of the level engine: the canonical children (or parents) of every position of a
//! level, as the next level, optionally kept only where they lie in a given level (the
//! winners of a level are its positions among the parents of the winners below).
//!
//! Two ways, chosen by what fits:
//! - **dense**: a bitset over the next level's ranks, in memory; the threads set each
//!   child's bit (prefetching a few children ahead), and the level is the bitset itself, or
//!   a run made from it when it is sparse;
//! - **sorted**: each thread gathers children in a buffer its share of the free memory
//!   long, sorts it (radix), drops repeats and writes it as a run (to memory while the
//!   account lends it, else to disk); the runs are merged into the level.
//!
//! Counted steps ([`Board::step_counts`]) carry a count with every position: the parents of
//! a level of winners, each with its child's count, added up per parent (see
//! [`super::solutions`]). They are always sorted.

use super::level::{popcount, ChunkBuf, Held, Level, Words};
use super::reach::Hints;
use super::runs::RunWriter;
use super::scratch::Lease;
use super::{Board, WholeError};
use crate::engines::levels::children::with_kids;
use crate::engines::levels::delayed::{DelayedRank, DelayedSet};
use crate::engines::levels::ranked::{LevelBits, Ranks};
use crate::engines::levels::{self, Direction};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// What a step calls with every chunk of the level it reads (keys and, for counted levels,
/// their counts): the per-level figures are taken on the way.
pub type Visit<'v> = &'v (dyn Fn(&[u64], &[u128]) + Sync);

impl Board<'_> {
    /// The ranks of `level` (when it is a bitset), held against the account.
    pub fn ranks_of(&self, level: &Level) -> Result<Option<(Ranks, Lease)>, WholeError> {
        if !level.is_dense() {
            return Ok(None);
        }
        self.ranks(level.pegs, level.class).map(Some)
    }

    /// The ranks of boards of `pegs` pegs in `class`, held against the account.
    pub(super) fn ranks(&self, pegs: u32, class: u8) -> Result<(Ranks, Lease), WholeError> {
        let base = self
            .base()
            .ok_or(WholeError::Failed("no rank tables".into()))?;
        let lease = self.account.lease(base.ranks_bytes())?;
        Ok((Ranks::new(base, pegs, class)?, lease))
    }

    /// Bytes a bitset over the boards of `pegs` pegs in `class` takes, with its ranks
    /// (`None` where the board has no rank tables).
    pub fn dense_bytes(&self, pegs: u32, class: u8) -> Option<u64> {
        let base = self.base()?;
        Some(base.level_len(pegs, class).div_ceil(64) * 8 + base.ranks_bytes())
    }

    /// Whether a step from `parents` positions to a level of `pegs` pegs in `class` is
    /// better done dense: the bitset's words must not outnumber the parents by much, or
    /// scanning it costs more than sorting the children.
    pub fn dense_pays(&self, parents: u64, pegs: u32, class: u8) -> bool {
        self.dense_bytes(pegs, class)
            .is_some_and(|b| b / 8 <= parents.saturating_mul(16))
    }

    /// Runs `work` on every chunk of `source` (keys ascending, and counts), on every thread,
    /// each with its own state from `state`; the states when every chunk is done. Stops at
    /// the first error, or soon after a cancel ([`WholeError::Cancelled`]).
    pub(super) fn par_chunks<S: Send>(
        &self,
        source: &Level,
        ranks: Option<&Ranks>,
        state: impl Fn() -> Result<S, WholeError> + Sync,
        work: impl Fn(&mut S, &[u64], &[u128]) -> Result<(), WholeError> + Sync,
    ) -> Result<Vec<S>, WholeError> {
        let next = AtomicUsize::new(0);
        let failed: Mutex<Option<WholeError>> = Mutex::new(None);
        let stop = AtomicBool::new(false);
        let chunks = source.chunks();
        let run = || -> Option<S> {
            let fail = |e: WholeError| {
                stop.store(true, Ordering::Relaxed);
                let mut f = failed.lock().unwrap_or_else(|p| p.into_inner());
                f.get_or_insert(e);
                None
            };
            let mut s = match state() {
                Ok(s) => s,
                Err(e) => return fail(e),
            };
            let mut buf = ChunkBuf::default();
            loop {
                if stop.load(Ordering::Relaxed) {
                    return Some(s);
                }
                if self.cancelled() {
                    return fail(WholeError::Cancelled);
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= chunks {
                    return Some(s);
                }
                if let Err(e) = source.read_chunk(i, ranks, &mut buf) {
                    return fail(e.into());
                }
                if let Err(e) = work(&mut s, &buf.keys, &buf.values) {
                    return fail(e);
                }
            }
        };
        let threads = levels::threads().min(chunks.max(1));
        let states: Vec<Option<S>> = super::on_threads("pegsol-level", threads, &run)
            .into_iter()
            .map(|s| {
                s.unwrap_or_else(|| {
                    let mut f = failed.lock().unwrap_or_else(|p| p.into_inner());
                    f.get_or_insert(WholeError::Failed("a thread panicked".into()));
                    None
                })
            })
            .collect();
        if let Some(e) = failed.into_inner().unwrap_or_else(|p| p.into_inner()) {
            return Err(e);
        }
        Ok(states.into_iter().flatten().collect())
    }

    /// The canonical children (parents, [`Direction::Backward`]) of the positions of
    /// `source`, as a level; with `within`, only those in it (a level of their peg count).
    /// `visit` sees every chunk of `source`.
    pub fn step(
        &self,
        source: &Level,
        direction: Direction,
        within: Option<&Level>,
        visit: Visit,
    ) -> Result<Level, WholeError> {
        let pegs = match direction {
            Direction::Forward => source.pegs.saturating_sub(1),
            Direction::Backward => source.pegs + 1,
        };
        let class = source.class;
        if source.len == 0 || pegs == 0 || pegs > self.compact.cells.len() as u32 {
            // Still show the figures of the level read.
            let src = self.ranks_of(source)?;
            self.par_chunks(
                source,
                src.as_ref().map(|r| &r.0),
                || Ok(()),
                |_, k, v| {
                    visit(k, v);
                    Ok(())
                },
            )?;
            return self.level_of(pegs, class, &[]);
        }
        let parents = source.len;
        if self.dense_pays(parents, pegs, class)
            && self
                .dense_bytes(pegs, class)
                .is_some_and(|b| b + (16 << 20) <= self.account.free())
        {
            if let Some(level) = self.step_dense(source, direction, pegs, class, within, visit)? {
                return Ok(level);
            }
        }
        self.step_sorted(source, direction, pegs, class, within, visit)
    }

    /// [`Board::step`] through a bitset over the next level; `None` when a child fell
    /// outside the level's class (then the sorted step does it).
    fn step_dense(
        &self,
        source: &Level,
        direction: Direction,
        pegs: u32,
        class: u8,
        within: Option<&Level>,
        visit: Visit,
    ) -> Result<Option<Level>, WholeError> {
        let src = self.ranks_of(source)?;
        let (out, _out_lease) = self.ranks(pegs, class)?;
        let n = out.words();
        let lease = self.account.lease(n as u64 * 8)?;
        let words = LevelBits::new(n)?;
        words.advise_huge();
        let stray = AtomicBool::new(false);
        // Children outside `within` are dropped at once when it is a bitset in memory.
        let within_ranks = match within {
            Some(w) if w.bits_in_memory().is_some() => self.ranks_of(w)?,
            _ => None,
        };
        let keep = |c: u64| match (within, &within_ranks) {
            (Some(w), Some((r, _))) => w.contains(r, c).unwrap_or(true),
            _ => true,
        };
        // Forward children that cannot reach the goal are dropped before they are ranked,
        // and no child is made of a position the level's own tests refute.
        let tests = self.step_tests(source, direction);
        // A tagged level's positions skip what their tags say (the level made is not tagged).
        let skipping = self.skipping(direction, within);
        self.par_chunks(
            source,
            src.as_ref().map(|r| &r.0),
            || Ok(()),
            |_, keys, values| {
                visit(keys, values);
                let mut setter = DelayedSet::new(&words);
                let mut ranker = DelayedRank::new(&out);
                let mut outside = false;
                let mut ranked = |c: u64, rank: Option<u64>| match rank {
                    Some(r) if keep(c) => setter.push(r),
                    Some(_) => {}
                    None => outside = true,
                };
                with_kids!(&self.kids, k => {
                    let mut hints = Hints::default();
                    if skipping && !values.is_empty() {
                        for (&p, &t) in keys.iter().zip(values) {
                            tests.each_tagged_child(k, p, Some(t as u16), &mut hints, |c, _| {
                                ranker.push(c, &mut ranked);
                            });
                        }
                    } else {
                        for &p in keys {
                            tests.each_child(k, p, direction, &mut hints, |c| {
                                ranker.push(c, &mut ranked);
                            });
                        }
                    }
                });
                ranker.finish(&mut ranked);
                setter.finish();
                if outside {
                    stray.store(true, Ordering::Relaxed);
                }
                Ok(())
            },
        )?;
        drop(src);
        if stray.into_inner() {
            return Ok(None);
        }
        let mut words = Words::Memory { words, lease };
        match within {
            Some(w) if within_ranks.is_none() => {
                // Keep only what `within` holds: word by word from its bitset, or key by key
                // from its run.
                if let Held::Dense(theirs) = &w.held {
                    and_words(&mut words, theirs)?;
                } else {
                    return self.keep_set(&words, &out, w).map(Some);
                }
            }
            _ => {}
        }
        let Words::Memory { words: bits, lease } = words else {
            return Err(WholeError::Failed("bitset moved".into()));
        };
        let len = popcount(&bits);
        let level = Level {
            pegs,
            class,
            len,
            held: Held::Dense(Words::Memory { words: bits, lease }),
        };
        self.tighten(level, &out).map(Some)
    }

    /// The keys of `within` whose bits are set in `words` (over `ranks`), as a run.
    fn keep_set(&self, words: &Words, ranks: &Ranks, within: &Level) -> Result<Level, WholeError> {
        let Words::Memory { words, .. } = words else {
            return Err(WholeError::Failed("bitset on disk".into()));
        };
        let mut out = RunWriter::new(false, &self.account, &self.scratch);
        let theirs = self.ranks_of(within)?;
        let mut buf = ChunkBuf::default();
        for i in 0..within.chunks() {
            if self.cancelled() {
                return Err(WholeError::Cancelled);
            }
            within.read_chunk(i, theirs.as_ref().map(|r| &r.0), &mut buf)?;
            for &k in &buf.keys {
                if ranks
                    .rank(k)
                    .is_some_and(|r| crate::engines::levels::ranked::test_bit(words, r))
                {
                    out.push(k, 0)?;
                }
            }
        }
        Ok(Level {
            pegs: within.pegs,
            class: within.class,
            len: out.len(),
            held: Held::Runs(out.finish()?),
        })
    }

    /// A bitset level as a run instead when the run is the smaller (a sparse level: about
    /// two bytes a position against a bit for every board of the class).
    fn tighten(&self, level: Level, ranks: &Ranks) -> Result<Level, WholeError> {
        let Held::Dense(Words::Memory { words, .. }) = &level.held else {
            return Ok(level);
        };
        if level.len.saturating_mul(3) >= words.len() as u64 * 8 {
            return Ok(level);
        }
        let mut out = RunWriter::new(false, &self.account, &self.scratch);
        let mut keys = Vec::new();
        let mut buf = Vec::new();
        for (c, chunk) in words.chunks(super::level::CHUNK_WORDS).enumerate() {
            buf.clear();
            buf.extend(chunk.iter().map(|w| w.load(Ordering::Relaxed)));
            keys.clear();
            ranks.unrank_words(c * super::level::CHUNK_WORDS, &buf, &mut keys);
            for &k in &keys {
                out.push(k, 0)?;
            }
        }
        Ok(Level {
            pegs: level.pegs,
            class: level.class,
            len: level.len,
            held: Held::Runs(out.finish()?),
        })
    }

    /// Appends every key of `level` to `keys`, ascending, on this thread; stops soon after a
    /// cancel.
    pub fn read_keys(&self, level: &Level, keys: &mut Vec<u64>) -> Result<(), WholeError> {
        let ranks = self.ranks_of(level)?;
        let mut buf = ChunkBuf::default();
        for i in 0..level.chunks() {
            if self.cancelled() {
                return Err(WholeError::Cancelled);
            }
            level.read_chunk(i, ranks.as_ref().map(|r| &r.0), &mut buf)?;
            keys.extend_from_slice(&buf.keys);
        }
        Ok(())
    }

    /// Calls `visit` with every chunk of `level` (for its figures), on every thread.
    pub fn visit_all(&self, level: &Level, visit: Visit) -> Result<(), WholeError> {
        let ranks = self.ranks_of(level)?;
        self.par_chunks(
            level,
            ranks.as_ref().map(|r| &r.0),
            || Ok(()),
            |_, k, v| {
                visit(k, v);
                Ok(())
            },
        )?;
        Ok(())
    }
}

/// `ours &= theirs`, word by word (`theirs` in memory or read from its file).
fn and_words(ours: &mut Words, theirs: &Words) -> Result<(), WholeError> {
    let Words::Memory { words, .. } = ours else {
        return Err(WholeError::Failed("bitset on disk".into()));
    };
    let n = words.len().min(theirs.len());
    let mut buf = Vec::new();
    let mut raw = Vec::new();
    let step = super::level::CHUNK_WORDS * 16;
    let mut from = 0;
    while from < n {
        let to = (from + step).min(n);
        let t = theirs.read(from, to, &mut buf, &mut raw)?;
        for (w, &x) in words[from..to].iter().zip(t) {
            let v = w.load(Ordering::Relaxed) & x;
            w.store(v, Ordering::Relaxed);
        }
        from = to;
    }
    for w in &words[n..] {
        w.store(0, Ordering::Relaxed);
    }
    Ok(())
}
