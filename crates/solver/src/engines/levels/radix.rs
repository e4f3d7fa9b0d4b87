//! The radix sort of levels: keys of a board's cell count of bits (up to hundreds of
//! millions in a buffer of the whole-board engine), sorted in two buffers.
//!
//! A buffer far larger than the caches is first split by its top digit (one read to count,
//! one to scatter), then each bucket, small enough for the core's own cache, is sorted by
//! its low digits there. Sorting the whole buffer by its low digit first, as a plain LSD
//! sort does, reads and writes all of it from memory once per digit: four or five times
//! for the 45-hole boards' keys, where the split-first sort goes to memory twice.

/// Below this many keys the plain LSD sort is used: the buffer fits the caches anyway.
const SPLIT_FROM: usize = 1 << 20;
/// Bits of the top digit a large buffer is split by (4,096 buckets: at the engine's largest
/// buffers, 2^27 keys, some 32,000 keys a bucket, 256 KiB).
const TOP: u32 = 12;
/// Widest digit of an LSD pass (its counts fit the first-level cache).
const DIGIT: u32 = 11;
/// Below this many keys a bucket is sorted by comparison.
const BY_COMPARISON: usize = 256;

/// Sorts `v` (keys of at most `bits` bits) ascending, with `tmp` as the second buffer (no
/// allocation when it is as long as `v` or has the room; see the module docs). (Twelve-bit LSD
/// digits, and every digit's counts from one read of the keys, were each measured slower.)
pub fn sort_keys(v: &mut Vec<u64>, tmp: &mut Vec<u64>, bits: u32) {
    let bits = bits.clamp(1, 64);
    if v.len() < SPLIT_FROM || bits <= TOP + DIGIT {
        lsd(v, tmp, bits);
        return;
    }
    let shift = bits - TOP;
    fit(tmp, v.len());
    let mut ends = vec![0usize; 1 << TOP];
    if !pass(v, tmp, shift, TOP, &mut ends) {
        // Every key in one bucket (few pegs: the canonical forms' top cells empty).
        sort_low(v, tmp, shift);
        return;
    }
    // Each bucket, sorted by its low `shift` bits, ends in `tmp`; `v` is its scratch.
    let mut start = 0;
    for end in ends {
        sort_low(&mut tmp[start..end], &mut v[start..end], shift);
        start = end;
    }
    std::mem::swap(v, tmp);
}

/// One radix pass: counts the digits of `from` (`width` bits from `shift`) into `counts`
/// (`1 << width` long) and, unless every key shares one digit (a pass that orders nothing),
/// scatters `from` into `to` by digit, leaving in `counts[d]` where digit d's keys end.
/// Whether it scattered.
fn pass(from: &[u64], to: &mut [u64], shift: u32, width: u32, counts: &mut [usize]) -> bool {
    let mask = (1u64 << width) - 1;
    counts.fill(0);
    for &x in from {
        counts[((x >> shift) & mask) as usize] += 1;
    }
    if counts.contains(&from.len()) {
        return false;
    }
    let mut sum = 0;
    for c in counts.iter_mut() {
        let here = *c;
        *c = sum;
        sum += here;
    }
    for &x in from {
        let d = ((x >> shift) & mask) as usize;
        to[counts[d]] = x;
        counts[d] += 1;
    }
    true
}

/// Sorts `keys` by their low `bits` bits (every key alike above them), leaving the result
/// in `keys`; `scratch` is as long.
fn sort_low(keys: &mut [u64], scratch: &mut [u64], bits: u32) {
    if keys.len() < BY_COMPARISON {
        keys.sort_unstable();
        return;
    }
    // Digits as even as the passes allow: 34 bits in four passes of 9, 9, 8 and 8.
    let passes = bits.div_ceil(DIGIT);
    let mut counts = [0usize; 1 << DIGIT];
    let (mut from, mut to) = (keys, scratch);
    let mut in_scratch = false;
    let mut shift = 0;
    for p in 0..passes {
        let width = (bits - shift).div_ceil(passes - p);
        if pass(from, to, shift, width, &mut counts[..1 << width]) {
            std::mem::swap(&mut from, &mut to);
            in_scratch = !in_scratch;
        }
        shift += width;
    }
    if in_scratch {
        // `from` is the scratch now, holding the sorted keys.
        to.copy_from_slice(from);
    }
}

/// The plain LSD sort, 11 bits a pass, for buffers that fit the caches.
fn lsd(v: &mut [u64], tmp: &mut Vec<u64>, bits: u32) {
    if v.len() < 4096 {
        v.sort_unstable();
        return;
    }
    fit(tmp, v.len());
    sort_low(v, tmp, bits);
}

/// Makes `tmp` `len` long, writing only the keys it did not have (what it holds is
/// overwritten by the sort anyway, and a buffer reused flush after flush is not written
/// twice).
fn fit(tmp: &mut Vec<u64>, len: usize) {
    tmp.truncate(len);
    tmp.resize(len, 0);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` keys of `bits` bits from a fixed generator, low and high bits both mixed.
    fn keys(n: usize, bits: u32) -> Vec<u64> {
        let mut x: u64 = 99;
        (0..n)
            .map(|_| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (x ^ x >> 29) & (u64::MAX >> (64 - bits))
            })
            .collect()
    }

    fn check(mut v: Vec<u64>, bits: u32, what: &str) {
        let mut want = v.clone();
        want.sort_unstable();
        let mut tmp = Vec::with_capacity(v.len());
        sort_keys(&mut v, &mut tmp, bits);
        assert_eq!(v, want, "{what}");
    }

    #[test]
    fn the_radix_sort_agrees_with_the_standard_sort() {
        // Every width the boards have, small buffers (the plain sort) and large (split).
        for bits in [15, 33, 37, 41, 45, 49, 64] {
            check(keys(50_000, bits), bits, &format!("{bits} bits, small"));
            check(
                keys(SPLIT_FROM + 12_345, bits),
                bits,
                &format!("{bits} bits"),
            );
        }
        // Keys whose high bits are all zero (every key in one bucket), with repeats.
        let v: Vec<u64> = keys(SPLIT_FROM * 2, 20).iter().map(|&k| k << 3).collect();
        check(v, 45, "high bits all zero");
        // Few distinct keys: buckets small and empty, passes skipped.
        let v: Vec<u64> = keys(SPLIT_FROM, 45)
            .iter()
            .map(|&k| (k % 1000) << 30)
            .collect();
        check(v, 45, "few keys");
    }
}
