//! Sorted, compressed runs: a level (or part of one) as its keys in ascending order, each
//! with an optional count, held in memory while the engine's room allows and in a scratch
//! file past it.
//!
//! A run is cut into blocks of [`BLOCK`] keys; each block starts with its first key whole
//! and then holds the gaps between keys, each a LEB128 varint (a level's canonical forms lie
//! a few thousand apart: two bytes a position instead of eight), each key followed by its
//! count as a varint when the run has counts. Blocks are read on their own (a thread takes a
//! block at a time) and a block index keeps where each starts.
//!
//! A [`RunWriter`] writes to memory as long as its [`Account`] lends the bytes and moves
//! what it has to a scratch file as soon as it does not, so a run never needs more memory
//! than is free.

use super::scratch::{Account, Lease, Scratch, ScratchFile};
use crate::engines::memory::NoMemory;
use std::sync::Arc;

/// Keys in a block.
pub const BLOCK: usize = 1 << 14;

/// Bytes a file writer gathers before a write.
const WRITE_BUFFER: usize = 1 << 20;

/// Why a run could not be written or read.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The scratch folder could not be written or read.
    #[error("the scratch file {path} could not be {doing}: {source}")]
    Disk {
        /// The file (or folder).
        path: String,
        /// "written", "read", "made".
        doing: &'static str,
        /// The system's reason.
        source: std::io::Error,
    },
    /// Memory the engine needed was refused.
    #[error(transparent)]
    Memory(#[from] NoMemory),
}

/// Where a block starts (its segment and offset there), how many keys it holds and its
/// first key.
#[derive(Clone, Copy, Debug)]
struct BlockMeta {
    offset: u64,
    first: u64,
    count: u32,
    segment: u32,
}

enum Store {
    Memory { bytes: Vec<u8>, _lease: Lease },
    File(ScratchFile),
}

/// One stretch of a run's bytes: in memory or in a file, `end` bytes long.
struct Segment {
    store: Store,
    end: u64,
}

/// A sorted run of distinct keys, with counts or without (see the module docs).
pub struct Run {
    segments: Vec<Segment>,
    blocks: Vec<BlockMeta>,
    len: u64,
    values: bool,
}

impl Run {
    /// Keys in the run.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the run is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether each key has a count.
    pub fn has_values(&self) -> bool {
        self.values
    }

    /// Blocks, each read on its own by [`Run::read_block`].
    pub fn blocks(&self) -> usize {
        self.blocks.len()
    }

    /// Bytes of memory the run holds (0 once on disk).
    pub fn memory(&self) -> u64 {
        self.segments
            .iter()
            .map(|s| match &s.store {
                Store::Memory { bytes, .. } => bytes.capacity() as u64,
                Store::File(_) => 0,
            })
            .sum()
    }

    /// Whether the run is in scratch files (nothing of it in memory).
    pub fn on_disk(&self) -> bool {
        self.segments
            .iter()
            .all(|s| matches!(s.store, Store::File(_)))
    }

    /// Moves the run to scratch files (nothing when it is there already).
    pub fn spill(&mut self, scratch: &Scratch) -> Result<(), RunError> {
        for segment in &mut self.segments {
            let Store::Memory { bytes, .. } = &segment.store else {
                continue;
            };
            let mut file = new_file(scratch)?;
            file.append(bytes).map_err(|e| disk(&file, "written", e))?;
            segment.store = Store::File(file);
        }
        Ok(())
    }

    /// The first key of block `i`.
    pub fn block_first(&self, i: usize) -> u64 {
        self.blocks[i].first
    }

    /// The runs `parts` as one, in the order given: each part's keys must all lie below the
    /// next part's, and all must have counts or none. Nothing is copied: each part's
    /// segments become the joined run's.
    pub fn concat(parts: Vec<Run>) -> Run {
        let values = parts.first().is_some_and(|r| r.values);
        let mut joined = Run {
            segments: Vec::new(),
            blocks: Vec::new(),
            len: 0,
            values,
        };
        for part in parts {
            debug_assert_eq!(part.values, values);
            let base = joined.segments.len() as u32;
            joined.blocks.extend(part.blocks.iter().map(|b| BlockMeta {
                segment: b.segment + base,
                ..*b
            }));
            joined.segments.extend(part.segments);
            joined.len += part.len;
        }
        joined
    }

    /// Decodes block `i` into `keys` (and `values`, when the run has counts), replacing what
    /// they held; `raw` is a buffer for a block read from disk.
    pub fn read_block(
        &self,
        i: usize,
        keys: &mut Vec<u64>,
        values: &mut Vec<u128>,
        raw: &mut Vec<u8>,
    ) -> Result<(), RunError> {
        keys.clear();
        values.clear();
        let meta = self.blocks[i];
        let segment = &self.segments[meta.segment as usize];
        let end = match self.blocks.get(i + 1) {
            Some(b) if b.segment == meta.segment => b.offset,
            _ => segment.end,
        };
        let len = (end - meta.offset) as usize;
        let data: &[u8] = match &segment.store {
            Store::Memory { bytes, .. } => &bytes[meta.offset as usize..end as usize],
            Store::File(file) => {
                raw.clear();
                raw.try_reserve(len)
                    .map_err(|_| NoMemory { bytes: len as u64 })?;
                raw.resize(len, 0);
                file.read_at(raw, meta.offset)
                    .map_err(|e| disk(file, "read", e))?;
                raw
            }
        };
        let count = meta.count as usize;
        keys.try_reserve(count).map_err(|_| NoMemory {
            bytes: count as u64 * 8,
        })?;
        if self.values {
            values.try_reserve(count).map_err(|_| NoMemory {
                bytes: count as u64 * 16,
            })?;
        }
        let mut at = 0;
        let mut key = 0u64;
        for _ in 0..count {
            key = key.wrapping_add(read_varint(data, &mut at) as u64);
            keys.push(key);
            if self.values {
                values.push(read_varint(data, &mut at));
            }
        }
        Ok(())
    }
}

fn new_file(scratch: &Scratch) -> Result<ScratchFile, RunError> {
    scratch.file("run").map_err(|source| RunError::Disk {
        path: scratch.parent().display().to_string(),
        doing: "made",
        source,
    })
}

fn disk(file: &ScratchFile, doing: &'static str, source: std::io::Error) -> RunError {
    RunError::Disk {
        path: file.path().display().to_string(),
        doing,
        source,
    }
}

/// Appends `x` as a LEB128 varint.
#[inline(always)]
fn write_varint(out: &mut Vec<u8>, mut x: u128) {
    while x >= 0x80 {
        out.push((x as u8) | 0x80);
        x >>= 7;
    }
    out.push(x as u8);
}

/// Reads a LEB128 varint at `*at` (a truncated one ends where the data does).
#[inline(always)]
fn read_varint(data: &[u8], at: &mut usize) -> u128 {
    let mut x = 0u128;
    let mut shift = 0;
    while let Some(&b) = data.get(*at) {
        *at += 1;
        if shift < 128 {
            x |= u128::from(b & 0x7f) << shift;
        }
        if b & 0x80 == 0 {
            break;
        }
        shift += 7;
    }
    x
}

enum Sink {
    Memory { bytes: Vec<u8>, lease: Lease },
    File { file: ScratchFile, buffer: Vec<u8> },
}

/// Writes a run key by key, ascending (see the module docs).
pub struct RunWriter {
    sink: Sink,
    /// The block being written (moved to the sink when full).
    block: Vec<u8>,
    blocks: Vec<BlockMeta>,
    written: u64,
    in_block: u32,
    last: u64,
    len: u64,
    values: bool,
    account: Arc<Account>,
    scratch: Arc<Scratch>,
}

impl RunWriter {
    /// A writer to memory while `account` lends it, to `scratch` after; with `values`, each
    /// key has a count.
    pub fn new(values: bool, account: &Arc<Account>, scratch: &Arc<Scratch>) -> RunWriter {
        RunWriter {
            sink: Sink::Memory {
                bytes: Vec::new(),
                lease: account.empty(),
            },
            block: Vec::new(),
            blocks: Vec::new(),
            written: 0,
            in_block: 0,
            last: 0,
            len: 0,
            values,
            account: account.clone(),
            scratch: scratch.clone(),
        }
    }

    /// A writer straight to a scratch file.
    pub fn to_disk(
        values: bool,
        account: &Arc<Account>,
        scratch: &Arc<Scratch>,
    ) -> Result<RunWriter, RunError> {
        let mut w = RunWriter::new(values, account, scratch);
        w.move_to_disk()?;
        Ok(w)
    }

    /// Keys written so far.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether nothing was written.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Appends `key` (above every key before it) with `value` (ignored without counts).
    #[inline]
    pub fn push(&mut self, key: u64, value: u128) -> Result<(), RunError> {
        debug_assert!(self.len == 0 || key > self.last);
        if self.in_block == 0 {
            self.blocks.push(BlockMeta {
                offset: self.written + self.block.len() as u64,
                first: key,
                count: 0,
                segment: 0,
            });
            write_varint(&mut self.block, u128::from(key));
        } else {
            write_varint(&mut self.block, u128::from(key - self.last));
        }
        if self.values {
            write_varint(&mut self.block, value);
        }
        self.last = key;
        self.len += 1;
        self.in_block += 1;
        if let Some(b) = self.blocks.last_mut() {
            b.count = self.in_block;
        }
        if self.in_block as usize == BLOCK {
            self.in_block = 0;
            self.flush_block()?;
        }
        Ok(())
    }

    /// Moves the block being written to the sink.
    fn flush_block(&mut self) -> Result<(), RunError> {
        let n = self.block.len();
        if n == 0 {
            return Ok(());
        }
        let fits = match &mut self.sink {
            Sink::Memory { bytes, lease } => {
                let want = bytes.len() + n;
                if want <= bytes.capacity() {
                    true
                } else {
                    // Grow by half again, as memory allows.
                    let target = (want + want / 2).max(1 << 16);
                    let more = (target - bytes.capacity()) as u64;
                    lease.grow(more) && bytes.try_reserve_exact(target - bytes.len()).is_ok()
                }
            }
            Sink::File { .. } => true,
        };
        if !fits {
            self.move_to_disk()?;
        }
        match &mut self.sink {
            Sink::Memory { bytes, .. } => bytes.extend_from_slice(&self.block),
            Sink::File { file, buffer } => {
                buffer.extend_from_slice(&self.block);
                if buffer.len() >= WRITE_BUFFER {
                    file.append(buffer).map_err(|e| disk(file, "written", e))?;
                    buffer.clear();
                }
            }
        }
        self.written += n as u64;
        self.block.clear();
        Ok(())
    }

    /// Moves what is in memory to a scratch file and writes there from now on.
    fn move_to_disk(&mut self) -> Result<(), RunError> {
        if let Sink::Memory { bytes, .. } = &self.sink {
            let mut file = new_file(&self.scratch)?;
            file.append(bytes).map_err(|e| disk(&file, "written", e))?;
            // Fallible: several writers move to disk at once when memory runs short.
            let buffer = crate::engines::memory::try_vec(WRITE_BUFFER + BLOCK * 24)?;
            self.sink = Sink::File { file, buffer };
        }
        Ok(())
    }

    /// The run written.
    pub fn finish(mut self) -> Result<Run, RunError> {
        self.flush_block()?;
        let store = match self.sink {
            Sink::Memory {
                mut bytes,
                mut lease,
            } => {
                bytes.shrink_to_fit();
                lease.shrink_to(bytes.capacity() as u64);
                Store::Memory {
                    bytes,
                    _lease: lease,
                }
            }
            Sink::File {
                mut file,
                mut buffer,
            } => {
                file.append(&buffer)
                    .map_err(|e| disk(&file, "written", e))?;
                buffer.clear();
                Store::File(file)
            }
        };
        let _ = &self.account;
        Ok(Run {
            segments: vec![Segment {
                store,
                end: self.written,
            }],
            blocks: self.blocks,
            len: self.len,
            values: self.values,
        })
    }
}

/// Reads a run key by key, a block at a time.
pub struct Cursor<'a> {
    run: &'a Run,
    block: usize,
    keys: Vec<u64>,
    values: Vec<u128>,
    raw: Vec<u8>,
    at: usize,
}

impl<'a> Cursor<'a> {
    /// At the first key of `run`.
    pub fn new(run: &'a Run) -> Result<Cursor<'a>, RunError> {
        let mut c = Cursor {
            run,
            block: 0,
            keys: Vec::new(),
            values: Vec::new(),
            raw: Vec::new(),
            at: 0,
        };
        if run.blocks() > 0 {
            run.read_block(0, &mut c.keys, &mut c.values, &mut c.raw)?;
        }
        Ok(c)
    }

    /// At the first key of `run` at or past `from`, reading from the block that may hold it.
    pub fn new_at(run: &'a Run, from: u64) -> Result<Cursor<'a>, RunError> {
        let block = run
            .blocks
            .partition_point(|b| b.first <= from)
            .saturating_sub(1);
        let mut c = Cursor {
            run,
            block,
            keys: Vec::new(),
            values: Vec::new(),
            raw: Vec::new(),
            at: 0,
        };
        if block < run.blocks() {
            run.read_block(block, &mut c.keys, &mut c.values, &mut c.raw)?;
            c.at = c.keys.partition_point(|&k| k < from);
            if c.at >= c.keys.len() {
                // Past this block: the next one starts above `from`.
                c.at = c.keys.len().saturating_sub(1);
                c.advance()?;
            }
        }
        Ok(c)
    }

    /// The key and count here, or `None` at the end.
    #[inline]
    pub fn peek(&self) -> Option<(u64, u128)> {
        let k = *self.keys.get(self.at)?;
        Some((k, self.values.get(self.at).copied().unwrap_or(0)))
    }

    /// Moves to the next key.
    #[inline]
    pub fn advance(&mut self) -> Result<(), RunError> {
        self.at += 1;
        if self.at >= self.keys.len() && self.block + 1 < self.run.blocks() {
            self.block += 1;
            self.at = 0;
            self.run
                .read_block(self.block, &mut self.keys, &mut self.values, &mut self.raw)?;
        }
        Ok(())
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::engines::memory::Room;

    /// The engine's scratch in a folder of the test's own, removed when the test passes
    /// (the guard is dropped after the scratch: declared first).
    pub(in super::super) fn scratch(
        name: &str,
    ) -> (pegsol_testkit::scratch::Scratch, Arc<Scratch>) {
        let dir = pegsol_testkit::scratch::Scratch::new(name);
        let scratch = Arc::new(Scratch::new(Some(dir.to_path_buf())));
        (dir, scratch)
    }

    pub(in super::super) fn all(run: &Run) -> Vec<(u64, u128)> {
        let mut out = Vec::new();
        let mut c = Cursor::new(run).expect("readable");
        while let Some(kv) = c.peek() {
            out.push(kv);
            c.advance().expect("readable");
        }
        out
    }

    #[test]
    fn runs_read_back_what_was_written_in_memory_and_on_disk() {
        let (_dir, scratch) = scratch("runs-read-back");
        let keys: Vec<u64> = (0..100_000u64).map(|i| i * i * 7 + (i % 3)).collect();
        for room in [64 << 20, 4 << 20] {
            let account = Account::new(Room::fixed(room));
            // Hold most of the room elsewhere so the small account overflows to disk.
            let _held = (room == 4 << 20).then(|| account.take((4 << 20) - 1000));
            let mut w = RunWriter::new(true, &account, &scratch);
            for (i, &k) in keys.iter().enumerate() {
                w.push(k, (i as u128) << 70).expect("written");
            }
            let run = w.finish().expect("finished");
            assert_eq!(run.len(), keys.len() as u64);
            assert_eq!(run.on_disk(), room == 4 << 20);
            let back = all(&run);
            assert_eq!(back.len(), keys.len());
            assert!(back
                .iter()
                .enumerate()
                .all(|(i, &(k, v))| k == keys[i] && v == (i as u128) << 70));
        }
    }
}
