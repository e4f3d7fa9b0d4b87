//! One level as the engine holds it: every canonical position of one peg count (all in one
//! invariant class), as a dense ranked bitset or as a sorted, compressed run, each in memory
//! or in a scratch file.
//!
//! A level is read a chunk at a time (a stretch of the bitset's words, or a block of the
//! run), keys ascending, so that threads can share the reading; a bitset in memory also
//! answers membership at once. A level whose memory is wanted elsewhere moves to a scratch
//! file ([`Level::spill`]) and is read from there.

use super::runs::{Run, RunError, RunWriter};
use super::scratch::{Account, Lease, Scratch, ScratchFile};
use crate::engines::levels::ranked::{self, LevelBits, Ranks};
use crate::engines::memory::NoMemory;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Words of a bitset read as one chunk (32 KiB).
pub const CHUNK_WORDS: usize = 4096;

/// A bitset's words, in memory or in a file.
pub enum Words {
    /// In memory, held against the engine's account.
    Memory {
        /// The words.
        words: LevelBits,
        /// Their bytes in the account.
        lease: Lease,
    },
    /// In a scratch file, little-endian.
    File {
        /// The file.
        file: ScratchFile,
        /// How many words.
        words: usize,
    },
}

/// How a level is held.
pub enum Held {
    /// A bit for every board of its peg count and class (see [`ranked`]).
    Dense(Words),
    /// Its keys in order, compressed (see [`super::runs`]).
    Runs(Run),
}

/// One level (see the module docs).
pub struct Level {
    /// Pegs of every position.
    pub pegs: u32,
    /// Their invariant class.
    pub class: u8,
    /// Positions held (canonical forms).
    pub len: u64,
    /// How.
    pub held: Held,
}

/// Buffers for reading chunks, one per thread.
#[derive(Default)]
pub struct ChunkBuf {
    /// The chunk's keys, ascending.
    pub keys: Vec<u64>,
    /// Their counts (runs with counts only).
    pub values: Vec<u128>,
    raw: Vec<u8>,
    words: Vec<u64>,
}

impl Level {
    /// A level of the keys `keys` (ascending, distinct), as a run in memory while the account
    /// lends it.
    pub fn from_keys(
        pegs: u32,
        class: u8,
        keys: &[u64],
        account: &Arc<Account>,
        scratch: &Arc<Scratch>,
    ) -> Result<Level, RunError> {
        let mut w = RunWriter::new(false, account, scratch);
        for &k in keys {
            w.push(k, 0)?;
        }
        Ok(Level {
            pegs,
            class,
            len: keys.len() as u64,
            held: Held::Runs(w.finish()?),
        })
    }

    /// An empty level.
    pub fn empty(
        pegs: u32,
        class: u8,
        account: &Arc<Account>,
        scratch: &Arc<Scratch>,
    ) -> Result<Level, RunError> {
        Level::from_keys(pegs, class, &[], account, scratch)
    }

    /// Chunks to read.
    pub fn chunks(&self) -> usize {
        match &self.held {
            Held::Dense(w) => w.len().div_ceil(CHUNK_WORDS),
            Held::Runs(r) => r.blocks(),
        }
    }

    /// Whether the level is a bitset (and its reading needs its [`Ranks`]).
    pub fn is_dense(&self) -> bool {
        matches!(self.held, Held::Dense(_))
    }

    /// Whether each key has a count.
    pub fn has_values(&self) -> bool {
        matches!(&self.held, Held::Runs(r) if r.has_values())
    }

    /// Bytes of memory held.
    pub fn memory(&self) -> u64 {
        match &self.held {
            Held::Dense(Words::Memory { lease, .. }) => lease.bytes(),
            Held::Dense(Words::File { .. }) => 0,
            Held::Runs(r) => r.memory(),
        }
    }

    /// Whether the level is in a scratch file.
    pub fn on_disk(&self) -> bool {
        match &self.held {
            Held::Dense(Words::File { .. }) => true,
            Held::Dense(Words::Memory { .. }) => false,
            Held::Runs(r) => r.on_disk(),
        }
    }

    /// The bitset in memory, if the level is one.
    pub fn bits_in_memory(&self) -> Option<&[AtomicU64]> {
        match &self.held {
            Held::Dense(Words::Memory { words, .. }) => Some(words),
            _ => None,
        }
    }

    /// Whether `board` (of the level's peg count) is in the level: for a bitset in memory
    /// only (`None` otherwise). `ranks` are the level's.
    #[inline]
    pub fn contains(&self, ranks: &Ranks, board: u64) -> Option<bool> {
        let bits = self.bits_in_memory()?;
        Some(ranks.rank(board).is_some_and(|r| ranked::test_bit(bits, r)))
    }

    /// Reads chunk `i` into `buf` (keys ascending; counts for a run with them). `ranks` must
    /// be the level's when it is a bitset.
    pub fn read_chunk(
        &self,
        i: usize,
        ranks: Option<&Ranks>,
        buf: &mut ChunkBuf,
    ) -> Result<(), RunError> {
        match &self.held {
            Held::Runs(r) => r.read_block(i, &mut buf.keys, &mut buf.values, &mut buf.raw),
            Held::Dense(words) => {
                buf.keys.clear();
                buf.values.clear();
                let Some(ranks) = ranks else {
                    return Ok(());
                };
                let from = i * CHUNK_WORDS;
                let to = (from + CHUNK_WORDS).min(words.len());
                let bits = words.read(from, to, &mut buf.words, &mut buf.raw)?;
                let out = &mut buf.keys;
                let ones: u32 = bits.iter().map(|w| w.count_ones()).sum();
                out.try_reserve(ones as usize).map_err(|_| NoMemory {
                    bytes: u64::from(ones) * 8,
                })?;
                ranks.unrank_words(from, bits, out);
                Ok(())
            }
        }
    }

    /// Moves the level to a scratch file (nothing when it is there already).
    pub fn spill(&mut self, scratch: &Scratch) -> Result<(), RunError> {
        match &mut self.held {
            Held::Runs(r) => r.spill(scratch),
            Held::Dense(words) => words.spill(scratch),
        }
    }
}

impl Words {
    /// How many words.
    pub fn len(&self) -> usize {
        match self {
            Words::Memory { words, .. } => words.len(),
            Words::File { words, .. } => *words,
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Words `from..to`: borrowed from memory, or read into `buf` from the file.
    pub fn read<'a>(
        &'a self,
        from: usize,
        to: usize,
        buf: &'a mut Vec<u64>,
        raw: &mut Vec<u8>,
    ) -> Result<&'a [u64], RunError> {
        match self {
            Words::Memory { words, .. } => {
                buf.clear();
                buf.extend(words[from..to].iter().map(|w| w.load(Ordering::Relaxed)));
                Ok(buf)
            }
            Words::File { file, .. } => {
                let n = to - from;
                raw.clear();
                raw.try_reserve(n * 8).map_err(|_| NoMemory {
                    bytes: n as u64 * 8,
                })?;
                raw.resize(n * 8, 0);
                file.read_at(raw, from as u64 * 8)
                    .map_err(|source| RunError::Disk {
                        path: file.path().display().to_string(),
                        doing: "read",
                        source,
                    })?;
                buf.clear();
                buf.extend(
                    raw.chunks_exact(8)
                        .map(|b| u64::from_le_bytes(b.try_into().unwrap_or([0; 8]))),
                );
                Ok(buf)
            }
        }
    }

    /// Writes the words to a scratch file and frees their memory.
    pub fn spill(&mut self, scratch: &Scratch) -> Result<(), RunError> {
        let Words::Memory { words, .. } = self else {
            return Ok(());
        };
        let mut file = scratch.file("bits").map_err(|source| RunError::Disk {
            path: scratch.parent().display().to_string(),
            doing: "made",
            source,
        })?;
        let mut bytes = Vec::with_capacity(CHUNK_WORDS * 8 * 16);
        let n = words.len();
        for chunk in words.chunks(CHUNK_WORDS * 16) {
            bytes.clear();
            for w in chunk {
                bytes.extend_from_slice(&w.load(Ordering::Relaxed).to_le_bytes());
            }
            file.append(&bytes).map_err(|source| RunError::Disk {
                path: file.path().display().to_string(),
                doing: "written",
                source,
            })?;
        }
        *self = Words::File { file, words: n };
        Ok(())
    }
}

/// Counts the set bits of `words` on every thread.
pub fn popcount(words: &[AtomicU64]) -> u64 {
    let parts = crate::engines::levels::in_parts(
        words.len(),
        crate::engines::levels::parts_for(words.len()),
        |range| ranked::count_ones(&words[range]),
    );
    parts
        .into_iter()
        .map(crate::engines::levels::or_resume)
        .sum()
}

/// Reads a level key by key, ascending, a chunk at a time.
pub struct LevelCursor<'a> {
    level: &'a Level,
    ranks: Option<&'a Ranks>,
    chunk: usize,
    buf: ChunkBuf,
    at: usize,
}

impl<'a> LevelCursor<'a> {
    /// At the first key of `level` (`ranks`: the level's, when it is a bitset).
    pub fn new(level: &'a Level, ranks: Option<&'a Ranks>) -> Result<LevelCursor<'a>, RunError> {
        let mut c = LevelCursor {
            level,
            ranks,
            chunk: 0,
            buf: ChunkBuf::default(),
            at: 0,
        };
        c.fill()?;
        Ok(c)
    }

    /// Reads chunks from `self.chunk` on until one has keys (or none is left).
    fn fill(&mut self) -> Result<(), RunError> {
        self.at = 0;
        while self.chunk < self.level.chunks() {
            self.level
                .read_chunk(self.chunk, self.ranks, &mut self.buf)?;
            if !self.buf.keys.is_empty() {
                return Ok(());
            }
            self.chunk += 1;
        }
        self.buf.keys.clear();
        Ok(())
    }

    /// The key here and its count (0 without counts), or `None` at the end.
    #[inline]
    pub fn peek(&self) -> Option<(u64, u128)> {
        let k = *self.buf.keys.get(self.at)?;
        Some((k, self.buf.values.get(self.at).copied().unwrap_or(0)))
    }

    /// Moves on to the first key at or past `key`; whether it is `key`.
    pub fn seek(&mut self, key: u64) -> Result<bool, RunError> {
        loop {
            let Some(&last) = self.buf.keys.last() else {
                return Ok(false);
            };
            if last >= key {
                self.at += self.buf.keys[self.at..].partition_point(|&k| k < key);
                return Ok(self.buf.keys.get(self.at) == Some(&key));
            }
            self.chunk += 1;
            self.fill()?;
        }
    }
}
