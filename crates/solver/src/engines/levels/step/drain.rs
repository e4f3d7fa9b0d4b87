//! Reading a level's bitset out: every set bit's board, in order, on every thread, each
//! thread taking a stretch with as many set bits as the others.

use super::RankedBits;
use crate::engines::levels;
use std::sync::Mutex;

/// Every set bit's board that `keep` accepts, ascending, and the bitset cleared: the
/// threads take a stretch of words each, with as many set bits ([`even_ranges`]). Each writes
/// what it keeps straight into its place in one vector, sized by the set bits before the
/// drain (no stretch keeps more), and the gaps the dropped positions leave are closed after:
/// no vector grows push by push, and none is copied into another (the English board's
/// largest level spent 7 of its step's 150 ms on one thread joining the threads' vectors).
pub(super) fn drain(bits: &RankedBits, keep: &(impl Fn(u64) -> bool + Sync)) -> Vec<u64> {
    let words = bits.words();
    let ranges = even_ranges(words, levels::parts_for(words), |from, to| {
        bits.count_set(from, to)
    });
    let sizes: Vec<usize> = ranges.iter().map(|r| r.1 as usize).collect();
    let mut out = vec![0u64; sizes.iter().sum()];
    let kept = {
        let mut rest = &mut out[..];
        let mut places = Vec::with_capacity(sizes.len());
        for &n in &sizes {
            let (place, after) = rest.split_at_mut(n);
            places.push(Mutex::new(place));
            rest = after;
        }
        // One part a stretch (`in_parts` of n items in n parts: part i is i..i + 1).
        levels::in_parts(ranges.len(), ranges.len(), |i| {
            let (words, _) = &ranges[i.start];
            let mut place = places[i.start].lock().unwrap_or_else(|e| e.into_inner());
            let mut n = 0;
            // Compiled for the processor's features too (`tzcnt` a set bit).
            crate::cpu::fast(
                #[inline(always)]
                || {
                    // Written whether kept or not, the next write over it when not: the
                    // pruned backward levels keep about half their children, at random,
                    // and a branch on it missed often (the English winnable set's largest
                    // drain took 20 instead of 32 ms). `n` is at most the bits drained
                    // before this one, so within the stretch's place.
                    bits.drain_each(words.start, words.end, |b| {
                        place[n] = b;
                        n += usize::from(keep(b));
                    });
                },
            );
            n
        })
    };
    let (mut len, mut start) = (0, 0);
    for (part, size) in kept.into_iter().zip(sizes) {
        let n = levels::or_resume(part);
        out.copy_within(start..start + n, len);
        len += n;
        start += size;
    }
    out.truncate(len);
    // The room the dropped positions left was never written, so never resident; given
    // back all the same (a large block shrinks in place).
    out.shrink_to_fit();
    out
}

/// `parts` consecutive stretches of `0..words` (fewer when there are too few words) with
/// about as many set bits each, and the set bits of each, `count(from, to)` counting those
/// of words `from..to`: each set bit is unranked and tested as the level is drained, and
/// they crowd some stretches far more than others (cut into equal stretches of words, one
/// thread drained while the other waited: the English board's winnable set is built in
/// 0.94 of the time it took).
fn even_ranges(
    words: usize,
    parts: usize,
    count: impl Fn(usize, usize) -> u64,
) -> Vec<(std::ops::Range<usize>, u64)> {
    if parts <= 1 || words == 0 {
        return vec![(0..words, count(0, words))];
    }
    // Counted over 64 stretches a part: a cut falls on one of their ends.
    let coarse = (64 * parts).min(words);
    let width = words.div_ceil(coarse);
    let counts: Vec<u64> = (0..words.div_ceil(width))
        .map(|c| count(c * width, ((c + 1) * width).min(words)))
        .collect();
    let total: u64 = counts.iter().sum();
    let mut ranges = Vec::with_capacity(parts);
    let (mut start, mut seen, mut before) = (0, 0u64, 0u64);
    for (c, n) in counts.iter().enumerate() {
        seen += n;
        let end = ((c + 1) * width).min(words);
        let due = total * (ranges.len() as u64 + 1);
        if ranges.len() + 1 < parts && seen * parts as u64 >= due && end < words {
            ranges.push((start..end, seen - before));
            start = end;
            before = seen;
        }
    }
    ranges.push((start..words, seen - before));
    ranges
}

#[cfg(test)]
mod tests {
    use super::even_ranges;

    /// The stretches cover every word once, in order, and share the set bits evenly: the
    /// bits crowded at the end are not left to one part.
    #[test]
    fn even_ranges_cover_every_word_and_share_the_bits() {
        // Bits only in the last eighth of the words, one a word there.
        let words = 10_000;
        let bits =
            |from: usize, to: usize| (from.max(words * 7 / 8)..to.max(words * 7 / 8)).len() as u64;
        for parts in 1..=4 {
            let counted = even_ranges(words, parts, bits);
            // Each stretch's count is its set bits.
            assert!(counted.iter().all(|(r, n)| bits(r.start, r.end) == *n));
            let ranges: Vec<_> = counted.into_iter().map(|(r, _)| r).collect();
            assert_eq!(ranges.len(), parts);
            assert_eq!(ranges[0].start, 0);
            assert_eq!(ranges[parts - 1].end, words);
            assert!(ranges.windows(2).all(|w| w[0].end == w[1].start));
            let total = bits(0, words);
            for r in &ranges {
                let share = bits(r.start, r.end);
                assert!(
                    share.abs_diff(total / parts as u64) <= total / 32,
                    "{parts}: {ranges:?}"
                );
            }
        }
        // No bits at all, or few words: still every word, in at most `parts` stretches.
        for (words, parts) in [(3, 2), (0, 2), (1, 4), (100, 3)] {
            let ranges: Vec<_> = even_ranges(words, parts, |_, _| 0)
                .into_iter()
                .map(|(r, _)| r)
                .collect();
            assert!(ranges.len() <= parts.max(1), "{ranges:?}");
            assert_eq!((ranges[0].start, ranges[ranges.len() - 1].end), (0, words));
            assert!(ranges.windows(2).all(|w| w[0].end == w[1].start));
        }
    }
}
