//! A set of compact boards: open addressing with linear probing, keys stored bare.
//!
//! The classic search keeps every board it has ever pushed, tens of millions of them, so the
//! set stores nothing but the keys (8 bytes each for boards of up to 64 holes) and uses the
//! empty board as the free-slot marker: a search never stores the empty board, because every
//! jump leaves the jumping peg on the board.

use super::compact::Bits;

/// A growable set of non-empty boards.
pub struct BoardSet<B> {
    slots: Vec<B>,
    len: usize,
    shift: u32,
}

/// Fill ratio, in eighths, at which the set doubles. Linear probing stays fast up to about
/// 80%; growing at 7/8 would save memory but lengthen probes sharply.
const MAX_LOAD_EIGHTHS: usize = 6;

impl<B: Bits> BoardSet<B> {
    /// An empty set with room for about `capacity` boards before it grows.
    pub fn with_capacity(capacity: usize) -> BoardSet<B> {
        let want = (capacity.max(16) * 8 / MAX_LOAD_EIGHTHS).next_power_of_two();
        BoardSet {
            slots: vec![B::ZERO; want],
            len: 0,
            shift: 64 - want.trailing_zeros(),
        }
    }

    /// As [`BoardSet::with_capacity`], but `None` where the system refuses the memory (an
    /// address-space or data limit) instead of aborting the process.
    pub fn try_with_capacity(capacity: usize) -> Option<BoardSet<B>> {
        let want =
            (capacity.max(16).checked_mul(8)? / MAX_LOAD_EIGHTHS).checked_next_power_of_two()?;
        let mut slots = Vec::new();
        slots.try_reserve_exact(want).ok()?;
        slots.resize(want, B::ZERO);
        Some(BoardSet {
            slots,
            len: 0,
            shift: 64 - want.trailing_zeros(),
        })
    }

    /// Boards held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bytes of memory the slots take.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<B>()
    }

    #[inline(always)]
    fn home(&self, board: B) -> usize {
        (board.hash64() >> self.shift) as usize
    }

    /// Hints the processor to fetch the slot `board` would live in.
    #[inline(always)]
    pub fn prefetch(&self, board: B) {
        #[cfg(target_arch = "x86_64")]
        {
            let i = self.home(board);
            // SAFETY: `i` is in bounds (the hash is shifted to the table's size) and a
            // prefetch never faults or changes memory.
            unsafe {
                use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                _mm_prefetch::<_MM_HINT_T0>(self.slots.as_ptr().add(i) as *const i8);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = board;
    }

    /// Finds `board`'s slot: `Ok(i)` where it is, or `Err(i)` for the free slot where it
    /// would go. The set is never full (it grows first), so the probe always ends.
    #[inline(always)]
    fn probe(&self, board: B) -> Result<usize, usize> {
        let mask = self.slots.len() - 1;
        let mut i = self.home(board);
        loop {
            let slot = self.slots[i];
            if slot == board {
                return Ok(i);
            }
            if slot == B::ZERO {
                return Err(i);
            }
            i = (i + 1) & mask;
        }
    }

    /// Whether `board` is in the set.
    pub fn contains(&self, board: B) -> bool {
        self.probe(board).is_ok()
    }

    /// Adds `board` (which must not be empty); returns whether it was new.
    #[inline]
    pub fn insert(&mut self, board: B) -> bool {
        debug_assert!(board != B::ZERO);
        if (self.len + 1) * 8 > self.slots.len() * MAX_LOAD_EIGHTHS {
            self.grow();
        }
        match self.probe(board) {
            Ok(_) => false,
            Err(i) => {
                self.slots[i] = board;
                self.len += 1;
                true
            }
        }
    }

    /// As [`BoardSet::insert`] for a set that is a cache: `None`, and the set unchanged,
    /// where it would have to grow and the system refuses the memory (a memory limit), so
    /// the caller forgets the board instead of the process aborting.
    #[inline]
    pub fn try_insert(&mut self, board: B) -> Option<bool> {
        if (self.len + 1) * 8 > self.slots.len() * MAX_LOAD_EIGHTHS {
            let mut bigger = BoardSet::try_with_capacity(self.slots.len())?;
            bigger.place(self.iter());
            bigger.len = self.len;
            *self = bigger;
        }
        Some(self.insert(board))
    }

    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        self.slots = vec![B::ZERO; old.len() * 2];
        self.shift -= 1;
        self.place(old.into_iter().filter(|&b| b != B::ZERO));
    }

    /// Puts `boards` (distinct, and not counted in `len`) into the free slots of a set
    /// with room for them: a rehash into bigger slots.
    fn place(&mut self, boards: impl Iterator<Item = B>) {
        for board in boards {
            if let Err(i) = self.probe(board) {
                self.slots[i] = board;
            }
        }
    }

    /// Empties the set and gives its memory back.
    pub fn clear(&mut self) {
        *self = BoardSet::with_capacity(16);
    }

    /// Every board in the set, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = B> + '_ {
        self.slots.iter().copied().filter(|&b| b != B::ZERO)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_reports_new_once_and_survives_growth() {
        let mut set = BoardSet::<u64>::with_capacity(4);
        for i in 1..10_000u64 {
            assert!(set.insert(i * 7919));
        }
        for i in 1..10_000u64 {
            assert!(!set.insert(i * 7919));
            assert!(set.contains(i * 7919));
        }
        assert!(!set.contains(3));
        assert_eq!(set.len(), 9_999);
        assert_eq!(set.iter().count(), 9_999);
    }

    #[test]
    fn a_set_too_big_to_hold_is_refused_not_an_abort() {
        assert!(BoardSet::<u64>::try_with_capacity(usize::MAX / 2).is_none());
        assert!(BoardSet::<u128>::try_with_capacity(1 << 60).is_none());
        let mut set = BoardSet::<u64>::try_with_capacity(100).expect("a small set");
        assert!(set.insert(5) && set.contains(5) && !set.contains(6));
        // Growing through `try_insert` keeps every board.
        let mut small = BoardSet::<u64>::try_with_capacity(4).expect("a small set");
        for i in 1..5_000u64 {
            assert_eq!(small.try_insert(i * 7919), Some(true));
        }
        assert_eq!(small.try_insert(7919), Some(false));
        assert_eq!(small.len(), 4_999);
        assert!((1..5_000u64).all(|i| small.contains(i * 7919)));
    }

    #[test]
    fn wide_boards_use_their_high_bits() {
        let mut set = BoardSet::<u128>::with_capacity(4);
        assert!(set.insert(1u128 << 100));
        assert!(set.insert(1u128 << 101));
        assert!(!set.insert(1u128 << 100));
    }
}
