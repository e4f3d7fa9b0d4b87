//! Packed levels: a sorted set of distinct positions kept as the gaps between them, so the
//! meeting by moves ([`super::meet`]) holds a level in a few bytes a position where a plain
//! vector took eight (Wiegleb's levels by moves are sparse in the 45-bit space of positions:
//! its run held 2.88 billion positions in 11.0 GB at the peak, runs being merged included).
//!
//! A level is cut into blocks of [`BLOCK`] positions. A block's first position is kept
//! whole in an index beside the bytes, with where its gaps start; the rest of the block is
//! its gaps, each a LEB128 varint. Reading runs through blocks in order; a lookup finds its
//! block in the index and reads at most one block. Every allocation is asked for first: a
//! refusal is a [`NoMemory`], never an abort.

use crate::engines::memory::{self, NoMemory};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Positions in a block.
pub const BLOCK: usize = 64;

/// A sorted set of distinct positions, packed (see the module docs).
#[derive(Debug, Default)]
pub struct Packed {
    bytes: Vec<u8>,
    firsts: Vec<u64>,
    offsets: Vec<u64>,
    len: u64,
}

/// Builds a [`Packed`] from positions given in ascending order.
#[derive(Default)]
pub struct PackedWriter {
    packed: Packed,
    last: u64,
}

impl PackedWriter {
    /// An empty writer.
    pub fn new() -> PackedWriter {
        PackedWriter::default()
    }

    /// An empty writer with room for `bytes` of gaps and `blocks` blocks, asked for at once:
    /// a merge knows its result is no larger than its inputs (every gap in the union is at
    /// most the gap its position had in its own run), and growing by doubling would have
    /// held the old buffer and one twice its size at the same time.
    pub fn with_capacity(bytes: usize, blocks: usize) -> Result<PackedWriter, NoMemory> {
        let mut w = PackedWriter::new();
        let refused = |items: usize, size: usize| NoMemory {
            bytes: (items as u64).saturating_mul(size as u64),
        };
        let p = &mut w.packed;
        p.bytes
            .try_reserve_exact(bytes)
            .map_err(|_| refused(bytes, 1))?;
        p.firsts
            .try_reserve_exact(blocks)
            .map_err(|_| refused(blocks, 8))?;
        p.offsets
            .try_reserve_exact(blocks)
            .map_err(|_| refused(blocks, 8))?;
        Ok(w)
    }

    /// Adds `key`, which must be greater than every key added before; a key equal to the
    /// last one is skipped, so a merge can write its duplicates through.
    pub fn push(&mut self, key: u64) -> Result<(), NoMemory> {
        let p = &mut self.packed;
        if p.len > 0 && key == self.last {
            return Ok(());
        }
        debug_assert!(p.len == 0 || key > self.last, "keys in ascending order");
        if (p.len as usize).is_multiple_of(BLOCK) {
            memory::try_grow(&mut p.firsts, 1)?;
            memory::try_grow(&mut p.offsets, 1)?;
            p.firsts.push(key);
            p.offsets.push(p.bytes.len() as u64);
        } else {
            memory::try_grow(&mut p.bytes, 10)?;
            let mut gap = key - self.last;
            while gap >= 0x80 {
                p.bytes.push((gap as u8) | 0x80);
                gap >>= 7;
            }
            p.bytes.push(gap as u8);
        }
        self.last = key;
        p.len += 1;
        Ok(())
    }

    /// The finished set, its buffers cut to size.
    pub fn finish(self) -> Packed {
        let mut p = self.packed;
        p.bytes.shrink_to_fit();
        p.firsts.shrink_to_fit();
        p.offsets.shrink_to_fit();
        p
    }
}

impl Packed {
    /// The set of the ascending, distinct `keys`.
    pub fn from_sorted(keys: &[u64]) -> Result<Packed, NoMemory> {
        let mut w = PackedWriter::new();
        for &k in keys {
            w.push(k)?;
        }
        Ok(w.finish())
    }

    /// Positions in the set.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bytes the set takes in memory.
    pub fn bytes(&self) -> u64 {
        (self.bytes.capacity() + 8 * self.firsts.capacity() + 8 * self.offsets.capacity()) as u64
    }

    /// Blocks in the set: the units [`Packed::iter_blocks`] reads.
    pub fn blocks(&self) -> usize {
        self.firsts.len()
    }

    /// Every position, in ascending order.
    pub fn iter(&self) -> Iter<'_> {
        self.iter_blocks(0..self.blocks())
    }

    /// The positions of blocks `range`, in ascending order.
    pub fn iter_blocks(&self, range: std::ops::Range<usize>) -> Iter<'_> {
        Iter {
            packed: self,
            block: range.start,
            end: range.end.min(self.blocks()),
            pos: 0,
            left: 0,
            at: 0,
        }
    }

    /// Positions in block `b`.
    fn block_len(&self, b: usize) -> usize {
        if b + 1 < self.blocks() {
            BLOCK
        } else {
            (self.len - (b * BLOCK) as u64) as usize
        }
    }

    /// The block that would hold `x`: the last whose first position is at most `x`.
    fn block_of(&self, x: u64) -> Option<usize> {
        self.firsts.partition_point(|&f| f <= x).checked_sub(1)
    }

    /// As [`Packed::block_of`] for an `x` no less than block `from`'s first position,
    /// galloping on from `from`: ascending lookups a few blocks apart touch a few nearby
    /// index entries each, where a binary search over a level of millions of blocks missed
    /// the cache at every step but the last few (the look-through's lookups, a sorted chunk
    /// of millions of positions against a level of hundreds of millions).
    fn block_after(&self, x: u64, from: usize) -> Option<usize> {
        let firsts = &self.firsts;
        let len = firsts.len();
        // Every first position in `from..lo` is at most `x`; `hi` is the next probe.
        let (mut lo, mut hi, mut step) = (from, from, 1usize);
        while hi < len && firsts[hi] <= x {
            lo = hi + 1;
            hi = hi.saturating_add(step);
            step = step.saturating_mul(2);
        }
        let hi = hi.min(len);
        (lo + firsts[lo..hi].partition_point(|&f| f <= x)).checked_sub(1)
    }

    /// Whether the set holds `x`.
    pub fn contains(&self, x: u64) -> bool {
        // The block is read up to the first position at least `x`, not decoded whole.
        self.block_of(x)
            .is_some_and(|b| self.iter_blocks(b..b + 1).find(|&k| k >= x) == Some(x))
    }

    /// The least of the ascending `few` the set holds, if any: each is looked up in its
    /// block, galloping through the index on from the last one's, and a block is read once
    /// for all of `few` that fall in it, up to the last of them, so a set far longer than
    /// `few` is read a block per position of `few` at most.
    pub fn first_of(&self, few: impl IntoIterator<Item = u64>) -> Option<u64> {
        let mut from = 0;
        // The block being read, its reader and the position the reader stands at.
        let mut open = usize::MAX;
        let mut reader = self.iter_blocks(0..0);
        let mut at = 0u64;
        for x in few {
            let Some(b) = self.block_after(x, from) else {
                continue;
            };
            from = b;
            if b != open || at > x {
                reader = self.iter_blocks(b..b + 1);
                let Some(first) = reader.next() else {
                    continue;
                };
                at = first;
                open = b;
            }
            while at < x {
                let Some(k) = reader.next() else {
                    break;
                };
                at = k;
            }
            if at == x {
                return Some(x);
            }
        }
        None
    }

    /// The least position both sets hold, if any: by reading both in step, or, where one
    /// is far the smaller, by looking each of its positions up in the other (a new level
    /// of hundreds of millions against a side's first levels of a few hundred).
    pub fn first_common(&self, other: &Packed) -> Option<u64> {
        const FAR: u64 = 32;
        if self.len().saturating_mul(FAR) < other.len() {
            return other.first_of(self.iter());
        }
        if other.len().saturating_mul(FAR) < self.len() {
            return self.first_of(other.iter());
        }
        let (mut a, mut b) = (self.iter().peekable(), other.iter().peekable());
        while let (Some(&x), Some(&y)) = (a.peek(), b.peek()) {
            match x.cmp(&y) {
                std::cmp::Ordering::Less => {
                    a.next();
                }
                std::cmp::Ordering::Greater => {
                    b.next();
                }
                std::cmp::Ordering::Equal => return Some(x),
            }
        }
        None
    }
}

/// Reads a [`Packed`]'s positions in order (see [`Packed::iter`]).
pub struct Iter<'a> {
    packed: &'a Packed,
    block: usize,
    end: usize,
    pos: usize,
    left: usize,
    at: u64,
}

impl Iterator for Iter<'_> {
    type Item = u64;

    #[inline]
    fn next(&mut self) -> Option<u64> {
        let p = self.packed;
        if self.left == 0 {
            if self.block >= self.end {
                return None;
            }
            self.at = p.firsts[self.block];
            self.pos = p.offsets[self.block] as usize;
            self.left = p.block_len(self.block) - 1;
            self.block += 1;
            return Some(self.at);
        }
        let mut gap = 0u64;
        let mut shift = 0;
        loop {
            let byte = p.bytes[self.pos];
            self.pos += 1;
            gap |= u64::from(byte & 0x7f) << shift;
            if byte < 0x80 {
                break;
            }
            shift += 7;
        }
        self.at += gap;
        self.left -= 1;
        Some(self.at)
    }
}

/// The union of `a` and `b`, packed: a merge of the two in step (for two runs, the heap of
/// [`merge_minus`] cost as much as the reading and writing together).
pub fn merge_two(a: &Packed, b: &Packed) -> Result<Packed, NoMemory> {
    let mut out = writer_for(&[a, b])?;
    let (mut x, mut y) = (a.iter(), b.iter());
    let (mut p, mut q) = (x.next(), y.next());
    loop {
        match (p, q) {
            (Some(i), Some(j)) if i < j => {
                out.push(i)?;
                p = x.next();
            }
            (Some(i), Some(j)) if j < i => {
                out.push(j)?;
                q = y.next();
            }
            (Some(i), Some(_)) => {
                out.push(i)?;
                p = x.next();
                q = y.next();
            }
            (Some(i), None) => {
                out.push(i)?;
                p = x.next();
            }
            (None, Some(j)) => {
                out.push(j)?;
                q = y.next();
            }
            (None, None) => return Ok(out.finish()),
        }
    }
}

/// A writer with room for the whole union of `runs`: their gaps and blocks, and a gap for
/// each run's block start (the union's blocks start at other positions than the runs' did).
fn writer_for(runs: &[&Packed]) -> Result<PackedWriter, NoMemory> {
    let gaps: usize = runs
        .iter()
        .map(|r| r.bytes.len() + 10 * (r.blocks() + 1))
        .sum();
    let blocks: usize = runs.iter().map(|r| r.blocks() + 1).sum();
    PackedWriter::with_capacity(gaps, blocks)
}

/// The union of `runs`, without what any of `minus` holds, packed: one pass over all of
/// them (a heap picks the least run's next position), so the peak is the runs and the
/// result, never a plain copy of either.
pub fn merge_minus(runs: &[Packed], minus: &[Packed]) -> Result<Packed, NoMemory> {
    let mut readers: Vec<Iter<'_>> = runs.iter().map(Packed::iter).collect();
    let mut heap = BinaryHeap::with_capacity(readers.len());
    for (i, r) in readers.iter_mut().enumerate() {
        if let Some(k) = r.next() {
            heap.push(Reverse((k, i)));
        }
    }
    let mut taken: Vec<std::iter::Peekable<Iter<'_>>> =
        minus.iter().map(|m| m.iter().peekable()).collect();
    let mut out = writer_for(&runs.iter().collect::<Vec<_>>())?;
    let mut last = None;
    while let Some(Reverse((k, i))) = heap.pop() {
        if let Some(next) = readers[i].next() {
            heap.push(Reverse((next, i)));
        }
        if last == Some(k) {
            continue;
        }
        last = Some(k);
        let held = taken.iter_mut().any(|t| {
            while t.next_if(|&x| x < k).is_some() {}
            t.peek() == Some(&k)
        });
        if !held {
            out.push(k)?;
        }
    }
    Ok(out.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn packed(keys: &[u64]) -> Packed {
        Packed::from_sorted(keys).expect("memory for a few keys")
    }

    #[test]
    fn a_packed_set_reads_back_what_was_written_across_blocks_and_wide_gaps() {
        let keys: Vec<u64> = (0..1000u64).map(|i| i * i * 977 + (i << 40)).collect();
        let p = packed(&keys);
        assert_eq!(p.len(), 1000);
        assert_eq!(p.blocks(), 1000usize.div_ceil(BLOCK));
        assert_eq!(p.iter().collect::<Vec<_>>(), keys);
        assert!(p.bytes() < 8 * 1000, "smaller than the plain words");
        for (i, &k) in keys.iter().enumerate() {
            assert!(p.contains(k), "{i}");
            assert!(!p.contains(k + 1), "{i}");
        }
        assert!(!p.contains(0u64.wrapping_sub(1)));
        let mid = BLOCK..2 * BLOCK;
        assert_eq!(p.iter_blocks(1..2).collect::<Vec<_>>(), keys[mid].to_vec());
    }

    #[test]
    fn an_empty_set_holds_nothing() {
        let p = packed(&[]);
        assert!(p.is_empty());
        assert!(!p.contains(0));
        assert_eq!(p.iter().next(), None);
        assert_eq!(p.first_of([1, 2]), None);
    }

    #[test]
    fn first_of_and_first_common_find_the_least_shared_position() {
        let many: Vec<u64> = (0..5000u64).map(|i| 3 * i).collect();
        let p = packed(&many);
        assert_eq!(p.first_of([1, 2, 4, 300, 301, 9000]), Some(300));
        assert_eq!(p.first_of([1, 2, 4, 15_001]), None);
        assert_eq!(p.first_of([14_997]), Some(14_997));
        // Far apart in size (looked up) and alike (read in step), both ways round.
        let q = packed(&[5, 7, 2999, 3000]);
        assert_eq!(p.first_common(&q), Some(3000));
        assert_eq!(q.first_common(&p), Some(3000));
        let r: Vec<u64> = (0..5000u64).map(|i| 5 * i + 1).collect();
        let r = packed(&r);
        assert_eq!(p.first_common(&r), Some(6));
        assert_eq!(r.first_common(&p), Some(6));
        assert_eq!(q.first_common(&packed(&[6, 8])), None);
    }

    #[test]
    fn lookups_galloping_through_the_index_agree_with_a_hash_set() {
        // A set of scattered positions, and ascending lookups both sparser than its blocks
        // (each a gallop of many blocks) and denser (many in one block): `first_of` finds
        // the least held, as a hash set says, whichever the lookups' spacing.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut keys: Vec<u64> = (0..40_000).map(|_| next() % 1_000_000).collect();
        keys.sort_unstable();
        keys.dedup();
        let p = packed(&keys);
        let set: std::collections::HashSet<u64> = keys.iter().copied().collect();
        for spread in [1u64, 7, 300, 20_000, 400_000] {
            for _ in 0..20 {
                let mut few: Vec<u64> = (0..50).map(|_| next() % (spread * 50)).collect();
                few.sort_unstable();
                few.retain(|x| !set.contains(x) || next() % 4 == 0);
                let least = few.iter().copied().find(|x| set.contains(x));
                assert_eq!(p.first_of(few.iter().copied()), least, "{spread} {few:?}");
                for &x in &few {
                    assert_eq!(p.contains(x), set.contains(&x), "{x}");
                }
            }
        }
    }

    #[test]
    fn merge_minus_is_the_union_less_the_earlier_sets() {
        let runs = [
            packed(&[1, 4, 9, 200]),
            packed(&[2, 4, 10]),
            packed(&[9, 300]),
        ];
        let minus = [packed(&[4, 300]), packed(&[0, 1, 11])];
        let out = merge_minus(&runs, &minus).expect("memory");
        assert_eq!(out.iter().collect::<Vec<_>>(), vec![2, 9, 10, 200]);
        let none = merge_minus(&[], &minus).expect("memory");
        assert!(none.is_empty());
        let two = merge_two(&runs[0], &runs[1]).expect("memory");
        assert_eq!(two.iter().collect::<Vec<_>>(), vec![1, 2, 4, 9, 10, 200]);
        let one = merge_two(&runs[2], &packed(&[])).expect("memory");
        assert_eq!(one.iter().collect::<Vec<_>>(), vec![9, 300]);
    }
}
