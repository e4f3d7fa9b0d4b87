//! Single bits of a level's bitset: set (shared or owned), tested, counted, and their words
//! fetched ahead.

use std::sync::atomic::{AtomicU64, Ordering};

/// Asks the processor to fetch the word of bit `rank` of `words`.
#[inline(always)]
pub fn prefetch(words: &[AtomicU64], rank: u64) {
    if let Some(w) = words.get((rank >> 6) as usize) {
        prefetch_at(w);
    }
}

/// Asks the processor to fetch the cache line of `item`.
#[inline(always)]
pub fn prefetch_at<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE is part of every x86-64, and a prefetch is a hint that never faults; the
    // address is that of a live reference anyway.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            item as *const T as *const i8,
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

/// Sets bit `rank` of `words`, which no other thread writes meanwhile.
#[inline(always)]
pub fn set_own_bit(words: &[AtomicU64], rank: u64) {
    let w = &words[(rank >> 6) as usize];
    w.store(
        w.load(Ordering::Relaxed) | 1u64 << (rank & 63),
        Ordering::Relaxed,
    );
}

/// Sets bit `rank` of `words`.
#[inline(always)]
pub fn set_bit(words: &[AtomicU64], rank: u64) {
    let w = &words[(rank >> 6) as usize];
    let bit = 1u64 << (rank & 63);
    // Most children repeat: a plain load spares the locked write for them.
    if w.load(Ordering::Relaxed) & bit == 0 {
        w.fetch_or(bit, Ordering::Relaxed);
    }
}

/// Set bits of `words`, counted on this thread.
pub fn count_ones(words: &[AtomicU64]) -> u64 {
    words
        .iter()
        .map(|w| u64::from(w.load(Ordering::Relaxed).count_ones()))
        .sum()
}

/// Whether bit `rank` of `words` is set.
#[inline(always)]
pub fn test_bit(words: &[AtomicU64], rank: u64) -> bool {
    words[(rank >> 6) as usize].load(Ordering::Relaxed) >> (rank & 63) & 1 == 1
}
