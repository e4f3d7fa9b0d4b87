//! Ranks and bit writes issued a fixed distance behind their prefetches: a step ranks and
//! sets a bit for every child, and over a large board the rank tables and the bitset are far
//! larger than the caches, so each done as the child is made waits on a cache miss.

use super::ranked::{prefetch, set_bit, set_own_bit, Ranks};
use std::sync::atomic::AtomicU64;

/// How many bits ahead of its write a bit's word is prefetched.
const AHEAD: usize = 16;

/// The last [`AHEAD`] items pushed, each given back when it falls out: the queue both delayed
/// kinds keep between a prefetch and its use.
struct Ring {
    items: [u64; AHEAD],
    n: usize,
}

impl Ring {
    fn new() -> Ring {
        Ring::filled(0)
    }

    /// A ring whose first [`AHEAD`] pushes give back `item` ([`Ring::replace`]).
    fn filled(item: u64) -> Ring {
        Ring {
            items: [item; AHEAD],
            n: 0,
        }
    }

    /// Keeps `item`; the one pushed [`AHEAD`] pushes ago, or the ring's fill, with no test
    /// of whether there was one.
    #[inline(always)]
    fn replace(&mut self, item: u64) -> u64 {
        let out = std::mem::replace(&mut self.items[self.n % AHEAD], item);
        self.n += 1;
        out
    }

    /// Keeps `item`; the one pushed [`AHEAD`] pushes ago, if any.
    #[inline(always)]
    fn push(&mut self, item: u64) -> Option<u64> {
        let slot = self.n % AHEAD;
        let out = (self.n >= AHEAD).then(|| self.items[slot]);
        self.items[slot] = item;
        self.n += 1;
        out
    }

    /// The items still waiting, in the order pushed.
    fn waiting(&self) -> impl Iterator<Item = u64> + '_ {
        (self.n.saturating_sub(AHEAD)..self.n).map(|i| self.items[i % AHEAD])
    }
}

/// Sets bits [`AHEAD`] ranks behind the one just prefetched, so that each set finds its cache
/// line already loaded; the bitset may be shared with other threads setting bits meanwhile
/// (locked writes, each skipped after a branch when its bit is set: see [`OwnedSet`] for a
/// bitset of one thread's own).
pub struct DelayedSet<'a> {
    words: &'a [AtomicU64],
    ring: Ring,
}

impl<'a> DelayedSet<'a> {
    /// Sets bits of `words`.
    pub fn new(words: &'a [AtomicU64]) -> DelayedSet<'a> {
        DelayedSet {
            words,
            ring: Ring::new(),
        }
    }

    /// Prefetches `rank`'s bit and sets the one pushed [`AHEAD`] pushes ago.
    #[inline(always)]
    pub fn push(&mut self, rank: u64) {
        prefetch(self.words, rank);
        if let Some(old) = self.ring.push(rank) {
            self.set(old);
        }
    }

    #[inline(always)]
    fn set(&self, rank: u64) {
        set_bit(self.words, rank);
    }

    /// Sets the bits still waiting.
    pub fn finish(self) {
        for rank in self.ring.waiting() {
            self.set(rank);
        }
    }
}

/// [`DelayedSet`] for a bitset this thread alone writes meanwhile (see `step::fill`): plain
/// writes, and no test per bit on whether the ring is full yet: it starts full of a rank past
/// every bitset, whose write the bounds check (there anyway) skips. A child's bit then costs
/// two branches fewer.
pub struct OwnedSet<'a> {
    words: &'a [AtomicU64],
    ring: Ring,
}

impl<'a> OwnedSet<'a> {
    /// Sets bits of `words`, which no other thread writes meanwhile.
    pub fn new(words: &'a [AtomicU64]) -> OwnedSet<'a> {
        OwnedSet {
            words,
            ring: Ring::filled(u64::MAX),
        }
    }

    /// Prefetches `rank`'s bit and sets the one pushed [`AHEAD`] pushes ago.
    #[inline(always)]
    pub fn push(&mut self, rank: u64) {
        prefetch(self.words, rank);
        // The ring's first ranks are past the end: `set_own_bit` skips them.
        set_own_bit(self.words, self.ring.replace(rank));
    }

    /// Sets the bits still waiting (and skips the fill of a ring pushed fewer times than
    /// it holds).
    pub fn finish(self) {
        for &rank in &self.ring.items {
            set_own_bit(self.words, rank);
        }
    }
}

/// Ranks boards [`AHEAD`] pushes after prefetching their table entries: over a large board
/// both rank tables are far larger than the caches, and a step ranks every child, so ranking
/// each child as it is made waits on two cache misses.
pub struct DelayedRank<'a> {
    ranks: &'a Ranks,
    ring: Ring,
    /// Whether to delay at all: where the tables fit a core's own cache (the English board:
    /// 1.25 MiB) the prefetches only cost (`count english` 1.07 of its time with them).
    delay: bool,
}

/// Rank tables larger than this are ranked with a delay: a core's own cache.
const CACHED_TABLES: u64 = 2 << 20;

impl<'a> DelayedRank<'a> {
    /// Ranks boards of the level of `ranks`.
    pub fn new(ranks: &'a Ranks) -> DelayedRank<'a> {
        DelayedRank::with_delay(ranks, ranks.table_bytes() > CACHED_TABLES)
    }

    fn with_delay(ranks: &'a Ranks, delay: bool) -> DelayedRank<'a> {
        DelayedRank {
            ranks,
            ring: Ring::new(),
            delay,
        }
    }

    /// Prefetches `board`'s table entries, and calls `f` with the board pushed [`AHEAD`]
    /// pushes ago and its rank ([`Ranks::rank`]) (with `board` itself where the tables fit
    /// the cache).
    #[inline(always)]
    pub fn push(&mut self, board: u64, mut f: impl FnMut(u64, Option<u64>)) {
        if !self.delay {
            f(board, self.ranks.rank(board));
            return;
        }
        self.ranks.prefetch(board);
        if let Some(old) = self.ring.push(board) {
            f(old, self.ranks.rank(old));
        }
    }

    /// Calls `f` with the boards still waiting, in the order pushed.
    pub fn finish(self, mut f: impl FnMut(u64, Option<u64>)) {
        for b in self.ring.waiting() {
            f(b, self.ranks.rank(b));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::ranked::{Invariant, RankedBits};
    use super::*;

    /// Every board pushed comes back once, in the order pushed and with its own rank (or
    /// `None` out of the class), whether fewer or more than [`AHEAD`] were pushed; the bits
    /// set through [`DelayedSet`] are the same as set one by one.
    #[test]
    fn delayed_ranks_and_sets_give_what_direct_ones_do() {
        let cells = 20;
        let inv = Invariant::new(cells, (0..cells - 2).map(|i| 0b111u64 << i));
        let mut bits = RankedBits::new(cells, &inv).expect("small enough");
        let pegs = 6;
        let class = inv.of(0b111111);
        bits.begin(pegs, class).expect("small");
        let boards: Vec<u64> = (0u64..1 << cells)
            .filter(|b| b.count_ones() == pegs)
            .step_by(97)
            .collect();
        assert!(boards.len() > 3 * AHEAD);
        // The board's tables fit the cache: `new` ranks at once, and the delay is forced.
        assert!(!DelayedRank::new(bits.ranks()).delay);
        for (n, delay) in [0, 1, AHEAD - 1, AHEAD, AHEAD + 1, boards.len()]
            .into_iter()
            .flat_map(|n| [(n, true), (n, false)])
        {
            let mut got = Vec::new();
            let mut ranker = DelayedRank::with_delay(bits.ranks(), delay);
            for &b in &boards[..n] {
                ranker.push(b, |b, r| got.push((b, r)));
            }
            ranker.finish(|b, r| got.push((b, r)));
            let want: Vec<(u64, Option<u64>)> =
                boards[..n].iter().map(|&b| (b, bits.rank(b))).collect();
            assert_eq!(got, want, "{n} pushed, delayed {delay}");
        }
        let ranks: Vec<u64> = boards.iter().filter_map(|&b| bits.rank(b)).collect();
        assert!(ranks.len() > AHEAD && ranks.len() < boards.len());
        let n = bits.words();
        let mut sorted: Vec<u64> = boards
            .iter()
            .copied()
            .filter(|&b| bits.rank(b).is_some())
            .collect();
        sorted.sort_unstable();
        let mut setter = DelayedSet::new(bits.bits());
        for &r in &ranks {
            setter.push(r);
        }
        setter.finish();
        assert_eq!(bits.drain(0, n), sorted);
        // The owned set, with fewer pushes than its ring holds and more.
        for pushed in [0, 1, AHEAD - 1, AHEAD, AHEAD + 1, ranks.len()] {
            let mut setter = OwnedSet::new(bits.bits());
            for &r in &ranks[..pushed] {
                setter.push(r);
            }
            setter.finish();
            let mut want: Vec<u64> = boards
                .iter()
                .copied()
                .filter(|&b| bits.rank(b).is_some_and(|r| ranks[..pushed].contains(&r)))
                .collect();
            want.sort_unstable();
            assert_eq!(bits.drain(0, n), want, "{pushed} pushed");
        }
    }
}
