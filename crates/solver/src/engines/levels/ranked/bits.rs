//! Single bits of a level's bitset: set (shared or owned), tested, counted, and their words
//! fetched ahead.

use std::sync::atomic::{AtomicU64, Ordering};

/// Asks the processor to fetch the word of bit `rank` of `words`.
#[inline(always)]
pub fn prefetch(words: &[AtomicU64], rank: u64) {
    // No bounds check (a load of the length, a compare and a branch a child): a rank past
    // the end only fetches a line for nothing.
    prefetch_ptr(words.as_ptr().wrapping_add((rank >> 6) as usize));
}

/// Asks the processor to fetch the cache line of `item`.
#[inline(always)]
pub fn prefetch_at<T>(item: &T) {
    prefetch_ptr(item as *const T);
}

/// Asks the processor to fetch the cache line at `p`, which need not point at anything.
#[inline(always)]
fn prefetch_ptr<T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE is part of every x86-64, and a prefetch is a hint that never faults,
    // whatever the address: nothing is read.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p as *const i8);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// Sets bit `rank` of `words`, which no other thread writes meanwhile; a rank past the end
/// sets nothing (the bounds check, there anyway, is what [`super::super::delayed::OwnedSet`]
/// lets its ring's first, empty slots through).
#[inline(always)]
pub fn set_own_bit(words: &[AtomicU64], rank: u64) {
    if let Some(w) = words.get((rank >> 6) as usize) {
        w.store(
            w.load(Ordering::Relaxed) | 1u64 << (rank & 63),
            Ordering::Relaxed,
        );
    }
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
