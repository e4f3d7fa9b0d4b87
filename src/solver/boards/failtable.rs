//! The exact solver's table of positions known to fail, shared by its worker threads.
//!
//! It is a transposition table in the chess-engine sense: fixed size, lock-free, and lossy.
//! Forgetting a failure only means searching that position again, never a wrong answer, so
//! when a bucket is full a new entry simply replaces an old one. Memory stays at the size
//! chosen up front whatever the search does.
//!
//! Boards of up to 64 holes are stored as single `AtomicU64`s (a reader sees a whole key or
//! none). Wider boards go to a mutex-sharded exact set, which is slower but never tears.

use super::compact::Bits;
use super::set::BoardSet;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

/// A shared set of failed positions (canonical boards).
pub trait FailTable<B>: Send + Sync {
    /// Whether `board` is known to fail.
    fn contains(&self, board: B) -> bool;
    /// Records that `board` fails.
    fn insert(&self, board: B);
    /// Entries held (approximate under concurrency).
    fn entries(&self) -> usize;
    /// Bytes of memory allocated for the entries (the lossy table's pages are only resident
    /// once touched, so this is an upper bound on what it really holds).
    fn bytes(&self) -> usize;
    /// Forgets everything.
    fn clear(&self);
    /// Hints that `board` will be looked up soon.
    fn prefetch(&self, _board: B) {}
}

/// A vector of zeroed atomics from the allocator's zeroed pages: the operating system hands
/// those out lazily, so a large table costs nothing until it is used.
fn zeroed_atomics(n: usize) -> Vec<AtomicU64> {
    let v = std::mem::ManuallyDrop::new(vec![0u64; n]);
    let (ptr, len, cap) = (v.as_ptr() as *mut u64, v.len(), v.capacity());
    // SAFETY: `AtomicU64` has the same size, alignment and bit validity as `u64`, and the
    // allocation is handed over whole (pointer, length, capacity) exactly once.
    unsafe { Vec::from_raw_parts(ptr as *mut AtomicU64, len, cap) }
}

/// Slots per bucket: one 64-byte cache line.
const BUCKET: usize = 8;

/// The lock-free lossy table for boards of up to 64 holes.
pub struct LossyTable {
    slots: Vec<AtomicU64>,
    shift: u32,
    len: AtomicUsize,
}

impl LossyTable {
    /// A table of about `bytes` bytes (rounded down to a power of two, at least 64 KiB).
    pub fn with_bytes(bytes: usize) -> LossyTable {
        let slots = (bytes / 8).max(1 << 13).next_power_of_two() / 2;
        let slots = slots.max(BUCKET * 2);
        LossyTable {
            slots: zeroed_atomics(slots),
            shift: 64 - (slots / BUCKET).trailing_zeros(),
            len: AtomicUsize::new(0),
        }
    }

    #[inline(always)]
    fn bucket(&self, board: u64) -> &[AtomicU64] {
        let b = (board.hash64() >> self.shift) as usize;
        &self.slots[b * BUCKET..][..BUCKET]
    }
}

impl FailTable<u64> for LossyTable {
    #[inline]
    fn contains(&self, board: u64) -> bool {
        self.bucket(board)
            .iter()
            .any(|s| s.load(Ordering::Relaxed) == board)
    }

    fn insert(&self, board: u64) {
        let bucket = self.bucket(board);
        for s in bucket {
            let v = s.load(Ordering::Relaxed);
            if v == board {
                return;
            }
            if v == 0
                && s.compare_exchange(0, board, Ordering::Relaxed, Ordering::Relaxed)
                    .is_ok()
            {
                self.len.fetch_add(1, Ordering::Relaxed);
                return;
            }
        }
        // Full: replace a slot chosen by other hash bits, so hot entries spread out.
        bucket[(board.hash64() as usize >> 7) % BUCKET].store(board, Ordering::Relaxed);
    }

    fn entries(&self) -> usize {
        self.len.load(Ordering::Relaxed)
    }

    fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<AtomicU64>()
    }

    #[inline(always)]
    fn prefetch(&self, board: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.bucket(board).as_ptr();
            // SAFETY: a prefetch of a valid address never faults or changes memory.
            unsafe {
                use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                _mm_prefetch::<_MM_HINT_T0>(p as *const i8);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = board;
    }

    fn clear(&self) {
        for s in &self.slots {
            s.store(0, Ordering::Relaxed);
        }
        self.len.store(0, Ordering::Relaxed);
    }
}

const SHARDS: usize = 64;

/// An exact, growable, mutex-sharded table for boards of more than 64 holes.
pub struct ShardedTable<B> {
    shards: Vec<Mutex<BoardSet<B>>>,
}

impl<B: Bits> ShardedTable<B> {
    /// An empty table.
    pub fn new() -> ShardedTable<B> {
        ShardedTable {
            shards: (0..SHARDS)
                .map(|_| Mutex::new(BoardSet::with_capacity(1 << 10)))
                .collect(),
        }
    }

    fn shard(&self, board: B) -> std::sync::MutexGuard<'_, BoardSet<B>> {
        // Middle bits of the hash: the set inside a shard indexes by the top bits, and
        // sharing those would crowd each shard's keys into a corner of its table. A poisoned
        // lock still holds a valid set (every update is one insert), so it is used as is.
        let m = &self.shards[(board.hash64() >> 20) as usize % SHARDS];
        m.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl<B: Bits> Default for ShardedTable<B> {
    fn default() -> Self {
        Self::new()
    }
}

impl<B: Bits> FailTable<B> for ShardedTable<B> {
    fn contains(&self, board: B) -> bool {
        self.shard(board).contains(board)
    }
    fn insert(&self, board: B) {
        self.shard(board).insert(board);
    }
    fn entries(&self) -> usize {
        (0..SHARDS)
            .map(|i| self.shards[i].lock().map_or(0, |s| s.len()))
            .sum()
    }
    fn bytes(&self) -> usize {
        (0..SHARDS)
            .map(|i| self.shards[i].lock().map_or(0, |s| s.bytes()))
            .sum()
    }
    fn clear(&self) {
        for s in &self.shards {
            s.lock().unwrap_or_else(|e| e.into_inner()).clear();
        }
    }
}

/// Picks the table for a board type: lossy lock-free for `u64`, exact sharded for `u128`.
pub trait HasFailTable: Bits {
    /// A table using about `bytes` bytes where the kind is bounded.
    fn fail_table(bytes: usize) -> Box<dyn FailTable<Self>>;
}

impl HasFailTable for u64 {
    fn fail_table(bytes: usize) -> Box<dyn FailTable<u64>> {
        Box::new(LossyTable::with_bytes(bytes))
    }
}

impl HasFailTable for u128 {
    fn fail_table(_bytes: usize) -> Box<dyn FailTable<u128>> {
        Box::new(ShardedTable::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lossy_table_never_reports_a_board_it_was_not_given() {
        let t = LossyTable::with_bytes(1 << 16);
        for i in 1..100_000u64 {
            t.insert(i * 2);
        }
        // Odd boards were never inserted: whatever was evicted, none may appear.
        assert!((0..100_000u64).all(|i| !t.contains(i * 2 + 1)));
        // Recent inserts into a roomy table are still there.
        let roomy = LossyTable::with_bytes(1 << 20);
        for i in 1..1000u64 {
            roomy.insert(i);
        }
        assert!((1..1000u64).all(|i| roomy.contains(i)));
        roomy.clear();
        assert!(!roomy.contains(5));
    }

    #[test]
    fn sharded_table_is_exact() {
        let t = ShardedTable::<u128>::new();
        for i in 1..10_000u128 {
            t.insert(i << 70);
        }
        assert_eq!(t.entries(), 9_999);
        assert!(t.contains(5 << 70) && !t.contains(5));
    }
}
