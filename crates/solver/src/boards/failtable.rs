//! The exact solver's table of positions known to fail, shared by its worker threads.
//!
//! It is a transposition table in the chess-engine sense: fixed size, lock-free, and lossy.
//! Forgetting a failure only means searching that position again, never a wrong answer, so
//! when a bucket is full a new entry simply replaces an old one. Memory stays at the size
//! chosen up front whatever the search does.
//!
//! Boards of up to 64 holes are stored as single `AtomicU64`s (a reader sees a whole key or
//! none). Wider boards take two words, guarded per bucket by a tiny spin lock so they never
//! tear. Both tables are fixed in size, allocated fallibly (the largest size the system
//! grants, down from the one asked for) and on huge pages where the system has them.

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
    /// Asks the system for huge pages under the table, for a long search (see `Zeroed`).
    fn advise_huge(&self) {}
}

/// Zeroed atomics straight from the operating system: pages are handed out lazily (a large
/// table costs nothing until it is used), asked for as huge pages where the system offers
/// them (one TLB entry per 2 MiB instead of per 4 KiB: a table probe is a random access, and
/// the page walks were a fifth of the search's time), and allocated fallibly, so a request
/// the system refuses (a memory limit) is `None` rather than an abort.
/// Tables of at most this many bytes are populated when mapped (see `Zeroed::try_new`).
#[cfg(target_os = "linux")]
const POPULATE_BYTES: usize = 4 << 20;

struct Zeroed {
    ptr: std::ptr::NonNull<AtomicU64>,
    len: usize,
}

// SAFETY: the memory is owned by this value alone and only reached through atomics.
unsafe impl Send for Zeroed {}
// SAFETY: as above: every access is atomic.
unsafe impl Sync for Zeroed {}

impl Zeroed {
    fn try_new(len: usize) -> Option<Zeroed> {
        let bytes = len.checked_mul(8)?.max(8);
        #[cfg(unix)]
        {
            // A small table is filled in at once: touching its pages one by one costs two
            // page faults each (a read maps the zero page, the first write copies it), which
            // for a short search is most of its time. Large tables stay lazy.
            #[cfg(target_os = "linux")]
            let populate = if bytes <= POPULATE_BYTES {
                libc::MAP_POPULATE
            } else {
                0
            };
            #[cfg(not(target_os = "linux"))]
            let populate = 0;
            // SAFETY: an anonymous private mapping of `bytes` with no address hint; the result
            // is checked before use.
            let p = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    bytes,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | populate,
                    -1,
                    0,
                )
            };
            if p == libc::MAP_FAILED {
                return None;
            }
            Some(Zeroed {
                ptr: std::ptr::NonNull::new(p as *mut AtomicU64)?,
                len,
            })
        }
        #[cfg(not(unix))]
        {
            let layout = std::alloc::Layout::array::<AtomicU64>(len.max(1)).ok()?;
            // SAFETY: a non-zero-sized layout; a null result is checked.
            let p = unsafe { std::alloc::alloc_zeroed(layout) };
            Some(Zeroed {
                ptr: std::ptr::NonNull::new(p as *mut AtomicU64)?,
                len,
            })
        }
    }

    /// The largest table of at most `len` slots (halving down to `least`) the system grants.
    fn largest(mut len: usize, least: usize) -> Zeroed {
        loop {
            if let Some(z) = Zeroed::try_new(len) {
                return z;
            }
            assert!(
                len > least,
                "the system refused even {} bytes for a failure table",
                least * 8
            );
            len /= 2;
        }
    }

    fn bytes(&self) -> usize {
        self.len * 8
    }

    /// Asks for huge pages (Linux `MADV_HUGEPAGE`) from here on. Not done at allocation:
    /// where the system compacts memory on the fault (`defrag` set to `madvise`, a common
    /// default) each first touch of a 2 MiB page can stall, which cost a short search a
    /// second; for a long search the TLB savings win.
    fn advise_huge(&self) {
        #[cfg(target_os = "linux")]
        // SAFETY: advice on a mapping we own; failure (no huge pages) changes nothing.
        unsafe {
            libc::madvise(
                self.ptr.as_ptr() as *mut libc::c_void,
                self.bytes(),
                libc::MADV_HUGEPAGE,
            );
        }
    }
}

impl std::ops::Deref for Zeroed {
    type Target = [AtomicU64];
    fn deref(&self) -> &[AtomicU64] {
        // SAFETY: `len` zero-initialised atomics owned by `self` (zero is a valid `u64`).
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Zeroed {
    fn drop(&mut self) {
        #[cfg(unix)]
        // SAFETY: the mapping made in `try_new`, unmapped once.
        unsafe {
            libc::munmap(self.ptr.as_ptr() as *mut libc::c_void, self.bytes().max(8));
        }
        #[cfg(not(unix))]
        if let Ok(layout) = std::alloc::Layout::array::<AtomicU64>(self.len.max(1)) {
            // SAFETY: allocated in `try_new` with this layout.
            unsafe { std::alloc::dealloc(self.ptr.as_ptr() as *mut u8, layout) }
        }
    }
}

/// Slots per bucket: one 64-byte cache line.
const BUCKET: usize = 8;

/// The lock-free lossy table for boards of up to 64 holes.
pub struct LossyTable {
    slots: Zeroed,
    shift: u32,
    len: AtomicUsize,
}

impl LossyTable {
    /// A table of about `bytes` bytes (rounded down to a power of two, at least 64 KiB), or
    /// the largest smaller one the system grants.
    pub fn with_bytes(bytes: usize) -> LossyTable {
        let slots = (bytes / 8).max(1 << 13).next_power_of_two() / 2;
        let slots = Zeroed::largest(slots.max(BUCKET * 2), 1 << 13);
        let slots_len = slots.len();
        LossyTable {
            slots,
            shift: 64 - (slots_len / BUCKET).trailing_zeros(),
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
    fn advise_huge(&self) {
        self.slots.advise_huge();
    }

    #[inline]
    fn contains(&self, board: u64) -> bool {
        self.bucket(board)
            .iter()
            .any(|s| s.load(Ordering::Relaxed) == board)
    }

    #[inline]
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
        self.slots.bytes()
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
        for s in self.slots.iter() {
            s.store(0, Ordering::Relaxed);
        }
        self.len.store(0, Ordering::Relaxed);
    }
}

/// Words per bucket of the wide table: a lock word and three boards of two words each, one
/// 64-byte cache line with a word to spare.
const WIDE_BUCKET: usize = 8;
const WIDE_ENTRIES: usize = 3;

/// The lossy table for boards of more than 64 holes: fixed size like [`LossyTable`], so it
/// honours its byte cap whatever the search does. A board is two words, which a reader could
/// see half-written, so each bucket (one cache line) has a tiny spin lock of its own; a lock is
/// held for a handful of loads, and with a few threads over millions of buckets two threads
/// almost never meet.
pub struct WideLossyTable {
    words: Zeroed,
    shift: u32,
    len: AtomicUsize,
}

impl WideLossyTable {
    /// A table of about `bytes` bytes (rounded down to a power of two, at least 64 KiB), or
    /// the largest smaller one the system grants.
    pub fn with_bytes(bytes: usize) -> WideLossyTable {
        let words = (bytes / 8).max(1 << 13).next_power_of_two() / 2;
        let words = Zeroed::largest(words.max(WIDE_BUCKET * 2), 1 << 13);
        let buckets = words.len() / WIDE_BUCKET;
        WideLossyTable {
            words,
            shift: 64 - buckets.trailing_zeros(),
            len: AtomicUsize::new(0),
        }
    }

    /// Runs `f` on `board`'s bucket (its entries as word pairs) under the bucket's lock.
    #[inline]
    fn with_bucket<R>(&self, board: u128, f: impl FnOnce(&[AtomicU64]) -> R) -> R {
        let b = (board.hash64() >> self.shift) as usize;
        let bucket = &self.words[b * WIDE_BUCKET..][..WIDE_BUCKET];
        let lock = &bucket[0];
        while lock
            .compare_exchange_weak(0, 1, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            std::hint::spin_loop();
        }
        let r = f(&bucket[1..1 + 2 * WIDE_ENTRIES]);
        lock.store(0, Ordering::Release);
        r
    }
}

fn split(board: u128) -> (u64, u64) {
    (board as u64, (board >> 64) as u64)
}

impl FailTable<u128> for WideLossyTable {
    fn advise_huge(&self) {
        self.words.advise_huge();
    }

    fn contains(&self, board: u128) -> bool {
        let (lo, hi) = split(board);
        self.with_bucket(board, |e| {
            e.chunks(2)
                .any(|p| p[0].load(Ordering::Relaxed) == lo && p[1].load(Ordering::Relaxed) == hi)
        })
    }

    fn insert(&self, board: u128) {
        let (lo, hi) = split(board);
        let added = self.with_bucket(board, |e| {
            let mut free = None;
            for (i, p) in e.chunks(2).enumerate() {
                let (l, h) = (p[0].load(Ordering::Relaxed), p[1].load(Ordering::Relaxed));
                if (l, h) == (lo, hi) {
                    return false;
                }
                if (l, h) == (0, 0) && free.is_none() {
                    free = Some(i);
                }
            }
            // Full: replace an entry chosen by other hash bits.
            let i = free.unwrap_or((board.hash64() as usize >> 7) % WIDE_ENTRIES);
            e[2 * i].store(lo, Ordering::Relaxed);
            e[2 * i + 1].store(hi, Ordering::Relaxed);
            free.is_some()
        });
        if added {
            self.len.fetch_add(1, Ordering::Relaxed);
        }
    }

    fn entries(&self) -> usize {
        self.len.load(Ordering::Relaxed)
    }

    fn bytes(&self) -> usize {
        self.words.bytes()
    }

    fn clear(&self) {
        for w in self.words.iter() {
            w.store(0, Ordering::Relaxed);
        }
        self.len.store(0, Ordering::Relaxed);
    }
}

const SHARDS: usize = 64;

/// An exact, growable, mutex-sharded set of wide boards. It has no size cap, so the solver
/// no longer uses it (see [`WideLossyTable`]); kept for callers that need exactness.
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

/// Picks the table for a board type: lossy lock-free for `u64`, lossy with bucket locks for
/// `u128`; both fixed in size. The table is a concrete type, not a trait object, so the
/// search's probes (`contains`, `insert`, `prefetch`) are inlined into its inner loop.
pub trait HasFailTable: Bits {
    /// The table for this board type.
    type Table: FailTable<Self>;
    /// A table using about `bytes` bytes (less if the system grants less).
    fn fail_table(bytes: usize) -> Self::Table;
}

impl HasFailTable for u64 {
    type Table = LossyTable;
    fn fail_table(bytes: usize) -> LossyTable {
        LossyTable::with_bytes(bytes)
    }
}

impl HasFailTable for u128 {
    type Table = WideLossyTable;
    fn fail_table(bytes: usize) -> WideLossyTable {
        WideLossyTable::with_bytes(bytes)
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
    fn wide_table_keeps_its_size_and_never_reports_a_board_it_was_not_given() {
        let t = WideLossyTable::with_bytes(1 << 16);
        let bytes = t.bytes();
        assert!(bytes <= 1 << 16);
        for i in 1..200_000u128 {
            t.insert(i << 70 | i);
        }
        assert_eq!(t.bytes(), bytes);
        assert!((1..200_000u128).all(|i| !t.contains(i << 71 | 1)));
        let roomy = WideLossyTable::with_bytes(1 << 22);
        for i in 1..1000u128 {
            roomy.insert(i << 100);
        }
        assert!((1..1000u128).all(|i| roomy.contains(i << 100)));
        roomy.clear();
        assert!(!roomy.contains(5 << 100));
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
